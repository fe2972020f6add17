//! `Compatible<B>`: CuTe's `compatible(A, B)` as a bound: `size(A) == size(B)` and every
//! coordinate of A is a coordinate of B (an integer of A matches a whole mode of B of its
//! size; a tuple of A matches a tuple of B of the same rank, mode by mode).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute::bounds::Compatible;
//! use tycute_macros::cute;
//! fn f<A: Compatible<cute!((_128,(_8,_8)))>>() {}
//! f::<cute!((_128,_64):(_64,_1))>();          // _64 matches (_8,_8)
//! ```
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! # use tycute::bounds::Compatible;
//! # use tycute_macros::cute;
//! fn f<A: Compatible<cute!((_128,_64))>>() {}
//! f::<cute!((_128,(_8,_8)):(_64,(_1,_8)))>(); // a tuple of A needs a tuple of B
//! // error[E0277]: Compatible<B>: shape (_128, (_8, _8)) (size _8<_192>) is not compatible with (_128, _64) (size _8<_192>) ...
//! ```

use core::ops::BitAnd;

use typenum::{And, Eq, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::decimal::{DecIfFailed, DecimalIfFailed};
use super::shape_is::ShapeOfOp;
use crate::layout::{Size, SizeOp};
use crate::tuple::{Nil, Tup};

type ShapeOfX<L> = <L as ShapeOfOp>::Output;

/// `compatible(Self, B)` on two IntTuples, as a bit. O(leaves).
#[doc(hidden)]
pub trait CompatibleBit<B> {
    type Output;
}
type Compat<A, B> = <A as CompatibleBit<B>>::Output;
// an integer of A: its value is size(B)
impl<U: Unsigned + NonZero, B> CompatibleBit<B> for PInt<U>
where
    B: SizeOp,
    PInt<U>: IsEqual<Size<B>>,
{
    type Output = Eq<PInt<U>, Size<B>>;
}
impl<B> CompatibleBit<B> for Z0
where
    B: SizeOp,
    Z0: IsEqual<Size<B>>,
{
    type Output = Eq<Z0, Size<B>>;
}
impl<U: Unsigned + NonZero, B> CompatibleBit<B> for NInt<U> {
    type Output = B0;
}
// a tuple of A: B must be a tuple of the same rank, compatible mode by mode
impl<H, T, B> CompatibleBit<B> for Tup<H, T>
where
    B: TupleCompatible<Tup<H, T>>,
{
    type Output = <B as TupleCompatible<Tup<H, T>>>::Output;
}
impl<B> CompatibleBit<B> for Nil
where
    B: TupleCompatible<Nil>,
{
    type Output = <B as TupleCompatible<Nil>>::Output;
}
/// `compatible(A, Self)` for a tuple `A`, dispatched on `Self` (B).
#[doc(hidden)]
pub trait TupleCompatible<A> {
    type Output;
}
impl<A, U: Unsigned + NonZero> TupleCompatible<A> for PInt<U> {
    type Output = B0;
}
impl<A> TupleCompatible<A> for Z0 {
    type Output = B0;
}
impl<A, U: Unsigned + NonZero> TupleCompatible<A> for NInt<U> {
    type Output = B0;
}
impl TupleCompatible<Nil> for Nil {
    type Output = B1;
}
impl<H, T> TupleCompatible<Tup<H, T>> for Nil {
    type Output = B0;
}
impl<H, T> TupleCompatible<Nil> for Tup<H, T> {
    type Output = B0;
}
impl<HA, TA, HB, TB> TupleCompatible<Tup<HA, TA>> for Tup<HB, TB>
where
    HA: CompatibleBit<HB>,
    TB: TupleCompatible<TA>,
    Compat<HA, HB>: BitAnd<<TB as TupleCompatible<TA>>::Output>,
{
    type Output = And<Compat<HA, HB>, <TB as TupleCompatible<TA>>::Output>;
}

/// CuTe's `compatible(shape(Self), shape(B))`: `Self`'s coordinates are coordinates of `B`
/// (both layouts, composed layouts or shapes).
pub trait Compatible<B> {}
impl<A, B> Compatible<B> for A
where
    A: ShapeOfOp,
    B: ShapeOfOp,
    ShapeOfX<A>: CompatibleBit<ShapeOfX<B>> + SizeOp,
    ShapeOfX<B>: SizeOp,
    Compat<ShapeOfX<A>, ShapeOfX<B>>: DecimalIfFailed<ShapeOfX<A>>
        + DecimalIfFailed<ShapeOfX<B>>
        + DecimalIfFailed<Size<ShapeOfX<A>>>
        + DecimalIfFailed<Size<ShapeOfX<B>>>,
    Compat<ShapeOfX<A>, ShapeOfX<B>>: NotCompatible<
        DecIfFailed<Compat<ShapeOfX<A>, ShapeOfX<B>>, ShapeOfX<A>>,
        DecIfFailed<Compat<ShapeOfX<A>, ShapeOfX<B>>, ShapeOfX<B>>,
        DecIfFailed<Compat<ShapeOfX<A>, ShapeOfX<B>>, Size<ShapeOfX<A>>>,
        DecIfFailed<Compat<ShapeOfX<A>, ShapeOfX<B>>, Size<ShapeOfX<B>>>,
    >,
{
}
/// The rule of [`Compatible`] on its bit, with both shapes and sizes (rendered only when it
/// fails): implemented for `B1`.
#[diagnostic::on_unimplemented(
    message = "Compatible<B>: shape {A} (size {SizeA}) is not compatible with {B} (size {SizeB}): CuTe's compatible(A, B) needs equal sizes, an integer of A matching a mode of B of its size, a tuple of A a tuple of B of its rank",
    label = "shape {A}, not compatible with {B}"
)]
pub trait NotCompatible<A, B, SizeA, SizeB> {}
impl<A, B, SizeA, SizeB> NotCompatible<A, B, SizeA, SizeB> for B1 {}

#[cfg(test)]
mod tests {
    use super::*;
    use static_assertions::assert_type_eq_all as same;
    use typenum::{P16, P2, P4, P8};

    type S = Tup<P8, Tup<Tup<P2, Tup<P4, Nil>>, Nil>>;
    #[test]
    fn bits() {
        same!(Compat<S, S>, B1);
        same!(Compat<Tup<P8, Tup<P8, Nil>>, S>, B1);
        same!(Compat<S, Tup<P8, Tup<P8, Nil>>>, B0);
        same!(Compat<P16, Tup<P2, Tup<P8, Nil>>>, B1);
        same!(Compat<P16, S>, B0);
        same!(Compat<Tup<P8, Nil>, Tup<P8, Tup<P8, Nil>>>, B0);
        same!(Compat<Nil, Nil>, B1);
    }
    fn f<A: Compatible<S>>() {}
    #[test]
    fn accepts() {
        f::<Tup<P8, Tup<P8, Nil>>>();
        f::<crate::layout::Layout<P64, P1>>();
    }
    use typenum::{P1, P64};
}
