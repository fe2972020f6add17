// The accepted neighbours of the retile, exact-partition, vectorization, swizzle-width and
// TiledMMA-rank cases in ui-tests/fail: each compiles (and prints its value).
use tycute::atom::{Copy_Atom, MMA_Atom, SM75_U32x2_LDSM_N, SM80_CP_ASYNC_CACHEALWAYS, SM80_16x8x16_F16F16F16F16_TN};
use tycute::swizzle::recast::{float, half_t, uint128_t};
use tycute::swizzle::SwizzledVector;
use tycute::tiled::copy::{CopyVector, ExactPartitionS, MakeTiledCopy, RetileD, RetileS, TiledCopy};
use tycute::tiled::mma::{ExactPartitionC, GetLayoutC_TV, TiledMMA};
use tycute::typenum::{P1, P37};
use tycute::{cute, show};
type S2R = TiledCopy<
    Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
    cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
    cute!((_32,_16)),
>;
type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
fn main() {
    // retile_fragment_values: (_4,_2,_2), 16 values, two whole copies of 8
    println!("{}", show::<RetileD<S2R, cute!((_4,_2,_2):(_1,_4,_8))>>());
    // retile_fragment_rank: the MMA's A fragment (V,M,K)
    println!("{}", show::<RetileS<S2R, cute!(((_2,_2,_2),_4,(_2,_2)):((_1,_2,_4),_8,(_32,_64)))>>());
    // exact_partition_s_tile: 128 rows are 8 tiles of 16
    println!("{}", show::<ExactPartitionS<G2S, cute!((_128,_64):(_64,_1)), P37>>());
    // exact_partition_c_tile: 128x64 is 4x2 tiles of 32x32
    println!("{}", show::<ExactPartitionC<TM, cute!((_128,_64):(_1,_128)), P1>>());
    // copy_vectorize: K-major gmem into the swizzled K-major smem, 8 contiguous halves on both sides
    type A = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
    println!("{}", show::<CopyVector<A, cute!((_128,_64):(_64,_1)), cute!(Sw<3,3,3> o _0 o (_128,_64):(_64,_1))>>());
    // swizzle_splits_vectors: Sw<3,3,3> on half_t (16-byte units), Sw<3,2,3> on float
    println!("{}", show::<SwizzledVector<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)), half_t>>());
    println!("{}", show::<SwizzledVector<cute!(Sw<3,2,3> o _0 o (_8,_32):(_32,_1)), float>>());
    // get_layout_c_tv_rank: the rank-3 atom layout
    println!("{}", show::<GetLayoutC_TV<TM>>());
}
