//! `right_inverse(A)` and `left_inverse(A)`.
//!
//! Both coalesce A, number its flat modes `s_i:d_i` with the prefix products of the shapes
//! `p_i = s_0 * .. * s_{i-1}` (where mode `i` sits in A's domain), and visit the modes in
//! increasing order of stride, in the order CuTe's `exchange_sort` leaves them.
//!
//! * `right_inverse`: starting from `current = _1`, a mode whose stride equals `current` is taken
//!   (`s_i:p_i`, `current <- s_i * d_i`); any other mode is skipped. So only the contiguous prefix
//!   `[0, n)` of A's image is inverted: `right_inverse((_4,_4,_2):(_16,_4,_1))` is `_2:_16`, and a
//!   layout without a stride-1 mode gives `_1:_0`.
//! * `left_inverse`: stride-0 modes are skipped; every other mode, in stride order, gets shape
//!   `d_i / size(result so far)` (which must divide exactly: "Left inverse divisibility condition")
//!   and stride `p_i`; a leading stride `_0` and the shape of the largest-stride mode complete it.
//!
//! The result is coalesced.

use core::ops::{Div, Mul, Rem};

use crate::algebra::coalesce::{Coalesce, CoalesceOp};
use crate::algebra::complement::{ExchangeSort, ModeByStride, ModeList};
use crate::int::{Eq, IsEqual, Mod, NInt, NonZero, PInt, Prod, Quot, Unsigned, B0, B1, P1, Z0};
use crate::layout::{IsLayout, Layout, ShapeOf, StrideOf};
use crate::sealed::Sealed;
use crate::tuple::{Append, ConcatOp, Nil, Tup};

/// `right_inverse(A)`: a layout `R` with `A(R(i)) == i` for all `i < size(R)`.
pub trait RightInverseOp: Sealed {
    type Output;
}
/// `right_inverse(A)`.
pub type RightInverse<A> = <A as RightInverseOp>::Output;

/// `left_inverse(A)`: a layout `L` with `L(A(i)) == i` for all `i < size(A)` when A is injective.
pub trait LeftInverseOp: Sealed {
    type Output;
}
/// `left_inverse(A)`.
///
/// ```
/// use tycute_layout::{show, LeftInverse, RightInverse};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<LeftInverse<cute!((_4,_2):(_1,_16))>>(), "(_16,_2):(_1,_4)");
/// assert_eq!(show::<RightInverse<cute!((_4,_4,_2):(_16,_4,_1))>>(), "_2:_16");
/// ```
///
/// A stride that is not a multiple of the size below it is rejected, as CuTe does:
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, LeftInverse};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: left_inverse: Left inverse divisibility condition ...
/// let _ = show::<LeftInverse<cute!((_4,_3):(_3,_2))>>();
/// ```
pub type LeftInverse<A> = <A as LeftInverseOp>::Output;

/// CuTe's "Left inverse divisibility condition".
#[diagnostic::on_unimplemented(
    message = "left_inverse: Left inverse divisibility condition (a stride of A must be a multiple of the size of the modes with smaller strides): stride {Stride}, size {Size}",
    label = "left inverse divisibility condition fails"
)]
pub trait LeftInverseDivisibility<Stride = (), Size = ()> {}
impl<Stride, Size> LeftInverseDivisibility<Stride, Size> for B1 {}

/// The coalesced modes of A, sorted as CuTe sorts them.
type Coalesced<A> = Coalesce<A>;
type Sorted<A> = <<(Wrap<ShapeOf<Coalesced<A>>>, Wrap<StrideOf<Coalesced<A>>>) as ModeList<P1>>::Output as ExchangeSort>::Output;

impl<S, D> RightInverseOp for Layout<S, D>
where
    Layout<S, D>: CoalesceOp,
    Coalesced<Layout<S, D>>: IsLayout,
    ShapeOf<Coalesced<Layout<S, D>>>: WrapOp,
    StrideOf<Coalesced<Layout<S, D>>>: WrapOp,
    (Wrap<ShapeOf<Coalesced<Layout<S, D>>>>, Wrap<StrideOf<Coalesced<Layout<S, D>>>>): ModeList<P1>,
    <(Wrap<ShapeOf<Coalesced<Layout<S, D>>>>, Wrap<StrideOf<Coalesced<Layout<S, D>>>>) as ModeList<P1>>::Output:
        ExchangeSort,
    Sorted<Layout<S, D>>: RightFold<P1, Tup<P1, Nil>, Tup<Z0, Nil>>,
    <Sorted<Layout<S, D>> as RightFold<P1, Tup<P1, Nil>, Tup<Z0, Nil>>>::Output: CoalesceOp,
{
    // coalesce((_1, s_i, ..):(_0, p_i, ..))
    type Output = Coalesce<<Sorted<Layout<S, D>> as RightFold<P1, Tup<P1, Nil>, Tup<Z0, Nil>>>::Output>;
}

