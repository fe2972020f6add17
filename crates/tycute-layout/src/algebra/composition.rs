//! `composition(A, B)` (`A ∘ B`) for a layout B or a tiler, and `A.with_shape(S)`.
//!
//! As CuTe: A is first coalesced with `coalesce_x` (its flat modes, keeping the function outside
//! the domain too), then B is distributed over its modes:
//!
//! * a tuple shape of B gives a result with B's structure, one composition per mode;
//! * a leaf `s:_0` of B is returned unchanged;
//! * a flat A of one mode `a:e` gives `s:d*e`;
//! * otherwise the leaf `s:d` walks the modes of A except the last with a rest shape (`s`) and a
//!   rest stride (`d`): in mode `a:e` it takes `min(ceil_div(a, |rest_stride|), rest_shape)`
//!   elements with stride `rest_stride * e` (unless that is one element), and continues with
//!   `rest_shape / new_shape` and `ceil_div(|rest_stride|, a) * signum(rest_stride)`; what is
//!   left of the rest shape lands in the last mode.
//!
//! Scaled-basis strides (CuTe's `ScaledBasis`, `cute!` text `_1@1@0`,
//! [`ScaledBasis`](crate::basis::ScaledBasis)): a B whose strides are scaled bases `v@p` composes,
//! as in CuTe's `composition_impl`, each leaf `s:v@p` with the sub-layout `get<p>(A)` that its path
//! selects: `basis_get(v@p, A')` with `A' = coalesce_x(A, coprofile(B))`, which is
//! `coalesce_x(get<p>(A))` (the paths of B are the terminals of its coprofile), composed with `s:v`
//! (`basis_value`). The leaves on one path form one composition with their sub-layout, checked as
//! any other (CuTe's checks and the strict rule below, with the sub-layout as A and B's leaves on
//! other paths as `_0`); leaves on different paths select disjoint modes of A and do not interact.
//! A B whose paths nest (one a prefix of another, [`BasisPathsDisjoint`]) or that mixes scaled
//! bases with non-zero integer strides ([`NoIntegerStrideWithBasis`]) has no coprofile and is
//! rejected, as CuTe's `static_assert`s in the coprofile's sum do.
//!
//! Tilers: an integer `N` is the layout `N:_1`, `_` keeps A, and a tuple applies its elements to
//! the modes of A one by one. As in CuTe (and unlike the divides and products, which keep them),
//! modes of A past the tiler's rank are *dropped*: `composition((_8,_8):(_1,_8), (_2))` is
//! `(_2):(_1)`. A tiler of higher rank than A is rejected.
//!
//! # The exact rule
//!
//! CuTe checks composition weakly and returns layouts that are not `A∘B` for some inputs
//! (NVIDIA/cutlass #3177). tycute accepts a composition when CuTe's algorithm succeeds and its
//! result is `i ↦ A(B(i))` at every `i < size(B)` with `0 ≤ B(i) < size(A)` (the *domain*), and
//! rejects it otherwise, with O(modes) conditions over the flat modes `c_j` of A and the leaves of
//! B (`docs/design.md`, "Composition: the exact rule", is the spec and the argument;
//! `tests/gen/composition_rule.py` is its executable model; the runtime twin
//! `tycute_dynamic::composition` implements the same rule and `tycute_dynamic::composition_check`
//! checks it by brute force). Besides CuTe's stride and shape divisibility
//! ([`StrideDivisibilityAt`], [`ShapeDivisibilityAt`]):
//!
//! * a *box* around the domain bounds each leaf's coordinate ([`DomainBox`], [`LeafRange`]):
//!   a negative leaf reaches no further than the positive leaves allow, a positive one no
//!   further than `size(A)` and the negative leaves allow (four rounds); then each leaf is
//!   tightened once against the other leaves' lattice, their gcd within their reach
//!   ([`LatticeDom`], [`FirstMod`]);
//! * per mode `j < R-1` of the flat A, each leaf's walk gives the range of its values below the
//!   end of mode j and of the part above it, over the box ([`StepRecord`], [`LowRange`]); the
//!   records of the leaves are summed ([`AddDigits`]);
//!
//! 1. [`NegativeStrideDivisibility`]: no leaf with a negative stride skips mode j inexactly
//!    (`|rest_stride|` neither a multiple of `c_j` nor below it) where A's stride there is not
//!    `_0` and the leaf has coordinates past the step in the box;
//! 2. [`PartialWalkDivisibility`]: the same for a leaf that takes part of mode j and continues
//!    (`c_j % |rest_stride| != 0`);
//! 3. [`NoCarry`]: the values below the end of mode j stay below its weight `w_{j+1}`, unless
//!    every such point has `B(i) ≥ size(A)`;
//! 4. [`NoBorrow`]: they are not negative, unless every such point has `B(i) < 0`.
//!
//! Each condition is a public check trait below; its `on_unimplemented` message is what
//! `cargo check` prints.
//!
//! # Files
//!
//! One concept a file, each using only the files listed before it (re-exported here, so every
//! item keeps its path `tycute_layout::algebra::composition::..`):
//!
//! * `composition/rules.rs`: the rejections (CuTe's checks and the exact rule's), each a trait
//!   implemented for `B1` only;
//! * `composition/op.rs`: [`CompositionOp`], [`Composition`], [`WithShape`];
//! * `composition/domain_box.rs`: the box around the domain ([`DomainBox`], [`LeafRange`]);
//! * `composition/lattice_box.rs`: the box tightened against the other leaves' lattice
//!   ([`LatticeDom`], [`FirstMod`]);
//! * `composition/step_record.rs`: one leaf's record at one step ([`StepRecord`], [`LowRange`]);
//! * `composition/walk.rs`: CuTe's `composition_impl` on a flat A ([`ComposeImpl`], [`WalkStep`]);
//! * `composition/audit.rs`: the exact rule's audit, rules 1-4 ([`FullAudit`], [`ExactAudit`]);
//! * `composition/fast.rs`: the cheap first walk ([`FastDom`], [`FastCx`], [`FastVerdict`]);
//! * `composition/verdict.rs`: CuTe's two conditions as one verdict, for the divides
//!   ([`CuteVerdict`]);
//! * `composition/basis.rs`: scaled-basis strides of B ([`ComposeBasis`]);
//! * this file: the impls of [`CompositionOp`] (layouts, integer tilers, `_`, tuple tilers).

