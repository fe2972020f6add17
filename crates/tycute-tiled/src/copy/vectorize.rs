//! Vectorization of a copy atom: CuTe's `copy_unpack` recasts each side of a copy to the atom's
//! register type (`recast<uint128_t>` for a 16-byte `cp.async`), and rejects a layout that does not
//! vectorize ("Copy_Traits: src failed to vectorize into registers. Layout is incompatible with this
//! CopyOp.") only when the copy is instantiated, inside the kernel. [`CopyVector`] states the
//! rule on the two layouts a configuration copies between:
//!
//! ```text
//! max_common_vector(src, dst) % (sizeof_bits(atom's values per thread) / sizeof_bits<T>) == 0
//! ```
//!
//! `max_common_vector(src, dst)` is the number of leading consecutive elements that both layouts
//! map to consecutive offsets (for a swizzled side, capped at the swizzle's `1 << M`); the atom's
//! vector is `NumValSrc` of `Copy_Atom<Op, T>`, the `T` values one thread moves per call (8 halves
//! for `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`, 4 for `UniversalCopy<uint64_t>`). Each vector the
//! atom moves is then contiguous on both sides, and vectors never straddle a run (a run of 12
//! would split the second 8-half vector, so the rule asks for a multiple, not just "at least").
//! The rule is for atoms whose threads move their own values (`UniversalCopy`, `cp.async`); for
//! `ldmatrix`/`stmatrix` the two sides belong to different threads.

use core::ops::Rem;

use tycute_atom::copy::NumValSrc;
use tycute_atom::CopyAtom;
use tycute_layout::algebra::common::MaxCommonVectorOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, IsEqual, Mod, B1, Z0};
use tycute_layout::MaxCommonVector;

use crate::sealed::Sealed;

/// The source and destination layouts vectorize for the copy atom: `max_common_vector(src, dst)`
/// is a multiple of the atom's values per thread (its bits over `sizeof_bits<T>`); see the
/// [module](self). Implemented for `B1`; `Vector` and `AtomVector` are `max_common_vector(src,
/// dst)` and the atom's values per thread in decimal where the rule fails.
#[diagnostic::on_unimplemented(
    message = "copy: the source and destination layouts do not vectorize for this copy atom: max_common_vector(src, dst) must be a multiple of the atom's values per thread (its bits / sizeof_bits<T>, e.g. 8 halves for a 16-byte cp.async): max_common_vector is {Vector}, the atom moves {AtomVector}",
    label = "src and dst share contiguous runs of {Vector}, not a multiple of the atom's vector width {AtomVector}"
)]
pub trait CopyAtomVectorizes<Vector = (), AtomVector = ()>: Sealed {
    /// `T` when the rule holds (the gate of [`CopyVector`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl<Vector, AtomVector> CopyAtomVectorizes<Vector, AtomVector> for B1 {
    type Ok<T> = T;
}
/// `max_common_vector(Src, Dst) % NumValSrc<Atom> == 0`, as a bit.
type VecBit<Atom, Src, Dst> = Eq<Mod<MaxCommonVector<Src, Dst>, NumValSrc<Atom>>, Z0>;

/// [`CopyVector`] as a trait on the copy atom.
pub trait CopyVectorOp<Src, Dst>: Sealed {
    type Output;
}
impl<Atom, Src, Dst> CopyVectorOp<Src, Dst> for Atom
where
    Atom: CopyAtom + Sealed,
    Src: MaxCommonVectorOp<Dst>,
    MaxCommonVector<Src, Dst>: Rem<NumValSrc<Atom>>,
    Mod<MaxCommonVector<Src, Dst>, NumValSrc<Atom>>: IsEqual<Z0>,
    VecBit<Atom, Src, Dst>: DecimalIfFailed<MaxCommonVector<Src, Dst>> + DecimalIfFailed<NumValSrc<Atom>>,
    VecBit<Atom, Src, Dst>: CopyAtomVectorizes<
        DecIfFailed<VecBit<Atom, Src, Dst>, MaxCommonVector<Src, Dst>>,
        DecIfFailed<VecBit<Atom, Src, Dst>, NumValSrc<Atom>>,
    >,
{
    type Output = NumValSrc<Atom>;
}
/// The vector (in values of `T`) that the copy atom `Atom` moves per thread between the layouts
/// `Src` and `Dst`, once the two vectorize for it ([`CopyAtomVectorizes`]): a configuration names
/// it to have the rule checked at compile time.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::CopyVector;
///
/// // sgemm_sm80's G2S copy: K-major gmem into the swizzled K-major smem, 8 halves per cp.async
/// type G2S = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
/// assert_eq!(show::<CopyVector<G2S, cute!((_128,_64):(_64,_1)), cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1))>>(), "_8");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::CopyVector;
///
/// type G2S = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
/// // error[E0277]: copy: the source and destination layouts do not vectorize for this copy atom
/// let _ = show::<CopyVector<G2S, cute!((_128,_64):(_64,_1)), cute!((_128,_64):(_1,_128))>>();
/// ```
///
/// (The alias requires the rule itself, so that a rejection names it with no chain of impls
/// after it; [`CopyVectorOp`] is the same as a bound.)
pub type CopyVector<Atom, Src, Dst> = <VecBit<Atom, Src, Dst> as CopyAtomVectorizes<
    DecIfFailed<VecBit<Atom, Src, Dst>, MaxCommonVector<Src, Dst>>,
    DecIfFailed<VecBit<Atom, Src, Dst>, NumValSrc<Atom>>,
>>::Ok<NumValSrc<Atom>>;
