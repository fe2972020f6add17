//! Leading dimensions, batch and layouts of one sm90 launch ([`Sm90Strides`]), and the rules the
//! kernel's TMA sets on them.

use crate::error::unsupported;
use crate::layout::{Major, Order};
use crate::sm90::shape_ok;
use crate::Result;

/// Unlike the sm80 [`Sm80Strides`](crate::sm80::Sm80Strides) (one kernel per layout of A and B) the
/// sm90 kernel takes all four layouts of A and B (one entry point each) and C and D of either order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Strides {
    /// Row stride (`a` = `K`: at least k) or column stride (`MN`: at least m) of A (m,k); a multiple of 8.
    pub lda: usize,
    /// Row stride (`b` = `K`: at least k) or column stride (`MN`: at least n) of B (n,k); a multiple of 8.
    pub ldb: usize,
    /// Row stride (`cd` = `Row`: at least n) or column stride (`Col`: at least m) of C; a multiple of 8.
    pub ldc: usize,
    /// As `ldc`, of D.
    pub ldd: usize,
    /// How many GEMMs (1 to 2^31 - 1; with the tiles of all of them below 2^31).
    pub batch: usize,
    /// Elements from one A to the next (a multiple of 8; 0 shares one A).
    pub batch_a: usize,
    /// Elements from one B to the next (a multiple of 8; 0 shares one B).
    pub batch_b: usize,
    /// Elements from one C to the next (a multiple of 8; 0 shares one C).
    pub batch_c: usize,
    /// Elements from one D to the next (a multiple of 8; the Ds may not overlap).
    pub batch_d: usize,
    /// A (m,k) K-major (row-major) or M-major (column-major).
    pub a: Major,
    /// B (n,k) K-major (row-major) or N-major (column-major).
    pub b: Major,
    /// The order of C and D (m,n): `Row` (the kernel's) or `Col` (D^T = B A^T on the same kernel).
    pub cd: Order,
}

impl Sm90Strides {
    /// `batch` packed problems of shape `(m, n, k)`, A and B K-major, C and D row-major: lda = ldb
    /// = k, ldc = ldd = n, each matrix right after the previous one.
    pub fn packed((m, n, k): (usize, usize, usize), batch: usize) -> Sm90Strides {
        Sm90Strides { lda: k, ldb: k, ldc: n, ldd: n, batch, batch_a: m * k, batch_b: n * k, batch_c: m * n, batch_d: m * n, a: Major::K, b: Major::K, cd: Order::Row }
    }

    /// As [`Sm90Strides::packed`] with C and D column-major (ldc = ldd = m).
    pub fn packed_col((m, n, k): (usize, usize, usize), batch: usize) -> Sm90Strides {
        Sm90Strides::packed_layout((m, n, k), batch, Major::K, Major::K, Order::Col)
    }

    /// As [`Sm90Strides::packed`] with A and B of the majorness given (lda = k or m, ldb = k or n).
    pub fn packed_ab(shape: (usize, usize, usize), batch: usize, a: Major, b: Major) -> Sm90Strides {
        Sm90Strides::packed_layout(shape, batch, a, b, Order::Row)
    }

    /// `batch` packed problems with A and B of the majorness and C/D of the order given: each
    /// leading dimension the extent of its contiguous dimension, each matrix right after the
    /// previous one.
    pub fn packed_layout((m, n, k): (usize, usize, usize), batch: usize, a: Major, b: Major, cd: Order) -> Sm90Strides {
        let (lda, ldb, ldcd) = (a.stored((m, k)).1, b.stored((n, k)).1, cd.stored((m, n)).1);
        Sm90Strides { lda, ldb, ldc: ldcd, ldd: ldcd, a, b, cd, ..Sm90Strides::packed((m, n, k), batch) }
    }

    /// (rows, cols) of C and D as stored: (m, n) row-major, (n, m) column-major.
    fn cd_dims(&self, (m, n): (usize, usize)) -> (usize, usize) {
        self.cd.stored((m, n))
    }

