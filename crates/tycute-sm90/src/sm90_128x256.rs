//! The sm90 configuration of CUTLASS's cooperative kernel: a `128x256x64` CTA tile computed by two
//! consumer warpgroups together, each issuing `wgmma.m64n256k16` on its 64 rows (a TiledMMA of the
//! `64x256x16` atom with a `(_2,_1,_1)` warpgroup layout), and the cooperative epilogue (128-row
//! sub-tiles, all 256 consumer threads). The same TMA + GMMA + STSM recipe as [`crate::sm90`];
//! everything below is a type.
//!
//! ```text
//! cta_tiler = (_128,_256,_64);  bP = _4                                  // 4 x 48 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bM,bK,bP))    // (_128,_64) per stage, 16 KiB
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bN,bK,bP))    // (_256,_64) per stage, 32 KiB
//! G2S: SM90_TMA_LOAD of one (128,64) box of A and one (256,64) box of B per stage
//! mma = make_tiled_mma(SM90_64x256x16_F32F16F16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})  // 256 threads, tile (128,256,16)
//! epilogue (D = half_t, N-major):
//!   EpilogueTile = (_128,_32)    // CUTLASS's cooperative choice: EPI_M = min(128, CTA_M), EPI_N = 32 for 16-bit D
//!   sD = tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, (128,32,StagesD))
//!   tiled_copy_C_atom = make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N,half_t>{}, mma)
//!   tiled_r2s = make_tiled_copy_S(Copy_Atom<SM90_U32x4_STSM_N,half_t>{}, tiled_copy_C_atom)
//!   tiled_s2r = make_tiled_copy_S(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, tiled_copy_C_atom)
//! ```
//!
//! Shared memory: 4 x (16 + 32) KiB of stages and 2 x 2 x 8 KiB of sD / sC = 224 KiB (the
//! `Sm90Checked` rule: at most 227 KiB); CUTLASS's stage count for this tile and epilogue is 4 as
//! well. Per k16 each warpgroup reads 2 KiB of A and 8 KiB of B for 64x256x16 MACs, against
//! 2 + 4 KiB for 64x128x16 in [`crate::sm90`]: a quarter less shared-memory traffic per MAC,
//! and the two warpgroups' mainloops run at the same time instead of in turns.

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM90_64x256x16_F32F16F16_SS, SM90_U32x4_STSM_N, K};
use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::numeric::Bits;
use tycute_layout::tuple::At;
use tycute_layout::typenum::Z0;
use tycute_layout::{half_t, AsPositionIndependent, Cosize, Layout_K_SW128_Atom, Layout_K_SW64_Atom, LayoutAt, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopyC_Atom, MakeTiledCopyS, RetileS, TiledNumThr, Tiler_MN};
use tycute_tiled::mma::{MakeTiledMma, PartitionFragmentC};
use typenum::Integer;

use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
use crate::sm90::InnerLayout;

/// `(bM, bN, bK) = (_128,_256,_64)`.
pub type CtaTiler = cute!((_128,_256,_64));
/// Mainloop stages `bP = _4`: 4 x (16 KiB of A + 32 KiB of B).
pub type Stages = cute!(_4);

/// `GMMA::Layout_K_SW128_Atom<half_t>` (A and B).
pub type SmemAtomA = Layout_K_SW128_Atom<half_t>;
/// One stage of sA in element units, `sA(_,_,0)`, `(bM,bK)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_128,_64))>>;
/// One stage of sB in element units, `(bN,bK)`.
pub type SmemLayoutBStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_256,_64))>>;
/// The TMA box of A: `product_each(shape(sA(_,_,0)))` = `(_128,_64)`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// The TMA box of B: `(_256,_64)` (256 is the largest box extent the TMA takes).
pub type TmaBoxB = ProductEach<ShapeOf<InnerLayout<SmemLayoutBStage>>>;
/// `ClusterShape = (_1,_1,_1)`. The kernel and header also take `(_2,_1,_1)`: clusters of two CTAs
/// along M that share their B tile, each loading half of it (`SM90_TMA_LOAD_MULTICAST`, the box
/// split along N by the cluster's M size) into both CTAs' shared memory; measured on the H100 it
/// was no faster (docs/perf-history.md), so the configuration keeps single CTAs (the host-side proof
/// checks the multicast tables of the `(_2,_1,_1)` variant in `emit::sm90`'s tests).
pub type ClusterShape = cute!((_1,_1,_1));
/// Bytes per element.
const ELEM_BYTES: i64 = <Bits<half_t> as Integer>::I64 / 8;
/// Bytes of one box of A and of B (the mbarrier's transaction count per stage is their sum).
pub const TMA_BOX_BYTES_A: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES;
/// See [`TMA_BOX_BYTES_A`].
pub const TMA_BOX_BYTES_B: i64 = <Cosize<SmemLayoutBStage> as Integer>::I64 * ELEM_BYTES;

/// `MMA_Atom<SM90_64x256x16_F32F16F16_SS<K,K>>`: one warpgroup, `(_64,_256,_16)`.
pub type MmaAtom = MMA_Atom<SM90_64x256x16_F32F16F16_SS<K, K>>;
/// `make_tiled_mma(SM90_64x256x16_F32F16F16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})`: two
/// warpgroups along M (256 threads), tile `(_128,_256,_16)`.
pub type Mma = MakeTiledMma<MmaAtom, MakeLayoutLeft<cute!((_2,_1,_1))>>;

