//! `mma.get_slice(thr).partition_A/B/C(tensor)`: the part of an operand tensor that one thread
//! holds, `(FrgV, RestX, RestY, ...)`.
//!
//! ```text
//! thr_vmnk   = thr_layout_vmnk.get_flat_coord(thr)                 // (v,m,n,k)
//! thr_tensor = thrfrg_C(ref)                                        // ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))
//! partition  = thr_tensor((v,(m,n)), (_, repeat<rank<1,1>>(_)))     // (FrgV,RestM,RestN,...)
//! ```
//!
//! (`(v,(m,k))` for A, `(v,(n,k))` for B.) The slice fixes the thread mode: its offset
//! `crd2idx((v,(m,n)), shape<0>, stride<0>)` moves the tensor's iterator, and the kept modes are
//! `FrgV` (whole) followed by each rest mode. On the reference tensors
//! `make_tensor(counting_iterator<int>(0), ref)` the result is a [`CountingTensor`] printed
//! `counting_iter(N) o (FrgV,RestX,RestY)`.
//!
//! `Thr` is a static integer (`typenum::P37`, `cute!(_37)`).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::{show, table, typenum::P1};
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//!
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_1,_1,_1):(_0,_0,_0))>;
//! type P = PartitionC<TM, cute!((_128,_128):(_1,_128)), P1>;
//! assert_eq!(show::<P>(), "counting_iter(256) o ((_2,_2),_8,_16):((_128,_8),_16,_1024)");
//! assert_eq!(table::<P>()[..4], [256, 384, 264, 392]);
//! ```

use tycute_layout::algebra::coord::Crd2IdxOp;
use tycute_layout::int::{B0, B1};
use tycute_layout::tuple::{IsTuple, Nil, Tup};
use tycute_layout::{Crd2Idx, Layout};

use crate::counting::CountingTensor;
use crate::mma::thr_coord::{FlatCoord, FlatCoordOp};
use crate::mma::thrfrg::{ThrfrgA, ThrfrgAOp, ThrfrgB, ThrfrgBOp, ThrfrgC, ThrfrgCOp};
use crate::mma::tiled_mma::TiledMma;
use crate::exact::{ModesMultiple, ModesMultipleOf, TensorShape, TensorShapeOp, TiledMmaTileDividesTensor};
use tycute_layout::bounds::DecIfFailed;
use crate::sealed::Sealed;

/// The slice `thr_tensor(_, (_, repeat<R>(_)))` of a `((Thr..),(FrgV,(Rest..)))` layout: the
/// kept modes `(FrgV, Rest0, Rest1, ...)` ([`ThrSlice::Layout`]) and the two parts of the thread
/// mode ([`ThrSlice::ThrShape`], [`ThrSlice::ThrStride`]).
#[doc(hidden)]
pub trait ThrSlice {
    type ThrShape;
    type ThrStride;
    type Layout;
}
impl<ST, DT, SV, SR, DV, DR> ThrSlice
    for Layout<Tup<ST, Tup<Tup<SV, Tup<SR, Nil>>, Nil>>, Tup<DT, Tup<Tup<DV, Tup<DR, Nil>>, Nil>>>
where
    SR: ConsRest<SV>,
    DR: ConsRest<DV>,
{
    type ThrShape = ST;
    type ThrStride = DT;
    // (FrgV,RestX,RestY,...)
    type Layout = Layout<<SR as ConsRest<SV>>::Output, <DR as ConsRest<DV>>::Output>;
}
/// `(V, R0, R1, ...)` from a rest tuple `(R0, R1, ...)`, or `(V, R)` for an integer rest (CuTe's
/// `repeat<1>(_)` is a single `_`).
#[doc(hidden)]
pub trait ConsRest<V> {
    type Output;
}
impl<V, R: IsTuple> ConsRest<V> for R
where
    R: ConsRestBy<V, <R as IsTuple>::Output>,
{
    type Output = <R as ConsRestBy<V, <R as IsTuple>::Output>>::Output;
}
#[doc(hidden)]
pub trait ConsRestBy<V, IsTup> {
    type Output;
}
impl<V, N> ConsRestBy<V, B0> for N {
    type Output = Tup<V, Tup<N, Nil>>;
}
impl<V, R> ConsRestBy<V, B1> for R {
    type Output = Tup<V, R>;
}

/// `(frg, (x, y))` from the flat `(v, m, n, k)` coordinate.
type ThrCrd<V, X, Y> = Tup<V, Tup<Tup<X, Tup<Y, Nil>>, Nil>>;

/// The coordinates `(v,(x,y))` of a thread for the three operands.
#[doc(hidden)]
pub trait VmnkCrd {
    type A;
    type B;
    type C;
}
impl<V, M, N, K> VmnkCrd for Tup<V, Tup<M, Tup<N, Tup<K, Nil>>>> {
    // (v,(m,k))
    type A = ThrCrd<V, M, K>;
    // (v,(n,k))
    type B = ThrCrd<V, N, K>;
    // (v,(m,n))
    type C = ThrCrd<V, M, N>;
}

