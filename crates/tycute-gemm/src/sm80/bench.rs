//! The sm80 GEMM timed, beside cuBLAS with the configuration's element types: the mean of a
//! burst on one buffer set ([`bench()`], [`cublas_bench`]), and the benchmark's method, rotating
//! inputs and a median ([`bench_rotating`], what `tycute bench sm80` prints).

use std::sync::Arc;

use tycute_cuda::cudarc::driver::{CudaContext, DeviceRepr, ValidAsZeroBits};

use crate::bench::{each_ms, mean_ms, median_tflops, rotating_inputs, Timing};
use crate::cublas;
use crate::elem::{ElementCode, GemmElem};
use crate::error::{driver, unsupported};
use crate::device::Slice;
use crate::sm80::{InputElem, Sm80Header, Sm80Launcher, Sm80Strides};
use crate::Result;

/// Times `sm80_gemm_tn` at `m x n x k`: `reps` launches between two events (created with
/// `CU_EVENT_DEFAULT`) after 3 warm-up launches; returns TFLOP/s of the mean.
pub fn bench(g: &Sm80Launcher, m: usize, n: usize, k: usize, reps: usize) -> Result<f64> {
    match (g.cfg.tf32(), g.cfg.element_cd) {
        (true, ElementCode::F32) => bench_typed::<f32, f32>(g, (m, n, k), reps),
        (true, cd) => Err(unsupported(format!("{}: tf32 A and B with {} C/D", g.cfg.name, cd.name()))),
        (false, ElementCode::F16) => bench_typed::<u16, half::f16>(g, (m, n, k), reps),
        (false, ElementCode::Bf16) => bench_typed::<u16, half::bf16>(g, (m, n, k), reps),
        (false, ElementCode::F32) => bench_typed::<u16, f32>(g, (m, n, k), reps),
    }
}

