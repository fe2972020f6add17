// make_tiled_copy_S: the TV layout (_32,_2):(_1,_64) leaves half of the (32,4) tile uncovered (CUTLASS #3345).
use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopyS, TiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopyS<Copy_Atom<UniversalCopy<uint32_t>, half_t>, TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_2):(_1,_64)), cute!((_32,_4))>>>>();
}
