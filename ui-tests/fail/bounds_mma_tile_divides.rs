// A 2x2 tiling of m16n8k16 has a 32x16x16 tile; a 128x100x64 CTA tile is not whole tiles of it.
use tycute::{atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, bounds::MmaTileDivides, cute, tiled::MakeTiledMma};
type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
fn gemm<TM: MmaTileDivides<cute!((_128,_100,_64))>>() {}
fn main() {
    gemm::<Mma>();
}
