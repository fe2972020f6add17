//! `logical_product(A, T)`, its regroupings `zipped_product`, `tiled_product`, `flat_product`,
//! and the rank-sensitive `blocked_product` and `raked_product`.
//!
//! For a layout tiler `L` (A is the block, L says where its copies go):
//!
//! ```text
//! logical_product(A, L) = make_layout(A, composition(complement(A, size(A) * cosize(L)), L))
//!                       // (Block, Tiles)
//! ```
//!
//! An integer `N` is the layout `N:_1`, `_` keeps A, and a tuple tiler multiplies mode by mode
//! (see [`tiler`](crate::algebra::tiler)): `((BlockM,TilesM),(BlockN,TilesN),L)`. The zipped,
//! tiled and flat forms regroup that result exactly as the divides do:
//!
//! ```text
//! zipped_product  ((BlockM,BlockN),(TilesM,TilesN,L))
//! tiled_product   ((BlockM,BlockN),TilesM,TilesN,L)
//! flat_product    (BlockM,BlockN,TilesM,TilesN,L)
//! ```
//!
//! `blocked_product(A, B)` and `raked_product(A, B)` take two layouts, pad both to the larger
//! rank with `_1:_0` modes, take the logical product of the padded layouts and zip its two
//! halves mode by mode: `((BlockM,TilesM),(BlockN,TilesN))` (blocked: a block's elements are
//! contiguous) or `((TilesM,BlockM),(TilesN,BlockN))` (raked: the blocks interleave).
//!
//! On a `ComposedLayout` `F o off o B` every product acts on the inner layout.

use core::ops::Mul;

use crate::algebra::complement::{ComplementWith, ComplementWithOp};
use crate::algebra::composition::{Composition, CompositionOp};
use crate::algebra::tiler::{
    AppendRank, AppendRankOp, ApplyTiler, ByModeIf, LayoutTilerFn, TileUnzipFlatOp, TileUnzipTiledOp,
    TileUnzipZippedOp, TilerRankFits, TilerRankNum, LayoutRankNum, TupleTilerFn, ZipLayouts, ZipLayoutsOp,
};
use crate::int::{IsLessOrEqual, Max, Maximum, Prod};
use crate::layout::{Cosize, CosizeOp, Layout, MakeLayout, MakeLayoutOp, RankOfOp, Size, SizeOp};
use crate::sealed::Sealed;
use crate::swizzle::{ComposedLayout, Composition3, Composition3Op};
use crate::tuple::{Len, LenOp, Nil, Tup};

/// The operation `logical_product`, for the tiler machinery.
pub struct LogicalProductFn;

/// `composition(complement(A, size(A) * cosize(L)), L)`: the layout of the copies of A.
type Tiles<A, L> = Composition<ComplementWith<A, Prod<Size<A>, Cosize<L>>>, L>;

/// `Tiles` (the layout of the copies of A) as a trait, for bounds.
pub trait TilesOp<L> {
    type Output;
}
impl<A, L> TilesOp<L> for A
where
    A: SizeOp,
    L: CosizeOp,
    Size<A>: Mul<Cosize<L>>,
    A: ComplementWithOp<Prod<Size<A>, Cosize<L>>>,
    ComplementWith<A, Prod<Size<A>, Cosize<L>>>: CompositionOp<L>,
{
    type Output = Tiles<A, L>;
}

impl<A, L> LayoutTilerFn<A, L> for LogicalProductFn
where
    A: TilesOp<L>,
    Tup<A, Tup<<A as TilesOp<L>>::Output, Nil>>: MakeLayoutOp,
{
    // (Block, Tiles)
    type Output = MakeLayout<Tup<A, Tup<<A as TilesOp<L>>::Output, Nil>>>;
}

impl<A, T> TupleTilerFn<A, T> for LogicalProductFn
where
    A: RankOfOp,
    T: LenOp,
    Len<T>: IsLessOrEqual<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: crate::bounds::DecimalIfFailed<Len<T>> + crate::bounds::DecimalIfFailed<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: LogicalProductTilerFits<TilerRankNum<A, T>, LayoutRankNum<A, T>>,
    A: ByModeIf<T, LogicalProductFn, TilerRankFits<A, T>>,
{
    // ((BlockM,TilesM),(BlockN,TilesN),L)
    type Output = <A as ByModeIf<T, LogicalProductFn, TilerRankFits<A, T>>>::Output;
}

