//! The fp8 configurations of `kernels/sm90_gemm.cu` (`sm90_128x256_e4m3`, and `sm90_128x256_e5m2`
//! derived from it by element type): A and B `float_e4m3_t` (1 byte, K-major:
//! wgmma's 8-bit form has no transpose), f32 accumulators, C, D and the bias `bfloat16_t`. CUTLASS's
//! and DeepGEMM's fp8 recipe on [`crate::sm90_128x256`]'s cooperative schedule: a `128x256x128`
//! CTA tile for two `64x256x32` GMMA warpgroups (`(_2,_1,_1)`), 4 wgmmas per k-block of 128.
//!
//! ```text
//! cta_tiler = (_128,_256,_128);  bP = _4                                     // 4 x 48 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, (bM,bK,bP))  // (_128,_128) per stage, 16 KiB
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, (bN,bK,bP))  // (_256,_128) per stage, 32 KiB
//! G2S: SM90_TMA_LOAD of one (128,128) box of A and one (256,128) box of B per stage (CU_TENSOR_MAP_DATA_TYPE_UINT8)
//! mma = make_tiled_mma(SM90_64x256x32_F32E4M3E4M3_SS_TN{}, Layout<Shape<_2,_1,_1>>{})  // 256 threads, tile (128,256,32)
//! epilogue (D = bfloat16_t, N-major): sm90_128x256's, EpilogueTile = (_128,_32),
//!   sD = tile_to_shape(GMMA::Layout_K_SW64_Atom<bfloat16_t>{}, (128,32,StagesD)), STSM R2S, LDSM S2R
//! ```
//!
//! A 128-byte swizzle row holds 128 fp8 elements, so a stage of 128x128 fp8 has the bytes of a
//! stage of 128x64 halves: the stages, boxes and `kGmma*` byte offsets of the header follow from
//! `Layout_K_SW128_Atom<float_e4m3_t>` (`smem_ptr[8b]`) and the configuration's `ElementAB`, never
//! from a width written in the kernel. Shared memory: 4 x (16 + 32) KiB of stages and
//! 2 x 2 x 8 KiB of sD / sC = 224 KiB (at most 227 KiB: `Sm90Checked`).
//!
//! The types are the K-major family's ([`crate::sm90_k_major`]: one `sm90_k_major_family!`
//! invocation); this file adds the e5m2 form and the registry's entries.
//!
//! Accumulation: wgmma's own over the whole K (what cuBLASLt does with
//! `CUBLASLT_MATMUL_DESC_FAST_ACCUM = 1`, `torch._scaled_mm(use_fast_accum=True)`), no promotion
//! into separate f32 registers.

use tycute_atom::{SM90_64x256x32_F32E4M3E4M3_SS_TN, SM90_64x256x32_F32E5M2E5M2_SS_TN};
use tycute_layout::tuple::At;
use tycute_layout::typenum::Z0;
use tycute_layout::{bfloat16_t, float_e4m3_t, float_e5m2_t, MakeLayoutLeft, Size};
use tycute_macros::cute;
use tycute_tiled::copy::{TiledNumThr, Tiler_MN};
use tycute_tiled::mma::MakeTiledMma;

// (`Sm90Config` names the registry entries, with `kernel`, and the docs' links)
#[cfg_attr(not(feature = "kernel"), allow(unused_imports))]
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config};

sm90_k_major_family! {
    /// The configuration as an [`Sm90Config`].
    config Sm90_128x256E4m3 = "sm90_128x256_e4m3",
    about "sm90_128x256_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, two 64x256x32 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators, wgmma's own accumulation over K), 128x256x128 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of bfloat16_t D (N-major) in 128x32 sub-tiles",
    element_ab float_e4m3_t, element_cd bfloat16_t,
    tile (_128, _256, _128), stages _4,
    atom SM90_64x256x32_F32E4M3E4M3_SS_TN, warpgroups (_2, _1, _1), cluster (_1, _1, _1),
    epilogue (_128, _32), stages_cd _2,
    c2 Sm90_128x256E4m3C2 = "sm90_128x256_e4m3_c2", "sm90_128x256_e4m3 with clusters of two CTAs along M (B multicast)"
}
// (the c2 variant, `sm90_128x256_e4m3_c2`, ClusterShape (_2,_1,_1): B multicast to the two CTAs
// of a cluster along M; measured on the H100 2-3.5 % faster at 8192^3 and 4096x14336x4096
// (docs/perf.md). It builds without spills under NVRTC 13.0 since the epilogue's per-tile
// addresses in clusters (`sm90_epilogue_rows<true>`); data-parallel tiles only, no stream-K.)

