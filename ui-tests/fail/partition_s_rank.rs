// partition_S of a rank-1 tensor by a rank-2 TiledCopy (CuTe: "Rank of tensor to be partitioned too small.").
use tycute::{cute, show, typenum::P1, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopy, PartitionS}};
fn main() {
    let _ = show::<PartitionS<MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>, cute!(_256:_1), P1>>();
}