/// `thr_tensor(crd, (_, repeat(_)))` as a counting tensor: offset `crd2idx(crd, shape<0>, stride<0>)`.
#[doc(hidden)]
pub trait PartitionAt<Crd> {
    type Output;
}
impl<L, Crd> PartitionAt<Crd> for L
where
    L: ThrSlice,
    Crd: Crd2IdxOp<L::ThrShape, L::ThrStride>,
{
    // counting_iter(offset) o (FrgV,RestX,RestY,...)
    type Output = CountingTensor<Crd2Idx<Crd, L::ThrShape, L::ThrStride>, L::Layout>;
}

type VmnkOf<TM, Thr> = FlatCoord<<TM as TiledMma>::ThrLayoutVMNK, Thr>;

macro_rules! partition_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $thrfrg_op:ident, $thrfrg:ident, $crd:ident) => {
        #[doc = concat!("`mma.get_slice(thr).", stringify!($alias), "(ref)` as a trait on the TiledMMA; see [`", stringify!($alias), "`].")]
        pub trait $op<Ref, Thr>: Sealed {
            type Output;
        }
        impl<TM, Ref, Thr> $op<Ref, Thr> for TM
        where
            TM: TiledMma + Sealed + $thrfrg_op<Ref>,
            TM::ThrLayoutVMNK: FlatCoordOp<Thr>,
            VmnkOf<TM, Thr>: VmnkCrd,
            $thrfrg<TM, Ref>: PartitionAt<<VmnkOf<TM, Thr> as VmnkCrd>::$crd>,
        {
            type Output = <$thrfrg<TM, Ref> as PartitionAt<<VmnkOf<TM, Thr> as VmnkCrd>::$crd>>::Output;
        }
        $(#[$m])*
        pub type $alias<TM, Ref, Thr> = <TM as $op<Ref, Thr>>::Output;
    };
}

partition_op!(
    /// `mma.get_slice(thr).partition_A(tensor(ref))`: `counting_iter(N) o (FrgV,RestM,RestK,...)`.
    PartitionAOp, PartitionA, ThrfrgAOp, ThrfrgA, A
);
partition_op!(
    /// `mma.get_slice(thr).partition_B(tensor(ref))`: `counting_iter(N) o (FrgV,RestN,RestK,...)`.
    PartitionBOp, PartitionB, ThrfrgBOp, ThrfrgB, B
);
partition_op!(
    /// `mma.get_slice(thr).partition_C(tensor(ref))`: `counting_iter(N) o (FrgV,RestM,RestN,...)`.
    PartitionCOp, PartitionC, ThrfrgCOp, ThrfrgC, C
);

// ---------------------------------------------------------------------------------------------
// Exact tiles

/// `mma.get_slice(thr).partition_X(tensor(Self))` (`X` = `A`, `B`, `C`), once the tile is known to
/// divide the tensor (a trait on the tensor, so that an unknown tensor stops the trait solver).
#[doc(hidden)]
pub trait PartitionMmaOn<TM, Thr, X> {
    type Output;
}
impl<Ref, TM: PartitionAOp<Ref, Thr>, Thr> PartitionMmaOn<TM, Thr, crate::mma::tiled_mma::A> for Ref {
    type Output = PartitionA<TM, Ref, Thr>;
}
impl<Ref, TM: PartitionBOp<Ref, Thr>, Thr> PartitionMmaOn<TM, Thr, crate::mma::tiled_mma::B> for Ref {
    type Output = PartitionB<TM, Ref, Thr>;
}
impl<Ref, TM: PartitionCOp<Ref, Thr>, Thr> PartitionMmaOn<TM, Thr, crate::mma::tiled_mma::C> for Ref {
    type Output = PartitionC<TM, Ref, Thr>;
}

type Pair<X, Y> = tycute_layout::tuple::Tup<X, tycute_layout::tuple::Tup<Y, tycute_layout::tuple::Nil>>;

