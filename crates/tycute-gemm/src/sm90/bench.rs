//! The sm90 GEMM timed beside cuBLAS (`cublasGemmEx`, the same types and layouts): the mean of a
//! burst on one buffer set ([`bench()`]), and the benchmark's method, rotating inputs and a median
//! ([`bench_rotating`], [`bench_rotating_layout`]: what `tycute bench sm90` prints).

use tycute_cuda::cudarc::cublas::{result as cr, sys as cs, CudaBlas};
use tycute_cuda::cudarc::driver::{DevicePtr, DevicePtrMut};
use tycute_cuda::cudarc::driver::CudaSlice;

use crate::bench::{each_ms, mean_ms, median_tflops, rotating_inputs, rotating_inputs_batched, Pool, RandomHalves, Timing, POOL_ELEMENTS};
use crate::cublas;
use crate::device::Stream;
use crate::elem::ElementCode;
use crate::error::{driver, unsupported};
use crate::layout::{Major, Order};
use crate::sm90::{Bias, Sm90Auto, Sm90Choice, Sm90Gemm, Sm90Strides};
use crate::{Error, Result};

/// `D = A * B^T` with `cublasGemmEx` on the kernel's problem and data types: A (m,k), B (n,k)
/// K-major halves, D (m,n) row-major half, fp32 compute. Column-major, that is `D^T = B * A^T`:
/// the call `(n, m, k)` with B first, D with leading dimension n.
fn cublas_gemm_f16(
    blas: &CudaBlas,
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    d: &mut CudaSlice<u16>,
    e: ElementCode,
) -> Result<()> {
    let t = cublas::data_type(e);
    cublas::gemm_ops(blas, stream, (n, m, k), (Major::K, Major::K), b, a, d, t, t, (1.0, 0.0))
}

/// TFLOP/s of [`Sm90Auto::launch`] (the launch API's choice, which it returns; TN, packed, beta
/// 0, no bias) and of cuBLAS (same types, `cublas_gemm_f16`) at `m x n x k`, measured as
/// [`bench_rotating`]: input sets rotated past L2, 3 warm-up launches per set, the median of `runs`.
pub fn bench_auto_rotating(auto: &Sm90Auto, (m, n, k): (usize, usize, usize), runs: usize, timing: Timing) -> Result<(f64, Option<f64>, Sm90Choice)> {
    let s = Sm90Strides::packed((m, n, k), 1);
    let stream = auto.ctx().default_stream();
    let e = auto.element();
    let (bufs, _) = rotating_inputs(&stream, (m, n, k), e)?;
    let sets = bufs.len();
    let c = stream.alloc_zeros::<u16>(m * n).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let mut choice = None;
    for (a, b) in &bufs {
        for _ in 0..3 {
            choice = Some(auto.launch(&stream, (m, n, k), &s, a, b, &c, &mut d, 1.0, 0.0, Bias::None)?);
        }
    }
    let choice = choice.ok_or_else(|| unsupported("no input sets".to_string()))?;
    let ours = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        auto.launch(&stream, (m, n, k), &s, a, b, &c, &mut d, 1.0, 0.0, Bias::None).map(|_| ())
    })?);
    if !cublas::available() {
        return Ok((ours, None, choice));
    }
    let blas = cublas::handle(&stream)?;
    for (a, b) in &bufs {
        for _ in 0..3 {
            cublas_gemm_f16(&blas, &stream, (m, n, k), a, b, &mut d, e)?;
        }
    }
    let theirs = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        cublas_gemm_f16(&blas, &stream, (m, n, k), a, b, &mut d, e)
    })?);
    Ok((ours, Some(theirs), choice))
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, `cublas_gemm_f16`) at `m x n x k`:
/// random multiples of 1/64 in [-1, 1], one buffer set, the mean of `reps` launches between two
/// `CU_EVENT_DEFAULT` events after 3 warm-up launches. cuBLAS is `Err` (with the reason) when it
/// cannot be loaded.
pub fn bench(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), reps: usize) -> Result<(f64, Result<f64>)> {
    Sm90Strides::packed((m, n, k), 1).check((m, n, k))?;
    let stream = g.ctx().default_stream();
    let e = g.config.element()?;
    let mut random = RandomHalves::of(e);
    let da = stream.clone_htod(&random.take(m * k)).map_err(driver("A"))?;
    let db = stream.clone_htod(&random.take(n * k)).map_err(driver("B"))?;
    let dc = stream.alloc_zeros::<u16>(m * n).map_err(driver("C"))?;
    let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let ms = mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    let ours = flops / (ms * 1e-3) / 1e12;
    let theirs = cublas::handle(&stream).and_then(|blas| {
        let ms = mean_ms(&stream, reps, || cublas_gemm_f16(&blas, &stream, (m, n, k), &da, &db, &mut dd, e))?;
        Ok(flops / (ms * 1e-3) / 1e12)
    });
    Ok((ours, theirs))
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, fp32 compute, `cublasGemmEx`) at
/// `m x n x k` with `D = A * B^T + beta * C`, measured as `tycute bench sm90` does: random
/// inputs rotated over enough sets of A and B to exceed L2 (50 MiB), 3 warm-up launches per set,
/// then the median of `runs` launches, each between two `CU_EVENT_DEFAULT` events, queued back to
/// back ([`Timing::Queued`]; [`bench_rotating_layout`] takes either). With `beta`
/// not 0 the kernel reads C through its TMA load and cuBLAS reads D in place. cuBLAS is `None`
/// when its library is absent.
pub fn bench_rotating(g: &Sm90Gemm, shape: (usize, usize, usize), runs: usize, beta: f32) -> Result<(f64, Option<f64>)> {
    bench_rotating_layout(g, shape, runs, beta, "none", (Major::K, Major::K), Timing::Queued, false)
}

