//! The GEMM for decode-sized M ([`SkinnyGemm`], `kernels/skinny_gemm.cu`): `D = alpha * A * B^T
//! + beta * C` with M <= 64 (one m16 MMA tile up to 16 rows, four up to 64), A (M,K) and B (N,K) K-major 16-bit, C and D (M,N) row-major, fp32
//! accumulation, on sm_80 and sm_90a. At such an M the work is reading B: its warps stream B's rows
//! from global memory into mma.sync m16n8k16 (the MMA's 16 rows are M), each CTA's warps sharing
//! K, where the sm90 kernel's 128-row tiles would compute 8 to 128 times the rows it keeps.
//! `tycute_gemm::sm90::pick` is not asked: the launch API's choice for such shapes is
//! [`SkinnyGemm::takes`] (docs/perf.md, "Decode-sized M").

use std::sync::Arc;

use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, DevicePtr, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::nvrtc::Arch;

use crate::bench::{each_ms, median_tflops, rotating_inputs, Timing};
use crate::cublas;
use crate::device::Stream;
use crate::elem::ElementCode;
use crate::error::{driver, unsupported};
use crate::layout::Major;
use crate::sm90::Sm90Report;
use crate::Result;

/// The kernel's source (built by NVRTC at run time when no CUBIN is given).
pub const SKINNY_SOURCE: &str = include_str!("../kernels/skinny_gemm.cu");

/// The largest M the kernels take: four m16 MMA tiles (`skinny_gemm_tn_m64`; up to 16 rows,
/// `skinny_gemm_tn`: one).
pub const MAX_M: usize = 64;

/// Columns of D per CTA (the kernel's `kCols`) and threads per CTA (`kThreads`).
const COLS: usize = 32;
const THREADS: u32 = 256;

/// Leading dimensions of one skinny launch (elements): A (m,k) and B (n,k) row-major (K-major), C
/// and D (m,n) row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkinnyStrides {
    /// Elements between rows of A (at least k, a multiple of 8).
    pub lda: usize,
    /// Elements between rows of B (at least k, a multiple of 8).
    pub ldb: usize,
    /// Elements between rows of C (at least n).
    pub ldc: usize,
    /// Elements between rows of D (at least n).
    pub ldd: usize,
}

impl SkinnyStrides {
    /// Packed: lda = ldb = k, ldc = ldd = n.
    pub fn packed((_, n, k): (usize, usize, usize)) -> SkinnyStrides {
        SkinnyStrides { lda: k, ldb: k, ldc: n, ldd: n }
    }

    /// Elements the buffers of A, B, C and D must hold for `(m, n, k)`.
    pub fn extents(&self, (m, n, k): (usize, usize, usize)) -> [usize; 4] {
        [(m - 1) * self.lda + k, (n - 1) * self.ldb + k, (m - 1) * self.ldc + n, (m - 1) * self.ldd + n]
    }
}

/// The kernel of one element type (fp16 or bf16), loaded.
pub struct SkinnyGemm {
    _module: Arc<CudaModule>,
    /// `skinny_gemm_tn` (M <= 16), `skinny_gemm_tn_w4` (M <= 16, CTAs of 4 warps) and
    /// `skinny_gemm_tn_m64` (M <= 64).
    f16: M16Entries,
    f64: CudaFunction,
    element: ElementCode,
    sms: usize,
}

impl SkinnyGemm {
    /// The NVRTC options of the build for element `e`.
    pub fn options(e: ElementCode) -> Result<Vec<String>> {
        match e {
            ElementCode::F16 => Ok(vec!["-DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_F16".to_string()]),
            ElementCode::Bf16 => Ok(vec!["-DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_BF16".to_string()]),
            ElementCode::F32 => Err(unsupported("the skinny GEMM takes fp16 or bf16 A and B, not fp32".to_string())),
        }
    }

    /// The CUBIN's name in `$TYCUTE_CUBIN_DIR` (`skinny_gemm_f16`, `skinny_gemm_bf16`).
    pub fn stem(e: ElementCode) -> String {
        format!("skinny_gemm_{}", if e == ElementCode::Bf16 { "bf16" } else { "f16" })
    }

    /// Builds (NVRTC, or the CUBIN `$TYCUTE_CUBIN_DIR` names) and loads the kernel of element `e`
    /// for the context's GPU (sm_80 or sm_90a). `Ok(None)`: neither NVRTC nor a CUBIN directory.
    pub fn load(ctx: &Arc<CudaContext>, e: ElementCode) -> Result<Option<SkinnyGemm>> {
        let arch: Arch = tycute_cuda::gpu::arch(ctx).map_err(|x| unsupported(format!("the skinny GEMM: {x}")))?;
        let Some(image) = crate::cubin(&Self::stem(e), "skinny_gemm.cu", SKINNY_SOURCE, arch, Self::options(e)?)? else {
            return Ok(None);
        };
        Self::load_image(ctx, e, image).map(Some)
    }

