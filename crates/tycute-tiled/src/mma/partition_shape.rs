//! `partition_shape_A/B/C(mma, shape)`: the shape of one thread's partition of an operand of the
//! given shape, in a static context (no tensor, no thread index).
//!
//! ```text
//! dummy    = make_layout(shape)
//! dummy_tv = mma.thrfrg_C(dummy)                                // ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))
//! dummy_v  = dummy_tv(_0, (_, repeat<rank(dummy)>(_)))          // (FrgV,RestM,RestN,...)
//! result   = shape(dummy_v)
//! ```
//!
//! `partition_fragment_C(mma, shape)` is a tensor of this shape (see
//! [`PartitionFragmentC`](crate::mma::PartitionFragmentC) for its layout).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//!
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_1,_1,_1):(_0,_0,_0))>;
//! assert_eq!(show::<PartitionShapeA<TM, cute!((_128,_64))>>(), "((_2,_2,_2),_8,_4)");
//! assert_eq!(show::<PartitionShapeC<TM, cute!((_128,_128))>>(), "((_2,_2),_8,_16)");
//! ```

use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::{MakeLayoutLeft, ShapeOf};

use crate::mma::partition::ThrSlice;
use crate::mma::thrfrg::{ThrfrgA, ThrfrgAOp, ThrfrgB, ThrfrgBOp, ThrfrgC, ThrfrgCOp};
use crate::sealed::Sealed;

macro_rules! partition_shape_op {
    ($(#[$m:meta])* $op:ident, $alias:ident, $thrfrg_op:ident, $thrfrg:ident) => {
        #[doc = concat!("See [`", stringify!($alias), "`].")]
        pub trait $op<S>: Sealed {
            type Output;
        }
        impl<TM, S> $op<S> for TM
        where
            S: MakeLayoutLeftOp,
            TM: Sealed + $thrfrg_op<MakeLayoutLeft<S>>,
            $thrfrg<TM, MakeLayoutLeft<S>>: ThrSlice,
            <$thrfrg<TM, MakeLayoutLeft<S>> as ThrSlice>::Layout: tycute_layout::IsLayout,
        {
            // (FrgV,RestX,RestY,...)
            type Output = ShapeOf<<$thrfrg<TM, MakeLayoutLeft<S>> as ThrSlice>::Layout>;
        }
        $(#[$m])*
        pub type $alias<TM, S> = <TM as $op<S>>::Output;
    };
}

partition_shape_op!(
    /// `partition_shape_A(mma, shape_MK)`: `(FrgV,RestM,RestK,...)`.
    PartitionShapeAOp, PartitionShapeA, ThrfrgAOp, ThrfrgA
);
partition_shape_op!(
    /// `partition_shape_B(mma, shape_NK)`: `(FrgV,RestN,RestK,...)`.
    PartitionShapeBOp, PartitionShapeB, ThrfrgBOp, ThrfrgB
);
partition_shape_op!(
    /// `partition_shape_C(mma, shape_MN)` (the shape of `partition_fragment_C(mma, shape_MN)`):
    /// `(FrgV,RestM,RestN,...)`.
    PartitionShapeCOp, PartitionShapeC, ThrfrgCOp, ThrfrgC
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::TensorShape;
    use crate::mma::{PartitionB, TiledMMA};
    use tycute_atom::{MMA_Atom, SM80_8x8x4_F64F64F64F64_TN};
    use tycute_layout::show;
    use tycute_layout::typenum::P37;
    use tycute_macros::cute;

    type TM = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;

    #[test]
    fn shapes() {
        // tiled_mma.txt: partition_shape_B of this TiledMMA for (_128,_64)
        assert_eq!(show::<PartitionShapeB<TM, cute!((_128,_64))>>(), "(_1,_8,_16)");
        // a rank-3 shape keeps its third mode
        assert_eq!(show::<PartitionShapeC<TM, cute!((_64,_64,_2))>>(), "(_2,_4,_4,_2)");
    }

    #[test]
    fn same_shape_as_a_thread_partition() {
        // the static-context shape is the shape of every thread's partition of a tensor of that shape
        assert_eq!(
            show::<PartitionShapeB<TM, cute!((_128,_64))>>(),
            show::<TensorShape<PartitionB<TM, cute!((_128,_64):(_64,_1)), P37>>>()
        );
    }
}
