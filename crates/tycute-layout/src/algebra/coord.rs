//! `idx2crd(i, S)` and `crd2idx(c, S, D)`: coordinates and indices, colexicographically (first
//! mode fastest).
//!
//! `crd2idx(c, S, D)`:
//!
//! | `c`     | `S`, `D`  | result                                                                    |
//! |---------|-----------|---------------------------------------------------------------------------|
//! | integer | integers  | `c * d`                                                                   |
//! | integer | tuples    | `crd2idx(c % size(s0), s0, d0) + crd2idx(c / size(s0), (s1,..), (d1,..))`; the last mode takes the whole rest |
//! | tuple   | tuples    | `sum_i crd2idx(c_i, s_i, d_i)` (equal ranks)                              |
//! | tuple   | integers  | rejected                                                                  |
//!
//! `idx2crd(i, S)` is the same split without strides: an integer index against a tuple shape
//! becomes a coordinate congruent to the shape (the last mode of each tuple is not reduced), a
//! tuple index against a tuple shape is converted mode by mode, an integer against an integer
//! stays as it is. Static inputs give static outputs; empty tuples are rejected, as in CuTe.

use core::ops::{Add, Div, Mul, Rem};

use core::ops::BitAnd;

use crate::int::{And, Int, Mod, Prod, Quot, Sum, B0, B1};
use crate::bounds::{DecIfFailed, DecimalIfFailed, RankOf};
use crate::sealed::Sealed;
use crate::tuple::{Nil, ProductOp, Product, Tup};

// ---------------------------------------------------------------------------------------------
// crd2idx

/// `crd2idx(C, S, D)`: the index of coordinate `C` in the layout `S:D`.
pub trait Crd2IdxOp<S, D>: Sealed {
    type Output;
}
impl<C: Sealed, S, D> Crd2IdxOp<S, D> for C
where
    C: CrdFits<S, B0>,
    <C as CrdFits<S, B0>>::Output: DecimalIfFailed<C> + DecimalIfFailed<S> + DecimalIfFailed<RankOf<C>> + DecimalIfFailed<RankOf<S>>,
    <C as CrdFits<S, B0>>::Output: Crd2IdxRanks<C, S, D, DecIfFailed<<C as CrdFits<S, B0>>::Output, C>, DecIfFailed<<C as CrdFits<S, B0>>::Output, RankOf<C>>, DecIfFailed<<C as CrdFits<S, B0>>::Output, S>, DecIfFailed<<C as CrdFits<S, B0>>::Output, RankOf<S>>>,
{
    type Output = <<C as CrdFits<S, B0>>::Output as Crd2IdxRanks<C, S, D, DecIfFailed<<C as CrdFits<S, B0>>::Output, C>, DecIfFailed<<C as CrdFits<S, B0>>::Output, RankOf<C>>, DecIfFailed<<C as CrdFits<S, B0>>::Output, S>, DecIfFailed<<C as CrdFits<S, B0>>::Output, RankOf<S>>>>::Output;
}

/// The unchecked computation.
#[doc(hidden)]
pub trait Crd2IdxImpl<S, D> {
    type Output;
}
type CrdIdx<C, S, D> = <C as Crd2IdxImpl<S, D>>::Output;
// integer coordinate: c * d, or split over the modes of a tuple shape
impl<C: Int, S, D> Crd2IdxImpl<S, D> for C
where
    C: IntCrd2Idx<S, D>,
{
    type Output = <C as IntCrd2Idx<S, D>>::Output;
}
// tuple coordinate, tuple shape: sum over the modes
impl<C0, CT, S0, ST, D0, DT> Crd2IdxImpl<Tup<S0, ST>, Tup<D0, DT>> for Tup<C0, CT>
where
    Tup<C0, CT>: TupleCrd2Idx<Tup<S0, ST>, Tup<D0, DT>>,
{
    type Output = <Tup<C0, CT> as TupleCrd2Idx<Tup<S0, ST>, Tup<D0, DT>>>::Output;
}
/// `crd2idx(c, s, d)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Crd2Idx};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Crd2Idx<cute!((_3,_7)), cute!((_4,_8)), cute!((_8,_1))>>(), "_31");
/// // an integer for a tuple mode is split inside that mode
/// assert_eq!(show::<Crd2Idx<cute!((_5,_3)), cute!(((_2,_4),_4)), cute!(((_1,_16),_2))>>(), "_39");
/// ```
///
/// A tuple coordinate for an integer mode is rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Crd2Idx};
/// # use tycute_macros::cute;
/// let _ = show::<Crd2Idx<cute!(((_1,_1),_2)), cute!((_4,_8)), cute!((_1,_4))>>();
/// ```
pub type Crd2Idx<C, S, D> = <C as Crd2IdxOp<S, D>>::Output;