    /// Loads the kernel from a CUBIN built with [`SkinnyGemm::options`]`(e)`.
    pub fn load_image(ctx: &Arc<CudaContext>, e: ElementCode, image: Vec<u8>) -> Result<SkinnyGemm> {
        Self::options(e)?;
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the skinny GEMM's CUBIN"))?;
        let f16 = M16Entries::load(
            &module,
            [
                ("skinny_gemm_tn", "launch skinny_gemm_tn"),
                ("skinny_gemm_tn_w4", "launch skinny_gemm_tn_w4"),
                ("skinny_gemm_tn_n16", "launch skinny_gemm_tn_n16"),
            ],
        )?;
        let f64 = module.load_function("skinny_gemm_tn_m64").map_err(driver("kernel skinny_gemm_tn_m64 (a CUBIN built before it?)"))?;
        Ok(SkinnyGemm { _module: module, f16, f64, element: e, sms: sm_count(ctx)? })
    }

    /// The element type of A, B, C and D.
    pub fn element(&self) -> ElementCode {
        self.element
    }

    /// Whether the kernels take `(m, n, k)` with strides `s`: 1 <= m <= 64, n, k >= 1, K and A's
    /// and B's leading dimensions multiples of 8 (16-byte loads; not the row stride of a one-row A
    /// or B, which addresses nothing), each leading dimension at least
    /// its row, everything below 2^31; `Err` names the rule.
    pub fn takes((m, n, k): (usize, usize, usize), s: &SkinnyStrides) -> Result<()> {
        let max = i32::MAX as usize;
        if m == 0 || m > MAX_M || n == 0 || k == 0 || n > max || k > max {
            return Err(unsupported(format!("the skinny GEMM takes 1 <= M <= {MAX_M} and N, K >= 1 below 2^31, not {m}x{n}x{k}")));
        }
        // (the kernels address rows past M and N as row 0: a one-row A or B uses no row stride)
        if k % 8 != 0 || (m > 1 && s.lda % 8 != 0) || (n > 1 && s.ldb % 8 != 0) {
            return Err(unsupported(format!(
                "the skinny GEMM reads A and B in 16-byte pieces: K, lda and ldb must be multiples of 8, not K {k}, lda {}, ldb {}",
                s.lda, s.ldb
            )));
        }
        if s.lda < k || s.ldb < k || s.ldc < n || s.ldd < n {
            return Err(unsupported(format!("leading dimensions {s:?} are smaller than the rows of {m}x{n}x{k}")));
        }
        Ok(())
    }

    /// `D = alpha * A * B^T + beta * C` on `stream` (C is not read when beta is 0), the 16-bit
    /// elements as their `u16` bits. Anything the kernel cannot take ([`SkinnyGemm::takes`], a
    /// buffer shorter than its matrix, A or B not 16-byte aligned) is an error before the launch.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<A, B, C, D>(&self, stream: &Stream, (m, n, k): (usize, usize, usize), s: &SkinnyStrides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32) -> Result<()>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        self.launch_form(form_for(n, self.sms, false), stream, (m, n, k), s, a, b, c, d, alpha, beta)
    }

    /// [`SkinnyGemm::launch`] by the CTAs of `form` (for M <= 16; above, the four-tile entry point
    /// whatever `form` says), not the one [`form_for`] chooses: for tests and measurements.
    #[allow(clippy::too_many_arguments)]
    pub fn launch_form<A, B, C, D>(&self, form: SkinnyForm, stream: &Stream, (m, n, k): (usize, usize, usize), s: &SkinnyStrides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32) -> Result<()>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        Self::takes((m, n, k), s)?;
        let (f, what, grid) = if m <= 16 { self.f16.of(form) } else { (&self.f64, "launch skinny_gemm_tn_m64", (THREADS, COLS)) };
        launch_checked(stream, f, what, grid, (m, n, k), s, (a, b, c, d), alpha, beta)
    }
}

/// Warps of a CTA of the M <= 16 entry points for N columns on `sms` SMs: 8 where the ceil(N / 32)
/// CTAs fit the SMs once, or run in three waves of 8-warp CTAs, the last nearly full (2 sms <
/// CTAs <= 3 sms); 4 otherwise (`_w4`, two CTAs a SM: half the waves). Measured on the H100
/// (docs/perf.md, "The decode-sized kernels in one wave"), fp16 / e4m3 against cuBLAS(Lt):
/// 16x5120x5120 (160 CTAs) 0.84 / 0.81 with 8 warps, 0.93 / 0.90 with 4; 1x22016x4096 (688) 1.04
/// against 1.12; 1x10240x8192 (320) 1.08 / 0.94 against 0.96 / 0.82; N <= 4096 (one wave) 8 ahead.
/// `TYCUTE_SKINNY_WARPS=4|8` forces one (for measuring).
pub fn warps_for(n: usize, sms: usize) -> usize {
    if let Some(w) = std::env::var("TYCUTE_SKINNY_WARPS").ok().and_then(|v| v.parse::<usize>().ok()).filter(|w| *w == 4 || *w == 8) {
        return w;
    }
    let ctas = n.div_ceil(COLS);
    if ctas <= sms || (ctas > 2 * sms && ctas <= 3 * sms) {
        8
    } else {
        4
    }
}

