//! `zip(A)` and `zip(A, B)` of layouts: the transpose of the top two levels of shape and stride.
//!
//! `zip` of an IntTuple `T` (CuTe's `zip(T)`):
//!
//! | `T`                                   | `zip(T)`                                  |
//! |---------------------------------------|-------------------------------------------|
//! | `((a,b,c,..),(x,y,z,..),..)`, equal ranks | `((a,x,..),(b,y,..),(c,z,..),..)`     |
//! | `(a,..)` with `a` an integer          | `((a,..))`                                |
//! | an integer `a`                        | `a`                                       |
//!
//! A tuple whose modes are tuples of different ranks (or mix tuples and integers after a tuple
//! first mode) is rejected ("Mismatched Ranks"), and so is the empty tuple.

use crate::layout::Layout;
use crate::sealed::Sealed;
use core::ops::BitAnd;

use crate::int::{And, Eq, Int, IsEqual, B0, B1, Z0};
use crate::tuple::{IsTuple, Len, LenOp, Nil, Tup};

/// `zip(T)` of an IntTuple.
#[doc(hidden)]
pub trait ZipTuple {
    type Output;
}
impl<N: Int> ZipTuple for N {
    type Output = N;
}
impl<H: IsTuple, T> ZipTuple for Tup<H, T>
where
    Tup<H, T>: ZipBy<<H as IsTuple>::Output>,
{
    type Output = <Tup<H, T> as ZipBy<<H as IsTuple>::Output>>::Output;
}

/// `zip` of a non-empty tuple, by whether its first element is a tuple.
#[doc(hidden)]
pub trait ZipBy<FirstIsTuple> {
    type Output;
}
// (a,..) with an integer first mode  =>  ((a,..))
impl<T> ZipBy<B0> for T {
    type Output = Tup<T, Nil>;
}
// ((a,b,..),(x,y,..),..)  =>  ((a,x,..),(b,y,..),..)
impl<T: Transpose> ZipBy<B1> for T {
    type Output = <T as Transpose>::Output;
}

/// The transpose of a non-empty list of lists of equal length.
#[doc(hidden)]
pub trait Transpose {
    type Output;
}
// rows of length 0: ()
impl<RT> Transpose for Tup<Nil, RT>
where
    RT: AllEmpty,
{
    type Output = Nil;
}
// (first column, transpose of the rest)
impl<H0, T0, RT> Transpose for Tup<Tup<H0, T0>, RT>
where
    Tup<Tup<H0, T0>, RT>: SplitHeads,
    <Tup<Tup<H0, T0>, RT> as SplitHeads>::Tails: Transpose,
{
    type Output = Tup<
        <Tup<Tup<H0, T0>, RT> as SplitHeads>::Heads,
        <<Tup<Tup<H0, T0>, RT> as SplitHeads>::Tails as Transpose>::Output,
    >;
}

/// Every row is `()`.
#[doc(hidden)]
pub trait AllEmpty {}
impl AllEmpty for Nil {}
impl<RT: AllEmpty> AllEmpty for Tup<Nil, RT> {}

/// The first element of every row, and the rows without it; every row must be non-empty.
#[doc(hidden)]
pub trait SplitHeads {
    type Heads;
    type Tails;
}
impl SplitHeads for Nil {
    type Heads = Nil;
    type Tails = Nil;
}
impl<H, T, RT: SplitHeads> SplitHeads for Tup<Tup<H, T>, RT> {
    type Heads = Tup<H, RT::Heads>;
    type Tails = Tup<T, RT::Tails>;
}

/// `zip(A)`: the layout with the zipped shape and the zipped stride.
pub trait ZipOp: Sealed {
    type Output;
}
impl<S, D> ZipOp for Layout<S, D>
where
    S: ZipRanks,
    <S as ZipRanks>::Output: crate::bounds::DecimalIfFailed<S>,
    <S as ZipRanks>::Output: ZipMismatchedRanks<S, D, crate::bounds::DecIfFailed<<S as ZipRanks>::Output, S>>,
{
    type Output = <<S as ZipRanks>::Output as ZipMismatchedRanks<S, D, crate::bounds::DecIfFailed<<S as ZipRanks>::Output, S>>>::Output;
}
/// `zip(A)`, for a layout whose top modes are tuples of equal rank.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Zip};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Zip<cute!(((_2,_2),(_4,_3)):((_1,_2),(_4,_16)))>>(), "((_2,_4),(_2,_3)):((_1,_4),(_2,_16))");
/// ```
///
/// Top modes of different ranks are rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Zip};
/// # use tycute_macros::cute;
/// let _ = show::<Zip<cute!(((_2,_2),(_4,_3,_2)):((_1,_2),(_4,_16,_48)))>>();
/// ```
pub type Zip<A> = <A as ZipOp>::Output;

/// `zip(A, B)`: `zip` of the layout `(A, B)`.
pub trait Zip2Op<B>: Sealed {
    type Output;
}
impl<SA, DA, SB, DB> Zip2Op<Layout<SB, DB>> for Layout<SA, DA>
where
    Tup<SA, Tup<SB, Nil>>: ZipRanks,
    <Tup<SA, Tup<SB, Nil>> as ZipRanks>::Output: crate::bounds::DecimalIfFailed<Tup<SA, Tup<SB, Nil>>>,
    <Tup<SA, Tup<SB, Nil>> as ZipRanks>::Output: ZipMismatchedRanks<
        Tup<SA, Tup<SB, Nil>>,
        Tup<DA, Tup<DB, Nil>>,
        crate::bounds::DecIfFailed<<Tup<SA, Tup<SB, Nil>> as ZipRanks>::Output, Tup<SA, Tup<SB, Nil>>>,
    >,
{
    type Output = <<Tup<SA, Tup<SB, Nil>> as ZipRanks>::Output as ZipMismatchedRanks<
        Tup<SA, Tup<SB, Nil>>,
        Tup<DA, Tup<DB, Nil>>,
        crate::bounds::DecIfFailed<<Tup<SA, Tup<SB, Nil>> as ZipRanks>::Output, Tup<SA, Tup<SB, Nil>>>,
    >>::Output;
}
/// `zip(A, B)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Zip2};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Zip2<cute!((_2,_3):(_1,_2)), cute!((_2,_3):(_3,_1))>>(), "((_2,_2),(_3,_3)):((_1,_3),(_2,_1))");
/// ```
pub type Zip2<A, B> = <A as Zip2Op<B>>::Output;

