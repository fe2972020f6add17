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
use tycute_layout::algebra::divide::{ZippedDivideRaw, ZippedDivideRawOp};
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::algebra::product::LogicalProductOp;
use tycute_layout::algebra::tiler::{ProductEach, ProductEachOp};
use core::ops::{BitOr, Rem};
use tycute_layout::int::{Eq, Gr, IsEqual, IsGreater, Mod, Or, Prod, B1, Z0};
use tycute_layout::layout::{IsLayout, Layout, LayoutAtOp, RankOfOp, ShapeOf, SizeOp};
use tycute_layout::tuple::{Len, LenOp, Tup};
use tycute_layout::{Composition, LayoutAt, LogicalProduct, MakeLayoutLeft, Rank, RightInverse, Size, Underscore, Upcast, WithShape};

use super::tidfrg::{TilerShape, TilerShapeOp};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
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
    LogicalProduct<MakeLayoutLeft<V>, RightInverse<Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>>>: ZippedDivideRawOp<MakeLayoutLeft<NumVal<TC>>>,
{
    // (m,n) -> v_idx
    type MN = Upcast<Prod<NumThr<TC>, V>, InvTV<TC>>;
    // (atom_vals,rest_vals) -> (v,m,n)
    type V = ZippedDivideRaw<
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
type TTensor<TC, F> = ZippedDivideRaw<F, TTiler<TC, RetileV<F>>>;
/// `t_tensor.compose(frg_layout_v, _)`: `((atom_vals,rest_vals),(1,RM,RN,...))`.
type VTensor<TC, F> = Composition<TTensor<TC, F>, T2<FrgLayoutV<TC, RetileV<F>>, Underscore>>;

/// `thr_copy.retile_S/D(fragment)` as a trait on the TiledCopy; see [`Retile`].
pub trait RetileOp<F>: Sealed {
    type Output;
}
impl<TC, F> RetileOp<F> for TC
where
    TC: TiledCopyMembers,
    // rank(fragment) >= 1 + rank(Tiler_MN)
    F: RankOfOp,
    TilerOf<TC>: LenOp,
    Rank<F>: IsGreater<Len<TilerOf<TC>>>,
    Gr<Rank<F>, Len<TilerOf<TC>>>: DecimalIfFailed<Rank<F>> + DecimalIfFailed<Len<TilerOf<TC>>>,
    Gr<Rank<F>, Len<TilerOf<TC>>>: RetileFragmentRank<RankNum<TC, F>, TilerRankNum<TC, F>>,
    // V divides TiledNumVal or is a multiple of it (checked on the rank-gated fragment)
    RankOk<TC, F>: RetileVBit<NumValT<TC>> + LayoutAtOp<Z0>,
    LayoutAt<RankOk<TC, F>, Z0>: SizeOp,
    VBit<TC, F>: DecimalIfFailed<RetileV<RankOk<TC, F>>> + DecimalIfFailed<NumValT<TC>>,
    VBit<TC, F>: RetileFragmentValues<VNum<TC, F>, DecIfFailed<VBit<TC, F>, NumValT<TC>>>,
    // size(fragment) is a multiple of TiledNumVal (checked once V fits)
    VOk<TC, F>: RetileSizeBit<NumValT<TC>> + SizeOp,
    SizeBit<TC, F>: DecimalIfFailed<Size<VOk<TC, F>>> + DecimalIfFailed<NumValT<TC>>,
    SizeBit<TC, F>: RetileFragmentSize<SizeNum<TC, F>, DecIfFailed<SizeBit<TC, F>, NumValT<TC>>>,
    // the computation, on the gated fragment: an unknown self type when a check fails
    Gated<TC, F>: RetileOn<TC>,
{
    // ((atom_vals,rest_vals),RM,RN,...)
    type Output = <Gated<TC, F> as RetileOn<TC>>::Output;
}

type TilerOf<TC> = <TC as TiledCopyMembers>::Tiler_MN;
type NumValT<TC> = <TC as TiledCopyMembers>::TiledNumVal;
/// The fragment, once its rank is known to fit.
type RankOk<TC, F> = <Gr<Rank<F>, Len<TilerOf<TC>>> as RetileFragmentRank<RankNum<TC, F>, TilerRankNum<TC, F>>>::Ok<F>;
/// rank(fragment) and rank(Tiler_MN) for the rank rule's message (`()` when it holds).
type RankNum<TC, F> = DecIfFailed<Gr<Rank<F>, Len<TilerOf<TC>>>, Rank<F>>;
type TilerRankNum<TC, F> = DecIfFailed<Gr<Rank<F>, Len<TilerOf<TC>>>, Len<TilerOf<TC>>>;
/// V and size(fragment) for the values rule's messages (`()` when it holds).
type VNum<TC, F> = DecIfFailed<VBit<TC, F>, RetileV<RankOk<TC, F>>>;
type SizeNum<TC, F> = DecIfFailed<SizeBit<TC, F>, Size<VOk<TC, F>>>;
/// `V % TiledNumVal == 0 || TiledNumVal % V == 0` for the rank-gated fragment.
type VBit<TC, F> = <RankOk<TC, F> as RetileVBit<NumValT<TC>>>::Output;
/// The fragment, once V fits.
type VOk<TC, F> = <VBit<TC, F> as RetileFragmentValues<VNum<TC, F>, DecIfFailed<VBit<TC, F>, NumValT<TC>>>>::Ok<RankOk<TC, F>>;
/// `size(fragment) % TiledNumVal == 0` for the fragment once V fits.
type SizeBit<TC, F> = <VOk<TC, F> as RetileSizeBit<NumValT<TC>>>::Output;
/// The fragment, once every check holds.
type Gated<TC, F> = <SizeBit<TC, F> as RetileFragmentSize<SizeNum<TC, F>, DecIfFailed<SizeBit<TC, F>, NumValT<TC>>>>::Ok<VOk<TC, F>>;

/// `retile_S/D` needs a fragment `(V,M,N,...)`: a value mode and then at least one mode per mode
/// of the copy's `Tiler_MN` (CuTe's `zipped_divide` of the fragment by `(V, M, N)` asserts "Too
/// many modes in tiler" otherwise). Implemented for `B1`; `Ok<T>` passes `T` through, so that the
/// computation behind it is not attempted when the check fails.
#[diagnostic::on_unimplemented(
    message = "retile_S/D: the fragment must be (V,M,N,...): one value mode, then a mode per mode of the TiledCopy's Tiler_MN (rank(fragment) >= 1 + rank(Tiler_MN)): the fragment has rank {Rank}, Tiler_MN has rank {TilerRank}",
    label = "this fragment has too few modes for the TiledCopy's tile"
)]
pub trait RetileFragmentRank<Rank = (), TilerRank = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<Rank, TilerRank> RetileFragmentRank<Rank, TilerRank> for B1 {
    type Ok<T> = T;
}