/// [`bench_rotating`] with a bias vector in tycute's epilogue (`bias`: `none`, `row`
/// ([`Bias::Row`], m halves) or `col` ([`Bias::Col`], n halves); cuBLAS runs without one) and A
/// and B of the majorness `(a, b)` (packed: lda = k or m, ldb = k or n), cuBLAS on the same layout
/// (an M-/N-major A or B: `op = N` / `T` instead of `T` / `N`). With `staged` the kernel runs
/// through [`Sm90Gemm::launch_staged`] (its copies timed with it: any K and N; rows half a sector
/// off copied), else through `launch_bias` (packed strides the TMA takes as they are).
#[allow(clippy::too_many_arguments)]
pub fn bench_rotating_layout(
    g: &Sm90Gemm,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    beta: f32,
    bias: &str,
    (oa, ob): (Major, Major),
    timing: Timing,
    staged: bool,
) -> Result<(f64, Option<f64>)> {
    let packed = Sm90Strides::packed_ab((m, n, k), 1, oa, ob);
    if staged {
        packed.check_fit((m, n, k))?;
    } else {
        packed.check((m, n, k))?;
    }
    let stream = g.ctx().default_stream();
    let e = g.config.element()?;
    let (bufs, mut random) = rotating_inputs(&stream, (m, n, k), e)?;
    let sets = bufs.len();
    let c = stream.clone_htod(&random.take(m * n)).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let bias_v = stream.clone_htod(&random.take(m.max(n))).map_err(driver("bias"))?;
    let (bias_m, bias_n) = (bias_v.slice(0..m), bias_v.slice(0..n));
    let (bias_m, bias_n) = (stream.clone_dtod(&bias_m).map_err(driver("bias"))?, stream.clone_dtod(&bias_n).map_err(driver("bias"))?);
    let bias = match bias {
        "none" => Bias::None,
        "row" => Bias::Row(&bias_m),
        "col" => Bias::Col(&bias_n),
        other => return Err(Error::UnknownOption(format!("bias `{other}`: none, row or col"))),
    };
    let median_tflops = |ms: Vec<f64>| median_tflops((m, n, k), ms);
    let launch = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| -> Result<()> {
        if staged {
            g.launch_staged(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, beta, bias).map(|_| ())
        } else {
            g.launch_bias(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, beta, bias)
        }
    };
    for (a, b) in &bufs {
        for _ in 0..3 {
            launch(a, b, &mut d)?;
        }
    }
    let ours = median_tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        launch(a, b, &mut d)
    })?);
    if !cublas::available() {
        return Ok((ours, None));
    }
    let blas = cublas::handle(&stream)?;
    // row-major D (m,n) is column-major D^T (n,m) = B * A^T: B first
    let run_blas = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| {
        let t = cublas::data_type(e);
        cublas::gemm_ops(&blas, &stream, (n, m, k), (ob, oa), b, a, d, t, t, (1.0, beta))
    };
    for (a, b) in &bufs {
        for _ in 0..3 {
            run_blas(a, b, &mut d)?;
        }
    }
    let theirs = median_tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run_blas(a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}


