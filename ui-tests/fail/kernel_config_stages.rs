// One stage: the cp.async pipeline needs two (and the fp32 C tile no longer fits in the stage memory).
use tycute::configs::kernel::sm80::{Sm80Checked, Sm80Config};
use tycute::configs::sm80_tn_128x256 as w;
#[allow(unused_imports)]
use tycute::cute;

struct OneStage;
impl Sm80Config for OneStage {
    const NAME: &'static str = "one_stage";
    const ABOUT: &'static str = "1 stage";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = cute!(_1);
    type SwizzleAtom = w::SwizzleAtom;
    type SmemLayoutA = tycute::TileToShape<w::SwizzleAtom, cute!((_128,_64,_1))>;
    type SmemLayoutB = tycute::TileToShape<w::SwizzleAtom, cute!((_256,_64,_1))>;
    type SmemLayoutAStage = w::SmemLayoutAStage;
    type SmemLayoutBStage = w::SmemLayoutBStage;
    type G2SAtom = w::G2SAtom;
    type CopyA = w::CopyA;
    type CopyB = w::CopyB;
    type MmaC = w::MmaC;
    type S2RCopyA = w::S2RCopyA;
    type S2RCopyB = w::S2RCopyB;
    type SmemLayoutC = w::SmemLayoutC;
    type R2SCopy = w::R2SCopy;
    type S2GCopy = w::S2GCopy;
}

fn kernel<C: Sm80Checked>() {}

fn main() {
    kernel::<OneStage>();
}
