//! `make_tiled_copy_C_atom(copy_atom, tiled_mma)`: the smallest TiledCopy that can retile the
//! accumulators (`get_layoutC_TV`), for epilogues that store sub-tiles: its TV layout is the
//! accumulator layout truncated to the atom's values, re-indexed over a by-mode tiler that
//! collects the accumulator rows and columns it touches.
//!
//! ```text
//! layoutC_TV = mma.get_layoutC_TV()                                           // (thr, val) -> (M,N) offset
//! copy_V     = Copy_Atom::NumValSrc                  (CuTe asserts copy_V <= size<1>(layoutC_TV))
//! layout_TV  = composition(layoutC_TV, make_layout((size<0>(layoutC_TV), copy_V)))  // (thr, copy_V) -> (M,N) offset
//! mma_tiler  = (tile_size<0>(mma), tile_size<1>(mma))
//! tiler<i>   = filter(composition(make_layout(mma_tiler, (1,0) / (0,1)), layout_TV))  // the M / N coordinates touched
//! tile2mma   = composition(make_layout(mma_tiler), (tiler<0>, tiler<1>))          // tile coord -> (M,N) offset
//! layout_tv  = composition(left_inverse(tile2mma), layout_TV)                    // (thr, val) -> tile coord
//! result     = TiledCopy<atom, layout_tv, (tiler<0>, tiler<1>)>
//! ```
//!
//! tycute additionally requires `layout_tv` to cover the tile exactly once (see
//! [`super::coverage`]).

use tycute_atom::copy::NumValSrc;
use tycute_atom::CopyAtom;
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::filter::FilterOp;
use tycute_layout::algebra::inverse::LeftInverseOp;
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::int::{IsLessOrEqual, LeEq, B1, P1, Z0};
use tycute_layout::layout::{Layout, LayoutAtOp, SizeOp};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::{Composition, Filter, LayoutAt, LeftInverse, MakeLayoutLeft, Size};

use super::coverage::{
    CAtomCoversTileOnce, CoverCosize, CoverN, CoverSize, CoverageNumbersOp, CoversOnce, CoversOnceOp, TilerSizeOp,
};
use super::tile2thrfrg::T2;
use super::tiled_copy::TiledCopy;
use crate::mma::layout_tv::GetLayoutC_TVOp;
use crate::mma::{GetLayoutC_TV, TiledMma};
use crate::sealed::Sealed;

/// CuTe's `CUTE_STATIC_ASSERT_V(copy_V <= size<1>(layoutC_TV))`; also the gate to the
/// truncation, so that this is the only error. `CopyVNum` and `ValNum` are `copy_V` and
/// `size<1>(layoutC_TV)` in decimal for the message (`()` where the check holds).
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy_C_atom: the copy atom moves more values per thread than a thread holds accumulators (copy_V <= size<1>(layoutC_TV)): copy_V = {CopyVNum}, size<1>(layoutC_TV) = {ValNum}",
    label = "Copy_Atom::NumValSrc = {CopyVNum} exceeds size<1>(get_layoutC_TV()) = {ValNum}"
)]
pub trait CopyVFitsAccumulator<CopyVNum = (), ValNum = ()>: Sealed {
    /// `T` where the check holds.
    #[doc(hidden)]
    type Ok<T>;
}
impl<CopyVNum, ValNum> CopyVFitsAccumulator<CopyVNum, ValNum> for B1 {
    type Ok<T> = T;
}

