//! Swizzled composed layouts `Sw o offset o L`: construction (CuTe's three-argument
//! `composition(a, offset, b)`) and the layout algebra on them.
//!
//! CuTe applies most operations to a `ComposedLayout<A, O, B>` by applying them to the inner
//! layout `B` and keeping `A` and `O` (`layout_composed.hpp`); the swizzle-specific ones
//! (inverses, casts) are in `swizzle_layout.hpp` and `pointer_flagged.hpp`.

use core::ops::{BitAnd, Div, Mul, Rem};

use crate::algebra::cast::{Downcast, DowncastOp, Upcast, UpcastOp};
use crate::algebra::composition::{Composition, CompositionOp};
use crate::algebra::inverse::{LeftInverse, LeftInverseOp, RightInverse, RightInverseOp};
use crate::int::{And, Eq, Int, IsEqual, Mod, NInt, NonZero, PInt, Prod, Quot, Select, Unsigned, If, B0, B1, Z0};
use crate::algebra::coalesce::{Coalesce, CoalesceOp};
use crate::layout::{CosizeOp, DepthOfOp, Layout, LayoutAt, LayoutAtOp, RankOfOp, SizeOp};
use crate::sealed::Sealed;
use crate::swizzle::recast::{SwizzleDowncast, SwizzleDowncastOp, SwizzleUpcast, SwizzleUpcastOp};
use crate::swizzle::swizzle::{ValidSwizzle, MakeSwizzle, MakeSwizzleOp, Masks, SwizzleMasks, YyyMsk, ZzzMsk};
use crate::swizzle::{ComposedLayout, SmemPtr, Swizzle};

/// Whether a composed layout's middle slot is the static zero `_0` (`B1`) or something else
/// (another static integer, or an `smem_ptr` flag: `B0`).
#[doc(hidden)]
pub trait IsZeroOffset: Sealed {
    type Output;
}
impl IsZeroOffset for Z0 {
    type Output = B1;
}
impl<U: Unsigned + NonZero> IsZeroOffset for PInt<U> {
    type Output = B0;
}
impl<U: Unsigned + NonZero> IsZeroOffset for NInt<U> {
    type Output = B0;
}
impl<Bits> IsZeroOffset for SmemPtr<Bits> {
    type Output = B0;
}

/// The inner function of a composed layout is a layout, not another composed layout.
///
/// CuTe nests composed layouts: composing two swizzled layouts,
/// `composition(Sw1 o _0 o L1, Sw2 o _0 o L2)`, gives `Sw1 o _0 o Sw' o _0 o (L1 ∘ L2)` (printed
/// with two swizzles). tycute represents one swizzle (or one outer layout) per composed layout,
/// at both levels; a result that would nest is rejected with this rule (the runtime twin in the
/// same words) instead of being flattened into a wrong function.
#[diagnostic::on_unimplemented(
    message = "composition: the result would nest composed layouts (Sw o _0 o Sw o _0 o L), which tycute does not represent",
    label = "the inner function of this composed layout is itself a composed layout"
)]
pub trait NotNestedComposed: Sealed {}
impl<S, D> NotNestedComposed for Layout<S, D> {}
// `right_inverse(Sw o O o L)` with a non-zero offset is `right_inverse(L) o -O o Sw`
impl<B, M, S> NotNestedComposed for Swizzle<B, M, S> {}

/// CuTe's three-argument `composition(a, offset, b)`: the composed layout `a o offset o b`,
/// except that the identity swizzle `Sw<0,M,S>` with offset `_0` is dropped and `b` returned
/// (CuTe's "ignore identity case" overload).
pub trait Composition3Op<O, L>: Sealed {
    type Output;
}
impl<B, M, S, O, L> Composition3Op<O, L> for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: ValidSwizzle,
    L: NotNestedComposed,
    B: IsEqual<Z0>,
    O: IsZeroOffset,
    Eq<B, Z0>: BitAnd<<O as IsZeroOffset>::Output>,
    And<Eq<B, Z0>, <O as IsZeroOffset>::Output>: Select<L, ComposedLayout<Swizzle<B, M, S>, O, L>>,
{
    type Output = If<And<Eq<B, Z0>, <O as IsZeroOffset>::Output>, L, ComposedLayout<Swizzle<B, M, S>, O, L>>;
}
/// `composition(A, O, B)` with three arguments: `A o O o B`.
pub type Composition3<A, O, B> = <A as Composition3Op<O, B>>::Output;
// A general (non-swizzle) outer function is kept as it is: `A o O o B`.
impl<S, D, O, L: NotNestedComposed> Composition3Op<O, L> for Layout<S, D> {
    type Output = ComposedLayout<Layout<S, D>, O, L>;
}

