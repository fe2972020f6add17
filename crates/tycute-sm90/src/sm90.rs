//! An SM90 (Hopper) GEMM configuration: TMA loads into 128-byte-swizzled K-major shared memory,
//! one consumer warpgroup of `wgmma.m64n128k16` (GMMA), and seed 004's epilogue
//! (`sm90_epilogue_tma_warpspecialized`): accumulators → registers → `stmatrix` into swizzled
//! shared memory → TMA store, with C read back by `ldmatrix`. Everything below is a type.
//!
//! ```text
//! cta_tiler = (_128,_128,_64);  bP = _6                                  // 6 x 32 KiB of A+B stages
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (bM,bK,bP))    // Sw<3,4,3> o smem_ptr[16b] o ((_8,_16),(_64,_1),(_1,_6)):...
//! G2S: SM90_TMA_LOAD of one (bM,bK) = (128,64) box per stage (one elected thread, 16 KiB for A)
//! mma = make_tiled_mma(SM90_64x128x16_F32F16F16_SS<K,K>{})               // one warpgroup (128 threads), tile (64,128,16)
//! epilogue (D = half_t, N-major, C likewise):
//!   EpilogueTile = (_64,_32);  sD = tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, (64,32,StagesD))
//!   tiled_copy_C_atom = make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N,half_t>{}, mma)
//!   tiled_r2s = make_tiled_copy_S(Copy_Atom<SM90_U32x4_STSM_N,half_t>{}, tiled_copy_C_atom)   // R2S
//!   tiled_s2r = make_tiled_copy_S(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, tiled_copy_C_atom)   // S2R of C
//!   tRS_rAcc = thread_r2s.retile_S(accumulators);  tRS_sD = thread_r2s.partition_D(sD_epi)
//!   tSR_sC = thread_s2r.partition_S(sC_epi);  tSR_rC = thread_s2r.retile_D(tRS_rD)
//! ```
//!
//! Choices, and what seed 004 implies:
//!
//! * **One consumer warpgroup, `64x128x16` atom.** The CTA tile's 128 rows are two GMMA rows
//!   (`MMA_M = 2`); 128 threads hold the `128x128` f32 accumulators (128 each). (The cooperative
//!   kernel would instead use two warpgroups, `(_2,_1,_1)`, and an epilogue tile of 128 rows.)
//! * **Epilogue tile `64x32`.** Seed 004's code only says `flat_divide(gD, EpilogueTile{})` →
//!   `(EPI_M,EPI_N,EPI_M_tiles,EPI_N_tiles)`. What fixes it is the copies: the STSM C-atom copy
//!   covers a `64x16` tile (`Tiler_MN` below: `(_8,_4,_2):(_1,_16,_8)` rows x `(_4,_2,_2):(_2,_1,_8)`
//!   columns, asserted), i.e. one warpgroup's rows and 16 columns; `64x32` is two of them along N,
//!   the sub-tile CUTLASS's builder picks for a 16-bit D and a non-cooperative kernel
//!   (`EPI_M = min(64, CTA_M)`, `EPI_N = 32`), so each epilogue iteration stores 2 `stmatrix.x4` per
//!   thread (`tRS_sD` has `R2S_N = 2`) and the CTA tile is 2x4 sub-tiles.
//! * **R2S is `make_tiled_copy_S`.** Seed 004's summary writes `make_tiled_copy_D(Copy_Atom<CopyOpR2S>, ...)`;
//!   in `sm90_epilogue_tma_warpspecialized.hpp` that form is only used after a register-to-register
//!   copy (`IsUseR2R`). Without it, `tiled_r2s = make_tiled_copy_S(Copy_Atom<CopyOpR2S,SmemElementD>{}, tiled_copy_C_atom)`:
//!   its source `(thr,val)` layout is the accumulators' (which is what `retile_S(accumulators)` needs).
//!   S2R of C is `make_tiled_copy_S(Copy_Atom<CopyOpS2R,SmemElementC>{}, tiled_copy_C_atom)`, as the seed says.
//! * **D/C shared memory**: N-major (row-major D, as STSM_N requires: each thread's 32-bit register
//!   holds 2 adjacent columns), rows of 32 halves = 64 bytes, so the widest GMMA swizzle atom
//!   whose row fits is `Layout_K_SW64_Atom<half_t>` (CUTLASS's `ss_smem_selector` for an
//!   `(64,32)` K-major tile); 2 stages for C and for D.

