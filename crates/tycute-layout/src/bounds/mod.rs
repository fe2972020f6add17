//! A vocabulary of bounds for generic code: `L: SizeIs<8192>`, `L: RankIs<2>`,
//! `L: ShapeIs<cute!((_128,_64))>`, `A: Compatible<B>` (and, in `tycute::tiled::bounds`,
//! `CopyCovers` and `MmaTileDivides`).
//!
//! Each bound is a public trait, implemented for every type it holds for; a type it does not
//! hold for fails to compile with a message that states the rule and both numbers in decimal:
//!
//! ```text
//! error[E0277]: SizeIs<8192>: size(layout) is _4<_096>, not 8192
//!   |
//! 9 |     tile::<cute!((_64,_64):(_64,_1))>();
//!   |            ^^^^^^^^^^^^^^^^^^^^^^^^^ size _4<_096>, expected 8192
//! ```
//!
//! Numbers the trait solver computed print as digit-group types ([`Dec`], [`digits`]): `_96` is
//! 96, `_4<_096>` is 4096, `_1<_048, _576>` is 1048576. They are computed only once a check has
//! failed, so a bound that holds costs what `size`, `rank`, ... cost.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute::bounds::{Compatible, RankIs, ShapeIs, SizeIs};
//! use tycute_macros::cute;
//!
//! fn smem_tile<L>()
//! where
//!     L: SizeIs<8192> + RankIs<2> + ShapeIs<cute!((_128,_64))> + Compatible<cute!((_128,(_8,_8)))>,
//! {
//! }
//! smem_tile::<cute!((_128,_64):(_64,_1))>();
//! ```

mod compatible;
mod decimal;
pub mod digits;
mod shape_is;
mod size_is;

pub use compatible::{Compatible, NotCompatible};
pub use decimal::{Dec, DecIfFailed, DecimalIfFailed, DecimalOp, LenOf, Minus, Negative, RankOf};
#[doc(hidden)]
pub use decimal::{GroupStep, Groups, Pop, Spread};
pub use shape_is::{SameOp, ShapeIs, ShapeIsNot, ShapeOfOp};
pub use size_is::{
    CosizeIs, CosizeIsNot, HasCosize, HasCosizeNot, HasRank, HasRankNot, HasSize, HasSizeNot, RankIs, RankIsNot, SizeIs,
    SizeIsNot,
};

use typenum::{Bit, Const, PInt, ToUInt, UInt, UTerm, Unsigned, Z0, U};

/// A `usize` const parameter as tycute's static integer (`Z0` or `PInt<..>`), where typenum
/// maps it (`Const<N>: ToUInt`).
#[doc(hidden)]
pub trait ConstIntOp {
    type Output;
}
impl<const N: usize> ConstIntOp for Const<N>
where
    Const<N>: ToUInt,
    U<N>: UnsignedToInt,
{
    type Output = <U<N> as UnsignedToInt>::Output;
}
/// `N` as tycute's static integer.
#[doc(hidden)]
pub type ConstInt<const N: usize> = <Const<N> as ConstIntOp>::Output;

/// typenum's unsigned `U` as a signed integer.
#[doc(hidden)]
pub trait UnsignedToInt {
    type Output;
}
impl UnsignedToInt for UTerm {
    type Output = Z0;
}
impl<U: Unsigned, B: Bit> UnsignedToInt for UInt<U, B> {
    type Output = PInt<UInt<U, B>>;
}
