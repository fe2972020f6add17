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
    nvrtc::compile_to_run(name, src, crate::headers::HEADERS, arch, Vec::new()).map(|c| Some(c.image)).map_err(|e| e.to_string())
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
    cublas_gemm_ops(blas, stream, shape, (Major::K, Major::K), x, y, d, d_type, (1.0, 0.0))
}

/// [`cublas_gemm_tn`] with `D = alpha * op(X) op(Y) + beta * D` and X `(rows, k)` and Y `(cols, k)` of either majorness
/// (`Major::K`: leading dimension k, `op = T` for X, `N` for Y; `Major::MN`: leading dimension
/// rows (cols), `op = N` for X, `T` for Y): TN, NT, NN or TT.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cublas_gemm_ops<T: tycute_cuda::cudarc::driver::DeviceRepr>(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (rows, cols, k): (usize, usize, usize),
    (major_x, major_y): (Major, Major),
    x: &Slice<u16>,
    y: &Slice<u16>,
    d: &mut Slice<T>,
    d_type: tycute_cuda::cudarc::cublas::sys::cudaDataType,
    (alpha, beta): (f32, f32),
) -> Result<(), String> {
    cublas_gemm_compute(blas, stream, (rows, cols, k), (major_x, major_y), x, y, d, d_type, (alpha, beta), false)
}

/// [`cublas_gemm_ops`] with fp16 compute (`CUBLAS_COMPUTE_16F`: fp16 accumulation, alpha and
/// beta halves; cuBLAS requires D of type `CUDA_R_16F` then) when `f16_compute`, else fp32
/// compute.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cublas_gemm_compute<T: tycute_cuda::cudarc::driver::DeviceRepr>(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (rows, cols, k): (usize, usize, usize),
    (major_x, major_y): (Major, Major),
    x: &Slice<u16>,
    y: &Slice<u16>,
    d: &mut Slice<T>,
    d_type: tycute_cuda::cudarc::cublas::sys::cudaDataType,
    (alpha, beta): (f32, f32),
    f16_compute: bool,
) -> Result<(), String> {
    use tycute_cuda::cudarc::cublas::{result as cr, sys as cs};
    use tycute_cuda::cudarc::driver::{DevicePtr, DevicePtrMut};
    if f16_compute && d_type != cs::cudaDataType::CUDA_R_16F {
        return Err("cublasGemmEx with CUBLAS_COMPUTE_16F takes fp16 C and D only".into());
    }
    let (alpha_h, beta_h) = (half::f16::from_f32(alpha), half::f16::from_f32(beta));
    let (pa, pb): (*const core::ffi::c_void, *const core::ffi::c_void) = if f16_compute {
        (&alpha_h as *const half::f16 as *const _, &beta_h as *const half::f16 as *const _)
    } else {
        (&alpha as *const f32 as *const _, &beta as *const f32 as *const _)
    };
    let compute = if f16_compute { cs::cublasComputeType_t::CUBLAS_COMPUTE_16F } else { cs::cublasComputeType_t::CUBLAS_COMPUTE_32F };
    if x.len() < rows * k || y.len() < cols * k || d.len() < rows * cols {
        return Err("a buffer is smaller than the shape".into());
    }
    let (op_t, op_n) = (cs::cublasOperation_t::CUBLAS_OP_T, cs::cublasOperation_t::CUBLAS_OP_N);
    let (op_x, ld_x) = if major_x == Major::K { (op_t, k) } else { (op_n, rows) };
    let (op_y, ld_y) = if major_y == Major::K { (op_n, k) } else { (op_t, cols) };
    let (px, _gx) = x.device_ptr(stream);
    let (py, _gy) = y.device_ptr(stream);
    let (pd, _gd) = d.device_ptr_mut(stream);
    // SAFETY: the buffers hold rows*k, cols*k and rows*cols elements (checked above), D of the
    // type the caller names; the handle is bound to `stream`.
    unsafe {
        cr::gemm_ex(
            *blas.handle(),
            op_x,
            op_y,
            rows as i32,
            cols as i32,
            k as i32,
            pa,
            px as *const _,
            cs::cudaDataType::CUDA_R_16F,
            ld_x as i32,
            py as *const _,
            cs::cudaDataType::CUDA_R_16F,
            ld_y as i32,
            pb,
            pd as *mut _,
            d_type,
            rows as i32,
            compute,
            cs::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    }
    .map_err(|x| format!("cublasGemmEx: {x:?}"))
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

/// How a benchmark times its launches (`tycute bench --timing`). Either way each run lies between
/// its own pair of `CU_EVENT_DEFAULT` events and the median is taken; tycute and cuBLAS are timed
/// the same way in one process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Timing {
    /// The runs are queued back to back on the stream and synchronized once, at the end, as an
    /// application's stream runs them: the host prepares and launches run `i + 1` while the GPU
    /// runs `i`, so a run's time is the GPU's (the default).
    #[default]
    Queued,
    /// Each run alone: the host waits for it before recording the next run's first event, so the
    /// host's work between that event and the launch (tensor maps, cuBLAS's heuristics, the
    /// launch call) counts as well.
    Alone,
}

impl Timing {
    /// `queued` or `alone`.
    pub fn named(name: &str) -> Result<Timing, String> {
        match name {
            "queued" => Ok(Timing::Queued),
            "alone" => Ok(Timing::Alone),
            other => Err(format!("timing `{other}`: queued (GPU time, the default) or alone (host launch work included)")),
        }
    }
}

/// Milliseconds of each of `runs` runs (`run(i)`), each between its own pair of
/// `CU_EVENT_DEFAULT` events, queued or each alone ([`Timing`]).
pub(crate) fn each_ms(stream: &Stream, runs: usize, timing: Timing, mut run: impl FnMut(usize) -> Result<(), String>) -> Result<Vec<f64>, String> {
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let flags = Some(tycute_cuda::cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
    let mut events = Vec::with_capacity(runs);
    for r in 0..runs {
        let start = stream.record_event(flags).map_err(|x| e("event", x))?;
        run(r)?;
        let stop = stream.record_event(flags).map_err(|x| e("event", x))?;
        if timing == Timing::Alone {
            stop.synchronize().map_err(|x| e("sync", x))?;
        }
        events.push((start, stop));
    }
    if let Some((_, last)) = events.last() {
        last.synchronize().map_err(|x| e("sync", x))?;
    }
    events.iter().map(|(start, stop)| start.elapsed_ms(stop).map(f64::from).map_err(|x| e("elapsed", x))).collect()
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
    /// Which index of A (M,K) is contiguous in global memory (`kAMnMajor`; the TN headers have
    /// none: K).
    pub a_major: Major,
    /// The same for B (N,K) (`kBMnMajor`).
    pub b_major: Major,
    /// Bits per accumulator (`kAccBits`, the MMA atom's): 32, or 16 (fp16 accumulation).
    pub acc_bits: usize,
    /// Bits per element of C and D (`kOutBits`, the S2G atom's): 32 (`f32`) or 16 (fp16:
    /// `half::f16` or its bits as `u16`). [`Gemm`]'s launches take C and D of this type.
    pub out_bits: usize,
}

/// Which index of an operand is contiguous in memory: A is (M,K) and B is (N,K), as the kernel
/// takes them (`D = A * B^T`). `K`: K-major (A row-major, element (m,k) at `m * lda + k`; CuTe's
/// and BLAS's "T" for A, "N" for B); `MN`: M-major A (column-major, at `m + k * lda`) or
/// N-major B (at `n + k * ldb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// The K index is contiguous.
    K,
    /// The M (for A) or N (for B) index is contiguous.
    MN,
}

/// The storage order of C and D (M,N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum COrder {
    /// Column-major: element (m,n) at `m + n * ldc` (the kernel's own).
    ColMajor,
    /// Row-major: element (m,n) at `m * ldc + n`.
    RowMajor,
}

/// The memory layouts of one GEMM `D = alpha * A * B^T + beta * C`, A (M,K), B (N,K), C and D
/// (M,N): CuTe's names TN (A and B K-major), NT (A M-major, B N-major), NN (A M-major, B
/// K-major), TT (A K-major, B N-major), each with C and D column- or row-major. (In BLAS terms,
/// with B the (K,N) matrix `B^T` here and column-major storage, the letters are the `transa`,
/// `transb` of `cublasGemmEx`: TN is `op(A) = T`, `op(B) = N`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layouts {
    /// A's majorness.
    pub a: Major,
    /// B's majorness.
    pub b: Major,
    /// C's and D's storage order.
    pub c: COrder,
}

impl Layouts {
    /// A and B K-major, C column-major: the kernel's first configuration.
    pub const TN: Layouts = Layouts { a: Major::K, b: Major::K, c: COrder::ColMajor };
    /// A M-major, B N-major, C column-major.
    pub const NT: Layouts = Layouts { a: Major::MN, b: Major::MN, c: COrder::ColMajor };
    /// A M-major, B K-major, C column-major.
    pub const NN: Layouts = Layouts { a: Major::MN, b: Major::K, c: COrder::ColMajor };
    /// A K-major, B N-major, C column-major.
    pub const TT: Layouts = Layouts { a: Major::K, b: Major::MN, c: COrder::ColMajor };