use tycute_atom::copy::{ValLayoutDst, ValLayoutSrc};
use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM90_64x128x16_F32F16F16_SS, SM90_U32x4_STSM_N, K};
use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::numeric::Bits;
use tycute_layout::tuple::At;
use tycute_layout::ComposedLayout;
use tycute_layout::typenum::{P128, Z0};
use tycute_layout::{
    half_t, table, AsPositionIndependent, Cosize, Layout, Layout_K_SW128_Atom, Layout_K_SW64_Atom, LayoutAt,
    MakeLayoutLeft, Nil, Size, TileToShape, Tup,
};
use tycute_macros::cute;
use tycute_tiled::copy::{
    table_of, GetLayoutD_TV, GetLayoutS_TV, MakeTiledCopyC_Atom, MakeTiledCopyS, PartitionD, PartitionS, RetileD,
    RetileS, TidfrgD, TidfrgS, TiledLayout_TV, TiledNumThr, Tiler_MN,
};
use tycute_tiled::counting::TensorShape;
use tycute_tiled::mma::{
    GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, MakeTiledMma, PartitionFragmentC, ThrLayoutVMNK, ThrfrgC, TileShape,
};
use tycute_tiled::CountingTensor;
use typenum::Integer;

use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
use tycute_kernel::dynamic::{DynMmaPartition0, DynThrfrgC, DynZippedDivide, LocalTile, T2, D};
use tycute_kernel::rows::{gmem_row, tv_row, Row, Rows};

// ---------------------------------------------------------------------------------------------
// Tiles

/// `(bM, bN, bK) = (_128,_128,_64)`.
pub type CtaTiler = cute!((_128,_128,_64));
/// Mainloop stages `bP = _6`: 6 x (16 KiB of A + 16 KiB of B) (4 until 2026-11-28: the
/// configuration runs one wave of tiles only, `tycute_gemm::sm90::pick`, where the stages in
/// flight set each CTA's rate; docs/perf.md "sm90: 6 stages").
pub type Stages = cute!(_6);

// ---------------------------------------------------------------------------------------------
// Shared memory of the mainloop: K-major, 128-byte swizzle

/// `GMMA::Layout_K_SW128_Atom<half_t>`: 8 rows of 64 halves (128 bytes), `Sw<3,4,3>` on byte
/// addresses: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`.
pub type SmemAtomA = Layout_K_SW128_Atom<half_t>;
/// `sA = tile_to_shape(SmemAtomA, (bM,bK,bP))`: `(BLK_M,BLK_K,PIPE)`, as CuTe types it.
pub type SmemLayoutA = TileToShape<SmemAtomA, cute!((_128,_64,_6))>;
/// `sB = tile_to_shape(SmemAtomB, (bN,bK,bP))`.
pub type SmemLayoutB = TileToShape<SmemAtomA, cute!((_128,_64,_6))>;
/// `as_position_independent_swizzle_layout(sA)`: the swizzle in element units,
/// `Sw<3,3,3> o _0 o ((_8,_16),(_64,_1),(_1,_6)):((_64,_512),(_1,_0),(_0,_8192))`.
pub type SmemLayoutAElems = AsPositionIndependent<SmemLayoutA>;
/// One stage in element units, `sA(_,_,0)`: the TMA box's destination.
pub type SmemLayoutAStage = AsPositionIndependent<TileToShape<SmemAtomA, cute!((_128,_64))>>;

