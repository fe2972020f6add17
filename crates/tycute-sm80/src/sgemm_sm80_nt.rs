//! CUTLASS's `examples/cute/tutorial/sgemm_sm80.cu`, the generic `gemm_nt<TA,TB,TC>` (NT,
//! 128x128x8, 3 stages, SIMT): the `float` GEMM of the tutorial, as types.
//!
//! (The tutorial's `half_t` overload of `gemm_nt` is `assert(false && "Not implemented")`: for
//! `half_t` only TN is built, see [`crate::sgemm_sm80`]. The generic `gemm_nt` below is the one
//! the tutorial runs for `float`.)
//!
//! ```text
//! cta_tiler = (_128,_128,_8);  bP = _3
//! sA = make_layout((bM,bK,bP));  sB = make_layout((bN,bK,bP));  sC = make_layout((bM,bN))   // M-/N-major, no swizzle
//! copyA = copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,float>{},
//!                                 Layout<Shape<_32,_8>>{},    // 32x8 threads, m-major
//!                                 Layout<Shape< _4,_1>>{})    // 4x1 values, m-major
//! mmaC  = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{})   // 16x16x1 threads
//! s2r atoms: Copy_Atom<AutoVectorizingCopy, float>; s2r_copy_a = make_tiled_copy_A(atom, mmaC), ...
//! ```
//!
//! A and B are M-/N-major (`dA = (_1, ldA)`, `dB = (_1, ldB)`), C is M-major. The dump uses
//! `M = N = 128`, `K = 64` (8 k-tiles of 8).

use tycute_atom::copy::{ValLayoutDst, ValLayoutRef, ValLayoutSrc};
use tycute_atom::mma::{LayoutA_TV, LayoutB_TV, LayoutC_TV, Shape_MNK, ThrID as MmaThrID};
use tycute_atom::{AutoVectorizingCopy, Copy_Atom, MMA_Atom, UniversalFMA, SM80_CP_ASYNC_CACHEALWAYS};
use tycute_layout::typenum::{P128, P64, Z0};
use tycute_layout::{float, table, uint128_t, Layout, MakeLayoutLeft, Nil, Size, Tup};
use tycute_macros::cute;
use tycute_tiled::copy::{
    table_of, GetLayoutD_TV, GetLayoutS_TV, MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyB, PartitionD, PartitionS,
    RetileD, TidfrgD, TidfrgS, TiledLayout_TV, TiledNumThr, Tiler_MN,
};
use tycute_tiled::mma::{
    GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, MakeTiledMma, PartitionFragmentA, PartitionFragmentB,
    ThrLayoutVMNK, ThrfrgC, TileShape,
};
use tycute_tiled::CountingTensor;

use tycute_kernel::dynamic::{MakeFragmentOfShape, DynCopyPartition0, DynMmaPartition0, DynThrfrgC, DynTidfrgS, LocalTile, D};
use tycute_kernel::rows::{gmem_row, tv_row, Row, Rows};

/// `cta_tiler = (bM, bN, bK)`: `(_128,_128,_8)`.
pub type CtaTiler = cute!((_128,_128,_8));
/// Pipeline stages `bP = _3`.
pub type Stages = cute!(_3);

/// `mA = make_tensor(A, (M,K), (_1, ldA))`, NT: A is M-major, `ldA = M`: `(128,64):(_1,128)`.
pub type MA = Layout<Tup<D<P128>, Tup<D<P64>, Nil>>, Tup<cute!(_1), Tup<D<P128>, Nil>>>;
/// `mB = make_tensor(B, (N,K), (_1, ldB))`: `(128,64):(_1,128)`.
pub type MB = MA;
/// `mC = make_tensor(C, (M,N), (_1, ldC))`: `(128,128):(_1,128)`.
pub type MC = Layout<Tup<D<P128>, Tup<D<P128>, Nil>>, Tup<cute!(_1), Tup<D<P128>, Nil>>>;
/// `gA = local_tile(mA, cta_tiler, (0,0,_), Step<_1,X,_1>{})`: `(_128,_8,8):(_1,128,1024)`.
pub type GA = LocalTile<MA, cute!((_128,_8)), cute!((_0,_))>;
/// `gB = local_tile(mB, cta_tiler, (0,0,_), Step<X,_1,_1>{})`.
pub type GB = LocalTile<MB, cute!((_128,_8)), cute!((_0,_))>;
/// `gC = local_tile(mC, cta_tiler, (0,0,_), Step<_1,_1,X>{})`: `(_128,_128):(_1,128)`.
pub type GC = LocalTile<MC, cute!((_128,_128)), cute!((_0,_0))>;

