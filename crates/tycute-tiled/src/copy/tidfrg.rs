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

use tycute_layout::algebra::divide::{ZippedDivideRaw, ZippedDivideRawOp};
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::int::{GrEq, IsGreaterOrEqual, B1, P1};
use tycute_layout::layout::{Layout, RankOfOp};
use tycute_layout::swizzle::{Composition3, Composition3Op, ComposedLayout};
use tycute_layout::tuple::{Len, LenOp, Nil, Tup};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::{MakeLayoutLeft, Rank};
use typenum::{NonZero, PInt, Unsigned};

use super::tile2thrfrg::{Tile2Thrfrg, Tile2ThrfrgOp, T2};
use super::tiled_copy::TiledCopyMembers;
use crate::sealed::Sealed;

type Tiler<TC> = <TC as TiledCopyMembers>::Tiler_MN;

/// CuTe's `CUTE_STATIC_ASSERT_V(rank(stensor) >= rank(Tiler_MN{}))`; also the gate to the
/// computation, so that a tensor of too small a rank gives this error only. `RankNum` and
/// `TilerRank` are `rank(tensor)` and `rank(Tiler_MN)` in decimal where the check fails.
#[diagnostic::on_unimplemented(
    message = "tidfrg_S/D, partition_S/D: Rank of tensor to be partitioned too small. rank(tensor) = {RankNum}, rank(Tiler_MN) = {TilerRank}",
    label = "tidfrg_S/tidfrg_D/partition_S/partition_D: the tensor has {RankNum} modes, the copy's Tiler_MN {TilerRank}"
)]
pub trait TensorRankFits<RankNum = (), TilerRank = ()>: Sealed {
    /// `T` where the check holds.
    #[doc(hidden)]
    type Ok<T>;
}
impl<RankNum, TilerRank> TensorRankFits<RankNum, TilerRank> for B1 {
    type Ok<T> = T;
}
/// The tensor's layout once its rank is known to fit.
type LOk<TC, L> = <RankFits<TC, L> as TensorRankFits<RankNum<TC, L>, TilerRank<TC, L>>>::Ok<L>;
// (Thr,(FrgV,FrgX),(RestM,RestN,...))
type Tidfrg<TC, L, Ref2Trg> = Tile2Thrfrg<TC, ZippedDivideRaw<LOk<TC, L>, Tiler<TC>>, Ref2Trg>;
/// `rank(L) >= rank(Tiler_MN)`, as a bit.
type RankFits<TC, L> = GrEq<Rank<L>, Len<Tiler<TC>>>;
/// `rank(L)` and `rank(Tiler_MN)` in decimal where `rank(L) < rank(Tiler_MN)`.
type RankNum<TC, L> = DecIfFailed<RankFits<TC, L>, Rank<L>>;
type TilerRank<TC, L> = DecIfFailed<RankFits<TC, L>, Len<Tiler<TC>>>;

/// `tiled_copy.tidfrg_S(L)` as a trait on the TiledCopy; see [`TidfrgS`].
pub trait TidfrgSOp<L>: Sealed {
    type Output;
}
impl<TC, L> TidfrgSOp<L> for TC
where
    TC: TiledCopyMembers,
    L: RankOfOp,
    Tiler<TC>: LenOp,
    Rank<L>: IsGreaterOrEqual<Len<Tiler<TC>>>,
    RankFits<TC, L>: DecimalIfFailed<Rank<L>> + DecimalIfFailed<Len<Tiler<TC>>>,
    RankFits<TC, L>: TensorRankFits<RankNum<TC, L>, TilerRank<TC, L>>,
    LOk<TC, L>: ZippedDivideRawOp<Tiler<TC>>,
    TC: Tile2ThrfrgOp<ZippedDivideRaw<LOk<TC, L>, Tiler<TC>>, TC::Src2Ref>,
{
    type Output = Tidfrg<TC, L, TC::Src2Ref>;
}
/// `tiled_copy.tidfrg_D(L)` as a trait on the TiledCopy; see [`TidfrgD`].
pub trait TidfrgDOp<L>: Sealed {
    type Output;
}
impl<TC, L> TidfrgDOp<L> for TC
where
    TC: TiledCopyMembers,
    L: RankOfOp,
    Tiler<TC>: LenOp,
    Rank<L>: IsGreaterOrEqual<Len<Tiler<TC>>>,
    RankFits<TC, L>: DecimalIfFailed<Rank<L>> + DecimalIfFailed<Len<Tiler<TC>>>,
    RankFits<TC, L>: TensorRankFits<RankNum<TC, L>, TilerRank<TC, L>>,
    LOk<TC, L>: ZippedDivideRawOp<Tiler<TC>>,
    TC: Tile2ThrfrgOp<ZippedDivideRaw<LOk<TC, L>, Tiler<TC>>, TC::Dst2Ref>,
{
    type Output = Tidfrg<TC, L, TC::Dst2Ref>;
}

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
pub type TidfrgS<TC, L> = <TC as TidfrgSOp<L>>::Output;
/// `tiled_copy.tidfrg_D(L)`: as [`TidfrgS`], with the atom's `dst2ref`.
pub type TidfrgD<TC, L> = <TC as TidfrgDOp<L>>::Output;

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

/// `make_layout(make_shape(shape(Tiler_MN), _1))` for a tiler: `(M,N) -> (M,N)`, the
/// reference of `get_layoutS_TV` / `get_layoutD_TV`.
pub trait RefTileOp: Sealed {
    type Output;
}
impl<H, T> RefTileOp for Tup<H, T>
where
    Tup<H, T>: TilerShapeOp,
    T2<TilerShape<Tup<H, T>>, P1>: MakeLayoutLeftOp,
{
    // ((M,N),_1) -> (M,N)
    type Output = MakeLayoutLeft<T2<TilerShape<Tup<H, T>>, P1>>;
}
/// `make_layout(make_shape(shape(Tiler_MN), _1))` of a TiledCopy.
pub type RefTile<TC> = <Tiler<TC> as RefTileOp>::Output;

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

macro_rules! get_layout_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $ref2trg:ident) => {
        #[doc = concat!("`tiled_copy.", stringify!($alias), "()` as a trait on the TiledCopy; see [`", stringify!($alias), "`].")]
        pub trait $op: Sealed {
            type Output;
        }
        impl<TC> $op for TC
        where
            TC: TiledCopyMembers,
            Tiler<TC>: RefTileOp,
            TC: Tile2ThrfrgOp<RefTile<TC>, TC::$ref2trg>,
            Tile2Thrfrg<TC, RefTile<TC>, TC::$ref2trg>: FirstTwoOp,
        {
            // (thr_idx,val_idx) -> (M,N)
            type Output = FirstTwo<Tile2Thrfrg<TC, RefTile<TC>, TC::$ref2trg>>;
        }
        $(#[$m])*
        pub type $alias<TC> = <TC as $op>::Output;
    };
}

get_layout_op!(
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
    GetLayoutS_TVOp, GetLayoutS_TV, Src2Ref
);
get_layout_op!(
    /// `tiled_copy.get_layoutD_TV()`: as [`GetLayoutS_TV`], in destination `(thr, val)` order.
    GetLayoutD_TVOp, GetLayoutD_TV, Dst2Ref
);

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
