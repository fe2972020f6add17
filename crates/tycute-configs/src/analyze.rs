//! Shared-memory bank conflicts and vector widths, computed from the type-level tables: the model
//! and the generic sm80 analysis are `tycute_kernel::analyze`'s; the comparisons that name a
//! configuration live with it ([`sgemm_sm80`] in tycute-sm80, [`sm90`] in tycute-sm90).

pub use tycute_kernel::analyze::*;
#[cfg(feature = "kernel")]
pub use tycute_sm80::analyze as sgemm_sm80;
#[cfg(all(feature = "kernel", feature = "sm90"))]
pub use tycute_sm90::analyze as sm90;
