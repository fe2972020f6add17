//! cuBLAS, the benchmarks' and checks' yardstick: a handle, and one `cublasGemmEx` in any of the
//! layouts of [`Layouts`](crate::Layouts), fp32, fp16 or TF32 compute (fp32 A and B through TF32
//! tensor cores, `CUBLAS_COMPUTE_32F_FAST_TF32`, for the sm80 tf32 configurations), for the sm80
//! and sm90 GEMMs alike.

use core::ffi::c_void;

use tycute_cuda::cudarc::cublas::{result as cr, sys as cs, CudaBlas};
use tycute_cuda::cudarc::driver::{DevicePtr, DevicePtrMut, DeviceRepr};

use crate::device::{Slice, Stream};
use crate::elem::ElementCode;
use crate::layout::Major;
use crate::sm80::Sm80Header;
use crate::{Error, Result};

/// cuBLAS's name for fp16 data.
pub(crate) const F16: cs::cudaDataType = cs::cudaDataType::CUDA_R_16F;

/// cuBLAS's name for fp32 data.
pub(crate) const F32: cs::cudaDataType = cs::cudaDataType::CUDA_R_32F;
/// cuBLAS's name for bf16 data.
pub(crate) const BF16: cs::cudaDataType = cs::cudaDataType::CUDA_R_16BF;

/// cuBLAS's name for an element type.
pub(crate) fn data_type(e: ElementCode) -> cs::cudaDataType {
    match e {
        ElementCode::F32 => F32,
        ElementCode::F16 => F16,
        ElementCode::Bf16 => BF16,
    }
}

/// Whether cuBLAS's library can be loaded (without loading it); probed once and remembered.
pub fn available() -> bool {
    static PRESENT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: only tries to open the shared library.
    *PRESENT.get_or_init(|| unsafe { cs::is_culib_present() })
}

/// A cuBLAS handle on `stream`, or why there is none.
pub(crate) fn handle(stream: &Stream) -> Result<CudaBlas> {
    if !available() {
        return Err(Error::Cublas("cuBLAS (libcublas.so.13) is not on the library path".into()));
    }
    CudaBlas::new(stream.clone()).map_err(|x| Error::Cublas(format!("cuBLAS handle: {x}")))
}

/// One column-major `cublasGemmEx`, fp32 compute: `D (rows, cols) = alpha * op(X) op(Y) + beta * D`
/// (D of cuBLAS type `d_type`, leading dimension `rows`) for X `(rows, k)` and Y `(cols, k)` of
/// cuBLAS type `ab_type` (fp16 or bf16) and either majorness
/// (`Major::K`: leading dimension k, `op = T` for X, `N` for Y; `Major::MN`: leading dimension
/// rows (cols), `op = N` for X, `T` for Y): TN, NT, NN or TT.
#[allow(clippy::too_many_arguments)]
pub(crate) fn gemm_ops<T: DeviceRepr>(
    blas: &CudaBlas,
    stream: &Stream,
    (rows, cols, k): (usize, usize, usize),
    (major_x, major_y): (Major, Major),
    x: &Slice<u16>,
    y: &Slice<u16>,
    d: &mut Slice<T>,
    ab_type: cs::cudaDataType,
    d_type: cs::cudaDataType,
    (alpha, beta): (f32, f32),
) -> Result<()> {
    gemm_compute(blas, stream, (rows, cols, k), (major_x, major_y), x, y, d, ab_type, d_type, (alpha, beta), false)
}

/// [`gemm_ops`] with fp16 compute (`CUBLAS_COMPUTE_16F`: fp16 accumulation, alpha and
/// beta halves; cuBLAS requires D of type `CUDA_R_16F` then) when `f16_compute`, else fp32
/// compute.
#[allow(clippy::too_many_arguments)]
pub(crate) fn gemm_compute<X: DeviceRepr, T: DeviceRepr>(
    blas: &CudaBlas,
    stream: &Stream,
    shape: (usize, usize, usize),
    majors: (Major, Major),
    x: &Slice<X>,
    y: &Slice<X>,
    d: &mut Slice<T>,
    ab_type: cs::cudaDataType,
    d_type: cs::cudaDataType,
    scalars: (f32, f32),
    f16_compute: bool,
) -> Result<()> {
    let compute = if f16_compute { Compute::F16 } else { Compute::F32 };
    gemm_with(blas, stream, shape, majors, x, y, d, ab_type, d_type, scalars, compute)
}

