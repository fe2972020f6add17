//! One leaf's record of the exact rule at one step of its walk through a mode of A
//! ([`StepRecord`], [`LowRange`]).

use core::ops::{BitAnd, Mul, Not, Sub};

use crate::int::{
    And, CeilDiv, CeilDivOp, Diff, Eq, Gr, If, IsEqual, IsGreater, IsLess, Le, Max, Maximum, Min,
    Minimum, Prod, Select, Sum, P1, P2, Z0,
};

/// The range `(Lo, Hi)` of `(k mod K)·d + (k div K)·g` over `k < S`, and `(MinU, MaxU)` of
/// `W1·ρ·(k div K)`, for `Self = (S, K, d, g, W1, ρ)` (`S, K >= 1`). With `H = ceil_div(S, K)`
/// groups of `K` (the last one partial), the extremes are at the first and last elements of the
/// first, the last full and the last group.
#[doc(hidden)]
pub trait LowRange {
    type Lo;
    type Hi;
    type MinU;
    type MaxU;
}
type LrH<Se, K> = CeilDiv<Se, K>;
type LrHm1<Se, K> = Diff<LrH<Se, K>, P1>;
type LrFull<Se, K> = If<Gr<LrH<Se, K>, P1>, K, Se>;
type LrB2<Se, K> = Maximum<Diff<LrH<Se, K>, P2>, Z0>;
type LrLast<Se, K> = Diff<Diff<Se, P1>, Prod<LrHm1<Se, K>, K>>;
type LrAFull<Se, K, Dl> = Prod<Diff<LrFull<Se, K>, P1>, Dl>;
type LrALast<Se, K, Dl> = Prod<LrLast<Se, K>, Dl>;
type LrGFull<Se, K, G> = Prod<LrB2<Se, K>, G>;
type LrGLast<Se, K, G> = Prod<LrHm1<Se, K>, G>;
type LrU<Se, K, W1, Rho> = Prod<Prod<W1, Rho>, LrHm1<Se, K>>;
impl<Se, K, Dl, G, W1, Rho> LowRange for (Se, K, Dl, G, W1, Rho)
where
    Se: CeilDivOp<K> + Sub<P1>,
    LrH<Se, K>: Sub<P1> + Sub<P2> + IsGreater<P1>,
    Gr<LrH<Se, K>, P1>: Select<K, Se>,
    Diff<LrH<Se, K>, P2>: Max<Z0>,
    LrHm1<Se, K>: Mul<K> + Mul<G>,
    Diff<Se, P1>: Sub<Prod<LrHm1<Se, K>, K>>,
    LrFull<Se, K>: Sub<P1>,
    Diff<LrFull<Se, K>, P1>: Mul<Dl>,
    LrLast<Se, K>: Mul<Dl>,
    LrB2<Se, K>: Mul<G>,
    LrAFull<Se, K, Dl>: Min<Z0> + Max<Z0>,
    LrGFull<Se, K, G>: Min<Z0> + Max<Z0>,
    LrALast<Se, K, Dl>: Min<Z0> + Max<Z0>,
    Minimum<LrAFull<Se, K, Dl>, Z0>: core::ops::Add<Minimum<LrGFull<Se, K, G>, Z0>>,
    Maximum<LrAFull<Se, K, Dl>, Z0>: core::ops::Add<Maximum<LrGFull<Se, K, G>, Z0>>,
    Minimum<LrALast<Se, K, Dl>, Z0>: core::ops::Add<LrGLast<Se, K, G>>,
    Maximum<LrALast<Se, K, Dl>, Z0>: core::ops::Add<LrGLast<Se, K, G>>,
    Sum<Minimum<LrAFull<Se, K, Dl>, Z0>, Minimum<LrGFull<Se, K, G>, Z0>>:
        Min<Sum<Minimum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>>,
    Sum<Maximum<LrAFull<Se, K, Dl>, Z0>, Maximum<LrGFull<Se, K, G>, Z0>>:
        Max<Sum<Maximum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>>,
    W1: Mul<Rho>,
    Prod<W1, Rho>: Mul<LrHm1<Se, K>>,
    LrU<Se, K, W1, Rho>: Min<Z0> + Max<Z0>,
{
    type Lo = Minimum<
        Sum<Minimum<LrAFull<Se, K, Dl>, Z0>, Minimum<LrGFull<Se, K, G>, Z0>>,
        Sum<Minimum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>,
    >;
    type Hi = Maximum<
        Sum<Maximum<LrAFull<Se, K, Dl>, Z0>, Maximum<LrGFull<Se, K, G>, Z0>>,
        Sum<Maximum<LrALast<Se, K, Dl>, Z0>, LrGLast<Se, K, G>>,
    >;
    type MinU = Minimum<LrU<Se, K, W1, Rho>, Z0>;
    type MaxU = Maximum<LrU<Se, K, W1, Rho>, Z0>;
}

