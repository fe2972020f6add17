//! `coalesce(A)`, `coalesce(A, profile)` and the internal `coalesce_x(A)`.
//!
//! Walks the flat modes from the last to the first, keeping a stack whose front is the mode
//! being grown (CuTe's `bw_coalesce`):
//!
//! | front of stack | next mode `s:d`   | action                       |
//! |----------------|-------------------|------------------------------|
//! | any            | `_1:d`            | skip                         |
//! | `_1:d0`        | `s:d`             | replace the front by `s:d`   |
//! | `s0:s*d`       | `s:d`             | merge into `s*s0:d`          |
//! | otherwise      | `s:d`             | push `s:d`                   |
//!
//! A result of one mode is an integral layout (`_8:_1`), an all-ones layout is `_1:_0`.

use core::ops::Mul;

use crate::int::{Bit, Eq, If, IsEqual, IsLessOrEqual, LeEq, Prod, Select, B0, B1, P1, P2, Z0};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp};
use crate::sealed::Sealed;
use crate::tuple::{Flatten, FlattenOp, IsTuple, Len, LenOp, Nil, Reverse, ReverseOp, Tup};

/// `coalesce(A)`: the same function on `[0, size(A))` with the fewest flat modes.
pub trait CoalesceOp: Sealed {
    type Output;
}
impl<S, D> CoalesceOp for Layout<S, D>
where
    S: FlattenOp,
    D: FlattenOp,
    Flatten<S>: ReverseOp,
    Flatten<D>: ReverseOp,
    (Reverse<Flatten<S>>, Reverse<Flatten<D>>): Start<B0>,
{
    type Output = <(Reverse<Flatten<S>>, Reverse<Flatten<D>>) as Start<B0>>::Output;
}
/// `coalesce(A)`.
pub type Coalesce<A> = <A as CoalesceOp>::Output;

/// `coalesce_x(A)`: like `coalesce`, but keeps the function outside the domain as well (a
/// trailing size-1 mode is treated as size 2, so its stride survives). Composition uses it.
pub trait CoalesceXOp: Sealed {
    type Output;
}
impl<S, D> CoalesceXOp for Layout<S, D>
where
    S: FlattenOp,
    D: FlattenOp,
    Flatten<S>: ReverseOp,
    Flatten<D>: ReverseOp,
    (Reverse<Flatten<S>>, Reverse<Flatten<D>>): Start<B1>,
{
    type Output = <(Reverse<Flatten<S>>, Reverse<Flatten<D>>) as Start<B1>>::Output;
}
/// `coalesce_x(A)`.
pub type CoalesceX<A> = <A as CoalesceXOp>::Output;

/// Seeds the stack with the last mode (reversed lists: the head is the last mode). With `X = B1`
/// a last mode of size 1 is seeded as size 2 (`coalesce_x`).
#[doc(hidden)]
pub trait Start<X> {
    type Output;
}
impl<X> Start<X> for (Nil, Nil) {
    type Output = Layout<P1, Z0>;
}
impl<X, S0, ST, D0, DT> Start<X> for (Tup<S0, ST>, Tup<D0, DT>)
where
    S0: IsEqual<P1>,
    Eq<S0, P1>: core::ops::BitAnd<X>,
    crate::int::And<Eq<S0, P1>, X>: Select<P2, S0>,
    (ST, DT): Walk<Tup<If<crate::int::And<Eq<S0, P1>, X>, P2, S0>, Nil>, Tup<D0, Nil>>,
{
    type Output =
        <(ST, DT) as Walk<Tup<If<crate::int::And<Eq<S0, P1>, X>, P2, S0>, Nil>, Tup<D0, Nil>>>::Output;
}

/// One step of the backward walk over the remaining (reversed) modes, stack `(NS, ND)`.
#[doc(hidden)]
pub trait Walk<NS, ND> {
    type Output;
}
impl<NS: Finish<ND>, ND> Walk<NS, ND> for (Nil, Nil) {
    type Output = <NS as Finish<ND>>::Output;
}
impl<S, ST, D, DT, NS, ND> Walk<NS, ND> for (Tup<S, ST>, Tup<D, DT>)
where
    NS: Choose<S, D, ND>,
    Chosen<S, D, NS, ND>: Action<S, D, NS, ND>,
    (ST, DT): Walk<StackS<S, D, NS, ND>, StackD<S, D, NS, ND>>,
{
    type Output = <(ST, DT) as Walk<StackS<S, D, NS, ND>, StackD<S, D, NS, ND>>>::Output;
}

