//! Kernel configurations as traits: a GEMM kernel is generic over its configuration, and a
//! configuration exists (implements the trait) only when its parts fit together.
//!
//! | trait | what it holds |
//! |---|---|
//! | [`sm80::Sm80Config`] | the parts of a TN sm80 GEMM: CTA tile, stages, smem layouts, G2S and S2R TiledCopies, TiledMMA, epilogue copies |
//! | [`sm80::Sm80Checked`] | implemented exactly when the parts agree (thread counts, tile divisibility, shared-memory limit, ...), each rule a trait whose unmet bound names it |
//! | [`sm80::Sm80Kernel`] | the per-thread tensors and tables a kernel of the configuration needs, every one a type of the configuration; what `emit::sm80` writes into a header |
//! | [`sm90::Sm90Config`] | the parts of the sm90 TN GEMM: CTA tile, stages, smem stage layouts, the TMA swizzle mode of each tensor map, TiledMMA, epilogue tile and buffers |
//! | [`sm90::Sm90Checked`] | implemented exactly when they agree, including "each smem layout is swizzled as its tensor map's mode writes it" and "the GMMA atom takes the configuration's element type, with f32 accumulators" |
//! | [`checks::Holds`] | a configuration module's type equalities, checked in one body ([`assert_same_all!`](crate::assert_same_all)) |
//! | [`element::ElementId`] | a number per element type, so that a rule compares element types with one `typenum` equality |

pub mod checks;
pub mod element;
#[macro_use]
pub mod sm80;
pub mod sm90;
