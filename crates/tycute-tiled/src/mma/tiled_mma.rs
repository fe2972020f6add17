//! `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>` and `make_tiled_mma`: an MMA atom tiled over
//! threads (`AtomLayoutMNK`) and over a permuted `M x N x K` tile (`PermutationMNK`), with its
//! compile-time members `get_thr_layout_vmnk()`, `permutation_mnk<I>()`, `tile_size_mnk<I>()` and
//! `size(mma)`.
//!
//! ```text
//! ThrLayoutVMNK     = tiled_product(AtomThrID, AtomLayoutMNK)   // (ThrV,ThrM,ThrN,ThrK) -> thr_idx
//! permutation_mnk<I> = get<I>(PermutationMNK), or size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK) for `_`
//! tile_size_mnk<I>   = size(permutation_mnk<I>)
//! ```
//!
//! The members are the associated types of [`TiledMma`], computed once per TiledMMA type by the
//! impl for [`TiledMMA`]; the aliases [`ThrLayoutVMNK`], [`PermutationMNK`], [`TileSize`] and
//! `tycute::Size<TM>` read them. Every check below is a bound of that impl, so a TiledMMA that
//! fails one is rejected wherever it is used.

use core::marker::PhantomData;
use core::ops::{Mul, Rem};

use tycute_atom::MmaTraits;
use tycute_layout::algebra::product::TiledProductOp;
use tycute_layout::algebra::tiler::{AppendRank, KInt, KLayout, KUnder, TilerKind};
use tycute_layout::int::{Eq, IsEqual, IsLessOrEqual, LeEq, Mod, Prod, B1, P1, Z0};
use tycute_layout::layout::{CosizeOp, RankOfOp, SizeOp};
use tycute_layout::tuple::{At, Concat, ConcatOp, Len, LenOp, Nil, Product, ProductOp, Repeat, RepeatOp, Tup};
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::bounds::{Dec, DecIfFailed, DecimalIfFailed};
use tycute_layout::{Cosize, Layout, MakeLayoutLeft, Rank, Size, TiledProduct, Underscore};
use typenum::P3;

use crate::sealed::Sealed;

/// `(A, B, C)`: CuTe's `Tile<A, B, C>` (and `Shape<A, B, C>`).
pub type Tile3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;
/// `Tile<_, _, _>`: no permutation (each mode's tile is the atom shape times the atom layout).
pub type NoPermutation = Tile3<Underscore, Underscore, Underscore>;

/// CuTe's `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`.
///
/// * `Atom`: an MMA atom, `tycute_atom::MMA_Atom<Op>` (or the operation `Op` itself: both
///   implement [`MmaTraits`] with the same members);
/// * `AtomLayoutMNK`: a rank-3 layout `(M,N,K) -> atom index`, how many atoms tile each mode and
///   in which order their thread groups are numbered;
/// * `PermutationMNK`: a rank-3 tuple; element `I` is `_` (no permutation: the tile is
///   `size<I>(Shape_MNK) * size<I>(AtomLayoutMNK)`), an integer `N` (a tile of `N`, identity
///   order), or a layout (the tile is its size, its rows reordered by the layout).
///
/// [`MakeTiledMma`] pads shorter arguments as `make_tiled_mma` does. The members are the
/// associated types of [`TiledMma`].
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_layout::{show, Size, typenum::{Z0, P1, P2}};
/// use tycute_macros::cute;
/// use tycute_tiled::mma::*;
///
/// type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,(_8,_4,_2):(_1,_16,_8),_16))>;
/// assert_eq!(show::<ThrLayoutVMNK<TM>>(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(show::<PermutationMNK<TM, P1>>(), "(_8,_4,_2):(_1,_16,_8)");
/// assert_eq!(show::<TileSize<TM, P1>>(), "_64");
/// assert_eq!(show::<TileShape<TM>>(), "(_32,_64,_16)");
/// assert_eq!(show::<Size<TM>>(), "_128");
/// ```
pub struct TiledMMA<Atom, AtomLayoutMNK, PermutationMNK = NoPermutation>(
    PhantomData<fn() -> (Atom, AtomLayoutMNK, PermutationMNK)>,
);
impl<Atom, L, P> crate::sealed::Sealed for TiledMMA<Atom, L, P> {}
impl<Atom, L, P> Default for TiledMMA<Atom, L, P> {
    fn default() -> Self {
        TiledMMA(PhantomData)
    }
}
impl<Atom, L, P> Clone for TiledMMA<Atom, L, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Atom, L, P> Copy for TiledMMA<Atom, L, P> {}