macro_rules! exact_partition_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $x:ident, ($tx:ident, $ty:ident)) => {
        #[doc = concat!("[`", stringify!($alias), "`] as a trait on the TiledMMA.")]
        pub trait $op<Ref, Thr>: Sealed {
            type Output;
        }
        impl<TM, Ref, Thr> $op<Ref, Thr> for TM
        where
            TM: TiledMma + Sealed,
            Ref: TensorShapeOp,
            TensorShape<Ref>: ModesMultiple<Pair<TM::$tx, TM::$ty>>,
            ModesMultipleOf<TensorShape<Ref>, Pair<TM::$tx, TM::$ty>>: TiledMmaTileDividesTensor,
            <ModesMultipleOf<TensorShape<Ref>, Pair<TM::$tx, TM::$ty>> as TiledMmaTileDividesTensor>::Ok<Ref>:
                PartitionMmaOn<TM, Thr, crate::mma::tiled_mma::$x>,
        {
            type Output = <<ModesMultipleOf<TensorShape<Ref>, Pair<TM::$tx, TM::$ty>> as TiledMmaTileDividesTensor>::Ok<Ref> as PartitionMmaOn<
                TM,
                Thr,
                crate::mma::tiled_mma::$x,
            >>::Output;
        }
        $(#[$m])*
        ///
        /// (The alias requires the rule itself, so that a rejection names it with no chain of
        /// impls after it; the `...Op` trait is the same as a bound.)
        pub type $alias<TM, Ref, Thr> = <<ModesMultipleOf<TensorShape<Ref>, Pair<<TM as TiledMma>::$tx, <TM as TiledMma>::$ty>> as TiledMmaTileDividesTensor<
            DecIfFailed<ModesMultipleOf<TensorShape<Ref>, Pair<<TM as TiledMma>::$tx, <TM as TiledMma>::$ty>>, Pair<<TM as TiledMma>::$tx, <TM as TiledMma>::$ty>>,
            DecIfFailed<ModesMultipleOf<TensorShape<Ref>, Pair<<TM as TiledMma>::$tx, <TM as TiledMma>::$ty>>, TensorShape<Ref>>,
        >>::Ok<Ref> as PartitionMmaOn<
            TM,
            Thr,
            crate::mma::tiled_mma::$x,
        >>::Output;
    };
}

exact_partition_op!(
    /// `partition_A` for a kernel written for whole tiles: [`PartitionA`], and the TiledMMA's
    /// `(tile_size<0>, tile_size<2>)` must divide the `(M,K,...)` tensor
    /// ([`TiledMmaTileDividesTensor`]).
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
    /// use tycute_layout::{show, typenum::P1};
    /// use tycute_macros::cute;
    /// use tycute_tiled::mma::*;
    ///
    /// type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
    /// assert_eq!(show::<ExactPartitionA<TM, cute!((_128,_64):(_64,_1)), P1>>(), show::<PartitionA<TM, cute!((_128,_64):(_64,_1)), P1>>());
    /// ```
    ///
    /// ```compile_fail,E0277
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
    /// use tycute_layout::{show, typenum::P1};
    /// use tycute_macros::cute;
    /// use tycute_tiled::mma::*;
    ///
    /// type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
    /// // error[E0277]: partition_A/B/C (exact tiles): the TiledMMA's tile does not divide the tensor
    /// let _ = show::<ExactPartitionA<TM, cute!((_128,_40):(_40,_1)), P1>>();
    /// ```
    ExactPartitionAOp, ExactPartitionA, A, (TileM, TileK)
);
exact_partition_op!(
    /// `partition_B` for a kernel written for whole tiles: [`PartitionB`], and the TiledMMA's
    /// `(tile_size<1>, tile_size<2>)` must divide the `(N,K,...)` tensor.
    ExactPartitionBOp, ExactPartitionB, B, (TileN, TileK)
);
exact_partition_op!(
    /// `partition_C` for a kernel written for whole tiles: [`PartitionC`], and the TiledMMA's
    /// `(tile_size<0>, tile_size<1>)` must divide the `(M,N,...)` tensor.
    ExactPartitionCOp, ExactPartitionC, C, (TileM, TileN)
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::{GetLayoutC_TV, TiledMMA};
    use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
    use tycute_layout::typenum::{Z0, P1, P127, P37};
    use tycute_layout::{show, table, Reify};
    use tycute_macros::cute;

    type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_2,_1,_0)), cute!((_32,_32,_16))>;

    /// On the tile itself, thread t's partition of C is row t of get_layoutC_TV.
    fn row_of_tv<P: Reify>(t: usize) {
        let tv = table::<GetLayoutC_TV<TM>>();
        let n = tv.len() / 128;
        // get_layoutC_TV is (thr, val): thread t's values are at t + 128 * v
        let want: Vec<i64> = (0..n).map(|v| tv[t + 128 * v]).collect();
        assert_eq!(table::<P>(), want);
    }

    #[test]
    fn partition_c_is_a_row_of_layout_c_tv() {
        type Ref = cute!((_32,_32):(_1,_32));
        row_of_tv::<PartitionC<TM, Ref, Z0>>(0);
        row_of_tv::<PartitionC<TM, Ref, P1>>(1);
        row_of_tv::<PartitionC<TM, Ref, P37>>(37);
        row_of_tv::<PartitionC<TM, Ref, P127>>(127);
    }

    #[test]
    fn slices() {
        assert_eq!(
            show::<<cute!(((_4,_8),((_2,_2),(_8,_16))):((_256,_1),((_128,_8),(_16,_1024)))) as ThrSlice>::Layout>(),
            "((_2,_2),_8,_16):((_128,_8),_16,_1024)"
        );
    }
}
