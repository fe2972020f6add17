//! `complement(A)` and `complement(A, C)`.
//!
//! As CuTe: A is filtered (`filter(A)`: flat, no stride-0 or size-1 modes) and its modes are taken
//! in increasing order of stride `d_0 <= d_1 <= ...` (shapes `s_i`). With `current_0 = _1` and
//! `current_{i+1} = d_i * s_i`, mode `i` contributes `(d_i / current_i):current_i` (a new shape of
//! `_0` means two modes of A overlap: "Non-injective Layout detected in complement."), then the
//! rest `ceil_div(C, current_R):current_R` (`_1:_0` when that is `_1`) fills the cotarget, and
//! the whole is coalesced. A tuple cotarget `C` is divided mode by mode (`ceil_div((c_0,c_1,..), n)`
//! takes `ceil_div(c_0, n)`, then `ceil_div(c_1, ceil_div(n, c_0))`, ...) and, being static,
//! coalesces into one rest mode of the product.
//!
//! Without `C` the cotarget is `cosize(filter(A))`, so the complement of a compact layout is
//! `_1:_0`. A layout that filters to `_1:_0` (all strides `_0`) has complement `make_layout(C)`
//! (C's product, compact).

use core::ops::{Div, Mul};

use crate::algebra::coalesce::{Coalesce, CoalesceOp};
use crate::algebra::filter::{Filter, FilterOp};
use crate::algebra::make_layout::{MakeLayoutLeft, MakeLayoutLeftOp};
use crate::int::{
    CeilDiv, CeilDivOp, Eq, If, Int, IsEqual, IsLess, Le, NInt, NonZero, Not, PInt, Prod, Quot,
    Select, Unsigned, B1, P1, Z0,
};
use crate::layout::{CosizeOp, Cosize, IsLayout, Layout, ShapeOf, StrideOf};
use crate::sealed::Sealed;
use crate::tuple::{Append, ConcatOp, Nil, ProductOp, Product, Tup};

/// `complement(A, C)`: the layout of the offsets in `[0, C)` that A does not reach, ordered, so that
/// `(A, complement(A, C))` covers the cotarget. `C` is an integer or a shape tuple.
pub trait ComplementWithOp<C>: Sealed {
    type Output;
}
/// `complement(A, C)`.
pub type ComplementWith<A, C> = <A as ComplementWithOp<C>>::Output;

/// `complement(A)` = `complement(A, cosize(filter(A)))`.
pub trait ComplementOp: Sealed {
    type Output;
}
/// `complement(A)`.
///
/// ```
/// use tycute_layout::{show, Complement, ComplementWith};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Complement<cute!((_2,_4):(_1,_6))>>(), "_3:_2");
/// assert_eq!(show::<ComplementWith<cute!(_4:_2), cute!(_16)>>(), "(_2,_2):(_1,_8)");
/// ```
///
/// Overlapping modes are rejected when a new shape would be `_0`, as CuTe does:
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Complement};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: complement: Non-injective Layout detected in complement. ...
/// let _ = show::<Complement<cute!((_4,_2):(_1,_2))>>();
/// ```
pub type Complement<A> = <A as ComplementOp>::Output;

/// CuTe's `static_assert(not is_constant<0, decltype(new_shape)>)`.
#[diagnostic::on_unimplemented(
    message = "complement: Non-injective Layout detected in complement. (two modes of A overlap: the new shape stride_i / current_i is _0): the mode {Shape}:{Stride} overlaps the modes below it, which reach {Current}",
    label = "non-injective layout"
)]
pub trait Injective<Shape = (), Stride = (), Current = ()> {}
impl<Shape, Stride, Current> Injective<Shape, Stride, Current> for B1 {}

type Filtered<A> = Filter<A>;

impl<S, D, C> ComplementWithOp<C> for Layout<S, D>
where
    Layout<S, D>: FilterOp,
    Filtered<Layout<S, D>>: IsLayout,
    StrideOf<Filtered<Layout<S, D>>>: ComplementOf<ShapeOf<Filtered<Layout<S, D>>>, C>,
{
    type Output = <StrideOf<Filtered<Layout<S, D>>> as ComplementOf<ShapeOf<Filtered<Layout<S, D>>>, C>>::Output;
}