/// `sA = make_layout((bM,bK,bP))`: M-major `(_128,_8,_3):(_1,_128,_1024)`.
pub type SmemLayoutA = MakeLayoutLeft<cute!((_128,_8,_3))>;
/// `sB = make_layout((bN,bK,bP))`: N-major.
pub type SmemLayoutB = MakeLayoutLeft<cute!((_128,_8,_3))>;
/// `sA(_,_,0)`: `(_128,_8):(_1,_128)`.
pub type SmemLayoutAStage = MakeLayoutLeft<cute!((_128,_8))>;
/// `sB(_,_,0)`.
pub type SmemLayoutBStage = MakeLayoutLeft<cute!((_128,_8))>;
/// `sC = make_layout((bM,bN))` (declared, unused by the kernel).
pub type SmemLayoutC = MakeLayoutLeft<cute!((_128,_128))>;

/// `Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>`: one thread, 4 floats (16 bytes).
pub type G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>;
/// `Layout<Shape<_32,_8>>`: 32x8 threads, M-major.
pub type G2SThrLayout = MakeLayoutLeft<cute!((_32,_8))>;
/// `Layout<Shape<_4,_1>>`: 4x1 values per thread, M-major.
pub type G2SValLayout = MakeLayoutLeft<cute!((_4,_1))>;
/// `copyA`: 256 threads x 4 floats over a `(_128,_8)` tile (one k-tile per copy).
pub type CopyA = MakeTiledCopy<G2SAtom, G2SThrLayout, G2SValLayout>;
/// `copyB`: the same TiledCopy for B.
pub type CopyB = MakeTiledCopy<G2SAtom, G2SThrLayout, G2SValLayout>;

/// `MMA_Atom<UniversalFMA<float,float,float>>`: one thread, one FMA.
pub type MmaAtom = MMA_Atom<UniversalFMA<float, float, float>>;
/// `mmaC = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{})`:
/// 16x16 threads, each an 8x8 block of C over the 128x128 tile.
pub type MmaC = MakeTiledMma<MmaAtom, MakeLayoutLeft<cute!((_16,_16,_1))>>;

/// `Copy_Atom<AutoVectorizingCopy, float>`: the S2R atom (one value, vectorized by the compiler).
pub type S2RAtom = Copy_Atom<AutoVectorizingCopy, float>;
/// `s2r_copy_a = make_tiled_copy_A(s2r_atom_a, mmaC)`.
pub type S2RCopyA = MakeTiledCopyA<S2RAtom, MmaC>;
/// `s2r_copy_b = make_tiled_copy_B(s2r_atom_b, mmaC)`.
pub type S2RCopyB = MakeTiledCopyB<S2RAtom, MmaC>;

// size(copy_a) == size(copy_b) == size(mma) == 256; the S2R copies too.
static_assertions::assert_type_eq_all!(
    TiledNumThr<CopyA>,
    TiledNumThr<CopyB>,
    Size<MmaC>,
    TiledNumThr<S2RCopyA>,
    TiledNumThr<S2RCopyB>,
    cute!(_256)
);
// the copy tile (_128,_8) divides (bM,bK); the MMA tile (_16,_16,_1) divides (bM,bN,bK)
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_128)>() && tycute_kernel::rows::divides::<cute!(_8), cute!(_8)>());
static_assertions::const_assert!(tycute_kernel::rows::divides::<cute!(_128), cute!(_16)>() && tycute_kernel::rows::divides::<cute!(_8), cute!(_1)>());

/// Threads: `size(mmaC)`.
pub const NUM_THREADS: usize = 256;

/// The thread-independent rows (names as in [`crate::sgemm_sm80::rows`]).
pub fn rows(tables: bool) -> Vec<Row> {
    let mut r = Rows::new(tables);
    tycute_kernel::reified_rows!(r;
        show CtaTiler => "cta_tiler",
        show Stages => "bP",
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
        layout ValLayoutSrc<S2RAtom> => "s2r_atom.ValLayoutSrc",
        layout TiledLayout_TV<S2RCopyA> => "s2r_copy_a.TiledLayout_TV",
        show Tiler_MN<S2RCopyA> => "s2r_copy_a.Tiler_MN",
        layout TiledLayout_TV<S2RCopyB> => "s2r_copy_b.TiledLayout_TV",
        show Tiler_MN<S2RCopyB> => "s2r_copy_b.Tiler_MN",
    );
    r.tensor::<CountingTensor<Z0, MA>>("mA");
    r.tensor::<CountingTensor<Z0, GA>>("gA");
    r.tensor::<CountingTensor<Z0, GB>>("gB");
    r.tensor::<CountingTensor<Z0, GC>>("gC");
    r.into_rows()
}

