//! Tilers, the right-hand side of the divides and products (CuTe's `Tiler`), and the regrouping
//! steps shared by `zipped_*`, `tiled_*`, `flat_*`, `blocked_product` and `raked_product`.
//!
//! A tiler is one of
//!
//! | tiler          | meaning                                                                  |
//! |----------------|--------------------------------------------------------------------------|
//! | a layout `L`   | applied to the whole of `A`                                               |
//! | an integer `N` | the layout `N:_1`                                                         |
//! | `_`            | `A` is kept as it is                                                      |
//! | a tuple        | mode by mode: mode `i` of `A` by element `i` (recursively), the modes of `A` past the tuple kept; a tuple longer than `rank(A)` is rejected |
//!
//! An operation is a marker `F` that implements [`LayoutTilerFn`] (its layout case) and
//! [`TupleTilerFn`] (its tuple case: the operation's own "Too many modes in tiler." check, then
//! [`TilerByMode`], which applies `F` again to every mode). [`ApplyTiler`] dispatches on the tiler's
//! kind.
//!
//! The regrouping steps follow the tiler as a *guide* (CuTe's `tile_unzip` / `zip2_by`): where
//! the guide has a leaf (a layout, an integer or `_`) the result of the divide or product has a
//! rank-2 `(tile, rest)` mode, and [`TileUnzip`] gathers the tiles into one mode and the rests
//! (followed by the modes of `A` past the guide) into another. A `_` leaf keeps its mode of `A`
//! as it is, which the unzip then reads as a `(tile, rest)` pair: `(a,b)` gives tile `a`, rest
//! `b`; a plain integer mode there is rejected ("Index out of range"), as in CuTe.

use core::ops::Sub;

use crate::int::{Diff, Eq, Int, IsEqual, LeEq, B0, B1, P1, Z0};
use crate::algebra::make_layout::{MakeLayoutLeft, MakeLayoutLeftOp};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp, RankOfOp, ShapeOf, StrideOf, Underscore};
use crate::sealed::Sealed;
use crate::tuple::{Concat, ConcatOp, IsTuple, Len, LenOp, Nil, Repeat, RepeatOp, Tup};

// ---------------------------------------------------------------------------------------------
// Kinds of tilers

/// Tiler kind: a layout.
#[doc(hidden)]
pub struct KLayout;
/// Tiler kind: an integer `N`, the layout `N:_1`.
#[doc(hidden)]
pub struct KInt;
/// Tiler kind: `_`.
#[doc(hidden)]
pub struct KUnder;
/// Tiler kind: a tuple of tilers (by-mode).
#[doc(hidden)]
pub struct KTuple;

/// The kind of a tiler (`KLayout`, `KInt`, `KUnder` or `KTuple`).
#[doc(hidden)]
pub trait TilerKind: Sealed {
    type Kind;
}
impl<S, D> TilerKind for Layout<S, D> {
    type Kind = KLayout;
}
impl<N: Int> TilerKind for N {
    type Kind = KInt;
}
impl TilerKind for Underscore {
    type Kind = KUnder;
}
impl TilerKind for Nil {
    type Kind = KTuple;
}
impl<H, T> TilerKind for Tup<H, T> {
    type Kind = KTuple;
}

/// Whether a kind is the tuple kind (`B1`) or a leaf kind (`B0`: a layout, an integer, `_`).
#[doc(hidden)]
pub trait KindIsTuple {
    type Output;
}
impl KindIsTuple for KLayout {
    type Output = B0;
}
impl KindIsTuple for KInt {
    type Output = B0;
}
impl KindIsTuple for KUnder {
    type Output = B0;
}
impl KindIsTuple for KTuple {
    type Output = B1;
}

// ---------------------------------------------------------------------------------------------
// Applying an operation by a tiler

/// An operation's layout case: `F(A, L)` for a layout `A` and a layout tiler `L`.
pub trait LayoutTilerFn<A, L> {
    type Output;
}
/// An operation's tuple case: `F(A, T)` for a tuple tiler `T` (checks `rank(T) <= rank(A)` with
/// the operation's message, then applies [`TilerByMode`]).
pub trait TupleTilerFn<A, T> {
    type Output;
}

/// `F(A, T)` for any tiler `T`: dispatches on the kind of `T`.
#[doc(hidden)]
pub trait ApplyTiler<T, F> {
    type Output;
}
impl<S, D, T, F> ApplyTiler<T, F> for Layout<S, D>
where
    T: TilerKind,
    Layout<S, D>: ApplyTilerKind<T, F, T::Kind>,
{
    type Output = <Layout<S, D> as ApplyTilerKind<T, F, T::Kind>>::Output;
}

#[doc(hidden)]
pub trait ApplyTilerKind<T, F, K> {
    type Output;
}
impl<A, L, F: LayoutTilerFn<A, L>> ApplyTilerKind<L, F, KLayout> for A {
    type Output = F::Output;
}
impl<A, N, F> ApplyTilerKind<N, F, KInt> for A
where
    N: MakeLayoutLeftOp,
    F: LayoutTilerFn<A, MakeLayoutLeft<N>>,
{
    // N  =>  make_layout(N): N:_1, and _1:_0 for N = _1 (CuTe's compact_major gives a static
    // size-1 mode stride _0; logical_divide and logical_product both take `make_layout(tiler)`)
    type Output = F::Output;
}
impl<A, F> ApplyTilerKind<Underscore, F, KUnder> for A {
    // _  =>  A unchanged
    type Output = A;
}
impl<A, T, F: TupleTilerFn<A, T>> ApplyTilerKind<T, F, KTuple> for A {
    type Output = F::Output;
}

