//! The sm90 configuration for at most 64 rows: [`crate::sm90_128x64`] with a `64x64x64` CTA tile
//! (one GMMA row) and 12 stages of 16 KiB. A 128-row tile over a problem of 64 rows or fewer
//! loads half a box of rows past M, which the TMA fills with zeros; measured on the H100 the
//! 128x64 tiles ran slower the more of their rows lay past M (N = K = 4096: 21 us at M = 96-128,
//! 25.5 us at M = 80, 29 us at M = 64), so a box of M's 64 rows.
//!
//! ```text
//! cta_tiler = (_64,_64,_64);  bP = _12                                   // 12 x 16 KiB of A+B stages
//! sA, sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (64,bK,bP))  // (_64,_64) per stage, 8 KiB each
//! mma = make_tiled_mma(SM90_64x64x16_F32F16F16_SS<K,K>{})                // one warpgroup, tile (64,64,16)
//! epilogue (D = half_t, N-major): sm90's, EpilogueTile = (_64,_32): 1x2 sub-tiles a tile
//! ```
//!
//! Shared memory: 12 x 16 KiB of stages and 2 consumers x 2 x 2 x 4 KiB of sD / sC = 224 KiB.

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

/// `(bM, bN, bK) = (_64,_64,_64)`.
pub type CtaTiler = cute!((_64,_64,_64));
/// Mainloop stages `bP = _12`: 12 x (8 KiB of A + 8 KiB of B).
pub type Stages = cute!(_12);

/// `GMMA::Layout_K_SW128_Atom<half_t>` (A and B).
pub type SmemAtomA = Layout_K_SW128_Atom<half_t>;
/// One stage of sA in element units, `sA(_,_,0)`, `(bM,bK)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_64,_64))>>;
/// One stage of sB in element units, `(bN,bK)`.
pub type SmemLayoutBStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_64,_64))>>;
/// The TMA box of A: `product_each(shape(sA(_,_,0)))` = `(_64,_64)`.
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
pub type CoordMK = MakeLayoutLeft<cute!((_64,_64))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = MakeLayoutLeft<cute!((_64,_64))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_64,_64))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: `((_2,_2,_8),_1,_1)`, 32 f32.
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
pub struct Sm90_64x64;
impl Sm90Config for Sm90_64x64 {
    const NAME: &'static str = "sm90_64x64";
    type BM = cute!(_64);
    type BN = cute!(_64);
    type BK = cute!(_64);
    type Stages = Stages;
    type ElementAB = half_t;
    type ElementCD = half_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_64,_64))>;
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
// CTA tile vs the (64,64,16) TiledMMA tile, TMA modes vs smem swizzles, 12 stages, 224 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_64x64: Sm90Checked);
// 128 threads in the MMA and in both epilogue copies; the C-atom copy covers 64 rows x 16 columns
static_assertions::assert_type_eq_all!(Size<Mma>, TiledNumThr<TiledR2S>, TiledNumThr<TiledS2R>, cute!(_128));
static_assertions::assert_type_eq_all!(Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_64));
static_assertions::assert_type_eq_all!(Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16));
// TMA boxes: at most 256 elements per dimension, 128-byte inner rows for SWIZZLE_128B
static_assertions::assert_type_eq_all!(TmaBoxA, cute!((_64,_64)));
static_assertions::assert_type_eq_all!(TmaBoxB, cute!((_64,_64)));
static_assertions::assert_type_eq_all!(TmaBoxD, cute!((_64,_32)));
static_assertions::const_assert!(TMA_BOX_BYTES_A == 8192 && TMA_BOX_BYTES_B == 8192);
// CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0)
static_assertions::const_assert!(<Size<LayoutAt<TRSrAcc, Z0>> as Integer>::I64 % crate::sm90::FRAGMENT_SIZE == 0);

/// The registry's entry: the header and the build of `kernels/sm90_gemm.cu` (no dump).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <Sm90_64x64 as Sm90Config>::NAME,
    tycute_kernel::emit::sm90::header_with_values::<Sm90_64x64>,
    tycute_kernel::registry::Variant::SM90_GEMM,
)];
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