/// `(m,k)` of one stage of A (`m + bM*k`).
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = MakeLayoutLeft<cute!((_256,_64))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_256))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: `((_2,_2,_64),_1,_1)`, 128 f32.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;

/// `EpilogueTile = (_128,_32)`.
pub type EpilogueTile = cute!((_128,_32));
/// Epilogue stages of C (loads) and D (stores).
pub type StagesCD = cute!(_2);
/// `GMMA::Layout_K_SW64_Atom<half_t>`.
pub type SmemAtomD = Layout_K_SW64_Atom<half_t>;
/// `sD_epi = as_position_independent_swizzle_tensor(tile_to_shape(SmemAtomD, (EPI_M,EPI_N,StagesD)))`.
pub type SD = AsPositionIndependent<TileToShape<SmemAtomD, cute!((_128,_32,_2))>>;
/// `sC_epi` (the same layout).
pub type SC = SD;
/// One stage of sD, `sD_epi(_,_,0)`.
pub type SmemLayoutDStage = AsPositionIndependent<TileToShape<SmemAtomD, EpilogueTile>>;
/// The TMA box of D (and C): `product_each(shape(sD(_,_,0)))` = `(_128,_32)`.
pub type TmaBoxD = ProductEach<ShapeOf<InnerLayout<SmemLayoutDStage>>>;
/// `(m,n)` inside one epilogue sub-tile.
pub type CoordEpi = MakeLayoutLeft<EpilogueTile>;
/// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`: the CTA coordinate of each sub-tile's elements.
pub type EpiTiles = ZippedDivide<CoordMN, EpilogueTile>;

/// `make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, mma)`.
pub type TiledCopyCAtom = MakeTiledCopyC_Atom<Copy_Atom<SM90_U32x4_STSM_N, half_t>, Mma>;
/// `tiled_r2s = make_tiled_copy_S(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, tiled_copy_C_atom)`.
pub type TiledR2S = MakeTiledCopyS<Copy_Atom<SM90_U32x4_STSM_N, half_t>, TiledCopyCAtom>;
/// `tiled_s2r = make_tiled_copy_S(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tiled_copy_C_atom)`.
pub type TiledS2R = MakeTiledCopyS<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, TiledCopyCAtom>;
/// `tRS_rAcc = thread_r2s.retile_S(accumulators)`.
pub type TRSrAcc = RetileS<TiledR2S, Accumulators>;

/// Threads of the two consumer warpgroups (MMA, R2S, S2R): 256.
pub const NUM_THREADS: usize = 256;

/// The configuration as an [`Sm90Config`].
pub struct Sm90_128x256;
impl Sm90Config for Sm90_128x256 {
    const NAME: &'static str = "sm90_128x256";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = Stages;
    type ElementAB = half_t;
    type ElementCD = half_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_128,_64))>;
    type SmemLayoutBStage = TileToShape<SmemAtomA, cute!((_256,_64))>;
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
// CTA tile vs the (128,256,16) TiledMMA tile, TMA modes vs smem swizzles, 4 stages, 224 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_128x256: Sm90Checked);
// 256 threads in the MMA and in both epilogue copies; the C-atom copy covers 128 rows (both
// warpgroups) x 16 columns, so the (128,32) epilogue tile is two of it along N
// in one body (`tycute_kernel::assert_same_all!`: the epilogue copies derived once for all):
tycute_kernel::assert_same_all! {
    facts Facts;
    [Size<Mma>, TiledNumThr<TiledR2S>, TiledNumThr<TiledS2R>, cute!(_256)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_128)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16)],
    // TMA boxes: at most 256 elements per dimension, 128-byte inner rows for SWIZZLE_128B
    [TmaBoxA, cute!((_128,_64))],
    [TmaBoxB, cute!((_256,_64))],
    [TmaBoxD, cute!((_128,_32))],
    // CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0)
    [typenum::Mod<Size<LayoutAt<TRSrAcc, Z0>>, crate::sm90::FragmentSize>, Z0],
}
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 32768);

/// `sm90_128x256` with `ClusterShape = (_2,_1,_1)` (every other type the same): the kernel's
/// multicast path, each CTA of a cluster loading a `(128,64)` half of B's `(256,64)` box into both.
/// The launch API runs it where B's rows start half a sector off (docs/perf.md, "Half-sector rows
/// of B: multicast"): the TMA reads them at about half speed, and a cluster reads each once for
/// two CTAs. A K-major B only (`tn`, `nn`); data-parallel tiles (no stream-K in clusters).
pub mod c2 {
    pub use super::*;
    /// Clusters of two CTAs along M.
    pub type ClusterShape = cute!((_2,_1,_1));
    tycute_kernel::sm90_derive! {
        /// The variant as a configuration of its own (`sm90_128x256_c2`: its header names the
        /// cluster); every type is `sm90_128x256`'s.
        pub struct Sm90_128x256C2 = super::Sm90_128x256 { NAME = "sm90_128x256_c2" }
    }
    static_assertions::assert_impl_all!(Sm90_128x256C2: Sm90Checked);
}

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu` (no dump).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x256 as Sm90Config>::NAME, header_with_values::<Sm90_128x256>, Variant::SM90_GEMM),
        Entry::kernel(<c2::Sm90_128x256C2 as Sm90Config>::NAME, header_with_values::<c2::Sm90_128x256C2>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
