//! CuTe's two conditions as one verdict, for the entry points of the divides ([`CuteVerdict`]).

use core::ops::{BitOr, Div, Rem};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::basis::ScaledBasis;
use crate::int::{
    Eq, If, IsEqual, Min, Mod, NInt, NonZero, Or, PInt, Select, Unsigned, B0, B1, P1, Z0,
};
use crate::layout::{IsLayout, Layout};
use crate::bounds::{Dec, DecimalOp};
use crate::tuple::{Nil, Tup};
use super::rules::*;
use super::walk::*;

/// The verdict of CuTe's two conditions: all hold.
#[doc(hidden)]
pub struct VPass;
/// The first failure is the stride divisibility condition, at rest stride `RD` over a mode of
/// shape `S`.
#[doc(hidden)]
pub struct VStride<RD, S>(core::marker::PhantomData<(RD, S)>);
/// The first failure is the shape divisibility condition: rest shape `RS`, the part `NS` of it
/// that fits in a mode of shape `S`.
#[doc(hidden)]
pub struct VShape<RS, NS, S>(core::marker::PhantomData<(RS, NS, S)>);

/// The first failure of `Self` (earlier in CuTe's order) and `Next`.
#[doc(hidden)]
pub trait VFirst<Next> {
    type Output;
}
impl<N> VFirst<N> for VPass {
    type Output = N;
}
impl<N, RD, S> VFirst<N> for VStride<RD, S> {
    type Output = VStride<RD, S>;
}
impl<N, RS, NS, S> VFirst<N> for VShape<RS, NS, S> {
    type Output = VShape<RS, NS, S>;
}

/// The verdict of composing the flat A of shape `LS` with the part `Self = (shape, stride)` of B.
#[doc(hidden)]
pub trait CuteVerdict<LS> {
    type Output;
}
impl<U, DN, LS> CuteVerdict<LS> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: VLeafStride<PInt<U>, LS>,
{
    type Output = <DN as VLeafStride<PInt<U>, LS>>::Output;
}
impl<LS> CuteVerdict<LS> for (Nil, Nil) {
    type Output = VPass;
}
impl<H, T, DH, DT, LS> CuteVerdict<LS> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): CuteVerdict<LS>,
    (T, DT): CuteVerdict<LS>,
    <(H, DH) as CuteVerdict<LS>>::Output: VFirst<<(T, DT) as CuteVerdict<LS>>::Output>,
{
    type Output = <<(H, DH) as CuteVerdict<LS>>::Output as VFirst<<(T, DT) as CuteVerdict<LS>>::Output>>::Output;
}

/// A leaf `N:Self` by its stride: `_0` and scaled bases pass (a basis leaf is checked by its own
/// composition); a non-zero integer walks A's flat modes (an integral A passes).
#[doc(hidden)]
pub trait VLeafStride<N, LS> {
    type Output;
}
impl<N, LS> VLeafStride<N, LS> for Z0 {
    type Output = VPass;
}
impl<N, LS, V, P> VLeafStride<N, LS> for ScaledBasis<V, P> {
    type Output = VPass;
}
impl<N, LS: VWalk<N, PInt<U>>, U: Unsigned + NonZero> VLeafStride<N, LS> for PInt<U> {
    type Output = <LS as VWalk<N, PInt<U>>>::Output;
}
impl<N, LS: VWalk<N, NInt<U>>, U: Unsigned + NonZero> VLeafStride<N, LS> for NInt<U> {
    type Output = <LS as VWalk<N, NInt<U>>>::Output;
}

/// CuTe's walk of a leaf with rest shape `RS` and rest stride `RD` over the flat modes `Self`
/// (checks only).
#[doc(hidden)]
pub trait VWalk<RS, RD> {
    type Output;
}
impl<U: Unsigned + NonZero, RS, RD> VWalk<RS, RD> for PInt<U> {
    type Output = VPass;
}
impl<S, RS, RD> VWalk<RS, RD> for Tup<S, Nil> {
    type Output = VPass;
}
type VSkip<RD, S, RS> = Or<Eq<NextShapeOf<RD, S>, P1>, Eq<RS, P1>>;
type VShapeOk<RD, S, RS> = Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>;
type VRestRS<RD, S, RS> = If<VSkip<RD, S, RS>, RS, TakeRest<RD, S, RS>>;
type VRest<RD, S, RS, Rest> = <Rest as VWalk<VRestRS<RD, S, RS>, NextStrideOf<RD, S>>>::Output;
impl<S, S2, ST, RS, RD> VWalk<RS, RD> for Tup<S, Tup<S2, ST>>
where
    RD: StepMath<S>,
    NextShapeOf<RD, S>: IsEqual<P1> + Min<RS>,
    RS: IsEqual<P1> + Rem<NewShape<RD, S, RS>> + Div<NewShape<RD, S, RS>>,
    Eq<NextShapeOf<RD, S>, P1>: BitOr<Eq<RS, P1>>,
    Mod<RS, NewShape<RD, S, RS>>: IsEqual<Z0>,
    VSkip<RD, S, RS>: Select<RS, TakeRest<RD, S, RS>> + BitOr<VShapeOk<RD, S, RS>>,
    Tup<S2, ST>: VWalk<VRestRS<RD, S, RS>, NextStrideOf<RD, S>>,
    Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>: Select<VRest<RD, S, RS, Tup<S2, ST>>, VShape<RS, NewShape<RD, S, RS>, S>>,
    <RD as StepMath<S>>::StrideOk: Select<
        If<Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>, VRest<RD, S, RS, Tup<S2, ST>>, VShape<RS, NewShape<RD, S, RS>, S>>,
        VStride<RD, S>,
    >,
{
    // stride condition, then (unless the mode is skipped) shape condition, then the next mode
    type Output = If<
        <RD as StepMath<S>>::StrideOk,
        If<Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>, VRest<RD, S, RS, Tup<S2, ST>>, VShape<RS, NewShape<RD, S, RS>, S>>,
        VStride<RD, S>,
    >;
}

