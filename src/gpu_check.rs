//! GPU checks of the generated tables, shared by `tests/gpu_tables.rs` and the default run.

use tycute_cuda::cudarc::driver::{CudaContext, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;

use crate::configs::sgemm_sm80::{CoordMK, S2RCopyA, NUM_THREADS};
use crate::table;
use crate::tiled::copy::TidfrgD;

/// `kernels/sgemm_sm80_tile.cu`, which takes every index from `sgemm_sm80.h`.
pub const TILE_KERNEL: &str = include_str!("../kernels/sgemm_sm80_tile.cu");

/// Runs `sgemm_sm80_tile_roundtrip` (from the CUBIN `image`) on a random A tile (128 x 64 halves,
/// leading dimension 72) and compares every ldmatrix register of every thread with the two halves
/// the type-level S2R copy says it receives (`tidfrg_D(s2r_copy_a, make_layout((bM,bK)))`).
/// Returns `(registers checked, descriptions of the wrong ones)`.
pub fn tile_roundtrip(ctx: &std::sync::Arc<CudaContext>, image: Vec<u8>) -> Result<(usize, Vec<String>), String> {
    let module = ctx.load_module(Ptx::from_binary(image)).map_err(|e| format!("load the CUBIN: {e}"))?;
    let f = module.load_function("sgemm_sm80_tile_roundtrip").map_err(|e| format!("kernel: {e}"))?;
    let (bm, lda) = (128usize, 72usize);
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) | 1;
    let a_host: Vec<u16> = (0..bm * lda)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 48) as u16
        })
        .collect();
    let stream = ctx.default_stream();
    let err = |what: &str, e: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {e}");
    let a = stream.clone_htod(&a_host).map_err(|e| err("copy A", e))?;
    let copies = 16usize; // kS2RCopiesA
    let mut out = stream.alloc_zeros::<u32>(NUM_THREADS * copies * 4).map_err(|e| err("alloc", e))?;
    let lda_arg = lda as i32;
    let mut launch = stream.launch_builder(&f);
    launch.arg(&a).arg(&lda_arg).arg(&mut out);
    let cfg = LaunchConfig { grid_dim: (1, 1, 1), block_dim: (NUM_THREADS as u32, 1, 1), shared_mem_bytes: 0 };
    // SAFETY: the kernel's signature is (const u16*, int, u32*); A holds 128 x lda halves and
    // out 128 x 16 x 4 words.
    unsafe { launch.launch(cfg) }.map_err(|e| err("launch", e))?;
    let got = stream.clone_dtoh(&out).map_err(|e| err("copy back", e))?;

    let crd = table::<TidfrgD<S2RCopyA, CoordMK>>();
    if crd.len() != NUM_THREADS * copies * 8 {
        return Err(format!("the S2R copy moves {} values, the kernel {}", crd.len(), NUM_THREADS * copies * 8));
    }
    let elem = |c: i64| a_host[(c as usize % bm) * lda + c as usize / bm] as u32;
    let mut bad = Vec::new();
    for t in 0..NUM_THREADS {
        for i in 0..copies {
            for r in 0..4 {
                let j = 8 * i + 2 * r;
                let want = elem(crd[t + NUM_THREADS * j]) | (elem(crd[t + NUM_THREADS * (j + 1)]) << 16);
                let g = got[(t * copies + i) * 4 + r];
                if g != want {
                    bad.push(format!("thread {t} ldmatrix {i} register {r}: got {g:#010x}, want {want:#010x}"));
                }
            }
        }
    }
    Ok((NUM_THREADS * copies * 4, bad))
}

