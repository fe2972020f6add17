//! `make_ordered_layout(S, O)`, `make_layout_like(A)` and the `compact_order(S, O)` /
//! `compact_col_major(S, c)` strides they are built from.
//!
//! `compact_order(S, O)` gives every leaf `o` of the order (`O` weakly congruent to `S`) the
//! starting stride `prod { s_j : o_j < o }` over all leaves `j` of the order (`s_j` the size of
//! the part of `S` under `o_j`), and lays out the part of `S` under `o` column-major from there.
//! That is a stable rank: modes with smaller order come first, equal orders give equal strides
//! (a non-injective layout, as in CuTe), and the result is independent of how the order is
//! nested. The comparison is done for every pair of leaves of the order, `O(rank²)` steps (rank
//! ≤ 16 in practice), with no sorting network.
//!
//! `compact_col_major` gives a size-1 mode the stride `_0` (`make_layout((_1,_4))` is
//! `(_1,_4):(_0,_1)`).

use core::ops::{BitAnd, Mul};

use crate::algebra::filter::ZeroShapes;
use crate::int::{And, Eq, If, Int, IsEqual, IsLess, Le, Prod, Select, B0, B1, P1, Z0};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tuple::{Flatten, FlattenOp, Nil, Product, ProductOp, Tup};

// ---------------------------------------------------------------------------------------------
// compact_col_major(S, current)

/// `compact_col_major(S, C)`: column-major strides for shape `S` starting at stride `C`.
#[doc(hidden)]
pub trait CompactColMajor<C> {
    /// The strides, congruent to the shape.
    type Output;
    /// `C * size(S)`: the stride after this shape.
    type Next;
}
// s:  _1 => _0 ; else current
impl<S: Int + IsEqual<P1>, C> CompactColMajor<C> for S
where
    Eq<S, P1>: Select<Z0, C> + Select<C, Prod<C, S>>,
    C: Mul<S>,
{
    type Output = If<Eq<S, P1>, Z0, C>;
    type Next = If<Eq<S, P1>, C, Prod<C, S>>;
}
impl<C> CompactColMajor<C> for Nil {
    type Output = Nil;
    type Next = C;
}
impl<C, H, T> CompactColMajor<C> for Tup<H, T>
where
    H: CompactColMajor<C>,
    T: CompactColMajor<<H as CompactColMajor<C>>::Next>,
{
    type Output = Tup<<H as CompactColMajor<C>>::Output, <T as CompactColMajor<<H as CompactColMajor<C>>::Next>>::Output>;
    type Next = <T as CompactColMajor<<H as CompactColMajor<C>>::Next>>::Next;
}

// ---------------------------------------------------------------------------------------------
// compact_order(S, O)

/// `compact_order(S, O)`: compact strides for shape `S`, modes ranked by the order `O`.
pub trait CompactOrderOp<O>: Sealed {
    type Output;
}
impl<S: Sealed, O> CompactOrderOp<O> for S
where
    O: OrderFits<S>,
    <O as OrderFits<S>>::Output: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<crate::bounds::RankOf<S>>
        + crate::bounds::DecimalIfFailed<O> + crate::bounds::DecimalIfFailed<crate::bounds::RankOf<O>>,
    <O as OrderFits<S>>::Output: OrderRank<S, O, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, S>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, crate::bounds::RankOf<S>>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, O>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, crate::bounds::RankOf<O>>>,
{
    type Output = <<O as OrderFits<S>>::Output as OrderRank<S, O, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, S>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, crate::bounds::RankOf<S>>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, O>, crate::bounds::DecIfFailed<<O as OrderFits<S>>::Output, crate::bounds::RankOf<O>>>>::Output;
}

/// The check behind "Need equal rank of shape and order", and the gate of the computation.
#[diagnostic::on_unimplemented(
    message = "make_ordered_layout: Need equal rank of shape and order (the order must be weakly congruent to the shape): the shape {Shape} (rank {ShapeRank}), the order {Order} (rank {OrderRank})",
    label = "a tuple in the order needs a tuple of the same rank in the shape"
)]
pub trait OrderRank<S, O, Shape = (), ShapeRank = (), Order = (), OrderRank = ()>: Sealed {
    /// `compact_order(S, O)`.
    type Output;
}
impl<S, O, Shape, ShapeRank, Order, OrderRank_> OrderRank<S, O, Shape, ShapeRank, Order, OrderRank_> for B1
where
    (S, O): ProductLike,
    <(S, O) as ProductLike>::Output: FlattenOp,
    O: FlattenOp,
    (S, O): CompactOrderBy<Flatten<<(S, O) as ProductLike>::Output>, Flatten<O>>,
{
    type Output =
        <(S, O) as CompactOrderBy<Flatten<<(S, O) as ProductLike>::Output>, Flatten<O>>>::Output;
}

