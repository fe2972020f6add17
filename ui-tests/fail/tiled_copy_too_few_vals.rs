// rejects.txt: each thread moves 4 halves, but UniversalCopy<uint128_t> moves 8 per copy.
use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint128_t}, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_1,_4):(_0,_1))>>>();
}