/// Rejects a tuple tiler with more modes than the block.
#[diagnostic::on_unimplemented(
    message = "logical_product: Too many modes in tiler. ({TilerRank} modes for a rank-{Rank} layout)",
    label = "the tiler has more modes than the block"
)]
pub trait LogicalProductTilerFits<TilerRank = (), Rank = ()>: Sealed {}
impl<TilerRank, Rank> LogicalProductTilerFits<TilerRank, Rank> for typenum::B1 {}

// ---------------------------------------------------------------------------------------------

/// `logical_product(A, T)`.
pub trait LogicalProductOp<T>: Sealed {
    type Output;
}
impl<S, D, T> LogicalProductOp<T> for Layout<S, D>
where
    Layout<S, D>: ApplyTiler<T, LogicalProductFn>,
{
    type Output = <Layout<S, D> as ApplyTiler<T, LogicalProductFn>>::Output;
}
impl<F, O, B: LogicalProductOp<T>, T> LogicalProductOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as LogicalProductOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as LogicalProductOp<T>>::Output>;
}
/// `logical_product(A, T)`: the block A repeated as the tiler `T` says, `(Block, Tiles)`, mode by
/// mode for a tuple tiler.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, LogicalProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<LogicalProduct<cute!((_2,_2):(_4,_1)), cute!(_6:_1)>>(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// assert_eq!(show::<LogicalProduct<cute!((_1,_4):(_0,_1)), cute!((_,_3:_1))>>(), "(_1,(_4,_3)):(_0,(_1,_4))");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, LogicalProduct};
/// # use tycute_macros::cute;
/// // logical_product: Too many modes in tiler.
/// let _ = show::<LogicalProduct<cute!(_4:_1), cute!((_2,_2))>>();
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, LogicalProduct};
/// # use tycute_macros::cute;
/// // Shape Divisibility Condition
/// let _ = show::<LogicalProduct<cute!(((_2,_4),_2):((_8,_2),_1)), cute!((_3:_1,_3:_1))>>();
/// ```
pub type LogicalProduct<A, T> = <A as LogicalProductOp<T>>::Output;

/// `zipped_product(A, T)`.
pub trait ZippedProductOp<T>: Sealed {
    type Output;
}
impl<S, D, T> ZippedProductOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalProductOp<T>,
    LogicalProduct<Layout<S, D>, T>: TileUnzipZippedOp<T>,
{
    // ((BlockM,BlockN),(TilesM,TilesN,L))
    type Output = <LogicalProduct<Layout<S, D>, T> as TileUnzipZippedOp<T>>::Output;
}
impl<F, O, B: ZippedProductOp<T>, T> ZippedProductOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as ZippedProductOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as ZippedProductOp<T>>::Output>;
}
/// `zipped_product(A, T)`: the blocks gathered in mode 0, the tiles in mode 1.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, ZippedProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<ZippedProduct<cute!((_8,_8):(_1,_8)), cute!((_4,_2):(_2,_1))>>(), "((_8,_8),(_4,_2)):((_1,_8),(_128,_64))");
/// ```
pub type ZippedProduct<A, T> = <A as ZippedProductOp<T>>::Output;

/// `tiled_product(A, T)`.
pub trait TiledProductOp<T>: Sealed {
    type Output;
}
impl<S, D, T> TiledProductOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalProductOp<T>,
    LogicalProduct<Layout<S, D>, T>: TileUnzipTiledOp<T>,
{
    // ((BlockM,BlockN),TilesM,TilesN,L)
    type Output = <LogicalProduct<Layout<S, D>, T> as TileUnzipTiledOp<T>>::Output;
}
impl<F, O, B: TiledProductOp<T>, T> TiledProductOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as TiledProductOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as TiledProductOp<T>>::Output>;
}
/// `tiled_product(A, T)`: the blocks gathered in mode 0, each tile mode a mode of its own.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TiledProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<TiledProduct<cute!((_4,_4,_2):(_16,_4,_1)), cute!(_4:_1)>>(), "((_4,_4,_2),_2,_2):((_16,_4,_1),_2,_64)");
/// ```
pub type TiledProduct<A, T> = <A as TiledProductOp<T>>::Output;

