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
//! # The exact rule
//!
//! CuTe checks composition weakly and returns layouts that are not `A∘B` for some inputs
//! (NVIDIA/cutlass #3177). tycute accepts a composition when CuTe's algorithm succeeds and its
//! result is `i ↦ A(B(i))` at every `i < size(B)` with `0 ≤ B(i) < size(A)` (the *domain*), and
//! rejects it otherwise, with O(modes) conditions over the flat modes `c_j` of A and the leaves of
//! B (`docs/design.md`, "Composition: the exact rule", is the spec and the argument;
//! `tests/gen/composition_rule.py` is its executable model; the runtime twin
//! `tycute_dynamic::composition` implements the same rule and `tycute_dynamic::composition_check`
//! checks it by brute force). Besides CuTe's stride and shape divisibility
//! ([`StrideDivisibilityAt`], [`ShapeDivisibilityAt`]):
//!
//! * a *box* around the domain bounds each leaf's coordinate ([`DomainBox`], [`LeafRange`]):
//!   a negative leaf reaches no further than the positive leaves allow, a positive one no
//!   further than `size(A)` and the negative leaves allow (four rounds);
//! * per mode `j < R-1` of the flat A, each leaf's walk gives the range of its values below the
//!   end of mode j and of the part above it, over the box ([`StepRecord`], [`LowRange`]); the
//!   records of the leaves are summed ([`AddDigits`]);
//!
//! 1. [`NegativeStrideDivisibility`]: no leaf with a negative stride skips mode j inexactly
//!    (`|rest_stride|` neither a multiple of `c_j` nor below it) where A's stride there is not
//!    `_0` and the leaf has coordinates past the step in the box;
//! 2. [`PartialWalkDivisibility`]: the same for a leaf that takes part of mode j and continues
//!    (`c_j % |rest_stride| != 0`);
//! 3. [`NoCarry`]: the values below the end of mode j stay below its weight `w_{j+1}`, unless
//!    every such point has `B(i) ≥ size(A)`;
//! 4. [`NoBorrow`]: they are not negative, unless every such point has `B(i) < 0`.
//!
//! Each condition is a public check trait below; its `on_unimplemented` message is what
//! `cargo check` prints.

use core::ops::{BitAnd, BitOr, Div, Mul, Not, Rem, Sub};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::algebra::make_layout::MakeLayoutLeft;
use crate::basis::{PathEq, PathGet, ProperPrefix, ScaledBasis};
use crate::int::{
    Abs, AbsVal, And, CeilDiv, CeilDivOp, Diff, Eq, Gr, GrEq, If, IsEqual, IsGreater,
    IsGreaterOrEqual, IsLess, IsLessOrEqual, Le, LeEq, Max, Maximum, Min, Minimum, Mod, NInt, NonZero, Or, PInt,
    Prod, Quot, Select, Sum, Unsigned, B0, B1, N1, P1, P2, Z0,
};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp, ShapeOf, Size, SizeOp, StrideOf, Underscore};
use crate::bounds::{Dec, DecimalOp};
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

/// CuTe's "Stride Divisibility Condition", with its numbers: B's rest stride (in units of the
/// mode's weight) and the shape of the mode of coalesced A it steps over. Composition's walk
/// requires it at each step; the divides once, at their entry ([`CuteGated`]).
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility condition: a stride of B must be a multiple of the mode of A it steps over, or smaller than it (rest_stride % curr_shape == 0 || rest_stride < curr_shape): rest_stride = {RestStride}, curr_shape = {Shape}",
    label = "stride divisibility condition fails"
)]
pub trait StrideDivisibilityAt<RestStride = (), Shape = ()> {
    /// `T` when the condition holds (a gate: see [`CuteGated`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl<RestStride, Shape> StrideDivisibilityAt<RestStride, Shape> for B1 {
    type Ok<T> = T;
}

/// CuTe's "Shape Divisibility Condition", with its numbers: the elements of B's leaf left, the
/// part of them that fits in the mode of coalesced A, and that mode's shape (in the walk and at
/// the divides' entry, as [`StrideDivisibilityAt`]).
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility condition: a shape of B must be divisible by the part of it that a mode of A takes (rest_shape % new_shape == 0): rest_shape = {RestShape}, new_shape = {NewShape}, curr_shape = {Shape}",
    label = "shape divisibility condition fails"
)]
pub trait ShapeDivisibilityAt<RestShape = (), NewShape = (), Shape = ()> {
    /// `T` when the condition holds (a gate: see [`CuteGated`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl<RestShape, NewShape, Shape> ShapeDivisibilityAt<RestShape, NewShape, Shape> for B1 {
    type Ok<T> = T;
}

/// Exact rule 1: a negative stride of B that steps over a mode of A inexactly (its magnitude
/// neither a multiple of the mode's shape nor below it: CuTe's own check on `|rest_stride|`),
/// where the mode's stride is not `_0` and B has elements past the step in the domain.
#[diagnostic::on_unimplemented(
    message = "composition: a negative stride of B steps over a mode of A whose shape neither divides it nor exceeds it (|rest_stride| % curr_shape == 0 || |rest_stride| < curr_shape, at a mode of A whose stride is not _0, with elements of B past it in the domain): the result would not be A∘B: at the mode of size {Shape} (weight {Weight}) of coalesced A",
    label = "negative stride does not divide the mode of A"
)]
pub trait NegativeStrideDivisibility<Shape = (), Weight = ()> {}
impl<Shape, Weight> NegativeStrideDivisibility<Shape, Weight> for B1 {}

