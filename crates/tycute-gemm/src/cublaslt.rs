//! cuBLASLt, the yardstick of the fp8 and tf32 GEMMs (cuBLAS's `cublasGemmEx` has no fp8
//! inputs and no per-tensor scales): one `cublasLtMatmul` on device buffers, through cudarc's
//! `cublaslt` bindings (loaded at run time, as cuBLAS is: [`available`]).
//!
//! * [`CublasLt::matmul_fp8`]: fp8 A and B ([`E4m3`], or one of them
//!   [`E5m2`]), both K-major (cuBLASLt's fp8 GEMMs are TN only, as wgmma's
//!   fp8 form), fp32 accumulation (`CUBLAS_COMPUTE_32F`), per-tensor scales of A and B as device
//!   scalars (`CUBLASLT_MATMUL_DESC_A_SCALE_POINTER` / `B_SCALE_POINTER`), D of bf16, fp16 or
//!   fp32: `D = scale_a * scale_b * A B^T`, what `torch._scaled_mm` with tensorwise scales computes;
//! * [`CublasLt::matmul_tf32`]: fp32 A and B in any of the four layouts, TF32 tensor cores
//!   (`CUBLAS_COMPUTE_32F_FAST_TF32`), fp32 D.
//!
//! Shapes follow the rest of the crate: A is `(m, k)`, B is `(n, k)`, D is `(m, n)`; a
//! [`Major`] says which index of A or B is contiguous, an [`Order`] how D is stored (leading
//! dimensions packed: `k` or `m`/`n` for A and B, `m` or `n` for D).
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tycute_gemm::cublaslt::CublasLt;
//! use tycute_gemm::fp8::{quantize, E4m3};
//! use tycute_gemm::Order;
//!
//! let (m, n, k) = (4096, 4096, 4096);
//! let ctx = tycute_cuda::gpu::context()?;
//! let stream = ctx.default_stream();
//! let lt = CublasLt::new(&stream)?;
//! let (a, sa) = quantize::<E4m3>(&vec![0.5f32; m * k]); // A (m, k), K-major
//! let (b, sb) = quantize::<E4m3>(&vec![0.25f32; n * k]); // B (n, k), K-major
//! let (a, b) = (stream.clone_htod(&a)?, stream.clone_htod(&b)?);
//! let (sa, sb) = (stream.clone_htod(&[sa])?, stream.clone_htod(&[sb])?);
//! let mut d = stream.alloc_zeros::<half::bf16>(m * n)?;
//! lt.matmul_fp8((m, n, k), &a, &b, (&sa, &sb), &mut d, Order::Col, false)?;
//! # Ok(())
//! # }
//! ```

use core::ffi::c_void;
use std::mem::size_of;

use tycute_cuda::cudarc::cublaslt::{result as lr, sys as ls};
use tycute_cuda::cudarc::driver::{DevicePtr, DevicePtrMut, DeviceRepr};

use crate::device::{Slice, Stream};
use crate::error::unsupported;
use crate::fp8::{E4m3, E5m2, Fp8};
use crate::layout::{Major, Order};
use crate::{Error, Result};

/// Whether cuBLASLt's library (`libcublasLt.so.13`) can be loaded (without loading it).
pub fn available() -> bool {
    static PRESENT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: only tries to open the shared library.
    *PRESENT.get_or_init(|| unsafe { ls::is_culib_present() })
}

/// An element type of A and B that cuBLASLt's fp8 GEMMs take.
pub trait LtFp8: Fp8 {
    /// `CUDA_R_8F_E4M3` or `CUDA_R_8F_E5M2`.
    const TYPE: ls::cudaDataType;
}
impl LtFp8 for E4m3 {
    const TYPE: ls::cudaDataType = ls::cudaDataType::CUDA_R_8F_E4M3;
}
impl LtFp8 for E5m2 {
    const TYPE: ls::cudaDataType = ls::cudaDataType::CUDA_R_8F_E5M2;
}

