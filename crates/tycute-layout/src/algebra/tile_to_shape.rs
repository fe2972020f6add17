//! `tile_to_shape(atom, S)` and `tile_to_shape(atom, S, O)`.
//!
//! ```text
//! R       = rank(S)                        // rank(atom) <= R, else rejected
//! padded  = append<R>(atom)                // (AtomM,AtomN,_1,...)
//! block   = product_each(shape(padded))    // (bM,bN,...)
//! target  = product_each(S)                // (tM,tN,...), each t divisible by its b, else rejected
//! repeats = make_ordered_layout(target / block, O)     // O defaults to column-major
//! result  = blocked_product(padded, repeats)           // ((AtomM,RepM),(AtomN,RepN),...)
//! ```
//!
//! The result has one mode per target mode, each `(atom mode, repeat)`; size-1 padding modes stay
//! visible (`((_8,_16),((_8,_8),_1),(_1,_3))`). On a `ComposedLayout` `F o off o B` the inner
//! layout is tiled: `composition(F, off, tile_to_shape(B, S, O))`, which drops the identity
//! swizzle `Sw<0,M,S>` at offset `_0` as CuTe (and the runtime twin) do.

use core::ops::{BitAnd, Div, Rem};

use crate::algebra::ordered::{CompactColMajor, MakeOrderedLayout, MakeOrderedLayoutOp};
use crate::algebra::product::{BlockedProduct, BlockedProductOp};
use crate::algebra::tiler::{AppendRank, AppendRankOp, ProductEach, ProductEachOp};
use crate::int::{And, Eq, IsEqual, IsLessOrEqual, LeEq, Mod, NInt, NonZero, PInt, Quot, Unsigned, B0, B1, P1, Z0};
use crate::layout::{IsLayout, Layout, RankOfOp, ShapeOf};
use crate::sealed::Sealed;
use crate::swizzle::{ComposedLayout, SmemPtr, Swizzle};
use crate::tuple::{Nil, Tup};

/// How the repeat counts are laid out: column-major (CuTe's default `LayoutLeft`).
pub struct ColMajor;
/// How the repeat counts are laid out: `make_ordered_layout(repeats, O)`.
#[doc(hidden)]
pub struct Ordered<O>(core::marker::PhantomData<fn() -> O>);

/// The layout of the repeat counts `P` for an ordering `M` ([`ColMajor`] or [`Ordered`]).
#[doc(hidden)]
pub trait RepeatLayout<P> {
    type Output;
}
impl<P: CompactColMajor<P1>> RepeatLayout<P> for ColMajor {
    // make_layout(P): compact column-major
    type Output = Layout<P, <P as CompactColMajor<P1>>::Output>;
}
impl<P: MakeOrderedLayoutOp<O>, O> RepeatLayout<P> for Ordered<O> {
    type Output = MakeOrderedLayout<P, O>;
}

/// Rejects an atom of higher rank than the target shape.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: Rank of layout must be <= rank of target shape. (rank(layout) = {Rank}, rank(target shape) = {TargetRank})",
    label = "the atom has more modes than the target shape"
)]
pub trait TileToShapeRankFits<Rank = (), TargetRank = ()>: Sealed {}
impl<Rank, TargetRank> TileToShapeRankFits<Rank, TargetRank> for B1 {}

/// Rejects a target shape that is not a whole number of atoms in every mode.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: block shape does not divide the target shape. ({BlockShape} vs {TargetShape})",
    label = "some mode of the target shape is not a multiple of the atom's size in that mode"
)]
pub trait TileToShapeDivides<BlockShape = (), TargetShape = ()>: Sealed {}
impl<BlockShape, TargetShape> TileToShapeDivides<BlockShape, TargetShape> for B1 {}