/// An integer coordinate against an integer or tuple shape.
#[doc(hidden)]
pub trait IntCrd2Idx<S, D> {
    type Output;
}
// "int" "int" "int": c * d
impl<C: Mul<D>, S: Int, D: Int> IntCrd2Idx<S, D> for C {
    type Output = Prod<C, D>;
}
// "int" tuple tuple, last mode: the whole coordinate
impl<C, S0, D0> IntCrd2Idx<Tup<S0, Nil>, Tup<D0, Nil>> for C
where
    C: Crd2IdxImpl<S0, D0>,
{
    type Output = CrdIdx<C, S0, D0>;
}
// "int" tuple tuple: c % size(s0) into mode 0, c / size(s0) into the rest
impl<C, S0, S1, ST, D0, D1, DT> IntCrd2Idx<Tup<S0, Tup<S1, ST>>, Tup<D0, Tup<D1, DT>>> for C
where
    S0: ProductOp,
    C: Rem<Product<S0>> + Div<Product<S0>>,
    Mod<C, Product<S0>>: Crd2IdxImpl<S0, D0>,
    Quot<C, Product<S0>>: IntCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>,
    CrdIdx<Mod<C, Product<S0>>, S0, D0>:
        Add<<Quot<C, Product<S0>> as IntCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output>,
{
    type Output = Sum<
        CrdIdx<Mod<C, Product<S0>>, S0, D0>,
        <Quot<C, Product<S0>> as IntCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output,
    >;
}

/// A tuple coordinate against a tuple shape of the same rank: the sum over the modes.
#[doc(hidden)]
pub trait TupleCrd2Idx<S, D> {
    type Output;
}
impl<C0, S0, D0> TupleCrd2Idx<Tup<S0, Nil>, Tup<D0, Nil>> for Tup<C0, Nil>
where
    C0: Crd2IdxImpl<S0, D0>,
{
    type Output = CrdIdx<C0, S0, D0>;
}
impl<C0, C1, CT, S0, S1, ST, D0, D1, DT> TupleCrd2Idx<Tup<S0, Tup<S1, ST>>, Tup<D0, Tup<D1, DT>>>
    for Tup<C0, Tup<C1, CT>>
where
    C0: Crd2IdxImpl<S0, D0>,
    Tup<C1, CT>: TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>,
    CrdIdx<C0, S0, D0>: Add<<Tup<C1, CT> as TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output>,
{
    type Output = Sum<
        CrdIdx<C0, S0, D0>,
        <Tup<C1, CT> as TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output,
    >;
}

// ---------------------------------------------------------------------------------------------
// idx2crd

