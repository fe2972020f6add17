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
//! Scaled-basis strides (CuTe's `ScaledBasis`, `cute!` text `_1@1@0`, [`ScaledBasis`]): a B whose
//! strides are scaled bases `v@p` composes, as in CuTe's `composition_impl`, each leaf `s:v@p`
//! with the sub-layout `get<p>(A)` that its path selects: `basis_get(v@p, A')` with
//! `A' = coalesce_x(A, coprofile(B))`, which is `coalesce_x(get<p>(A))` (the paths of B are
//! the terminals of its coprofile), composed with `s:v` (`basis_value`). The leaves on one path
//! form one composition with their sub-layout, checked as any other (CuTe's checks and the strict
//! rule below, with the sub-layout as A and B's leaves on other paths as `_0`); leaves on
//! different paths select disjoint modes of A and do not interact. A B whose paths nest (one a
//! prefix of another, [`BasisPathsDisjoint`]) or that mixes scaled bases with non-zero integer
//! strides ([`NoIntegerStrideWithBasis`]) has no coprofile and is rejected, as CuTe's
//! `static_assert`s in the coprofile's sum do.
//!
//! Tilers: an integer `N` is the layout `N:_1`, `_` keeps A, and a tuple applies its elements to
//! the modes of A one by one. As in CuTe (and unlike the divides and products, which keep them),
//! modes of A past the tiler's rank are *dropped*: `composition((_8,_8):(_1,_8), (_2))` is
//! `(_2):(_1)`. A tiler of higher rank than A is rejected.
//!
//! # The strict rule
//!
//! CuTe checks composition weakly and returns layouts that are not `A∘B` for some inputs
//! (NVIDIA/cutlass #3177). tycute rejects every composition whose result would differ from
//! `i ↦ A(B(i))` at some `i < size(B)` with `0 ≤ B(i) < size(A)`, with O(modes) structural
//! conditions over the flat modes of A and the leaves of B (`docs/design.md`, "Composition: the
//! strict rule", is the spec; `tests/gen/composition_rule.py` is its executable model). Besides
//! CuTe's stride and shape divisibility ([`StrideDivisibility`], [`ShapeDivisibility`]), for
//! the *live* leaves of B (a leaf with a negative stride `d` and `|d|` above the largest value of
//! B's positive leaves, `Σ (s-1)·d` over `d > 0`, is inert: it is at coordinate 0 wherever
//! `B(i) ≥ 0`), with the digit `(n-1)·rest_stride` of each placement of `n` elements summed per
//! mode of A into a positive part `P` and a negative part `N`:
//!
//! 1. [`NegativeStrideDivisibility`]: CuTe's stride condition on `|rest_stride|` while a leaf
//!    with a negative stride still has elements to place;
//! 2. [`PartialWalkDivisibility`]: a placement that takes part of a mode and continues into the
//!    next mode needs `curr_shape % |rest_stride| == 0`;
//! 3. [`NoCarry`]: `P < curr_shape` in every mode below the top mode;
//! 4. [`NoBorrow`]: no mode holds a positive digit above a mode that holds a negative one.
//!
//! 2 and 3 apply below the top mode: A's last flat mode, or the one before it when `coalesce_x`
//! ended A with the `_2` that stands for a trailing `_1` and no live leaf places a negative digit
//! there. Each condition is a public check trait below; its `on_unimplemented` message is what
//! `cargo check` prints.

use core::ops::{BitAnd, BitOr, Div, Mul, Not, Rem, Sub};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::algebra::make_layout::MakeLayoutLeft;
use crate::basis::{PathEq, PathGet, ProperPrefix, ScaledBasis};
use crate::int::{
    Abs, AbsVal, And, CeilDiv, CeilDivOp, Diff, Eq, Gr, If, IsEqual, IsGreater, IsLess, Le,
    Min, Minimum, Mod, NInt, NonZero, Or, PInt, Prod, Quot, Select, Sum, Unsigned, B0,
    B1, N1, P1, P2, Z0,
};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp, ShapeOf, StrideOf, Underscore};
use crate::sealed::Sealed;
use crate::tuple::{Append, ConcatOp, Flatten, FlattenOp, IsTuple, Nil, Tup, Unwrap, UnwrapOp};

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
/// Negative strides of B: a step over a mode of A that the stride's magnitude neither divides
/// nor stays below (CuTe prints `(_4,(_3,_2)):(_2,(_8,_-1))`, which maps `17` to `9` where
/// `B(17) = 0` and `A(0) = 0`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: a negative stride of B steps over a mode of A whose shape
/// //               neither divides it nor exceeds it (...): the result would not be A∘B
/// let _ = show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_4,_6):(_-4,_1))>>();
/// ```
///
/// and a negative digit below a positive one (CuTe prints `(_2,_4):(_8,_-1)`, which maps the `i`
/// with `B(i) = 31` to `7` where `A(31) = 13`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B places a negative digit in a mode of A below a positive
/// //               digit in a higher mode (...): the result would not be A∘B
/// let _ = show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_2,_4):(_32,_-1))>>();
/// ```
///
/// Their neighbours are accepted:
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_4,_6):(_-3,_1))>>(), "(_4,(_3,_2)):(_1,(_8,_-1))");
/// assert_eq!(show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_2,_4):(_32,_1))>>(), "(_2,_4):(_8,_1)");
/// ```
///
/// Scaled-basis strides select sub-layouts of A (`get<1>(A)`, then `get<0>(A)`: a transpose;
/// `_1@1@1` selects `get<1,1>(A)`):
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_4,_4):(_4,_1)), cute!((_4,_4):(_1@1,_1@0))>>(), "(_4,_4):(_1,_4)");
/// assert_eq!(show::<Composition<cute!((_4,(_2,_3)):(_6,(_3,_1))), cute!((_2,_4):(_1@1@1,_1@0))>>(), "(_2,_4):(_1,_6)");
/// ```
///
/// and the leaves on one path are checked together against their sub-layout (CuTe prints
/// `(_2,_2):(_3,_3)`, which maps the `i` at coordinate 2 of `get<1>(A)`, where A is 1, to 6):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B's leaves overlap inside a mode of A (...)
/// let _ = show::<Composition<cute!((_4,(_2,_3)):(_6,(_3,_1))), cute!((_2,_2):(_1@1,_1@1))>>();
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
pub trait StrideDivisibility {
    /// `T` when the condition holds (a gate: see [`CuteVerdict`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl StrideDivisibility for B1 {
    type Ok<T> = T;
}