/// `make_tiled_mma(atom, thr_layout, permutations)`: `thr_layout` padded to rank 3 with `_1:_0`
/// modes, `permutations` padded to rank 3 with `_` (defaults: `(_1,_1,_1):(_0,_0,_0)` and `(_,_,_)`).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_layout::show;
/// use tycute_macros::cute;
/// use tycute_tiled::mma::*;
///
/// // the sgemm_sm80 TiledMMA: make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})
/// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_32,_32,_16))>;
/// assert_eq!(show::<ThrLayoutVMNK<TM>>(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(show::<GetLayoutC_TV<TM>>(), "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
/// ```
pub type MakeTiledMma<Atom, ThrLayout = Layout<Tile3<P1, P1, P1>, Tile3<Z0, Z0, Z0>>, Permutations = NoPermutation> =
    TiledMMA<Atom, AppendRank<ThrLayout, P3>, <Permutations as AppendUnderscoresOp>::Output>;

/// `append<3>(permutations, _)`: a tuple padded to rank 3 with `_`.
#[doc(hidden)]
pub trait AppendUnderscoresOp {
    type Output;
}
impl<P> AppendUnderscoresOp for P
where
    P: LenOp + ConcatOp<Repeat<<P3 as core::ops::Sub<Len<P>>>::Output, Underscore>>,
    P3: core::ops::Sub<Len<P>>,
    <P3 as core::ops::Sub<Len<P>>>::Output: RepeatOp<Underscore>,
{
    // (p0,...)  =>  (p0,...,_,...,_)
    type Output = Concat<P, Repeat<<P3 as core::ops::Sub<Len<P>>>::Output, Underscore>>;
}

// ---------------------------------------------------------------------------------------------
// The members

/// CuTe's `TiledMMA` members that are types (evaluated once per TiledMMA).
///
/// Implemented for [`TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`] when `AtomLayoutMNK` has
/// rank 3, `PermutationMNK` is a rank-3 tuple and the tiling passes tycute's tile rule (see
/// [`TiledMmaTileCoversAtomsM`]).
pub trait TiledMma: Sealed {
    /// `MMA_Atom`.
    type Atom: MmaTraits;
    /// `AtomShape_MNK`: `(AtomM, AtomN, AtomK)`.
    type AtomShape_MNK;
    /// `AtomThrID`: atom thread id -> thread index inside the atom's group.
    type AtomThrID;
    /// `AtomLayoutA_TV`: `(ThrV, FrgV) -> (AtomM, AtomK)`.
    type AtomLayoutA_TV;
    /// `AtomLayoutB_TV`: `(ThrV, FrgV) -> (AtomN, AtomK)`.
    type AtomLayoutB_TV;
    /// `AtomLayoutC_TV`: `(ThrV, FrgV) -> (AtomM, AtomN)`.
    type AtomLayoutC_TV;
    /// The `AtomLayoutMNK` argument.
    type AtomLayoutMNK;
    /// The `PermutationMNK` argument.
    type Permutations;
    /// `get_thr_layout_vmnk()`: `(ThrV,ThrM,ThrN,ThrK) -> thr_idx`.
    type ThrLayoutVMNK;
    /// `size<0>(AtomShape_MNK)`.
    type AtomM;
    /// `size<1>(AtomShape_MNK)`.
    type AtomN;
    /// `size<2>(AtomShape_MNK)`.
    type AtomK;
    /// `size<0>(ThrLayoutVMNK)`: the threads of one atom.
    type ThrV;
    /// `size<1>(ThrLayoutVMNK)`: thread groups (atoms) along M.
    type ThrM;
    /// `size<2>(ThrLayoutVMNK)`: thread groups along N.
    type ThrN;
    /// `size<3>(ThrLayoutVMNK)`: thread groups along K.
    type ThrK;
    /// `permutation_mnk<0>()`.
    type PermM;
    /// `permutation_mnk<1>()`.
    type PermN;
    /// `permutation_mnk<2>()`.
    type PermK;
    /// `tile_size_mnk<0>()`.
    type TileM;
    /// `tile_size_mnk<1>()`.
    type TileN;
    /// `tile_size_mnk<2>()`.
    type TileK;
    /// `size(ThrLayoutVMNK)`: the number of threads.
    type Size;
    /// `make_layout((tile_size<0>, tile_size<2>))`: the reference A tile of `get_layoutA_TV`.
    type RefA;
    /// `make_layout((tile_size<1>, tile_size<2>))`: the reference B tile of `get_layoutB_TV`.
    type RefB;
    /// `make_layout((tile_size<0>, tile_size<1>))`: the reference C tile of `get_layoutC_TV`.
    type RefC;
}

/// `mma.get_thr_layout_vmnk()`.
pub type ThrLayoutVMNK<TM> = <TM as TiledMma>::ThrLayoutVMNK;
/// `(permutation_mnk<0>(), permutation_mnk<1>(), permutation_mnk<2>())`.
pub type Permutations<TM> = Tile3<<TM as TiledMma>::PermM, <TM as TiledMma>::PermN, <TM as TiledMma>::PermK>;
/// `mma.permutation_mnk<I>()` (`I` = `P0`, `P1`, `P2`).
pub type PermutationMNK<TM, I> = At<Permutations<TM>, I>;
/// `tile_shape(mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
pub type TileShape<TM> = Tile3<<TM as TiledMma>::TileM, <TM as TiledMma>::TileN, <TM as TiledMma>::TileK>;
/// `tile_size<I>(mma)` (`I` = `P0`, `P1`, `P2`).
pub type TileSize<TM, I> = At<TileShape<TM>, I>;
/// `size(mma)` = `thr_size(mma)`: the number of threads (also `tycute::Size<TM>`).
pub type ThrSize<TM> = <TM as TiledMma>::Size;

