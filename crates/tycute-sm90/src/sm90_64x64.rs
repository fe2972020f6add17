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

use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::numeric::Bits;
use tycute_layout::typenum::Z0;
use tycute_layout::{half_t, AsPositionIndependent, Cosize, LayoutAt, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::RetileS;
use tycute_tiled::mma::PartitionFragmentC;
use typenum::Integer;

use crate::sm90::InnerLayout;
// (`Sm90Config` names the registry entries, with `kernel`, and the docs' links)
#[cfg_attr(not(feature = "kernel"), allow(unused_imports))]
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config};

// B's stage and box, the TiledMMA and its epilogue copies, and the epilogue's types are
// `sm90_128x64`'s (the same atom, N and sub-tiles): only the rows of A and of the tile differ.
pub use crate::sm90_128x64::{
    ClusterShape, CoordEpi, CoordNK, EpilogueTile, Mma, MmaAtom, SmemAtomA, SmemAtomD, SmemLayoutBStage, SmemLayoutDStage, StagesCD,
    TiledCopyCAtom, TiledR2S, TiledS2R, TmaBoxB, TmaBoxD, NUM_THREADS, SC, SD, TMA_BOX_BYTES_B,
};

/// `(bM, bN, bK) = (_64,_64,_64)`.
pub type CtaTiler = cute!((_64,_64,_64));
/// Mainloop stages `bP = _12`: 12 x (8 KiB of A + 8 KiB of B).
pub type Stages = cute!(_12);
/// One stage of sA in element units, `sA(_,_,0)`, `(bM,bK)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_64,_64))>>;
/// The TMA box of A: `product_each(shape(sA(_,_,0)))` = `(_64,_64)`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// Bytes per element.
const ELEM_BYTES: i64 = <Bits<half_t> as Integer>::I64 / 8;
/// Bytes of one box of A (the mbarrier's transaction count per stage is A's and B's).
pub const TMA_BOX_BYTES_A: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES;
/// `(m,k)` of one stage of A (`m + bM*k`).
pub type CoordMK = MakeLayoutLeft<cute!((_64,_64))>;
/// `(m,n)` of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_64,_64))>;
/// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0: `((_2,_2,_8),_1,_1)`, 32 f32.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;
/// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`: the CTA coordinate of each sub-tile's elements.
pub type EpiTiles = ZippedDivide<CoordMN, EpilogueTile>;
/// `tRS_rAcc = thread_r2s.retile_S(accumulators)`.
pub type TRSrAcc = RetileS<TiledR2S, Accumulators>;

tycute_kernel::sm90_derive! {
    /// The configuration as an [`Sm90Config`]: `sm90_128x64`'s with 64 rows and 12 stages.
    pub struct Sm90_64x64 = crate::sm90_128x64::Sm90_128x64 {
        NAME = "sm90_64x64",
        BM = cute!(_64),
        Stages = Stages,
        SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_64,_64))>,
    }
}
// CTA tile vs the (64,64,16) TiledMMA tile, TMA modes vs smem swizzles, 12 stages, 224 KiB <= 227 KiB
static_assertions::assert_impl_all!(Sm90_64x64: Sm90Checked);
// TMA: A's box of the tile's 64 rows (B's and D's are sm90_128x64's)
// and CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0), in one body
tycute_kernel::assert_same_all! {
    facts Facts;
    [TmaBoxA, cute!((_64,_64))],
    [typenum::Mod<Size<LayoutAt<TRSrAcc, Z0>>, crate::sm90::FragmentSize>, Z0],
}
static_assertions::const_assert!(TMA_BOX_BYTES_A == 8192 && TMA_BOX_BYTES_B == 8192);

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
