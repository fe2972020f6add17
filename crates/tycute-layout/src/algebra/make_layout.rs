//! `make_layout(S)` (compact column-major, `LayoutLeft`) and `make_layout(S, LayoutRight{})`.
//!
//! CuTe's `compact_major`: walk the leaves of the shape (first to last for `LayoutLeft`, last to
//! first for `LayoutRight`) with a running stride `current`, starting at `_1`. A leaf `s` gets
//! stride `current` and multiplies it by `s`; a leaf `_1` gets stride `_0` and leaves `current`
//! unchanged. So `make_layout((_1,_1,_1))` is `(_1,_1,_1):(_0,_0,_0)` and
//! `make_layout((_2,_4),_8), LayoutRight)` is `((_2,_4),_8):((_32,_8),_1)`.

use core::ops::Mul;

use crate::int::{Eq, If, Int, IsEqual, Prod, Select, P1, Z0};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tuple::{Nil, Tup};

/// `make_layout(S)`: `S` with compact column-major (`LayoutLeft`) strides.
pub trait MakeLayoutLeftOp: Sealed {
    type Output;
}
impl<S: CompactLeft<P1>> MakeLayoutLeftOp for S {
    type Output = Layout<S, <S as CompactLeft<P1>>::Stride>;
}
/// `make_layout(S)` (`LayoutLeft`).
pub type MakeLayoutLeft<S> = <S as MakeLayoutLeftOp>::Output;

/// `make_layout(S, LayoutRight{})`: `S` with compact row-major strides.
pub trait MakeLayoutRightOp: Sealed {
    type Output;
}
impl<S: CompactRight<P1>> MakeLayoutRightOp for S {
    type Output = Layout<S, <S as CompactRight<P1>>::Stride>;
}
/// `make_layout(S, LayoutRight{})`.
pub type MakeLayoutRight<S> = <S as MakeLayoutRightOp>::Output;

/// `compact_major<LayoutLeft>(S, Cur)`: the strides (`Stride`) and the running stride after the
/// last leaf (`Next`).
#[doc(hidden)]
pub trait CompactLeft<Cur>: Sealed {
    type Stride;
    type Next;
}
impl<N, Cur> CompactLeft<Cur> for N
where
    N: Int + IsEqual<P1>,
    Cur: Mul<N>,
    Eq<N, P1>: Select<Z0, Cur>,
{
    // _1 -> _0 (current unchanged: current * 1 == current)
    type Stride = If<Eq<N, P1>, Z0, Cur>;
    type Next = Prod<Cur, N>;
}
impl<Cur> CompactLeft<Cur> for Nil {
    type Stride = Nil;
    type Next = Cur;
}
impl<H, T, Cur> CompactLeft<Cur> for Tup<H, T>
where
    H: CompactLeft<Cur>,
    T: CompactLeft<<H as CompactLeft<Cur>>::Next>,
{
    // first leaf fastest
    type Stride = Tup<<H as CompactLeft<Cur>>::Stride, <T as CompactLeft<<H as CompactLeft<Cur>>::Next>>::Stride>;
    type Next = <T as CompactLeft<<H as CompactLeft<Cur>>::Next>>::Next;
}

/// `compact_major<LayoutRight>(S, Cur)`: like [`CompactLeft`], last leaf fastest.
#[doc(hidden)]
pub trait CompactRight<Cur>: Sealed {
    type Stride;
    type Next;
}
impl<N, Cur> CompactRight<Cur> for N
where
    N: Int + IsEqual<P1>,
    Cur: Mul<N>,
    Eq<N, P1>: Select<Z0, Cur>,
{
    type Stride = If<Eq<N, P1>, Z0, Cur>;
    type Next = Prod<Cur, N>;
}
impl<Cur> CompactRight<Cur> for Nil {
    type Stride = Nil;
    type Next = Cur;
}
impl<H, T, Cur> CompactRight<Cur> for Tup<H, T>
where
    T: CompactRight<Cur>,
    H: CompactRight<<T as CompactRight<Cur>>::Next>,
{
    // the tail first (last leaf fastest), then the head
    type Stride = Tup<<H as CompactRight<<T as CompactRight<Cur>>::Next>>::Stride, <T as CompactRight<Cur>>::Stride>;
    type Next = <H as CompactRight<<T as CompactRight<Cur>>::Next>>::Next;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn make_layout_left_right() {
        assert_eq!(show::<MakeLayoutLeft<cute!(((_2,_4),_8))>>(), "((_2,_4),_8):((_1,_2),_8)");
        assert_eq!(show::<MakeLayoutRight<cute!(((_2,_4),_8))>>(), "((_2,_4),_8):((_32,_8),_1)");
        assert_eq!(show::<MakeLayoutLeft<cute!((_1,_1,_1))>>(), "(_1,_1,_1):(_0,_0,_0)");
        assert_eq!(show::<MakeLayoutLeft<cute!((_4,_1,_2))>>(), "(_4,_1,_2):(_1,_0,_4)");
        assert_eq!(show::<MakeLayoutRight<cute!((_4,_1,_2))>>(), "(_4,_1,_2):(_2,_0,_1)");
        assert_eq!(show::<MakeLayoutLeft<cute!(_8)>>(), "_8:_1");
        assert_eq!(show::<MakeLayoutLeft<cute!(_1)>>(), "_1:_0");
    }
}