/// Over two flat lists `T` (target sizes) and `B` (block sizes): whether every `b` divides its
/// `t` (`Divides`), and the quotients (`Quotients`).
#[doc(hidden)]
pub trait DivideEach<B> {
    type Divides;
    type Quotients;
}
impl DivideEach<Nil> for Nil {
    type Divides = B1;
    type Quotients = Nil;
}
impl<T0, TT, B0, BT> DivideEach<Tup<B0, BT>> for Tup<T0, TT>
where
    T0: Rem<B0> + Div<B0>,
    Mod<T0, B0>: IsEqual<Z0>,
    TT: DivideEach<BT>,
    Eq<Mod<T0, B0>, Z0>: BitAnd<<TT as DivideEach<BT>>::Divides>,
{
    type Divides = And<Eq<Mod<T0, B0>, Z0>, <TT as DivideEach<BT>>::Divides>;
    type Quotients = Tup<Quot<T0, B0>, <TT as DivideEach<BT>>::Quotients>;
}

/// `rank(S)` of the target shape.
type TargetRank<S> = <S as RankOfOp>::Output;
/// `append<R>(atom)`: (AtomM,AtomN,_1,...)
type Padded<A, S> = AppendRank<A, TargetRank<S>>;
/// `product_each(shape(padded))`: (bM,bN,...)
type BlockShape<A, S> = ProductEach<ShapeOf<Padded<A, S>>>;
/// `product_each(S)`: (tM,tN,...)
type TargetShape<S> = ProductEach<S>;
/// `target / block`: (RepM,RepN,...)
type Repeats<A, S> = <TargetShape<S> as DivideEach<BlockShape<A, S>>>::Quotients;

/// `rank(atom) <= rank(S)` as a bit.
type RankFits<A, S> = LeEq<<A as RankOfOp>::Output, TargetRank<S>>;
/// Whether every atom size divides its target size, as a bit.
type Divides<A, S> = <TargetShape<S> as DivideEach<BlockShape<A, S>>>::Divides;

/// `tile_to_shape(atom, S)` with the repeats laid out by `M`. Each check is followed by a
/// dispatch on its bit, so that a failed check is the only error (the `B0` branches are
/// placeholders).
pub trait TileToShapeBy<S, M> {
    type Output;
}
impl<SA, DA, S, M> TileToShapeBy<S, M> for Layout<SA, DA>
where
    Layout<SA, DA>: RankOfOp,
    S: RankOfOp,
    <Layout<SA, DA> as RankOfOp>::Output: IsLessOrEqual<TargetRank<S>>,
    RankFits<Layout<SA, DA>, S>: crate::bounds::DecimalIfFailed<<Layout<SA, DA> as RankOfOp>::Output> + crate::bounds::DecimalIfFailed<TargetRank<S>>,
    RankFits<Layout<SA, DA>, S>: TileToShapeRankFits<
        crate::bounds::DecIfFailed<RankFits<Layout<SA, DA>, S>, <Layout<SA, DA> as RankOfOp>::Output>,
        crate::bounds::DecIfFailed<RankFits<Layout<SA, DA>, S>, TargetRank<S>>,
    >,
    Layout<SA, DA>: PadToTarget<S, M, RankFits<Layout<SA, DA>, S>>,
{
    type Output = <Layout<SA, DA> as PadToTarget<S, M, RankFits<Layout<SA, DA>, S>>>::Output;
}

/// After the rank check: pad the atom, check the sizes.
pub trait PadToTarget<S, M, Fits> {
    type Output;
}
impl<A, S, M> PadToTarget<S, M, B0> for A {
    type Output = A;
}
impl<A, S, M> PadToTarget<S, M, B1> for A
where
    S: RankOfOp + ProductEachOp,
    A: AppendRankOp<TargetRank<S>>,
    Padded<A, S>: IsLayout,
    ShapeOf<Padded<A, S>>: ProductEachOp,
    TargetShape<S>: DivideEach<BlockShape<A, S>>,
    Divides<A, S>: crate::bounds::DecimalIfFailed<BlockShape<A, S>> + crate::bounds::DecimalIfFailed<TargetShape<S>>,
    Divides<A, S>: TileToShapeDivides<
        crate::bounds::DecIfFailed<Divides<A, S>, BlockShape<A, S>>,
        crate::bounds::DecIfFailed<Divides<A, S>, TargetShape<S>>,
    >,
    Padded<A, S>: TileRepeats<Repeats<A, S>, M, Divides<A, S>>,
{
    // (AtomM,AtomN,_1,...)
    type Output = <Padded<A, S> as TileRepeats<Repeats<A, S>, M, Divides<A, S>>>::Output;
}