/// The CTAs of an M <= 16 launch: 32 columns by 8 warps or by 4, or 16 columns by 4 warps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkinnyForm {
    /// `skinny_gemm_tn`: 32 columns, 8 warps (one CTA a SM).
    Warps8,
    /// `skinny_gemm_tn_w4`: 32 columns, 4 warps (two a SM).
    Warps4,
    /// `skinny_gemm_tn_n16`: 16 columns, 4 warps (three or four a SM): twice the CTAs of
    /// `Warps4`.
    Cols16,
}

/// The form of the M <= 16 entry points for N columns on `sms` SMs, 16-bit A and B (`fp8`:
/// false) or fp8. Where [`warps_for`] gives 4 warps (the 32-column CTAs would leave some SMs
/// with one more CTA than others), CTAs of 16 columns, which even the SMs' shares out twice as
/// finely: for 16-bit A and B always (four a SM at 120 registers), for fp8 only where they fit the
/// SMs once at three a SM (150 registers; N = 8192 on 132 SMs, 512 CTAs, ran 0.76-0.83 of the
/// 32-column CTAs). Measured on the H200 (docs/perf.md "The decode-sized kernel in CTAs of 16
/// columns"), the sweep's M <= 16 lines with each form forced, two rounds: fp16 1.04-1.13x where
/// the rule takes them (16x5120x5120 38.7 -> 42.4 TFLOP/s), 0.85-0.95x where 8 warps are taken
/// (one wave of 128 CTAs, or three of 8-warp CTAs); e4m3 1.09-1.15x at N = 5120 and 6144.
/// `TYCUTE_SKINNY_COLS=16` or `=32` forces one (for measuring).
pub fn form_for(n: usize, sms: usize, fp8: bool) -> SkinnyForm {
    let forced = std::env::var("TYCUTE_SKINNY_COLS").ok();
    let by_warps = if warps_for(n, sms) == 4 { SkinnyForm::Warps4 } else { SkinnyForm::Warps8 };
    match forced.as_deref() {
        Some("16") => return SkinnyForm::Cols16,
        Some("32") => return by_warps,
        _ => {}
    }
    let even = if fp8 { n.div_ceil(COLS) > sms && n.div_ceil(COLS / 2) <= 3 * sms } else { by_warps == SkinnyForm::Warps4 };
    if even {
        SkinnyForm::Cols16
    } else {
        by_warps
    }
}

/// The M <= 16 launch for N columns on `sms` SMs (fp8 A and B or 16-bit) in words: "128 CTAs of
/// 8 warps" (32 columns each), "320 CTAs of 4 warps, 16 columns each".
pub fn plan(n: usize, sms: usize, fp8: bool) -> String {
    match form_for(n, sms, fp8) {
        SkinnyForm::Cols16 => format!("{} CTAs of 4 warps, 16 columns each", n.div_ceil(COLS / 2)),
        SkinnyForm::Warps4 => format!("{} CTAs of 4 warps", n.div_ceil(COLS)),
        SkinnyForm::Warps8 => format!("{} CTAs of 8 warps", n.div_ceil(COLS)),
    }
}