/// TFLOP/s of `batch` packed TN problems `D_z = A_z * B_z^T` (A (m,k), B (n,k) K-major, D (m,n)
/// row-major, each operand's matrices one after the other) in one launch of the kernel
/// ([`Sm90Gemm::launch_batched`]) and in one `cublasGemmStridedBatchedEx` with the same types
/// (fp32 compute), measured as [`bench_rotating`] (input sets rotated past L2, 3 warm-up launches
/// per set, the median of `runs` launches between events). The FLOPs count every problem.
/// cuBLAS is `None` when its library is absent.
pub fn bench_rotating_batched(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), batch: usize, runs: usize, timing: Timing) -> Result<(f64, Option<f64>)> {
    let batch = batch.max(1);
    let packed = Sm90Strides::packed((m, n, k), batch);
    packed.check((m, n, k))?;
    let stream = g.ctx().default_stream();
    let e = g.config.element()?;
    let (bufs, _) = rotating_inputs_batched(&stream, (m, n, k), batch, e)?;
    let sets = bufs.len();
    // (C is not read with beta 0, but the launch checks its extent as any other operand's)
    let c = stream.alloc_zeros::<u16>(m * n * batch).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n * batch).map_err(driver("D"))?;
    let tflops = |ms: Vec<f64>| median_tflops((m * batch, n, k), ms);
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch_batched(&stream, (m, n, k), &packed, a, b, &c, &mut d, 1.0, 0.0)?;
        }
    }
    let ours = tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch_batched(&stream, (m, n, k), &packed, a, b, &c, &mut d, 1.0, 0.0)
    })?);
    if !cublas::available() {
        return Ok((ours, None));
    }
    let blas = cublas::handle(&stream)?;
    let t = cublas::data_type(e);
    // row-major D_z (m,n) is column-major D_z^T (n,m) = B_z * A_z^T: B first, op T on B (ld k),
    // op N on A^T (ld k)
    let run_blas = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| -> Result<()> {
        let (one, zero) = (1.0f32, 0.0f32);
        let (pa, _ga) = a.device_ptr(&stream);
        let (pb, _gb) = b.device_ptr(&stream);
        let (pd, _gd) = d.device_ptr_mut(&stream);
        // SAFETY: A holds batch (m,k), B batch (n,k), D batch (m,n) packed matrices (allocated
        // above); the handle is bound to `stream`.
        unsafe {
            cr::gemm_strided_batched_ex(
                *blas.handle(),
                cs::cublasOperation_t::CUBLAS_OP_T,
                cs::cublasOperation_t::CUBLAS_OP_N,
                n as i32,
                m as i32,
                k as i32,
                &one as *const f32 as *const _,
                pb as *const _,
                t,
                k as i32,
                (n * k) as i64,
                pa as *const _,
                t,
                k as i32,
                (m * k) as i64,
                &zero as *const f32 as *const _,
                pd as *mut _,
                t,
                n as i32,
                (m * n) as i64,
                batch as i32,
                cs::cublasComputeType_t::CUBLAS_COMPUTE_32F,
                cs::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
            )
        }
        .map_err(|x| Error::Cublas(format!("cublasGemmStridedBatchedEx: {x:?}")))
    };
    for (a, b) in &bufs {
        for _ in 0..3 {
            run_blas(a, b, &mut d)?;
        }
    }
    let theirs = tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run_blas(a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}