/// The `(m,k)` coordinates of a `(bM,bK)` tile.
pub type CoordMK = MakeLayoutLeft<cute!((_128,_8))>;
/// The `(m,n)` coordinates of the `(bM,bN)` tile.
pub type CoordMN = MakeLayoutLeft<cute!((_128,_128))>;

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
/// `tCrA = thr_mma.partition_fragment_A(sA(_,_,0))`: `(MMA,MMA_M,MMA_K)`.
pub type TCrA = PartitionFragmentA<MmaC, SmemLayoutAStage, Z0>;
/// `tCrB = thr_mma.partition_fragment_B(sB(_,_,0))`.
pub type TCrB = PartitionFragmentB<MmaC, SmemLayoutBStage, Z0>;
/// `tCrC = thr_mma.make_fragment_C(tCgC)`.
pub type TCrC = MakeFragmentOfShape<TCgC>;
/// `tXsA = s2r_thr_copy_a.partition_S(sA)`, thread 0.
pub type TXsA = PartitionS<S2RCopyA, SmemLayoutA, Z0>;
/// `tXrA = s2r_thr_copy_a.retile_D(tCrA)`.
pub type TXrA = RetileD<S2RCopyA, TCrA>;
/// `tXsB = s2r_thr_copy_b.partition_S(sB)`, thread 0.
pub type TXsB = PartitionS<S2RCopyB, SmemLayoutB, Z0>;
/// `tXrB = s2r_thr_copy_b.retile_D(tCrB)`.
pub type TXrB = RetileD<S2RCopyB, TCrB>;

/// The tensors of thread `t` (see [`crate::sgemm_sm80::thread_rows`]).
pub fn thread_rows(t: usize, tables: bool) -> Option<Vec<Row>> {
    if t >= NUM_THREADS {
        return None;
    }
    let n = NUM_THREADS;
    let mut r = Rows::new(tables);
    let coord_a = tv_row(&table::<TidfrgS<CopyA, CoordMK>>(), n, t);
    let coord_b = tv_row(&table::<TidfrgS<CopyB, CoordMK>>(), n, t);
    let (ga, gb, gc) = (table_of::<GA>(), table_of::<GB>(), table_of::<GC>());
    let (coord_a_tile, coord_c_tile) = (table::<CoordMK>().len(), table::<CoordMN>().len());
    let vmnk = table::<ThrLayoutVMNK<MmaC>>();
    let thr_c = vmnk.iter().position(|&x| x == t as i64).expect("thread in thr_layout_vmnk");
    let coord_c = tv_row(&table::<ThrfrgC<MmaC, CoordMN>>(), vmnk.len(), thr_c);

    r.thread_tensor::<TAgA>("tAgA", &gmem_row(&ga, &coord_a, coord_a_tile));
    r.thread_tensor::<TAsA>("tAsA", &tv_row(&table::<TidfrgD<CopyA, SmemLayoutA>>(), n, t));
    r.thread_tensor::<TBgB>("tBgB", &gmem_row(&gb, &coord_b, coord_a_tile));
    r.thread_tensor::<TBsB>("tBsB", &tv_row(&table::<TidfrgD<CopyB, SmemLayoutB>>(), n, t));
    r.thread_tensor::<TCgC>("tCgC", &gmem_row(&gc, &coord_c, coord_c_tile));
    r.layout::<TCrA>("tCrA.layout");
    r.layout::<TCrB>("tCrB.layout");
    r.layout::<TCrC>("tCrC.layout");
    r.thread_tensor::<TXsA>("tXsA", &tv_row(&table::<TidfrgS<S2RCopyA, SmemLayoutA>>(), n, t));
    r.layout::<TXrA>("tXrA.layout");
    r.thread_tensor::<TXsB>("tXsB", &tv_row(&table::<TidfrgS<S2RCopyB, SmemLayoutB>>(), n, t));
    r.layout::<TXrB>("tXrB.layout");
    Some(r.into_rows())
}

/// The dump of `tycute dump sgemm_sm80_nt`.
pub const DUMP: tycute_kernel::registry::Config = tycute_kernel::registry::Config {
    name: "sgemm_sm80_nt",
    about: "sgemm_sm80.cu gemm_nt<float> (NT, 128x128x8, 3 stages, SIMT): cp.async G2S, 16x16 UniversalFMA",
    num_threads: NUM_THREADS,
    rows,
    thread_rows,
};

/// The registry's entry: the dump (no kernel).
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[tycute_kernel::registry::Entry::dump(DUMP)];