/// An element type of D: `f32`, `half::f16` or `half::bf16`.
pub trait LtOut: DeviceRepr {
    /// Its cuBLAS data type.
    const TYPE: ls::cudaDataType;
    /// Its name in messages.
    const NAME: &'static str;
}
impl LtOut for f32 {
    const TYPE: ls::cudaDataType = ls::cudaDataType::CUDA_R_32F;
    const NAME: &'static str = "fp32";
}
impl LtOut for half::f16 {
    const TYPE: ls::cudaDataType = ls::cudaDataType::CUDA_R_16F;
    const NAME: &'static str = "fp16";
}
impl LtOut for half::bf16 {
    const TYPE: ls::cudaDataType = ls::cudaDataType::CUDA_R_16BF;
    const NAME: &'static str = "bf16";
}

/// The checks of a call that run before any GPU work, shared by both GEMMs and testable
/// without a GPU: the shape fits cuBLASLt's 32-bit sizes and the buffers hold it.
fn check_shape(what: &str, (m, n, k): (usize, usize, usize), lens: [usize; 3]) -> Result<()> {
    if m == 0 || n == 0 || k == 0 {
        return Err(unsupported(format!("{what} {m}x{n}x{k}: every extent must be positive")));
    }
    if [m, n, k].iter().any(|&x| x > i32::MAX as usize) || m.checked_mul(n).is_none() {
        return Err(unsupported(format!("{what} {m}x{n}x{k}: an extent is beyond cuBLASLt's 32-bit sizes")));
    }
    let need = [m * k, n * k, m * n];
    for ((name, have), need) in ["A", "B", "D"].iter().zip(lens).zip(need) {
        if have < need {
            return Err(unsupported(format!("{what} {m}x{n}x{k}: {name} holds {have} elements, the shape needs {need}")));
        }
    }
    Ok(())
}

/// The fp8 rules cuBLASLt imposes, checked before any GPU work (A and B K-major is the API's
/// shape): not both e5m2, a positive shape whose K is a multiple of 16, so that the rows of the
/// packed K-major A and B start 16-byte aligned, and D's leading dimension (`n` for a row-major
/// D, `m` for a column-major one) a whole number of 16 bytes (`d_bytes` per element): cuBLASLt's
/// fp8 GEMMs have no algorithm otherwise (on the H100 and H200, 257x129x1040 with a row-major
/// bf16 D is `CUBLAS_STATUS_NOT_SUPPORTED`).
fn check_fp8<A: Fp8, B: Fp8>(shape: (usize, usize, usize), lens: [usize; 3], d_bytes: usize, order: Order) -> Result<()> {
    check_shape("cuBLASLt fp8", shape, lens)?;
    if A::NAME == "e5m2" && B::NAME == "e5m2" {
        return Err(unsupported("cuBLASLt fp8: e5m2 x e5m2 is not a cuBLASLt GEMM (one of A and B must be e4m3)"));
    }
    let (m, n, k) = shape;
    if k % 16 != 0 {
        return Err(unsupported(format!(
            "cuBLASLt fp8: K = {k} must be a multiple of 16 (its fp8 GEMMs need 16-byte aligned K-major rows)"
        )));
    }
    let (ld, name) = match order {
        Order::Row => (n, "N (D row-major)"),
        Order::Col => (m, "M (D column-major)"),
    };
    if (ld * d_bytes) % 16 != 0 {
        return Err(unsupported(format!(
            "cuBLASLt fp8 {m}x{n}x{k}: D's leading dimension {name} = {ld} elements of {d_bytes} bytes is not a multiple of 16 bytes (its fp8 GEMMs need 16-byte aligned rows of D): pad D"
        )));
    }
    Ok(())
}

