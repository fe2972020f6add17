//! The SM90 GMMA shared-memory layout atoms (`cute/atom/mma_traits_sm90_gmma.hpp`) and CuTe's
//! `as_position_independent_swizzle_layout`.
//!
//! CuTe defines each atom in bits and upcasts it to the element type:
//!
//! ```text
//! Layout_K_SWxx_Atom_Bits  = Sw<b,4,3> o smem_ptr[1b] o (_8,W):(W,_1)      W = 128 << b bits
//! Layout_MN_SWxx_Atom_Bits = Sw<b,4,3> o smem_ptr[1b] o (W,_8):(_1,W)
//! Layout_X_SWxx_Atom<T>    = upcast<sizeof_bits<T>>(..._Bits)
//!                          = Sw<b,4,3> o smem_ptr[Tb] o (_8,W/T):(W/T,_1)   (K-major)
//! ```
//!
//! with `b` = 0 (`INTER`), 1 (`SW32`), 2 (`SW64`), 3 (`SW128`). The swizzle acts on byte
//! addresses and the `smem_ptr[Tb](unset)` offset is CuTe's `smem_ptr_flag_bits<T>`; such a layout
//! has no integer table. [`AsPositionIndependent`] converts the swizzle to element units
//! (`recast_layout<uint8_t, uint_bit_t<T>>`) and drops the flag; an `INTER` atom (identity
//! swizzle) becomes its plain layout.
//!
//! tycute computes the upcast directly (`W / sizeof_bits<T>`), and requires `sizeof_bits<T>` to
//! divide `W` (every GMMA element type does).

#![allow(non_camel_case_types)]

use core::ops::{Div, Rem};

use crate::bounds::{DecIfFailed, DecimalIfFailed};
use crate::int::{Eq, IsEqual, Mod, Quot, B1, P1, Z0};
use typenum::P8;
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::swizzle::composed::{Composition3, Composition3Op};
use crate::swizzle::recast::{Bits, RecastLayout, RecastLayoutOp, SizeofBits, UintBit, UintBitOp, uint8_t};
use crate::swizzle::{ComposedLayout, SmemPtr, Swizzle};
use crate::tuple::{Nil, Tup};

/// K-major atoms (`GMMA::Major::K`): `(_8, W/T):(W/T, _1)`.
#[derive(Debug, Default, Clone, Copy)]
pub struct MajorK;
/// MN-major atoms (`GMMA::Major::MN`): `(W/T, _8):(_1, W/T)`.
#[derive(Debug, Default, Clone, Copy)]
pub struct MajorMN;
/// `INTER`: no swizzle, `Sw<0,4,3>`, rows of 128 bits.
#[derive(Debug, Default, Clone, Copy)]
pub struct Inter;
/// `SW32`: `Sw<1,4,3>`, rows of 256 bits.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sw32;
/// `SW64`: `Sw<2,4,3>`, rows of 512 bits.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sw64;
/// `SW128`: `Sw<3,4,3>`, rows of 1024 bits.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sw128;
impl Sealed for MajorK {}
impl Sealed for MajorMN {}
impl Sealed for Inter {}
impl Sealed for Sw32 {}
impl Sealed for Sw64 {}
impl Sealed for Sw128 {}

/// A GMMA swizzle kind: the swizzle's `B` and the row width in bits.
#[doc(hidden)]
pub trait GmmaSwizzleKind: Sealed {
    type B;
    type Width;
}
impl GmmaSwizzleKind for Inter {
    type B = Z0;
    type Width = typenum::P128;
}
impl GmmaSwizzleKind for Sw32 {
    type B = typenum::P1;
    type Width = typenum::P256;
}
impl GmmaSwizzleKind for Sw64 {
    type B = typenum::P2;
    type Width = typenum::P512;
}
impl GmmaSwizzleKind for Sw128 {
    type B = typenum::P3;
    type Width = typenum::P1024;
}

