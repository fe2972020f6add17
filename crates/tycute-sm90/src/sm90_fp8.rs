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
//! Accumulation: wgmma's own over the whole K (what cuBLASLt does with
//! `CUBLASLT_MATMUL_DESC_FAST_ACCUM = 1`, `torch._scaled_mm(use_fast_accum=True)`), no promotion
//! into separate f32 registers.

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM90_64x256x32_F32E4M3E4M3_SS_TN, SM90_64x256x32_F32E5M2E5M2_SS_TN, SM90_U32x4_STSM_N};
use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::numeric::Bits;
use tycute_layout::tuple::At;
use tycute_layout::typenum::Z0;
use tycute_layout::{bfloat16_t, float_e4m3_t, float_e5m2_t, AsPositionIndependent, Cosize, Layout_K_SW128_Atom, Layout_K_SW64_Atom, LayoutAt, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopyC_Atom, MakeTiledCopyS, RetileS, TiledNumThr, Tiler_MN};
use tycute_tiled::mma::{MakeTiledMma, PartitionFragmentC};
use typenum::Integer;

use crate::sm90::InnerLayout;
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};

/// `(bM, bN, bK) = (_128,_256,_128)`.
pub type CtaTiler = cute!((_128,_256,_128));
/// Mainloop stages `bP = _4`: 4 x (16 KiB of A + 32 KiB of B).
pub type Stages = cute!(_4);

/// `GMMA::Layout_K_SW128_Atom<float_e4m3_t>` (A and B): `(_8,_128)` rows of 128 bytes.
pub type SmemAtomA = Layout_K_SW128_Atom<float_e4m3_t>;
/// One stage of sA, `(bM,bK)`, as the TMA box lands in it.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_128,_128))>>;
/// One stage of sB, `(bN,bK)`.
pub type SmemLayoutBStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_256,_128))>>;
/// The TMA box of A: `(_128,_128)`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// The TMA box of B: `(_256,_128)`.
pub type TmaBoxB = ProductEach<ShapeOf<InnerLayout<SmemLayoutBStage>>>;
/// `ClusterShape = (_1,_1,_1)`. The kernel and header also take `(_2,_1,_1)` ([`c2`]): clusters of
/// two CTAs along M sharing their B tile, each loading a `(128,128)` half of it into both
/// (`SM90_TMA_LOAD_MULTICAST`); measured on the H100 it is 3-8 % faster at the large shapes
/// (docs/perf.md), but NVRTC 13.0 spills its kernel (12 / 28 bytes), so the registry's
/// configuration keeps single CTAs.
pub type ClusterShape = cute!((_1,_1,_1));
/// Bytes per element of A and B.
const ELEM_BYTES_AB: i64 = <Bits<float_e4m3_t> as Integer>::I64 / 8;
/// Bytes of one box of A and of B.
pub const TMA_BOX_BYTES_A: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES_AB;
/// See [`TMA_BOX_BYTES_A`].
pub const TMA_BOX_BYTES_B: i64 = <Cosize<SmemLayoutBStage> as Integer>::I64 * ELEM_BYTES_AB;

/// `MMA_Atom<SM90_64x256x32_F32E4M3E4M3_SS_TN>`: one warpgroup, `(_64,_256,_32)`.
pub type MmaAtom = MMA_Atom<SM90_64x256x32_F32E4M3E4M3_SS_TN>;
/// Two warpgroups along M (256 threads), tile `(_128,_256,_32)`.
pub type Mma = MakeTiledMma<MmaAtom, MakeLayoutLeft<cute!((_2,_1,_1))>>;

/// `(m,k)` of one stage of A.
pub type CoordMK = MakeLayoutLeft<cute!((_128,_128))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = MakeLayoutLeft<cute!((_256,_128))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_256))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: 128 f32.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;