impl<S, D> LeftInverseOp for Layout<S, D>
where
    Layout<S, D>: CoalesceOp,
    Coalesced<Layout<S, D>>: IsLayout,
    ShapeOf<Coalesced<Layout<S, D>>>: WrapOp,
    StrideOf<Coalesced<Layout<S, D>>>: WrapOp,
    (Wrap<ShapeOf<Coalesced<Layout<S, D>>>>, Wrap<StrideOf<Coalesced<Layout<S, D>>>>): ModeList<P1>,
    <(Wrap<ShapeOf<Coalesced<Layout<S, D>>>>, Wrap<StrideOf<Coalesced<Layout<S, D>>>>) as ModeList<P1>>::Output:
        ExchangeSort,
    Sorted<Layout<S, D>>: LeftFold<P1, Nil, Tup<Z0, Nil>> + LastShape,
    <Sorted<Layout<S, D>> as LeftFold<P1, Nil, Tup<Z0, Nil>>>::Output: Finish<<Sorted<Layout<S, D>> as LastShape>::Output>,
    <<Sorted<Layout<S, D>> as LeftFold<P1, Nil, Tup<Z0, Nil>>>::Output as Finish<<Sorted<Layout<S, D>> as LastShape>::Output>>::Output: CoalesceOp,
{
    // coalesce((d_i / size, .., s_last):(_0, p_i, ..))
    type Output = Coalesce<
        <<Sorted<Layout<S, D>> as LeftFold<P1, Nil, Tup<Z0, Nil>>>::Output as Finish<
            <Sorted<Layout<S, D>> as LastShape>::Output,
        >>::Output,
    >;
}

/// `wrap(x)`: an integer as a rank-1 tuple, a tuple unchanged.
#[doc(hidden)]
pub trait WrapOp {
    type Output;
}
impl WrapOp for Z0 {
    type Output = Tup<Z0, Nil>;
}
impl<U: Unsigned + NonZero> WrapOp for PInt<U> {
    type Output = Tup<PInt<U>, Nil>;
}
impl<U: Unsigned + NonZero> WrapOp for NInt<U> {
    type Output = Tup<NInt<U>, Nil>;
}
impl<H, T> WrapOp for Tup<H, T> {
    type Output = Tup<H, T>;
}
type Wrap<X> = <X as WrapOp>::Output;

// ---------------------------------------------------------------------------------------------
// right_inverse

/// The right-inverse fold over the sorted modes: `Cur` is the next stride expected.
#[doc(hidden)]
pub trait RightFold<Cur, RS, RD> {
    type Output;
}
impl<Cur, RS, RD> RightFold<Cur, RS, RD> for Nil {
    type Output = Layout<RS, RD>;
}
impl<S, D, P, T, Cur, RS, RD> RightFold<Cur, RS, RD> for Tup<ModeByStride<S, D, P>, T>
where
    D: IsEqual<Cur>,
    Eq<D, Cur>: RightStep<S, D, P, T, Cur, RS, RD>,
{
    type Output = <Eq<D, Cur> as RightStep<S, D, P, T, Cur, RS, RD>>::Output;
}
/// Take the mode (`B1`: its stride is the one expected) or skip it (`B0`).
#[doc(hidden)]
pub trait RightStep<S, D, P, T, Cur, RS, RD> {
    type Output;
}
impl<S, D, P, T, Cur, RS, RD> RightStep<S, D, P, T, Cur, RS, RD> for B1
where
    S: Mul<D>,
    RS: ConcatOp<Tup<S, Nil>>,
    RD: ConcatOp<Tup<P, Nil>>,
    T: RightFold<Prod<S, D>, Append<RS, S>, Append<RD, P>>,
{
    // (.., s):(.., p), current <- s * d
    type Output = <T as RightFold<Prod<S, D>, Append<RS, S>, Append<RD, P>>>::Output;
}
impl<S, D, P, T, Cur, RS, RD> RightStep<S, D, P, T, Cur, RS, RD> for B0
where
    T: RightFold<Cur, RS, RD>,
{
    type Output = <T as RightFold<Cur, RS, RD>>::Output;
}

// ---------------------------------------------------------------------------------------------
// left_inverse

