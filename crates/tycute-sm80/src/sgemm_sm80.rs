//! CUTLASS's `examples/cute/tutorial/sgemm_sm80.cu`, `gemm_tn` for `half_t` (TN, 128x128x64,
//! 3 stages): every layout the kernel builds, as types derived by the trait solver.
//!
//! ```text
//! cta_tiler    = (_128,_128,_64);  bP = _3
//! swizzle_atom = composition(Swizzle<3,3,3>{}, Layout<Shape<_8,Shape<_8,_8>>, Stride<_8,Stride<_1,_64>>>{})
//! sA = tile_to_shape(swizzle_atom, (bM,bK,bP));  sB = tile_to_shape(swizzle_atom, (bN,bK,bP));  sC = make_layout((bM,bN))
//! copyA = copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>{},
//!                                 Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})
//! mmaC  = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})
//! s2r_copy_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, mmaC)
//! s2r_copy_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, mmaC)
//! ```
//!
//! The kernel's per-thread tensors (`tAgA`, `tAsA`, `tCrA`, `tXsA`, `tXrA`, ...) depend on the
//! thread index, which is a type here: [`thread_rows`] evaluates them for one thread by
//! dispatching to the function monomorphized for that index.

use tycute_atom::copy::{Dst2Ref, Src2Ref, ThrID as CopyThrID, ValLayoutDst, ValLayoutRef, ValLayoutSrc};
use tycute_atom::mma::{LayoutA_TV, LayoutB_TV, LayoutC_TV, Shape_MNK, ThrID as MmaThrID};
use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
use typenum::Integer;
use tycute_layout::layout::ShapeOf;
use tycute_layout::typenum::{P1, Z0};
use tycute_layout::{float, half_t, show, table, uint128_t, uint32_t, BlockedProduct, Composition, LayoutAt, LogicalDivide, MakeLayoutLeft, Size, TileToShape, ZippedDivide};
use tycute_macros::cute;
use tycute_tiled::copy::{
    table_of, GetLayoutD_TV, GetLayoutS_TV, MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB, PartitionD, PartitionS,
    MakeTiledCopyC, RetileD, RetileS, SwizzledPartitionFragmentA, SwizzledPartitionFragmentB, TidfrgD, TidfrgS, TiledLayout_TV, TiledNumThr,
    Tiler_MN,
};
use tycute_tiled::CountingTensor;
use tycute_tiled::mma::{
    GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, MakeTiledMma, ThrLayoutVMNK, ThrfrgA, ThrfrgB,
    ThrfrgC, TileShape, TiledMma,
};
use tycute_tiled::mma::thrfrg::{AtomTile, PermTile, ThrTile, TvTile};

use tycute_kernel::dynamic::{DynTensorShape, MakeFragmentOfShape, SliceLastAt0, DynCopyPartition0, DynMmaPartition0, DynThrfrgC, DynTidfrgS, LocalTile, D};
use tycute_kernel::rows::{crd, gmem_row, tv_row, Row, Rows};

// ---------------------------------------------------------------------------------------------
// The problem and the CTA tile

/// `cta_tiler = (bM, bN, bK)`: `(_128,_128,_64)`, the CTA's tile of `(M, N, K)`.
pub type CtaTiler = cute!((_128,_128,_64));
/// Pipeline stages `bP`: `_3` shared-memory buffers for A and B.
pub type Stages = cute!(_3);