/// The M <= 16 entry points of a skinny module, one per [`SkinnyForm`] (`Warps8`, `Warps4`,
/// `Cols16`), with the names their launch errors give.
struct M16Entries {
    f: [CudaFunction; 3],
    what: [&'static str; 3],
}

impl M16Entries {
    /// The entry points of `module` named `entries` (of `Warps8`, `Warps4`, `Cols16`: the name,
    /// and its launch's name).
    fn load(module: &Arc<CudaModule>, entries: [(&str, &'static str); 3]) -> Result<M16Entries> {
        let load = |name: &str| module.load_function(name).map_err(driver(format!("kernel {name} (a CUBIN built before it?)")));
        let f = [load(entries[0].0)?, load(entries[1].0)?, load(entries[2].0)?];
        Ok(M16Entries { f, what: entries.map(|e| e.1) })
    }

    /// The entry point of `form`, its launch's name, and its CTAs' threads and columns.
    fn of(&self, form: SkinnyForm) -> (&CudaFunction, &'static str, (u32, usize)) {
        let (i, grid) = match form {
            SkinnyForm::Warps8 => (0, (THREADS, COLS)),
            SkinnyForm::Warps4 => (1, (THREADS / 2, COLS)),
            SkinnyForm::Cols16 => (2, (THREADS / 2, COLS / 2)),
        };
        (&self.f[i], self.what[i], grid)
    }
}

/// The GPU's SMs.
fn sm_count(ctx: &Arc<CudaContext>) -> Result<usize> {
    use tycute_cuda::cudarc::driver::sys::CUdevice_attribute;
    Ok((ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT).map_err(driver("SM count"))? as usize).max(1))
}

/// Launches entry point `f` of a skinny kernel (each has one signature: A, B, C, D, M, N, K, lda,
/// ldb, ldc, ldd, alpha, beta) over ceil(N / cols) CTAs of `threads`, after the checks every entry
/// point needs (the shape's own rules are the caller's): the buffers hold the matrices (C only
/// when beta != 0) and A and B are 16-byte aligned. The buffers' guards live through the launch.
#[allow(clippy::too_many_arguments)]
fn launch_checked<T, A, B, C, D>(
    stream: &Stream,
    f: &CudaFunction,
    what: &'static str,
    (threads, cols): (u32, usize),
    (m, n, k): (usize, usize, usize),
    s: &SkinnyStrides,
    (a, b, c, d): (&A, &B, &C, &mut D),
    alpha: f32,
    beta: f32,
) -> Result<()>
where
    A: DevicePtr<T>,
    B: DevicePtr<T>,
    C: DevicePtr<u16>,
    D: DevicePtrMut<u16>,
{
    let ext = s.extents((m, n, k));
    if a.len() < ext[0] || b.len() < ext[1] || (beta != 0.0 && c.len() < ext[2]) || d.len() < ext[3] {
        return Err(unsupported(format!("a buffer is smaller than the {m}x{n}x{k} problem with {s:?} (A, B, C, D need {ext:?} elements)")));
    }
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let (pc, _gc) = c.device_ptr(stream);
    let (pd, _gd) = d.device_ptr_mut(stream);
    if pa % 16 != 0 || pb % 16 != 0 {
        return Err(unsupported(format!("{what}: the skinny GEMM reads A and B in 16-byte pieces: their addresses must be 16-byte aligned, not {pa:#x}, {pb:#x}")));
    }
    let (mi, ni, ki) = (m as i32, n as i32, k as i32);
    let (lda, ldb, ldc, ldd) = (s.lda as i64, s.ldb as i64, s.ldc as i64, s.ldd as i64);
    let cfg = LaunchConfig { grid_dim: (n.div_ceil(cols) as u32, 1, 1), block_dim: (threads, 1, 1), shared_mem_bytes: 0 };
    let mut l = stream.launch_builder(f);
    l.arg(&pa).arg(&pb).arg(&pc).arg(&pd).arg(&mi).arg(&ni).arg(&ki).arg(&lda).arg(&ldb).arg(&ldc).arg(&ldd).arg(&alpha).arg(&beta);
    // SAFETY: the arguments are the kernel's, in its signature's order and types; the buffers
    // hold the matrices (the caller checked them) and outlive the launch (the caller's borrows).
    unsafe { l.launch(cfg) }.map_err(driver(what))?;
    Ok(())
}

/// The fp8 kernel's source (`kernels/skinny_gemm_fp8.cu`).
pub const SKINNY_FP8_SOURCE: &str = include_str!("../kernels/skinny_gemm_fp8.cu");

/// The largest M the fp8 kernel takes (one m16 MMA tile; above it the sm90 kernel's 64x64 e4m3
/// tiles: four m16 tiles of fp8 spill).
pub const FP8_MAX_M: usize = 16;

/// The decode-sized kernel for fp8 A and B (`kernels/skinny_gemm_fp8.cu`, sm_90a): `D = alpha *
/// A * B^T + beta * C` with M <= 16, A (M,K) and B (N,K) K-major e4m3 or e5m2 (the `mma.sync`
/// m16n8k32 atoms `SM89_16x8x32_F32E4M3E4M3F32_TN` / `_E5M2E5M2`), fp32 accumulation, C and D
/// (M,N) row-major bf16 (the sm90 fp8 configurations' output), alpha carrying the per-tensor
/// scales. [`SkinnyGemm`]'s body with four k a register.
pub struct SkinnyFp8 {
    _module: Arc<CudaModule>,
    f: M16Entries,
    format: &'static str,
    sms: usize,
}

impl SkinnyFp8 {
    /// The NVRTC options of the build for format `fp8` (`"e4m3"` or `"e5m2"`).
    pub fn options(fp8: &str) -> Result<Vec<String>> {
        match fp8 {
            "e4m3" => Ok(vec!["-DTYCUTE_SKINNY_FP8=5".to_string()]),
            "e5m2" => Ok(vec!["-DTYCUTE_SKINNY_FP8=6".to_string()]),
            other => Err(unsupported(format!("the fp8 skinny GEMM takes e4m3 or e5m2, not {other}"))),
        }
    }

