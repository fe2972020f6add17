//! `thr_layout_vmnk.get_flat_coord(thr_idx)`: the `(v, m, n, k)` coordinate of a thread, as
//! `TiledMMA::get_slice` computes it.
//!
//! CuTe's `Layout::get_flat_coord(idx)` is `crd2crd(idx2crd(idx, shape, stride), shape, (_1,...))`:
//! the *stride-aware* `idx2crd` takes every leaf `s:d` of the layout to `(idx / d) % s` (`_0` for
//! `s = _1`, so that a stride-0 unit mode is never divided by), and `crd2crd` then flattens each
//! top-level mode's coordinate colexicographically. The coordinate of a thread therefore follows
//! the strides of `ThrLayoutVMNK`: with the atom layout `(_2,_2,_1):(_2,_1,_0)`,
//! `vmnk = (_32,_2,_2,_1):(_1,_64,_32,_0)` and thread 37 is `(5, 0, 1, 0)`.
//!
//! Work is one step per leaf of the layout.

use core::ops::{Add, Div, Mul, Rem};

use tycute_layout::int::{Eq, IsEqual, Mod, Prod, Quot, Sum, B0, B1, P1, Z0};
use tycute_layout::tuple::{IsTuple, Nil, Tup};
use tycute_layout::Layout;

use crate::sealed::Sealed;

/// `(idx / d) % s` for a leaf `s:d`, `_0` when `s = _1`.
#[doc(hidden)]
pub trait LeafCrd<I, D, IsUnit> {
    type Output;
}
impl<S, I, D> LeafCrd<I, D, B1> for S {
    // s = _1: no division (d may be _0)
    type Output = Z0;
}
impl<S, I, D> LeafCrd<I, D, B0> for S
where
    I: Div<D>,
    Quot<I, D>: Rem<S>,
{
    // (idx / d) % s
    type Output = Mod<Quot<I, D>, S>;
}

/// The colexicographic 1-D coordinate of `idx` in one mode `Self` (a layout), and that mode's
/// size: `Crd = c0 + s0 * (c1 + s1 * (...))` over the leaves `ci = (idx / di) % si`.
#[doc(hidden)]
pub trait ModeCrd<I> {
    type Crd;
    type Size;
}
impl<S: IsTuple, D, I> ModeCrd<I> for Layout<S, D>
where
    Layout<S, D>: ModeCrdBy<I, <S as IsTuple>::Output>,
{
    type Crd = <Layout<S, D> as ModeCrdBy<I, <S as IsTuple>::Output>>::Crd;
    type Size = <Layout<S, D> as ModeCrdBy<I, <S as IsTuple>::Output>>::Size;
}
/// [`ModeCrd`] by the kind of the shape (`B0`: a leaf, `B1`: a tuple).
#[doc(hidden)]
pub trait ModeCrdBy<I, IsTup> {
    type Crd;
    type Size;
}
impl<N, D, I> ModeCrdBy<I, B0> for Layout<N, D>
where
    N: IsEqual<P1> + LeafCrd<I, D, Eq<N, P1>>,
{
    // (idx / d) % s
    type Crd = <N as LeafCrd<I, D, Eq<N, P1>>>::Output;
    type Size = N;
}
impl<I> ModeCrdBy<I, B1> for Layout<Nil, Nil> {
    type Crd = Z0;
    type Size = P1;
}
impl<S0, ST, D0, DT, I> ModeCrdBy<I, B1> for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    Layout<S0, D0>: ModeCrd<I>,
    Layout<ST, DT>: ModeCrd<I>,
    <Layout<S0, D0> as ModeCrd<I>>::Size: Mul<<Layout<ST, DT> as ModeCrd<I>>::Crd>
        + Mul<<Layout<ST, DT> as ModeCrd<I>>::Size>,
    <Layout<S0, D0> as ModeCrd<I>>::Crd:
        Add<Prod<<Layout<S0, D0> as ModeCrd<I>>::Size, <Layout<ST, DT> as ModeCrd<I>>::Crd>>,
{
    // c0 + s0 * crd(rest)
    type Crd = Sum<
        <Layout<S0, D0> as ModeCrd<I>>::Crd,
        Prod<<Layout<S0, D0> as ModeCrd<I>>::Size, <Layout<ST, DT> as ModeCrd<I>>::Crd>,
    >;
    type Size = Prod<<Layout<S0, D0> as ModeCrd<I>>::Size, <Layout<ST, DT> as ModeCrd<I>>::Size>;
}

/// `layout.get_flat_coord(idx)`: one integer per top-level mode.
pub trait FlatCoordOp<I>: Sealed {
    type Output;
}
impl<I, S, D> FlatCoordOp<I> for Layout<S, D>
where
    Layout<S, D>: TopModes<I>,
{
    type Output = <Layout<S, D> as TopModes<I>>::Output;
}
#[doc(hidden)]
pub trait TopModes<I> {
    type Output;
}
impl<I, S: IsTuple, D> TopModes<I> for Layout<S, D>
where
    Layout<S, D>: TopModesBy<I, <S as IsTuple>::Output>,
{
    type Output = <Layout<S, D> as TopModesBy<I, <S as IsTuple>::Output>>::Output;
}
/// [`TopModes`] by the kind of the shape.
#[doc(hidden)]
pub trait TopModesBy<I, IsTup> {
    type Output;
}
impl<I, N, D> TopModesBy<I, B0> for Layout<N, D>
where
    Layout<N, D>: ModeCrd<I>,
{
    // an integral layout is one mode: (c)
    type Output = Tup<<Layout<N, D> as ModeCrd<I>>::Crd, Nil>;
}
impl<I> TopModesBy<I, B1> for Layout<Nil, Nil> {
    type Output = Nil;
}
impl<I, S0, ST, D0, DT> TopModesBy<I, B1> for Layout<Tup<S0, ST>, Tup<D0, DT>>
where
    Layout<S0, D0>: ModeCrd<I>,
    Layout<ST, DT>: TopModesBy<I, B1>,
{
    // (c0, c1, ...)
    type Output = Tup<<Layout<S0, D0> as ModeCrd<I>>::Crd, <Layout<ST, DT> as TopModesBy<I, B1>>::Output>;
}
/// `layout.get_flat_coord(idx)`.
pub type FlatCoord<L, I> = <L as FlatCoordOp<I>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::show;
    use tycute_layout::typenum::{P37, P5};
    use tycute_macros::cute;

    #[test]
    fn flat_coord_follows_the_strides() {
        assert_eq!(show::<FlatCoord<cute!((_32,_2,_2,_1):(_1,_32,_64,_0)), P37>>(), "(_5,_1,_0,_0)");
        assert_eq!(show::<FlatCoord<cute!((_32,_2,_2,_1):(_1,_64,_32,_0)), P37>>(), "(_5,_0,_1,_0)");
        // a nested mode is flattened colexicographically
        assert_eq!(show::<FlatCoord<cute!(((_4,_2),_2):((_2,_1),_8)), P5>>(), "(_6,_0)");
        assert_eq!(show::<FlatCoord<cute!(_8:_1), P5>>(), "(_5)");
    }
}
