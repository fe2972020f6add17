//! `mma.get_slice(thr).partition_fragment_A/B/C(tensor)`: the register fragment a thread
//! allocates for its partition, as a layout (the fragment's element type is the atom's
//! `FrgTypeX`; only its layout is a tycute type).
//!
//! * C: `make_fragment_C(partition_C(tensor))` = `make_tensor<FrgTypeC>(shape(partition))`: the
//!   partition's shape, compact column-major ([`MakeLayoutLeft`]).
//! * A, B: `make_fragment_A/B(partition_A/B(tensor))` = `make_fragment_like(partition)`
//!   ([`MakeFragmentLike`]): mode 0 (the atom's values) compact column-major over its non-broadcast
//!   modes, the rest modes compact in the order of the partition's strides, so that copying from the
//!   partition to the fragment can vectorize.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::{show, typenum::Z0};
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//!
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_1,_1,_1):(_0,_0,_0)), cute!((_32,_32,_16))>;
//! // partition_A of the row-major 128x64 A is ((_2,_2,_2),_8,_4):((_1,_512,_8),_1024,_16)
//! assert_eq!(show::<PartitionFragmentA<TM, cute!((_128,_64):(_64,_1)), Z0>>(), "((_2,_2,_2),_8,_4):((_1,_2,_4),_32,_8)");
//! assert_eq!(show::<PartitionFragmentC<TM, cute!((_128,_128):(_1,_128)), Z0>>(), "((_2,_2),_8,_16):((_1,_2),_4,_32)");
//! ```

use tycute_layout::algebra::filter::FilterZerosOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::algebra::ordered::MakeOrderedLayoutOp;
use tycute_layout::algebra::product::TiledProductOp;
use tycute_layout::int::{B0, B1};
use tycute_layout::tuple::{IsTuple, Nil, Tup};
use tycute_layout::{FilterZeros, IsLayout, Layout, MakeLayoutLeft, MakeOrderedLayout, ShapeOf, StrideOf, TiledProduct};

use tycute_layout::int::{Eq, GrEq, IsEqual, IsGreaterOrEqual, P1, Z0};
use tycute_layout::layout::{LayoutAtOp, RankOfOp, SizeOp};
use tycute_layout::{LayoutAt, Rank, Size};
use typenum::P3;

use crate::counting::{IsTensor, TensorLayout};
use crate::mma::tiled_mma::TiledMma;
use crate::mma::partition::{PartitionA, PartitionAOp, PartitionB, PartitionBOp, PartitionC, PartitionCOp};
use crate::sealed::Sealed;

/// `make_fragment_like(layout)` for a static layout.
pub trait MakeFragmentLikeOp: Sealed {
    type Output;
}
impl<S: IsTuple, D> MakeFragmentLikeOp for Layout<S, D>
where
    Layout<S, D>: FragmentLikeBy<<S as IsTuple>::Output>,
{
    type Output = <Layout<S, D> as FragmentLikeBy<<S as IsTuple>::Output>>::Output;
}
/// `make_fragment_like(L)`: for rank > 1,
/// `tiled_product(make_layout(shape<0>, compact_major<LayoutLeft>(filter_zeros(stride<0>, shape<0>))),
/// make_ordered_layout(take<1,R>(shape), take<1,R>(stride)))`; for rank 1, `make_layout(shape)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_layout::show;
/// use tycute_macros::cute;
/// use tycute_tiled::mma::MakeFragmentLike;
///
/// assert_eq!(show::<MakeFragmentLike<cute!(((_2,_2),_16,_4):((_1,_8),_512,_16))>>(), "((_2,_2),_16,_4):((_1,_2),_16,_4)");
/// // broadcast (stride-0) values of mode 0 take no space
/// assert_eq!(show::<MakeFragmentLike<cute!(((_2,_4),_2,_2):((_0,_1),_64,_8))>>(), "((_2,_4),_2,_2):((_0,_1),_8,_4)");
/// ```
pub type MakeFragmentLike<L> = <L as MakeFragmentLikeOp>::Output;

