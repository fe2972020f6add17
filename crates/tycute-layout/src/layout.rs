//! `Layout<Shape, Stride>`: CuTe's layout, a function from coordinates to offsets, as a type.

use core::marker::PhantomData;
use core::ops::{Add, Mul, Sub};

use crate::int::{Int, Prod, Sum, Diff, P1};
use crate::repr::{Reify, Repr};
use crate::sealed::Sealed;
use crate::tuple::{
    AtOp, DepthOp, FlattenOp, IntTuple, Len, LenOp, List, Nil, ProductOp, RankOp, Tup,
};

/// CuTe's `Layout<Shape, Stride>`: `Shape` and `Stride` are congruent static IntTuples.
pub struct Layout<S, D>(PhantomData<fn() -> (S, D)>);
impl<S, D> crate::sealed::Sealed for Layout<S, D> {}

/// CuTe's `_` (Underscore): in a tiler, "keep this mode".
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Underscore;
impl crate::sealed::Sealed for Underscore {}

impl<S, D> Default for Layout<S, D> {
    fn default() -> Self {
        Layout(PhantomData)
    }
}
impl<S, D> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for Layout<S, D> {}
impl<S, D> core::fmt::Debug for Layout<S, D>
where
    Self: Reify,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&crate::repr::show::<Self>())
    }
}

impl<S: Reify, D: Reify> Reify for Layout<S, D> {
    const REPR: Repr = Repr::layout(S::REPR, D::REPR);
}
impl Reify for Underscore {
    const REPR: Repr = Repr::underscore();
}

/// A layout: its shape and stride.
pub trait IsLayout: Sealed {
    type Shape;
    type Stride;
}
impl<S, D> IsLayout for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
/// `shape(L)`.
pub type ShapeOf<L> = <L as IsLayout>::Shape;
/// `stride(L)`.
pub type StrideOf<L> = <L as IsLayout>::Stride;

// ---------------------------------------------------------------------------------------------
// size, cosize, rank, depth

/// `size(x)` of a layout or an IntTuple (a shape).
pub trait SizeOp {
    type Output;
}
impl<S: ProductOp, D> SizeOp for Layout<S, D> {
    type Output = <S as ProductOp>::Output;
}
impl<N: Int> SizeOp for N {
    type Output = N;
}
impl SizeOp for Nil {
    type Output = P1;
}
impl<H, T> SizeOp for Tup<H, T>
where
    Tup<H, T>: ProductOp,
{
    type Output = <Tup<H, T> as ProductOp>::Output;
}
/// `size(A)`: the number of coordinates of a layout (the product of a shape).
pub type Size<A> = <A as SizeOp>::Output;

/// `rank(x)` of a layout or an IntTuple.
pub trait RankOfOp {
    type Output;
}
impl<S: RankOp, D> RankOfOp for Layout<S, D> {
    type Output = <S as RankOp>::Output;
}
impl<T: IntTuple + RankOp> RankOfOp for T {
    type Output = <T as RankOp>::Output;
}
/// `rank(A)`.
pub type Rank<A> = <A as RankOfOp>::Output;

/// `depth(x)` of a layout or an IntTuple.
pub trait DepthOfOp {
    type Output;
}
impl<S: DepthOp, D> DepthOfOp for Layout<S, D> {
    type Output = <S as DepthOp>::Output;
}
impl<T: IntTuple + DepthOp> DepthOfOp for T {
    type Output = <T as DepthOp>::Output;
}
/// `depth(A)`.
pub type Depth<A> = <A as DepthOfOp>::Output;

/// `cosize(A)` = `A(size(A) - 1) + 1`: one past the offset of the last coordinate.
pub trait CosizeOp {
    type Output;
}
impl<S, D> CosizeOp for Layout<S, D>
where
    S: FlattenOp,
    D: FlattenOp,
    <S as FlattenOp>::Output: LastOffset<<D as FlattenOp>::Output>,
    <<S as FlattenOp>::Output as LastOffset<<D as FlattenOp>::Output>>::Output: Add<P1>,
{
    type Output = Sum<<<S as FlattenOp>::Output as LastOffset<<D as FlattenOp>::Output>>::Output, P1>;
}
/// `sum((s_i - 1) * d_i)` over flat modes.
#[doc(hidden)]
pub trait LastOffset<D> {
    type Output;
}
impl LastOffset<Nil> for Nil {
    type Output = crate::int::Z0;
}
impl<S0, ST, D0, DT> LastOffset<Tup<D0, DT>> for Tup<S0, ST>
where
    S0: Sub<P1>,
    Diff<S0, P1>: Mul<D0>,
    ST: LastOffset<DT>,
    Prod<Diff<S0, P1>, D0>: Add<<ST as LastOffset<DT>>::Output>,
{
    type Output = Sum<Prod<Diff<S0, P1>, D0>, <ST as LastOffset<DT>>::Output>;
}
/// `cosize(A)`.
pub type Cosize<A> = <A as CosizeOp>::Output;

// ---------------------------------------------------------------------------------------------
// building and taking apart

