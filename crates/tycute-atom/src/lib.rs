//! # tycute-atom
//!
//! CuTe's atom *traits* layer (`cute/atom/mma_traits*.hpp`, `cute/atom/copy_traits*.hpp`) as
//! pure type-level data: for every MMA and copy instruction, the layouts that say which thread
//! holds which value of which matrix element (or bit). There is no tiling and no hardware here:
//! an atom is a marker type, its traits are associated types, and every layout is a
//! `tycute_layout` type, written with `cute!(...)` or computed with the algebra's aliases.
//!
//! * [`mma`]: [`MmaTraits`] (CuTe's `MMA_Traits`) and [`MMA_Atom`]; one file per architecture
//!   family ([`mma::sm70`], [`mma::sm75`], [`mma::sm80`], [`mma::sm89`] (fp8 `mma.sync`), [`mma::sm90`]; the K-major-only GMMA
//!   forms in [`mma::sm90_fp8`] and [`mma::sm90_tf32`]).
//! * [`copy`]: [`CopyTraits`] (CuTe's `Copy_Traits`, layouts in bits) and [`Copy_Atom`]
//!   (the same layouts in elements of a value type, with CuTe's validity checks); one file per
//!   family ([`copy::universal`], [`copy::sm75`], [`copy::sm80`], [`copy::sm90`]).
//! * [`names`]: the CuTe name → Rust type table for every atom name used in the test vectors.
//!
//! Where CuTe `static_assert`s (a `Copy_Atom` whose value type does not fit the operation,
//! `cp.async` of an unsupported size, an RS GMMA with an MN-major A, an fp8 or tf32 GMMA with an
//! MN-major operand, ...), the trait bound that
//! fails carries CuTe's message (`#[diagnostic::on_unimplemented]`); `tests/ui/fail` holds one
//! case per rejection with its compiler output. Every case of `tests/vectors/atoms.txt` is checked at
//! the type level by the root package's `tests/static_vectors.rs` (through `tycute vectors rust`).
//!
//! Types keep CuTe's names (`SM80_16x8x16_F16F16F16F16_TN`, `Copy_Atom`, `LayoutA_TV`), so that
//! users of CuTe find them; hence `non_camel_case_types` is allowed throughout.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::{show, swizzle::recast::half_t};
//!
//! type Mma = MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>;
//! assert_eq!(show::<<Mma as MmaTraits>::LayoutB_TV>(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
//!
//! type Ldsm = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
//! assert_eq!(show::<<Ldsm as CopyAtom>::ValLayoutDst>(), "(_32,(_2,_4)):(_2,(_1,_64))");
//! assert_eq!(show::<copy::Src2Ref<Ldsm>>(), "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))");
//! ```

#![allow(non_camel_case_types)]

// `cute!` expands to `::tycute::__private::...`; this makes those paths resolve in this crate.
extern crate tycute_layout as tycute;

pub mod copy;
pub mod mma;
/// The CuTe name → Rust type table (its own dependency-free crate, `tycute-names`, so that the
/// generator of `tycute vectors rust` reads it without compiling the type-level crates).
pub use tycute_names as names;
mod sealed;

pub use copy::sm75::*;
pub use copy::sm80::*;
pub use copy::sm90::*;
pub use copy::universal::*;
pub use copy::{CopyAtom, CopyTraits, Copy_Atom};
pub use mma::sm70::*;
pub use mma::sm75::*;
pub use mma::sm80::*;
pub use mma::sm89::*;
pub use mma::sm90::*;
pub use mma::sm90_fp8::*;
pub use mma::sm90_tf32::*;
pub use mma::{val_types, MmaTraits, SameMmaLayouts, MMA_Atom};