/// The CUBIN of kernel source `src` (file name `name`) for `arch`: the file named by the
/// environment variable `env` if set (a CUBIN built on another machine, for a GPU machine without
/// NVRTC), else NVRTC with the generated headers. `Ok(None)`: neither is available (a reason to
/// skip, not a failure).
pub fn cubin(env: &str, name: &str, src: &str, arch: tycute_cuda::nvrtc::Arch) -> Result<Option<Vec<u8>>, String> {
    use tycute_cuda::nvrtc;
    if let Some(path) = std::env::var_os(env) {
        return std::fs::read(&path).map(Some).map_err(|e| format!("{}: {e}", path.to_string_lossy()));
    }
    if !nvrtc::available() {
        return Ok(None);
    }
    nvrtc::compile(name, src, crate::headers::HEADERS, arch, &Default::default()).map(|c| Some(c.image)).map_err(|e| e.to_string())
}

type Stream = std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>;
type Slice<T> = tycute_cuda::cudarc::driver::CudaSlice<T>;

/// One column-major `cublasGemmEx` with `op(X) = T`, `op(Y) = N`: `D (rows, cols) = X^T * Y`
/// for X `(k, rows)` and Y `(k, cols)` halves with leading dimension k, fp32 compute, D of cuBLAS
/// type `d_type` with leading dimension `rows`. The sm80 and sm90 benchmarks both call it.
pub(crate) fn cublas_gemm_tn<T: tycute_cuda::cudarc::driver::DeviceRepr>(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    shape: (usize, usize, usize),
    x: &Slice<u16>,
    y: &Slice<u16>,
    d: &mut Slice<T>,
    d_type: tycute_cuda::cudarc::cublas::sys::cudaDataType,
) -> Result<(), String> {
    cublas_gemm_tn_scaled(blas, stream, shape, x, y, d, d_type, (1.0, 0.0))
}

/// [`cublas_gemm_tn`] with `D = alpha * X^T Y + beta * D`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cublas_gemm_tn_scaled<T: tycute_cuda::cudarc::driver::DeviceRepr>(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (rows, cols, k): (usize, usize, usize),
    x: &Slice<u16>,
    y: &Slice<u16>,
    d: &mut Slice<T>,
    d_type: tycute_cuda::cudarc::cublas::sys::cudaDataType,
    (alpha, beta): (f32, f32),
) -> Result<(), String> {
    use tycute_cuda::cudarc::cublas::{result as cr, sys as cs};
    use tycute_cuda::cudarc::driver::{DevicePtr, DevicePtrMut};
    if x.len() < rows * k || y.len() < cols * k || d.len() < rows * cols {
        return Err("a buffer is smaller than the shape".into());
    }
    let (px, _gx) = x.device_ptr(stream);
    let (py, _gy) = y.device_ptr(stream);
    let (pd, _gd) = d.device_ptr_mut(stream);
    // SAFETY: the buffers hold rows*k, cols*k and rows*cols elements (checked above), D of the
    // type the caller names; the handle is bound to `stream`.
    unsafe {
        cr::gemm_ex(
            *blas.handle(),
            cs::cublasOperation_t::CUBLAS_OP_T,
            cs::cublasOperation_t::CUBLAS_OP_N,
            rows as i32,
            cols as i32,
            k as i32,
            &alpha as *const f32 as *const _,
            px as *const _,
            cs::cudaDataType::CUDA_R_16F,
            k as i32,
            py as *const _,
            cs::cudaDataType::CUDA_R_16F,
            k as i32,
            &beta as *const f32 as *const _,
            pd as *mut _,
            d_type,
            rows as i32,
            cs::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            cs::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    }
    .map_err(|x| format!("cublasGemmEx: {x:?}"))
}

/// `D = A * B^T` for the sm80 kernel's problem: A (m,k) and B (n,k) K-major fp16, fp32 compute
/// and D (m,n) column-major.
fn cublas_gemm(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    a: &Slice<u16>,
    b: &Slice<u16>,
    d: &mut Slice<f32>,
) -> Result<(), String> {
    cublas_gemm_tn(blas, stream, (m, n, k), a, b, d, tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_32F)
}

/// A cuBLAS handle on `stream`, or why there is none.
pub(crate) fn cublas(stream: &Stream) -> Result<tycute_cuda::cudarc::cublas::CudaBlas, String> {
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Err("cuBLAS (libcublas.so.13) is not on the library path".into());
    }
    tycute_cuda::cudarc::cublas::CudaBlas::new(stream.clone()).map_err(|x| format!("cuBLAS handle: {x}"))
}

