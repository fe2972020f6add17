// the permutation layout _32:_2 of M maps past its 32-row tile (cosize 63 > 32).
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32:_2,_32,_16))>>>();
}
