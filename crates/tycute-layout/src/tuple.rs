//! Nestable tuples of static values as type-level lists: `Tup<H, T>` / `Nil`.
//!
//! CuTe's `(a,b,c)` is `Tup<a, Tup<b, Tup<c, Nil>>>` (the `cute!` macro writes these for you). A
//! rank-1 tuple `(_8)` is `Tup<_8, Nil>`, distinct from the integer `_8`, as in CuTe.
//!
//! Every operation here is a sealed trait with one impl per list constructor, plus a type alias
//! named after CuTe's function. Work is O(length) trait resolutions.

use core::marker::PhantomData;
use core::ops::{Add, Mul, Sub};

use crate::int::{Int, Maximum, Prod, Sum, Z0, P1, PInt, Max, NonZero, Unsigned};
use crate::sealed::Sealed;

/// A tuple node: head `H`, rest of the tuple `T` (another `Tup` or `Nil`).
pub struct Tup<H, T>(PhantomData<fn() -> (H, T)>);
impl<H, T> crate::sealed::Sealed for Tup<H, T> {}
/// The end of a tuple; on its own, the empty tuple `()`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Nil;
impl crate::sealed::Sealed for Nil {}

impl<H, T> Default for Tup<H, T> {
    fn default() -> Self {
        Tup(PhantomData)
    }
}
impl<H, T> Clone for Tup<H, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<H, T> Copy for Tup<H, T> {}

/// A type-level list: `Nil` or `Tup<_, List>`.
pub trait List: Sealed {}
impl List for Nil {}
impl<H, T: List> List for Tup<H, T> {}

/// A static IntTuple: an integer, or a tuple of IntTuples.
pub trait IntTuple: Sealed {}
impl<N: Int> IntTuple for N {}
impl IntTuple for Nil {}
impl<H: IntTuple, T: IntTuple + List> IntTuple for Tup<H, T> {}

/// Whether a value is a tuple (`B1`) or a leaf (`B0`): the dispatch key for "integral vs tuple".
pub trait IsTuple: Sealed {
    type Output;
}
impl<N: Int> IsTuple for N {
    type Output = crate::int::B0;
}
impl IsTuple for Nil {
    type Output = crate::int::B1;
}
impl<H, T> IsTuple for Tup<H, T> {
    type Output = crate::int::B1;
}

// ---------------------------------------------------------------------------------------------
// List operations (elements of any kind)

/// Number of elements of a list.
pub trait LenOp: List {
    type Output;
}
impl LenOp for Nil {
    type Output = Z0;
}
impl<H, T: LenOp> LenOp for Tup<H, T>
where
    T::Output: Add<P1>,
{
    type Output = Sum<T::Output, P1>;
}
pub type Len<L> = <L as LenOp>::Output;

/// `A ++ B`.
pub trait ConcatOp<B>: List {
    type Output;
}
impl<B> ConcatOp<B> for Nil {
    type Output = B;
}
impl<H, T: ConcatOp<B>, B> ConcatOp<B> for Tup<H, T> {
    type Output = Tup<H, T::Output>;
}
pub type Concat<A, B> = <A as ConcatOp<B>>::Output;

/// `append(L, X)`: `L ++ (X)`.
pub type Append<L, X> = Concat<L, Tup<X, Nil>>;

/// `get<I>(L)` for a static index `I` (`Z0`, `P1`, ...). An index past the list is CuTe's
/// "Index out of range" (`get<I>` of an IntTuple; `tile_size<I>` of a TiledMMA, I < 3).
#[diagnostic::on_unimplemented(
    message = "get<I>: Index out of range (I must be less than the rank)",
    label = "the index is past the last mode"
)]
pub trait AtOp<I>: List {
    type Output;
}
impl<H, T: List> AtOp<Z0> for Tup<H, T> {
    type Output = H;
}
impl<H, T, U> AtOp<PInt<U>> for Tup<H, T>
where
    U: Unsigned + NonZero,
    PInt<U>: Sub<P1>,
    T: AtOp<<PInt<U> as Sub<P1>>::Output>,
{
    type Output = <T as AtOp<<PInt<U> as Sub<P1>>::Output>>::Output;
}
pub type At<L, I> = <L as AtOp<I>>::Output;

/// The list reversed.
pub trait ReverseOp: List {
    type Output;
}
impl<L: RevOnto<Nil>> ReverseOp for L {
    type Output = L::Output;
}
#[doc(hidden)]
pub trait RevOnto<Acc>: List {
    type Output;
}
impl<Acc> RevOnto<Acc> for Nil {
    type Output = Acc;
}
impl<H, T: RevOnto<Tup<H, Acc>>, Acc> RevOnto<Acc> for Tup<H, T> {
    type Output = T::Output;
}
pub type Reverse<L> = <L as ReverseOp>::Output;

