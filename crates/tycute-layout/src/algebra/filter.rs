//! `filter_zeros(A)` and `filter(A)`.

use crate::algebra::coalesce::CoalesceOp;
use crate::int::{Int, IsEqual, Select, If, Eq, P1, Z0};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tuple::{Nil, Tup};

/// `filter_zeros(A)`: every mode with stride `_0` gets shape `_1`; the structure is unchanged.
pub trait FilterZerosOp: Sealed {
    type Output;
}
impl<S, D> FilterZerosOp for Layout<S, D>
where
    (S, D): ZeroShapes,
{
    type Output = Layout<<(S, D) as ZeroShapes>::Output, D>;
}
/// `filter_zeros(A)`.
pub type FilterZeros<A> = <A as FilterZerosOp>::Output;

/// The shape with `_1` wherever the congruent stride is `_0`.
#[doc(hidden)]
pub trait ZeroShapes {
    type Output;
}
impl<S: Int, D: Int + IsEqual<Z0>> ZeroShapes for (S, D)
where
    Eq<D, Z0>: Select<P1, S>,
{
    type Output = If<Eq<D, Z0>, P1, S>;
}
impl ZeroShapes for (Nil, Nil) {
    type Output = Nil;
}
impl<S0, ST, D0, DT> ZeroShapes for (Tup<S0, ST>, Tup<D0, DT>)
where
    (S0, D0): ZeroShapes,
    (ST, DT): ZeroShapes,
{
    type Output = Tup<<(S0, D0) as ZeroShapes>::Output, <(ST, DT) as ZeroShapes>::Output>;
}

/// `filter(A)` = `coalesce(filter_zeros(A))`: drops stride-0 and size-1 modes, keeps the order.
pub trait FilterOp: Sealed {
    type Output;
}
impl<A> FilterOp for A
where
    A: FilterZerosOp,
    FilterZeros<A>: CoalesceOp,
{
    type Output = <FilterZeros<A> as CoalesceOp>::Output;
}
/// `filter(A)`.
pub type Filter<A> = <A as FilterOp>::Output;
