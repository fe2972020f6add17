//! The sm90 GEMM (`kernels/sm90_gemm.cu`, every index from `sm90.h`) on the GPU: its launch (TMA
//! descriptors from the header's boxes and swizzles), a check against an f64 CPU reference, and a
//! timing beside cuBLAS. Used by `tests/gpu_sm90.rs`.

use std::sync::Arc;

use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::tma::TensorMap;

/// `kernels/sm90_gemm.cu`.
pub const KERNEL: &str = include_str!("../kernels/sm90_gemm.cu");

/// Threads of the producer warpgroup (the kernel's `kProducerThreads`); each consumer warpgroup
/// is the header's `kThreads`.
const PRODUCER_THREADS: u32 = 128;
/// Consumer warpgroups (the kernel's `kConsumers`, in ping-pong).
const CONSUMERS: i64 = 2;

/// `constexpr int NAME = v;` of `sm90.h`.
fn int(name: &str) -> Result<i64, String> {
    let pre = format!("constexpr int {name} = ");
    crate::headers::SM90
        .lines()
        .find_map(|l| l.strip_prefix(&pre).and_then(|r| r.split(';').next()).and_then(|v| v.trim().parse().ok()))
        .ok_or_else(|| format!("sm90.h has no `constexpr int {name}`"))
}

/// Row 0 of `constexpr int NAME[1][n] = {\n  {a,b},\n};` of `sm90.h`.
fn row(name: &str) -> Result<Vec<i64>, String> {
    let pre = format!("constexpr int {name}[");
    let mut lines = crate::headers::SM90.lines().skip_while(|l| !l.starts_with(&pre));
    lines.next().ok_or_else(|| format!("sm90.h has no `{name}`"))?;
    let r = lines.next().ok_or_else(|| format!("`{name}` has no row"))?;
    r.trim().trim_start_matches('{').trim_end_matches(',').trim_end_matches('}').split(',').map(|x| x.trim().parse().map_err(|_| format!("`{name}`: {r}"))).collect()
}

/// Dynamic shared memory of `sm90_gemm_tn`: the A and B stages, each consumer's D and C stages,
/// the 2 x kStages + consumers x (kEpiStages + 1) mbarriers, and 1024 bytes to align the start (the
/// swizzles act on address bits).
pub fn smem_bytes() -> Result<u32, String> {
    let epi = 2 * int("kEpiStages")? * int("kEpiStageElems")? * 2;
    let b = 2 * int("kStages")? * int("kStageBytes")? + CONSUMERS * epi + (2 * int("kStages")? + CONSUMERS * (int("kEpiStages")? + 1)) * 8 + 1024;
    Ok(b as u32)
}

/// The shapes `sm90_gemm_tn` takes: M and N multiples of the tile (128), K of 64.
pub fn shape_ok(m: usize, n: usize, k: usize) -> Result<(), String> {
    let (tm, tn, tk) = (int("kTileM")? as usize, int("kTileN")? as usize, int("kTileK")? as usize);
    if m == 0 || n == 0 || k == 0 || m % tm != 0 || n % tn != 0 || k % tk != 0 {
        return Err(format!("sm90_gemm_tn takes M and N multiples of {tm} and {tn} and K a multiple of {tk}, not {m}x{n}x{k}"));
    }
    Ok(())
}

/// A loaded `sm90_gemm_tn`.
pub struct Sm90Gemm {
    ctx: Arc<CudaContext>,
    _module: Arc<CudaModule>,
    f: CudaFunction,
    smem: u32,
    /// The GPU's SMs: the persistent kernel runs at most one CTA on each.
    sms: usize,
}

type Stream = Arc<CudaStream>;

impl Sm90Gemm {
    /// Loads the kernel from an sm_90a CUBIN and allows it its dynamic shared memory.
    pub fn load(ctx: &Arc<CudaContext>, image: Vec<u8>) -> Result<Sm90Gemm, String> {
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(|e| format!("load the CUBIN: {e}"))?;
        let f = module.load_function("sm90_gemm_tn").map_err(|e| format!("kernel: {e}"))?;
        let smem = smem_bytes()?;
        f.set_attribute(tycute_cuda::cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem as i32)
            .map_err(|e| format!("shared memory attribute: {e}"))?;
        let sms = ctx
            .attribute(tycute_cuda::cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| format!("SM count: {e}"))? as usize;
        // TYCUTE_SM90_MAX_CTAS=N launches at most N CTAs (so that a small problem still gives each
        // CTA several tiles, both consumers and the stage parities wrapping: for compute-sanitizer)
        let cap = std::env::var("TYCUTE_SM90_MAX_CTAS").ok().and_then(|v| v.parse::<usize>().ok()).unwrap_or(usize::MAX);
        Ok(Sm90Gemm { ctx: ctx.clone(), _module: module, f, smem, sms: sms.min(cap).max(1) })
    }