/// `EpilogueTile = (_128,_32)`.
pub type EpilogueTile = cute!((_128,_32));
/// Epilogue stages of C and D.
pub type StagesCD = cute!(_2);
/// `GMMA::Layout_K_SW64_Atom<bfloat16_t>`.
pub type SmemAtomD = Layout_K_SW64_Atom<bfloat16_t>;
/// `sD_epi`.
pub type SD = AsPositionIndependent<TileToShape<SmemAtomD, cute!((_128,_32,_2))>>;
/// `sC_epi` (the same layout).
pub type SC = SD;
/// One stage of sD.
pub type SmemLayoutDStage = AsPositionIndependent<TileToShape<SmemAtomD, EpilogueTile>>;
/// The TMA box of D (and C): `(_128,_32)`.
pub type TmaBoxD = ProductEach<ShapeOf<InnerLayout<SmemLayoutDStage>>>;
/// `(m,n)` inside one epilogue sub-tile.
pub type CoordEpi = MakeLayoutLeft<EpilogueTile>;
/// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`.
pub type EpiTiles = ZippedDivide<CoordMN, EpilogueTile>;

/// `make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N, bfloat16_t>{}, mma)`.
pub type TiledCopyCAtom = MakeTiledCopyC_Atom<Copy_Atom<SM90_U32x4_STSM_N, bfloat16_t>, Mma>;
/// `tiled_r2s`.
pub type TiledR2S = MakeTiledCopyS<Copy_Atom<SM90_U32x4_STSM_N, bfloat16_t>, TiledCopyCAtom>;
/// `tiled_s2r`.
pub type TiledS2R = MakeTiledCopyS<Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>, TiledCopyCAtom>;
/// `tRS_rAcc = thread_r2s.retile_S(accumulators)`.
pub type TRSrAcc = RetileS<TiledR2S, Accumulators>;

/// Threads of the two consumer warpgroups.
pub const NUM_THREADS: usize = 256;

/// The configuration as an [`Sm90Config`].
pub struct Sm90_128x256E4m3;
impl Sm90Config for Sm90_128x256E4m3 {
    const NAME: &'static str = "sm90_128x256_e4m3";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_128);
    type Stages = Stages;
    type ElementAB = float_e4m3_t;
    type ElementCD = bfloat16_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_128,_128))>;
    type SmemLayoutBStage = TileToShape<SmemAtomA, cute!((_256,_128))>;
    type TmaSwizzleA = TmaSwizzle128B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = Mma;
    type EpiM = cute!(_128);
    type EpiN = cute!(_32);
    type StagesCD = StagesCD;
    type SmemLayoutDStage = TileToShape<SmemAtomD, EpilogueTile>;
    type SmemLayoutCStage = TileToShape<SmemAtomD, EpilogueTile>;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = typenum::B0;
}
// CTA tile vs the (128,256,32) TiledMMA tile, TMA modes vs smem swizzles, the atom takes e4m3 with
// f32 accumulators, 4 stages, 224 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_128x256E4m3: Sm90Checked);

