//! `TiledCopy::tidfrg_S/D(tensor)` and `TiledCopy::get_layoutS_TV/D_TV()`.
//!
//! ```text
//! tidfrg_S(L)   = tile2thrfrg(zipped_divide(L, Tiler_MN), src2ref)   // (Thr,(FrgV,FrgX),(RestM,RestN,...))
//! tidfrg_D(L)   = tile2thrfrg(zipped_divide(L, Tiler_MN), dst2ref)
//! ref_S         = make_layout((shape(Tiler_MN), _1))                // (M,N) -> (M,N)
//! get_layoutS_TV = tile2thrfrg(ref_S, src2ref)(_,_,_0)               // (thr_idx,val_idx) -> (M,N)
//! get_layoutD_TV = tile2thrfrg(ref_D, dst2ref)(_,_,_0)
//! ```
//!
//! `tidfrg_S/D` need a tensor of at least the tiler's rank (CuTe's "Rank of tensor to be
//! partitioned too small.").

use tycute_layout::int::{GrEq, B1, P1};
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::{Composition3, Composition3Op, ComposedLayout};
use tycute_layout::tuple::{Len, Nil, Tup};
use tycute_layout::{MakeLayoutLeft, Rank, ZippedDivide};
use typenum::{NonZero, PInt, Unsigned};

use super::tile2thrfrg::{Tile2Thrfrg, T2};
use super::tiled_copy::{AtomDst2Ref, AtomSrc2Ref, Tiler_MN};
use crate::sealed::Sealed;

/// CuTe's `CUTE_STATIC_ASSERT_V(rank(stensor) >= rank(Tiler_MN{}))`; passes `X` through.
#[diagnostic::on_unimplemented(
    message = "Rank of tensor to be partitioned too small.",
    label = "tidfrg_S/tidfrg_D/partition_S/partition_D: the tensor has fewer modes than the copy's Tiler_MN"
)]
pub trait TensorRankFits<X>: Sealed {
    type Output;
}
impl<X> TensorRankFits<X> for B1 {
    type Output = X;
}
/// `rank(L) >= rank(Tiler_MN)`, as a bit.
type RankFits<TC, L> = GrEq<Rank<L>, Len<Tiler_MN<TC>>>;
/// `L`, if `rank(L) >= rank(Tiler_MN)` (the check gates the input, so that a failing check is
/// the only error reported).
type Checked<TC, L> = <RankFits<TC, L> as TensorRankFits<L>>::Output;

/// `tiled_copy.tidfrg_S(L)`: `(Thr,(FrgV,FrgX),(RestM,RestN,...))`, for a layout or a swizzled
/// composed layout `L` (its swizzle is kept).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, UniversalCopy};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint32_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>;
/// assert_eq!(show::<TidfrgS<TC, cute!((_128,_64):(_64,_1))>>(), "((_4,_32),(_2,_1),(_4,_8)):((_2,_64),(_1,_0),(_2048,_8))");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, UniversalCopy};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint32_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
/// type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>;
/// // error[E0277]: Rank of tensor to be partitioned too small.
/// let _ = show::<TidfrgS<TC, cute!(_256:_1)>>();
/// ```
pub type TidfrgS<TC, L> = Tile2Thrfrg<TC, ZippedDivide<Checked<TC, L>, Tiler_MN<TC>>, AtomSrc2Ref<TC>>;
/// `tiled_copy.tidfrg_D(L)`: as [`TidfrgS`], with the atom's `dst2ref`.
pub type TidfrgD<TC, L> = Tile2Thrfrg<TC, ZippedDivide<Checked<TC, L>, Tiler_MN<TC>>, AtomDst2Ref<TC>>;