/// `rank(T) <= rank(A)` for a tuple tiler `T`, as a bit (each operation checks it with its own
/// message).
pub type TilerRankFits<A, T> = LeEq<Len<T>, <A as RankOfOp>::Output>;
/// `rank(T)` in decimal for a "Too many modes in tiler." message, `()` when the tiler fits (the
/// number is rendered only where the check failed).
pub type TilerRankNum<A, T> = crate::bounds::DecIfFailed<TilerRankFits<A, T>, Len<T>>;
/// `rank(A)` in decimal for the same message, `()` when the tiler fits.
pub type LayoutRankNum<A, T> = crate::bounds::DecIfFailed<TilerRankFits<A, T>, <A as RankOfOp>::Output>;

/// The tuple case after the rank check: `make_layout(F(mode_0(A), T_0), ..., F(mode_k(A), T_k),
/// mode_k+1(A), ...)`.
pub trait TilerByMode<T, F> {
    type Output;
}
impl<S, D, T, F> TilerByMode<T, F> for Layout<S, D>
where
    Layout<S, D>: ModesOp,
    <Layout<S, D> as ModesOp>::Output: ZipModes<T, F>,
    <<Layout<S, D> as ModesOp>::Output as ZipModes<T, F>>::Output: MakeLayoutOp,
{
    // (F(A0,T0), F(A1,T1), ..., A_k+1, ...)
    type Output = <<<Layout<S, D> as ModesOp>::Output as ZipModes<T, F>>::Output as MakeLayoutOp>::Output;
}
/// [`TilerByMode`] once the operation's rank check has passed (`B1`); for `B0` the check has already
/// failed with the operation's message, and this gives a placeholder so that no second error
/// follows.
#[doc(hidden)]
pub trait ByModeIf<T, F, Fits> {
    type Output;
}
impl<A: TilerByMode<T, F>, T, F> ByModeIf<T, F, B1> for A {
    type Output = <A as TilerByMode<T, F>>::Output;
}
impl<A, T, F> ByModeIf<T, F, B0> for A {
    type Output = A;
}

/// The modes of A, each with its tiler element; modes past the tiler kept.
#[doc(hidden)]
pub trait ZipModes<T, F> {
    type Output;
}
impl<Ms, F> ZipModes<Nil, F> for Ms {
    type Output = Ms;
}
impl<M, MT, E, ET, F> ZipModes<Tup<E, ET>, F> for Tup<M, MT>
where
    M: ApplyTiler<E, F>,
    MT: ZipModes<ET, F>,
{
    type Output = Tup<<M as ApplyTiler<E, F>>::Output, <MT as ZipModes<ET, F>>::Output>;
}

// ---------------------------------------------------------------------------------------------
// tile_unzip: zip2_by(shape, guide), zip2_by(stride, guide)

/// The tile part and the rest part of a divide's or product's result, guided by the tiler `G`.
/// Both are layouts; for a tuple guide, `Tile` has one mode per guide element and `Rest` one per
/// guide element followed by the modes of the layout past the guide.
#[doc(hidden)]
pub trait TileUnzipOp<G> {
    type Tile;
    type Rest;
    /// `B0` when a leaf of the guide lands on an integer mode ([`UnzipIndexInRange`], required
    /// by the callers: `TileUnzipZippedOp`, `TileUnzipTiledOp`, `TileUnzipFlatOp`).
    type InRange;
}
impl<S, D, G> TileUnzipOp<G> for Layout<S, D>
where
    G: TilerKind,
    G::Kind: KindIsTuple,
    Layout<S, D>: UnzipKind<G, <G::Kind as KindIsTuple>::Output>,
{
    type Tile = <Layout<S, D> as UnzipKind<G, <G::Kind as KindIsTuple>::Output>>::Tile;
    type Rest = <Layout<S, D> as UnzipKind<G, <G::Kind as KindIsTuple>::Output>>::Rest;
    type InRange = <Layout<S, D> as UnzipKind<G, <G::Kind as KindIsTuple>::Output>>::InRange;
}

#[doc(hidden)]
pub trait UnzipKind<G, K> {
    type Tile;
    type Rest;
    type InRange;
}
impl<S, D, G> UnzipKind<G, B0> for Layout<S, D>
where
    Layout<S, D>: UnzipPair,
{
    // (tile, rest)  =>  tile | rest
    type Tile = <Layout<S, D> as UnzipPair>::Tile;
    type Rest = <Layout<S, D> as UnzipPair>::Rest;
    type InRange = <Layout<S, D> as UnzipPair>::InRange;
}
impl<S, D, G> UnzipKind<G, B1> for Layout<S, D>
where
    Layout<S, D>: UnzipList<G>,
{
    type Tile = <Layout<S, D> as UnzipList<G>>::Tile;
    type Rest = <Layout<S, D> as UnzipList<G>>::Rest;
    type InRange = <Layout<S, D> as UnzipList<G>>::InRange;
}

