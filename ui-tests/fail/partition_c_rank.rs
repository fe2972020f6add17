// partition_C of a rank-1 tensor (CuTe: thrfrg_C's CUTE_STATIC_ASSERT_V(rank(ctensor) >= Int<2>{})).
use tycute::{cute, show, typenum::P1, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, PartitionC}};
fn main() {
    let _ = show::<PartitionC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!(_1024:_1), P1>>();
}