/// CuTe's "Shape Divisibility Condition".
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility condition: a shape of B must be divisible by the part of it that a mode of A takes (rest_shape % new_shape == 0)",
    label = "shape divisibility condition fails"
)]
pub trait ShapeDivisibility {
    /// `T` when the condition holds (a gate: see [`CuteVerdict`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl ShapeDivisibility for B1 {
    type Ok<T> = T;
}

/// Strict rule 1: CuTe's stride condition on the magnitude of a negative stride (CuTe's signed
/// `rest_stride < curr_shape` always holds for a negative stride).
#[diagnostic::on_unimplemented(
    message = "composition: a negative stride of B steps over a mode of A whose shape neither divides it nor exceeds it (|rest_stride| % curr_shape == 0 || |rest_stride| < curr_shape): the result would not be A∘B",
    label = "negative stride does not divide the mode of A"
)]
pub trait NegativeStrideDivisibility {}
impl NegativeStrideDivisibility for B1 {}

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

/// Strict rule 4: a leaf with a negative stride never borrows from a higher mode of A.
#[diagnostic::on_unimplemented(
    message = "composition: B places a negative digit in a mode of A below a positive digit in a higher mode (a negative stride would borrow from the higher mode): the result would not be A∘B",
    label = "digits borrow from a higher mode of A"
)]
pub trait NoBorrow {}
impl NoBorrow for B1 {}

/// A B with scaled-basis strides selects disjoint modes of A: no basis path is a prefix of
/// another (CuTe cannot form B's coprofile then: "Arithmetic tuple op+ error!").
#[diagnostic::on_unimplemented(
    message = "composition: two scaled-basis strides of B select nested modes of A (one basis path is a prefix of the other), so B has no coprofile (CuTe: \"Arithmetic tuple op+ error!\")",
    label = "basis paths of B overlap"
)]
pub trait BasisPathsDisjoint {}
impl BasisPathsDisjoint for B1 {}

/// A B with scaled-basis strides has no other integer strides than `_0` (CuTe cannot form B's
/// coprofile then: "ScaledBasis op+ error!").
#[diagnostic::on_unimplemented(
    message = "composition: B mixes scaled-basis strides with a non-zero integer stride, so B has no coprofile (CuTe: \"ScaledBasis op+ error!\")",
    label = "integer stride next to scaled-basis strides"
)]
pub trait NoIntegerStrideWithBasis {}
impl NoIntegerStrideWithBasis for B1 {}

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
/// The largest value of B's positive leaves, `Σ (s-1)·d` over the leaves with `d > 0`.
type ReachOf<BS, BD> = <(BS, BD) as PositiveReach>::Output;
/// B's leaves composed with the flat A (`Output`) and the digits they place (`Digits`).
type Composed<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, ReachOf<BS, BD>>>::Output;
type DigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, ReachOf<BS, BD>>>::Digits;
/// Whether `coalesce_x` ended the flat A with the `_2` that stands for A's trailing `_1`.
type Artificial<S, FS> = And<Eq<LastOf<Flatten<S>>, P1>, Eq<LastOf<FS>, P2>>;

/// A layout B: by its strides, integers (`B0`) or scaled bases (`B1`).
impl<S, D, BS, BD> CompositionOp<Layout<BS, BD>> for Layout<S, D>
where
    BD: HasBasis,
    <BD as HasBasis>::Output: ComposeLayout<S, D, BS, BD>,
{
    type Output = <<BD as HasBasis>::Output as ComposeLayout<S, D, BS, BD>>::Output;
}

/// `Layout<S, D> ∘ Layout<BS, BD>`, implemented on whether B's stride holds a scaled basis.
#[doc(hidden)]
pub trait ComposeLayout<S, D, BS, BD> {
    type Output;
}

/// Integer strides: `composition_impl(coalesce_x(A), B)`.
impl<S, D, BS, BD> ComposeLayout<S, D, BS, BD> for B0
where
    Layout<S, D>: CoalesceXOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): PositiveReach,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, ReachOf<BS, BD>>,
    // the top mode: does A end with coalesce_x's `_2`?
    S: FlattenOp,
    Flatten<S>: Last,
    FlatS<Layout<S, D>>: Last,
    LastOf<Flatten<S>>: IsEqual<P1>,
    LastOf<FlatS<Layout<S, D>>>: IsEqual<P2>,
    Eq<LastOf<Flatten<S>>, P1>: BitAnd<Eq<LastOf<FlatS<Layout<S, D>>>, P2>>,
    // strict rules 2-4
    DigitsOf<Layout<S, D>, BS, BD>: Audit<FlatS<Layout<S, D>>, Artificial<S, FlatS<Layout<S, D>>>>,
{
    type Output = Composed<Layout<S, D>, BS, BD>;
}

