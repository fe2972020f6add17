//! Staged operands: a copy of a matrix (or a batch of matrices) into rows the TMA reads at full
//! speed, for the strides a TMA kernel cannot take or takes at half speed (issue 21's odd sizes).
//!
//! A TMA map's global strides must be multiples of 16 bytes and its address 16-byte aligned, so a
//! packed fp16 matrix with K (or N, for C and D) not a multiple of 8 cannot be read as it lies.
//! And rows that start 16 bytes into a 32-byte sector are read at about half speed: on the H100,
//! 4096x4096x4104 ran 0.54x of cuBLAS, where rows 32 or 64 bytes off a 128-byte line ran 0.90x
//! and 0.96x (docs/perf.md, "Odd sizes"). Such a matrix is copied ([`copy_2d`], one
//! `cuMemcpy2DAsync` a matrix) into rows [`STAGED_ROW_BYTES`] apart, read from there, and D,
//! when its rows are the ones at fault, computed there and copied back. [`Pitched::stage`] says
//! whether a matrix needs it and why; `Sm90Gemm::launch_staged` does it. Where the kernel's B is
//! the matrix half a sector off and the configuration has a form in clusters (B multicast), the
//! launch API runs that form instead and copies nothing for those rows (0.97x cuBLAS at
//! 4095x4096x4104 against 0.67x copied: docs/perf.md, "Half-sector rows of B: clusters").

use tycute_cuda::cudarc::driver::{sys, CudaStream};

use crate::error::unsupported;
use crate::Result;

/// Bytes from one staged row to the next are a multiple of this: a row of a staged matrix starts on
/// a 128-byte line, as the TMA's 128-byte boxes read best.
pub const STAGED_ROW_BYTES: usize = 128;

/// A batch of matrices as they lie in memory: `batch` matrices `stride` elements apart (`stride`
/// 0: one matrix shared by the batch), each `rows` rows of `cols` elements, `ld` elements from one
/// row to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pitched {
    /// Rows of a matrix (the strided dimension).
    pub rows: usize,
    /// Elements of a row (the contiguous dimension).
    pub cols: usize,
    /// Elements from one row to the next (at least `cols`).
    pub ld: usize,
    /// Matrices in the batch.
    pub batch: usize,
    /// Elements from one matrix to the next; 0 shares one matrix.
    pub stride: usize,
}

/// Whether a matrix is read as it lies or staged, and why ([`Pitched::stage`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The TMA reads it as it lies.
    Direct,
    /// Its address, row stride or batch stride is not a multiple of 16 bytes: the TMA cannot read it.
    Misaligned,
    /// Its rows (or matrices) start 16 bytes into a 32-byte sector: the TMA reads them at about
    /// half speed, and a copy costs less.
    HalfSector,
}

impl Stage {
    /// Whether the matrix is copied.
    pub fn staged(self) -> bool {
        self != Stage::Direct
    }

    /// The worse of two: a misaligned matrix must be staged, a half-sector one should be.
    pub fn max(self, other: Stage) -> Stage {
        let rank = |s: Stage| match s {
            Stage::Direct => 0,
            Stage::HalfSector => 1,
            Stage::Misaligned => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// What a staged launch copied: A, B, and C/D ([`Stage::Direct`]: read or written where it lies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Staged {
    /// A's matrices.
    pub a: Stage,
    /// B's matrices.
    pub b: Stage,
    /// D's (and C's, with beta != 0) matrices: computed in a staged D and copied back. Only a
    /// [`Stage::Misaligned`] C or D is staged (its traffic is the smaller part of a GEMM's).
    pub cd: Stage,
}

impl Staged {
    /// Whether anything was copied.
    pub fn any(&self) -> bool {
        self.a.staged() || self.b.staged() || self.cd.staged()
    }

    /// "staged A (misaligned), B (half-sector rows)", or "" when nothing was.
    pub fn describe(&self) -> String {
        let why = |s: Stage| match s {
            Stage::Misaligned => "misaligned",
            Stage::HalfSector => "half-sector rows",
            Stage::Direct => "",
        };
        let parts: Vec<String> = [("A", self.a), ("B", self.b), ("C/D", self.cd)].iter().filter(|(_, s)| s.staged()).map(|(n, s)| format!("{n} ({})", why(*s))).collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("staged {}", parts.join(", "))
        }
    }
}

impl Pitched {
    /// Whether the TMA takes the matrices at byte address `addr` with elements of `bytes` bytes as
    /// they lie: [`Stage::Misaligned`] if the address, the row stride (with more than one row) or
    /// the batch stride (with more than one matrix) is not a multiple of 16 bytes;
    /// [`Stage::HalfSector`] if one of them is an odd multiple of 16 (some rows then start 16 bytes
    /// into a 32-byte sector); else [`Stage::Direct`].
    pub fn stage(&self, addr: u64, bytes: usize) -> Stage {
        let b = bytes as u64;
        let ld = if self.rows > 1 { self.ld as u64 * b } else { 0 };
        let stride = if self.batch > 1 { self.stride as u64 * b } else { 0 };
        let offsets = [addr, ld, stride];
        if offsets.iter().any(|x| x % 16 != 0) {
            Stage::Misaligned
        } else if offsets.iter().any(|x| x % 32 == 16) {
            Stage::HalfSector
        } else {
            Stage::Direct
        }
    }

    /// The staged form for elements of `bytes` bytes: the same rows, columns and batch, rows
    /// [`STAGED_ROW_BYTES`]-aligned apart, matrices one after the other (a shared matrix stays one).
    pub fn staged(&self, bytes: usize) -> Pitched {
        let per = (STAGED_ROW_BYTES / bytes.clamp(1, STAGED_ROW_BYTES)).max(1);
        let ld = self.cols.div_ceil(per) * per;
        let stride = if self.stride == 0 && self.batch > 1 { 0 } else { self.rows * ld };
        Pitched { ld, stride, ..*self }
    }