/// Whether `zip(T)` is defined, as a bit: an integer, or a non-empty tuple whose first element
/// is an integer, or whose elements are all tuples of the first one's rank.
#[doc(hidden)]
pub trait ZipRanks {
    type Output;
}
impl<N: Int> ZipRanks for N {
    type Output = B1;
}
impl ZipRanks for Nil {
    type Output = B0;
}
impl<H: IsTuple, T> ZipRanks for Tup<H, T>
where
    Tup<H, T>: ZipRanksBy<<H as IsTuple>::Output>,
{
    type Output = <Tup<H, T> as ZipRanksBy<<H as IsTuple>::Output>>::Output;
}
#[doc(hidden)]
pub trait ZipRanksBy<FirstIsTuple> {
    type Output;
}
impl<T> ZipRanksBy<B0> for T {
    type Output = B1;
}
impl<H: RowLen, T> ZipRanksBy<B1> for Tup<H, T>
where
    Tup<H, T>: RowsOfLen<<H as RowLen>::Output>,
{
    type Output = <Tup<H, T> as RowsOfLen<<H as RowLen>::Output>>::Output;
}
/// The rank of a row as `Some` rank (`PInt`/`Z0`), or `NotTuple` for an integer row.
#[doc(hidden)]
pub trait RowLen {
    type Output;
}
#[doc(hidden)]
pub struct NotTuple;
impl<N: Int> RowLen for N {
    type Output = NotTuple;
}
impl RowLen for Nil {
    type Output = Z0;
}
impl<H, T: LenOp> RowLen for Tup<H, T>
where
    Tup<H, T>: LenOp,
{
    type Output = Len<Tup<H, T>>;
}
/// Every row has rank `L` (a static integer).
#[doc(hidden)]
pub trait RowsOfLen<L> {
    type Output;
}
impl<L> RowsOfLen<L> for Nil {
    type Output = B1;
}
impl<L, R: RowLen, RT: RowsOfLen<L>> RowsOfLen<L> for Tup<R, RT>
where
    <R as RowLen>::Output: SameLen<L>,
    <<R as RowLen>::Output as SameLen<L>>::Output: BitAnd<<RT as RowsOfLen<L>>::Output>,
{
    type Output = And<<<R as RowLen>::Output as SameLen<L>>::Output, <RT as RowsOfLen<L>>::Output>;
}
#[doc(hidden)]
pub trait SameLen<L> {
    type Output;
}
impl<L> SameLen<L> for NotTuple {
    type Output = B0;
}
impl<L, N: Int + IsEqual<L>> SameLen<L> for N {
    type Output = Eq<N, L>;
}

/// The check behind `zip`'s "Mismatched Ranks", and the gate of the computation: implemented
/// only for `B1`, so that a rejected input is never transposed (and only this error is shown).
#[diagnostic::on_unimplemented(
    message = "zip: Mismatched Ranks (the top modes are not all tuples of the same rank, or the tuple is empty): the shape {Shape}",
    label = "zip needs ((a,b,..),(x,y,..),..) with modes of equal rank"
)]
pub trait ZipMismatchedRanks<S, D, Shape = ()>: Sealed {
    /// `zip(S):zip(D)`.
    type Output;
}
impl<S: ZipTuple, D: ZipTuple, Shape> ZipMismatchedRanks<S, D, Shape> for B1 {
    type Output = Layout<<S as ZipTuple>::Output, <D as ZipTuple>::Output>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn zip() {
        assert_eq!(
            show::<Zip<cute!(((_3,_1,_4),(_4,_2,_1)):((_1,_3,_3),(_12,_48,_0)))>>(),
            "((_3,_4),(_1,_2),(_4,_1)):((_1,_12),(_3,_48),(_3,_0))"
        );
        assert_eq!(
            show::<Zip<cute!(((_2,_2),(_2,_2),(_3,_3)):((_36,_1),(_18,_72),(_2,_6)))>>(),
            "((_2,_2,_3),(_2,_2,_3)):((_36,_18,_2),(_1,_72,_6))"
        );
        // an integer first mode wraps, an integral layout is unchanged
        assert_eq!(show::<Zip<cute!((_4,_2):(_1,_4))>>(), "((_4,_2)):((_1,_4))");
        assert_eq!(show::<Zip<cute!(_4:_1)>>(), "_4:_1");
        assert_eq!(show::<Zip<cute!(((_4)):((_1)))>>(), "((_4)):((_1))");
        assert_eq!(show::<Zip<cute!(((),()):((),()))>>(), "():()");
        assert_eq!(table::<Zip<cute!(((_2,_2),(_1,_2)):((_1,_2),(_2,_4)))>>(), vec![0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn zip2() {
        assert_eq!(show::<Zip2<cute!((_2,_2):(_1,_2)), cute!((_2,_2):(_2,_1))>>(), "((_2,_2),(_2,_2)):((_1,_2),(_2,_1))");
        assert_eq!(show::<Zip2<cute!(_4:_1), cute!(_8:_4)>>(), "((_4,_8)):((_1,_4))");
    }
}