impl<S, D> ComplementOp for Layout<S, D>
where
    Layout<S, D>: FilterOp,
    Filtered<Layout<S, D>>: IsLayout + CosizeOp,
    StrideOf<Filtered<Layout<S, D>>>:
        ComplementOf<ShapeOf<Filtered<Layout<S, D>>>, Cosize<Filtered<Layout<S, D>>>>,
{
    type Output = <StrideOf<Filtered<Layout<S, D>>> as ComplementOf<
        ShapeOf<Filtered<Layout<S, D>>>,
        Cosize<Filtered<Layout<S, D>>>,
    >>::Output;
}

/// CuTe's `detail::complement(shape, stride, cotarget)` on a filtered layout, implemented on its
/// stride: `_0` (the layout `_1:_0`), an integer (one mode) or a flat tuple.
#[doc(hidden)]
pub trait ComplementOf<FS, C> {
    type Output;
}
/// `_1:_0`: `make_layout(coalesce(C))`.
impl<FS, C> ComplementOf<FS, C> for Z0
where
    C: ProductOp,
    Product<C>: MakeLayoutLeftOp,
{
    type Output = MakeLayoutLeft<Product<C>>;
}
impl<U: Unsigned + NonZero, FS, C> ComplementOf<FS, C> for PInt<U>
where
    (Tup<FS, Nil>, Tup<PInt<U>, Nil>): General<C>,
{
    type Output = <(Tup<FS, Nil>, Tup<PInt<U>, Nil>) as General<C>>::Output;
}
impl<U: Unsigned + NonZero, FS, C> ComplementOf<FS, C> for NInt<U>
where
    (Tup<FS, Nil>, Tup<NInt<U>, Nil>): General<C>,
{
    type Output = <(Tup<FS, Nil>, Tup<NInt<U>, Nil>) as General<C>>::Output;
}
impl<H, T, FS, C> ComplementOf<FS, C> for Tup<H, T>
where
    (FS, Tup<H, T>): General<C>,
{
    type Output = <(FS, Tup<H, T>) as General<C>>::Output;
}

/// The general case on the flat lists `(shapes, strides)`.
pub trait General<C> {
    type Output;
}
type SortedModes<SL, DL> = <<(SL, DL) as ModeList<Z0>>::Output as ExchangeSort>::Output;
type Folded<SL, DL> = <SortedModes<SL, DL> as ComplementFold<P1, Nil, Nil>>::Output;
type Current<SL, DL> = <Folded<SL, DL> as FoldState>::Current;
type RestShape<SL, DL, C> = <C as CeilDivProduct<Current<SL, DL>>>::Product;
type RestStride<SL, DL, C> = If<Eq<RestShape<SL, DL, C>, P1>, Z0, Current<SL, DL>>;
impl<SL, DL, C> General<C> for (SL, DL)
where
    (SL, DL): ModeList<Z0>,
    <(SL, DL) as ModeList<Z0>>::Output: ExchangeSort,
    SortedModes<SL, DL>: ComplementFold<P1, Nil, Nil>,
    Folded<SL, DL>: FoldState,
    C: CeilDivProduct<Current<SL, DL>>,
    RestShape<SL, DL, C>: IsEqual<P1>,
    Eq<RestShape<SL, DL, C>, P1>: Select<Z0, Current<SL, DL>>,
    <Folded<SL, DL> as FoldState>::Shape: ConcatOp<Tup<RestShape<SL, DL, C>, Nil>>,
    <Folded<SL, DL> as FoldState>::Stride: ConcatOp<Tup<RestStride<SL, DL, C>, Nil>>,
    Layout<
        Append<<Folded<SL, DL> as FoldState>::Shape, RestShape<SL, DL, C>>,
        Append<<Folded<SL, DL> as FoldState>::Stride, RestStride<SL, DL, C>>,
    >: CoalesceOp,
{
    // coalesce((new_shape_0, .., new_shape_{R-1}, rest):(_1, current_1, .., current_{R-1}, current_R))
    type Output = Coalesce<
        Layout<
            Append<<Folded<SL, DL> as FoldState>::Shape, RestShape<SL, DL, C>>,
            Append<<Folded<SL, DL> as FoldState>::Stride, RestStride<SL, DL, C>>,
        >,
    >;
}

/// The fold's result: shapes, strides, and `current` after the last mode.
#[doc(hidden)]
pub struct State<Shape, Stride, Cur>(core::marker::PhantomData<fn() -> (Shape, Stride, Cur)>);
#[doc(hidden)]
pub trait FoldState {
    type Shape;
    type Stride;
    type Current;
}
impl<Sh, St, Cur> FoldState for State<Sh, St, Cur> {
    type Shape = Sh;
    type Stride = St;
    type Current = Cur;
}

