//! The lattice box: the box around the domain ([`DomainBox`]) tightened, in one pass, leaf by
//! leaf against the other leaves' lattice ([`LatticeDom`], [`FirstMod`]).
//!
//! For a leaf `k·d`, the other leaves' values are multiples of their gcd `g` within their reach
//! `[lo, hi]` in the linear box, so a coordinate `k` is in the domain only if some multiple `v` of
//! `g` in `[lo, hi]` has `0 <= d·k + v < size(A)`. The largest such `k` (below the linear box's
//! bound `S`) is a closed form plus Euclid's recursion [`FirstMod`] (O(log g) steps); the others'
//! `g`, `lo` and `hi` are a fold over B's leaves (O(leaves) per leaf). The same as the twin's
//! `tycute_dynamic::composition_rule::leaf_max` and the model's `leaf_max`
//! (`crates/tycute-layout/tests/gen/composition_rule.py`); docs/design.md, "The lattice box".
//!
//! "The others" are B's leaves minus one copy of the leaf itself: a leaf knows its shape and
//! stride, not its position, and equal leaves have equal ranges, so the fold drops the leaves
//! equal to it and puts its stride back into the gcd when it occurs twice or more; the sums
//! subtract its own part.

use core::ops::{Add, BitOr, Div, Mul, Rem, Sub};

use super::domain_box::*;
use super::walk::LeafCx;
use crate::int::{
    And, CeilDiv, CeilDivOp, Diff, Eq, Gcd, Gcf, Gr, GrEq, If, IsEqual, IsGreater,
    IsGreaterOrEqual, IsLessOrEqual, LeEq, Max, Maximum, Min, Minimum, Mod, NInt, NonZero, Or,
    PInt, Prod, Quot, Select, Sum, Unsigned, B0, B1, P1, Z0,
};
use crate::tuple::{Nil, Tup};

/// The lattice box of `composition(A, B)`: the linear box `(PR, NR, NA)` ([`DomainBox`]) and B's
/// leaves `FB = (shape, stride)`. A leaf's range in it ([`LeafRange`]) is its lattice bound.
#[doc(hidden)]
pub struct LatticeDom<PR, NR, NA, FB>(core::marker::PhantomData<(PR, NR, NA, FB)>);

/// The lattice box over the linear box `Self = (PR, NR, NA)` and B's leaves `FB`.
#[doc(hidden)]
pub trait WithLattice<FB> {
    type Output;
}
impl<PR, NR, NA, FB> WithLattice<FB> for (PR, NR, NA) {
    type Output = LatticeDom<PR, NR, NA, FB>;
}

impl<Se, Dl, PR, NR, NA, FB> LeafCx<Se, Dl> for LatticeDom<PR, NR, NA, FB> {
    type Cx = (Se, Dl, P1, P1);
}

/// `d·min(S - 1, 1)`: a leaf's stride where its range `S` in the linear box has a coordinate
/// past 0, `_0` otherwise (what it adds to the others' gcd).
type Gated<D, S> = Prod<D, Minimum<Diff<S, P1>, P1>>;
/// `(S - 1)·d`: the leaf's reach (signed).
type Span<D, S> = Prod<Diff<S, P1>, D>;