/// The problem size the dump uses, `(M, N, K) = (128, 128, 64)`: one CTA, one k-tile. These are
/// run-time `int`s in the kernel (printed without `_`), hence [`D`].
pub type ProblemM = D<typenum::P128>;
/// See [`ProblemM`].
pub type ProblemN = D<typenum::P128>;
/// See [`ProblemM`].
pub type ProblemK = D<typenum::P64>;
/// `mA = make_tensor(A, (M,K), (ldA, _1))`, TN: A is K-major, `ldA = K`: `(128,64):(64,_1)`.
pub type MA = tycute_layout::Layout<tycute_layout::Tup<ProblemM, tycute_layout::Tup<ProblemK, tycute_layout::Nil>>, tycute_layout::Tup<ProblemK, tycute_layout::Tup<cute!(_1), tycute_layout::Nil>>>;
/// `mB = make_tensor(B, (N,K), (ldB, _1))`: `(128,64):(64,_1)`.
pub type MB = tycute_layout::Layout<tycute_layout::Tup<ProblemN, tycute_layout::Tup<ProblemK, tycute_layout::Nil>>, tycute_layout::Tup<ProblemK, tycute_layout::Tup<cute!(_1), tycute_layout::Nil>>>;
/// `mC = make_tensor(C, (M,N), (_1, ldC))`: C is M-major, `ldC = M`: `(128,128):(_1,128)`.
pub type MC = tycute_layout::Layout<tycute_layout::Tup<ProblemM, tycute_layout::Tup<ProblemN, tycute_layout::Nil>>, tycute_layout::Tup<cute!(_1), tycute_layout::Tup<ProblemM, tycute_layout::Nil>>>;
/// `gA = local_tile(mA, cta_tiler, (0,0,_), Step<_1,X,_1>{})`: `(BLK_M,BLK_K,k)` =
/// `(_128,_64,1):(64,_1,_64)`.
pub type GA = LocalTile<MA, cute!((_128,_64)), cute!((_0,_))>;
/// `gB = local_tile(mB, cta_tiler, (0,0,_), Step<X,_1,_1>{})`: `(BLK_N,BLK_K,k)`.
pub type GB = LocalTile<MB, cute!((_128,_64)), cute!((_0,_))>;
/// `gC = local_tile(mC, cta_tiler, (0,0,_), Step<_1,_1,X>{})`: `(BLK_M,BLK_N)` = `(_128,_128):(_1,128)`.
pub type GC = LocalTile<MC, cute!((_128,_128)), cute!((_0,_0))>;

// ---------------------------------------------------------------------------------------------
// Shared memory

/// The 8x64 K-major atom of halves before swizzling: 8 rows of 64 contiguous halves (128 bytes).
pub type AtomLayout = cute!((_8,(_8,_8)):(_8,(_1,_64)));
/// `swizzle_atom = composition(Swizzle<3,3,3>, AtomLayout)`: XOR the 16-byte chunk index with the
/// row, so the 8 rows of one 16-byte column land in 8 different bank groups (conflict-free
/// `ldmatrix`). `Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))`.
pub type SwizzleAtom = Composition<cute!(Sw<3,3,3>), AtomLayout>;
/// How often the atom repeats to cover `(bM, bK, bP)`: `(128/8, 64/64, 3/1)`, column-major.
pub type AtomRepeat = MakeLayoutLeft<cute!((_16,_1,_3))>;
/// `blocked_product(SwizzleAtom, AtomRepeat)`: what `tile_to_shape` computes
/// (`((_8,_16),((_8,_8),_1),(_1,_3))`: each mode is (atom mode, repeat)).
pub type SmemLayoutABlocked = BlockedProduct<SwizzleAtom, AtomRepeat>;
/// `sA = tile_to_shape(swizzle_atom, (bM, bK, bP))`: `(BLK_M,BLK_K,PIPE)`, 3 x 16 KiB.
pub type SmemLayoutA = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// `sB = tile_to_shape(swizzle_atom, (bN, bK, bP))`: `(BLK_N,BLK_K,PIPE)`.
pub type SmemLayoutB = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// One pipeline stage of sA, `sA(_,_,0)`: the same atom tiled to `(bM, bK)`.
pub type SmemLayoutAStage = TileToShape<SwizzleAtom, cute!((_128,_64))>;
/// One pipeline stage of sB, `sB(_,_,0)`.
pub type SmemLayoutBStage = TileToShape<SwizzleAtom, cute!((_128,_64))>;
/// `sC = make_layout((bM, bN))`: column-major `(_128,_128):(_1,_128)` (declared by the tutorial,
/// unused: its epilogue writes registers straight to global memory with `axpby`).
pub type SmemLayoutC = MakeLayoutLeft<cute!((_128,_128))>;