/// `(rows, cols, ld, transposed)` of an operand `(mn, k)` of major `major` in cuBLASLt's
/// column-major terms, for `D = op(X) op(Y)` with `op(X)` `(m, k)` and `op(Y)` `(k, n)`:
/// `first` says whether it is X (A's role) or Y (B's role).
fn operand(major: Major, (mn, k): (usize, usize), first: bool) -> (u64, u64, i64, bool) {
    match (major, first) {
        // X = A (m,k) K-major: stored (k, m) column-major, ld k, op = T
        (Major::K, true) => (k as u64, mn as u64, k as i64, true),
        // X = A M-major: stored (m, k), ld m, op = N
        (Major::MN, true) => (mn as u64, k as u64, mn as i64, false),
        // Y = B (n,k) K-major: stored (k, n), ld k, op = N
        (Major::K, false) => (k as u64, mn as u64, k as i64, false),
        // Y = B N-major: stored (n, k), ld n, op = T
        (Major::MN, false) => (mn as u64, k as u64, mn as i64, true),
    }
}

/// A cuBLASLt object destroyed when dropped (errors on destruction are ignored: there is
/// nothing to do about them).
struct Owned<T: Copy> {
    raw: T,
    destroy: unsafe fn(T),
}
impl<T: Copy> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: `raw` was created by the matching create call and is destroyed once.
        unsafe { (self.destroy)(self.raw) }
    }
}

fn lt_err(what: &'static str) -> impl FnOnce(lr::CublasError) -> Error {
    move |e| Error::Cublas(format!("cuBLASLt {what}: {e:?}"))
}

/// A cuBLASLt handle and its workspace (32 MiB, NVIDIA's recommendation for Hopper), bound to a
/// stream: every matmul of this handle runs on it.
pub struct CublasLt {
    handle: Owned<ls::cublasLtHandle_t>,
    workspace: Slice<u8>,
    stream: Stream,
}

/// The workspace of a [`CublasLt`].
const WORKSPACE_BYTES: usize = 32 << 20;

impl CublasLt {
    /// A handle on `stream` and its workspace, or why there is none: no cuBLASLt library
    /// ([`Error::Cublas`]), or no memory for the workspace ([`Error::Driver`]).
    pub fn new(stream: &Stream) -> Result<CublasLt> {
        if !available() {
            return Err(Error::Cublas("cuBLASLt (libcublasLt.so.13) is not on the library path".into()));
        }
        stream.context().bind_to_thread().map_err(crate::error::driver("binding the context for cuBLASLt"))?;
        let raw = lr::create_handle().map_err(lt_err("handle"))?;
        let handle = Owned {
            raw,
            destroy: |h| {
                // SAFETY: see `Owned`.
                let _ = unsafe { lr::destroy_handle(h) };
            },
        };
        let workspace = stream.alloc_zeros::<u8>(WORKSPACE_BYTES).map_err(crate::error::driver("cuBLASLt workspace"))?;
        Ok(CublasLt { handle, workspace, stream: stream.clone() })
    }

    /// The stream the matmuls run on.
    pub fn stream(&self) -> &Stream {
        &self.stream
    }

    /// `D = scale_a * scale_b * A B^T` on fp8 inputs: A `(m, k)` and B `(n, k)`, both K-major
    /// (packed: leading dimension `k`), of e4m3 (or one of them e5m2); `scales` the device
    /// scalars `(scale_a, scale_b)` (one f32 each, read on the device when the GEMM runs); D
    /// `(m, n)` in `order` (packed), of bf16, fp16 or fp32; fp32 accumulation. `fast_accum`
    /// sets `CUBLASLT_MATMUL_DESC_FAST_ACCUM` (faster, less accurate accumulation; PyTorch's
    /// `use_fast_accum`).
    ///
    /// Errors: [`Error::Unsupported`] for a shape or buffers it cannot take (checked before any
    /// GPU work: a zero or 32-bit-overflowing extent, a short buffer, K not a multiple of 16,
    /// e5m2 x e5m2), [`Error::Cublas`] when cuBLASLt refuses the problem or fails.
    #[allow(clippy::too_many_arguments)]
    pub fn matmul_fp8<A: LtFp8, B: LtFp8, D: LtOut>(
        &self,
        (m, n, k): (usize, usize, usize),
        a: &Slice<A>,
        b: &Slice<B>,
        (scale_a, scale_b): (&Slice<f32>, &Slice<f32>),
        d: &mut Slice<D>,
        order: Order,
        fast_accum: bool,
    ) -> Result<()> {
        check_fp8::<A, B>((m, n, k), [a.len(), b.len(), d.len()], std::mem::size_of::<D>(), order)?;
        if scale_a.is_empty() || scale_b.is_empty() {
            return Err(unsupported("cuBLASLt fp8: a scale buffer is empty (one f32 each for A and B)"));
        }
        let (pa, _ga) = a.device_ptr(&self.stream);
        let (pb, _gb) = b.device_ptr(&self.stream);
        let (psa, _gsa) = scale_a.device_ptr(&self.stream);
        let (psb, _gsb) = scale_b.device_ptr(&self.stream);
        let (pd, _gd) = d.device_ptr_mut(&self.stream);
        let call = Call {
            shape: (m, n, k),
            majors: (Major::K, Major::K),
            types: (A::TYPE, B::TYPE, D::TYPE),
            compute: ls::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            scales: Some((psa, psb)),
            fast_accum,
            order,
        };
        // SAFETY: A, B and D hold m*k, n*k and m*n elements of the types named (checked above
        // and by the types), the scales one f32 each; the guards keep them alive and ordered on
        // this handle's stream until the call is enqueued.
        unsafe { self.run(&call, pa, pb, pd) }
    }