/// Which of skip / replace / merge / push applies to mode `s:d` on stack `(NS, ND)`.
#[doc(hidden)]
pub trait Choose<S, D, ND> {
    type Output;
}
impl<S, D, F, NT, FD, NDT> Choose<S, D, Tup<FD, NDT>> for Tup<F, NT>
where
    S: IsEqual<P1> + Mul<D>,
    Prod<S, D>: IsEqual<FD>,
    Tup<F, NT>: IsUnitStack,
    Eq<Prod<S, D>, FD>: Select<Merge, Push>,
    <Tup<F, NT> as IsUnitStack>::Output: Select<Replace, If<Eq<Prod<S, D>, FD>, Merge, Push>>,
    Eq<S, P1>: Select<Skip, If<<Tup<F, NT> as IsUnitStack>::Output, Replace, If<Eq<Prod<S, D>, FD>, Merge, Push>>>,
{
    type Output = If<Eq<S, P1>, Skip, If<<Tup<F, NT> as IsUnitStack>::Output, Replace, If<Eq<Prod<S, D>, FD>, Merge, Push>>>;
}
type Chosen<S, D, NS, ND> = <NS as Choose<S, D, ND>>::Output;
type StackS<S, D, NS, ND> = <Chosen<S, D, NS, ND> as Action<S, D, NS, ND>>::NS;
type StackD<S, D, NS, ND> = <Chosen<S, D, NS, ND> as Action<S, D, NS, ND>>::ND;

#[doc(hidden)]
pub struct Skip;
#[doc(hidden)]
pub struct Replace;
#[doc(hidden)]
pub struct Merge;
#[doc(hidden)]
pub struct Push;

/// Whether the stack is exactly `[_1]` (only possible before any mode was pushed).
#[doc(hidden)]
pub trait IsUnitStack {
    type Output: Bit;
}
impl<F: IsEqual<P1>> IsUnitStack for Tup<F, Nil>
where
    Eq<F, P1>: Bit,
{
    type Output = Eq<F, P1>;
}
impl<F, G, T> IsUnitStack for Tup<F, Tup<G, T>> {
    type Output = B0;
}

/// The stack after taking mode `s:d`.
#[doc(hidden)]
pub trait Action<S, D, NS, ND> {
    type NS;
    type ND;
}
impl<S, D, NS, ND> Action<S, D, NS, ND> for Skip {
    type NS = NS;
    type ND = ND;
}
impl<S, D, F, NT, FD, NDT> Action<S, D, Tup<F, NT>, Tup<FD, NDT>> for Replace {
    type NS = Tup<S, NT>;
    type ND = Tup<D, NDT>;
}
impl<S: Mul<F>, D, F, NT, FD, NDT> Action<S, D, Tup<F, NT>, Tup<FD, NDT>> for Merge {
    // s0:s*d then s:d  =>  s*s0:d
    type NS = Tup<Prod<S, F>, NT>;
    type ND = Tup<D, NDT>;
}
impl<S, D, NS, ND> Action<S, D, NS, ND> for Push {
    type NS = Tup<S, NS>;
    type ND = Tup<D, ND>;
}

/// The finished stack as a layout: `_1:_0` for `[_1]`, an integral layout for one mode.
#[doc(hidden)]
pub trait Finish<ND> {
    type Output;
}
impl<F: IsEqual<P1>, FD> Finish<Tup<FD, Nil>> for Tup<F, Nil>
where
    Eq<F, P1>: Select<Layout<P1, Z0>, Layout<F, FD>>,
{
    type Output = If<Eq<F, P1>, Layout<P1, Z0>, Layout<F, FD>>;
}
impl<F, G, T, FD, GD, DT> Finish<Tup<FD, Tup<GD, DT>>> for Tup<F, Tup<G, T>> {
    type Output = Layout<Tup<F, Tup<G, T>>, Tup<FD, Tup<GD, DT>>>;
}

// ---------------------------------------------------------------------------------------------