/// One leaf's record at a step over the mode `S:D` with rest stride `RD`, `Nn` elements placed
/// (`_1` for a skip, `Skip = B1`) and the next rest stride `Rho` (`F`: one of CuTe's own checks
/// fails at this step, so that the audit stays silent), for the leaf context
/// `Self = (Se, Dl, K, W)`: its range `Se`, its stride `Dl`, the elements `K` placed in the
/// modes before, and the weight `W` of the mode. `Next` is the context for the next mode.
#[doc(hidden)]
pub trait StepRecord<S, D, RD, Nn, Rho, Skip, F> {
    type Rec;
    type Next;
}
pub(super) type SrK1<K, Nn> = Prod<K, Nn>;
type SrW1<W, S> = Prod<W, S>;
/// The step is inexact, B has elements past it in the domain, the mode's stride is not `_0`.
type SrBad<Se, K, Nn, RD, Rho, S, D> =
    And<And<crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>, Gr<Se, SrK1<K, Nn>>>, crate::int::Not<Eq<D, Z0>>>;
type SrG<K, Nn, Dl, W, S, Rho> = Diff<Prod<SrK1<K, Nn>, Dl>, Prod<SrW1<W, S>, Rho>>;
type SrLr<Se, K, Nn, Dl, W, S, Rho> = (Se, SrK1<K, Nn>, Dl, SrG<K, Nn, Dl, W, S, Rho>, SrW1<W, S>, Rho);
impl<Se, Dl, K, W, S, D, RD, Nn, Rho, Skip, F> StepRecord<S, D, RD, Nn, Rho, Skip, F> for (Se, Dl, K, W)
where
    K: Mul<Nn>,
    W: Mul<S>,
    Nn: Mul<RD>,
    Rho: Mul<S>,
    Prod<Nn, RD>: IsEqual<Prod<Rho, S>>,
    Eq<Prod<Nn, RD>, Prod<Rho, S>>: Not,
    Se: IsGreater<SrK1<K, Nn>>,
    D: IsEqual<Z0>,
    Eq<D, Z0>: Not,
    crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>: BitAnd<Gr<Se, SrK1<K, Nn>>>,
    And<crate::int::Not<Eq<Prod<Nn, RD>, Prod<Rho, S>>>, Gr<Se, SrK1<K, Nn>>>: BitAnd<crate::int::Not<Eq<D, Z0>>>,
    // rule 1 only for a negative rest stride (a positive one fails CuTe's own check first)
    RD: IsLess<Z0>,
    SrBad<Se, K, Nn, RD, Rho, S, D>: BitAnd<And<Skip, Le<RD, Z0>>>,
    Skip: BitAnd<Le<RD, Z0>> + Not,
    SrBad<Se, K, Nn, RD, Rho, S, D>: BitAnd<crate::int::Not<Skip>>,
    SrK1<K, Nn>: Mul<Dl>,
    SrW1<W, S>: Mul<Rho>,
    Prod<SrK1<K, Nn>, Dl>: Sub<Prod<SrW1<W, S>, Rho>>,
    SrLr<Se, K, Nn, Dl, W, S, Rho>: LowRange,
{
    type Rec = (
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::Lo,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::Hi,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::MinU,
        <SrLr<Se, K, Nn, Dl, W, S, Rho> as LowRange>::MaxU,
        And<SrBad<Se, K, Nn, RD, Rho, S, D>, And<Skip, Le<RD, Z0>>>,
        And<SrBad<Se, K, Nn, RD, Rho, S, D>, crate::int::Not<Skip>>,
        F,
    );
    type Next = (Se, Dl, SrK1<K, Nn>, SrW1<W, S>);
}
