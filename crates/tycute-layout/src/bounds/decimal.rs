//! Numbers in messages: a static integer (or a tuple of them) as a type that rustc prints in
//! decimal.
//!
//! `on_unimplemented` can only interpolate a trait's parameters, and rustc prints a typenum
//! integer as its binary tree (`PInt<UInt<UInt<UTerm, B1>, B0>>`). [`Dec<N>`] is the same value
//! as digit-group types ([`digits`](super::digits)): below 1000 one type named after the
//! number, as CuTe prints it (`_96`); from 1000 on the leading group with the following
//! groups of three digits as its parameters (`_4<_096>` = 4096, `_1<_048, _576>` = 1048576); a
//! negative number is `Negative<..>`; a tuple `(_128, _64)`. Computing it costs one typenum
//! 1000-division per group (a long division of the number's bits, 11-bit compares), so tycute computes it only where a check has already failed (the
//! check's `B0` impl requires the message trait on `Dec<..>`; the `B1` impl requires nothing).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute::bounds::{digits::{_096, _4, _96}, Dec};
//! use tycute_macros::cute;
//! static_assertions::assert_type_eq_all!(Dec<cute!(_4096)>, _4<_096>);
//! static_assertions::assert_type_eq_all!(Dec<cute!((_96,_4096))>, (_96, _4<_096>));
//! ```

use core::marker::PhantomData;
use core::ops::Sub;

use typenum::{Diff, GrEq, IsGreaterOrEqual, NInt, NonZero, PInt, UInt, UTerm, Unsigned, B0, B1, U1000, Z0};

use super::digits::{Group, _0};
use crate::tuple::{Nil, Tup};

/// A negative number in a message: `Negative<_4>` is -4. (Named so that no other crate of a
/// usual build has an item of that name: rustc prints a type by its bare name only where the
/// name is unique, and `syn::token::Minus` made the former `Minus` print as
/// `tycute::bounds::Minus<_1>`.)
pub struct Negative<N>(PhantomData<fn() -> N>);
/// The former name of [`Negative`].
#[doc(hidden)]
pub type Minus<N> = Negative<N>;

/// A value as a type that prints in decimal (see the module's docs).
pub trait DecimalOp {
    type Output;
}
/// `N` as digit-group types: `Dec<cute!(_4096)>` is `_4<_096>`.
pub type Dec<N> = <N as DecimalOp>::Output;

impl DecimalOp for Z0 {
    type Output = _0;
}
impl<U: Unsigned + NonZero + Groups<()>> DecimalOp for PInt<U> {
    type Output = <U as Groups<()>>::Output;
}
impl<U: Unsigned + NonZero + Groups<()>> DecimalOp for NInt<U> {
    type Output = Negative<<U as Groups<()>>::Output>;
}
/// `Dec<X>` where a check's bit is `B0` (it failed), `()` where it is `B1`: a check's message
/// trait takes its numbers through this, so an accepted input never renders them.
pub trait DecimalIfFailed<X> {
    type Output;
}
impl<X> DecimalIfFailed<X> for B1 {
    type Output = ();
}
impl<X: DecimalOp> DecimalIfFailed<X> for B0 {
    type Output = Dec<X>;
}
/// `Dec<X>` if `Bit` is `B0`, else `()`.
pub type DecIfFailed<Bit, X> = <Bit as DecimalIfFailed<X>>::Output;

/// The number of elements of a list `L`, computed only when rendered: `Dec<LenOf<L>>` is
/// `Dec<Len<L>>`, and `DecIfFailed<B1, LenOf<L>>` does not count at all (a rank in a rule's
/// message costs nothing on the accepted path).
#[doc(hidden)]
pub struct LenOf<L>(PhantomData<fn() -> L>);
impl<L: crate::tuple::LenOp> DecimalOp for LenOf<L>
where
    crate::tuple::Len<L>: DecimalOp,
{
    type Output = Dec<crate::tuple::Len<L>>;
}
/// `rank(X)` of an IntTuple (1 for an integer), computed only when rendered, as [`LenOf`].
#[doc(hidden)]
pub struct RankOf<X>(PhantomData<fn() -> X>);
impl<X: crate::tuple::RankOp> DecimalOp for RankOf<X>
where
    <X as crate::tuple::RankOp>::Output: DecimalOp,
{
    type Output = Dec<<X as crate::tuple::RankOp>::Output>;
}

