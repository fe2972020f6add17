//! CuTe's `composition_impl` on a flat A: B's leaves walk A's modes ([`ComposeImpl`]), each
//! step through [`WalkStep`], with the records of the exact rule summed over the leaves
//! ([`AddDigits`]).

use core::ops::{BitOr, Div, Mul, Not, Rem};

use crate::algebra::coalesce::CoalesceX;
use crate::int::{
    Abs, AbsVal, CeilDiv, CeilDivOp, Eq, If, IsEqual, IsLess, Le, Min, Minimum, Mod, NInt, NonZero,
    Or, PInt, Prod, Quot, Select, Sum, Unsigned, B0, B1, N1, P1, Z0,
};
use crate::layout::{Layout, MakeLayoutOp, ShapeOf, StrideOf};
use crate::tuple::{Append, ConcatOp, IsTuple, Nil, Tup, Unwrap, UnwrapOp};
use super::rules::*;
use super::domain_box::*;
use super::step_record::*;

/// A flat (coalesced) A: its shape and stride.
pub(super) type FlatS<A> = ShapeOf<CoalesceX<A>>;
pub(super) type FlatD<A> = StrideOf<CoalesceX<A>>;

/// CuTe's `composition_impl(LS, LD, RS, RD)`. `Digits` holds the records of the exact rule:
/// `Nil` when no leaf walks A's modes, otherwise one record `(Lo, Hi, MinU, MaxU, X1, X2, F)` per
/// mode `j < R-1` of the flat A, summed over the leaves: the range `[Lo, Hi]` of B's values below
/// the end of mode j and the range `[MinU, MaxU]` of the part above it, over the box, and
/// whether a leaf steps over mode j inexactly (`X1`: a skip, `X2`: part of the mode) where it
/// matters (rules 1 and 2), and whether one of CuTe's own checks fails there (`F`).
#[doc(hidden)]
pub trait ComposeImpl<LS, LD, Dom> {
    type Output;
    type Digits;
}
/// A leaf `N:DN` of B (a positive shape): a static stride `_0` is kept as it is. (`PInt<U>`
/// rather than any `N: Int`, so that only one impl header matches a tuple: see the integer tiler.)
impl<U, DN, LS, LD, Dom> ComposeImpl<LS, LD, Dom> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: IsEqual<Z0> + LeafRange<PInt<U>, Dom>,
    Dom: LeafCx<RangeOf<DN, PInt<U>, Dom>, DN>,
    Eq<DN, Z0>: LeafBranch<PInt<U>, DN, LS, LD, CxOf<Dom, RangeOf<DN, PInt<U>, Dom>, DN>>,
{
    type Output = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD, CxOf<Dom, RangeOf<DN, PInt<U>, Dom>, DN>>>::Output;
    type Digits = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD, CxOf<Dom, RangeOf<DN, PInt<U>, Dom>, DN>>>::Digits;
}

/// The leaf's context for its walk ([`StepRecord`]): range `Se`, stride `Dl`, nothing placed
/// yet, weight 1. With the box `(PR, NR, NA)`: the exact rule's full records; with [`FastDom`]:
/// the cheap ones ([`FastCx`]).
#[doc(hidden)]
pub trait LeafCx<Se, Dl> {
    type Cx;
}
impl<Se, Dl, PR, NR, NA> LeafCx<Se, Dl> for (PR, NR, NA) {
    type Cx = (Se, Dl, P1, P1);
}
pub(super) type CxOf<Dom, Se, Dl> = <Dom as LeafCx<Se, Dl>>::Cx;