/// The fold over the modes sorted by stride, with `current` and the result so far.
pub trait ComplementFold<Cur, ResS, ResD, Bad = typenum::B0> {
    type Output;
}
impl<Cur, ResS, ResD, Bad> ComplementFold<Cur, ResS, ResD, Bad> for Nil {
    type Output = State<ResS, ResD, Cur>;
}
/// The new shape `d / current` of a mode, made `_1` where it is `_0`: a non-injective A is
/// rejected by [`Injective`], and the `_1` keeps the (rejected) output a well-formed layout, so
/// that an operation built on it (`logical_product` composes it) does not end in a trait-solver
/// overflow (E0275) that would hide the rule's message.
type NewShape<D, Cur> = If<Eq<Quot<D, Cur>, Z0>, P1, Quot<D, Cur>>;
/// The mode overlaps the modes below it (its new shape is `_0`).
type Overlaps<D, Cur> = Eq<Quot<D, Cur>, Z0>;
/// [`Injective`]'s bit: `B1` unless this mode overlaps and none before did (`Bad`), so that only
/// the first overlap is reported (each one's numbers make a distinct error).
type InjectiveBit<D, Cur, Bad> = crate::int::Or<Bad, Not<Overlaps<D, Cur>>>;

impl<S, D, P, T, Cur, ResS, ResD, Bad> ComplementFold<Cur, ResS, ResD, Bad> for Tup<ModeByStride<S, D, P>, T>
where
    D: Div<Cur> + Mul<S>,
    Quot<D, Cur>: IsEqual<Z0>,
    Overlaps<D, Cur>: core::ops::Not + Select<P1, Quot<D, Cur>>,
    Bad: core::ops::BitOr<Not<Overlaps<D, Cur>>> + core::ops::BitOr<Overlaps<D, Cur>>,
    InjectiveBit<D, Cur, Bad>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<D> + crate::bounds::DecimalIfFailed<Cur>,
    InjectiveBit<D, Cur, Bad>: Injective<
        crate::bounds::DecIfFailed<InjectiveBit<D, Cur, Bad>, S>,
        crate::bounds::DecIfFailed<InjectiveBit<D, Cur, Bad>, D>,
        crate::bounds::DecIfFailed<InjectiveBit<D, Cur, Bad>, Cur>,
    >,
    ResS: ConcatOp<Tup<NewShape<D, Cur>, Nil>>,
    ResD: ConcatOp<Tup<Cur, Nil>>,
    T: ComplementFold<Prod<D, S>, Append<ResS, NewShape<D, Cur>>, Append<ResD, Cur>, crate::int::Or<Bad, Overlaps<D, Cur>>>,
{
    // (.., d / current):(.., current), current <- d * s
    type Output = <T as ComplementFold<Prod<D, S>, Append<ResS, NewShape<D, Cur>>, Append<ResD, Cur>, crate::int::Or<Bad, Overlaps<D, Cur>>>>::Output;
}

/// `coalesce(ceil_div(C, N))` for a static cotarget `C`: the product of CuTe's mode-by-mode
/// `ceil_div` (`Product`), and what is left of `N` after it (`Rest`).
#[doc(hidden)]
pub trait CeilDivProduct<N> {
    type Product;
    type Rest;
}
impl<A: Int + CeilDivOp<N>, N: CeilDivOp<A>> CeilDivProduct<N> for A {
    type Product = CeilDiv<A, N>;
    type Rest = CeilDiv<N, A>;
}
impl<N> CeilDivProduct<N> for Nil {
    type Product = P1;
    type Rest = N;
}
impl<H, T, N> CeilDivProduct<N> for Tup<H, T>
where
    H: CeilDivProduct<N>,
    T: CeilDivProduct<<H as CeilDivProduct<N>>::Rest>,
    <H as CeilDivProduct<N>>::Product: Mul<<T as CeilDivProduct<<H as CeilDivProduct<N>>::Rest>>::Product>,
{
    type Product = Prod<
        <H as CeilDivProduct<N>>::Product,
        <T as CeilDivProduct<<H as CeilDivProduct<N>>::Rest>>::Product,
    >;
    type Rest = <T as CeilDivProduct<<H as CeilDivProduct<N>>::Rest>>::Rest;
}

// ---------------------------------------------------------------------------------------------
// Modes as sortable items, and CuTe's exchange sort (shared with the inverses).