/// Scaled-basis strides: each leaf `s:v@p` composes `s:v` with `coalesce_x(get<p>(A))`.
impl<S, D, BS, BD> ComposeLayout<S, D, BS, BD> for B1
where
    (BS, BD): ComposeBasis<S, D, BS, BD>,
{
    type Output = <(BS, BD) as ComposeBasis<S, D, BS, BD>>::Output;
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
// Scaled-basis strides

/// Whether a stride holds a scaled basis (`B1`) or only integers (`B0`).
#[doc(hidden)]
pub trait HasBasis {
    type Output;
}
impl<U: Unsigned + NonZero> HasBasis for PInt<U> {
    type Output = B0;
}
impl<U: Unsigned + NonZero> HasBasis for NInt<U> {
    type Output = B0;
}
impl HasBasis for Z0 {
    type Output = B0;
}
impl<V, P> HasBasis for ScaledBasis<V, P> {
    type Output = B1;
}
impl HasBasis for Nil {
    type Output = B0;
}
impl<H, T> HasBasis for Tup<H, T>
where
    H: HasBasis,
    T: HasBasis,
    <H as HasBasis>::Output: BitOr<<T as HasBasis>::Output>,
{
    type Output = Or<<H as HasBasis>::Output, <T as HasBasis>::Output>;
}

/// `get<p>(A)` for the path `p` of a scaled basis.
type SubOf<S, D, P> = <Layout<S, D> as PathGet<P>>::Output;
/// B's stride with the leaves on the path `P` kept (as integers) and every other leaf `_0`.
type MaskedOf<BD, P> = <BD as MaskPath<P>>::Output;
/// Whether a path of B is a proper prefix of the path `P`, or `P` of one of them.
type OverlapOf<BD, P> = <BD as Overlaps<P>>::Output;
/// One leaf `N:V` composed with `coalesce_x(Sub)`, under the positive reach `PR` of its path.
type LeafComposed<Sub, N, V, PR> = <(N, V) as ComposeImpl<FlatS<Sub>, FlatD<Sub>, PR>>::Output;

/// CuTe's `composition_impl` on a B with scaled-basis strides, implemented on a part
/// `(shape, stride)` of B; `(BS, BD)` is all of B. A tuple distributes; a leaf `N:V@P` is
/// `composition_impl(basis_get(V@P, A'), N, V)` with `A' = coalesce_x(A, coprofile(B))`: as the
/// paths of B select disjoint modes of A, `basis_get` of `A'` is `coalesce_x(get<P>(A))`.
///
/// The leaves on one path `P` are one composition with `get<P>(A)`: B's other leaves set to
/// `_0`, that composition is checked as any other (CuTe's checks and the strict rule), and each
/// leaf's result is its part of it.
#[doc(hidden)]
pub trait ComposeBasis<S, D, BS, BD> {
    type Output;
}
impl<U, V, P, S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (PInt<U>, ScaledBasis<V, P>)
where
    U: Unsigned + NonZero,
    // no path of B is a prefix of another (CuTe's coprofile of B: "Arithmetic tuple op+ error!")
    BD: Overlaps<P>,
    OverlapOf<BD, P>: Not,
    crate::int::Not<OverlapOf<BD, P>>: BasisPathsDisjoint,
    // get<P>(A)
    Layout<S, D>: PathGet<P>,
    // the leaves of B on P composed with get<P>(A): CuTe's checks and the strict rule
    BD: MaskPath<P>,
    SubOf<S, D, P>: CompositionOp<Layout<BS, MaskedOf<BD, P>>>,
    // this leaf: N:V against coalesce_x(get<P>(A)), live as in that composition
    SubOf<S, D, P>: CoalesceXOp,
    CoalesceX<SubOf<S, D, P>>: IsLayout,
    (BS, MaskedOf<BD, P>): PositiveReach,
    (PInt<U>, V): ComposeImpl<FlatS<SubOf<S, D, P>>, FlatD<SubOf<S, D, P>>, ReachOf<BS, MaskedOf<BD, P>>>,
{
    // N:V∘coalesce_x(get<P>(A))
    type Output = LeafComposed<SubOf<S, D, P>, PInt<U>, V, ReachOf<BS, MaskedOf<BD, P>>>;
}
/// A static stride `_0` next to scaled bases: kept as it is.
impl<U, S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (PInt<U>, Z0)
where
    U: Unsigned + NonZero,
{
    type Output = Layout<PInt<U>, Z0>;
}
/// Any other integer stride next to scaled bases: rejected (CuTe: "ScaledBasis op+ error!").
impl<U, U2, S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (PInt<U>, PInt<U2>)
where
    U: Unsigned + NonZero,
    U2: Unsigned + NonZero,
    PInt<U2>: IsEqual<Z0>,
    Eq<PInt<U2>, Z0>: NoIntegerStrideWithBasis,
{
    type Output = Layout<PInt<U>, PInt<U2>>;
}
impl<U, U2, S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (PInt<U>, NInt<U2>)
where
    U: Unsigned + NonZero,
    U2: Unsigned + NonZero,
    NInt<U2>: IsEqual<Z0>,
    Eq<NInt<U2>, Z0>: NoIntegerStrideWithBasis,
{
    type Output = Layout<PInt<U>, NInt<U2>>;
}
impl<S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (Nil, Nil) {
    // ():()
    type Output = Layout<Nil, Nil>;
}
impl<H, T, DH, DT, S, D, BS, BD> ComposeBasis<S, D, BS, BD> for (Tup<H, T>, Tup<DH, DT>)
where
    (Tup<H, T>, Tup<DH, DT>): ComposeBasisModes<S, D, BS, BD>,
    <(Tup<H, T>, Tup<DH, DT>) as ComposeBasisModes<S, D, BS, BD>>::Output: MakeLayoutOp,
{
    // (B_0', B_1', ...) with B's structure
    type Output = <<(Tup<H, T>, Tup<DH, DT>) as ComposeBasisModes<S, D, BS, BD>>::Output as MakeLayoutOp>::Output;
}

/// The list of the modes of a tuple part of B, each composed.
#[doc(hidden)]
pub trait ComposeBasisModes<S, D, BS, BD> {
    type Output;
}
impl<S, D, BS, BD> ComposeBasisModes<S, D, BS, BD> for (Nil, Nil) {
    type Output = Nil;
}
impl<H, T, DH, DT, S, D, BS, BD> ComposeBasisModes<S, D, BS, BD> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): ComposeBasis<S, D, BS, BD>,
    (T, DT): ComposeBasisModes<S, D, BS, BD>,
{
    type Output = Tup<<(H, DH) as ComposeBasis<S, D, BS, BD>>::Output, <(T, DT) as ComposeBasisModes<S, D, BS, BD>>::Output>;
}

/// A stride of B with the leaves `V@P` on the path `P` replaced by `V` and every other leaf by
/// `_0` (a leaf of stride `_0` places nothing: the composition of the leaves on `P` alone).
#[doc(hidden)]
pub trait MaskPath<P> {
    type Output;
}
impl<P, V, Q> MaskPath<P> for ScaledBasis<V, Q>
where
    Q: PathEq<P>,
    <Q as PathEq<P>>::Output: Select<V, Z0>,
{
    type Output = If<<Q as PathEq<P>>::Output, V, Z0>;
}
impl<P, U: Unsigned + NonZero> MaskPath<P> for PInt<U> {
    type Output = Z0;
}
impl<P, U: Unsigned + NonZero> MaskPath<P> for NInt<U> {
    type Output = Z0;
}
impl<P> MaskPath<P> for Z0 {
    type Output = Z0;
}
impl<P> MaskPath<P> for Nil {
    type Output = Nil;
}
impl<P, H: MaskPath<P>, T: MaskPath<P>> MaskPath<P> for Tup<H, T> {
    type Output = Tup<<H as MaskPath<P>>::Output, <T as MaskPath<P>>::Output>;
}

/// Whether the path `P` is a proper prefix of a path of the stride `Self`: `B1` or `B0`.
#[doc(hidden)]
pub trait Overlaps<P> {
    type Output;
}
impl<P, V, Q> Overlaps<P> for ScaledBasis<V, Q>
where
    P: ProperPrefix<Q>,
{
    type Output = <P as ProperPrefix<Q>>::Output;
}
impl<P, U: Unsigned + NonZero> Overlaps<P> for PInt<U> {
    type Output = B0;
}
impl<P, U: Unsigned + NonZero> Overlaps<P> for NInt<U> {
    type Output = B0;
}
impl<P> Overlaps<P> for Z0 {
    type Output = B0;
}
impl<P> Overlaps<P> for Nil {
    type Output = B0;
}
impl<P, H, T> Overlaps<P> for Tup<H, T>
where
    H: Overlaps<P>,
    T: Overlaps<P>,
    <H as Overlaps<P>>::Output: BitOr<<T as Overlaps<P>>::Output>,
{
    type Output = Or<<H as Overlaps<P>>::Output, <T as Overlaps<P>>::Output>;
}