/// The fold over B's leaves `Self = (shape, stride)` for the leaf `N:D` in the linear box `Box`:
/// `G` the gcd of the gated strides of the leaves not equal to `N:D`, `Cnt` how many are equal,
/// `Lo`/`Hi` the sums of `min(0, v)`/`max(0, v)` of every leaf's reach `v`.
#[doc(hidden)]
pub trait Others<N, D, Box> {
    type G;
    type Cnt;
    type Lo;
    type Hi;
}
impl<N, D, Box> Others<N, D, Box> for (Nil, Nil) {
    type G = Z0;
    type Cnt = Z0;
    type Lo = Z0;
    type Hi = Z0;
}
impl<U, DM, N, D, Box> Others<N, D, Box> for (PInt<U>, DM)
where
    U: Unsigned + NonZero,
    DM: LeafRange<PInt<U>, Box>,
    RangeOf<DM, PInt<U>, Box>: Sub<P1>,
    Diff<RangeOf<DM, PInt<U>, Box>, P1>: Min<P1> + Mul<DM>,
    DM: Mul<Minimum<Diff<RangeOf<DM, PInt<U>, Box>, P1>, P1>>,
    Span<DM, RangeOf<DM, PInt<U>, Box>>: Min<Z0> + Max<Z0>,
    PInt<U>: IsEqual<N>,
    DM: IsEqual<D>,
    Eq<PInt<U>, N>: core::ops::BitAnd<Eq<DM, D>>,
    And<Eq<PInt<U>, N>, Eq<DM, D>>: Select<Z0, Gated<DM, RangeOf<DM, PInt<U>, Box>>> + Select<P1, Z0>,
{
    type G = If<And<Eq<PInt<U>, N>, Eq<DM, D>>, Z0, Gated<DM, RangeOf<DM, PInt<U>, Box>>>;
    type Cnt = If<And<Eq<PInt<U>, N>, Eq<DM, D>>, P1, Z0>;
    type Lo = Minimum<Span<DM, RangeOf<DM, PInt<U>, Box>>, Z0>;
    type Hi = Maximum<Span<DM, RangeOf<DM, PInt<U>, Box>>, Z0>;
}
impl<H, T, DH, DT, N, D, Box> Others<N, D, Box> for (Tup<H, T>, Tup<DH, DT>)
where
    (H, DH): Others<N, D, Box>,
    (T, DT): Others<N, D, Box>,
    <(H, DH) as Others<N, D, Box>>::G: Gcd<<(T, DT) as Others<N, D, Box>>::G>,
    <(H, DH) as Others<N, D, Box>>::Cnt: Add<<(T, DT) as Others<N, D, Box>>::Cnt>,
    <(H, DH) as Others<N, D, Box>>::Lo: Add<<(T, DT) as Others<N, D, Box>>::Lo>,
    <(H, DH) as Others<N, D, Box>>::Hi: Add<<(T, DT) as Others<N, D, Box>>::Hi>,
{
    type G = Gcf<<(H, DH) as Others<N, D, Box>>::G, <(T, DT) as Others<N, D, Box>>::G>;
    type Cnt = Sum<<(H, DH) as Others<N, D, Box>>::Cnt, <(T, DT) as Others<N, D, Box>>::Cnt>;
    type Lo = Sum<<(H, DH) as Others<N, D, Box>>::Lo, <(T, DT) as Others<N, D, Box>>::Lo>;
    type Hi = Sum<<(H, DH) as Others<N, D, Box>>::Hi, <(T, DT) as Others<N, D, Box>>::Hi>;
}

type OG<FB, N, D, Box> = <FB as Others<N, D, Box>>::G;
type OCnt<FB, N, D, Box> = <FB as Others<N, D, Box>>::Cnt;
type OLo<FB, N, D, Box> = <FB as Others<N, D, Box>>::Lo;
type OHi<FB, N, D, Box> = <FB as Others<N, D, Box>>::Hi;
/// The others' gcd, at least 1 (`g' = max(g, 1)`): the leaf's stride joins the leaves not equal
/// to it when it occurs twice or more.
type G1<FB, N, D, Box, S0> =
    Maximum<Gcf<OG<FB, N, D, Box>, If<Gr<OCnt<FB, N, D, Box>, P1>, Gated<D, S0>, Z0>>, P1>;

