//! `tiled_copy.get_slice(thr).partition_S/D(tensor)`: the part of a tensor that thread `thr`
//! copies, `(CPY,CPY_M,CPY_N,...)`.
//!
//! ```text
//! thr_tensor  = make_tensor(tensor.data(), tidfrg_S(tensor.layout()))   // (Thr,(FrgV,FrgX),(RestM,RestN,...))
//! partition_S = thr_tensor(thr, _, repeat<rank(tensor)>(_))             // ((FrgV,FrgX),RestM,RestN,...)
//! ```
//!
//! The tensors are the reference tensors of the vectors, `make_tensor(counting_iterator<int>(0), L)`,
//! so a thread's part is a [`CountingTensor`]: `counting_iter(N) o L'`, where `N` is the offset
//! of the thread's first element (`crd2idx(thr, shape<0>, stride<0>)` of the thread mode) and
//! `L'` the layout of its elements.
//!
//! For a swizzled tensor `Sw o _0 o L` CuTe slices the composed layout: the thread's coordinate
//! is resolved through the swizzle as far as it can be (see [`super::swizzle_slice`]); that case
//! is implemented there, on the same [`ThrSliceOp`].

use tycute_layout::layout::Layout;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::Crd2Idx;
use tycute_layout::algebra::coord::Crd2IdxOp;

use super::tidfrg::{TidfrgD, TidfrgDOp, TidfrgS, TidfrgSOp, TilerShape, TilerShapeOp};
use crate::exact::{ModesMultiple, ModesMultipleOf, TensorShape, TensorShapeOp, TiledCopyTileDividesTensor};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{B0, B1};
use crate::counting::CountingTensor;
use crate::sealed::Sealed;

/// `thr_tensor(thr, _, repeat<R>(_))` of a `tidfrg_S/D` result `(Thr,Frg,(Rest...))`: the
/// thread's [`CountingTensor`] `counting_iter(N) o (Frg,Rest...)`.
pub trait ThrSliceOp<Thr>: Sealed {
    type Output;
}
impl<Thr, S0, S1, S2, D0, D1, D2> ThrSliceOp<Thr> for Layout<Tup<S0, Tup<S1, Tup<S2, Nil>>>, Tup<D0, Tup<D1, Tup<D2, Nil>>>>
where
    Thr: Crd2IdxOp<S0, D0>,
    S2: RestModes,
    D2: RestModes,
{
    // counting_iter(thr's offset) o ((FrgV,FrgX),RestM,RestN,...)
    type Output = CountingTensor<Crd2Idx<Thr, S0, D0>, Layout<Tup<S1, S2>, Tup<D1, D2>>>;
}
/// The rest mode `(RestM,RestN,...)` is sliced with `(_,_,...)`: its elements become modes of
/// their own, so it must be a tuple.
#[doc(hidden)]
pub trait RestModes {}
impl<H, T> RestModes for Tup<H, T> {}

/// `thr_tensor(thr, _, repeat<R>(_))`.
pub type ThrSlice<L, Thr> = <L as ThrSliceOp<Thr>>::Output;

/// `tiled_copy.get_slice(thr).partition_S(tensor(L))` as a trait on the TiledCopy; see [`PartitionS`].
pub trait PartitionSOp<L, Thr>: Sealed {
    type Output;
}
impl<TC, L, Thr> PartitionSOp<L, Thr> for TC
where
    TC: TidfrgSOp<L>,
    TidfrgS<TC, L>: ThrSliceOp<Thr>,
{
    type Output = ThrSlice<TidfrgS<TC, L>, Thr>;
}
/// `tiled_copy.get_slice(thr).partition_D(tensor(L))` as a trait on the TiledCopy; see [`PartitionD`].
pub trait PartitionDOp<L, Thr>: Sealed {
    type Output;
}
impl<TC, L, Thr> PartitionDOp<L, Thr> for TC
where
    TC: TidfrgDOp<L>,
    TidfrgD<TC, L>: ThrSliceOp<Thr>,
{
    type Output = ThrSlice<TidfrgD<TC, L>, Thr>;
}

/// `tiled_copy.get_slice(thr).partition_S(make_tensor(counting_iterator(0), L))`: the source
/// elements thread `thr` copies, `counting_iter(N) o ((FrgV,FrgX),RestM,RestN,...)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, table, typenum::P37, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// type P = PartitionS<TC, cute!((_128,_64):(_64,_1)), P37>;
/// assert_eq!(show::<P>(), "counting_iter(296) o ((_8,_1),_8,_1):((_1,_0),_1024,_0)");
/// assert_eq!(table::<P>()[..9], [296, 297, 298, 299, 300, 301, 302, 303, 1320]);
/// ```
pub type PartitionS<TC, L, Thr> = <TC as PartitionSOp<L, Thr>>::Output;
/// `tiled_copy.get_slice(thr).partition_D(make_tensor(counting_iterator(0), L))`: as
/// [`PartitionS`], with the destination's `(thr, val)` order.
pub type PartitionD<TC, L, Thr> = <TC as PartitionDOp<L, Thr>>::Output;

// ---------------------------------------------------------------------------------------------
// Exact tiles

