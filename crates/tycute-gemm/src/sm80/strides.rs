//! Leading dimensions and batch of one sm80 launch ([`Sm80Strides`]), and the rules the kernel
//! sets on them.

use crate::error::unsupported;
use crate::layout::{Layouts, Major};
use crate::sm80::Sm80Header;
use crate::Result;

/// Leading dimensions and batch of one GEMM, in elements, for its [`Layouts`]: each leading
/// dimension is the stride of the matrix's outer (non-contiguous) index: `lda` the row stride of
/// a K-major A (M,K) or the column stride of an M-major one (B (N,K) alike), `ldc`/`ldd` the
/// column stride of column-major C/D (M,N) or the row stride of row-major ones; matrix `z` of a
/// batch starts `z * batch_x` elements after the first one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm80Strides {
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

impl Sm80Strides {
    /// `batch` packed TN problems of shape `(m, n, k)`: lda = ldb = k, ldc = ldd = m, each matrix
    /// right after the previous one.
    pub fn packed((m, n, k): (usize, usize, usize), batch: usize) -> Sm80Strides {
        Sm80Strides { lda: k, ldb: k, ldc: m, ldd: m, batch, batch_a: m * k, batch_b: n * k, batch_c: m * n, batch_d: m * n }
    }

    /// `batch` problems in layouts `l`, as packed as the kernel allows: each leading dimension
    /// the matrix's contiguous extent (rounded up to a multiple of 8 halves for A and B), each
    /// matrix right after the previous one.
    pub fn packed_for(shape: (usize, usize, usize), batch: usize, l: &Layouts) -> Sm80Strides {
        let [(ao, al), (bo, bl), (co, cl)] = l.extents(shape);
        let (lda, ldb) = (al.next_multiple_of(8), bl.next_multiple_of(8));
        Sm80Strides { lda, ldb, ldc: cl, ldd: cl, batch, batch_a: ao * lda, batch_b: bo * ldb, batch_c: co * cl, batch_d: co * cl }
    }

    /// Elements a buffer must hold for `rows` rows (columns) of `len` elements `ld` apart,
    /// `self.batch` times `stride` apart.
    pub(crate) fn extent(&self, rows: usize, len: usize, ld: usize, stride: usize) -> usize {
        (self.batch - 1) * stride + (rows - 1) * ld + len
    }

    /// Elements the buffers of A, B, C and D must hold for shape `shape` in layouts `l`. An
    /// M-/N-major operand's last column is rounded up to a multiple of 8 elements (within the
    /// leading dimension, itself a multiple of 8): the kernel reads it with whole 16-byte
    /// `cp.async`s whose src-size covers only the rows inside M (N), and compute-sanitizer counts
    /// such a copy as a 16-byte read.
    pub fn lens(&self, l: &Layouts, shape: (usize, usize, usize)) -> [usize; 4] {
        let [(ao, al), (bo, bl), (co, cl)] = l.extents(shape);
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
    pub fn check(&self, cfg: &Sm80Header, shape: (usize, usize, usize)) -> Result<()> {
        self.check_layouts(cfg, shape, &cfg.layouts())
    }

    /// Whether the kernel of `cfg` computes shape `(m, n, k)` in layouts `l` with these strides
    /// (row-major C through the exchange of [`Layouts::kernel_operands`]); `Err` says why not.
    pub fn check_layouts(&self, cfg: &Sm80Header, (m, n, k): (usize, usize, usize), l: &Layouts) -> Result<()> {
        let (ka, kb, swapped) = l.kernel_operands();
        if (ka, kb) != (cfg.a_major, cfg.b_major) {
            return Err(unsupported(format!(
                "layouts {} need a kernel with A' {ka:?}-major and B' {kb:?}-major; {} is {} (Layouts::sm80_config picks the configuration)",
                l.name(),
                cfg.name,
                cfg.layouts().ab()
            )));
        }
        if swapped {
            cfg.shape_ok(n, m, k)?;
        } else {
            cfg.shape_ok(m, n, k)?;
        }
        let (bm, bn, bk) = cfg.tile;
        let max = i32::MAX as usize;
        let [(_, al), (_, bl), (co, cl)] = l.extents((m, n, k));
        if self.lda < al || self.ldb < bl || self.ldc < cl || self.ldd < cl {
            return Err(unsupported(format!("leading dimensions {self:?} are smaller than the shape {m}x{n}x{k} ({})", l.name())));
        }
        if self.lda % 8 != 0 || self.ldb % 8 != 0 || self.batch_a % 8 != 0 || self.batch_b % 8 != 0 {
            return Err(unsupported(format!(
                "the leading dimensions and batch strides of A and B must be multiples of 8 halves (16-byte cp.async rows), not lda {}, ldb {}, batch_a {}, batch_b {} (Sm80Launcher::launch_staged copies such operands into aligned rows first)",
                self.lda, self.ldb, self.batch_a, self.batch_b
            )));
        }
        if self.batch == 0 || self.batch > 65535 {
            return Err(unsupported(format!("batch {} is not in 1..=65535 (grid y)", self.batch)));
        }
        if self.batch > 1 && self.batch_d < (co - 1) * self.ldd + cl {
            return Err(unsupported(format!("batch_d {} is smaller than one D ({} elements): the Ds would overlap", self.batch_d, (co - 1) * self.ldd + cl)));
        }
        if self.lda.max(self.ldb).max(self.ldc).max(self.ldd) * bm.max(bn).max(bk) > max {
            return Err(unsupported(format!("leading dimensions {self:?} are too large for the kernel's 32-bit offsets")));
        }
        Ok(())
    }
}
