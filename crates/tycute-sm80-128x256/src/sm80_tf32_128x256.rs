//! tycute's sm80 TN configuration on tf32, for `kernels/sm80_gemm.cu`: fp32 A (M,K) and B (N,K),
//! K-major, multiplied by `mma.sync.m16n8k8` TF32 (CuTe's `SM80_16x8x8_F32TF32TF32F32_TN`) with
//! fp32 accumulation, fp32 C and D. The elements are 4 bytes, so the smem atom, the copies and the
//! CTA tile's K are CuTe's sm80 tf32 recipe (CUTLASS's sm80 collective builder for 32-bit K-major
//! operands), not the fp16 configuration's with another type:
//!
//! ```text
//! cta_tiler = (_128,_256,_32);  bP = _3                  // 3 x 48 KiB of A and B
//! sA = tile_to_shape(Sw<3,2,3> o (_8,_32):(_32,_1), (bM,bK,bP));  sB likewise with bN
//! copyA = copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,tfloat32_t>{},
//!                                 Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{})
//! mma   = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_4>>{}, Tile<_32,_64,_8>{})
//! s2r_copy_a/b = make_tiled_copy_A/B(Copy_Atom<SM75_U32x4_LDSM_N,tfloat32_t>{}, mma)
//! sC, r2s, s2g: sm80_tn_128x256's (fp32)
//! ```
//!
//! A 128-byte row of the K-major atom holds 32 tf32 elements; `Sw<3,2,3>` XORs the row (bits
//! 5..7 of the element offset) into the 16-byte chunk (bits 2..4), so that the 8 rows an
//! `ldmatrix` reads for one 8x8 b16 matrix (4 tf32 each), and 8 threads' cp.async along M, fall
//! in 8 different bank groups. `ldmatrix` moves 32-bit elements as pairs of b16: its thread
//! `t`'s register `r` is then one tf32 element, the one `mma.m16n8k8.tf32` reads there
//! (`emit::sm80::check` proves it register by register). In bytes and registers the tile is the
//! fp16 `sm80_tn_128x256`'s: 128-byte smem rows, 4 and 8 cp.async per thread and stage, 4
//! k-blocks per stage, 16 + 16 fragment registers per k-block, 128 fp32 accumulators.
//!
//! Rounding: the kernel hands the fp32 bits of A and B to the MMA as they are (no
//! `cvt.rna.tf32.f32`); the tensor core reads the top 19 bits (sign, 8 exponent bits, 10
//! mantissa bits) and ignores the rest, i.e. truncates each input toward zero to tf32: a relative
//! error below `2^-10` per input (`tests/gpu_gemm.rs` derives its bound from it).
//!
//! Only TN (both operands K-major) is here: `ldmatrix.trans` moves 16-bit elements and cannot
//! transpose 32-bit ones, so an M-/N-major tf32 operand needs 32-bit shared-memory loads
//! (`UniversalCopy<uint32_t>`) as its S2R copy, which `kernels/sm80_gemm.cu` does not have yet.

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x8_F32TF32TF32F32_TN, SM80_CP_ASYNC_CACHEALWAYS};
use tycute_layout::{tfloat32_t, uint128_t, Composition, MakeLayoutLeft, TileToShape};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB};
use tycute_tiled::mma::MakeTiledMma;

use crate::sm80_tn_128x256 as tn;
use tycute_kernel::kernel::sm80::Sm80Config;

/// `bP`: 3 stages of 16 KiB (A) + 32 KiB (B).
pub type Stages = cute!(_3);
/// The K-major tf32 atom: 8 rows of 32 elements (128 bytes), 128-byte swizzle over 16-byte chunks.
pub type SwizzleAtom = Composition<cute!(Sw<3,2,3>), cute!((_8,_32):(_32,_1))>;
/// `sA`: `(bM,bK,bP)`.
pub type SmemLayoutA = TileToShape<SwizzleAtom, cute!((_128,_32,_3))>;
/// `sB`: `(bN,bK,bP)`.
pub type SmemLayoutB = TileToShape<SwizzleAtom, cute!((_256,_32,_3))>;
/// `sA(_,_,0)`.
pub type SmemLayoutAStage = TileToShape<SwizzleAtom, cute!((_128,_32))>;
/// `sB(_,_,0)`.
pub type SmemLayoutBStage = TileToShape<SwizzleAtom, cute!((_256,_32))>;
/// One 16-byte `cp.async.ca` (4 tf32) per thread and vector.
pub type G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, tfloat32_t>;
/// 256 threads: 32 rows x 8 threads along K, 4 elements each: a `(_32,_32)` tile per pass.
pub type CopyA = MakeTiledCopy<G2SAtom, cute!((_32,_8):(_8,_1)), MakeLayoutLeft<cute!((_1,_4))>>;
/// The same copy for B.
pub type CopyB = CopyA;
/// 2x4 warps of m16n8k8 TF32 (fp32 accumulators); `Tile<_32,_64,_8>` gives each warp two n8
/// atoms per step, so that one `ldmatrix.x4` (16 rows of 8 tf32) feeds B.
pub type MmaC = MakeTiledMma<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>, MakeLayoutLeft<cute!((_2,_4))>, cute!((_32,_64,_8))>;
/// `ldmatrix.x4` on 32-bit elements (as pairs of b16).
pub type S2RAtom = Copy_Atom<SM75_U32x4_LDSM_N, tfloat32_t>;
/// `make_tiled_copy_A(ldmatrix.x4, mma)`.
pub type S2RCopyA = MakeTiledCopyA<S2RAtom, MmaC>;
/// `make_tiled_copy_B(ldmatrix.x4, mma)`.
pub type S2RCopyB = MakeTiledCopyB<S2RAtom, MmaC>;

/// The configuration.
pub struct Sm80Tn128x256Tf32;

impl Sm80Config for Sm80Tn128x256Tf32 {
    const NAME: &'static str = "sm80_tn_128x256_tf32";
    const ABOUT: &'static str =
        "sm80 TN 128x256x32, 3 stages, 2x4 warps of m16n8k8 TF32 (64x64 each), fp32 accumulators, fp32 C and D: fp32 A (M,K) and B (N,K) K-major, read as tf32";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_32);
    type Stages = Stages;
    type SwizzleAtom = SwizzleAtom;
    type SmemLayoutA = SmemLayoutA;
    type SmemLayoutB = SmemLayoutB;
    type SmemLayoutAStage = SmemLayoutAStage;
    type SmemLayoutBStage = SmemLayoutBStage;
    type G2SAtom = G2SAtom;
    type CopyA = CopyA;
    type CopyB = CopyB;
    type MmaC = MmaC;
    type S2RAtomA = S2RAtom;
    type S2RAtomB = S2RAtom;
    type SmemLayoutC = tn::SmemLayoutC;
    type R2SAtom = tn::R2SAtom;
    type S2GCopy = tn::S2GCopy;
}
tycute_kernel::impl_sm80_kernel!(Sm80Tn128x256Tf32);

/// The registry's entries: the header and the build of `kernels/sm80_gemm.cu`.
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[Entry::kernel(<Sm80Tn128x256Tf32 as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256Tf32>, Variant::SM80_GEMM)]
};

