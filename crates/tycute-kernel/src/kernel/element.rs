//! Element types at the type level for the kernel rules: [`ElementId`] numbers CuTe's element
//! types, so that "the atom's A type is the configuration's element type" is one `typenum`
//! equality (no pairwise impls), and [`SameElementBit`] is that equality as a bit.

use tycute_layout::swizzle::recast::{bfloat16_t, float, float_e4m3_t, float_e5m2_t, half_t, tfloat32_t};
use typenum::{Cmp, Eq, IsEqual, P1, P2, P3, P4, P5, P6};

/// A number per element type (the device library's codes for the first three: `TYCUTE_ELEMENT_F32`
/// = 1, `_F16` = 2, `_BF16` = 3, `kernels/include/tycute/arch/convert.cuh`).
pub trait ElementId {
    /// The number, a `typenum` integer.
    type Id;
}
macro_rules! ids {
    ($($t:ty => $id:ty;)*) => {$(
        impl ElementId for $t {
            type Id = $id;
        }
    )*};
}
ids! {
    float => P1;
    half_t => P2;
    bfloat16_t => P3;
    tfloat32_t => P4;
    float_e4m3_t => P5;
    float_e5m2_t => P6;
}

/// `A == B` for element types: [`SameElement::Bit`] is the answer as a bit.
pub trait SameElement<B> {
    /// `B1` when `A` and `B` are one element type, else `B0`.
    type Bit;
}
impl<A: ElementId, B: ElementId> SameElement<B> for A
where
    A::Id: IsEqual<B::Id> + Cmp<B::Id>,
{
    type Bit = Eq<A::Id, B::Id>;
}
/// `A == B` for element types, as a bit.
pub type SameElementBit<A, B> = <A as SameElement<B>>::Bit;

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::{B0, B1};

    #[test]
    fn ids_tell_types_apart() {
        static_assertions::assert_type_eq_all!(SameElementBit<half_t, half_t>, B1);
        static_assertions::assert_type_eq_all!(SameElementBit<half_t, bfloat16_t>, B0);
        static_assertions::assert_type_eq_all!(SameElementBit<float, float>, B1);
    }
}

// ---------------------------------------------------------------------------------------------
// A configuration's parts with other element types

/// The MMA atom of the same shape, layouts and accumulator for inputs of element type `AB`
/// (`SM80_16x8x16_F32F16F16F32_TN` for `bfloat16_t` is `SM80_16x8x16_F32BF16BF16F32_TN`): what a
/// configuration derived for another input type swaps in. Implemented for the 16-bit-input,
/// f32-accumulating atoms whose fp16 and bf16 forms have the same layouts
/// (`tycute_atom::SameMmaLayouts`).
pub trait MmaWithInputs<AB> {
    /// The atom for `AB` inputs.
    type Output;
}
/// `M`'s atom swapped for its `AB`-input form ([`MmaWithInputs`]), in a TiledMMA, an `MMA_Atom`
/// or a bare operation.
pub type WithInputs<M, AB> = <M as MmaWithInputs<AB>>::Output;

impl<A: MmaWithInputs<AB>, L, P, AB> MmaWithInputs<AB> for tycute_tiled::mma::TiledMMA<A, L, P> {
    type Output = tycute_tiled::mma::TiledMMA<WithInputs<A, AB>, L, P>;
}
impl<Op: MmaWithInputs<AB>, AB> MmaWithInputs<AB> for tycute_atom::MMA_Atom<Op> {
    type Output = tycute_atom::MMA_Atom<WithInputs<Op, AB>>;
}
macro_rules! with_inputs {
    ($f16:ident, $bf16:ident) => {
        impl MmaWithInputs<half_t> for tycute_atom::$f16 {
            type Output = tycute_atom::$f16;
        }
        impl MmaWithInputs<bfloat16_t> for tycute_atom::$f16 {
            type Output = tycute_atom::$bf16;
        }
        impl MmaWithInputs<half_t> for tycute_atom::$bf16 {
            type Output = tycute_atom::$f16;
        }
        impl MmaWithInputs<bfloat16_t> for tycute_atom::$bf16 {
            type Output = tycute_atom::$bf16;
        }
    };
    ($($f16:ident, $bf16:ident;)*) => {$(
        impl<A, B> MmaWithInputs<half_t> for tycute_atom::$f16<A, B> {
            type Output = tycute_atom::$f16<A, B>;
        }
        impl<A, B> MmaWithInputs<bfloat16_t> for tycute_atom::$f16<A, B> {
            type Output = tycute_atom::$bf16<A, B>;
        }
        impl<A, B> MmaWithInputs<half_t> for tycute_atom::$bf16<A, B> {
            type Output = tycute_atom::$f16<A, B>;
        }
        impl<A, B> MmaWithInputs<bfloat16_t> for tycute_atom::$bf16<A, B> {
            type Output = tycute_atom::$bf16<A, B>;
        }
    )*};
}
with_inputs!(SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x16_F32BF16BF16F32_TN);
with_inputs!(SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32BF16BF16F32_TN);
// the GMMA atoms of CuTe's N list (mma_traits_sm90_gmma.hpp's SS forms), either major
with_inputs! {
    SM90_64x8x16_F32F16F16_SS, SM90_64x8x16_F32BF16BF16_SS;
    SM90_64x16x16_F32F16F16_SS, SM90_64x16x16_F32BF16BF16_SS;
    SM90_64x32x16_F32F16F16_SS, SM90_64x32x16_F32BF16BF16_SS;
    SM90_64x64x16_F32F16F16_SS, SM90_64x64x16_F32BF16BF16_SS;
    SM90_64x96x16_F32F16F16_SS, SM90_64x96x16_F32BF16BF16_SS;
    SM90_64x128x16_F32F16F16_SS, SM90_64x128x16_F32BF16BF16_SS;
    SM90_64x192x16_F32F16F16_SS, SM90_64x192x16_F32BF16BF16_SS;
    SM90_64x256x16_F32F16F16_SS, SM90_64x256x16_F32BF16BF16_SS;
}

/// A TiledCopy with its atom's value type replaced by `T` (`Copy_Atom<Op, half_t>` to
/// `Copy_Atom<Op, bfloat16_t>`): the same operation, thread-value layout and tiler. For element
/// types of one width, the copy moves the same bits to the same places.
pub trait CopyWithValue<T> {
    /// The copy of `T` values.
    type Output;
}
/// [`CopyWithValue`]'s output.
pub type WithValue<C, T> = <C as CopyWithValue<T>>::Output;
impl<Op, V, L, Tiler, T> CopyWithValue<T> for tycute_tiled::copy::TiledCopy<tycute_atom::Copy_Atom<Op, V>, L, Tiler> {
    type Output = tycute_tiled::copy::TiledCopy<tycute_atom::Copy_Atom<Op, T>, L, Tiler>;
}