/// `flat_product(A, T)`.
pub trait FlatProductOp<T>: Sealed {
    type Output;
}
impl<S, D, T> FlatProductOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalProductOp<T>,
    LogicalProduct<Layout<S, D>, T>: TileUnzipFlatOp<T>,
{
    // (BlockM,BlockN,TilesM,TilesN,L)
    type Output = <LogicalProduct<Layout<S, D>, T> as TileUnzipFlatOp<T>>::Output;
}
impl<F, O, B: FlatProductOp<T>, T> FlatProductOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as FlatProductOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as FlatProductOp<T>>::Output>;
}
/// `flat_product(A, T)`: every block mode and every tile mode a mode of its own.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, FlatProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<FlatProduct<cute!((_4,_4):(_4,_1)), cute!((_4,_2):(_1,_4))>>(), "(_4,_4,_4,_2):(_4,_1,_16,_64)");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, FlatProduct};
/// # use tycute_macros::cute;
/// // Shape Divisibility Condition
/// let _ = show::<FlatProduct<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!(_3:_1)>>();
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, FlatProduct};
/// # use tycute_macros::cute;
/// // Shape Divisibility Condition
/// let _ = show::<FlatProduct<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!(_3:_1)>>();
/// ```
pub type FlatProduct<A, T> = <A as FlatProductOp<T>>::Output;

// ---------------------------------------------------------------------------------------------
// blocked_product, raked_product

/// `R = max(rank(A), rank(B))`.
type MaxRank<A, B> = Maximum<<A as RankOfOp>::Output, <B as RankOfOp>::Output>;
/// `append<R>(A)`.
type PadA<A, B> = AppendRank<A, MaxRank<A, B>>;
/// `append<R>(B)`.
type PadB<A, B> = AppendRank<B, MaxRank<A, B>>;
/// The two halves of `logical_product(append<R>(A), append<R>(B))`: the padded block and its
/// tiles.
#[doc(hidden)]
pub trait PaddedProduct<B> {
    /// `append<R>(A)`: (BlockM,BlockN,...)
    type Block;
    /// `composition(complement(..), append<R>(B))`: (TilesM,TilesN,...)
    type Tiles;
}
impl<A, B> PaddedProduct<B> for A
where
    A: RankOfOp,
    B: RankOfOp,
    <A as RankOfOp>::Output: Max<<B as RankOfOp>::Output>,
    A: AppendRankOp<MaxRank<A, B>>,
    B: AppendRankOp<MaxRank<A, B>>,
    PadA<A, B>: TilesOp<PadB<A, B>>,
{
    type Block = PadA<A, B>;
    type Tiles = <PadA<A, B> as TilesOp<PadB<A, B>>>::Output;
}

/// `blocked_product(A, B)`.
pub trait BlockedProductOp<B>: Sealed {
    type Output;
}
impl<S, D, B> BlockedProductOp<B> for Layout<S, D>
where
    Layout<S, D>: PaddedProduct<B>,
    <Layout<S, D> as PaddedProduct<B>>::Block: ZipLayoutsOp<<Layout<S, D> as PaddedProduct<B>>::Tiles>,
{
    // ((BlockM,TilesM),(BlockN,TilesN),...)
    type Output = ZipLayouts<<Layout<S, D> as PaddedProduct<B>>::Block, <Layout<S, D> as PaddedProduct<B>>::Tiles>;
}
impl<F, O, A: BlockedProductOp<B>, B> BlockedProductOp<B> for ComposedLayout<F, O, A>
where
    F: Composition3Op<O, <A as BlockedProductOp<B>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <A as BlockedProductOp<B>>::Output>;
}
/// `blocked_product(A, B)`: the block A repeated over the layout B, each mode
/// `(BlockX, TilesX)`; both padded to the larger rank with `_1:_0` modes.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, BlockedProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<BlockedProduct<cute!((_4,_4):(_4,_1)), cute!((_2,_2):(_1,_2))>>(), "((_4,_2),(_4,_2)):((_4,_16),(_1,_32))");
/// assert_eq!(show::<BlockedProduct<cute!(_4:_1), cute!((_2,_3,_1):(_1,_2,_0))>>(), "((_4,_2),(_1,_3),(_1,_1)):((_1,_4),(_0,_8),(_0,_0))");
/// // two rank-1 layouts, the block integral: one mode
/// assert_eq!(show::<BlockedProduct<cute!(_4:_1), cute!(_2:_1)>>(), "((_4,_2)):((_1,_4))");
/// ```
///
/// The zip needs the block's and the tiles' ranks to agree:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, BlockedProduct};
/// # use tycute_macros::cute;
/// // Mismatched Ranks: the block is a rank-1 tuple, the tiles an integral layout
/// let _ = show::<BlockedProduct<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!(_4:_1)>>();
/// ```
pub type BlockedProduct<A, B> = <A as BlockedProductOp<B>>::Output;