/// A mode `S:D` of a flat layout, with `P` the prefix product of the shapes before it (its
/// position in the layout's domain). Sorted by `D`.
pub struct ModeByStride<S, D, P>(core::marker::PhantomData<fn() -> (S, D, P)>);

/// `(shapes, strides)` lists as a list of [`ModeByStride`]s, `P` starting at the given value.
#[doc(hidden)]
pub trait ModeList<P> {
    type Output;
}
impl<P> ModeList<P> for (Nil, Nil) {
    type Output = Nil;
}
impl<S, ST, D, DT, P> ModeList<P> for (Tup<S, ST>, Tup<D, DT>)
where
    P: Mul<S>,
    (ST, DT): ModeList<Prod<P, S>>,
{
    type Output = Tup<ModeByStride<S, D, P>, <(ST, DT) as ModeList<Prod<P, S>>>::Output>;
}

/// CuTe's `exchange_sort` by stride (`for i, for j > i: if a[j] < a[i] swap`). Not stable: equal
/// strides come out in the order CuTe's sort leaves them, which the inverses depend on.
#[doc(hidden)]
pub trait ExchangeSort {
    type Output;
}
impl ExchangeSort for Nil {
    type Output = Nil;
}
impl<H, T> ExchangeSort for Tup<H, T>
where
    T: ExchangePass<H>,
    <T as ExchangePass<H>>::Rest: ExchangeSort,
{
    type Output = Tup<<T as ExchangePass<H>>::Min, <<T as ExchangePass<H>>::Rest as ExchangeSort>::Output>;
}
/// The inner loop for position `i` holding `Cur`: each smaller element is swapped with it.
#[doc(hidden)]
pub trait ExchangePass<Cur> {
    type Min;
    type Rest;
}
impl<Cur> ExchangePass<Cur> for Nil {
    type Min = Cur;
    type Rest = Nil;
}
type Swap<X, Cur> = Le<<X as ModeKey>::Key, <Cur as ModeKey>::Key>;
impl<Cur, X, T> ExchangePass<Cur> for Tup<X, T>
where
    X: ModeKey,
    Cur: ModeKey,
    <X as ModeKey>::Key: IsLess<<Cur as ModeKey>::Key>,
    Swap<X, Cur>: Select<X, Cur> + Select<Cur, X>,
    T: ExchangePass<If<Swap<X, Cur>, X, Cur>>,
{
    type Min = <T as ExchangePass<If<Swap<X, Cur>, X, Cur>>>::Min;
    type Rest = Tup<If<Swap<X, Cur>, Cur, X>, <T as ExchangePass<If<Swap<X, Cur>, X, Cur>>>::Rest>;
}
/// The sort key of a [`ModeByStride`]: its stride.
#[doc(hidden)]
pub trait ModeKey {
    type Key;
}
impl<S, D, P> ModeKey for ModeByStride<S, D, P> {
    type Key = D;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn complement() {
        assert_eq!(show::<Complement<cute!((_2,_4):(_1,_6))>>(), "_3:_2");
        assert_eq!(show::<Complement<cute!((_4,_4,_2):(_16,_4,_1))>>(), "_2:_2");
        assert_eq!(show::<Complement<cute!((_2,_4,_8):(_8,_1,_0))>>(), "_2:_4");
        assert_eq!(show::<Complement<cute!((_2,_2,((_2,_2,_4),_4)):(_1,_2,((_4,_8,_16),_64)))>>(), "_1:_0");
        assert_eq!(show::<ComplementWith<cute!(_4:_2), cute!(_16)>>(), "(_2,_2):(_1,_8)");
        assert_eq!(show::<ComplementWith<cute!(_4:_0), cute!(_8)>>(), "_8:_1");
        assert_eq!(show::<ComplementWith<cute!(_64:_1), cute!((_32,_4,_4))>>(), "_8:_64");
        assert_eq!(show::<ComplementWith<cute!((_2):(_1)), cute!((_8,_8))>>(), "_32:_2");
        assert_eq!(show::<ComplementWith<cute!((_2,_12):(_12,_1)), cute!(_256)>>(), "_11:_24");
        assert_eq!(show::<ComplementWith<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!(_496)>>(), "(_2,_2):(_8,_256)");
        assert_eq!(table::<ComplementWith<cute!(_4:_2), cute!(_16)>>(), vec![0, 1, 8, 9]);
    }
}
