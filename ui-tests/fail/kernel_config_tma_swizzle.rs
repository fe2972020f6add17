// sA tiled from the 64-byte-swizzled GMMA atom (Sw<2,4,3>) while A's tensor map is encoded with
// CU_TENSOR_MAP_SWIZZLE_128B: TMA would write the box with one permutation and wgmma would read
// it with another. C++ CuTe builds this and the kernel computes garbage; here it does not compile.
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

struct MismatchedA;
impl Sm90Config for MismatchedA {
    const NAME: &'static str = "mismatched_a";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type ElementAB = tycute::half_t; type ElementCD = tycute::half_t;
    type SmemLayoutAStage = tycute::TileToShape<tycute::Layout_K_SW64_Atom<tycute::half_t>, cute!((_128,_64))>;
    type SmemLayoutBStage = tycute::TileToShape<s::SmemAtomA, cute!((_128,_64))>;
    type TmaSwizzleA = TmaSwizzle128B;
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

fn kernel<C: Sm90Checked>() {}

fn main() {
    kernel::<MismatchedA>();
}