/// Dispatch on the rank: an integral or rank-1 layout gets `make_layout(shape)`.
#[doc(hidden)]
pub trait FragmentLikeBy<IsTup> {
    type Output;
}
impl<N, D> FragmentLikeBy<B0> for Layout<N, D>
where
    N: MakeLayoutLeftOp,
{
    // rank 1: make_layout(shape)
    type Output = MakeLayoutLeft<N>;
}
impl<S0, D0> FragmentLikeBy<B1> for Layout<Tup<S0, Nil>, Tup<D0, Nil>>
where
    Tup<S0, Nil>: MakeLayoutLeftOp,
{
    // rank 1: make_layout(shape)
    type Output = MakeLayoutLeft<Tup<S0, Nil>>;
}
// make_layout(shape<0>, compact_major<LayoutLeft>(filter_zeros(stride<0>, shape<0>)))
type Mode0<S0, D0> = Layout<S0, StrideOf<MakeLayoutLeft<ShapeOf<FilterZeros<Layout<S0, D0>>>>>>;
impl<S0, D0, S1, ST, D1, DT> FragmentLikeBy<B1> for Layout<Tup<S0, Tup<S1, ST>>, Tup<D0, Tup<D1, DT>>>
where
    Layout<S0, D0>: FilterZerosOp,
    FilterZeros<Layout<S0, D0>>: IsLayout,
    ShapeOf<FilterZeros<Layout<S0, D0>>>: MakeLayoutLeftOp,
    MakeLayoutLeft<ShapeOf<FilterZeros<Layout<S0, D0>>>>: IsLayout,
    Tup<S1, ST>: MakeOrderedLayoutOp<Tup<D1, DT>>,
    Mode0<S0, D0>: TiledProductOp<MakeOrderedLayout<Tup<S1, ST>, Tup<D1, DT>>>,
{
    // (FrgV,RestX,RestY,...): mode 0 compact column-major, the rest compact in stride order
    type Output = TiledProduct<Mode0<S0, D0>, MakeOrderedLayout<Tup<S1, ST>, Tup<D1, DT>>>;
}

macro_rules! fragment_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $part_op:ident, $part:ident, $make:ident) => {
        #[doc = concat!("See [`", stringify!($alias), "`].")]
        pub trait $op<Ref, Thr>: Sealed {
            type Output;
        }
        impl<TM, Ref, Thr> $op<Ref, Thr> for TM
        where
            TM: Sealed + $part_op<Ref, Thr>,
            $part<TM, Ref, Thr>: IsTensor,
            TensorLayout<$part<TM, Ref, Thr>>: $make,
        {
            type Output = <TensorLayout<$part<TM, Ref, Thr>> as $make>::Output;
        }
        $(#[$m])*
        pub type $alias<TM, Ref, Thr> = <TM as $op<Ref, Thr>>::Output;
    };
}

/// `make_layout(shape(L))`: the accumulator fragment's layout.
#[doc(hidden)]
pub trait ShapeLayoutOp {
    type Output;
}
impl<S, D> ShapeLayoutOp for Layout<S, D>
where
    S: MakeLayoutLeftOp,
{
    type Output = MakeLayoutLeft<S>;
}

fragment_op!(
    /// The layout of `mma.get_slice(thr).partition_fragment_A(tensor(ref))`:
    /// `make_fragment_like(partition_A)`.
    PartitionFragmentAOp, PartitionFragmentA, PartitionAOp, PartitionA, MakeFragmentLikeOp
);
fragment_op!(
    /// The layout of `mma.get_slice(thr).partition_fragment_B(tensor(ref))`:
    /// `make_fragment_like(partition_B)`.
    PartitionFragmentBOp, PartitionFragmentB, PartitionBOp, PartitionB, MakeFragmentLikeOp
);
fragment_op!(
    /// The layout of `mma.get_slice(thr).partition_fragment_C(tensor(ref))`:
    /// `make_layout(shape(partition_C))`.
    PartitionFragmentCOp, PartitionFragmentC, PartitionCOp, PartitionC, ShapeLayoutOp
);

// ---------------------------------------------------------------------------------------------
// make_fragment_C

/// CuTe's `CUTE_STATIC_ASSERT_V(rank(ctensor) >= Int<3>{})` in `make_fragment_C`; also the gate to
/// the rest, so that this is the only error for a tensor of rank < 3. `RankNum` is `rank(tensor)`
/// in decimal where the check fails.
#[diagnostic::on_unimplemented(
    message = "make_fragment_C: the tensor must have rank >= 3, (V, M, N) (CUTE_STATIC_ASSERT_V(rank(ctensor) >= Int<3>{{}})): rank(tensor) = {RankNum}",
    label = "the tensor (rank {RankNum}) is not partitioned: make_fragment_C takes the result of partition_C, whose mode 0 is the atom's values"
)]
pub trait FragmentCRank3<RankNum = ()>: Sealed {
    /// `T` where the check holds.
    #[doc(hidden)]
    type Ok<T>;
}
impl<RankNum> FragmentCRank3<RankNum> for B1 {
    type Ok<T> = T;
}
/// `rank(tensor) >= 3`, as a bit, and the tensor once it holds.
type RankBit<L> = GrEq<Rank<L>, P3>;
type COk<L> = <RankBit<L> as FragmentCRank3<DecIfFailed<RankBit<L>, Rank<L>>>>::Ok<L>;

// size<0>(ctensor) == size<1>(LayoutC_TV)
type ValBit<TM, L> = Eq<Size<LayoutAt<L, Z0>>, Size<LayoutAt<<TM as TiledMma>::AtomLayoutC_TV, P1>>>;

