//! [`Sm80Launcher::launch_staged`]: the sm80 kernel for any K and leading dimensions. Its
//! `cp.async`s move 16 bytes (8 halves, 4 tf32), so a K-major operand needs K, its leading
//! dimension and its batch stride multiples of that, and an M-/N-major one its leading dimension
//! and batch stride, and a buffer that holds its last column rounded up to 16 bytes. An operand
//! that breaks one of these is copied first (`crate::staging`) into rows 128 bytes apart; where K
//! is the culprit, K is rounded up to the vector and both operands get zeros past the real K
//! (zero columns of a K-major operand, zero rows of an M-/N-major one), which add nothing.
//! C and D need nothing: the kernel stores any leading dimension element by element.

use tycute_cuda::cudarc::driver::{sys, CudaSlice, DevicePtr, DevicePtrMut};

use crate::device::{SameBuffer, Stream};
use crate::elem::GemmElem;
use crate::error::{driver, unsupported};
use crate::layout::{Layouts, Major};
use crate::sm80::{InputElem, Sm80Launcher, Sm80Strides};
use crate::staging::Pitched;
use crate::Result;

/// What [`Sm80Launcher::launch_staged`] did: which of A and B it copied, and the K the kernel ran
/// (the problem's K rounded up to the vector where K was the culprit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm80Staged {
    /// A was copied.
    pub a: bool,
    /// B was copied.
    pub b: bool,
    /// The kernel's K.
    pub k: usize,
}

impl Sm80Launcher {
    /// `D_z = alpha * A_z * B_z^T + beta * C_z` as [`Sm80Launcher::launch_layouts`], for any K
    /// and any leading dimensions and batch strides of A and B: an operand the kernel's 16-byte
    /// copies cannot read as it lies is copied first into aligned rows (on `stream`, into buffers
    /// freed in stream order after the launch), and a K that is not a multiple of the vector (8
    /// halves, 4 tf32) with a K-major operand is rounded up, both operands padded with zeros.
    /// Returns what was staged; with nothing to stage it is `launch_layouts`. Refused as that
    /// refuses, for the rules a copy cannot mend (the layouts the configuration serves, sizes).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_staged<A, B, C, D, I: InputElem, T: GemmElem>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        l: &Layouts,
        s: &Sm80Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
    ) -> Result<Sm80Staged>
    where
        A: DevicePtr<I>,
        B: DevicePtr<I>,
        C: DevicePtr<T>,
        D: DevicePtrMut<T>,
    {
        if m == 0 || n == 0 || k == 0 || s.batch == 0 {
            return Err(unsupported(format!("the sm80 GEMM takes M, N, K >= 1 and a batch of at least 1, not {m}x{n}x{k} x {}", s.batch)));
        }
        let bytes = std::mem::size_of::<I>();
        // the kernel's rules count elements: K of a K-major operand, leading dimensions and batch
        // strides multiples of 8 (16 bytes of halves; tf32's 32), an M-/N-major operand's last
        // column read in 8s
        let vec = 8;
        // the operands as they lie: (outer, contiguous) extents, exactly (no rounding of the last column)
        let [(ao, al), (bo, bl), _] = l.extents((m, n, k));
        let ma = Pitched { rows: ao, cols: al, ld: s.lda, batch: s.batch, stride: s.batch_a };
        let mb = Pitched { rows: bo, cols: bl, ld: s.ldb, batch: s.batch, stride: s.batch_b };
        if s.lda < al || s.ldb < bl {
            return Err(unsupported(format!("leading dimensions lda {}, ldb {} are smaller than the shape {m}x{n}x{k} ({})", s.lda, s.ldb, l.name())));
        }
        if a.len() < ma.elements() || b.len() < mb.elements() {
            return Err(unsupported(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} ({}) with {s:?}", s.batch, l.name())));
        }
        let k_major = l.a == Major::K || l.b == Major::K;
        let kp = if k_major && k % vec != 0 { k.next_multiple_of(vec) } else { k };
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        // an operand is copied when K grows, or its address or strides break the 16-byte rule,
        // or (M-/N-major) its buffer lacks the rounded last column the kernel's copies read
        let needs = |p: u64, x: &Pitched, major: Major, len: usize| {
            let tail = major == Major::MN && len < x.elements() + (x.cols.next_multiple_of(vec) - x.cols);
            kp != k || p % 16 != 0 || x.ld % vec != 0 || (x.batch > 1 && x.stride % vec != 0) || tail
        };
        let staged = Sm80Staged { a: needs(pa, &ma, l.a, a.len()), b: needs(pb, &mb, l.b, b.len()), k: kp };
        // the staged form: K-major rows of kp elements, M-/N-major kp rows; zeros past the real K
        let grown = |x: &Pitched, major: Major| match major {
            Major::K => Pitched { cols: kp, ..*x },
            Major::MN => Pitched { rows: kp, ..*x },
        };
        let stage = |from: u64, src: &Pitched, major: Major| -> Result<(CudaSlice<I>, Pitched)> {
            let dst = grown(src, major).staged(bytes);
            // room for the kernel's rounded last column of an M-/N-major operand
            let len = dst.elements() + dst.cols.next_multiple_of(vec) - dst.cols;
            // SAFETY: zeroed below before anything reads it
            let buf = unsafe { stream.alloc::<I>(len.max(1)) }.map_err(driver("a staged operand"))?;
            {
                let (to, _g) = buf.device_ptr(stream);
                // zeros everywhere (the padding past K and the rounded last column must be zeros)
                // SAFETY: the allocation holds len.max(1) elements of `bytes` bytes
                let r = unsafe { sys::cuMemsetD8Async(to, 0, len.max(1) * bytes, stream.cu_stream()) };
                if r != sys::CUresult::CUDA_SUCCESS {
                    return Err(unsupported(format!("a staging buffer's memset failed with {r:?}")));
                }
                // the real rows and columns over the zeros (the same rows, columns and batch as the source)
                let real = Pitched { rows: src.rows, cols: src.cols, ..dst };
                // SAFETY: `from` holds `src` (its extent checked above), `to` holds `dst` (just allocated)
                unsafe { crate::staging::copy_2d(stream, from, src, to, &real, bytes) }?;
            }
            Ok((buf, dst))
        };
        let mut s2 = *s;
        let (mut va, mut vb) = ((pa, a.len()), (pb, b.len()));
        let buf_a = if staged.a { Some(stage(pa, &ma, l.a)?) } else { None };
        let buf_b = if staged.b { Some(stage(pb, &mb, l.b)?) } else { None };
        if let Some((x, p)) = &buf_a {
            (va, s2.lda, s2.batch_a) = ((x.device_ptr(stream).0, x.len()), p.ld, p.stride);
        }
        if let Some((x, p)) = &buf_b {
            (vb, s2.ldb, s2.batch_b) = ((x.device_ptr(stream).0, x.len()), p.ld, p.stride);
        }
        let (xa, xb) = (SameBuffer::<I>::new(va.0, va.1, stream), SameBuffer::<I>::new(vb.0, vb.1, stream));
        self.launch_layouts(stream, (m, n, kp), l, &s2, &xa, &xb, c, d, alpha, beta)?;
        Ok(staged)
    }
}
