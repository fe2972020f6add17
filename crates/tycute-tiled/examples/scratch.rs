extern crate tycute_layout as tycute;
use tycute_atom::*;
use tycute_layout::{show, swizzle::recast::*};
use tycute_macros::cute;
use tycute_tiled::{copy::*, mma::{MakeTiledMma, GetLayoutC_TV}};
fn bit<B: typenum::Bit>() -> bool { B::BOOL }
macro_rules! check {
    ($atom:ty, $tm:ty) => {{
        type TV = CAtomTV<$atom, $tm>;
        type TL = CAtomTiler<$atom, $tm>;
        println!("{}\n  layoutC_TV {}\n  tv {}\n  tiler {}\n  covers {}", stringify!($tm), show::<GetLayoutC_TV<$tm>>(), show::<TV>(), show::<TL>(),
            bit::<CoversOnce<TV, <TL as TilerSizeOp>::Output>>());
    }};
}
type M1 = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_1,_1):(_0,_0,_0))>;
type M2 = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_1,_0))>;
fn main() {
    check!(Copy_Atom<UniversalCopy<uint32_t>, half_t>, M1);

}