    /// `D = alpha * A * B^T + beta * C`: A (m,k), B (n,k) K-major halves; C, D (m,n) N-major
    /// (row-major) halves. C is not read when beta is 0.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &CudaSlice<u16>,
        d: &mut CudaSlice<u16>,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String> {
        shape_ok(m, n, k)?;
        if a.len() < m * k || b.len() < n * k || c.len() < m * n || d.len() < m * n {
            return Err("a buffer is smaller than the shape".into());
        }
        let (box_a, box_b, box_c, box_d) = (row("kTmaBoxA")?, row("kTmaBoxB")?, row("kTmaBoxC")?, row("kTmaBoxD")?);
        let (m64, n64, k64) = (m as u64, n as u64, k as u64);
        let (ta, tb, tc, td) = {
            let (pa, _ga) = a.device_ptr(stream);
            let (pb, _gb) = b.device_ptr(stream);
            let (pc, _gc) = c.device_ptr(stream);
            let (pd, _gd) = d.device_ptr_mut(stream);
            // SAFETY: the allocations hold m*k, n*k and m*n halves (checked above) and outlive the
            // launch (the caller's borrows).
            unsafe {
                (
                    TensorMap::f16_2d(pa, m64, k64, k64, box_a[1] as u32, box_a[0] as u32, int("kTmaSwizzleA")?)?,
                    TensorMap::f16_2d(pb, n64, k64, k64, box_b[1] as u32, box_b[0] as u32, int("kTmaSwizzleB")?)?,
                    TensorMap::f16_2d(pc, m64, n64, n64, box_c[1] as u32, box_c[0] as u32, int("kTmaSwizzleC")?)?,
                    TensorMap::f16_2d(pd, m64, n64, n64, box_d[1] as u32, box_d[0] as u32, int("kTmaSwizzleD")?)?,
                )
            }
        };
        let (mi, ni, ki) = (m as i32, n as i32, k as i32);
        let mut l = stream.launch_builder(&self.f);
        l.arg(&ta).arg(&tb).arg(&tc).arg(&td).arg(&mi).arg(&ni).arg(&ki).arg(&alpha).arg(&beta);
        let (tm, tn) = (int("kTileM")? as usize, int("kTileN")? as usize);
        let cfg = LaunchConfig {
            // persistent: each CTA walks tiles blockIdx.x + i * gridDim.x
            grid_dim: ((m / tm * (n / tn)).min(self.sms) as u32, 1, 1),
            block_dim: (PRODUCER_THREADS + CONSUMERS as u32 * int("kThreads")? as u32, 1, 1),
            shared_mem_bytes: self.smem,
        };
        // SAFETY: the argument list matches the kernel's signature (four CUtensorMaps by value: A,
        // B, C, D; then int M, N, K, float alpha, beta); the maps describe the
        // buffers, which hold the shape; the shape is one the kernel takes (both checked above).
        unsafe { l.launch(cfg) }.map_err(|e| format!("launch: {e}"))?;
        Ok(())
    }
}

/// The value of half-precision bits (NaN for NaN).
pub fn f16_value(h: u16) -> f64 {
    half::f16::from_bits(h).to_f64()
}

/// Runs `sm90_gemm_tn` at `m x n x k` on random multiples of 1/64 in [-1, 1] (exact in half;
/// every product and partial sum exact in f32 for K <= 1024), with `alpha`, `beta`, D poisoned
/// with NaN first, and compares with an f64 reference rounded once to half: an element is wrong
/// when it differs from the exact value by more than half a unit in the last place of half (or
/// is NaN). Returns the number of wrong elements and the first few.
pub fn check(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), alpha: f32, beta: f32) -> Result<(usize, Vec<String>), String> {
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % 129) as f32 / 64.0 - 1.0
    };
    let a: Vec<f32> = (0..m * k).map(|_| next()).collect();
    let b: Vec<f32> = (0..n * k).map(|_| next()).collect();
    let c: Vec<f32> = (0..m * n).map(|_| next()).collect();
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let bits = |v: &[f32]| v.iter().map(|&x| crate::gpu_check::f16_bits(x)).collect::<Vec<u16>>();
    let da = stream.clone_htod(&bits(&a)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&bits(&b)).map_err(|x| e("B", x))?;
    let dc = stream.clone_htod(&bits(&c)).map_err(|x| e("C", x))?;
    let mut dd = stream.clone_htod(&vec![0x7e00u16; m * n]).map_err(|x| e("D", x))?; // NaN
    g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, alpha, beta)?;
    let d = stream.clone_dtoh(&dd).map_err(|x| e("D back", x))?;
    let (mut wrong, mut first) = (0, Vec::new());
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k).map(|p| a[i * k + p] as f64 * b[j * k + p] as f64).sum();
            let want = alpha as f64 * dot + beta as f64 * c[i * n + j] as f64;
            let got = f16_value(d[i * n + j]);
            let tol = want.abs() * (2f64.powi(-11) + 2f64.powi(-20)) + 2f64.powi(-24);
            if !(got - want).abs().le(&tol) {
                wrong += 1;
                if first.len() < 5 {
                    first.push(format!("D({i},{j}) = {got}, want {want}"));
                }
            }
        }
    }
    Ok((wrong, first))
}

