//! The cheap first walk: the records without the box ([`FastDom`], [`FastCx`]); where they show
//! that the exact rule passes ([`FastVerdict`]), the full audit is not required.

use core::ops::{BitAnd, BitOr, Mul, Sub};

use crate::int::{
    And, Diff, Eq, GrEq, IsEqual, IsGreaterOrEqual, IsLess, IsLessOrEqual, Le, LeEq, Min, Minimum,
    NInt, NonZero, Or, PInt, Prod, Sum, Unsigned, B0, B1, P1, Z0,
};
use crate::tuple::{Nil, Tup};
use super::domain_box::*;
use super::step_record::*;
use super::walk::*;
use super::audit::*;

/// The walk without the box: [`LeafRange`] is the leaf's whole shape, and the records are the
/// cheap ones of [`FastCx`].
pub struct FastDom;
impl<U: Unsigned + NonZero, N> LeafRange<N, FastDom> for PInt<U> {
    type Output = N;
}
impl<U: Unsigned + NonZero, N> LeafRange<N, FastDom> for NInt<U> {
    type Output = N;
}

/// The cheap records' context of a leaf ([`LeafCx`]).
impl<Se, Dl> LeafCx<Se, Dl> for FastDom {
    type Cx = FastCx<Se, Dl, P1, P1>;
}

/// The cheap context of a leaf `Sz:Dl` in its walk: `K` elements placed in the modes before,
/// `W` the weight of the mode. Its record at a mode, `(Ok, Hi)`: `Ok` when `Dl >= 0` and the
/// step is exact (`Nn·RD == Rho·S`) or the leaf has ended (`Sz <= K·Nn`), and
/// `Hi = (min(Sz, K·Nn) - 1)·Dl`. Where every step of every leaf is `Ok`, the exact rule's
/// records of the leaf are `Lo = 0`, `MinU = 0`, no inexact step that matters, and `Hi` at most
/// this one (its box `Se <= Sz`): rules 1, 2 and 4 hold, and rule 3 holds if the summed `Hi`
/// stays below the mode's end or the mode ends past size(A) ([`FastVerdict`]; docs/design.md,
/// "the exact rule").
pub struct FastCx<Sz, Dl, K, W>(core::marker::PhantomData<(Sz, Dl, K, W)>);
type FcOk<Sz, Dl, K, Nn, RD, Rho, S> =
    And<GrEq<Dl, Z0>, Or<Eq<Prod<Nn, RD>, Prod<Rho, S>>, LeEq<Sz, SrK1<K, Nn>>>>;
impl<Sz, Dl, K, W, S, D, RD, Nn, Rho, Skip, F> StepRecord<S, D, RD, Nn, Rho, Skip, F> for FastCx<Sz, Dl, K, W>
where
    K: Mul<Nn>,
    W: Mul<S>,
    Nn: Mul<RD>,
    Rho: Mul<S>,
    Prod<Nn, RD>: IsEqual<Prod<Rho, S>>,
    Sz: IsLessOrEqual<SrK1<K, Nn>> + Min<SrK1<K, Nn>>,
    Eq<Prod<Nn, RD>, Prod<Rho, S>>: BitOr<LeEq<Sz, SrK1<K, Nn>>>,
    Dl: IsGreaterOrEqual<Z0>,
    GrEq<Dl, Z0>: BitAnd<Or<Eq<Prod<Nn, RD>, Prod<Rho, S>>, LeEq<Sz, SrK1<K, Nn>>>>,
    Minimum<Sz, SrK1<K, Nn>>: Sub<P1>,
    Diff<Minimum<Sz, SrK1<K, Nn>>, P1>: Mul<Dl>,
{
    type Rec = (FcOk<Sz, Dl, K, Nn, RD, Rho, S>, Prod<Diff<Minimum<Sz, SrK1<K, Nn>>, P1>, Dl>);
    type Next = FastCx<Sz, Dl, SrK1<K, Nn>, Prod<W, S>>;
}
/// The cheap records summed over the leaves: `Ok` and-ed, `Hi` added.
impl<Oa, Ha, Ta, Ob, Hb, Tb> AddDigits<Tup<(Ob, Hb), Tb>> for Tup<(Oa, Ha), Ta>
where
    Oa: BitAnd<Ob>,
    Ha: core::ops::Add<Hb>,
    Ta: AddDigits<Tb>,
{
    type Output = Tup<(And<Oa, Ob>, Sum<Ha, Hb>), <Ta as AddDigits<Tb>>::Output>;
}

/// The cheap records `(records, shapes, W)` of `Layout<S, D> ∘ Layout<BS, BD>` (`NA = size(A)`)
/// mode by mode: where every step is `Ok` and `Hi < W1` or `W1 >= NA` (`W1 = W·S`, the mode's
/// end) the exact rule passes there; at the first mode where that is not shown, the full audit
/// ([`FullAudit`]) decides the whole composition.
pub trait FastVerdict<S, D, BS, BD, NA> {}
impl<LS, W, S, D, BS, BD, NA> FastVerdict<S, D, BS, BD, NA> for (Nil, LS, W) {}
type FvHere<O, H, W, S1, NA> = And<O, Or<Le<H, Prod<W, S1>>, GrEq<Prod<W, S1>, NA>>>;
impl<O, H, RT, S1, ST, W, S, D, BS, BD, NA> FastVerdict<S, D, BS, BD, NA> for (Tup<(O, H), RT>, Tup<S1, ST>, W)
where
    W: Mul<S1>,
    H: IsLess<Prod<W, S1>>,
    Prod<W, S1>: IsGreaterOrEqual<NA>,
    Le<H, Prod<W, S1>>: BitOr<GrEq<Prod<W, S1>, NA>>,
    O: BitAnd<Or<Le<H, Prod<W, S1>>, GrEq<Prod<W, S1>, NA>>>,
    FvHere<O, H, W, S1, NA>: FastNext<(RT, ST, Prod<W, S1>), S, D, BS, BD, NA>,
{
}
/// `B1`: this mode passes, on to the next; `B0`: the full audit.
pub trait FastNext<Rest, S, D, BS, BD, NA> {}
impl<Rest: FastVerdict<S, D, BS, BD, NA>, S, D, BS, BD, NA> FastNext<Rest, S, D, BS, BD, NA> for B1 {}
impl<Rest, S, D, BS, BD, NA> FastNext<Rest, S, D, BS, BD, NA> for B0 where B0: FullAudit<S, D, BS, BD> {}