// ---------------------------------------------------------------------------------------------
// composition

// Sw ∘ L = Sw o _0 o L (the identity swizzle gives L)
impl<B, M, S, LS, LD> CompositionOp<Layout<LS, LD>> for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: Composition3Op<Z0, Layout<LS, LD>>,
{
    type Output = Composition3<Swizzle<B, M, S>, Z0, Layout<LS, LD>>;
}

// (A o O o L) ∘ T = A o O o (L ∘ T), for a layout or a tiler T
impl<A, O, L, T> CompositionOp<T> for ComposedLayout<A, O, L>
where
    L: CompositionOp<T>,
    A: Composition3Op<O, Composition<L, T>>,
{
    type Output = Composition3<A, O, Composition<L, T>>;
}

// L ∘ Sw: CuTe's `composition(Layout, Swizzle)`: the swizzle whose masks are the images of Sw's
// masks under L, composed with L: `make_swizzle<L(yyy), L(zzz)>() ∘ L`.
impl<S, D, B, M, Sh> CompositionOp<Swizzle<B, M, Sh>> for Layout<S, D>
where
    Swizzle<B, M, Sh>: ValidSwizzle + SwizzleMasks,
    Layout<S, D>: LayoutAtInt<YyyMsk<Swizzle<B, M, Sh>>> + LayoutAtInt<ZzzMsk<Swizzle<B, M, Sh>>>,
    Masks<AtInt<Layout<S, D>, YyyMsk<Swizzle<B, M, Sh>>>, AtInt<Layout<S, D>, ZzzMsk<Swizzle<B, M, Sh>>>>: MakeSwizzleOp,
    MakeSwizzle<AtInt<Layout<S, D>, YyyMsk<Swizzle<B, M, Sh>>>, AtInt<Layout<S, D>, ZzzMsk<Swizzle<B, M, Sh>>>>:
        Composition3Op<Z0, Layout<S, D>>,
{
    type Output = Composition3<
        MakeSwizzle<AtInt<Layout<S, D>, YyyMsk<Swizzle<B, M, Sh>>>, AtInt<Layout<S, D>, ZzzMsk<Swizzle<B, M, Sh>>>>,
        Z0,
        Layout<S, D>,
    >;
}

/// CuTe's "Require offset == 0." of `composition(Layout, ComposedLayout)`.
#[diagnostic::on_unimplemented(
    message = "composition: Require offset == 0. (a layout composed with a composed layout)",
    label = "the composed layout's offset is not _0"
)]
pub trait ComposedOffsetIsZero: Sealed {}
impl ComposedOffsetIsZero for B1 {}

// L ∘ (A o _0 o B) = (L ∘ A) ∘ B
impl<S, D, A, O, L> CompositionOp<ComposedLayout<A, O, L>> for Layout<S, D>
where
    O: IsZeroOffset,
    <O as IsZeroOffset>::Output: ComposedOffsetIsZero,
    Layout<S, D>: CompositionOp<A>,
    Composition<Layout<S, D>, A>: CompositionOp<L>,
{
    type Output = Composition<Composition<Layout<S, D>, A>, L>;
}

/// `L(i)` for a static integer `i` (CuTe's `Layout::operator()(int)`: `crd2idx(i, shape, stride)`,
/// the last mode taking the whole rest).
#[doc(hidden)]
pub trait LayoutAtInt<I> {
    type Output;
}
impl<S, D, I> LayoutAtInt<I> for Layout<S, D>
where
    I: crate::algebra::coord::Crd2IdxOp<S, D>,
{
    type Output = crate::algebra::coord::Crd2Idx<I, S, D>;
}
type AtInt<L, I> = <L as LayoutAtInt<I>>::Output;

