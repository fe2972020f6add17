// A TiledMMA of 2x2 warps with a (32,48,16) tile: 48 does not divide bN = 128.
use tycute::atom::{MMA_Atom, SM80_16x8x16_F32BF16BF16F32_TN};
use tycute::tiled::mma::MakeTiledMma;
use tycute::{cute, MakeLayoutLeft};
use tycute_example_bf16_tile::design::G2S;
use tycute_example_bf16_tile::tile_for;

type Mma48 = MakeTiledMma<MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>, MakeLayoutLeft<cute!((_2,_2))>, cute!((_32,_48,_16))>;

fn main() {
    let _ = tile_for::<Mma48, G2S>();
}
