//! The box around the domain `{k : 0 <= B(k) < size(A)}` of `composition(A, B)`: a bound on
//! each leaf's coordinate ([`DomainBox`], [`LeafRange`]).

use core::ops::{Div, Mul, Sub};

use crate::int::{Diff, Min, Minimum, NInt, NonZero, PInt, Prod, Quot, Sum, Unsigned, N1, P1, Z0};
use crate::tuple::{Nil, Tup};

/// `Σ (s-1)·max(d, 0)` over the leaves `s:d` of B: the positive leaves' reach in B's whole box.
#[doc(hidden)]
pub trait PositiveReach {
    type Output;
}
impl<U, DN> PositiveReach for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: Reach<PInt<U>>,
{
    type Output = <DN as Reach<PInt<U>>>::Output;
}
impl PositiveReach for (Nil, Nil) {
    type Output = Z0;
}
impl<H, T, DH, DT> PositiveReach for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): PositiveReach,
    (T, DT): PositiveReach,
    <(H, DH) as PositiveReach>::Output: core::ops::Add<<(T, DT) as PositiveReach>::Output>,
{
    type Output = Sum<<(H, DH) as PositiveReach>::Output, <(T, DT) as PositiveReach>::Output>;
}

/// `(N-1)·Self` for a positive stride `Self`, `_0` otherwise (by sign).
#[doc(hidden)]
pub trait Reach<N> {
    type Output;
}
impl<U: Unsigned + NonZero, N: Sub<P1>> Reach<N> for PInt<U>
where
    Diff<N, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<N, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N> Reach<N> for NInt<U> {
    type Output = Z0;
}
impl<N> Reach<N> for Z0 {
    type Output = Z0;
}

/// The bound `S` on a leaf's coordinate in the domain, for a leaf `N:Self` (by sign), in the box
/// `Dom = (PR, NR, NA)`: `min(N, PR / |d| + 1)` for `d < 0` (`k·|d|` is at most the positive
/// leaves' reach `PR`), `min(N, (NA - 1 + NR) / d + 1)` for `d > 0` (`k·d` is at most
/// `size(A) - 1` plus the negative leaves' reach `NR`); `N` for `_0`.
#[doc(hidden)]
pub trait LeafRange<N, Dom> {
    type Output;
}
impl<U, N, PR, NR, NA> LeafRange<N, (PR, NR, NA)> for NInt<U>
where
    U: Unsigned + NonZero,
    PR: Div<PInt<U>>,
    Quot<PR, PInt<U>>: core::ops::Add<P1>,
    N: Min<Sum<Quot<PR, PInt<U>>, P1>>,
{
    type Output = Minimum<N, Sum<Quot<PR, PInt<U>>, P1>>;
}
impl<U, N, PR, NR, NA> LeafRange<N, (PR, NR, NA)> for PInt<U>
where
    U: Unsigned + NonZero,
    NA: core::ops::Add<NR>,
    Sum<NA, NR>: Sub<P1>,
    Diff<Sum<NA, NR>, P1>: Div<PInt<U>>,
    Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>: core::ops::Add<P1>,
    N: Min<Sum<Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>, P1>>,
{
    type Output = Minimum<N, Sum<Quot<Diff<Sum<NA, NR>, P1>, PInt<U>>, P1>>;
}
impl<N, Dom> LeafRange<N, Dom> for Z0 {
    type Output = N;
}
pub(super) type RangeOf<DN, N, Dom> = <DN as LeafRange<N, Dom>>::Output;