/// CuTe's `CUTE_STATIC_ASSERT_V(size<0>(ctensor) == size<1>(LayoutC_TV{}))` in `make_fragment_C`,
/// on its bit, with both sizes in decimal where it fails.
#[diagnostic::on_unimplemented(
    message = "make_fragment_C: size<0>(tensor) must be the atom's accumulator values per thread (CUTE_STATIC_ASSERT_V(size<0>(ctensor) == size<1>(LayoutC_TV{{}}))): size<0>(tensor) = {V}, size<1>(LayoutC_TV) = {AtomV}",
    label = "mode 0 of the tensor has {V} values, the atom {AtomV}"
)]
pub trait FragmentCValues<V = (), AtomV = ()>: Sealed {}
impl<V, AtomV> FragmentCValues<V, AtomV> for B1 {}

/// See [`MakeFragmentC`].
pub trait MakeFragmentCOp<L>: Sealed {
    type Output;
}
impl<TM, L> MakeFragmentCOp<L> for TM
where
    TM: TiledMma,
    L: RankOfOp,
    Rank<L>: IsGreaterOrEqual<P3>,
    RankBit<L>: DecimalIfFailed<Rank<L>>,
    RankBit<L>: FragmentCRank3<DecIfFailed<RankBit<L>, Rank<L>>>,
    // size<0>(ctensor) == size<1>(LayoutC_TV), on the rank-gated tensor
    COk<L>: LayoutAtOp<Z0> + ShapeLayoutOp,
    LayoutAt<COk<L>, Z0>: SizeOp,
    TM::AtomLayoutC_TV: LayoutAtOp<P1>,
    LayoutAt<TM::AtomLayoutC_TV, P1>: SizeOp,
    Size<LayoutAt<COk<L>, Z0>>: IsEqual<Size<LayoutAt<TM::AtomLayoutC_TV, P1>>>,
    ValBit<TM, COk<L>>: DecimalIfFailed<Size<LayoutAt<COk<L>, Z0>>> + DecimalIfFailed<Size<LayoutAt<TM::AtomLayoutC_TV, P1>>>,
    ValBit<TM, COk<L>>: FragmentCValues<
        DecIfFailed<ValBit<TM, COk<L>>, Size<LayoutAt<COk<L>, Z0>>>,
        DecIfFailed<ValBit<TM, COk<L>>, Size<LayoutAt<TM::AtomLayoutC_TV, P1>>>,
    >,
{
    // make_tensor<FrgTypeC>(shape(ctensor))
    type Output = <COk<L> as ShapeLayoutOp>::Output;
}

/// The layout of `mma.make_fragment_C(tensor(L))` (the accumulator fragment of a partitioned C
/// tensor): `make_layout(shape(L))`, after CuTe's checks `rank(L) >= 3` and
/// `size<0>(L) == size<1>(LayoutC_TV)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_layout::show;
/// use tycute_macros::cute;
/// use tycute_tiled::mma::*;
///
/// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
/// assert_eq!(show::<MakeFragmentC<TM, cute!(((_2,_2),_4,_8):((_128,_8),_16,_512))>>(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// ```
///
/// A tensor that is not partitioned (rank 2) is rejected, as in CuTe:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute_layout::show;
/// use tycute_macros::cute;
/// use tycute_tiled::mma::*;
/// // error[E0277]: make_fragment_C: the tensor must have rank >= 3, (V, M, N) ...
/// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
/// let _ = show::<MakeFragmentC<TM, cute!((_8,_4):(_1,_8))>>();
/// ```
pub type MakeFragmentC<TM, L> = <TM as MakeFragmentCOp<L>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::TiledMMA;
    use tycute_atom::{MMA_Atom, SM80_16x8x8_F32TF32TF32F32_TN};
    use tycute_layout::show;
    use tycute_layout::typenum::P37;
    use tycute_macros::cute;

    #[test]
    fn accumulator_fragment() {
        // tiled_mma.txt: partition_fragment_C.layout, thr=37
        type TM = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
        assert_eq!(show::<PartitionFragmentC<TM, cute!((_128,_128):(_1,_128)), P37>>(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
    }

    #[test]
    fn fragment_like() {
        // rank 1: make_layout(shape)
        assert_eq!(show::<MakeFragmentLike<cute!(_8:_4)>>(), "_8:_1");
        assert_eq!(show::<MakeFragmentLike<cute!((_8):(_4))>>(), "(_8):(_1)");
        // mode 0 column-major over its non-broadcast modes, the rest in stride order
        assert_eq!(show::<MakeFragmentLike<cute!(((_2,_2,_2),_8,_4):((_1,_512,_8),_1024,_16))>>(), "((_2,_2,_2),_8,_4):((_1,_2,_4),_32,_8)");
        assert_eq!(show::<MakeFragmentLike<cute!(((_2,_4),_2,_2):((_0,_1),_64,_8))>>(), "((_2,_4),_2,_2):((_0,_1),_8,_4)");
    }
}