/// Milliseconds per run of `run`, the mean of `reps` runs between two `CU_EVENT_DEFAULT` events,
/// after 3 warm-up runs.
pub(crate) fn mean_ms(stream: &Stream, reps: usize, mut run: impl FnMut() -> Result<(), String>) -> Result<f64, String> {
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    for _ in 0..3 {
        run()?;
    }
    let flags = Some(tycute_cuda::cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
    let start = stream.record_event(flags).map_err(|x| e("event", x))?;
    for _ in 0..reps {
        run()?;
    }
    let stop = stream.record_event(flags).map_err(|x| e("event", x))?;
    stop.synchronize().map_err(|x| e("sync", x))?;
    Ok(start.elapsed_ms(&stop).map_err(|x| e("elapsed", x))? as f64 / reps as f64)
}

/// Milliseconds of each of `runs` runs (`run(i)`), each between its own pair of
/// `CU_EVENT_DEFAULT` events.
pub(crate) fn each_ms(stream: &Stream, runs: usize, mut run: impl FnMut(usize) -> Result<(), String>) -> Result<Vec<f64>, String> {
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let flags = Some(tycute_cuda::cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
    let mut ms = Vec::with_capacity(runs);
    for r in 0..runs {
        let start = stream.record_event(flags).map_err(|x| e("event", x))?;
        run(r)?;
        let stop = stream.record_event(flags).map_err(|x| e("event", x))?;
        stop.synchronize().map_err(|x| e("sync", x))?;
        ms.push(start.elapsed_ms(&stop).map_err(|x| e("elapsed", x))? as f64);
    }
    Ok(ms)
}

/// `kernels/sm80_gemm.cu`: the sgemm_sm80 data flow on a configuration header's tables.
pub const GEMM_KERNEL: &str = include_str!("../kernels/sm80_gemm.cu");

/// An sm80 configuration of `kernels/sm80_gemm.cu` as the host sees it: its header (written by
/// `build.rs` from an `Sm80Kernel` type) and the launch parameters read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm80Config {
    /// The configuration's name (`sm80_tn_128x256`): its header is `NAME.h`.
    pub name: &'static str,
    /// `kTileM`, `kTileN`, `kTileK`.
    pub tile: (usize, usize, usize),
    /// `kThreads`.
    pub threads: usize,
    /// Dynamic shared memory: the A and B stages (the epilogue reuses them).
    pub smem_bytes: usize,
}

/// The configuration `tycute bench sm80` and the default run use, and `kernels/sm80_gemm.cu`
/// compiles without `-DTYCUTE_SM80_CONFIG`.
pub const DEFAULT_SM80: &str = "sm80_tn_128x256";

/// The sm80 configurations that have a header.
pub const SM80_CONFIGS: &[&str] = &["sm80_tn_128x256", "sgemm_sm80"];

impl Sm80Config {
    /// The configuration `name` (one of [`SM80_CONFIGS`]), read from its header.
    pub fn named(name: &str) -> Result<Sm80Config, String> {
        let (&name, text) = SM80_CONFIGS
            .iter()
            .find(|&&n| n == name)
            .and_then(|n| crate::headers::HEADERS.iter().find(|(h, _)| h.strip_suffix(".h") == Some(*n)).map(|(_, t)| (n, *t)))
            .ok_or_else(|| format!("no sm80 configuration `{name}` (there are: {})", SM80_CONFIGS.join(", ")))?;
        let get = |key: &str| -> Result<usize, String> {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("constexpr int {key} = ")).and_then(|r| r.split(';').next()).and_then(|v| v.parse().ok()))
                .ok_or_else(|| format!("{name}.h has no {key}"))
        };
        let stages = get("kStages")?;
        Ok(Sm80Config {
            name,
            tile: (get("kTileM")?, get("kTileN")?, get("kTileK")?),
            threads: get("kThreads")?,
            smem_bytes: 2 * stages * (get("kStageElemsA")? + get("kStageElemsB")?),
        })
    }

    /// The NVRTC options that select this configuration's header.
    pub fn nvrtc_options(&self) -> tycute_cuda::nvrtc::Options {
        tycute_cuda::nvrtc::Options { extra: vec![format!("-DTYCUTE_SM80_CONFIG={}", self.name)], ..Default::default() }
    }

    /// The shapes the kernel takes: M, N, K positive multiples of the CTA tile.
    pub fn shape_ok(&self, m: usize, n: usize, k: usize) -> Result<(), String> {
        let (bm, bn, bk) = self.tile;
        if m == 0 || n == 0 || k == 0 || m % bm != 0 || n % bn != 0 || k % bk != 0 {
            return Err(format!(
                "sm80_gemm_tn ({}) takes M a multiple of {bm}, N of {bn} and K of {bk}, not {m}x{n}x{k}",
                self.name
            ));
        }
        Ok(())
    }
}