/// TFLOP/s of an fp8 configuration (`sm90_128x256_e4m3` / `_e5m2`, [`Sm90Gemm::launch_fp8`]) and
/// of cuBLASLt fp8 on the same inputs (`matmul_fp8`, per-tensor scales, bf16 D, row-major) with
/// fast accumulation (the kernel's: wgmma's own) and in its default mode (promoted accumulation):
/// `D = scale_a * scale_b * A * B^T`, A (m,k) and B (n,k) K-major codes of random values,
/// measured as [`bench_rotating`]: input sets rotated past L2 (50 MiB; 2 to 8 sets), 3 warm-up
/// launches per set, the median of `runs` launches between events. cuBLASLt's columns are `Err`
/// with the reason when it is absent or refuses the types (e5m2 x e5m2).
#[allow(clippy::type_complexity)]
pub fn bench_fp8_rotating<F: crate::cublaslt::LtFp8>(g: &Sm90Gemm, shape: (usize, usize, usize), runs: usize, timing: Timing) -> Result<(f64, [Result<f64>; 2])> {
    bench_fp8_rotating_scales::<F>(g, shape, runs, timing, false)
}

/// [`bench_fp8_rotating`], the kernel's scales per tensor or, with `rowcol`, per row of A and of
/// B ([`crate::fp8::Scales::RowCol`]: vectors of m and n floats holding the per-tensor scales, so
/// D is the same; the `sm90_gemm_tn_rowcol` entry point). cuBLASLt runs per tensor either way (its
/// wrapper here has no rowwise mode: `scripts/sm90-fp8-harness` compares with `torch._scaled_mm`'s).
#[allow(clippy::type_complexity)]
pub fn bench_fp8_rotating_scales<F: crate::cublaslt::LtFp8>(
    g: &Sm90Gemm,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    timing: Timing,
    rowcol: bool,
) -> Result<(f64, [Result<f64>; 2])> {
    let packed = Sm90Strides::packed((m, n, k), 1);
    let stream = g.ctx().default_stream();
    bench_fp8_with::<F>(&stream, (m, n, k), runs, timing, rowcol, &|a, b, d, scales| g.launch_fp8::<F, _, _, _, _>(&stream, (m, n, k), &packed, a, b, d.0, d.1, scales, 0.0, Bias::None))
}

/// [`bench_fp8_rotating`] of the decode-sized fp8 kernel ([`SkinnyFp8`](crate::skinny::SkinnyFp8):
/// per-tensor scales as alpha, packed operands) beside cuBLASLt on the same inputs.
#[allow(clippy::type_complexity)]
pub fn bench_fp8_skinny_rotating<F: crate::cublaslt::LtFp8>(
    sk: &crate::skinny::SkinnyFp8,
    ctx: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaContext>,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    timing: Timing,
) -> Result<(f64, [Result<f64>; 2])> {
    let packed = crate::skinny::SkinnyStrides::packed((m, n, k));
    let stream = ctx.default_stream();
    bench_fp8_with::<F>(&stream, (m, n, k), runs, timing, false, &|a, b, d, scales| match scales {
        crate::fp8::Scales::Tensor(alpha) => sk.launch::<F, _, _, _, _>(&stream, (m, n, k), &packed, a, b, d.0, d.1, alpha, 0.0),
        crate::fp8::Scales::RowCol { .. } => Err(unsupported("the decode-sized fp8 kernel takes per-tensor scales".to_string())),
    })
}

/// The launch an fp8 bench times: A, B, (C, D), the scales.
type Fp8Launch<'a, F> = dyn Fn(&CudaSlice<F>, &CudaSlice<F>, (&CudaSlice<u16>, &mut CudaSlice<u16>), crate::fp8::Scales<'_>) -> Result<()> + 'a;

