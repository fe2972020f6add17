//! MMA atoms: CuTe's `MMA_Traits<Op>` ([`MmaTraits`]) and `MMA_Atom<Op>` ([`MMA_Atom`]).
//!
//! An MMA instruction computes `D = A * B + C` on an `M x N x K` tile ([`MmaTraits::Shape_MNK`])
//! with a group of threads. Its traits are layouts:
//!
//! | member | maps | to |
//! |---|---|---|
//! | `ThrID` | logical thread id (in the atom) | thread index (in the warp / warpgroup) |
//! | `LayoutA_TV` | `(thread id, value id)` of the A fragment | `(m, k)` column-major index in `M x K` |
//! | `LayoutB_TV` | `(thread id, value id)` of the B fragment | `(n, k)` column-major index in `N x K` |
//! | `LayoutC_TV` | `(thread id, value id)` of the C/D fragment | `(m, n)` column-major index in `M x N` |
//!
//! (CuTe's `MMA_Traits` names the last three `ALayout`, `BLayout`, `CLayout`; `MMA_Atom` renames
//! them `LayoutA_TV`, ...; tycute uses the atom's names in both.) A layout's value is a linear
//! index: `(m, k)` is `m + M * k`. The value types are element marker types of
//! `tycute_layout::swizzle::recast` (`half_t`, `float`, ...), and [`val_types`] prints their
//! widths as the test vectors do (`D=32b A=16b B=16b C=32b`).
//!
//! [`MMA_Atom<Op>`] is the atom CuTe builds from the operation: it implements [`MmaTraits`] with
//! `Op`'s members (CuTe's `MMA_Atom<Op>` inherits `MMA_Traits<Op>`).
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::show;
//! type A = MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>;
//! assert_eq!(show::<<A as MmaTraits>::ThrID>(), "(_4,_2):(_1,_16)");
//! assert_eq!(show::<<A as MmaTraits>::LayoutA_TV>(), "((_4,_2),_4):((_8,_4),_1)");
//! assert_eq!(val_types::<A>(), "D=32b A=16b B=16b C=32b");
//! ```

use core::marker::PhantomData;

use typenum::Integer;
use tycute_layout::swizzle::recast::{Bits, SizeofBits};

pub mod sm70;
pub mod sm75;
pub mod sm80;
pub mod sm89;
pub mod sm90;
pub mod sm90_fp8;
pub mod sm90_k_major;
pub mod sm90_tf32;

/// CuTe's `MMA_Traits<Op>`: the value types and the thread/value layouts of an MMA operation.
///
/// Implemented by every MMA operation marker type of this crate and by [`MMA_Atom<Op>`]; other
/// crates may implement it for their own operations (as CuTe users specialize `MMA_Traits`).
pub trait MmaTraits {
    /// Element type of D (the result).
    type ValTypeD: SizeofBits;
    /// Element type of A.
    type ValTypeA: SizeofBits;
    /// Element type of B.
    type ValTypeB: SizeofBits;
    /// Element type of C (the accumulator input).
    type ValTypeC: SizeofBits;
    /// `(M, N, K)`: the logical shape of one MMA, a static tuple.
    type Shape_MNK;
    /// Logical thread id → thread index.
    type ThrID;
    /// `(thread id, value id)` → `(m, k)` index of A's `M x K` tile.
    type LayoutA_TV;
    /// `(thread id, value id)` → `(n, k)` index of B's `N x K` tile.
    type LayoutB_TV;
    /// `(thread id, value id)` → `(m, n)` index of C's and D's `M x N` tile.
    type LayoutC_TV;
}

/// CuTe's `MMA_Atom<Op>`: the atom of the MMA operation `Op`; its members are `Op`'s traits.
pub struct MMA_Atom<Op>(PhantomData<fn() -> Op>);
impl<Op> Default for MMA_Atom<Op> {
    fn default() -> Self {
        MMA_Atom(PhantomData)
    }
}
impl<Op> Clone for MMA_Atom<Op> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op> Copy for MMA_Atom<Op> {}

impl<Op: MmaTraits> MmaTraits for MMA_Atom<Op> {
    type ValTypeD = Op::ValTypeD;
    type ValTypeA = Op::ValTypeA;
    type ValTypeB = Op::ValTypeB;
    type ValTypeC = Op::ValTypeC;
    type Shape_MNK = Op::Shape_MNK;
    type ThrID = Op::ThrID;
    type LayoutA_TV = Op::LayoutA_TV;
    type LayoutB_TV = Op::LayoutB_TV;
    type LayoutC_TV = Op::LayoutC_TV;
}

/// `MMA_Atom<Op>::MMA_Op`: the operation an atom was built from.
pub trait MmaAtomOp {
    type MMA_Op;
}
impl<Op> MmaAtomOp for MMA_Atom<Op> {
    type MMA_Op = Op;
}