    /// The CUBIN's name in `$TYCUTE_CUBIN_DIR` (`skinny_gemm_fp8_e4m3`, `skinny_gemm_fp8_e5m2`).
    pub fn stem(fp8: &str) -> String {
        format!("skinny_gemm_fp8_{fp8}")
    }

    /// Builds (NVRTC, or the CUBIN `$TYCUTE_CUBIN_DIR` names) and loads the kernel of format
    /// `fp8` for the context's GPU (sm_90a: an error names another). `Ok(None)`: neither NVRTC
    /// nor a CUBIN directory.
    pub fn load(ctx: &Arc<CudaContext>, fp8: &str) -> Result<Option<SkinnyFp8>> {
        let opts = Self::options(fp8)?;
        match tycute_cuda::gpu::arch(ctx) {
            Ok(Arch::Sm90a) => {}
            Ok(a) => return Err(unsupported(format!("the fp8 skinny GEMM is built for sm_90a, this GPU is {a}"))),
            Err(x) => return Err(unsupported(format!("the fp8 skinny GEMM: {x}"))),
        }
        let Some(image) = crate::cubin(&Self::stem(fp8), "skinny_gemm_fp8.cu", SKINNY_FP8_SOURCE, Arch::Sm90a, opts)? else {
            return Ok(None);
        };
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(driver("load the fp8 skinny GEMM's CUBIN"))?;
        let f = M16Entries::load(
            &module,
            [
                ("skinny_gemm_fp8_tn", "launch skinny_gemm_fp8_tn"),
                ("skinny_gemm_fp8_tn_w4", "launch skinny_gemm_fp8_tn_w4"),
                ("skinny_gemm_fp8_tn_n16", "launch skinny_gemm_fp8_tn_n16"),
            ],
        )?;
        let format = if fp8 == "e4m3" { "e4m3" } else { "e5m2" };
        Ok(Some(SkinnyFp8 { _module: module, f, format, sms: sm_count(ctx)? }))
    }

    /// The fp8 format of A and B.
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// Whether the kernel takes `(m, n, k)` with strides `s`: 1 <= m <= 16, n, k >= 1, K and A's
    /// and B's leading dimensions multiples of 16 (16-byte loads of one-byte elements), each
    /// leading dimension at least its row, everything below 2^31; `Err` names the rule.
    pub fn takes((m, n, k): (usize, usize, usize), s: &SkinnyStrides) -> Result<()> {
        if m > FP8_MAX_M {
            return Err(unsupported(format!("the fp8 skinny GEMM takes 1 <= M <= {FP8_MAX_M}, not {m}x{n}x{k}")));
        }
        SkinnyGemm::takes((m, n, k), s)?;
        if k % 16 != 0 || (m > 1 && s.lda % 16 != 0) || (n > 1 && s.ldb % 16 != 0) {
            return Err(unsupported(format!(
                "the fp8 skinny GEMM reads A and B in 16-byte pieces: K, lda and ldb must be multiples of 16, not K {k}, lda {}, ldb {}",
                s.lda, s.ldb
            )));
        }
        Ok(())
    }