// ---------------------------------------------------------------------------------------------
// G2S: TMA

/// The TMA box of A (and B): one stage, `(bM, bK)` = `(_128,_64)` elements (`product_each` of the
/// stage's shape), loaded by one elected thread with `SM90_TMA_LOAD`.
pub type TmaBoxA = ProductEach<ShapeOf<InnerLayout<SmemLayoutAStage>>>;
/// The box's inner (contiguous, K) extent: `_64` halves.
pub type TmaBoxInner = At<TmaBoxA, typenum::P1>;

/// The layout `L` of a composed layout `Sw o O o L`.
pub trait InnerLayoutOp {
    type Output;
}
impl<A, O, L> InnerLayoutOp for ComposedLayout<A, O, L> {
    type Output = L;
}
/// `layout_b()` of a composed layout.
pub type InnerLayout<C> = <C as InnerLayoutOp>::Output;
/// Bytes per element.
const ELEM_BYTES: i64 = <Bits<half_t> as Integer>::I64 / 8;
/// Bytes of one box: `cosize(sA(_,_,0)) * sizeof(half_t)` = 16384 (the TMA transaction bytes of
/// A per stage; the mbarrier expects A's and B's).
pub const TMA_BOX_BYTES: i64 = <Cosize<SmemLayoutAStage> as Integer>::I64 * ELEM_BYTES;

// ---------------------------------------------------------------------------------------------
// MMA: one warpgroup of wgmma.m64n128k16

/// `MMA_Atom<SM90_64x128x16_F32F16F16_SS<K,K>>`: a warpgroup (128 threads), A and B from shared
/// memory (K-major descriptors), f32 accumulators.
pub type MmaAtom = MMA_Atom<SM90_64x128x16_F32F16F16_SS<K, K>>;
/// `make_tiled_mma(SM90_64x128x16_F32F16F16_SS<K,K>{})`: one warpgroup, tile `(_64,_128,_16)`.
pub type Mma = MakeTiledMma<MmaAtom>;

// ---------------------------------------------------------------------------------------------
// Global memory (M = N = 128, K = 64; A, B K-major, C and D N-major)

/// `mA = (M,K):(ldA,_1)`, `(128,64):(64,_1)`.
pub type MA = Layout<Tup<D<P128>, Tup<D<typenum::P64>, Nil>>, Tup<D<typenum::P64>, Tup<cute!(_1), Nil>>>;
/// `gA = local_tile(mA, cta_tiler, (0,0,_), Step<_1,X,_1>{})`: the TMA's source boxes, `(_128,_64,1):(64,_1,_64)`.
pub type GA = LocalTile<MA, cute!((_128,_64)), cute!((_0,_))>;
/// `mD = (M,N):(ldD,_1)`, N-major: `(128,128):(128,_1)`.
pub type MD = Layout<Tup<D<P128>, Tup<D<P128>, Nil>>, Tup<D<P128>, Tup<cute!(_1), Nil>>>;
/// `gD = local_tile(mD, cta_tiler, (0,0,_), Step<_1,_1,X>{})`: `(_128,_128):(128,_1)`.
pub type GD = LocalTile<MD, cute!((_128,_128)), cute!((_0,_0))>;
/// `zipped_divide(gD, EpilogueTile)`: `((EPI_M,EPI_N),(EPI_M_tiles,EPI_N_tiles))` (the kernel's
/// `flat_divide(gD, EpilogueTile{})` is the same modes, flattened).
pub type GDEpi = DynZippedDivide<GD, T2<cute!(_64), cute!(_32)>>;

// ---------------------------------------------------------------------------------------------
// Epilogue