type TilerOf<TC> = <TC as crate::copy::TiledCopyMembers>::Tiler_MN;
/// Whether `Tiler_MN` divides the tensor `L`.
type TileDivides<TC, L> = ModesMultipleOf<TensorShape<L>, TilerShape<TilerOf<TC>>>;
/// `L`, once the tile is known to divide it.
type DividedL<TC, L> = <TileDivides<TC, L> as TiledCopyTileDividesTensor<
    DecIfFailed<TileDivides<TC, L>, TilerShape<TilerOf<TC>>>,
    DecIfFailed<TileDivides<TC, L>, TensorShape<L>>,
>>::Ok<L>;

/// [`ExactPartitionS`] as a trait on the TiledCopy.
pub trait ExactPartitionSOp<L, Thr>: Sealed {
    type Output;
}
impl<TC, L, Thr> ExactPartitionSOp<L, Thr> for TC
where
    TC: crate::copy::TiledCopyMembers,
    TilerOf<TC>: TilerShapeOp,
    L: TensorShapeOp,
    TensorShape<L>: ModesMultiple<TilerShape<TilerOf<TC>>>,
    TileDivides<TC, L>: DecimalIfFailed<TilerShape<TilerOf<TC>>> + DecimalIfFailed<TensorShape<L>>,
    TileDivides<TC, L>: TiledCopyTileDividesTensor<
        DecIfFailed<TileDivides<TC, L>, TilerShape<TilerOf<TC>>>,
        DecIfFailed<TileDivides<TC, L>, TensorShape<L>>,
    >,
    DividedL<TC, L>: PartitionOn<TC, Thr, B1>,
{
    type Output = <DividedL<TC, L> as PartitionOn<TC, Thr, B1>>::Output;
}
/// [`ExactPartitionD`] as a trait on the TiledCopy.
pub trait ExactPartitionDOp<L, Thr>: Sealed {
    type Output;
}
impl<TC, L, Thr> ExactPartitionDOp<L, Thr> for TC
where
    TC: crate::copy::TiledCopyMembers,
    TilerOf<TC>: TilerShapeOp,
    L: TensorShapeOp,
    TensorShape<L>: ModesMultiple<TilerShape<TilerOf<TC>>>,
    TileDivides<TC, L>: DecimalIfFailed<TilerShape<TilerOf<TC>>> + DecimalIfFailed<TensorShape<L>>,
    TileDivides<TC, L>: TiledCopyTileDividesTensor<
        DecIfFailed<TileDivides<TC, L>, TilerShape<TilerOf<TC>>>,
        DecIfFailed<TileDivides<TC, L>, TensorShape<L>>,
    >,
    DividedL<TC, L>: PartitionOn<TC, Thr, B0>,
{
    type Output = <DividedL<TC, L> as PartitionOn<TC, Thr, B0>>::Output;
}

/// `partition_S` (`Src = B1`) or `partition_D` (`B0`) of the tensor `Self`, once the tile is known
/// to divide it (a trait on the tensor, so that an unknown tensor stops the trait solver).
#[doc(hidden)]
pub trait PartitionOn<TC, Thr, Src> {
    type Output;
}
impl<L, TC: PartitionSOp<L, Thr>, Thr> PartitionOn<TC, Thr, B1> for L {
    type Output = PartitionS<TC, L, Thr>;
}
impl<L, TC: PartitionDOp<L, Thr>, Thr> PartitionOn<TC, Thr, B0> for L {
    type Output = PartitionD<TC, L, Thr>;
}

/// `partition_S` for a kernel written for whole tiles: [`PartitionS`], and the TiledCopy's
/// `Tiler_MN` must divide the tensor ([`TiledCopyTileDividesTensor`]).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, typenum::P37, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// assert_eq!(show::<ExactPartitionS<TC, cute!((_128,_64):(_64,_1)), P37>>(), "counting_iter(296) o ((_8,_1),_8,_1):((_1,_0),_1024,_0)");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, typenum::P37, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// // error[E0277]: partition_S/D (exact tiles): the TiledCopy's Tiler_MN does not divide the tensor
/// let _ = show::<ExactPartitionS<TC, cute!((_120,_64):(_64,_1)), P37>>();
/// ```
///
/// (The alias requires the rule itself, so that a rejection names it with no chain of impls
/// after it; [`ExactPartitionSOp`] is the same as a bound.)
pub type ExactPartitionS<TC, L, Thr> = <DividedL<TC, L> as PartitionOn<TC, Thr, B1>>::Output;
/// `partition_D` for a kernel written for whole tiles: [`PartitionD`], and the TiledCopy's
/// `Tiler_MN` must divide the tensor ([`TiledCopyTileDividesTensor`]).
pub type ExactPartitionD<TC, L, Thr> = <DividedL<TC, L> as PartitionOn<TC, Thr, B0>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::*;
    use tycute_atom::{Copy_Atom, UniversalCopy};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{half_t, uint64_t};
    use tycute_layout::typenum::P1;
    use tycute_macros::cute;

    #[test]
    fn partition() {
        type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint64_t>, half_t>, cute!((_4,_8):(_8,_1)), cute!((_2,_4):(_4,_1))>;
        assert_eq!(show::<PartitionS<TC, cute!((_128,_64):(_64,_1)), P1>>(), "counting_iter(4) o ((_4,_2),_16,_2):((_1,_64),_512,_32)");
        assert_eq!(show::<PartitionD<TC, cute!((_128,_64):(_1,_128)), P1>>(), "counting_iter(512) o ((_4,_2),_16,_2):((_128,_1),_8,_4096)");
    }
}
