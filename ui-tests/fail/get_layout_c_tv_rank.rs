// get_layoutC_TV of a TiledMMA with a rank-2 atom layout (CuTe: TiledMMA requires rank-3 AtomLayoutMNK);
// it overflowed the trait solver (E0275) before the rank gate.
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_,_,_))>>>();
}
