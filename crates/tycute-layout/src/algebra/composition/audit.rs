//! The exact rule's audit: rules 1-4 on the records of the walk in the box around the domain
//! ([`FullAudit`], [`ExactAudit`]).

use core::ops::{BitAnd, BitOr, Mul, Not};

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::int::{And, Gr, GrEq, IsGreater, IsGreaterOrEqual, IsLess, Le, Or, Prod, Sum, B0, P1, Z0};
use crate::layout::{IsLayout, Layout, Size, SizeOp};
use crate::tuple::{Nil, Tup};
use super::rules::*;
use super::domain_box::*;
use super::lattice_box::WithLattice;
use super::walk::*;

/// The box around the domain of `composition(A, B)`: the linear box `(PR, NR, size(A))`
/// ([`DomainBox`]) with B's leaves, each leaf's range tightened by the lattice
/// ([`LatticeDom`](super::LatticeDom)).
pub(super) type DomOf<BS, BD, NA> = <<(BS, BD) as DomainBox<NA>>::Output as WithLattice<(BS, BD)>>::Output;
/// The records of the exact rule of B's leaves walked through the flat A, in the box.
pub(super) type DigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, DomOf<BS, BD, Size<A>>>>::Digits;

/// The exact rule's audit of `Layout<S, D> ∘ Layout<BS, BD>`, required where the cheap records
/// do not show that it passes ([`FastVerdict`](super::FastVerdict)): the box around the domain, the walk with the
/// full records, rules 1-4.
pub trait FullAudit<S, D, BS, BD> {}
impl<S, D, BS, BD> FullAudit<S, D, BS, BD> for B0
where
    Layout<S, D>: CoalesceXOp + SizeOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): DomainBox<Size<Layout<S, D>>>,
    <(BS, BD) as DomainBox<Size<Layout<S, D>>>>::Output: WithLattice<(BS, BD)>,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, DomOf<BS, BD, Size<Layout<S, D>>>>,
    // exact rules 1-4
    DigitsOf<Layout<S, D>, BS, BD>: ExactAudit<FlatS<Layout<S, D>>, Size<Layout<S, D>>>,
{
}

/// The exact rule's audit of the records `Self` (one per mode `j < R-1`) against the flat A's
/// shape `LS` and `NA = size(A)`. Like the twin, it reports the first violation only (in mode
/// order; in a mode, rules 1-2, then 3, then 4), and nothing when one of CuTe's own checks fails
/// (that check's error is the one reported).
pub trait ExactAudit<LS, NA> {}
impl<LS, NA> ExactAudit<LS, NA> for Nil {}
impl<R, RT, LS, NA> ExactAudit<LS, NA> for Tup<R, RT>
where
    Tup<R, RT>: CuteFails,
    (Tup<R, RT>, LS, P1): ExactAuditModes<NA, <Tup<R, RT> as CuteFails>::Output>,
{
}

/// Whether one of CuTe's own checks fails in the records `Self`: `B1` or `B0`.
#[doc(hidden)]
pub trait CuteFails {
    type Output;
}
impl CuteFails for Nil {
    type Output = B0;
}
impl<Lo, Hi, Mn, Mx, X1, X2, F, RT> CuteFails for Tup<(Lo, Hi, Mn, Mx, X1, X2, F), RT>
where
    RT: CuteFails,
    F: BitOr<<RT as CuteFails>::Output>,
{
    type Output = Or<F, <RT as CuteFails>::Output>;
}

