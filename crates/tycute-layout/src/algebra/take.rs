//! `take<B,E>(L)`: the layout of L's modes `[B, E)`.
//!
//! CuTe (`layout.hpp`):
//!
//! ```text
//! take<B,E>(layout) = make_layout(take<B,E>(shape(layout)), take<B,E>(stride(layout)))
//!   static_assert(B < E, "take: empty range error");
//!   static_assert(0 <= B && E <= rank(layout), "take: range out of bounds");
//! ```
//!
//! The result is always a tuple layout, also for one mode: `take<1,2>((_2,_3):(_1,_2))` is
//! `(_3):(_2)`; an integral layout has rank 1 (`take<0,1>(_8:_1)` is `(_8):(_1)`). On a composed
//! layout `F o off o L` it is `F o off o take<B,E>(L)`. Both assertions are check traits
//! ([`TakeRangeNonEmpty`], [`TakeRangeInBounds`]) required by the alias [`Take`] itself, so a
//! rejection is one error naming the rule; the runtime twin (`tycute_dynamic::take`, the vector
//! op `take<B,E>` of `tycute-vectors`) rejects the same ranges in the same words. O(rank): one
//! walk over the modes.

use core::ops::{Add, BitAnd};

use crate::bounds::DecIfFailed;
use crate::int::{And, GrEq, If, Int, IsGreaterOrEqual, IsLess, Le, LeEq, Select, Sum, B1, P1, Z0};
use crate::layout::{Layout, Rank};
use crate::sealed::Sealed;
use crate::swizzle::composed::{Composition3, Composition3Op};
use crate::swizzle::ComposedLayout;
use crate::tuple::{Nil, Tup};

/// CuTe's `static_assert(B < E, "take: empty range error")`.
#[diagnostic::on_unimplemented(
    message = "take: empty range error (take<B,E> needs B < E): take<{B},{E}>",
    label = "take<B,E> with B >= E"
)]
pub trait TakeRangeNonEmpty<B = (), E = (), R = ()>: Sealed {
    /// `T` when the rule holds (the gate of [`Take`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl<B, E, R> TakeRangeNonEmpty<B, E, R> for B1 {
    type Ok<T> = T;
}

/// CuTe's `static_assert(0 <= B && E <= rank(layout), "take: range out of bounds")`.
#[diagnostic::on_unimplemented(
    message = "take: range out of bounds (take<B,E> needs 0 <= B and E <= rank(layout)): take<{B},{E}> of a rank-{R} layout",
    label = "take<B,E> reaches past the layout's modes"
)]
pub trait TakeRangeInBounds<B = (), E = (), R = ()>: Sealed {
    /// `T` when the rule holds (the gate of [`Take`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl<B, E, R> TakeRangeInBounds<B, E, R> for B1 {
    type Ok<T> = T;
}

/// `take<B,E>(L)` without the range checks (for generic bounds; [`Take`] checks them).
pub trait TakeOp<B, E>: Sealed {
    type Output;
}
impl<S, D, B, E> TakeOp<B, E> for Layout<S, D>
where
    S: AsModes,
    D: AsModes,
    <S as AsModes>::Output: TakeFrom<B, E, Z0>,
    <D as AsModes>::Output: TakeFrom<B, E, Z0>,
{
    // (s_B, ..., s_{E-1}):(d_B, ..., d_{E-1})
    type Output = Layout<
        <<S as AsModes>::Output as TakeFrom<B, E, Z0>>::Output,
        <<D as AsModes>::Output as TakeFrom<B, E, Z0>>::Output,
    >;
}
/// `take<B,E>(F o off o L)` = `F o off o take<B,E>(L)`.
impl<F, O, L, B, E> TakeOp<B, E> for ComposedLayout<F, O, L>
where
    L: TakeOp<B, E>,
    F: Composition3Op<O, <L as TakeOp<B, E>>::Output>,
{
    type Output = Composition3<F, O, <L as TakeOp<B, E>>::Output>;
}

/// `B < E` as a bit.
#[doc(hidden)]
pub type TakeNonEmptyBit<B, E> = Le<B, E>;
/// `0 <= B && E <= rank(L)` as a bit.
#[doc(hidden)]
pub type TakeInBoundsBit<L, B, E> = And<GrEq<B, Z0>, LeEq<E, Rank<L>>>;

