// make_fragment_C: the 16x8x16 F16 atom holds 4 accumulators per thread; mode 0 of this tensor has 8.
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, MakeFragmentC}};
fn main() {
    let _ = show::<MakeFragmentC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!((_8,_2,_2):(_1,_8,_16))>>();
}