// ---------------------------------------------------------------------------------------------
// shape queries and mode access: those of the inner layout (CuTe's `layout_composed.hpp`)

impl<A, O, L: SizeOp> SizeOp for ComposedLayout<A, O, L> {
    type Output = <L as SizeOp>::Output;
}
impl<A, O, L: CosizeOp> CosizeOp for ComposedLayout<A, O, L> {
    type Output = <L as CosizeOp>::Output;
}
impl<A, O, L: RankOfOp> RankOfOp for ComposedLayout<A, O, L> {
    type Output = <L as RankOfOp>::Output;
}
impl<A, O, L: DepthOfOp> DepthOfOp for ComposedLayout<A, O, L> {
    type Output = <L as DepthOfOp>::Output;
}
/// `layout<I>(A o O o L)` = `A o O o layout<I>(L)`.
impl<A, O, L, I> LayoutAtOp<I> for ComposedLayout<A, O, L>
where
    L: LayoutAtOp<I>,
    A: Composition3Op<O, LayoutAt<L, I>>,
{
    type Output = Composition3<A, O, LayoutAt<L, I>>;
}
/// `coalesce(A o O o L)` = `A o O o coalesce(L)`.
impl<A, O, L> CoalesceOp for ComposedLayout<A, O, L>
where
    L: CoalesceOp,
    A: Composition3Op<O, Coalesce<L>>,
{
    type Output = Composition3<A, O, Coalesce<L>>;
}

// ---------------------------------------------------------------------------------------------
// right_inverse / left_inverse (CuTe's `swizzle_layout.hpp`)

// A swizzle is its own inverse.
impl<B, M, S> RightInverseOp for Swizzle<B, M, S> {
    type Output = Swizzle<B, M, S>;
}
impl<B, M, S> LeftInverseOp for Swizzle<B, M, S> {
    type Output = Swizzle<B, M, S>;
}

/// `right_inverse(Sw o O o L)`: with `O = _0` the swizzle is passed through to the left,
/// `composition(right_inverse(L), Sw)` (a layout composed with a swizzle: a new swizzle in L's
/// domain, e.g. `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)` gives `Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)`);
/// otherwise it is `right_inverse(L) o -O o Sw`.
impl<B, M, S, O, L> RightInverseOp for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    Swizzle<B, M, S>: ValidSwizzle,
    O: IsZeroOffset,
    L: RightInverseOp,
    <O as IsZeroOffset>::Output: InverseThrough<Swizzle<B, M, S>, O, RightInverse<L>>,
{
    type Output = <<O as IsZeroOffset>::Output as InverseThrough<Swizzle<B, M, S>, O, RightInverse<L>>>::Output;
}
/// `left_inverse(Sw o O o L)`: as [`RightInverseOp`], with `left_inverse(L)`.
impl<B, M, S, O, L> LeftInverseOp for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    Swizzle<B, M, S>: ValidSwizzle,
    O: IsZeroOffset,
    L: LeftInverseOp,
    <O as IsZeroOffset>::Output: InverseThrough<Swizzle<B, M, S>, O, LeftInverse<L>>,
{
    type Output = <<O as IsZeroOffset>::Output as InverseThrough<Swizzle<B, M, S>, O, LeftInverse<L>>>::Output;
}

/// `Inv ∘ Sw` for a zero offset (`B1`), `Inv o -O o Sw` otherwise (`B0`).
#[doc(hidden)]
pub trait InverseThrough<SW, O, Inv> {
    type Output;
}
impl<SW, O, Inv> InverseThrough<SW, O, Inv> for B1
where
    Inv: CompositionOp<SW>,
{
    type Output = Composition<Inv, SW>;
}
impl<SW, O, Inv> InverseThrough<SW, O, Inv> for B0
where
    O: Int + core::ops::Neg,
    Inv: Composition3Op<<O as core::ops::Neg>::Output, SW>,
{
    type Output = Composition3<Inv, <O as core::ops::Neg>::Output, SW>;
}

// ---------------------------------------------------------------------------------------------
// upcast / downcast

