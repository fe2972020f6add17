//! `SizeIs<N>`, `CosizeIs<N>`, `RankIs<R>` (and their type-valued forms `HasSize<T>`,
//! `HasCosize<T>`, `HasRank<T>`): `size(L) == N`, `cosize(L) == N`, `rank(L) == R` as bounds
//! for generic code, whose rejection states both numbers in decimal.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute::bounds::{RankIs, SizeIs};
//! use tycute_macros::cute;
//!
//! fn tile<L: SizeIs<8192> + RankIs<2>>() {}
//! tile::<cute!((_128,_64):(_64,_1))>();
//! ```
//!
//! A layout of another size does not compile, and the message says which:
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! # use tycute::bounds::SizeIs;
//! # use tycute_macros::cute;
//! fn tile<L: SizeIs<8192>>() {}
//! tile::<cute!((_64,_64):(_64,_1))>();
//! // error[E0277]: SizeIs<8192>: size(layout) is _4<_096> (4096), not 8192
//! ```
//!
//! `N` is a `usize` that typenum maps to a type: 0 ... 1024, the powers of two and the powers of
//! ten (`typenum::Const<N>: ToUInt`). For any other number write the type form,
//! `HasSize<cute!(_12288)>`.

use typenum::{Eq, IsEqual, B1};

use super::decimal::{DecIfFailed, DecimalIfFailed};
use super::{ConstInt, ConstIntOp};
use crate::layout::{Cosize, CosizeOp, Rank, RankOfOp, Size, SizeOp};