/// `EpilogueTile = (_64,_32)`.
pub type EpilogueTile = cute!((_64,_32));
/// Epilogue stages of C (loads) and D (stores).
pub type StagesCD = cute!(_2);
/// `GMMA::Layout_K_SW64_Atom<half_t>`: 8 rows of 32 halves (64 bytes), `Sw<2,4,3>`.
pub type SmemAtomD = Layout_K_SW64_Atom<half_t>;
/// `SmemLayoutD = tile_to_shape(SmemAtomD, (EPI_M,EPI_N,StagesD))`.
pub type SmemLayoutD = TileToShape<SmemAtomD, cute!((_64,_32,_2))>;
/// `SmemLayoutC`: the same for C.
pub type SmemLayoutC = SmemLayoutD;
/// `sD_epi = as_position_independent_swizzle_tensor(sD)`: `(EPI_TILE_M,EPI_TILE_N,PIPE_D)`,
/// `Sw<2,3,3> o _0 o ((_8,_8),(_32,_1),(_1,_2)):((_32,_256),(_1,_0),(_0,_2048))`.
pub type SD = AsPositionIndependent<SmemLayoutD>;
/// `sC_epi`.
pub type SC = AsPositionIndependent<SmemLayoutC>;

/// `CopyAtomC = Copy_Atom<SM90_U32x4_STSM_N, half_t>`.
pub type CopyAtomC = Copy_Atom<SM90_U32x4_STSM_N, half_t>;
/// `tiled_copy_C_atom = make_tiled_copy_C_atom(CopyAtomC{}, tiled_mma)`: the accumulators'
/// `(thr,val)` layout cut to 8 values per thread, over a by-mode `64x16` tiler.
pub type TiledCopyCAtom = MakeTiledCopyC_Atom<CopyAtomC, Mma>;
/// `tiled_r2s = make_tiled_copy_S(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, tiled_copy_C_atom)`.
pub type TiledR2S = MakeTiledCopyS<Copy_Atom<SM90_U32x4_STSM_N, half_t>, TiledCopyCAtom>;
/// `tiled_s2r = make_tiled_copy_S(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tiled_copy_C_atom)`.
pub type TiledS2R = MakeTiledCopyS<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, TiledCopyCAtom>;

/// `(m,n)` coordinates of the CTA tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_128))>;
/// `accumulators = partition_fragment_C(tiled_mma, take<0,2>(CtaTileMNK))`: `(MMA,MMA_M,MMA_N)`,
/// `((_2,_2,_16),_2,_1):((_1,_2,_4),_64,_0)` f32 per thread.
pub type Accumulators = PartitionFragmentC<Mma, CoordMN, Z0>;
/// `tCgD = thr_mma.partition_C(gD)`, thread 0 (what a direct register-to-global store would use).
pub type TCgD = DynMmaPartition0<DynThrfrgC<Mma, GD>>;
/// `tRS_rAcc = thread_r2s.retile_S(accumulators)`: `((R2S,R2S_V),MMA_M,MMA_N)`.
pub type TRSrAcc = RetileS<TiledR2S, Accumulators>;
/// `tRS_sD = thread_r2s.partition_D(sD_epi)`: `(R2S,R2S_M,R2S_N,PIPE_D)`, thread 0.
pub type TRSsD = PartitionD<TiledR2S, SD, Z0>;
/// `take<0,3>(shape(thread_r2s.partition_S(sD_epi)))`.
pub type TRSrDShape = Take3<TensorShape<PartitionS<TiledR2S, SD, Z0>>>;
/// `tRS_rD = make_tensor<SmemElementD>(make_layout(take<0,3>(shape(thread_r2s.partition_S(sD_epi)))))`:
/// `(R2S,R2S_M,R2S_N)`, the converted D values of one sub-tile.
pub type TRSrD = MakeLayoutLeft<TRSrDShape>;
/// `tSR_sC = thread_s2r.partition_S(sC_epi)`: `(S2R,S2R_M,S2R_N,PIPE_C)`, thread 0.
pub type TSRsC = PartitionS<TiledS2R, SC, Z0>;
/// `tSR_rC = thread_s2r.retile_D(tRS_rD)`: `(S2R,S2R_M,S2R_N)`.
pub type TSRrC = RetileD<TiledS2R, TRSrD>;