/// A type-level function, for [`Map`]: `F` maps `X` to `<F as Apply<X>>::Output`.
pub trait Apply<X> {
    type Output;
}
/// `transform(L, F)`.
pub trait MapOp<F>: List {
    type Output;
}
impl<F> MapOp<F> for Nil {
    type Output = Nil;
}
impl<H, T: MapOp<F>, F: Apply<H>> MapOp<F> for Tup<H, T> {
    type Output = Tup<<F as Apply<H>>::Output, T::Output>;
}
pub type Map<L, F> = <L as MapOp<F>>::Output;

/// `transform(L1, L2, F)` over two lists of the same length; `F: Apply<(X1, X2)>`.
pub trait Map2Op<L2, F>: List {
    type Output;
}
impl<F> Map2Op<Nil, F> for Nil {
    type Output = Nil;
}
impl<H1, T1, H2, T2, F> Map2Op<Tup<H2, T2>, F> for Tup<H1, T1>
where
    T1: Map2Op<T2, F>,
    F: Apply<(H1, H2)>,
{
    type Output = Tup<<F as Apply<(H1, H2)>>::Output, <T1 as Map2Op<T2, F>>::Output>;
}
pub type Map2<L1, L2, F> = <L1 as Map2Op<L2, F>>::Output;

/// A list of `N` copies of `X` (`N` a static non-negative integer).
pub trait RepeatOp<X> {
    type Output;
}
impl<X> RepeatOp<X> for Z0 {
    type Output = Nil;
}
impl<X, U: Unsigned + NonZero> RepeatOp<X> for PInt<U>
where
    PInt<U>: Sub<P1>,
    <PInt<U> as Sub<P1>>::Output: RepeatOp<X>,
{
    type Output = Tup<X, <<PInt<U> as Sub<P1>>::Output as RepeatOp<X>>::Output>;
}
pub type Repeat<N, X> = <N as RepeatOp<X>>::Output;

// ---------------------------------------------------------------------------------------------
// IntTuple operations

/// `flatten(t)`: the leaves of an IntTuple, in order, as a flat tuple (an integer gives `(n)`).
pub trait FlattenOp: Sealed {
    type Output;
}
impl<N: Int> FlattenOp for N {
    type Output = Tup<N, Nil>;
}
impl FlattenOp for Nil {
    type Output = Nil;
}
impl<H: FlattenOp, T: FlattenOp> FlattenOp for Tup<H, T>
where
    H::Output: ConcatOp<T::Output>,
{
    type Output = Concat<H::Output, T::Output>;
}
pub type Flatten<T> = <T as FlattenOp>::Output;

/// `product(t)`: the product of all leaves (`_1` for the empty tuple).
pub trait ProductOp: Sealed {
    type Output;
}
impl<N: Int> ProductOp for N {
    type Output = N;
}
impl ProductOp for Nil {
    type Output = P1;
}
impl<H: ProductOp, T: ProductOp> ProductOp for Tup<H, T>
where
    H::Output: Mul<T::Output>,
{
    type Output = Prod<H::Output, T::Output>;
}
pub type Product<T> = <T as ProductOp>::Output;

/// `depth(t)`: 0 for an integer, 1 + the largest depth of the elements for a tuple.
pub trait DepthOp: Sealed {
    type Output;
}
impl<N: Int> DepthOp for N {
    type Output = Z0;
}
impl DepthOp for Nil {
    type Output = P1;
}
impl<H, T> DepthOp for Tup<H, T>
where
    Tup<H, T>: MaxDepthOf,
    <Tup<H, T> as MaxDepthOf>::Output: Add<P1>,
{
    type Output = Sum<<Tup<H, T> as MaxDepthOf>::Output, P1>;
}
#[doc(hidden)]
pub trait MaxDepthOf {
    type Output;
}
impl MaxDepthOf for Nil {
    type Output = Z0;
}
impl<H: DepthOp, T: MaxDepthOf> MaxDepthOf for Tup<H, T>
where
    H::Output: Max<T::Output>,
{
    type Output = Maximum<H::Output, T::Output>;
}
pub type Depth<T> = <T as DepthOp>::Output;

/// `rank(t)`: 1 for an integer, the number of elements for a tuple.
pub trait RankOp: Sealed {
    type Output;
}
impl<N: Int> RankOp for N {
    type Output = P1;
}
impl RankOp for Nil {
    type Output = Z0;
}
impl<H, T> RankOp for Tup<H, T>
where
    Tup<H, T>: LenOp,
{
    type Output = Len<Tup<H, T>>;
}
pub type RankOfTuple<T> = <T as RankOp>::Output;

/// `unwrap(t)`: a rank-1 tuple becomes its (unwrapped) element; anything else is unchanged.
pub trait UnwrapOp {
    type Output;
}
impl<N: Int> UnwrapOp for N {
    type Output = N;
}
impl UnwrapOp for Nil {
    type Output = Nil;
}
impl<H: UnwrapOp> UnwrapOp for Tup<H, Nil> {
    type Output = H::Output;
}
impl<H, H2, T> UnwrapOp for Tup<H, Tup<H2, T>> {
    type Output = Tup<H, Tup<H2, T>>;
}
pub type Unwrap<T> = <T as UnwrapOp>::Output;