/// A leaf `N:Self` in the lattice box: its bound `S` (one more than its largest coordinate in
/// the domain the lattice allows). `d > 0`: the lowest multiple of `g'` the others reach is `-Q`,
/// `Q = g'·((-lo) div g')`, and `k <= kB = min(S0 - 1, (NA - 1 + Q) div d)`.
impl<U, N, PR, NR, NA, FB> LeafRange<N, LatticeDom<PR, NR, NA, FB>> for PInt<U>
where
    U: Unsigned + NonZero,
    PInt<U>: LeafRange<N, (PR, NR, NA)>,
    FB: Others<N, PInt<U>, (PR, NR, NA)>,
    RangeOf<PInt<U>, N, (PR, NR, NA)>: Sub<P1>,
    Diff<RangeOf<PInt<U>, N, (PR, NR, NA)>, P1>: Min<P1>,
    PInt<U>: Mul<Minimum<Diff<RangeOf<PInt<U>, N, (PR, NR, NA)>, P1>, P1>>,
    OCnt<FB, N, PInt<U>, (PR, NR, NA)>: IsGreater<P1>,
    Gr<OCnt<FB, N, PInt<U>, (PR, NR, NA)>, P1>:
        Select<Gated<PInt<U>, RangeOf<PInt<U>, N, (PR, NR, NA)>>, Z0>,
    OG<FB, N, PInt<U>, (PR, NR, NA)>: Gcd<
        If<Gr<OCnt<FB, N, PInt<U>, (PR, NR, NA)>, P1>, Gated<PInt<U>, RangeOf<PInt<U>, N, (PR, NR, NA)>>, Z0>,
    >,
    Gcf<
        OG<FB, N, PInt<U>, (PR, NR, NA)>,
        If<Gr<OCnt<FB, N, PInt<U>, (PR, NR, NA)>, P1>, Gated<PInt<U>, RangeOf<PInt<U>, N, (PR, NR, NA)>>, Z0>,
    >: Max<P1>,
    // the others' lowest value: lo (the sum over all leaves; the leaf's own part is >= 0)
    Z0: Sub<OLo<FB, N, PInt<U>, (PR, NR, NA)>>,
    Diff<Z0, OLo<FB, N, PInt<U>, (PR, NR, NA)>>: Div<G1<FB, N, PInt<U>, (PR, NR, NA), RangeOf<PInt<U>, N, (PR, NR, NA)>>>,
    G1<FB, N, PInt<U>, (PR, NR, NA), RangeOf<PInt<U>, N, (PR, NR, NA)>>: Mul<
        Quot<
            Diff<Z0, OLo<FB, N, PInt<U>, (PR, NR, NA)>>,
            G1<FB, N, PInt<U>, (PR, NR, NA), RangeOf<PInt<U>, N, (PR, NR, NA)>>,
        >,
    >,
    NA: Sub<P1>,
    Diff<NA, P1>: Add<PosQ<FB, N, PInt<U>, PR, NR, NA>>,
    Sum<Diff<NA, P1>, PosQ<FB, N, PInt<U>, PR, NR, NA>>: Div<PInt<U>>,
    Diff<RangeOf<PInt<U>, N, (PR, NR, NA)>, P1>: Min<Quot<Sum<Diff<NA, P1>, PosQ<FB, N, PInt<U>, PR, NR, NA>>, PInt<U>>>,
    PInt<U>: LatticeTail<
        Minimum<
            Diff<RangeOf<PInt<U>, N, (PR, NR, NA)>, P1>,
            Quot<Sum<Diff<NA, P1>, PosQ<FB, N, PInt<U>, PR, NR, NA>>, PInt<U>>,
        >,
        G1<FB, N, PInt<U>, (PR, NR, NA), RangeOf<PInt<U>, N, (PR, NR, NA)>>,
        NA,
    >,
{
    type Output = <PInt<U> as LatticeTail<
        Minimum<
            Diff<RangeOf<PInt<U>, N, (PR, NR, NA)>, P1>,
            Quot<Sum<Diff<NA, P1>, PosQ<FB, N, PInt<U>, PR, NR, NA>>, PInt<U>>,
        >,
        G1<FB, N, PInt<U>, (PR, NR, NA), RangeOf<PInt<U>, N, (PR, NR, NA)>>,
        NA,
    >>::Output;
}
/// `Q = g'·((-lo) div g')` of a positive leaf.
type PosQ<FB, N, D, PR, NR, NA> = Prod<
    G1<FB, N, D, (PR, NR, NA), RangeOf<D, N, (PR, NR, NA)>>,
    Quot<Diff<Z0, OLo<FB, N, D, (PR, NR, NA)>>, G1<FB, N, D, (PR, NR, NA), RangeOf<D, N, (PR, NR, NA)>>>,
