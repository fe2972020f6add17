// A G2S copy of 16x8 threads (a (16,64) tile) for A's (64,32) tile: 64 does not divide 32.
use tycute::atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
use tycute::tiled::copy::MakeTiledCopy;
use tycute::{bfloat16_t, cute, uint128_t, MakeLayoutLeft};
use tycute_example_bf16_tile::design::Mma;
use tycute_example_bf16_tile::tile_for;

type Wide = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bfloat16_t>, cute!((_16,_8):(_8,_1)), MakeLayoutLeft<cute!((_1,_8))>>;

fn main() {
    let _ = tile_for::<Mma, Wide>();
}
