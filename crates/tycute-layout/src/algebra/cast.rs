//! `upcast<N>(A)` and `downcast<N>(A)`: a layout re-expressed for elements `N` times wider
//! (upcast) or narrower (downcast), mode by mode.
//!
//! | mode `s:d`            | `upcast<N>`                                                | `downcast<N>` |
//! |-----------------------|------------------------------------------------------------|---------------|
//! | `d = _0`              | `s:_0`                                                     | `s:_0`        |
//! | `d = _1` or `_-1`     | (as below)                                                 | `s*N:d`       |
//! | otherwise             | `ceil_div(s, ceil_div(N,abs(d))) : sign(d)*ceil_div(abs(d),N)` | `s:d*N`   |
//!
//! `upcast` requires `d % N == 0 || N % d == 0` for every nonzero stride ("Divisibility
//! condition"); `downcast` requires a static `_1` somewhere in the stride ("Downcast requires
//! adjacent elements"). The result keeps the shape structure of A (a rank-1 tuple stays one).

use core::ops::{Mul, Neg, Rem};

use crate::int::{
    Abs, AbsVal, And, Bit, CeilDiv, CeilDivOp, Eq, If, Int, IsEqual, IsLess, Le, Mod, Or, Prod,
    Select, B0, B1, N1, P1, Z0,
};
use crate::bounds::{Dec, DecIfFailed, DecimalIfFailed, DecimalOp};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tuple::{Nil, Tup};

// ---------------------------------------------------------------------------------------------
// upcast

/// `upcast<N>(A)`: the layout of A in units of `N` elements.
pub trait UpcastOp<N>: Sealed {
    type Output;
}
impl<N, S, D> UpcastOp<N> for Layout<S, D>
where
    D: UpcastStrides<N>,
    <D as UpcastStrides<N>>::Ok: DecimalIfFailed<FirstBadStride<D, N>> + DecimalIfFailed<N>,
    <D as UpcastStrides<N>>::Ok: UpcastDivisibility<
        DecIfFailed<<D as UpcastStrides<N>>::Ok, FirstBadStride<D, N>>,
        DecIfFailed<<D as UpcastStrides<N>>::Ok, N>,
    >,
    (S, D): UpcastModes<N>,
{
    type Output = Layout<<(S, D) as UpcastModes<N>>::Shape, <(S, D) as UpcastModes<N>>::Stride>;
}
/// `upcast<N>(A)`, `N` a static integer (`cute!(2)`).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Upcast};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Upcast<cute!(2), cute!((_4,_4,_2):(_1,_4,_16))>>(), "(_2,_4,_2):(_1,_2,_8)");
/// assert_eq!(show::<Upcast<cute!(4), cute!(_2:_1)>>(), "_1:_1");
/// ```
///
/// A stride that neither divides nor is divided by `N` is rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Upcast};
/// # use tycute_macros::cute;
/// let _ = show::<Upcast<cute!(4), cute!((_4,_2):(_1,_6))>>();
/// ```
pub type Upcast<N, A> = <A as UpcastOp<N>>::Output;

/// Upcasts congruent `(shape, stride)`, mode by mode.
#[doc(hidden)]
pub trait UpcastModes<N> {
    type Shape;
    type Stride;
}
impl<N, S: Int, D: Int> UpcastModes<N> for (S, D)
where
    D: IsEqual<Z0>,
    (S, D): UpcastLeaf<N, Eq<D, Z0>>,
{
    type Shape = <(S, D) as UpcastLeaf<N, Eq<D, Z0>>>::Shape;
    type Stride = <(S, D) as UpcastLeaf<N, Eq<D, Z0>>>::Stride;
}
impl<N> UpcastModes<N> for (Nil, Nil) {
    type Shape = Nil;
    type Stride = Nil;
}
impl<N, S0, ST, D0, DT> UpcastModes<N> for (Tup<S0, ST>, Tup<D0, DT>)
where
    (S0, D0): UpcastModes<N>,
    (ST, DT): UpcastModes<N>,
{
    type Shape = Tup<<(S0, D0) as UpcastModes<N>>::Shape, <(ST, DT) as UpcastModes<N>>::Shape>;
    type Stride = Tup<<(S0, D0) as UpcastModes<N>>::Stride, <(ST, DT) as UpcastModes<N>>::Stride>;
}

