//! [`crate::sm90_128x256`]'s cooperative recipe on a `128x192x64` CTA tile: two consumer
//! warpgroups, each issuing `wgmma.m64n192k16` on its 64 rows (a TiledMMA of the `64x192x16` atom
//! with a `(_2,_1,_1)` warpgroup layout), and the same cooperative epilogue (128-row sub-tiles).
//!
//! The tile is for the wave: where `tiles / SMs` of the 128x256 tiles ends in a last wave that
//! leaves many SMs idle, tiles three quarters as wide make a third more CTAs, which can fill it
//! (3072x3072: 288 tiles of 128x256 on 132 SMs are 2.2 waves, three rounds; 384 of 128x192 are
//! 2.9). cuBLAS runs such tiles (its `128x192` kernels) at the shapes where the 128x256 tiles
//! trailed it. Which shapes take it is the launch API's choice (`tycute_gemm::sm90::pick`).
//!
//! ```text
//! cta_tiler = (_128,_192,_64);  bP = _4                                  // 4 x 40 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bM,bK,bP))    // (_128,_64) per stage, 16 KiB
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bN,bK,bP))    // (_192,_64) per stage, 24 KiB
//! G2S: SM90_TMA_LOAD of one (128,64) box of A and one (192,64) box of B per stage
//! mma = make_tiled_mma(SM90_64x192x16_F32F16F16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})  // 256 threads, tile (128,192,16)
//! epilogue (D = half_t, N-major): sm90_128x256's, EpilogueTile = (_128,_32), six sub-tiles a tile
//! ```
//!
//! Shared memory: 4 x (16 + 24) KiB of stages and 2 x 2 x 8 KiB of sD / sC = 192 KiB (the
//! `Sm90Checked` rule: at most 227 KiB; a fifth stage would need 232 KiB). Each thread holds 96
//! f32 accumulators (128 in `sm90_128x256`).

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM90_64x192x16_F32F16F16_SS, SM90_U32x4_STSM_N, K};
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

/// `(bM, bN, bK) = (_128,_192,_64)`.
pub type CtaTiler = cute!((_128,_192,_64));
/// Mainloop stages `bP = _4`: 4 x (16 KiB of A + 24 KiB of B).
pub type Stages = cute!(_4);

/// `GMMA::Layout_K_SW128_Atom<half_t>` (A and B).
pub type SmemAtomA = Layout_K_SW128_Atom<half_t>;
/// One stage of sA in element units, `sA(_,_,0)`, `(bM,bK)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_128,_64))>>;
/// One stage of sB in element units, `(bN,bK)`.
pub type SmemLayoutBStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_192,_64))>>;
/// The TMA box of A: `product_each(shape(sA(_,_,0)))` = `(_128,_64)`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// The TMA box of B: `(_192,_64)`.
pub type TmaBoxB = ProductEach<ShapeOf<InnerLayout<SmemLayoutBStage>>>;
/// `ClusterShape = (_1,_1,_1)`.
pub use crate::sm90::ClusterShape;
/// Bytes per element.
const ELEM_BYTES: i64 = <Bits<half_t> as Integer>::I64 / 8;
/// Bytes of one box of A and of B (the mbarrier's transaction count per stage is their sum).
pub const TMA_BOX_BYTES_A: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES;
/// See [`TMA_BOX_BYTES_A`].
pub const TMA_BOX_BYTES_B: i64 = <Cosize<SmemLayoutBStage> as Integer>::I64 * ELEM_BYTES;

/// `MMA_Atom<SM90_64x192x16_F32F16F16_SS<K,K>>`: one warpgroup, `(_64,_192,_16)`.
pub type MmaAtom = MMA_Atom<SM90_64x192x16_F32F16F16_SS<K, K>>;
/// `make_tiled_mma(SM90_64x192x16_F32F16F16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})`: two
/// warpgroups along M (256 threads), tile `(_128,_192,_16)`.
pub type Mma = MakeTiledMma<MmaAtom, MakeLayoutLeft<cute!((_2,_1,_1))>>;

/// `(m,k)` of one stage of A (`m + bM*k`).
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = MakeLayoutLeft<cute!((_192,_64))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_192))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: `((_2,_2,_48),_1,_1)`, 96 f32.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;

// The epilogue's sub-tile, its stages and shared-memory layouts are sm90_128x256's, the same
// types (a 128x32 sub-tile of 16-bit D through `Layout_K_SW64_Atom`): only the copies built on the
// TiledMMA below differ.
pub use crate::sm90_128x256::{CoordEpi, EpilogueTile, SmemAtomD, SmemLayoutDStage, StagesCD, TmaBoxD, SC, SD};
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
pub struct Sm90_128x192;
impl Sm90Config for Sm90_128x192 {
    const NAME: &'static str = "sm90_128x192";
    type BM = cute!(_128);
    type BN = cute!(_192);
    type BK = cute!(_64);
    type Stages = Stages;
    type ElementAB = half_t;
    type ElementCD = half_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_128,_64))>;
    type SmemLayoutBStage = TileToShape<SmemAtomA, cute!((_192,_64))>;
    type TmaSwizzleA = TmaSwizzle128B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = Mma;
    type EpiM = cute!(_128);
    type EpiN = cute!(_32);
    type StagesCD = StagesCD;
    type SmemLayoutDStage = <crate::sm90_128x256::Sm90_128x256 as Sm90Config>::SmemLayoutDStage;
    type SmemLayoutCStage = <crate::sm90_128x256::Sm90_128x256 as Sm90Config>::SmemLayoutCStage;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = typenum::B0;
}
// CTA tile vs the (128,192,16) TiledMMA tile, TMA modes vs smem swizzles, 4 stages, 192 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_128x192: Sm90Checked);
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
    [TmaBoxB, cute!((_192,_64))],
    [TmaBoxD, cute!((_128,_32))],
    // CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0)
    [typenum::Mod<Size<LayoutAt<TRSrAcc, Z0>>, crate::sm90::FragmentSize>, Z0],
}
static_assertions::const_assert!(TMA_BOX_BYTES_A == 16384 && TMA_BOX_BYTES_B == 24576);

/// The registry's entry: the header and the build of `kernels/sm90_gemm.cu` (no dump).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <Sm90_128x192 as Sm90Config>::NAME,
    tycute_kernel::emit::sm90::header_with_values::<Sm90_128x192>,
    tycute_kernel::registry::Variant::SM90_GEMM,
)];
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
