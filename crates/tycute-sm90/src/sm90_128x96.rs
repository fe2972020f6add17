//! 16-bit tiles of 128 rows and 96 columns, K-major A and B only: `sm90`'s ping-pong recipe (one
//! `wgmma.m64n96k16` warpgroup a consumer, two 64-row atoms a tile) on a `128x96x64` tile, 6
//! stages, members of the K-major family ([`crate::sm90_k_major`]).
//!
//! `sm90_64x96` for two row-tiles: at M = 129-256 and N = 5120-6144 the 128x128 tiles make 80-96
//! (a third of the 132 SMs idle) and the 64x96 ones 214-256 (two rounds); 96 columns of 128 rows
//! make 108-128 tiles, one round, each SM streaming its strip of B. cuBLAS runs 128-row tiles of
//! about this width there (`nvjet_sm90_hsh_128x80`, 128 CTAs at 256x5120x5120 on the H200). As for
//! `sm90_64x96`, the MN-major stage of 96 columns has no 128-byte swizzle atom (64 wide), so the
//! launch API runs these for K-major A and B only.
//!
//! ```text
//! cta_tiler = (_128,_96,_64);  bP = _6                                   // 6 x 28 KiB of A+B stages
//! sA, sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, (bM|bN, bK, bP)) // (_128,_64), (_96,_64)
//! mma = make_tiled_mma(SM90_64x96x16_F32TT_SS<K,K>{})                   // one warpgroup, two atoms along M (two consumers in ping-pong)
//! epilogue (D = T, N-major): EpilogueTile = (_64,_32), 3 stages a consumer (48 KiB in all)
//! ```
//!
//! Six sub-tiles a tile (two rows of three): the epilogue's ring takes whole groups of its 3
//! stages, as `sm90_64x96`'s does. Shared memory: 168 KiB of stages and 48 KiB of sD / sC = 216
//! KiB (at most 227 KiB: `Sm90Checked`).

/// `sm90_128x96`: fp16 A, B, C and D.
pub mod fp16 {
    use tycute_atom::{SM90_64x96x16_F32F16F16_SS, K};
    use tycute_layout::half_t;
    use tycute_macros::cute;

    sm90_k_major_family! {
        /// The configuration as an [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config).
        config Sm90_128x96 = "sm90_128x96",
        about "sm90_128x96: half_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x96x16 GMMA warpgroup (f32 accumulators), 128x96x64 CTA tile, 6 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        element_ab half_t, element_cd half_t,
        tile (_128, _96, _64), stages _6,
        atom SM90_64x96x16_F32F16F16_SS<K, K>, warpgroups (_1, _1, _1), cluster (_1, _1, _1),
        epilogue (_64, _32), stages_cd _3,
    }
    // 128 threads a consumer; boxes of 128 and 96 rows of 128 bytes
    static_assertions::const_assert!(NUM_THREADS == 128 && TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 12288);
}
pub use fp16::Sm90_128x96;

tycute_kernel::sm90_with_element!(
    /// `sm90_128x96` with bf16 A, B, C, D and bias: every table `sm90_128x96`'s (the same layouts),
    /// the GMMA atom `SM90_64x96x16_F32BF16BF16_SS`.
    Sm90_128x96Bf16 = Sm90_128x96, tycute_layout::bfloat16_t, "sm90_128x96_bf16"
);
// the GMMA atom takes bf16 with f32 accumulators, and every other rule of sm90_128x96 holds
static_assertions::assert_impl_all!(Sm90_128x96Bf16: tycute_kernel::kernel::sm90::Sm90Checked);
// sm90_64x96's epilogue and atom, twice the rows
static_assertions::assert_type_eq_all!(
    <Sm90_128x96 as tycute_kernel::kernel::sm90::Sm90Config>::BN,
    <crate::sm90_64x96::Sm90_64x96 as tycute_kernel::kernel::sm90::Sm90Config>::BN
);

tycute_kernel::sm90_one_consumer!(
    /// `sm90_128x96` in one consumer (`ONE_CONSUMER`), as `sm90_64x96_sk` is `sm90_64x96`: the
    /// cooperative schedule's stream-K split tail for few 128x96 tiles of a long k-loop (128 rows
    /// against N = 4096: 43 tiles on 132 SMs). Every table `sm90_128x96`'s.
    Sm90_128x96Sk = Sm90_128x96, "sm90_128x96_sk"
);
tycute_kernel::sm90_one_consumer!(
    /// [`Sm90_128x96Sk`] with bf16 A, B, C, D and bias: `sm90_128x96_bf16` in one consumer.
    Sm90_128x96SkBf16 = Sm90_128x96Bf16, "sm90_128x96_sk_bf16"
);

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu`.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::kernel::sm90::Sm90Config;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x96 as Sm90Config>::NAME, header_with_values::<Sm90_128x96>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x96Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_128x96Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x96Sk as Sm90Config>::NAME, header_with_values::<Sm90_128x96Sk>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x96SkBf16 as Sm90Config>::NAME, header_with_values::<Sm90_128x96SkBf16>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
