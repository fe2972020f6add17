//! `TiledCopy::tile2thrfrg(tensor, ref2trg)`: a tensor tiled by the copy's tile,
//! `((TileM,TileN,...),(RestM,RestN,...))`, re-indexed by thread and value:
//! `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
//!
//! ```text
//! atom_layout_TV = zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal))  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
//! trg_layout_TV  = atom_layout_TV.compose(ref2trg, _)                       // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
//! thrval2mn      = coalesce(zip(trg_layout_TV), (_1,(_1,_1)))               // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
//! tv_tensor      = tensor.compose(thrval2mn, _)                             // ((thrid,val),(RestM,RestN,...))
//! result         = tv_tensor((_,_), _)                                      // (Thr,(FrgV,FrgX),(RestM,RestN,...))
//! ```
//!
//! `ref2trg` is `src2ref` or `dst2ref` of the atom ([`AtomSrc2Ref`](super::AtomSrc2Ref),
//! [`AtomDst2Ref`](super::AtomDst2Ref)): the identity for most atoms, a real permutation of
//! `(thr, val)` for `ldmatrix` / `stmatrix`. As CuTe, the atom's threads are assumed to be the
//! first `AtomNumThr` thread ids of `TiledLayout_TV`, contiguous and in order.
//!
//! The tensor is a layout or a swizzled `ComposedLayout` (the swizzle and its offset are kept:
//! slicing a composed layout with `_` only reshapes its inner layout).

use tycute_layout::algebra::coalesce::CoalesceProfileOp;
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::divide::{ZippedDivideRaw, ZippedDivideRawOp};
use tycute_layout::algebra::zip::ZipOp;
use tycute_layout::int::P1;
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::{Composition3, Composition3Op, ComposedLayout};
use tycute_layout::tuple::{Concat, ConcatOp, Nil, Tup};
use tycute_layout::{CoalesceProfile, Composition, Underscore, Zip};

use super::tiled_copy::TiledCopyMembers;
use crate::sealed::Sealed;

/// `(A, B)`.
pub(crate) type T2<A, B> = Tup<A, Tup<B, Nil>>;

type TV<TC> = <TC as TiledCopyMembers>::TiledLayout_TV;
type AtomShapeTV<TC> = T2<<TC as TiledCopyMembers>::AtomNumThr, <TC as TiledCopyMembers>::AtomNumVal>;
/// `zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal))`:
/// `((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)`.
pub type AtomLayoutTV<TC> = ZippedDivideRaw<TV<TC>, AtomShapeTV<TC>>;
/// `atom_layout_TV.compose(ref2trg, _)`: `((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)`.
pub type TrgLayoutTV<TC, Ref2Trg> = Composition<AtomLayoutTV<TC>, T2<Ref2Trg, Underscore>>;
/// The coalesce profile `Shape<_1,Shape<_1,_1>>`.
type Profile = T2<P1, T2<P1, P1>>;

/// `coalesce(zip(trg_layout_TV), Shape<_1,Shape<_1,_1>>{})` as a trait on the TiledCopy; see
/// [`ThrVal2MN`].
pub trait ThrVal2MNOp<Ref2Trg>: Sealed {
    type Output;
}
impl<TC, Ref2Trg> ThrVal2MNOp<Ref2Trg> for TC
where
    TC: TiledCopyMembers,
    TV<TC>: ZippedDivideRawOp<AtomShapeTV<TC>>,
    AtomLayoutTV<TC>: CompositionOp<T2<Ref2Trg, Underscore>>,
    TrgLayoutTV<TC, Ref2Trg>: ZipOp,
    Zip<TrgLayoutTV<TC, Ref2Trg>>: CoalesceProfileOp<Profile>,
{
    // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
    type Output = CoalesceProfile<Zip<TrgLayoutTV<TC, Ref2Trg>>, Profile>;
}
/// `coalesce(zip(trg_layout_TV), Shape<_1,Shape<_1,_1>>{})`:
/// `((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)`.
pub type ThrVal2MN<TC, Ref2Trg> = <TC as ThrVal2MNOp<Ref2Trg>>::Output;
/// `tensor.compose(thrval2mn, _)`: `((thrid,val),(RestM,RestN,...))`.
pub type TvTensor<TC, Tensor, Ref2Trg> = Composition<Tensor, T2<ThrVal2MN<TC, Ref2Trg>, Underscore>>;