/// Exact rule 2: a walk that takes part of a mode and continues needs an exact step, where the
/// mode's stride is not `_0` and B has elements past the step in the domain.
#[diagnostic::on_unimplemented(
    message = "composition: a leaf of B takes part of a mode of A and continues into the next mode, so the mode's shape must be a multiple of the stride (curr_shape % rest_stride == 0, at a mode of A whose stride is not _0, with elements of B past it in the domain): the result would not be A∘B: at the mode of size {Shape} (weight {Weight}) of coalesced A",
    label = "partial-mode walk is not exact"
)]
pub trait PartialWalkDivisibility<Shape = (), Weight = ()> {}
impl<Shape, Weight> PartialWalkDivisibility<Shape, Weight> for B1 {}

/// Exact rule 3: below the end of each mode of A (but the last), B's values stay below the
/// mode's end wherever the point may be in the domain.
#[diagnostic::on_unimplemented(
    message = "composition: B's leaves overlap inside a mode of A (their values below a mode's end reach it, at a point that may be in the domain): the result would not be A∘B: below the end of the mode of size {Shape} of coalesced A (weight {End}), B's leaves reach {Max}",
    label = "digits carry into the next mode of A"
)]
pub trait NoCarry<Shape = (), End = (), Max = ()> {}
impl<Shape, End, Max> NoCarry<Shape, End, Max> for B1 {}

/// Exact rule 4: below the end of each mode of A (but the last), B's values are not negative
/// wherever the point may be in the domain.
#[diagnostic::on_unimplemented(
    message = "composition: B places a negative digit in a mode of A below a positive digit in a higher mode (a negative stride would borrow from the higher mode, at a point that may be in the domain): the result would not be A∘B: below the end of the mode of size {Shape} of coalesced A, B's leaves reach down to {Min} while above it they reach {Up}",
    label = "digits borrow from a higher mode of A"
)]
pub trait NoBorrow<Shape = (), Min = (), Up = ()> {}
impl<Shape, Min, Up> NoBorrow<Shape, Min, Up> for B1 {}

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
    message = "composition: the tiler has more modes than the layout (rank(tiler) = {TilerRank}, rank(A) = {Rank})",
    label = "tiler rank exceeds the layout's rank"
)]
pub trait TilerRankFits<TilerRank = (), Rank = ()> {}
impl<TilerRank, Rank> TilerRankFits<TilerRank, Rank> for B1 {}

// ---------------------------------------------------------------------------------------------
// Entry points

/// A flat (coalesced) A: its shape and stride.
type FlatS<A> = ShapeOf<CoalesceX<A>>;
type FlatD<A> = StrideOf<CoalesceX<A>>;
/// The box around the domain of `composition(A, B)`, `(PR, NR, size(A))` ([`DomainBox`]).
type DomOf<BS, BD, NA> = <(BS, BD) as DomainBox<NA>>::Output;
/// The records of the exact rule of B's leaves walked through the flat A, in the box.
type DigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, DomOf<BS, BD, Size<A>>>>::Digits;
/// The cheap records of the same walk ([`FastCx`]).
type FastDigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, FastDom>>::Digits;

/// A layout B: by its strides, integers (`B0`) or scaled bases (`B1`).
impl<S, D, BS, BD> CompositionOp<Layout<BS, BD>> for Layout<S, D>
where
    BD: HasBasis,
    <BD as HasBasis>::Output: ComposeLayout<S, D, BS, BD>,
{
    type Output = <<BD as HasBasis>::Output as ComposeLayout<S, D, BS, BD>>::Output;
}

/// `Layout<S, D> ∘ Layout<BS, BD>`, implemented on whether B's stride holds a scaled basis.
pub trait ComposeLayout<S, D, BS, BD> {
    type Output;
}

/// Integer strides: `composition_impl(coalesce_x(A), B)`, walked once with the cheap records
/// ([`FastDom`]); the exact rule's audit (the box and the full records, a second walk) only
/// where they do not already show that it passes ([`FastVerdict`]).
impl<S, D, BS, BD> ComposeLayout<S, D, BS, BD> for B0
where
    Layout<S, D>: CoalesceXOp + SizeOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, FastDom>,
    (FastDigitsOf<Layout<S, D>, BS, BD>, FlatS<Layout<S, D>>, P1): FastVerdict<S, D, BS, BD, Size<Layout<S, D>>>,
{
    type Output = <(BS, BD) as ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, FastDom>>::Output;
}