/// The CUBIN of `kernels/sm80_gemm.cu` for configuration `cfg`: the file named by
/// `$TYCUTE_GEMM_CUBIN` if set (a CUBIN of that configuration built elsewhere), else NVRTC.
/// `Ok(None)`: neither is available.
pub fn gemm_cubin(cfg: &Sm80Config, arch: tycute_cuda::nvrtc::Arch) -> Result<Option<Vec<u8>>, String> {
    use tycute_cuda::nvrtc;
    if let Some(path) = std::env::var_os("TYCUTE_GEMM_CUBIN") {
        return std::fs::read(&path).map(Some).map_err(|e| format!("{}: {e}", path.to_string_lossy()));
    }
    if !nvrtc::available() {
        return Ok(None);
    }
    nvrtc::compile("sm80_gemm.cu", GEMM_KERNEL, crate::headers::HEADERS, arch, &cfg.nvrtc_options())
        .map(|c| Some(c.image))
        .map_err(|e| e.to_string())
}

/// A half-precision value's bits (the tests use values half represents exactly).
pub(crate) fn f16_bits(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// A loaded `sm80_gemm_tn` of one configuration.
pub struct Gemm {
    /// The configuration the CUBIN was built for.
    pub cfg: Sm80Config,
    ctx: std::sync::Arc<CudaContext>,
    _module: std::sync::Arc<tycute_cuda::cudarc::driver::CudaModule>,
    f: tycute_cuda::cudarc::driver::CudaFunction,
}

impl Gemm {
    /// Loads the kernel from a CUBIN and allows it its dynamic shared memory.
    pub fn load(ctx: &std::sync::Arc<CudaContext>, cfg: &Sm80Config, image: Vec<u8>) -> Result<Gemm, String> {
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(|e| format!("load the CUBIN: {e}"))?;
        let f = module.load_function("sm80_gemm_tn").map_err(|e| format!("kernel: {e}"))?;
        f.set_attribute(
            tycute_cuda::cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            cfg.smem_bytes as i32,
        )
        .map_err(|e| format!("shared memory attribute: {e}"))?;
        Ok(Gemm { cfg: cfg.clone(), ctx: ctx.clone(), _module: module, f })
    }

    /// `D = alpha * A * B^T + beta * C` on device buffers: A (m,k), B (n,k) K-major halves; C, D
    /// (m,n) column-major floats.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
        (m, n, k): (usize, usize, usize),
        a: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        b: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        c: &tycute_cuda::cudarc::driver::CudaSlice<f32>,
        d: &mut tycute_cuda::cudarc::driver::CudaSlice<f32>,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String> {
        self.cfg.shape_ok(m, n, k)?;
        if a.len() < m * k || b.len() < n * k || c.len() < m * n || d.len() < m * n {
            return Err("a buffer is smaller than the shape".into());
        }
        let (mi, ni, ki) = (m as i32, n as i32, k as i32);
        let mut l = stream.launch_builder(&self.f);
        l.arg(&mi).arg(&ni).arg(&ki).arg(a).arg(&ki).arg(b).arg(&ki).arg(c).arg(&mi).arg(d).arg(&mi).arg(&alpha).arg(&beta);
        let (bm, bn, _) = self.cfg.tile;
        let cfg = LaunchConfig {
            grid_dim: ((m / bm) as u32, (n / bn) as u32, 1),
            block_dim: (self.cfg.threads as u32, 1, 1),
            shared_mem_bytes: self.cfg.smem_bytes as u32,
        };
        // SAFETY: the argument list matches the kernel's signature; the buffers hold the shape
        // (checked above); the shape is one the kernel takes (checked above).
        unsafe { l.launch(cfg) }.map_err(|e| format!("launch: {e}"))?;
        let _ = &self.ctx;
        Ok(())
    }
}

/// Runs `sm80_gemm_tn` on random inputs of shape `m x n x k` (multiples of 1/4 in [-2, 2], so
/// every product and sum is exact in fp32) with alpha = 1.5, beta = 0.5, output poisoned with NaN
/// first, and compares with an f64 CPU reference. Returns the number of wrong (or unwritten)
/// elements.
pub fn gemm_check(g: &Gemm, m: usize, n: usize, k: usize) -> Result<usize, String> {
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % 17) as f32 / 4.0 - 2.0
    };
    let a: Vec<f32> = (0..m * k).map(|_| next()).collect();
    let b: Vec<f32> = (0..n * k).map(|_| next()).collect();
    let c: Vec<f32> = (0..m * n).map(|_| next()).collect();
    let (alpha, beta) = (1.5f32, 0.5f32);
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let da = stream.clone_htod(&a.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>()).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&b.iter().map(|&x| f16_bits(x)).collect::<Vec<u16>>()).map_err(|x| e("B", x))?;
    let dc = stream.clone_htod(&c).map_err(|x| e("C", x))?;
    let mut dd = stream.clone_htod(&vec![f32::NAN; m * n]).map_err(|x| e("D", x))?;
    g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, alpha, beta)?;
    let d = stream.clone_dtoh(&dd).map_err(|x| e("D back", x))?;
    let mut wrong = 0;
    for j in 0..n {
        for i in 0..m {
            let dot: f64 = (0..k).map(|p| a[i * k + p] as f64 * b[j * k + p] as f64).sum();
            let want = alpha as f64 * dot + beta as f64 * c[i + j * m] as f64;
            let got = d[i + j * m] as f64;
            if !(got - want).abs().le(&(1e-6 * want.abs().max(1.0))) {
                wrong += 1;
            }
        }
    }
    Ok(wrong)
}