/// `take<0,3>` of a tuple.
pub trait Take3Op {
    type Output;
}
impl<A, B, C, T> Take3Op for Tup<A, Tup<B, Tup<C, T>>> {
    type Output = Tup<A, Tup<B, Tup<C, Nil>>>;
}
/// `take<0,3>(t)`.
pub type Take3<T> = <T as Take3Op>::Output;

// ---------------------------------------------------------------------------------------------
// What the header (emit::sm90) reads, under the names every sm90 configuration module gives them

/// One stage of sB in element units (the same atom and shape as sA's).
pub type SmemLayoutBStage = SmemLayoutAStage;
/// The TMA box of B, `(_128,_64)`.
pub type TmaBoxB = TmaBoxA;
/// One stage of the epilogue's D buffer, `sD_epi(_,_,0)`: `Sw<2,3,3> o _0 o ((_8,_8),(_32,_1)):((_32,_256),(_1,_0))`.
pub type SmemLayoutDStage = AsPositionIndependent<TileToShape<SmemAtomD, EpilogueTile>>;
/// The TMA box of D: `product_each(shape(sD(_,_,0)))` = `(_64,_32)` (M, N).
pub type TmaBoxD = ProductEach<ShapeOf<InnerLayout<SmemLayoutDStage>>>;
/// `(m,k)` of one stage of A (`m + bM*k`).
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// `(n,k)` of one stage of B.
pub type CoordNK = CoordMK;
/// `(m,n)` inside one epilogue sub-tile (`m + EPI_M*n`).
pub type CoordEpi = MakeLayoutLeft<EpilogueTile>;
/// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`: `((EPI_M,EPI_N),(EPI_M_tiles,EPI_N_tiles))`,
/// the CTA coordinate `m + bM*n` of each sub-tile's elements.
pub type EpiTiles = tycute_layout::ZippedDivide<CoordMN, EpilogueTile>;
/// `ClusterShape = (_1,_1,_1)`: no clusters.
pub type ClusterShape = cute!((_1,_1,_1));
/// Bytes of one box of A and of B.
pub const TMA_BOX_BYTES_A: i64 = TMA_BOX_BYTES;
/// See [`TMA_BOX_BYTES_A`].
pub const TMA_BOX_BYTES_B: i64 = TMA_BOX_BYTES;

// ---------------------------------------------------------------------------------------------
// Invariants

/// Threads of the consumer warpgroup (MMA, R2S, S2R): 128.
pub const NUM_THREADS: usize = 128;

// ---------------------------------------------------------------------------------------------
// The configuration as a checked kernel configuration

/// The configuration above as an [`Sm90Config`]: its parts, and the swizzle mode each tensor
/// map is encoded with (`sm90.h`'s `kTmaSwizzleA/B/D`, which the host passes to
/// `cuTensorMapEncodeTiled`).
pub struct Sm90;
impl Sm90Config for Sm90 {
    const NAME: &'static str = "sm90";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = Stages;
    type ElementAB = half_t;
    type ElementCD = half_t;
    type SmemLayoutAStage = TileToShape<SmemAtomA, cute!((_128,_64))>;
    type SmemLayoutBStage = TileToShape<SmemAtomA, cute!((_128,_64))>;
    type TmaSwizzleA = TmaSwizzle128B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = Mma;
    type EpiM = cute!(_64);
    type EpiN = cute!(_32);
    type StagesCD = StagesCD;
    type SmemLayoutDStage = TileToShape<SmemAtomD, EpilogueTile>;
    type SmemLayoutCStage = TileToShape<SmemAtomD, EpilogueTile>;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = typenum::B0;
}