/// Rejects an `upcast<N>` of a composed layout whose static offset is not a multiple of `N`.
#[diagnostic::on_unimplemented(
    message = "upcast of a composed layout: the static offset must be divisible by N: offset {O}, N = {N}",
    label = "offset not divisible by N"
)]
pub trait OffsetUpcastDivisible<O = (), N = ()>: Sealed {}
impl<O, N> OffsetUpcastDivisible<O, N> for B1 {}

/// How the swizzle and the offset of `Sw o O o L` change under `upcast<N>` / `downcast<N>`:
/// for a static integer offset the swizzle is cast and the offset divided (`safe_div`) or
/// multiplied by `N`; for an `smem_ptr[Bb]` flag the swizzle is kept (it acts on byte
/// addresses) and the flag becomes `smem_ptr[(B*N)b]` / `smem_ptr[(B/N)b]`.
pub trait CastOffset<N, SW> {
    type UpSw;
    type UpOffset;
    type DownSw;
    type DownOffset;
}
impl<N, SW, O> CastOffset<N, SW> for O
where
    O: Int + Rem<N> + Div<N> + Mul<N>,
    Mod<O, N>: IsEqual<Z0>,
    Eq<Mod<O, N>, Z0>: crate::bounds::DecimalIfFailed<O> + crate::bounds::DecimalIfFailed<N>,
    Eq<Mod<O, N>, Z0>: OffsetUpcastDivisible<crate::bounds::DecIfFailed<Eq<Mod<O, N>, Z0>, O>, crate::bounds::DecIfFailed<Eq<Mod<O, N>, Z0>, N>>,
    SW: SwizzleUpcastOp<N> + SwizzleDowncastOp<N>,
{
    type UpSw = SwizzleUpcast<N, SW>;
    type UpOffset = Quot<O, N>;
    type DownSw = SwizzleDowncast<N, SW>;
    type DownOffset = Prod<O, N>;
}
impl<N, SW, Bt> CastOffset<N, SW> for SmemPtr<Bt>
where
    Bt: Mul<N> + Div<N>,
{
    type UpSw = SW;
    type UpOffset = SmemPtr<Prod<Bt, N>>;
    type DownSw = SW;
    type DownOffset = SmemPtr<Quot<Bt, N>>;
}

// upcast<N>(Sw) and downcast<N>(Sw): see `recast.rs`
impl<N, B, M, S> UpcastOp<N> for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: SwizzleUpcastOp<N>,
{
    type Output = SwizzleUpcast<N, Swizzle<B, M, S>>;
}
impl<N, B, M, S> DowncastOp<N> for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: SwizzleDowncastOp<N>,
{
    type Output = SwizzleDowncast<N, Swizzle<B, M, S>>;
}