/// `tiled_copy.tile2thrfrg(tensor, ref2trg)` as a trait on the TiledCopy; see [`Tile2Thrfrg`].
pub trait Tile2ThrfrgOp<Tensor, Ref2Trg>: Sealed {
    type Output;
}
impl<TC, Tensor, Ref2Trg> Tile2ThrfrgOp<Tensor, Ref2Trg> for TC
where
    TC: ThrVal2MNOp<Ref2Trg>,
    Tensor: CompositionOp<T2<ThrVal2MN<TC, Ref2Trg>, Underscore>>,
    TvTensor<TC, Tensor, Ref2Trg>: UnfoldFirstOp,
{
    // (Thr,(FrgV,FrgX),(RestM,RestN,...))
    type Output = UnfoldFirst<TvTensor<TC, Tensor, Ref2Trg>>;
}

/// `tiled_copy.tile2thrfrg(tensor, ref2trg)` for a tensor (layout or swizzled composed layout)
/// of shape `((TileM,TileN,...),(RestM,RestN,...))`: `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, ZippedDivide, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// // a 128x64 K-major tile, divided by the (16,64) tile of the copy
/// type Tiled = ZippedDivide<cute!((_128,_64):(_64,_1)), Tiler_MN<TC>>;
/// assert_eq!(show::<Tile2Thrfrg<TC, Tiled, AtomSrc2Ref<TC>>>(), "((_8,_16),(_8,_1),(_8,_1)):((_8,_64),(_1,_0),(_1024,_0))");
/// ```
pub type Tile2Thrfrg<TC, Tensor, Ref2Trg> = <TC as Tile2ThrfrgOp<Tensor, Ref2Trg>>::Output;

/// `tensor((_,_), _, ...)`: the two sub-modes of mode 0 become modes of their own,
/// `((A,B),C,...) -> (A,B,C,...)` (for a composed layout, of its inner layout).
pub trait UnfoldFirstOp: Sealed {
    type Output;
}
impl<S0, ST, D0, DT> UnfoldFirstOp for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    S0: ConcatOp<ST>,
    D0: ConcatOp<DT>,
{
    // (A,B,C,...)
    type Output = Layout<Concat<S0, ST>, Concat<D0, DT>>;
}
impl<F, O, L> UnfoldFirstOp for ComposedLayout<F, O, L>
where
    L: UnfoldFirstOp,
    F: Composition3Op<O, <L as UnfoldFirstOp>::Output>,
{
    // F o O o (A,B,C,...)
    type Output = Composition3<F, O, <L as UnfoldFirstOp>::Output>;
}
/// `tensor((_,_), _, ...)`.
pub type UnfoldFirst<L> = <L as UnfoldFirstOp>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::*;
    use tycute_atom::{Copy_Atom, SM75_U32x4_LDSM_N};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::half_t;
    use tycute_macros::cute;

    #[test]
    fn steps() {
        type TC = TiledCopy<
            Copy_Atom<SM75_U32x4_LDSM_N, half_t>,
            cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
            cute!((_32,_16)),
        >;
        assert_eq!(show::<AtomLayoutTV<TC>>(), "(((_4,_8),(_2,_2,_2)),((_2,_2),_1)):(((_64,_1),(_32,_8,_256)),((_16,_0),_0))");
        assert_eq!(show::<TrgLayoutTV<TC, AtomSrc2Ref<TC>>>(), "(((_8,(_2,_2)),(_2,_4)),((_2,_2),_1)):(((_1,(_8,_256)),(_32,_64)),((_16,_0),_0))");
        assert_eq!(show::<ThrVal2MN<TC, AtomSrc2Ref<TC>>>(), "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))");
    }
}
