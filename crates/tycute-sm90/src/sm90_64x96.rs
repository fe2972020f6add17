//! 16-bit tiles of 64 rows and 96 columns, K-major A and B only: `sm90_64x64`'s ping-pong recipe
//! on a `64x96x64` tile (one `wgmma.m64n96k16` warpgroup), 8 stages, members of the K-major family
//! ([`crate::sm90_k_major`]).
//!
//! A memory-bound problem needs every SM streaming its strip of B. At M = 64 and N = 10240-12288
//! the 64x64 tiles make 160-192 (two rounds on 132 SMs) and the 128x128 ones 80-96 (a third of
//! the SMs idle); 96 columns make 107-128 tiles, one round. cuBLAS runs tiles of this width there
//! (`nvjet_sm90_hsh_96x64`, 108 CTAs at 64x10240x8192: ncu on the H200, docs/perf.md). The
//! MN-major stage of 96 columns has no 128-byte swizzle atom (64 wide), so these configurations
//! take K-major A and B, the layout of a linear layer's forward pass (TN); the launch API runs
//! them for such problems only.
//!
//! ```text
//! cta_tiler = (_64,_96,_64);  bP = _8                                   // 8 x 20 KiB of A+B stages
//! sA, sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, (bM|bN, bK, bP)) // (_64,_64), (_96,_64)
//! mma = make_tiled_mma(SM90_64x96x16_F32TT_SS<K,K>{})                   // one warpgroup (two consumers in ping-pong)
//! epilogue (D = T, N-major): EpilogueTile = (_64,_32), 3 stages a consumer (48 KiB in all)
//! ```
//!
//! Three sub-tiles a tile: the epilogue's ring of D stages takes whole groups of them, so 3 stages
//! of sD (and of sC) a consumer, not 2 (the kernel's "sub-tile groups" assertion).
//! Shared memory: 160 KiB of stages and 48 KiB of sD / sC = 208 KiB (at most 227 KiB: `Sm90Checked`).

/// `sm90_64x96`: fp16 A, B, C and D.
pub mod fp16 {
    use tycute_atom::{SM90_64x96x16_F32F16F16_SS, K};
    use tycute_layout::half_t;
    use tycute_macros::cute;

    sm90_k_major_family! {
        /// The configuration as an [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config).
        config Sm90_64x96 = "sm90_64x96",
        about "sm90_64x96: half_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x96x16 GMMA warpgroup (f32 accumulators), 64x96x64 CTA tile, 8 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        element_ab half_t, element_cd half_t,
        tile (_64, _96, _64), stages _8,
        atom SM90_64x96x16_F32F16F16_SS<K, K>, warpgroups (_1, _1, _1), cluster (_1, _1, _1),
        epilogue (_64, _32), stages_cd _3,
    }
    // 128 threads a consumer; boxes of 64 and 96 rows of 128 bytes
    static_assertions::const_assert!(NUM_THREADS == 128 && TMA_BOX_BYTES_A == 8192 && TMA_BOX_BYTES_B == 12288);
}
pub use fp16::Sm90_64x96;

tycute_kernel::sm90_with_element!(
    /// `sm90_64x96` with bf16 A, B, C, D and bias: every table `sm90_64x96`'s (the same layouts),
    /// the GMMA atom `SM90_64x96x16_F32BF16BF16_SS`.
    Sm90_64x96Bf16 = Sm90_64x96, tycute_layout::bfloat16_t, "sm90_64x96_bf16"
);
// the GMMA atom takes bf16 with f32 accumulators, and every other rule of sm90_64x96 holds
static_assertions::assert_impl_all!(Sm90_64x96Bf16: tycute_kernel::kernel::sm90::Sm90Checked);

tycute_kernel::sm90_one_consumer!(
    /// `sm90_64x96` in one consumer (`ONE_CONSUMER`): the cooperative schedule on the 64x96
    /// tiles, so that a problem of few tiles and a long k-loop (64 rows against N = 4096: 43
    /// tiles on 132 SMs) shares its last tiles out along K over every SM (stream-K), which the
    /// ping-pong schedule compiles out. Every table `sm90_64x96`'s.
    Sm90_64x96Sk = Sm90_64x96, "sm90_64x96_sk"
);
tycute_kernel::sm90_one_consumer!(
    /// [`Sm90_64x96Sk`] with bf16 A, B, C, D and bias: `sm90_64x96_bf16` in one consumer.
    Sm90_64x96SkBf16 = Sm90_64x96Bf16, "sm90_64x96_sk_bf16"
);

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu`.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::kernel::sm90::Sm90Config;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_64x96 as Sm90Config>::NAME, header_with_values::<Sm90_64x96>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x96Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_64x96Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x96Sk as Sm90Config>::NAME, header_with_values::<Sm90_64x96Sk>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x96SkBf16 as Sm90Config>::NAME, header_with_values::<Sm90_64x96SkBf16>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