use crate::algebra::coalesce::{CoalesceX, CoalesceXOp};
use crate::int::{NonZero, PInt, Unsigned, B0, B1, P1};
use crate::layout::{IsLayout, Layout, MakeLayoutOp, ModesOp, Size, SizeOp, Underscore};
use crate::tuple::{Nil, Tup};

mod rules;
mod op;
mod domain_box;
mod lattice_box;
mod step_record;
mod walk;
mod audit;
mod fast;
mod verdict;
mod basis;

pub use self::audit::*;
pub use self::basis::*;
pub use self::domain_box::*;
pub use self::lattice_box::*;
pub use self::fast::*;
pub use self::op::*;
pub use self::rules::*;
pub use self::step_record::*;
pub use self::verdict::*;
pub use self::walk::*;
use self::walk::{FlatD, FlatS};

// ---------------------------------------------------------------------------------------------
// Entry points

/// The cheap records of B's leaves walked through the flat A ([`FastCx`]).
type FastDigitsOf<A, BS, BD> = <(BS, BD) as ComposeImpl<FlatS<A>, FlatD<A>, FastDom>>::Digits;

/// A layout B: by its strides, integers (`B0`) or scaled bases (`B1`).
impl<S, D, BS, BD> CompositionOp<Layout<BS, BD>> for Layout<S, D>
where
    BD: HasBasis,
    <BD as HasBasis>::Output: ComposeLayout<S, D, BS, BD>,
{
    type Output = <<BD as HasBasis>::Output as ComposeLayout<S, D, BS, BD>>::Output;
}

