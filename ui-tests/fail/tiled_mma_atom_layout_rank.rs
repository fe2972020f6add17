// rejects.txt: TiledMMA with a rank-2 atom layout (CuTe: TiledMMA requires rank-3 AtomLayoutMNK).
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, ThrLayoutVMNK}};
fn main() {
    let _ = show::<ThrLayoutVMNK<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_,_,_))>>>();
}