// ---------------------------------------------------------------------------------------------
// Inert leaves: B's positive reach

/// `Σ (s-1)·max(d, 0)` over the leaves `s:d` of B. A leaf with `d < 0` and `|d|` above it is
/// inert: `B(i) ≥ 0` puts it at coordinate 0.
#[doc(hidden)]
pub trait PositiveReach {
    type Output;
}
impl<U, DN> PositiveReach for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: Reach<PInt<U>>,
{
    type Output = <DN as Reach<PInt<U>>>::Output;
}
impl PositiveReach for (Nil, Nil) {
    type Output = Z0;
}
impl<H, T, DH, DT> PositiveReach for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): PositiveReach,
    (T, DT): PositiveReach,
    <(H, DH) as PositiveReach>::Output: core::ops::Add<<(T, DT) as PositiveReach>::Output>,
{
    type Output = Sum<<(H, DH) as PositiveReach>::Output, <(T, DT) as PositiveReach>::Output>;
}

/// `(N-1)·Self` for a positive stride `Self`, `_0` otherwise (by sign).
#[doc(hidden)]
pub trait Reach<N> {
    type Output;
}
impl<U: Unsigned + NonZero, N: Sub<P1>> Reach<N> for PInt<U>
where
    Diff<N, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<N, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N> Reach<N> for NInt<U> {
    type Output = Z0;
}
impl<N> Reach<N> for Z0 {
    type Output = Z0;
}

/// The last element of a list (of an integer: itself).
#[doc(hidden)]
pub trait Last {
    type Output;
}
impl<U: Unsigned + NonZero> Last for PInt<U> {
    type Output = PInt<U>;
}
impl<H> Last for Tup<H, Nil> {
    type Output = H;
}
impl<H, H2, T> Last for Tup<H, Tup<H2, T>>
where
    Tup<H2, T>: Last,
{
    type Output = <Tup<H2, T> as Last>::Output;
}
type LastOf<L> = <L as Last>::Output;

// ---------------------------------------------------------------------------------------------
// composition_impl on a flat A `(LS, LD)`, implemented on B's `(shape, stride)`; `PR` is B's
// positive reach.

/// CuTe's `composition_impl(LS, LD, RS, RD)`. `Digits` is the audit of the strict rule: `Nil`
/// when no leaf places a digit, otherwise one record `(P, N, X)` per mode of the flat A (the
/// last included): the sums over the live leaves of the positive and of the negative digits
/// `(n - 1) * rest_stride` they place there, and whether one of them takes part of the mode
/// and continues into the next without `curr_shape % rest_stride == 0` (`X = B1`).
#[doc(hidden)]
pub trait ComposeImpl<LS, LD, PR> {
    type Output;
    type Digits;
}
/// A leaf `N:DN` of B (a positive shape): a static stride `_0` is kept as it is. (`PInt<U>`
/// rather than any `N: Int`, so that only one impl header matches a tuple: see the integer tiler.)
impl<U, DN, LS, LD, PR> ComposeImpl<LS, LD, PR> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: IsEqual<Z0> + LiveUnder<PR>,
    Eq<DN, Z0>: LeafBranch<PInt<U>, DN, LS, LD, Live<DN, PR>>,
{
    type Output = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD, Live<DN, PR>>>::Output;
    type Digits = <Eq<DN, Z0> as LeafBranch<PInt<U>, DN, LS, LD, Live<DN, PR>>>::Digits;
}
/// Whether a leaf of stride `DN` is live (not inert) under B's positive reach `PR`.
type Live<DN, PR> = <DN as LiveUnder<PR>>::Output;

/// A leaf of stride `Self` is live under B's positive reach `PR` (`B1`) or inert (`B0`): by
/// sign, a negative stride is live when `|Self| <= PR`.
#[doc(hidden)]
pub trait LiveUnder<PR> {
    type Output;
}
impl<U: Unsigned + NonZero, PR> LiveUnder<PR> for PInt<U> {
    type Output = B1;
}
impl<PR> LiveUnder<PR> for Z0 {
    type Output = B1;
}
impl<U: Unsigned + NonZero, PR> LiveUnder<PR> for NInt<U>
where
    PR: IsLess<PInt<U>>,
    Le<PR, PInt<U>>: Not,
{
    type Output = crate::int::Not<Le<PR, PInt<U>>>;
}

