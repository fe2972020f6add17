//! # tycute-dynamic: the runtime twin of tycute
//!
//! CuTe's layout algebra on runtime values. Every integer carries whether it is *static*
//! (`_4`, a compile-time constant in CuTe) or *dynamic* (`4`), and every operation propagates
//! that distinction exactly as CuTe's C++ does, so results print byte-identically to
//! `cute::print`. Where CuTe refuses an input at compile time, the runtime twin returns an
//! [`Error`] of kind [`ErrorKind::Reject`] naming the violated condition; tycute's deliberate
//! differences (the strict composition rule, see [`composition`](mod@composition)) are
//! rejections too. Nothing here panics on any input.
//!
//! Beyond the layout algebra, the twin models CuTe's atoms and their tilings: MMA and copy atoms
//! ([`atom`]), tensors over counting iterators sliced with `_` coordinates, including CuTe's
//! `MixedBits` offsets for swizzled layouts ([`tensor`], [`mixed`]), `make_tiled_mma`
//! ([`tiled_mma`], with tycute's tile rule), `make_tiled_copy` and friends ([`tiled_copy`]),
//! and CUTLASS 2.x's crosswise shared-memory layout ([`crosswise`]). Parsing and printing
//! ([`parse`], [`print`](mod@print)) are how the twin reads and writes values; the vector files' ops by name
//! are the harness crate's (`tycute-vectors`).
//!
//! ```
//! use tycute_dynamic::{Layout, Tiler, divide::logical_divide};
//! let a: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
//! let t: Tiler = "(_2,_4)".parse().unwrap();
//! assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((_2,_4),(_4,_2)):((_8,_16),(_1,_4))");
//! ```

pub mod atom;
pub mod basis;
pub mod cast;
pub mod coalesce;
pub mod common;
pub mod complement;
pub mod composed;
pub mod composition;
pub mod composition_check;
pub mod composition_rule;
pub mod construct;
pub mod crosswise;
pub mod divide;
pub mod error;
pub mod gmma;
pub mod int;
pub mod int_tuple;
pub mod inverse;
pub mod layout;
pub mod mixed;
pub mod parse;
pub mod print;
pub mod product;
pub mod swizzle;
pub mod take;
pub mod tensor;
pub mod tiled_copy;
pub mod tiled_mma;
pub mod tiler;
pub mod value;

#[cfg(test)]
pub(crate) mod testing;

pub use error::{Error, ErrorKind, Result};
pub use int::{Bool, Int};
pub use int_tuple::IntTuple;
pub use layout::{Layout, Major};
pub use swizzle::{MixedBits, Swizzle};
pub use value::{AnyLayout, ComposedLayout, Func, Offset, Tiler, Value};