/// Rejects a leaf of the guide (a layout, an integer or `_`) that lands on an integer mode: the
/// mode was not divided (the tiler has `_` there), so there is no `(tile, rest)` pair to unzip.
#[diagnostic::on_unimplemented(
    message = "divide/product by a tiler: Index out of range (`_` in the tiler over a plain-integer mode of A): mode {Mode} of the divided layout, {Shape}, has no (tile, rest) pair",
    label = "`_` in this tiler keeps a plain-integer mode, which has no (tile, rest) pair to unzip"
)]
pub trait UnzipIndexInRange<Mode = (), Shape = ()>: Sealed {}
impl<Mode, Shape> UnzipIndexInRange<Mode, Shape> for B1 {}

/// The top mode of `L` (its index, or its shape with `SHAPE`) whose unzip by its element of the
/// guide `G` fails, rendered only in [`UnzipIndexInRange`]'s message (its `DecimalOp` walks the
/// modes again; an accepted unzip never does).
#[doc(hidden)]
pub struct UnzipBadMode<L, G, const SHAPE: bool>(core::marker::PhantomData<fn() -> (L, G)>);
impl<L, G> crate::bounds::DecimalOp for UnzipBadMode<L, G, false>
where
    (L, G): FirstBadUnzip<Z0>,
    <(L, G) as FirstBadUnzip<Z0>>::Index: crate::bounds::DecimalOp,
{
    type Output = crate::bounds::Dec<<(L, G) as FirstBadUnzip<Z0>>::Index>;
}
impl<L, G> crate::bounds::DecimalOp for UnzipBadMode<L, G, true>
where
    (L, G): FirstBadUnzip<Z0>,
    <(L, G) as FirstBadUnzip<Z0>>::Shape: crate::bounds::DecimalOp,
{
    type Output = crate::bounds::Dec<<(L, G) as FirstBadUnzip<Z0>>::Shape>;
}
/// The first top mode of a layout that its guide's element cannot unzip: `Index` (counted from
/// `I`) and `Shape`. A guide that is not a tuple names the layout itself.
#[doc(hidden)]
pub trait FirstBadUnzip<I> {
    type Index;
    type Shape;
}
impl<S, D, G, I> FirstBadUnzip<I> for (Layout<S, D>, G)
where
    G: TilerKind,
    G::Kind: KindIsTuple,
    (Layout<S, D>, G): FirstBadUnzipBy<I, <G::Kind as KindIsTuple>::Output>,
{
    type Index = <(Layout<S, D>, G) as FirstBadUnzipBy<I, <G::Kind as KindIsTuple>::Output>>::Index;
    type Shape = <(Layout<S, D>, G) as FirstBadUnzipBy<I, <G::Kind as KindIsTuple>::Output>>::Shape;
}
#[doc(hidden)]
pub trait FirstBadUnzipBy<I, GuideIsTuple> {
    type Index;
    type Shape;
}
impl<S, D, G, I> FirstBadUnzipBy<I, B0> for (Layout<S, D>, G) {
    type Index = I;
    type Shape = S;
}
impl<S, D, I> FirstBadUnzipBy<I, B1> for (Layout<S, D>, Nil) {
    type Index = I;
    type Shape = S;
}
impl<S0, ST, D0, DT, G0, GT, I> FirstBadUnzipBy<I, B1> for (Layout<Tup<S0, ST>, Tup<D0, DT>>, Tup<G0, GT>)
where
    Layout<S0, D0>: TileUnzipOp<G0>,
    <Layout<S0, D0> as TileUnzipOp<G0>>::InRange: PickBadUnzip<S0, (Layout<ST, DT>, GT), I>,
{
    type Index = <<Layout<S0, D0> as TileUnzipOp<G0>>::InRange as PickBadUnzip<S0, (Layout<ST, DT>, GT), I>>::Index;
    type Shape = <<Layout<S0, D0> as TileUnzipOp<G0>>::InRange as PickBadUnzip<S0, (Layout<ST, DT>, GT), I>>::Shape;
}
impl<G0, GT, I> FirstBadUnzipBy<I, B1> for (Layout<Nil, Nil>, Tup<G0, GT>) {
    type Index = I;
    type Shape = Nil;
}
/// `B0`: this mode (index `I`, shape `S0`); `B1`: the first bad one among the rest.
#[doc(hidden)]
pub trait PickBadUnzip<S0, Rest, I> {
    type Index;
    type Shape;
}
impl<S0, Rest, I> PickBadUnzip<S0, Rest, I> for B0 {
    type Index = I;
    type Shape = S0;
}
impl<S0, Rest, I> PickBadUnzip<S0, Rest, I> for B1
where
    I: core::ops::Add<P1>,
    Rest: FirstBadUnzip<crate::int::Sum<I, P1>>,
{
    type Index = <Rest as FirstBadUnzip<crate::int::Sum<I, P1>>>::Index;
    type Shape = <Rest as FirstBadUnzip<crate::int::Sum<I, P1>>>::Shape;
}