>;

/// `d < 0`: the highest multiple of `g'` the others reach is `P = g'·(hi div g')`, and
/// `k <= kB = min(S0 - 1, P div |d|)`.
impl<U, N, PR, NR, NA, FB> LeafRange<N, LatticeDom<PR, NR, NA, FB>> for NInt<U>
where
    U: Unsigned + NonZero,
    NInt<U>: LeafRange<N, (PR, NR, NA)>,
    FB: Others<N, NInt<U>, (PR, NR, NA)>,
    RangeOf<NInt<U>, N, (PR, NR, NA)>: Sub<P1>,
    Diff<RangeOf<NInt<U>, N, (PR, NR, NA)>, P1>: Min<P1>,
    NInt<U>: Mul<Minimum<Diff<RangeOf<NInt<U>, N, (PR, NR, NA)>, P1>, P1>>,
    OCnt<FB, N, NInt<U>, (PR, NR, NA)>: IsGreater<P1>,
    Gr<OCnt<FB, N, NInt<U>, (PR, NR, NA)>, P1>:
        Select<Gated<NInt<U>, RangeOf<NInt<U>, N, (PR, NR, NA)>>, Z0>,
    OG<FB, N, NInt<U>, (PR, NR, NA)>: Gcd<
        If<Gr<OCnt<FB, N, NInt<U>, (PR, NR, NA)>, P1>, Gated<NInt<U>, RangeOf<NInt<U>, N, (PR, NR, NA)>>, Z0>,
    >,
    Gcf<
        OG<FB, N, NInt<U>, (PR, NR, NA)>,
        If<Gr<OCnt<FB, N, NInt<U>, (PR, NR, NA)>, P1>, Gated<NInt<U>, RangeOf<NInt<U>, N, (PR, NR, NA)>>, Z0>,
    >: Max<P1>,
    // the others' highest value: hi (the sum over all leaves; the leaf's own part is <= 0)
    OHi<FB, N, NInt<U>, (PR, NR, NA)>: Div<G1<FB, N, NInt<U>, (PR, NR, NA), RangeOf<NInt<U>, N, (PR, NR, NA)>>>,
    G1<FB, N, NInt<U>, (PR, NR, NA), RangeOf<NInt<U>, N, (PR, NR, NA)>>: Mul<
        Quot<OHi<FB, N, NInt<U>, (PR, NR, NA)>, G1<FB, N, NInt<U>, (PR, NR, NA), RangeOf<NInt<U>, N, (PR, NR, NA)>>>,
    >,
    NegP<FB, N, NInt<U>, PR, NR, NA>: Div<PInt<U>>,
    Diff<RangeOf<NInt<U>, N, (PR, NR, NA)>, P1>: Min<Quot<NegP<FB, N, NInt<U>, PR, NR, NA>, PInt<U>>>,
    NInt<U>: LatticeTail<
        Minimum<Diff<RangeOf<NInt<U>, N, (PR, NR, NA)>, P1>, Quot<NegP<FB, N, NInt<U>, PR, NR, NA>, PInt<U>>>,
        G1<FB, N, NInt<U>, (PR, NR, NA), RangeOf<NInt<U>, N, (PR, NR, NA)>>,
        NA,
    >,
{
    type Output = <NInt<U> as LatticeTail<
        Minimum<Diff<RangeOf<NInt<U>, N, (PR, NR, NA)>, P1>, Quot<NegP<FB, N, NInt<U>, PR, NR, NA>, PInt<U>>>,
        G1<FB, N, NInt<U>, (PR, NR, NA), RangeOf<NInt<U>, N, (PR, NR, NA)>>,
        NA,
    >>::Output;
}
/// `P = g'·(hi div g')` of a negative leaf.
type NegP<FB, N, D, PR, NR, NA> = Prod<
    G1<FB, N, D, (PR, NR, NA), RangeOf<D, N, (PR, NR, NA)>>,
    Quot<OHi<FB, N, D, (PR, NR, NA)>, G1<FB, N, D, (PR, NR, NA), RangeOf<D, N, (PR, NR, NA)>>>,
