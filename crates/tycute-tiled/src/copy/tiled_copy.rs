//! `TiledCopy<Copy_Atom, LayoutCopy_TV, Tiler_MN>`: a copy atom tiled over threads and values,
//! and its compile-time members (CuTe's `struct TiledCopy`).
//!
//! ```text
//! AtomNumThr     = size<0>(AtomLayoutRef)          // threads of one atom
//! AtomNumVal     = size<1>(AtomLayoutRef)          // values of one atom per thread
//! TiledNumThr    = size<0>(TiledLayout_TV)         // threads of the tiled copy
//! TiledNumVal    = size<1>(TiledLayout_TV)         // values per thread of the tiled copy
//! ```
//!
//! As CuTe, the members exist only if the tiling uses whole atoms:
//! `TiledNumThr % AtomNumThr == 0` ("TiledCopy uses too few thrs for selected CopyAtom") and
//! `TiledNumVal % AtomNumVal == 0` ("TiledCopy uses too few vals for selected CopyAtom"). Every
//! operation on a TiledCopy reads its members through [`TiledCopyMembers`], so a TiledCopy that
//! fails a check is rejected wherever it is used.

use core::marker::PhantomData;
use core::ops::Rem;

use tycute_atom::copy::{Dst2Ref, Src2Ref, ValLayoutDst, ValLayoutRef, ValLayoutSrc};
use tycute_atom::CopyAtom;
use tycute_layout::int::{Eq, IsEqual, Mod, B1, P1, Z0};
use tycute_layout::layout::{LayoutAtOp, SizeOp};
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::{LayoutAt, RightInverse, Size};

use crate::sealed::Sealed;

/// CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`.
///
/// * `Atom`: a `tycute_atom::Copy_Atom<Op, T>`;
/// * `LayoutCopy_TV`: `(tid, vid) -> coord` of the tile, a layout of rank 2;
/// * `Tiler_MN`: the tile: a tuple of integers (a shape, from `make_tiled_copy`,
///   `make_tiled_copy_A/B/C`) or a tuple of layouts (a by-mode tiler, from
///   `make_tiled_copy_C_atom`).
///
/// Build one with [`MakeTiledCopy`](super::MakeTiledCopy), [`MakeTiledCopyA`](super::MakeTiledCopyA), ...;
/// its members are the associated types of [`TiledCopyMembers`].
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// // sgemm_sm80's copyA: 16x8 threads (K-major), 8 halves each
/// type TC = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// assert_eq!(show::<TiledLayout_TV<TC>>(), "((_8,_16),_8):((_128,_1),_16)");
/// assert_eq!(show::<Tiler_MN<TC>>(), "(_16,_64)");
/// assert_eq!(show::<TiledNumThr<TC>>(), "_128");
/// assert_eq!(show::<AtomNumVal<TC>>(), "_8");
/// ```
pub struct TiledCopy<Atom, LayoutCopy_TV, Tiler_MN>(PhantomData<fn() -> (Atom, LayoutCopy_TV, Tiler_MN)>);
impl<Atom, L, T> Default for TiledCopy<Atom, L, T> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}
impl<Atom, L, T> Clone for TiledCopy<Atom, L, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Atom, L, T> Copy for TiledCopy<Atom, L, T> {}
impl<Atom, L, T> Sealed for TiledCopy<Atom, L, T> {}

/// CuTe's `CUTE_STATIC_ASSERT_V(TiledNumThr{} % AtomNumThr{} == Int<0>{})`, on its bit, with
/// `TiledNumThr` and `AtomNumThr` (in decimal, rendered only when it fails).
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy: TiledCopy uses too few thrs for selected CopyAtom (the thread count is not a multiple of the atom's): {Thr} threads, the atom has {AtomThr}",
    label = "size<0>(TiledLayout_TV) = {Thr} is not a multiple of the copy atom's threads, size<0>(ValLayoutRef) = {AtomThr}"
)]
pub trait TiledCopyThrsFit<Thr = (), AtomThr = ()>: Sealed {}
impl<Thr, AtomThr> TiledCopyThrsFit<Thr, AtomThr> for B1 {}