/// The fragment holds whole copies of the TiledCopy: `V = size<0>(fragment)` (its values per
/// position) divides `TiledNumVal = size<1>(TiledLayout_TV)` (the values one thread copies per
/// tile) or is a multiple of it, and `size(fragment)` is a multiple of `TiledNumVal`.
///
/// Otherwise `retile` cannot regroup the fragment's values into `((AtomVals,RestVals),...)`: CuTe
/// fails deep inside (`upcast` of the TV layout's inverse: "Divisibility condition") or rounds the
/// last copy up, and the retiled fragment indexes past the registers the thread holds (e.g. a
/// fragment `(_4,_3,_1)`, 12 values, under a copy of 8 values per thread).
///
/// A fragment of whole copies whose modes do not line up with the copy's (`(_4,_2,_1)` where
/// the copy takes its 4-value positions two at a time along N) is accepted, as by CuTe, whose
/// result then maps some registers twice (seed 002 prints it, `tests/vectors/seeds.txt`).
#[diagnostic::on_unimplemented(
    message = "retile_S/D: the fragment does not hold whole copies of the TiledCopy: V = size<0>(fragment) must divide TiledNumVal (the values a thread copies per tile) or be a multiple of it, and size(fragment) must be a multiple of TiledNumVal: V = {V}, TiledNumVal = {NumVal}",
    label = "the fragment's values do not match the TiledCopy's values per thread"
)]
pub trait RetileFragmentValues<V = (), NumVal = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<V, NumVal> RetileFragmentValues<V, NumVal> for B1 {
    type Ok<T> = T;
}

