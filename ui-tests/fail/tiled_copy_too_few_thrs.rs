// rejects.txt: ldmatrix is a warp-wide copy (32 threads); the thread layout has 16.
use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x4_LDSM_N}, swizzle::recast::half_t, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, cute!((_4,_4):(_1,_4)), cute!((_1,_8):(_0,_1))>>>();
}
