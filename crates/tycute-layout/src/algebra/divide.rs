//! `logical_divide(A, T)` and its regroupings `zipped_divide`, `tiled_divide`, `flat_divide`.
//!
//! For a layout tiler `L`:
//!
//! ```text
//! logical_divide(A, L) = composition(A, make_layout(L, complement(L, shape(coalesce(A)))))
//!                      // (Tile, Rest)
//! ```
//!
//! An integer `N` is the layout `N:_1`, `_` keeps A, and a tuple tiler divides mode by mode (see
//! [`tiler`](crate::algebra::tiler)): `((TileM,RestM),(TileN,RestN),L)`. The other three only
//! regroup that result, guided by the tiler:
//!
//! ```text
//! zipped_divide  ((TileM,TileN),(RestM,RestN,L))
//! tiled_divide   ((TileM,TileN),RestM,RestN,L)
//! flat_divide    (TileM,TileN,RestM,RestN,L)
//! ```
//!
//! A tiler that does not divide A is accepted when the composition accepts it: the rest mode is
//! then a `ceil_div` and the result indexes past A (`logical_divide(_6:_1, _4:_1)` is
//! `(_4,_2):(_1,_4)`), as in CuTe.
//!
//! On a `ComposedLayout` `F o off o B` every divide acts on the inner layout: `F o off o
//! divide(B, T)`.

use crate::algebra::coalesce::{Coalesce, CoalesceOp};
use crate::algebra::complement::{ComplementWith, ComplementWithOp};
use crate::algebra::composition::{
    CompositionOp, CuteGated, CuteVerdictOf, CuteVerdictWith, ShapeDivisibilityAt, StrideDivisibilityAt, VShapeA, VShapeB, VShapeC,
    VStrideA, VStrideB, VerdictBits,
};
use crate::algebra::tiler::{
    ApplyTiler, ByModeIf, LayoutTilerFn, TileUnzipFlatOp, TileUnzipTiledOp, TileUnzipZippedOp,
    TilerRankFits, TilerRankNum, LayoutRankNum, TupleTilerFn,
};
use crate::int::IsLessOrEqual;
use crate::layout::{IsLayout, Layout, RankOfOp, ShapeOf, StrideOf};
use crate::sealed::Sealed;
use crate::swizzle::{ComposedLayout, Composition3, Composition3Op};
use crate::tuple::{Len, LenOp, Nil, Tup};

/// The operation `logical_divide`, for the tiler machinery.
#[doc(hidden)]
pub struct LogicalDivideFn;

/// `complement(L, shape(coalesce(A)))`: the rest, `L*`.
type Rest<A, L> = ComplementWith<L, ShapeOf<Coalesce<A>>>;
/// `make_layout(L, L*)`: the tiler with its complement, `(L, L*)`.
type Divisor<A, L> = Layout<
    Tup<ShapeOf<L>, Tup<ShapeOf<Rest<A, L>>, Nil>>,
    Tup<StrideOf<L>, Tup<StrideOf<Rest<A, L>>, Nil>>,
>;

impl<A, L> LayoutTilerFn<A, L> for LogicalDivideFn
where
    A: CoalesceOp,
    Coalesce<A>: IsLayout,
    L: IsLayout + ComplementWithOp<ShapeOf<Coalesce<A>>>,
    Rest<A, L>: IsLayout,
    A: CompositionOp<Divisor<A, L>>,
{
    // A ∘ (L, L*)  =  (Tile, Rest)
    type Output = <A as CompositionOp<Divisor<A, L>>>::Output;
}

impl<A, T> TupleTilerFn<A, T> for LogicalDivideFn
where
    A: RankOfOp,
    T: LenOp,
    Len<T>: IsLessOrEqual<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: crate::bounds::DecimalIfFailed<Len<T>> + crate::bounds::DecimalIfFailed<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: LogicalDivideTilerFits<TilerRankNum<A, T>, LayoutRankNum<A, T>>,
    A: ByModeIf<T, LogicalDivideFn, TilerRankFits<A, T>>,
{
    // ((TileM,RestM),(TileN,RestN),L)
    type Output = <A as ByModeIf<T, LogicalDivideFn, TilerRankFits<A, T>>>::Output;
}