/// A rank-2 mode `(tile, rest)` taken apart: dispatches on whether the mode is a tuple.
#[doc(hidden)]
pub trait UnzipPair {
    type Tile;
    type Rest;
    type InRange;
}
impl<S: IsTuple, D> UnzipPair for Layout<S, D>
where
    Layout<S, D>: UnzipPairBy<<S as IsTuple>::Output>,
{
    type Tile = <Layout<S, D> as UnzipPairBy<<S as IsTuple>::Output>>::Tile;
    type Rest = <Layout<S, D> as UnzipPairBy<<S as IsTuple>::Output>>::Rest;
    type InRange = <Layout<S, D> as UnzipPairBy<<S as IsTuple>::Output>>::InRange;
}
#[doc(hidden)]
pub trait UnzipPairBy<IsTup> {
    type Tile;
    type Rest;
    type InRange;
}
/// An integer mode: out of range. (`Tile` and `Rest` are placeholders: the callers' check of
/// `InRange` rejects the whole unzip. The check is there, at the root, rather than here, so
/// that the error carries no "required for" note per level of the recursion.)
impl<S, D> UnzipPairBy<B0> for Layout<S, D> {
    type Tile = Layout<S, D>;
    type Rest = Layout<S, D>;
    type InRange = B0;
}
impl<S, D> UnzipPairBy<B1> for Layout<S, D>
where
    S: LenOp,
    Len<S>: IsEqual<crate::int::P2>,
    Eq<Len<S>, crate::int::P2>: crate::bounds::DecimalIfFailed<Len<S>>,
    Eq<Len<S>, crate::int::P2>: UnzipIsPair<crate::bounds::DecIfFailed<Eq<Len<S>, crate::int::P2>, Len<S>>>,
    <Eq<Len<S>, crate::int::P2> as UnzipIsPair<crate::bounds::DecIfFailed<Eq<Len<S>, crate::int::P2>, Len<S>>>>::Ok<Layout<S, D>>: UnzipRank2,
{
    type Tile = <<Eq<Len<S>, crate::int::P2> as UnzipIsPair<crate::bounds::DecIfFailed<Eq<Len<S>, crate::int::P2>, Len<S>>>>::Ok<Layout<S, D>> as UnzipRank2>::Tile;
    type Rest = <<Eq<Len<S>, crate::int::P2> as UnzipIsPair<crate::bounds::DecIfFailed<Eq<Len<S>, crate::int::P2>, Len<S>>>>::Ok<Layout<S, D>> as UnzipRank2>::Rest;
    type InRange = B1;
}
/// A tuple mode kept by `_` must have rank 2 to be read as `(tile, rest)`: the rule on its bit,
/// with the mode's rank; `Ok<T>` is `T` where it holds (so that the unzip is not attempted where
/// it fails).
#[diagnostic::on_unimplemented(
    message = "divide/product by a tiler: Mismatched ranks (a mode kept by `_` is not a (tile, rest) pair): its rank is {Rank}, not 2",
    label = "a mode kept by `_` in the tiler must be a rank-2 (tile, rest) pair to be unzipped"
)]
pub trait UnzipIsPair<Rank = ()> {
    #[doc(hidden)]
    type Ok<T>;
}
impl<Rank> UnzipIsPair<Rank> for B1 {
    type Ok<T> = T;
}
/// `(tile, rest)` of a rank-2 mode.
#[doc(hidden)]
pub trait UnzipRank2 {
    type Tile;
    type Rest;
}
impl<S0, S1, D0, D1> UnzipRank2 for Layout<Tup<S0, Tup<S1, Nil>>, Tup<D0, Tup<D1, Nil>>> {
    // (tile, rest)
    type Tile = Layout<S0, D0>;
    type Rest = Layout<S1, D1>;
}

/// The tuple-guide case over the modes of the layout.
#[diagnostic::on_unimplemented(
    message = "divide/product by a tiler: Mismatched ranks (the tiler has more modes than the layout)",
    label = "the tiler has more modes than this layout"
)]
#[doc(hidden)]
pub trait UnzipList<G> {
    type Tile;
    type Rest;
    type InRange;
}
impl UnzipList<Nil> for Layout<Nil, Nil> {
    type Tile = Layout<Nil, Nil>;
    type Rest = Layout<Nil, Nil>;
    type InRange = B1;
}
impl<S0, ST, D0, DT> UnzipList<Nil> for Layout<Tup<S0, ST>, Tup<D0, DT>> {
    // the modes past the guide go to the rest
    type Tile = Layout<Nil, Nil>;
    type Rest = Layout<Tup<S0, ST>, Tup<D0, DT>>;
    type InRange = B1;
}
impl<S0, ST, D0, DT, G0, GT> UnzipList<Tup<G0, GT>> for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    Layout<S0, D0>: TileUnzipOp<G0>,
    Layout<ST, DT>: UnzipList<GT>,
    <Layout<S0, D0> as TileUnzipOp<G0>>::Tile: IsLayout,
    <Layout<S0, D0> as TileUnzipOp<G0>>::Rest: IsLayout,
    <Layout<ST, DT> as UnzipList<GT>>::Tile: IsLayout,
    <Layout<ST, DT> as UnzipList<GT>>::Rest: IsLayout,
    <Layout<S0, D0> as TileUnzipOp<G0>>::InRange: core::ops::BitAnd<<Layout<ST, DT> as UnzipList<GT>>::InRange>,
{
    type InRange = crate::int::And<<Layout<S0, D0> as TileUnzipOp<G0>>::InRange, <Layout<ST, DT> as UnzipList<GT>>::InRange>;
    // ((A,a),(B,b),...,x)  =>  (A,B,...) | (a,b,...,x)
    type Tile = ConsModes<<Layout<S0, D0> as TileUnzipOp<G0>>::Tile, <Layout<ST, DT> as UnzipList<GT>>::Tile>;
    type Rest = ConsModes<<Layout<S0, D0> as TileUnzipOp<G0>>::Rest, <Layout<ST, DT> as UnzipList<GT>>::Rest>;
}
/// The layout with mode `M` prepended to the (tuple) modes of `L`.
type ConsModes<M, L> = Layout<Tup<ShapeOf<M>, ShapeOf<L>>, Tup<StrideOf<M>, StrideOf<L>>>;

