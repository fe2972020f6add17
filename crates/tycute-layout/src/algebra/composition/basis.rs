//! Scaled-basis strides of B (CuTe's `ScaledBasis`): each leaf `s:v@p` composes with the
//! sub-layout `get<p>(A)` that its path selects ([`ComposeBasis`]).

use core::ops::{BitOr, Not};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::basis::{PathEq, PathGet, ProperPrefix, ScaledBasis};
use crate::int::{Eq, If, IsEqual, NInt, NonZero, Or, PInt, Select, Unsigned, B0, B1, Z0};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, SizeOp};
use crate::tuple::{Nil, Tup};
use super::rules::*;
use super::op::*;
use super::walk::*;
use super::fast::*;

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
