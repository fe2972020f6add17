//! `ShapeIs<S>`: `shape(L) == S`, leaf by leaf and nesting for nesting, as a bound.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute::bounds::ShapeIs;
//! use tycute_macros::cute;
//! fn f<L: ShapeIs<cute!((_128,(_8,_8)))>>() {}
//! f::<cute!((_128,(_8,_8)):(_64,(_1,_8)))>();
//! ```
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! # use tycute::bounds::ShapeIs;
//! # use tycute_macros::cute;
//! fn f<L: ShapeIs<cute!((_128,(_8,_8)))>>() {}
//! f::<cute!((_128,_64):(_64,_1))>();
//! // error[E0277]: ShapeIs<(_128, (_8, _8))>: shape(layout) is (_128, _64), not (_128, (_8, _8))
//! ```

use core::ops::BitAnd;

use typenum::{And, Eq, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::decimal::{DecIfFailed, DecimalIfFailed};
use crate::layout::Layout;
use crate::swizzle::ComposedLayout;
use crate::tuple::{Nil, Tup};

/// `shape(x)`: a layout's shape (a composed layout's inner layout's), or an IntTuple itself.
pub trait ShapeOfOp {
    type Output;
}
impl<S, D> ShapeOfOp for Layout<S, D> {
    type Output = S;
}
impl<A, O, L: ShapeOfOp> ShapeOfOp for ComposedLayout<A, O, L> {
    type Output = L::Output;
}
impl<H, T> ShapeOfOp for Tup<H, T> {
    type Output = Tup<H, T>;
}
impl ShapeOfOp for Nil {
    type Output = Nil;
}
impl<U: Unsigned + NonZero> ShapeOfOp for PInt<U> {
    type Output = PInt<U>;
}
impl ShapeOfOp for Z0 {
    type Output = Z0;
}
type ShapeOfX<L> = <L as ShapeOfOp>::Output;

/// Whether two static IntTuples are equal (same nesting, same leaves), as a bit. O(leaves).
#[doc(hidden)]
pub trait SameOp<B> {
    type Output;
}
type Same<A, B> = <A as SameOp<B>>::Output;
// int vs int (signs may differ: IsEqual answers), written per sign so that each impl header
// matches one pair.
impl<UA: Unsigned + NonZero, UB: Unsigned + NonZero> SameOp<PInt<UB>> for PInt<UA>
where
    PInt<UA>: IsEqual<PInt<UB>>,
{
    type Output = Eq<PInt<UA>, PInt<UB>>;
}
impl<UA: Unsigned + NonZero> SameOp<Z0> for PInt<UA> {
    type Output = B0;
}
impl<UA: Unsigned + NonZero, UB: Unsigned + NonZero> SameOp<NInt<UB>> for PInt<UA> {
    type Output = B0;
}
impl<UB: Unsigned + NonZero> SameOp<PInt<UB>> for Z0 {
    type Output = B0;
}
impl SameOp<Z0> for Z0 {
    type Output = B1;
}
impl<UB: Unsigned + NonZero> SameOp<NInt<UB>> for Z0 {
    type Output = B0;
}
impl<UA: Unsigned + NonZero, UB: Unsigned + NonZero> SameOp<PInt<UB>> for NInt<UA> {
    type Output = B0;
}
impl<UA: Unsigned + NonZero> SameOp<Z0> for NInt<UA> {
    type Output = B0;
}
impl<UA: Unsigned + NonZero, UB: Unsigned + NonZero> SameOp<NInt<UB>> for NInt<UA>
where
    NInt<UA>: IsEqual<NInt<UB>>,
{
    type Output = Eq<NInt<UA>, NInt<UB>>;
}
// int vs tuple, tuple vs int
macro_rules! differ {
    ($([$($p:tt)*] $A:ty => $B:ty),* $(,)?) => { $(impl<$($p)*> SameOp<$B> for $A { type Output = B0; })* };
}
differ!(
    [U: Unsigned + NonZero, H, T] PInt<U> => Tup<H, T>, [U: Unsigned + NonZero] PInt<U> => Nil,
    [H, T] Z0 => Tup<H, T>, [] Z0 => Nil,
    [U: Unsigned + NonZero, H, T] NInt<U> => Tup<H, T>, [U: Unsigned + NonZero] NInt<U> => Nil,
    [U: Unsigned + NonZero, H, T] Tup<H, T> => PInt<U>, [U: Unsigned + NonZero] Nil => PInt<U>,
    [H, T] Tup<H, T> => Z0, [] Nil => Z0,
    [U: Unsigned + NonZero, H, T] Tup<H, T> => NInt<U>, [U: Unsigned + NonZero] Nil => NInt<U>,
    [H, T] Tup<H, T> => Nil, [H, T] Nil => Tup<H, T>,
);
impl SameOp<Nil> for Nil {
    type Output = B1;
}
impl<HA, TA, HB, TB> SameOp<Tup<HB, TB>> for Tup<HA, TA>
where
    HA: SameOp<HB>,
    TA: SameOp<TB>,
    Same<HA, HB>: BitAnd<Same<TA, TB>>,
{
    type Output = And<Same<HA, HB>, Same<TA, TB>>;
}

/// `shape(L) == S` (the same tuple tree with the same leaves).
pub trait ShapeIs<S> {}
impl<L, S> ShapeIs<S> for L
where
    L: ShapeOfOp,
    ShapeOfX<L>: SameOp<S>,
    Same<ShapeOfX<L>, S>: DecimalIfFailed<S> + DecimalIfFailed<ShapeOfX<L>>,
    Same<ShapeOfX<L>, S>: ShapeIsNot<DecIfFailed<Same<ShapeOfX<L>, S>, S>, DecIfFailed<Same<ShapeOfX<L>, S>, ShapeOfX<L>>>,
{
}
/// The rule of [`ShapeIs`] on its bit, with both shapes (rendered only when it fails):
/// implemented for `B1`.
#[diagnostic::on_unimplemented(
    message = "ShapeIs<{Expected}>: shape(layout) is {Actual}, not {Expected}",
    label = "shape {Actual}, expected {Expected}"
)]
pub trait ShapeIsNot<Expected, Actual> {}
impl<Expected, Actual> ShapeIsNot<Expected, Actual> for B1 {}

#[cfg(test)]
mod tests {
    use super::*;
    use static_assertions::assert_type_eq_all as same;
    use typenum::{N1, P1, P2, P4, P8};

    type S = Tup<P8, Tup<Tup<P2, Tup<P4, Nil>>, Nil>>;
    #[test]
    fn same() {
        same!(Same<S, S>, B1);
        same!(Same<S, Tup<P8, Tup<P8, Nil>>>, B0);
        same!(Same<P1, N1>, B0);
        same!(Same<Z0, Z0>, B1);
        same!(Same<Tup<P8, Nil>, P8>, B0);
        same!(Same<Tup<P8, Nil>, Tup<P8, Tup<P1, Nil>>>, B0);
    }
    fn f<L: ShapeIs<S>>() {}
    #[test]
    fn accepts() {
        f::<Layout<S, S>>();
        f::<S>();
    }
}
