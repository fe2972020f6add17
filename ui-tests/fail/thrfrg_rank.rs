// thrfrg_C of a rank-1 reference layout (CuTe: CUTE_STATIC_ASSERT_V(rank(ref) >= Int<2>{})).
use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, ThrfrgC}};
fn main() {
    let _ = show::<ThrfrgC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!(_1024:_1)>>();
}
