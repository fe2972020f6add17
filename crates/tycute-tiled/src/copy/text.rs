//! CuTe's text and index table of a thread's partition, including the parts CuTe only knows at
//! run time.
//!
//! A thread's part of a swizzled tensor (see [`super::swizzle_slice`]) can hold values that CuTe
//! computes from the run-time thread index: strides `144` (printed without `_`), a MixedBits
//! offset `M_0|(32&32)=32`. tycute knows the thread index statically, so it knows these values;
//! it keeps them as [`Dyn<N>`] and [`MixedBits<S, D, F>`] so that they print as CuTe prints them.
//! [`text`] writes any partition result (static or not) as CuTe text, [`table_of`] gives its
//! index table `N + L(i)` (with the swizzle applied, for a composed layout), as the vectors'
//! `table:` lines. Both are ordinary run-time code over the types' constants.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_layout::typenum::{P144, P288, P8, Z0};
//! use tycute_macros::cute;
//! use tycute_tiled::copy::{table_of, text, Dyn};
//! use tycute_tiled::CountingTensor;
//!
//! type T = CountingTensor<P8, tycute_layout::Layout<cute!((_2,_2)), tycute_layout::Tup<Dyn<P144>, tycute_layout::Tup<Dyn<P288>, tycute_layout::Nil>>>>;
//! assert_eq!(text::<T>(), "counting_iter(8) o (_2,_2):(144,288)");
//! assert_eq!(table_of::<T>(), vec![8, 152, 296, 440]);
//! # let _ = core::marker::PhantomData::<Z0>;
//! ```

use core::marker::PhantomData;

use tycute_layout::layout::Layout;
use tycute_layout::swizzle::{ComposedLayout, Swizzle};
use tycute_layout::tuple::{Nil, Tup};
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

use crate::counting::CountingTensor;

/// An integer CuTe knows only at run time (a stride or an offset computed from the thread
/// index), whose value here is `N`. Printed `N` (CuTe's dynamic `int`), not `_N`.
pub struct Dyn<N>(PhantomData<fn() -> N>);

/// CuTe's `MixedBits<S, F>` with run-time bits `D`: static bits `S`, dynamic bits `D` (already
/// masked by `F`), mask `F`; its value is `S | D`. Printed `M_S|(D&F)=V`.
pub struct MixedBits<S, D, F>(PhantomData<fn() -> (S, D, F)>);

impl<N> crate::sealed::Sealed for Dyn<N> {}
impl<S, D, F> crate::sealed::Sealed for MixedBits<S, D, F> {}

/// CuTe's text of a value that may hold run-time parts ([`Dyn`], [`MixedBits`]).
pub trait CuteText {
    /// Appends the text to `out`.
    fn write(out: &mut String);
}

/// The value of an integer, a [`Dyn`] or a [`MixedBits`] (as CuTe converts it to an integer).
pub trait CuteValue {
    const VALUE: i64;
}

impl CuteValue for Z0 {
    const VALUE: i64 = 0;
}
impl<U: Unsigned + NonZero> CuteValue for PInt<U> {
    const VALUE: i64 = <PInt<U> as Integer>::I64;
}
impl<U: Unsigned + NonZero> CuteValue for NInt<U> {
    const VALUE: i64 = <NInt<U> as Integer>::I64;
}
impl<N: CuteValue> CuteValue for Dyn<N> {
    const VALUE: i64 = N::VALUE;
}
impl<S: CuteValue, D: CuteValue, F: CuteValue> CuteValue for MixedBits<S, D, F> {
    const VALUE: i64 = S::VALUE | D::VALUE;
}

impl CuteText for Z0 {
    fn write(out: &mut String) {
        out.push_str("_0");
    }
}
impl<U: Unsigned + NonZero> CuteText for PInt<U> {
    fn write(out: &mut String) {
        out.push('_');
        out.push_str(&<PInt<U> as Integer>::I64.to_string());
    }
}
impl<U: Unsigned + NonZero> CuteText for NInt<U> {
    fn write(out: &mut String) {
        out.push('_');
        out.push_str(&<NInt<U> as Integer>::I64.to_string());
    }
}
impl<N: CuteValue> CuteText for Dyn<N> {
    fn write(out: &mut String) {
        out.push_str(&N::VALUE.to_string());
    }
}
impl<S: CuteValue, D: CuteValue, F: CuteValue> CuteText for MixedBits<S, D, F> {
    fn write(out: &mut String) {
        out.push_str(&format!("M_{}|({}&{})={}", S::VALUE, D::VALUE, F::VALUE, S::VALUE | D::VALUE));
    }
}

/// The elements of a tuple, comma separated.
#[doc(hidden)]
pub trait CuteItems {
    fn write_items(out: &mut String, first: bool);
}
impl CuteItems for Nil {
    fn write_items(_: &mut String, _: bool) {}
}
impl<H: CuteText, T: CuteItems> CuteItems for Tup<H, T> {
    fn write_items(out: &mut String, first: bool) {
        if !first {
            out.push(',');
        }
        H::write(out);
        T::write_items(out, false);
    }
}
impl CuteText for Nil {
    fn write(out: &mut String) {
        out.push_str("()");
    }
}
impl<H: CuteText, T: CuteItems> CuteText for Tup<H, T> {
    fn write(out: &mut String) {
        out.push('(');
        <Tup<H, T> as CuteItems>::write_items(out, true);
        out.push(')');
    }
}
impl<S: CuteText, D: CuteText> CuteText for Layout<S, D> {
    fn write(out: &mut String) {
        S::write(out);
        out.push(':');
        D::write(out);
    }
}
impl<B: Integer, M: Integer, S: Integer> CuteText for Swizzle<B, M, S> {
    fn write(out: &mut String) {
        out.push_str(&format!("Sw<{},{},{}>", B::I64, M::I64, S::I64));
    }
}
impl<A: CuteText, O: CuteText, L: CuteText> CuteText for ComposedLayout<A, O, L> {
    fn write(out: &mut String) {
        A::write(out);
        out.push_str(" o ");
        O::write(out);
        out.push_str(" o ");
        L::write(out);
    }
}
impl<N: CuteValue, L: CuteText> CuteText for CountingTensor<N, L> {
    fn write(out: &mut String) {
        out.push_str(&format!("counting_iter({}) o ", N::VALUE));
        L::write(out);
    }
}

