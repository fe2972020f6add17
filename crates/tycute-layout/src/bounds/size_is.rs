//! `SizeIs<N>`, `CosizeIs<N>`, `RankIs<R>` (and their type-valued forms `HasSize<T>`,
//! `HasCosize<T>`, `HasRank<T>`): `size(L) == N`, `cosize(L) == N`, `rank(L) == R` as bounds
//! for generic code, whose rejection states both numbers in decimal.
//!
//! ```
//! use tycute::bounds::{RankIs, SizeIs};
//! use tycute::cute;
//!
//! fn tile<L: SizeIs<8192> + RankIs<2>>() {}
//! tile::<cute!((_128,_64):(_64,_1))>();
//! ```
//!
//! A layout of another size does not compile, and the message says which:
//!
//! ```compile_fail
//! # use tycute::bounds::SizeIs;
//! # use tycute::cute;
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
        $Not:ident, $TNot:ident, $msg:literal, $label:literal, $tmsg:literal, $tlabel:literal
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
        #[doc = concat!("The rule of [`", stringify!($Bound), "`] on its bit, with the actual value (rendered only when it fails): implemented for `B1`.")]
        #[diagnostic::on_unimplemented(message = $msg, label = $label)]
        pub trait $Not<const N: usize, Actual> {}
        impl<const N: usize, Actual> $Not<N, Actual> for B1 {}

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
        #[doc = concat!("The rule of [`", stringify!($TBound), "`] on its bit: implemented for `B1`.")]
        #[diagnostic::on_unimplemented(message = $tmsg, label = $tlabel)]
        pub trait $TNot<Expected, Actual> {}
        impl<Expected, Actual> $TNot<Expected, Actual> for B1 {}
    };
}

value_bound!(
    /// `size(L) == N`: a layout (or composed layout, or shape) of `N` coordinates.
    ///
    /// ```
    /// use tycute::{bounds::SizeIs, cute};
    /// fn f<L: SizeIs<8192>>() {}
    /// f::<cute!((_128,_64):(_64,_1))>();
    /// ```
    SizeIs,
    /// `size(L) == T` for a static integer type `T` (`cute!(_12288)`): [`SizeIs`] for any number.
    ///
    /// ```
    /// use tycute::{bounds::HasSize, cute};
    /// fn f<L: HasSize<cute!(_12288)>>() {}
    /// f::<cute!((_128,_96))>();
    /// ```
    HasSize,
    SizeOp, Size, SizeIsNot, HasSizeNot,
    "SizeIs<{N}>: size(layout) is {Actual}, not {N}",
    "size {Actual}, expected {N}",
    "HasSize<{Expected}>: size(layout) is {Actual}, not {Expected}",
    "size {Actual}, expected {Expected}"
);
value_bound!(
    /// `cosize(L) == N`: one past the largest offset of the layout is `N`.
    ///
    /// ```
    /// use tycute::{bounds::CosizeIs, cute};
    /// fn f<L: CosizeIs<8192>>() {}
    /// f::<cute!((_128,_32):(_64,_1))>();   // 127*64 + 31 + 1
    /// ```
    CosizeIs,
    /// `cosize(L) == T` for a static integer type `T`: [`CosizeIs`] for any number.
    ///
    /// ```
    /// use tycute::{bounds::HasCosize, cute};
    /// fn f<L: HasCosize<cute!(_12288)>>() {}
    /// f::<cute!((_128,_96))>();
    /// ```
    HasCosize,
    CosizeOp, Cosize, CosizeIsNot, HasCosizeNot,
    "CosizeIs<{N}>: cosize(layout) is {Actual}, not {N}",
    "cosize {Actual}, expected {N}",
    "HasCosize<{Expected}>: cosize(layout) is {Actual}, not {Expected}",
    "cosize {Actual}, expected {Expected}"
);
value_bound!(
    /// `rank(L) == R`: a layout (or shape) of `R` top-level modes.
    ///
    /// ```
    /// use tycute::{bounds::RankIs, cute};
    /// fn f<L: RankIs<3>>() {}
    /// f::<cute!((_8,(_2,_2),_4):(_1,(_8,_16),_32))>();
    /// ```
    RankIs,
    /// `rank(L) == T` for a static integer type `T`: [`RankIs`] as a type.
    ///
    /// ```
    /// use tycute::{bounds::HasRank, cute};
    /// fn f<L: HasRank<cute!(_2)>>() {}
    /// f::<cute!((_8,_4))>();
    /// ```
    HasRank,
    RankOfOp, Rank, RankIsNot, HasRankNot,
    "RankIs<{N}>: rank(layout) is {Actual}, not {N}",
    "rank {Actual}, expected {N}",
    "HasRank<{Expected}>: rank(layout) is {Actual}, not {Expected}",
    "rank {Actual}, expected {Expected}"
);

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