/// After the size check: `blocked_product(padded, repeats laid out by M)`.
#[doc(hidden)]
pub trait TileRepeats<P, M, Fits> {
    type Output;
}
impl<A, P, M> TileRepeats<P, M, B0> for A {
    type Output = A;
}
impl<A, P, M> TileRepeats<P, M, B1> for A
where
    M: RepeatLayout<P>,
    A: BlockedProductOp<<M as RepeatLayout<P>>::Output>,
{
    // ((AtomM,RepM),(AtomN,RepN),...)
    type Output = BlockedProduct<A, <M as RepeatLayout<P>>::Output>;
}
// composition(F, off, tile_to_shape(B, S)): the identity swizzle `Sw<0,M,S>` at offset `_0` is
// dropped (CuTe's three-argument composition, as the runtime twin does), anything else is
// `F o off o tile_to_shape(B, S)`. One impl per case, matched on the types themselves: a bound
// on `Composition3Op` (its `Select`) or on a helper trait of the output overflows the trait
// solver in `sm90_layouts.rs` (E0275). The inner layout is never itself a composed layout.
impl<M, Sh, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<Z0, M, Sh>, Z0, B> {
    type Output = <B as TileToShapeBy<S, Mj>>::Output;
}
impl<M, Sh, U: Unsigned + NonZero, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<Z0, M, Sh>, PInt<U>, B> {
    type Output = ComposedLayout<Swizzle<Z0, M, Sh>, PInt<U>, <B as TileToShapeBy<S, Mj>>::Output>;
}
impl<M, Sh, U: Unsigned + NonZero, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<Z0, M, Sh>, NInt<U>, B> {
    type Output = ComposedLayout<Swizzle<Z0, M, Sh>, NInt<U>, <B as TileToShapeBy<S, Mj>>::Output>;
}
impl<M, Sh, Bits, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<Z0, M, Sh>, SmemPtr<Bits>, B> {
    type Output = ComposedLayout<Swizzle<Z0, M, Sh>, SmemPtr<Bits>, <B as TileToShapeBy<S, Mj>>::Output>;
}
impl<U: Unsigned + NonZero, M, Sh, O, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<PInt<U>, M, Sh>, O, B> {
    type Output = ComposedLayout<Swizzle<PInt<U>, M, Sh>, O, <B as TileToShapeBy<S, Mj>>::Output>;
}
impl<U: Unsigned + NonZero, M, Sh, O, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Swizzle<NInt<U>, M, Sh>, O, B> {
    type Output = ComposedLayout<Swizzle<NInt<U>, M, Sh>, O, <B as TileToShapeBy<S, Mj>>::Output>;
}
impl<LS, LD, O, B: TileToShapeBy<S, Mj>, S, Mj> TileToShapeBy<S, Mj> for ComposedLayout<Layout<LS, LD>, O, B> {
    type Output = ComposedLayout<Layout<LS, LD>, O, <B as TileToShapeBy<S, Mj>>::Output>;
}

