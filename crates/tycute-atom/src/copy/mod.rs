//! Copy atoms: CuTe's `Copy_Traits<Op>` ([`CopyTraits`]) and `Copy_Atom<Op, T>` ([`Copy_Atom`]).
//!
//! A copy operation's traits describe, **in bits**, which thread moves which bits:
//!
//! | member | maps | to |
//! |---|---|---|
//! | `ThrID` | logical thread id | thread index (in the warp) |
//! | `SrcLayout` | `(src thread, src value bit)` | bit index of the reference tile |
//! | `DstLayout` | `(dst thread, dst value bit)` | bit index of the reference tile |
//! | `RefLayout` | `(thread, value bit)` | bit index: the reference TV layout (`SrcLayout` or `DstLayout`) that a tiled copy is built from |
//!
//! [`Copy_Atom<Op, T>`] fixes the element type `T` of the copied values and re-expresses the bit
//! layouts in elements of `T` ([`CopyAtom`]): `ValLayoutSrc = recast_layout<uint1_t, T>(SrcLayout)`
//! = `upcast<sizeof_bits<T>>(SrcLayout)`, and likewise `ValLayoutDst`, `ValLayoutRef`;
//! `NumValSrc = size<1>(ValLayoutSrc)`, `NumValDst = size<1>(ValLayoutDst)`.
//!
//! As in CuTe, the atom is rejected unless each of the three value layouts keeps one mode-0
//! entry per thread, `size<0>(ValLayoutX) == size(ThrID)` (otherwise `T` is wider than what one
//! thread moves, and the upcast merged threads):
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::{show, swizzle::recast::uint128_t};
//! // ldmatrix .x1 gives every thread 32 bits: it cannot deliver 128-bit values.
//! // error: "Copy_Atom: CopyOperation is not valid for Dst of ValType."
//! let _ = show::<<Copy_Atom<SM75_U32x1_LDSM_N, uint128_t> as CopyAtom>::ValLayoutDst>();
//! ```
//!
//! [`Src2Ref`] and [`Dst2Ref`] are `right_inverse(ValLayoutRef) ∘ ValLayoutSrc/Dst`, the maps
//! from a source/destination `(thread, value)` to the reference `(thread, value)` that
//! `TiledCopy::tidfrg_S/D` compose with.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::{show, swizzle::recast::half_t};
//! type A = Copy_Atom<SM75_U16x2_LDSM_T, half_t>;
//! assert_eq!(show::<<A as CopyAtom>::BitLayoutDst>(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
//! assert_eq!(show::<<A as CopyAtom>::ValLayoutDst>(), "((_4,_8),(_1,_2)):((_16,_1),(_1,_8))");
//! assert_eq!(show::<<A as CopyAtom>::NumValDst>(), "_2");
//! assert_eq!(show::<copy::Src2Ref<A>>(), "(((_2,_4),_4),_8):(((_32,_1),_0),_4)");
//! ```

use core::marker::PhantomData;

use tycute_layout::algebra::cast::UpcastOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, IsEqual, B1, P1, Z0};
use tycute_layout::layout::{LayoutAtOp, SizeOp};
use tycute_layout::swizzle::recast::{Bits, SizeofBits};
use tycute_layout::{Composition, LayoutAt, RightInverse, Size, Upcast};

use crate::sealed::Sealed;

pub mod sm75;
pub mod sm80;
pub mod sm90;
pub mod universal;

/// CuTe's `Copy_Traits<Op>`: the thread and bit layouts of a copy operation.
///
/// Implemented by every copy operation marker type of this crate; other crates may implement it
/// for their own operations.
pub trait CopyTraits {
    /// Logical thread id → thread index.
    type ThrID;
    /// `(src thread, src value bit)` → bit.
    type SrcLayout;
    /// `(dst thread, dst value bit)` → bit.
    type DstLayout;
    /// `(thread, value bit)` → bit: the reference layout.
    type RefLayout;
}

/// CuTe's `Copy_Atom<Op, T>`: the copy operation `Op` moving values of element type `T`
/// (a marker type of `tycute_layout::swizzle::recast`, `half_t`, `float`, ...). Its members are
/// the associated types of [`CopyAtom`].
pub struct Copy_Atom<Op, T>(PhantomData<fn() -> (Op, T)>);
impl<Op, T> Default for Copy_Atom<Op, T> {
    fn default() -> Self {
        Copy_Atom(PhantomData)
    }
}
impl<Op, T> Clone for Copy_Atom<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, T> Copy for Copy_Atom<Op, T> {}

