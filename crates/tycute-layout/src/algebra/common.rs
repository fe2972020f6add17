//! `max_common_vector(A, B)` and `max_common_layout(A, B)`: the longest run of consecutive
//! indices that A and B map alike.
//!
//! Both start from `common = coalesce(composition(A, right_inverse(B)))`, which maps B's offsets
//! `0, 1, 2, ..` to A's offsets. When its first mode has stride `_1`, that mode `n:_1` is the
//! common run:
//!
//! * `max_common_vector` is `n` (else `_1`);
//! * `max_common_layout` is `composition(right_inverse(B), n:_1)`: the run as a map into B's
//!   *domain* (coordinates of B), not an offset layout (else `_1:_0`).
//!
//! Shapes are always static here, so CuTe's `is_static<shape<0>(common)>` test is only the
//! stride test.

use crate::algebra::coalesce::CoalesceOp;
use crate::algebra::composition::CompositionOp;
use crate::int::{Eq, If, Int, IsEqual, Select, B0, B1, P1, Z0};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tuple::Tup;
use crate::{Coalesce, Composition, RightInverse};

/// `coalesce(composition(A, right_inverse(B)))`.
type Common<A, B> = Coalesce<Composition<A, RightInverse<B>>>;

/// Mode 0 of a coalesced (depth ≤ 1) layout: `Shape0`, `Stride0`.
#[doc(hidden)]
pub trait FirstMode {
    type Shape0;
    type Stride0;
}
impl<S: Int, D> FirstMode for Layout<S, D> {
    type Shape0 = S;
    type Stride0 = D;
}
impl<S0, ST, D0, DT> FirstMode for Layout<Tup<S0, ST>, Tup<D0, DT>> {
    type Shape0 = S0;
    type Stride0 = D0;
}
type Shape0<L> = <L as FirstMode>::Shape0;
type Stride0<L> = <L as FirstMode>::Stride0;
/// `stride<0>(common) == _1` as a bit.
type UnitStride<A, B> = Eq<Stride0<Common<A, B>>, P1>;

/// `max_common_vector(A, B)`: the number of leading consecutive indices that A and B map alike.
pub trait MaxCommonVectorOp<B>: Sealed {
    type Output;
}
impl<A: Sealed, B> MaxCommonVectorOp<B> for A
where
    B: RightInverseOp,
    A: CompositionOp<RightInverse<B>>,
    Composition<A, RightInverse<B>>: CoalesceOp,
    Common<A, B>: FirstMode,
    Stride0<Common<A, B>>: IsEqual<P1>,
    UnitStride<A, B>: Select<Shape0<Common<A, B>>, P1>,
{
    // shape<0>(common) if stride<0>(common) == _1, else _1
    type Output = If<UnitStride<A, B>, Shape0<Common<A, B>>, P1>;
}
/// `max_common_vector(A, B)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, MaxCommonVector};
/// # use tycute_macros::cute;
/// assert_eq!(show::<MaxCommonVector<cute!((_2,_12):(_12,_1)), cute!((_2,_12):(_12,_1))>>(), "_24");
/// assert_eq!(show::<MaxCommonVector<cute!(_16:_0), cute!(_16:_1)>>(), "_1");
/// ```
pub type MaxCommonVector<A, B> = <A as MaxCommonVectorOp<B>>::Output;

/// `max_common_layout(A, B)`: the common run as a map into B's domain.
pub trait MaxCommonLayoutOp<B>: Sealed {
    type Output;
}
impl<A: Sealed, B> MaxCommonLayoutOp<B> for A
where
    B: RightInverseOp,
    A: CompositionOp<RightInverse<B>>,
    Composition<A, RightInverse<B>>: CoalesceOp,
    Common<A, B>: FirstMode,
    Stride0<Common<A, B>>: IsEqual<P1>,
    UnitStride<A, B>: CommonRun<RightInverse<B>, Shape0<Common<A, B>>>,
{
    type Output = <UnitStride<A, B> as CommonRun<RightInverse<B>, Shape0<Common<A, B>>>>::Output;
}
/// `max_common_layout(A, B)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, MaxCommonLayout};
/// # use tycute_macros::cute;
/// assert_eq!(show::<MaxCommonLayout<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1))))>>(), "_8:_16");
/// assert_eq!(show::<MaxCommonLayout<cute!(_16:_0), cute!(_16:_1)>>(), "_1:_0");
/// ```
pub type MaxCommonLayout<A, B> = <A as MaxCommonLayoutOp<B>>::Output;

/// `composition(inv_b, n:_1)` when the first mode of `common` has stride `_1` (`B1`), else
/// `_1:_0` (`B0`); the untaken composition is never formed.
#[doc(hidden)]
pub trait CommonRun<InvB, N> {
    type Output;
}
impl<InvB: CompositionOp<Layout<N, P1>>, N> CommonRun<InvB, N> for B1 {
    type Output = Composition<InvB, Layout<N, P1>>;
}
impl<InvB, N> CommonRun<InvB, N> for B0 {
    type Output = Layout<P1, Z0>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn vector() {
        assert_eq!(show::<MaxCommonVector<cute!((_2,_12):(_12,_1)), cute!((_2,_12):(_12,_1))>>(), "_24");
        assert_eq!(show::<MaxCommonVector<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1))))>>(), "_8");
        assert_eq!(show::<MaxCommonVector<cute!(_16:_0), cute!(_16:_1)>>(), "_1");
        assert_eq!(show::<MaxCommonVector<cute!((((_4,_2),_12)):(((_144,_1),_6))), cute!((((_4,_2),_12)):(((_24,_12),_1)))>>(), "_1");
        assert_eq!(show::<MaxCommonVector<cute!(((_1,_1),_2,_2):((_1,_0),_1,_2)), cute!(((_1,_1),_2,_2):((_0,_0),_1,_2))>>(), "_4");
        // column-major against row-major: only one element in common
        assert_eq!(show::<MaxCommonVector<cute!((_4,_8):(_1,_4)), cute!((_4,_8):(_8,_1))>>(), "_1");
        // A contiguous over the first 4 of B's offsets
        assert_eq!(show::<MaxCommonVector<cute!((_4,_8):(_1,_8)), cute!((_4,_8):(_1,_4))>>(), "_4");
    }

    #[test]
    fn layout() {
        assert_eq!(show::<MaxCommonLayout<cute!((_2,(_16,(_8,_1))):(_1,(_2,(_32,_256)))), cute!((_2,(_16,(_8,_1))):(_1,(_2,(_32,_256))))>>(), "_256:_1");
        assert_eq!(show::<MaxCommonLayout<cute!(((_2,_2),_2):((_4,_2),_1)), cute!(((_2,_2),_2):((_4,_2),_1))>>(), "(_2,_2,_2):(_4,_2,_1)");
        assert_eq!(show::<MaxCommonLayout<cute!((_16):(_16)), cute!(_16:_16)>>(), "_1:_0");
        assert_eq!(show::<MaxCommonLayout<cute!((((_2,_4),_1)):(((_4,_1),_0))), cute!((((_2,_4),_1)):(((_4,_1),_0)))>>(), "(_4,_2):(_2,_1)");
        assert_eq!(show::<MaxCommonLayout<cute!(((_4,(_8,_16))):((_1,(_0,_32)))), cute!((_4,_8,_16):(_1,_0,_32))>>(), "_4:_1");
        assert_eq!(table::<MaxCommonLayout<cute!((_4,_8):(_1,_8)), cute!((_4,_8):(_1,_4))>>(), vec![0, 1, 2, 3]);
    }
}

use crate::algebra::inverse::RightInverseOp;