// ---------------------------------------------------------------------------------------------
// G2S: cp.async, 128 threads x 8 halves

/// `Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>`: one thread, one 16-byte `cp.async`.
pub type G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
/// `Layout<Shape<_16,_8>,Stride<_8,_1>>`: 16x8 threads, K-major (`(_16,_8):(_8,_1)`).
pub type G2SThrLayout = cute!((_16,_8):(_8,_1));
/// `Layout<Shape<_1,_8>>`: each thread 1x8 values along K (`(_1,_8):(_0,_1)`).
pub type G2SValLayout = MakeLayoutLeft<cute!((_1,_8))>;
/// `copyA`: TiledLayout_TV `((_8,_16),_8):((_128,_1),_16)` over a `(_16,_64)` tile; 128 threads.
pub type CopyA = MakeTiledCopy<G2SAtom, G2SThrLayout, G2SValLayout>;
/// `copyB`: the same TiledCopy for B.
pub type CopyB = MakeTiledCopy<G2SAtom, G2SThrLayout, G2SValLayout>;

// ---------------------------------------------------------------------------------------------
// MMA: 2x2 warps of m16n8k16

/// `MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>`: one warp, `(16,8,16)`.
pub type MmaAtom = MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>;
/// `mmaC = make_tiled_mma(atom, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})`: 2x2x1 warps
/// (128 threads), a `(_32,_32,_16)` tile per MMA step, so that one `ldmatrix.x4` feeds it.
pub type MmaC = MakeTiledMma<MmaAtom, MakeLayoutLeft<cute!((_2,_2))>, cute!((_32,_32,_16))>;

// ---------------------------------------------------------------------------------------------
// S2R: ldmatrix.x4 shaped like the MMA's operands

/// `Copy_Atom<SM75_U32x4_LDSM_N, half_t>`: one warp loads four 8x8 matrices.
pub type S2RAtom = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
/// `s2r_copy_a = make_tiled_copy_A(s2r_atom_a, mmaC)`: TiledLayout_TV = `mmaC.get_layoutA_TV()`
/// over `(_32,_16)`.
pub type S2RCopyA = MakeTiledCopyA<S2RAtom, MmaC>;
/// `s2r_copy_b = make_tiled_copy_B(s2r_atom_b, mmaC)`.
pub type S2RCopyB = MakeTiledCopyB<S2RAtom, MmaC>;

// ---------------------------------------------------------------------------------------------
// Epilogue of kernels/sm80_gemm.cu: fp32 accumulators -> swizzled shared memory -> 16-byte stores
// of D (column-major, M contiguous). Not in the tutorial, which stores from registers.

/// The C tile in shared memory, fp32, M-major like D: `Sw<2,3,5> o (_128,_128):(_1,_128)`. The
/// swizzle XORs `n`'s bits 1-2 (offset bits 8-9) into offset bits 3-4, so the accumulator stores of
/// a warp (8 rows x 4 column pairs) hit 32 banks, while 8 consecutive floats along M stay
/// together for the 16-byte loads (`tycute analyze` checks both).
pub type SmemLayoutCEpi = Composition<cute!(Sw<2,3,5>), MakeLayoutLeft<cute!((_128,_128))>>;
/// The R2S atom: one float per copy.
pub type R2SAtom = Copy_Atom<UniversalCopy<uint32_t>, float>;
/// R2S: `make_tiled_copy_C(r2s_atom, mmaC)`.
pub type R2SCopy = MakeTiledCopyC<R2SAtom, MmaC>;
/// S2G: `make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (_32,_4):(_1,_32), (_4,_1))`:
/// 32 threads along M read 4 floats each (a 128-float column), 4 columns per pass.
pub type S2GCopy = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, float>, cute!((_32,_4):(_1,_32)), MakeLayoutLeft<cute!((_4,_1))>>;
/// `tRS_sC = r2s_thr_copy.partition_D(sC)`, thread 0.
pub type TRSsC = PartitionD<R2SCopy, SmemLayoutCEpi, Z0>;
/// `tRS_rC = r2s_thr_copy.retile_S(tCrC)`: which accumulator each R2S value stores.
pub type TRSrC = RetileS<R2SCopy, TCrC>;
/// `tSG_sC = s2g_thr_copy.partition_S(sC)`, thread 0.
pub type TSGsC = PartitionS<S2GCopy, SmemLayoutCEpi, Z0>;
/// `tSG_cC = s2g_thr_copy.partition_D(make_layout((bM,bN)))`: the D coordinates, thread 0.
pub type TSGcC = PartitionD<S2GCopy, CoordMN, Z0>;