/// `logical_divide` as the public entry points compute it: CuTe's stride and shape divisibility
/// conditions of `A ∘ (L, L*)` are checked first, as one verdict over B's leaves and A's flat
/// modes ([`CuteVerdictWith`]), and the composition is formed only when they hold. A failure is
/// then one error at the divide (about 3 KB) instead of two from inside the composition's walk
/// (9-11 KB). The operations of `tycute-tiled` (`thrfrg`, `tidfrg`, `retile`) divide with the
/// unchecked [`LogicalDivideFn`] ([`LogicalDivideRawOp`], [`ZippedDivideRawOp`]): the verdict
/// costs a walk, and there the inputs are the TiledMMA's and TiledCopy's own tiles. Both accept
/// and reject the same divides.
pub struct CheckedLogicalDivideFn;

impl<A, L> LayoutTilerFn<A, L> for CheckedLogicalDivideFn
where
    A: CoalesceOp,
    Coalesce<A>: IsLayout,
    L: IsLayout + ComplementWithOp<ShapeOf<Coalesce<A>>>,
    Rest<A, L>: IsLayout,
    // CuTe's stride and shape divisibility conditions, checked once here (one short error)
    A: CuteVerdictWith<Divisor<A, L>>,
    CuteVerdictOf<A, Divisor<A, L>>: VerdictBits,
    <CuteVerdictOf<A, Divisor<A, L>> as VerdictBits>::Stride: StrideDivisibilityAt<VStrideA<A, Divisor<A, L>>, VStrideB<A, Divisor<A, L>>>,
    <CuteVerdictOf<A, Divisor<A, L>> as VerdictBits>::Shape:
        ShapeDivisibilityAt<VShapeA<A, Divisor<A, L>>, VShapeB<A, Divisor<A, L>>, VShapeC<A, Divisor<A, L>>>,
    CuteGated<A, Divisor<A, L>>: CompositionOp<Divisor<A, L>>,
{
    // A ∘ (L, L*)  =  (Tile, Rest)
    type Output = <CuteGated<A, Divisor<A, L>> as CompositionOp<Divisor<A, L>>>::Output;
}

impl<A, T> TupleTilerFn<A, T> for CheckedLogicalDivideFn
where
    A: RankOfOp,
    T: LenOp,
    Len<T>: IsLessOrEqual<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: crate::bounds::DecimalIfFailed<Len<T>> + crate::bounds::DecimalIfFailed<<A as RankOfOp>::Output>,
    TilerRankFits<A, T>: LogicalDivideTilerFits<TilerRankNum<A, T>, LayoutRankNum<A, T>>,
    A: ByModeIf<T, CheckedLogicalDivideFn, TilerRankFits<A, T>>,
{
    // ((TileM,RestM),(TileN,RestN),L)
    type Output = <A as ByModeIf<T, CheckedLogicalDivideFn, TilerRankFits<A, T>>>::Output;
}

/// Rejects a tuple tiler with more modes than the layout it divides.
#[diagnostic::on_unimplemented(
    message = "logical_divide: Too many modes in tiler. ({TilerRank} modes for a rank-{Rank} layout)",
    label = "the tiler has more modes than the layout"
)]
pub trait LogicalDivideTilerFits<TilerRank = (), Rank = ()>: Sealed {}
impl<TilerRank, Rank> LogicalDivideTilerFits<TilerRank, Rank> for typenum::B1 {}

// ---------------------------------------------------------------------------------------------

/// `logical_divide(A, T)`.
pub trait LogicalDivideOp<T>: Sealed {
    type Output;
}
impl<S, D, T> LogicalDivideOp<T> for Layout<S, D>
where
    Layout<S, D>: ApplyTiler<T, CheckedLogicalDivideFn>,
{
    type Output = <Layout<S, D> as ApplyTiler<T, CheckedLogicalDivideFn>>::Output;
}
impl<F, O, B: LogicalDivideOp<T>, T> LogicalDivideOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as LogicalDivideOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as LogicalDivideOp<T>>::Output>;
}

