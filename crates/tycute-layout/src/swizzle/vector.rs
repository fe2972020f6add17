//! A swizzle against the element type of the shared memory it permutes: 16-byte vector accesses
//! (`cp.async` of 16 bytes, `ld.shared.v4`, one row address of `ldmatrix`) must not be split.
//!
//! `Sw<B,M,S>` keeps the low `M` bits of an element offset and XORs the `B` bits above them with
//! `B` bits `S` higher: it permutes units of `2^M` elements. A 16-byte vector of `T` is
//! `16 / sizeof(T)` consecutive elements (8 halves, 4 floats); when the unit is smaller, the two
//! halves of a vector land in units that the swizzle moves apart, and a vector copy writes the
//! wrong elements. The rule:
//!
//! ```text
//! (1 << M) * sizeof_bits<T> % 128 == 0        // M >= log2(16 bytes / sizeof(T))
//! ```
//!
//! `Sw<3,3,3>` on `half_t` is CuTe's 128-byte swizzle in 16-byte units (8 halves per unit, 8
//! units per 128-byte row): accepted. `Sw<3,2,3>` on `half_t` permutes 8-byte units: rejected;
//! on `float` it is the 128-byte swizzle again. (The other range rules of a swizzle, `|S| >= B`
//! and that its masks fit, are [`ValidSwizzle`](super::swizzle::ValidSwizzle).)

use core::ops::{Mul, Rem};

use crate::algebra::common::{Pow2, Pow2Op};
use crate::int::{Eq, IsEqual, Mod, Prod, Quot, B1, Z0};
use crate::sealed::Sealed;
use crate::swizzle::recast::{Bits, SizeofBits};
use crate::swizzle::{ComposedLayout, Swizzle};

/// The swizzle's unit `2^M` elements of `T` is a whole number of 16-byte vectors (see the
/// [module](self)). Implemented for `B1`.
#[diagnostic::on_unimplemented(
    message = "swizzle: Sw<B,M,S> splits 16-byte vectors of this element type: its unit of 2^M elements must be a multiple of 16 bytes ((1 << M) * sizeof_bits<T> % 128 == 0, i.e. M >= log2(16 / sizeof(T)))",
    label = "the swizzle's base M is too small for this element type"
)]
pub trait SwizzleKeepsVectors: Sealed {
    /// `T` when the rule holds (the gate of [`SwizzledVector`]).
    #[doc(hidden)]
    type Ok<T>;
}
impl SwizzleKeepsVectors for B1 {
    type Ok<T> = T;
}

/// The base `M` of a swizzle, or of the swizzle of a swizzled `ComposedLayout`.
#[doc(hidden)]
pub trait SwizzleBaseOp {
    type M;
}
impl<B, M, S> SwizzleBaseOp for Swizzle<B, M, S> {
    type M = M;
}
impl<Sw: SwizzleBaseOp, O, L> SwizzleBaseOp for ComposedLayout<Sw, O, L> {
    type M = Sw::M;
}
/// `(1 << M) * sizeof_bits<T> % 128 == 0`, as a bit.
type KeepsBit<Sw, T> = Eq<Mod<Prod<Pow2<<Sw as SwizzleBaseOp>::M>, Bits<T>>, typenum::P128>, Z0>;

/// [`SwizzledVector`] as a trait on the swizzle (or on a swizzled layout).
pub trait SwizzledVectorOp<T>: Sealed {
    type Output;
}
impl<B, M, S, T> SwizzledVectorOp<T> for Swizzle<B, M, S>
where
    T: SizeofBits,
    M: Pow2Op,
    Pow2<M>: Mul<Bits<T>>,
    Prod<Pow2<M>, Bits<T>>: Rem<typenum::P128>,
    Mod<Prod<Pow2<M>, Bits<T>>, typenum::P128>: IsEqual<Z0>,
    Eq<Mod<Prod<Pow2<M>, Bits<T>>, typenum::P128>, Z0>: SwizzleKeepsVectors,
    typenum::P128: core::ops::Div<Bits<T>>,
{
    // 16 bytes in elements of T
    type Output = Quot<typenum::P128, Bits<T>>;
}
impl<Sw, O, L, T> SwizzledVectorOp<T> for ComposedLayout<Sw, O, L>
where
    Sw: SwizzledVectorOp<T>,
{
    type Output = <Sw as SwizzledVectorOp<T>>::Output;
}
/// The 16-byte vector, in elements of `T`, that accesses through the swizzle `Sw` (a `Swizzle`
/// or a swizzled `ComposedLayout`) move whole, once the swizzle keeps such vectors together
/// ([`SwizzleKeepsVectors`]): a configuration names it to have the rule checked.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_layout::{show, swizzle::vector::SwizzledVector, swizzle::recast::{float, half_t}};
/// use tycute_macros::cute;
/// assert_eq!(show::<SwizzledVector<cute!(Sw<3,3,3>), half_t>>(), "_8");
/// assert_eq!(show::<SwizzledVector<cute!(Sw<3,2,3> o _0 o (_8,_32):(_32,_1)), float>>(), "_4");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_layout::{show, swizzle::vector::SwizzledVector, swizzle::recast::half_t};
/// use tycute_macros::cute;
/// // error[E0277]: swizzle: Sw<B,M,S> splits 16-byte vectors of this element type
/// let _ = show::<SwizzledVector<cute!(Sw<3,2,3>), half_t>>();
/// ```
///
/// (The alias requires the rule itself, so that a rejection names it with no chain of impls
/// after it; [`SwizzledVectorOp`] is the same as a bound.)
pub type SwizzledVector<Sw, T> = <KeepsBit<Sw, T> as SwizzleKeepsVectors>::Ok<Quot<typenum::P128, Bits<T>>>;