/// `idx2crd(I, S)`: the coordinate of index `I` in shape `S`.
pub trait Idx2CrdOp<S>: Sealed {
    type Output;
}
impl<I: Sealed, S> Idx2CrdOp<S> for I
where
    I: CrdFits<S, B1>,
    <I as CrdFits<S, B1>>::Output: DecimalIfFailed<I> + DecimalIfFailed<S> + DecimalIfFailed<RankOf<I>> + DecimalIfFailed<RankOf<S>>,
    <I as CrdFits<S, B1>>::Output: Idx2CrdRanks<I, S, DecIfFailed<<I as CrdFits<S, B1>>::Output, I>, DecIfFailed<<I as CrdFits<S, B1>>::Output, RankOf<I>>, DecIfFailed<<I as CrdFits<S, B1>>::Output, S>, DecIfFailed<<I as CrdFits<S, B1>>::Output, RankOf<S>>>,
{
    type Output = <<I as CrdFits<S, B1>>::Output as Idx2CrdRanks<I, S, DecIfFailed<<I as CrdFits<S, B1>>::Output, I>, DecIfFailed<<I as CrdFits<S, B1>>::Output, RankOf<I>>, DecIfFailed<<I as CrdFits<S, B1>>::Output, S>, DecIfFailed<<I as CrdFits<S, B1>>::Output, RankOf<S>>>>::Output;
}
/// The unchecked computation.
#[doc(hidden)]
pub trait Idx2CrdImpl<S> {
    type Output;
}
type IdxCrd<I, S> = <I as Idx2CrdImpl<S>>::Output;
impl<I: Int, S> Idx2CrdImpl<S> for I
where
    I: IntIdx2Crd<S>,
{
    type Output = <I as IntIdx2Crd<S>>::Output;
}
// tuple tuple: mode by mode (equal ranks)
impl<S> Idx2CrdImpl<S> for Nil
where
    S: EmptyShape,
{
    type Output = Nil;
}
impl<I0, IT, S0, ST> Idx2CrdImpl<Tup<S0, ST>> for Tup<I0, IT>
where
    I0: Idx2CrdImpl<S0>,
    IT: Idx2CrdImpl<ST>,
{
    type Output = Tup<IdxCrd<I0, S0>, IdxCrd<IT, ST>>;
}
/// `idx2crd(i, s)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, Idx2Crd};
/// # use tycute_macros::cute;
/// assert_eq!(show::<Idx2Crd<cute!(_31), cute!((_4,_8))>>(), "(_3,_7)");
/// assert_eq!(show::<Idx2Crd<cute!(_29), cute!(((_2,_2),(_4,_2)))>>(), "((_1,_0),(_3,_1))");
/// ```
pub type Idx2Crd<I, S> = <I as Idx2CrdOp<S>>::Output;

/// Only `()` matches the empty index tuple.
#[doc(hidden)]
pub trait EmptyShape {}
impl EmptyShape for Nil {}

/// An integer index against an integer or tuple shape.
#[doc(hidden)]
pub trait IntIdx2Crd<S> {
    type Output;
}
// "int" "int": the index itself
impl<I, S: Int> IntIdx2Crd<S> for I {
    type Output = I;
}
// "int" tuple: i % size(s0) into mode 0, i / size(s0) into the rest, the last mode takes the rest
impl<I, S0> IntIdx2Crd<Tup<S0, Nil>> for I
where
    I: Idx2CrdImpl<S0>,
{
    type Output = Tup<IdxCrd<I, S0>, Nil>;
}
impl<I, S0, S1, ST> IntIdx2Crd<Tup<S0, Tup<S1, ST>>> for I
where
    S0: ProductOp,
    I: Rem<Product<S0>> + Div<Product<S0>>,
    Mod<I, Product<S0>>: Idx2CrdImpl<S0>,
    Quot<I, Product<S0>>: IntIdx2Crd<Tup<S1, ST>>,
{
    type Output = Tup<
        IdxCrd<Mod<I, Product<S0>>, S0>,
        <Quot<I, Product<S0>> as IntIdx2Crd<Tup<S1, ST>>>::Output,
    >;
}

// ---------------------------------------------------------------------------------------------
// rank checks

