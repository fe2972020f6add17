//! SM75 `ldmatrix` copy operations (`cute/arch/copy_sm75.hpp`, `cute/atom/copy_traits_sm75.hpp`):
//! one warp (`ThrID = _32:_1`) loads 1, 2 or 4 matrices of 8x8 16-bit elements (8 rows of 128
//! bits each) from shared memory into registers.
//!
//! Source side: each of the first 8, 16 or 32 threads supplies the address of one 128-bit row
//! (the other threads' addresses are ignored: thread stride `_0`). Destination side: every
//! thread receives 32 bits of each matrix. `_N` ("non-transposed") gives thread `t` the 32-bit
//! word `t` of the matrix; `_T` (`.trans`) transposes 16-bit elements, so each thread receives
//! two 16-bit elements from two different rows.
//!
//! The bit index of the reference tile is row-major over the rows the source threads point to:
//! row `r` (of 128 bits) starts at bit `128 r`.

use tycute_macros::cute;

use crate::copy::CopyTraits;

macro_rules! copy_op {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
        pub struct $name;
    )*};
}
pub(crate) use copy_op;

copy_op! {
    /// `ldmatrix.sync.aligned.x1.m8n8.shared.b16`: one 8x8 matrix, 32 bits per thread.
    SM75_U32x1_LDSM_N;
    /// `ldmatrix.sync.aligned.x2.m8n8.shared.b16`: two 8x8 matrices, 2 x 32 bits per thread.
    SM75_U32x2_LDSM_N;
    /// `ldmatrix.sync.aligned.x4.m8n8.shared.b16`: four 8x8 matrices, 4 x 32 bits per thread.
    SM75_U32x4_LDSM_N;
    /// `ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16`: one transposed 8x8 matrix, 2 x 16 bits
    /// per thread.
    SM75_U16x2_LDSM_T;
    /// `ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16`: two transposed matrices, 4 x 16 bits per
    /// thread.
    SM75_U16x4_LDSM_T;
    /// `ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16`: four transposed matrices, 8 x 16 bits
    /// per thread.
    SM75_U16x8_LDSM_T;
}

// Source layouts. (thread, bit) → bit: threads 0..8 (x1), 0..16 (x2), 0..32 (x4) each give one
// 128-bit row, row r at bit 128 r; the remaining threads are ignored (stride _0).
/// `x1` source: `((_8,_4),_128):((_128,_0),_1)`: thread `t0 + 8 t1` → row `t0` (t1 ignored).
pub type LdsmSrcX1 = cute!(((_8,_4),_128):((_128,_0),_1));
/// `x2` source: `((_16,_2),_128):((_128,_0),_1)`: thread `t0 + 16 t1` → row `t0` (t1 ignored).
pub type LdsmSrcX2 = cute!(((_16,_2),_128):((_128,_0),_1));
/// `x4` source: `(_32,_128):(_128,_1)`: thread `t` → row `t`.
pub type LdsmSrcX4 = cute!((_32,_128):(_128,_1));

// Destination layouts of the non-transposed loads. (thread, bit) → bit: thread t receives the
// 32-bit word t of each 1024-bit matrix; matrix j starts at bit 1024 j.
/// `x1` destination: `(_32,_32):(_32,_1)`: thread `t`, bit `b` → bit `32 t + b`.
pub type LdsmDstU32x1 = cute!((_32,_32):(_32,_1));
/// `x2` destination: `(_32,(_32,_2)):(_32,(_1,_1024))`: thread `t`, bit `b` of matrix `j` →
/// bit `32 t + b + 1024 j`.
pub type LdsmDstU32x2 = cute!((_32,(_32,_2)):(_32,(_1,_1024)));
/// `x4` destination: `(_32,(_32,_4)):(_32,(_1,_1024))`.
pub type LdsmDstU32x4 = cute!((_32,(_32,_4)):(_32,(_1,_1024)));

// Destination layouts of the transposed loads. Thread t = t0 + 4 t1 receives, of each matrix,
// the 16-bit elements of column t1 in rows 2 t0 and 2 t0 + 1: bit 16 t1 + 256 t0 (+ 128 for the
// second row) + b, b < 16; matrix j starts at bit 1024 j.
/// `x1.trans` destination: `((_4,_8),(_16,_2)):((_256,_16),(_1,_128))`.
pub type LdsmDstU16x2 = cute!(((_4,_8),(_16,_2)):((_256,_16),(_1,_128)));
/// `x2.trans` destination: `((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))`.
pub type LdsmDstU16x4 = cute!(((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024)));
/// `x4.trans` destination: `((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))`.
pub type LdsmDstU16x8 = cute!(((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024)));

