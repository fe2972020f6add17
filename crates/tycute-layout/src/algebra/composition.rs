//! `composition(A, B)` (`A ∘ B`) for a layout B or a tiler, and `A.with_shape(S)`.
//!
//! As CuTe: A is first coalesced with `coalesce_x` (its flat modes, keeping the function outside
//! the domain too), then B is distributed over its modes:
//!
//! * a tuple shape of B gives a result with B's structure, one composition per mode;
//! * a leaf `s:_0` of B is returned unchanged;
//! * a flat A of one mode `a:e` gives `s:d*e`;
//! * otherwise the leaf `s:d` walks the modes of A except the last with a rest shape (`s`) and a
//!   rest stride (`d`): in mode `a:e` it takes `min(ceil_div(a, |rest_stride|), rest_shape)`
//!   elements with stride `rest_stride * e` (unless that is one element), and continues with
//!   `rest_shape / new_shape` and `ceil_div(|rest_stride|, a) * signum(rest_stride)`; what is
//!   left of the rest shape lands in the last mode.
//!
//! Tilers: an integer `N` is the layout `N:_1`, `_` keeps A, and a tuple applies its elements to
//! the modes of A one by one. As in CuTe (and unlike the divides and products, which keep them),
//! modes of A past the tiler's rank are *dropped*: `composition((_8,_8):(_1,_8), (_2))` is
//! `(_2):(_1)`. A tiler of higher rank than A is rejected.
//!
//! # The strict rule
//!
//! CuTe checks composition weakly and returns layouts that are not `A∘B` for some inputs
//! (NVIDIA/cutlass #3177). tycute rejects, with structural conditions over the flat modes of A
//! and the leaves of B (see `docs/design.md`):
//!
//! 1. CuTe's stride divisibility `rest_stride % curr_shape == 0 || rest_stride < curr_shape` (every
//!    step) and shape divisibility `rest_shape % new_shape == 0` (every step that takes elements);
//! 2. a step that takes part of a mode (`rest_stride < curr_shape`) and continues into the next mode
//!    (`rest_shape / new_shape > 1`) needs `curr_shape % rest_stride == 0`;
//! 3. in every mode of A except the last, the sum over the leaves of B of the largest digit each
//!    places there (`(new_shape - 1) * rest_stride`) stays below the mode's shape.
//!
//! Each condition is a public check trait below; its `on_unimplemented` message is what
//! `cargo check` prints.

use core::ops::{BitAnd, BitOr, Div, Mul, Not, Rem, Sub};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::algebra::make_layout::MakeLayoutLeft;
use crate::int::{
    Abs, AbsVal, And, CeilDiv, CeilDivOp, Diff, Eq, Gr, If, IsEqual, IsGreater, IsLess, Le,
    Min, Minimum, Mod, NInt, NonZero, Or, PInt, Prod, Quot, Select, Unsigned, B0, B1, N1, P1, Z0,
};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp, ShapeOf, StrideOf, Underscore};
use crate::sealed::Sealed;
use crate::tuple::{Append, ConcatOp, IsTuple, Nil, Tup, Unwrap, UnwrapOp};

/// `composition(A, B)`: `A ∘ B` for a layout `B`, or A composed with a tiler `B` (an integer
/// `N` meaning `N:_1`, `_`, or a tuple of tilers applied mode by mode; modes of A past the
/// tuple's rank are dropped, as in CuTe).
pub trait CompositionOp<B>: Sealed {
    type Output;
}

/// `composition(A, B)`.
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_3,_1,_2):(_6,_1,_3)), cute!(_2:_2)>>(), "_2:_12");
/// assert_eq!(show::<Composition<cute!((_12,_8):(_8,_1)), cute!((_4,_2))>>(), "(_4,_2):(_8,_1)");
/// ```
///
/// A composition whose result would not be `A∘B` is rejected (CuTe accepts this one and prints
/// `(_8,_2):(_8,_64)`, which maps `12` to `96` where `A(B(12)) = 1`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B's leaves overlap inside a mode of A (the sum of their largest
/// //               digits there reaches the mode's shape): the result would not be A∘B
/// let _ = show::<Composition<cute!((_12,_8):(_8,_1)), cute!((_8,_2):(_1,_8))>>();
/// ```
///
/// A tiler of higher rank than A is rejected:
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: the tiler has more modes than the layout
/// let _ = show::<Composition<cute!(_8:_1), cute!((_2,_2))>>();
/// ```
pub type Composition<A, B> = <A as CompositionOp<B>>::Output;