/// A tuple B: one composition per mode, B's structure kept.
impl<LS, LD, PR> ComposeImpl<LS, LD, PR> for (Nil, Nil) {
    type Output = Layout<Nil, Nil>;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD, PR> ComposeImpl<LS, LD, PR> for (Tup<H, T>, Tup<DH, DT>)
where
    (Tup<H, T>, Tup<DH, DT>): ComposeModes<LS, LD, PR>,
    <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, PR>>::Output: MakeLayoutOp,
{
    type Output = <<(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, PR>>::Output as MakeLayoutOp>::Output;
    type Digits = <(Tup<H, T>, Tup<DH, DT>) as ComposeModes<LS, LD, PR>>::Digits;
}

/// The list of the modes of a tuple B, each composed; digits summed.
#[doc(hidden)]
pub trait ComposeModes<LS, LD, PR> {
    type Output;
    type Digits;
}
impl<LS, LD, PR> ComposeModes<LS, LD, PR> for (Nil, Nil) {
    type Output = Nil;
    type Digits = Nil;
}
impl<H, T, DH, DT, LS, LD, PR> ComposeModes<LS, LD, PR> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): ComposeImpl<LS, LD, PR>,
    (T, DT): ComposeModes<LS, LD, PR>,
    <(H, DH) as ComposeImpl<LS, LD, PR>>::Digits: AddDigits<<(T, DT) as ComposeModes<LS, LD, PR>>::Digits>,
{
    type Output = Tup<<(H, DH) as ComposeImpl<LS, LD, PR>>::Output, <(T, DT) as ComposeModes<LS, LD, PR>>::Output>;
    type Digits = <<(H, DH) as ComposeImpl<LS, LD, PR>>::Digits as AddDigits<
        <(T, DT) as ComposeModes<LS, LD, PR>>::Digits,
    >>::Output;
}

/// Element-wise sum of two lists of records `(P, N, X)` (`Nil` is all zeros).
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
impl<Pa, Na, Xa, Ta, Pb, Nb, Xb, Tb> AddDigits<Tup<(Pb, Nb, Xb), Tb>> for Tup<(Pa, Na, Xa), Ta>
where
    Pa: core::ops::Add<Pb>,
    Na: core::ops::Add<Nb>,
    Xa: BitOr<Xb>,
    Ta: AddDigits<Tb>,
{
    type Output = Tup<(Sum<Pa, Pb>, Sum<Na, Nb>, Or<Xa, Xb>), <Ta as AddDigits<Tb>>::Output>;
}

/// The record `(P, N, X)` of one placement of digit `Self` (by sign).
#[doc(hidden)]
pub trait Place<X> {
    type Output;
}
impl<U: Unsigned + NonZero, X> Place<X> for PInt<U> {
    type Output = (PInt<U>, Z0, X);
}
impl<U: Unsigned + NonZero, X> Place<X> for NInt<U> {
    type Output = (Z0, NInt<U>, X);
}
impl<X> Place<X> for Z0 {
    type Output = (Z0, Z0, X);
}
type Rec<G, X> = <G as Place<X>>::Output;

// ---------------------------------------------------------------------------------------------
// The audit: strict rules 2-4 over the summed records and the flat shape of A.

/// Strict rules 2-4 on the records `Self` of the flat A of shape `LS`; `Art`: A ends with
/// `coalesce_x`'s `_2` (then the top mode is the one before it, unless a live leaf places a
/// negative digit in the `_2`).
#[doc(hidden)]
pub trait Audit<LS, Art> {}
impl<LS, Art> Audit<LS, Art> for Nil {}
impl<R, RT, LS, Art> Audit<LS, Art> for Tup<R, RT>
where
    Tup<R, RT>: Last,
    LastOf<Tup<R, RT>>: NegPart,
    LastNeg<Tup<R, RT>>: IsEqual<Z0>,
    Art: BitAnd<Eq<LastNeg<Tup<R, RT>>, Z0>>,
    LS: BelowTop<Exempt<Art, Tup<R, RT>>>,
    (Tup<R, RT>, LS, <LS as BelowTop<Exempt<Art, Tup<R, RT>>>>::Output): AuditModes<B0>,
{
}
/// `N` in the last mode of the flat A.
type LastNeg<Rs> = <LastOf<Rs> as NegPart>::Output;
/// The top mode is the one before the last: A ends with coalesce_x's `_2` and no live leaf places
/// a negative digit there.
type Exempt<Art, Rs> = And<Art, Eq<LastNeg<Rs>, Z0>>;

/// `N` of a record.
#[doc(hidden)]
pub trait NegPart {
    type Output;
}
impl<P, N, X> NegPart for (P, N, X) {
    type Output = N;
}

/// One bit per mode of the flat A: whether it is below the top mode (rules 2 and 3 apply).
/// `Exempt`: the top mode is the one before the last.
#[doc(hidden)]
pub trait BelowTop<Exempt> {
    type Output;
}
impl<S, E> BelowTop<E> for Tup<S, Nil> {
    type Output = Tup<B0, Nil>;
}
impl<S, S2, E: core::ops::Not> BelowTop<E> for Tup<S, Tup<S2, Nil>> {
    type Output = Tup<crate::int::Not<E>, Tup<B0, Nil>>;
}
impl<S, S2, S3, T3, E> BelowTop<E> for Tup<S, Tup<S2, Tup<S3, T3>>>
where
    Tup<S2, Tup<S3, T3>>: BelowTop<E>,
{
    type Output = Tup<B1, <Tup<S2, Tup<S3, T3>> as BelowTop<E>>::Output>;
}

/// Rules 2-4 mode by mode on `(records, shapes, below-top bits)`; `SeenNeg`: a lower mode holds
/// a negative digit.
#[doc(hidden)]
pub trait AuditModes<SeenNeg> {}
impl<SeenNeg> AuditModes<SeenNeg> for (Nil, Nil, Nil) {}
impl<P, N, X, RT, S, ST, C, CT, SeenNeg> AuditModes<SeenNeg> for (Tup<(P, N, X), RT>, Tup<S, ST>, Tup<C, CT>)
where
    // rule 2: !C || !X
    C: Not + BitAnd<X>,
    And<C, X>: Not,
    crate::int::Not<And<C, X>>: PartialWalkDivisibility,
    // rule 3: !C || P < S
    P: IsLess<S> + IsGreater<Z0>,
    crate::int::Not<C>: BitOr<Le<P, S>>,
    Or<crate::int::Not<C>, Le<P, S>>: NoCarry,
    // rule 4: !(SeenNeg && P > 0)
    SeenNeg: BitAnd<Gr<P, Z0>> + BitOr<Le<N, Z0>>,
    And<SeenNeg, Gr<P, Z0>>: Not,
    crate::int::Not<And<SeenNeg, Gr<P, Z0>>>: NoBorrow,
    N: IsLess<Z0>,
    (RT, ST, CT): AuditModes<Or<SeenNeg, Le<N, Z0>>>,
{
}

/// A leaf with stride `_0` (`B1`) or another stride (`B0`); `L`: the leaf is live.
#[doc(hidden)]
pub trait LeafBranch<N, DN, LS, LD, L> {
    type Output;
    type Digits;
}
impl<N, DN, LS, LD, L> LeafBranch<N, DN, LS, LD, L> for B1 {
    type Output = Layout<N, DN>;
    type Digits = Nil;
}
impl<N, DN, LS, LD, L> LeafBranch<N, DN, LS, LD, L> for B0
where
    LS: IsTuple,
    <LS as IsTuple>::Output: FlatBranch<N, DN, LS, LD, L>,
{
    type Output = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD, L>>::Output;
    type Digits = <<LS as IsTuple>::Output as FlatBranch<N, DN, LS, LD, L>>::Digits;
}

/// An integral flat A (`B0`): `N:DN*LD`; a tuple flat A (`B1`): the fold over its modes.
#[doc(hidden)]
pub trait FlatBranch<N, DN, LS, LD, L> {
    type Output;
    type Digits;
}
impl<N, DN: Mul<LD>, LS, LD, L> FlatBranch<N, DN, LS, LD, L> for B0 {
    type Output = Layout<N, Prod<DN, LD>>;
    type Digits = Nil;
}
impl<N, DN, LS, LD, L> FlatBranch<N, DN, LS, LD, L> for B1
where
    (LS, LD): Fold<N, DN, Nil, Nil, L>,
{
    type Output = <(LS, LD) as Fold<N, DN, Nil, Nil, L>>::Output;
    type Digits = <(LS, LD) as Fold<N, DN, Nil, Nil, L>>::Digits;
}

/// The fold over the flat modes `(LS, LD)` of A with rest shape `RS`, rest stride `RD`, the
/// result so far `(ResS, ResD)` and the leaf's liveness `L`.
#[doc(hidden)]
pub trait Fold<RS, RD, ResS, ResD, L> {
    type Output;
    type Digits;
}
/// The last mode `_:D` of A takes the rest; its digit is `(RS - 1) * RD`.
impl<S, D, RS, RD, ResS, ResD, L> Fold<RS, RD, ResS, ResD, L> for (Tup<S, Nil>, Tup<D, Nil>)
where
    RD: Mul<D>,
    ResS: Finish<RS, Prod<RD, D>, ResD>,
    RS: Sub<P1>,
    Diff<RS, P1>: Mul<RD>,
    L: Select<Prod<Diff<RS, P1>, RD>, Z0>,
    If<L, Prod<Diff<RS, P1>, RD>, Z0>: Place<B0>,
{
    type Output = <ResS as Finish<RS, Prod<RD, D>, ResD>>::Output;
    type Digits = Tup<Rec<If<L, Prod<Diff<RS, P1>, RD>, Z0>, B0>, Nil>;
}
/// A mode `S:D` of A that is not the last.
impl<S, S2, ST, D, D2, DT, RS, RD, ResS, ResD, L> Fold<RS, RD, ResS, ResD, L>
    for (Tup<S, Tup<S2, ST>>, Tup<D, Tup<D2, DT>>)
where
    RD: StepMath<S>,
    <RD as StepMath<S>>::StrideOk: StrideDivisibility,
    // strict rule 1
    RD: MagnitudeOk<S, RS, L>,
    <RD as MagnitudeOk<S, RS, L>>::Output: NegativeStrideDivisibility,
    RS: IsEqual<P1>,
    Eq<<RD as StepMath<S>>::NextShape, P1>: BitOr<Eq<RS, P1>>,
    <RD as StepMath<S>>::NextShape: IsEqual<P1>,
    Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>>:
        Step<S, D, RS, RD, ResS, ResD, (Tup<S2, ST>, Tup<D2, DT>), L>,
{
    type Output = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as Step<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
        L,
    >>::Output;
    type Digits = <Or<Eq<<RD as StepMath<S>>::NextShape, P1>, Eq<RS, P1>> as Step<
        S,
        D,
        RS,
        RD,
        ResS,
        ResD,
        (Tup<S2, ST>, Tup<D2, DT>),
        L,
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

/// Strict rule 1 at a step over a mode of shape `S` with rest shape `RS`, for a leaf of
/// liveness `L`: `B0` when the rest stride is negative, `L && RS > 1`, and
/// `!(|RD| % S == 0 || |RD| < S)`. (By sign: a positive stride is CuTe's own check.)
#[doc(hidden)]
pub trait MagnitudeOk<S, RS, L> {
    type Output;
}
impl<U: Unsigned + NonZero, S, RS, L> MagnitudeOk<S, RS, L> for PInt<U> {
    type Output = B1;
}
impl<S, RS, L> MagnitudeOk<S, RS, L> for Z0 {
    type Output = B1;
}
impl<U, S, RS, L> MagnitudeOk<S, RS, L> for NInt<U>
where
    U: Unsigned + NonZero,
    RS: IsGreater<P1>,
    L: BitAnd<Gr<RS, P1>>,
    And<L, Gr<RS, P1>>: Not,
    PInt<U>: Rem<S> + IsLess<S>,
    Mod<PInt<U>, S>: IsEqual<Z0>,
    Eq<Mod<PInt<U>, S>, Z0>: BitOr<Le<PInt<U>, S>>,
    crate::int::Not<And<L, Gr<RS, P1>>>: BitOr<Or<Eq<Mod<PInt<U>, S>, Z0>, Le<PInt<U>, S>>>,
{
    type Output = Or<crate::int::Not<And<L, Gr<RS, P1>>>, Or<Eq<Mod<PInt<U>, S>, Z0>, Le<PInt<U>, S>>>;
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
pub trait Step<S, D, RS, RD, ResS, ResD, Rest, L> {
    type Output;
    type Digits;
}
impl<S, D, RS, RD, ResS, ResD, Rest, L> Step<S, D, RS, RD, ResS, ResD, Rest, L> for B1
where
    RD: StepMath<S>,
    Rest: Fold<RS, NextStrideOf<RD, S>, ResS, ResD, L>,
{
    type Output = <Rest as Fold<RS, NextStrideOf<RD, S>, ResS, ResD, L>>::Output;
    type Digits = Tup<(Z0, Z0, B0), <Rest as Fold<RS, NextStrideOf<RD, S>, ResS, ResD, L>>::Digits>;
}

type NewShape<RD, S, RS> = Minimum<NextShapeOf<RD, S>, RS>;
type TakeRest<RD, S, RS> = Quot<RS, NewShape<RD, S, RS>>;
type TakeResS<RD, S, RS, ResS> = Append<ResS, NewShape<RD, S, RS>>;
type TakeResD<RD, D, ResD> = Append<ResD, Prod<RD, D>>;
/// The placement's digit `(new_shape - 1) * rest_stride`, `_0` for an inert leaf.
type TakeDigit<RD, S, RS, L> = If<L, Prod<Diff<NewShape<RD, S, RS>, P1>, RD>, Z0>;
/// Strict rule 2 fails here: `L && rest_shape / new_shape > 1 && curr_shape % rest_stride != 0`.
type TakeInexact<RD, S, RS, L> = And<L, And<Gr<TakeRest<RD, S, RS>, P1>, crate::int::Not<Eq<Mod<S, RD>, Z0>>>>;

impl<S, D, RS, RD, ResS, ResD, Rest, L> Step<S, D, RS, RD, ResS, ResD, Rest, L> for B0
where
    RD: StepMath<S> + Mul<D>,
    NextShapeOf<RD, S>: Min<RS>,
    // shape divisibility: rest_shape % new_shape == 0
    RS: Rem<NewShape<RD, S, RS>> + Div<NewShape<RD, S, RS>>,
    Mod<RS, NewShape<RD, S, RS>>: IsEqual<Z0>,
    Eq<Mod<RS, NewShape<RD, S, RS>>, Z0>: ShapeDivisibility,
    // strict rule 2, recorded for the audit
    TakeRest<RD, S, RS>: IsGreater<P1>,
    S: Rem<RD>,
    Mod<S, RD>: IsEqual<Z0>,
    Eq<Mod<S, RD>, Z0>: Not,
    Gr<TakeRest<RD, S, RS>, P1>: BitAnd<crate::int::Not<Eq<Mod<S, RD>, Z0>>>,
    L: BitAnd<And<Gr<TakeRest<RD, S, RS>, P1>, crate::int::Not<Eq<Mod<S, RD>, Z0>>>>,
    // digit (new_shape - 1) * rest_stride
    NewShape<RD, S, RS>: Sub<P1>,
    Diff<NewShape<RD, S, RS>, P1>: Mul<RD>,
    L: Select<Prod<Diff<NewShape<RD, S, RS>, P1>, RD>, Z0>,
    TakeDigit<RD, S, RS, L>: Place<TakeInexact<RD, S, RS, L>>,
    ResS: ConcatOp<Tup<NewShape<RD, S, RS>, Nil>>,
    ResD: ConcatOp<Tup<Prod<RD, D>, Nil>>,
    Rest: Fold<TakeRest<RD, S, RS>, NextStrideOf<RD, S>, TakeResS<RD, S, RS, ResS>, TakeResD<RD, D, ResD>, L>,
{
    // result (.., new_shape):(.., rest_stride * D)
    type Output = <Rest as Fold<
        TakeRest<RD, S, RS>,
        NextStrideOf<RD, S>,
        TakeResS<RD, S, RS, ResS>,
        TakeResD<RD, D, ResD>,
        L,
    >>::Output;
    type Digits = Tup<
        Rec<TakeDigit<RD, S, RS, L>, TakeInexact<RD, S, RS, L>>,
        <Rest as Fold<
            TakeRest<RD, S, RS>,
            NextStrideOf<RD, S>,
            TakeResS<RD, S, RS, ResS>,
            TakeResD<RD, D, ResD>,
            L,
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

// ---------------------------------------------------------------------------------------------
// CuTe's two conditions as one verdict, for the entry points of the divides
//
// A divide composes A with `(L, L*)`; when CuTe's stride or shape divisibility condition fails in
// one leaf, the walk above reports it deep inside the recursion (one `note: required for ..` per
// impl, each with typenum trees), and the other leaf may fail too: two errors, 9-11 KB. The
// divides compute the verdict first, as a type walked once over B's leaves and A's flat modes
// (no digits, no results), require its two bits at their entry, and compose a gated A: when a
// condition fails, the gated A is unknown and the composition is not attempted. One error, the
// first failure in CuTe's order, reported at the divide.

/// The verdict of CuTe's two conditions: all hold.
#[doc(hidden)]
pub struct VPass;
/// The first failure is the stride divisibility condition.
#[doc(hidden)]
pub struct VStride;
/// The first failure is the shape divisibility condition.
#[doc(hidden)]
pub struct VShape;

/// The first failure of `Self` (earlier in CuTe's order) and `Next`.
#[doc(hidden)]
pub trait VFirst<Next> {
    type Output;
}
impl<N> VFirst<N> for VPass {
    type Output = N;
}
impl<N> VFirst<N> for VStride {
    type Output = VStride;
}
impl<N> VFirst<N> for VShape {
    type Output = VShape;
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
    Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>: Select<VRest<RD, S, RS, Tup<S2, ST>>, VShape>,
    <RD as StepMath<S>>::StrideOk: Select<If<Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>, VRest<RD, S, RS, Tup<S2, ST>>, VShape>, VStride>,
{
    // stride condition, then (unless the mode is skipped) shape condition, then the next mode
    type Output = If<
        <RD as StepMath<S>>::StrideOk,
        If<Or<VSkip<RD, S, RS>, VShapeOk<RD, S, RS>>, VRest<RD, S, RS, Tup<S2, ST>>, VShape>,
        VStride,
    >;
}

/// The two bits of a verdict: `Stride` (the stride condition holds) and `Shape`.
#[doc(hidden)]
pub trait VerdictBits {
    type Stride;
    type Shape;
}
impl VerdictBits for VPass {
    type Stride = B1;
    type Shape = B1;
}
impl VerdictBits for VStride {
    type Stride = B0;
    type Shape = B1;
}
impl VerdictBits for VShape {
    type Stride = B1;
    type Shape = B0;
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
/// [`StrideDivisibility`] and [`ShapeDivisibility`] (one error, the first failure) and is
/// unknown when one fails, so that the composition behind it is not attempted.
pub type CuteGated<A, B> = <<CuteVerdictOf<A, B> as VerdictBits>::Shape as ShapeDivisibility>::Ok<
    <<CuteVerdictOf<A, B> as VerdictBits>::Stride as StrideDivisibility>::Ok<A>,
>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table, Reify};
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

    /// Whether `R(i) == A(B(i))` at every `i < size(B)` with `0 <= B(i) < size(A)`.
    fn composes<A: Reify, B: Reify, R: Reify>() -> bool {
        let (a, b, r) = (table::<A>(), table::<B>(), table::<R>());
        b.len() == r.len() && b.iter().zip(&r).all(|(&x, &y)| x < 0 || x as usize >= a.len() || a[x as usize] == y)
    }

    type A1 = cute!((_3,_8):(_8,_-1));
    type A2 = cute!((_2,_4,_4):(_1,_2,_2));

    /// The two rejected examples (`compile_fail` doctests on [`Composition`]): what CuTe prints
    /// for them is not `A∘B`.
    #[test]
    fn rejected_examples_are_not_a_after_b() {
        // A1 ∘ (_4,_6):(_-4,_1): CuTe prints (_4,(_3,_2)):(_2,(_8,_-1)); B(17) = 0, A(0) = 0, R(17) = 9
        type Cute1 = cute!((_4,(_3,_2)):(_2,(_8,_-1)));
        assert!(!composes::<A1, cute!((_4,_6):(_-4,_1)), Cute1>());
        let (a, b, r) = (table::<A1>(), table::<cute!((_4,_6):(_-4,_1))>(), table::<Cute1>());
        assert_eq!((b[17], a[0], r[17]), (0, 0, 9));
        // A2 ∘ (_2,_4):(_32,_-1): CuTe prints (_2,_4):(_8,_-1); B(3) = 31, A(31) = 13, R(3) = 7
        type Cute2 = cute!((_2,_4):(_8,_-1));
        assert!(!composes::<A2, cute!((_2,_4):(_32,_-1)), Cute2>());
        let (a, b, r) = (table::<A2>(), table::<cute!((_2,_4):(_32,_-1))>(), table::<Cute2>());
        assert_eq!((b[3], a[31], r[3]), (31, 13, 7));
    }

    /// Their accepted neighbours.
    #[test]
    fn negative_stride_neighbours() {
        // |_-3| is a multiple of A1's first mode _3 (the rejected _-4 is not)
        type B1 = cute!((_4,_6):(_-3,_1));
        assert_eq!(show::<Composition<A1, B1>>(), "(_4,(_3,_2)):(_1,(_8,_-1))");
        assert!(composes::<A1, B1, Composition<A1, B1>>());
        // no negative digit below the positive _32 leaf (the rejected _-1 placed one)
        type B2 = cute!((_2,_4):(_32,_1));
        assert_eq!(show::<Composition<A2, B2>>(), "(_2,_4):(_8,_1)");
        assert!(composes::<A2, B2, Composition<A2, B2>>());
        // negative digits in the highest mode that holds positive ones
        type B3 = cute!((_4,_2):(_1,_-2));
        assert_eq!(show::<Composition<A2, B3>>(), "(_4,_2):(_1,_-2)");
        assert!(composes::<A2, B3, Composition<A2, B3>>());
        type B4 = cute!((_2,_2,_8):(_8,_-8,_1));
        assert_eq!(show::<Composition<A2, B4>>(), "(_2,_2,_8):(_2,_-2,_1)");
        assert!(composes::<A2, B4, Composition<A2, B4>>());
        // the existing cases with negative strides
        type A3 = cute!((_4,_4):(_-1,_1));
        type B5 = cute!((_2,_4,_2):(_1,_2,_8));
        assert!(composes::<A3, B5, Composition<A3, B5>>());
    }

    /// The two refinements of the strict rule that remove over-rejections.
    #[test]
    fn strict_rule_refinements() {
        // an inert leaf: the positive leaf reaches 5 < 8, so B(i) >= 0 puts the _-8 leaf at 0 and
        // its step over A1's _3 does not matter
        type B1 = cute!((_2,_6):(_-8,_1));
        assert_eq!(show::<Composition<A1, B1>>(), "(_2,(_3,_2)):(_3,(_8,_-1))");
        assert!(composes::<A1, B1, Composition<A1, B1>>());
        // A's trailing _1: coalesce_x gives (_4,_2):(_1,_7), whose top mode is _4, A's own last
        // mode: the walk may leave it inexactly, and the digits may reach past it
        type A4 = cute!((_4,_1):(_1,_7));
        assert_eq!(show::<Composition<A4, cute!(_4:_3)>>(), "(_2,_2):(_3,_7)");
        assert!(composes::<A4, cute!(_4:_3), Composition<A4, cute!(_4:_3)>>());
        type A5 = cute!((_8,_1):(_1,_0));
        type B5 = cute!((_4,_4):(_2,_1));
        assert_eq!(show::<Composition<A5, B5>>(), "(_4,_4):(_2,_1)");
        assert!(composes::<A5, B5, Composition<A5, B5>>());
    }

    /// Scaled-basis strides: `v@p` selects `get<p>(A)` and composes it with `s:v`.
    #[test]
    fn scaled_basis_strides() {
        // the vectors (tests/vectors/algebra.txt): a transpose, and a nested path
        type T = cute!((_4,_4):(_4,_1));
        assert_eq!(show::<Composition<T, cute!((_4,_4):(_1@1,_1@0))>>(), "(_4,_4):(_1,_4)");
        assert_eq!(table::<Composition<T, cute!((_4,_4):(_1@1,_1@0))>>(), (0..16).collect::<Vec<i64>>());
        type N = cute!((_4,(_2,_3)):(_6,(_3,_1)));
        assert_eq!(show::<Composition<N, cute!((_2,_4):(_1@1@1,_1@0))>>(), "(_2,_4):(_1,_6)");
        assert_eq!(table::<Composition<N, cute!((_2,_4):(_1@1@1,_1@0))>>(), vec![0, 1, 6, 7, 12, 13, 18, 19]);
        // a path selects a mode that coalesce_x flattens: get<1>(N) = (_2,_3):(_3,_1)
        assert_eq!(show::<Composition<N, cute!(_6:_1@1)>>(), "(_2,_3):(_3,_1)");
        // scale and a nested B: B's structure is kept, a _0 stride passes through
        assert_eq!(show::<Composition<T, cute!(((_2,_2),_3):((_2@0,_1@1),_0))>>(), "((_2,_2),_3):((_8,_1),_0)");
        // an integral B, and a path into an integral A (get<0> of an integer is itself)
        assert_eq!(show::<Composition<T, cute!(_2:_2@0)>>(), "_2:_8");
        assert_eq!(show::<Composition<cute!(_8:_3), cute!(_4:_2@0)>>(), "_4:_6");
        // a negative scale
        assert_eq!(show::<Composition<T, cute!((_4,_2):(_-1@0,_1@1))>>(), "(_4,_2):(_-4,_1)");
        // a trailing _1 of the selected mode: coalesce_x's _2 and the top mode, as for a plain B
        type A4 = cute!((_3,(_4,_1)):(_1,(_3,_7)));
        assert_eq!(show::<Composition<A4, cute!(_4:_3@1)>>(), "(_2,_2):(_9,_7)");
        // as a tiler mode
        assert_eq!(show::<Composition<T, cute!((_2:_2@0,_))>>(), "(_2,_4):(_8,_1)");
        // basis_get and basis_value
        assert_eq!(show::<crate::basis::BasisGet<cute!(_1@1@1), N>>(), "_3:_1");
        assert_eq!(show::<crate::basis::BasisValue<cute!(_3@1@0)>>(), "_3");
    }

    /// The leaves on one path are one composition with the selected mode, checked by the strict
    /// rule; leaves on different paths are independent.
    #[test]
    fn scaled_basis_groups() {
        type N = cute!((_4,(_2,_3)):(_6,(_3,_1)));
        // two leaves on path 1 that together walk get<1>(N) = (_2,_3):(_3,_1) in value order
        type B1 = cute!((_3,_2,_4):(_2@1,_1@1,_1@0));
        assert_eq!(show::<Composition<N, B1>>(), "(_3,_2,_4):(_1,_3,_6)");
        // R(j,i,m) = get<1>(N)(2j+i) + get<0>(N)(m)
        let (a1, r) = (table::<cute!((_2,_3):(_3,_1))>(), table::<Composition<N, B1>>());
        let mut k = 0;
        for m in 0..4 {
            for i in 0..2 {
                for j in 0..3 {
                    assert_eq!(r[k], a1[2 * j + i] + 6 * m);
                    k += 1;
                }
            }
        }
        assert_eq!(r, (0..24).collect::<Vec<i64>>());
        // leaves on different paths do not interact: each is audited with its own mode (the
        // integer-stride B (_4,_4):(_1,_1) would overlap in a mode of A)
        type T = cute!((_4,_4):(_4,_1));
        assert_eq!(show::<Composition<T, cute!((_4,_4):(_1@0,_1@1))>>(), "(_4,_4):(_4,_1)");
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