// ---------------------------------------------------------------------------------------------
// The configuration as a type, for the kernel side (header emission, analysis)

/// sgemm_sm80 TN as an [`Sm80Config`](tycute_kernel::kernel::sm80::Sm80Config): what
/// `kernels/sm80_gemm.cu` runs by default with the tutorial's layouts.
pub struct SgemmSm80;

impl tycute_kernel::kernel::sm80::Sm80Config for SgemmSm80 {
    const NAME: &'static str = "sgemm_sm80";
    const ABOUT: &'static str =
        "sgemm_sm80 TN (CUTLASS's sgemm_sm80.cu gemm_tn): half_t A (M,K) and B (N,K) K-major, 128x128x64 CTA tile, 3 stages";
    type BM = cute!(_128);
    type BN = cute!(_128);
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
    type SmemLayoutC = SmemLayoutCEpi;
    type R2SAtom = R2SAtom;
    type S2GCopy = S2GCopy;
}
#[cfg(feature = "kernel")]
tycute_kernel::impl_sm80_kernel!(SgemmSm80);

// ---------------------------------------------------------------------------------------------
// Invariants (the kernel's CUTE_STATIC_ASSERT_Vs), checked when this crate compiles

/// `size(copy_a) == size(mma)`, `size(copy_b) == size(mma)` and the S2R copies: 128 threads.
const _: () = {
    use static_assertions::assert_type_eq_all;
    assert_type_eq_all!(TiledNumThr<CopyA>, TiledNumThr<CopyB>, Size<MmaC>, TiledNumThr<S2RCopyA>, TiledNumThr<S2RCopyB>, cute!(_128));
};
/// The kernel `kernels/sm80_gemm.cu` accumulates in fp32 (`mma...f32.f16.f16.f32`): the
/// F32-accumulate atom has the same thread and value layouts, so every table of this
/// configuration serves it unchanged.
const _: () = {
    use static_assertions::assert_type_eq_all;
    type F32Acc = MMA_Atom<tycute_atom::SM80_16x8x16_F32F16F16F32_TN>;
    assert_type_eq_all!(LayoutA_TV<F32Acc>, LayoutA_TV<MmaAtom>);
    assert_type_eq_all!(LayoutB_TV<F32Acc>, LayoutB_TV<MmaAtom>);
    assert_type_eq_all!(LayoutC_TV<F32Acc>, LayoutC_TV<MmaAtom>);
    assert_type_eq_all!(MmaThrID<F32Acc>, MmaThrID<MmaAtom>);
};
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_16)>()); // bM % Tiler_M(copyA)
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_64), cute!(_64)>()); // bK % Tiler_K(copyA)
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_32)>()); // bM % tile_size<0>(mma)
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_64), cute!(_16)>()); // bK % tile_size<2>(mma)

