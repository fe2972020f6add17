//! The exact rule's checks and CuTe's own, as rejections: each a trait implemented for `B1`
//! only, whose `on_unimplemented` message names the rule (what `cargo check` prints).


use crate::int::B1;

/// CuTe's "Stride Divisibility Condition", with its numbers: B's rest stride (in units of the
/// mode's weight) and the shape of the mode of coalesced A it steps over. Composition's walk
/// requires it at each step; the divides once, at their entry ([`CuteGated`](super::CuteGated)).
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility condition: a stride of B must be a multiple of the mode of A it steps over, or smaller than it (rest_stride % curr_shape == 0 || rest_stride < curr_shape): rest_stride = {RestStride}, curr_shape = {Shape}",
    label = "stride divisibility condition fails"
)]
pub trait StrideDivisibilityAt<RestStride = (), Shape = ()> {
    /// `T` when the condition holds (a gate: see [`CuteGated`](super::CuteGated)).
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
    /// `T` when the condition holds (a gate: see [`CuteGated`](super::CuteGated)).
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