/// `A.with_shape(S)` = `composition(A, make_layout(S))`.
pub type WithShape<A, S> = Composition<A, MakeLayoutLeft<S>>;

// ---------------------------------------------------------------------------------------------
// Checks (rejections). Each is implemented for `B1` only.

/// CuTe's "Stride Divisibility Condition".
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility condition: a stride of B must be a multiple of the mode of A it steps over, or smaller than it (rest_stride % curr_shape == 0 || rest_stride < curr_shape)",
    label = "stride divisibility condition fails"
)]
pub trait StrideDivisibility {}
impl StrideDivisibility for B1 {}

/// CuTe's "Shape Divisibility Condition".
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility condition: a shape of B must be divisible by the part of it that a mode of A takes (rest_shape % new_shape == 0)",
    label = "shape divisibility condition fails"
)]
pub trait ShapeDivisibility {}
impl ShapeDivisibility for B1 {}

/// Strict rule 2: a walk that takes part of a mode and continues needs an exact step.
#[diagnostic::on_unimplemented(
    message = "composition: a leaf of B takes part of a mode of A and continues into the next mode, so the mode's shape must be a multiple of the stride (curr_shape % rest_stride == 0): the result would not be A∘B",
    label = "partial-mode walk is not exact"
)]
pub trait PartialWalkDivisibility {}
impl PartialWalkDivisibility for B1 {}

/// Strict rule 3: the leaves of B never carry from one mode of A into the next.
#[diagnostic::on_unimplemented(
    message = "composition: B's leaves overlap inside a mode of A (the sum of their largest digits there reaches the mode's shape): the result would not be A∘B",
    label = "digits carry into the next mode of A"
)]
pub trait NoCarry {}
impl NoCarry for B1 {}

/// CuTe's `static_assert(tuple_size<Tiler>::value <= rank(A))`.
#[diagnostic::on_unimplemented(
    message = "composition: the tiler has more modes than the layout",
    label = "tiler rank exceeds the layout's rank"
)]
pub trait TilerRankFits {}
impl TilerRankFits for B1 {}

// ---------------------------------------------------------------------------------------------
// Entry points

/// A flat (coalesced) A: its shape and stride.
type FlatS<A> = ShapeOf<CoalesceX<A>>;
type FlatD<A> = StrideOf<CoalesceX<A>>;
/// B's leaves composed with the flat A (`Output`) and the digits they place (`Digits`).
type Composed<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>>>::Output;
type DigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>>>::Digits;

impl<S, D, BS, BD> CompositionOp<Layout<BS, BD>> for Layout<S, D>
where
    Layout<S, D>: CoalesceXOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>>,
    DigitsOf<Layout<S, D>, BS, BD>: CarryFree<FlatS<Layout<S, D>>>,
{
    type Output = Composed<Layout<S, D>, BS, BD>;
}

/// An integer tiler `N` is the layout `N:_1`.
///
/// (Implemented for `PInt<U>`, not for every `N: Int`: an impl header that also unifies with
/// `Layout<..>` would make the trait solver try both impls, and a rejection would then be
/// reported as "`CompositionOp` is not implemented" instead of the failing check's message.)
impl<S, D, U> CompositionOp<PInt<U>> for Layout<S, D>
where
    U: Unsigned + NonZero,
    Layout<S, D>: CompositionOp<Layout<PInt<U>, P1>>,
{
    type Output = Composition<Layout<S, D>, Layout<PInt<U>, P1>>;
}

/// `_` keeps A.
impl<S, D> CompositionOp<Underscore> for Layout<S, D> {
    type Output = Layout<S, D>;
}