    /// The same with C and D in order `c`.
    pub const fn with_c(self, c: COrder) -> Layouts {
        Layouts { c, ..self }
    }

    /// All eight: TN, NT, NN, TT, each with C column- then row-major.
    pub fn all() -> Vec<Layouts> {
        [Layouts::TN, Layouts::NT, Layouts::NN, Layouts::TT]
            .into_iter()
            .flat_map(|l| [l, l.with_c(COrder::RowMajor)])
            .collect()
    }

    /// `"TN"`, `"NT"`, `"NN"` or `"TT"`: the letters of A's and B's majorness.
    pub fn ab(&self) -> &'static str {
        match (self.a, self.b) {
            (Major::K, Major::K) => "TN",
            (Major::MN, Major::MN) => "NT",
            (Major::MN, Major::K) => "NN",
            (Major::K, Major::MN) => "TT",
        }
    }

    /// `"NT, C row-major"`.
    pub fn name(&self) -> String {
        format!("{}, C {}", self.ab(), if self.c == COrder::ColMajor { "column-major" } else { "row-major" })
    }

    /// How the kernel (C column-major) computes it: `(A' majorness, B' majorness, swapped)`.
    /// Column-major C: A' = A, B' = B. Row-major C: D is the column-major `D^T (N,M) = B * A^T`,
    /// so A' = B (N,K) and B' = A (M,K) with their own majorness, M and N exchanged.
    pub fn kernel_operands(&self) -> (Major, Major, bool) {
        match self.c {
            COrder::ColMajor => (self.a, self.b, false),
            COrder::RowMajor => (self.b, self.a, true),
        }
    }

    /// The sm80 configuration (of [`SM80_CONFIGS`]) that runs these layouts (TN: sm80_tn_128x256,
    /// NT: sm80_nt_128x256, NN: sm80_nn_128x256, TT: sm80_tt_128x256, each with C row-major the
    /// one of the exchanged majorness), or an error that names the layouts and the majorness no
    /// configuration has.
    pub fn sm80_config(&self) -> Result<Sm80Config, String> {
        let (a, b, _) = self.kernel_operands();
        let mut have = Vec::new();
        for &name in SM80_CONFIGS {
            let cfg = Sm80Config::named(name)?;
            // (the fp16 variants are chosen by name)
            if (cfg.acc_bits, cfg.out_bits) != (32, 32) {
                continue;
            }
            if (cfg.a_major, cfg.b_major) == (a, b) {
                return Ok(cfg);
            }
            have.push(format!("{name} ({})", cfg.layouts().ab()));
        }
        Err(format!(
            "layouts {} are not supported: they need a kernel with A' {a:?}-major and B' {b:?}-major (C column-major), and the sm80 configurations are {}",
            self.name(),
            have.join(", ")
        ))
    }
}

/// The configuration `tycute bench sm80` and the default run use, and `kernels/sm80_gemm.cu`
/// compiles without `-DTYCUTE_SM80_CONFIG`.
pub const DEFAULT_SM80: &str = "sm80_tn_128x256";

/// The sm80 configurations that have a header.
pub const SM80_CONFIGS: &[&str] = &[
    "sm80_tn_128x256",
    "sgemm_sm80",
    "sm80_nt_128x256",
    "sm80_nn_128x256",
    "sm80_tt_128x256",
    "sm80_tn_128x256_f16acc",
    "sm80_tn_128x256_f16cd",
    "sm80_tn_128x256_f16acc_f16cd",
];

impl Sm80Config {
    /// The configuration `name` (one of [`SM80_CONFIGS`]), read from its header.
    pub fn named(name: &str) -> Result<Sm80Config, String> {
        let &name = SM80_CONFIGS
            .iter()
            .find(|&&n| n == name)
            .ok_or_else(|| format!("no sm80 configuration `{name}` (there are: {})", SM80_CONFIGS.join(", ")))?;
        let get = |key: &str| -> Result<usize, String> {
            crate::headers::value(name, key)
                .and_then(|v| v.first())
                .and_then(|&v| usize::try_from(v).ok())
                .ok_or_else(|| format!("{name}.h has no {key}"))
        };
        let stages = get("kStages")?;
        // absent from the TN headers: K-major
        let major = |key: &str| if get(key).unwrap_or(0) == 1 { Major::MN } else { Major::K };
        Ok(Sm80Config {
            name,
            tile: (get("kTileM")?, get("kTileN")?, get("kTileK")?),
            threads: get("kThreads")?,
            smem_bytes: 2 * stages * (get("kStageElemsA")? + get("kStageElemsB")?),
            a_major: major("kAMnMajor"),
            b_major: major("kBMnMajor"),
            acc_bits: get("kAccBits")?,
            out_bits: get("kOutBits")?,
        })
    }

    /// `"fp16 in, fp32 accumulate, fp16 C/D"`: the element types.
    pub fn types(&self) -> String {
        let t = |bits: usize| if bits == 16 { "fp16" } else { "fp32" };
        format!("fp16 in, {} accumulate, {} C/D", t(self.acc_bits), t(self.out_bits))
    }

    /// The layouts the kernel runs as it is: its A and B majorness, C column-major.
    pub fn layouts(&self) -> Layouts {
        Layouts { a: self.a_major, b: self.b_major, c: COrder::ColMajor }
    }

    /// The NVRTC options that select this configuration's header.
    pub fn nvrtc_options(&self) -> tycute_cuda::nvrtc::Options {
        tycute_cuda::nvrtc::Options { extra: vec![format!("-DTYCUTE_SM80_CONFIG={}", self.name)], ..Default::default() }
    }

    /// The shapes the kernel takes: any M, N >= 1 and K >= 1, K a multiple of 8 when A or B is
    /// K-major (a 16-byte cp.async row is 8 halves; an M-/N-major operand's vectors lie along M
    /// or N, and take any K); tiles of M, N and K that the CTA tile does not divide are
    /// residues, loaded with zero fill and stored under a mask.
    pub fn shape_ok(&self, m: usize, n: usize, k: usize) -> Result<(), String> {
        let (bm, bn, _) = self.tile;
        let max = i32::MAX as usize;
        let k_major = self.a_major == Major::K || self.b_major == Major::K;
        if !k_major && (m == 0 || n == 0 || k == 0) {
            return Err(format!("sm80_gemm_tn ({}, A and B M-/N-major) takes M, N, K >= 1, not {m}x{n}x{k}", self.name));
        }
        if k_major && (m == 0 || n == 0 || k == 0 || k % 8 != 0) {
            return Err(format!(
                "sm80_gemm_tn ({}) takes M, N >= 1 and K a positive multiple of 8 (a 16-byte cp.async row is 8 halves), not {m}x{n}x{k}",
                self.name
            ));
        }
        if m > max - bm || n > max - bn || k > max || m.div_ceil(bm) * n.div_ceil(bn) > max / 16 {
            return Err(format!("sm80_gemm_tn ({}): {m}x{n}x{k} is too large for its 32-bit indices and grid", self.name));
        }
        Ok(())
    }
}

/// Leading dimensions and batch of one GEMM, in elements, for its [`Layouts`]: each leading
/// dimension is the stride of the matrix's outer (non-contiguous) index: `lda` the row stride of
/// a K-major A (M,K) or the column stride of an M-major one (B (N,K) alike), `ldc`/`ldd` the
/// column stride of column-major C/D (M,N) or the row stride of row-major ones; matrix `z` of a
/// batch starts `z * batch_x` elements after the first one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmStrides {
    /// Outer stride of A (a multiple of 8, at least its contiguous extent: K, or M if M-major).
    pub lda: usize,
    /// Outer stride of B (a multiple of 8, at least K, or N if N-major).
    pub ldb: usize,
    /// Outer stride of C (at least M column-major, N row-major).
    pub ldc: usize,
    /// Outer stride of D (at least M column-major, N row-major).
    pub ldd: usize,
    /// How many GEMMs (grid y; 1 to 65535).
    pub batch: usize,
    /// Elements from one A to the next (a multiple of 8; 0 shares one A).
    pub batch_a: usize,
    /// Elements from one B to the next (a multiple of 8; 0 shares one B).
    pub batch_b: usize,
    /// Elements from one C to the next (0 shares one C).
    pub batch_c: usize,
    /// Elements from one D to the next (the Ds may not overlap).
    pub batch_d: usize,
}

/// `(outer, contiguous)` extents of A, B and C/D of shape `(m, n, k)` in layouts `l`.
fn extents(l: &Layouts, (m, n, k): (usize, usize, usize)) -> [(usize, usize); 3] {
    let a = if l.a == Major::K { (m, k) } else { (k, m) };
    let b = if l.b == Major::K { (n, k) } else { (k, n) };
    let c = if l.c == COrder::ColMajor { (n, m) } else { (m, n) };
    [a, b, c]
}

impl GemmStrides {
    /// `batch` packed TN problems of shape `(m, n, k)`: lda = ldb = k, ldc = ldd = m, each matrix
    /// right after the previous one.
    pub fn packed((m, n, k): (usize, usize, usize), batch: usize) -> GemmStrides {
        GemmStrides { lda: k, ldb: k, ldc: m, ldd: m, batch, batch_a: m * k, batch_b: n * k, batch_c: m * n, batch_d: m * n }
    }

