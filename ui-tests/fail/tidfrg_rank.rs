// rejects.txt: tidfrg_S of a rank-1 tensor (the tile is rank 2).
use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopy, TidfrgS}};
fn main() {
    let _ = show::<TidfrgS<MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>, cute!(_256:_1)>>();
}