// upcast<N>(Sw o O o L) = upcast<N>(Sw) o upcast<N>(O) o upcast<N>(L)
impl<N, B, M, S, O, L> UpcastOp<N> for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    Swizzle<B, M, S>: ValidSwizzle,
    O: CastOffset<N, Swizzle<B, M, S>>,
    L: UpcastOp<N>,
    <O as CastOffset<N, Swizzle<B, M, S>>>::UpSw: Composition3Op<<O as CastOffset<N, Swizzle<B, M, S>>>::UpOffset, Upcast<N, L>>,
{
    type Output = Composition3<
        <O as CastOffset<N, Swizzle<B, M, S>>>::UpSw,
        <O as CastOffset<N, Swizzle<B, M, S>>>::UpOffset,
        Upcast<N, L>,
    >;
}
// downcast<N>(Sw o O o L) = downcast<N>(Sw) o downcast<N>(O) o downcast<N>(L)
impl<N, B, M, S, O, L> DowncastOp<N> for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    Swizzle<B, M, S>: ValidSwizzle,
    O: CastOffset<N, Swizzle<B, M, S>>,
    L: DowncastOp<N>,
    <O as CastOffset<N, Swizzle<B, M, S>>>::DownSw:
        Composition3Op<<O as CastOffset<N, Swizzle<B, M, S>>>::DownOffset, Downcast<N, L>>,
{
    type Output = Composition3<
        <O as CastOffset<N, Swizzle<B, M, S>>>::DownSw,
        <O as CastOffset<N, Swizzle<B, M, S>>>::DownOffset,
        Downcast<N, L>,
    >;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn composition() {
        assert_eq!(show::<Composition<cute!(Sw<3,3,3>), cute!((_8,_64):(_64,_1))>>(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assert_eq!(show::<Composition<cute!(Sw<0,4,3>), cute!((_8,_64):(_64,_1))>>(), "(_8,_64):(_64,_1)");
        assert_eq!(
            show::<Composition<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)), cute!((_4:_2,_16:_1))>>(),
            "Sw<3,3,3> o _0 o (_4,_16):(_128,_1)"
        );
        assert_eq!(show::<Composition<cute!((_64,_8):(_8,_1)), cute!(Sw<3,3,3>)>>(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
        assert_eq!(show::<Composition<cute!((_8,_64):(_64,_1)), cute!(Sw<0,4,3>)>>(), "(_8,_64):(_64,_1)");
    }

    #[test]
    fn layout_of_composed() {
        use crate::layout::{Cosize, Depth, LayoutAt, Rank, Size};
        use crate::Coalesce;
        type C = cute!(Sw<3,3,3> o _0 o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0)));
        assert_eq!(show::<Size<C>>(), "_4096");
        assert_eq!(show::<Cosize<C>>(), "_4096");
        assert_eq!(show::<Rank<C>>(), "_2");
        assert_eq!(show::<Depth<C>>(), "_2");
        assert_eq!(show::<LayoutAt<C, cute!(1)>>(), "Sw<3,3,3> o _0 o (_64,_1):(_1,_0)");
        assert_eq!(show::<Coalesce<C>>(), "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)");
        // a layout composed with a composed layout: (L ∘ Sw) ∘ B
        assert_eq!(
            show::<Composition<cute!((_64,_8):(_8,_1)), cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>(),
            "Sw<3,0,-6> o _0 o (_8,_64):(_1,_8)"
        );
    }

    #[test]
    fn inverses() {
        assert_eq!(show::<RightInverse<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
        assert_eq!(show::<LeftInverse<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
        assert_eq!(show::<RightInverse<cute!(Sw<3,3,3> o _8 o (_8,_64):(_64,_1))>>(), "(_64,_8):(_8,_1) o _-8 o Sw<3,3,3>");
        assert_eq!(show::<RightInverse<cute!(Sw<0,4,3> o _0 o (_8,_64):(_64,_1))>>(), "(_64,_8):(_8,_1)");
        // the inverse undoes the swizzled layout
        let f = crate::repr::table::<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>();
        let g = crate::repr::table::<RightInverse<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>();
        for i in 0..512 {
            assert_eq!(f[g[i] as usize], i as i64);
        }
    }

    #[test]
    fn casts() {
        assert_eq!(show::<Upcast<cute!(2), cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>(), "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)");
        assert_eq!(show::<Downcast<cute!(2), cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>(), "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)");
        assert_eq!(show::<Upcast<cute!(2), cute!(Sw<3,3,3> o _8 o (_8,_64):(_64,_1))>>(), "Sw<3,2,3> o _4 o (_8,_32):(_32,_1)");
        assert_eq!(
            show::<Upcast<cute!(16), cute!(Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1))>>(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
        );
        assert_eq!(
            show::<Downcast<cute!(2), cute!(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1))>>(),
            "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)"
        );
        assert_eq!(show::<Upcast<cute!(2), cute!(Sw<3,3,3>)>>(), "Sw<3,2,3>");
    }

    #[test]
    fn composition3() {
        assert_eq!(show::<Composition3<cute!(Sw<3,3,3>), cute!(_0), cute!((_8,_64):(_64,_1))>>(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        assert_eq!(show::<Composition3<cute!(Sw<0,4,3>), cute!(_0), cute!((_8,_64):(_64,_1))>>(), "(_8,_64):(_64,_1)");
        assert_eq!(show::<Composition3<cute!(Sw<0,4,3>), cute!(_8), cute!((_8,_64):(_64,_1))>>(), "Sw<0,4,3> o _8 o (_8,_64):(_64,_1)");
        assert_eq!(
            show::<Composition3<cute!(Sw<0,4,3>), cute!(smem_ptr[16b](unset)), cute!((_8,_8):(_8,_1))>>(),
            "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)"
        );
    }
}