/// The body of the fp8 benches: random codes of every binade in sets rotated past L2, `launch`
/// timed as [`bench_rotating`] times, then cuBLASLt (fast accumulation, and its default mode) on
/// the same inputs with the same per-tensor scales.
#[allow(clippy::type_complexity)]
fn bench_fp8_with<F: crate::cublaslt::LtFp8>(
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    timing: Timing,
    rowcol: bool,
    launch: &Fp8Launch<'_, F>,
) -> Result<(f64, [Result<f64>; 2])> {
    let stream = stream.clone();
    let sets = (2 * 50 * 1024 * 1024 / ((m + n) * k) + 1).clamp(2, 8);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut codes = |len: usize| -> Vec<F> {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // values in [-MAX/2, MAX/2): every binade of the format, no NaN
                F::from_f32(((seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * F::MAX)
            })
            .collect()
    };
    let mut pool = Pool::new(&stream, &codes((sets * (m + n) * k).min(POOL_ELEMENTS)))?;
    let mut bufs = Vec::with_capacity(sets);
    for _ in 0..sets {
        let a = pool.take(&stream, m * k)?;
        let b = pool.take(&stream, n * k)?;
        bufs.push((a, b));
    }
    let (scale_a, scale_b) = (1.0f32 / F::MAX, 1.0f32 / F::MAX);
    let c = stream.alloc_zeros::<u16>(m * n).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let (va, vb) = (stream.clone_htod(&vec![scale_a; m]).map_err(driver("scale_a"))?, stream.clone_htod(&vec![scale_b; n]).map_err(driver("scale_b"))?);
    let scales = if rowcol { crate::fp8::Scales::RowCol { a: &va, b: &vb } } else { crate::fp8::Scales::Tensor(scale_a * scale_b) };
    let run = |a: &CudaSlice<F>, b: &CudaSlice<F>, d: &mut CudaSlice<u16>| launch(a, b, (&c, d), scales);
    for (a, b) in &bufs {
        for _ in 0..3 {
            run(a, b, &mut d)?;
        }
    }
    let ours = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run(a, b, &mut d)
    })?);
    let lt = crate::cublaslt::CublasLt::new(&stream);
    let theirs = |fast: bool| -> Result<f64> {
        let lt = lt.as_ref().map_err(|e| unsupported(format!("cuBLASLt: {e}")))?;
        let (sa, sb) = (stream.clone_htod(&[scale_a]).map_err(driver("scale"))?, stream.clone_htod(&[scale_b]).map_err(driver("scale"))?);
        let mut dl = stream.alloc_zeros::<half::bf16>(m * n).map_err(driver("D"))?;
        for (a, b) in &bufs {
            for _ in 0..3 {
                lt.matmul_fp8::<F, F, half::bf16>((m, n, k), a, b, (&sa, &sb), &mut dl, Order::Row, fast)?;
            }
        }
        Ok(median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
            let (a, b) = &bufs[r % sets];
            lt.matmul_fp8::<F, F, half::bf16>((m, n, k), a, b, (&sa, &sb), &mut dl, Order::Row, fast)
        })?))
    };
    let fast = theirs(true);
    let default = theirs(false);
    Ok((ours, [fast, default]))
}