    /// `batch` problems in layouts `l`, as packed as the kernel allows: each leading dimension
    /// the matrix's contiguous extent (rounded up to a multiple of 8 halves for A and B), each
    /// matrix right after the previous one.
    pub fn packed_for(shape: (usize, usize, usize), batch: usize, l: &Layouts) -> GemmStrides {
        let [(ao, al), (bo, bl), (co, cl)] = extents(l, shape);
        let (lda, ldb) = (al.next_multiple_of(8), bl.next_multiple_of(8));
        GemmStrides { lda, ldb, ldc: cl, ldd: cl, batch, batch_a: ao * lda, batch_b: bo * ldb, batch_c: co * cl, batch_d: co * cl }
    }

    /// Elements a buffer must hold for `rows` rows (columns) of `len` elements `ld` apart,
    /// `self.batch` times `stride` apart.
    fn extent(&self, rows: usize, len: usize, ld: usize, stride: usize) -> usize {
        (self.batch - 1) * stride + (rows - 1) * ld + len
    }

    /// Elements the buffers of A, B, C and D must hold for shape `shape` in layouts `l`. An
    /// M-/N-major operand's last column is rounded up to a multiple of 8 elements (within the
    /// leading dimension, itself a multiple of 8): the kernel reads it with whole 16-byte
    /// `cp.async`s whose src-size covers only the rows inside M (N), and compute-sanitizer counts
    /// such a copy as a 16-byte read.
    pub fn lens(&self, l: &Layouts, shape: (usize, usize, usize)) -> [usize; 4] {
        let [(ao, al), (bo, bl), (co, cl)] = extents(l, shape);
        let vec = |major: Major, len: usize| if major == Major::MN { len.next_multiple_of(8) } else { len };
        [
            self.extent(ao, vec(l.a, al), self.lda, self.batch_a),
            self.extent(bo, vec(l.b, bl), self.ldb, self.batch_b),
            self.extent(co, cl, self.ldc, self.batch_c),
            self.extent(co, cl, self.ldd, self.batch_d),
        ]
    }

    /// Whether the kernel of `cfg` takes these strides for shape `(m, n, k)` in its own layouts
    /// (`cfg.layouts()`); `Err` says why not.
    pub fn check(&self, cfg: &Sm80Config, shape: (usize, usize, usize)) -> Result<(), String> {
        self.check_layouts(cfg, shape, &cfg.layouts())
    }

    /// Whether the kernel of `cfg` computes shape `(m, n, k)` in layouts `l` with these strides
    /// (row-major C through the exchange of [`Layouts::kernel_operands`]); `Err` says why not.
    pub fn check_layouts(&self, cfg: &Sm80Config, (m, n, k): (usize, usize, usize), l: &Layouts) -> Result<(), String> {
        let (ka, kb, swapped) = l.kernel_operands();
        if (ka, kb) != (cfg.a_major, cfg.b_major) {
            return Err(format!(
                "layouts {} need a kernel with A' {ka:?}-major and B' {kb:?}-major; {} is {} (Layouts::sm80_config picks the configuration)",
                l.name(),
                cfg.name,
                cfg.layouts().ab()
            ));
        }
        if swapped {
            cfg.shape_ok(n, m, k)?;
        } else {
            cfg.shape_ok(m, n, k)?;
        }
        let (bm, bn, bk) = cfg.tile;
        let max = i32::MAX as usize;
        let [(_, al), (_, bl), (co, cl)] = extents(l, (m, n, k));
        if self.lda < al || self.ldb < bl || self.ldc < cl || self.ldd < cl {
            return Err(format!("leading dimensions {self:?} are smaller than the shape {m}x{n}x{k} ({})", l.name()));
        }
        if self.lda % 8 != 0 || self.ldb % 8 != 0 || self.batch_a % 8 != 0 || self.batch_b % 8 != 0 {
            return Err(format!(
                "the leading dimensions and batch strides of A and B must be multiples of 8 halves (16-byte cp.async rows), not lda {}, ldb {}, batch_a {}, batch_b {}",
                self.lda, self.ldb, self.batch_a, self.batch_b
            ));
        }
        if self.batch == 0 || self.batch > 65535 {
            return Err(format!("batch {} is not in 1..=65535 (grid y)", self.batch));
        }
        if self.batch > 1 && self.batch_d < (co - 1) * self.ldd + cl {
            return Err(format!("batch_d {} is smaller than one D ({} elements): the Ds would overlap", self.batch_d, (co - 1) * self.ldd + cl));
        }
        if self.lda.max(self.ldb).max(self.ldc).max(self.ldd) * bm.max(bn).max(bk) > max {
            return Err(format!("leading dimensions {self:?} are too large for the kernel's 32-bit offsets"));
        }
        Ok(())
    }
}

/// The CUBIN of `kernels/sm80_gemm.cu` for configuration `cfg`: the file named by
/// `$TYCUTE_GEMM_CUBIN` if set (a CUBIN of that configuration built elsewhere), else NVRTC (a
/// spill is a warning on stderr). `Ok(None)`: neither is available.
pub fn gemm_cubin(cfg: &Sm80Config, arch: tycute_cuda::nvrtc::Arch) -> Result<Option<Vec<u8>>, String> {
    use tycute_cuda::nvrtc;
    if let Some(path) = std::env::var_os("TYCUTE_GEMM_CUBIN") {
        return std::fs::read(&path).map(Some).map_err(|e| format!("{}: {e}", path.to_string_lossy()));
    }
    if !nvrtc::available() {
        return Ok(None);
    }
    nvrtc::compile_to_run("sm80_gemm.cu", GEMM_KERNEL, crate::headers::HEADERS, arch, cfg.nvrtc_options().extra)
        .map(|c| Some(c.image))
        .map_err(|e| e.to_string())
}

/// A half-precision value's bits (the tests use values half represents exactly).
pub(crate) fn f16_bits(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// An element type of C and D: `f32`, or fp16 as `half::f16` or as its bits (`u16`). A
/// configuration writes one of them ([`Sm80Config::out_bits`]); [`Gemm`]'s launches check that
/// the buffers they are given hold it.
pub trait GemmElem: tycute_cuda::cudarc::driver::DeviceRepr + tycute_cuda::cudarc::driver::ValidAsZeroBits + Copy + Default + Unpin + 'static {
    /// 32 or 16.
    const BITS: usize;
    /// `"f32"`, `"half::f16"`, `"u16 (fp16 bits)"`.
    const NAME: &'static str;
    /// The nearest value (ties to even).
    fn from_f64(x: f64) -> Self;
    /// The value.
    fn to_f64(self) -> f64;
    /// The raw bits (for sentinels).
    fn bits(self) -> u32;
    /// The value with these bits.
    fn from_bits(b: u32) -> Self;
}
impl GemmElem for f32 {
    const BITS: usize = 32;
    const NAME: &'static str = "f32";
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn bits(self) -> u32 {
        self.to_bits()
    }
    fn from_bits(b: u32) -> f32 {
        f32::from_bits(b)
    }
}
impl GemmElem for half::f16 {
    const BITS: usize = 16;
    const NAME: &'static str = "half::f16";
    fn from_f64(x: f64) -> half::f16 {
        half::f16::from_f64(x)
    }
    fn to_f64(self) -> f64 {
        half::f16::to_f64(self)
    }
    fn bits(self) -> u32 {
        self.to_bits() as u32
    }
    fn from_bits(b: u32) -> half::f16 {
        half::f16::from_bits(b as u16)
    }
}
impl GemmElem for u16 {
    const BITS: usize = 16;
    const NAME: &'static str = "u16 (fp16 bits)";
    fn from_f64(x: f64) -> u16 {
        half::f16::from_f64(x).to_bits()
    }
    fn to_f64(self) -> f64 {
        half::f16::from_bits(self).to_f64()
    }
    fn bits(self) -> u32 {
        self as u32
    }
    fn from_bits(b: u32) -> u16 {
        b as u16
    }
}

/// `Ok` when configuration `cfg` writes C and D of element type `T`, else an error that names both.
pub fn check_elem<T: GemmElem>(cfg: &Sm80Config) -> Result<(), String> {
    if cfg.out_bits == T::BITS {
        return Ok(());
    }
    let want = if cfg.out_bits == 16 { "fp16 (half::f16 or u16)" } else { "f32" };
    Err(format!("configuration {} reads and writes {want} C and D, but the C/D buffers given hold {}", cfg.name, T::NAME))
}