/// `mma.thrfrg_C(Ref)` step by step (the seed prints them for `Ref = (_32,_32):(_1,_32)`).
/// Step 1: `logical_divide(ref, (permM, permN))`.
pub type ThrfrgCStep1Of<Ref> = LogicalDivide<Ref, PermTile<<MmaC as TiledMma>::PermM, <MmaC as TiledMma>::PermN>>;
/// Step 2: `zipped_divide(step1, (make_layout(AtomM), make_layout(AtomN)))`: `((AtomM,AtomN),(RestM,RestN))`.
pub type ThrfrgCStep2Of<Ref> = ZippedDivide<ThrfrgCStep1Of<Ref>, AtomTile<<MmaC as TiledMma>::AtomM, <MmaC as TiledMma>::AtomN>>;
/// Step 3: `step2.compose(AtomLayoutC_TV, _)`: `((ThrV,FrgV),(RestM,RestN))`.
pub type ThrfrgCStep3Of<Ref> = Composition<ThrfrgCStep2Of<Ref>, TvTile<<MmaC as TiledMma>::AtomLayoutC_TV>>;
/// Step 4: `zipped_divide(step3, (_, (make_layout(ThrM), make_layout(ThrN))))`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
pub type ThrfrgCStep4Of<Ref> = ZippedDivide<ThrfrgCStep3Of<Ref>, ThrTile<<MmaC as TiledMma>::ThrM, <MmaC as TiledMma>::ThrN>>;
/// The seed's 32x32 C tile.
type SeedRefC = cute!((_32,_32):(_1,_32));
/// Step 1 for the seed's tile.
pub type ThrfrgCStep1 = ThrfrgCStep1Of<SeedRefC>;
/// Step 2 for the seed's tile.
pub type ThrfrgCStep2 = ThrfrgCStep2Of<SeedRefC>;
/// Step 3 for the seed's tile.
pub type ThrfrgCStep3 = ThrfrgCStep3Of<SeedRefC>;
/// Step 4 for the seed's tile.
pub type ThrfrgCStep4 = ThrfrgCStep4Of<SeedRefC>;

/// The whole configuration, one `(name, value)` per item; names are the seed's (`sA`,
/// `copyA.TiledLayout_TV`, ...). With `tables`, each layout is followed by `table:NAME`, its
/// index table.
pub fn rows(tables: bool) -> Vec<Row> {
    let mut r = Rows::new(tables);
    tycute_kernel::reified_rows!(r;
        show CtaTiler => "cta_tiler",
        layout SwizzleAtom => "swizzle_atom",
        layout SmemLayoutA => "sA",
        layout SmemLayoutB => "sB",
        layout SmemLayoutAStage => "sA(_,_,0)",
        layout SmemLayoutC => "sC",
        layout TiledLayout_TV<CopyA> => "copyA.TiledLayout_TV",
        show Tiler_MN<CopyA> => "copyA.Tiler_MN",
        layout GetLayoutS_TV<CopyA> => "copyA.layoutS_TV",
        layout GetLayoutD_TV<CopyA> => "copyA.layoutD_TV",
        layout TiledLayout_TV<CopyB> => "copyB.TiledLayout_TV",
        show Tiler_MN<CopyB> => "copyB.Tiler_MN",
        layout ValLayoutSrc<G2SAtom> => "copyA.atom.ValLayoutSrc",
        layout ValLayoutDst<G2SAtom> => "copyA.atom.ValLayoutDst",
        layout ValLayoutRef<G2SAtom> => "copyA.atom.ValLayoutRef",
        show Shape_MNK<MmaAtom> => "mma_atom.Shape_MNK",
        layout MmaThrID<MmaAtom> => "mma_atom.ThrID",
        layout LayoutA_TV<MmaAtom> => "mma_atom.LayoutA_TV",
        layout LayoutB_TV<MmaAtom> => "mma_atom.LayoutB_TV",
        layout LayoutC_TV<MmaAtom> => "mma_atom.LayoutC_TV",
        layout ThrLayoutVMNK<MmaC> => "mmaC.thr_layout_vmnk",
        show TileShape<MmaC> => "mmaC.tile_shape",
        layout GetLayoutA_TV<MmaC> => "mmaC.layoutA_TV",
        layout GetLayoutB_TV<MmaC> => "mmaC.layoutB_TV",
        layout GetLayoutC_TV<MmaC> => "mmaC.layoutC_TV",
        layout ThrfrgCStep1 => "thrfrg_C.step1.logical_divide(perm)",
        layout ThrfrgCStep2 => "thrfrg_C.step2.zipped_divide(atom)",
        layout ThrfrgCStep3 => "thrfrg_C.step3.compose(LayoutC_TV,_)",
        layout ThrfrgCStep4 => "thrfrg_C.step4.zipped_divide(thr)",
        layout ThrfrgC<MmaC, cute!((_32,_32):(_1,_32))> => "thrfrg_C",
        layout ThrfrgA<MmaC, cute!((_32,_16):(_1,_32))> => "thrfrg_A",
        layout ThrfrgB<MmaC, cute!((_32,_16):(_1,_32))> => "thrfrg_B",
        layout CopyThrID<S2RAtom> => "s2r_atom.ThrID",
        layout ValLayoutSrc<S2RAtom> => "s2r_atom.ValLayoutSrc",
        layout ValLayoutDst<S2RAtom> => "s2r_atom.ValLayoutDst",
        layout ValLayoutRef<S2RAtom> => "s2r_atom.ValLayoutRef",
        layout Src2Ref<S2RAtom> => "ldmatrix.src2ref",
        layout Dst2Ref<S2RAtom> => "ldmatrix.dst2ref",
    );
    // (src_tid, src_vid) -> (ref_tid, ref_vid) for the threads that start each 8x8 matrix
    let src2ref = table::<Src2Ref<S2RAtom>>();
    let ref_shape = tycute_emit::value::<ShapeOf<ValLayoutRef<S2RAtom>>>().and_then(|v| Ok(v.to_int_tuple()?)).expect("a static shape");
    let (nthr, nval) = (Size::<LayoutAt<Src2Ref<S2RAtom>, Z0>>::I64, Size::<LayoutAt<Src2Ref<S2RAtom>, P1>>::I64);
    for tid in [0, 8, 16, 24] {
        let v: Vec<String> = (0..nval).map(|v| crd(src2ref[(tid + nthr * v) as usize], &ref_shape).to_string()).collect();
        r.raw(&format!("ldmatrix.src2ref_samples tid={tid}"), v.join(" "));
    }
    tycute_kernel::reified_rows!(r;
        layout TiledLayout_TV<S2RCopyA> => "s2r_copy_a.TiledLayout_TV",
        show Tiler_MN<S2RCopyA> => "s2r_copy_a.Tiler_MN",
        layout GetLayoutS_TV<S2RCopyA> => "s2r_copy_a.layoutS_TV",
        layout GetLayoutD_TV<S2RCopyA> => "s2r_copy_a.layoutD_TV",
        layout TiledLayout_TV<S2RCopyB> => "s2r_copy_b.TiledLayout_TV",
        show Tiler_MN<S2RCopyB> => "s2r_copy_b.Tiler_MN",
    );
    // the global-memory tensors of CTA (0,0), over a counting iterator as the seed prints them
    r.tensor::<CountingTensor<Z0, MA>>("mA");
    r.tensor::<CountingTensor<Z0, GA>>("gA");
    r.tensor::<CountingTensor<Z0, GB>>("gB");
    r.tensor::<CountingTensor<Z0, GC>>("gC");
    r.into_rows()
}