/// The layout of an atom of major `Self` with `Cols = W / sizeof_bits<T>` elements per row.
#[doc(hidden)]
pub trait GmmaMajor: Sealed {
    type Layout<Cols>;
    /// `true` for MN-major (a GMMA's `imm-trans` bit 1), `false` for K-major.
    const MN: bool;
    /// [`MN`](GmmaMajor::MN) as a type-level bit (`B1` for MN-major).
    type MnBit;
}
impl GmmaMajor for MajorK {
    const MN: bool = false;
    type MnBit = typenum::B0;
    // (_8, Cols):(Cols, _1)
    type Layout<Cols> = Layout<Tup<P8, Tup<Cols, Nil>>, Tup<Cols, Tup<P1, Nil>>>;
}
impl GmmaMajor for MajorMN {
    const MN: bool = true;
    type MnBit = B1;
    // (Cols, _8):(_1, Cols)
    type Layout<Cols> = Layout<Tup<Cols, Tup<P8, Nil>>, Tup<P1, Tup<Cols, Nil>>>;
}

/// Rejects an element type whose width does not divide the atom's row; `Bits` and `Width` are
/// `sizeof_bits<T>` and the row width in decimal where it fails.
#[diagnostic::on_unimplemented(
    message = "GMMA smem atom: sizeof_bits<T> must divide the atom's row width (128, 256, 512 or 1024 bits): sizeof_bits<T> = {Bits}, the row width is {Width} bits",
    label = "element type too wide for this atom"
)]
pub trait GmmaElementFits<Bits = (), Width = ()>: Sealed {}
impl<Bits, Width> GmmaElementFits<Bits, Width> for B1 {}

/// `GMMA::Layout_{Major}_{Kind}_Atom<T>` for an element type `T`.
pub trait GmmaAtomOp<Major, Kind> {
    type Output;
}
type Cols<T, Kind> = Quot<<Kind as GmmaSwizzleKind>::Width, Bits<T>>;
impl<T, Major, Kind> GmmaAtomOp<Major, Kind> for T
where
    T: SizeofBits,
    Major: GmmaMajor,
    Kind: GmmaSwizzleKind,
    Kind::Width: Rem<Bits<T>> + Div<Bits<T>>,
    Mod<Kind::Width, Bits<T>>: IsEqual<Z0>,
    Eq<Mod<Kind::Width, Bits<T>>, Z0>: DecimalIfFailed<Bits<T>> + DecimalIfFailed<Kind::Width>,
    Eq<Mod<Kind::Width, Bits<T>>, Z0>: GmmaElementFits<
        DecIfFailed<Eq<Mod<Kind::Width, Bits<T>>, Z0>, Bits<T>>,
        DecIfFailed<Eq<Mod<Kind::Width, Bits<T>>, Z0>, Kind::Width>,
    >,
{
    // Sw<b,4,3> o smem_ptr[Tb](unset) o atom layout in elements
    type Output = ComposedLayout<
        Swizzle<Kind::B, typenum::P4, typenum::P3>,
        SmemPtr<Bits<T>>,
        <Major as GmmaMajor>::Layout<Cols<T, Kind>>,
    >;
}
/// `GMMA::Layout_*_Atom<T>` by major and kind.
///
/// ```
/// # use tycute_layout::show;
/// # use tycute_layout::swizzle::{gmma::*, recast::*};
/// assert_eq!(show::<Layout_K_SW32_Atom<half_t>>(), "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)");
/// assert_eq!(show::<AsPositionIndependent<Layout_K_SW32_Atom<half_t>>>(), "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)");
/// assert_eq!(show::<AsPositionIndependent<Layout_MN_INTER_Atom<half_t>>>(), "(_8,_8):(_1,_8)");
/// ```
///
/// ```compile_fail,E0277
/// # use tycute_layout::show;
/// # use tycute_layout::swizzle::{gmma::*, recast::*};
/// // error[E0277]: GMMA smem atom: sizeof_bits<T> must divide the atom's row width (128, 256, 512 or 1024 bits)
/// struct Wide;
/// impl SizeofBits for Wide { type Bits = tycute_layout::typenum::P256; }
/// let _ = show::<Layout_K_INTER_Atom<Wide>>();
/// ```
pub type GmmaAtom<T, Major, Kind> = <T as GmmaAtomOp<Major, Kind>>::Output;

