// rejects.txt: ldmatrix.x1 gives each thread 32 bits; a uint128_t value does not fit (CuTe: CopyOperation is not valid for Dst of ValType).
use tycute::{show, atom::{Copy_Atom, SM75_U32x1_LDSM_N}, swizzle::recast::uint128_t, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM75_U32x1_LDSM_N, uint128_t>, tycute::cute!((_32,_1):(_1,_0)), tycute::cute!((_1,_1):(_0,_0))>>>();
}