/// Times `sm80_gemm_tn` at `m x n x k`: `reps` launches between two events (created with
/// `CU_EVENT_DEFAULT`) after 3 warm-up launches; returns TFLOP/s of the mean.
pub fn gemm_bench(g: &Gemm, m: usize, n: usize, k: usize, reps: usize) -> Result<f64, String> {
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let da = stream.alloc_zeros::<u16>(m * k).map_err(|x| e("A", x))?;
    let db = stream.alloc_zeros::<u16>(n * k).map_err(|x| e("B", x))?;
    let dc = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("C", x))?;
    let mut dd = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("D", x))?;
    let ms = mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// cuBLAS's `cublasGemmEx` on the same problem as [`gemm_bench`] (A, B half, K-major, i.e. the
/// column-major `op(A) = T`, `op(B) = N` call; fp32 compute and D), timed the same way; TFLOP/s.
/// `Err` names what is missing when cuBLAS cannot be loaded.
pub fn cublas_bench(ctx: &std::sync::Arc<CudaContext>, m: usize, n: usize, k: usize, reps: usize) -> Result<f64, String> {
    let stream = ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let blas = cublas(&stream)?;
    let da = stream.alloc_zeros::<u16>(m * k).map_err(|x| e("A", x))?;
    let db = stream.alloc_zeros::<u16>(n * k).map_err(|x| e("B", x))?;
    let mut dd = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("D", x))?;
    let ms = mean_ms(&stream, reps, || cublas_gemm(&blas, &stream, (m, n, k), &da, &db, &mut dd))?;
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// Random multiples of 1/64 in [-1, 1] as half bits (exact in half), from a fixed seed.
pub(crate) struct RandomHalves(u64);

