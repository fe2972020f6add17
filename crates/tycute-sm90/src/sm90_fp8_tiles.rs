//! The fp8 configurations for few tiles: `sm90`'s ping-pong recipe (two consumer warpgroups, one
//! GMMA warpgroup a tile, one consumer's mainloop beside the other's epilogue) with e4m3 A and B,
//! on the tiles the 16-bit per-shape choice uses below the cooperative 128x256 one (the 96-column
//! ones, as the 16-bit ones, where one round of them fills an H200's SMs). Each is
//! a member of the K-major family ([`crate::sm90_k_major`]): the 16-bit configuration's tile with
//! a k-block of 128 one-byte elements (one 128-byte swizzle row, so a stage has the 16-bit
//! stage's bytes and the same count fits), the `64xNx32` e4m3 GMMA atom and bf16 C, D and bias.
//!
//! ```text
//! sm90_128x128_e4m3: cta_tiler = (_128,_128,_128), bP = _6;  SM90_64x128x32_F32E4M3E4M3_SS_TN   // 6 x 32 KiB
//! sm90_128x192_e4m3: cta_tiler = (_128,_192,_128), bP = _4;  SM90_64x192x32_F32E4M3E4M3_SS_TN x (_2,_1,_1) // 4 x 40 KiB, cooperative
//! sm90_128x64_e4m3:  cta_tiler = (_128,_64,_128),  bP = _8;  SM90_64x64x32_F32E4M3E4M3_SS_TN    // 8 x 24 KiB
//! sm90_64x64_e4m3:   cta_tiler = (_64,_64,_128),   bP = _12; SM90_64x64x32_F32E4M3E4M3_SS_TN    // 12 x 16 KiB
//! sm90_64x96_e4m3:   cta_tiler = (_64,_96,_128),   bP = _8;  SM90_64x96x32_F32E4M3E4M3_SS_TN    // 8 x 20 KiB, 3 sD stages
//! sm90_128x96_e4m3:  cta_tiler = (_128,_96,_128),  bP = _6;  SM90_64x96x32_F32E4M3E4M3_SS_TN    // 6 x 28 KiB, 3 sD stages
//! sA, sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, (bM|bN, bK, bP))
//! mma = make_tiled_mma(Atom{})                                       // one warpgroup (two consumers in ping-pong)
//! epilogue (D = bfloat16_t, N-major): EpilogueTile = (_64,_32), 2 stages a consumer (32 KiB in all;
//!   the 96-column tiles: 3, whole groups of a tile's three sub-tiles in a row, 48 KiB)
//! ```
//!
//! Shared memory: 192 KiB of stages and 32 KiB of sD / sC = 224 KiB each; the 96-column tiles 160 +
//! 48 = 208 KiB (64 rows) and 168 + 48 = 216 KiB (128 rows) (at most 227 KiB: `Sm90Checked`). The e5m2 format keeps `sm90_128x256_e5m2` alone (fp8's second format is a
//! training format, whose GEMMs are large).

use tycute_kernel::kernel::sm90::Sm90Config;