/// `take<B,E>(L)`: the modes `[B, E)` of a layout (or of a composed layout's inner layout), as a
/// tuple layout.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_layout::{show, Take};
/// use tycute_layout::typenum::{P1, P2, P3, Z0};
/// use tycute_macros::cute;
/// assert_eq!(show::<Take<cute!((_2,(_3,_4),_5):(_1,(_2,_6),_24)), P1, P3>>(), "((_3,_4),_5):((_2,_6),_24)");
/// assert_eq!(show::<Take<cute!((_2,_3):(_1,_2)), P1, P2>>(), "(_3):(_2)");
/// assert_eq!(show::<Take<cute!(_8:_1), Z0, P1>>(), "(_8):(_1)");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_layout::{show, Take};
/// use tycute_layout::typenum::P1;
/// use tycute_macros::cute;
/// // error[E0277]: take: empty range error (take<B,E> needs B < E)
/// let _ = show::<Take<cute!((_2,_3):(_1,_2)), P1, P1>>();
/// ```
pub type Take<L, B, E> = <TakeNonEmptyBit<B, E> as TakeRangeNonEmpty<
    DecIfFailed<TakeNonEmptyBit<B, E>, B>,
    DecIfFailed<TakeNonEmptyBit<B, E>, E>,
>>::Ok<
    <TakeInBoundsBit<L, B, E> as TakeRangeInBounds<
        DecIfFailed<TakeInBoundsBit<L, B, E>, B>,
        DecIfFailed<TakeInBoundsBit<L, B, E>, E>,
        DecIfFailed<TakeInBoundsBit<L, B, E>, Rank<L>>,
    >>::Ok<<L as TakeOp<B, E>>::Output>,
>;

/// A shape or stride as its list of top-level modes: a tuple is itself, an integer its own
/// single mode.
#[doc(hidden)]
pub trait AsModes {
    type Output;
}
impl<N: Int> AsModes for N {
    type Output = Tup<N, Nil>;
}
impl AsModes for Nil {
    type Output = Nil;
}
impl<H, T> AsModes for Tup<H, T> {
    type Output = Tup<H, T>;
}

/// The elements of a list at the indices `B <= I < E`, `I` counting from the head.
#[doc(hidden)]
pub trait TakeFrom<B, E, I> {
    type Output;
}
impl<B, E, I> TakeFrom<B, E, I> for Nil {
    type Output = Nil;
}
impl<H, T, B, E, I> TakeFrom<B, E, I> for Tup<H, T>
where
    I: IsGreaterOrEqual<B> + IsLess<E> + Add<P1>,
    GrEq<I, B>: BitAnd<Le<I, E>>,
    T: TakeFrom<B, E, Sum<I, P1>>,
    And<GrEq<I, B>, Le<I, E>>: Select<Tup<H, <T as TakeFrom<B, E, Sum<I, P1>>>::Output>, <T as TakeFrom<B, E, Sum<I, P1>>>::Output>,
{
    // keep H when B <= I < E
    type Output = If<
        And<GrEq<I, B>, Le<I, E>>,
        Tup<H, <T as TakeFrom<B, E, Sum<I, P1>>>::Output>,
        <T as TakeFrom<B, E, Sum<I, P1>>>::Output,
    >;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use tycute_macros::cute;
    use typenum::{P2, P3};

    #[test]
    fn take_modes() {
        assert_eq!(show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), Z0, P3>>(), "(_2,_3,_4):(_1,_2,_6)");
        assert_eq!(show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), Z0, P1>>(), "(_2):(_1)");
        assert_eq!(show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P2, P3>>(), "(_4):(_6)");
        assert_eq!(show::<Take<cute!((_2,(_3,_4)):(_1,(_2,_6))), P1, P2>>(), "((_3,_4)):((_2,_6))");
        assert_eq!(table::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P1, P3>>(), vec![0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
        assert_eq!(
            show::<Take<cute!(Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))), P1, P2>>(),
            "Sw<3,3,3> o _0 o ((_64,_2)):((_1,_8192))"
        );
    }
}
