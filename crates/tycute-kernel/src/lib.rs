//! What a GEMM kernel's configuration is, without any configuration: the layer a user's own
//! kernel builds on (tycute's own configurations are in `tycute-sm80`, `tycute-sm80-128x256` and `tycute-sm90`, their
//! registry in `tycute-configs`).
//!
//! | module | what it holds |
//! |---|---|
//! | [`kernel`] | the kernel rules as traits: `Sm80Config`/`Sm80Checked`/`Sm80Kernel`, `Sm90Config`/`Sm90Checked`, and the macros [`impl_sm80_kernel!`] and [`impl_sm80_variant!`] |
//! | [`dynamic`] | the type-level `Dyn` algebra: CuTe's operations on layouts whose strides are run-time values |
//! | [`rows`] | a dump's [`Row`]s and the per-thread tensors read from a configuration's types |
//! | [`emit`] | the header writer of any `Sm80Kernel` (`emit::sm80`) and any `Sm90Types` (`emit::sm90`), each with its host-side proof |
//! | [`analyze`] | shared-memory bank conflicts computed from the tables, for any `Sm80Kernel` |
//! | [`registry`] | what a configuration gives the registry: its [`Entry`] (header, dump, NVRTC variant) |

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

pub mod analyze;
pub mod dynamic;
pub mod emit;
pub mod kernel;
pub mod registry;
pub mod rows;

pub use registry::{Config, Entry, Variant};
pub use rows::{Row, RowValue};

/// What the exported macros (`impl_sm80_kernel!`, `impl_sm80_variant!`) name through `$crate::`,
/// so that they expand in a crate that depends only on `tycute` (not on tycute-tiled or
/// tycute-layout by name).
#[doc(hidden)]
pub mod __private {
    pub use tycute_layout;
    pub use tycute_tiled;
}
