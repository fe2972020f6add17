// A bf16 configuration (Element = bfloat16_t) that kept the fp16 GMMA atom: wgmma would read the
// bf16 tiles as fp16 (the instruction names the type). The header used to come out without the
// TYCUTE_<config>_WGMMA_PTX macro, an error only when nvcc compiled the kernel; now it is the
// configuration's rule, naming the atom and both types.
use tycute::configs::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
#[allow(unused_imports)]
use tycute::cute;

// the sm90 configuration's parts (as in tycute::configs::sm90), spelled out
mod s {
    pub type SmemAtomA = tycute::Layout_K_SW128_Atom<tycute::bfloat16_t>;
    pub type SmemAtomD = tycute::Layout_K_SW64_Atom<tycute::bfloat16_t>;
    pub type EpilogueTile = tycute::cute!((_64,_32));
    pub type Mma = tycute::tiled::mma::MakeTiledMma<
        tycute::atom::MMA_Atom<tycute::atom::SM90_64x128x16_F32F16F16_SS<tycute::atom::K, tycute::atom::K>>,
    >;
}

struct Bf16WithF16Atom;
impl Sm90Config for Bf16WithF16Atom {
    const NAME: &'static str = "bf16_with_f16_atom";
    type BM = cute!(_128);
    type BN = cute!(_128);
    type BK = cute!(_64);
    type Stages = cute!(_4);
    type ElementAB = tycute::bfloat16_t; type ElementCD = tycute::bfloat16_t;
    type SmemLayoutAStage = tycute::TileToShape<s::SmemAtomA, cute!((_128,_64))>;
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
    kernel::<Bf16WithF16Atom>();
}