    /// `D = alpha * A * B^T + beta * C` on `stream` (C is not read when beta is 0), A and B of the
    /// kernel's format `F`, C and D bf16 as their `u16` bits. Anything the kernel cannot take
    /// ([`SkinnyFp8::takes`], another format, a buffer shorter than its matrix, A or B not 16-byte
    /// aligned) is an error before the launch.
    #[allow(clippy::too_many_arguments)]
    pub fn launch<F, A, B, C, D>(&self, stream: &Stream, (m, n, k): (usize, usize, usize), s: &SkinnyStrides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32) -> Result<()>
    where
        F: crate::fp8::Fp8,
        A: DevicePtr<F>,
        B: DevicePtr<F>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        if F::NAME != self.format {
            return Err(unsupported(format!("the fp8 skinny GEMM was built for {} A and B, not {}", self.format, F::NAME)));
        }
        Self::takes((m, n, k), s)?;
        let (f, what, grid) = self.f.of(form_for(n, self.sms, true));
        launch_checked(stream, f, what, grid, (m, n, k), s, (a, b, c, d), alpha, beta)
    }
}

/// Whether the launch API's fp8 choice ([`crate::sm90::Sm90Auto::launch_fp8`]) for a TN problem
/// of `(m, n, k)` with strides `s` is the decode-sized fp8 kernel: every problem it takes (M <=
/// 16), where the sm90 kernel's 64-row tiles load 48 or more rows of zeros a box.
pub fn chosen_fp8(shape: (usize, usize, usize), s: &SkinnyStrides) -> bool {
    SkinnyFp8::takes(shape, s).is_ok()
}

/// Whether the launch API's choice for a TN problem of `(m, n, k)` with strides `s` is the skinny
/// kernel: every problem it takes with M <= 16, where the sm90 kernel's 128-row tiles spend most
/// of their MMAs on rows they drop; and up to M = 32 where N and K are at most 4096 (above 32
/// rows the sm90 kernel's 64x64 tiles won: 64x4096x4096 110 against 82 TFLOP/s, docs/perf.md). Measured on the H100 (docs/perf.md,
/// "Decode-sized M"): 64x4096x4096 82.5 TFLOP/s against the sm90 kernel's 71.8, 32x4096x4096 45.0
/// against 35.5; with N or K larger the sm90 kernel's tiles or its split along K win (64x6144x4096
/// 74.3 against 96.9, 64x4096x11008 94.0 against 101.4).
/// `TYCUTE_SKINNY_UP_TO=M` (measuring) takes every problem it can with up to M rows, `0` none.
pub fn chosen((m, n, k): (usize, usize, usize), s: &SkinnyStrides) -> bool {
    static UP_TO: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let rule = match UP_TO.get_or_init(|| std::env::var("TYCUTE_SKINNY_UP_TO").ok()?.parse().ok()) {
        Some(up_to) => m <= *up_to,
        None => m <= 16 || (m <= 32 && n <= 4096 && k <= 4096),
    };
    rule && SkinnyGemm::takes((m, n, k), s).is_ok()
}

/// One problem on the GPU against an f64 reference (and cuBLAS, packed): random A, B, C
/// (multiples of 1/64 in [-1, 1], exact in fp16 and bf16, and every partial sum exact in f32 for K
/// up to 2^12), NaN in the padding of A and B (the kernel must not read it), D poisoned with NaN
/// inside its rows and a sentinel NaN around them ([`crate::sm90::GUARD`] elements each side and the
/// padding between rows: nothing may be written there); wrong: more than half an ulp of the element
/// type from the exact value, or NaN.
pub fn check_case(g: &SkinnyGemm, ctx: &Arc<CudaContext>, shape: (usize, usize, usize), s: &SkinnyStrides, alpha: f32, beta: f32) -> Result<Sm90Report> {
    check_case_form(g, ctx, None, shape, s, alpha, beta)
}

/// [`check_case`] by the CTAs of `form` where it is `Some` ([`SkinnyGemm::launch_form`]).
pub fn check_case_form(
    g: &SkinnyGemm,
    ctx: &Arc<CudaContext>,
    form: Option<SkinnyForm>,
    (m, n, k): (usize, usize, usize),
    s: &SkinnyStrides,
    alpha: f32,
    beta: f32,
) -> Result<Sm90Report> {
    SkinnyGemm::takes((m, n, k), s)?;
    let e = g.element;
    let (sentinel, poison) = e.nan16();
    let guard = crate::sm90::GUARD;
    let mut random = crate::bench::RandomHalves::of(e);
    let ext = s.extents((m, n, k));
    // rows of `len` values `ld` apart, NaN between them
    let mut fill = |rows: usize, len: usize, ld: usize, total: usize| -> Vec<u16> {
        let mut v = vec![poison; total];
        for r in 0..rows {
            v[r * ld..r * ld + len].copy_from_slice(&random.take(len));
        }
        v
    };
    let (a, b, c) = (fill(m, k, s.lda, ext[0]), fill(n, k, s.ldb, ext[1]), fill(m, n, s.ldc, ext[2]));
    let stream = ctx.default_stream();
    let da = stream.clone_htod(&a).map_err(driver("A"))?;
    let db = stream.clone_htod(&b).map_err(driver("B"))?;
    let dc = stream.clone_htod(&c).map_err(driver("C"))?;
    let mut d0 = vec![sentinel; ext[3] + 2 * guard];
    for i in 0..m {
        d0[guard + i * s.ldd..guard + i * s.ldd + n].fill(poison);
    }
    let mut dd = stream.clone_htod(&d0).map_err(driver("D"))?;
    {
        let mut view = dd.slice_mut(guard..guard + ext[3]);
        g.launch_form(form.unwrap_or(form_for(n, g.sms, false)), &stream, (m, n, k), s, &da, &db, &dc, &mut view, alpha, beta)?;
    }
    let d = stream.clone_dtoh(&dd).map_err(driver("D back"))?;
    let mut r = Sm90Report::default();
    let value = |x: u16| e.value16(x);
    for (x, &h) in d.iter().enumerate() {
        let inside = x >= guard && x < guard + ext[3] && (x - guard) % s.ldd < n && (x - guard) / s.ldd < m;
        if !inside && h != sentinel {
            r.outside += 1;
            if r.examples.len() < 5 {
                r.examples.push(format!("D buffer element {x} (guard {guard}) outside the matrix was written: {h:#06x}"));
            }
        }
    }
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k).map(|kk| value(a[i * s.lda + kk]) * value(b[j * s.ldb + kk])).sum();
            let want = alpha as f64 * dot + if beta == 0.0 { 0.0 } else { beta as f64 * value(c[i * s.ldc + j]) };
            let got = value(d[guard + i * s.ldd + j]);
            let tol = want.abs() * (e.unit_roundoff() + 2f64.powi(-20)) + 2f64.powi(-24);
            r.checked += 1;
            if !(got - want).abs().le(&tol) {
                r.wrong += 1;
                if r.examples.len() < 5 {
                    r.examples.push(format!("D({i},{j}) = {got}, want {want}"));
                }
            }
        }
    }
    // cuBLAS on the same device inputs (packed problems): the same sums, rounded once
    if *s == SkinnyStrides::packed((m, n, k)) && cublas::available() {
        if let Ok(blas) = cublas::handle(&stream) {
            let mut out = stream.clone_dtod(&dc).map_err(driver("cuBLAS C"))?;
            let t = cublas::data_type(e);
            cublas::gemm_ops(&blas, &stream, (n, m, k), (Major::K, Major::K), &db, &da, &mut out, t, t, (alpha, beta))?;
            let theirs = stream.clone_dtoh(&out).map_err(driver("cuBLAS D back"))?;
            let (mut e2, mut c2) = (0.0f64, 0.0f64);
            for i in 0..m {
                for j in 0..n {
                    let (x, y) = (d[guard + i * s.ldd + j], theirs[i * n + j]);
                    e2 += (value(x) - value(y)).powi(2);
                    c2 += value(y).powi(2);
                    r.cublas_differ += usize::from(x != y);
                }
            }
            let rel = crate::check::normwise(e2, c2);
            let limit = crate::check::cublas_limit(e);
            if !(rel <= limit) {
                r.wrong += 1;
                r.examples.push(format!("normwise relative difference from cuBLAS {rel:.3e} is above {limit:.1e}"));
            }
            r.cublas_rel_error = Some(rel);
        }
    }
    Ok(r)
}

