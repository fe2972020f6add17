//! tycute's sm80 NT configuration for `kernels/sm80_gemm.cu`: A (M,K) M-major and B (N,K)
//! N-major halves (CuTe's `gemm_nt` strides `dA = (_1, ldA)`, `dB = (_1, ldB)`), otherwise
//! [`crate::sm80_tn_128x256`]: the 128x256x64 CTA tile, 3 stages, 2x4 warps of m16n8k16 with
//! fp32 accumulators, the same epilogue. What changes is the operands' side of the data flow:
//!
//! ```text
//! sA = tile_to_shape(Sw<3,3,3> o (_64,_8):(_1,_64), (bM,bK,bP));  sB likewise with bN   // MN-major, 128B swizzle
//! copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>{},
//!                         Layout<Shape<_16,_16>,Stride<_1,_16>>{},   // 16 threads along M, 16 along K
//!                         Layout<Shape<_8,_1>>{})                    // 8 halves along M
//! copyB = make_tiled_copy(.., Layout<Shape<_32,_8>,Stride<_1,_32>>{}, Layout<Shape<_8,_1>>{})   // 32 along N, 8 along K
//! s2r_copy_a/b = make_tiled_copy_A/B(Copy_Atom<SM75_U16x8_LDSM_T,half_t>{}, mma)   // ldmatrix.x4.trans
//! ```
//!
//! The MN-major atom is 64 halves (128 bytes) along M by 8 along K; `Sw<3,3,3>` XORs the k row
//! into the 16-byte chunk index, so that the 8 k-rows an `ldmatrix.trans` reads for one 8x8
//! matrix (8 M-contiguous halves each) fall in 8 different bank groups, and the cp.async of 8
//! threads along K do too. The transposing `ldmatrix` hands each thread the same fragment
//! elements `ldmatrix` gives it from K-major smem, so the `mma.sync m16n8k16 row.col` is
//! unchanged (`emit::sm80::check` proves it register by register).

use tycute_atom::{Copy_Atom, SM75_U16x8_LDSM_T};
use tycute_layout::{half_t, Composition, MakeLayoutLeft, TileToShape};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB};

use tycute_kernel::kernel::sm80::Sm80Config;
use crate::sm80_tn_128x256 as tn;

/// The MN-major atom: 64 halves along M (one 128-byte row) by 8 along K, 128-byte swizzle.
pub type SwizzleAtom = Composition<cute!(Sw<3,3,3>), cute!((_64,_8):(_1,_64))>;
/// `sA`: `(bM,bK,bP)`, M-major.
pub type SmemLayoutA = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// `sB`: `(bN,bK,bP)`, N-major.
pub type SmemLayoutB = TileToShape<SwizzleAtom, cute!((_256,_64,_3))>;
/// `sA(_,_,0)`.
pub type SmemLayoutAStage = TileToShape<SwizzleAtom, cute!((_128,_64))>;
/// `sB(_,_,0)`.
pub type SmemLayoutBStage = TileToShape<SwizzleAtom, cute!((_256,_64))>;
/// 256 threads: 16 along M (8 halves each: 128 rows) by 16 along K: a `(_128,_16)` tile per pass.
pub type CopyA = MakeTiledCopy<tn::G2SAtom, cute!((_16,_16):(_1,_16)), MakeLayoutLeft<cute!((_8,_1))>>;
/// B: 32 threads along N (8 halves each: 256 rows) by 8 along K, a `(_256,_8)` tile per pass,
/// so that every vector of a thread is the same 8 rows of B (one row predicate in a residue
/// tile: the kernel's residue instantiation is at the register limit).
pub type CopyB = MakeTiledCopy<tn::G2SAtom, cute!((_32,_8):(_1,_32)), MakeLayoutLeft<cute!((_8,_1))>>;
/// The transposing `ldmatrix.x4`: four 8x8 matrices, each thread giving the address of 8
/// M-contiguous halves (one k row) and receiving the A fragment's halves.
pub type S2RAtom = Copy_Atom<SM75_U16x8_LDSM_T, half_t>;
/// `make_tiled_copy_A(ldmatrix.x4.trans, mma)`.
pub type S2RCopyA = MakeTiledCopyA<S2RAtom, tn::MmaC>;
/// `make_tiled_copy_B(ldmatrix.x4.trans, mma)`.
pub type S2RCopyB = MakeTiledCopyB<S2RAtom, tn::MmaC>;

/// The configuration.
pub struct Sm80Nt128x256;

impl Sm80Config for Sm80Nt128x256 {
    const NAME: &'static str = "sm80_nt_128x256";
    const ABOUT: &'static str =
        "sm80 NT 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators: half_t A (M,K) M-major and B (N,K) N-major";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = tn::Stages;
    type SwizzleAtom = SwizzleAtom;
    type SmemLayoutA = SmemLayoutA;
    type SmemLayoutB = SmemLayoutB;
    type SmemLayoutAStage = SmemLayoutAStage;
    type SmemLayoutBStage = SmemLayoutBStage;
    type G2SAtom = tn::G2SAtom;
    type CopyA = CopyA;
    type CopyB = CopyB;
    type MmaC = tn::MmaC;
    type S2RAtomA = S2RAtom;
    type S2RAtomB = S2RAtom;
    type SmemLayoutC = tn::SmemLayoutC;
    type R2SAtom = tn::R2SAtom;
    type S2GCopy = tn::S2GCopy;
}
tycute_kernel::impl_sm80_kernel!(Sm80Nt128x256);

/// The registry's entries: the header and the build of `kernels/sm80_gemm.cu`.
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm80Nt128x256 as Sm80Config>::NAME, header_with_values::<Sm80Nt128x256>, Variant::SM80_GEMM),
    ]
};