/// The left-inverse fold over the sorted modes: `Sz` is `size(result shape so far)`.
#[doc(hidden)]
pub trait LeftFold<Sz, RS, RD> {
    type Output;
}
impl<Sz, RS, RD> LeftFold<Sz, RS, RD> for Nil {
    type Output = (RS, RD);
}
impl<S, D, P, T, Sz, RS, RD> LeftFold<Sz, RS, RD> for Tup<ModeByStride<S, D, P>, T>
where
    D: IsEqual<Z0>,
    Eq<D, Z0>: LeftStep<D, P, T, Sz, RS, RD>,
{
    type Output = <Eq<D, Z0> as LeftStep<D, P, T, Sz, RS, RD>>::Output;
}
/// Skip a stride-0 mode (`B1`) or append `d / size : p` (`B0`).
pub trait LeftStep<D, P, T, Sz, RS, RD> {
    type Output;
}
impl<D, P, T, Sz, RS, RD> LeftStep<D, P, T, Sz, RS, RD> for B1
where
    T: LeftFold<Sz, RS, RD>,
{
    type Output = <T as LeftFold<Sz, RS, RD>>::Output;
}
impl<D, P, T, Sz, RS, RD> LeftStep<D, P, T, Sz, RS, RD> for B0
where
    D: Rem<Sz> + Div<Sz>,
    Mod<D, Sz>: IsEqual<Z0>,
    Eq<Mod<D, Sz>, Z0>: crate::bounds::DecimalIfFailed<D> + crate::bounds::DecimalIfFailed<Sz>,
    Eq<Mod<D, Sz>, Z0>: LeftInverseDivisibility<crate::bounds::DecIfFailed<Eq<Mod<D, Sz>, Z0>, D>, crate::bounds::DecIfFailed<Eq<Mod<D, Sz>, Z0>, Sz>>,
    Sz: Mul<Quot<D, Sz>>,
    RS: ConcatOp<Tup<Quot<D, Sz>, Nil>>,
    RD: ConcatOp<Tup<P, Nil>>,
    T: LeftFold<Prod<Sz, Quot<D, Sz>>, Append<RS, Quot<D, Sz>>, Append<RD, P>>,
{
    // (.., d / size):(.., p)
    type Output = <T as LeftFold<Prod<Sz, Quot<D, Sz>>, Append<RS, Quot<D, Sz>>, Append<RD, P>>>::Output;
}

/// The shape of the last mode in sorted order (the largest stride).
#[doc(hidden)]
pub trait LastShape {
    type Output;
}
impl<S, D, P> LastShape for Tup<ModeByStride<S, D, P>, Nil> {
    type Output = S;
}
impl<M, M2, T> LastShape for Tup<M, Tup<M2, T>>
where
    Tup<M2, T>: LastShape,
{
    type Output = <Tup<M2, T> as LastShape>::Output;
}

/// `make_layout(append(RS, s_last), RD)`.
#[doc(hidden)]
pub trait Finish<SLast> {
    type Output;
}
impl<RS, RD, SLast> Finish<SLast> for (RS, RD)
where
    RS: ConcatOp<Tup<SLast, Nil>>,
{
    type Output = Layout<Append<RS, SLast>, RD>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn right_inverse() {
        assert_eq!(show::<RightInverse<cute!((_4,_4,_2):(_16,_4,_1))>>(), "_2:_16");
        assert_eq!(show::<RightInverse<cute!((_8,_8):(_8,_0))>>(), "_1:_0");
        assert_eq!(show::<RightInverse<cute!((_2,_12):(_12,_1))>>(), "(_12,_2):(_2,_1)");
        assert_eq!(show::<RightInverse<cute!((_4,(_2,_6)):(_3,(_1,_1)))>>(), "_2:_4");
        assert_eq!(show::<RightInverse<cute!((((_4,_2),_2),_2,_2):(((_2,_1),_0),_8,_32))>>(), "(_2,_4,_2):(_4,_1,_16)");
        assert_eq!(table::<RightInverse<cute!((_2,_12):(_12,_1))>>()[..4], [0, 2, 4, 6]);
    }

    #[test]
    fn left_inverse() {
        assert_eq!(show::<LeftInverse<cute!((_3,_1,_2):(_6,_1,_3))>>(), "(_3,_2,_3):(_0,_3,_1)");
        assert_eq!(show::<LeftInverse<cute!((_4):(_-1))>>(), "(_-1,_4):(_0,_1)");
        assert_eq!(show::<LeftInverse<cute!((_2,_4):(_0,_2))>>(), "(_2,_4):(_0,_2)");
        assert_eq!(show::<LeftInverse<cute!((_128,_3,_160):(_65536,_512,_1))>>(), "(_512,_128,_128):(_384,_128,_1)");
        assert_eq!(show::<LeftInverse<cute!((((_4,_2),_12)):(((_144,_1),_6)))>>(), "(_6,_24,_4):(_4,_8,_1)");
    }
}