/// One leaf mode `s:d`; `IsZero` says whether `d = _0`.
#[doc(hidden)]
pub trait UpcastLeaf<N, IsZero> {
    type Shape;
    type Stride;
}
// s:_0  =>  s:_0
impl<N, S, D> UpcastLeaf<N, B1> for (S, D) {
    type Shape = S;
    type Stride = D;
}
// s:d  =>  ceil_div(s, ceil_div(N, |d|)) : sign(d) * ceil_div(|d|, N)
impl<N, S, D> UpcastLeaf<N, B0> for (S, D)
where
    N: Int,
    D: Int + Abs + IsLess<Z0>,
    N: CeilDivOp<AbsVal<D>>,
    S: CeilDivOp<CeilDiv<N, AbsVal<D>>>,
    AbsVal<D>: CeilDivOp<N>,
    CeilDiv<AbsVal<D>, N>: Neg,
    Le<D, Z0>: Select<<CeilDiv<AbsVal<D>, N> as Neg>::Output, CeilDiv<AbsVal<D>, N>>,
{
    type Shape = CeilDiv<S, CeilDiv<N, AbsVal<D>>>;
    type Stride = If<Le<D, Z0>, <CeilDiv<AbsVal<D>, N> as Neg>::Output, CeilDiv<AbsVal<D>, N>>;
}

/// Whether every static nonzero stride `d` has `d % N == 0` or `N % d == 0` (`Ok`, a bit).
#[doc(hidden)]
pub trait UpcastStrides<N> {
    type Ok: Bit;
}
impl<N, D: Int + IsEqual<Z0>> UpcastStrides<N> for D
where
    Eq<D, Z0>: UpcastStrideOk<N, D>,
{
    type Ok = <Eq<D, Z0> as UpcastStrideOk<N, D>>::Ok;
}
impl<N> UpcastStrides<N> for Nil {
    type Ok = B1;
}
impl<N, H: UpcastStrides<N>, T: UpcastStrides<N>> UpcastStrides<N> for Tup<H, T>
where
    H::Ok: core::ops::BitAnd<T::Ok>,
    And<H::Ok, T::Ok>: Bit,
{
    type Ok = And<H::Ok, T::Ok>;
}
/// The divisibility bit of one stride `D`, dispatched on `D == _0` (no division by zero).
#[doc(hidden)]
pub trait UpcastStrideOk<N, D> {
    type Ok: Bit;
}
impl<N, D> UpcastStrideOk<N, D> for B1 {
    type Ok = B1;
}
impl<N, D> UpcastStrideOk<N, D> for B0
where
    N: Rem<D>,
    D: Rem<N>,
    Mod<D, N>: IsEqual<Z0>,
    Mod<N, D>: IsEqual<Z0>,
    Eq<Mod<D, N>, Z0>: core::ops::BitOr<Eq<Mod<N, D>, Z0>>,
    Or<Eq<Mod<D, N>, Z0>, Eq<Mod<N, D>, Z0>>: Bit,
{
    type Ok = Or<Eq<Mod<D, N>, Z0>, Eq<Mod<N, D>, Z0>>;
}

/// The check behind `upcast`'s "Divisibility condition": every static nonzero stride `d` has
/// `d % N == 0` or `N % d == 0`.
#[diagnostic::on_unimplemented(
    message = "upcast: Divisibility condition (a static stride d of the layout has d % N != 0 and N % d != 0): stride {Stride}, N = {N}",
    label = "this layout has a stride that neither divides nor is a multiple of N"
)]
pub trait UpcastDivisibility<Stride = (), N = ()>: Sealed {}
impl<Stride, N> UpcastDivisibility<Stride, N> for B1 {}

