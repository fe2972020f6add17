// The accepted neighbours of the bounds' ui cases (the modules of ui-tests/fail/bounds.rs).
use tycute::atom::{Copy_Atom, MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS};
use tycute::bounds::{Compatible, CopyCovers, CosizeIs, HasSize, MmaTileDivides, RankIs, ShapeIs, SizeIs};
use tycute::numeric::{half_t, uint128_t};
use tycute::tiled::{copy::MakeTiledCopy, MakeTiledMma};
use tycute::cute;

type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;

fn smem_tile<L: SizeIs<8192>>() {}
fn stages<L: HasSize<cute!(_12288)>>() {}
fn fits<L: CosizeIs<8192>>() {}
fn matrix<L: RankIs<2>>() {}
fn tile<L: ShapeIs<cute!((_128,(_8,_8)))>>() {}
fn reshape<A: Compatible<cute!((_128,(_8,_8)))>>() {}
fn load<TC: CopyCovers<cute!((_128,_64):(_64,_1))>>() {}
fn gemm<TM: MmaTileDivides<cute!((_128,_96,_64))>>() {}

fn main() {
    smem_tile::<cute!((_128,_64):(_64,_1))>();
    stages::<cute!((_128,_32,_3))>();
    fits::<cute!((_128,_64):(_1,_128))>();
    matrix::<cute!((_128,_64):(_64,_1))>();
    tile::<cute!((_128,(_8,_8)):(_64,(_1,_8)))>();
    reshape::<cute!((_128,_64):(_64,_1))>();
    load::<G2S>();
    gemm::<Mma>();
}