/// CuTe's `CUTE_STATIC_ASSERT_V(TiledNumVal{} % AtomNumVal{} == Int<0>{})`, on its bit, with
/// `TiledNumVal` and `AtomNumVal` (in decimal, rendered only when it fails).
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy: TiledCopy uses too few vals for selected CopyAtom (the values per thread are not a multiple of the atom's): {Val} values per thread, the atom moves {AtomVal}",
    label = "size<1>(TiledLayout_TV) = {Val} is not a multiple of the copy atom's values, size<1>(ValLayoutRef) = {AtomVal}"
)]
pub trait TiledCopyValsFit<Val = (), AtomVal = ()>: Sealed {}
impl<Val, AtomVal> TiledCopyValsFit<Val, AtomVal> for B1 {}

/// The members of a [`TiledCopy`] (CuTe's `TiledCopy::AtomNumThr`, `TiledLayout_TV`, ...),
/// implemented when both checks hold.
pub trait TiledCopyMembers: Sealed {
    /// The `Copy_Atom`.
    type Atom: CopyAtom;
    /// `AtomLayoutSrc = Copy_Atom::ValLayoutSrc`: `(thr, val) -> offset`.
    type AtomLayoutSrc;
    /// `AtomLayoutDst = Copy_Atom::ValLayoutDst`: `(thr, val) -> offset`.
    type AtomLayoutDst;
    /// `AtomLayoutRef = Copy_Atom::ValLayoutRef`: `(thr, val) -> offset`.
    type AtomLayoutRef;
    /// `size<0>(AtomLayoutRef)`.
    type AtomNumThr;
    /// `size<1>(AtomLayoutRef)`.
    type AtomNumVal;
    /// `Tiler_MN`.
    type Tiler_MN;
    /// `TiledLayout_TV`: `(tid, vid) -> coord`.
    type TiledLayout_TV;
    /// `size<0>(TiledLayout_TV)`.
    type TiledNumThr;
    /// `size<1>(TiledLayout_TV)`.
    type TiledNumVal;
    /// `right_inverse(AtomLayoutRef).compose(AtomLayoutSrc)`: source `(thr, val)` -> reference
    /// `(thr, val)` (what `tidfrg_S` uses).
    type Src2Ref;
    /// `right_inverse(AtomLayoutRef).compose(AtomLayoutDst)`: destination `(thr, val)` ->
    /// reference `(thr, val)` (what `tidfrg_D` uses).
    type Dst2Ref;
}

// size<I>(L)
type SizeAt<L, I> = Size<LayoutAt<L, I>>;
// TiledNumThr % AtomNumThr == 0, TiledNumVal % AtomNumVal == 0
type ThrBit<Atom, TV> = Eq<Mod<SizeAt<TV, Z0>, SizeAt<ValLayoutRef<Atom>, Z0>>, Z0>;
type ValBit<Atom, TV> = Eq<Mod<SizeAt<TV, P1>, SizeAt<ValLayoutRef<Atom>, P1>>, Z0>;

impl<Atom, TV, Tiler> TiledCopyMembers for TiledCopy<Atom, TV, Tiler>
where
    Atom: CopyAtom,
    ValLayoutRef<Atom>: LayoutAtOp<Z0> + LayoutAtOp<P1>,
    LayoutAt<ValLayoutRef<Atom>, Z0>: SizeOp,
    LayoutAt<ValLayoutRef<Atom>, P1>: SizeOp,
    TV: LayoutAtOp<Z0> + LayoutAtOp<P1>,
    LayoutAt<TV, Z0>: SizeOp,
    LayoutAt<TV, P1>: SizeOp,
    // TiledNumThr % AtomNumThr == 0
    SizeAt<TV, Z0>: Rem<SizeAt<ValLayoutRef<Atom>, Z0>>,
    Mod<SizeAt<TV, Z0>, SizeAt<ValLayoutRef<Atom>, Z0>>: IsEqual<Z0>,
    ThrBit<Atom, TV>: DecimalIfFailed<SizeAt<TV, Z0>> + DecimalIfFailed<SizeAt<ValLayoutRef<Atom>, Z0>>,
    ThrBit<Atom, TV>: TiledCopyThrsFit<DecIfFailed<ThrBit<Atom, TV>, SizeAt<TV, Z0>>, DecIfFailed<ThrBit<Atom, TV>, SizeAt<ValLayoutRef<Atom>, Z0>>>,
    // TiledNumVal % AtomNumVal == 0
    SizeAt<TV, P1>: Rem<SizeAt<ValLayoutRef<Atom>, P1>>,
    Mod<SizeAt<TV, P1>, SizeAt<ValLayoutRef<Atom>, P1>>: IsEqual<Z0>,
    ValBit<Atom, TV>: DecimalIfFailed<SizeAt<TV, P1>> + DecimalIfFailed<SizeAt<ValLayoutRef<Atom>, P1>>,
    ValBit<Atom, TV>: TiledCopyValsFit<DecIfFailed<ValBit<Atom, TV>, SizeAt<TV, P1>>, DecIfFailed<ValBit<Atom, TV>, SizeAt<ValLayoutRef<Atom>, P1>>>,
    // src2ref, dst2ref
    ValLayoutRef<Atom>: RightInverseOp,
    RightInverse<ValLayoutRef<Atom>>: CompositionOp<ValLayoutSrc<Atom>> + CompositionOp<ValLayoutDst<Atom>>,
{
    type Atom = Atom;
    type AtomLayoutSrc = ValLayoutSrc<Atom>;
    type AtomLayoutDst = ValLayoutDst<Atom>;
    type AtomLayoutRef = ValLayoutRef<Atom>;
    type AtomNumThr = SizeAt<ValLayoutRef<Atom>, Z0>;
    type AtomNumVal = SizeAt<ValLayoutRef<Atom>, P1>;
    type Tiler_MN = Tiler;
    type TiledLayout_TV = TV;
    type TiledNumThr = SizeAt<TV, Z0>;
    type TiledNumVal = SizeAt<TV, P1>;
    type Src2Ref = Src2Ref<Atom>;
    type Dst2Ref = Dst2Ref<Atom>;
}