/// CuTe's text of `T`.
pub fn text<T: CuteText>() -> String {
    let mut out = String::new();
    T::write(&mut out);
    out
}

/// The leaves of a shape or a stride, in order (a stride leaf may be a [`Dyn`]).
#[doc(hidden)]
pub trait CuteLeaves {
    fn leaves(out: &mut Vec<i64>);
}
impl CuteLeaves for Z0 {
    fn leaves(out: &mut Vec<i64>) {
        out.push(0);
    }
}
impl<U: Unsigned + NonZero> CuteLeaves for PInt<U> {
    fn leaves(out: &mut Vec<i64>) {
        out.push(<PInt<U> as Integer>::I64);
    }
}
impl<U: Unsigned + NonZero> CuteLeaves for NInt<U> {
    fn leaves(out: &mut Vec<i64>) {
        out.push(<NInt<U> as Integer>::I64);
    }
}
impl<N: CuteValue> CuteLeaves for Dyn<N> {
    fn leaves(out: &mut Vec<i64>) {
        out.push(N::VALUE);
    }
}
impl CuteLeaves for Nil {
    fn leaves(_: &mut Vec<i64>) {}
}
impl<H: CuteLeaves, T: CuteLeaves> CuteLeaves for Tup<H, T> {
    fn leaves(out: &mut Vec<i64>) {
        H::leaves(out);
        T::leaves(out);
    }
}

/// A layout, swizzled layout or counting tensor as a function of the linear coordinate:
/// `base + swizzle(offset + sum_k c_k * stride_k)`.
#[doc(hidden)]
#[derive(Default)]
pub struct FlatFunc {
    base: i64,
    swizzle: Option<(i64, i64, i64)>,
    offset: i64,
    shape: Vec<i64>,
    stride: Vec<i64>,
}

/// A value with an index table.
pub trait CuteFunc {
    #[doc(hidden)]
    fn func() -> FlatFunc;
}
impl<S: CuteLeaves, D: CuteLeaves> CuteFunc for Layout<S, D> {
    fn func() -> FlatFunc {
        let mut f = FlatFunc::default();
        S::leaves(&mut f.shape);
        D::leaves(&mut f.stride);
        assert_eq!(f.shape.len(), f.stride.len(), "tycute: shape and stride of different ranks");
        f
    }
}
impl<B: Integer, M: Integer, Sh: Integer, O: CuteValue, L: CuteFunc> CuteFunc for ComposedLayout<Swizzle<B, M, Sh>, O, L> {
    fn func() -> FlatFunc {
        let mut f = L::func();
        f.swizzle = Some((B::I64, M::I64, Sh::I64));
        f.offset = O::VALUE;
        f
    }
}
impl<N: CuteValue, L: CuteFunc> CuteFunc for CountingTensor<N, L> {
    fn func() -> FlatFunc {
        let mut f = L::func();
        f.base = N::VALUE;
        f
    }
}

/// `Sw<b,m,s>(x) = x ^ ((x & yyy) >> s)` (a negative `s` shifts left).
fn swizzle(b: i64, m: i64, s: i64, x: i64) -> i64 {
    let bits = (1i64 << b) - 1;
    let yyy = bits << (m + s.max(0));
    if s >= 0 {
        x ^ ((x & yyy) >> s)
    } else {
        x ^ ((x & yyy) << -s)
    }
}

/// The index table of `T`: its value at every linear coordinate `0 .. size`, coordinates mapped
/// colexicographically (first mode fastest).
pub fn table_of<T: CuteFunc>() -> Vec<i64> {
    let f = T::func();
    let size: i64 = f.shape.iter().product();
    (0..size)
        .map(|i| {
            let mut rest = i;
            let mut v = 0;
            for (s, d) in f.shape.iter().zip(&f.stride) {
                v += (rest % s) * d;
                rest /= s;
            }
            let x = f.offset + v;
            f.base + f.swizzle.map_or(x, |(b, m, s)| swizzle(b, m, s, x))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::typenum::{P32, P64, P8};
    use tycute_macros::cute;

    #[test]
    fn texts() {
        assert_eq!(text::<cute!(((_8,_1),_8,_1):((_1,_0),_1024,_0))>(), "((_8,_1),_8,_1):((_1,_0),_1024,_0)");
        type C = ComposedLayout<cute!(Sw<3,3,3>), MixedBits<Z0, P32, P32>, cute!(((_4,_1),_1,_8):((_8,_0),_0,_64))>;
        assert_eq!(text::<CountingTensor<Z0, C>>(), "counting_iter(0) o Sw<3,3,3> o M_0|(32&32)=32 o ((_4,_1),_1,_8):((_8,_0),_0,_64)");
        // Sw<3,3,3>(32 + 8 i + 64 k)
        assert_eq!(table_of::<CountingTensor<Z0, C>>()[..5], [32, 40, 48, 56, 104]);
        assert_eq!(table_of::<CountingTensor<P8, cute!(_4:_64)>>(), vec![8, 72, 136, 200]);
        assert_eq!(text::<Dyn<P64>>(), "64");
    }
}