fn bench_typed<I: InputElem + ValidAsZeroBits, T: GemmElem>(g: &Sm80Launcher, (m, n, k): (usize, usize, usize), reps: usize) -> Result<f64> {
    let stream = g.ctx().default_stream();
    let l = g.cfg.layouts();
    let [la, lb, lc, ld] = Sm80Strides::packed_for((m, n, k), 1, &l).lens(&l, (m, n, k));
    let da = stream.alloc_zeros::<I>(la).map_err(driver("A"))?;
    let db = stream.alloc_zeros::<I>(lb).map_err(driver("B"))?;
    let dc = stream.alloc_zeros::<T>(lc).map_err(driver("C"))?;
    let mut dd = stream.alloc_zeros::<T>(ld).map_err(driver("D"))?;
    let ms = mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// cuBLAS's `cublasGemmEx` on the same problem as [`bench()`] with the element types of
/// configuration `cfg` ([`cublas::types`]; the A, B half K-major TN call with fp32 compute and D
/// for [`DEFAULT_SM80`](crate::sm80::DEFAULT_SM80)), timed the same way; TFLOP/s. `Err` names what
/// is missing when cuBLAS cannot be loaded.
pub fn cublas_bench(ctx: &Arc<CudaContext>, cfg: &Sm80Header, shape: (usize, usize, usize), reps: usize) -> Result<f64> {
    if cfg.tf32() {
        cublas_bench_typed::<f32>(ctx, cfg, shape, reps)
    } else {
        cublas_bench_typed::<u16>(ctx, cfg, shape, reps)
    }
}

/// [`cublas_bench`] with A and B of `I` (`u16`: the bits of a 16-bit type; `f32`: tf32).
fn cublas_bench_typed<I: DeviceRepr + ValidAsZeroBits>(ctx: &Arc<CudaContext>, cfg: &Sm80Header, (m, n, k): (usize, usize, usize), reps: usize) -> Result<f64> {
    let stream = ctx.default_stream();
    let blas = cublas::handle(&stream)?;
    let da = stream.alloc_zeros::<I>(m * k).map_err(driver("A"))?;
    let db = stream.alloc_zeros::<I>(n * k).map_err(driver("B"))?;
    let ms = if cublas::d16(cfg) {
        let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
        mean_ms(&stream, reps, || cublas::gemm_as(&blas, &stream, cfg, (m, n, k), &da, &db, &mut dd))?
    } else {
        let mut dd = stream.alloc_zeros::<f32>(m * n).map_err(driver("D"))?;
        mean_ms(&stream, reps, || cublas::gemm_as(&blas, &stream, cfg, (m, n, k), &da, &db, &mut dd))?
    };
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// Benchmark of `sm80_gemm_tn` and cuBLAS (`cublasGemmEx` with the configuration's types,
/// [`cublas::types`]) on the
/// same inputs: random multiples of 1/64 in [-1, 1], rotated over enough buffer sets that each
/// run reads A and B from outside L2 (at least twice L2's 50 MB in all); per run a pair of
/// `CU_EVENT_DEFAULT` events, the runs queued or each alone ([`Timing`]); three warm-up runs per
/// set; the median of `runs`. Returns
/// (tycute TFLOP/s, cuBLAS TFLOP/s or `None` without cuBLAS).
pub fn bench_rotating(
    g: &Sm80Launcher,
    ctx: &Arc<CudaContext>,
    shape: (usize, usize, usize),
    runs: usize,
    timing: Timing,
) -> Result<(f64, Option<f64>)> {
    let (m, n, k) = shape;
    g.cfg.shape_ok(m, n, k)?;
    let l = g.cfg.layouts();
    if Sm80Strides::packed_for((m, n, k), 1, &l).lens(&l, (m, n, k))[..2] != [m * k, n * k] {
        return Err(unsupported(format!("the {} benchmark takes packed operands: M and N multiples of 8, not {m}x{n}x{k}", l.ab())));
    }
    let stream = ctx.default_stream();
    if g.cfg.tf32() {
        // fp32 A and B (the same values as the 16-bit benchmarks'), f32 C/D, cuBLAS's TF32 GEMM
        if g.cfg.element_cd != ElementCode::F32 {
            return Err(unsupported(format!("{}: tf32 A and B with {} C/D", g.cfg.name, g.cfg.element_cd.name())));
        }
        let bufs = rotating_inputs_f32(&stream, shape)?;
        return bench_rotating_typed::<f32, f32, f32>(g, ctx, shape, runs, timing, bufs);
    }
    let (bufs, _) = rotating_inputs(&stream, (m, n, k), g.cfg.element_ab)?;
    // C/D of the configuration's type; cuBLAS's D 16-bit (fp16 or bf16, the bits) or f32
    match (g.cfg.element_cd, cublas::d16(&g.cfg)) {
        (ElementCode::F16, _) => bench_rotating_typed::<u16, half::f16, u16>(g, ctx, shape, runs, timing, bufs),
        (ElementCode::Bf16, _) => bench_rotating_typed::<u16, half::bf16, u16>(g, ctx, shape, runs, timing, bufs),
        (ElementCode::F32, true) => bench_rotating_typed::<u16, f32, u16>(g, ctx, shape, runs, timing, bufs),
        (ElementCode::F32, false) => bench_rotating_typed::<u16, f32, f32>(g, ctx, shape, runs, timing, bufs),
    }
}

/// The benchmarks' input sets for tf32 (the 16-bit ones' [`rotating_inputs`] as `f32`): random
/// multiples of 1/64 in [-1, 1], enough pairs of A (m,k) and B (n,k) to exceed L2 twice (2 to 8).
#[allow(clippy::type_complexity)]
fn rotating_inputs_f32(stream: &crate::device::Stream, (m, n, k): (usize, usize, usize)) -> Result<Vec<(Slice<f32>, Slice<f32>)>> {
    let sets = (2 * 50 * 1024 * 1024 / (4 * (m + n) * k) + 1).clamp(2, 8);
    let mut x = 0x2545F4914F6CDD1Du64;
    let mut take = |len: usize| -> Vec<f32> {
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                ((x >> 40) % 129) as f32 / 64.0 - 1.0
            })
            .collect()
    };
    let mut bufs = Vec::new();
    for _ in 0..sets {
        let a = stream.clone_htod(&take(m * k)).map_err(driver("A"))?;
        let b = stream.clone_htod(&take(n * k)).map_err(driver("B"))?;
        bufs.push((a, b));
    }
    Ok(bufs)
}

/// [`bench_rotating`] with A and B of `I` (`u16` bits, or `f32` for tf32), C/D of type `T` and
/// cuBLAS's D of type `U`.
fn bench_rotating_typed<I: InputElem, T: GemmElem, U: DeviceRepr + ValidAsZeroBits>(
    g: &Sm80Launcher,
    ctx: &Arc<CudaContext>,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    timing: Timing,
    bufs: Vec<(Slice<I>, Slice<I>)>,
) -> Result<(f64, Option<f64>)> {
    let stream = ctx.default_stream();
    let sets = bufs.len();
    let c = stream.alloc_zeros::<T>(m * n).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<T>(m * n).map_err(driver("D"))?;
    let median_tflops = |ms: Vec<f64>| median_tflops((m, n, k), ms);

    // tycute: 3 warm-up runs per set, then the timed runs cycling through the sets
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, 0.0)?;
        }
    }
    let ours = median_tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, 0.0)
    })?);

    // cuBLAS, the same way
    if !cublas::available() {
        return Ok((ours, None));
    }
    let blas = cublas::handle(&stream)?;
    let mut dc = stream.alloc_zeros::<U>(m * n).map_err(driver("D"))?;
    for (a, b) in &bufs {
        for _ in 0..3 {
            cublas::gemm_as(&blas, &stream, &g.cfg, (m, n, k), a, b, &mut dc)?;
        }
    }
    let theirs = median_tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        cublas::gemm_as(&blas, &stream, &g.cfg, (m, n, k), a, b, &mut dc)
    })?);
    Ok((ours, Some(theirs)))
}