/// The compute type of a `cublasGemmEx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compute {
    /// `CUBLAS_COMPUTE_32F`.
    F32,
    /// `CUBLAS_COMPUTE_16F` (fp16 D only).
    F16,
    /// `CUBLAS_COMPUTE_32F_FAST_TF32`: fp32 A and B through TF32 tensor cores, fp32 accumulation.
    Tf32,
}

/// The compute type the sm80 configuration `cfg` is compared with: TF32 for tf32 A and B, fp16
/// for fp16 accumulators, else fp32.
pub(crate) fn compute_of(cfg: &Sm80Header) -> Compute {
    if cfg.tf32() {
        Compute::Tf32
    } else if cfg.acc_bits == 16 {
        Compute::F16
    } else {
        Compute::F32
    }
}

/// `D = A * B^T` on fp32 A (m,k) and B (n,k), both K-major, through TF32 tensor cores
/// (`CUBLAS_COMPUTE_32F_FAST_TF32`), D (m,n) row-major fp32: the cuBLAS side of the sm90 tf32
/// bench. Row-major D is column-major `D^T = B * A^T`: the call `(n, m, k)` with B first.
pub(crate) fn gemm_tf32(blas: &CudaBlas, stream: &Stream, (m, n, k): (usize, usize, usize), a: &Slice<f32>, b: &Slice<f32>, d: &mut Slice<f32>) -> Result<()> {
    gemm_with(blas, stream, (n, m, k), (Major::K, Major::K), b, a, d, F32, F32, (1.0, 0.0), Compute::Tf32)
}

/// [`gemm_compute`] with the compute type given.
#[allow(clippy::too_many_arguments)]
pub(crate) fn gemm_with<X: DeviceRepr, T: DeviceRepr>(
    blas: &CudaBlas,
    stream: &Stream,
    (rows, cols, k): (usize, usize, usize),
    (major_x, major_y): (Major, Major),
    x: &Slice<X>,
    y: &Slice<X>,
    d: &mut Slice<T>,
    ab_type: cs::cudaDataType,
    d_type: cs::cudaDataType,
    (alpha, beta): (f32, f32),
    compute_kind: Compute,
) -> Result<()> {
    let f16_compute = compute_kind == Compute::F16;
    if compute_kind == Compute::Tf32 && ab_type != F32 {
        return Err(Error::Cublas("cublasGemmEx with CUBLAS_COMPUTE_32F_FAST_TF32 takes fp32 A and B here".into()));
    }
    if f16_compute && d_type != cs::cudaDataType::CUDA_R_16F {
        return Err(Error::Cublas("cublasGemmEx with CUBLAS_COMPUTE_16F takes fp16 C and D only".into()));
    }
    let (alpha_h, beta_h) = (half::f16::from_f32(alpha), half::f16::from_f32(beta));
    let (pa, pb): (*const c_void, *const c_void) = if f16_compute {
        (&alpha_h as *const half::f16 as *const _, &beta_h as *const half::f16 as *const _)
    } else {
        (&alpha as *const f32 as *const _, &beta as *const f32 as *const _)
    };
    let compute = match compute_kind {
        Compute::F16 => cs::cublasComputeType_t::CUBLAS_COMPUTE_16F,
        Compute::F32 => cs::cublasComputeType_t::CUBLAS_COMPUTE_32F,
        Compute::Tf32 => cs::cublasComputeType_t::CUBLAS_COMPUTE_32F_FAST_TF32,
    };
    if x.len() < rows * k || y.len() < cols * k || d.len() < rows * cols {
        return Err(Error::Cublas(format!("cublasGemmEx {rows}x{cols}x{k}: a buffer is smaller than the shape")));
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
            ab_type,
            ld_x as i32,
            py as *const _,
            ab_type,
            ld_y as i32,
            pb,
            pd as *mut _,
            d_type,
            rows as i32,
            compute,
            cs::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    }
    .map_err(|x| Error::Cublas(format!("cublasGemmEx: {x:?}")))
}