/// `D = A * B^T` with `cublasGemmEx` on the kernel's problem and data types: A (m,k), B (n,k)
/// K-major halves, D (m,n) row-major half, fp32 compute. Column-major, that is `D^T = B * A^T`:
/// the call `(n, m, k)` with B first, D with leading dimension n.
fn cublas_gemm_f16(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    d: &mut CudaSlice<u16>,
) -> Result<(), String> {
    crate::gpu_check::cublas_gemm_tn(blas, stream, (n, m, k), b, a, d, tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_16F)
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, [`cublas_gemm_f16`]) at `m x n x k`:
/// random multiples of 1/64 in [-1, 1], one buffer set, the mean of `reps` launches between two
/// `CU_EVENT_DEFAULT` events after 3 warm-up launches. cuBLAS is `Err` (with the reason) when it
/// cannot be loaded.
pub fn bench(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), reps: usize) -> Result<(f64, Result<f64, String>), String> {
    shape_ok(m, n, k)?;
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let mut random = crate::gpu_check::RandomHalves::default();
    let da = stream.clone_htod(&random.take(m * k)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&random.take(n * k)).map_err(|x| e("B", x))?;
    let dc = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("C", x))?;
    let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let ms = crate::gpu_check::mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    let ours = flops / (ms * 1e-3) / 1e12;
    let theirs = crate::gpu_check::cublas(&stream).and_then(|blas| {
        let ms = crate::gpu_check::mean_ms(&stream, reps, || cublas_gemm_f16(&blas, &stream, (m, n, k), &da, &db, &mut dd))?;
        Ok(flops / (ms * 1e-3) / 1e12)
    });
    Ok((ours, theirs))
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, fp32 compute, `cublasGemmEx`) at
/// `m x n x k` with `D = A * B^T + beta * C`, measured as `tycute bench sm90` does: random
/// inputs rotated over enough sets of A and B to exceed L2 (50 MiB), 3 warm-up launches per set,
/// then the median of `runs` launches, each between two `CU_EVENT_DEFAULT` events. With `beta`
/// not 0 the kernel reads C through its TMA load and cuBLAS reads D in place. cuBLAS is `None`
/// when its library is absent.
pub fn bench_rotating(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), runs: usize, beta: f32) -> Result<(f64, Option<f64>), String> {
    shape_ok(m, n, k)?;
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let (bufs, mut random) = crate::gpu_check::rotating_inputs(&stream, (m, n, k))?;
    let sets = bufs.len();
    let c = stream.clone_htod(&random.take(m * n)).map_err(|x| e("C", x))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
    let median_tflops = |ms: Vec<f64>| crate::gpu_check::median_tflops((m, n, k), ms);
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, beta)?;
        }
    }
    let ours = median_tflops(crate::gpu_check::each_ms(&stream, runs, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, beta)
    })?);
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Ok((ours, None));
    }
    let blas = crate::gpu_check::cublas(&stream)?;
    let f16 = tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_16F;
    // row-major D (m,n) is column-major D^T (n,m) = B * A^T: B first
    let run_blas = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| {
        crate::gpu_check::cublas_gemm_tn_scaled(&blas, &stream, (n, m, k), b, a, d, f16, (1.0, beta))
    };
    for (a, b) in &bufs {
        for _ in 0..3 {
            run_blas(a, b, &mut d)?;
        }
    }
    let theirs = median_tflops(crate::gpu_check::each_ms(&stream, runs, |r| {
        let (a, b) = &bufs[r % sets];
        run_blas(a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_values_and_halves() {
        assert_eq!(row("kTmaBoxA").unwrap(), [64, 128]);
        assert_eq!(row("kTmaBoxD").unwrap(), [32, 64]);
        assert_eq!(int("kTmaSwizzleA").unwrap(), 3);
        assert!(smem_bytes().unwrap() > 4 * 32768);
        for x in [0.0f32, 1.0, -1.0, 0.015625, -0.984375, 0.5] {
            assert_eq!(f16_value(crate::gpu_check::f16_bits(x)), x as f64);
        }
        assert!(f16_value(0x7e00).is_nan());
        assert!(shape_ok(256, 128, 64).is_ok() && shape_ok(256, 100, 64).is_err());
    }
}
