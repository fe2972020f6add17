// 2x4 atoms of 16x8x16 need N = 32, but the permutation tile gives 16.
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_4,_1):(_1,_2,_0)), cute!((_32,_16,_16))>>>();
}
