//! tycute's own sm80 configurations, evaluated at the type level (a crate of their own, so that
//! cargo builds them side by side with the sm90 ones: docs/design.md, "The crates of the
//! configurations"). Each module is one configuration file ending in its registry `ENTRIES`;
//! the list below is the registry's order (`tycute dump list`, the headers).
//!
//! | module | configuration |
//! |---|---|
//! | [`sgemm_sm80`] | CUTLASS's `sgemm_sm80.cu` tutorial, `gemm_tn` (half_t, 128x128x64, cp.async + ldmatrix + m16n8k16) |
//! | [`sgemm_sm80_nt`] | the same tutorial's `gemm_nt<float>` (128x128x8, cp.async, 16x16 UniversalFMA) |
//! | [`crosswise`] | CUTLASS 2.x `TensorOpMultiplicandCrosswise<16,32>` (seed 003): the ldmatrix addresses of a 64x32 warp tile |
//!
//! tycute's own 128x256 family is the crate tycute-sm80-128x256 (built beside this one).

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

tycute_kernel::configurations! {
    sgemm_sm80,
    #[cfg(feature = "sgemm_sm80_nt")]
    sgemm_sm80_nt,
    #[cfg(feature = "crosswise")]
    crosswise,
}
