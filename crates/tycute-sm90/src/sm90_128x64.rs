//! The sm90 configuration for few tiles: [`crate::sm90`]'s ping-pong recipe on a `128x64x64` CTA
//! tile (one consumer warpgroup of `wgmma.m64n64k16`, two GMMA rows), with 8 stages. Where a
//! problem has fewer 128x128 tiles than SMs (M up to a few hundred against N of thousands), the
//! tiles run in one wave and each CTA streams its strip of B at the rate its stages in flight
//! allow; a tile half as wide runs twice the CTAs, and each stage is a third smaller (16 KiB of A,
//! 8 KiB of B), so twice the stages fit, with more bytes in flight per SM.
//!
//! ```text
//! cta_tiler = (_128,_64,_64);  bP = _8                                   // 8 x 24 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bM,bK,bP))    // (_128,_64) per stage, 16 KiB
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bN,bK,bP))    // (_64,_64) per stage, 8 KiB
//! G2S: SM90_TMA_LOAD of one (128,64) box of A and one (64,64) box of B per stage
//! mma = make_tiled_mma(SM90_64x64x16_F32F16F16_SS<K,K>{})                // one warpgroup, tile (64,64,16)
//! epilogue (D = half_t, N-major): sm90's, EpilogueTile = (_64,_32): 2x2 sub-tiles a tile
//! ```
//!
//! Shared memory: 8 x 24 KiB of stages and 2 consumers x 2 x 2 x 4 KiB of sD / sC = 224 KiB (the
//! `Sm90Checked` rule: at most 227 KiB).

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM90_64x64x16_F32F16F16_SS, SM90_U32x4_STSM_N, K};
use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::numeric::Bits;
use tycute_layout::tuple::At;
use tycute_layout::typenum::Z0;
use tycute_layout::{half_t, AsPositionIndependent, Cosize, Layout_K_SW128_Atom, LayoutAt, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopyC_Atom, MakeTiledCopyS, RetileS, TiledNumThr, Tiler_MN};
use tycute_tiled::mma::{MakeTiledMma, PartitionFragmentC};
use typenum::Integer;

use crate::sm90::InnerLayout;
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};

/// `(bM, bN, bK) = (_128,_64,_64)`.
pub type CtaTiler = cute!((_128,_64,_64));
/// Mainloop stages `bP = _8`: 8 x (16 KiB of A + 8 KiB of B).
pub type Stages = cute!(_8);

/// `GMMA::Layout_K_SW128_Atom<half_t>` (A and B).
pub type SmemAtomA = Layout_K_SW128_Atom<half_t>;
/// One stage of sA in element units, `sA(_,_,0)`, `(bM,bK)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_128,_64))>>;
/// One stage of sB in element units, `(bN,bK)`.
pub type SmemLayoutBStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_64,_64))>>;
/// The TMA box of A: `product_each(shape(sA(_,_,0)))` = `(_128,_64)`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// The TMA box of B: `(_64,_64)`.
pub type TmaBoxB = ProductEach<ShapeOf<InnerLayout<SmemLayoutBStage>>>;
pub use crate::sm90::ClusterShape;
/// Bytes per element.
const ELEM_BYTES: i64 = <Bits<half_t> as Integer>::I64 / 8;
/// Bytes of one box of A and of B (the mbarrier's transaction count per stage is their sum).
pub const TMA_BOX_BYTES_A: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES;
/// See [`TMA_BOX_BYTES_A`].
pub const TMA_BOX_BYTES_B: i64 = <Cosize<SmemLayoutBStage> as Integer>::I64 * ELEM_BYTES;

/// `MMA_Atom<SM90_64x64x16_F32F16F16_SS<K,K>>`: a warpgroup, `(_64,_64,_16)`.
pub type MmaAtom = MMA_Atom<SM90_64x64x16_F32F16F16_SS<K, K>>;
/// `make_tiled_mma(SM90_64x64x16_F32F16F16_SS<K,K>{})`: one warpgroup, tile `(_64,_64,_16)`.
pub type Mma = MakeTiledMma<MmaAtom>;

/// `(m,k)` of one stage of A (`m + bM*k`).
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = MakeLayoutLeft<cute!((_64,_64))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_64))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: `((_2,_2,_8),_2,_1)`, 64 f32.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;

// The epilogue's sub-tile, its stages and shared-memory layouts are `sm90`'s, the same types
// (a 64x32 sub-tile of 16-bit D through `Layout_K_SW64_Atom`): only the TiledMMA's copies below
// differ.
pub use crate::sm90::{CoordEpi, EpilogueTile, SmemAtomD, SmemLayoutDStage, StagesCD, TmaBoxD, SC, SD};
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

/// Threads of the consumer warpgroup (MMA, R2S, S2R): 128.
pub const NUM_THREADS: usize = 128;

/// The configuration as an [`Sm90Config`].
pub struct Sm90_128x64;
impl Sm90Config for Sm90_128x64 {
    const NAME: &'static str = "sm90_128x64";
    type BM = cute!(_128);
    type BN = cute!(_64);
    type BK = cute!(_64);
    type Stages = Stages;
    type ElementAB = half_t;
    type ElementCD = half_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_128,_64))>;
    type SmemLayoutBStage = TileToShape<SmemAtomA, cute!((_64,_64))>;
    type TmaSwizzleA = TmaSwizzle128B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = Mma;
    type EpiM = cute!(_64);
    type EpiN = cute!(_32);
    type StagesCD = StagesCD;
    type SmemLayoutDStage = <crate::sm90::Sm90 as Sm90Config>::SmemLayoutDStage;
    type SmemLayoutCStage = <crate::sm90::Sm90 as Sm90Config>::SmemLayoutCStage;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = typenum::B0;
}
// CTA tile vs the (64,64,16) TiledMMA tile, TMA modes vs smem swizzles, 8 stages, 224 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_128x64: Sm90Checked);
// 128 threads in the MMA and in both epilogue copies; the C-atom copy covers 64 rows x 16 columns
// in one body (`tycute_kernel::assert_same_all!`: the epilogue copies derived once for all):
tycute_kernel::assert_same_all! {
    facts Facts;
    [Size<Mma>, TiledNumThr<TiledR2S>, TiledNumThr<TiledS2R>, cute!(_128)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_64)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16)],
    // TMA boxes: at most 256 elements per dimension, 128-byte inner rows for SWIZZLE_128B
    [TmaBoxA, cute!((_128,_64))],
    [TmaBoxB, cute!((_64,_64))],
    [TmaBoxD, cute!((_64,_32))],
    // CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0)
    [typenum::Mod<Size<LayoutAt<TRSrAcc, Z0>>, crate::sm90::FragmentSize>, Z0],
}
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 8192);

/// The registry's entry: the header and the build of `kernels/sm90_gemm.cu` (no dump).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <Sm90_128x64 as Sm90Config>::NAME,
    tycute_kernel::emit::sm90::header_with_values::<Sm90_128x64>,
    tycute_kernel::registry::Variant::SM90_GEMM,
)];
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