impl<Atom, L, P> SizeOp for TiledMMA<Atom, L, P>
where
    TiledMMA<Atom, L, P>: TiledMma,
{
    type Output = <TiledMMA<Atom, L, P> as TiledMma>::Size;
}

// ---------------------------------------------------------------------------------------------
// Checks

/// CuTe's `static_assert(rank_v<AtomLayoutMNK> == 3)`, on its bit; also a gate to the members
/// (`Ok<T>` is `T` where the check holds). `RankNum` is `rank(AtomLayoutMNK)` in decimal where
/// it fails.
#[diagnostic::on_unimplemented(
    message = "TiledMMA requires rank-3 AtomLayoutMNK: rank(AtomLayoutMNK) = {RankNum}",
    label = "the atom layout of this TiledMMA has rank {RankNum}, not 3 (make_tiled_mma / MakeTiledMma pads a shorter one with _1:_0 modes)"
)]
pub trait TiledMmaAtomLayoutRank3<RankNum = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<RankNum> TiledMmaAtomLayoutRank3<RankNum> for B1 {
    type Ok<T> = T;
}

/// CuTe's `static_assert(rank_v<PermutationMNK> == 3)` (and `is_tuple<PermutationMNK>`, see
/// [`PermutationRankOp`]), on its bit; also a gate to the members. `RankNum` is the tuple's rank
/// in decimal where it is not 3.
#[diagnostic::on_unimplemented(
    message = "TiledMMA requires rank-3 PermutationMNK: rank(PermutationMNK) = {RankNum}",
    label = "the permutation of this TiledMMA has rank {RankNum}, not 3 (make_tiled_mma / MakeTiledMma pads a shorter one with `_`)"
)]
pub trait TiledMmaPermutationRank3<RankNum = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<RankNum> TiledMmaPermutationRank3<RankNum> for B1 {
    type Ok<T> = T;
}

/// `rank(PermutationMNK) == 3` of a permutation tuple as a bit, and its rank in decimal where it
/// is not 3 (`()` where it is).
#[diagnostic::on_unimplemented(
    message = "TiledMMA requires rank-3 PermutationMNK: PermutationMNK must be a tuple",
    label = "the permutation of this TiledMMA is not a tuple"
)]
#[doc(hidden)]
pub trait PermutationRankOp {
    type Bit;
    type Num;
}
impl<H, T> PermutationRankOp for Tup<H, T>
where
    Tup<H, T>: LenOp,
    Len<Tup<H, T>>: IsEqual<P3>,
    Eq<Len<Tup<H, T>>, P3>: DecimalIfFailed<Len<Tup<H, T>>>,
{
    type Bit = Eq<Len<Tup<H, T>>, P3>;
    type Num = DecIfFailed<Eq<Len<Tup<H, T>>, P3>, Len<Tup<H, T>>>;
}
impl PermutationRankOp for Nil {
    type Bit = typenum::B0;
    type Num = Dec<Z0>;
}
/// The bit of [`TiledMmaPermutationRank3`].
#[doc(hidden)]
pub type PermRankBit<P> = <P as PermutationRankOp>::Bit;
/// The number of [`TiledMmaPermutationRank3`]'s message.
#[doc(hidden)]
pub type PermRankNum<P> = <P as PermutationRankOp>::Num;

/// tycute's tile rule in M: `tile_size<0> % (size<0>(AtomShape_MNK) * size<1>(ThrLayoutVMNK)) == 0`,
/// on its bit, with `tile_size<0>`, `size<0>(AtomShape_MNK)` and `size<0>(AtomLayoutMNK)` in
/// decimal (rendered only when it fails).
///
/// CuTe does not check the permutation tile against the atoms (vectors README, semantics item
/// 23): with a tile that the atoms times the atom layout do not divide, `thrfrg_X` rounds the
/// rest up (a `logical_divide` by a tiler that does not divide the layout extends it), and
/// `get_layoutA/B/C_TV` then map (thread, value) pairs past the tile. tycute rejects such a
/// TiledMMA as a whole (README, "Where tycute deliberately differs", item 2).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the permutation tile in M must be a multiple of the atom's M times the atom layout's M (tile_size<0> % (size<0>(AtomShape_MNK) * size<0>(AtomLayoutMNK)) == 0); otherwise get_layoutA_TV/get_layoutC_TV index past the tile: tile_size<0> = {Tile}, size<0>(AtomShape_MNK) = {Atom}, size<0>(AtomLayoutMNK) = {Thr}",
    label = "the M tile {Tile} is not a multiple of {Atom} * {Thr}"
)]
pub trait TiledMmaTileCoversAtomsM<Tile = (), Atom = (), Thr = ()>: Sealed {}
impl<Tile, Atom, Thr> TiledMmaTileCoversAtomsM<Tile, Atom, Thr> for B1 {}