/// Threads of the configuration: `size(mmaC)`.
pub const NUM_THREADS: usize = 128;

/// The `(m,k)` coordinates of a `(bM,bK)` tile, `make_layout((bM,bK))`: what the G2S copy
/// partitions when it partitions `gA` (see [`DynTidfrgS`]).
pub type CoordMK = MakeLayoutLeft<cute!((_128,_64))>;
/// The `(m,n)` coordinates of the `(bM,bN)` tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_128))>;

// The partitions of a representative thread (thread 0): the layout types of the kernel's
// per-thread tensors (in CuTe these are compile-time types too; only their offsets and run-time
// strides depend on the run-time thread index).

/// `tAgA = thr_copy_a.partition_S(gA)`: `(CPY,CPY_M,CPY_K,k)`, thread 0.
pub type TAgA = DynCopyPartition0<DynTidfrgS<CopyA, GA>>;
/// `tBgB = thr_copy_b.partition_S(gB)`, thread 0.
pub type TBgB = DynCopyPartition0<DynTidfrgS<CopyB, GB>>;
/// `tAsA = thr_copy_a.partition_D(sA)`: `(CPY,CPY_M,CPY_K,PIPE)`, thread 0.
pub type TAsA = PartitionD<CopyA, SmemLayoutA, Z0>;
/// `tBsB = thr_copy_b.partition_D(sB)`, thread 0.
pub type TBsB = PartitionD<CopyB, SmemLayoutB, Z0>;
/// `tCgC = thr_mma.partition_C(gC)`: `(MMA,MMA_M,MMA_N)`, thread 0.
pub type TCgC = DynMmaPartition0<DynThrfrgC<MmaC, GC>>;
/// `tCrA = thr_mma.partition_fragment_A(sA(_,_,0))`: `(MMA,MMA_M,MMA_K)` registers,
/// `((_2,_2,_2),_4,(_2,_2)):((_1,_2,_4),_8,(_32,_64))` (the same type for every thread).
pub type TCrA = SwizzledPartitionFragmentA<MmaC, SmemLayoutAStage, Z0>;
/// `tCrB = thr_mma.partition_fragment_B(sB(_,_,0))`: `(MMA,MMA_N,MMA_K)`.
pub type TCrB = SwizzledPartitionFragmentB<MmaC, SmemLayoutBStage, Z0>;
/// `tCrC = thr_mma.make_fragment_C(tCgC)`: `(MMA,MMA_M,MMA_N)` accumulators, compact.
pub type TCrC = MakeFragmentOfShape<TCgC>;
/// `tXsA = s2r_thr_copy_a.partition_S(sA)`: `(CPY,MMA_M,MMA_K,PIPE)`, thread 0.
pub type TXsA = PartitionS<S2RCopyA, SmemLayoutA, Z0>;
/// `tXsA(_,_,_,0)`: one stage of `tXsA` (its last mode sliced at 0), thread 0.
pub type TXsA0 = SliceLastAt0<TXsA>;
/// `tXrA = s2r_thr_copy_a.retile_D(tCrA)`: `(CPY,MMA_M,MMA_K)`, `((_8,_1),_4,_4):((_1,_0),_8,_32)`.
pub type TXrA = RetileD<S2RCopyA, TCrA>;
/// `tXsB(_,_,_,0)`, thread 0.
pub type TXsB0 = PartitionS<S2RCopyB, SmemLayoutBStage, Z0>;
/// `tXrB = s2r_thr_copy_b.retile_D(tCrB)`.
pub type TXrB = RetileD<S2RCopyB, TCrB>;