/// Whether the order `Self` is weakly congruent to the shape `S`, as a bit: a leaf of the order
/// covers any part of the shape; a tuple needs a tuple of the same rank.
#[doc(hidden)]
pub trait OrderFits<S> {
    type Output;
}
impl<O: Int, S> OrderFits<S> for O {
    type Output = B1;
}
impl<N: Int> OrderFits<N> for Nil {
    type Output = B0;
}
impl OrderFits<Nil> for Nil {
    type Output = B1;
}
impl<S0, ST> OrderFits<Tup<S0, ST>> for Nil {
    type Output = B0;
}
impl<N: Int, O0, OT> OrderFits<N> for Tup<O0, OT> {
    type Output = B0;
}
impl<O0, OT> OrderFits<Nil> for Tup<O0, OT> {
    type Output = B0;
}
impl<O0, OT, S0, ST> OrderFits<Tup<S0, ST>> for Tup<O0, OT>
where
    O0: OrderFits<S0>,
    OT: OrderFits<ST>,
    <O0 as OrderFits<S0>>::Output: BitAnd<<OT as OrderFits<ST>>::Output>,
{
    type Output = And<<O0 as OrderFits<S0>>::Output, <OT as OrderFits<ST>>::Output>;
}
/// `compact_order(S, O)`.
pub type CompactOrder<S, O> = <S as CompactOrderOp<O>>::Output;

/// `product_like(S, O)`: the size of the part of `S` under each leaf of `O` (congruent to `O`).
#[doc(hidden)]
pub trait ProductLike {
    type Output;
}
impl<S: ProductOp, O: Int> ProductLike for (S, O) {
    type Output = Product<S>;
}
impl ProductLike for (Nil, Nil) {
    type Output = Nil;
}
impl<S0, ST, O0, OT> ProductLike for (Tup<S0, ST>, Tup<O0, OT>)
where
    (S0, O0): ProductLike,
    (ST, OT): ProductLike,
{
    type Output = Tup<<(S0, O0) as ProductLike>::Output, <(ST, OT) as ProductLike>::Output>;
}

/// Strides for `(S, O)` against the flat reference shapes `RS` and orders `RO`.
#[doc(hidden)]
pub trait CompactOrderBy<RS, RO> {
    type Output;
}
// a leaf of the order: start at prod { rs_j : ro_j < o }, then column-major over S
impl<S, O: Int, RS, RO> CompactOrderBy<RS, RO> for (S, O)
where
    (RS, RO): StartStride<O>,
    S: CompactColMajor<<(RS, RO) as StartStride<O>>::Output>,
{
    type Output = <S as CompactColMajor<<(RS, RO) as StartStride<O>>::Output>>::Output;
}
impl<RS, RO> CompactOrderBy<RS, RO> for (Nil, Nil) {
    type Output = Nil;
}
impl<S0, ST, O0, OT, RS, RO> CompactOrderBy<RS, RO> for (Tup<S0, ST>, Tup<O0, OT>)
where
    (S0, O0): CompactOrderBy<RS, RO>,
    (ST, OT): CompactOrderBy<RS, RO>,
{
    type Output =
        Tup<<(S0, O0) as CompactOrderBy<RS, RO>>::Output, <(ST, OT) as CompactOrderBy<RS, RO>>::Output>;
}

/// `prod { rs_j : ro_j < O }` over the flat lists `(RS, RO)`.
#[doc(hidden)]
pub trait StartStride<O> {
    type Output;
}
impl<O> StartStride<O> for (Nil, Nil) {
    type Output = P1;
}
impl<O, S0, ST, O0, OT> StartStride<O> for (Tup<S0, ST>, Tup<O0, OT>)
where
    O0: IsLess<O>,
    Le<O0, O>: Select<S0, P1>,
    (ST, OT): StartStride<O>,
    If<Le<O0, O>, S0, P1>: Mul<<(ST, OT) as StartStride<O>>::Output>,
{
    type Output = Prod<If<Le<O0, O>, S0, P1>, <(ST, OT) as StartStride<O>>::Output>;
}

// ---------------------------------------------------------------------------------------------
// make_ordered_layout, make_layout_like