/// `MMA_Atom<SM90_64x256x32_F32E5M2E5M2_SS_TN>`: the e5m2 form of [`MmaAtom`], the same layouts.
pub type MmaAtomE5m2 = tycute_atom::MMA_Atom<SM90_64x256x32_F32E5M2E5M2_SS_TN>;
/// The TiledMMA of [`MmaAtomE5m2`], `(_2,_1,_1)` as [`Mma`].
pub type MmaE5m2 = MakeTiledMma<MmaAtomE5m2, MakeLayoutLeft<cute!((_2,_1,_1))>>;
tycute_kernel::sm90_derive! {
    /// `sm90_128x256_e4m3` with e5m2 A and B (`sm90_128x256_e5m2`): every part but the element and the
    /// GMMA atom is the e4m3 configuration's (the 8-bit smem atoms are one layout for both types, as
    /// `smem_ptr[8b]`), and so is every table; the header differs in the instruction
    /// (`...m64n256k32.f32.e5m2.e5m2`) and `kElementAB` (6).
    pub struct Sm90_128x256E5m2 = Sm90_128x256E4m3 {
        NAME = "sm90_128x256_e5m2",
        ElementAB = float_e5m2_t,
        MmaC = MmaE5m2,
    }
}
// the e5m2 atom has the e4m3 atom's layouts (so the tables are the same), and takes e5m2
static_assertions::assert_impl_all!(SM90_64x256x32_F32E5M2E5M2_SS_TN: tycute_atom::SameMmaLayouts<SM90_64x256x32_F32E4M3E4M3_SS_TN>);
static_assertions::assert_impl_all!(Sm90_128x256E5m2: Sm90Checked);
// 256 threads; the C-atom copy covers 128 rows (both warpgroups) x 16 columns
tycute_kernel::assert_same_all! {
    [Size<Mma>, TiledNumThr<TiledR2S>, cute!(_256)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_128)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16)],
}
// TMA boxes: 128 fp8 = 128 bytes per inner row for SWIZZLE_128B
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 32768);

#[cfg(feature = "kernel")]
mod types {
    use super::Sm90_128x256E4m3;
    use tycute_kernel::emit::sm90::{Sm90Types, Texts};

    // e5m2: the e4m3 configuration's tables, its own instruction
    impl Sm90Types for super::Sm90_128x256E5m2 {
        type Cfg = super::Sm90_128x256E5m2;
        const ABOUT: &'static str = "sm90_128x256_e5m2: sm90_128x256_e4m3 (cooperative 128x256x128, two 64x256x32 GMMA warpgroups, f32 accumulators, bf16 C/D) with float_e5m2_t A and B: the GMMA atom SM90_64x256x32_F32E5M2E5M2_SS_TN";
        const THREADS: usize = <Sm90_128x256E4m3 as Sm90Types>::THREADS;
        fn texts() -> Texts {
            <Sm90_128x256E4m3 as Sm90Types>::texts()
        }
        fn sd() -> Vec<i64> {
            <Sm90_128x256E4m3 as Sm90Types>::sd()
        }
        fn mma() -> [Vec<i64>; 7] {
            <Sm90_128x256E4m3 as Sm90Types>::mma()
        }
        fn wgmma() -> (&'static str, usize, bool) {
            type Atom = super::MmaAtomE5m2;
            (<Atom as tycute_atom::GmmaPtx>::PTX, <Atom as tycute_atom::GmmaPtx>::D_REGS, <Atom as tycute_atom::GmmaPtx>::D_F32)
        }
        fn acc_per_mma() -> i64 {
            <Sm90_128x256E4m3 as Sm90Types>::acc_per_mma()
        }
        fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
            <Sm90_128x256E4m3 as Sm90Types>::operand_stages()
        }
        fn epilogue() -> [Vec<i64>; 5] {
            <Sm90_128x256E4m3 as Sm90Types>::epilogue()
        }
    }
}

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu` (`tn` only).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x256E4m3 as Sm90Config>::NAME, header_with_values::<Sm90_128x256E4m3>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256E5m2 as Sm90Config>::NAME, header_with_values::<Sm90_128x256E5m2>, Variant::SM90_GEMM),
        Entry::kernel(<c2::Sm90_128x256E4m3C2 as Sm90Config>::NAME, header_with_values::<c2::Sm90_128x256E4m3C2>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