/// tycute's tile rule in N (see [`TiledMmaTileCoversAtomsM`]).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the permutation tile in N must be a multiple of the atom's N times the atom layout's N (tile_size<1> % (size<1>(AtomShape_MNK) * size<1>(AtomLayoutMNK)) == 0); otherwise get_layoutB_TV/get_layoutC_TV index past the tile: tile_size<1> = {Tile}, size<1>(AtomShape_MNK) = {Atom}, size<1>(AtomLayoutMNK) = {Thr}",
    label = "the N tile {Tile} is not a multiple of {Atom} * {Thr}"
)]
pub trait TiledMmaTileCoversAtomsN<Tile = (), Atom = (), Thr = ()>: Sealed {}
impl<Tile, Atom, Thr> TiledMmaTileCoversAtomsN<Tile, Atom, Thr> for B1 {}

/// tycute's tile rule in K (see [`TiledMmaTileCoversAtomsM`]).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the permutation tile in K must be a multiple of the atom's K times the atom layout's K (tile_size<2> % (size<2>(AtomShape_MNK) * size<2>(AtomLayoutMNK)) == 0); otherwise get_layoutA_TV/get_layoutB_TV index past the tile: tile_size<2> = {Tile}, size<2>(AtomShape_MNK) = {Atom}, size<2>(AtomLayoutMNK) = {Thr}",
    label = "the K tile {Tile} is not a multiple of {Atom} * {Thr}"
)]
pub trait TiledMmaTileCoversAtomsK<Tile = (), Atom = (), Thr = ()>: Sealed {}
impl<Tile, Atom, Thr> TiledMmaTileCoversAtomsK<Tile, Atom, Thr> for B1 {}

/// tycute's rule on K thread groups: `size<2>(AtomLayoutMNK) == 1`.
///
/// `get_layoutC_TV` composes the `(ThrV,(ThrM,ThrN))` mode of `thrfrg_C`, which has
/// `size(ThrLayoutVMNK) / ThrK` threads, with the map from all `size(ThrLayoutVMNK)` thread
/// indices: the threads of the second and later K groups run past that mode and index past the
/// C tile (e.g. `(_2,_2,_2):(_1,_2,_4)` atoms of `SM80_16x8x16` on a `64x64x16` tile: thread 255,
/// value 31 maps to 5119 in a 4096-element C tile).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the atom layout must have size 1 in K (size<2>(AtomLayoutMNK) == 1); with several thread groups along K, get_layoutC_TV maps the later groups past the C tile: size<2>(AtomLayoutMNK) = {K}",
    label = "{K} thread groups along K"
)]
pub trait TiledMmaSingleKGroup<K = ()>: Sealed {}
impl<K> TiledMmaSingleKGroup<K> for B1 {}

/// tycute's rule on permutation layouts: `cosize(perm) <= size(perm)`, so that the permuted
/// rows stay inside the tile of `size(perm)` rows; with the cosize and the size in decimal where
/// it fails.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: a permutation layout must map into its tile (cosize(permutation_mnk<I>) <= size(permutation_mnk<I>)); otherwise thrfrg_X and get_layoutX_TV index past the tile: cosize {Cosize} > size {Size}",
    label = "this permutation layout reaches past its own size: cosize {Cosize} > size {Size}"
)]
pub trait TiledMmaPermutationInTile<Cosize = (), Size = ()>: Sealed {}
impl<Cosize, Size> TiledMmaPermutationInTile<Cosize, Size> for B1 {}

// ---------------------------------------------------------------------------------------------
// The computation (behind the rank gate, so that a rank error is the only error)

/// The members of `TiledMMA<Atom, L, P>` once the ranks are known to be right.
pub struct Parts<Atom, L, P>(PhantomData<fn() -> (Atom, L, P)>);

/// `(size<0>, size<1>, size<2>)` of a rank-3 shape (`AtomShape_MNK`).
#[doc(hidden)]
pub trait MnkSizes {
    type M;
    type N;
    type K;
}
impl<M: ProductOp, N: ProductOp, K: ProductOp> MnkSizes for Tile3<M, N, K> {
    type M = Product<M>;
    type N = Product<N>;
    type K = Product<K>;
}

/// The sizes of the four modes of `ThrLayoutVMNK` and its size.
#[doc(hidden)]
pub trait VmnkSizes {
    type V;
    type M;
    type N;
    type K;
    type Size;
}
impl<SV, SM, SN, SK, D> VmnkSizes for Layout<Tup<SV, Tup<SM, Tup<SN, Tup<SK, Nil>>>>, D>
where
    SV: ProductOp,
    SM: ProductOp,
    SN: ProductOp,
    SK: ProductOp,
    Tup<SV, Tup<SM, Tup<SN, Tup<SK, Nil>>>>: ProductOp,
{
    type V = Product<SV>;
    type M = Product<SM>;
    type N = Product<SN>;
    type K = Product<SK>;
    type Size = Product<Tup<SV, Tup<SM, Tup<SN, Tup<SK, Nil>>>>>;
}

