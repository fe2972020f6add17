//! `ThrCopy::retile_S/D(tensor)` (CuTe's `TiledCopy::retile`): a thread's fragment `(V,M,N,...)`
//! (e.g. the MMA's register fragment) re-indexed in the copy's value order,
//! `((AtomVals,RestVals),M',N',...)`.
//!
//! ```text
//! V             = size<0>(tensor)
//! frg_layout_mn = upcast<TiledNumThr * V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))  // (m,n) -> v_idx
//! frg_layout_v  = zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)),
//!                               make_layout(AtomNumVal))                                              // (atom_vals,rest_vals) -> (v,m,n)
//! t_tensor      = zipped_divide(tensor, prepend(product_each(shape(frg_layout_mn)), V))              // ((TileV,TileM,TileN,...),(1,RestM,RestN,...))
//! v_tensor      = t_tensor.compose(frg_layout_v, _)                                                 // ((atom_vals,rest_vals),(1,RM,RN,...))
//! retile        = v_tensor(_, append<R>(_0, _))                                                      // ((atom_vals,rest_vals),RM,RN,...)
//! ```
//!
//! `retile_S` and `retile_D` are the same function (CuTe: "retile_S and retile_D assume they
//! are working with the reference layout"). The tensor is a register fragment, so the result is
//! its layout.

use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::cast::UpcastOp;
use tycute_layout::algebra::divide::ZippedDivideOp;
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::algebra::product::LogicalProductOp;
use tycute_layout::algebra::tiler::{ProductEach, ProductEachOp};
use tycute_layout::int::{Prod, Z0};
use tycute_layout::layout::{IsLayout, Layout, LayoutAtOp, ShapeOf, SizeOp};
use tycute_layout::tuple::Tup;
use tycute_layout::{Composition, LayoutAt, LogicalProduct, MakeLayoutLeft, RightInverse, Size, Underscore, Upcast, WithShape, ZippedDivide};

use super::tidfrg::{TilerShape, TilerShapeOp};
use super::tile2thrfrg::T2;
use super::tiled_copy::TiledCopyMembers;
use crate::sealed::Sealed;

type NumThr<TC> = <TC as TiledCopyMembers>::TiledNumThr;
type NumVal<TC> = <TC as TiledCopyMembers>::AtomNumVal;
type TV<TC> = <TC as TiledCopyMembers>::TiledLayout_TV;
type TilerS<TC> = TilerShape<<TC as TiledCopyMembers>::Tiler_MN>;

/// `V = size<0>(tensor)`: the values the thread holds per position.
pub type RetileV<F> = Size<LayoutAt<F, Z0>>;
/// `right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN))`: `(m,n) -> (thr_idx, val_idx)`.
type InvTV<TC> = WithShape<RightInverse<TV<TC>>, TilerS<TC>>;
/// `right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN))` of a TiledCopy (retile's first
/// step, printed by seed 002): `(m,n) -> (thr_idx, val_idx)`.
pub type TiledLayoutTVInverse<TC> = InvTV<TC>;