/// The second half of [`RetileFragmentValues`]' rule, `size(fragment) % TiledNumVal == 0`, with
/// its numbers (the same words).
#[diagnostic::on_unimplemented(
    message = "retile_S/D: the fragment does not hold whole copies of the TiledCopy: V = size<0>(fragment) must divide TiledNumVal (the values a thread copies per tile) or be a multiple of it, and size(fragment) must be a multiple of TiledNumVal: size(fragment) = {Size}, TiledNumVal = {NumVal}",
    label = "the fragment's values do not match the TiledCopy's values per thread"
)]
pub trait RetileFragmentSize<Size = (), NumVal = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<Size, NumVal> RetileFragmentSize<Size, NumVal> for B1 {
    type Ok<T> = T;
}

/// `V % N == 0 || N % V == 0` for a fragment `Self` and `TiledNumVal = N`.
#[doc(hidden)]
pub trait RetileVBit<N> {
    type Output;
}
impl<F, N> RetileVBit<N> for F
where
    F: LayoutAtOp<Z0>,
    LayoutAt<F, Z0>: SizeOp,
    RetileV<F>: Rem<N>,
    N: Rem<RetileV<F>>,
    Mod<RetileV<F>, N>: IsEqual<Z0>,
    Mod<N, RetileV<F>>: IsEqual<Z0>,
    Eq<Mod<RetileV<F>, N>, Z0>: BitOr<Eq<Mod<N, RetileV<F>>, Z0>>,
{
    type Output = Or<Eq<Mod<RetileV<F>, N>, Z0>, Eq<Mod<N, RetileV<F>>, Z0>>;
}

/// `size(Self) % N == 0` for a fragment `Self` and `TiledNumVal = N`.
#[doc(hidden)]
pub trait RetileSizeBit<N> {
    type Output;
}
impl<F, N> RetileSizeBit<N> for F
where
    F: SizeOp,
    Size<F>: Rem<N>,
    Mod<Size<F>, N>: IsEqual<Z0>,
{
    type Output = Eq<Mod<Size<F>, N>, Z0>;
}

/// `retile` of the fragment `Self` by the TiledCopy `TC`, once the checks hold.
#[doc(hidden)]
pub trait RetileOn<TC> {
    type Output;
}
impl<F, TC> RetileOn<TC> for F
where
    TC: TiledCopyMembers,
    F: LayoutAtOp<Z0>,
    LayoutAt<F, Z0>: SizeOp,
    TC: FrgLayoutOp<RetileV<F>>,
    FrgLayoutMN<TC, RetileV<F>>: IsLayout,
    ShapeOf<FrgLayoutMN<TC, RetileV<F>>>: ProductEachOp,
    F: ZippedDivideRawOp<TTiler<TC, RetileV<F>>>,
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
///
/// (Unlike [`ExactPartitionS`](super::ExactPartitionS) or [`CopyVector`](super::CopyVector), this
/// alias goes through [`RetileOp`], whose impl holds the checks: a rejection carries one note
/// that prints the TiledCopy, but the checks in the alias itself cost the sgemm_sm80 build about
/// 75-130 MB, docs/perf-history.md.)
pub type Retile<TC, F> = <TC as RetileOp<F>>::Output;
/// `thr_copy.retile_S(fragment)`.
pub type RetileS<TC, F> = Retile<TC, F>;
/// `thr_copy.retile_D(fragment)`.
pub type RetileD<TC, F> = Retile<TC, F>;