/// [`Sm90`] with CUTLASS's `ReuseSmemC` ([`crate::sm90_reuse::ReuseSmemC`]).
pub type Sm90ReuseSmemC = crate::sm90_reuse::ReuseSmemC<Sm90>;
impl crate::sm90_reuse::ReuseName for Sm90 {
    const REUSE_NAME: &'static str = "sm90_reuse_c";
}
// sm90's C and D stages are one layout: reuse is accepted (and needs 16 KiB less)
static_assertions::assert_impl_all!(Sm90ReuseSmemC: Sm90Checked);
// every rule of the configuration trait holds (CTA tile vs wgmma tile, TMA modes vs smem
// swizzles, stages, 227 KiB)
static_assertions::assert_impl_all!(Sm90: Sm90Checked);
/// `DispatchPolicy::FragmentSize` (seed 004: "通常为 2").
pub type FragmentSize = cute!(_2);
/// [`FragmentSize`] as a value.
pub const FRAGMENT_SIZE: i64 = <FragmentSize as Integer>::I64;
// the facts below that name derived types, in one body (`assert_same_all!`: the epilogue copies
// derived once for all of them):
// 128 threads in the MMA and in every epilogue copy; the C-atom copy's tile is 64x16; one box of A
// is (_128,_64); CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0, "Fragment size does not
// vectorize properly")
tycute_kernel::assert_same_all! {
    facts Facts;
    [Size<Mma>, TiledNumThr<TiledR2S>, TiledNumThr<TiledS2R>, TiledNumThr<TiledCopyCAtom>, cute!(_128)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, Z0>>, cute!(_64)],
    [Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>, cute!(_16)],
    [TmaBoxA, cute!((_128,_64))],
    [typenum::Mod<Size<LayoutAt<TRSrAcc, Z0>>, FragmentSize>, Z0],
}
// the MMA tile (_64,_128,_16) divides the CTA tile, the epilogue tile divides the CTA tile and is a
// multiple of the C-atom copy's 64x16 tile (and of one warpgroup's 64 rows)
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_64)>() && tycute_kernel::rows::divides::<cute!(_64), cute!(_16)>());
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_64)>() && tycute_kernel::rows::divides::<cute!(_128), cute!(_32)>());
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_32), Size<At<Tiler_MN<TiledCopyCAtom>, typenum::P1>>>());
// TMA: a box dimension is at most 256 elements; with SWIZZLE_128B the inner box is at most 128 bytes
static_assertions::const_assert!(<TmaBoxInner as Integer>::I64 * ELEM_BYTES <= 128 && TMA_BOX_BYTES == 16384);