/// An unsigned number's groups of three digits, most significant first, in front of `Acc` (a
/// list `(G, (G, ... ()))` of the groups found so far).
#[doc(hidden)]
pub trait Groups<Acc> {
    type Output;
}
impl<N, Acc> Groups<Acc> for N
where
    N: DivMod1000,
    <N as DivMod1000>::Quot: GroupStep<<N as DivMod1000>::Rem, Acc>,
{
    type Output = <<N as DivMod1000>::Quot as GroupStep<<N as DivMod1000>::Rem, Acc>>::Output;
}
/// One division by 1000, on its quotient: `UTerm` (the number was below 1000) leads with the
/// remainder, a non-zero quotient pads the remainder to three digits and goes on.
#[doc(hidden)]
pub trait GroupStep<R, Acc> {
    type Output;
}
impl<R: Group, Acc: Spread> GroupStep<R, Acc> for UTerm {
    type Output = <R as Group>::Lead<Acc::G1, Acc::G2, Acc::G3, Acc::G4, Acc::G5, Acc::G6>;
}
impl<U, B, R: Group, Acc> GroupStep<R, Acc> for UInt<U, B>
where
    UInt<U, B>: Groups<(<R as Group>::Inner, Acc)>,
{
    type Output = <UInt<U, B> as Groups<(<R as Group>::Inner, Acc)>>::Output;
}

/// `(N / 1000, N % 1000)` of an unsigned `N` by long division, one bit at a time from the most
/// significant: the remainder stays below 1000, so each step is an 11-bit compare and subtract
/// (typenum's general `Div` costs about 0.3 s of trait solving per 21-bit number; this, a tenth).
#[doc(hidden)]
pub trait DivMod1000 {
    type Quot;
    type Rem;
}
impl DivMod1000 for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}
impl<U, B> DivMod1000 for UInt<U, B>
where
    U: DivMod1000,
    <U as DivMod1000>::Rem: Push<B>,
    Pushed<<U as DivMod1000>::Rem, B>: IsGreaterOrEqual<U1000>,
    GrEq<Pushed<<U as DivMod1000>::Rem, B>, U1000>: TakeThousand<Pushed<<U as DivMod1000>::Rem, B>>,
    <U as DivMod1000>::Quot: Push<GrEq<Pushed<<U as DivMod1000>::Rem, B>, U1000>>,
{
    type Quot = Pushed<<U as DivMod1000>::Quot, GrEq<Pushed<<U as DivMod1000>::Rem, B>, U1000>>;
    type Rem = <GrEq<Pushed<<U as DivMod1000>::Rem, B>, U1000> as TakeThousand<Pushed<<U as DivMod1000>::Rem, B>>>::Output;
}
/// `2 * Self + B`, kept canonical (no leading zero bit).
#[doc(hidden)]
pub trait Push<B> {
    type Output;
}
type Pushed<U, B> = <U as Push<B>>::Output;
impl Push<B0> for UTerm {
    type Output = UTerm;
}
impl Push<B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<U, Bu, B> Push<B> for UInt<U, Bu> {
    type Output = UInt<UInt<U, Bu>, B>;
}
/// `R - 1000` when the bit is `B1`, `R` when it is `B0`.
#[doc(hidden)]
pub trait TakeThousand<R> {
    type Output;
}
impl<R> TakeThousand<R> for B0 {
    type Output = R;
}
impl<R: Sub<U1000>> TakeThousand<R> for B1 {
    type Output = Diff<R, U1000>;
}