/// The members of a [`Copy_Atom`] (CuTe's `Copy_Atom<Op, T>::ThrID`, `ValLayoutSrc`, ...).
pub trait CopyAtom {
    /// The copy operation.
    type CopyOp;
    /// The element type `T` (CuTe's `ValType`).
    type ValType;
    /// Logical thread id → thread index.
    type ThrID;
    /// `Copy_Traits<Op>::SrcLayout`, in bits.
    type BitLayoutSrc;
    /// `Copy_Traits<Op>::DstLayout`, in bits.
    type BitLayoutDst;
    /// `Copy_Traits<Op>::RefLayout`, in bits.
    type BitLayoutRef;
    /// `(src thread, src value)` → element: `upcast<sizeof_bits<T>>(BitLayoutSrc)`.
    type ValLayoutSrc;
    /// `(dst thread, dst value)` → element: `upcast<sizeof_bits<T>>(BitLayoutDst)`.
    type ValLayoutDst;
    /// `(thread, value)` → element: `upcast<sizeof_bits<T>>(BitLayoutRef)`.
    type ValLayoutRef;
    /// `size<1>(ValLayoutSrc)`: values of `T` per thread on the source side.
    type NumValSrc;
    /// `size<1>(ValLayoutDst)`: values of `T` per thread on the destination side.
    type NumValDst;
}

/// Rejects a `Copy_Atom<Op, T>` whose source layout in elements of `T` does not keep one entry
/// per thread (CuTe's `CUTE_STATIC_ASSERT_V`).
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: CopyOperation is not valid for Src of ValType. sizeof_bits<ValType> = {Bits}, size<0>(ValLayoutSrc) = {Thr}, size(ThrID) = {AtomThr}",
    label = "size<0>(ValLayoutSrc) = {Thr} != size(ThrID) = {AtomThr}: the value type ({Bits} bits) is wider than what one thread reads"
)]
pub trait CopySrcValid<Bits = (), Thr = (), AtomThr = ()>: Sealed {}
impl<Bits, Thr, AtomThr> CopySrcValid<Bits, Thr, AtomThr> for B1 {}
/// Rejects a `Copy_Atom<Op, T>` whose destination layout in elements of `T` does not keep one
/// entry per thread.
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: CopyOperation is not valid for Dst of ValType. sizeof_bits<ValType> = {Bits}, size<0>(ValLayoutDst) = {Thr}, size(ThrID) = {AtomThr}",
    label = "size<0>(ValLayoutDst) = {Thr} != size(ThrID) = {AtomThr}: the value type ({Bits} bits) is wider than what one thread writes"
)]
pub trait CopyDstValid<Bits = (), Thr = (), AtomThr = ()>: Sealed {}
impl<Bits, Thr, AtomThr> CopyDstValid<Bits, Thr, AtomThr> for B1 {}
/// Rejects a `Copy_Atom<Op, T>` whose reference layout in elements of `T` does not keep one
/// entry per thread.
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: CopyOperation is not valid for Ref of ValType. sizeof_bits<ValType> = {Bits}, size<0>(ValLayoutRef) = {Thr}, size(ThrID) = {AtomThr}",
    label = "size<0>(ValLayoutRef) = {Thr} != size(ThrID) = {AtomThr}: the value type ({Bits} bits) is wider than what one thread holds"
)]
pub trait CopyRefValid<Bits = (), Thr = (), AtomThr = ()>: Sealed {}
impl<Bits, Thr, AtomThr> CopyRefValid<Bits, Thr, AtomThr> for B1 {}

/// `recast_layout<uint1_t, T>(L)` = `upcast<sizeof_bits<T>>(L)`.
type Val<T, L> = Upcast<Bits<T>, L>;
/// `size<0>(L) == size(Thr)`, as a bit.
type OnePerThread<L, Thr> = Eq<Size<LayoutAt<L, Z0>>, Size<Thr>>;
/// `X` in decimal where the value layout of `L` fails [`OnePerThread`] (`()` where it holds).
type ValidNum<T, L, Thr, X> = DecIfFailed<OnePerThread<Val<T, L>, Thr>, X>;