/// The tile part of `L` unzipped by `G`.
pub type UnzipTile<L, G> = <L as TileUnzipOp<G>>::Tile;
/// The rest part of `L` unzipped by `G`.
pub type UnzipRest<L, G> = <L as TileUnzipOp<G>>::Rest;

/// `tile_unzip(L, G)`: `(tiles, rests)` as a rank-2 layout, e.g. `((TileM,TileN),(RestM,RestN,L))`.
pub type TileUnzip<L, G> = Layout<
    Tup<ShapeOf<UnzipTile<L, G>>, Tup<ShapeOf<UnzipRest<L, G>>, Nil>>,
    Tup<StrideOf<UnzipTile<L, G>>, Tup<StrideOf<UnzipRest<L, G>>, Nil>>,
>;
/// The tiled form: `(tiles, rest_0, rest_1, ...)` (CuTe's `result(_, repeat<R1>(_))`).
pub type TileUnzipTiled<L, G> = Layout<
    Tup<ShapeOf<UnzipTile<L, G>>, Spread<ShapeOf<UnzipRest<L, G>>>>,
    Tup<StrideOf<UnzipTile<L, G>>, Spread<StrideOf<UnzipRest<L, G>>>>,
>;
/// The flat form: `(tile_0, tile_1, ..., rest_0, rest_1, ...)` (CuTe's
/// `result(repeat<R0>(_), repeat<R1>(_))`).
pub type TileUnzipFlat<L, G> = Layout<
    Concat<Spread<ShapeOf<UnzipTile<L, G>>>, Spread<ShapeOf<UnzipRest<L, G>>>>,
    Concat<Spread<StrideOf<UnzipTile<L, G>>>, Spread<StrideOf<UnzipRest<L, G>>>>,
>;

/// [`TileUnzip`] as a trait, for bounds.
pub trait TileUnzipZippedOp<G> {
    type Output;
}
impl<L: TileUnzipOp<G>, G> TileUnzipZippedOp<G> for L
where
    L::InRange: crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, false>> + crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, true>>,
    L::InRange: UnzipIndexInRange<
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, false>>,
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, true>>,
    >,
    L::Tile: IsLayout,
    L::Rest: IsLayout,
{
    type Output = TileUnzip<L, G>;
}
/// [`TileUnzipTiled`] as a trait, for bounds.
#[doc(hidden)]
pub trait TileUnzipTiledOp<G> {
    type Output;
}
impl<L: TileUnzipOp<G>, G> TileUnzipTiledOp<G> for L
where
    L::InRange: crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, false>> + crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, true>>,
    L::InRange: UnzipIndexInRange<
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, false>>,
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, true>>,
    >,
    L::Tile: IsLayout,
    L::Rest: IsLayout,
    ShapeOf<L::Rest>: SpreadOp,
    StrideOf<L::Rest>: SpreadOp,
{
    type Output = TileUnzipTiled<L, G>;
}
/// [`TileUnzipFlat`] as a trait, for bounds.
pub trait TileUnzipFlatOp<G> {
    type Output;
}
impl<L: TileUnzipOp<G>, G> TileUnzipFlatOp<G> for L
where
    L::InRange: crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, false>> + crate::bounds::DecimalIfFailed<UnzipBadMode<L, G, true>>,
    L::InRange: UnzipIndexInRange<
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, false>>,
        crate::bounds::DecIfFailed<L::InRange, UnzipBadMode<L, G, true>>,
    >,
    L::Tile: IsLayout,
    L::Rest: IsLayout,
    ShapeOf<L::Tile>: SpreadOp,
    StrideOf<L::Tile>: SpreadOp,
    ShapeOf<L::Rest>: SpreadOp,
    StrideOf<L::Rest>: SpreadOp,
    Spread<ShapeOf<L::Tile>>: ConcatOp<Spread<ShapeOf<L::Rest>>>,
    Spread<StrideOf<L::Tile>>: ConcatOp<Spread<StrideOf<L::Rest>>>,
{
    type Output = TileUnzipFlat<L, G>;
}

