//! Swizzles and composed layouts.
//!
//! * [`mod@swizzle`]: `Sw<B,M,S>` on static integers ([`SwizzleApply`]), parameter
//!   checks ([`ValidSwizzle`]), [`MakeSwizzle`], and the run-time [`swizzle_table`] /
//!   [`swizzle_masks`];
//! * [`recast`]: element types (`half_t`, `float`, `uint8_t`, ...: [`SizeofBits`]),
//!   `upcast`/`downcast` of a swizzle, [`RecastLayout`];
//! * [`composed`]: CuTe's three-argument composition ([`Composition3`]) and the algebra on
//!   `Sw o offset o L`: `Composition` (swizzle ∘ layout, composed ∘ layout/tiler, layout ∘ swizzle,
//!   layout ∘ composed), `RightInverse`/`LeftInverse`, `Upcast`/`Downcast`, size/rank/depth/cosize,
//!   `layout<I>`, `coalesce` (divides, products and `tile_to_shape` of composed layouts are in
//!   `algebra/`);
//! * [`gmma`]: the SM90 GMMA shared-memory atoms (`Layout_K_SW128_Atom<T>`, ...) and
//!   [`AsPositionIndependent`].

use core::marker::PhantomData;

use crate::int::Int;
use crate::repr::{Reify, Repr};

/// CuTe's `Swizzle<B, M, S>`: `x ^ ((x & yyy_msk) >> S)` with `yyy_msk = ((1<<B)-1) << (M+max(0,S))`.
pub struct Swizzle<B, M, S>(PhantomData<fn() -> (B, M, S)>);
impl<B, M, S> crate::sealed::Sealed for Swizzle<B, M, S> {}
impl<B, M, S> Default for Swizzle<B, M, S> {
    fn default() -> Self {
        Swizzle(PhantomData)
    }
}
// Printing (and so tabling) a swizzle requires CuTe's parameter checks (`ValidSwizzle`): a
// `Sw<3,3,2>` is rejected as CuTe's `static_assert`s reject it, wherever it is used.
impl<B: Int, M: Int, S: Int> Reify for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: ValidSwizzle,
{
    const REPR: Repr = Repr::swizzle(B::I64, M::I64, S::I64);
}

/// CuTe's `ComposedLayout<A, Offset, B>`: `x ↦ A(offset + B(x))`, printed `A o offset o B`.
pub struct ComposedLayout<A, O, B>(PhantomData<fn() -> (A, O, B)>);
impl<A, O, B> crate::sealed::Sealed for ComposedLayout<A, O, B> {}
impl<A, O, B> Default for ComposedLayout<A, O, B> {
    fn default() -> Self {
        ComposedLayout(PhantomData)
    }
}
// A composed layout whose inner function is itself a composed layout is not a value of tycute
// (`composed::NotNestedComposed`): neither level represents `Sw o _0 o Sw o _0 o L`.
impl<A: Reify, O: Reify, B: Reify + composed::NotNestedComposed> Reify for ComposedLayout<A, O, B> {
    const REPR: Repr = Repr::composed(A::REPR, O::REPR, B::REPR);
}

/// CuTe's `smem_ptr_flag_bits<Bits>` offset of a GMMA smem atom, printed `smem_ptr[16b](unset)`.
pub struct SmemPtr<Bits>(PhantomData<fn() -> Bits>);
impl<B> crate::sealed::Sealed for SmemPtr<B> {}
impl<Bits> Default for SmemPtr<Bits> {
    fn default() -> Self {
        SmemPtr(PhantomData)
    }
}
impl<Bits: Int> Reify for SmemPtr<Bits> {
    const REPR: Repr = Repr::smem_ptr(Bits::I64);
}

#[allow(clippy::module_inception)]
pub mod swizzle;
pub use self::swizzle::{
    swizzle_at, swizzle_masks, swizzle_table, IsSwizzle, MakeSwizzle, MakeSwizzleOp, SwizzleApply, SwizzleApplyOp,
    ValidSwizzle,
};

pub mod recast;
pub use self::recast::{Bits, RecastLayout, RecastLayoutOp, SizeofBits, SwizzleDowncast, SwizzleUpcast, UintBit};

pub mod composed;
pub use self::composed::{Composition3, Composition3Op};

pub mod gmma;
pub mod vector;
pub use self::vector::{SwizzleKeepsVectors, SwizzledVector, SwizzledVectorOp};
pub use self::gmma::{AsPositionIndependent, AsPositionIndependentOp, GmmaAtom, GmmaAtomOp};