    /// `D = A B^T` on fp32 inputs through TF32 tensor cores (`CUBLAS_COMPUTE_32F_FAST_TF32`):
    /// A `(m, k)` and B `(n, k)` of majors `majors` (packed), D `(m, n)` fp32 in `order`
    /// (packed).
    ///
    /// Errors: [`Error::Unsupported`] for a shape or buffers it cannot take, [`Error::Cublas`]
    /// when cuBLASLt refuses or fails.
    pub fn matmul_tf32(
        &self,
        (m, n, k): (usize, usize, usize),
        majors: (Major, Major),
        a: &Slice<f32>,
        b: &Slice<f32>,
        d: &mut Slice<f32>,
        order: Order,
    ) -> Result<()> {
        check_shape("cuBLASLt tf32", (m, n, k), [a.len(), b.len(), d.len()])?;
        let (pa, _ga) = a.device_ptr(&self.stream);
        let (pb, _gb) = b.device_ptr(&self.stream);
        let (pd, _gd) = d.device_ptr_mut(&self.stream);
        let f32t = ls::cudaDataType::CUDA_R_32F;
        let call = Call {
            shape: (m, n, k),
            majors,
            types: (f32t, f32t, f32t),
            compute: ls::cublasComputeType_t::CUBLAS_COMPUTE_32F_FAST_TF32,
            scales: None,
            fast_accum: false,
            order,
        };
        // SAFETY: as in `matmul_fp8`.
        unsafe { self.run(&call, pa, pb, pd) }
    }

