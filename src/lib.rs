//! # tycute
//!
//! NVIDIA CuTe's layout algebra in Rust's type system. Static shapes and strides are typenum
//! types, every algebra operation is a type alias evaluated by the trait solver, and a layout that
//! does not fit is a compile error that names the rule it breaks.
//!
//! ```
//! use tycute::{cute, show, table, Coalesce};
//!
//! type A = cute!(((_2,_4),_2):((_8,_2),_1));
//! assert_eq!(show::<Coalesce<A>>(), "(_2,_4,_2):(_8,_2,_1)");
//! assert_eq!(table::<Coalesce<A>>()[..4], [0, 8, 2, 10]);
//! ```
//!
//! The crate re-exports the type-level algebra ([`tycute_layout`]), the [`cute!`] macro that
//! writes a type from CuTe's printed text, and the runtime twin of the algebra as [`dynamic`].

// `cute!` expands to `::tycute::__private::...`; this makes those paths resolve in this crate too.
extern crate self as tycute;

pub use tycute_layout::*;

/// Named kernel configurations (sgemm_sm80, ...) evaluated at the type level.
pub use tycute_configs as configs;
pub use tycute_macros::cute;

/// MMA and copy atoms as data (CuTe's `*_traits_*` layer): `tycute::atom::SM80_16x8x16_F16F16F16F16_TN`, ...
pub use tycute_atom as atom;

/// TiledMMA and TiledCopy evaluated by the trait solver (`thrfrg`, TV layouts, partitions, retile).
pub use tycute_tiled as tiled;

/// The runtime twin: the same algebra on run-time values, parsed from and printed as CuTe text.
pub use tycute_dynamic as dynamic;

/// The CUDA side: NVRTC compilation of kernels and headers to CUBIN with ptxas's report
/// (`cuda::nvrtc`), SASS checks (`cuda::sass`), the driver through cudarc (`cuda::cudarc`),
/// TMA descriptors (`cuda::tma`); its CUBIN cache lives in the running program's target
/// directory (`cuda::nvrtc::cache_dir`).
#[cfg(feature = "headers")]
pub use tycute_cuda as cuda;

/// The CUDA headers of the named configurations, written by `build.rs` from their types
/// (docs/headers.md): `(file name, text)`, for NVRTC's in-memory headers.
#[cfg(feature = "headers")]
pub mod headers {
    /// `sgemm_sm80.h`: CuTe's tutorial configuration.
    pub const SGEMM_SM80: &str = include_str!(concat!(env!("OUT_DIR"), "/sgemm_sm80.h"));
    /// `sm80_tn_128x256.h`: tycute's own sm80 configuration.
    pub const SM80_TN_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256.h"));
    /// `sm80_nt_128x256.h`: the same with A M-major and B N-major (NT).
    pub const SM80_NT_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_nt_128x256.h"));
    /// `sm80_nn_128x256.h`: A M-major, B K-major (NN).
    pub const SM80_NN_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_nn_128x256.h"));
    /// `sm80_tt_128x256.h`: A K-major, B N-major (TT).
    pub const SM80_TT_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tt_128x256.h"));
    /// `sm80_tn_128x256_f16acc.h`: `sm80_tn_128x256` with fp16 accumulation.
    pub const SM80_TN_128X256_F16ACC: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16acc.h"));
    /// `sm80_tn_128x256_f16cd.h`: `sm80_tn_128x256` with fp16 C and D.
    pub const SM80_TN_128X256_F16CD: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16cd.h"));
    /// `sm80_tn_128x256_f16acc_f16cd.h`: both.
    pub const SM80_TN_128X256_F16ACC_F16CD: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16acc_f16cd.h"));
    /// `sm90.h`.
    pub const SM90: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90.h"));
    /// `sm90_128x256.h`: the cooperative sm90 configuration.
    pub const SM90_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90_128x256.h"));
    /// `sm90_reuse_c.h`: `sm90` with ReuseSmemC.
    pub const SM90_REUSE_C: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90_reuse_c.h"));
    /// Every header.
    pub const HEADERS: &[(&str, &str)] = &[
        ("sgemm_sm80.h", SGEMM_SM80),
        ("sm80_tn_128x256.h", SM80_TN_128X256),
        ("sm80_nt_128x256.h", SM80_NT_128X256),
        ("sm80_nn_128x256.h", SM80_NN_128X256),
        ("sm80_tt_128x256.h", SM80_TT_128X256),
        ("sm80_tn_128x256_f16acc.h", SM80_TN_128X256_F16ACC),
        ("sm80_tn_128x256_f16cd.h", SM80_TN_128X256_F16CD),
        ("sm80_tn_128x256_f16acc_f16cd.h", SM80_TN_128X256_F16ACC_F16CD),
        ("sm90.h", SM90),
        ("sm90_128x256.h", SM90_128X256),
        ("sm90_reuse_c.h", SM90_REUSE_C),
    ];
}

/// GPU checks of the generated tables (they skip without a GPU; see `tests/gpu_tables.rs`).
#[cfg(feature = "headers")]
pub mod gpu_check;

/// The sm90 GEMM on a GPU (`kernels/sm90_gemm.cu`; `tests/gpu_sm90.rs`).
#[cfg(feature = "headers")]
pub mod gpu_sm90;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