/// `permutation_mnk<I>()` from element `I` of `PermutationMNK` and the default tile
/// `size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)`; `InTile` is the bit of
/// [`TiledMmaPermutationInTile`].
#[doc(hidden)]
pub trait ResolvePerm<Default> {
    type Output;
    type InTile;
    /// `cosize(perm)` in decimal where `InTile` is `B0`, else `()`.
    type CosizeNum;
    /// `size(perm)` in decimal where `InTile` is `B0`, else `()`.
    type SizeNum;
}
impl<Default, P: TilerKind> ResolvePerm<Default> for P
where
    P: ResolvePermBy<Default, P::Kind>,
{
    type Output = <P as ResolvePermBy<Default, P::Kind>>::Output;
    type InTile = <P as ResolvePermBy<Default, P::Kind>>::InTile;
    type CosizeNum = <P as ResolvePermBy<Default, P::Kind>>::CosizeNum;
    type SizeNum = <P as ResolvePermBy<Default, P::Kind>>::SizeNum;
}
/// [`ResolvePerm`] by the kind of the permutation element.
#[doc(hidden)]
pub trait ResolvePermBy<Default, Kind> {
    type Output;
    type InTile;
    type CosizeNum;
    type SizeNum;
}
impl<Default> ResolvePermBy<Default, KUnder> for Underscore {
    // _  =>  size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)
    type Output = Default;
    type InTile = B1;
    type CosizeNum = ();
    type SizeNum = ();
}
impl<Default, N> ResolvePermBy<Default, KInt> for N {
    type Output = N;
    type InTile = B1;
    type CosizeNum = ();
    type SizeNum = ();
}
impl<Default, S, D> ResolvePermBy<Default, KLayout> for Layout<S, D>
where
    Layout<S, D>: CosizeOp + SizeOp,
    Cosize<Layout<S, D>>: IsLessOrEqual<Size<Layout<S, D>>>,
    LeEq<Cosize<Layout<S, D>>, Size<Layout<S, D>>>: DecimalIfFailed<Cosize<Layout<S, D>>> + DecimalIfFailed<Size<Layout<S, D>>>,
{
    type Output = Layout<S, D>;
    type InTile = LeEq<Cosize<Layout<S, D>>, Size<Layout<S, D>>>;
    type CosizeNum = DecIfFailed<LeEq<Cosize<Layout<S, D>>, Size<Layout<S, D>>>, Cosize<Layout<S, D>>>;
    type SizeNum = DecIfFailed<LeEq<Cosize<Layout<S, D>>, Size<Layout<S, D>>>, Size<Layout<S, D>>>;
}

/// `tile % (atom * thr) == 0` as a bit.
#[doc(hidden)]
pub type Covers<Tile, Atom, Thr> = Eq<Mod<Tile, Prod<Atom, Thr>>, Z0>;

/// The members of a TiledMMA's [`Parts`] (its atom, thread layout, tile sizes), on which
/// `thrfrg`, the TV layouts and the partitions are computed.
pub trait TiledMmaParts {
    type Atom: MmaTraits;
    type ThrLayoutVMNK;
    type AtomM;
    type AtomN;
    type AtomK;
    type ThrV;
    type ThrM;
    type ThrN;
    type ThrK;
    type PermM;
    type PermN;
    type PermK;
    type TileM;
    type TileN;
    type TileK;
    type Size;
    type RefA;
    type RefB;
    type RefC;
}

// (ThrV,ThrM,ThrN,ThrK) -> thr_idx
type Vmnk<Atom, L> = TiledProduct<<Atom as MmaTraits>::ThrID, L>;
type AM<Atom> = <<Atom as MmaTraits>::Shape_MNK as MnkSizes>::M;
type AN<Atom> = <<Atom as MmaTraits>::Shape_MNK as MnkSizes>::N;
type AK<Atom> = <<Atom as MmaTraits>::Shape_MNK as MnkSizes>::K;
type TM_<Atom, L> = <Vmnk<Atom, L> as VmnkSizes>::M;
type TN_<Atom, L> = <Vmnk<Atom, L> as VmnkSizes>::N;
type TK_<Atom, L> = <Vmnk<Atom, L> as VmnkSizes>::K;
// permutation_mnk<I>
type PermOf<P, Atom, Thr> = <P as ResolvePerm<Prod<Atom, Thr>>>::Output;
type PM<Atom, L, P> = PermOf<P, AM<Atom>, TM_<Atom, L>>;
type PN<Atom, L, P> = PermOf<P, AN<Atom>, TN_<Atom, L>>;
type PK<Atom, L, P> = PermOf<P, AK<Atom>, TK_<Atom, L>>;
type InTile<P, Atom, Thr> = <P as ResolvePerm<Prod<Atom, Thr>>>::InTile;
// the numbers of the tile rule in a mode (tile, atom, thr), in decimal where it fails
type CoverNum<Tile, Atom, Thr, X> = DecIfFailed<Covers<Tile, Atom, Thr>, X>;
// tile_size_mnk<I>
type SM<Atom, L, P> = Size<PM<Atom, L, P>>;
type SN<Atom, L, P> = Size<PN<Atom, L, P>>;
type SK<Atom, L, P> = Size<PK<Atom, L, P>>;
type Pair<A, B> = Tup<A, Tup<B, Nil>>;