/// A device buffer seen through a raw pointer: C and D of [`Gemm::run`] (and of the sm90
/// `Sm90Gemm::run`), which are one buffer.
pub(crate) struct Alias<'a, T> {
    pub(crate) ptr: tycute_cuda::cudarc::driver::sys::CUdeviceptr,
    pub(crate) len: usize,
    pub(crate) stream: &'a std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    pub(crate) _t: core::marker::PhantomData<T>,
}
impl<T> tycute_cuda::cudarc::driver::DeviceSlice<T> for Alias<'_, T> {
    fn len(&self) -> usize {
        self.len
    }
    fn stream(&self) -> &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream> {
        self.stream
    }
}
impl<T> tycute_cuda::cudarc::driver::DevicePtr<T> for Alias<'_, T> {
    fn device_ptr<'a>(&'a self, _: &'a tycute_cuda::cudarc::driver::CudaStream) -> (tycute_cuda::cudarc::driver::sys::CUdeviceptr, tycute_cuda::cudarc::driver::SyncOnDrop<'a>) {
        // the owner's guard (Gemm::run) orders the launch after the buffer's previous work
        (self.ptr, tycute_cuda::cudarc::driver::SyncOnDrop::Sync(None))
    }
}
impl<T> tycute_cuda::cudarc::driver::DevicePtrMut<T> for Alias<'_, T> {
    fn device_ptr_mut<'a>(&'a mut self, _: &'a tycute_cuda::cudarc::driver::CudaStream) -> (tycute_cuda::cudarc::driver::sys::CUdeviceptr, tycute_cuda::cudarc::driver::SyncOnDrop<'a>) {
        (self.ptr, tycute_cuda::cudarc::driver::SyncOnDrop::Sync(None))
    }
}

/// A loaded `sm80_gemm_tn` of one configuration.
pub struct Gemm {
    /// The configuration the CUBIN was built for.
    pub cfg: Sm80Config,
    /// Whether a launch may split the tiles of its last, partly filled wave along K
    /// ([`StreamK`]); on by default, off for measuring what it brings.
    pub stream_k: bool,
    /// The device's multiprocessors: one CTA each at a time (the kernel's registers and shared
    /// memory allow one), so `tiles % sms` is the last wave's size.
    pub sms: usize,
    ctx: std::sync::Arc<CudaContext>,
    _module: std::sync::Arc<tycute_cuda::cudarc::driver::CudaModule>,
    f: tycute_cuda::cudarc::driver::CudaFunction,
    /// The stream-K units' fp32 partial tiles and arrival counters (zero between launches: the
    /// last unit of a tile clears its slot), per stream.
    workspaces: SkWorkspaces,
}

/// Stream-K workspaces, one per stream so that launches on different streams never share one:
/// slots of fp32 sums and a `u32` counter or flag each, allocated zeroed when a stream's launch
/// first needs them and again when one needs more slots. The kernels keep them as they need them
/// between launches (sm80: sums and counters back to zero; sm90: flags back to zero). Used by
/// [`Gemm`] and [`crate::gpu_sm90::Sm90Gemm`].
#[derive(Default)]
pub(crate) struct SkWorkspaces(std::sync::Mutex<std::collections::HashMap<usize, SkWorkspace>>);

/// The stream-K workspace of one stream: `slots` slots of `floats` fp32 sums and a counter each.
pub(crate) struct SkWorkspace {
    slots: usize,
    sums: tycute_cuda::cudarc::driver::CudaSlice<f32>,
    counts: tycute_cuda::cudarc::driver::CudaSlice<u32>,
}

/// The workspace pointers of one launch (0 without stream-K) and the guards that order the launch
/// after the workspace's earlier use; alive until the launch is queued.
pub(crate) type SkPtrs<'a> = (u64, Option<tycute_cuda::cudarc::driver::SyncOnDrop<'a>>, u64, Option<tycute_cuda::cudarc::driver::SyncOnDrop<'a>>);

impl SkWorkspaces {
    /// The lock on every stream's workspace (held while a launch is queued).
    pub(crate) fn lock(&self) -> Result<std::sync::MutexGuard<'_, std::collections::HashMap<usize, SkWorkspace>>, String> {
        self.0.lock().map_err(|_| "the stream-K workspace lock is poisoned".to_string())
    }
}

/// `stream`'s workspace in `map` when a launch needs `need` slots of `floats` sums (`need` = 0:
/// none, null pointers), allocated with `need.max(at_least)` slots if it has fewer.
pub(crate) fn sk_workspace<'a>(
    map: &'a mut std::collections::HashMap<usize, SkWorkspace>,
    stream: &'a std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    need: usize,
    at_least: usize,
    floats: usize,
) -> Result<SkPtrs<'a>, String> {
    if need == 0 {
        return Ok((0, None, 0, None));
    }
    let key = stream.cu_stream() as usize;
    if map.get(&key).is_none_or(|w| w.slots < need) {
        let slots = need.max(at_least);
        let sums = stream.alloc_zeros::<f32>(slots * floats).map_err(|e| format!("stream-K workspace: {e}"))?;
        let counts = stream.alloc_zeros::<u32>(slots).map_err(|e| format!("stream-K counters: {e}"))?;
        map.insert(key, SkWorkspace { slots, sums, counts });
    }
    let w = map.get_mut(&key).ok_or("stream-K workspace: just inserted")?;
    let (ps, gs) = tycute_cuda::cudarc::driver::DevicePtrMut::device_ptr_mut(&mut w.sums, stream);
    let (pc, gc) = tycute_cuda::cudarc::driver::DevicePtrMut::device_ptr_mut(&mut w.counts, stream);
    Ok((ps, Some(gs), pc, Some(gc)))
}

/// How one launch splits its tiles: the first `first` tiles are whole CTAs (full waves), each
/// of the remaining `tiles - first` (the last wave) is `splits` CTAs along K, whose partial sums
/// meet in a workspace slot (`kernels/sm80_gemm.cu`, "Stream-K tail").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamK {
    /// Tiles computed whole.
    pub first: usize,
    /// Ways each of the other tiles is split along K (at least 2).
    pub splits: usize,
}

impl StreamK {
    /// The split of `tiles` tiles of `kt` k-tiles on `sms` multiprocessors, or `None` when every
    /// wave is full or the last one is at least half full (splitting would not pay for its
    /// partial sums): the last wave's `r = tiles % sms` tiles are split `min(sms / r, kt / 4, 16)`
    /// ways (each unit at least 4 k-tiles, so that its pipeline fills), when that is 2 or more.
    /// 5120x5120x4096 on 132 SMs with 128x256 tiles: 800 tiles = 6 waves + 8, the 8 split 16
    /// ways: 6.06 waves' work in about 6.1 waves' time instead of 7.
    pub fn plan(tiles: usize, kt: usize, sms: usize) -> Option<StreamK> {
        let r = tiles % sms.max(1);
        if r == 0 || 2 * r > sms {
            return None;
        }
        let splits = (sms / r).min(kt / 4).min(16);
        (splits >= 2).then_some(StreamK { first: tiles - r, splits })
    }

    /// CTAs of the launch.
    pub fn ctas(&self, tiles: usize) -> usize {
        self.first + (tiles - self.first) * self.splits
    }
}

impl Gemm {
    /// The context the kernel is loaded in.
    pub fn ctx(&self) -> &std::sync::Arc<CudaContext> {
        &self.ctx
    }

    /// Loads the kernel from a CUBIN and allows it its dynamic shared memory.
    pub fn load(ctx: &std::sync::Arc<CudaContext>, cfg: &Sm80Config, image: Vec<u8>) -> Result<Gemm, String> {
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(|e| format!("load the CUBIN: {e}"))?;
        let f = module.load_function("sm80_gemm_tn").map_err(|e| format!("kernel: {e}"))?;
        f.set_attribute(
            tycute_cuda::cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            cfg.smem_bytes as i32,
        )
        .map_err(|e| format!("shared memory attribute: {e}"))?;
        let sms = ctx
            .attribute(tycute_cuda::cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| format!("SM count: {e}"))? as usize;
        Ok(Gemm {
            cfg: cfg.clone(),
            stream_k: true,
            sms: sms.max(1),
            ctx: ctx.clone(),
            _module: module,
            f,
            workspaces: Default::default(),
        })
    }

    /// The stream-K split a launch of shape `(m, n, k)` (in the kernel's own terms: M and N
    /// exchanged for row-major C) and `batch` problems uses: none for batches (their grid is
    /// already batch times the tiles) or when [`Gemm::stream_k`] is off.
    pub fn stream_k_plan(&self, (m, n, k): (usize, usize, usize), batch: usize) -> Option<StreamK> {
        let (bm, bn, bk) = self.cfg.tile;
        if !self.stream_k || batch != 1 {
            return None;
        }
        StreamK::plan(m.div_ceil(bm) * n.div_ceil(bn), k.div_ceil(bk), self.sms)
    }

    /// `D = alpha * A * B^T + beta * C` on device buffers: A (m,k), B (n,k) halves in the
    /// configuration's own layouts (`cfg.layouts()`: TN or NT), C, D (m,n) column-major of the
    /// configuration's element type `T` ([`Sm80Config::out_bits`]: `f32`, or `half::f16` / `u16`;
    /// another is an error), packed ([`GemmStrides::packed_for`]). Any shape
    /// [`Sm80Config::shape_ok`] takes.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<T: GemmElem>(
        &self,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
        (m, n, k): (usize, usize, usize),
        a: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        b: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        c: &tycute_cuda::cudarc::driver::CudaSlice<T>,
        d: &mut tycute_cuda::cudarc::driver::CudaSlice<T>,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String> {
        self.launch_batched(stream, (m, n, k), &GemmStrides::packed_for((m, n, k), 1, &self.cfg.layouts()), a, b, c, d, alpha, beta)
    }