    /// One `cublasLtMatmul` of `call` on raw device pointers (alpha 1, beta 0, C = D).
    ///
    /// # Safety
    /// The pointers must hold the call's operands as [`Call`] describes them, on this handle's
    /// context, alive until the work enqueued on the stream is done.
    unsafe fn run(&self, call: &Call, pa: u64, pb: u64, pd: u64) -> Result<()> {
        let (m, n, k) = call.shape;
        // row-major D (m, n) is column-major D^T (n, m) = B A^T: swap the operands' roles
        let ((rows, cols), (x, y), (mx, my), (tx, ty)) = match call.order {
            Order::Col => ((m, n), (pa, pb), call.majors, (call.types.0, call.types.1)),
            Order::Row => ((n, m), (pb, pa), (call.majors.1, call.majors.0), (call.types.1, call.types.0)),
        };
        let (xr, xc, xld, xt) = operand(mx, (rows, k), true);
        let (yr, yc, yld, yt) = operand(my, (cols, k), false);
        let layout = |ty, r, c, ld| -> Result<Owned<ls::cublasLtMatrixLayout_t>> {
            let raw = lr::create_matrix_layout(ty, r, c, ld).map_err(lt_err("matrix layout"))?;
            Ok(Owned {
                raw,
                destroy: |l| {
                    // SAFETY: see `Owned`.
                    let _ = unsafe { lr::destroy_matrix_layout(l) };
                },
            })
        };
        let lx = layout(tx, xr, xc, xld)?;
        let ly = layout(ty, yr, yc, yld)?;
        let ld = layout(call.types.2, rows as u64, cols as u64, rows as i64)?;
        let desc = Owned {
            raw: lr::create_matmul_desc(call.compute, ls::cudaDataType::CUDA_R_32F).map_err(lt_err("matmul descriptor"))?,
            destroy: |x| {
                // SAFETY: see `Owned`.
                let _ = unsafe { lr::destroy_matmul_desc(x) };
            },
        };
        use ls::cublasLtMatmulDescAttributes_t as At;
        let set = |attr: At, p: *const c_void, size: usize| {
            // SAFETY: `p` points at `size` bytes of the attribute's type.
            unsafe { lr::set_matmul_desc_attribute(desc.raw, attr, p, size) }.map_err(lt_err("matmul attribute"))
        };
        // cublasOperation_t: 0 = N, 1 = T
        let (opx, opy) = (xt as i32, yt as i32);
        set(At::CUBLASLT_MATMUL_DESC_TRANSA, &opx as *const i32 as *const _, size_of::<i32>())?;
        set(At::CUBLASLT_MATMUL_DESC_TRANSB, &opy as *const i32 as *const _, size_of::<i32>())?;
        if let Some((sa, sb)) = call.scales {
            let (sx, sy) = if call.order == Order::Col { (sa, sb) } else { (sb, sa) };
            set(At::CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &sx as *const u64 as *const _, size_of::<u64>())?;
            set(At::CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &sy as *const u64 as *const _, size_of::<u64>())?;
            let fast = call.fast_accum as i8;
            set(At::CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast as *const i8 as *const _, size_of::<i8>())?;
        }
        let pref = Owned {
            raw: lr::create_matmul_pref().map_err(lt_err("preference"))?,
            destroy: |x| {
                // SAFETY: see `Owned`.
                let _ = unsafe { lr::destroy_matmul_pref(x) };
            },
        };
        let ws = WORKSPACE_BYTES;
        lr::set_matmul_pref_attribute(
            pref.raw,
            ls::cublasLtMatmulPreferenceAttributes_t::CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
            &ws as *const usize as *const _,
            size_of::<usize>(),
        )
        .map_err(lt_err("workspace preference"))?;
        let heuristic = lr::get_matmul_algo_heuristic(self.handle.raw, desc.raw, lx.raw, ly.raw, ld.raw, ld.raw, pref.raw)
            .map_err(|e| Error::Cublas(format!("cuBLASLt has no algorithm for this problem ({m}x{n}x{k}, {:?} x {:?} -> {:?}): {e:?}", call.types.0, call.types.1, call.types.2)))?;
        let (alpha, beta) = (1.0f32, 0.0f32);
        let (pw, _gw) = self.workspace.device_ptr(&self.stream);
        lr::matmul(
            self.handle.raw,
            desc.raw,
            &alpha as *const f32 as *const _,
            &beta as *const f32 as *const _,
            x as *const c_void,
            lx.raw,
            y as *const c_void,
            ly.raw,
            pd as *const c_void,
            ld.raw,
            pd as *mut c_void,
            ld.raw,
            &heuristic.algo,
            pw as *mut c_void,
            WORKSPACE_BYTES,
            self.stream.cu_stream() as ls::cudaStream_t,
        )
        .map_err(lt_err("matmul"))
    }
}

