// rejects.txt: cp.async of 8 bytes is fine, but SM80_CP_ASYNC_CACHEGLOBAL needs 16 (CuTe: cp.async sizeof(TS) is not supported).
use tycute::{cute, show, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEGLOBAL}, swizzle::recast::{half_t, uint64_t}, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_4,_1):(_1,_0))>>>();
}