/// `GMMA::Layout_MN_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr[Tb](unset) o (128/T,_8):(_1,128/T)`.
pub type Layout_MN_INTER_Atom<T> = GmmaAtom<T, MajorMN, Inter>;
/// `GMMA::Layout_MN_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr[Tb](unset) o (256/T,_8):(_1,256/T)`.
pub type Layout_MN_SW32_Atom<T> = GmmaAtom<T, MajorMN, Sw32>;
/// `GMMA::Layout_MN_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr[Tb](unset) o (512/T,_8):(_1,512/T)`.
pub type Layout_MN_SW64_Atom<T> = GmmaAtom<T, MajorMN, Sw64>;
/// `GMMA::Layout_MN_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr[Tb](unset) o (1024/T,_8):(_1,1024/T)`.
pub type Layout_MN_SW128_Atom<T> = GmmaAtom<T, MajorMN, Sw128>;
/// `GMMA::Layout_K_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr[Tb](unset) o (_8,128/T):(128/T,_1)`.
pub type Layout_K_INTER_Atom<T> = GmmaAtom<T, MajorK, Inter>;
/// `GMMA::Layout_K_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr[Tb](unset) o (_8,256/T):(256/T,_1)`.
pub type Layout_K_SW32_Atom<T> = GmmaAtom<T, MajorK, Sw32>;
/// `GMMA::Layout_K_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr[Tb](unset) o (_8,512/T):(512/T,_1)`.
pub type Layout_K_SW64_Atom<T> = GmmaAtom<T, MajorK, Sw64>;
/// `GMMA::Layout_K_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr[Tb](unset) o (_8,1024/T):(1024/T,_1)`.
pub type Layout_K_SW128_Atom<T> = GmmaAtom<T, MajorK, Sw128>;

/// `GMMA::Layout_MN_INTER_Atom_Bits` (the atom in bits, `smem_ptr[1b]`).
pub type Layout_MN_INTER_Atom_Bits = Layout_MN_INTER_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_MN_SW32_Atom_Bits`.
pub type Layout_MN_SW32_Atom_Bits = Layout_MN_SW32_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_MN_SW64_Atom_Bits`.
pub type Layout_MN_SW64_Atom_Bits = Layout_MN_SW64_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_MN_SW128_Atom_Bits`.
pub type Layout_MN_SW128_Atom_Bits = Layout_MN_SW128_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_K_INTER_Atom_Bits`.
pub type Layout_K_INTER_Atom_Bits = Layout_K_INTER_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_K_SW32_Atom_Bits`.
pub type Layout_K_SW32_Atom_Bits = Layout_K_SW32_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_K_SW64_Atom_Bits`.
pub type Layout_K_SW64_Atom_Bits = Layout_K_SW64_Atom<crate::swizzle::recast::uint1_t>;
/// `GMMA::Layout_K_SW128_Atom_Bits`.
pub type Layout_K_SW128_Atom_Bits = Layout_K_SW128_Atom<crate::swizzle::recast::uint1_t>;

// ---------------------------------------------------------------------------------------------

/// CuTe's `as_position_independent_swizzle_layout(Sw o smem_ptr[Tb](unset) o L)`:
/// `composition(recast_layout<uint8_t, uint_bit_t<T>>(Sw), _0, L)`: the swizzle in element units
/// with offset `_0`, or `L` itself when that swizzle is the identity.
pub trait AsPositionIndependentOp: Sealed {
    type Output;
}