/// `composition(layoutC_TV, make_layout((size<0>(layoutC_TV), copy_V)))` as a trait on the copy
/// atom; see [`CAtomLayoutTV`].
pub trait CAtomLayoutTVOp<TM>: Sealed {
    type Output;
}
type LC<TM> = GetLayoutC_TV<TM>;
type CopyVFits<Atom, TM> = LeEq<NumValSrc<Atom>, Size<LayoutAt<LC<TM>, P1>>>;
// copy_V and size<1>(layoutC_TV) in decimal where the check fails
type CopyVNum<Atom, TM> = DecIfFailed<CopyVFits<Atom, TM>, NumValSrc<Atom>>;
type ValNum<Atom, TM> = DecIfFailed<CopyVFits<Atom, TM>, Size<LayoutAt<LC<TM>, P1>>>;
// layoutC_TV once copy_V fits
type LcOk<Atom, TM> = <CopyVFits<Atom, TM> as CopyVFitsAccumulator<CopyVNum<Atom, TM>, ValNum<Atom, TM>>>::Ok<LC<TM>>;
impl<Atom: Sealed, TM> CAtomLayoutTVOp<TM> for Atom
where
    Atom: CopyAtom,
    TM: GetLayoutC_TVOp,
    LC<TM>: LayoutAtOp<P1>,
    LayoutAt<LC<TM>, P1>: SizeOp,
    NumValSrc<Atom>: IsLessOrEqual<Size<LayoutAt<LC<TM>, P1>>>,
    CopyVFits<Atom, TM>: DecimalIfFailed<NumValSrc<Atom>> + DecimalIfFailed<Size<LayoutAt<LC<TM>, P1>>>,
    CopyVFits<Atom, TM>: CopyVFitsAccumulator<CopyVNum<Atom, TM>, ValNum<Atom, TM>>,
    // the truncation, on the gated accumulator layout
    LcOk<Atom, TM>: LayoutAtOp<Z0>,
    LayoutAt<LcOk<Atom, TM>, Z0>: SizeOp,
    T2<Size<LayoutAt<LcOk<Atom, TM>, Z0>>, NumValSrc<Atom>>: MakeLayoutLeftOp,
    LcOk<Atom, TM>: CompositionOp<MakeLayoutLeft<T2<Size<LayoutAt<LcOk<Atom, TM>, Z0>>, NumValSrc<Atom>>>>,
{
    // (thr, copy_V) -> (M,N) offset
    type Output = Composition<LcOk<Atom, TM>, MakeLayoutLeft<T2<Size<LayoutAt<LcOk<Atom, TM>, Z0>>, NumValSrc<Atom>>>>;
}
/// `composition(layoutC_TV, make_layout((size<0>(layoutC_TV), copy_V)))`: the accumulator layout
/// truncated to the atom's values, `(thr, copy_V) -> (M,N)` offset.
pub type CAtomLayoutTV<Atom, TM> = <Atom as CAtomLayoutTVOp<TM>>::Output;

/// The tiler and the TV layout of `make_tiled_copy_C_atom`, as a trait on the truncated TV layout
/// `(thr, copy_V) -> (M,N)` for the MMA tile `(TileM, TileN)`: [`CAtomTiler`], [`CAtomTV`].
pub trait CAtomTilerOp<TileM, TileN>: Sealed {
    /// `(tiler_m, tiler_n)`.
    type Tiler;
    /// `composition(left_inverse(tile2mma), layout_TV)`.
    type TV;
}
// filter(composition(make_layout(mma_tiler, (1,0)), layout_TV)): the M coordinates touched
type TilerM<LTV, M, N> = Filter<Composition<Layout<T2<M, N>, T2<P1, Z0>>, LTV>>;
// filter(composition(make_layout(mma_tiler, (0,1)), layout_TV)): the N coordinates touched
type TilerN<LTV, M, N> = Filter<Composition<Layout<T2<M, N>, T2<Z0, P1>>, LTV>>;
type Tiler<LTV, M, N> = T2<TilerM<LTV, M, N>, TilerN<LTV, M, N>>;
// composition(make_layout(mma_tiler), tiler): tile coord -> (M,N) offset
type Tile2Mma<LTV, M, N> = Composition<MakeLayoutLeft<T2<M, N>>, Tiler<LTV, M, N>>;
impl<S, D, M, N> CAtomTilerOp<M, N> for Layout<S, D>
where
    Layout<T2<M, N>, T2<P1, Z0>>: CompositionOp<Layout<S, D>>,
    Composition<Layout<T2<M, N>, T2<P1, Z0>>, Layout<S, D>>: FilterOp,
    Layout<T2<M, N>, T2<Z0, P1>>: CompositionOp<Layout<S, D>>,
    Composition<Layout<T2<M, N>, T2<Z0, P1>>, Layout<S, D>>: FilterOp,
    T2<M, N>: MakeLayoutLeftOp,
    MakeLayoutLeft<T2<M, N>>: CompositionOp<Tiler<Layout<S, D>, M, N>>,
    Tile2Mma<Layout<S, D>, M, N>: LeftInverseOp,
    LeftInverse<Tile2Mma<Layout<S, D>, M, N>>: CompositionOp<Layout<S, D>>,
{
    type Tiler = Tiler<Layout<S, D>, M, N>;
    // (thr, val) -> tile coord
    type TV = Composition<LeftInverse<Tile2Mma<Layout<S, D>, M, N>>, Layout<S, D>>;
}
/// `(tiler_m, tiler_n)` of `make_tiled_copy_C_atom`: a by-mode tiler (a tuple of layouts), the
/// accumulator rows and columns the truncated TV layout touches.
pub type CAtomTiler<Atom, TM> =
    <CAtomLayoutTV<Atom, TM> as CAtomTilerOp<<TM as TiledMma>::TileM, <TM as TiledMma>::TileN>>::Tiler;