/// `logical_divide(A, T)` without the verdict at the entry (see [`CheckedLogicalDivideFn`]):
/// the same result and the same rejections, reported from inside the composition.
#[doc(hidden)]
pub trait LogicalDivideRawOp<T>: Sealed {
    type Output;
}
impl<S, D, T> LogicalDivideRawOp<T> for Layout<S, D>
where
    Layout<S, D>: ApplyTiler<T, LogicalDivideFn>,
{
    type Output = <Layout<S, D> as ApplyTiler<T, LogicalDivideFn>>::Output;
}
impl<F, O, B: LogicalDivideRawOp<T>, T> LogicalDivideRawOp<T> for ComposedLayout<F, O, B> {
    type Output = ComposedLayout<F, O, B::Output>;
}
/// [`LogicalDivideRawOp`].
#[doc(hidden)]
pub type LogicalDivideRaw<A, T> = <A as LogicalDivideRawOp<T>>::Output;
/// `logical_divide(A, T)`: A split by the tiler `T` into `(Tile, Rest)`, mode by mode for a
/// tuple tiler.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, table, LogicalDivide};
/// # use tycute_macros::cute;
/// assert_eq!(show::<LogicalDivide<cute!((_4,_2,_3):(_2,_1,_8)), cute!(_4:_2)>>(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// assert_eq!(show::<LogicalDivide<cute!((_8,_4):(_1,_8)), cute!((_4,_2))>>(), "((_4,_2),(_2,_2)):((_1,_4),(_8,_16))");
/// // `_` keeps a mode
/// assert_eq!(show::<LogicalDivide<cute!((_8,_4):(_1,_8)), cute!((_,_2))>>(), "(_8,(_2,_2)):(_1,(_8,_16))");
/// // a tiler that does not divide A extends it
/// assert_eq!(show::<LogicalDivide<cute!(_6:_1), cute!(_4:_1)>>(), "(_4,_2):(_1,_4)");
/// ```
///
/// A tuple tiler may not have more modes than A:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, LogicalDivide};
/// # use tycute_macros::cute;
/// // logical_divide: Too many modes in tiler.
/// let _ = show::<LogicalDivide<cute!(_8:_1), cute!((_2,_2))>>();
/// ```
///
/// The composition inside must be defined:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, LogicalDivide};
/// # use tycute_macros::cute;
/// // Shape Divisibility Condition
/// let _ = show::<LogicalDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_128))>>();
/// ```
pub type LogicalDivide<A, T> = <A as LogicalDivideOp<T>>::Output;

// ---------------------------------------------------------------------------------------------

/// `zipped_divide(A, T)`.
pub trait ZippedDivideOp<T>: Sealed {
    type Output;
}
impl<S, D, T> ZippedDivideOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalDivideOp<T>,
    LogicalDivide<Layout<S, D>, T>: TileUnzipZippedOp<T>,
{
    // ((TileM,TileN),(RestM,RestN,L))
    type Output = <LogicalDivide<Layout<S, D>, T> as TileUnzipZippedOp<T>>::Output;
}
impl<F, O, B: ZippedDivideOp<T>, T> ZippedDivideOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as ZippedDivideOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as ZippedDivideOp<T>>::Output>;
}