/// `make_layout(L0, L1, ...)` from a tuple of layouts: the layout whose modes are the `Li`.
pub trait MakeLayoutOp: List {
    type Output;
}
impl<L: List + ShapesOf + StridesOf> MakeLayoutOp for L {
    type Output = Layout<<L as ShapesOf>::Output, <L as StridesOf>::Output>;
}
#[doc(hidden)]
pub trait ShapesOf {
    type Output;
}
impl ShapesOf for Nil {
    type Output = Nil;
}
impl<L: IsLayout, T: ShapesOf> ShapesOf for Tup<L, T> {
    type Output = Tup<L::Shape, T::Output>;
}
#[doc(hidden)]
pub trait StridesOf {
    type Output;
}
impl StridesOf for Nil {
    type Output = Nil;
}
impl<L: IsLayout, T: StridesOf> StridesOf for Tup<L, T> {
    type Output = Tup<L::Stride, T::Output>;
}
/// `make_layout(L0, L1, ...)` for a tuple `(L0, L1, ...)` of layouts.
pub type MakeLayout<Ls> = <Ls as MakeLayoutOp>::Output;

/// The modes of a layout as a tuple of layouts (an integral layout is one mode).
pub trait ModesOp {
    type Output;
}
impl<S, D> ModesOp for Layout<S, D>
where
    (S, D): ModesOfPair,
{
    type Output = <(S, D) as ModesOfPair>::Output;
}
#[doc(hidden)]
pub trait ModesOfPair {
    type Output;
}
impl<N: Int, D> ModesOfPair for (N, D) {
    type Output = Tup<Layout<N, D>, Nil>;
}
impl ModesOfPair for (Nil, Nil) {
    type Output = Nil;
}
impl<S0, ST, D0, DT> ModesOfPair for (Tup<S0, ST>, Tup<D0, DT>)
where
    (ST, DT): ModesOfPair,
{
    type Output = Tup<Layout<S0, D0>, <(ST, DT) as ModesOfPair>::Output>;
}
/// `(layout<0>(A), layout<1>(A), ...)`.
pub type Modes<A> = <A as ModesOp>::Output;

/// `layout<I>(A)`: mode `I` of A (`A` itself for `I = 0` of an integral layout). An index past
/// A's modes is CuTe's "Index out of range" (of `get<I>`).
#[diagnostic::on_unimplemented(
    message = "layout<I>: Index out of range (I must be less than rank(layout))",
    label = "the index is past the layout's last mode"
)]
pub trait LayoutAtOp<I> {
    type Output;
}
impl<N: Int, D> LayoutAtOp<crate::int::Z0> for Layout<N, D> {
    type Output = Layout<N, D>;
}
/// `layout<I>` of an integral layout for `I > 0`: always out of range (its rank is 1). (The
/// header names `PInt<V>`, not any `N: Int`: a header that also matches a tuple shape would make
/// two candidate impls, and rustc then reports the operation as not implemented instead of the
/// rule.)
impl<V: typenum::Unsigned + typenum::NonZero, D, U: typenum::Unsigned + typenum::NonZero> LayoutAtOp<typenum::PInt<U>> for Layout<typenum::PInt<V>, D>
where
    typenum::B0: crate::bounds::DecimalIfFailed<typenum::PInt<U>> + crate::bounds::DecimalIfFailed<P1>,
    typenum::B0: LayoutIndexInRange<
        crate::bounds::DecIfFailed<typenum::B0, typenum::PInt<U>>,
        crate::bounds::DecIfFailed<typenum::B0, P1>,
    >,
{
    type Output = Layout<Nil, Nil>;
}
impl<S0, ST, D0, DT, I> LayoutAtOp<I> for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    Tup<S0, ST>: LenOp,
    I: crate::int::IsLess<Len<Tup<S0, ST>>>,
    IndexFits<I, Tup<S0, ST>>: crate::bounds::DecimalIfFailed<I> + crate::bounds::DecimalIfFailed<Len<Tup<S0, ST>>>,
    IndexFits<I, Tup<S0, ST>>: LayoutIndexInRange<
        crate::bounds::DecIfFailed<IndexFits<I, Tup<S0, ST>>, I>,
        crate::bounds::DecIfFailed<IndexFits<I, Tup<S0, ST>>, Len<Tup<S0, ST>>>,
    >,
    IndexFits<I, Tup<S0, ST>>: LayoutAtIf<Tup<S0, ST>, Tup<D0, DT>, I>,
{
    type Output = <IndexFits<I, Tup<S0, ST>> as LayoutAtIf<Tup<S0, ST>, Tup<D0, DT>, I>>::Output;
}
/// `I < rank`, as a bit.
type IndexFits<I, S> = crate::int::Le<I, Len<S>>;

/// CuTe's "Index out of range" of `get<I>` on a layout's modes, with the index and the rank.
#[diagnostic::on_unimplemented(
    message = "layout<I>: Index out of range (I must be less than rank(layout)): layout<{I}> of a rank-{R} layout",
    label = "the index is past the layout's last mode"
)]
pub trait LayoutIndexInRange<I = (), R = ()>: Sealed {}
impl<I, R> LayoutIndexInRange<I, R> for typenum::B1 {}

/// Mode `I` once the index check passed (`B0` yields a placeholder so that only the check's
/// message is reported).
#[doc(hidden)]
pub trait LayoutAtIf<S, D, I> {
    type Output;
}
impl<S: AtOp<I>, D: AtOp<I>, I> LayoutAtIf<S, D, I> for typenum::B1 {
    type Output = Layout<<S as AtOp<I>>::Output, <D as AtOp<I>>::Output>;
}
impl<S, D, I> LayoutAtIf<S, D, I> for typenum::B0 {
    type Output = Layout<Nil, Nil>;
}
/// `layout<I>(A)`.
pub type LayoutAt<A, I> = <A as LayoutAtOp<I>>::Output;