/// `MMA_Atom<SM90_64x256x32_F32E5M2E5M2_SS_TN>`: the e5m2 form of [`MmaAtom`], the same layouts.
pub type MmaAtomE5m2 = MMA_Atom<SM90_64x256x32_F32E5M2E5M2_SS_TN>;
/// The TiledMMA of [`MmaAtomE5m2`], `(_2,_1,_1)` as [`Mma`].
pub type MmaE5m2 = MakeTiledMma<MmaAtomE5m2, MakeLayoutLeft<cute!((_2,_1,_1))>>;
/// `sm90_128x256_e4m3` with e5m2 A and B (`sm90_128x256_e5m2`): every part but the element and the
/// GMMA atom is the e4m3 configuration's (the 8-bit smem atoms are one layout for both types, as
/// `smem_ptr[8b]`), and so is every table; the header differs in the instruction
/// (`...m64n256k32.f32.e5m2.e5m2`) and `kElementAB` (6).
pub struct Sm90_128x256E5m2;
impl Sm90Config for Sm90_128x256E5m2 {
    const NAME: &'static str = "sm90_128x256_e5m2";
    type BM = <Sm90_128x256E4m3 as Sm90Config>::BM;
    type BN = <Sm90_128x256E4m3 as Sm90Config>::BN;
    type BK = <Sm90_128x256E4m3 as Sm90Config>::BK;
    type Stages = <Sm90_128x256E4m3 as Sm90Config>::Stages;
    type ElementAB = float_e5m2_t;
    type ElementCD = <Sm90_128x256E4m3 as Sm90Config>::ElementCD;
    type SmemLayoutAStage = <Sm90_128x256E4m3 as Sm90Config>::SmemLayoutAStage;
    type SmemLayoutBStage = <Sm90_128x256E4m3 as Sm90Config>::SmemLayoutBStage;
    type TmaSwizzleA = <Sm90_128x256E4m3 as Sm90Config>::TmaSwizzleA;
    type TmaSwizzleB = <Sm90_128x256E4m3 as Sm90Config>::TmaSwizzleB;
    type MmaC = MmaE5m2;
    type EpiM = <Sm90_128x256E4m3 as Sm90Config>::EpiM;
    type EpiN = <Sm90_128x256E4m3 as Sm90Config>::EpiN;
    type StagesCD = <Sm90_128x256E4m3 as Sm90Config>::StagesCD;
    type SmemLayoutDStage = <Sm90_128x256E4m3 as Sm90Config>::SmemLayoutDStage;
    type SmemLayoutCStage = <Sm90_128x256E4m3 as Sm90Config>::SmemLayoutCStage;
    type TmaSwizzleD = <Sm90_128x256E4m3 as Sm90Config>::TmaSwizzleD;
    type ReuseSmemC = <Sm90_128x256E4m3 as Sm90Config>::ReuseSmemC;
}
// the e5m2 atom has the e4m3 atom's layouts (so the tables are the same), and takes e5m2
static_assertions::assert_impl_all!(SM90_64x256x32_F32E5M2E5M2_SS_TN: tycute_atom::SameMmaLayouts<SM90_64x256x32_F32E4M3E4M3_SS_TN>);
static_assertions::assert_impl_all!(Sm90_128x256E5m2: Sm90Checked);
static_assertions::assert_type_eq_all!(Size<Mma>, TiledNumThr<TiledR2S>, TiledNumThr<TiledS2R>, cute!(_256));
static_assertions::assert_type_eq_all!(Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_128));
static_assertions::assert_type_eq_all!(Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16));
// TMA boxes: 128 fp8 = 128 bytes per inner row for SWIZZLE_128B
static_assertions::assert_type_eq_all!(TmaBoxA, cute!((_128,_128)));
static_assertions::assert_type_eq_all!(TmaBoxB, cute!((_256,_128)));
static_assertions::assert_type_eq_all!(TmaBoxD, cute!((_128,_32)));
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 32768);
static_assertions::const_assert!(<Size<LayoutAt<TRSrAcc, Z0>> as Integer>::I64 % crate::sm90::FRAGMENT_SIZE == 0);

/// `sm90_128x256_e4m3` with `ClusterShape = (_2,_1,_1)` (every other type the same): each CTA of a
/// cluster multicasts a `(128,128)` half of B's `(256,128)` tile into both. Faster at the large
/// shapes, but NVRTC 13.0 spills it: not in the registry (docs/perf.md).
pub mod c2 {
    pub use super::*;
    /// Clusters of two CTAs along M.
    pub type ClusterShape = cute!((_2,_1,_1));
    /// The variant's handle (its tables: `Sm90Types`).
    pub struct Sm90_128x256E4m3C2;
}