/// `zipped_divide(A, T)` on [`LogicalDivideRawOp`] (see [`CheckedLogicalDivideFn`]).
#[doc(hidden)]
pub trait ZippedDivideRawOp<T>: Sealed {
    type Output;
}
impl<S, D, T> ZippedDivideRawOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalDivideRawOp<T>,
    LogicalDivideRaw<Layout<S, D>, T>: TileUnzipZippedOp<T>,
{
    // ((TileM,TileN),(RestM,RestN,L))
    type Output = <LogicalDivideRaw<Layout<S, D>, T> as TileUnzipZippedOp<T>>::Output;
}
impl<F, O, B: ZippedDivideRawOp<T>, T> ZippedDivideRawOp<T> for ComposedLayout<F, O, B> {
    type Output = ComposedLayout<F, O, B::Output>;
}
/// [`ZippedDivideRawOp`].
#[doc(hidden)]
pub type ZippedDivideRaw<A, T> = <A as ZippedDivideRawOp<T>>::Output;
/// `zipped_divide(A, T)`: the tiles gathered in mode 0, the rests in mode 1.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, ZippedDivide};
/// # use tycute_macros::cute;
/// assert_eq!(show::<ZippedDivide<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!((_2,_2):(_2,_1))>>(), "((_2,_2),_16):((_2,_1),_4)");
/// assert_eq!(show::<ZippedDivide<cute!((_12,_8):(_1,_12)), cute!((_8,_8))>>(), "((_8,_8),(_2,_1)):((_1,_12),(_8,_0))");
/// ```
///
/// `_` in the tiler keeps its mode of A undivided, which the regrouping then reads as a
/// `(tile, rest)` pair; a plain integer mode there is rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, ZippedDivide};
/// # use tycute_macros::cute;
/// // Index out of range
/// let _ = show::<ZippedDivide<cute!((_8,_4):(_1,_8)), cute!((_,_2))>>();
/// ```
pub type ZippedDivide<A, T> = <A as ZippedDivideOp<T>>::Output;

/// `tiled_divide(A, T)`.
pub trait TiledDivideOp<T>: Sealed {
    type Output;
}
impl<S, D, T> TiledDivideOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalDivideOp<T>,
    LogicalDivide<Layout<S, D>, T>: TileUnzipTiledOp<T>,
{
    // ((TileM,TileN),RestM,RestN,L)
    type Output = <LogicalDivide<Layout<S, D>, T> as TileUnzipTiledOp<T>>::Output;
}
impl<F, O, B: TiledDivideOp<T>, T> TiledDivideOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as TiledDivideOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as TiledDivideOp<T>>::Output>;
}
/// `tiled_divide(A, T)`: the tiles gathered in mode 0, each rest a mode of its own.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TiledDivide};
/// # use tycute_macros::cute;
/// assert_eq!(show::<TiledDivide<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!((_2,_))>>(), "((_2,_8),_2,_2):((_1,_4),_2,_32)");
/// assert_eq!(show::<TiledDivide<cute!((_8,_8):(_24,_1)), cute!(_2:_4)>>(), "(_2,_4,_8):(_96,_24,_1)");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, TiledDivide};
/// # use tycute_macros::cute;
/// // Shape Divisibility Condition
/// let _ = show::<TiledDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_64))>>();
/// ```
pub type TiledDivide<A, T> = <A as TiledDivideOp<T>>::Output;

/// `flat_divide(A, T)`.
pub trait FlatDivideOp<T>: Sealed {
    type Output;
}
impl<S, D, T> FlatDivideOp<T> for Layout<S, D>
where
    Layout<S, D>: LogicalDivideOp<T>,
    LogicalDivide<Layout<S, D>, T>: TileUnzipFlatOp<T>,
{
    // (TileM,TileN,RestM,RestN,L)
    type Output = <LogicalDivide<Layout<S, D>, T> as TileUnzipFlatOp<T>>::Output;
}
impl<F, O, B: FlatDivideOp<T>, T> FlatDivideOp<T> for ComposedLayout<F, O, B>
where
    F: Composition3Op<O, <B as FlatDivideOp<T>>::Output>,
{
    // F o O o op(B): CuTe's three-argument composition (an identity swizzle at offset _0 is dropped)
    type Output = Composition3<F, O, <B as FlatDivideOp<T>>::Output>;
}
/// `flat_divide(A, T)`: every tile and every rest a mode of its own.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, FlatDivide};
/// # use tycute_macros::cute;
/// assert_eq!(show::<FlatDivide<cute!((_2,_12):(_12,_1)), cute!(_3:_2)>>(), "(_3,_2,_4):(_1,_12,_3)");
/// assert_eq!(show::<FlatDivide<cute!(_4:_1), cute!((_2))>>(), "((_2),(_2)):((_1),(_2))");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, FlatDivide};
/// # use tycute_macros::cute;
/// // Index out of range: `_` keeps the plain-integer mode _4
/// let _ = show::<FlatDivide<cute!((_8,_4,_4,_4):(_1,_8,_32,_128)), cute!(((_2,_2):(_1,_2),_4,_,_2:_2))>>();
/// ```
pub type FlatDivide<A, T> = <A as FlatDivideOp<T>>::Output;


