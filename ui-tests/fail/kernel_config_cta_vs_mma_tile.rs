// A TiledMMA tile of 32x96x16: bN = 256 is not a whole number of them.
use tycute::configs::kernel::sm80::{Sm80Checked, Sm80Config};
use tycute::configs::sm80_tn_128x256 as w;
#[allow(unused_imports)]
use tycute::cute;

struct Tile96;
type Mma96 = tycute::tiled::mma::MakeTiledMma<
    tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x16_F32F16F16F32_TN>,
    tycute::MakeLayoutLeft<cute!((_2,_4))>,
    cute!((_32,_96,_16)),
>;
type R2S96 = tycute::tiled::copy::MakeTiledCopyC<
    tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::swizzle::recast::uint32_t>, tycute::swizzle::recast::float>,
    Mma96,
>;
impl Sm80Config for Tile96 {
    const NAME: &'static str = "tile96";
    const ABOUT: &'static str = "mma tile N 96";
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
    type CopyA = w::CopyA;
    type CopyB = w::CopyB;
    type MmaC = Mma96;
    type S2RCopyA = w::S2RCopyA;
    type S2RCopyB = w::S2RCopyB;
    type SmemLayoutC = w::SmemLayoutC;
    type R2SCopy = R2S96;
    type S2GCopy = w::S2GCopy;
}

fn kernel<C: Sm80Checked>() {}

fn main() {
    kernel::<Tile96>();
}