impl<Atom, L, Pm, Pn, Pk> TiledMmaParts for Parts<Atom, L, Tile3<Pm, Pn, Pk>>
where
    Atom: MmaTraits,
    Atom::Shape_MNK: MnkSizes,
    Atom::ThrID: TiledProductOp<L>,
    Vmnk<Atom, L>: VmnkSizes,
    // permutation_mnk<I>: the element, or size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK) for `_`
    AM<Atom>: Mul<TM_<Atom, L>>,
    AN<Atom>: Mul<TN_<Atom, L>>,
    AK<Atom>: Mul<TK_<Atom, L>>,
    Pm: ResolvePerm<Prod<AM<Atom>, TM_<Atom, L>>>,
    Pn: ResolvePerm<Prod<AN<Atom>, TN_<Atom, L>>>,
    Pk: ResolvePerm<Prod<AK<Atom>, TK_<Atom, L>>>,
    InTile<Pm, AM<Atom>, TM_<Atom, L>>: TiledMmaPermutationInTile<
        <Pm as ResolvePerm<Prod<AM<Atom>, TM_<Atom, L>>>>::CosizeNum,
        <Pm as ResolvePerm<Prod<AM<Atom>, TM_<Atom, L>>>>::SizeNum,
    >,
    InTile<Pn, AN<Atom>, TN_<Atom, L>>: TiledMmaPermutationInTile<
        <Pn as ResolvePerm<Prod<AN<Atom>, TN_<Atom, L>>>>::CosizeNum,
        <Pn as ResolvePerm<Prod<AN<Atom>, TN_<Atom, L>>>>::SizeNum,
    >,
    InTile<Pk, AK<Atom>, TK_<Atom, L>>: TiledMmaPermutationInTile<
        <Pk as ResolvePerm<Prod<AK<Atom>, TK_<Atom, L>>>>::CosizeNum,
        <Pk as ResolvePerm<Prod<AK<Atom>, TK_<Atom, L>>>>::SizeNum,
    >,
    // tile_size_mnk<I> = size(permutation_mnk<I>)
    PM<Atom, L, Pm>: SizeOp,
    PN<Atom, L, Pn>: SizeOp,
    PK<Atom, L, Pk>: SizeOp,
    // tycute's tile rule: tile % (atom * thr) == 0 in every mode, one thread group along K
    SM<Atom, L, Pm>: Rem<Prod<AM<Atom>, TM_<Atom, L>>>,
    SN<Atom, L, Pn>: Rem<Prod<AN<Atom>, TN_<Atom, L>>>,
    SK<Atom, L, Pk>: Rem<Prod<AK<Atom>, TK_<Atom, L>>>,
    Mod<SM<Atom, L, Pm>, Prod<AM<Atom>, TM_<Atom, L>>>: IsEqual<Z0>,
    Mod<SN<Atom, L, Pn>, Prod<AN<Atom>, TN_<Atom, L>>>: IsEqual<Z0>,
    Mod<SK<Atom, L, Pk>, Prod<AK<Atom>, TK_<Atom, L>>>: IsEqual<Z0>,
    Covers<SM<Atom, L, Pm>, AM<Atom>, TM_<Atom, L>>:
        DecimalIfFailed<SM<Atom, L, Pm>> + DecimalIfFailed<AM<Atom>> + DecimalIfFailed<TM_<Atom, L>>,
    Covers<SM<Atom, L, Pm>, AM<Atom>, TM_<Atom, L>>: TiledMmaTileCoversAtomsM<
        CoverNum<SM<Atom, L, Pm>, AM<Atom>, TM_<Atom, L>, SM<Atom, L, Pm>>,
        CoverNum<SM<Atom, L, Pm>, AM<Atom>, TM_<Atom, L>, AM<Atom>>,
        CoverNum<SM<Atom, L, Pm>, AM<Atom>, TM_<Atom, L>, TM_<Atom, L>>,
    >,
    Covers<SN<Atom, L, Pn>, AN<Atom>, TN_<Atom, L>>:
        DecimalIfFailed<SN<Atom, L, Pn>> + DecimalIfFailed<AN<Atom>> + DecimalIfFailed<TN_<Atom, L>>,
    Covers<SN<Atom, L, Pn>, AN<Atom>, TN_<Atom, L>>: TiledMmaTileCoversAtomsN<
        CoverNum<SN<Atom, L, Pn>, AN<Atom>, TN_<Atom, L>, SN<Atom, L, Pn>>,
        CoverNum<SN<Atom, L, Pn>, AN<Atom>, TN_<Atom, L>, AN<Atom>>,
        CoverNum<SN<Atom, L, Pn>, AN<Atom>, TN_<Atom, L>, TN_<Atom, L>>,
    >,
    Covers<SK<Atom, L, Pk>, AK<Atom>, TK_<Atom, L>>:
        DecimalIfFailed<SK<Atom, L, Pk>> + DecimalIfFailed<AK<Atom>> + DecimalIfFailed<TK_<Atom, L>>,
    Covers<SK<Atom, L, Pk>, AK<Atom>, TK_<Atom, L>>: TiledMmaTileCoversAtomsK<
        CoverNum<SK<Atom, L, Pk>, AK<Atom>, TK_<Atom, L>, SK<Atom, L, Pk>>,
        CoverNum<SK<Atom, L, Pk>, AK<Atom>, TK_<Atom, L>, AK<Atom>>,
        CoverNum<SK<Atom, L, Pk>, AK<Atom>, TK_<Atom, L>, TK_<Atom, L>>,
    >,
    TK_<Atom, L>: IsEqual<P1>,
    Eq<TK_<Atom, L>, P1>: DecimalIfFailed<TK_<Atom, L>>,
    Eq<TK_<Atom, L>, P1>: TiledMmaSingleKGroup<DecIfFailed<Eq<TK_<Atom, L>, P1>, TK_<Atom, L>>>,
    // the reference tiles of get_layoutX_TV
    Pair<SM<Atom, L, Pm>, SK<Atom, L, Pk>>: MakeLayoutLeftOp,
    Pair<SN<Atom, L, Pn>, SK<Atom, L, Pk>>: MakeLayoutLeftOp,
    Pair<SM<Atom, L, Pm>, SN<Atom, L, Pn>>: MakeLayoutLeftOp,
{
    type Atom = Atom;
    // (ThrV,ThrM,ThrN,ThrK) -> thr_idx
    type ThrLayoutVMNK = Vmnk<Atom, L>;
    type AtomM = AM<Atom>;
    type AtomN = AN<Atom>;
    type AtomK = AK<Atom>;
    type ThrV = <Vmnk<Atom, L> as VmnkSizes>::V;
    type ThrM = TM_<Atom, L>;
    type ThrN = TN_<Atom, L>;
    type ThrK = TK_<Atom, L>;
    type PermM = PM<Atom, L, Pm>;
    type PermN = PN<Atom, L, Pn>;
    type PermK = PK<Atom, L, Pk>;
    type TileM = SM<Atom, L, Pm>;
    type TileN = SN<Atom, L, Pn>;
    type TileK = SK<Atom, L, Pk>;
    type Size = <Vmnk<Atom, L> as VmnkSizes>::Size;
    // (M,K) -> (M,K)
    type RefA = MakeLayoutLeft<Pair<SM<Atom, L, Pm>, SK<Atom, L, Pk>>>;
    // (N,K) -> (N,K)
    type RefB = MakeLayoutLeft<Pair<SN<Atom, L, Pn>, SK<Atom, L, Pk>>>;
    // (M,N) -> (M,N)
    type RefC = MakeLayoutLeft<Pair<SM<Atom, L, Pm>, SN<Atom, L, Pn>>>;
}