/// A tuple B: one composition per mode, B's structure kept.
impl<LS, LD, Dom> ComposeImpl<LS, LD, Dom> for (Nil, Nil) {
    type Output = Layout<Nil, Nil>;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD, Dom> ComposeImpl<LS, LD, Dom> for (Tup<H, T>, Tup<DH, DT>)
where
    (Tup<H, T>, Tup<DH, DT>): ComposeModes<LS, LD, Dom>,
    <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, Dom>>::Output: MakeLayoutOp,
{
    type Output = <<(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, Dom>>::Output as MakeLayoutOp>::Output;
    type Digits = <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, Dom>>::Digits;
}

/// The list of the modes of a tuple B, each composed; records summed.
#[doc(hidden)]
pub trait ComposeModes<LS, LD, Dom> {
    type Output;
    type Digits;
}
impl<LS, LD, Dom> ComposeModes<LS, LD, Dom> for (Nil, Nil) {
    type Output = Nil;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD, Dom> ComposeModes<LS, LD, Dom> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): ComposeImpl<LS, LD, Dom>,
    (T, DT): ComposeModes<LS, LD, Dom>,
    <(H, DH) as ComposeImpl<LS, LD, Dom>>::Digits: AddDigits<<(T, DT) as ComposeModes<LS, LD, Dom>>::Digits>,
{
    type Output = Tup<<(H, DH) as ComposeImpl<LS, LD, Dom>>::Output, <(T, DT) as ComposeModes<LS, LD, Dom>>::Output>;
    type Digits = <<(H, DH) as ComposeImpl<LS, LD, Dom>>::Digits as AddDigits<
        <(T, DT) as ComposeModes<LS, LD, Dom>>::Digits,
    >>::Output;
}

/// Element-wise sum of two lists of records (`Nil` is all zeros): ranges added, bits or-ed.
#[doc(hidden)]
pub trait AddDigits<X> {
    type Output;
}
impl<X> AddDigits<X> for Nil {
    type Output = X;
}
impl<H, T> AddDigits<Nil> for Tup<H, T> {
    type Output = Tup<H, T>;
}
impl<La, Ha, Ma, Xa, Ya, Za, Fa, Ta, Lb, Hb, Mb, Xb, Yb, Zb, Fb, Tb> AddDigits<Tup<(Lb, Hb, Mb, Xb, Yb, Zb, Fb), Tb>>
    for Tup<(La, Ha, Ma, Xa, Ya, Za, Fa), Ta>
where
    La: core::ops::Add<Lb>,
    Ha: core::ops::Add<Hb>,
    Ma: core::ops::Add<Mb>,
    Xa: core::ops::Add<Xb>,
    Ya: BitOr<Yb>,
    Za: BitOr<Zb>,
    Fa: BitOr<Fb>,
    Ta: AddDigits<Tb>,
{
    type Output = Tup<(Sum<La, Lb>, Sum<Ha, Hb>, Sum<Ma, Mb>, Sum<Xa, Xb>, Or<Ya, Yb>, Or<Za, Zb>, Or<Fa, Fb>), <Ta as AddDigits<Tb>>::Output>;
}


/// A leaf with stride `_0` (`B1`) or another stride (`B0`); `Cx`: the leaf's context ([`LeafCx`]).
#[doc(hidden)]
pub trait LeafBranch<N, DN, LS, LD, Cx> {
    type Output;
    type Digits;
}
impl<N, DN, LS, LD, Cx> LeafBranch<N, DN, LS, LD, Cx> for B1 {
    type Output = Layout<N, DN>;
    type Digits = Nil;
}
impl<N, DN, LS, LD, Cx> LeafBranch<N, DN, LS, LD, Cx> for B0
where
    LS: IsTuple,
    <LS as IsTuple>::Output: FlatBranch<N, DN, LS, LD, Cx>,
{
    type Output = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD, Cx>>::Output;
    type Digits = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD, Cx>>::Digits;
}

/// An integral flat A (`B0`): `N:DN*LD`; a tuple flat A (`B1`): the fold over its modes.
#[doc(hidden)]
pub trait FlatBranch<N, DN, LS, LD, Cx> {
    type Output;
    type Digits;
}
impl<N, DN: Mul<LD>, LS, LD, Cx> FlatBranch<N, DN, LS, LD, Cx> for B0 {
    type Output = Layout<N, Prod<DN, LD>>;
    type Digits = Nil;
}
impl<N, DN, LS, LD, Cx> FlatBranch<N, DN, LS, LD, Cx> for B1
where
    (LS, LD): WalkFold<N, DN, Nil, Nil, Cx>,
{
    type Output = <(LS, LD) as WalkFold<N, DN, Nil, Nil, Cx>>::Output;
    type Digits = <(LS, LD) as WalkFold<N, DN, Nil, Nil, Cx>>::Digits;
}

/// The fold over the flat modes `(LS, LD)` of A with rest shape `RS`, rest stride `RD`, the
/// result so far `(ResS, ResD)` and the leaf's context `Cx` ([`StepRecord`]).
pub trait WalkFold<RS, RD, ResS, ResD, Cx> {
    type Output;
    type Digits;
}
/// The last mode `_:D` of A takes the rest (no record: nothing lies above it).
impl<S, D, RS, RD, ResS, ResD, Cx> WalkFold<RS, RD, ResS, ResD, Cx> for (Tup<S, Nil>, Tup<D, Nil>)
where
    RD: Mul<D>,
    ResS: Finish<RS, Prod<RD, D>, ResD>,
{
    type Output = <ResS as Finish<RS, Prod<RD, D>, ResD>>::Output;
    type Digits = Nil;
}
/// A mode `S:D` of A that is not the last.
impl<S, S2, ST, D, D2, DT, RS, RD, ResS, ResD, Cx> WalkFold<RS, RD, ResS, ResD, Cx>
    for (Tup<S, Tup<S2, ST>>, Tup<D, Tup<D2, DT>>)
where
    RD: StepMath<S>,
    <RD as StepMath<S>>::StrideOk: crate::bounds::DecimalIfFailed<RD> + crate::bounds::DecimalIfFailed<S>,
    <RD as StepMath<S>>::StrideOk: StrideDivisibilityAt<crate::bounds::DecIfFailed<<RD as StepMath<S>>::StrideOk, RD>, crate::bounds::DecIfFailed<<RD as StepMath<S>>::StrideOk, S>>,
    RS: IsEqual<P1>,
    Eq<<RD as StepMath<S>>::NextShape, P1>: BitOr<Eq<RS, P1>>,
    <RD as StepMath<S>>::NextShape: IsEqual<P1>,
    Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>>:
        WalkStep<S, D, RS, RD, ResS, ResD, (Tup<S2, ST>, Tup<D2, DT>), Cx>,
{
    type Output = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as WalkStep<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
        Cx,
    >>::Output;
    type Digits = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as WalkStep<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
        Cx,
    >>::Digits;
}

/// Per-step arithmetic on the rest stride `RD` for a mode of shape `S`: CuTe's stride
/// condition, `next_shape = ceil_div(S, |RD|)` and `next_stride = ceil_div(|RD|, S) * signum(RD)`.
#[doc(hidden)]
pub trait StepMath<S> {
    type StrideOk;
    type NextShape;
    type NextStride;
}
impl<RD, S> StepMath<S> for RD
where
    RD: Rem<S> + IsLess<S> + Abs + Signum,
    Mod<RD, S>: IsEqual<Z0>,
    Eq<Mod<RD, S>, Z0>: BitOr<Le<RD, S>>,
    S: CeilDivOp<AbsVal<RD>>,
    AbsVal<RD>: CeilDivOp<S>,
    CeilDiv<AbsVal<RD>, S>: Mul<<RD as Signum>::Output>,
{
    type StrideOk = Or<Eq<Mod<RD, S>, Z0>, Le<RD, S>>;
    type NextShape = CeilDiv<S, AbsVal<RD>>;
    type NextStride = Prod<CeilDiv<AbsVal<RD>, S>, <RD as Signum>::Output>;
}

/// `signum(x)`.
#[doc(hidden)]
pub trait Signum {
    type Output;
}
impl Signum for Z0 {
    type Output = Z0;
}
impl<U: Unsigned + NonZero> Signum for PInt<U> {
    type Output = P1;
}
impl<U: Unsigned + NonZero> Signum for NInt<U> {
    type Output = N1;
}

pub(super) type NextShapeOf<RD, S> = <RD as StepMath<S>>::NextShape;
pub(super) type NextStrideOf<RD, S> = <RD as StepMath<S>>::NextStride;

/// One fold step: `B1` skips the mode (`next_shape == 1 || rest_shape == 1`), `B0` takes
/// `new_shape = min(next_shape, rest_shape)` elements of it.
pub trait WalkStep<S, D, RS, RD, ResS, ResD, Rest, Cx> {
    type Output;
    type Digits;
}
/// CuTe's stride condition fails at this step.
type StrideFails<RD, S> = crate::int::Not<<RD as StepMath<S>>::StrideOk>;
type SkipRec<Cx, S, D, RD> = <Cx as StepRecord<S, D, RD, P1, NextStrideOf<RD, S>, B1, StrideFails<RD, S>>>::Rec;
type SkipCx<Cx, S, D, RD> = <Cx as StepRecord<S, D, RD, P1, NextStrideOf<RD, S>, B1, StrideFails<RD, S>>>::Next;
impl<S, D, RS, RD, ResS, ResD, Rest, Cx> WalkStep<S, D, RS, RD, ResS, ResD, Rest, Cx> for B1
where
    RD: StepMath<S>,
    <RD as StepMath<S>>::StrideOk: Not,
    Cx: StepRecord<S, D, RD, P1, NextStrideOf<RD, S>, B1, StrideFails<RD, S>>,
    Rest: WalkFold<RS, NextStrideOf<RD, S>, ResS, ResD, SkipCx<Cx, S, D, RD>>,
{
    type Output = <Rest as WalkFold<RS, NextStrideOf<RD, S>, ResS, ResD, SkipCx<Cx, S, D, RD>>>::Output;
    type Digits = Tup<SkipRec<Cx, S, D, RD>, <Rest as WalkFold<RS, NextStrideOf<RD, S>, ResS, ResD, SkipCx<Cx, S, D, RD>>>::Digits>;
}

pub(super) type NewShape<RD, S, RS> = Minimum<NextShapeOf<RD, S>, RS>;
pub(super) type TakeRest<RD, S, RS> = Quot<RS, NewShape<RD, S, RS>>;
type TakeResS<RD, S, RS, ResS> = Append<ResS, NewShape<RD, S, RS>>;
type TakeResD<RD, D, ResD> = Append<ResD, Prod<RD, D>>;
/// CuTe's stride or shape condition fails at this step.
type TakeFails<RD, S, RS> = Or<StrideFails<RD, S>, crate::int::Not<Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>>>;
type TakeRec<Cx, S, D, RD, RS> =
    <Cx as StepRecord<S, D, RD, NewShape<RD, S, RS>, NextStrideOf<RD, S>, B0, TakeFails<RD, S, RS>>>::Rec;
type TakeCx<Cx, S, D, RD, RS> =
    <Cx as StepRecord<S, D, RD, NewShape<RD, S, RS>, NextStrideOf<RD, S>, B0, TakeFails<RD, S, RS>>>::Next;

impl<S, D, RS, RD, ResS, ResD, Rest, Cx> WalkStep<S, D, RS, RD, ResS, ResD, Rest, Cx> for B0
where
    RD: StepMath<S> + Mul<D>,
    NextShapeOf<RD, S>: Min<RS>,
    // shape divisibility: rest_shape % new_shape == 0
    RS: Rem<NewShape<RD, S, RS>> + Div<NewShape<RD, S, RS>>,
    Mod<RS, NewShape<RD, S, RS>>: IsEqual<Z0>,
    Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>: crate::bounds::DecimalIfFailed<RS> + crate::bounds::DecimalIfFailed<NewShape<RD, S, RS>> + crate::bounds::DecimalIfFailed<S>,
    Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>: ShapeDivisibilityAt<crate::bounds::DecIfFailed<Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>, RS>, crate::bounds::DecIfFailed<Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>, NewShape<RD, S, RS>>, crate::bounds::DecIfFailed<Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>, S>>,
    // the exact rule's record of this step
    <RD as StepMath<S>>::StrideOk: Not,
    Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>: Not,
    StrideFails<RD, S>: BitOr<crate::int::Not<Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>>>,
    Cx: StepRecord<S, D, RD, NewShape<RD, S, RS>, NextStrideOf<RD, S>, B0, TakeFails<RD, S, RS>>,
    ResS: ConcatOp<Tup<NewShape<RD, S, RS>, Nil>>,
    ResD: ConcatOp<Tup<Prod<RD, D>, Nil>>,
    Rest: WalkFold<TakeRest<RD, S, RS>, NextStrideOf<RD, S>, TakeResS<RD, S, RS, ResS>, TakeResD<RD, D, ResD>, TakeCx<Cx, S, D, RD, RS>>,
{
    // result (.., new_shape):(.., rest_stride * D)
    type Output = <Rest as WalkFold<
        TakeRest<RD, S, RS>,
        NextStrideOf<RD, S>,
        TakeResS<RD, S, RS, ResS>,
        TakeResD<RD, D, ResD>,
        TakeCx<Cx, S, D, RD, RS>,
    >>::Output;
    type Digits = Tup<
        TakeRec<Cx, S, D, RD, RS>,
        <Rest as WalkFold<
            TakeRest<RD, S, RS>,
            NextStrideOf<RD, S>,
            TakeResS<RD, S, RS, ResS>,
            TakeResD<RD, D, ResD>,
            TakeCx<Cx, S, D, RD, RS>,
        >>::Digits,
    >;
}

/// The end of the fold, on the result shape so far: nothing taken gives `RS:LastD`; a rest of
/// `_1` gives the result (unwrapped); otherwise the rest is appended.
#[doc(hidden)]
pub trait Finish<RS, LastD, ResD> {
    type Output;
}
impl<RS, LastD, ResD> Finish<RS, LastD, ResD> for Nil {
    type Output = Layout<RS, LastD>;
}
impl<H, T, RS, LastD, ResD> Finish<RS, LastD, ResD> for Tup<H, T>
where
    RS: IsEqual<P1>,
    Tup<H, T>: UnwrapOp + ConcatOp<Tup<RS, Nil>>,
    ResD: UnwrapOp + ConcatOp<Tup<LastD, Nil>>,
    Eq<RS, P1>: Select<
        Layout<Unwrap<Tup<H, T>>, Unwrap<ResD>>,
        Layout<Append<Tup<H, T>, RS>, Append<ResD, LastD>>,
    >,
{
    type Output = If<
        Eq<RS, P1>,
        Layout<Unwrap<Tup<H, T>>, Unwrap<ResD>>,
        Layout<Append<Tup<H, T>, RS>, Append<ResD, LastD>>,
    >;
}