impl Default for RandomHalves {
    fn default() -> Self {
        RandomHalves(0x2545F4914F6CDD1D)
    }
}

impl RandomHalves {
    /// `len` more values.
    pub(crate) fn take(&mut self, len: usize) -> Vec<u16> {
        (0..len)
            .map(|_| {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                f16_bits(((self.0 >> 40) % 129) as f32 / 64.0 - 1.0)
            })
            .collect()
    }
}

/// The benchmarks' input sets: enough pairs of random A (m,k) and B (n,k) to exceed L2 (50 MiB;
/// 2 to 8 sets), so that timed runs cycling through them read from DRAM as a real GEMM would.
/// Also returns the generator, for more inputs.
#[allow(clippy::type_complexity)]
pub(crate) fn rotating_inputs(stream: &Stream, (m, n, k): (usize, usize, usize)) -> Result<(Vec<(Slice<u16>, Slice<u16>)>, RandomHalves), String> {
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let sets = (2 * 50 * 1024 * 1024 / (2 * (m + n) * k) + 1).clamp(2, 8);
    let mut random = RandomHalves::default();
    let mut bufs = Vec::new();
    for _ in 0..sets {
        let a = stream.clone_htod(&random.take(m * k)).map_err(|x| e("A", x))?;
        let b = stream.clone_htod(&random.take(n * k)).map_err(|x| e("B", x))?;
        bufs.push((a, b));
    }
    Ok((bufs, random))
}

/// TFLOP/s of an `m x n x k` GEMM from the median of run times in milliseconds.
pub(crate) fn median_tflops((m, n, k): (usize, usize, usize), mut ms: Vec<f64>) -> f64 {
    ms.sort_by(|a, b| a.total_cmp(b));
    2.0 * m as f64 * n as f64 * k as f64 / (ms[ms.len() / 2] * 1e-3) / 1e12
}

/// Benchmark of `sm80_gemm_tn` and cuBLAS (`cublasGemmEx`, fp16 in, fp32 compute and out) on the
/// same inputs: random multiples of 1/64 in [-1, 1], rotated over enough buffer sets that each
/// run reads A and B from outside L2 (at least twice L2's 50 MB in all); per run a pair of
/// `CU_EVENT_DEFAULT` events; three warm-up runs per set; the median of `runs`. Returns
/// (tycute TFLOP/s, cuBLAS TFLOP/s or `None` without cuBLAS).
pub fn bench_rotating(
    g: &Gemm,
    ctx: &std::sync::Arc<CudaContext>,
    (m, n, k): (usize, usize, usize),
    runs: usize,
) -> Result<(f64, Option<f64>), String> {
    g.cfg.shape_ok(m, n, k)?;
    let stream = ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let (bufs, _) = rotating_inputs(&stream, (m, n, k))?;
    let sets = bufs.len();
    let c = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("C", x))?;
    let mut d = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("D", x))?;
    let median_tflops = |ms: Vec<f64>| median_tflops((m, n, k), ms);

    // tycute: 3 warm-up runs per set, then the timed runs cycling through the sets
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, 0.0)?;
        }
    }
    let ours = median_tflops(each_ms(&stream, runs, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch(&stream, (m, n, k), a, b, &c, &mut d, 1.0, 0.0)
    })?);

    // cuBLAS, the same way
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Ok((ours, None));
    }
    let blas = cublas(&stream)?;
    for (a, b) in &bufs {
        for _ in 0..3 {
            cublas_gemm(&blas, &stream, (m, n, k), a, b, &mut d)?;
        }
    }
    let theirs = median_tflops(each_ms(&stream, runs, |r| {
        let (a, b) = &bufs[r % sets];
        cublas_gemm(&blas, &stream, (m, n, k), a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}
