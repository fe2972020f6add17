//! A TiledMMA's partition and register fragment of a swizzled tensor: `partition_A/B/C` of
//! `Sw o O o L` and `partition_fragment_A/B`, as the S2R copies of the vectors use them
//! (`partition_fragment_A(sA)` is the fragment that `retile_D` re-indexes).
//!
//! ```text
//! thr_tensor = thrfrg_A(Sw o O o L) = Sw o O o thrfrg_A(L)          // ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))
//! partition  = thr_tensor((v,(m,k)), (_, (_,_)))                     // the swizzle resolved for the thread, as partition_S/D
//! fragment   = make_fragment_like(partition)
//! ```
//!
//! `make_fragment_like` orders the rest modes of the fragment by the partition's strides; a
//! stride CuTe only knows at run time ([`Dyn`]) counts as larger than every static
//! one, in the order of its position (CuTe's `compact_order`: "Replace any dynamic elements
//! within order with large-static elements"). For a partition that stays a swizzled composed
//! layout, the fragment is `make_fragment_like` of its inner layout.
//!
//! (The plain-layout cases are `crate::mma::PartitionA` / `PartitionFragmentA`; these are the
//! swizzled ones, with the slice of [`super::swizzle_slice`].)

use core::ops::Add;

use tycute_layout::int::{GrEq, If, IsGreaterOrEqual, Select, Sum, P1, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::{ComposedLayout, Swizzle};
use tycute_layout::tuple::{Nil, Tup};
use typenum::{NInt, NonZero, PInt, Unsigned};

use super::swizzle_slice::SwizzleSlice;
use super::text::Dyn;
use crate::counting::{CountingTensor, IsTensor, TensorLayout};
use crate::mma::fragment::MakeFragmentLikeOp;
use crate::mma::partition::{ThrSlice, VmnkCrd};
use crate::mma::thr_coord::{FlatCoord, FlatCoordOp};
use crate::mma::thrfrg::{ThrfrgA, ThrfrgAOp, ThrfrgB, ThrfrgBOp, ThrfrgC, ThrfrgCOp};
use crate::mma::{MakeFragmentLike, TiledMma};
use crate::sealed::Sealed;

type VmnkOf<TM, Thr> = FlatCoord<<TM as TiledMma>::ThrLayoutVMNK, Thr>;
type Diced<T> = Layout<<T as ThrSlice>::ThrShape, <T as ThrSlice>::ThrStride>;
type Sliced<T> = <T as ThrSlice>::Layout;

macro_rules! swizzled_partition_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $thrfrg_op:ident, $thrfrg:ident, $crd:ident) => {
        #[doc = concat!("See [`", stringify!($alias), "`].")]
        pub trait $op<Ref, Thr>: Sealed {
            type Output;
        }
        impl<TM, B, M, S, O, L, Thr> $op<ComposedLayout<Swizzle<B, M, S>, O, L>, Thr> for TM
        where
            TM: TiledMma + Sealed + $thrfrg_op<L>,
            $thrfrg<TM, L>: ThrSlice,
            TM::ThrLayoutVMNK: FlatCoordOp<Thr>,
            VmnkOf<TM, Thr>: VmnkCrd,
            Swizzle<B, M, S>: SwizzleSlice<O, Diced<$thrfrg<TM, L>>, <VmnkOf<TM, Thr> as VmnkCrd>::$crd, Sliced<$thrfrg<TM, L>>>,
        {
            // counting_iter(offset) o (FrgV,RestX,RestY,...), the swizzle resolved for the thread
            type Output = CountingTensor<
                <Swizzle<B, M, S> as SwizzleSlice<
                    O,
                    Diced<$thrfrg<TM, L>>,
                    <VmnkOf<TM, Thr> as VmnkCrd>::$crd,
                    Sliced<$thrfrg<TM, L>>,
                >>::Offset,
                <Swizzle<B, M, S> as SwizzleSlice<
                    O,
                    Diced<$thrfrg<TM, L>>,
                    <VmnkOf<TM, Thr> as VmnkCrd>::$crd,
                    Sliced<$thrfrg<TM, L>>,
                >>::Layout,
            >;
        }
        $(#[$m])*
        pub type $alias<TM, Ref, Thr> = <TM as $op<Ref, Thr>>::Output;
    };
}