/// The fragment layouts of `retile`, as a trait on the TiledCopy (for a fragment of `V`
/// values per position): [`FrgLayoutMN`], [`FrgLayoutV`].
pub trait FrgLayoutOp<V>: Sealed {
    /// `upcast<TiledNumThr * V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`:
    /// `(m,n) -> v_idx`, the shape and order of the `V` values inside `TiledLayout_TV`.
    type MN;
    /// `zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)), make_layout(AtomNumVal))`:
    /// `(atom_vals,rest_vals) -> (v,m,n)`.
    type V;
}
impl<TC, V> FrgLayoutOp<V> for TC
where
    TC: TiledCopyMembers,
    TV<TC>: RightInverseOp,
    <TC as TiledCopyMembers>::Tiler_MN: TilerShapeOp,
    TilerS<TC>: MakeLayoutLeftOp,
    RightInverse<TV<TC>>: CompositionOp<MakeLayoutLeft<TilerS<TC>>>,
    NumThr<TC>: core::ops::Mul<V>,
    InvTV<TC>: UpcastOp<Prod<NumThr<TC>, V>>,
    Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>: RightInverseOp,
    V: MakeLayoutLeftOp,
    MakeLayoutLeft<V>: LogicalProductOp<RightInverse<Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>>>,
    NumVal<TC>: MakeLayoutLeftOp,
    LogicalProduct<MakeLayoutLeft<V>, RightInverse<Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>>>: ZippedDivideOp<MakeLayoutLeft<NumVal<TC>>>,
{
    // (m,n) -> v_idx
    type MN = Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>;
    // (atom_vals,rest_vals) -> (v,m,n)
    type V = ZippedDivide<
        LogicalProduct<MakeLayoutLeft<V>, RightInverse<Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>>>,
        MakeLayoutLeft<NumVal<TC>>,
    >;
}
/// `frg_layout_mn` of `retile` for `V` values per position: `(m,n) -> v_idx`.
pub type FrgLayoutMN<TC, V> = <TC as FrgLayoutOp<V>>::MN;
/// `frg_layout_v` of `retile` for `V` values per position: `(atom_vals,rest_vals) -> (v,m,n)`.
pub type FrgLayoutV<TC, V> = <TC as FrgLayoutOp<V>>::V;
/// `prepend(product_each(shape(frg_layout_mn)), V)`.
type TTiler<TC, V> = Tup<V, ProductEach<ShapeOf<FrgLayoutMN<TC, V>>>>;
/// `zipped_divide(tensor, prepend(product_each(shape(frg_layout_mn)), V))`:
/// `((TileV,TileM,TileN,...),(1,RestM,RestN,...))`.
type TTensor<TC, F> = ZippedDivide<F, TTiler<TC, RetileV<F>>>;
/// `t_tensor.compose(frg_layout_v, _)`: `((atom_vals,rest_vals),(1,RM,RN,...))`.
type VTensor<TC, F> = Composition<TTensor<TC, F>, T2<FrgLayoutV<TC, RetileV<F>>, Underscore>>;

/// `thr_copy.retile_S/D(fragment)` as a trait on the TiledCopy; see [`Retile`].
pub trait RetileOp<F>: Sealed {
    type Output;
}
impl<TC, F> RetileOp<F> for TC
where
    TC: TiledCopyMembers,
    F: LayoutAtOp<Z0>,
    LayoutAt<F, Z0>: SizeOp,
    TC: FrgLayoutOp<RetileV<F>>,
    FrgLayoutMN<TC, RetileV<F>>: IsLayout,
    ShapeOf<FrgLayoutMN<TC, RetileV<F>>>: ProductEachOp,
    F: ZippedDivideOp<TTiler<TC, RetileV<F>>>,
    TTensor<TC, F>: CompositionOp<T2<FrgLayoutV<TC, RetileV<F>>, Underscore>>,
    VTensor<TC, F>: DropRestHeadOp,
{
    // ((atom_vals,rest_vals),RM,RN,...)
    type Output = DropRestHead<VTensor<TC, F>>;
}

/// `v_tensor(_, append<R>(_0, _))`: mode 0 kept, the first element of mode 1 sliced at 0 (offset
/// 0) and the others made modes of their own.
pub trait DropRestHeadOp: Sealed {
    type Output;
}
impl<S0, S10, ST, D0, D10, DT> DropRestHeadOp for Layout<T2<S0, Tup<S10, ST>>, T2<D0, Tup<D10, DT>>> {
    // ((atom_vals,rest_vals),RM,RN,...)
    type Output = Layout<Tup<S0, ST>, Tup<D0, DT>>;
}
/// `v_tensor(_, append<R>(_0, _))`.
pub type DropRestHead<L> = <L as DropRestHeadOp>::Output;

/// `thr_copy.retile_S(fragment)` / `retile_D(fragment)` of a fragment layout `F`:
/// `((AtomVals,RestVals),M',N',...)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM75_U32x2_LDSM_N};
/// use tycute_layout::{show, swizzle::recast::half_t};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// // the S2R copy of A: ldmatrix.x2 over the SM80 16x8x16 TiledMMA (make_tiled_copy_A)
/// type TC = TiledCopy<
///     Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
///     cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
///     cute!((_32,_16)),
/// >;
/// // the MMA's A fragment (partition_fragment_A) seen by the copy: 4 values per ldmatrix.x2
/// assert_eq!(show::<Retile<TC, cute!(((_2,_2,_2),_4,(_2,_2)):((_1,_2,_4),_8,(_32,_64)))>>(), "((_4,_2),_4,_4):((_1,_4),_8,_32)");
/// ```
pub type Retile<TC, F> = <TC as RetileOp<F>>::Output;
/// `thr_copy.retile_S(fragment)`.
pub type RetileS<TC, F> = Retile<TC, F>;
/// `thr_copy.retile_D(fragment)`.
pub type RetileD<TC, F> = Retile<TC, F>;