#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;

    #[test]
    fn underscore_keeps_modes() {
        assert_eq!(show::<LogicalDivide<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!(_)>>(), "(_4,(_8,_2)):(_1,(_4,_32))");
        assert_eq!(show::<LogicalDivide<cute!((_4,(_8,_2)):(_1,(_4,_32))), cute!((_))>>(), "(_4,(_8,_2)):(_1,(_4,_32))");
        // `_` reads a kept rank-2 mode as (tile, rest)
        assert_eq!(show::<ZippedDivide<cute!(((_4,_2),(_8,_2)):((_1,_4),(_8,_64))), cute!((_,_))>>(), "((_4,_8),(_2,_2)):((_1,_8),(_4,_64))");
        assert_eq!(show::<TiledDivide<cute!(((_4,_2),(_8,_2)):((_1,_4),(_8,_64))), cute!((_,_))>>(), "((_4,_8),_2,_2):((_1,_8),_4,_64)");
        assert_eq!(show::<FlatDivide<cute!(((_4,_2),(_8,_2)):((_1,_4),(_8,_64))), cute!((_,_))>>(), "(_4,_8,_2,_2):(_1,_8,_4,_64)");
    }

    #[test]
    fn layout_tilers() {
        // ((TileM,RestM),(TileN,RestN))
        assert_eq!(show::<LogicalDivide<cute!((_8,_4):(_1,_8)), cute!((_4,_2):(_1,_4))>>(), "((_4,_2),_4):((_1,_4),_8)");
        assert_eq!(show::<LogicalDivide<cute!((_16,_8):(_8,_1)), cute!((_2,_2):(_1,_2))>>(), "((_2,_2),(_4,_8)):((_8,_16),(_32,_1))");
        assert_eq!(show::<LogicalDivide<cute!((_2,_3):(_1,_2)), cute!((_2:_1))>>(), "((_2,_1),_3):((_1,_0),_2)");
        assert_eq!(table::<LogicalDivide<cute!(_6:_1), cute!(_4:_1)>>(), vec![0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(show::<ZippedDivide<cute!((_12,_8):(_1,_12)), cute!((_8,_8))>>(), "((_8,_8),(_2,_1)):((_1,_12),(_8,_0))");
        assert_eq!(show::<TiledDivide<cute!(_4:_1), cute!((_4:_1))>>(), "((_4),(_1)):((_1),(_0))");
        assert_eq!(show::<FlatDivide<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!((_2,_4):(_4,_1))>>(), "(_2,_4,_2,_8):(_16,_64,_32,_1)");
    }

    #[test]
    fn size_one_tilers() {
        // an integral tiler is make_layout(N): `_1` is `_1:_0`, and composition keeps a static
        // stride-0 leaf of B unchanged, so a size-1 result mode has stride _0 as in CuTe
        assert_eq!(show::<LogicalDivide<cute!((_2,_1):(_1,_1)), cute!((_1,_1))>>(), "((_1,_2),(_1,_1)):((_0,_1),(_0,_0))");
        assert_eq!(table::<LogicalDivide<cute!((_2,_1):(_1,_1)), cute!((_1,_1))>>(), vec![0, 1]);
        assert_eq!(show::<TiledDivide<cute!((_4,_1,_2):(_2,_1,_8)), cute!((_2:_1,_1))>>(), "((_2,_1),_2,_1,_2):((_2,_0),_4,_0,_8)");
        assert_eq!(show::<LogicalDivide<cute!(_8:_2), cute!(_1)>>(), "(_1,_8):(_0,_2)");
    }
}