/// Rules 1-4 mode by mode on `(records, shapes, W)`, `W` the weight of the mode; `Done`: a
/// violation was found before (or CuTe's own check fails), the rest is not required.
pub trait ExactAuditModes<NA, Done> {}
impl<LS, W, NA, Done> ExactAuditModes<NA, Done> for (Nil, LS, W) {}
type AmW1<W, S> = Prod<W, S>;
/// Rule 3 fails: `Hi >= W1 && W1 + MinU < NA`.
type AmCarry<Hi, Mn, W, S, NA> = And<GrEq<Hi, AmW1<W, S>>, Le<Sum<AmW1<W, S>, Mn>, NA>>;
/// Rule 4 fails: `Lo < 0 && MaxU > 0`.
type AmBorrow<Lo, Mx> = And<Le<Lo, Z0>, Gr<Mx, Z0>>;
type AmDone12<Done, X1, X2> = Or<Done, Or<X1, X2>>;
type AmDone3<Done, X1, X2, Hi, Mn, W, S, NA> = Or<AmDone12<Done, X1, X2>, AmCarry<Hi, Mn, W, S, NA>>;
type AmDone4<Done, X1, X2, Hi, Mn, W, S, NA, Lo, Mx> = Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, AmBorrow<Lo, Mx>>;
impl<Lo, Hi, Mn, Mx, X1, X2, F, RT, S, ST, W, NA, Done> ExactAuditModes<NA, Done>
    for (Tup<(Lo, Hi, Mn, Mx, X1, X2, F), RT>, Tup<S, ST>, W)
where
    // rule 1: Done || !X1
    X1: Not + BitOr<X2>,
    Done: BitOr<crate::int::Not<X1>> + BitOr<Or<X1, X2>>,
    Or<Done, crate::int::Not<X1>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<W>,
    Or<Done, crate::int::Not<X1>>: NegativeStrideDivisibility<crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X1>>, S>, crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X1>>, W>>,
    // rule 2: Done || !X2
    X2: Not,
    Done: BitOr<crate::int::Not<X2>>,
    Or<Done, crate::int::Not<X2>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<W>,
    Or<Done, crate::int::Not<X2>>: PartialWalkDivisibility<crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X2>>, S>, crate::bounds::DecIfFailed<Or<Done, crate::int::Not<X2>>, W>>,
    // rule 3: Done || X1 || X2 || !(Hi >= W1 && W1 + MinU < NA)
    W: Mul<S>,
    Hi: IsGreaterOrEqual<AmW1<W, S>>,
    AmW1<W, S>: core::ops::Add<Mn>,
    Sum<AmW1<W, S>, Mn>: IsLess<NA>,
    GrEq<Hi, AmW1<W, S>>: BitAnd<Le<Sum<AmW1<W, S>, Mn>, NA>>,
    AmCarry<Hi, Mn, W, S, NA>: Not,
    AmDone12<Done, X1, X2>: BitOr<crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>> + BitOr<AmCarry<Hi, Mn, W, S, NA>>,
    Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<AmW1<W, S>> + crate::bounds::DecimalIfFailed<Hi>,
    Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>: NoCarry<crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, S>, crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, AmW1<W, S>>, crate::bounds::DecIfFailed<Or<AmDone12<Done, X1, X2>, crate::int::Not<AmCarry<Hi, Mn, W, S, NA>>>, Hi>>,
    // rule 4: Done || X1 || X2 || carry || !(Lo < 0 && MaxU > 0)
    Lo: IsLess<Z0>,
    Mx: IsGreater<Z0>,
    Le<Lo, Z0>: BitAnd<Gr<Mx, Z0>>,
    AmBorrow<Lo, Mx>: Not,
    AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>: BitOr<crate::int::Not<AmBorrow<Lo, Mx>>> + BitOr<AmBorrow<Lo, Mx>>,
    Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>: crate::bounds::DecimalIfFailed<S> + crate::bounds::DecimalIfFailed<Lo> + crate::bounds::DecimalIfFailed<Mx>,
    Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>: NoBorrow<crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, S>, crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, Lo>, crate::bounds::DecIfFailed<Or<AmDone3<Done, X1, X2, Hi, Mn, W, S, NA>, crate::int::Not<AmBorrow<Lo, Mx>>>, Mx>>,
    (RT, ST, AmW1<W, S>): ExactAuditModes<NA, AmDone4<Done, X1, X2, Hi, Mn, W, S, NA, Lo, Mx>>,
{
}
