// 4x2 atoms of 16x8x16 need M = 64, but the permutation tile gives 32 (CuTe indexes past the tile).
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_4,_2,_1):(_1,_4,_0)), cute!((_32,_32,_16))>>>();
}
