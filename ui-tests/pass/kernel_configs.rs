// The named kernel configurations keep every rule of Sm80Checked / Sm90Checked (their
// neighbours in ui-tests/fail/kernel_config.rs break one each), and so does the correct
// neighbour of its case kernel_config_tma_swizzle: the 64-byte atom with the 64-byte TMA mode.
use tycute::configs::kernel::sm80::Sm80Checked;
use tycute::configs::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
use tycute::configs::sm90 as s;
use tycute::configs::{sgemm_sm80::SgemmSm80, sm80_tn_128x256::Sm80Tn128x256, sm90::Sm90};
#[allow(unused_imports)]
use tycute::cute;

fn kernel<C: Sm80Checked>() -> &'static str {
    C::NAME
}

fn kernel90<C: Sm90Checked>() -> &'static str {
    C::NAME
}

struct Sw64A;
impl Sm90Config for Sw64A {
    const NAME: &'static str = "sw64_a";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type ElementAB = tycute::half_t; type ElementCD = tycute::half_t;
    type SmemLayoutAStage = tycute::TileToShape<tycute::Layout_K_SW64_Atom<tycute::half_t>, cute!((_128,_64))>;
    type SmemLayoutBStage = tycute::TileToShape<s::SmemAtomA, cute!((_128,_64))>;
    type TmaSwizzleA = TmaSwizzle64B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = s::Mma;
    type EpiM = cute!(_64);
    type EpiN = cute!(_32);
    type StagesCD = cute!(_2);
    type SmemLayoutDStage = tycute::TileToShape<s::SmemAtomD, s::EpilogueTile>;
    type SmemLayoutCStage = tycute::TileToShape<s::SmemAtomD, s::EpilogueTile>;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = tycute::typenum::B0;
}

fn main() {
    println!("{} {} {} {}", kernel::<SgemmSm80>(), kernel::<Sm80Tn128x256>(), kernel90::<Sm90>(), kernel90::<Sw64A>());
}
