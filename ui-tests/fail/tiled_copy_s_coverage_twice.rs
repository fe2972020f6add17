// make_tiled_copy_S: the TV layout (_32,_4):(_1,_16) reaches elements 16..31 of its (64,2) tile twice (CUTLASS #3345).
use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopyS, TiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopyS<Copy_Atom<UniversalCopy<uint32_t>, half_t>, TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_1,_16)), cute!((_64,_2))>>>>();
}