/// The tensors of thread `t` (`None` past [`NUM_THREADS`]): each is its partition type
/// (thread 0's, above) with the offset and run-time strides of thread `t`, read off the
/// thread-independent (thread, value) layouts `tidfrg_S/D(L)` and `thrfrg_C(L)` evaluated at
/// thread `t` (see [`tycute_kernel::rows::thread_tensor`]). Fragments do not depend on the thread.
pub fn thread_rows(t: usize, tables: bool) -> Option<Vec<Row>> {
    if t >= NUM_THREADS {
        return None;
    }
    let n = NUM_THREADS;
    let mut r = Rows::new(tables);
    // gmem: the thread's coordinates of the tile (a copy's tidfrg_S of make_layout((bM,bK)), the
    // MMA's thrfrg_C), then gA / gB / gC at those coordinates
    let coord_a = tv_row(&table::<TidfrgS<CopyA, CoordMK>>(), n, t);
    let coord_b = tv_row(&table::<TidfrgS<CopyB, CoordMK>>(), n, t);
    let (ga, gb, gc) = (table_of::<GA>(), table_of::<GB>(), table_of::<GC>());
    let (coord_a_tile, coord_c_tile) = (table::<CoordMK>().len(), table::<CoordMN>().len());
    // partition_C slices thrfrg_C at the thread's (ThrV,(ThrM,ThrN)) coordinate: its index in
    // the thread mode is the thread's position in thr_layout_vmnk (ThrK = 1)
    let vmnk = table::<ThrLayoutVMNK<MmaC>>();
    let thr_c = vmnk.iter().position(|&x| x == t as i64).expect("thread in thr_layout_vmnk");
    let coord_c = tv_row(&table::<ThrfrgC<MmaC, CoordMN>>(), vmnk.len(), thr_c);

    r.thread_tensor::<TAgA>("tAgA", &gmem_row(&ga, &coord_a, coord_a_tile));
    r.text::<DynTensorShape<TAgA>>("tAgA.shape");
    r.thread_tensor::<TAsA>("tAsA", &tv_row(&table::<TidfrgD<CopyA, SmemLayoutA>>(), n, t));
    r.thread_tensor::<TBgB>("tBgB", &gmem_row(&gb, &coord_b, coord_a_tile));
    r.thread_tensor::<TBsB>("tBsB", &tv_row(&table::<TidfrgD<CopyB, SmemLayoutB>>(), n, t));
    r.thread_tensor::<TCgC>("tCgC", &gmem_row(&gc, &coord_c, coord_c_tile));
    r.layout::<TCrA>("tCrA.layout");
    r.layout::<TCrB>("tCrB.layout");
    r.layout::<TCrC>("tCrC.layout");
    let txsa = tv_row(&table::<TidfrgS<S2RCopyA, SmemLayoutA>>(), n, t);
    r.thread_tensor::<TXsA>("tXsA", &txsa);
    // stage 0: the first of the bP stages (the stage mode is the last)
    r.thread_tensor::<TXsA0>("tXsA(_,_,_,0)", &txsa[..txsa.len() / <Stages as Integer>::I64 as usize]);
    r.layout::<TXrA>("tXrA.layout");
    r.thread_tensor::<TXsB0>("tXsB(_,_,_,0)", &tv_row(&table::<TidfrgS<S2RCopyB, SmemLayoutBStage>>(), n, t));
    r.layout::<TXrB>("tXrB.layout");
    Some(r.into_rows())
}