/// `raked_product(A, B)`.
pub trait RakedProductOp<B>: Sealed {
    type Output;
}
impl<S, D, B> RakedProductOp<B> for Layout<S, D>
where
    Layout<S, D>: PaddedProduct<B>,
    <Layout<S, D> as PaddedProduct<B>>::Tiles: ZipLayoutsOp<<Layout<S, D> as PaddedProduct<B>>::Block>,
{
    // ((TilesM,BlockM),(TilesN,BlockN),...)
    type Output = ZipLayouts<<Layout<S, D> as PaddedProduct<B>>::Tiles, <Layout<S, D> as PaddedProduct<B>>::Block>;
}
impl<F, O, A: RakedProductOp<B>, B> RakedProductOp<B> for ComposedLayout<F, O, A>
where
    F: Composition3Op<O, <A as RakedProductOp<B>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <A as RakedProductOp<B>>::Output>;
}
/// `raked_product(A, B)`: like [`BlockedProduct`], with the copies of A interleaved: each mode
/// `(TilesX, BlockX)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, RakedProduct};
/// # use tycute_macros::cute;
/// assert_eq!(show::<RakedProduct<cute!((_8,_4):(_1,_8)), cute!((_2,_3):(_3,_1))>>(), "((_2,_8),(_3,_4)):((_96,_1),(_32,_8))");
/// assert_eq!(show::<RakedProduct<cute!((_4):(_1)), cute!(_4:_2)>>(), "((_4,(_4))):((_8,(_1)))");
/// ```
pub type RakedProduct<A, B> = <A as RakedProductOp<B>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn underscore_keeps_modes() {
        assert_eq!(show::<LogicalProduct<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!(_)>>(), "(_4,(_8,_2)):(_1,(_4,_32))");
        assert_eq!(show::<ZippedProduct<cute!(((_4,_2),(_8,_2)):((_1,_4),(_8,_64))), cute!((_,_))>>(), "((_4,_8),(_2,_2)):((_1,_8),(_4,_64))");
    }

    #[test]
    fn layout_tilers() {
        assert_eq!(show::<LogicalProduct<cute!((_1,_4):(_0,_1)), cute!((_2,_2):(_2,_1))>>(), "((_1,_4),(_2,_2)):((_0,_1),(_8,_4))");
        assert_eq!(show::<LogicalProduct<cute!((_8,_8):(_1,_8)), cute!((_4:_1))>>(), "((_8,_4),_8):((_1,_8),_8)");
        assert_eq!(show::<ZippedProduct<cute!((_2):(_1)), cute!(_4:_2)>>(), "((_2),_4):((_1),_4)");
        assert_eq!(show::<TiledProduct<cute!((_4,_16,_2):(_1,_12,_192)), cute!(_2:_1)>>(), "((_4,_16,_2),_2):((_1,_12,_192),_4)");
        assert_eq!(show::<FlatProduct<cute!((_2):(_1)), cute!((_2,_2):(_2,_1))>>(), "((_2),_2,_2):((_1),_4,_2)");
        assert_eq!(table::<BlockedProduct<cute!((_2,_2):(_1,_2)), cute!((_2,_1):(_1,_0))>>(), vec![0, 1, 4, 5, 2, 3, 6, 7]);
    }

    #[test]
    fn size_one_tilers() {
        // an integral tiler `_1` is make_layout(_1) = _1:_0, as in CuTe (and the runtime twin)
        assert_eq!(show::<LogicalProduct<cute!((_2,_3):(_1,_2)), cute!((_1,_1))>>(), "((_2,_1),(_3,_1)):((_1,_0),(_2,_0))");
        assert_eq!(show::<LogicalProduct<cute!(_2:_1), cute!(_1)>>(), "(_2,_1):(_1,_0)");
    }

    #[test]
    fn rank_padding() {
        // ((BlockM,TilesM),(BlockN,TilesN),(BlockK,TilesK))
        assert_eq!(show::<BlockedProduct<cute!((_4,_4,_2):(_16,_4,_1)), cute!(_4:_1)>>(), "((_4,(_2,_2)),(_4,_1),(_2,_1)):((_16,(_2,_64)),(_4,_0),(_1,_0))");
        assert_eq!(show::<RakedProduct<cute!((_4,_1):(_1,_0)), cute!((_4,_2,_1):(_1,_4,_0))>>(), "((_4,_4),(_2,_1),(_1,_1)):((_4,_1),(_16,_0),(_0,_0))");
    }
}
