// The accepted neighbours of the TiledMMA, TiledCopy and atom cases in ui-tests/fail: each
// compiles (and prints its layout).
use tycute::atom::{
    Copy_Atom, MMA_Atom, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM80_CP_ASYNC_CACHEGLOBAL, UniversalCopy,
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x8_F16F16F16F16_TN,
};
use tycute::swizzle::recast::{half_t, uint128_t, uint32_t};
use tycute::tiled::copy::{MakeTiledCopy, MakeTiledCopyA, MakeTiledCopyC_Atom, MakeTiledCopyS, TidfrgS, TiledCopy, TiledLayout_TV};
use tycute::tiled::mma::{GetLayoutA_TV, GetLayoutC_TV, MakeTiledMma, ThrLayoutVMNK, TiledMMA};
use tycute::{cute, show};
type Mma = MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>;
fn main() {
    // tiled_mma_*: 2x2x1 atoms of 16x8x16 in a (32,16,16) tile, rank 3 everywhere
    println!("{}", show::<ThrLayoutVMNK<TiledMMA<Mma, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_,_,_))>>>());
    println!("{}", show::<GetLayoutC_TV<TiledMMA<Mma, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_16,_16))>>>());
    println!("{}", show::<GetLayoutA_TV<TiledMMA<Mma, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>>>());
    // tiled_copy_too_few_vals: 8 halves per thread for a 16-byte copy
    println!("{}", show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_1,_8):(_0,_1))>>>());
    // tiled_copy_too_few_thrs: a whole warp for ldmatrix
    println!("{}", show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, cute!((_32,_1):(_1,_0)), cute!((_1,_8):(_0,_1))>>>());
    // tiled_copy_a_vals: ldmatrix.x2 moves the 4 halves of A a 16x8x8 thread holds
    println!("{}", show::<TiledLayout_TV<MakeTiledCopyA<Copy_Atom<SM75_U32x2_LDSM_N, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>());
    // tiled_copy_c_atom_vals: a 4-byte copy (2 halves) of 4 accumulators
    println!("{}", show::<TiledLayout_TV<MakeTiledCopyC_Atom<Copy_Atom<UniversalCopy<uint32_t>, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>());
    // tiled_copy_s_coverage_*: (_32,_4):(_1,_32) covers its (32,4) tile once
    type A32 = Copy_Atom<UniversalCopy<uint32_t>, half_t>;
    println!("{}", show::<TiledLayout_TV<MakeTiledCopyS<A32, TiledCopy<A32, cute!((_32,_4):(_1,_32)), cute!((_32,_4))>>>>());
    // tidfrg_rank: a rank-2 tensor
    println!("{}", show::<TidfrgS<MakeTiledCopy<A32, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>, cute!((_64,_16):(_1,_64))>>());
    // cp_async_size: cp.async.cg of 16 bytes
    println!("{}", show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_8,_1):(_1,_0))>>>());
}