swizzled_partition_op!(
    /// `mma.get_slice(thr).partition_A(tensor(Sw o O o L))`: a [`CountingTensor`] whose layout may
    /// hold run-time strides or be a swizzled composed layout (print it with
    /// [`text`](fn@super::text)).
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
    /// use tycute_macros::cute;
    /// use tycute_tiled::{copy::*, mma::MakeTiledMma};
    ///
    /// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_32,_32,_16))>;
    /// type SA = cute!(Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0)));
    /// assert_eq!(text::<SwizzledPartitionA<TM, SA, cute!(_0)>>(), "counting_iter(0) o ((_2,_2,_2),_4,(_2,_2)):((_1,_512,72),_2048,(144,288))");
    /// assert_eq!(tycute_layout::show::<SwizzledPartitionFragmentA<TM, SA, cute!(_0)>>(), "((_2,_2,_2),_4,(_2,_2)):((_1,_2,_4),_8,(_32,_64))");
    /// ```
    SwizzledPartitionAOp, SwizzledPartitionA, ThrfrgAOp, ThrfrgA, A
);
swizzled_partition_op!(
    /// `mma.get_slice(thr).partition_B(tensor(Sw o O o L))`; see [`SwizzledPartitionA`].
    SwizzledPartitionBOp, SwizzledPartitionB, ThrfrgBOp, ThrfrgB, B
);
swizzled_partition_op!(
    /// `mma.get_slice(thr).partition_C(tensor(Sw o O o L))`; see [`SwizzledPartitionA`].
    SwizzledPartitionCOp, SwizzledPartitionC, ThrfrgCOp, ThrfrgC, C
);

// ---------------------------------------------------------------------------------------------
// make_fragment_like with run-time strides

/// `make_fragment_like(partition)` for a partition's layout that may hold run-time strides or be
/// a swizzled composed layout.
pub trait FragmentLikeOp: Sealed {
    type Output;
}
impl<A, O, L: MakeFragmentLikeOp> FragmentLikeOp for ComposedLayout<A, O, L> {
    // make_fragment_like(layout_b)
    type Output = MakeFragmentLike<L>;
}
impl<S0, ST, D0, DT> FragmentLikeOp for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    D0: StaticMode0,
    DT: MaxStatic<Z0>,
    DT: StaticOrder<Sum<<DT as MaxStatic<Z0>>::Output, P1>, Z0>,
    <DT as MaxStatic<Z0>>::Output: Add<P1>,
    Layout<Tup<S0, ST>, Tup<<D0 as StaticMode0>::Output, <DT as StaticOrder<Sum<<DT as MaxStatic<Z0>>::Output, P1>, Z0>>::Output>>:
        MakeFragmentLikeOp,
{
    // (FrgV,RestX,RestY,...) with the run-time strides ordered last
    type Output = MakeFragmentLike<
        Layout<Tup<S0, ST>, Tup<<D0 as StaticMode0>::Output, <DT as StaticOrder<Sum<<DT as MaxStatic<Z0>>::Output, P1>, Z0>>::Output>>,
    >;
}
/// `make_fragment_like` of a partition's layout.
pub type FragmentLike<L> = <L as FragmentLikeOp>::Output;

/// Mode 0 of `make_fragment_like` only asks which strides are `_0`: a run-time stride is not.
#[doc(hidden)]
pub trait StaticMode0 {
    type Output;
}
impl StaticMode0 for Z0 {
    type Output = Z0;
}
impl<U: Unsigned + NonZero> StaticMode0 for PInt<U> {
    type Output = PInt<U>;
}
impl<U: Unsigned + NonZero> StaticMode0 for NInt<U> {
    type Output = NInt<U>;
}
impl<N> StaticMode0 for Dyn<N> {
    type Output = P1;
}
impl StaticMode0 for Nil {
    type Output = Nil;
}
impl<H: StaticMode0, T: StaticMode0> StaticMode0 for Tup<H, T> {
    type Output = Tup<H::Output, T::Output>;
}

