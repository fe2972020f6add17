//! tycute's named configurations and their registry: one list (module [`registry`]) that the
//! headers, the kernels' NVRTC builds, `tycute dump`, the bench and the tests read.
//!
//! The configurations themselves live in crates of their own, so that cargo evaluates them side
//! by side (docs/design.md, "The crates of the configurations"):
//!
//! | crate | what |
//! |---|---|
//! | `tycute-kernel` | the kernel rules ([`kernel`]), the type-level `Dyn` algebra ([`dynamic`]), the dump's [`rows`], the header emitter, the registry's [`Entry`] |
//! | `tycute-sm80` | [`sgemm_sm80`], `sgemm_sm80_nt`, `crosswise` |
//! | `tycute-sm80-128x256` | [`sm80_tn_128x256`] and its majors and element-type variants |
//! | `tycute-sm90` | `sm90`, `sm90_128x256`, `sm90_reuse_c`, `sm90_layouts` |
//! | this crate | the registry; the headers ([`emit`]); the bank analysis ([`analyze`]) |
//!
//! Every module keeps its old path here (`tycute_configs::sgemm_sm80`, `tycute_configs::kernel`,
//! `tycute_configs::emit::sm80`, ...), re-exported from the crate that holds it.
//!
//! Each configuration has a dump: `rows(tables)` (its thread-independent values) and
//! `thread_rows(t, tables)` (the tensors of thread `t`), each a [`Row`]: a name, the runtime
//! value read from the type, and its index table; `tycute dump NAME [--thread N]` prints them.

pub mod analyze;
#[cfg(feature = "kernel")]
pub mod emit;
pub mod registry;

pub use registry::{config, entries, entry, names_of_kernel, row, variants, Config, Entry, Variant, CONFIGS};
pub use tycute_kernel::{dynamic, kernel, rows, Row, RowValue};
pub use tycute_kernel::{impl_sm80_kernel, impl_sm80_variant, sm80_with_elements, sm90_derive, sm90_with_element, sm90_with_output};

/// `sgemm_sm80`'s dump.
pub const SGEMM_SM80: Config = tycute_sm80::sgemm_sm80::DUMP;
/// `sgemm_sm80_nt`'s dump.
#[cfg(feature = "sgemm_sm80_nt")]
pub const SGEMM_SM80_NT: Config = tycute_sm80::sgemm_sm80_nt::DUMP;
/// `sm90`'s dump.
#[cfg(feature = "sm90")]
pub const SM90: Config = tycute_sm90::sm90::DUMP;
/// `crosswise`'s dump.
#[cfg(feature = "crosswise")]
pub const CROSSWISE: Config = tycute_sm80::crosswise::DUMP;

#[cfg(feature = "crosswise")]
pub use tycute_sm80::crosswise;
#[cfg(feature = "sgemm_sm80_nt")]
pub use tycute_sm80::sgemm_sm80_nt;
pub use tycute_sm80::sgemm_sm80;
pub use tycute_sm80_128x256::sm80_tn_128x256;
#[cfg(feature = "kernel")]
pub use tycute_sm80_128x256::{sm80_bf16_128x256, sm80_mixed_128x256, sm80_nt_128x256, sm80_tf32_128x256, sm80_variants};

#[cfg(feature = "sm90")]
pub use tycute_sm90::sm90_reuse;
#[cfg(feature = "sm90")]
pub use tycute_sm90::{sm90, sm90_128x192, sm90_128x256, sm90_bf16, sm90_f32cd, sm90_fp8, sm90_fp8_out, sm90_layouts, sm90_reuse_c, sm90_tf32};
