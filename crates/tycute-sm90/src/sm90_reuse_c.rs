//! `sm90_reuse_c`: [`Sm90ReuseSmemC`], the `sm90` configuration with CUTLASS's `ReuseSmemC`
//! ([`crate::sm90_reuse`]), as its own header and kernel build. The type is
//! `sm90`'s ([`crate::sm90::Sm90ReuseSmemC`]); this module is its registry entry.

pub use crate::sm90::Sm90ReuseSmemC;

/// The registry's entry: the header and the build of `kernels/sm90_gemm.cu` (no dump).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <Sm90ReuseSmemC as tycute_kernel::kernel::sm90::Sm90Config>::NAME,
    tycute_kernel::emit::sm90::header_with_values::<Sm90ReuseSmemC>,
    tycute_kernel::registry::Variant::SM90_GEMM,
)];
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