#[cfg(feature = "kernel")]
mod types {
    use super::c2::Sm90_128x256E4m3C2;
    use super::Sm90_128x256E4m3;
    use tycute_kernel::emit::sm90::{Sm90Types, Texts};
    use tycute_layout::{show, table, LayoutAt, Reify, Size};
    use tycute_tiled::copy::{TidfrgD, TidfrgS};
    use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC, TileShape};
    use typenum::Integer;

    // (tycute-sm90's `sm90_types!` with the 8-bit operand stages: K-major only, the MN slots
    // repeat the K-major stages and the emitter skips them, `Tables::k_major_only`)
    macro_rules! fp8_types {
        ($ty:ty, $cluster:ty, $about:expr) => {
            impl Sm90Types for $ty {
                type Cfg = Sm90_128x256E4m3;
                const ABOUT: &'static str = $about;
                const THREADS: usize = super::NUM_THREADS;
                fn texts() -> Texts {
                    use super as c;
                    Texts {
                        cta_tiler: <c::CtaTiler as Reify>::REPR,
                        stages: <c::Stages as Reify>::REPR,
                        smem_atom_a: <c::SmemAtomA as Reify>::REPR,
                        smem_atom_d: <c::SmemAtomD as Reify>::REPR,
                        box_b: <c::TmaBoxB as Reify>::REPR,
                        box_d: <c::TmaBoxD as Reify>::REPR,
                        sa: <c::SmemLayoutAStage as Reify>::REPR,
                        sb: <c::SmemLayoutBStage as Reify>::REPR,
                        sd: <c::SmemLayoutDStage as Reify>::REPR,
                        mma_tile: <TileShape<c::Mma> as Reify>::REPR,
                        vmnk: <ThrLayoutVMNK<c::Mma> as Reify>::REPR,
                        cluster: <$cluster as Reify>::REPR,
                        epi_tile: <c::EpilogueTile as Reify>::REPR,
                        stages_cd: <c::StagesCD as Reify>::REPR,
                        sc: <c::SmemLayoutDStage as Reify>::REPR,
                    }
                }
                fn sd() -> Vec<i64> {
                    table::<super::SmemLayoutDStage>()
                }
                fn mma() -> [Vec<i64>; 7] {
                    use super as c;
                    [
                        table::<ThrLayoutVMNK<c::Mma>>(),
                        table::<ThrfrgA<c::Mma, c::CoordMK>>(),
                        table::<GetLayoutA_TV<c::Mma>>(),
                        table::<ThrfrgB<c::Mma, c::CoordNK>>(),
                        table::<GetLayoutB_TV<c::Mma>>(),
                        table::<ThrfrgC<c::Mma, c::CoordMN>>(),
                        table::<c::Accumulators>(),
                    ]
                }
                fn wgmma() -> (&'static str, usize, bool) {
                    type Atom = super::MmaAtom;
                    (<Atom as tycute_atom::GmmaPtx>::PTX, <Atom as tycute_atom::GmmaPtx>::D_REGS, <Atom as tycute_atom::GmmaPtx>::D_F32)
                }
                fn acc_per_mma() -> i64 {
                    <Size<LayoutAt<super::Accumulators, tycute_layout::typenum::Z0>> as Integer>::I64
                }
                fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
                    use super as c;
                    let a = (show::<c::SmemLayoutAStage>(), table::<c::SmemLayoutAStage>(), table::<crate::sm90::InnerLayout<c::SmemLayoutAStage>>());
                    let b = (show::<c::SmemLayoutBStage>(), table::<c::SmemLayoutBStage>(), table::<crate::sm90::InnerLayout<c::SmemLayoutBStage>>());
                    [a.clone(), a, b.clone(), b]
                }
                fn epilogue() -> [Vec<i64>; 5] {
                    use super as c;
                    [
                        table::<c::EpiTiles>(),
                        table::<TidfrgD<c::TiledR2S, c::SD>>(),
                        table::<TidfrgS<c::TiledR2S, c::CoordEpi>>(),
                        table::<TidfrgS<c::TiledS2R, c::SC>>(),
                        table::<TidfrgD<c::TiledS2R, c::CoordEpi>>(),
                    ]
                }
            }
        };
    }
    fp8_types!(
        Sm90_128x256E4m3,
        super::ClusterShape,
        "sm90_128x256_e4m3: float_e4m3_t A (M,K) and B (N,K) K-major only, TMA into 128B-swizzled smem, two 64x256x32 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators, wgmma's own accumulation over K), 128x256x128 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of bfloat16_t D (N-major) in 128x32 sub-tiles"
    );
    fp8_types!(Sm90_128x256E4m3C2, super::c2::ClusterShape, "sm90_128x256_e4m3 with clusters of two CTAs along M (B multicast)");

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
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