/// `tile_to_shape(atom, S)`.
pub trait TileToShapeOp<S>: Sealed {
    type Output;
}
impl<A: Sealed + TileToShapeBy<S, ColMajor>, S> TileToShapeOp<S> for A {
    type Output = <A as TileToShapeBy<S, ColMajor>>::Output;
}
/// `tile_to_shape(atom, S)`: the atom repeated, column-major, until it has shape `S`; each mode
/// of the result is `(atom mode, repeat)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TileToShape};
/// # use tycute_macros::cute;
/// assert_eq!(show::<TileToShape<cute!((_8,_8):(_8,_1)), cute!((_32,_16))>>(), "((_8,_4),(_8,_2)):((_8,_64),(_1,_256))");
/// assert_eq!(
///     show::<TileToShape<cute!(Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))), cute!((_128,_64,_3))>>(),
///     "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))"
/// );
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TileToShape};
/// # use tycute_macros::cute;
/// // tile_to_shape: block shape does not divide the target shape.
/// let _ = show::<TileToShape<cute!((_8,_8):(_1,_8)), cute!((_12,_16))>>();
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TileToShape};
/// # use tycute_macros::cute;
/// // Rank of layout must be <= rank of target shape.
/// let _ = show::<TileToShape<cute!((_8,_8,_2):(_1,_8,_64)), cute!((_16,_16))>>();
/// ```
pub type TileToShape<Atom, S> = <Atom as TileToShapeOp<S>>::Output;

/// `tile_to_shape(atom, S, O)`.
pub trait TileToShapeOrderedOp<S, O>: Sealed {
    type Output;
}
impl<A: Sealed + TileToShapeBy<S, Ordered<O>>, S, O> TileToShapeOrderedOp<S, O> for A {
    type Output = <A as TileToShapeBy<S, Ordered<O>>>::Output;
}
/// `tile_to_shape(atom, S, O)`: like [`TileToShape`], the repeats laid out by
/// `make_ordered_layout(repeats, O)` (the atom repeats along the mode with the smallest order
/// first).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TileToShapeOrdered};
/// # use tycute_macros::cute;
/// assert_eq!(show::<TileToShapeOrdered<cute!((_8,_8):(_8,_1)), cute!((_32,_16)), cute!((_2,_1))>>(), "((_8,_4),(_8,_2)):((_8,_128),(_1,_64))");
/// ```
pub type TileToShapeOrdered<Atom, S, O> = <Atom as TileToShapeOrderedOp<S, O>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn repeats() {
        assert_eq!(show::<Repeats<cute!((_8,(_8,_8)):(_8,(_1,_64))), cute!((_128,_64,_3))>>(), "(_16,_1,_3)");
        assert_eq!(show::<Padded<cute!((_8,(_8,_8)):(_8,(_1,_64))), cute!((_128,_64,_3))>>(), "(_8,(_8,_8),_1):(_8,(_1,_64),_0)");
        assert_eq!(show::<<ColMajor as RepeatLayout<cute!((_16,_1,_3))>>::Output>(), "(_16,_1,_3):(_1,_0,_16)");
        assert_eq!(show::<<Ordered<cute!((_2,_1))> as RepeatLayout<cute!((_1,_2))>>::Output>(), "(_1,_2):(_0,_1)");
    }

    /// The identity swizzle at offset `_0` is dropped, as CuTe's three-argument composition and
    /// the runtime twin do; any other swizzle or offset is kept.
    #[test]
    fn composed_identity_swizzle() {
        assert_eq!(
            show::<TileToShape<cute!(Sw<0,4,3> o _0 o (_8,_8):(_8,_1)), cute!((_16,_16))>>(),
            "((_8,_2),(_8,_2)):((_8,_64),(_1,_128))"
        );
        assert_eq!(
            show::<TileToShape<cute!(Sw<0,4,3> o _4 o (_8,_8):(_8,_1)), cute!((_16,_16))>>(),
            "Sw<0,4,3> o _4 o ((_8,_2),(_8,_2)):((_8,_64),(_1,_128))"
        );
        assert_eq!(
            show::<TileToShape<cute!(Sw<3,3,3> o _0 o (_8,_8):(_8,_1)), cute!((_16,_16))>>(),
            "Sw<3,3,3> o _0 o ((_8,_2),(_8,_2)):((_8,_64),(_1,_128))"
        );
    }
}