/// `Layout<S, D> ∘ Layout<BS, BD>`, implemented on whether B's stride holds a scaled basis.
pub trait ComposeLayout<S, D, BS, BD> {
    type Output;
}

/// Integer strides: `composition_impl(coalesce_x(A), B)`, walked once with the cheap records
/// ([`FastDom`]); the exact rule's audit (the box and the full records, a second walk) only
/// where they do not already show that it passes ([`FastVerdict`]).
impl<S, D, BS, BD> ComposeLayout<S, D, BS, BD> for B0
where
    Layout<S, D>: CoalesceXOp + SizeOp,
    CoalesceX<Layout<S, D>>: IsLayout,
    (BS, BD): ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, FastDom>,
    (FastDigitsOf<Layout<S, D>, BS, BD>, FlatS<Layout<S, D>>, P1): FastVerdict<S, D, BS, BD, Size<Layout<S, D>>>,
{
    type Output = <(BS, BD) as ComposeImpl<FlatS<Layout<S, D>>, FlatD<Layout<S, D>>, FastDom>>::Output;
}

/// Scaled-basis strides: each leaf `s:v@p` composes `s:v` with `coalesce_x(get<p>(A))`.
impl<S, D, BS, BD> ComposeLayout<S, D, BS, BD> for B1
where
    (BS, BD): ComposeBasis<S, D, BS, BD>,
{
    type Output = <(BS, BD) as ComposeBasis<S, D, BS, BD>>::Output;
}

/// An integer tiler `N` is the layout `N:_1`.
///
/// (Implemented for `PInt<U>`, not for every `N: Int`: an impl header that also unifies with
/// `Layout<..>` would make the trait solver try both impls, and a rejection would then be
/// reported as "`CompositionOp` is not implemented" instead of the failing check's message.)
impl<S, D, U> CompositionOp<PInt<U>> for Layout<S, D>
where
    U: Unsigned + NonZero,
    Layout<S, D>: CompositionOp<Layout<PInt<U>, P1>>,
{
    type Output = Composition<Layout<S, D>, Layout<PInt<U>, P1>>;
}

/// `_` keeps A.
impl<S, D> CompositionOp<Underscore> for Layout<S, D> {
    type Output = Layout<S, D>;
}

/// A tuple tiler: mode by mode; modes of A past the tiler are dropped (CuTe: "Drop any modes of
/// lhs that aren't hit by rhs").
impl<S, D> CompositionOp<Nil> for Layout<S, D> {
    // ():()
    type Output = Layout<Nil, Nil>;
}
impl<S, D, H, T> CompositionOp<Tup<H, T>> for Layout<S, D>
where
    Layout<S, D>: ModesOp,
    Tup<H, T>: TilerFits<<Layout<S, D> as ModesOp>::Output>,
    <Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output: crate::bounds::DecimalIfFailed<crate::bounds::LenOf<Tup<H, T>>>
        + crate::bounds::DecimalIfFailed<crate::bounds::LenOf<<Layout<S, D> as ModesOp>::Output>>,
    <Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output: TilerRankFits<
        crate::bounds::DecIfFailed<<Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output, crate::bounds::LenOf<Tup<H, T>>>,
        crate::bounds::DecIfFailed<<Tup<H, T> as TilerFits<<Layout<S, D> as ModesOp>::Output>>::Output, crate::bounds::LenOf<<Layout<S, D> as ModesOp>::Output>>,
    >,
    <Layout<S, D> as ModesOp>::Output: ByMode<Tup<H, T>>,
    <<Layout<S, D> as ModesOp>::Output as ByMode<Tup<H, T>>>::Output: MakeLayoutOp,
{
    // (A_0∘T_0, A_1∘T_1, ..., A_k∘T_k)
    type Output = <<<Layout<S, D> as ModesOp>::Output as ByMode<Tup<H, T>>>::Output as MakeLayoutOp>::Output;
}

