// partition_C for whole tiles of the sgemm_sm80 TiledMMA (a 32x32 C tile) over a 128x40 C tile: 40 % 32 != 0.
use tycute::{cute, show, typenum::P1, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{ExactPartitionC, TiledMMA}};
type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
fn main() {
    let _ = show::<ExactPartitionC<TM, cute!((_128,_40):(_1,_128)), P1>>();
}