    /// Elements a buffer must hold for `rows` rows of `len` elements `ld` apart, `self.batch`
    /// times `stride` apart.
    pub fn extent(&self, rows: usize, len: usize, ld: usize, stride: usize) -> usize {
        (self.batch - 1) * stride + (rows - 1) * ld + len
    }

    /// Elements the buffers of A, B, C and D must hold for shape `(m, n, k)`.
    pub fn extents(&self, (m, n, k): (usize, usize, usize)) -> [usize; 4] {
        let (r, c) = self.cd_dims((m, n));
        let (ar, ac) = self.a.stored((m, k));
        let (br, bc) = self.b.stored((n, k));
        [self.extent(ar, ac, self.lda, self.batch_a), self.extent(br, bc, self.ldb, self.batch_b), self.extent(r, c, self.ldc, self.batch_c), self.extent(r, c, self.ldd, self.batch_d)]
    }

    /// Whether the sm90 kernel takes these strides for shape `(m, n, k)`; `Err` says why not.
    pub fn check(&self, shape: (usize, usize, usize)) -> Result<()> {
        self.check_elements(shape, 2)
    }

    /// [`Sm90Strides::check`] for A and B of `ab_bytes`-byte elements (C and D 16-bit): what
    /// [`Sm90Strides::check_fit`] asks, then A's and B's leading dimensions and batch strides
    /// multiples of 16 bytes (8 halves, 4 f32 for tf32, 16 fp8), and K too for one- and four-byte
    /// elements, C's and D's of 8 halves; the 2^40-byte stride limit in bytes. 16-bit operands
    /// whose strides break the 16-byte rule can go through `Sm90Gemm::launch_staged` instead.
    pub fn check_elements(&self, (m, n, k): (usize, usize, usize), ab_bytes: usize) -> Result<()> {
        // the row stride of a matrix of one row addresses nothing: its value is not a rule (the
        // checks read `this`, the messages the caller's strides)
        let this = self.unused_aligned((m, n, k), ab_bytes);
        let this = &this;
        if ab_bytes != 2 {
            // K in 16-byte rows of A's and B's element (4 f32, 16 fp8)
            let per = 16 / ab_bytes.clamp(1, 16);
            let max = i32::MAX as usize;
            if m == 0 || n == 0 || k == 0 || k % per != 0 || m > max || n > max || k > max {
                return Err(unsupported(format!(
                    "the sm90 GEMM takes M, N >= 1 and K >= 1 a multiple of {per} ({ab_bytes}-byte A and B: 16-byte TMA rows), each below 2^31, not {m}x{n}x{k}"
                )));
            }
        }
        self.check_fit((m, n, k))?;
        // the batch strides are only used (as the maps' third stride) with more than one problem
        let zs = if this.batch > 1 { [this.batch_a, this.batch_b, this.batch_c, this.batch_d] } else { [0; 4] };
        let all = [this.lda, this.ldb, this.ldc, this.ldd, zs[0], zs[1], zs[2], zs[3]];
        if ab_bytes != 2 {
            // A and B of another width: 16-byte strides in its elements; C and D as below
            let per = 16 / ab_bytes.clamp(1, 16);
            if [this.lda, this.ldb, zs[0], zs[1]].iter().any(|x| x % per != 0) || [this.ldc, this.ldd, zs[2], zs[3]].iter().any(|x| x % 8 != 0) {
                return Err(unsupported(format!(
                    "the leading dimensions and batch strides must be multiples of 16 bytes (TMA strides: {per} elements of {ab_bytes} bytes for A and B, 8 halves for C and D), not lda {}, ldb {}, ldc {}, ldd {}, batch strides {}, {}, {}, {}",
                    self.lda, self.ldb, self.ldc, self.ldd, self.batch_a, self.batch_b, self.batch_c, self.batch_d
                )));
            }
            if [this.lda, this.ldb, zs[0], zs[1]].iter().any(|&x| (x as u64) * ab_bytes as u64 >= 1 << 40) {
                return Err(unsupported(format!("a leading dimension or batch stride of {self:?} reaches 2^40 bytes (the TMA's stride limit)")));
            }
        } else if all.iter().any(|x| x % 8 != 0) {
            return Err(unsupported(format!(
                "the leading dimensions and batch strides must be multiples of 8 halves (16-byte TMA strides), not lda {}, ldb {}, ldc {}, ldd {}, batch strides {}, {}, {}, {} (Sm90Gemm::launch_staged copies such operands into aligned rows first)",
                self.lda, self.ldb, self.ldc, self.ldd, self.batch_a, self.batch_b, self.batch_c, self.batch_d
            )));
        }
        if [this.ldc, this.ldd, zs[2], zs[3]].iter().chain(if ab_bytes == 2 { &all[..] } else { &[] }).any(|&x| (x as u64) * 2 >= 1 << 40) {
            return Err(unsupported(format!("a leading dimension or batch stride of {self:?} reaches 2^40 bytes (the TMA's stride limit)")));
        }
        Ok(())
    }