/// The largest static leaf of an order (`Max`, starting at `_0`), run-time leaves skipped.
#[doc(hidden)]
pub trait MaxStatic<Max> {
    type Output;
}
impl<Max> MaxStatic<Max> for Z0
where
    Z0: IsGreaterOrEqual<Max>,
    GrEq<Z0, Max>: Select<Z0, Max>,
{
    type Output = If<GrEq<Z0, Max>, Z0, Max>;
}
impl<Max, U: Unsigned + NonZero> MaxStatic<Max> for PInt<U>
where
    PInt<U>: IsGreaterOrEqual<Max>,
    GrEq<PInt<U>, Max>: Select<PInt<U>, Max>,
{
    type Output = If<GrEq<PInt<U>, Max>, PInt<U>, Max>;
}
impl<Max, U: Unsigned + NonZero> MaxStatic<Max> for NInt<U>
where
    NInt<U>: IsGreaterOrEqual<Max>,
    GrEq<NInt<U>, Max>: Select<NInt<U>, Max>,
{
    type Output = If<GrEq<NInt<U>, Max>, NInt<U>, Max>;
}
impl<Max, N> MaxStatic<Max> for Dyn<N> {
    type Output = Max;
}
impl<Max> MaxStatic<Max> for Nil {
    type Output = Max;
}
impl<Max, H: MaxStatic<Max>, T: MaxStatic<H::Output>> MaxStatic<Max> for Tup<H, T> {
    type Output = T::Output;
}

/// The order with each run-time leaf replaced by `Base + (its position among the leaves)`
/// (`Base = max static + 1`), positions counted from `Pos`.
#[doc(hidden)]
pub trait StaticOrder<Base, Pos> {
    type Output;
    type Next;
}
impl<Base, Pos: Add<P1>> StaticOrder<Base, Pos> for Z0 {
    type Output = Z0;
    type Next = Sum<Pos, P1>;
}
impl<Base, Pos: Add<P1>, U: Unsigned + NonZero> StaticOrder<Base, Pos> for PInt<U> {
    type Output = PInt<U>;
    type Next = Sum<Pos, P1>;
}
impl<Base, Pos: Add<P1>, U: Unsigned + NonZero> StaticOrder<Base, Pos> for NInt<U> {
    type Output = NInt<U>;
    type Next = Sum<Pos, P1>;
}
impl<Base: Add<Pos>, Pos: Add<P1>, N> StaticOrder<Base, Pos> for Dyn<N> {
    type Output = Sum<Base, Pos>;
    type Next = Sum<Pos, P1>;
}
impl<Base, Pos> StaticOrder<Base, Pos> for Nil {
    type Output = Nil;
    type Next = Pos;
}
impl<Base, Pos, H: StaticOrder<Base, Pos>, T: StaticOrder<Base, H::Next>> StaticOrder<Base, Pos> for Tup<H, T> {
    type Output = Tup<H::Output, T::Output>;
    type Next = T::Next;
}

macro_rules! swizzled_fragment_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $part_op:ident, $part:ident) => {
        #[doc = concat!("See [`", stringify!($alias), "`].")]
        pub trait $op<Ref, Thr>: Sealed {
            type Output;
        }
        impl<TM, Ref, Thr> $op<Ref, Thr> for TM
        where
            TM: Sealed + $part_op<Ref, Thr>,
            $part<TM, Ref, Thr>: IsTensor,
            TensorLayout<$part<TM, Ref, Thr>>: FragmentLikeOp,
        {
            type Output = FragmentLike<TensorLayout<$part<TM, Ref, Thr>>>;
        }
        $(#[$m])*
        pub type $alias<TM, Ref, Thr> = <TM as $op<Ref, Thr>>::Output;
    };
}

swizzled_fragment_op!(
    /// The layout of `mma.get_slice(thr).partition_fragment_A(tensor(Sw o O o L))`:
    /// `make_fragment_like(partition_A)`, see the module.
    SwizzledPartitionFragmentAOp, SwizzledPartitionFragmentA, SwizzledPartitionAOp, SwizzledPartitionA
);
swizzled_fragment_op!(
    /// The layout of `mma.get_slice(thr).partition_fragment_B(tensor(Sw o O o L))`.
    SwizzledPartitionFragmentBOp, SwizzledPartitionFragmentB, SwizzledPartitionBOp, SwizzledPartitionB
);