/// The modes a slice by `repeat<rank(X)>(_)` keeps of a mode `X`, as a list: the elements of a
/// tuple of rank other than 1, else `(X)` (an integer, or a rank-1 tuple, is kept whole).
#[doc(hidden)]
pub trait SpreadOp {
    type Output;
}
impl<N: Int> SpreadOp for N {
    type Output = Tup<N, Nil>;
}
impl SpreadOp for Nil {
    type Output = Nil;
}
impl<H> SpreadOp for Tup<H, Nil> {
    type Output = Tup<Tup<H, Nil>, Nil>;
}
impl<H, H2, T> SpreadOp for Tup<H, Tup<H2, T>> {
    type Output = Tup<H, Tup<H2, T>>;
}
/// See [`SpreadOp`].
pub type Spread<X> = <X as SpreadOp>::Output;

// ---------------------------------------------------------------------------------------------
// append<R>(A): rank padding with `_1:_0` modes

/// `append<R>(A)`: A padded to rank `R` with `_1:_0` modes (`R >= rank(A)`; an integral layout
/// of rank 1 stays integral when `R = 1`).
#[doc(hidden)]
pub trait AppendRankOp<R> {
    type Output;
}
impl<S, D, R> AppendRankOp<R> for Layout<S, D>
where
    S: IsTuple,
    Layout<S, D>: AppendRankBy<R, <S as IsTuple>::Output>,
{
    type Output = <Layout<S, D> as AppendRankBy<R, <S as IsTuple>::Output>>::Output;
}
#[doc(hidden)]
pub trait AppendRankBy<R, IsTup> {
    type Output;
}
impl<S, D, R> AppendRankBy<R, B1> for Layout<S, D>
where
    S: LenOp + ConcatOp<Repeat<Diff<R, Len<S>>, P1>>,
    D: ConcatOp<Repeat<Diff<R, Len<S>>, Z0>>,
    R: Sub<Len<S>>,
    Diff<R, Len<S>>: RepeatOp<P1> + RepeatOp<Z0>,
{
    // (s0,...,sk)  =>  (s0,...,sk,_1,...,_1)
    type Output = Layout<Concat<S, Repeat<Diff<R, Len<S>>, P1>>, Concat<D, Repeat<Diff<R, Len<S>>, Z0>>>;
}
impl<S, D, R> AppendRankBy<R, B0> for Layout<S, D>
where
    R: IsEqual<P1>,
    Layout<S, D>: AppendIntegral<R, Eq<R, P1>>,
{
    type Output = <Layout<S, D> as AppendIntegral<R, Eq<R, P1>>>::Output;
}
#[doc(hidden)]
pub trait AppendIntegral<R, IsOne> {
    type Output;
}
impl<S, D, R> AppendIntegral<R, B1> for Layout<S, D> {
    // s  =>  s
    type Output = Layout<S, D>;
}
impl<S, D, R> AppendIntegral<R, B0> for Layout<S, D>
where
    R: Sub<P1>,
    Diff<R, P1>: RepeatOp<P1> + RepeatOp<Z0>,
{
    // s  =>  (s,_1,...,_1)
    type Output = Layout<Tup<S, Repeat<Diff<R, P1>, P1>>, Tup<D, Repeat<Diff<R, P1>, Z0>>>;
}
/// `append<R>(A)`.
pub type AppendRank<A, R> = <A as AppendRankOp<R>>::Output;

// ---------------------------------------------------------------------------------------------
// zip(A, B) of two layouts

/// `zip(A, B)` of two layouts: for an integral `A`, the rank-1 layout `((A, B))`; for a tuple
/// `A`, `B` must be a tuple of the same rank and the result is `((A0,B0),(A1,B1),...)`. Other
/// inputs are rejected ("Mismatched Ranks").
#[doc(hidden)]
pub trait ZipLayoutsOp<B> {
    type Output;
}
impl<SA, DA, SB, DB> ZipLayoutsOp<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IsTuple,
    Layout<SA, DA>: ZipLayoutsBy<Layout<SB, DB>, <SA as IsTuple>::Output>,
{
    type Output = <Layout<SA, DA> as ZipLayoutsBy<Layout<SB, DB>, <SA as IsTuple>::Output>>::Output;
}
/// The zip of two layouts, dispatched on whether the first one's shape is a tuple.
pub trait ZipLayoutsBy<B, IsTup> {
    type Output;
}
impl<SA, DA, SB, DB> ZipLayoutsBy<Layout<SB, DB>, B0> for Layout<SA, DA> {
    // a, b  =>  ((a,b))
    type Output = Layout<Tup<Tup<SA, Tup<SB, Nil>>, Nil>, Tup<Tup<DA, Tup<DB, Nil>>, Nil>>;
}
impl<SA, DA, SB, DB> ZipLayoutsBy<Layout<SB, DB>, B1> for Layout<SA, DA>
where
    SA: SameRankAs<SB>,
    <SA as SameRankAs<SB>>::Output: crate::bounds::DecimalIfFailed<SA> + crate::bounds::DecimalIfFailed<SB>,
    <SA as SameRankAs<SB>>::Output: ZipRanksMatch<
        crate::bounds::DecIfFailed<<SA as SameRankAs<SB>>::Output, SA>,
        crate::bounds::DecIfFailed<<SA as SameRankAs<SB>>::Output, SB>,
    >,
    Layout<SA, DA>: ZipModesIf<Layout<SB, DB>, <SA as SameRankAs<SB>>::Output>,
{
    type Output = <Layout<SA, DA> as ZipModesIf<Layout<SB, DB>, <SA as SameRankAs<SB>>::Output>>::Output;
}
/// The zip of two tuple layouts once their ranks are known to agree (`B1`); `B0` is a
/// placeholder after the failed [`ZipRanksMatch`] check.
#[doc(hidden)]
pub trait ZipModesIf<B, Match> {
    type Output;
}
impl<SA, DA, SB, DB> ZipModesIf<Layout<SB, DB>, B1> for Layout<SA, DA>
where
    (SA, SB): ZipLists,
    (DA, DB): ZipLists,
{
    // (a0,a1,...), (b0,b1,...)  =>  ((a0,b0),(a1,b1),...)
    type Output = Layout<<(SA, SB) as ZipLists>::Output, <(DA, DB) as ZipLists>::Output>;
}
impl<A, B> ZipModesIf<B, B0> for A {
    type Output = A;
}