/// Whether two launches of `(m, n, k)` (packed, random inputs, alpha 1, beta 0) give the same D
/// bit for bit: the warps' sums meet in a fixed order, so they must (the API's promise).
pub fn repeatable(g: &SkinnyGemm, ctx: &Arc<CudaContext>, (m, n, k): (usize, usize, usize)) -> Result<bool> {
    let s = SkinnyStrides::packed((m, n, k));
    SkinnyGemm::takes((m, n, k), &s)?;
    let stream = ctx.default_stream();
    let mut random = crate::bench::RandomHalves::of(g.element);
    // normal-sized values of both signs (not the exact multiples of 1/64: their sums would agree in
    // any order)
    let noisy = |v: Vec<u16>| -> Vec<u16> { v.into_iter().enumerate().map(|(i, x)| g.element.bits16(g.element.value16(x) as f32 * (1.0 + (i % 7) as f32 / 7.3))).collect() };
    let a = stream.clone_htod(&noisy(random.take(m * k))).map_err(driver("A"))?;
    let b = stream.clone_htod(&noisy(random.take(n * k))).map_err(driver("B"))?;
    let c = stream.alloc_zeros::<u16>(m * n).map_err(driver("C"))?;
    let mut d1 = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    let mut d2 = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    g.launch(&stream, (m, n, k), &s, &a, &b, &c, &mut d1, 1.0, 0.0)?;
    g.launch(&stream, (m, n, k), &s, &a, &b, &c, &mut d2, 1.0, 0.0)?;
    let (x, y) = (stream.clone_dtoh(&d1).map_err(driver("D back"))?, stream.clone_dtoh(&d2).map_err(driver("D back"))?);
    Ok(x == y)
}

