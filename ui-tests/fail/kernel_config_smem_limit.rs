// Four stages of a 128x256x64 tile: 196,608 bytes of A and B, over sm_80's 163 KiB.
use tycute::configs::kernel::sm80::{Sm80Checked, Sm80Config};
use tycute::configs::sm80_tn_128x256 as w;
#[allow(unused_imports)]
use tycute::cute;

struct FourStages;
impl Sm80Config for FourStages {
    const NAME: &'static str = "four_stages";
    const ABOUT: &'static str = "4 stages";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type SwizzleAtom = w::SwizzleAtom;
    type SmemLayoutA = tycute::TileToShape<w::SwizzleAtom, cute!((_128,_64,_4))>;
    type SmemLayoutB = tycute::TileToShape<w::SwizzleAtom, cute!((_256,_64,_4))>;
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
    kernel::<FourStages>();
}
