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
use crate::int::{And, Eq, If, Int, IsEqual, Min, Minimum, NonZero, PInt, Select, Unsigned, B0, B1, P1, Z0};
use crate::swizzle::{ComposedLayout, Swizzle};
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
    (A, B): McvPair,
{
    type Output = <(A, B) as McvPair>::Output;
}

/// `max_common_vector` by the kinds of its two arguments: layouts, or swizzled layouts
/// `Sw<B,M,S> o off o L` (as CuTe, `swizzle_layout.hpp`: the inner layouts' result, capped at
/// `1 << M` for each swizzle unless both sides carry the same swizzle).
#[doc(hidden)]
pub trait McvPair {
    type Output;
}
impl<S, D, S2, D2> McvPair for (Layout<S, D>, Layout<S2, D2>)
where
    Layout<S2, D2>: RightInverseOp,
    Layout<S, D>: CompositionOp<RightInverse<Layout<S2, D2>>>,
    Composition<Layout<S, D>, RightInverse<Layout<S2, D2>>>: CoalesceOp,
    Common<Layout<S, D>, Layout<S2, D2>>: FirstMode,
    Stride0<Common<Layout<S, D>, Layout<S2, D2>>>: IsEqual<P1>,
    UnitStride<Layout<S, D>, Layout<S2, D2>>: Select<Shape0<Common<Layout<S, D>, Layout<S2, D2>>>, P1>,
{
    // shape<0>(common) if stride<0>(common) == _1, else _1
    type Output = If<UnitStride<Layout<S, D>, Layout<S2, D2>>, Shape0<Common<Layout<S, D>, Layout<S2, D2>>>, P1>;
}
/// `min(max_common_vector(layout_b(a), b), 1 << M)`.
impl<SB, SM, SS, O, L, S2, D2> McvPair for (ComposedLayout<Swizzle<SB, SM, SS>, O, L>, Layout<S2, D2>)
where
    (L, Layout<S2, D2>): McvPair,
    SM: Pow2Op,
    <(L, Layout<S2, D2>) as McvPair>::Output: Min<Pow2<SM>>,
{
    type Output = Minimum<<(L, Layout<S2, D2>) as McvPair>::Output, Pow2<SM>>;
}
/// `max_common_vector(b, a)`.
impl<S, D, SB, SM, SS, O, L> McvPair for (Layout<S, D>, ComposedLayout<Swizzle<SB, SM, SS>, O, L>)
where
    (ComposedLayout<Swizzle<SB, SM, SS>, O, L>, Layout<S, D>): McvPair,
{
    type Output = <(ComposedLayout<Swizzle<SB, SM, SS>, O, L>, Layout<S, D>) as McvPair>::Output;
}
/// Both swizzled: the inner layouts' result; capped at `1 << M0` and `1 << M1` unless the two
/// swizzles are the same.
impl<B0_, M0, S0, O0, L0, B1_, M1, S1, O1, L1> McvPair
    for (ComposedLayout<Swizzle<B0_, M0, S0>, O0, L0>, ComposedLayout<Swizzle<B1_, M1, S1>, O1, L1>)
where
    (L0, L1): McvPair,
    M0: Pow2Op,
    M1: Pow2Op,
    <(L0, L1) as McvPair>::Output: Min<Pow2<M0>>,
    Minimum<<(L0, L1) as McvPair>::Output, Pow2<M0>>: Min<Pow2<M1>>,
    B0_: IsEqual<B1_>,
    M0: IsEqual<M1>,
    S0: IsEqual<S1>,
    Eq<B0_, B1_>: core::ops::BitAnd<Eq<M0, M1>>,
    And<Eq<B0_, B1_>, Eq<M0, M1>>: core::ops::BitAnd<Eq<S0, S1>>,
    And<And<Eq<B0_, B1_>, Eq<M0, M1>>, Eq<S0, S1>>:
        Select<<(L0, L1) as McvPair>::Output, Minimum<Minimum<<(L0, L1) as McvPair>::Output, Pow2<M0>>, Pow2<M1>>>,
{
    type Output = If<
        And<And<Eq<B0_, B1_>, Eq<M0, M1>>, Eq<S0, S1>>,
        <(L0, L1) as McvPair>::Output,
        Minimum<Minimum<<(L0, L1) as McvPair>::Output, Pow2<M0>>, Pow2<M1>>,
    >;
}

/// `1 << M` for a static `M >= 0`.
#[doc(hidden)]
pub trait Pow2Op {
    type Output;
}
impl Pow2Op for Z0 {
    type Output = P1;
}
impl<U> Pow2Op for PInt<U>
where
    U: Unsigned + NonZero,
    typenum::U1: core::ops::Shl<U>,
    <typenum::U1 as core::ops::Shl<U>>::Output: Unsigned + NonZero,
{
    type Output = PInt<<typenum::U1 as core::ops::Shl<U>>::Output>;
}
/// `1 << M`.
pub type Pow2<M> = <M as Pow2Op>::Output;

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
        // a swizzled side: the inner layouts' run, capped at 1 << M (here 8 of 64)
        assert_eq!(show::<MaxCommonVector<cute!((_128,_64):(_64,_1)), cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1))>>(), "_8");
        assert_eq!(show::<MaxCommonVector<cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1)), cute!((_128,_64):(_1,_128))>>(), "_1");
        // the same swizzle on both sides: the inner layouts' run
        assert_eq!(show::<MaxCommonVector<cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1)), cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1))>>(), "_8192");
        assert_eq!(show::<MaxCommonVector<cute!(Sw<2,3,3> o _0 o (_128,_64):(_64,_1)), cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1))>>(), "_8");
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