/// Rejects a zip of two layouts whose ranks differ.
#[diagnostic::on_unimplemented(
    message = "zip of two layouts (blocked_product, raked_product): Mismatched Ranks (the second shape must be a tuple of the first one's rank): the shapes {A} and {B}",
    label = "zip of two layouts needs equal ranks"
)]
pub trait ZipRanksMatch<A = (), B = ()>: Sealed {}
impl<A, B> ZipRanksMatch<A, B> for B1 {}

/// Whether `B` is a tuple of the same length as the list `Self`, as a bit.
#[doc(hidden)]
pub trait SameRankAs<B> {
    type Output;
}
impl<A: LenOp, N: Int> SameRankAs<N> for A {
    type Output = B0;
}
impl<A: LenOp> SameRankAs<Nil> for A
where
    Len<A>: IsEqual<Z0>,
{
    type Output = Eq<Len<A>, Z0>;
}
impl<A: LenOp, H, T> SameRankAs<Tup<H, T>> for A
where
    Tup<H, T>: LenOp,
    Len<A>: IsEqual<Len<Tup<H, T>>>,
{
    type Output = Eq<Len<A>, Len<Tup<H, T>>>;
}

/// `((a0,b0),(a1,b1),...)` of two lists of the same length.
#[doc(hidden)]
pub trait ZipLists {
    type Output;
}
impl ZipLists for (Nil, Nil) {
    type Output = Nil;
}
impl<A0, AT, B0_, BT> ZipLists for (Tup<A0, AT>, Tup<B0_, BT>)
where
    (AT, BT): ZipLists,
{
    type Output = Tup<Tup<A0, Tup<B0_, Nil>>, <(AT, BT) as ZipLists>::Output>;
}
/// `zip(A, B)` of two layouts.
pub type ZipLayouts<A, B> = <A as ZipLayoutsOp<B>>::Output;

// ---------------------------------------------------------------------------------------------
// product_each