/// The exact rule's audit of `Layout<S, D> ∘ Layout<BS, BD>`, required where the cheap records
/// do not show that it passes ([`FastVerdict`]): the box around the domain, the walk with the
/// full records, rules 1-4.
pub trait FullAudit<S, D, BS, BD> {}
impl<S, D, BS, BD> FullAudit<S, D, BS, BD> for B0
where
    Layout<S, D>: CoalesceXOp + SizeOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): DomainBox<Size<Layout<S, D>>>,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, DomOf<BS, BD, Size<Layout<S, D>>>>,
    // exact rules 1-4
    DigitsOf<Layout<S, D>, BS, BD>: ExactAudit<FlatS<Layout<S, D>>, Size<Layout<S, D>>>,
{
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
    <Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output: crate::bounds::DecimalIfFailed<crate::bounds::LenOf<Tup<H, T>>>
        + crate::bounds::DecimalIfFailed<crate::bounds::LenOf<<Layout<S, D> as ModesOp>::Output>>,
    <Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output: TilerRankFits<
        crate::bounds::DecIfFailed<<Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output, crate::bounds::LenOf<Tup<H, T>>>,
        crate::bounds::DecIfFailed<<Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output, crate::bounds::LenOf<<Layout<S, D> as ModesOp>::Output>>,
    >,
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
/// One leaf `N:V` composed with `coalesce_x(Sub)`, in the domain's box `Dom` of its path.
type LeafComposed<Sub, N, V, Dom> = <(N, V) as ComposeImpl<FlatS<Sub>, FlatD<Sub>, Dom>>::Output;

/// CuTe's `composition_impl` on a B with scaled-basis strides, implemented on a part
/// `(shape, stride)` of B; `(BS, BD)` is all of B. A tuple distributes; a leaf `N:V@P` is
/// `composition_impl(basis_get(V@P, A'), N, V)` with `A' = coalesce_x(A, coprofile(B))`: as the
/// paths of B select disjoint modes of A, `basis_get` of `A'` is `coalesce_x(get<P>(A))`.
///
/// The leaves on one path `P` are one composition with `get<P>(A)`: B's other leaves set to
/// `_0`, that composition is checked as any other (CuTe's checks and the strict rule), and each
/// leaf's result is its part of it.
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
    // the leaves of B on P composed with get<P>(A): CuTe's checks and the exact rule
    BD: MaskPath<P>,
    SubOf<S, D, P>: CompositionOp<Layout<BS, MaskedOf<BD, P>>>,
    // this leaf: N:V against coalesce_x(get<P>(A)) (its records are not needed: the
    // composition on P above is audited)
    SubOf<S, D, P>: CoalesceXOp + SizeOp,
    CoalesceX<SubOf<S, D, P>>: IsLayout,
    (PInt<U>, V): ComposeImpl<FlatS<SubOf<S, D, P>>, FlatD<SubOf<S, D, P>>, FastDom>,
{
    // N:V∘coalesce_x(get<P>(A))
    type Output = LeafComposed<SubOf<S, D, P>, PInt<U>, V, FastDom>;
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
// The box around the domain `{k : 0 <= B(k) < size(A)}`

/// `Σ (s-1)·max(d, 0)` over the leaves `s:d` of B: the positive leaves' reach in B's whole box.
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

/// The bound `S` on a leaf's coordinate in the domain, for a leaf `N:Self` (by sign), in the box
/// `Dom = (PR, NR, NA)`: `min(N, PR / |d| + 1)` for `d < 0` (`k·|d|` is at most the positive
/// leaves' reach `PR`), `min(N, (NA - 1 + NR) / d + 1)` for `d > 0` (`k·d` is at most
/// `size(A) - 1` plus the negative leaves' reach `NR`); `N` for `_0`.
#[doc(hidden)]
pub trait LeafRange<N, Dom> {
    type Output;
}
impl<U, N, PR, NR, NA> LeafRange<N, (PR, NR, NA)> for NInt<U>
where
    U: Unsigned + NonZero,
    PR: Div<PInt<U>>,
    Quot<PR, PInt<U>>: core::ops::Add<P1>,
    N: Min<Sum<Quot<PR, PInt<U>>, P1>>,
{
    type Output = Minimum<N, Sum<Quot<PR, PInt<U>>, P1>>;
}
impl<U, N, PR, NR, NA> LeafRange<N, (PR, NR, NA)> for PInt<U>
where
    U: Unsigned + NonZero,
    NA: core::ops::Add<NR>,
    Sum<NA, NR>: Sub<P1>,
    Diff<Sum<NA, NR>, P1>: Div<PInt<U>>,
    Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>: core::ops::Add<P1>,
    N: Min<Sum<Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>, P1>>,
{
    type Output = Minimum<N, Sum<Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>, P1>>;
}
impl<N, Dom> LeafRange<N, Dom> for Z0 {
    type Output = N;
}
type RangeOf<DN, N, Dom> = <DN as LeafRange<N, Dom>>::Output;

/// `(S - 1)·|d|` of a leaf `N:Self` with `S` its [`LeafRange`] in `Dom`, for the leaves whose
/// stride has the sign `Sign` (`P1` or `N1`); `_0` for the others.
#[doc(hidden)]
pub trait LeafReach<N, Dom, Sign> {
    type Output;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, P1> for PInt<U>
where
    PInt<U>: LeafRange<N, Dom>,
    RangeOf<PInt<U>, N, Dom>: Sub<P1>,
    Diff<RangeOf<PInt<U>, N, Dom>, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<RangeOf<PInt<U>, N, Dom>, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, N1> for PInt<U> {
    type Output = Z0;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, N1> for NInt<U>
where
    NInt<U>: LeafRange<N, Dom>,
    RangeOf<NInt<U>, N, Dom>: Sub<P1>,
    Diff<RangeOf<NInt<U>, N, Dom>, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<RangeOf<NInt<U>, N, Dom>, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, P1> for NInt<U> {
    type Output = Z0;
}
impl<N, Dom, Sign> LeafReach<N, Dom, Sign> for Z0 {
    type Output = Z0;
}

/// `Σ` [`LeafReach`] over the leaves of B `(shape, stride)`.
#[doc(hidden)]
pub trait SignedReach<Dom, Sign> {
    type Output;
}
impl<U, DN, Dom, Sign> SignedReach<Dom, Sign> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: LeafReach<PInt<U>, Dom, Sign>,
{
    type Output = <DN as LeafReach<PInt<U>, Dom, Sign>>::Output;
}
impl<Dom, Sign> SignedReach<Dom, Sign> for (Nil, Nil) {
    type Output = Z0;
}
impl<H, T, DH, DT, Dom, Sign> SignedReach<Dom, Sign> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): SignedReach<Dom, Sign>,
    (T, DT): SignedReach<Dom, Sign>,
    <(H, DH) as SignedReach<Dom, Sign>>::Output: core::ops::Add<<(T, DT) as SignedReach<Dom, Sign>>::Output>,
{
    type Output = Sum<<(H, DH) as SignedReach<Dom, Sign>>::Output, <(T, DT) as SignedReach<Dom, Sign>>::Output>;
}

/// One round: the negative leaves' reach within the box that `PR` allows, then the positive
/// leaves' reach within the box that this `NR` allows.
type NegRound<B, PR, NA> = <B as SignedReach<(PR, Z0, NA), N1>>::Output;
type PosRound<B, NR, NA> = <B as SignedReach<(Z0, NR, NA), P1>>::Output;

/// The box around the domain of `composition(A, B)` for B = `Self` and `NA = size(A)`:
/// `(PR, NR, NA)` after four rounds that tighten the leaves' ranges in turn, starting from
/// B's whole box (`tycute_dynamic::composition::DOMAIN_ROUNDS`). O(leaves) per round.
#[doc(hidden)]
pub trait DomainBox<NA> {
    type Output;
}
impl<B, NA> DomainBox<NA> for B
where
    B: PositiveReach,
    B: SignedReach<(<B as PositiveReach>::Output, Z0, NA), N1>,
    B: SignedReach<(Z0, NegRound<B, <B as PositiveReach>::Output, NA>, NA), P1>,
    B: SignedReach<(PosRound<B, NegRound<B, <B as PositiveReach>::Output, NA>, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr2<B, NA>, NA), P1>,
    B: SignedReach<(Pr2<B, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr3<B, NA>, NA), P1>,
    B: SignedReach<(Pr3<B, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr4<B, NA>, NA), P1>,
{
    type Output = (Pr4<B, NA>, Nr4<B, NA>, NA);
}
type Nr1<B, NA> = NegRound<B, <B as PositiveReach>::Output, NA>;
type Pr1<B, NA> = PosRound<B, Nr1<B, NA>, NA>;
type Nr2<B, NA> = NegRound<B, Pr1<B, NA>, NA>;
type Pr2<B, NA> = PosRound<B, Nr2<B, NA>, NA>;
type Nr3<B, NA> = NegRound<B, Pr2<B, NA>, NA>;
type Pr3<B, NA> = PosRound<B, Nr3<B, NA>, NA>;
type Nr4<B, NA> = NegRound<B, Pr3<B, NA>, NA>;
type Pr4<B, NA> = PosRound<B, Nr4<B, NA>, NA>;

// ---------------------------------------------------------------------------------------------
// composition_impl on a flat A `(LS, LD)`, implemented on B's `(shape, stride)`; `Dom` is the
// box around the domain.

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
impl<Se, Dl> LeafCx<Se, Dl> for FastDom {
    type Cx = FastCx<Se, Dl, P1, P1>;
}
type CxOf<Dom, Se, Dl> = <Dom as LeafCx<Se, Dl>>::Cx;

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

// ---------------------------------------------------------------------------------------------
// One leaf's record at one step, and the audit

/// The range `(Lo, Hi)` of `(k mod K)·d + (k div K)·g` over `k < S`, and `(MinU, MaxU)` of
/// `W1·ρ·(k div K)`, for `Self = (S, K, d, g, W1, ρ)` (`S, K >= 1`). With `H = ceil_div(S, K)`
/// groups of `K` (the last one partial), the extremes are at the first and last elements of the
/// first, the last full and the last group.
#[doc(hidden)]
pub trait LowRange {
    type Lo;
    type Hi;
    type MinU;
    type MaxU;
}
type LrH<Se, K> = CeilDiv<Se, K>;
type LrHm1<Se, K> = Diff<LrH<Se, K>, P1>;
type LrFull<Se, K> = If<Gr<LrH<Se, K>, P1>, K, Se>;
type LrB2<Se, K> = Maximum<Diff<LrH<Se, K>, P2>, Z0>;
type LrLast<Se, K> = Diff<Diff<Se, P1>, Prod<LrHm1<Se, K>, K>>;
type LrAFull<Se, K, Dl> = Prod<Diff<LrFull<Se, K>, P1>, Dl>;
type LrALast<Se, K, Dl> = Prod<LrLast<Se, K>, Dl>;
type LrGFull<Se, K, G> = Prod<LrB2<Se, K>, G>;
type LrGLast<Se, K, G> = Prod<LrHm1<Se, K>, G>;
type LrU<Se, K, W1, Rho> = Prod<Prod<W1, Rho>, LrHm1<Se, K>>;
impl<Se, K, Dl, G, W1, Rho> LowRange for (Se, K, Dl, G, W1, Rho)
where
    Se: CeilDivOp<K> + Sub<P1>,
    LrH<Se, K>: Sub<P1> + Sub<P2> + IsGreater<P1>,
    Gr<LrH<Se, K>, P1>: Select<K, Se>,
    Diff<LrH<Se, K>, P2>: Max<Z0>,
    LrHm1<Se, K>: Mul<K> + Mul<G>,
    Diff<Se, P1>: Sub<Prod<LrHm1<Se, K>, K>>,
    LrFull<Se, K>: Sub<P1>,
    Diff<LrFull<Se, K>, P1>: Mul<Dl>,
    LrLast<Se, K>: Mul<Dl>,
    LrB2<Se, K>: Mul<G>,
    LrAFull<Se, K, Dl>: Min<Z0> + Max<Z0>,
    LrGFull<Se, K, G>: Min<Z0> + Max<Z0>,
    LrALast<Se, K, Dl>: Min<Z0> + Max<Z0>,
    Minimum<LrAFull<Se, K, Dl>, Z0>: core::ops::Add<Minimum<LrGFull<Se, K, G>, Z0>>,
    Maximum<LrAFull<Se, K, Dl>, Z0>: core::ops::Add<Maximum<LrGFull<Se, K, G>, Z0>>,
    Minimum<LrALast<Se, K, Dl>, Z0>: core::ops::Add<LrGLast<Se, K, G>>,
    Maximum<LrALast<Se, K, Dl>, Z0>: core::ops::Add<LrGLast<Se, K, G>>,
    Sum<Minimum<LrAFull<Se, K, Dl>, Z0>, Minimum<LrGFull<Se, K, G>, Z0>>:
        Min<Sum<Minimum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>>,
    Sum<Maximum<LrAFull<Se, K, Dl>, Z0>, Maximum<LrGFull<Se, K, G>, Z0>>:
        Max<Sum<Maximum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>>,
    W1: Mul<Rho>,
    Prod<W1, Rho>: Mul<LrHm1<Se, K>>,
    LrU<Se, K, W1, Rho>: Min<Z0> + Max<Z0>,
{
    type Lo = Minimum<
        Sum<Minimum<LrAFull<Se, K, Dl>, Z0>, Minimum<LrGFull<Se, K, G>, Z0>>,
        Sum<Minimum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>,
    >;
    type Hi = Maximum<
        Sum<Maximum<LrAFull<Se, K, Dl>, Z0>, Maximum<LrGFull<Se, K, G>, Z0>>,
        Sum<Maximum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>,
    >;
    type MinU = Minimum<LrU<Se, K, W1, Rho>, Z0>;
    type MaxU = Maximum<LrU<Se, K, W1, Rho>, Z0>;
}

/// One leaf's record at a step over the mode `S:D` with rest stride `RD`, `Nn` elements placed
/// (`_1` for a skip, `Skip = B1`) and the next rest stride `Rho` (`F`: one of CuTe's own checks
/// fails at this step, so that the audit stays silent), for the leaf context
/// `Self = (Se, Dl, K, W)`: its range `Se`, its stride `Dl`, the elements `K` placed in the
/// modes before, and the weight `W` of the mode. `Next` is the context for the next mode.
#[doc(hidden)]
pub trait StepRecord<S, D, RD, Nn, Rho, Skip, F> {
    type Rec;
    type Next;
}
type SrK1<K, Nn> = Prod<K, Nn>;
type SrW1<W, S> = Prod<W, S>;
/// The step is inexact, B has elements past it in the domain, the mode's stride is not `_0`.
type SrBad<Se, K, Nn, RD, Rho, S, D> =
    And<And<crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>, Gr<Se, SrK1<K, Nn>>>, crate::int::Not<Eq<D, Z0>>>;
type SrG<K, Nn, Dl, W, S, Rho> = Diff<Prod<SrK1<K, Nn>, Dl>, Prod<SrW1<W, S>, Rho>>;
type SrLr<Se, K, Nn, Dl, W, S, Rho> = (Se, SrK1<K, Nn>, Dl, SrG<K, Nn, Dl, W, S, Rho>, SrW1<W, S>, Rho);
impl<Se, Dl, K, W, S, D, RD, Nn, Rho, Skip, F> StepRecord<S, D, RD, Nn, Rho, Skip, F> for (Se, Dl, K, W)
where
    K: Mul<Nn>,
    W: Mul<S>,
    Nn: Mul<RD>,
    Rho: Mul<S>,
    Prod<Nn, RD>: IsEqual<Prod<Rho, S>>,
    Eq<Prod<Nn, RD>, Prod<Rho, S>>: Not,
    Se: IsGreater<SrK1<K, Nn>>,
    D: IsEqual<Z0>,
    Eq<D, Z0>: Not,
    crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>: BitAnd<Gr<Se, SrK1<K, Nn>>>,
    And<crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>, Gr<Se, SrK1<K, Nn>>>: BitAnd<crate::int::Not<Eq<D, Z0>>>,
    // rule 1 only for a negative rest stride (a positive one fails CuTe's own check first)
    RD: IsLess<Z0>,
    SrBad<Se, K, Nn, RD, Rho, S, D>: BitAnd<And<Skip, Le<RD, Z0>>>,
    Skip: BitAnd<Le<RD, Z0>> + Not,
    SrBad<Se, K, Nn, RD, Rho, S, D>: BitAnd<crate::int::Not<Skip>>,
    SrK1<K, Nn>: Mul<Dl>,
    SrW1<W, S>: Mul<Rho>,
    Prod<SrK1<K, Nn>, Dl>: Sub<Prod<SrW1<W, S>, Rho>>,
    SrLr<Se, K, Nn, Dl, W, S, Rho>: LowRange,
{
    type Rec = (
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::Lo,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::Hi,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::MinU,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::MaxU,
        And<SrBad<Se, K, Nn, RD, Rho, S, D>, And<Skip, Le<RD, Z0>>>,
        And<SrBad<Se, K, Nn, RD, Rho, S, D>, crate::int::Not<Skip>>,
        F,
    );
    type Next = (Se, Dl, SrK1<K, Nn>, SrW1<W, S>);
}

/// The walk without the box: [`LeafRange`] is the leaf's whole shape, and the records are the
/// cheap ones of [`FastCx`].
pub struct FastDom;
impl<U: Unsigned + NonZero, N> LeafRange<N, FastDom> for PInt<U> {
    type Output = N;
}
impl<U: Unsigned + NonZero, N> LeafRange<N, FastDom> for NInt<U> {
    type Output = N;
}

/// The cheap context of a leaf `Sz:Dl` in its walk: `K` elements placed in the modes before,
/// `W` the weight of the mode. Its record at a mode, `(Ok, Hi)`: `Ok` when `Dl >= 0` and the
/// step is exact (`Nn·RD == Rho·S`) or the leaf has ended (`Sz <= K·Nn`), and
/// `Hi = (min(Sz, K·Nn) - 1)·Dl`. Where every step of every leaf is `Ok`, the exact rule's
/// records of the leaf are `Lo = 0`, `MinU = 0`, no inexact step that matters, and `Hi` at most
/// this one (its box `Se <= Sz`): rules 1, 2 and 4 hold, and rule 3 holds if the summed `Hi`
/// stays below the mode's end or the mode ends past size(A) ([`FastVerdict`]; docs/design.md,
/// "the exact rule").
pub struct FastCx<Sz, Dl, K, W>(core::marker::PhantomData<(Sz, Dl, K, W)>);
type FcOk<Sz, Dl, K, Nn, RD, Rho, S> =
    And<GrEq<Dl, Z0>, Or<Eq<Prod<Nn, RD>, Prod<Rho, S>>, LeEq<Sz, SrK1<K, Nn>>>>;
impl<Sz, Dl, K, W, S, D, RD, Nn, Rho, Skip, F> StepRecord<S, D, RD, Nn, Rho, Skip, F> for FastCx<Sz, Dl, K, W>
where
    K: Mul<Nn>,
    W: Mul<S>,
    Nn: Mul<RD>,
    Rho: Mul<S>,
    Prod<Nn, RD>: IsEqual<Prod<Rho, S>>,
    Sz: IsLessOrEqual<SrK1<K, Nn>> + Min<SrK1<K, Nn>>,
    Eq<Prod<Nn, RD>, Prod<Rho, S>>: BitOr<LeEq<Sz, SrK1<K, Nn>>>,
    Dl: IsGreaterOrEqual<Z0>,
    GrEq<Dl, Z0>: BitAnd<Or<Eq<Prod<Nn, RD>, Prod<Rho, S>>, LeEq<Sz, SrK1<K, Nn>>>>,
    Minimum<Sz, SrK1<K, Nn>>: Sub<P1>,
    Diff<Minimum<Sz, SrK1<K, Nn>>, P1>: Mul<Dl>,
{
    type Rec = (FcOk<Sz, Dl, K, Nn, RD, Rho, S>, Prod<Diff<Minimum<Sz, SrK1<K, Nn>>, P1>, Dl>);
    type Next = FastCx<Sz, Dl, SrK1<K, Nn>, Prod<W, S>>;
}
/// The cheap records summed over the leaves: `Ok` and-ed, `Hi` added.
impl<Oa, Ha, Ta, Ob, Hb, Tb> AddDigits<Tup<(Ob, Hb), Tb>> for Tup<(Oa, Ha), Ta>
where
    Oa: BitAnd<Ob>,
    Ha: core::ops::Add<Hb>,
    Ta: AddDigits<Tb>,
{
    type Output = Tup<(And<Oa, Ob>, Sum<Ha, Hb>), <Ta as AddDigits<Tb>>::Output>;
}

/// The cheap records `(records, shapes, W)` of `Layout<S, D> ∘ Layout<BS, BD>` (`NA = size(A)`)
/// mode by mode: where every step is `Ok` and `Hi < W1` or `W1 >= NA` (`W1 = W·S`, the mode's
/// end) the exact rule passes there; at the first mode where that is not shown, the full audit
/// ([`FullAudit`]) decides the whole composition.
pub trait FastVerdict<S, D, BS, BD, NA> {}
impl<LS, W, S, D, BS, BD, NA> FastVerdict<S, D, BS, BD, NA> for (Nil, LS, W) {}
type FvHere<O, H, W, S1, NA> = And<O, Or<Le<H, Prod<W, S1>>, GrEq<Prod<W, S1>, NA>>>;
impl<O, H, RT, S1, ST, W, S, D, BS, BD, NA> FastVerdict<S, D, BS, BD, NA> for (Tup<(O, H), RT>, Tup<S1, ST>, W)
where
    W: Mul<S1>,
    H: IsLess<Prod<W, S1>>,
    Prod<W, S1>: IsGreaterOrEqual<NA>,
    Le<H, Prod<W, S1>>: BitOr<GrEq<Prod<W, S1>, NA>>,
    O: BitAnd<Or<Le<H, Prod<W, S1>>, GrEq<Prod<W, S1>, NA>>>,
    FvHere<O, H, W, S1, NA>: FastNext<(RT, ST, Prod<W, S1>), S, D, BS, BD, NA>,
{
}
/// `B1`: this mode passes, on to the next; `B0`: the full audit.
pub trait FastNext<Rest, S, D, BS, BD, NA> {}
impl<Rest: FastVerdict<S, D, BS, BD, NA>, S, D, BS, BD, NA> FastNext<Rest, S, D, BS, BD, NA> for B1 {}
impl<Rest, S, D, BS, BD, NA> FastNext<Rest, S, D, BS, BD, NA> for B0 where B0: FullAudit<S, D, BS, BD> {}

/// The exact rule's audit of the records `Self` (one per mode `j < R-1`) against the flat A's
/// shape `LS` and `NA = size(A)`. Like the twin, it reports the first violation only (in mode
/// order; in a mode, rules 1-2, then 3, then 4), and nothing when one of CuTe's own checks fails
/// (that check's error is the one reported).
pub trait ExactAudit<LS, NA> {}
impl<LS, NA> ExactAudit<LS, NA> for Nil {}
impl<R, RT, LS, NA> ExactAudit<LS, NA> for Tup<R, RT>
where
    Tup<R, RT>: CuteFails,
    (Tup<R, RT>, LS, P1): ExactAuditModes<NA, <Tup<R, RT> as CuteFails>::Output>,
{
}

/// Whether one of CuTe's own checks fails in the records `Self`: `B1` or `B0`.
#[doc(hidden)]
pub trait CuteFails {
    type Output;
}
impl CuteFails for Nil {
    type Output = B0;
}
impl<Lo, Hi, Mn, Mx, X1, X2, F, RT> CuteFails for Tup<(Lo, Hi, Mn, Mx, X1, X2, F), RT>
where
    RT: CuteFails,
    F: BitOr<<RT as CuteFails>::Output>,
{
    type Output = Or<F, <RT as CuteFails>::Output>;
}

/// Rules 1-4 mode by mode on `(records, shapes, W)`, `W` the weight of the mode; `Done`: a
/// violation was found before (or CuTe's own check fails), the rest is not required.
pub trait ExactAuditModes<NA, Done> {}
impl<LS, W, NA, Done> ExactAuditModes<NA, Done> for (Nil, LS, W) {}
type AmW1<W, S> = Prod<W, S>;
/// Rule 3 fails: `Hi >= W1 && W1 + MinU < NA`.
type AmCarry<Hi, Mn, W, S, NA> = And<GrEq<Hi, AmW1<W, S>>, Le<Sum<AmW1<W, S>, Mn>, NA>>;
/// Rule 4 fails: `Lo < 0 && MaxU > 0`.
type AmBorrow<Lo, Mx> = And<Le<Lo, Z0>, Gr<Mx, Z0>>;
type AmDone12<Done, X1, X2> = Or<Done, Or<X1, X2>>;
type AmDone3<Done, X1, X2, Hi, Mn, W, S, NA> = Or<AmDone12<Done, X1, X2>, AmCarry<Hi, Mn, W, S, NA>>;
type AmDone4<Done, X1, X2, Hi, Mn, W, S, NA, Lo, Mx> = Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, AmBorrow<Lo, Mx>>;
impl<Lo, Hi, Mn, Mx, X1, X2, F, RT, S, ST, W, NA, Done> ExactAuditModes<NA, Done>
    for (Tup<(Lo, Hi, Mn, Mx, X1, X2, F), RT>, Tup<S, ST>, W)
where
    // rule 1: Done || !X1
    X1: Not + BitOr<X2>,
    Done: BitOr<crate::int::Not<X1>> + BitOr<Or<X1, X2>>,
    Or<Done, crate::int::Not<X1>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<W>,
    Or<Done, crate::int::Not<X1>>: NegativeStrideDivisibility<crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X1>>, S>, crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X1>>, W>>,
    // rule 2: Done || !X2
    X2: Not,
    Done: BitOr<crate::int::Not<X2>>,
    Or<Done, crate::int::Not<X2>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<W>,
    Or<Done, crate::int::Not<X2>>: PartialWalkDivisibility<crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X2>>, S>, crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X2>>, W>>,
    // rule 3: Done || X1 || X2 || !(Hi >= W1 && W1 + MinU < NA)
    W: Mul<S>,
    Hi: IsGreaterOrEqual<AmW1<W, S>>,
    AmW1<W, S>: core::ops::Add<Mn>,
    Sum<AmW1<W, S>, Mn>: IsLess<NA>,
    GrEq<Hi, AmW1<W, S>>: BitAnd<Le<Sum<AmW1<W, S>, Mn>, NA>>,
    AmCarry<Hi, Mn, W, S, NA>: Not,
    AmDone12<Done, X1, X2>: BitOr<crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>> + BitOr<AmCarry<Hi, Mn, W, S, NA>>,
    Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<AmW1<W, S>> + crate::bounds::DecimalIfFailed<Hi>,
    Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>: NoCarry<crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, S>, crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, AmW1<W, S>>, crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, Hi>>,
    // rule 4: Done || X1 || X2 || carry || !(Lo < 0 && MaxU > 0)
    Lo: IsLess<Z0>,
    Mx: IsGreater<Z0>,
    Le<Lo, Z0>: BitAnd<Gr<Mx, Z0>>,
    AmBorrow<Lo, Mx>: Not,
    AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>: BitOr<crate::int::Not<AmBorrow<Lo, Mx>>> + BitOr<AmBorrow<Lo, Mx>>,
    Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<Lo> + crate::bounds::DecimalIfFailed<Mx>,
    Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>: NoBorrow<crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, S>, crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, Lo>, crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, Mx>>,
    (RT, ST, AmW1<W, S>): ExactAuditModes<NA, AmDone4<Done, X1, X2, Hi, Mn, W, S, NA, Lo, Mx>>,
{
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

type NextShapeOf<RD, S> = <RD as StepMath<S>>::NextShape;
type NextStrideOf<RD, S> = <RD as StepMath<S>>::NextStride;

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

type NewShape<RD, S, RS> = Minimum<NextShapeOf<RD, S>, RS>;
type TakeRest<RD, S, RS> = Quot<RS, NewShape<RD, S, RS>>;
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

    /// The exact rule accepts what the former strict rule over-rejected: at a stride-0 mode of A
    /// only the carry out of it matters, and points of B past size(A) do not count (the same
    /// cases as the runtime twin's `composition_check::tests::former_over_rejections`).
    #[test]
    fn exact_rule_accepts() {
        type A1 = cute!((_5,_2):(_0,_1));
        assert_eq!(show::<Composition<A1, cute!(_4:_3)>>(), "(_2,_2):(_0,_1)");
        assert!(composes::<A1, cute!(_4:_3), Composition<A1, cute!(_4:_3)>>());
        type A2 = cute!((_7,_2):(_0,_7));
        assert_eq!(show::<Composition<A2, cute!(_4:_4)>>(), "(_2,_2):(_0,_7)");
        assert!(composes::<A2, cute!(_4:_4), Composition<A2, cute!(_4:_4)>>());
        type A3 = cute!((_8,_3):(_0,_8));
        assert_eq!(show::<Composition<A3, cute!(_6:_3)>>(), "(_3,_2):(_0,_8)");
        assert!(composes::<A3, cute!(_6:_3), Composition<A3, cute!(_6:_3)>>());
        type A4 = cute!((_8,_2):(_0,_1));
        type B4 = cute!((_1,_4):(_8,_5));
        assert_eq!(show::<Composition<A4, B4>>(), "(_1,(_2,_2)):(_1,(_0,_1))");
        assert!(composes::<A4, B4, Composition<A4, B4>>());
        // from a search of small pairs, one per condition of the former rule that refused it:
        // 4 (a negative digit below a positive one, at points outside the domain), 1 (an inexact
        // skip at a stride-0 mode) and 2 (an inexact partial walk, at a stride-0 mode, and at a
        // point past size(A))
        type A5 = cute!((_2,_2):(_-1,_-1));
        type B5 = cute!((_2,_2):(_-1,_6));
        assert!(composes::<A5, B5, Composition<A5, B5>>());
        type A6 = cute!((_2,_2):(_0,_-1));
        type B6 = cute!((_2,_2):(_-3,_4));
        assert!(composes::<A6, B6, Composition<A6, B6>>());
        type A7 = cute!((_3,_2):(_0,_-1));
        assert!(composes::<A7, cute!((_4):(_2)), Composition<A7, cute!((_4):(_2))>>());
        type A8 = cute!((_3,_2):(_-1,_-1));
        type B8 = cute!((_2,_4):(_2,_-2));
        assert!(composes::<A8, B8, Composition<A8, B8>>());
        assert_eq!(
            [show::<Composition<A5, B5>>(), show::<Composition<A6, B6>>(), show::<Composition<A7, cute!((_4):(_2))>>(), show::<Composition<A8, B8>>()],
            ["(_2,_2):(_1,_-3)", "(_2,_2):(_2,_-2)", "((_2,_2)):((_0,_-1))", "(_2,(_2,_2)):(_-2,(_2,_1))"]
        );
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