/// Whether the cuBLAS call of [`types`] writes fp16 D: for fp16 C/D, and for fp16
/// accumulation (cuBLAS's `CUBLAS_COMPUTE_16F` takes fp16 C and D only).
pub(crate) fn d16(cfg: &Sm80Header) -> bool {
    cfg.out_bits == 16 || cfg.acc_bits == 16
}

/// The cuBLAS call the benchmarks compare configuration `cfg` with: `cublasGemmEx`, A and B of
/// `cfg`'s input type (fp16 or bf16) in `cfg`'s layouts, fp32 compute (`CUBLAS_COMPUTE_32F`) or, for fp16 accumulation, fp16
/// compute (`CUBLAS_COMPUTE_16F`), D of `cfg`'s type, except that with fp16 compute cuBLAS
/// takes fp16 D only (so an fp16-accumulating configuration with fp32 D is compared with fp16 D).
pub fn types(cfg: &Sm80Header) -> String {
    if cfg.tf32() {
        return format!("fp32 A and B, TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32), {} D", cfg.element_cd.name());
    }
    let ab = cfg.element_ab.name();
    match (cfg.acc_bits, cfg.element_cd) {
        (16, ElementCode::F16) => format!("{ab} A and B, fp16 compute (CUBLAS_COMPUTE_16F), fp16 D"),
        (16, _) => format!("{ab} A and B, fp16 compute (CUBLAS_COMPUTE_16F), fp16 D: cuBLAS has no fp16-compute GEMM with fp32 D"),
        (_, ElementCode::F16) if cfg.element_ab == ElementCode::Bf16 => {
            format!("{ab} A and B, fp32 compute, bf16 D: cuBLAS has no bf16 GEMM with fp16 D (the same bytes moved)")
        }
        (_, ElementCode::F32) => format!("{ab} A and B, fp32 compute and D"),
        (_, cd) => format!("{ab} A and B, fp32 compute, {} D", cd.name()),
    }
}

/// One cuBLAS call of [`types`] for configuration `cfg` (D = A * B^T, packed, in `cfg`'s
/// layouts); `d` of `f32` or `u16` as [`d16`] says; A and B `u16` (16-bit types) or `f32` (tf32).
pub(crate) fn gemm_as<X: DeviceRepr, T: DeviceRepr>(
    blas: &CudaBlas,
    stream: &Stream,
    cfg: &Sm80Header,
    shape: (usize, usize, usize),
    a: &Slice<X>,
    b: &Slice<X>,
    d: &mut Slice<T>,
) -> Result<()> {
    // fp16 accumulation: fp16 D (CUBLAS_COMPUTE_16F); else D of the configuration's type
    // bf16 inputs with fp16 D: bf16 D (cublasGemmEx takes bf16 A and B with bf16 or fp32 D only)
    let d_type = if cfg.acc_bits == 16 {
        F16
    } else if cfg.element_ab == ElementCode::Bf16 && cfg.element_cd == ElementCode::F16 {
        BF16
    } else {
        data_type(cfg.element_cd)
    };
    if std::mem::size_of::<T>() * 8 != if d16(cfg) { 16 } else { 32 } {
        return Err(Error::Cublas("cuBLAS D buffer of the wrong element size".into()));
    }
    let l = cfg.layouts();
    if std::mem::size_of::<X>() * 8 != if cfg.tf32() { 32 } else { 16 } {
        return Err(Error::Cublas("cuBLAS A/B buffers of the wrong element size".into()));
    }
    gemm_with(blas, stream, shape, (l.a, l.b), a, b, d, data_type(cfg.element_ab), d_type, (1.0, 0.0), compute_of(cfg))
}