/// `product_each(S)`: the product of every mode, as a flat tuple (an integer gives `(n)`).
#[doc(hidden)]
pub trait ProductEachOp {
    type Output;
}
impl<N: Int> ProductEachOp for N {
    type Output = Tup<N, Nil>;
}
impl ProductEachOp for Nil {
    type Output = Nil;
}
impl<H, T> ProductEachOp for Tup<H, T>
where
    H: crate::tuple::ProductOp,
    T: ProductEachOp,
{
    type Output = Tup<crate::tuple::Product<H>, <T as ProductEachOp>::Output>;
}
/// `product_each(S)`.
pub type ProductEach<S> = <S as ProductEachOp>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    /// A stand-in operation with a divide's structure: `(L, A)` as a rank-2 layout, so that the
    /// by-mode machinery can be checked on its own.
    struct Pair;
    impl<A: IsLayout, L: IsLayout> LayoutTilerFn<A, L> for Pair {
        // (tile, rest)
        type Output = Layout<
            Tup<ShapeOf<L>, Tup<ShapeOf<A>, Nil>>,
            Tup<StrideOf<L>, Tup<StrideOf<A>, Nil>>,
        >;
    }
    impl<A, T> TupleTilerFn<A, T> for Pair
    where
        A: TilerByMode<T, Pair>,
    {
        type Output = <A as TilerByMode<T, Pair>>::Output;
    }
    type P<A, T> = <A as ApplyTiler<T, Pair>>::Output;

    #[test]
    fn tiler_kinds() {
        assert_eq!(show::<P<cute!((_8,_4):(_1,_8)), cute!(_2:_3)>>(), "(_2,(_8,_4)):(_3,(_1,_8))");
        // N means make_layout(N): N:_1, and _1:_0
        assert_eq!(show::<P<cute!((_8,_4):(_1,_8)), cute!(_2)>>(), "(_2,(_8,_4)):(_1,(_1,_8))");
        assert_eq!(show::<P<cute!((_8,_4):(_1,_8)), cute!(_1)>>(), "(_1,(_8,_4)):(_0,(_1,_8))");
        // _ keeps A
        assert_eq!(show::<P<cute!((_8,_4):(_1,_8)), cute!(_)>>(), "(_8,_4):(_1,_8)");
        // by mode, modes past the tiler kept
        assert_eq!(show::<P<cute!((_8,_4,_3):(_1,_8,_32)), cute!((_2,_))>>(), "((_2,_8),_4,_3):((_1,_1),_8,_32)");
        assert_eq!(show::<P<cute!((_8,(_4,_3)):(_1,(_8,_32))), cute!((_,(_2:_2,_3)))>>(), "(_8,((_2,_4),(_3,_3))):(_1,((_2,_8),(_1,_32)))");
        // an integral layout is one mode
        assert_eq!(show::<P<cute!(_8:_1), cute!((_2))>>(), "((_2,_8)):((_1,_1))");
        assert_eq!(show::<P<cute!(_8:_1), cute!(())>>(), "(_8):(_1)");
    }

    type Z<A, T> = TileUnzip<P<A, T>, T>;
    type Ti<A, T> = TileUnzipTiled<P<A, T>, T>;
    type F<A, T> = TileUnzipFlat<P<A, T>, T>;

    #[test]
    fn unzip() {
        // a leaf guide: the (tile, rest) pair itself
        assert_eq!(show::<Z<cute!((_8,_4):(_1,_8)), cute!(_2:_3)>>(), "(_2,(_8,_4)):(_3,(_1,_8))");
        assert_eq!(show::<Ti<cute!((_8,_4):(_1,_8)), cute!(_2:_3)>>(), "(_2,_8,_4):(_3,_1,_8)");
        assert_eq!(show::<F<cute!((_8,_4):(_1,_8)), cute!(_2:_3)>>(), "(_2,_8,_4):(_3,_1,_8)");
        // a tuple guide: tiles, then rests and the modes past the guide
        assert_eq!(show::<Z<cute!((_8,_4,_3):(_1,_8,_32)), cute!((_2,_2))>>(), "((_2,_2),(_8,_4,_3)):((_1,_1),(_1,_8,_32))");
        assert_eq!(show::<Ti<cute!((_8,_4,_3):(_1,_8,_32)), cute!((_2,_2))>>(), "((_2,_2),_8,_4,_3):((_1,_1),_1,_8,_32)");
        assert_eq!(show::<F<cute!((_8,_4,_3):(_1,_8,_32)), cute!((_2,_2))>>(), "(_2,_2,_8,_4,_3):(_1,_1,_1,_8,_32)");
        // rank-1 results stay tuples
        assert_eq!(show::<Z<cute!(_8:_1), cute!((_2))>>(), "((_2),(_8)):((_1),(_1))");
        assert_eq!(show::<Ti<cute!(_8:_1), cute!((_2))>>(), "((_2),(_8)):((_1),(_1))");
        assert_eq!(show::<F<cute!(_8:_1), cute!((_2))>>(), "((_2),(_8)):((_1),(_1))");
        // `_` on a rank-2 mode (a,b): tile a, rest b (README item 24)
        assert_eq!(show::<Z<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!((_2,_))>>(), "((_2,_8),(_4,_2)):((_1,_4),(_1,_32))");
        assert_eq!(show::<Ti<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!((_2,_))>>(), "((_2,_8),_4,_2):((_1,_4),_1,_32)");
        // nested guide
        assert_eq!(show::<Z<cute!((_8,(_4,_3)):(_1,(_8,_32))), cute!((_2,(_2:_2,_3)))>>(), "((_2,(_2,_3)),(_8,(_4,_3))):((_1,(_2,_1)),(_1,(_8,_32)))");
    }

    #[test]
    fn padding_and_zip() {
        assert_eq!(show::<AppendRank<cute!(_8:_1), P1>>(), "_8:_1");
        assert_eq!(show::<AppendRank<cute!(_8:_1), typenum::P3>>(), "(_8,_1,_1):(_1,_0,_0)");
        assert_eq!(show::<AppendRank<cute!((_8):(_1)), P1>>(), "(_8):(_1)");
        assert_eq!(show::<AppendRank<cute!((_8,_2):(_1,_8)), typenum::P3>>(), "(_8,_2,_1):(_1,_8,_0)");
        assert_eq!(show::<ZipLayouts<cute!(_8:_1), cute!((_2,_3):(_8,_16))>>(), "((_8,(_2,_3))):((_1,(_8,_16)))");
        assert_eq!(show::<ZipLayouts<cute!((_8,_4):(_1,_8)), cute!((_2,_3):(_32,_64))>>(), "((_8,_2),(_4,_3)):((_1,_32),(_8,_64))");
        assert_eq!(show::<ProductEach<cute!((_8,(_4,_2),_3))>>(), "(_8,_8,_3)");
        assert_eq!(show::<ProductEach<cute!(_8)>>(), "(_8)");
    }
}
