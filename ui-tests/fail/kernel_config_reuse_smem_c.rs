// ReuseSmemC with C's epilogue stage M-major (Layout_MN_SW64_Atom) and D's N-major
// (Layout_K_SW64_Atom): both 64B-swizzled, so each matches the tensor map's mode, but D would be
// written into C's stage in one layout and stored by a TMA map that reads it in the other. CUTLASS
// has a static_assert for this; here it is a rule of the configuration.
use tycute::configs::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
use tycute::configs::sm90 as s;
#[allow(unused_imports)]
use tycute::cute;

struct ReuseMismatch;
impl Sm90Config for ReuseMismatch {
    const NAME: &'static str = "reuse_mismatch";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type Element = tycute::half_t;
    type SmemLayoutAStage = tycute::TileToShape<s::SmemAtomA, cute!((_128,_64))>;
    type SmemLayoutBStage = tycute::TileToShape<s::SmemAtomA, cute!((_128,_64))>;
    type TmaSwizzleA = TmaSwizzle128B;
    type TmaSwizzleB = TmaSwizzle128B;
    type MmaC = s::Mma;
    type EpiM = cute!(_64);
    type EpiN = cute!(_32);
    type StagesCD = cute!(_2);
    type SmemLayoutDStage = tycute::TileToShape<s::SmemAtomD, s::EpilogueTile>;
    type SmemLayoutCStage = tycute::TileToShape<tycute::Layout_MN_SW64_Atom<tycute::half_t>, s::EpilogueTile>;
    type TmaSwizzleD = TmaSwizzle64B;
    type ReuseSmemC = tycute::typenum::B1;
}

fn kernel<C: Sm90Checked>() {}

fn main() {
    kernel::<ReuseMismatch>();
}