macro_rules! ldsm {
    ($($op:ident: $src:ty, $dst:ty;)*) => {$(
        // RefLayout = DstLayout: the registers are the reference.
        impl CopyTraits for $op {
            type ThrID = cute!(_32:_1);
            type SrcLayout = $src;
            type DstLayout = $dst;
            type RefLayout = $dst;
        }
    )*};
}
ldsm! {
    SM75_U32x1_LDSM_N: LdsmSrcX1, LdsmDstU32x1;
    SM75_U32x2_LDSM_N: LdsmSrcX2, LdsmDstU32x2;
    SM75_U32x4_LDSM_N: LdsmSrcX4, LdsmDstU32x4;
    SM75_U16x2_LDSM_T: LdsmSrcX1, LdsmDstU16x2;
    SM75_U16x4_LDSM_T: LdsmSrcX2, LdsmDstU16x4;
    SM75_U16x8_LDSM_T: LdsmSrcX4, LdsmDstU16x8;
}

/// The PTX instruction of an `ldmatrix` operation, without operands (CuTe's `copy_sm75.hpp`
/// wraps the same): what a kernel emits for this atom, so that the transposing atoms (`_T`) issue
/// `.trans`.
pub trait LdsmPtx {
    /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`, with `.trans` for the `_T` operations.
    const PTX: &'static str;
    /// Whether the load transposes 16-bit elements (`.trans`).
    const TRANS: bool;
}
macro_rules! ldsm_ptx {
    ($($op:ident: $ptx:literal, $trans:literal;)*) => {$(
        impl LdsmPtx for $op {
            const PTX: &'static str = $ptx;
            const TRANS: bool = $trans;
        }
    )*};
}
ldsm_ptx! {
    SM75_U32x1_LDSM_N: "ldmatrix.sync.aligned.m8n8.x1.shared.b16", false;
    SM75_U32x2_LDSM_N: "ldmatrix.sync.aligned.m8n8.x2.shared.b16", false;
    SM75_U32x4_LDSM_N: "ldmatrix.sync.aligned.m8n8.x4.shared.b16", false;
    SM75_U16x2_LDSM_T: "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", true;
    SM75_U16x4_LDSM_T: "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", true;
    SM75_U16x8_LDSM_T: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", true;
}
impl<Op: LdsmPtx, T> LdsmPtx for crate::copy::Copy_Atom<Op, T> {
    const PTX: &'static str = Op::PTX;
    const TRANS: bool = Op::TRANS;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::{CopyAtom, Copy_Atom, Dst2Ref, NumValDst, NumValSrc, Src2Ref, ValLayoutDst};
    use tycute_layout::swizzle::recast::{float, half_t};
    use tycute_layout::{show, table};

    /// Every bit of the loaded matrices is delivered to exactly one (thread, bit).
    #[test]
    fn destinations_are_bijective() {
        fn check<L: tycute_layout::Reify>(n: i64) {
            let mut t = table::<L>();
            t.sort_unstable();
            assert_eq!(t, (0..n).collect::<Vec<_>>());
        }
        check::<LdsmDstU32x1>(1024);
        check::<LdsmDstU32x2>(2048);
        check::<LdsmDstU32x4>(4096);
        check::<LdsmDstU16x2>(1024);
        check::<LdsmDstU16x4>(2048);
        check::<LdsmDstU16x8>(4096);
    }

    #[test]
    fn atoms() {
        type A = Copy_Atom<SM75_U32x1_LDSM_N, half_t>;
        assert_eq!(show::<<A as CopyAtom>::ValLayoutSrc>(), "((_8,_4),_8):((_8,_0),_1)");
        assert_eq!(show::<ValLayoutDst<A>>(), "(_32,_2):(_2,_1)");
        assert_eq!(show::<NumValSrc<A>>(), "_8");
        assert_eq!(show::<NumValDst<A>>(), "_2");
        assert_eq!(show::<Src2Ref<A>>(), "((_8,_4),(_2,_4)):((_4,_0),(_32,_1))");
        assert_eq!(show::<Dst2Ref<A>>(), "(_32,_2):(_1,_32)");
        type T = Copy_Atom<SM75_U16x8_LDSM_T, half_t>;
        assert_eq!(show::<Dst2Ref<T>>(), "((_4,_8),(_1,_2,_4)):((_1,_4),(_64,_32,_64))");
        type F = Copy_Atom<SM75_U32x4_LDSM_N, float>;
        assert_eq!(show::<NumValDst<F>>(), "_4");
    }
}