/// One matmul as [`CublasLt::run`] issues it.
struct Call {
    shape: (usize, usize, usize),
    majors: (Major, Major),
    /// A, B, D.
    types: (ls::cudaDataType, ls::cudaDataType, ls::cudaDataType),
    compute: ls::cublasComputeType_t,
    /// Device pointers of A's and B's scales.
    scales: Option<(u64, u64)>,
    fast_accum: bool,
    order: Order,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp8_rules_before_any_gpu_work() {
        let s = (128, 256, 64);
        assert!(check_fp8::<E4m3, E4m3>(s, [128 * 64, 256 * 64, 128 * 256], 2, Order::Row).is_ok());
        assert!(check_fp8::<E4m3, E5m2>(s, [128 * 64, 256 * 64, 128 * 256], 2, Order::Row).is_ok());
        let e = check_fp8::<E5m2, E5m2>(s, [128 * 64, 256 * 64, 128 * 256], 2, Order::Row).unwrap_err();
        assert!(e.to_string().contains("e5m2 x e5m2"), "{e}");
        let e = check_fp8::<E4m3, E4m3>((128, 256, 40), [128 * 40, 256 * 40, 128 * 256], 2, Order::Row).unwrap_err();
        assert!(e.to_string().contains("multiple of 16"), "{e}");
        let e = check_fp8::<E4m3, E4m3>(s, [128 * 64, 256 * 64 - 1, 128 * 256], 2, Order::Row).unwrap_err();
        assert_eq!(e.to_string(), "cuBLASLt fp8 128x256x64: B holds 16383 elements, the shape needs 16384");
        // D's rows 16-byte aligned: 129 bf16 are 258 bytes; a column-major D of 200 rows is fine
        let e = check_fp8::<E4m3, E4m3>((257, 129, 1040), [257 * 1040, 129 * 1040, 257 * 129], 2, Order::Row).unwrap_err();
        assert!(e.to_string().contains("N (D row-major) = 129") && e.to_string().contains("pad D"), "{e}");
        assert!(check_fp8::<E4m3, E4m3>((200, 129, 64), [200 * 64, 129 * 64, 200 * 129], 2, Order::Col).is_ok());
        assert!(check_fp8::<E4m3, E4m3>((200, 132, 64), [200 * 64, 132 * 64, 200 * 132], 4, Order::Row).is_ok());
        let e = check_shape("cuBLASLt tf32", (0, 1, 1), [0, 0, 0]).unwrap_err();
        assert!(e.to_string().contains("positive"), "{e}");
        let e = check_shape("cuBLASLt tf32", (1 << 31, 1, 1), [usize::MAX; 3]).unwrap_err();
        assert!(e.to_string().contains("32-bit"), "{e}");
    }

    /// The column-major view of each layout: op(X) is `(m, k)`, op(Y) is `(k, n)`.
    #[test]
    fn operands_in_column_major_terms() {
        // TN (A and B K-major): X stored (k, m) ld k, transposed; Y stored (k, n) ld k, not
        assert_eq!(operand(Major::K, (128, 64), true), (64, 128, 64, true));
        assert_eq!(operand(Major::K, (256, 64), false), (64, 256, 64, false));
        // NT: X stored (m, k) ld m, not transposed; Y stored (n, k) ld n, transposed
        assert_eq!(operand(Major::MN, (128, 64), true), (128, 64, 128, false));
        assert_eq!(operand(Major::MN, (256, 64), false), (256, 64, 256, true));
    }