/// The first stride of `D` (in the order of its leaves) that fails upcast's divisibility
/// condition for `N`, rendered only in the rule's message (its `DecimalOp` walks the strides;
/// an accepted upcast never does).
#[doc(hidden)]
pub struct FirstBadStride<D, N>(core::marker::PhantomData<fn() -> (D, N)>);
impl<D: FirstBad<N>, N> DecimalOp for FirstBadStride<D, N>
where
    <D as FirstBad<N>>::Output: DecimalOp,
{
    type Output = Dec<<D as FirstBad<N>>::Output>;
}
/// The first leaf of a stride whose divisibility bit is `B0` (a leaf is itself).
#[doc(hidden)]
pub trait FirstBad<N> {
    type Output;
}
impl<N, D: Int> FirstBad<N> for D {
    type Output = D;
}
impl<N> FirstBad<N> for Nil {
    type Output = Nil;
}
impl<N, H: UpcastStrides<N>, T> FirstBad<N> for Tup<H, T>
where
    H::Ok: PickBad<H, T, N>,
{
    type Output = <H::Ok as PickBad<H, T, N>>::Output;
}
/// `B0`: the bad leaf is in `H`; `B1`: it is in `T`.
#[doc(hidden)]
pub trait PickBad<H, T, N> {
    type Output;
}
impl<H: FirstBad<N>, T, N> PickBad<H, T, N> for B0 {
    type Output = <H as FirstBad<N>>::Output;
}
impl<H, T: FirstBad<N>, N> PickBad<H, T, N> for B1 {
    type Output = <T as FirstBad<N>>::Output;
}

// ---------------------------------------------------------------------------------------------
// downcast

/// `downcast<N>(A)`: the layout of A in units of `1/N` elements.
pub trait DowncastOp<N>: Sealed {
    type Output;
}
impl<N, S, D> DowncastOp<N> for Layout<S, D>
where
    D: HasInt1,
    <D as HasInt1>::Output: DecimalIfFailed<N> + DecimalIfFailed<D>,
    <D as HasInt1>::Output: DowncastAdjacent<DecIfFailed<<D as HasInt1>::Output, N>, DecIfFailed<<D as HasInt1>::Output, D>>,
    (S, D): DowncastModes<N>,
{
    type Output =
        Layout<<(S, D) as DowncastModes<N>>::Shape, <(S, D) as DowncastModes<N>>::Stride>;
}
/// `downcast<N>(A)`, `N` a static integer (`cute!(2)`).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Downcast};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Downcast<cute!(4), cute!((_8,_8):(_24,_1))>>(), "(_8,_32):(_96,_1)");
/// ```
///
/// A layout without a static stride-1 mode is rejected ("Downcast requires adjacent elements"):
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Downcast};
/// # use tycute_macros::cute;
/// let _ = show::<Downcast<cute!(2), cute!((_4,_4):(_4,_16))>>();
/// ```
pub type Downcast<N, A> = <A as DowncastOp<N>>::Output;

/// The check behind `downcast`'s "Downcast requires adjacent elements".
#[diagnostic::on_unimplemented(
    message = "downcast: Downcast requires adjacent elements (the stride has no static _1 leaf): downcast<{N}> of a layout with stride {Stride}",
    label = "this layout has no stride-1 mode"
)]
pub trait DowncastAdjacent<N = (), Stride = ()>: Sealed {}
impl<N, Stride> DowncastAdjacent<N, Stride> for B1 {}

/// `has_int1<T>`: whether some leaf of the IntTuple is `_1`.
#[doc(hidden)]
pub trait HasInt1 {
    type Output: Bit;
}
impl<D: Int + IsEqual<P1>> HasInt1 for D
where
    Eq<D, P1>: Bit,
{
    type Output = Eq<D, P1>;
}
impl HasInt1 for Nil {
    type Output = B0;
}
impl<H: HasInt1, T: HasInt1> HasInt1 for Tup<H, T>
where
    H::Output: core::ops::BitOr<T::Output>,
    Or<H::Output, T::Output>: Bit,
{
    type Output = Or<H::Output, T::Output>;
}