/// The derivation of the shared-memory layouts, one `(name, value)` per step (what
/// `cargo run --release` prints).
pub fn derivation() -> Vec<(&'static str, String)> {
    vec![
        ("cta_tiler (bM,bN,bK)", show::<CtaTiler>()),
        ("stages bP", show::<Stages>()),
        ("atom: 8 rows x 64 halves, K-major", show::<AtomLayout>()),
        ("swizzle_atom = composition(Sw<3,3,3>, atom)", show::<SwizzleAtom>()),
        ("repeat = make_layout((bM/8, bK/64, bP))", show::<AtomRepeat>()),
        ("blocked_product(swizzle_atom, repeat)", show::<SmemLayoutABlocked>()),
        ("sA = tile_to_shape(swizzle_atom, (bM,bK,bP))", show::<SmemLayoutA>()),
        ("sB = tile_to_shape(swizzle_atom, (bN,bK,bP))", show::<SmemLayoutB>()),
        ("sA(_,_,0)", show::<SmemLayoutAStage>()),
        ("sC = make_layout((bM,bN))", show::<SmemLayoutC>()),
    ]
}

/// The dump of `tycute dump sgemm_sm80`.
pub const DUMP: tycute_kernel::registry::Config = tycute_kernel::registry::Config {
    name: "sgemm_sm80",
    about: "sgemm_sm80.cu gemm_tn (half_t, TN, 128x128x64, 3 stages): cp.async G2S, ldmatrix S2R, 2x2 m16n8k16",
    num_threads: NUM_THREADS,
    rows,
    thread_rows,
};

/// The same shared-memory copies on an unswizzled stage (the bank analysis' comparison).
#[cfg(feature = "kernel")]
pub mod analyze;

/// The registry's entry: the dump, and with `kernel` the header, the build of
/// `kernels/sm80_gemm.cu` and the shared-memory analysis (with its unswizzled comparison).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::kernel(
    <SgemmSm80 as tycute_kernel::kernel::sm80::Sm80Config>::NAME,
    tycute_kernel::emit::sm80::header_with_values::<SgemmSm80>,
    tycute_kernel::registry::Variant::SM80_GEMM,
)
.with_dump(DUMP)
.with_analysis(tycute_kernel::registry::Analysis {
    unswizzled: Some(analyze::try_unswizzled),
    ..tycute_kernel::registry::Analysis::sm80::<SgemmSm80>()
})];
/// The registry's entry: the dump.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::dump(DUMP)];