macro_rules! value_bound {
    (
        $(#[$doc:meta])* $Bound:ident, $(#[$tdoc:meta])* $TBound:ident, $Op:ident, $Val:ident,
        $Not:ident, $TNot:ident
    ) => {
        $(#[$doc])*
        pub trait $Bound<const N: usize> {}
        impl<L, const N: usize> $Bound<N> for L
        where
            L: $Op,
            typenum::Const<N>: ConstIntOp,
            $Val<L>: IsEqual<ConstInt<N>>,
            Eq<$Val<L>, ConstInt<N>>: DecimalIfFailed<$Val<L>>,
            Eq<$Val<L>, ConstInt<N>>: $Not<N, DecIfFailed<Eq<$Val<L>, ConstInt<N>>, $Val<L>>>,
        {
        }

        $(#[$tdoc])*
        pub trait $TBound<T> {}
        impl<L, T> $TBound<T> for L
        where
            L: $Op,
            $Val<L>: IsEqual<T>,
            Eq<$Val<L>, T>: DecimalIfFailed<$Val<L>> + DecimalIfFailed<T>,
            Eq<$Val<L>, T>: $TNot<DecIfFailed<Eq<$Val<L>, T>, T>, DecIfFailed<Eq<$Val<L>, T>, $Val<L>>>,
        {
        }
    };
}

value_bound!(
    /// `size(L) == N`: a layout (or composed layout, or shape) of `N` coordinates.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::SizeIs;
    /// use tycute_macros::cute;
    /// fn f<L: SizeIs<8192>>() {}
    /// f::<cute!((_128,_64):(_64,_1))>();
    /// ```
    SizeIs,
    /// `size(L) == T` for a static integer type `T` (`cute!(_12288)`): [`SizeIs`] for any number.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::HasSize;
    /// use tycute_macros::cute;
    /// fn f<L: HasSize<cute!(_12288)>>() {}
    /// f::<cute!((_128,_96))>();
    /// ```
    HasSize,
    SizeOp, Size, SizeIsNot, HasSizeNot
);
value_bound!(
    /// `cosize(L) == N`: one past the largest offset of the layout is `N`.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::CosizeIs;
    /// use tycute_macros::cute;
    /// fn f<L: CosizeIs<8192>>() {}
    /// f::<cute!((_128,_64):(_64,_1))>();   // 127*64 + 63*1 + 1
    /// ```
    CosizeIs,
    /// `cosize(L) == T` for a static integer type `T`: [`CosizeIs`] for any number.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::HasCosize;
    /// use tycute_macros::cute;
    /// fn f<L: HasCosize<cute!(_12288)>>() {}
    /// f::<cute!((_128,_96):(_1,_128))>();   // 127 + 95*128 + 1
    /// ```
    HasCosize,
    CosizeOp, Cosize, CosizeIsNot, HasCosizeNot
);
value_bound!(
    /// `rank(L) == R`: a layout (or shape) of `R` top-level modes.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::RankIs;
    /// use tycute_macros::cute;
    /// fn f<L: RankIs<3>>() {}
    /// f::<cute!((_8,(_2,_2),_4):(_1,(_8,_16),_32))>();
    /// ```
    RankIs,
    /// `rank(L) == T` for a static integer type `T`: [`RankIs`] as a type.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute::bounds::HasRank;
    /// use tycute_macros::cute;
    /// fn f<L: HasRank<cute!(_2)>>() {}
    /// f::<cute!((_8,_4))>();
    /// ```
    HasRank,
    RankOfOp, Rank, RankIsNot, HasRankNot
);

// The rules' message traits, one per bound, each implemented for `B1` (the bound holds) with any
// numbers; the numbers are `Dec` types only where the bit is `B0`.

/// The rule of a const-valued bound on its bit, with the actual value (rendered only where it
/// fails): implemented for `B1`.
#[diagnostic::on_unimplemented(message = "SizeIs<{N}>: size(layout) is {Actual}, not {N}", label = "size {Actual}, expected {N}")]
pub trait SizeIsNot<const N: usize, Actual> {}
impl<const N: usize, Actual> SizeIsNot<N, Actual> for B1 {}

/// The rule of a type-valued bound on its bit, with both values (rendered only where it fails):
/// implemented for `B1`.
#[diagnostic::on_unimplemented(message = "HasSize<{Expected}>: size(layout) is {Actual}, not {Expected}", label = "size {Actual}, expected {Expected}")]
pub trait HasSizeNot<Expected, Actual> {}
impl<Expected, Actual> HasSizeNot<Expected, Actual> for B1 {}

/// The rule of a const-valued bound on its bit, with the actual value (rendered only where it
/// fails): implemented for `B1`.
#[diagnostic::on_unimplemented(message = "CosizeIs<{N}>: cosize(layout) is {Actual}, not {N}", label = "cosize {Actual}, expected {N}")]
pub trait CosizeIsNot<const N: usize, Actual> {}
impl<const N: usize, Actual> CosizeIsNot<N, Actual> for B1 {}

/// The rule of a type-valued bound on its bit, with both values (rendered only where it fails):
/// implemented for `B1`.
#[diagnostic::on_unimplemented(message = "HasCosize<{Expected}>: cosize(layout) is {Actual}, not {Expected}", label = "cosize {Actual}, expected {Expected}")]
pub trait HasCosizeNot<Expected, Actual> {}
impl<Expected, Actual> HasCosizeNot<Expected, Actual> for B1 {}

/// The rule of a const-valued bound on its bit, with the actual value (rendered only where it
/// fails): implemented for `B1`.
#[diagnostic::on_unimplemented(message = "RankIs<{N}>: rank(layout) is {Actual}, not {N}", label = "rank {Actual}, expected {N}")]
pub trait RankIsNot<const N: usize, Actual> {}
impl<const N: usize, Actual> RankIsNot<N, Actual> for B1 {}

/// The rule of a type-valued bound on its bit, with both values (rendered only where it fails):
/// implemented for `B1`.
#[diagnostic::on_unimplemented(message = "HasRank<{Expected}>: rank(layout) is {Actual}, not {Expected}", label = "rank {Actual}, expected {Expected}")]
pub trait HasRankNot<Expected, Actual> {}
impl<Expected, Actual> HasRankNot<Expected, Actual> for B1 {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::{P1, P2};
    use crate::layout::Layout;
    use crate::tuple::{Nil, Tup};
    use typenum::{P4, P8, P64};

    type L = Layout<Tup<P8, Tup<P4, Nil>>, Tup<P1, Tup<P8, Nil>>>;
    fn size<X: SizeIs<32>>() {}
    fn cosize<X: CosizeIs<32>>() {}
    fn rank<X: RankIs<2>>() {}
    fn has<X: HasSize<typenum::P32> + HasCosize<typenum::P32> + HasRank<P2>>() {}
    fn big<X: SizeIs<4096>>() {}

    #[test]
    fn accepts() {
        size::<L>();
        cosize::<L>();
        rank::<L>();
        has::<L>();
        size::<Tup<P8, Tup<P4, Nil>>>();
        big::<Layout<Tup<P64, Tup<P64, Nil>>, Tup<P1, Tup<P64, Nil>>>>();
    }
}