/// The groups after the leading one, as six parameters (`()` past the end).
#[doc(hidden)]
pub trait Spread {
    type G1;
    type G2;
    type G3;
    type G4;
    type G5;
    type G6;
}
impl<L: Pop> Spread for L
where
    L::Rest: Pop,
    <L::Rest as Pop>::Rest: Pop,
    <<L::Rest as Pop>::Rest as Pop>::Rest: Pop,
    <<<L::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest: Pop,
    <<<<L::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest: Pop,
{
    type G1 = L::Head;
    type G2 = <L::Rest as Pop>::Head;
    type G3 = <<L::Rest as Pop>::Rest as Pop>::Head;
    type G4 = <<<L::Rest as Pop>::Rest as Pop>::Rest as Pop>::Head;
    type G5 = <<<<L::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest as Pop>::Head;
    type G6 = <<<<<L::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest as Pop>::Rest as Pop>::Head;
}
#[doc(hidden)]
pub trait Pop {
    type Head;
    type Rest;
}
impl Pop for () {
    type Head = ();
    type Rest = ();
}
impl<H, R> Pop for (H, R) {
    type Head = H;
    type Rest = R;
}

// Tuples: a Rust tuple of the elements' `Dec` (nested tuples for nested modes), up to 8
// elements at a level; a longer tuple ends with its rest as one more tuple.
impl DecimalOp for Nil {
    type Output = ();
}
macro_rules! tuple_dec {
    ($($x:ident)+) => {
        impl<$($x: DecimalOp),+> DecimalOp for tuple_dec!(@tup $($x)+) {
            type Output = ($(Dec<$x>,)+);
        }
    };
    (@tup $h:ident $($x:ident)*) => { Tup<$h, tuple_dec!(@tup $($x)*)> };
    (@tup) => { Nil };
}
tuple_dec!(A);
tuple_dec!(A B);
tuple_dec!(A B C);
tuple_dec!(A B C D);
tuple_dec!(A B C D E);
tuple_dec!(A B C D E F);
tuple_dec!(A B C D E F G);
impl<A, B, C, D, E, F, G, H, T> DecimalOp for Tup<A, Tup<B, Tup<C, Tup<D, Tup<E, Tup<F, Tup<G, Tup<H, T>>>>>>>>
where
    A: DecimalOp,
    B: DecimalOp,
    C: DecimalOp,
    D: DecimalOp,
    E: DecimalOp,
    F: DecimalOp,
    G: DecimalOp,
    Tup<H, T>: DecimalOp,
{
    type Output = (Dec<A>, Dec<B>, Dec<C>, Dec<D>, Dec<E>, Dec<F>, Dec<G>, Dec<Tup<H, T>>);
}

#[cfg(test)]
mod tests {
    use super::super::digits::*;
    use super::*;
    use static_assertions::assert_type_eq_all as same;
    use typenum::{N4, P1, P1000, P1024, P96, Prod};

    #[test]
    fn numbers() {
        same!(Dec<Z0>, _0);
        same!(Dec<P1>, _1);
        same!(Dec<P96>, _96);
        same!(Dec<typenum::P100>, _100);
        same!(Dec<P1000>, _1<_000>);
        same!(Dec<P1024>, _1<_024>);
        same!(Dec<N4>, Negative<_4>);
        same!(Dec<Prod<P1024, P1024>>, _1<_048, _576>);
        same!(Dec<Prod<Prod<P1024, P1024>, Prod<P1024, P1024>>>, _1<_099, _511, _627, _776>);
    }

    #[test]
    fn tuples() {
        same!(Dec<Nil>, ());
        same!(Dec<Tup<P96, Nil>>, (_96,));
        same!(Dec<Tup<P1, Tup<Tup<P96, Tup<P1024, Nil>>, Nil>>>, (_1, (_96, _1<_024>)));
    }
}
