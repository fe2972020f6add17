//! CuTe's `coalesce_x` and `composition_impl` on a flat layout whose strides may be run-time
//! ([`Dyn`]): two modes merge only when both strides are static, and a run-time stride multiplied
//! stays run-time ([`CoalesceModes`], [`DynComposition`]). The last step of a thread's slice of a
//! swizzled tensor ([`super`]) and of the kernel's run-time layouts.

use core::marker::PhantomData;
use core::ops::{BitAnd, Mul};

use tycute_layout::int::{CeilDiv, CeilDivOp, Eq, IsEqual, Min, Minimum, Prod, Quot, B0, B1, P1, P2, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::tuple::{Nil, Tup};
use typenum::{NInt, NonZero, PInt, Unsigned};

use crate::copy::text::Dyn;

// ---------------------------------------------------------------------------------------------
// static / run-time strides

/// A stride leaf: a static integer or a [`Dyn`]. `Value` is its value as a static integer,
/// `IsStatic` whether CuTe knows it at compile time.
#[doc(hidden)]
pub trait StrideLeaf {
    type Value;
    type IsStatic;
    /// A value `V` of the same kind (static, or run-time).
    type Like<V>;
}
impl StrideLeaf for Z0 {
    type Value = Z0;
    type IsStatic = B1;
    type Like<V> = V;
}
impl<U: Unsigned + NonZero> StrideLeaf for PInt<U> {
    type Value = PInt<U>;
    type IsStatic = B1;
    type Like<V> = V;
}
impl<U: Unsigned + NonZero> StrideLeaf for NInt<U> {
    type Value = NInt<U>;
    type IsStatic = B1;
    type Like<V> = V;
}
impl<N> StrideLeaf for Dyn<N> {
    type Value = N;
    type IsStatic = B0;
    type Like<V> = Dyn<V>;
}
type Val<D> = <D as StrideLeaf>::Value;
/// `R * d` for a static `R`: static when `d` is, run-time otherwise.
type MulStride<R, D> = <D as StrideLeaf>::Like<Prod<R, Val<D>>>;

// ---------------------------------------------------------------------------------------------
// CuTe's coalesce_x on a flat list of modes with run-time strides

/// A mode `s:d` of a flat layout.
pub struct Mode<S, D>(PhantomData<fn() -> (S, D)>);

/// `coalesce_x` of a flat list of [`Mode`]s, walking from the last mode backwards: the result
/// is the list of coalesced modes. Two modes merge only when `s_i * d_i == d_(i+1)` holds
/// statically (both strides static).
#[doc(hidden)]
pub trait CoalesceModes {
    type Output;
}
impl<S, D, T> CoalesceModes for Tup<Mode<S, D>, T>
where
    Tup<Mode<S, D>, T>: tycute_layout::tuple::ReverseOp,
    tycute_layout::tuple::Reverse<Tup<Mode<S, D>, T>>: CoalesceStart,
{
    type Output = <tycute_layout::tuple::Reverse<Tup<Mode<S, D>, T>> as CoalesceStart>::Output;
}
/// The start: the last mode; a last mode of shape 1 is taken as shape 2 (so that its stride
/// extends the function past the domain, CuTe's `coalesce_x`).
#[doc(hidden)]
pub trait CoalesceStart {
    type Output;
}
impl<S, D, T> CoalesceStart for Tup<Mode<S, D>, T>
where
    S: IsEqual<P1>,
    Eq<S, P1>: tycute_layout::int::Select<P2, S>,
    T: CoalesceBack<Mode<tycute_layout::int::If<Eq<S, P1>, P2, S>, D>, Nil>,
{
    type Output = <T as CoalesceBack<Mode<tycute_layout::int::If<Eq<S, P1>, P2, S>, D>, Nil>>::Output;
}
/// One step backwards: `Front` is the mode being grown, `Acc` the finished modes after it.
#[doc(hidden)]
pub trait CoalesceBack<Front, Acc> {
    type Output;
}
impl<Front, Acc> CoalesceBack<Front, Acc> for Nil {
    type Output = Tup<Front, Acc>;
}
impl<S, D, T, FS, FD, Acc> CoalesceBack<Mode<FS, FD>, Acc> for Tup<Mode<S, D>, T>
where
    S: IsEqual<P1>,
    D: StrideLeaf,
    FD: StrideLeaf,
    S: Mul<Val<D>>,
    Prod<S, Val<D>>: IsEqual<Val<FD>>,
    D::IsStatic: BitAnd<FD::IsStatic>,
    tycute_layout::int::And<D::IsStatic, FD::IsStatic>: BitAnd<Eq<Prod<S, Val<D>>, Val<FD>>>,
    (Eq<S, P1>, MergeBit<S, D, FD>): CoalesceChoose<S, D, FS, FD, Acc, T>,
{
    type Output = <(Eq<S, P1>, MergeBit<S, D, FD>) as CoalesceChoose<S, D, FS, FD, Acc, T>>::Output;
}
type MergeBit<S, D, FD> = tycute_layout::int::And<
    tycute_layout::int::And<<D as StrideLeaf>::IsStatic, <FD as StrideLeaf>::IsStatic>,
    Eq<Prod<S, Val<D>>, Val<FD>>,
>;
/// (shape == 1, merge) -> skip / merge / prepend.
#[doc(hidden)]
pub trait CoalesceChoose<S, D, FS, FD, Acc, T> {
    type Output;
}
// shape 1: skip
impl<M, S, D, FS, FD, Acc, T> CoalesceChoose<S, D, FS, FD, Acc, T> for (B1, M)
where
    T: CoalesceBack<Mode<FS, FD>, Acc>,
{
    type Output = <T as CoalesceBack<Mode<FS, FD>, Acc>>::Output;
}
// merge: (s * fs):d
impl<S, D, FS, FD, Acc, T> CoalesceChoose<S, D, FS, FD, Acc, T> for (B0, B1)
where
    S: Mul<FS>,
    T: CoalesceBack<Mode<Prod<S, FS>, D>, Acc>,
{
    type Output = <T as CoalesceBack<Mode<Prod<S, FS>, D>, Acc>>::Output;
}
// prepend
impl<S, D, FS, FD, Acc, T> CoalesceChoose<S, D, FS, FD, Acc, T> for (B0, B0)
where
    T: CoalesceBack<Mode<S, D>, Tup<Mode<FS, FD>, Acc>>,
{
    type Output = <T as CoalesceBack<Mode<S, D>, Tup<Mode<FS, FD>, Acc>>>::Output;
}

// ---------------------------------------------------------------------------------------------
// CuTe's composition_impl of a coalesced flat A (modes with run-time strides) and a static B

/// `composition(A, B)` for the list of coalesced modes `A` (see [`CoalesceModes`]) and a static
/// layout `B`: B's structure, each leaf composed with A.
pub trait DynCompositionOp<B> {
    type Output;
}
impl<A, BS, BD> DynCompositionOp<Layout<BS, BD>> for A
where
    BS: ComposeTree<BD, A>,
{
    type Output = Layout<<BS as ComposeTree<BD, A>>::Shape, <BS as ComposeTree<BD, A>>::Stride>;
}
/// `composition(A, B)` for a flat A with run-time strides, as CuTe computes it.
pub type DynComposition<A, B> = <A as DynCompositionOp<B>>::Output;

/// B's shape (`Self`) and stride (`D`) trees, each leaf composed with A.
#[doc(hidden)]
pub trait ComposeTree<D, A> {
    type Shape;
    type Stride;
}
impl<A> ComposeTree<Nil, A> for Nil {
    type Shape = Nil;
    type Stride = Nil;
}
impl<A, H, T, DH, DT> ComposeTree<Tup<DH, DT>, A> for Tup<H, T>
where
    H: ComposeTree<DH, A>,
    T: ComposeTree<DT, A>,
{
    type Shape = Tup<<H as ComposeTree<DH, A>>::Shape, <T as ComposeTree<DT, A>>::Shape>;
    type Stride = Tup<<H as ComposeTree<DH, A>>::Stride, <T as ComposeTree<DT, A>>::Stride>;
}
// a leaf: stride _0 is kept; otherwise the walk over A
impl<A, U: Unsigned + NonZero, D> ComposeTree<D, A> for PInt<U>
where
    D: LeafStride<PInt<U>, A>,
{
    type Shape = <D as LeafStride<PInt<U>, A>>::Shape;
    type Stride = <D as LeafStride<PInt<U>, A>>::Stride;
}
/// A leaf of B by its stride: `_0` is kept, a positive stride walks A.
#[doc(hidden)]
pub trait LeafStride<S, A> {
    type Shape;
    type Stride;
}
impl<S, A> LeafStride<S, A> for Z0 {
    type Shape = S;
    type Stride = Z0;
}
impl<S, A, V: Unsigned + NonZero> LeafStride<S, A> for PInt<V>
where
    A: ComposeLeaf<S, PInt<V>>,
{
    type Shape = <A as ComposeLeaf<S, PInt<V>>>::Shape;
    type Stride = <A as ComposeLeaf<S, PInt<V>>>::Stride;
}

/// A leaf `s:d` (`d > 0`) composed with the modes of A.
#[doc(hidden)]
pub trait ComposeLeaf<S, D> {
    type Shape;
    type Stride;
}
// A integral (one mode): s : d * a
impl<S, D, AS, AD> ComposeLeaf<S, D> for Tup<Mode<AS, AD>, Nil>
where
    AD: StrideLeaf,
    D: Mul<Val<AD>>,
{
    type Shape = S;
    type Stride = MulStride<D, AD>;
}
// A with several modes: fold over all but the last
impl<S, D, M0, M1, MT> ComposeLeaf<S, D> for Tup<M0, Tup<M1, MT>>
where
    Tup<M0, Tup<M1, MT>>: ComposeFold<Nil, Nil, S, D>,
{
    type Shape = <Tup<M0, Tup<M1, MT>> as ComposeFold<Nil, Nil, S, D>>::Shape;
    type Stride = <Tup<M0, Tup<M1, MT>> as ComposeFold<Nil, Nil, S, D>>::Stride;
}

/// The fold of `composition_impl` over the modes of A but the last, with the result so far
/// (`RS`, `RD`, in order) and the rest shape and stride.
#[doc(hidden)]
pub trait ComposeFold<RS, RD, RestS, RestD> {
    type Shape;
    type Stride;
}
// the last mode: finish
impl<AS, AD, RS, RD, RestS, RestD> ComposeFold<RS, RD, RestS, RestD> for Tup<Mode<AS, AD>, Nil>
where
    (RS, Eq<RestS, P1>): ComposeFinish<RD, RestS, RestD, AD>,
    RestS: IsEqual<P1>,
{
    type Shape = <(RS, Eq<RestS, P1>) as ComposeFinish<RD, RestS, RestD, AD>>::Shape;
    type Stride = <(RS, Eq<RestS, P1>) as ComposeFinish<RD, RestS, RestD, AD>>::Stride;
}
// next_shape = ceil_div(curr_shape, rest_stride), next_stride = ceil_div(rest_stride, curr_shape)
type NextShape<CS, RestD> = CeilDiv<CS, RestD>;
type NextStride<CS, RestD> = CeilDiv<RestD, CS>;
impl<CS, CD, M1, MT, RS, RD, RestS, RestD> ComposeFold<RS, RD, RestS, RestD> for Tup<Mode<CS, CD>, Tup<M1, MT>>
where
    CS: CeilDivOp<RestD>,
    RestD: CeilDivOp<CS>,
    NextShape<CS, RestD>: IsEqual<P1>,
    RestS: IsEqual<P1>,
    Eq<NextShape<CS, RestD>, P1>: core::ops::BitOr<Eq<RestS, P1>>,
    tycute_layout::int::Or<Eq<NextShape<CS, RestD>, P1>, Eq<RestS, P1>>: ComposeStep<CS, CD, Tup<M1, MT>, RS, RD, RestS, RestD>,
{
    type Shape = <tycute_layout::int::Or<Eq<NextShape<CS, RestD>, P1>, Eq<RestS, P1>> as ComposeStep<
        CS,
        CD,
        Tup<M1, MT>,
        RS,
        RD,
        RestS,
        RestD,
    >>::Shape;
    type Stride = <tycute_layout::int::Or<Eq<NextShape<CS, RestD>, P1>, Eq<RestS, P1>> as ComposeStep<
        CS,
        CD,
        Tup<M1, MT>,
        RS,
        RD,
        RestS,
        RestD,
    >>::Stride;
}
/// One step: `B1` skips the mode (nothing taken), `B0` takes `min(next_shape, rest_shape)`.
#[doc(hidden)]
pub trait ComposeStep<CS, CD, T, RS, RD, RestS, RestD> {
    type Shape;
    type Stride;
}
impl<CS, CD, T, RS, RD, RestS, RestD> ComposeStep<CS, CD, T, RS, RD, RestS, RestD> for B1
where
    RestD: CeilDivOp<CS>,
    T: ComposeFold<RS, RD, RestS, NextStride<CS, RestD>>,
{
    type Shape = <T as ComposeFold<RS, RD, RestS, NextStride<CS, RestD>>>::Shape;
    type Stride = <T as ComposeFold<RS, RD, RestS, NextStride<CS, RestD>>>::Stride;
}
type NewShape<CS, RestS, RestD> = Minimum<NextShape<CS, RestD>, RestS>;
impl<CS, CD, T, RS, RD, RestS, RestD> ComposeStep<CS, CD, T, RS, RD, RestS, RestD> for B0
where
    CS: CeilDivOp<RestD>,
    RestD: CeilDivOp<CS>,
    NextShape<CS, RestD>: Min<RestS>,
    CD: StrideLeaf,
    RestD: Mul<Val<CD>>,
    RestS: core::ops::Div<NewShape<CS, RestS, RestD>>,
    RS: tycute_layout::tuple::ConcatOp<Tup<NewShape<CS, RestS, RestD>, Nil>>,
    RD: tycute_layout::tuple::ConcatOp<Tup<MulStride<RestD, CD>, Nil>>,
    T: ComposeFold<
        tycute_layout::tuple::Append<RS, NewShape<CS, RestS, RestD>>,
        tycute_layout::tuple::Append<RD, MulStride<RestD, CD>>,
        Quot<RestS, NewShape<CS, RestS, RestD>>,
        NextStride<CS, RestD>,
    >,
{
    type Shape = <T as ComposeFold<
        tycute_layout::tuple::Append<RS, NewShape<CS, RestS, RestD>>,
        tycute_layout::tuple::Append<RD, MulStride<RestD, CD>>,
        Quot<RestS, NewShape<CS, RestS, RestD>>,
        NextStride<CS, RestD>,
    >>::Shape;
    type Stride = <T as ComposeFold<
        tycute_layout::tuple::Append<RS, NewShape<CS, RestS, RestD>>,
        tycute_layout::tuple::Append<RD, MulStride<RestD, CD>>,
        Quot<RestS, NewShape<CS, RestS, RestD>>,
        NextStride<CS, RestD>,
    >>::Stride;
}
/// The end of the fold, on `(result shapes, rest_shape == 1)`.
#[doc(hidden)]
pub trait ComposeFinish<RD, RestS, RestD, AD> {
    type Shape;
    type Stride;
}
// nothing taken: rest_shape : rest_stride * last stride
impl<M, RD, RestS, RestD, AD> ComposeFinish<RD, RestS, RestD, AD> for (Nil, M)
where
    AD: StrideLeaf,
    RestD: Mul<Val<AD>>,
{
    type Shape = RestS;
    type Stride = MulStride<RestD, AD>;
}
// rest_shape == 1: the result, unwrapped
impl<H, T, RD, RestS, RestD, AD> ComposeFinish<RD, RestS, RestD, AD> for (Tup<H, T>, B1)
where
    Tup<H, T>: UnwrapLeaves,
    RD: UnwrapLeaves,
{
    type Shape = <Tup<H, T> as UnwrapLeaves>::Output;
    type Stride = <RD as UnwrapLeaves>::Output;
}
/// `unwrap(t)` of a flat tuple of leaves (static or run-time): `(x)` is `x`.
#[doc(hidden)]
pub trait UnwrapLeaves {
    type Output;
}
impl<H> UnwrapLeaves for Tup<H, Nil> {
    type Output = H;
}
impl<H, H2, T> UnwrapLeaves for Tup<H, Tup<H2, T>> {
    type Output = Tup<H, Tup<H2, T>>;
}
// otherwise: append the rest mode
impl<H, T, RD, RestS, RestD, AD> ComposeFinish<RD, RestS, RestD, AD> for (Tup<H, T>, B0)
where
    AD: StrideLeaf,
    RestD: Mul<Val<AD>>,
    Tup<H, T>: tycute_layout::tuple::ConcatOp<Tup<RestS, Nil>>,
    RD: tycute_layout::tuple::ConcatOp<Tup<MulStride<RestD, AD>, Nil>>,
{
    type Shape = tycute_layout::tuple::Append<Tup<H, T>, RestS>;
    type Stride = tycute_layout::tuple::Append<RD, MulStride<RestD, AD>>;
}