/// TFLOP/s of the kernel and of cuBLAS (`cublasGemmEx`, the same types, fp32 compute) on `(m, n,
/// k)` packed, TN: inputs rotated over sets larger than L2, 3 warm-up launches a set, the median
/// of `runs` launches between events ([`Timing`]), as `tycute bench sm90` measures. cuBLAS is
/// `None` without its library.
pub fn bench_rotating(g: &SkinnyGemm, ctx: &Arc<CudaContext>, (m, n, k): (usize, usize, usize), runs: usize, timing: Timing) -> Result<(f64, Option<f64>)> {
    let s = SkinnyStrides::packed((m, n, k));
    SkinnyGemm::takes((m, n, k), &s)?;
    let stream = ctx.default_stream();
    let (bufs, mut random) = rotating_inputs(&stream, (m, n, k), g.element)?;
    let sets = bufs.len();
    let c = stream.clone_htod(&random.take(m * n)).map_err(driver("C"))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(driver("D"))?;
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch(&stream, (m, n, k), &s, a, b, &c, &mut d, 1.0, 0.0)?;
        }
    }
    let ours = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch(&stream, (m, n, k), &s, a, b, &c, &mut d, 1.0, 0.0)
    })?);
    if !cublas::available() {
        return Ok((ours, None));
    }
    let blas = cublas::handle(&stream)?;
    let t = cublas::data_type(g.element);
    let run_blas = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| cublas::gemm_ops(&blas, &stream, (n, m, k), (Major::K, Major::K), b, a, d, t, t, (1.0, 0.0));
    for (a, b) in &bufs {
        for _ in 0..3 {
            run_blas(a, b, &mut d)?;
        }
    }
    let theirs = median_tflops((m, n, k), each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run_blas(a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}

#[cfg(test)]
mod tests {
    /// 8 warps a CTA for one wave or three nearly full ones, 4 otherwise (132 SMs).
    #[test]
    fn warps_per_cta() {
        if std::env::var_os("TYCUTE_SKINNY_WARPS").is_some() {
            return;
        }
        let w = |n| super::warps_for(n, 132);
        assert_eq!((w(4096), w(4224), w(4225), w(5120), w(8448)), (8, 8, 4, 4, 4));
        assert_eq!((w(10240), w(12288), w(13824), w(28672)), (8, 8, 4, 4));
    }

    /// 16-column CTAs where 4 warps of 32 columns would run: every such N for 16-bit A and B, and
    /// for fp8 only where they fit the SMs once at three a SM.
    #[test]
    fn forms_per_n() {
        if std::env::var_os("TYCUTE_SKINNY_WARPS").is_some() || std::env::var_os("TYCUTE_SKINNY_COLS").is_some() {
            return;
        }
        use super::SkinnyForm::{Cols16, Warps4, Warps8};
        let f = |n| super::form_for(n, 132, false);
        let f8 = |n| super::form_for(n, 132, true);
        assert_eq!((f(4096), f(5120), f(6144), f(8192), f(10240), f(12288), f(13824), f(28672)), (Warps8, Cols16, Cols16, Cols16, Warps8, Warps8, Cols16, Cols16));
        assert_eq!((f8(4096), f8(5120), f8(6144), f8(6336), f8(6352), f8(8192), f8(10240), f8(28672)), (Warps8, Cols16, Cols16, Cols16, Warps4, Warps4, Warps8, Warps4));
        assert_eq!(super::plan(5120, 132, false), "320 CTAs of 4 warps, 16 columns each");
        assert_eq!(super::plan(4096, 132, true), "128 CTAs of 8 warps");
        assert_eq!(super::plan(8192, 132, true), "256 CTAs of 4 warps");
    }

    use super::*;

    #[test]
    fn the_rules_name_themselves() {
        let ok = |m, n, k| SkinnyGemm::takes((m, n, k), &SkinnyStrides::packed((m, n, k)));
        assert!(ok(1, 4096, 4096).is_ok() && ok(16, 7, 8).is_ok() && ok(3, 1, 14336).is_ok());
        assert!(ok(17, 64, 64).is_ok() && ok(64, 64, 64).is_ok());
        assert!(ok(65, 64, 64).unwrap_err().to_string().contains("1 <= M <= 64"));
        assert!(ok(0, 64, 64).is_err() && ok(1, 0, 64).is_err());
        assert!(ok(4, 64, 60).unwrap_err().to_string().contains("multiples of 8, not K 60"));
        // a decode step's one row of A (M = 1) needs no row stride of 16 bytes; two rows do
        let odd = |m| SkinnyStrides { lda: 4100, ..SkinnyStrides::packed((m, 64, 4096)) };
        assert!(SkinnyGemm::takes((1, 64, 4096), &odd(1)).is_ok());
        assert!(SkinnyGemm::takes((2, 64, 4096), &odd(2)).unwrap_err().to_string().contains("lda 4100"));
        assert!(SkinnyFp8::takes((1, 64, 4096), &SkinnyStrides { lda: 4104, ..SkinnyStrides::packed((1, 64, 4096)) }).is_ok());
        let short = SkinnyStrides { ldd: 10, ..SkinnyStrides::packed((4, 64, 64)) };
        assert!(SkinnyGemm::takes((4, 64, 64), &short).unwrap_err().to_string().contains("smaller"));
        assert_eq!(SkinnyStrides::packed((3, 5, 8)).extents((3, 5, 8)), [24, 40, 15, 15]);
        assert_eq!(SkinnyGemm::stem(ElementCode::Bf16), "skinny_gemm_bf16");
        assert!(SkinnyGemm::options(ElementCode::F32).is_err());
        // the launch API's choice: M <= 16, or M <= 32 with N, K <= 4096
        let pick = |m, n, k| chosen((m, n, k), &SkinnyStrides::packed((m, n, k)));
        assert!(pick(1, 28672, 8192) && pick(16, 4096, 14336) && pick(32, 4096, 4096) && pick(24, 1024, 4096));
        assert!(!pick(64, 6144, 4096) && !pick(32, 4096, 11008) && !pick(33, 64, 64) && !pick(64, 4096, 4096) && !pick(4, 64, 60));
    }
}