/// `(S - 1)·|d|` of a leaf `N:Self` with `S` its [`LeafRange`] in `Dom`, for the leaves whose
/// stride has the sign `Sign` (`P1` or `N1`); `_0` for the others.
#[doc(hidden)]
pub trait LeafReach<N, Dom, Sign> {
    type Output;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, P1> for PInt<U>
where
    PInt<U>: LeafRange<N, Dom>,
    RangeOf<PInt<U>, N, Dom>: Sub<P1>,
    Diff<RangeOf<PInt<U>, N, Dom>, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<RangeOf<PInt<U>, N, Dom>, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, N1> for PInt<U> {
    type Output = Z0;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, N1> for NInt<U>
where
    NInt<U>: LeafRange<N, Dom>,
    RangeOf<NInt<U>, N, Dom>: Sub<P1>,
    Diff<RangeOf<NInt<U>, N, Dom>, P1>: Mul<PInt<U>>,
{
    type Output = Prod<Diff<RangeOf<NInt<U>, N, Dom>, P1>, PInt<U>>;
}
impl<U: Unsigned + NonZero, N, Dom> LeafReach<N, Dom, P1> for NInt<U> {
    type Output = Z0;
}
impl<N, Dom, Sign> LeafReach<N, Dom, Sign> for Z0 {
    type Output = Z0;
}

/// `Σ` [`LeafReach`] over the leaves of B `(shape, stride)`.
#[doc(hidden)]
pub trait SignedReach<Dom, Sign> {
    type Output;
}
impl<U, DN, Dom, Sign> SignedReach<Dom, Sign> for (PInt<U>, DN)
where
    U: Unsigned + NonZero,
    DN: LeafReach<PInt<U>, Dom, Sign>,
{
    type Output = <DN as LeafReach<PInt<U>, Dom, Sign>>::Output;
}
impl<Dom, Sign> SignedReach<Dom, Sign> for (Nil, Nil) {
    type Output = Z0;
}
impl<H, T, DH, DT, Dom, Sign> SignedReach<Dom, Sign> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): SignedReach<Dom, Sign>,
    (T, DT): SignedReach<Dom, Sign>,
    <(H, DH) as SignedReach<Dom, Sign>>::Output: core::ops::Add<<(T, DT) as SignedReach<Dom, Sign>>::Output>,
{
    type Output = Sum<<(H, DH) as SignedReach<Dom, Sign>>::Output, <(T, DT) as SignedReach<Dom, Sign>>::Output>;
}

/// One round: the negative leaves' reach within the box that `PR` allows, then the positive
/// leaves' reach within the box that this `NR` allows.
type NegRound<B, PR, NA> = <B as SignedReach<(PR, Z0, NA), N1>>::Output;
type PosRound<B, NR, NA> = <B as SignedReach<(Z0, NR, NA), P1>>::Output;

/// The box around the domain of `composition(A, B)` for B = `Self` and `NA = size(A)`:
/// `(PR, NR, NA)` after four rounds that tighten the leaves' ranges in turn, starting from
/// B's whole box (`tycute_dynamic::composition::DOMAIN_ROUNDS`). O(leaves) per round.
#[doc(hidden)]
pub trait DomainBox<NA> {
    type Output;
}
impl<B, NA> DomainBox<NA> for B
where
    B: PositiveReach,
    B: SignedReach<(<B as PositiveReach>::Output, Z0, NA), N1>,
    B: SignedReach<(Z0, NegRound<B, <B as PositiveReach>::Output, NA>, NA), P1>,
    B: SignedReach<(PosRound<B, NegRound<B, <B as PositiveReach>::Output, NA>, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr2<B, NA>, NA), P1>,
    B: SignedReach<(Pr2<B, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr3<B, NA>, NA), P1>,
    B: SignedReach<(Pr3<B, NA>, Z0, NA), N1>,
    B: SignedReach<(Z0, Nr4<B, NA>, NA), P1>,
{
    type Output = (Pr4<B, NA>, Nr4<B, NA>, NA);
}
type Nr1<B, NA> = NegRound<B, <B as PositiveReach>::Output, NA>;
type Pr1<B, NA> = PosRound<B, Nr1<B, NA>, NA>;
type Nr2<B, NA> = NegRound<B, Pr1<B, NA>, NA>;
type Pr2<B, NA> = PosRound<B, Nr2<B, NA>, NA>;
type Nr3<B, NA> = NegRound<B, Pr2<B, NA>, NA>;
type Pr3<B, NA> = PosRound<B, Nr3<B, NA>, NA>;
type Nr4<B, NA> = NegRound<B, Pr3<B, NA>, NA>;
type Pr4<B, NA> = PosRound<B, Nr4<B, NA>, NA>;