/// CuTe's "Expected smem." of the position-independent swizzle functions
/// (`as_position_independent_swizzle_layout` takes only a `ComposedLayout<Sw,
/// smem_ptr_flag_bits<B>, L>`, `as_position_independent_swizzle_tensor` asserts `is_smem`): the
/// layout must be a swizzle over an unset shared-memory pointer, `Sw o smem_ptr[Nb](unset) o L`.
#[diagnostic::on_unimplemented(
    message = "as_position_independent_swizzle_layout: Expected smem (the layout must be Sw o smem_ptr[Nb](unset) o L)",
    label = "not a swizzle over an smem_ptr flag"
)]
pub trait SmemPtrOffset: Sealed {
    /// The pointer's element width in bits.
    #[doc(hidden)]
    type Bits;
}
impl<Bt> SmemPtrOffset for SmemPtr<Bt> {
    type Bits = Bt;
}
/// The element width of an `smem_ptr[Nb](unset)` offset.
type PtrBits<O> = <O as SmemPtrOffset>::Bits;

impl<B, M, S, O, L> AsPositionIndependentOp for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    Swizzle<B, M, S>: crate::swizzle::ValidSwizzle,
    O: SmemPtrOffset,
    PtrBits<O>: UintBitOp,
    Swizzle<B, M, S>: RecastLayoutOp<uint8_t, UintBit<PtrBits<O>>>,
    RecastLayout<uint8_t, UintBit<PtrBits<O>>, Swizzle<B, M, S>>: Composition3Op<Z0, L>,
{
    type Output = Composition3<RecastLayout<uint8_t, UintBit<PtrBits<O>>, Swizzle<B, M, S>>, Z0, L>;
}
/// A plain layout has no smem pointer: rejected with [`SmemPtrOffset`]'s rule.
impl<S, D> AsPositionIndependentOp for Layout<S, D>
where
    <Layout<S, D> as PlainOffset>::Offset: SmemPtrOffset,
{
    type Output = Layout<S, D>;
}
/// The offset a plain layout stands at (`_0`), so that its rejection names the rule.
#[doc(hidden)]
pub trait PlainOffset {
    type Offset;
}
impl<S, D> PlainOffset for Layout<S, D> {
    type Offset = Z0;
}
/// `as_position_independent_swizzle_layout(L)`.
pub type AsPositionIndependent<L> = <L as AsPositionIndependentOp>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::{show, table};
    use crate::swizzle::recast::{float, half_t, tfloat32_t, uint128_t};

    #[test]
    fn atoms() {
        assert_eq!(show::<Layout_K_SW32_Atom<half_t>>(), "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)");
        assert_eq!(show::<Layout_K_SW128_Atom<uint8_t>>(), "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)");
        assert_eq!(show::<Layout_MN_SW128_Atom<float>>(), "Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)");
        assert_eq!(show::<Layout_MN_INTER_Atom<half_t>>(), "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)");
        assert_eq!(show::<Layout_K_SW64_Atom<tfloat32_t>>(), "Sw<2,4,3> o smem_ptr[32b](unset) o (_8,_16):(_16,_1)");
        assert_eq!(show::<Layout_K_INTER_Atom<uint128_t>>(), "Sw<0,4,3> o smem_ptr[128b](unset) o (_8,_1):(_1,_1)");
        assert_eq!(show::<Layout_K_SW128_Atom_Bits>(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)");
        assert!(table::<Layout_K_SW32_Atom<half_t>>().is_empty());
    }

    #[test]
    fn position_independent() {
        assert_eq!(show::<AsPositionIndependent<Layout_K_INTER_Atom<half_t>>>(), "(_8,_8):(_8,_1)");
        assert_eq!(show::<AsPositionIndependent<Layout_K_SW32_Atom<half_t>>>(), "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)");
        assert_eq!(show::<AsPositionIndependent<Layout_K_SW64_Atom<float>>>(), "Sw<2,2,3> o _0 o (_8,_16):(_16,_1)");
        assert_eq!(show::<AsPositionIndependent<Layout_K_SW128_Atom<uint8_t>>>(), "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)");
        assert_eq!(show::<AsPositionIndependent<Layout_MN_SW128_Atom<float>>>(), "Sw<3,2,3> o _0 o (_32,_8):(_1,_32)");
        assert_eq!(table::<AsPositionIndependent<Layout_K_SW32_Atom<half_t>>>().len(), 128);
    }
}