/// `composition(left_inverse(tile2mma), layout_TV)`: `(thr, val) -> tile coordinate`.
pub type CAtomTV<Atom, TM> = <CAtomLayoutTV<Atom, TM> as CAtomTilerOp<<TM as TiledMma>::TileM, <TM as TiledMma>::TileN>>::TV;

// The intermediate steps by name (seed 001 prints each of them).

/// `mma_tiler = (tile_size<0>(mma), tile_size<1>(mma))`.
pub type MmaTilerMN<TM> = T2<<TM as TiledMma>::TileM, <TM as TiledMma>::TileN>;
/// `tiler<0>`: `filter(composition(make_layout(mma_tiler, (1,0)), layout_TV))`, the accumulator
/// rows the truncated TV layout touches.
pub type CAtomTilerM<Atom, TM> = TilerM<CAtomLayoutTV<Atom, TM>, <TM as TiledMma>::TileM, <TM as TiledMma>::TileN>;
/// `tiler<1>`: `filter(composition(make_layout(mma_tiler, (0,1)), layout_TV))`, the columns.
pub type CAtomTilerN<Atom, TM> = TilerN<CAtomLayoutTV<Atom, TM>, <TM as TiledMma>::TileM, <TM as TiledMma>::TileN>;
/// `tile2mma = composition(make_layout(mma_tiler), (tiler<0>, tiler<1>))`: tile coordinate ->
/// `(M,N)` offset.
pub type CAtomTile2Mma<Atom, TM> = Tile2Mma<CAtomLayoutTV<Atom, TM>, <TM as TiledMma>::TileM, <TM as TiledMma>::TileN>;

// size(Tiler_MN) of make_tiled_copy_C_atom
type CAtomN<Atom, TM> = <CAtomTiler<Atom, TM> as TilerSizeOp>::Output;

/// `make_tiled_copy_C_atom(copy_atom, tiled_mma)` as a trait on the copy atom; see
/// [`MakeTiledCopyC_Atom`].
pub trait MakeTiledCopyC_AtomOp<TM>: Sealed {
    type Output;
}
impl<Atom: Sealed, TM> MakeTiledCopyC_AtomOp<TM> for Atom
where
    TM: TiledMma,
    Atom: CAtomLayoutTVOp<TM>,
    CAtomLayoutTV<Atom, TM>: CAtomTilerOp<TM::TileM, TM::TileN>,
    CAtomTiler<Atom, TM>: TilerSizeOp,
    CAtomTV<Atom, TM>: CoversOnceOp<CAtomN<Atom, TM>> + CoverageNumbersOp<CAtomN<Atom, TM>>,
    CoversOnce<CAtomTV<Atom, TM>, CAtomN<Atom, TM>>: CAtomCoversTileOnce<
        CoverSize<CAtomTV<Atom, TM>, CAtomN<Atom, TM>>,
        CoverCosize<CAtomTV<Atom, TM>, CAtomN<Atom, TM>>,
        CoverN<CAtomTV<Atom, TM>, CAtomN<Atom, TM>>,
    >,
{
    type Output = TiledCopy<Atom, CAtomTV<Atom, TM>, CAtomTiler<Atom, TM>>;
}

/// `make_tiled_copy_C_atom(copy_atom, tiled_mma)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, MMA_Atom, SM90_U32x4_STSM_N, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_layout::{show, swizzle::recast::half_t};
/// use tycute_macros::cute;
/// use tycute_tiled::{copy::*, mma::MakeTiledMma};
///
/// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_32,_32,_16))>;
/// type TC = MakeTiledCopyC_Atom<Copy_Atom<SM90_U32x4_STSM_N, half_t>, TM>;
/// assert_eq!(show::<TiledLayout_TV<TC>>(), "((_4,_8,_2,_2),(_2,_2,_2)):((_32,_1,_8,_128),(_256,_16,_512))");
/// // a tuple of layouts: the accumulator rows and columns the copy touches
/// assert_eq!(show::<Tiler_MN<TC>>(), "((_8,_2,_2):(_1,_16,_8),(_8,_2,_2):(_2,_1,_16))");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, MMA_Atom, UniversalCopy, SM80_16x8x8_F16F16F16F16_TN};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_tiled::{copy::*, mma::MakeTiledMma};
/// // 8 halves per copy, 4 accumulators per thread
/// // error[E0277]: make_tiled_copy_C_atom: the copy atom moves more values per thread than a thread holds accumulators
/// type TC = MakeTiledCopyC_Atom<Copy_Atom<UniversalCopy<uint128_t>, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>;
/// let _ = show::<TiledLayout_TV<TC>>();
/// ```
pub type MakeTiledCopyC_Atom<Atom, TM> = <Atom as MakeTiledCopyC_AtomOp<TM>>::Output;
