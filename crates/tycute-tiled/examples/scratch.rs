extern crate tycute_layout as tycute;
use tycute_atom::*;
use tycute_layout::swizzle::recast::*;
use tycute_macros::cute;
use tycute_tiled::copy::*;
type R = cute!(Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0)));
type A = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
type B = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>, cute!((_32,_8):(_1,_32)), cute!((_4,_1):(_1,_0))>;
type C = MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>;
fn main() {
    println!("{}", text::<PartitionD<A, R, cute!(_0)>>());
    println!("{}", text::<PartitionD<A, R, cute!(_37)>>());
    println!("{}", text::<PartitionD<B, R, cute!(_0)>>());
    println!("{}", text::<PartitionD<C, R, cute!(_0)>>());
    println!("{:?}", &table_of::<PartitionD<C, R, cute!(_0)>>()[..10]);
}
