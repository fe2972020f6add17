//! The layout vocabulary of every GEMM here, `D = alpha * A * B^T + beta * C` with A (M,K), B
//! (N,K), C and D (M,N): which index of an operand is contiguous ([`Major`]), how C and D are
//! stored ([`Order`]), and the four BLAS layouts of A and B with C's order ([`Layouts`]). The sm80
//! and sm90 launches, their checks and the cuBLAS calls all speak it.

/// Which index of an operand is contiguous in memory: A is (M,K) and B is (N,K), as the kernels
/// take them (`D = A * B^T`). `K`: K-major (A row-major, element (m,k) at `m * lda + k`; CuTe's
/// and BLAS's "T" for A, "N" for B); `MN`: M-major A (column-major, at `m + k * lda`) or
/// N-major B (at `n + k * ldb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// The K index is contiguous.
    K,
    /// The M (for A) or N (for B) index is contiguous.
    MN,
}

impl Major {
    /// `(outer, contiguous)` extents of an operand `(mn, k)` stored this way: `(mn, k)` K-major,
    /// `(k, mn)` M-/N-major; its leading dimension is at least the second.
    pub fn stored(self, (mn, k): (usize, usize)) -> (usize, usize) {
        match self {
            Major::K => (mn, k),
            Major::MN => (k, mn),
        }
    }

    /// Offset of element `(i, kk)` of an operand stored this way with leading dimension `ld`.
    pub fn offset(self, ld: usize, i: usize, kk: usize) -> usize {
        match self {
            Major::K => i * ld + kk,
            Major::MN => kk * ld + i,
        }
    }
}

/// The storage order of C and D (M,N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major: element (m,n) at `m * ldc + n`.
    Row,
    /// Column-major: element (m,n) at `m + n * ldc`.
    Col,
}

impl Order {
    /// `(outer, contiguous)` extents of an `(m, n)` matrix stored this way: `(m, n)` row-major,
    /// `(n, m)` column-major; its leading dimension is at least the second.
    pub fn stored(self, (m, n): (usize, usize)) -> (usize, usize) {
        match self {
            Order::Row => (m, n),
            Order::Col => (n, m),
        }
    }

    /// Offset of element `(i, j)` of a matrix stored this way with leading dimension `ld`.
    pub fn offset(self, ld: usize, i: usize, j: usize) -> usize {
        match self {
            Order::Row => i * ld + j,
            Order::Col => j * ld + i,
        }
    }

    /// `"row-major"` or `"column-major"`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Row => "row-major",
            Order::Col => "column-major",
        }
    }
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
    pub c: Order,
}

impl Layouts {
    /// A and B K-major, C column-major: the sm80 kernel's first configuration.
    pub const TN: Layouts = Layouts { a: Major::K, b: Major::K, c: Order::Col };
    /// A M-major, B N-major, C column-major.
    pub const NT: Layouts = Layouts { a: Major::MN, b: Major::MN, c: Order::Col };
    /// A M-major, B K-major, C column-major.
    pub const NN: Layouts = Layouts { a: Major::MN, b: Major::K, c: Order::Col };
    /// A K-major, B N-major, C column-major.
    pub const TT: Layouts = Layouts { a: Major::K, b: Major::MN, c: Order::Col };

    /// The same with C and D in order `c`.
    pub const fn with_c(self, c: Order) -> Layouts {
        Layouts { c, ..self }
    }

    /// All eight: TN, NT, NN, TT, each with C column- then row-major.
    pub fn all() -> Vec<Layouts> {
        [Layouts::TN, Layouts::NT, Layouts::NN, Layouts::TT].into_iter().flat_map(|l| [l, l.with_c(Order::Row)]).collect()
    }

    /// The layouts of BLAS letters `tn`, `nt`, `nn` or `tt` (either case), C column-major.
    pub fn named(letters: &str) -> Option<Layouts> {
        match letters.to_ascii_lowercase().as_str() {
            "tn" => Some(Layouts::TN),
            "nt" => Some(Layouts::NT),
            "nn" => Some(Layouts::NN),
            "tt" => Some(Layouts::TT),
            _ => None,
        }
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
        format!("{}, C {}", self.ab(), self.c.name())
    }

    /// How a kernel that writes column-major C computes it: `(A' majorness, B' majorness,
    /// swapped)`. Column-major C: A' = A, B' = B. Row-major C: D is the column-major
    /// `D^T (N,M) = B * A^T`, so A' = B (N,K) and B' = A (M,K) with their own majorness, M and N
    /// exchanged.
    pub fn kernel_operands(&self) -> (Major, Major, bool) {
        match self.c {
            Order::Col => (self.a, self.b, false),
            Order::Row => (self.b, self.a, true),
        }
    }

    /// `(outer, contiguous)` extents of A, B and C/D of shape `(m, n, k)`.
    pub fn extents(&self, (m, n, k): (usize, usize, usize)) -> [(usize, usize); 3] {
        [self.a.stored((m, k)), self.b.stored((n, k)), self.c.stored((m, n))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_extents_and_the_exchange() {
        assert_eq!(Layouts::all().len(), 8);
        assert_eq!(Layouts::NN.with_c(Order::Row).name(), "NN, C row-major");
        assert_eq!(Layouts::named("Tt"), Some(Layouts::TT));
        assert_eq!(Layouts::named("tx"), None);
        assert_eq!(Layouts::NT.extents((3, 5, 8)), [(8, 3), (8, 5), (5, 3)]);
        assert_eq!(Layouts::TT.with_c(Order::Row).kernel_operands(), (Major::MN, Major::K, true));
        assert_eq!((Major::MN.offset(10, 2, 3), Order::Row.offset(10, 2, 3)), (32, 23));
    }
}