>;

/// `x mod m` in `[0, m)` for `m > 0` (typenum's `%` keeps the dividend's sign).
type EMod<X, M> = Mod<Sum<Mod<X, M>, M>, M>;
/// `c = (NA - 1 - d·kB) mod g'`.
type TailC<D, KB, G, NA> = EMod<Diff<Diff<NA, P1>, Prod<D, KB>>, G>;

/// The tail of the lattice bound of a leaf of stride `Self` with `kB`, `g'` and `NA`: `kB + 1`
/// where `NA >= g'` or `c <= NA - 1` (the window `[-d·kB, NA - 1 - d·kB]` holds a multiple of
/// `g'`), otherwise `kB - t + 1` with `t` the least shift that reaches one ([`FirstMod`]), or 1.
#[doc(hidden)]
pub trait LatticeTail<KB, G, NA> {
    type Output;
}
impl<D, KB, G, NA> LatticeTail<KB, G, NA> for D
where
    NA: Sub<P1> + IsGreaterOrEqual<G>,
    D: Mul<KB>,
    Diff<NA, P1>: Sub<Prod<D, KB>>,
    Diff<Diff<NA, P1>, Prod<D, KB>>: Rem<G>,
    Mod<Diff<Diff<NA, P1>, Prod<D, KB>>, G>: Add<G>,
    Sum<Mod<Diff<Diff<NA, P1>, Prod<D, KB>>, G>, G>: Rem<G>,
    TailC<D, KB, G, NA>: IsLessOrEqual<Diff<NA, P1>>,
    GrEq<NA, G>: BitOr<LeEq<TailC<D, KB, G, NA>, Diff<NA, P1>>>,
    Or<GrEq<NA, G>, LeEq<TailC<D, KB, G, NA>, Diff<NA, P1>>>: TailBranch<D, KB, G, NA, TailC<D, KB, G, NA>>,
{
    type Output =
        <Or<GrEq<NA, G>, LeEq<TailC<D, KB, G, NA>, Diff<NA, P1>>> as TailBranch<D, KB, G, NA, TailC<D, KB, G, NA>>>::Output;
}

/// [`LatticeTail`]'s two branches, on the bit `Self` (`B1`: every `k <= kB` is allowed).
#[doc(hidden)]
pub trait TailBranch<D, KB, G, NA, C> {
    type Output;
}
impl<D, KB: Add<P1>, G, NA, C> TailBranch<D, KB, G, NA, C> for B1 {
    type Output = Sum<KB, P1>;
}
/// `t` = the least `t >= 0` with `(d·t) mod g' ∈ [g' - c, g' - c + NA - 1]`.
impl<D, KB, G, NA, C> TailBranch<D, KB, G, NA, C> for B0
where
    D: Rem<G>,
    Mod<D, G>: Add<G>,
    Sum<Mod<D, G>, G>: Rem<G>,
    G: Sub<C>,
    Diff<G, C>: Add<NA>,
    Sum<Diff<G, C>, NA>: Sub<P1>,
    EMod<D, G>: FirstMod<G, Diff<G, C>, Diff<Sum<Diff<G, C>, NA>, P1>>,
    <EMod<D, G> as FirstMod<G, Diff<G, C>, Diff<Sum<Diff<G, C>, NA>, P1>>>::Output: TailPick<KB>,
{
    type Output = <<EMod<D, G> as FirstMod<G, Diff<G, C>, Diff<Sum<Diff<G, C>, NA>, P1>>>::Output as TailPick<KB>>::Output;
}

