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
use tycute_layout::int::{LeEq, B1, P1, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::{Composition, Filter, LayoutAt, LeftInverse, MakeLayoutLeft, Size};

use super::coverage::{CAtomCoversTileOnce, CoversOnce, TilerSize};
use super::tile2thrfrg::T2;
use super::tiled_copy::TiledCopy;
use crate::mma::{GetLayoutC_TV, TileSize};
use crate::sealed::Sealed;

/// CuTe's `CUTE_STATIC_ASSERT_V(copy_V <= size<1>(layoutC_TV))`; passes `X` through.
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy_C_atom: the copy atom moves more values per thread than a thread holds accumulators (copy_V <= size<1>(layoutC_TV))",
    label = "Copy_Atom::NumValSrc exceeds size<1>(get_layoutC_TV())"
)]
pub trait CopyVFitsAccumulator<X>: Sealed {
    type Output;
}
impl<X> CopyVFitsAccumulator<X> for B1 {
    type Output = X;
}

/// `mma.get_layoutC_TV()`, if `copy_V <= size<1>(layoutC_TV)`.
type LayoutC_TV<Atom, TM> =
    <LeEq<NumValSrc<Atom>, Size<LayoutAt<GetLayoutC_TV<TM>, P1>>> as CopyVFitsAccumulator<GetLayoutC_TV<TM>>>::Output;
/// `composition(layoutC_TV, make_layout((size<0>(layoutC_TV), copy_V)))`: `(thr, copy_V) -> (M,N)`.
pub type CAtomLayoutTV<Atom, TM> =
    Composition<LayoutC_TV<Atom, TM>, MakeLayoutLeft<T2<Size<LayoutAt<LayoutC_TV<Atom, TM>, Z0>>, NumValSrc<Atom>>>>;
/// `(tile_size<0>(mma), tile_size<1>(mma))`.
pub type MmaTilerMN<TM> = T2<TileSize<TM, Z0>, TileSize<TM, P1>>;
/// `filter(composition(make_layout(mma_tiler, (1,0)), layout_TV))`: the M coordinates touched.
pub type CAtomTilerM<Atom, TM> = Filter<Composition<Layout<MmaTilerMN<TM>, T2<P1, Z0>>, CAtomLayoutTV<Atom, TM>>>;
/// `filter(composition(make_layout(mma_tiler, (0,1)), layout_TV))`: the N coordinates touched.
pub type CAtomTilerN<Atom, TM> = Filter<Composition<Layout<MmaTilerMN<TM>, T2<Z0, P1>>, CAtomLayoutTV<Atom, TM>>>;
/// `(tiler_m, tiler_n)`: a by-mode tiler (a tuple of layouts).
pub type CAtomTiler<Atom, TM> = T2<CAtomTilerM<Atom, TM>, CAtomTilerN<Atom, TM>>;
/// `composition(make_layout(mma_tiler), tiler)`: tile coordinate -> `(M,N)` offset.
pub type Tile2Mma<Atom, TM> = Composition<MakeLayoutLeft<MmaTilerMN<TM>>, CAtomTiler<Atom, TM>>;
/// `composition(left_inverse(tile2mma), layout_TV)`: `(thr, val) -> tile coordinate`.
pub type CAtomTV<Atom, TM> = Composition<LeftInverse<Tile2Mma<Atom, TM>>, CAtomLayoutTV<Atom, TM>>;

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
pub type MakeTiledCopyC_Atom<Atom, TM> = TiledCopy<
    Atom,
    <CoversOnce<CAtomTV<Atom, TM>, TilerSize<CAtomTiler<Atom, TM>>> as CAtomCoversTileOnce<CAtomTV<Atom, TM>>>::Output,
    CAtomTiler<Atom, TM>,
>;
