// the 16x8x16 atom needs K = 16, but the permutation tile gives 8.
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutA_TV}};
fn main() {
    let _ = show::<GetLayoutA_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_8))>>>();
}