/// Downcasts congruent `(shape, stride)`, mode by mode.
#[doc(hidden)]
pub trait DowncastModes<N> {
    type Shape;
    type Stride;
}
// s:_1, s:_-1  =>  s*N:d ;  s:d  =>  s:d*N
impl<N, S: Int, D: Int> DowncastModes<N> for (S, D)
where
    S: Mul<N>,
    D: Mul<N> + IsEqual<P1> + IsEqual<N1>,
    Eq<D, P1>: core::ops::BitOr<Eq<D, N1>>,
    Or<Eq<D, P1>, Eq<D, N1>>: Select<Prod<S, N>, S> + Select<D, Prod<D, N>>,
{
    type Shape = If<Or<Eq<D, P1>, Eq<D, N1>>, Prod<S, N>, S>;
    type Stride = If<Or<Eq<D, P1>, Eq<D, N1>>, D, Prod<D, N>>;
}
impl<N> DowncastModes<N> for (Nil, Nil) {
    type Shape = Nil;
    type Stride = Nil;
}
impl<N, S0, ST, D0, DT> DowncastModes<N> for (Tup<S0, ST>, Tup<D0, DT>)
where
    (S0, D0): DowncastModes<N>,
    (ST, DT): DowncastModes<N>,
{
    type Shape = Tup<<(S0, D0) as DowncastModes<N>>::Shape, <(ST, DT) as DowncastModes<N>>::Shape>;
    type Stride =
        Tup<<(S0, D0) as DowncastModes<N>>::Stride, <(ST, DT) as DowncastModes<N>>::Stride>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn upcast() {
        assert_eq!(show::<Upcast<cute!(2), cute!(((_4,_4),_4):((_0,_16),_4))>>(), "((_4,_4),_4):((_0,_8),_2)");
        assert_eq!(show::<Upcast<cute!(4), cute!(_2:_1)>>(), "_1:_1");
        assert_eq!(show::<Upcast<cute!(2), cute!((_2):(_1))>>(), "(_1):(_1)");
        assert_eq!(show::<Upcast<cute!(4), cute!((_4,(_8,_2)):(_1,(_4,_32)))>>(), "(_1,(_8,_2)):(_1,(_1,_8))");
        assert_eq!(show::<Upcast<cute!(4), cute!((_2,_3):(_1,_2))>>(), "(_1,_2):(_1,_1)");
        // negative strides: sign(d) * ceil_div(|d|, N)
        assert_eq!(show::<Upcast<cute!(2), cute!((_4,_3):(_-1,_-8))>>(), "(_2,_3):(_-1,_-4)");
        assert_eq!(show::<Upcast<cute!(8), cute!((_16,_3):(_-2,_-16))>>(), "(_4,_3):(_-1,_-2)");
        assert_eq!(table::<Upcast<cute!(2), cute!((_16,_8):(_8,_1))>>().len(), 64);
    }

    #[test]
    fn downcast() {
        assert_eq!(show::<Downcast<cute!(2), cute!(_2:_1)>>(), "_4:_1");
        assert_eq!(show::<Downcast<cute!(2), cute!((_6,(_3,_6),_2):(_2,(_0,_36),_1))>>(), "(_6,(_3,_6),_4):(_4,(_0,_72),_1)");
        assert_eq!(show::<Downcast<cute!(2), cute!((_4,_3):(_1,_-1))>>(), "(_8,_6):(_1,_-1)");
        assert_eq!(show::<Downcast<cute!(4), cute!((_3,(_2,_4)):(_1,(_3,_6)))>>(), "(_12,(_2,_4)):(_1,(_12,_24))");
    }

    #[test]
    fn roundtrip() {
        type A = cute!((_8,(_4,_2)):(_1,(_16,_64)));
        assert_eq!(show::<Upcast<cute!(4), Downcast<cute!(4), A>>>(), show::<A>());
    }
}