    /// These strides with each row stride that addresses nothing (of a matrix of one row: a
    /// decode step's A of M = 1, a D of one row) replaced, where the TMA would refuse it, by its
    /// row's length rounded up to 16 bytes of elements of `ab_bytes` bytes (A, B) or 2 bytes (C,
    /// D): the same matrices, strides the TMA takes. [`Sm90Strides::check_elements`] checks, and
    /// the launches map, these. (The batch strides of one problem are ignored likewise.)
    pub fn unused_aligned(&self, (m, n, k): (usize, usize, usize), ab_bytes: usize) -> Sm90Strides {
        let per_ab = 16 / ab_bytes.clamp(1, 16);
        let fix = |ld: &mut usize, (rows, cols): (usize, usize), per: usize| {
            if rows == 1 && *ld % per != 0 {
                *ld = cols.div_ceil(per) * per;
            }
        };
        let mut s = *self;
        fix(&mut s.lda, self.a.stored((m, k)), per_ab);
        fix(&mut s.ldb, self.b.stored((n, k)), per_ab);
        fix(&mut s.ldc, self.cd.stored((m, n)), 8);
        fix(&mut s.ldd, self.cd.stored((m, n)), 8);
        s
    }

    /// The rules of [`Sm90Strides::check_elements`] that a staging copy cannot mend: M, N, K at
    /// least 1 and below 2^31 ([`shape_ok`]), an M-major A's M and an N-major B's N multiples of 8,
    /// leading dimensions at least the rows' lengths, the batch's tile count below 2^31, and Ds
    /// that do not overlap. `Sm90Gemm::launch_staged` checks these on the caller's strides.
    pub fn check_fit(&self, (m, n, k): (usize, usize, usize)) -> Result<()> {
        shape_ok(m, n, k)?;
        if self.a == Major::MN && m % 8 != 0 || self.b == Major::MN && n % 8 != 0 {
            return Err(unsupported(format!(
                "an M-major (column-major) A needs M, an N-major (column-major) B N a multiple of 8 (the TMA reads 16-byte units along the contiguous dimension), not {m}x{n}x{k} with A {:?}-major, B {:?}-major",
                self.a, self.b
            )));
        }
        let (rows, cols) = self.cd_dims((m, n));
        let (acols, bcols) = (self.a.stored((m, k)).1, self.b.stored((n, k)).1);
        if self.lda < acols || self.ldb < bcols || self.ldc < cols || self.ldd < cols {
            return Err(unsupported(format!(
                "leading dimensions lda {}, ldb {}, ldc {}, ldd {} are smaller than the shape {m}x{n}x{k} ({:?}-major A, {:?}-major B, {} C/D)",
                self.lda, self.ldb, self.ldc, self.ldd, self.a, self.b, self.cd.name()
            )));
        }
        let max = i32::MAX as usize;
        let tiles = m.div_ceil(128) * n.div_ceil(128);
        if self.batch == 0 || self.batch > max || tiles.checked_mul(self.batch).and_then(|t| t.checked_mul(k.div_ceil(64))).is_none_or(|t| t > max) {
            return Err(unsupported(format!("batch {} of {m}x{n}x{k}: the batch must be at least 1 and tiles x batch x k-blocks below 2^31 (the kernel's 32-bit tile and stage counters)", self.batch)));
        }
        let one_d = (rows - 1) * self.ldd + cols;
        if self.batch > 1 && self.batch_d < one_d {
            return Err(unsupported(format!("batch_d {} is smaller than one D ({one_d} elements): the Ds would overlap", self.batch_d)));
        }
        Ok(())
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    /// A's and B's 16-byte stride rule counts the element's bytes: f32 (tf32) strides may be
    /// multiples of 4, halves of 8; C's and D's stay halves.
    #[test]
    fn strides_are_checked_in_the_elements_bytes() {
        let s = Sm90Strides::packed((64, 64, 36), 1);
        assert!(s.check_elements((64, 64, 36), 4).is_ok());
        let e = s.check((64, 64, 36)).unwrap_err().to_string();
        assert!(e.contains("multiples of 8 halves") && e.contains("lda 36") && e.contains("launch_staged"), "{e}");
        // K itself need not be a multiple of 8 for 16-bit A and B: the strides carry the rule
        assert!(Sm90Strides { lda: 40, ldb: 40, ..s }.check((64, 64, 36)).is_ok());
        let e = Sm90Strides::packed((64, 64, 42), 1).check_elements((64, 64, 42), 4).unwrap_err().to_string();
        assert!(e.contains("a multiple of 4 (4-byte A and B: 16-byte TMA rows)"), "{e}");
        let padded = Sm90Strides { lda: 42, ..Sm90Strides::packed((64, 64, 36), 1) };
        let e = padded.check_elements((64, 64, 36), 4).unwrap_err().to_string();
        assert!(e.contains("4 elements of 4 bytes for A and B"), "{e}");
        let odd_d = Sm90Strides { ldd: 68, ..Sm90Strides::packed((64, 64, 36), 1) };
        assert!(odd_d.check_elements((64, 64, 36), 4).unwrap_err().to_string().contains("8 halves for C and D"));
    }

    /// The row stride of a one-row matrix addresses nothing: any value at least the row's length
    /// is taken (a decode step's A of M = 1, a D of one row), aligned for the maps; of more rows
    /// the rule stands.
    #[test]
    fn a_one_row_matrix_has_no_row_stride_rule() {
        // 33x1x9392: B one row with ldb 9394; 1x1x64: C and D one row of one element, ldc = ldd = 1
        let s = Sm90Strides { lda: 9408, ldb: 9394, ldc: 40, ldd: 56, ..Sm90Strides::packed((33, 1, 9392), 1) };
        assert!(s.check((33, 1, 9392)).is_ok());
        assert_eq!(s.unused_aligned((33, 1, 9392), 2), Sm90Strides { ldb: 9392, ..s });
        let s = Sm90Strides { lda: 112, ..Sm90Strides::packed((1, 1, 64), 1) };
        assert!(s.check((1, 1, 64)).is_ok());
        assert_eq!(s.unused_aligned((1, 1, 64), 2), Sm90Strides { ldc: 8, ldd: 8, ..s });
        // M = 1 fp8: lda 4104 (not a multiple of 16 bytes of one-byte elements) is not a rule
        let s = Sm90Strides { lda: 4104, ..Sm90Strides::packed((1, 256, 4096), 1) };
        assert!(s.check_elements((1, 256, 4096), 1).is_ok());
        // two rows: it is
        let s = Sm90Strides { ldb: 9394, ..Sm90Strides::packed((33, 2, 9392), 1) };
        assert!(s.check((33, 2, 9392)).unwrap_err().to_string().contains("ldb 9394"));
        // a column-major D of one column (N = 1): its row stride is unused too
        let s = Sm90Strides { ldc: 77, ldd: 77, ..Sm90Strides::packed_col((77, 1, 64), 1) };
        assert!(s.check((77, 1, 64)).is_ok());
        // a row stride shorter than the row stays an error (a caller's mistake, one row or not)
        let s = Sm90Strides { lda: 5, ..Sm90Strides::packed((1, 64, 64), 1) };
        assert!(s.check((1, 64, 64)).unwrap_err().to_string().contains("smaller than the shape"));
    }
}