/// Whether a coordinate (or index) `Self` fits shape `S`, as a bit: an integer fits an integer,
/// or a tuple whose sub-tuples are all non-empty; a tuple fits a tuple of the same rank, element
/// by element; `()` fits `()` only when `E = B1` (idx2crd maps `()` to `()`; crd2idx of `()` is
/// an empty fold, which CuTe rejects).
#[doc(hidden)]
pub trait CrdFits<S, E> {
    type Output;
}
impl<C: Int, S: IntFits, E> CrdFits<S, E> for C {
    type Output = <S as IntFits>::Output;
}
impl<N: Int, E> CrdFits<N, E> for Nil {
    type Output = B0;
}
impl<E> CrdFits<Nil, E> for Nil {
    type Output = E;
}
impl<S0, ST, E> CrdFits<Tup<S0, ST>, E> for Nil {
    type Output = B0;
}
impl<N: Int, C0, CT, E> CrdFits<N, E> for Tup<C0, CT> {
    type Output = B0;
}
impl<C0, CT, E> CrdFits<Nil, E> for Tup<C0, CT> {
    type Output = B0;
}
impl<C0, CT, S0, ST, E> CrdFits<Tup<S0, ST>, E> for Tup<C0, CT>
where
    C0: CrdFits<S0, E>,
    CT: RestFits<ST, E>,
    <C0 as CrdFits<S0, E>>::Output: BitAnd<<CT as RestFits<ST, E>>::Output>,
{
    type Output = And<<C0 as CrdFits<S0, E>>::Output, <CT as RestFits<ST, E>>::Output>;
}
/// The remaining elements of a tuple coordinate against the remaining modes (same length).
#[doc(hidden)]
pub trait RestFits<S, E> {
    type Output;
}
impl<E> RestFits<Nil, E> for Nil {
    type Output = B1;
}
impl<S0, ST, E> RestFits<Tup<S0, ST>, E> for Nil {
    type Output = B0;
}
impl<C0, CT, E> RestFits<Nil, E> for Tup<C0, CT> {
    type Output = B0;
}
impl<C0, CT, S0, ST, E> RestFits<Tup<S0, ST>, E> for Tup<C0, CT>
where
    C0: CrdFits<S0, E>,
    CT: RestFits<ST, E>,
    <C0 as CrdFits<S0, E>>::Output: BitAnd<<CT as RestFits<ST, E>>::Output>,
{
    type Output = And<<C0 as CrdFits<S0, E>>::Output, <CT as RestFits<ST, E>>::Output>;
}

/// An integer against shape `Self`: every tuple in the shape is non-empty.
#[doc(hidden)]
pub trait IntFits {
    type Output;
}
impl<S: Int> IntFits for S {
    type Output = B1;
}
impl IntFits for Nil {
    type Output = B0;
}
impl<S0: IntFits, ST: IntFitsRest> IntFits for Tup<S0, ST>
where
    S0::Output: BitAnd<ST::Output>,
{
    type Output = And<S0::Output, ST::Output>;
}
#[doc(hidden)]
pub trait IntFitsRest {
    type Output;
}
impl IntFitsRest for Nil {
    type Output = B1;
}
impl<S0: IntFits, ST: IntFitsRest> IntFitsRest for Tup<S0, ST>
where
    S0::Output: BitAnd<ST::Output>,
{
    type Output = And<S0::Output, ST::Output>;
}

/// The check (and gate) behind `crd2idx`'s "Mismatched Ranks" / "Invalid parameters".
#[diagnostic::on_unimplemented(
    message = "crd2idx: Mismatched Ranks (the coordinate is not weakly congruent to the shape, or holds an empty tuple): the coordinate {Crd} (rank {CrdRank}) and the shape {Shape} (rank {ShapeRank})",
    label = "a tuple coordinate needs a tuple shape of the same rank"
)]
pub trait Crd2IdxRanks<C, S, D, Crd = (), CrdRank = (), Shape = (), ShapeRank = ()>: Sealed {
    /// `crd2idx(C, S, D)`, computed only once the check passed.
    type Output;
}
impl<C: Crd2IdxImpl<S, D>, S, D, Crd, CrdRank, Shape, ShapeRank> Crd2IdxRanks<C, S, D, Crd, CrdRank, Shape, ShapeRank> for B1 {
    type Output = CrdIdx<C, S, D>;
}

