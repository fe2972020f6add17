//! The kernel's design as types: a bf16 tile `D(64,128) = A(64,32) * B(128,32)^T`, fp32
//! accumulators, 4 warps. Shared by the library and its build script (which writes the header).

use tycute::atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F32BF16BF16F32_TN, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
use tycute::tiled::copy::{MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC};
use tycute::tiled::mma::MakeTiledMma;
use tycute::{bfloat16_t, cute, float, uint128_t, uint32_t, Composition, MakeLayoutLeft, TileToShape};

/// `bM`, `bN`, `bK`.
pub const BM: usize = 64;
/// See [`BM`].
pub const BN: usize = 128;
/// See [`BM`].
pub const BK: usize = 32;

/// A tile of A in global memory: K-major, `lda = bK` (`(_64,_32):(_32,_1)`).
pub type GmemA = cute!((_64,_32):(_32,_1));
/// A tile of B: K-major, `ldb = bK`.
pub type GmemB = cute!((_128,_32):(_32,_1));
/// D: M-major, `ldd = bM`.
pub type GmemD = MakeLayoutLeft<cute!((_64,_128))>;
/// Coordinates `m + bM*k` of A's tile (what the MMA's fragments are read against).
pub type CoordA = MakeLayoutLeft<cute!((_64,_32))>;
/// Coordinates `n + bN*k` of B's tile.
pub type CoordB = MakeLayoutLeft<cute!((_128,_32))>;
/// Coordinates `m + bM*n` of C's tile.
pub type CoordC = MakeLayoutLeft<cute!((_64,_128))>;

/// Rows of 32 bf16 (64 bytes), swizzled so that ldmatrix's 8 rows hit 8 different 16-byte
/// bank groups.
pub type SwizzleAtom = Composition<cute!(Sw<2,3,3>), cute!((_8,_32):(_32,_1))>;
/// `sA`: `(bM,bK)`.
pub type SmemA = TileToShape<SwizzleAtom, cute!((_64,_32))>;
/// `sB`: `(bN,bK)`.
pub type SmemB = TileToShape<SwizzleAtom, cute!((_128,_32))>;
/// `sC`: the fp32 tile, M-major and unswizzled.
pub type SmemC = MakeLayoutLeft<cute!((_64,_128))>;

/// G2S: 16-byte `cp.async` of 8 bf16, 32x4 threads, K-major.
pub type G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bfloat16_t>;
/// G2S of A and of B.
pub type G2S = MakeTiledCopy<G2SAtom, cute!((_32,_4):(_4,_1)), MakeLayoutLeft<cute!((_1,_8))>>;
/// The TiledMMA: 2x2 warps of m16n8k16 bf16, a 32x32x16 tile.
pub type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>, MakeLayoutLeft<cute!((_2,_2))>, cute!((_32,_32,_16))>;
/// S2R: `ldmatrix.x4` shaped like the MMA's A and B.
pub type S2RA = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>, Mma>;
/// See [`S2RA`].
pub type S2RB = MakeTiledCopyB<Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>, Mma>;
/// R2S: accumulators to `sC`, one float each, shaped like the MMA's C.
pub type R2S = MakeTiledCopyC<Copy_Atom<UniversalCopy<uint32_t>, float>, Mma>;
/// S2G: 16-byte vectors of 4 floats along M, 16x8 threads.
pub type S2G = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, float>, cute!((_16,_8):(_1,_16)), MakeLayoutLeft<cute!((_4,_1))>>;
