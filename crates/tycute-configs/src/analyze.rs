//! Shared-memory bank conflicts and vector widths, computed from the type-level tables: the model
//! and the generic sm80 and sm90 analyses are `tycute_kernel::analyze`'s; the comparison that
//! names a configuration lives with it ([`sgemm_sm80`] in tycute-sm80).

pub use tycute_kernel::analyze::*;
#[cfg(feature = "kernel")]
pub use tycute_sm80::sgemm_sm80::analyze as sgemm_sm80;