    /// `C = alpha * A * B^T + beta * C` in place: [`Gemm::launch`] with D the buffer of C (the
    /// kernel's C and D are not `__restrict__`, and each thread reads every element of C it
    /// reads before it writes the same element of D, and no other). A (m,k), B (n,k) halves in
    /// the configuration's own layouts, C (m,n) column-major of its element type, packed.
    #[allow(clippy::too_many_arguments)]
    pub fn run<T: GemmElem>(
        &self,
        shape: (usize, usize, usize),
        a: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        b: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        c: &mut tycute_cuda::cudarc::driver::CudaSlice<T>,
        alpha: f32,
        beta: f32,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    ) -> Result<(), String> {
        use tycute_cuda::cudarc::driver::DevicePtrMut;
        check_elem::<T>(&self.cfg)?;
        let len = c.len();
        // the guard orders the launch after C's previous work and records it for C's next
        let (ptr, _guard) = c.device_ptr_mut(stream);
        let view = Alias::<T> { ptr, len, stream, _t: core::marker::PhantomData };
        let mut same = Alias::<T> { ptr, len, stream, _t: core::marker::PhantomData };
        self.launch_batched(stream, shape, &GemmStrides::packed_for(shape, 1, &self.cfg.layouts()), a, b, &view, &mut same, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, in the configuration's own
    /// layouts (`cfg.layouts()`, C column-major): [`Gemm::launch_layouts`] with those.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_batched<A, B, C, D, T: GemmElem>(
        &self,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
        shape: (usize, usize, usize),
        s: &GemmStrides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String>
    where
        A: tycute_cuda::cudarc::driver::DevicePtr<u16>,
        B: tycute_cuda::cudarc::driver::DevicePtr<u16>,
        C: tycute_cuda::cudarc::driver::DevicePtr<T>,
        D: tycute_cuda::cudarc::driver::DevicePtrMut<T>,
    {
        self.launch_layouts(stream, shape, &self.cfg.layouts(), s, a, b, c, d, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, A (m,k), B (n,k), C and D (m,n)
    /// in layouts `l` with the leading dimensions and batch strides of `s` (checked by
    /// [`GemmStrides::check_layouts`]: `l` must be this configuration's A and B majorness with C
    /// column-major, or the exchanged majorness with C row-major, see
    /// [`Layouts::kernel_operands`]; [`Layouts::sm80_config`] names the configuration), on any
    /// device buffers or views that hold them. C and D hold the configuration's element type `T`
    /// ([`check_elem`]). C is not read when beta is 0. One launch, grid
    /// (ceil(m / bM) * ceil(n / bN), batch), with m and n exchanged for row-major C; a single
    /// problem whose last wave is less than half full splits that wave's tiles along K
    /// ([`StreamK`], [`Gemm::stream_k`]), their partial sums meeting in a workspace of the
    /// stream's.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_layouts<A, B, C, D, T: GemmElem>(
        &self,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
        (m, n, k): (usize, usize, usize),
        l: &Layouts,
        s: &GemmStrides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String>
    where
        A: tycute_cuda::cudarc::driver::DevicePtr<u16>,
        B: tycute_cuda::cudarc::driver::DevicePtr<u16>,
        C: tycute_cuda::cudarc::driver::DevicePtr<T>,
        D: tycute_cuda::cudarc::driver::DevicePtrMut<T>,
    {
        check_elem::<T>(&self.cfg)?;
        s.check_layouts(&self.cfg, (m, n, k), l)?;
        let [la, lb, lc, ld] = s.lens(l, (m, n, k));
        if a.len() < la || b.len() < lb || c.len() < lc || d.len() < ld {
            return Err(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} ({}) with {s:?}", s.batch, l.name()));
        }
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pc, _gc) = c.device_ptr(stream);
        let (pd, _gd) = d.device_ptr_mut(stream);
        // row-major C: the column-major D^T (n,m) = B * A^T, B as the kernel's A
        let (_, _, swapped) = l.kernel_operands();
        let ((km, kn), (p0, ld0, z0), (p1, ld1, z1)) = if swapped {
            ((n, m), (pb, s.ldb, s.batch_b), (pa, s.lda, s.batch_a))
        } else {
            ((m, n), (pa, s.lda, s.batch_a), (pb, s.ldb, s.batch_b))
        };
        let (mi, ni, ki) = (km as i32, kn as i32, k as i32);
        let (lda, ldb, ldc, ldd) = (ld0 as i32, ld1 as i32, s.ldc as i32, s.ldd as i32);
        let (za, zb, zc, zd) = (z0 as i64, z1 as i64, s.batch_c as i64, s.batch_d as i64);
        let (bm, bn, _) = self.cfg.tile;
        let tiles = km.div_ceil(bm) * kn.div_ceil(bn);
        // the stream-K tail: its workspace is this stream's (allocated zeroed on first use with
        // sms / 2 slots, the most a split of `sms` takes; again if a launch needs more, e.g.
        // after `sms` was raised)
        let plan = self.stream_k_plan((km, kn, k), s.batch);
        let (sk_first, sk_splits, ctas) = match plan {
            Some(p) => (p.first as i32, p.splits as i32, p.ctas(tiles)),
            None => (tiles as i32, 0i32, tiles),
        };
        if ctas > i32::MAX as usize {
            return Err(format!("{km}x{kn}x{k}: {ctas} CTAs are more than the grid takes"));
        }
        let mut guard = self.workspaces.lock()?;
        let need = plan.map_or(0, |p| tiles - p.first);
        let (pw, _gw, pn, _gn) = sk_workspace(&mut guard, stream, need, self.sms.div_ceil(2), bm * bn)?;
        let mut launch = stream.launch_builder(&self.f);
        launch.arg(&mi).arg(&ni).arg(&ki);
        launch.arg(&p0).arg(&lda).arg(&za).arg(&p1).arg(&ldb).arg(&zb);
        launch.arg(&pc).arg(&ldc).arg(&zc).arg(&pd).arg(&ldd).arg(&zd);
        launch.arg(&alpha).arg(&beta);
        launch.arg(&sk_first).arg(&sk_splits).arg(&pw).arg(&pn);
        let cfg = LaunchConfig {
            grid_dim: (ctas as u32, s.batch as u32, 1),
            block_dim: (self.cfg.threads as u32, 1, 1),
            shared_mem_bytes: self.cfg.smem_bytes as u32,
        };
        // SAFETY: the argument list matches the kernel's signature (device pointers as
        // CUdeviceptr); the buffers hold every matrix of the batch with these strides (checked
        // above), and the shape, layouts and strides are ones the kernel takes (checked above; for
        // row-major C the kernel's problem is the exchanged one, which check_layouts checks). The
        // stream-K workspace has at least tiles - sk_first slots of bm * bn floats (checked
        // above), zero between launches of this stream, and belongs to this stream alone. The pointers' guards
        // (_ga.._gd, _gw, _gn) live until after the launch is queued.
        unsafe { launch.launch(cfg) }.map_err(|e| format!("launch: {e}"))?;
        let _ = &self.ctx;
        Ok(())
    }
}

/// The host type of a type-level element type: `float` is `f32`, `half_t` is `half::f16`.
pub trait HostElement {
    /// The element as the host and cudarc hold it.
    type Host: GemmElem;
}
impl HostElement for tycute_layout::float {
    type Host = f32;
}
impl HostElement for tycute_layout::half_t {
    type Host = half::f16;
}

/// The element type of C and D of configuration `C`: its S2G atom's value type, on the host.
pub type OutputOf<C> =
    <<<C as crate::configs::kernel::sm80::Sm80Kernel>::S2GAtom as tycute_atom::copy::CopyAtom>::ValType as HostElement>::Host;

/// The sm80 GEMM of the configuration type `C` (an [`Sm80Kernel`](crate::configs::kernel::sm80::Sm80Kernel),
/// e.g. `tycute::configs::sm80_tn_128x256::Sm80Tn128x256`): its C and D buffers have the
/// configuration's element type ([`OutputOf`]), so a buffer of the wrong type is a compile error
/// rather than a launch error; everything else is the [`Gemm`] it dereferences to.
///
/// ```no_run
/// # fn main() -> Result<(), String> {
/// use tycute::configs::sm80_tn_128x256::Sm80Tn128x256;
/// let ctx = tycute_cuda::gpu::context()?;
/// let gemm = tycute::gpu_check::Sm80Gemm::<Sm80Tn128x256>::new(&ctx)?;
/// let stream = ctx.default_stream();
/// let (m, n, k) = (256, 512, 128);
/// let a = stream.alloc_zeros::<u16>(m * k).map_err(|e| e.to_string())?; // A (m,k) halves, K-major
/// let b = stream.alloc_zeros::<u16>(n * k).map_err(|e| e.to_string())?; // B (n,k) halves, K-major
/// let mut c = stream.alloc_zeros::<f32>(m * n).map_err(|e| e.to_string())?; // C (m,n) column-major
/// gemm.run((m, n, k), &a, &b, &mut c, 1.0, 0.0, &stream)?; // C = A * B^T
/// # Ok(())
/// # }
/// ```
pub struct Sm80Gemm<C> {
    gemm: Gemm,
    _config: core::marker::PhantomData<fn() -> C>,
}

impl<C: crate::configs::kernel::sm80::Sm80Kernel> Sm80Gemm<C>
where
    <C::S2GAtom as tycute_atom::copy::CopyAtom>::ValType: HostElement,
{
    /// Builds the kernel of configuration `C` for the context's GPU (NVRTC, from the header
    /// `build.rs` wrote from `C`; or the CUBIN `$TYCUTE_GEMM_CUBIN` names) and loads it.
    pub fn new(ctx: &std::sync::Arc<CudaContext>) -> Result<Sm80Gemm<C>, String> {
        let cfg = Sm80Config::named(C::NAME)?;
        let arch = tycute_cuda::gpu::arch(ctx)?;
        let image = gemm_cubin(&cfg, arch)?
            .ok_or_else(|| format!("{}: no NVRTC to build the kernel (libnvrtc.so.13 on LD_LIBRARY_PATH: source scripts/cuda-env.sh), and no TYCUTE_GEMM_CUBIN", C::NAME))?;
        Ok(Sm80Gemm { gemm: Gemm::load(ctx, &cfg, image)?, _config: core::marker::PhantomData })
    }

    /// `C = alpha * A * B^T + beta * C` in place ([`Gemm::run`]), C of the configuration's
    /// element type.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        shape: (usize, usize, usize),
        a: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        b: &tycute_cuda::cudarc::driver::CudaSlice<u16>,
        c: &mut tycute_cuda::cudarc::driver::CudaSlice<OutputOf<C>>,
        alpha: f32,
        beta: f32,
        stream: &std::sync::Arc<tycute_cuda::cudarc::driver::CudaStream>,
    ) -> Result<(), String> {
        self.gemm.run(shape, a, b, c, alpha, beta, stream)
    }
}

impl<C> core::ops::Deref for Sm80Gemm<C> {
    type Target = Gemm;
    fn deref(&self) -> &Gemm {
        &self.gemm
    }
}

impl<C> core::ops::DerefMut for Sm80Gemm<C> {
    fn deref_mut(&mut self) -> &mut Gemm {
        &mut self.gemm
    }
}

/// Runs `sm80_gemm_tn` on random inputs of shape `m x n x k` (multiples of 1/4 in [-2, 2], so
/// every product and sum is exact in fp32) with alpha = 1.5, beta = 0.5, output poisoned with NaN
/// first, and compares with an f64 CPU reference. Returns the number of wrong (or unwritten)
/// elements, and counts a write outside D as wrong too.
pub fn gemm_check(g: &Gemm, m: usize, n: usize, k: usize) -> Result<usize, String> {
    let r = gemm_check_case(g, &GemmCase::packed((m, n, k)))?;
    Ok(r.wrong + r.unwritten + r.outside)
}

/// One checked problem of [`gemm_check_case`].
#[derive(Clone, Debug)]
pub struct GemmCase {
    /// (m, n, k).
    pub shape: (usize, usize, usize),
    /// Leading dimensions and batch; padding between rows, columns and matrices is poisoned.
    pub strides: GemmStrides,
    /// D = alpha * A * B^T + beta * C.
    pub alpha: f32,
    /// With beta = 0, C is all NaN: the kernel must not read it.
    pub beta: f32,
    /// `None`: every element against the reference; `Some(s)`: the first and last row and
    /// column of each matrix and `s` random elements (every element is still checked for being
    /// written, and the memory around D for not being written).
    pub sample: Option<usize>,
    /// The layouts of A, B and C/D (the strides are read in them).
    pub layouts: Layouts,
    /// `None`: exact inputs (see [`gemm_check_case`]), every checked element must equal the
    /// reference (rounded to D's type). `Some(t)`: random normal inputs (rounded to fp16, C to
    /// its type), and the checked elements' normwise relative error
    /// `||D - ref||_2 / ||ref||_2` must be at most `t` (for fp16 accumulation, whose sums are
    /// not exact; [`GemmReport::rel_error`]).
    pub tolerance: Option<f64>,
}

impl GemmCase {
    /// One packed TN problem, alpha = 1.5, beta = 0.5, every element checked.
    pub fn packed(shape: (usize, usize, usize)) -> GemmCase {
        GemmCase { shape, strides: GemmStrides::packed(shape, 1), alpha: 1.5, beta: 0.5, sample: None, layouts: Layouts::TN, tolerance: None }
    }

    /// One problem in layouts `l`, packed as the kernel allows ([`GemmStrides::packed_for`]).
    pub fn packed_in(shape: (usize, usize, usize), l: Layouts) -> GemmCase {
        GemmCase { strides: GemmStrides::packed_for(shape, 1, &l), layouts: l, ..GemmCase::packed(shape) }
    }
}

/// What [`gemm_check_case`] found.
#[derive(Clone, Debug, Default)]
pub struct GemmReport {
    /// Elements compared with the reference.
    pub checked: usize,
    /// Compared elements that differ (NaN included).
    pub wrong: usize,
    /// Elements of the D matrices left NaN (unwritten).
    pub unwritten: usize,
    /// Elements of the D buffer outside the D matrices (a guard of [`GUARD`] floats before and
    /// after, the padding between columns and between matrices) that no longer hold the sentinel.
    pub outside: usize,
    /// The first few wrong elements, described.
    pub examples: Vec<String>,
    /// `||D - ref||_2 / ||ref||_2` over the checked elements.
    pub rel_error: f64,
    /// `||D - D_cuBLAS||_2 / ||D_cuBLAS||_2` over all of D, where cuBLAS (`cublasGemmEx`, the same
    /// inputs, layouts, alpha, beta, accumulation and D type) computed the problem too: a single
    /// packed problem, and cuBLAS present; `None` otherwise. It counts in `wrong` when above the
    /// case's tolerance (exact inputs: 1e-6, both being exact; 1e-3 with fp16 accumulation,
    /// where cuBLAS rounds alpha * acc and beta * C in fp16 and the kernel their fp32 sum).
    pub cublas_rel_error: Option<f64>,
}

/// Elements of sentinel before and after the D matrices in [`gemm_check_case`].
pub const GUARD: usize = 1024;

/// The sentinel around (and the poison inside) D: a NaN with a payload no arithmetic produces
/// (fp32; fp16 D: the signalling NaN `0x7d5a`).
const SENTINEL: u32 = 0x7fa5_a5a5;
const SENTINEL16: u32 = 0x7d5a;

/// The largest K at which fp16 accumulation of [`gemm_check_case`]'s exact inputs is exact: A and
/// B in {-1, 0, 1}, so every partial sum is an integer of magnitude at most K, and the integers
/// up to 2048 are fp16 values.
pub const F16_ACC_EXACT_K: usize = 2048;

/// Runs one [`GemmCase`]: random A, B, C (padding NaN), D and a guard of [`GUARD`] elements on
/// each side filled with a NaN sentinel, one launch through [`Gemm::launch_layouts`] (D passed as
/// a view after the guard), then an f64 CPU reference. C and D are of the configuration's element
/// type (fp32 or fp16).
///
/// Exact inputs (`case.tolerance == None`): A and B multiples of 1/4 in [-2, 2] (exact in fp16,
/// and, summed, in fp32) with fp32 accumulation; with fp16 accumulation A and B in {-1, 0, 1} and
/// K at most [`F16_ACC_EXACT_K`] (every partial sum an fp16 integer); C multiples of 1/4 in
/// [-2, 2]. alpha * acc + beta * C is then exact in fp32, so D (rounded once to fp16 for fp16 D,
/// as the reference is) must equal the reference.
pub fn gemm_check_case(g: &Gemm, case: &GemmCase) -> Result<GemmReport, String> {
    if g.cfg.out_bits == 16 {
        check_case_typed::<half::f16>(g, case)
    } else {
        check_case_typed::<f32>(g, case)
    }
}

fn check_case_typed<T: GemmElem>(g: &Gemm, case: &GemmCase) -> Result<GemmReport, String> {
    let (m, n, k) = case.shape;
    let s = &case.strides;
    let l = &case.layouts;
    s.check_layouts(&g.cfg, case.shape, l)?;
    let f16_acc = g.cfg.acc_bits == 16;
    if case.tolerance.is_none() && f16_acc && k > F16_ACC_EXACT_K {
        return Err(format!(
            "{}: fp16 accumulation is exact on the check's inputs up to K = {F16_ACC_EXACT_K}, not {k} (give the case a tolerance)",
            g.cfg.name
        ));
    }
    let [(ao, al), (bo, bl), (co, cl)] = extents(l, case.shape);
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let next = |seed: &mut u64| {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    };
    // a standard normal (Box-Muller on two 31-bit uniforms)
    let normal = |seed: &mut u64| {
        let (u, v) = ((next(seed) as f64 + 0.5) / (1u64 << 31) as f64, (next(seed) as f64 + 0.5) / (1u64 << 31) as f64);
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    };
    let nan16 = 0x7e00u16;
    // element values: A and B as halves represent them; C as T does
    let mut value = |what: char| -> f32 {
        match (case.tolerance, what) {
            (Some(_), 'c') => T::from_f64(normal(&mut seed)).to_f64() as f32,
            (Some(_), _) => half::f16::from_f64(normal(&mut seed)).to_f32(),
            (None, 'c') => (next(&mut seed) % 17) as f32 / 4.0 - 2.0,
            (None, _) if f16_acc => (next(&mut seed) % 3) as f32 - 1.0,
            (None, _) => (next(&mut seed) % 17) as f32 / 4.0 - 2.0,
        }
    };
    // X (rows, len) with row stride ld, batch stride z: random inside, NaN between
    let mut fill = |what: char, rows: usize, len: usize, ld: usize, z: usize, inside_nan: bool| -> Vec<f32> {
        let total = s.extent(rows, len, ld, z);
        let mut v = vec![f32::NAN; total];
        for b in 0..s.batch {
            for r in 0..rows {
                for x in 0..len {
                    v[b * z + r * ld + x] = if inside_nan { f32::NAN } else { value(what) };
                }
            }
        }
        v
    };
    let [la, lb, _, _] = s.lens(l, case.shape);
    let mut a = fill('a', ao, al, s.lda, s.batch_a, false);
    let mut b = fill('b', bo, bl, s.ldb, s.batch_b, false);
    // an M-/N-major operand's buffer holds its last column rounded up to 8 rows (NaN)
    a.resize(la, f32::NAN);
    b.resize(lb, f32::NAN);
    let c = fill('c', co, cl, s.ldc, s.batch_c, case.beta == 0.0);
    let d_len = s.extent(co, cl, s.ldd, s.batch_d);
    // element offsets: A(i,kk), B(j,kk), C/D(i,j) with outer stride ld
    let at_a = |i: usize, kk: usize| if l.a == Major::K { i * s.lda + kk } else { kk * s.lda + i };
    let at_b = |j: usize, kk: usize| if l.b == Major::K { j * s.ldb + kk } else { kk * s.ldb + j };
    let at_c = |i: usize, j: usize, ld: usize| if l.c == COrder::ColMajor { j * ld + i } else { i * ld + j };
    let halves = |x: &[f32]| -> Vec<u16> { x.iter().map(|&v| if v.is_nan() { nan16 } else { f16_bits(v) }).collect() };
    let sentinel = T::from_bits(if T::BITS == 16 { SENTINEL16 } else { SENTINEL });
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let da = stream.clone_htod(&halves(&a)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&halves(&b)).map_err(|x| e("B", x))?;
    let dc = stream.clone_htod(&c.iter().map(|&x| T::from_f64(x as f64)).collect::<Vec<T>>()).map_err(|x| e("C", x))?;
    let mut dd = stream.clone_htod(&vec![sentinel; d_len + 2 * GUARD]).map_err(|x| e("D", x))?;
    {
        let mut view = dd.slice_mut(GUARD..GUARD + d_len);
        g.launch_layouts(&stream, case.shape, l, s, &da, &db, &dc, &mut view, case.alpha, case.beta)?;
    }
    let d: Vec<T> = stream.clone_dtoh(&dd).map_err(|x| e("D back", x))?;
    let d_cublas = cublas_same_problem::<T>(g, case, &stream, &da, &db, &dc)?;

    let mut r = GemmReport::default();
    // writes outside the matrices, and unwritten elements inside
    let mut inside = vec![false; d.len()];
    for z in 0..s.batch {
        for j in 0..n {
            for i in 0..m {
                let at = GUARD + z * s.batch_d + at_c(i, j, s.ldd);
                inside[at] = true;
                if d[at].to_f64().is_nan() {
                    r.unwritten += 1;
                }
            }
        }
    }
    for (at, (&x, &ins)) in d.iter().zip(&inside).enumerate() {
        if !ins && x.bits() != sentinel.bits() {
            r.outside += 1;
            if r.examples.len() < 8 {
                r.examples.push(format!("D buffer element {at} (guard {GUARD}, ldd {}) outside the matrices was written: {}", s.ldd, x.to_f64()));
            }
        }
    }
    // the reference on the chosen elements
    let mut pick: Vec<(usize, usize, usize)> = Vec::new();
    match case.sample {
        None => (0..s.batch).for_each(|z| (0..n).for_each(|j| (0..m).for_each(|i| pick.push((z, i, j))))),
        Some(count) => {
            for z in 0..s.batch {
                for i in 0..m {
                    pick.push((z, i, 0));
                    pick.push((z, i, n - 1));
                }
                for j in 0..n {
                    pick.push((z, 0, j));
                    pick.push((z, m - 1, j));
                }
            }
            for _ in 0..count {
                let x = next(&mut seed) as usize;
                pick.push((x % s.batch, (x / s.batch) % m, next(&mut seed) as usize % n));
            }
        }
    }
    let (mut err2, mut ref2) = (0.0f64, 0.0f64);
    for (z, i, j) in pick {
        let dot: f64 = (0..k).map(|kk| a[z * s.batch_a + at_a(i, kk)] as f64 * b[z * s.batch_b + at_b(j, kk)] as f64).sum();
        let mut want = case.alpha as f64 * dot;
        if case.beta != 0.0 {
            want += case.beta as f64 * c[z * s.batch_c + at_c(i, j, s.ldc)] as f64;
        }
        // D's type: the exact value rounded once (fp16 D)
        let want = T::from_f64(want).to_f64();
        let got = d[GUARD + z * s.batch_d + at_c(i, j, s.ldd)].to_f64();
        r.checked += 1;
        err2 += (got - want) * (got - want);
        ref2 += want * want;
        let bad = match case.tolerance {
            None => !(got - want).abs().le(&(1e-6 * want.abs().max(1.0))),
            Some(_) => got.is_nan(),
        };
        if bad {
            r.wrong += 1;
            if r.examples.len() < 8 {
                r.examples.push(format!("D[{z}][{i},{j}] = {got}, want {want}"));
            }
        }
    }
    r.rel_error = normwise(err2, ref2);
    if let Some(dc) = d_cublas {
        // cuBLAS's D against ours, every element (a packed single problem: D is d[GUARD..])
        let (mut e2, mut c2) = (0.0f64, 0.0f64);
        for (x, y) in d[GUARD..GUARD + dc.len()].iter().zip(&dc) {
            let (x, y) = (x.to_f64(), y.to_f64());
            e2 += (x - y) * (x - y);
            c2 += y * y;
        }
        let rel = normwise(e2, c2);
        // exact inputs: both exact (fp32 accumulation), except that cuBLAS's fp16 compute also
        // rounds alpha * acc and beta * C in fp16, where the kernel rounds the fp32 sum once
        let bound = case.tolerance.unwrap_or(if f16_acc { 1e-3 } else { 1e-6 });
        if !(rel <= bound) {
            r.wrong += 1;
            r.examples.push(format!("normwise relative difference from cuBLAS {rel:.3e} is above {bound:.1e}"));
        }
        r.cublas_rel_error = Some(rel);
    }
    if let Some(t) = case.tolerance {
        if !(r.rel_error <= t) {
            r.wrong += 1;
            r.examples.push(format!("normwise relative error {:.3e} over {} elements is above the tolerance {t:.1e}", r.rel_error, r.checked));
        }
    }
    Ok(r)
}

/// `sqrt(err2 / ref2)`: a normwise relative error from the squared norms of the difference and
/// the reference (the absolute one when the reference is zero).
pub(crate) fn normwise(err2: f64, ref2: f64) -> f64 {
    if ref2 > 0.0 {
        (err2 / ref2).sqrt()
    } else {
        err2.sqrt()
    }
}

/// cuBLAS's D for the problem of `case` on the same device inputs (`cublasGemmEx`, the layouts'
/// ops, fp32 compute, or fp16 compute for fp16 accumulators; row-major C as the exchanged
/// problem, as the kernel runs it), or `None` where the comparison does not apply: a batch,
/// strides other than packed, fp16 accumulation with fp32 D (cuBLAS's fp16 compute writes fp16
/// only), or no cuBLAS on the machine.
fn cublas_same_problem<T: GemmElem>(
    g: &Gemm,
    case: &GemmCase,
    stream: &Stream,
    da: &Slice<u16>,
    db: &Slice<u16>,
    dc: &Slice<T>,
) -> Result<Option<Vec<T>>, String> {
    use tycute_cuda::cudarc::cublas::sys::cudaDataType;
    let (m, n, k) = case.shape;
    let l = &case.layouts;
    let f16_acc = g.cfg.acc_bits == 16;
    if case.strides != GemmStrides::packed_for(case.shape, 1, l) || (f16_acc && T::BITS != 16) {
        return Ok(None);
    }
    // an M-/N-major operand's packed leading dimension is rounded up to 8 (cuBLAS takes it as
    // the extent itself): compare only where the two agree
    let [(_, al), (_, bl), _] = extents(l, case.shape);
    if case.strides.lda != al || case.strides.ldb != bl {
        return Ok(None);
    }
    let Ok(blas) = cublas(stream) else { return Ok(None) };
    let (rows, cols, x, y, mx, my) =
        if l.c == COrder::ColMajor { (m, n, da, db, l.a, l.b) } else { (n, m, db, da, l.b, l.a) };
    let mut out = stream.clone_dtod(dc).map_err(|x| format!("cuBLAS C: {x}"))?;
    let d_type = if T::BITS == 16 { cudaDataType::CUDA_R_16F } else { cudaDataType::CUDA_R_32F };
    cublas_gemm_compute(&blas, stream, (rows, cols, k), (mx, my), x, y, &mut out, d_type, (case.alpha, case.beta), f16_acc)?;
    stream.clone_dtoh(&out).map(Some).map_err(|x| format!("cuBLAS D back: {x}"))
}

/// Times `sm80_gemm_tn` at `m x n x k`: `reps` launches between two events (created with
/// `CU_EVENT_DEFAULT`) after 3 warm-up launches; returns TFLOP/s of the mean.
pub fn gemm_bench(g: &Gemm, m: usize, n: usize, k: usize, reps: usize) -> Result<f64, String> {
    if g.cfg.out_bits == 16 {
        gemm_bench_typed::<half::f16>(g, (m, n, k), reps)
    } else {
        gemm_bench_typed::<f32>(g, (m, n, k), reps)
    }
}

fn gemm_bench_typed<T: GemmElem>(g: &Gemm, (m, n, k): (usize, usize, usize), reps: usize) -> Result<f64, String> {
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let l = g.cfg.layouts();
    let [la, lb, lc, ld] = GemmStrides::packed_for((m, n, k), 1, &l).lens(&l, (m, n, k));
    let da = stream.alloc_zeros::<u16>(la).map_err(|x| e("A", x))?;
    let db = stream.alloc_zeros::<u16>(lb).map_err(|x| e("B", x))?;
    let dc = stream.alloc_zeros::<T>(lc).map_err(|x| e("C", x))?;
    let mut dd = stream.alloc_zeros::<T>(ld).map_err(|x| e("D", x))?;
    let ms = mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// cuBLAS's `cublasGemmEx` on the same problem as [`gemm_bench`] (A, B half, K-major, i.e. the
/// column-major `op(A) = T`, `op(B) = N` call; fp32 compute and D), timed the same way; TFLOP/s.
/// `Err` names what is missing when cuBLAS cannot be loaded.
pub fn cublas_bench(ctx: &std::sync::Arc<CudaContext>, m: usize, n: usize, k: usize, reps: usize) -> Result<f64, String> {
    cublas_bench_as(ctx, &Sm80Config::named(DEFAULT_SM80)?, (m, n, k), reps)
}

/// [`cublas_bench`] with the element types of configuration `cfg` ([`cublas_types`]).
pub fn cublas_bench_as(ctx: &std::sync::Arc<CudaContext>, cfg: &Sm80Config, (m, n, k): (usize, usize, usize), reps: usize) -> Result<f64, String> {
    let stream = ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let blas = cublas(&stream)?;
    let da = stream.alloc_zeros::<u16>(m * k).map_err(|x| e("A", x))?;
    let db = stream.alloc_zeros::<u16>(n * k).map_err(|x| e("B", x))?;
    let ms = if cublas_d16(cfg) {
        let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
        mean_ms(&stream, reps, || cublas_gemm_as(&blas, &stream, cfg, (m, n, k), &da, &db, &mut dd))?
    } else {
        let mut dd = stream.alloc_zeros::<f32>(m * n).map_err(|x| e("D", x))?;
        mean_ms(&stream, reps, || cublas_gemm_as(&blas, &stream, cfg, (m, n, k), &da, &db, &mut dd))?
    };
    Ok(2.0 * m as f64 * n as f64 * k as f64 / (ms * 1e-3) / 1e12)
}

/// Whether the cuBLAS call of [`cublas_types`] writes fp16 D: for fp16 C/D, and for fp16
/// accumulation (cuBLAS's `CUBLAS_COMPUTE_16F` takes fp16 C and D only).
fn cublas_d16(cfg: &Sm80Config) -> bool {
    cfg.out_bits == 16 || cfg.acc_bits == 16
}

/// The cuBLAS call the benchmarks compare configuration `cfg` with: `cublasGemmEx`, fp16 A and B
/// in `cfg`'s layouts, fp32 compute (`CUBLAS_COMPUTE_32F`) or, for fp16 accumulation, fp16
/// compute (`CUBLAS_COMPUTE_16F`), D of `cfg`'s type, except that with fp16 compute cuBLAS
/// takes fp16 D only (so an fp16-accumulating configuration with fp32 D is compared with fp16 D).
pub fn cublas_types(cfg: &Sm80Config) -> &'static str {
    match (cfg.acc_bits, cfg.out_bits) {
        (16, 16) => "fp16 compute (CUBLAS_COMPUTE_16F), fp16 D",
        (16, _) => "fp16 compute (CUBLAS_COMPUTE_16F), fp16 D: cuBLAS has no fp16-compute GEMM with fp32 D",
        (_, 16) => "fp32 compute, fp16 D",
        _ => "fp32 compute and D",
    }
}

/// One cuBLAS call of [`cublas_types`] for configuration `cfg` (D = A * B^T, packed, in `cfg`'s
/// layouts); `d` of `f32` or `u16` as [`cublas_d16`] says.
fn cublas_gemm_as<T: tycute_cuda::cudarc::driver::DeviceRepr>(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    cfg: &Sm80Config,
    shape: (usize, usize, usize),
    a: &Slice<u16>,
    b: &Slice<u16>,
    d: &mut Slice<T>,
) -> Result<(), String> {
    use tycute_cuda::cudarc::cublas::sys::cudaDataType;
    let d_type = if cublas_d16(cfg) { cudaDataType::CUDA_R_16F } else { cudaDataType::CUDA_R_32F };
    if std::mem::size_of::<T>() * 8 != if cublas_d16(cfg) { 16 } else { 32 } {
        return Err("cuBLAS D buffer of the wrong element size".into());
    }
    let l = cfg.layouts();
    cublas_gemm_compute(blas, stream, shape, (l.a, l.b), a, b, d, d_type, (1.0, 0.0), cfg.acc_bits == 16)
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

/// Benchmark of `sm80_gemm_tn` and cuBLAS (`cublasGemmEx` with the configuration's types,
/// [`cublas_types`]) on the
/// same inputs: random multiples of 1/64 in [-1, 1], rotated over enough buffer sets that each
/// run reads A and B from outside L2 (at least twice L2's 50 MB in all); per run a pair of
/// `CU_EVENT_DEFAULT` events, the runs queued or each alone ([`Timing`]); three warm-up runs per
/// set; the median of `runs`. Returns
/// (tycute TFLOP/s, cuBLAS TFLOP/s or `None` without cuBLAS).
pub fn bench_rotating(
    g: &Gemm,
    ctx: &std::sync::Arc<CudaContext>,
    shape: (usize, usize, usize),
    runs: usize,
    timing: Timing,
) -> Result<(f64, Option<f64>), String> {
    match (g.cfg.out_bits == 16, cublas_d16(&g.cfg)) {
        (true, _) => bench_rotating_typed::<half::f16, u16>(g, ctx, shape, runs, timing),
        (false, true) => bench_rotating_typed::<f32, u16>(g, ctx, shape, runs, timing),
        (false, false) => bench_rotating_typed::<f32, f32>(g, ctx, shape, runs, timing),
    }
}

/// [`bench_rotating`] with C/D of type `T` and cuBLAS's D of type `U`.
fn bench_rotating_typed<T: GemmElem, U: tycute_cuda::cudarc::driver::DeviceRepr + tycute_cuda::cudarc::driver::ValidAsZeroBits>(
    g: &Gemm,
    ctx: &std::sync::Arc<CudaContext>,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    timing: Timing,
) -> Result<(f64, Option<f64>), String> {
    g.cfg.shape_ok(m, n, k)?;
    let l = g.cfg.layouts();
    if GemmStrides::packed_for((m, n, k), 1, &l).lens(&l, (m, n, k))[..2] != [m * k, n * k] {
        return Err(format!("the {} benchmark takes packed operands: M and N multiples of 8, not {m}x{n}x{k}", l.ab()));
    }
    let stream = ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let (bufs, _) = rotating_inputs(&stream, (m, n, k))?;
    let sets = bufs.len();
    let c = stream.alloc_zeros::<T>(m * n).map_err(|x| e("C", x))?;
    let mut d = stream.alloc_zeros::<T>(m * n).map_err(|x| e("D", x))?;
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
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Ok((ours, None));
    }
    let blas = cublas(&stream)?;
    let mut dc = stream.alloc_zeros::<U>(m * n).map_err(|x| e("D", x))?;
    for (a, b) in &bufs {
        for _ in 0..3 {
            cublas_gemm_as(&blas, &stream, &g.cfg, (m, n, k), a, b, &mut dc)?;
        }
    }
    let theirs = median_tflops(each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        cublas_gemm_as(&blas, &stream, &g.cfg, (m, n, k), a, b, &mut dc)
    })?);
    Ok((ours, Some(theirs)))
}