/// The thread-independent rows.
pub fn rows(tables: bool) -> Vec<Row> {
    let mut r = Rows::new(tables);
    tycute_kernel::reified_rows!(r;
        show CtaTiler => "cta_tiler",
        show Stages => "bP",
        show SmemAtomA => "smem_atom_A (GMMA::Layout_K_SW128_Atom<half_t>)",
        show SmemLayoutA => "sA",
        layout SmemLayoutAElems => "sA (position independent)",
        show SmemLayoutB => "sB",
        show TmaBoxA => "tma.box_A (M,K)",
    );
    r.raw("tma.box_A bytes", TMA_BOX_BYTES.to_string());
    r.raw("tma.threads", "1 (one elected thread of the producer warp)".to_string());
    tycute_kernel::reified_rows!(r;
        layout ThrLayoutVMNK<Mma> => "mma.thr_layout_vmnk",
        show TileShape<Mma> => "mma.tile_shape",
        layout GetLayoutA_TV<Mma> => "mma.layoutA_TV",
        layout GetLayoutB_TV<Mma> => "mma.layoutB_TV",
        layout GetLayoutC_TV<Mma> => "mma.layoutC_TV",
    );
    r.tensor::<CountingTensor<Z0, MA>>("mA");
    r.tensor::<CountingTensor<Z0, GA>>("gA");
    r.tensor::<CountingTensor<Z0, MD>>("mD");
    r.tensor::<CountingTensor<Z0, GD>>("gD");
    r.tensor::<CountingTensor<Z0, GDEpi>>("gD_epi");
    tycute_kernel::reified_rows!(r;
        show EpilogueTile => "epi_tile",
        show SmemAtomD => "smem_atom_D (GMMA::Layout_K_SW64_Atom<half_t>)",
        show SmemLayoutD => "sD",
        layout SD => "sD_epi",
        layout SC => "sC_epi",
        layout ValLayoutSrc<CopyAtomC> => "copy_atom_C.ValLayoutSrc",
        layout ValLayoutDst<CopyAtomC> => "copy_atom_C.ValLayoutDst",
        layout TiledLayout_TV<TiledCopyCAtom> => "tiled_copy_C_atom.TiledLayout_TV",
        show Tiler_MN<TiledCopyCAtom> => "tiled_copy_C_atom.Tiler_MN",
        layout GetLayoutS_TV<TiledCopyCAtom> => "tiled_copy_C_atom.layoutS_TV",
        layout TiledLayout_TV<TiledR2S> => "tiled_r2s.TiledLayout_TV",
        layout GetLayoutD_TV<TiledR2S> => "tiled_r2s.layoutD_TV",
        layout TiledLayout_TV<TiledS2R> => "tiled_s2r.TiledLayout_TV",
        layout GetLayoutS_TV<TiledS2R> => "tiled_s2r.layoutS_TV",
        layout Accumulators => "accumulators",
        layout TRSrAcc => "tRS_rAcc",
        layout TRSrD => "tRS_rD",
        layout TSRrC => "tSR_rC",
    );
    r.into_rows()
}

/// The tensors of thread `t` of the consumer warpgroup.
pub fn thread_rows(t: usize, tables: bool) -> Option<Vec<Row>> {
    if t >= NUM_THREADS {
        return None;
    }
    let n = NUM_THREADS;
    let mut r = Rows::new(tables);
    let vmnk = table::<ThrLayoutVMNK<Mma>>();
    let thr_c = vmnk.iter().position(|&x| x == t as i64).expect("thread in thr_layout_vmnk");
    let coord_c = tv_row(&table::<ThrfrgC<Mma, CoordMN>>(), vmnk.len(), thr_c);
    r.thread_tensor::<TCgD>("tCgD", &gmem_row(&table_of::<GD>(), &coord_c, table::<CoordMN>().len()));
    r.thread_tensor::<TRSsD>("tRS_sD", &tv_row(&table::<TidfrgD<TiledR2S, SD>>(), n, t));
    r.thread_tensor::<TSRsC>("tSR_sC", &tv_row(&table::<TidfrgS<TiledS2R, SC>>(), n, t));
    Some(r.into_rows())
}

/// The dump of `tycute dump sm90`.
pub const DUMP: tycute_kernel::registry::Config = tycute_kernel::registry::Config {
    name: "sm90",
    about: "SM90 128x128x64, 6 stages: TMA into K-major SW128 smem, 64x128x16 GMMA warpgroup, seed 004's STSM epilogue (64x32 sub-tiles)",
    num_threads: NUM_THREADS,
    rows,
    thread_rows,
};

/// The registry's entry: the dump, and with `kernel` the header, the build of
/// `kernels/sm90_gemm.cu` and the shared-memory analysis of its epilogue.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <Sm90 as Sm90Config>::NAME,
    tycute_kernel::emit::sm90::header_with_values::<Sm90>,
    tycute_kernel::registry::Variant::SM90_GEMM,
)
.with_dump(DUMP)
.with_analysis(tycute_kernel::registry::Analysis::sm90::<Sm90>())];
/// The registry's entry: the dump.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::dump(DUMP)];