/// `kB - t + 1` for `Found<t>` with `t <= kB`, otherwise 1.
#[doc(hidden)]
pub trait TailPick<KB> {
    type Output;
}
impl<KB> TailPick<KB> for NotFound {
    type Output = P1;
}
impl<KB, T> TailPick<KB> for Found<T>
where
    T: IsGreater<KB>,
    KB: Sub<T>,
    Diff<KB, T>: Add<P1>,
    Gr<T, KB>: Select<P1, Sum<Diff<KB, T>, P1>>,
{
    type Output = If<Gr<T, KB>, P1, Sum<Diff<KB, T>, P1>>;
}

/// [`FirstMod`]'s answer: the least `k`.
#[doc(hidden)]
pub struct Found<K>(core::marker::PhantomData<K>);
/// [`FirstMod`]'s answer: no `k`.
#[doc(hidden)]
pub struct NotFound;

/// The least `k >= 0` with `L <= (Self·k) mod M <= R`, for `0 <= Self < M` and `0 < L <= R < M`:
/// [`Found<k>`](Found) or [`NotFound`]. Euclid's recursion (O(log M) steps): with
/// `k = ceil(L / a)`, either `a·k <= R`, or `[L, R]` lies between two multiples of `a` and
/// `a·k = v + M·y` for a `v` in `[L, R]`, `y` the least with `(M·y) mod a` in
/// `[a·k - R, a·k - L]` (the same question on `(M mod a, a)`), and `k = ceil((L + M·y) / a)`.
#[doc(hidden)]
pub trait FirstMod<M, L, R> {
    type Output;
}
impl<M, L, R> FirstMod<M, L, R> for Z0 {
    type Output = NotFound;
}
impl<U, M, L, R> FirstMod<M, L, R> for PInt<U>
where
    U: Unsigned + NonZero,
    L: CeilDivOp<PInt<U>>,
    PInt<U>: Mul<CeilDiv<L, PInt<U>>>,
    Prod<PInt<U>, CeilDiv<L, PInt<U>>>: IsLessOrEqual<R>,
    LeEq<Prod<PInt<U>, CeilDiv<L, PInt<U>>>, R>: FirstModBranch<PInt<U>, M, L, R, CeilDiv<L, PInt<U>>>,
{
    type Output = <LeEq<Prod<PInt<U>, CeilDiv<L, PInt<U>>>, R> as FirstModBranch<PInt<U>, M, L, R, CeilDiv<L, PInt<U>>>>::Output;
}

/// [`FirstMod`]'s two branches on the bit `a·k <= R` (`K = ceil(L / a)`).
#[doc(hidden)]
pub trait FirstModBranch<A, M, L, R, K> {
    type Output;
}
impl<A, M, L, R, K> FirstModBranch<A, M, L, R, K> for B1 {
    type Output = Found<K>;
}
impl<A, M, L, R, K> FirstModBranch<A, M, L, R, K> for B0
where
    M: Rem<A>,
    A: Mul<K>,
    Prod<A, K>: Sub<R> + Sub<L>,
    Mod<M, A>: FirstMod<A, Diff<Prod<A, K>, R>, Diff<Prod<A, K>, L>>,
    <Mod<M, A> as FirstMod<A, Diff<Prod<A, K>, R>, Diff<Prod<A, K>, L>>>::Output: FirstModBack<A, M, L>,
{
    type Output =
        <<Mod<M, A> as FirstMod<A, Diff<Prod<A, K>, R>, Diff<Prod<A, K>, L>>>::Output as FirstModBack<A, M, L>>::Output;
}

/// Back from the recursion: `Found<y>` gives `Found<ceil((L + M·y) / A)>`.
#[doc(hidden)]
pub trait FirstModBack<A, M, L> {
    type Output;
}
impl<A, M, L> FirstModBack<A, M, L> for NotFound {
    type Output = NotFound;
}
impl<A, M, L, Y> FirstModBack<A, M, L> for Found<Y>
where
    M: Mul<Y>,
    L: Add<Prod<M, Y>>,
    Sum<L, Prod<M, Y>>: CeilDivOp<A>,
{
    type Output = Found<CeilDiv<Sum<L, Prod<M, Y>>, A>>;
}