/// `shape(Tiler_MN)`: an integer tile is itself, a layout tile its shape.
pub trait TilerShapeOp: Sealed {
    type Output;
}
impl TilerShapeOp for Nil {
    type Output = Nil;
}
impl<H: TilerShapeOp, T: TilerShapeOp> TilerShapeOp for Tup<H, T> {
    type Output = Tup<<H as TilerShapeOp>::Output, <T as TilerShapeOp>::Output>;
}
impl<U: Unsigned + NonZero> TilerShapeOp for PInt<U> {
    type Output = PInt<U>;
}
impl<S, D> TilerShapeOp for Layout<S, D> {
    type Output = S;
}
/// `shape(Tiler_MN)`.
pub type TilerShape<T> = <T as TilerShapeOp>::Output;

/// `make_layout(make_shape(shape(Tiler_MN), _1))`: `(M,N) -> (M,N)`, the reference of
/// `get_layoutS_TV` / `get_layoutD_TV`.
pub type RefTile<TC> = MakeLayoutLeft<T2<TilerShape<Tiler_MN<TC>>, P1>>;

/// `tensor(_, _, _0)` of a rank-3 `tile2thrfrg` result: its first two modes (the third is sliced
/// at its origin, offset 0).
pub trait FirstTwoOp: Sealed {
    type Output;
}
impl<S0, S1, S2, D0, D1, D2> FirstTwoOp for Layout<Tup<S0, Tup<S1, Tup<S2, Nil>>>, Tup<D0, Tup<D1, Tup<D2, Nil>>>> {
    // (thr_idx,val_idx) -> (M,N)
    type Output = Layout<T2<S0, S1>, T2<D0, D1>>;
}
impl<F, O, L> FirstTwoOp for ComposedLayout<F, O, L>
where
    L: FirstTwoOp,
    F: Composition3Op<O, <L as FirstTwoOp>::Output>,
{
    type Output = Composition3<F, O, <L as FirstTwoOp>::Output>;
}
/// `tensor(_, _, _0)`.
pub type FirstTwo<L> = <L as FirstTwoOp>::Output;

/// `tiled_copy.get_layoutS_TV()`: `(thr_idx, val_idx) -> (M,N)` index of the tile, in source
/// `(thr, val)` order.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, UniversalCopy};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint32_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>;
/// assert_eq!(show::<GetLayoutS_TV<TC>>(), "((_4,_32),(_2,_1)):((_64,_1),(_32,_0))");
/// ```
pub type GetLayoutS_TV<TC> = FirstTwo<Tile2Thrfrg<TC, RefTile<TC>, AtomSrc2Ref<TC>>>;
/// `tiled_copy.get_layoutD_TV()`: as [`GetLayoutS_TV`], in destination `(thr, val)` order.
pub type GetLayoutD_TV<TC> = FirstTwo<Tile2Thrfrg<TC, RefTile<TC>, AtomDst2Ref<TC>>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::*;
    use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{float, half_t, uint128_t};
    use tycute_macros::cute;

    #[test]
    fn tidfrg() {
        type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>, cute!((_32,_8):(_1,_32)), cute!((_4,_1):(_1,_0))>;
        assert_eq!(show::<TidfrgD<TC, cute!((_128,_64):(_1,_128))>>(), "(_256,(_4,_1),(_1,_8)):(_4,(_1,_0),(_0,_1024))");
        assert_eq!(
            show::<TidfrgD<TC, cute!(Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0)))>>(),
            "Sw<3,3,3> o _0 o ((_2,_16,_8),(_4,_1),(_1,_8)):((_32,_512,_1),(_8,_0),(_0,_64))"
        );
        assert_eq!(show::<GetLayoutD_TV<TC>>(), "(_256,(_4,_1)):(_4,(_1,_0))");
        type U = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_64,_1):(_1,_0)), cute!((_1,_8):(_0,_1))>;
        assert_eq!(show::<TidfrgS<U, cute!((_128,_64):(_64,_1))>>(), "(_64,(_8,_1),(_2,_8)):(_64,(_1,_0),(_4096,_8))");
    }
}