impl<Op, T> CopyAtom for Copy_Atom<Op, T>
where
    Op: CopyTraits,
    T: SizeofBits,
    Op::ThrID: SizeOp,
    // ValLayoutSrc: size<0> == size(ThrID); size<1>
    Op::SrcLayout: UpcastOp<Bits<T>>,
    Val<T, Op::SrcLayout>: LayoutAtOp<Z0> + LayoutAtOp<P1>,
    LayoutAt<Val<T, Op::SrcLayout>, Z0>: SizeOp,
    LayoutAt<Val<T, Op::SrcLayout>, P1>: SizeOp,
    Size<LayoutAt<Val<T, Op::SrcLayout>, Z0>>: IsEqual<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::SrcLayout>, Op::ThrID>:
        DecimalIfFailed<Bits<T>> + DecimalIfFailed<Size<LayoutAt<Val<T, Op::SrcLayout>, Z0>>> + DecimalIfFailed<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::SrcLayout>, Op::ThrID>: CopySrcValid<
        ValidNum<T, Op::SrcLayout, Op::ThrID, Bits<T>>,
        ValidNum<T, Op::SrcLayout, Op::ThrID, Size<LayoutAt<Val<T, Op::SrcLayout>, Z0>>>,
        ValidNum<T, Op::SrcLayout, Op::ThrID, Size<Op::ThrID>>,
    >,
    // ValLayoutDst: size<0> == size(ThrID); size<1>
    Op::DstLayout: UpcastOp<Bits<T>>,
    Val<T, Op::DstLayout>: LayoutAtOp<Z0> + LayoutAtOp<P1>,
    LayoutAt<Val<T, Op::DstLayout>, Z0>: SizeOp,
    LayoutAt<Val<T, Op::DstLayout>, P1>: SizeOp,
    Size<LayoutAt<Val<T, Op::DstLayout>, Z0>>: IsEqual<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::DstLayout>, Op::ThrID>:
        DecimalIfFailed<Bits<T>> + DecimalIfFailed<Size<LayoutAt<Val<T, Op::DstLayout>, Z0>>> + DecimalIfFailed<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::DstLayout>, Op::ThrID>: CopyDstValid<
        ValidNum<T, Op::DstLayout, Op::ThrID, Bits<T>>,
        ValidNum<T, Op::DstLayout, Op::ThrID, Size<LayoutAt<Val<T, Op::DstLayout>, Z0>>>,
        ValidNum<T, Op::DstLayout, Op::ThrID, Size<Op::ThrID>>,
    >,
    // ValLayoutRef: size<0> == size(ThrID)
    Op::RefLayout: UpcastOp<Bits<T>>,
    Val<T, Op::RefLayout>: LayoutAtOp<Z0>,
    LayoutAt<Val<T, Op::RefLayout>, Z0>: SizeOp,
    Size<LayoutAt<Val<T, Op::RefLayout>, Z0>>: IsEqual<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::RefLayout>, Op::ThrID>:
        DecimalIfFailed<Bits<T>> + DecimalIfFailed<Size<LayoutAt<Val<T, Op::RefLayout>, Z0>>> + DecimalIfFailed<Size<Op::ThrID>>,
    OnePerThread<Val<T, Op::RefLayout>, Op::ThrID>: CopyRefValid<
        ValidNum<T, Op::RefLayout, Op::ThrID, Bits<T>>,
        ValidNum<T, Op::RefLayout, Op::ThrID, Size<LayoutAt<Val<T, Op::RefLayout>, Z0>>>,
        ValidNum<T, Op::RefLayout, Op::ThrID, Size<Op::ThrID>>,
    >,
{
    type CopyOp = Op;
    type ValType = T;
    type ThrID = Op::ThrID;
    type BitLayoutSrc = Op::SrcLayout;
    type BitLayoutDst = Op::DstLayout;
    type BitLayoutRef = Op::RefLayout;
    type ValLayoutSrc = Val<T, Op::SrcLayout>;
    type ValLayoutDst = Val<T, Op::DstLayout>;
    type ValLayoutRef = Val<T, Op::RefLayout>;
    type NumValSrc = Size<LayoutAt<Val<T, Op::SrcLayout>, P1>>;
    type NumValDst = Size<LayoutAt<Val<T, Op::DstLayout>, P1>>;
}

/// `typename A::ThrID` of a copy atom.
pub type ThrID<A> = <A as CopyAtom>::ThrID;
/// `typename A::ValLayoutSrc`.
pub type ValLayoutSrc<A> = <A as CopyAtom>::ValLayoutSrc;
/// `typename A::ValLayoutDst`.
pub type ValLayoutDst<A> = <A as CopyAtom>::ValLayoutDst;
/// `typename A::ValLayoutRef`.
pub type ValLayoutRef<A> = <A as CopyAtom>::ValLayoutRef;
/// `A::NumValSrc`.
pub type NumValSrc<A> = <A as CopyAtom>::NumValSrc;
/// `A::NumValDst`.
pub type NumValDst<A> = <A as CopyAtom>::NumValDst;

/// `right_inverse(ValLayoutRef).compose(ValLayoutSrc)`: source `(thread, value)` → reference
/// `(thread, value)` index (what `TiledCopy::tidfrg_S` composes with).
pub type Src2Ref<A> = Composition<RightInverse<ValLayoutRef<A>>, ValLayoutSrc<A>>;
/// `right_inverse(ValLayoutRef).compose(ValLayoutDst)`: destination `(thread, value)` →
/// reference `(thread, value)` index (what `TiledCopy::tidfrg_D` composes with).
pub type Dst2Ref<A> = Composition<RightInverse<ValLayoutRef<A>>, ValLayoutDst<A>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::sm75::*;
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{float, half_t, uint8_t};

    #[test]
    fn ldsm_val_layouts() {
        type A = Copy_Atom<SM75_U32x4_LDSM_N, uint8_t>;
        assert_eq!(show::<ValLayoutSrc<A>>(), "(_32,_16):(_16,_1)");
        assert_eq!(show::<NumValSrc<A>>(), "_16");
        type F = Copy_Atom<SM75_U32x1_LDSM_N, float>;
        assert_eq!(show::<ValLayoutDst<F>>(), "(_32,_1):(_1,_1)");
        assert_eq!(show::<Dst2Ref<F>>(), "(_32,_1):(_1,_1)");
        type H = Copy_Atom<SM75_U32x2_LDSM_N, half_t>;
        assert_eq!(show::<RightInverse<ValLayoutRef<H>>>(), "(_2,_32,_2):(_32,_1,_64)");
        assert_eq!(show::<Dst2Ref<H>>(), "(_32,(_2,_2)):(_1,(_32,_64))");
    }
}