/// TFLOP/s of the tf32 configuration (`sm90_128x256_tf32`, [`Sm90Gemm::launch_tf32`]: f32 A and B
/// K-major, bf16 D) and, on the same f32 inputs, of cuBLAS (`cublasGemmEx`,
/// `CUBLAS_COMPUTE_32F_FAST_TF32`, f32 D) and cuBLASLt (`matmul_tf32`, the same compute type,
/// f32 D), `D = A * B^T`: uniform random f32 in [-1, 1), measured as [`bench_rotating`] (input
/// sets rotated past L2, 3 warm-up launches per set, the median of `runs` launches between
/// events). The library columns are `Err` with the reason when absent or refusing.
#[allow(clippy::type_complexity)]
pub fn bench_tf32_rotating(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), runs: usize, timing: Timing) -> Result<(f64, [Result<f64>; 2])> {
    let packed = Sm90Strides::packed((m, n, k), 1);
    let stream = g.ctx().default_stream();
    let sets = (2 * 50 * 1024 * 1024 / (4 * (m + n) * k) + 1).clamp(2, 8);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut values = |len: usize| -> Vec<f32> {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 40) as f32 / (1u64 << 23) as f32 - 1.0
            })
            .collect()
    };
    let mut pool = Pool::new(&stream, &values((sets * (m + n) * k).min(POOL_ELEMENTS)))?;
    let mut bufs = Vec::with_capacity(sets);
    for _ in 0..sets {
        let a = pool.take(&stream, m * k)?;
        let b = pool.take(&stream, n * k)?;
        bufs.push((a, b));
    }
    let c = stream.alloc_zeros::<u16>(m * n).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let run = |a: &CudaSlice<f32>, b: &CudaSlice<f32>, d: &mut CudaSlice<u16>| g.launch_tf32(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, 0.0, Bias::None);
    for (a, b) in &bufs {
        for _ in 0..3 {
            run(a, b, &mut d)?;
        }
    }
    let ours = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run(a, b, &mut d)
    })?);
    let mut df = stream.alloc_zeros::<f32>(m * n).map_err(driver("D"))?;
    let mut blas = || -> Result<f64> {
        if !cublas::available() {
            return Err(unsupported("cuBLAS: no libcublas".to_string()));
        }
        let blas = cublas::handle(&stream)?;
        // row-major D (m,n) is column-major D^T (n,m) = B * A^T: B first
        let one = |a: &CudaSlice<f32>, b: &CudaSlice<f32>, d: &mut CudaSlice<f32>| cublas::gemm_tf32(&blas, &stream, (m, n, k), a, b, d);
        for (a, b) in &bufs {
            for _ in 0..3 {
                one(a, b, &mut df)?;
            }
        }
        Ok(median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
            let (a, b) = &bufs[r % sets];
            one(a, b, &mut df)
        })?))
    };
    let blas = blas();
    let mut lt = || -> Result<f64> {
        let lt = crate::cublaslt::CublasLt::new(&stream).map_err(|e| unsupported(format!("cuBLASLt: {e}")))?;
        for (a, b) in &bufs {
            for _ in 0..3 {
                lt.matmul_tf32((m, n, k), (Major::K, Major::K), a, b, &mut df, Order::Row)?;
            }
        }
        Ok(median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
            let (a, b) = &bufs[r % sets];
            lt.matmul_tf32((m, n, k), (Major::K, Major::K), a, b, &mut df, Order::Row)
        })?))
    };
    let lt = lt();
    Ok((ours, [blas, lt]))
}