/// The two bits of a verdict, `Stride` (the stride condition holds) and `Shape`, and the numbers
/// of the failing one in decimal (`()` where nothing fails).
#[doc(hidden)]
pub trait VerdictBits {
    type Stride;
    type Shape;
    /// `(rest_stride, curr_shape)` of a failing stride condition.
    type StrideAt: VerdictAt2;
    /// `(rest_shape, new_shape, curr_shape)` of a failing shape condition.
    type ShapeAt: VerdictAt3;
}
impl VerdictBits for VPass {
    type Stride = B1;
    type Shape = B1;
    type StrideAt = ((), ());
    type ShapeAt = ((), (), ());
}
impl<RD: DecimalOp, S: DecimalOp> VerdictBits for VStride<RD, S> {
    type Stride = B0;
    type Shape = B1;
    type StrideAt = (Dec<RD>, Dec<S>);
    type ShapeAt = ((), (), ());
}
impl<RS: DecimalOp, NS: DecimalOp, S: DecimalOp> VerdictBits for VShape<RS, NS, S> {
    type Stride = B1;
    type Shape = B0;
    type StrideAt = ((), ());
    type ShapeAt = (Dec<RS>, Dec<NS>, Dec<S>);
}
/// The parts of a pair of numbers.
#[doc(hidden)]
pub trait VerdictAt2 {
    type A;
    type B;
}
impl<A, B> VerdictAt2 for (A, B) {
    type A = A;
    type B = B;
}
/// The parts of a triple of numbers.
#[doc(hidden)]
pub trait VerdictAt3 {
    type A;
    type B;
    type C;
}
impl<A, B, C> VerdictAt3 for (A, B, C) {
    type A = A;
    type B = B;
    type C = C;
}

/// The verdict of `composition(Self, B)` on CuTe's two conditions, for layouts `Self` and `B`.
#[doc(hidden)]
pub trait CuteVerdictWith<B> {
    type Output;
}
impl<S, D, BS, BD> CuteVerdictWith<Layout<BS, BD>> for Layout<S, D>
where
    Layout<S, D>: CoalesceXOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): CuteVerdict<FlatS<Layout<S, D>>>,
{
    type Output = <(BS, BD) as CuteVerdict<FlatS<Layout<S, D>>>>::Output;
}
/// The verdict of `composition(A, B)` on CuTe's two conditions.
pub type CuteVerdictOf<A, B> = <A as CuteVerdictWith<B>>::Output;
/// `A`, once `composition(A, B)` passes CuTe's two conditions: requires the verdict's bits as
/// [`StrideDivisibilityAt`] and [`ShapeDivisibilityAt`] with the failing step's numbers (one
/// error, the first failure) and is unknown when one fails, so that the composition behind it
/// is not attempted.
pub type CuteGated<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::Shape as ShapeDivisibilityAt<
    VShapeA<A, B>,
    VShapeB<A, B>,
    VShapeC<A, B>,
>>::Ok<<<CuteVerdictOf<A, B> as VerdictBits>::Stride as StrideDivisibilityAt<VStrideA<A, B>, VStrideB<A, B>>>::Ok<A>>;
#[doc(hidden)]
pub type VStrideA<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::StrideAt as VerdictAt2>::A;
#[doc(hidden)]
pub type VStrideB<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::StrideAt as VerdictAt2>::B;
#[doc(hidden)]
pub type VShapeA<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::ShapeAt as VerdictAt3>::A;
#[doc(hidden)]
pub type VShapeB<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::ShapeAt as VerdictAt3>::B;
#[doc(hidden)]
pub type VShapeC<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::ShapeAt as VerdictAt3>::C;
