//! tycute's own sm80 128x256 configurations, evaluated at the type level: a crate of their own,
//! so that cargo builds them side by side with the tutorial's (tycute-sm80) and the sm90 ones
//! (tycute-sm90): docs/design.md, "The crates of the configurations". Each module is one
//! configuration file ending in its registry `ENTRIES`; the list below is the registry's order.
//!
//! | module | configuration |
//! |---|---|
//! | [`sm80_tn_128x256`] | tycute's own 128x256x64 TN configuration |
//! | `sm80_nt_128x256`, `sm80_mixed_128x256` | the same with the other majors (NT, NN, TT) |
//! | `sm80_variants` | `sm80_tn_128x256` with other element types (fp16 accumulators, C and D) |
//! | `sm80_bf16_128x256` | the four layouts with bf16 A and B (f32 C and D), and TN with bf16 or fp16 C and D |
//! | `sm80_tf32_128x256` | TN on fp32 A and B through m16n8k8 TF32 (128x256x32, f32 C and D) |

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

tycute_kernel::configurations! {
    sm80_tn_128x256,
    #[cfg(feature = "kernel")]
    sm80_nt_128x256,
    #[cfg(feature = "kernel")]
    sm80_mixed_128x256,
    #[cfg(feature = "kernel")]
    sm80_variants,
    #[cfg(feature = "kernel")]
    sm80_bf16_128x256,
    #[cfg(feature = "kernel")]
    sm80_tf32_128x256,
}