/// An fp32-output configuration (`sm90_128x256_bf16_f32cd`, `_f32cd`, `_e4m3_f32cd`,
/// `_tf32_f32cd`: fp32 C and D) timed beside cuBLAS / cuBLASLt with fp32 D on the same inputs, the
/// bench's method (input sets rotated past L2, median of `runs`), beta 0: bf16 or fp16 A and B
/// through `cublasGemmEx` (CUDA_R_16BF / CUDA_R_16F, fp32 compute and D), tf32 through
/// `cublasGemmEx` with `CUBLAS_COMPUTE_32F_FAST_TF32`, e4m3 through cuBLASLt's `matmul_fp8`
/// (unit scales, fast accumulation). Returns tycute's TFLOP/s and the library's (or why not).
pub fn bench_f32cd_rotating(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), runs: usize, timing: Timing) -> Result<(f64, Result<f64>)> {
    use crate::fp8::{E4m3, Fp8};
    let packed = Sm90Strides::packed((m, n, k), 1);
    let stream = g.ctx().default_stream();
    let (fp8, tf32) = (g.config.fp8()?, g.config.tf32()?);
    let ab_bytes = if fp8.is_some() { 1 } else if tf32 { 4 } else { 2 };
    let sets = (2 * 50 * 1024 * 1024 / (ab_bytes * (m + n) * k) + 1).clamp(2, 8);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut values = move |len: usize| -> Vec<f32> {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 40) as f32 / (1u64 << 23) as f32 - 1.0
            })
            .collect()
    };
    let c = stream.alloc_zeros::<f32>(m * n).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<f32>(m * n).map_err(driver("D"))?;
    let mut d_lib = stream.alloc_zeros::<f32>(m * n).map_err(driver("D"))?;
    // tycute and the library on the same sets: `ours(a, b, d)`, `lib(a, b, d)`
    fn timed<T: Copy>(
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        runs: usize,
        timing: Timing,
        bufs: &[(CudaSlice<T>, CudaSlice<T>)],
        d: &mut CudaSlice<f32>,
        mut f: impl FnMut(&CudaSlice<T>, &CudaSlice<T>, &mut CudaSlice<f32>) -> Result<()>,
    ) -> Result<f64> {
        for (a, b) in bufs {
            for _ in 0..3 {
                f(a, b, d)?;
            }
        }
        Ok(median_tflops((m, n, k), each_ms(stream, runs, timing, |r| {
            let (a, b) = &bufs[r % bufs.len()];
            f(a, b, d)
        })?))
    }
    if fp8.is_some() {
        let mut bufs = Vec::with_capacity(sets);
        for _ in 0..sets {
            let q = |v: Vec<f32>| v.into_iter().map(|x| E4m3::from_f32(2.0 * x)).collect::<Vec<_>>();
            bufs.push((stream.clone_htod(&q(values(m * k))).map_err(driver("A"))?, stream.clone_htod(&q(values(n * k))).map_err(driver("B"))?));
        }
        let ours = timed(&stream, (m, n, k), runs, timing, &bufs, &mut d, |a, b, d| g.launch_f32cd::<E4m3, _, _, _, _>(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, 0.0, Bias::None))?;
        let lib = (|| -> Result<f64> {
            let lt = crate::cublaslt::CublasLt::new(&stream).map_err(|e| unsupported(format!("cuBLASLt: {e}")))?;
            let one = stream.clone_htod(&[1.0f32]).map_err(driver("scale"))?;
            timed(&stream, (m, n, k), runs, timing, &bufs, &mut d_lib, |a, b, d| lt.matmul_fp8((m, n, k), a, b, (&one, &one), d, Order::Row, true))
        })();
        return Ok((ours, lib));
    }
    if tf32 {
        let mut bufs = Vec::with_capacity(sets);
        for _ in 0..sets {
            bufs.push((stream.clone_htod(&values(m * k)).map_err(driver("A"))?, stream.clone_htod(&values(n * k)).map_err(driver("B"))?));
        }
        let ours = timed(&stream, (m, n, k), runs, timing, &bufs, &mut d, |a, b, d| g.launch_f32cd::<f32, _, _, _, _>(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, 0.0, Bias::None))?;
        let lib = (|| -> Result<f64> {
            if !cublas::available() {
                return Err(unsupported("cuBLAS: no libcublas".to_string()));
            }
            let blas = cublas::handle(&stream)?;
            timed(&stream, (m, n, k), runs, timing, &bufs, &mut d_lib, |a, b, d| cublas::gemm_tf32(&blas, &stream, (m, n, k), a, b, d))
        })();
        return Ok((ours, lib));
    }
    // 16-bit A and B: the bits of the configuration's element
    let e = match ElementCode::from_code(g.config.int("kElementAB")?) {
        Some(e @ (ElementCode::F16 | ElementCode::Bf16)) => e,
        _ => return Err(unsupported(format!("{}: not an fp32-output configuration of 16-bit, e4m3 or tf32 inputs", g.config.name))),
    };
    let mut bufs = Vec::with_capacity(sets);
    for _ in 0..sets {
        let bits = |v: Vec<f32>| v.into_iter().map(|x| e.bits16(x)).collect::<Vec<u16>>();
        bufs.push((stream.clone_htod(&bits(values(m * k))).map_err(driver("A"))?, stream.clone_htod(&bits(values(n * k))).map_err(driver("B"))?));
    }
    let ours = timed(&stream, (m, n, k), runs, timing, &bufs, &mut d, |a, b, d| g.launch_f32cd::<u16, _, _, _, _>(&stream, (m, n, k), &packed, a, b, &c, d, 1.0, 0.0, Bias::None))?;
    let lib = (|| -> Result<f64> {
        if !cublas::available() {
            return Err(unsupported("cuBLAS: no libcublas".to_string()));
        }
        let blas = cublas::handle(&stream)?;
        // row-major D (m,n) is column-major D^T (n,m) = B * A^T: B first
        timed(&stream, (m, n, k), runs, timing, &bufs, &mut d_lib, |a, b, d| {
            cublas::gemm_compute(&blas, &stream, (n, m, k), (Major::K, Major::K), b, a, d, cublas::data_type(e), cublas::F32, (1.0, 0.0), false)
        })
    })();
    Ok((ours, lib))
}