/// One fp8 tile: a module of the K-major family with e4m3 A and B, bf16 C and D, a k-block of
/// 128, one GMMA warpgroup (ping-pong), 64x32 epilogue sub-tiles, and its TMA boxes' bytes checked.
macro_rules! fp8_tile {
    ($(#[$doc:meta])* mod $m:ident { $Cfg:ident = $name:literal, about $about:literal, tile ($bm:tt, $bn:tt), stages $st:tt, stages_cd $scd:tt, atom $atom:ident, box_bytes ($ba:literal, $bb:literal) }) => {
        $(#[$doc])*
        pub mod $m {
            use tycute_atom::$atom;
            use tycute_layout::{bfloat16_t, float_e4m3_t};
            use tycute_macros::cute;

            sm90_k_major_family! {
                /// The configuration as an [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config).
                config $Cfg = $name,
                about $about,
                element_ab float_e4m3_t, element_cd bfloat16_t,
                tile ($bm, $bn, _128), stages $st,
                atom $atom, warpgroups (_1, _1, _1), cluster (_1, _1, _1),
                epilogue (_64, _32), stages_cd $scd,
            }
            // 128 threads a consumer; 128-byte rows of 128 fp8
            static_assertions::const_assert!(NUM_THREADS == 128 && TMA_BOX_BYTES_A == $ba && TMA_BOX_BYTES_B == $bb);
        }
    };
}

fp8_tile! {
    /// `sm90` (128x128, 6 stages) with e4m3 A and B.
    mod sm90_128x128_e4m3 {
        Sm90_128x128E4m3 = "sm90_128x128_e4m3",
        about "sm90_128x128_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x128x32 GMMA warpgroup (f32 accumulators, wgmma's own accumulation over K), 128x128x128 CTA tile, 6 stages, STSM + TMA-store epilogue of bfloat16_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        tile (_128, _128), stages _6, stages_cd _2, atom SM90_64x128x32_F32E4M3E4M3_SS_TN, box_bytes (16384, 16384)
    }
}
fp8_tile! {
    /// `sm90_128x64` (128x64, 8 stages) with e4m3 A and B.
    mod sm90_128x64_e4m3 {
        Sm90_128x64E4m3 = "sm90_128x64_e4m3",
        about "sm90_128x64_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x64x32 GMMA warpgroup (f32 accumulators, wgmma's own accumulation over K), 128x64x128 CTA tile, 8 stages, STSM + TMA-store epilogue of bfloat16_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        tile (_128, _64), stages _8, stages_cd _2, atom SM90_64x64x32_F32E4M3E4M3_SS_TN, box_bytes (16384, 8192)
    }
}
fp8_tile! {
    /// `sm90_64x64` (64x64, 12 stages) with e4m3 A and B.
    mod sm90_64x64_e4m3 {
        Sm90_64x64E4m3 = "sm90_64x64_e4m3",
        about "sm90_64x64_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x64x32 GMMA warpgroup (f32 accumulators, wgmma's own accumulation over K), 64x64x128 CTA tile, 12 stages, STSM + TMA-store epilogue of bfloat16_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        tile (_64, _64), stages _12, stages_cd _2, atom SM90_64x64x32_F32E4M3E4M3_SS_TN, box_bytes (8192, 8192)
    }
}

fp8_tile! {
    /// `sm90_64x96` (64x96, 8 stages, 3 epilogue stages a consumer) with e4m3 A and B: M <= 64
    /// against N of 10-12 thousand in one round of tiles, as the 16-bit one.
    mod sm90_64x96_e4m3 {
        Sm90_64x96E4m3 = "sm90_64x96_e4m3",
        about "sm90_64x96_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x96x32 GMMA warpgroup (f32 accumulators, wgmma's own accumulation over K), 64x96x128 CTA tile, 8 stages, STSM + TMA-store epilogue of bfloat16_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        tile (_64, _96), stages _8, stages_cd _3, atom SM90_64x96x32_F32E4M3E4M3_SS_TN, box_bytes (8192, 12288)
    }
}
fp8_tile! {
    /// `sm90_128x96` (128x96, 6 stages, 3 epilogue stages a consumer) with e4m3 A and B: 128 and
    /// 256 rows against N of 5-12 thousand in one round of tiles, as the 16-bit one.
    mod sm90_128x96_e4m3 {
        Sm90_128x96E4m3 = "sm90_128x96_e4m3",
        about "sm90_128x96_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, a 64x96x32 GMMA warpgroup (f32 accumulators, wgmma's own accumulation over K), 128x96x128 CTA tile, 6 stages, STSM + TMA-store epilogue of bfloat16_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong",
        tile (_128, _96), stages _6, stages_cd _3, atom SM90_64x96x32_F32E4M3E4M3_SS_TN, box_bytes (16384, 12288)
    }
}

/// `sm90_128x192` (cooperative 128x192, 4 stages) with e4m3 A and B: the last wave's tile
/// (`tycute_gemm::sm90::pick`), two `64x192x32` GMMA warpgroups, `sm90_128x256_e4m3`'s epilogue.
pub mod sm90_128x192_e4m3 {
    use tycute_atom::SM90_64x192x32_F32E4M3E4M3_SS_TN;
    use tycute_layout::{bfloat16_t, float_e4m3_t};
    use tycute_macros::cute;

    sm90_k_major_family! {
        /// The configuration as an [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config).
        config Sm90_128x192E4m3 = "sm90_128x192_e4m3",
        about "sm90_128x192_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, two 64x192x32 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators, wgmma's own accumulation over K), 128x192x128 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of bfloat16_t D (N-major) in 128x32 sub-tiles",
        element_ab float_e4m3_t, element_cd bfloat16_t,
        tile (_128, _192, _128), stages _4,
        atom SM90_64x192x32_F32E4M3E4M3_SS_TN, warpgroups (_2, _1, _1), cluster (_1, _1, _1),
        epilogue (_128, _32), stages_cd _2,
    }
    // 256 threads in one consumer; 128-byte rows of 128 fp8: 16 KiB of A, 24 KiB of B a stage
    static_assertions::const_assert!(NUM_THREADS == 256 && TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 24576);
}

pub use sm90_128x128_e4m3::Sm90_128x128E4m3;
pub use sm90_128x192_e4m3::Sm90_128x192E4m3;
pub use sm90_128x64_e4m3::Sm90_128x64E4m3;
pub use sm90_128x96_e4m3::Sm90_128x96E4m3;
pub use sm90_64x64_e4m3::Sm90_64x64E4m3;
pub use sm90_64x96_e4m3::Sm90_64x96E4m3;

tycute_kernel::sm90_one_consumer!(
    /// `sm90_64x96_e4m3` in one consumer (`ONE_CONSUMER`), as `sm90_64x96_sk` is the 16-bit one:
    /// the cooperative schedule's stream-K on the 64x96 tiles.
    Sm90_64x96E4m3Sk = Sm90_64x96E4m3, "sm90_64x96_e4m3_sk"
);
tycute_kernel::sm90_one_consumer!(
    /// `sm90_128x96_e4m3` in one consumer (`ONE_CONSUMER`), as `sm90_128x96_sk` is the 16-bit one.
    Sm90_128x96E4m3Sk = Sm90_128x96E4m3, "sm90_128x96_e4m3_sk"
);

// the 16-bit configurations' tiles and stage counts, with a k-block of one 128-byte row
static_assertions::assert_type_eq_all!(<Sm90_128x128E4m3 as Sm90Config>::BM, <crate::sm90::Sm90 as Sm90Config>::BM);
static_assertions::assert_type_eq_all!(<Sm90_128x128E4m3 as Sm90Config>::Stages, <crate::sm90::Sm90 as Sm90Config>::Stages);
static_assertions::assert_type_eq_all!(<Sm90_128x64E4m3 as Sm90Config>::Stages, <crate::sm90_128x64::Sm90_128x64 as Sm90Config>::Stages);
static_assertions::assert_type_eq_all!(<Sm90_64x64E4m3 as Sm90Config>::Stages, <crate::sm90_64x64::Sm90_64x64 as Sm90Config>::Stages);
static_assertions::assert_type_eq_all!(<Sm90_64x96E4m3 as Sm90Config>::Stages, <crate::sm90_64x96::Sm90_64x96 as Sm90Config>::Stages);
static_assertions::assert_type_eq_all!(<Sm90_128x96E4m3 as Sm90Config>::Stages, <crate::sm90_128x96::Sm90_128x96 as Sm90Config>::Stages);
static_assertions::assert_type_eq_all!(<Sm90_128x192E4m3 as Sm90Config>::Stages, <crate::sm90_128x192::Sm90_128x192 as Sm90Config>::Stages);

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu` (`tn` only).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x128E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_128x128E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x192E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_128x192E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x64E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_128x64E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x64E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_64x64E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x96E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_64x96E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x96E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_128x96E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x96E4m3Sk as Sm90Config>::NAME, header_with_values::<Sm90_64x96E4m3Sk>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x96E4m3Sk as Sm90Config>::NAME, header_with_values::<Sm90_128x96E4m3Sk>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