/// `make_ordered_layout(S, O)`: shape `S` with compact strides in increasing order of `O`.
pub trait MakeOrderedLayoutOp<O>: Sealed {
    type Output;
}
impl<S: CompactOrderOp<O>, O> MakeOrderedLayoutOp<O> for S {
    type Output = Layout<S, CompactOrder<S, O>>;
}
/// `make_ordered_layout(S, O)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, MakeOrderedLayout};
/// # use tycute_macros::cute;
/// assert_eq!(show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0,_1))>>(), "(_4,_8,_3):(_24,_1,_8)");
/// // equal orders give equal strides
/// assert_eq!(show::<MakeOrderedLayout<cute!((_8,_8,_8)), cute!((_2,_1,_2))>>(), "(_8,_8,_8):(_8,_1,_8)");
/// ```
///
/// An order that is not weakly congruent to the shape is rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, MakeOrderedLayout};
/// # use tycute_macros::cute;
/// let _ = show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0))>>();
/// ```
pub type MakeOrderedLayout<S, O> = <S as MakeOrderedLayoutOp<O>>::Output;

/// `make_layout_like(A)`: the shape of A with compact strides in the order of A's strides;
/// stride-0 and size-1 modes get stride `_0`.
pub trait MakeLayoutLikeOp: Sealed {
    type Output;
}
impl<S, D> MakeLayoutLikeOp for Layout<S, D>
where
    (S, D): ZeroShapes,
    <(S, D) as ZeroShapes>::Output: CompactOrderOp<D>,
{
    // compact_order(filter_zeros(D, S), D)
    type Output = Layout<S, CompactOrder<<(S, D) as ZeroShapes>::Output, D>>;
}
/// `make_layout_like(A)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, MakeLayoutLike};
/// # use tycute_macros::cute;
/// assert_eq!(show::<MakeLayoutLike<cute!(((_2,_2),_4,_2):((_24,_48),_1,_12))>>(), "((_2,_2),_4,_2):((_8,_16),_1,_4)");
/// assert_eq!(show::<MakeLayoutLike<cute!((_8,(_2,_1)):(_1,(_8,_16)))>>(), "(_8,(_2,_1)):(_1,(_8,_0))");
/// ```
pub type MakeLayoutLike<A> = <A as MakeLayoutLikeOp>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn ordered() {
        assert_eq!(show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0,_1))>>(), "(_4,_8,_3):(_24,_1,_8)");
        assert_eq!(show::<MakeOrderedLayout<cute!((_4,_4,_2,_3)), cute!((_0,_3,_2,_1))>>(), "(_4,_4,_2,_3):(_1,_24,_12,_4)");
        assert_eq!(show::<MakeOrderedLayout<cute!((_8,_4)), cute!((_1,_1))>>(), "(_8,_4):(_1,_1)");
        assert_eq!(show::<MakeOrderedLayout<cute!((_2,_4,_2,_4)), cute!((_3,_0,_1,_0))>>(), "(_2,_4,_2,_4):(_32,_1,_16,_1)");
        assert_eq!(show::<MakeOrderedLayout<cute!((_8,_8,_8)), cute!((_2,_1,_2))>>(), "(_8,_8,_8):(_8,_1,_8)");
        // CuTe's doc example
        assert_eq!(show::<MakeOrderedLayout<cute!((_2,_2,_2,_2)), cute!((_0,_2,_3,_1))>>(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
        // an order leaf over a tuple mode lays that mode out column-major
        assert_eq!(show::<MakeOrderedLayout<cute!(((_2,_3),_4)), cute!((_1,_0))>>(), "((_2,_3),_4):((_4,_8),_1)");
        // size-1 modes get _0
        assert_eq!(show::<MakeOrderedLayout<cute!((_1,_4,_2)), cute!((_0,_2,_1))>>(), "(_1,_4,_2):(_0,_2,_1)");
        assert_eq!(table::<MakeOrderedLayout<cute!((_2,_3)), cute!((_1,_0))>>(), vec![0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn layout_like() {
        assert_eq!(show::<MakeLayoutLike<cute!((_2):(_1))>>(), "(_2):(_1)");
        assert_eq!(show::<MakeLayoutLike<cute!(_4:_1)>>(), "_4:_1");
        assert_eq!(show::<MakeLayoutLike<cute!(_4:_7)>>(), "_4:_1");
        assert_eq!(show::<MakeLayoutLike<cute!((_12,_8):(_8,_1))>>(), "(_12,_8):(_8,_1)");
        // CuTe's doc example: static-0 strides are kept
        assert_eq!(show::<MakeLayoutLike<cute!((_2,_2,_2,_2):(_0,_2,_4,_1))>>(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
        assert_eq!(show::<MakeLayoutLike<cute!((_3,_5):(_-1,_3))>>(), "(_3,_5):(_1,_3)");
    }
}