/// A tuple tiler: mode by mode; modes of A past the tiler are dropped (CuTe: "Drop any modes of
/// lhs that aren't hit by rhs").
impl<S, D> CompositionOp<Nil> for Layout<S, D> {
    // ():()
    type Output = Layout<Nil, Nil>;
}
impl<S, D, H, T> CompositionOp<Tup<H, T>> for Layout<S, D>
where
    Layout<S, D>: ModesOp,
    Tup<H, T>: TilerFits<<Layout<S, D> as ModesOp>::Output>,
    <Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output: TilerRankFits,
    <Layout<S, D> as ModesOp>::Output: ByMode<Tup<H, T>>,
    <<Layout<S, D> as ModesOp>::Output as ByMode<Tup<H, T>>>::Output: MakeLayoutOp,
{
    // (A_0∘T_0, A_1∘T_1, ..., A_k∘T_k)
    type Output = <<<Layout<S, D> as ModesOp>::Output as ByMode<Tup<H, T>>>::Output as MakeLayoutOp>::Output;
}

/// Whether a tiler (a list) has no more elements than the list of modes: `B1` or `B0`.
#[doc(hidden)]
pub trait TilerFits<Ms> {
    type Output;
}
impl<Ms> TilerFits<Ms> for Nil {
    type Output = B1;
}
impl<H, T> TilerFits<Nil> for Tup<H, T> {
    type Output = B0;
}
impl<H, T, M, MT> TilerFits<Tup<M, MT>> for Tup<H, T>
where
    T: TilerFits<MT>,
{
    type Output = <T as TilerFits<MT>>::Output;
}

/// The modes of A, each composed with its tiler element; modes past the tiler are dropped.
#[doc(hidden)]
pub trait ByMode<Tiler> {
    type Output;
}
impl<Ms> ByMode<Nil> for Ms {
    type Output = Nil;
}
/// A tiler longer than A: rejected by [`TilerRankFits`] alone (this impl only keeps that the
/// one error reported).
impl<H, T> ByMode<Tup<H, T>> for Nil {
    type Output = Nil;
}
impl<M, MT, H, T> ByMode<Tup<H, T>> for Tup<M, MT>
where
    M: CompositionOp<H>,
    MT: ByMode<T>,
{
    type Output = Tup<Composition<M, H>, <MT as ByMode<T>>::Output>;
}

// ---------------------------------------------------------------------------------------------
// composition_impl on a flat A `(LS, LD)`, implemented on B's `(shape, stride)`.

