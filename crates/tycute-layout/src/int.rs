//! Static integers: typenum's signed integers (`Z0`, `PInt<U>`, `NInt<U>`) are CuTe's `Int<N>`.
//!
//! Everything in the algebra is signed: CuTe's strides may be negative, and a single integer kind
//! keeps every operation one impl. Shapes are positive by construction.

pub use typenum::{
    Abs, AbsVal, Bit, Cmp, Compare, Diff, Eq, Equal, Gcd, Gcf, Gr, GrEq, Greater, Integer, IsEqual,
    IsGreater, IsGreaterOrEqual, IsLess, IsLessOrEqual, Le, LeEq, Less, Max, Maximum, Min,
    Minimum, Mod, NInt, Negate, NonZero, NotEq, PInt, PartialDiv, Prod, Quot, Sum, UInt, UTerm,
    Unsigned, B0, B1, N1, P1, P2, Z0,
};

use crate::sealed::Sealed;

/// A static integer: CuTe's `Int<N>`, printed `_N`.
pub trait Int: Integer + Sealed + Default + Copy + 'static {}
impl Int for Z0 {}
impl<U: Unsigned + NonZero + Default + Copy + 'static> Int for PInt<U> {}
impl<U: Unsigned + NonZero + Default + Copy + 'static> Int for NInt<U> {}

/// `ceil_div(a, b)` for positive `b` (CuTe's `ceil_div`, `(a + b - 1) / b`).
pub trait CeilDivOp<B>: Sealed {
    type Output;
}
impl<A, B> CeilDivOp<B> for A
where
    A: Int + core::ops::Add<B>,
    B: Int,
    Sum<A, B>: core::ops::Sub<P1>,
    Diff<Sum<A, B>, P1>: core::ops::Div<B>,
{
    type Output = Quot<Diff<Sum<A, B>, P1>, B>;
}
/// `ceil_div(A, B)`.
pub type CeilDiv<A, B> = <A as CeilDivOp<B>>::Output;

/// Type-level `if`: `If<C, T, F>` is `T` when `C = B1`, `F` when `C = B0`.
///
/// Both branches are named types, so they must both be well formed: to choose between two
/// *computations* (where the untaken one may not exist), dispatch on the bit through a helper
/// trait with one impl for `B0` and one for `B1` instead.
pub trait Select<T, F>: Sealed {
    type Output;
}
impl<T, F> Select<T, F> for B1 {
    type Output = T;
}
impl<T, F> Select<T, F> for B0 {
    type Output = F;
}
pub type If<C, T, F> = <C as Select<T, F>>::Output;

/// Boolean `or` and `and` on typenum bits.
pub type Or<A, B> = <A as core::ops::BitOr<B>>::Output;
pub type And<A, B> = <A as core::ops::BitAnd<B>>::Output;
pub type Not<A> = <A as core::ops::Not>::Output;

/// `A % B == 0` as a bit.
pub type Divides<B, A> = Eq<Mod<A, B>, Z0>;