/// The check (and gate) behind `idx2crd`'s "Mismatched Ranks" / "Invalid parameters".
#[diagnostic::on_unimplemented(
    message = "idx2crd: Mismatched Ranks (the index is not weakly congruent to the shape, or meets an empty tuple): the index {Crd} (rank {CrdRank}) and the shape {Shape} (rank {ShapeRank})",
    label = "a tuple index needs a tuple shape of the same rank"
)]
pub trait Idx2CrdRanks<I, S, Crd = (), CrdRank = (), Shape = (), ShapeRank = ()>: Sealed {
    /// `idx2crd(I, S)`, computed only once the check passed.
    type Output;
}
impl<I: Idx2CrdImpl<S>, S, Crd, CrdRank, Shape, ShapeRank> Idx2CrdRanks<I, S, Crd, CrdRank, Shape, ShapeRank> for B1 {
    type Output = IdxCrd<I, S>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn crd2idx() {
        assert_eq!(show::<Crd2Idx<cute!((_3,_7)), cute!((_4,_8)), cute!((_8,_1))>>(), "_31");
        assert_eq!(show::<Crd2Idx<cute!(_0), cute!((_4,_8)), cute!((_1,_4))>>(), "_0");
        assert_eq!(show::<Crd2Idx<cute!(_29), cute!(((_2,_2),(_4,_2))), cute!(((_1,_16),(_2,_32)))>>(), "_39");
        assert_eq!(show::<Crd2Idx<cute!((_5,_2,_0)), cute!((_8,_4,_2)), cute!((_4,_32,_1))>>(), "_84");
        assert_eq!(show::<Crd2Idx<cute!(_21), cute!((_8,_4,_2)), cute!((_4,_32,_1))>>(), "_84");
        assert_eq!(show::<Crd2Idx<cute!((_0,(_0,_0))), cute!((_2,(_3,_4))), cute!((_12,(_1,_3)))>>(), "_0");
        assert_eq!(show::<Crd2Idx<cute!((_2,_4)), cute!((_4,_8)), cute!((_8,_1))>>(), "_20");
        // partial coordinate: an integer for the tuple mode
        assert_eq!(show::<Crd2Idx<cute!((_1,_5)), cute!((_2,(_3,_4))), cute!((_12,(_1,_3)))>>(), "_17");
        // the last mode is not reduced
        assert_eq!(show::<Crd2Idx<cute!(_40), cute!((_4,_8)), cute!((_1,_4))>>(), "_40");
        assert_eq!(show::<Crd2Idx<cute!(_7), cute!(_8), cute!(_3)>>(), "_21");
        // negative strides
        assert_eq!(show::<Crd2Idx<cute!(_5), cute!((_4,_2)), cute!((_-1,_8))>>(), "_7");
    }

    #[test]
    fn idx2crd() {
        assert_eq!(show::<Idx2Crd<cute!(_31), cute!((_4,_8))>>(), "(_3,_7)");
        assert_eq!(show::<Idx2Crd<cute!(_29), cute!(((_2,_2),(_4,_2)))>>(), "((_1,_0),(_3,_1))");
        assert_eq!(show::<Idx2Crd<cute!(_21), cute!((_8,_4,_2))>>(), "(_5,_2,_0)");
        assert_eq!(show::<Idx2Crd<cute!(_0), cute!((_2,(_3,_4)))>>(), "(_0,(_0,_0))");
        assert_eq!(show::<Idx2Crd<cute!(_10), cute!(((_2,_2),(_4,_2)))>>(), "((_0,_1),(_2,_0))");
        assert_eq!(show::<Idx2Crd<cute!(_40), cute!((_4,_8))>>(), "(_0,_10)");
        assert_eq!(show::<Idx2Crd<cute!(_5), cute!(_8)>>(), "_5");
        // a tuple index is converted mode by mode
        assert_eq!(show::<Idx2Crd<cute!((_1,_5)), cute!((_2,(_3,_4)))>>(), "(_1,(_2,_1))");
        assert_eq!(show::<Idx2Crd<cute!(_13), cute!((_1,(_3,_1),_8))>>(), "(_0,(_1,_0),_4)");
    }

    #[test]
    fn roundtrip() {
        type S = cute!(((_2,_3),(_4,_2)));
        type D = cute!(((_1,_2),(_6,_24)));
        assert_eq!(show::<Crd2Idx<Idx2Crd<cute!(_37), S>, S, D>>(), "_37");
    }
}