/// `coalesce(A, P)`: a leaf of the profile coalesces that whole mode; a tuple profile recurses
/// mode by mode and leaves the modes of A past `rank(P)` as they are. A profile of higher rank
/// than A is rejected.
pub trait CoalesceProfileOp<P>: Sealed {
    type Output;
}
impl<S, D, P> CoalesceProfileOp<P> for Layout<S, D>
where
    P: IsTuple,
    Layout<S, D>: CoalesceProfileBy<P, <P as IsTuple>::Output>,
{
    type Output = <Layout<S, D> as CoalesceProfileBy<P, <P as IsTuple>::Output>>::Output;
}
/// `coalesce(A, P)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, CoalesceProfile};
/// # use tycute_macros::cute;
/// assert_eq!(show::<CoalesceProfile<cute!(((_2,_4),(_3,_2)):((_1,_2),(_8,_24))), cute!((_1,_1))>>(), "(_8,_6):(_1,_8)");
/// ```
///
/// A profile of higher rank than the layout is rejected (`rejects.txt`):
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, CoalesceProfile};
/// # use tycute_macros::cute;
/// let _ = show::<CoalesceProfile<cute!((_2,_4):(_1,_2)), cute!((_1,_1,_1))>>();
/// ```
pub type CoalesceProfile<A, P> = <A as CoalesceProfileOp<P>>::Output;

/// `coalesce(A, P)`, dispatched on whether the profile `P` is a tuple.
pub trait CoalesceProfileBy<P, IsTup> {
    type Output;
}
impl<A: CoalesceOp, P> CoalesceProfileBy<P, B0> for A {
    type Output = Coalesce<A>;
}
impl<A, P> CoalesceProfileBy<P, B1> for A
where
    A: ModesOp,
    P: LenOp,
    <A as ModesOp>::Output: LenOp,
    Len<P>: IsLessOrEqual<Len<<A as ModesOp>::Output>>,
    LeEq<Len<P>, Len<<A as ModesOp>::Output>>: crate::bounds::DecimalIfFailed<Len<P>> + crate::bounds::DecimalIfFailed<Len<<A as ModesOp>::Output>>,
    LeEq<Len<P>, Len<<A as ModesOp>::Output>>: ProfileFits<
        crate::bounds::DecIfFailed<LeEq<Len<P>, Len<<A as ModesOp>::Output>>, Len<P>>,
        crate::bounds::DecIfFailed<LeEq<Len<P>, Len<<A as ModesOp>::Output>>, Len<<A as ModesOp>::Output>>,
    >,
    (<A as ModesOp>::Output, P): ProfileModesIf<LeEq<Len<P>, Len<<A as ModesOp>::Output>>>,
{
    // ((coalesced mode 0), (coalesced mode 1), ..., untouched modes past rank(P))
    type Output = <(<A as ModesOp>::Output, P) as ProfileModesIf<LeEq<Len<P>, Len<<A as ModesOp>::Output>>>>::Output;
}

/// `coalesce(A, P)` needs `rank(P) <= rank(A)`.
#[diagnostic::on_unimplemented(
    message = "coalesce: the profile has more modes than the layout (rank(P) > rank(A): rank(P) = {ProfileRank}, rank(A) = {Rank})",
    label = "profile of too high rank"
)]
pub trait ProfileFits<ProfileRank = (), Rank = ()> {}
impl<ProfileRank, Rank> ProfileFits<ProfileRank, Rank> for B1 {}

/// The per-mode coalesce, once the rank check passed (`B0` yields a placeholder so that only the
/// check's message is reported).
#[doc(hidden)]
pub trait ProfileModesIf<Ok> {
    type Output;
}
impl<Ms, P> ProfileModesIf<B0> for (Ms, P) {
    type Output = Layout<P1, Z0>;
}
impl<Ms, P> ProfileModesIf<B1> for (Ms, P)
where
    Ms: ProfileModes<P>,
    <Ms as ProfileModes<P>>::Output: MakeLayoutOp,
{
    type Output = <<Ms as ProfileModes<P>>::Output as MakeLayoutOp>::Output;
}

/// Coalesces each mode by its profile entry; modes past the profile are kept.
#[doc(hidden)]
pub trait ProfileModes<P> {
    type Output;
}
impl<Ms> ProfileModes<Nil> for Ms {
    type Output = Ms;
}
impl<M, MT, P0, PT> ProfileModes<Tup<P0, PT>> for Tup<M, MT>
where
    M: CoalesceProfileOp<P0>,
    MT: ProfileModes<PT>,
{
    type Output = Tup<<M as CoalesceProfileOp<P0>>::Output, <MT as ProfileModes<PT>>::Output>;
}

#[allow(unused)]
fn _assert_layout_kinds<L: IsLayout>() {}
