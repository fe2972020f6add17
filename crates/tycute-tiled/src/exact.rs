//! Exact-tile partitions: `partition_S/D` of a TiledCopy and `partition_A/B/C` of a TiledMMA for
//! a tensor that the tile divides.
//!
//! CuTe partitions any tensor: a tile that does not divide it gives a rest mode rounded up
//! (`ceil_div`), and the last tile's elements lie past the tensor (a kernel then needs a
//! predicate). A kernel written for whole tiles uses [`ExactPartitionS`](crate::copy::ExactPartitionS),
//! [`ExactPartitionA`](crate::mma::ExactPartitionA), ...: the same partitions, with the tile's
//! divisibility as a compile-time check ([`TiledCopyTileDividesTensor`],
//! [`TiledMmaTileDividesTensor`]).

use core::ops::{BitAnd, Rem};

use tycute_layout::int::{And, Eq, IsEqual, Mod, B1, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::ComposedLayout;
use tycute_layout::tuple::{Nil, Product, ProductOp, Tup};

use crate::sealed::Sealed;
#[allow(unused_imports)]
use tycute_layout::bounds::{Dec, DecIfFailed};

/// `size(mode_i) % size(extent_i) == 0` for every extent of the list `E`, as a bit, on a list of
/// modes `Self` (modes past `E` are free; a list shorter than `E` is left to the operation's own
/// rank check).
#[doc(hidden)]
pub trait ModesMultiple<E> {
    type Output;
}
impl<Ms> ModesMultiple<Nil> for Ms {
    type Output = B1;
}
impl<E, ET> ModesMultiple<Tup<E, ET>> for Nil {
    type Output = B1;
}
impl<M, MT, E, ET> ModesMultiple<Tup<E, ET>> for Tup<M, MT>
where
    M: ProductOp,
    E: ProductOp,
    Product<M>: Rem<Product<E>>,
    Mod<Product<M>, Product<E>>: IsEqual<Z0>,
    MT: ModesMultiple<ET>,
    Eq<Mod<Product<M>, Product<E>>, Z0>: BitAnd<<MT as ModesMultiple<ET>>::Output>,
{
    type Output = And<Eq<Mod<Product<M>, Product<E>>, Z0>, <MT as ModesMultiple<ET>>::Output>;
}
/// [`ModesMultiple`] of a list of modes.
pub type ModesMultipleOf<Ms, E> = <Ms as ModesMultiple<E>>::Output;

/// The shape of a tensor's layout: a layout's, or the inner layout's of a swizzled
/// `ComposedLayout`.
#[doc(hidden)]
pub trait TensorShapeOp {
    type Output;
}
impl<S, D> TensorShapeOp for Layout<S, D> {
    type Output = S;
}
impl<F, O, S, D> TensorShapeOp for ComposedLayout<F, O, Layout<S, D>> {
    type Output = S;
}
/// The shape of a tensor's layout.
pub type TensorShape<L> = <L as TensorShapeOp>::Output;

/// The TiledCopy's `Tiler_MN` divides the tensor that `partition_S/D` splits: `shape<i>(tensor)`
/// is a multiple of `size<i>(Tiler_MN)` in every mode of the tiler. Required by
/// [`ExactPartitionS`](crate::copy::ExactPartitionS) / [`ExactPartitionD`](crate::copy::ExactPartitionD);
/// implemented for `B1`, `Ok<T>` passes `T` through.
///
/// `Tile` and `Shape` are `shape(Tiler_MN)` and the tensor's shape as [`Dec`] types where the
/// bit is `B0` (`()` where it is `B1`: [`DecIfFailed`]), for the message.
#[diagnostic::on_unimplemented(
    message = "partition_S/D (exact tiles): the TiledCopy's Tiler_MN does not divide the tensor (shape<i>(tensor) % size<i>(Tiler_MN) != 0 in some mode): the last tile would reach past the tensor: the tensor's shape {Shape}, the tile {Tile}",
    label = "the copy's tile {Tile} does not divide this tensor's shape {Shape}"
)]
pub trait TiledCopyTileDividesTensor<Tile = (), Shape = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<Tile, Shape> TiledCopyTileDividesTensor<Tile, Shape> for B1 {
    type Ok<T> = T;
}

/// The TiledMMA's tile divides the tensor that `partition_A/B/C` splits: `(M,K)`, `(N,K)` or
/// `(M,N)` of the tensor are multiples of `(tile_size<0>, tile_size<2>)`, ... Required by
/// [`ExactPartitionA`](crate::mma::ExactPartitionA), ...; implemented for `B1`, `Ok<T>` passes
/// `T` through.
///
/// `Tile` and `Shape` are the two tile sizes and the tensor's shape as [`Dec`] types where the
/// bit is `B0` (`()` where it is `B1`), for the message.
#[diagnostic::on_unimplemented(
    message = "partition_A/B/C (exact tiles): the TiledMMA's tile does not divide the tensor (shape<i>(tensor) % tile_size<i>(mma) != 0 in some mode): the last tile would reach past the tensor: the tensor's shape {Shape}, the tile {Tile}",
    label = "the TiledMMA's tile {Tile} does not divide this tensor's shape {Shape}"
)]
pub trait TiledMmaTileDividesTensor<Tile = (), Shape = ()>: Sealed {
    #[doc(hidden)]
    type Ok<T>;
}
impl<Tile, Shape> TiledMmaTileDividesTensor<Tile, Shape> for B1 {
    type Ok<T> = T;
}