/// CuTe's `composition_impl(LS, LD, RS, RD)`. `Digits` lists, for each mode of the flat A except
/// the last, the sum over the leaves of `(new_shape - 1) * rest_stride` (strict rule 3); `Nil`
/// when no leaf places a digit.
#[doc(hidden)]
pub trait ComposeImpl<LS, LD> {
    type Output;
    type Digits;
}
/// A leaf `N:DN` of B (a positive shape): a static stride `_0` is kept as it is. (`PInt<U>`
/// rather than any `N: Int`, so that only one impl header matches a tuple: see the integer tiler.)
impl<U, DN, LS, LD> ComposeImpl<LS, LD> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: IsEqual<Z0>,
    Eq<DN, Z0>: LeafBranch<PInt<U>, DN, LS, LD>,
{
    type Output = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD>>::Output;
    type Digits = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD>>::Digits;
}
/// A tuple B: one composition per mode, B's structure kept.
impl<LS, LD> ComposeImpl<LS, LD> for (Nil, Nil) {
    type Output = Layout<Nil, Nil>;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD> ComposeImpl<LS, LD> for (Tup<H, T>, Tup<DH, DT>)
where
    (Tup<H, T>, Tup<DH, DT>): ComposeModes<LS, LD>,
    <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD>>::Output: MakeLayoutOp,
{
    type Output = <<(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD>>::Output as MakeLayoutOp>::Output;
    type Digits = <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD>>::Digits;
}

/// The list of the modes of a tuple B, each composed; digits summed.
#[doc(hidden)]
pub trait ComposeModes<LS, LD> {
    type Output;
    type Digits;
}
impl<LS, LD> ComposeModes<LS, LD> for (Nil, Nil) {
    type Output = Nil;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD> ComposeModes<LS, LD> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): ComposeImpl<LS, LD>,
    (T, DT): ComposeModes<LS, LD>,
    <(H, DH) as ComposeImpl<LS, LD>>::Digits: AddDigits<<(T, DT) as ComposeModes<LS, LD>>::Digits>,
{
    type Output = Tup<<(H, DH) as ComposeImpl<LS, LD>>::Output, <(T, DT) as ComposeModes<LS, LD>>::Output>;
    type Digits = <<(H, DH) as ComposeImpl<LS, LD>>::Digits as AddDigits<
        <(T, DT) as ComposeModes<LS, LD>>::Digits,
    >>::Output;
}

/// Element-wise sum of two digit lists (`Nil` is all zeros).
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
impl<H, T, H2, T2> AddDigits<Tup<H2, T2>> for Tup<H, T>
where
    H: core::ops::Add<H2>,
    T: AddDigits<T2>,
{
    type Output = Tup<crate::int::Sum<H, H2>, <T as AddDigits<T2>>::Output>;
}

/// Strict rule 3 over the summed digits and the flat shape of A.
#[doc(hidden)]
pub trait CarryFree<LS> {}
impl<LS> CarryFree<LS> for Nil {}
impl<G, GT, S, ST> CarryFree<Tup<S, ST>> for Tup<G, GT>
where
    G: IsLess<S>,
    Le<G, S>: NoCarry,
    GT: CarryFree<ST>,
{
}

/// A leaf with stride `_0` (`B1`) or another stride (`B0`).
#[doc(hidden)]
pub trait LeafBranch<N, DN, LS, LD> {
    type Output;
    type Digits;
}
impl<N, DN, LS, LD> LeafBranch<N, DN, LS, LD> for B1 {
    type Output = Layout<N, DN>;
    type Digits = Nil;
}
impl<N, DN, LS, LD> LeafBranch<N, DN, LS, LD> for B0
where
    LS: IsTuple,
    <LS as IsTuple>::Output: FlatBranch<N, DN, LS, LD>,
{
    type Output = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD>>::Output;
    type Digits = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD>>::Digits;
}

/// An integral flat A (`B0`): `N:DN*LD`; a tuple flat A (`B1`): the fold over its modes.
#[doc(hidden)]
pub trait FlatBranch<N, DN, LS, LD> {
    type Output;
    type Digits;
}
impl<N, DN: Mul<LD>, LS, LD> FlatBranch<N, DN, LS, LD> for B0 {
    type Output = Layout<N, Prod<DN, LD>>;
    type Digits = Nil;
}
impl<N, DN, LS, LD> FlatBranch<N, DN, LS, LD> for B1
where
    (LS, LD): Fold<N, DN, Nil, Nil>,
{
    type Output = <(LS, LD) as Fold<N, DN, Nil, Nil>>::Output;
    type Digits = <(LS, LD) as Fold<N, DN, Nil, Nil>>::Digits;
}

/// The fold over the flat modes `(LS, LD)` of A with rest shape `RS`, rest stride `RD` and the
/// result so far `(ResS, ResD)`.
#[doc(hidden)]
pub trait Fold<RS, RD, ResS, ResD> {
    type Output;
    type Digits;
}
/// The last mode `_:D` of A takes the rest.
impl<S, D, RS, RD, ResS, ResD> Fold<RS, RD, ResS, ResD> for (Tup<S, Nil>, Tup<D, Nil>)
where
    RD: Mul<D>,
    ResS: Finish<RS, Prod<RD, D>, ResD>,
{
    type Output = <ResS as Finish<RS, Prod<RD, D>, ResD>>::Output;
    type Digits = Nil;
}
/// A mode `S:D` of A that is not the last.
impl<S, S2, ST, D, D2, DT, RS, RD, ResS, ResD> Fold<RS, RD, ResS, ResD>
    for (Tup<S, Tup<S2, ST>>, Tup<D, Tup<D2, DT>>)
where
    RD: StepMath<S>,
    <RD as StepMath<S>>::StrideOk: StrideDivisibility,
    RS: IsEqual<P1>,
    Eq<<RD as StepMath<S>>::NextShape, P1>: BitOr<Eq<RS, P1>>,
    <RD as StepMath<S>>::NextShape: IsEqual<P1>,
    Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>>:
        Step<S, D, RS, RD, ResS, ResD, (Tup<S2, ST>, Tup<D2, DT>)>,
{
    type Output = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as Step<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
    >>::Output;
    type Digits = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as Step<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
    >>::Digits;
}

/// Per-step arithmetic on the rest stride `RD` for a mode of shape `S`:
/// the stride condition, `next_shape = ceil_div(S, |RD|)` and
/// `next_stride = ceil_div(|RD|, S) * signum(RD)`.
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

type NextShapeOf<RD, S> = <RD as StepMath<S>>::NextShape;
type NextStrideOf<RD, S> = <RD as StepMath<S>>::NextStride;

/// One fold step: `B1` skips the mode (`next_shape == 1 || rest_shape == 1`), `B0` takes
/// `new_shape = min(next_shape, rest_shape)` elements of it.
#[doc(hidden)]
pub trait Step<S, D, RS, RD, ResS, ResD, Rest> {
    type Output;
    type Digits;
}
impl<S, D, RS, RD, ResS, ResD, Rest> Step<S, D, RS, RD, ResS, ResD, Rest> for B1
where
    RD: StepMath<S>,
    Rest: Fold<RS, NextStrideOf<RD, S>, ResS, ResD>,
{
    type Output = <Rest as Fold<RS, NextStrideOf<RD, S>, ResS, ResD>>::Output;
    type Digits = Tup<Z0, <Rest as Fold<RS, NextStrideOf<RD, S>, ResS, ResD>>::Digits>;
}

type NewShape<RD, S, RS> = Minimum<NextShapeOf<RD, S>, RS>;
type TakeRest<RD, S, RS> = Quot<RS, NewShape<RD, S, RS>>;
type TakeResS<RD, S, RS, ResS> = Append<ResS, NewShape<RD, S, RS>>;
type TakeResD<RD, D, ResD> = Append<ResD, Prod<RD, D>>;

impl<S, D, RS, RD, ResS, ResD, Rest> Step<S, D, RS, RD, ResS, ResD, Rest> for B0
where
    RD: StepMath<S> + Mul<D>,
    NextShapeOf<RD, S>: Min<RS>,
    // shape divisibility: rest_shape % new_shape == 0
    RS: Rem<NewShape<RD, S, RS>> + Div<NewShape<RD, S, RS>>,
    Mod<RS, NewShape<RD, S, RS>>: IsEqual<Z0>,
    Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>: ShapeDivisibility,
    // strict rule 2
    (RD, S, TakeRest<RD, S, RS>): PartialWalk,
    <(RD, S, TakeRest<RD, S, RS>) as PartialWalk>::Output: PartialWalkDivisibility,
    // digit (new_shape - 1) * rest_stride
    NewShape<RD, S, RS>: Sub<P1>,
    Diff<NewShape<RD, S, RS>, P1>: Mul<RD>,
    ResS: ConcatOp<Tup<NewShape<RD, S, RS>, Nil>>,
    ResD: ConcatOp<Tup<Prod<RD, D>, Nil>>,
    Rest: Fold<TakeRest<RD, S, RS>, NextStrideOf<RD, S>, TakeResS<RD, S, RS, ResS>, TakeResD<RD, D, ResD>>,
{
    // result (.., new_shape):(.., rest_stride * D)
    type Output = <Rest as Fold<
        TakeRest<RD, S, RS>,
        NextStrideOf<RD, S>,
        TakeResS<RD, S, RS, ResS>,
        TakeResD<RD, D, ResD>,
    >>::Output;
    type Digits = Tup<
        Prod<Diff<NewShape<RD, S, RS>, P1>, RD>,
        <Rest as Fold<
            TakeRest<RD, S, RS>,
            NextStrideOf<RD, S>,
            TakeResS<RD, S, RS, ResS>,
            TakeResD<RD, D, ResD>,
        >>::Digits,
    >;
}

/// Strict rule 2 on `(rest_stride, curr_shape, rest_shape / new_shape)`:
/// `!(rest_stride < curr_shape && rest > 1) || curr_shape % rest_stride == 0`.
#[doc(hidden)]
pub trait PartialWalk {
    type Output;
}
impl<RD, S, Q> PartialWalk for (RD, S, Q)
where
    RD: IsLess<S>,
    Q: IsGreater<P1>,
    Le<RD, S>: BitAnd<Gr<Q, P1>>,
    And<Le<RD, S>, Gr<Q, P1>>: Not,
    S: Rem<RD>,
    Mod<S, RD>: IsEqual<Z0>,
    crate::int::Not<And<Le<RD, S>, Gr<Q, P1>>>: BitOr<Eq<Mod<S, RD>, Z0>>,
{
    type Output = Or<crate::int::Not<And<Le<RD, S>, Gr<Q, P1>>>, Eq<Mod<S, RD>, Z0>>;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn composition_layouts() {
        assert_eq!(show::<Composition<cute!((_3,_1,_2):(_6,_1,_3)), cute!(_2:_2)>>(), "_2:_12");
        assert_eq!(show::<Composition<cute!((_2,_12):(_12,_1)), cute!((_12,_2):(_1,_12))>>(), "((_2,_6),_2):((_12,_1),_6)");
        assert_eq!(show::<Composition<cute!((_8,_4,_4,_4):(_1,_8,_32,_128)), cute!((_8,_2):(_0,_1))>>(), "(_8,_2):(_0,_1)");
        assert_eq!(show::<Composition<cute!((((_4,_2),_2),_2,_2):(((_2,_1),_0),_8,_32)), cute!(_16:_2)>>(), "(_2,_2,_2,_2):(_4,_1,_0,_8)");
        assert_eq!(show::<Composition<cute!((_4,_4):(_-1,_1)), cute!((_2,_4,_2):(_1,_2,_8))>>(), "(_2,(_2,_2),_2):(_-1,(_-2,_1),_2)");
        assert_eq!(show::<Composition<cute!((_1,(_2,_4)):(_0,(_-1,_512))), cute!(_4:_-1)>>(), "(_2,_2):(_1,_-512)");
        assert_eq!(show::<Composition<cute!((_4):(_-1)), cute!((_4):(_-1))>>(), "(_4):(_1)");
        assert_eq!(table::<Composition<cute!((_2,_12):(_12,_1)), cute!((_12,_2):(_1,_12))>>(), vec![0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23]);
    }

    #[test]
    fn composition_tilers() {
        assert_eq!(show::<Composition<cute!(_4:_1), cute!((_4))>>(), "(_4):(_1)");
        assert_eq!(show::<Composition<cute!((_16,_8):(_0,_16)), cute!(((_2,_2):(_1,_2),_2:_1))>>(), "((_2,_2),_2):((_0,_0),_16)");
        assert_eq!(show::<Composition<cute!(((_2,_2),_4,_2):((_24,_48),_1,_12)), cute!((_2:_2,_))>>(), "(_2,_4):(_48,_1)");
        assert_eq!(show::<Composition<cute!(((_4,_8,_4),_4):((_0,_16,_1),_4)), cute!((_,_4))>>(), "((_4,_8,_4),_4):((_0,_16,_1),_4)");
        assert_eq!(show::<Composition<cute!((_4,_16,_2):(_1,_12,_192)), cute!((_4:_1,_16))>>(), "(_4,_16):(_1,_12)");
        assert_eq!(show::<Composition<cute!((_8,_8):(_1,_8)), cute!(_2)>>(), "_2:_1");
        assert_eq!(show::<Composition<cute!((_8,_8):(_1,_8)), cute!(_)>>(), "(_8,_8):(_1,_8)");
    }

    #[test]
    fn with_shape() {
        assert_eq!(show::<WithShape<cute!((_2,_12):(_12,_1)), cute!((_8,_3))>>(), "((_2,_4),_3):((_12,_1),_4)");
        assert_eq!(show::<WithShape<cute!((_16,_8):(_0,_16)), cute!(_128)>>(), "(_16,_8):(_0,_16)");
        assert_eq!(show::<WithShape<cute!((_2,(_4,_3),_4):(_1,(_1,_2),_8)), cute!((_4,_24))>>(), "((_2,_2),(_2,_3,_4)):((_1,_1),(_2,_2,_8))");
    }
}
