// partition_S for whole tiles of sgemm_sm80's G2S copy (a 16x64 tile) over a 120x64 gmem tile: 120 % 16 != 0.
use tycute::{cute, show, typenum::P37, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, swizzle::recast::{half_t, uint128_t}, tiled::copy::{ExactPartitionS, MakeTiledCopy}};
type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
fn main() {
    let _ = show::<ExactPartitionS<G2S, cute!((_120,_64):(_64,_1)), P37>>();
}
