//! CuTe's `ScaledBasis<T, I0, I1, ...>` (printed `_1@1@0`): a stride that is a unit vector of a
//! hierarchical codomain, scaled. As the stride of a layout on the right of a composition it
//! selects the sub-mode `I0, I1, ...` of the left-hand layout ([`BasisGet`]) and composes it with
//! `shape : value` ([`BasisValue`]): `algebra::composition`.

use core::marker::PhantomData;
use core::ops::BitAnd;

use crate::int::{And, Eq, Int, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};
use crate::layout::{Layout, LayoutAt, LayoutAtOp};
use crate::repr::{Reify, Repr};
use crate::sealed::Sealed;
use crate::tuple::{Nil, Tup};

/// `value @ path`: `Path` lists the mode indices in the order they are applied (`I0` first);
/// CuTe prints them in the opposite order.
pub struct ScaledBasis<V, Path>(PhantomData<fn() -> (V, Path)>);
impl<V, P> crate::sealed::Sealed for ScaledBasis<V, P> {}
impl<V, Path> Default for ScaledBasis<V, Path> {
    fn default() -> Self {
        ScaledBasis(PhantomData)
    }
}

impl<V: Reify, Path: PrintedPath> Reify for ScaledBasis<V, Path> {
    const REPR: Repr = Repr::scaled_basis(V::REPR, Path::PRINTED);
}

/// The indices of a path, last first (CuTe's print order).
#[doc(hidden)]
pub trait PrintedPath {
    const PRINTED: Repr;
}
impl PrintedPath for Nil {
    const PRINTED: Repr = Repr::EMPTY;
}
impl<I: Int, T: PrintedPath> PrintedPath for Tup<I, T> {
    const PRINTED: Repr = Repr::concat(T::PRINTED, Repr::int(I::I64));
}

// ---------------------------------------------------------------------------------------------
// basis_get, basis_value

/// CuTe's `basis_get(e, A)` on a layout: the sub-layout `get<I0, I1, ...>(A)` that a stride
/// `e = v@..@I1@I0` selects (A itself for an integer stride or an empty path; `get<0>` of an
/// integral layout is the layout, as in CuTe).
pub trait BasisGetOp<E>: Sealed {
    type Output;
}
impl<S, D, E> BasisGetOp<E> for Layout<S, D>
where
    E: BasisPath,
    Layout<S, D>: PathGet<<E as BasisPath>::Path>,
{
    type Output = <Layout<S, D> as PathGet<<E as BasisPath>::Path>>::Output;
}
/// `basis_get(E, A)` (CuTe's argument order).
///
/// ```
/// use tycute_layout::{basis::BasisGet, show};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// type A = cute!((_4,(_2,_3)):(_6,(_3,_1)));
/// assert_eq!(show::<BasisGet<cute!(_1@1@1), A>>(), "_3:_1");
/// assert_eq!(show::<BasisGet<cute!(_1@1), A>>(), "(_2,_3):(_3,_1)");
/// assert_eq!(show::<BasisGet<cute!(_2), A>>(), "(_4,(_2,_3)):(_6,(_3,_1))");
/// ```
pub type BasisGet<E, A> = <A as BasisGetOp<E>>::Output;

/// CuTe's `basis_value(e)`: the scale of a scaled basis, an integer itself.
pub trait BasisValueOp: Sealed {
    type Output;
}
impl<V, P> BasisValueOp for ScaledBasis<V, P> {
    type Output = V;
}
impl<U: Unsigned + NonZero> BasisValueOp for PInt<U> {
    type Output = PInt<U>;
}
impl<U: Unsigned + NonZero> BasisValueOp for NInt<U> {
    type Output = NInt<U>;
}
impl BasisValueOp for Z0 {
    type Output = Z0;
}
/// `basis_value(E)`.
pub type BasisValue<E> = <E as BasisValueOp>::Output;

/// The path of a stride: a scaled basis's, `Nil` for an integer.
#[doc(hidden)]
pub trait BasisPath {
    type Path;
}
impl<V, P> BasisPath for ScaledBasis<V, P> {
    type Path = P;
}
impl<U: Unsigned + NonZero> BasisPath for PInt<U> {
    type Path = Nil;
}
impl<U: Unsigned + NonZero> BasisPath for NInt<U> {
    type Path = Nil;
}
impl BasisPath for Z0 {
    type Path = Nil;
}

/// `get<I0, I1, ...>` of a layout along a path (`Nil`: the layout).
#[doc(hidden)]
pub trait PathGet<P> {
    type Output;
}
impl<S, D> PathGet<Nil> for Layout<S, D> {
    type Output = Layout<S, D>;
}
impl<S, D, I, T> PathGet<Tup<I, T>> for Layout<S, D>
where
    Layout<S, D>: LayoutAtOp<I>,
    LayoutAt<Layout<S, D>, I>: PathGet<T>,
{
    type Output = <LayoutAt<Layout<S, D>, I> as PathGet<T>>::Output;
}

/// Whether two paths are equal: `B1` or `B0`.
#[doc(hidden)]
pub trait PathEq<Q> {
    type Output;
}
impl PathEq<Nil> for Nil {
    type Output = B1;
}
impl<J, T2> PathEq<Tup<J, T2>> for Nil {
    type Output = B0;
}
impl<I, T> PathEq<Nil> for Tup<I, T> {
    type Output = B0;
}
impl<I, T, J, T2> PathEq<Tup<J, T2>> for Tup<I, T>
where
    I: IsEqual<J>,
    T: PathEq<T2>,
    Eq<I, J>: BitAnd<<T as PathEq<T2>>::Output>,
{
    type Output = And<Eq<I, J>, <T as PathEq<T2>>::Output>;
}

/// Whether the path `Self` is a proper prefix of the path `Q` (`Self` selects a mode of A that
/// contains the mode `Q` selects): `B1` or `B0`.
#[doc(hidden)]
pub trait ProperPrefix<Q> {
    type Output;
}
impl ProperPrefix<Nil> for Nil {
    type Output = B0;
}
impl<J, T2> ProperPrefix<Tup<J, T2>> for Nil {
    type Output = B1;
}
impl<I, T> ProperPrefix<Nil> for Tup<I, T> {
    type Output = B0;
}
impl<I, T, J, T2> ProperPrefix<Tup<J, T2>> for Tup<I, T>
where
    I: IsEqual<J>,
    T: ProperPrefix<T2>,
    Eq<I, J>: BitAnd<<T as ProperPrefix<T2>>::Output>,
{
    type Output = And<Eq<I, J>, <T as ProperPrefix<T2>>::Output>;
}