type Gate<Atom, L, P> = <PermRankBit<P> as TiledMmaPermutationRank3<PermRankNum<P>>>::Ok<
    <Eq<Rank<L>, P3> as TiledMmaAtomLayoutRank3<RankNum<L>>>::Ok<Parts<Atom, L, P>>,
>;
/// `rank(AtomLayoutMNK)` in decimal where it is not 3 (the number of the rank gate's message).
#[doc(hidden)]
pub type RankNum<L> = DecIfFailed<Eq<Rank<L>, P3>, Rank<L>>;
/// The members of a TiledMMA behind the rank gate: `Parts<Atom, L, P>` when `AtomLayoutMNK` has
/// rank 3. Operations on a TiledMMA (`thrfrg_X`, `get_layoutX_TV`) are computed by a trait on
/// this type, so that a TiledMMA of the wrong rank reports the rank rule alone (an unknown self
/// type stops the trait solver instead of letting it explore the algebra, E0275).
#[doc(hidden)]
pub type RankGated<Atom, L, P> = Gate<Atom, L, P>;

/// Which operand a gated operation computes (`thrfrg_A`, `get_layoutA_TV`, ...).
#[doc(hidden)]
pub struct A;
#[doc(hidden)]
pub struct B;
#[doc(hidden)]
pub struct C;
type Part<Atom, L, P> = Gate<Atom, L, P>;

