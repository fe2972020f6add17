// ReuseSmemC with C's epilogue stage M-major (Layout_MN_SW64_Atom) and D's N-major
// (Layout_K_SW64_Atom): both 64B-swizzled, so each matches the tensor map's mode, but D would be
// written into C's stage in one layout and stored by a TMA map that reads it in the other. CUTLASS
// has a static_assert for this; here it is a rule of the configuration.
use tycute::configs::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
#[allow(unused_imports)]
use tycute::cute;

// the sm90 configuration's parts this case builds on (as in tycute::configs::sm90), spelled
// out so that the ui-tests need only the kernel rules, not the named configurations
mod s {
    pub type SmemAtomA = tycute::Layout_K_SW128_Atom<tycute::half_t>;
    pub type SmemAtomD = tycute::Layout_K_SW64_Atom<tycute::half_t>;
    pub type EpilogueTile = tycute::cute!((_64,_32));
    pub type Mma = tycute::tiled::mma::MakeTiledMma<
        tycute::atom::MMA_Atom<tycute::atom::SM90_64x128x16_F32F16F16_SS<tycute::atom::K, tycute::atom::K>>,
    >;
}

struct ReuseMismatch;
impl Sm90Config for ReuseMismatch {
    const NAME: &'static str = "reuse_mismatch";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type ElementAB = tycute::half_t; type ElementCD = tycute::half_t;
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
