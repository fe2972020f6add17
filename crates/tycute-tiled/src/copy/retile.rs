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

use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::int::{Prod, Z0};
use tycute_layout::layout::{Layout, ShapeOf};
use tycute_layout::tuple::Tup;
use tycute_layout::{Composition, LayoutAt, LogicalProduct, MakeLayoutLeft, RightInverse, Size, Underscore, Upcast, WithShape, ZippedDivide};

use super::tidfrg::TilerShape;
use super::tile2thrfrg::T2;
use super::tiled_copy::{AtomNumVal, TiledLayout_TV, TiledNumThr, Tiler_MN};
use crate::sealed::Sealed;

/// `V = size<0>(tensor)`: the values the thread holds per position.
pub type RetileV<F> = Size<LayoutAt<F, Z0>>;
/// `upcast<TiledNumThr * V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`:
/// `(m,n) -> v_idx`, the shape and order of the `V` values inside `TiledLayout_TV`.
pub type FrgLayoutMN<TC, V> = Upcast<Prod<TiledNumThr<TC>, V>, WithShape<RightInverse<TiledLayout_TV<TC>>, TilerShape<Tiler_MN<TC>>>>;
/// `zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)), make_layout(AtomNumVal))`:
/// `(atom_vals,rest_vals) -> (v,m,n)`.
pub type FrgLayoutV<TC, V> =
    ZippedDivide<LogicalProduct<MakeLayoutLeft<V>, RightInverse<FrgLayoutMN<TC, V>>>, MakeLayoutLeft<AtomNumVal<TC>>>;
/// `zipped_divide(tensor, prepend(product_each(shape(frg_layout_mn)), V))`:
/// `((TileV,TileM,TileN,...),(1,RestM,RestN,...))`.
type TTensor<TC, F> = ZippedDivide<F, Tup<RetileV<F>, ProductEach<ShapeOf<FrgLayoutMN<TC, RetileV<F>>>>>>;
/// `t_tensor.compose(frg_layout_v, _)`: `((atom_vals,rest_vals),(1,RM,RN,...))`.
type VTensor<TC, F> = Composition<TTensor<TC, F>, T2<FrgLayoutV<TC, RetileV<F>>, Underscore>>;

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
pub type Retile<TC, F> = DropRestHead<VTensor<TC, F>>;
/// `thr_copy.retile_S(fragment)`.
pub type RetileS<TC, F> = Retile<TC, F>;
/// `thr_copy.retile_D(fragment)`.
pub type RetileD<TC, F> = Retile<TC, F>;
