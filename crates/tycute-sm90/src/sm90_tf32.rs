//! The tf32 configuration of `kernels/sm90_gemm.cu`, `sm90_128x256_tf32`: A and B `float` in
//! memory, read by wgmma's `.tf32` form (`wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32`:
//! K-major A and B only, it has no transpose), f32 accumulators, C, D and the bias `bfloat16_t`
//! (the epilogue's 16-bit path; fp32 C, D and bias: `sm90_128x256_tf32_f32cd`,
//! [`crate::sm90_f32cd`]). A member of the
//! K-major family ([`crate::sm90_k_major`]) on `sm90_128x256`'s cooperative schedule:
//!
//! ```text
//! cta_tiler = (_128,_256,_32);  bP = _4                                     // 4 x 48 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<tfloat32_t>{}, (bM,bK,bP))    // (_128,_32) per stage, 16 KiB
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<tfloat32_t>{}, (bN,bK,bP))    // (_256,_32) per stage, 32 KiB
//! G2S: SM90_TMA_LOAD of one (128,32) box of A and one (256,32) box of B per stage (CU_TENSOR_MAP_DATA_TYPE_FLOAT32)
//! mma = make_tiled_mma(SM90_64x256x8_F32TF32TF32_SS_TN{}, Layout<Shape<_2,_1,_1>>{})  // 256 threads, tile (128,256,8)
//! epilogue (D = bfloat16_t, N-major): sm90_128x256's, EpilogueTile = (_128,_32), StagesCD = 2
//! ```
//!
//! A 128-byte swizzle row holds 32 tf32 elements, so bK = 32 is one row, and a stage of 128x32
//! tf32 has the bytes of a stage of 128x64 halves: 4 x (16 + 32) KiB of stages and 2 x 2 x 8 KiB
//! of sD / sC = 224 KiB, as `sm90_128x256` (at most 227 KiB: `Sm90Checked`). CUTLASS's sm90 tf32
//! collective builder picks the same: K-major tf32 (`tfloat32_t` or `float` with
//! `GMMA::Major::K`), a 128-byte swizzle atom of 32 elements, the stage count from the shared
//! memory left after the epilogue. Each k-block of 32 is 4 wgmmas of k8 per warpgroup, as
//! `sm90_128x256`'s k-block of 64 is 4 of k16: the same instructions per stage, at tf32's half
//! rate.
//!
//! Clusters: the [`c2`] variant (`ClusterShape = (_2,_1,_1)`: the two CTAs of a cluster along M
//! share B's tile, each loading a `(128,32)` half into both) measured 4-21 % faster on the H100
//! (docs/perf.md, "tf32 on sm90": 0.93-1.16 x cuBLAS TF32 against 0.84-1.05 x). It is in the
//! registry as `sm90_128x256_tf32_c2` (NVRTC 13.0 spilled it, 12 / 28 bytes, until the epilogue
//! computed its addresses per tile in clusters, `sm90_epilogue_rows<true>`: 0 spills now);
//! `sm90_128x256_tf32` keeps single CTAs, and with them stream-K.
//!
//! Rounding: wgmma reads the 32 bits of each f32 and uses its tf32 part (the 10 high mantissa
//! bits; the low 13 are ignored, a truncation), so A and B need no conversion pass; the tests'
//! bound follows from it (`tests/gpu_sm90.rs`).

use tycute_atom::SM90_64x256x8_F32TF32TF32_SS_TN;
use tycute_layout::tuple::At;
use tycute_layout::typenum::Z0;
use tycute_layout::{bfloat16_t, tfloat32_t, Size};
use tycute_macros::cute;
use tycute_tiled::copy::Tiler_MN;

sm90_k_major_family! {
    /// The configuration as an [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config).
    config Sm90_128x256Tf32 = "sm90_128x256_tf32",
    about "sm90_128x256_tf32: f32 A (M,K) and B (N,K) read as tf32, K-major only, TMA into 128B-swizzled smem, two 64x256x8 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators), 128x256x32 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of bfloat16_t D (N-major) in 128x32 sub-tiles",
    element_ab tfloat32_t, element_cd bfloat16_t,
    tile (_128, _256, _32), stages _4,
    atom SM90_64x256x8_F32TF32TF32_SS_TN, warpgroups (_2, _1, _1), cluster (_1, _1, _1),
    epilogue (_128, _32), stages_cd _2,
    c2 Sm90_128x256Tf32C2 = "sm90_128x256_tf32_c2", "sm90_128x256_tf32 with clusters of two CTAs along M (B multicast)"
}

// 256 threads; the C-atom copy covers 128 rows x 16 columns, as sm90_128x256's
// and 32 tf32 = 128 bytes per inner row for SWIZZLE_128B (the stages have fp16's bytes)
tycute_kernel::assert_same_all! {
    [Size<Mma>, cute!(_256)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_128)],
    [TmaBoxA, cute!((_128,_32))],
}
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 32768);

/// The registry's entry: the header and build of `kernels/sm90_gemm.cu` (`tn` only).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::kernel::sm90::Sm90Config;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x256Tf32 as Sm90Config>::NAME, header_with_values::<Sm90_128x256Tf32>, Variant::SM90_GEMM),
        Entry::kernel(<c2::Sm90_128x256Tf32C2 as Sm90Config>::NAME, header_with_values::<c2::Sm90_128x256Tf32C2>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];

#[cfg(all(test, feature = "kernel"))]
mod tests {
    use tycute_kernel::emit::sm90::{check_tables, tables_of};

    #[test]
    fn the_tf32_header_is_k_major_with_the_tf32_instruction() {
        let t = tables_of::<super::Sm90_128x256Tf32>().unwrap();
        assert!(t.k_major_only);
        assert_eq!((t.elem_ab, t.elem_cd), (4, 2));
        assert_eq!(t.tile, (128, 256, 32));
        assert_eq!(t.mma_k, 4);
        check_tables(&t).unwrap();
        let h = tycute_kernel::emit::sm90::header_of::<super::Sm90_128x256Tf32>();
        assert!(h.contains("wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32"), "{h}");
        assert!(!h.contains("ERROR"), "{h}");
        assert_eq!(t.cluster_m, 1);
        // the c2 variant: each CTA of a cluster loads a (128,32) half of B's (256,32) tile
        let c2 = tables_of::<super::c2::Sm90_128x256Tf32C2>().unwrap();
        assert_eq!((c2.cluster_m, c2.box_b_mcast), (2, (128, 32)));
        assert_eq!(c2.mcast_b, [(0, 0), (128, 16384)]);
        check_tables(&c2).unwrap();
    }
}
