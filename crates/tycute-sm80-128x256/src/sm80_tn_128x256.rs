//! tycute's own sm80 TN configuration for `kernels/sm80_gemm.cu`: a 128x256x64 CTA tile, 3
//! stages, 8 warps (2x4), each warp a 64x64 tile of C, fp32 accumulation. The data flow is
//! sgemm_sm80's (cp.async into 128B-swizzled smem, ldmatrix.x4, mma.sync m16n8k16); the tile,
//! warp layout and stages were chosen by measurement (docs/perf-history.md).
//!
//! ```text
//! cta_tiler = (_128,_256,_64);  bP = _3
//! sA = tile_to_shape(Sw<3,3,3> o (_8,(_8,_8)):(_8,(_1,_64)), (bM,bK,bP));  sB likewise with bN
//! copyA = copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>{},
//!                                 Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})
//! mma   = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_4>>{}, Tile<_32,_64,_16>{})
//! s2r_copy_a/b = make_tiled_copy_A/B(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, mma)
//! sC    = Sw<2,3,5> o (_128,_256):(_1,_128)   (fp32, reusing the stage memory)
//! r2s   = make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>,float>{}, mma)
//! s2g   = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,float>{}, (_32,_8):(_1,_32), (_4,_1))
//! ```

use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
use tycute_layout::{float, half_t, uint128_t, uint32_t, Composition, MakeLayoutLeft, TileToShape};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC};
use tycute_tiled::mma::MakeTiledMma;

use tycute_kernel::kernel::sm80::Sm80Config;

/// `bP`: 3 stages of 16 KiB (A) + 32 KiB (B).
pub type Stages = cute!(_3);
/// The 8x64-half K-major atom with the 128-byte swizzle: sgemm_sm80's
/// `Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))`, the same type, written here so that this crate
/// builds beside tycute-sm80.
pub type SwizzleAtom = Composition<cute!(Sw<3,3,3>), cute!((_8,(_8,_8)):(_8,(_1,_64)))>;
/// `sA`: `(bM,bK,bP)`.
pub type SmemLayoutA = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// `sB`: `(bN,bK,bP)`.
pub type SmemLayoutB = TileToShape<SwizzleAtom, cute!((_256,_64,_3))>;
/// `sA(_,_,0)`.
pub type SmemLayoutAStage = TileToShape<SwizzleAtom, cute!((_128,_64))>;
/// `sB(_,_,0)`.
pub type SmemLayoutBStage = TileToShape<SwizzleAtom, cute!((_256,_64))>;
/// One 16-byte `cp.async.ca` per thread and vector.
pub type G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
/// 256 threads: 32 rows x 8 threads along K, 8 halves each: a `(_32,_64)` tile per pass.
pub type CopyA = MakeTiledCopy<G2SAtom, cute!((_32,_8):(_8,_1)), MakeLayoutLeft<cute!((_1,_8))>>;
/// The same copy for B.
pub type CopyB = CopyA;
/// 2x4 warps of m16n8k16 (fp32 accumulators); `Tile<_32,_64,_16>` gives each warp two n8 atoms
/// per step, so that one `ldmatrix.x4` feeds B.
pub type MmaC = MakeTiledMma<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, MakeLayoutLeft<cute!((_2,_4))>, cute!((_32,_64,_16))>;
/// `ldmatrix.x4`: four 8x8 matrices of halves per warp.
pub type S2RAtom = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
/// `make_tiled_copy_A(ldmatrix.x4, mma)`.
pub type S2RCopyA = MakeTiledCopyA<S2RAtom, MmaC>;
/// `make_tiled_copy_B(ldmatrix.x4, mma)`.
pub type S2RCopyB = MakeTiledCopyB<S2RAtom, MmaC>;
/// The fp32 C tile, M-major like D, swizzled so that a warp's accumulator stores hit 32 banks.
pub type SmemLayoutC = Composition<cute!(Sw<2,3,5>), MakeLayoutLeft<cute!((_128,_256))>>;
/// Accumulators to `sC`: one float per copy.
pub type R2SAtom = Copy_Atom<UniversalCopy<uint32_t>, float>;
/// `make_tiled_copy_C(r2s_atom, mma)`.
pub type R2SCopy = MakeTiledCopyC<R2SAtom, MmaC>;
/// `sC` to D: 32 threads along M read 4 floats each, 8 columns per pass.
pub type S2GCopy = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, float>, cute!((_32,_8):(_1,_32)), MakeLayoutLeft<cute!((_4,_1))>>;

/// The configuration.
pub struct Sm80Tn128x256;

impl Sm80Config for Sm80Tn128x256 {
    const NAME: &'static str = "sm80_tn_128x256";
    const ABOUT: &'static str =
        "sm80 TN 128x256x64, 3 stages, 2x4 warps of m16n8k16 (64x64 each), fp32 accumulators: half_t A (M,K) and B (N,K) K-major";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
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
    type SmemLayoutC = SmemLayoutC;
    type R2SAtom = R2SAtom;
    type S2GCopy = S2GCopy;
}
// the kernel side (tables, header, analysis): with the `kernel` feature; the types above are
// always there (the compile-fail cases of ui-tests build on them without it)
#[cfg(feature = "kernel")]
tycute_kernel::impl_sm80_kernel!(Sm80Tn128x256);

/// The registry's entries: the header, the build of `kernels/sm80_gemm.cu` and the
/// shared-memory analysis.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm80::header_with_values;
    use tycute_kernel::registry::{Analysis, Entry, Variant};
    &[
        Entry::kernel(<Sm80Tn128x256 as Sm80Config>::NAME, header_with_values::<Sm80Tn128x256>, Variant::SM80_GEMM)
            .with_analysis(Analysis::sm80::<Sm80Tn128x256>()),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