/// The copy atom of a TiledCopy.
pub type CopyAtomOf<TC> = <TC as TiledCopyMembers>::Atom;
/// `TiledCopy::AtomLayoutSrc`.
pub type AtomLayoutSrc<TC> = <TC as TiledCopyMembers>::AtomLayoutSrc;
/// `TiledCopy::AtomLayoutDst`.
pub type AtomLayoutDst<TC> = <TC as TiledCopyMembers>::AtomLayoutDst;
/// `TiledCopy::AtomLayoutRef`.
pub type AtomLayoutRef<TC> = <TC as TiledCopyMembers>::AtomLayoutRef;
/// `TiledCopy::AtomNumThr`.
pub type AtomNumThr<TC> = <TC as TiledCopyMembers>::AtomNumThr;
/// `TiledCopy::AtomNumVal`.
pub type AtomNumVal<TC> = <TC as TiledCopyMembers>::AtomNumVal;
/// `TiledCopy::Tiler_MN`.
pub type Tiler_MN<TC> = <TC as TiledCopyMembers>::Tiler_MN;
/// `TiledCopy::TiledLayout_TV`.
pub type TiledLayout_TV<TC> = <TC as TiledCopyMembers>::TiledLayout_TV;
/// `TiledCopy::TiledNumThr` (also CuTe's `size(tiled_copy)`).
pub type TiledNumThr<TC> = <TC as TiledCopyMembers>::TiledNumThr;
/// `TiledCopy::TiledNumVal`.
pub type TiledNumVal<TC> = <TC as TiledCopyMembers>::TiledNumVal;

/// `right_inverse(AtomLayoutRef).compose(AtomLayoutSrc)` of a TiledCopy's atom.
pub type AtomSrc2Ref<TC> = <TC as TiledCopyMembers>::Src2Ref;
/// `right_inverse(AtomLayoutRef).compose(AtomLayoutDst)` of a TiledCopy's atom.
pub type AtomDst2Ref<TC> = <TC as TiledCopyMembers>::Dst2Ref;

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_atom::{Copy_Atom, SM75_U32x4_LDSM_N};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::half_t;
    use tycute_macros::cute;

    #[test]
    fn members() {
        type TC = TiledCopy<
            Copy_Atom<SM75_U32x4_LDSM_N, half_t>,
            cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
            cute!((_32,_16)),
        >;
        assert_eq!(show::<AtomNumThr<TC>>(), "_32");
        assert_eq!(show::<AtomNumVal<TC>>(), "_8");
        assert_eq!(show::<TiledNumThr<TC>>(), "_128");
        assert_eq!(show::<TiledNumVal<TC>>(), "_8");
        assert_eq!(show::<AtomLayoutSrc<TC>>(), "(_32,_8):(_8,_1)");
        assert_eq!(show::<AtomSrc2Ref<TC>>(), "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))");
    }
}