    /// On a GPU (skipped without one, or without cuBLASLt): fp8 and tf32 products of inputs whose
    /// products and sums are exact in fp32 (small multiples of 1/4), so that D must equal the
    /// CPU's value exactly (fp32 D), or its round-to-nearest bf16 (bf16 D); both orders of D, and
    /// the four layouts of tf32.
    #[test]
    fn on_the_gpu_against_the_cpu() {
        let ctx = match tycute_cuda::gpu::context() {
            Ok(c) => c,
            Err(why) => return eprintln!("skipped the cuBLASLt launches: {why}"),
        };
        if !available() {
            return eprintln!("skipped the cuBLASLt launches: no libcublasLt.so.13");
        }
        let stream = ctx.default_stream();
        let lt = CublasLt::new(&stream).expect("a cuBLASLt handle");
        let (m, n, k) = (96usize, 80usize, 128usize);
        // A (m, k) and B (n, k) K-major, values in {-2, -1.5, ..., 2}: exact in e4m3 and tf32
        let val = |i: usize, j: usize, s: usize| ((i * 7 + j * 3 + s) % 9) as f32 * 0.5 - 2.0;
        let a: Vec<f32> = (0..m * k).map(|x| val(x / k, x % k, 1)).collect();
        let b: Vec<f32> = (0..n * k).map(|x| val(x / k, x % k, 4)).collect();
        let (sa, sb) = (0.5f32, 2.0f32);
        let want = |i: usize, j: usize| -> f64 { (0..k).map(|p| a[i * k + p] as f64 * b[j * k + p] as f64).sum::<f64>() };
        let a8: Vec<E4m3> = a.iter().map(|&x| E4m3::from_f32(x)).collect();
        let b8: Vec<E4m3> = b.iter().map(|&x| E4m3::from_f32(x)).collect();
        assert!(a8.iter().zip(&a).all(|(c, &x)| c.to_f32() == x));
        let (da, db) = (stream.clone_htod(&a8).unwrap(), stream.clone_htod(&b8).unwrap());
        let (dsa, dsb) = (stream.clone_htod(&[sa]).unwrap(), stream.clone_htod(&[sb]).unwrap());
        for order in [Order::Col, Order::Row] {
            let at = |i: usize, j: usize| if order == Order::Col { i + j * m } else { i * n + j };
            let mut d = stream.alloc_zeros::<f32>(m * n).unwrap();
            lt.matmul_fp8((m, n, k), &da, &db, (&dsa, &dsb), &mut d, order, false).expect("cuBLASLt fp8, fp32 D");
            let got = stream.clone_dtoh(&d).unwrap();
            let mut d16 = stream.alloc_zeros::<half::bf16>(m * n).unwrap();
            lt.matmul_fp8((m, n, k), &da, &db, (&dsa, &dsb), &mut d16, order, false).expect("cuBLASLt fp8, bf16 D");
            let got16 = stream.clone_dtoh(&d16).unwrap();
            for i in 0..m {
                for j in 0..n {
                    let w = want(i, j) * (sa * sb) as f64;
                    assert_eq!(got[at(i, j)] as f64, w, "fp8 fp32 D {order:?} ({i}, {j})");
                    assert_eq!(got16[at(i, j)], half::bf16::from_f64(w), "fp8 bf16 D {order:?} ({i}, {j})");
                }
            }
        }
        for (ma, mb) in [(Major::K, Major::K), (Major::MN, Major::MN), (Major::MN, Major::K), (Major::K, Major::MN)] {
            // A stored (m, k) K-major or (k, m) M-major; B likewise
            let store = |x: &[f32], rows: usize, major: Major| -> Vec<f32> {
                match major {
                    Major::K => x.to_vec(),
                    Major::MN => (0..rows * k).map(|q| x[(q % rows) * k + q / rows]).collect(),
                }
            };
            let (ta, tb) = (stream.clone_htod(&store(&a, m, ma)).unwrap(), stream.clone_htod(&store(&b, n, mb)).unwrap());
            let mut d = stream.alloc_zeros::<f32>(m * n).unwrap();
            lt.matmul_tf32((m, n, k), (ma, mb), &ta, &tb, &mut d, Order::Col).expect("cuBLASLt tf32");
            let got = stream.clone_dtoh(&d).unwrap();
            for i in 0..m {
                for j in 0..n {
                    assert_eq!(got[i + j * m] as f64, want(i, j), "tf32 {ma:?}/{mb:?} ({i}, {j})");
                }
            }
        }
        // the rules hold before the GPU is asked
        let mut d = stream.alloc_zeros::<f32>(m * n).unwrap();
        let e = lt.matmul_fp8((m, n, 120), &da, &db, (&dsa, &dsb), &mut d, Order::Col, false).unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
    }

    #[test]
    fn the_library_probe_answers() {
        // no GPU is needed to ask; without the library every call is an Error::Cublas
        let _ = available();
        assert_eq!(<half::bf16 as LtOut>::NAME, "bf16");
        assert_eq!(<E4m3 as LtFp8>::TYPE as i32, 28);
        assert_eq!(<E5m2 as LtFp8>::TYPE as i32, 29);
    }
}
