// two thread groups along K: get_layoutC_TV would map the second group past the C tile.
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_2):(_1,_2,_4)), cute!((_32,_32,_32))>>>();
}
