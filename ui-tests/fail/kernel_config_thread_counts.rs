// The G2S copy of A is the 128-thread copy of sgemm_sm80, the TiledMMA has 256 threads.
use tycute::configs::kernel::sm80::{Sm80Checked, Sm80Config};
use tycute::configs::sm80_tn_128x256 as w;
#[allow(unused_imports)]
use tycute::cute;

struct Mixed;
impl Sm80Config for Mixed {
    const NAME: &'static str = "mixed";
    const ABOUT: &'static str = "a 128-thread copy in a 256-thread kernel";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = w::Stages;
    type SwizzleAtom = w::SwizzleAtom;
    type SmemLayoutA = w::SmemLayoutA;
    type SmemLayoutB = w::SmemLayoutB;
    type SmemLayoutAStage = w::SmemLayoutAStage;
    type SmemLayoutBStage = w::SmemLayoutBStage;
    type G2SAtom = w::G2SAtom;
    type CopyA = tycute::configs::sgemm_sm80::CopyA;
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
    kernel::<Mixed>();
}