    /// Elements a buffer must hold: from the first element of the first matrix to the last of the
    /// last.
    pub fn elements(&self) -> usize {
        if self.rows == 0 || self.cols == 0 || self.batch == 0 {
            return 0;
        }
        (self.batch - 1) * self.stride + (self.rows - 1) * self.ld + self.cols
    }
}

/// Copies every matrix of `src` (at device address `from`) into `dst` (at `to`), elements of
/// `bytes` bytes, on `stream`: one `cuMemcpy2DAsync` a matrix; a shared `src` (stride 0) into each
/// of `dst`'s matrices. `src` and `dst` must have the same rows, columns and batch.
///
/// # Safety
/// The allocations at `from` and `to` hold `src.elements()` and `dst.elements()` elements, `to`'s
/// is not read or written by other work until the copies are done (stream order), and the copy
/// does not overlap the source.
pub unsafe fn copy_2d(stream: &CudaStream, from: u64, src: &Pitched, to: u64, dst: &Pitched, bytes: usize) -> Result<()> {
    if (src.rows, src.cols, src.batch) != (dst.rows, dst.cols, dst.batch) {
        return Err(unsupported(format!("a staging copy between matrices of other shapes: {src:?} into {dst:?}")));
    }
    let b = bytes as u64;
    for z in 0..src.batch as u64 {
        let copy = sys::CUDA_MEMCPY2D {
            srcXInBytes: 0,
            srcY: 0,
            srcMemoryType: sys::CUmemorytype::CU_MEMORYTYPE_DEVICE,
            srcHost: std::ptr::null(),
            srcDevice: from + z * src.stride as u64 * b,
            srcArray: std::ptr::null_mut(),
            srcPitch: src.ld * bytes,
            dstXInBytes: 0,
            dstY: 0,
            dstMemoryType: sys::CUmemorytype::CU_MEMORYTYPE_DEVICE,
            dstHost: std::ptr::null_mut(),
            dstDevice: to + z * dst.stride as u64 * b,
            dstArray: std::ptr::null_mut(),
            dstPitch: dst.ld * bytes,
            WidthInBytes: src.cols * bytes,
            Height: src.rows,
        };
        // SAFETY: both ranges lie in their allocations (the caller's promise); the descriptor lives
        // across the call, which reads it before it returns.
        let r = unsafe { sys::cuMemcpy2DAsync_v2(&copy, stream.cu_stream()) };
        if r != sys::CUresult::CUDA_SUCCESS {
            return Err(unsupported(format!("a staging copy of {src:?} ({bytes}-byte elements): cuMemcpy2DAsync failed with {r:?}")));
        }
        if dst.stride == 0 {
            break; // (one shared destination: one copy)
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stage_follows_the_16_and_32_byte_rules() {
        let m = |ld, batch, stride| Pitched { rows: 64, cols: 60, ld, batch, stride };
        // fp16: ld 64 (128 bytes) direct, 4104 (8208 = 16 mod 32) half speed, 2053 misaligned
        assert_eq!(m(64, 1, 0).stage(0, 2), Stage::Direct);
        assert_eq!(m(4104, 1, 0).stage(0, 2), Stage::HalfSector);
        assert_eq!(m(4112, 1, 0).stage(0, 2), Stage::Direct);
        assert_eq!(m(2053, 1, 0).stage(0, 2), Stage::Misaligned);
        // the address and the batch stride count, the batch stride only with a batch
        assert_eq!(m(64, 1, 0).stage(8, 2), Stage::Misaligned);
        assert_eq!(m(64, 1, 0).stage(16, 2), Stage::HalfSector);
        assert_eq!(m(64, 2, 64 * 64 + 4).stage(0, 2), Stage::Misaligned);
        assert_eq!(m(64, 1, 64 * 64 + 4).stage(0, 2), Stage::Direct);
        // one row: its stride is never used
        assert_eq!(Pitched { rows: 1, cols: 7, ld: 7, batch: 1, stride: 0 }.stage(0, 2), Stage::Direct);
        // one-byte elements: 16 of them are 16 bytes
        assert_eq!(m(4112, 1, 0).stage(0, 1), Stage::HalfSector);
        assert_eq!(Stage::Direct.max(Stage::HalfSector).max(Stage::Misaligned), Stage::Misaligned);
        let st = Staged { a: Stage::Misaligned, b: Stage::HalfSector, cd: Stage::Direct };
        assert_eq!((st.any(), st.describe().as_str()), (true, "staged A (misaligned), B (half-sector rows)"));
        assert_eq!(Staged { a: Stage::Direct, b: Stage::Direct, cd: Stage::Direct }.describe(), "");
    }

    #[test]
    fn staged_rows_are_128_bytes_apart_and_shared_matrices_stay_shared() {
        let p = Pitched { rows: 3, cols: 2053, ld: 2053, batch: 4, stride: 3 * 2053 };
        let s = p.staged(2);
        assert_eq!((s.ld, s.stride, s.elements()), (2112, 3 * 2112, 3 * 3 * 2112 + 2 * 2112 + 2053));
        assert_eq!(s.stage(0, 2), Stage::Direct);
        assert_eq!(p.staged(4).ld, 2080);
        let shared = Pitched { stride: 0, ..p }.staged(2);
        assert_eq!((shared.stride, shared.elements()), (0, 2 * 2112 + 2053));
        assert_eq!(Pitched { batch: 0, ..p }.elements(), 0);
    }
}
