//! Swizzled composed layouts `Sw o offset o L`: construction (CuTe's three-argument
//! `composition(a, offset, b)`) and the layout algebra on them.
//!
//! CuTe applies most operations to a `ComposedLayout<A, O, B>` by applying them to the inner
//! layout `B` and keeping `A` and `O` (`layout_composed.hpp`); the swizzle-specific ones
//! (inverses, casts) are in `swizzle_layout.hpp` and `pointer_flagged.hpp`.

use core::ops::BitAnd;

use crate::int::{And, Eq, IsEqual, NInt, NonZero, PInt, Select, Unsigned, If, B0, B1, Z0};
use crate::sealed::Sealed;
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

/// CuTe's three-argument `composition(a, offset, b)`: the composed layout `a o offset o b`,
/// except that the identity swizzle `Sw<0,M,S>` with offset `_0` is dropped and `b` returned
/// (CuTe's "ignore identity case" overload).
pub trait Composition3Op<O, L>: Sealed {
    type Output;
}
impl<B, M, S, O, L> Composition3Op<O, L> for Swizzle<B, M, S>
where
    B: IsEqual<Z0>,
    O: IsZeroOffset,
    Eq<B, Z0>: BitAnd<<O as IsZeroOffset>::Output>,
    And<Eq<B, Z0>, <O as IsZeroOffset>::Output>: Select<L, ComposedLayout<Swizzle<B, M, S>, O, L>>,
{
    type Output = If<And<Eq<B, Z0>, <O as IsZeroOffset>::Output>, L, ComposedLayout<Swizzle<B, M, S>, O, L>>;
}
/// `composition(A, O, B)` with three arguments: `A o O o B`.
pub type Composition3<A, O, B> = <A as Composition3Op<O, B>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

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
