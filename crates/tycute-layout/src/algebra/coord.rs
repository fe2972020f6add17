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

use crate::int::{Int, Mod, Prod, Quot, Sum};
use crate::sealed::Sealed;
use crate::tuple::{Nil, ProductOp, Product, Tup};

// ---------------------------------------------------------------------------------------------
// crd2idx

/// `crd2idx(C, S, D)`: the index of coordinate `C` in the layout `S:D`.
pub trait Crd2IdxOp<S, D>: Sealed {
    type Output;
}
// integer coordinate: c * d, or split over the modes of a tuple shape
impl<C: Int, S, D> Crd2IdxOp<S, D> for C
where
    C: IntCrd2Idx<S, D>,
{
    type Output = <C as IntCrd2Idx<S, D>>::Output;
}
// tuple coordinate, tuple shape: sum over the modes
impl<C0, CT, S0, ST, D0, DT> Crd2IdxOp<Tup<S0, ST>, Tup<D0, DT>> for Tup<C0, CT>
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
/// ```compile_fail
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
    C: Crd2IdxOp<S0, D0>,
{
    type Output = Crd2Idx<C, S0, D0>;
}
// "int" tuple tuple: c % size(s0) into mode 0, c / size(s0) into the rest
impl<C, S0, S1, ST, D0, D1, DT> IntCrd2Idx<Tup<S0, Tup<S1, ST>>, Tup<D0, Tup<D1, DT>>> for C
where
    S0: ProductOp,
    C: Rem<Product<S0>> + Div<Product<S0>>,
    Mod<C, Product<S0>>: Crd2IdxOp<S0, D0>,
    Quot<C, Product<S0>>: IntCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>,
    Crd2Idx<Mod<C, Product<S0>>, S0, D0>:
        Add<<Quot<C, Product<S0>> as IntCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output>,
{
    type Output = Sum<
        Crd2Idx<Mod<C, Product<S0>>, S0, D0>,
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
    C0: Crd2IdxOp<S0, D0>,
{
    type Output = Crd2Idx<C0, S0, D0>;
}
impl<C0, C1, CT, S0, S1, ST, D0, D1, DT> TupleCrd2Idx<Tup<S0, Tup<S1, ST>>, Tup<D0, Tup<D1, DT>>>
    for Tup<C0, Tup<C1, CT>>
where
    C0: Crd2IdxOp<S0, D0>,
    Tup<C1, CT>: TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>,
    Crd2Idx<C0, S0, D0>: Add<<Tup<C1, CT> as TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output>,
{
    type Output = Sum<
        Crd2Idx<C0, S0, D0>,
        <Tup<C1, CT> as TupleCrd2Idx<Tup<S1, ST>, Tup<D1, DT>>>::Output,
    >;
}

// ---------------------------------------------------------------------------------------------
// idx2crd

/// `idx2crd(I, S)`: the coordinate of index `I` in shape `S`.
pub trait Idx2CrdOp<S>: Sealed {
    type Output;
}
impl<I: Int, S> Idx2CrdOp<S> for I
where
    I: IntIdx2Crd<S>,
{
    type Output = <I as IntIdx2Crd<S>>::Output;
}
// tuple tuple: mode by mode (equal ranks)
impl<S> Idx2CrdOp<S> for Nil
where
    S: EmptyShape,
{
    type Output = Nil;
}
impl<I0, IT, S0, ST> Idx2CrdOp<Tup<S0, ST>> for Tup<I0, IT>
where
    I0: Idx2CrdOp<S0>,
    IT: Idx2CrdOp<ST>,
{
    type Output = Tup<Idx2Crd<I0, S0>, Idx2Crd<IT, ST>>;
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
    I: Idx2CrdOp<S0>,
{
    type Output = Tup<Idx2Crd<I, S0>, Nil>;
}
impl<I, S0, S1, ST> IntIdx2Crd<Tup<S0, Tup<S1, ST>>> for I
where
    S0: ProductOp,
    I: Rem<Product<S0>> + Div<Product<S0>>,
    Mod<I, Product<S0>>: Idx2CrdOp<S0>,
    Quot<I, Product<S0>>: IntIdx2Crd<Tup<S1, ST>>,
{
    type Output = Tup<
        Idx2Crd<Mod<I, Product<S0>>, S0>,
        <Quot<I, Product<S0>> as IntIdx2Crd<Tup<S1, ST>>>::Output,
    >;
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