/// Two MMA operations (or atoms) with the same `Shape_MNK`, `ThrID` and TV layouts of A, B and
/// C: every layout a TiledMMA derives from one is the other's too, so that a kernel
/// configuration may swap one for the other (another accumulator type, the same registers per
/// thread) and keep its tables. The value types may differ. The check is type equality of the
/// five members, which the trait solver decides without evaluating any layout.
///
/// ```
/// use tycute_atom::{mma::SameMmaLayouts, SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN};
/// fn same<A: SameMmaLayouts<B>, B>() {}
/// same::<SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN>();
/// ```
///
/// m16n8k8 and m16n8k16 differ (`Shape_MNK`, the A and B layouts):
///
/// ```compile_fail,E0277
/// use tycute_atom::{mma::SameMmaLayouts, SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN};
/// fn same<A: SameMmaLayouts<B>, B>() {}
/// same::<SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN>();
/// ```
#[diagnostic::on_unimplemented(
    message = "the MMA atoms `{Self}` and `{B}` have different layouts (Shape_MNK, ThrID, LayoutA_TV, LayoutB_TV or LayoutC_TV)",
    label = "a configuration may swap an MMA atom only for one with the same thread/value layouts"
)]
pub trait SameMmaLayouts<B> {}
impl<A, B> SameMmaLayouts<B> for A
where
    A: MmaTraits,
    B: MmaTraits<Shape_MNK = A::Shape_MNK, ThrID = A::ThrID, LayoutA_TV = A::LayoutA_TV, LayoutB_TV = A::LayoutB_TV, LayoutC_TV = A::LayoutC_TV>,
{
}

/// `typename A::Shape_MNK`.
pub type Shape_MNK<A> = <A as MmaTraits>::Shape_MNK;
/// `typename A::ThrID` of an MMA atom.
pub type ThrID<A> = <A as MmaTraits>::ThrID;
/// `typename A::LayoutA_TV`.
pub type LayoutA_TV<A> = <A as MmaTraits>::LayoutA_TV;
/// `typename A::LayoutB_TV`.
pub type LayoutB_TV<A> = <A as MmaTraits>::LayoutB_TV;
/// `typename A::LayoutC_TV`.
pub type LayoutC_TV<A> = <A as MmaTraits>::LayoutC_TV;

/// The bit widths of D, A, B and C's value types, `[D, A, B, C]`.
pub fn val_type_bits<A: MmaTraits>() -> [i64; 4] {
    [
        <Bits<A::ValTypeD> as Integer>::I64,
        <Bits<A::ValTypeA> as Integer>::I64,
        <Bits<A::ValTypeB> as Integer>::I64,
        <Bits<A::ValTypeC> as Integer>::I64,
    ]
}

/// The value types' bit widths as the test vectors print them (op `mma.ValTypes`):
/// `D=32b A=16b B=16b C=32b`.
pub fn val_types<A: MmaTraits>() -> String {
    let [d, a, b, c] = val_type_bits::<A>();
    format!("D={d}b A={a}b B={b}b C={c}b")
}

/// Declares an MMA operation marker type (a unit struct named as CuTe names the operation).
macro_rules! mma_op {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
        pub struct $name;
    )*};
}
pub(crate) use mma_op;

/// `impl MmaTraits for $op` from the nine members, in CuTe's order.
macro_rules! mma_traits {
    ($op:ty {
        D = $d:ty, A = $a:ty, B = $b:ty, C = $c:ty;
        Shape_MNK = $mnk:ty;
        ThrID = $thr:ty;
        A_TV = $la:ty;
        B_TV = $lb:ty;
        C_TV = $lc:ty;
    }) => {
        impl $crate::mma::MmaTraits for $op {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $c;
            type Shape_MNK = $mnk;
            type ThrID = $thr;
            type LayoutA_TV = $la;
            type LayoutB_TV = $lb;
            type LayoutC_TV = $lc;
        }
    };
}
pub(crate) use mma_traits;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::sm80::{UniversalFMA, SM80_16x8x8_F16F16F16F16_TN};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{double, float, half_t};

    fn same<A: 'static, B: 'static>() -> bool {
        core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
    }

    #[test]
    fn atom_forwards_the_traits() {
        type Op = SM80_16x8x8_F16F16F16F16_TN;
        type A = MMA_Atom<Op>;
        assert!(same::<<A as MmaAtomOp>::MMA_Op, Op>());
        assert!(same::<LayoutA_TV<A>, <Op as MmaTraits>::LayoutA_TV>());
        assert!(same::<<A as MmaTraits>::ValTypeC, half_t>());
        assert_eq!(show::<Shape_MNK<A>>(), "(_16,_8,_8)");
        assert_eq!(val_type_bits::<A>(), [16, 16, 16, 16]);
        assert_eq!(val_types::<UniversalFMA<double, float, half_t, float>>(), "D=64b A=32b B=16b C=32b");
    }
}

#[cfg(test)]
pub(crate) mod testutil {
    use tycute_layout::{table, Reify};

    /// Checks that a TV layout covers the `rows x cols` tile exactly once (a bijection from
    /// `(thread, value)` onto `0 .. rows*cols`).
    pub fn assert_bijective<L: Reify>(n: i64) {
        let mut t = table::<L>();
        t.sort_unstable();
        assert_eq!(t, (0..n).collect::<Vec<_>>(), "{}", tycute_layout::show::<L>());
    }
}