impl<Atom, L, P> TiledMma for TiledMMA<Atom, L, P>
where
    Atom: MmaTraits,
    L: RankOfOp,
    Rank<L>: IsEqual<P3>,
    Eq<Rank<L>, P3>: DecimalIfFailed<Rank<L>>,
    Eq<Rank<L>, P3>: TiledMmaAtomLayoutRank3<RankNum<L>>,
    P: PermutationRankOp,
    PermRankBit<P>: TiledMmaPermutationRank3<PermRankNum<P>>,
    Part<Atom, L, P>: TiledMmaParts,
{
    type Atom = <Part<Atom, L, P> as TiledMmaParts>::Atom;
    type AtomShape_MNK = Atom::Shape_MNK;
    type AtomThrID = Atom::ThrID;
    type AtomLayoutA_TV = Atom::LayoutA_TV;
    type AtomLayoutB_TV = Atom::LayoutB_TV;
    type AtomLayoutC_TV = Atom::LayoutC_TV;
    type AtomLayoutMNK = L;
    type Permutations = P;
    type ThrLayoutVMNK = <Part<Atom, L, P> as TiledMmaParts>::ThrLayoutVMNK;
    type AtomM = <Part<Atom, L, P> as TiledMmaParts>::AtomM;
    type AtomN = <Part<Atom, L, P> as TiledMmaParts>::AtomN;
    type AtomK = <Part<Atom, L, P> as TiledMmaParts>::AtomK;
    type ThrV = <Part<Atom, L, P> as TiledMmaParts>::ThrV;
    type ThrM = <Part<Atom, L, P> as TiledMmaParts>::ThrM;
    type ThrN = <Part<Atom, L, P> as TiledMmaParts>::ThrN;
    type ThrK = <Part<Atom, L, P> as TiledMmaParts>::ThrK;
    type PermM = <Part<Atom, L, P> as TiledMmaParts>::PermM;
    type PermN = <Part<Atom, L, P> as TiledMmaParts>::PermN;
    type PermK = <Part<Atom, L, P> as TiledMmaParts>::PermK;
    type TileM = <Part<Atom, L, P> as TiledMmaParts>::TileM;
    type TileN = <Part<Atom, L, P> as TiledMmaParts>::TileN;
    type TileK = <Part<Atom, L, P> as TiledMmaParts>::TileK;
    type Size = <Part<Atom, L, P> as TiledMmaParts>::Size;
    type RefA = <Part<Atom, L, P> as TiledMmaParts>::RefA;
    type RefB = <Part<Atom, L, P> as TiledMmaParts>::RefB;
    type RefC = <Part<Atom, L, P> as TiledMmaParts>::RefC;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_atom::{MMA_Atom, UniversalFMA, SM80_16x8x16_F16F16F16F16_TN, SM80_8x8x4_F64F64F64F64_TN};
    use tycute_layout::swizzle::recast::float;
    use tycute_layout::typenum::{Z0, P2};
    use tycute_layout::{show, table};
    use tycute_macros::cute;

    type Sm80 = MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>;

    #[test]
    fn members() {
        type TM = TiledMMA<Sm80, cute!((_2,_2,_1):(_2,_1,_0)), cute!((_32,_32,_16))>;
        assert_eq!(show::<ThrLayoutVMNK<TM>>(), "(_32,_2,_2,_1):(_1,_64,_32,_0)");
        assert_eq!(table::<ThrLayoutVMNK<TM>>()[32..36], [64, 65, 66, 67]);
        assert_eq!(show::<TileShape<TM>>(), "(_32,_32,_16)");
        assert_eq!(show::<PermutationMNK<TM, Z0>>(), "_32");
        assert_eq!(show::<Size<TM>>(), "_128");
        assert_eq!(show::<ThrSize<TM>>(), "_128");
        assert_eq!(show::<<TM as TiledMma>::AtomShape_MNK>(), "(_16,_8,_16)");
    }

    #[test]
    fn default_tile_is_atom_times_layout() {
        type TM = TiledMMA<Sm80, cute!((_4,_2,_1):(_1,_4,_0))>;
        assert_eq!(show::<TileShape<TM>>(), "(_64,_16,_16)");
        type F = TiledMMA<MMA_Atom<UniversalFMA<float>>, cute!((_16,_8,_1):(_1,_16,_0))>;
        assert_eq!(show::<ThrLayoutVMNK<F>>(), "(_1,_16,_8,_1):(_0,_1,_16,_0)");
        assert_eq!(show::<TileShape<F>>(), "(_16,_8,_1)");
        type D = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_64,_64,_16))>;
        assert_eq!(show::<TileSize<D, P2>>(), "_16");
    }

    #[test]
    fn make_tiled_mma_pads() {
        type TM = MakeTiledMma<Sm80>;
        assert_eq!(show::<<TM as TiledMma>::AtomLayoutMNK>(), "(_1,_1,_1):(_0,_0,_0)");
        assert_eq!(show::<<TM as TiledMma>::Permutations>(), "(_,_,_)");
        type T2 = MakeTiledMma<Sm80, cute!(_4:_1), cute!((_64))>;
        assert_eq!(show::<<T2 as TiledMma>::AtomLayoutMNK>(), "(_4,_1,_1):(_1,_0,_0)");
        assert_eq!(show::<<T2 as TiledMma>::Permutations>(), "(_64,_,_)");
        assert_eq!(show::<TileShape<T2>>(), "(_64,_8,_16)");
    }
}
