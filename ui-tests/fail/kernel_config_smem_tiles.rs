// Three stages of a 128x256x64 tile, but sA tiled for two: size(sA) is 16384, not 128*64*3.
use tycute::configs::kernel::sm80::{Sm80Checked, Sm80Config};
use tycute::configs::sm80_tn_128x256 as w;
#[allow(unused_imports)]
use tycute::cute;

struct ShortA;
impl Sm80Config for ShortA {
    const NAME: &'static str = "short_a";
    const ABOUT: &'static str = "sA of two stages";
    type BM = cute!(_128);
    type BN = cute!(_256);
    type BK = cute!(_64);
    type Stages = cute!(_3);
    type SwizzleAtom = w::SwizzleAtom;
    type SmemLayoutA = tycute::TileToShape<w::SwizzleAtom, cute!((_128,_64,_2))>;
    type SmemLayoutB = tycute::TileToShape<w::SwizzleAtom, cute!((_256,_64,_3))>;
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
    kernel::<ShortA>();
}