/// Whether a tiler (a list) has no more elements than the list of modes: `B1` or `B0`.
#[doc(hidden)]
pub trait TilerFits<Ms> {
    type Output;
}
impl<Ms> TilerFits<Ms> for Nil {
    type Output = B1;
}
impl<H, T> TilerFits<Nil> for Tup<H, T> {
    type Output = B0;
}
impl<H, T, M, MT> TilerFits<Tup<M, MT>> for Tup<H, T>
where
    T: TilerFits<MT>,
{
    type Output = <T as TilerFits<MT>>::Output;
}

/// The modes of A, each composed with its tiler element; modes past the tiler are dropped.
#[doc(hidden)]
pub trait ByMode<Tiler> {
    type Output;
}
impl<Ms> ByMode<Nil> for Ms {
    type Output = Nil;
}
/// A tiler longer than A: rejected by [`TilerRankFits`] alone (this impl only keeps that the
/// one error reported).
impl<H, T> ByMode<Tup<H, T>> for Nil {
    type Output = Nil;
}
impl<M, MT, H, T> ByMode<Tup<H, T>> for Tup<M, MT>
where
    M: CompositionOp<H>,
    MT: ByMode<T>,
{
    type Output = Tup<Composition<M, H>, <MT as ByMode<T>>::Output>;
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table, Reify};
    use tycute_macros::cute;

    #[test]
    fn composition_layouts() {
        assert_eq!(show::<Composition<cute!((_3,_1,_2):(_6,_1,_3)), cute!(_2:_2)>>(), "_2:_12");
        assert_eq!(show::<Composition<cute!((_2,_12):(_12,_1)), cute!((_12,_2):(_1,_12))>>(), "((_2,_6),_2):((_12,_1),_6)");
        assert_eq!(show::<Composition<cute!((_8,_4,_4,_4):(_1,_8,_32,_128)), cute!((_8,_2):(_0,_1))>>(), "(_8,_2):(_0,_1)");
        assert_eq!(show::<Composition<cute!((((_4,_2),_2),_2,_2):(((_2,_1),_0),_8,_32)), cute!(_16:_2)>>(), "(_2,_2,_2,_2):(_4,_1,_0,_8)");
        assert_eq!(show::<Composition<cute!((_4,_4):(_-1,_1)), cute!((_2,_4,_2):(_1,_2,_8))>>(), "(_2,(_2,_2),_2):(_-1,(_-2,_1),_2)");
        assert_eq!(show::<Composition<cute!((_1,(_2,_4)):(_0,(_-1,_512))), cute!(_4:_-1)>>(), "(_2,_2):(_1,_-512)");
        assert_eq!(show::<Composition<cute!((_4):(_-1)), cute!((_4):(_-1))>>(), "(_4):(_1)");
        assert_eq!(table::<Composition<cute!((_2,_12):(_12,_1)), cute!((_12,_2):(_1,_12))>>(), vec![0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23]);
    }

    /// Whether `R(i) == A(B(i))` at every `i < size(B)` with `0 <= B(i) < size(A)`.
    fn composes<A: Reify, B: Reify, R: Reify>() -> bool {
        let (a, b, r) = (table::<A>(), table::<B>(), table::<R>());
        b.len() == r.len() && b.iter().zip(&r).all(|(&x, &y)| x < 0 || x as usize >= a.len() || a[x as usize] == y)
    }

    type A1 = cute!((_3,_8):(_8,_-1));
    type A2 = cute!((_2,_4,_4):(_1,_2,_2));

    /// The two rejected examples (`compile_fail` doctests on [`Composition`]): what CuTe prints
    /// for them is not `A∘B`.
    #[test]
    fn rejected_examples_are_not_a_after_b() {
        // A1 ∘ (_4,_6):(_-4,_1): CuTe prints (_4,(_3,_2)):(_2,(_8,_-1)); B(17) = 0, A(0) = 0, R(17) = 9
        type Cute1 = cute!((_4,(_3,_2)):(_2,(_8,_-1)));
        assert!(!composes::<A1, cute!((_4,_6):(_-4,_1)), Cute1>());
        let (a, b, r) = (table::<A1>(), table::<cute!((_4,_6):(_-4,_1))>(), table::<Cute1>());
        assert_eq!((b[17], a[0], r[17]), (0, 0, 9));
        // A2 ∘ (_2,_4):(_32,_-1): CuTe prints (_2,_4):(_8,_-1); B(3) = 31, A(31) = 13, R(3) = 7
        type Cute2 = cute!((_2,_4):(_8,_-1));
        assert!(!composes::<A2, cute!((_2,_4):(_32,_-1)), Cute2>());
        let (a, b, r) = (table::<A2>(), table::<cute!((_2,_4):(_32,_-1))>(), table::<Cute2>());
        assert_eq!((b[3], a[31], r[3]), (31, 13, 7));
    }

    /// Their accepted neighbours.
    #[test]
    fn negative_stride_neighbours() {
        // |_-3| is a multiple of A1's first mode _3 (the rejected _-4 is not)
        type B1 = cute!((_4,_6):(_-3,_1));
        assert_eq!(show::<Composition<A1, B1>>(), "(_4,(_3,_2)):(_1,(_8,_-1))");
        assert!(composes::<A1, B1, Composition<A1, B1>>());
        // no negative digit below the positive _32 leaf (the rejected _-1 placed one)
        type B2 = cute!((_2,_4):(_32,_1));
        assert_eq!(show::<Composition<A2, B2>>(), "(_2,_4):(_8,_1)");
        assert!(composes::<A2, B2, Composition<A2, B2>>());
        // negative digits in the highest mode that holds positive ones
        type B3 = cute!((_4,_2):(_1,_-2));
        assert_eq!(show::<Composition<A2, B3>>(), "(_4,_2):(_1,_-2)");
        assert!(composes::<A2, B3, Composition<A2, B3>>());
        type B4 = cute!((_2,_2,_8):(_8,_-8,_1));
        assert_eq!(show::<Composition<A2, B4>>(), "(_2,_2,_8):(_2,_-2,_1)");
        assert!(composes::<A2, B4, Composition<A2, B4>>());
        // the existing cases with negative strides
        type A3 = cute!((_4,_4):(_-1,_1));
        type B5 = cute!((_2,_4,_2):(_1,_2,_8));
        assert!(composes::<A3, B5, Composition<A3, B5>>());
    }

    /// The two refinements of the strict rule that remove over-rejections.
    #[test]
    fn strict_rule_refinements() {
        // an inert leaf: the positive leaf reaches 5 < 8, so B(i) >= 0 puts the _-8 leaf at 0 and
        // its step over A1's _3 does not matter
        type B1 = cute!((_2,_6):(_-8,_1));
        assert_eq!(show::<Composition<A1, B1>>(), "(_2,(_3,_2)):(_3,(_8,_-1))");
        assert!(composes::<A1, B1, Composition<A1, B1>>());
        // A's trailing _1: coalesce_x gives (_4,_2):(_1,_7), whose top mode is _4, A's own last
        // mode: the walk may leave it inexactly, and the digits may reach past it
        type A4 = cute!((_4,_1):(_1,_7));
        assert_eq!(show::<Composition<A4, cute!(_4:_3)>>(), "(_2,_2):(_3,_7)");
        assert!(composes::<A4, cute!(_4:_3), Composition<A4, cute!(_4:_3)>>());
        type A5 = cute!((_8,_1):(_1,_0));
        type B5 = cute!((_4,_4):(_2,_1));
        assert_eq!(show::<Composition<A5, B5>>(), "(_4,_4):(_2,_1)");
        assert!(composes::<A5, B5, Composition<A5, B5>>());
    }

    /// The exact rule accepts what the former strict rule over-rejected: at a stride-0 mode of A
    /// only the carry out of it matters, and points of B past size(A) do not count (the same
    /// cases as the runtime twin's `composition_check::tests::former_over_rejections`).
    #[test]
    fn exact_rule_accepts() {
        type A1 = cute!((_5,_2):(_0,_1));
        assert_eq!(show::<Composition<A1, cute!(_4:_3)>>(), "(_2,_2):(_0,_1)");
        assert!(composes::<A1, cute!(_4:_3), Composition<A1, cute!(_4:_3)>>());
        type A2 = cute!((_7,_2):(_0,_7));
        assert_eq!(show::<Composition<A2, cute!(_4:_4)>>(), "(_2,_2):(_0,_7)");
        assert!(composes::<A2, cute!(_4:_4), Composition<A2, cute!(_4:_4)>>());
        type A3 = cute!((_8,_3):(_0,_8));
        assert_eq!(show::<Composition<A3, cute!(_6:_3)>>(), "(_3,_2):(_0,_8)");
        assert!(composes::<A3, cute!(_6:_3), Composition<A3, cute!(_6:_3)>>());
        type A4 = cute!((_8,_2):(_0,_1));
        type B4 = cute!((_1,_4):(_8,_5));
        assert_eq!(show::<Composition<A4, B4>>(), "(_1,(_2,_2)):(_1,(_0,_1))");
        assert!(composes::<A4, B4, Composition<A4, B4>>());
        // from a search of small pairs, one per condition of the former rule that refused it:
        // 4 (a negative digit below a positive one, at points outside the domain), 1 (an inexact
        // skip at a stride-0 mode) and 2 (an inexact partial walk, at a stride-0 mode, and at a
        // point past size(A))
        type A5 = cute!((_2,_2):(_-1,_-1));
        type B5 = cute!((_2,_2):(_-1,_6));
        assert!(composes::<A5, B5, Composition<A5, B5>>());
        type A6 = cute!((_2,_2):(_0,_-1));
        type B6 = cute!((_2,_2):(_-3,_4));
        assert!(composes::<A6, B6, Composition<A6, B6>>());
        type A7 = cute!((_3,_2):(_0,_-1));
        assert!(composes::<A7, cute!((_4):(_2)), Composition<A7, cute!((_4):(_2))>>());
        type A8 = cute!((_3,_2):(_-1,_-1));
        type B8 = cute!((_2,_4):(_2,_-2));
        assert!(composes::<A8, B8, Composition<A8, B8>>());
        assert_eq!(
            [show::<Composition<A5, B5>>(), show::<Composition<A6, B6>>(), show::<Composition<A7, cute!((_4):(_2))>>(), show::<Composition<A8, B8>>()],
            ["(_2,_2):(_1,_-3)", "(_2,_2):(_2,_-2)", "((_2,_2)):((_0,_-1))", "(_2,(_2,_2)):(_-2,(_2,_1))"]
        );
    }

    /// Scaled-basis strides: `v@p` selects `get<p>(A)` and composes it with `s:v`.
    #[test]
    fn scaled_basis_strides() {
        // the vectors (tests/vectors/algebra.txt): a transpose, and a nested path
        type T = cute!((_4,_4):(_4,_1));
        assert_eq!(show::<Composition<T, cute!((_4,_4):(_1@1,_1@0))>>(), "(_4,_4):(_1,_4)");
        assert_eq!(table::<Composition<T, cute!((_4,_4):(_1@1,_1@0))>>(), (0..16).collect::<Vec<i64>>());
        type N = cute!((_4,(_2,_3)):(_6,(_3,_1)));
        assert_eq!(show::<Composition<N, cute!((_2,_4):(_1@1@1,_1@0))>>(), "(_2,_4):(_1,_6)");
        assert_eq!(table::<Composition<N, cute!((_2,_4):(_1@1@1,_1@0))>>(), vec![0, 1, 6, 7, 12, 13, 18, 19]);
        // a path selects a mode that coalesce_x flattens: get<1>(N) = (_2,_3):(_3,_1)
        assert_eq!(show::<Composition<N, cute!(_6:_1@1)>>(), "(_2,_3):(_3,_1)");
        // scale and a nested B: B's structure is kept, a _0 stride passes through
        assert_eq!(show::<Composition<T, cute!(((_2,_2),_3):((_2@0,_1@1),_0))>>(), "((_2,_2),_3):((_8,_1),_0)");
        // an integral B, and a path into an integral A (get<0> of an integer is itself)
        assert_eq!(show::<Composition<T, cute!(_2:_2@0)>>(), "_2:_8");
        assert_eq!(show::<Composition<cute!(_8:_3), cute!(_4:_2@0)>>(), "_4:_6");
        // a negative scale
        assert_eq!(show::<Composition<T, cute!((_4,_2):(_-1@0,_1@1))>>(), "(_4,_2):(_-4,_1)");
        // a trailing _1 of the selected mode: coalesce_x's _2 and the top mode, as for a plain B
        type A4 = cute!((_3,(_4,_1)):(_1,(_3,_7)));
        assert_eq!(show::<Composition<A4, cute!(_4:_3@1)>>(), "(_2,_2):(_9,_7)");
        // as a tiler mode
        assert_eq!(show::<Composition<T, cute!((_2:_2@0,_))>>(), "(_2,_4):(_8,_1)");
        // basis_get and basis_value
        assert_eq!(show::<crate::basis::BasisGet<cute!(_1@1@1), N>>(), "_3:_1");
        assert_eq!(show::<crate::basis::BasisValue<cute!(_3@1@0)>>(), "_3");
    }

    /// The leaves on one path are one composition with the selected mode, checked by the strict
    /// rule; leaves on different paths are independent.
    #[test]
    fn scaled_basis_groups() {
        type N = cute!((_4,(_2,_3)):(_6,(_3,_1)));
        // two leaves on path 1 that together walk get<1>(N) = (_2,_3):(_3,_1) in value order
        type B1 = cute!((_3,_2,_4):(_2@1,_1@1,_1@0));
        assert_eq!(show::<Composition<N, B1>>(), "(_3,_2,_4):(_1,_3,_6)");
        // R(j,i,m) = get<1>(N)(2j+i) + get<0>(N)(m)
        let (a1, r) = (table::<cute!((_2,_3):(_3,_1))>(), table::<Composition<N, B1>>());
        let mut k = 0;
        for m in 0..4 {
            for i in 0..2 {
                for j in 0..3 {
                    assert_eq!(r[k], a1[2 * j + i] + 6 * m);
                    k += 1;
                }
            }
        }
        assert_eq!(r, (0..24).collect::<Vec<i64>>());
        // leaves on different paths do not interact: each is audited with its own mode (the
        // integer-stride B (_4,_4):(_1,_1) would overlap in a mode of A)
        type T = cute!((_4,_4):(_4,_1));
        assert_eq!(show::<Composition<T, cute!((_4,_4):(_1@0,_1@1))>>(), "(_4,_4):(_4,_1)");
    }

    #[test]
    fn composition_tilers() {
        assert_eq!(show::<Composition<cute!(_4:_1), cute!((_4))>>(), "(_4):(_1)");
        assert_eq!(show::<Composition<cute!((_16,_8):(_0,_16)), cute!(((_2,_2):(_1,_2),_2:_1))>>(), "((_2,_2),_2):((_0,_0),_16)");
        assert_eq!(show::<Composition<cute!(((_2,_2),_4,_2):((_24,_48),_1,_12)), cute!((_2:_2,_))>>(), "(_2,_4):(_48,_1)");
        assert_eq!(show::<Composition<cute!(((_4,_8,_4),_4):((_0,_16,_1),_4)), cute!((_,_4))>>(), "((_4,_8,_4),_4):((_0,_16,_1),_4)");
        assert_eq!(show::<Composition<cute!((_4,_16,_2):(_1,_12,_192)), cute!((_4:_1,_16))>>(), "(_4,_16):(_1,_12)");
        assert_eq!(show::<Composition<cute!((_8,_8):(_1,_8)), cute!(_2)>>(), "_2:_1");
        assert_eq!(show::<Composition<cute!((_8,_8):(_1,_8)), cute!(_)>>(), "(_8,_8):(_1,_8)");
    }

    #[test]
    fn with_shape() {
        assert_eq!(show::<WithShape<cute!((_2,_12):(_12,_1)), cute!((_8,_3))>>(), "((_2,_4),_3):((_12,_1),_4)");
        assert_eq!(show::<WithShape<cute!((_16,_8):(_0,_16)), cute!(_128)>>(), "(_16,_8):(_0,_16)");
        assert_eq!(show::<WithShape<cute!((_2,(_4,_3),_4):(_1,(_1,_2),_8)), cute!((_4,_24))>>(), "((_2,_2),(_2,_3,_4)):((_1,_1),(_2,_2,_8))");
    }

    /// The lattice box accepts what the linear box alone over-rejected: the smallest of the 94
    /// compositions of `composition_check over 1000000 12648430 all` it newly accepts (the twin's
    /// `composition::lattice_box_tests::LATTICE_ACCEPTS`; CuTe's formula, `A∘B` on the domain).
    #[test]
    fn lattice_box_accepts() {
        macro_rules! accepts {
            ($a:ty, $b:ty, $r:expr) => {{
                assert_eq!(show::<Composition<$a, $b>>(), $r);
                assert!(composes::<$a, $b, Composition<$a, $b>>());
            }};
        }
        accepts!(cute!((_3,_1,_1):(_1,_-1,_10)), cute!((_2,_2,_4):(_-6,_-13,_18)), "(_2,_2,_4):(_-20,_-50,_60)");
        accepts!(cute!((_2,_1):(_3,_-18)), cute!((_3,_2,_5):(_-13,_-24,_16)), "(_3,_2,_5):(_126,_216,_-144)");
        accepts!(cute!(((_2,_1)):((_3,_3))), cute!((_6,_3,_2):(_16,_-13,_-24)), "(_6,_3,_2):(_24,_-21,_-36)");
        accepts!(cute!((_4,_1):(_1,_3)), cute!(((_2,_2),_5):((_20,_-10),_-20)), "((_2,_2),_5):((_15,_-9),_-15)");
        // a stride-0 mode of A
        accepts!(cute!(((_2,_1)):((_0,_6))), cute!(((_6,_4),_2):((_-4,_4),_-1)), "((_6,_4),_2):((_-12,_12),_0)");
        // two leaves: the lattice box is the exact box
        accepts!(cute!((_2,_1):(_-3,_-3)), cute!(((_7,_8)):((_-23,_22))), "((_7,_8)):((_36,_-33))");
    }

    /// Euclid's recursion against the least k by enumeration, on a few values (the twin's test
    /// `first_mod_is_the_least` covers every case with m < 40).
    #[test]
    fn first_mod() {
        use crate::int::Integer;
        trait Answer {
            fn get() -> Option<i64>;
        }
        impl Answer for NotFound {
            fn get() -> Option<i64> {
                None
            }
        }
        impl<K: Integer> Answer for Found<K> {
            fn get() -> Option<i64> {
                Some(K::I64)
            }
        }
        fn least(a: i64, m: i64, l: i64, r: i64) -> Option<i64> {
            (0..m).find(|&k| (l..=r).contains(&((a * k) % m)))
        }
        macro_rules! check {
            ($a:literal, $m:literal, $l:literal, $r:literal) => {{
                assert_eq!(
                    <<typenum::PInt<typenum::U<$a>> as FirstMod<typenum::PInt<typenum::U<$m>>, typenum::PInt<typenum::U<$l>>, typenum::PInt<typenum::U<$r>>>>::Output as Answer>::get(),
                    least($a, $m, $l, $r),
                    "a {} m {} [{}, {}]", $a, $m, $l, $r
                );
            }};
        }
        check!(3, 7, 2, 2);
        check!(5, 12, 1, 1);
        check!(7, 30, 11, 13);
        check!(6, 14, 5, 5);
        check!(9, 41, 20, 22);
        check!(13, 100, 37, 40);
        check!(4, 10, 1, 1);
        check!(21, 55, 50, 54);
        assert_eq!(<<crate::int::Z0 as FirstMod<typenum::P5, typenum::P1, typenum::P2>>::Output as Answer>::get(), None);
    }
}
