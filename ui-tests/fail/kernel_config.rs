// Kernel configurations: each case breaks one rule of Sm80Checked or Sm90Checked, and
// `kernel::<C>()` fails with that rule's message.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// kernel_config_thread_counts (rule `CopyAThreads`):
// The G2S copy of A is the 128-thread copy of sgemm_sm80, the TiledMMA has 256 threads.
mod kernel_config_thread_counts {
    use tycute::kernel::sm80::{Sm80Checked, Sm80Config};
    use tycute_sm80_128x256::sm80_tn_128x256 as w;
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
        type CopyA = tycute::tiled::copy::MakeTiledCopy<w::G2SAtom, cute!((_16,_8):(_8,_1)), tycute::MakeLayoutLeft<cute!((_1,_8))>>;
        type CopyB = w::CopyB;
        type MmaC = w::MmaC;
        type S2RAtomA = w::S2RAtom;
        type S2RAtomB = w::S2RAtom;
        type SmemLayoutC = w::SmemLayoutC;
        type R2SAtom = w::R2SAtom;
        type S2GCopy = w::S2GCopy;
    }

    fn kernel<C: Sm80Checked>() {}

    fn case() {
        kernel::<Mixed>();
    }
}

// kernel_config_cta_vs_mma_tile (rule `CtaNDividesMma`):
// A TiledMMA tile of 32x96x16: bN = 256 is not a whole number of them.
mod kernel_config_cta_vs_mma_tile {
    use tycute::kernel::sm80::{Sm80Checked, Sm80Config};
    use tycute_sm80_128x256::sm80_tn_128x256 as w;
    #[allow(unused_imports)]
    use tycute::cute;

    struct Tile96;
    type Mma96 = tycute::tiled::mma::MakeTiledMma<
        tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x16_F32F16F16F32_TN>,
        tycute::MakeLayoutLeft<cute!((_2,_4))>,
        cute!((_32,_96,_16)),
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
        type S2RAtomA = w::S2RAtom;
        type S2RAtomB = w::S2RAtom;
        type SmemLayoutC = w::SmemLayoutC;
        type R2SAtom = w::R2SAtom;
        type S2GCopy = w::S2GCopy;
    }

    fn kernel<C: Sm80Checked>() {}

    fn case() {
        kernel::<Tile96>();
    }
}

// kernel_config_smem_tiles (rule `SmemTiles`):
// Three stages of a 128x256x64 tile, but sA tiled for two: size(sA) is 16384, not 128*64*3.
mod kernel_config_smem_tiles {
    use tycute::kernel::sm80::{Sm80Checked, Sm80Config};
    use tycute_sm80_128x256::sm80_tn_128x256 as w;
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
        type S2RAtomA = w::S2RAtom;
        type S2RAtomB = w::S2RAtom;
        type SmemLayoutC = w::SmemLayoutC;
        type R2SAtom = w::R2SAtom;
        type S2GCopy = w::S2GCopy;
    }

    fn kernel<C: Sm80Checked>() {}

    fn case() {
        kernel::<ShortA>();
    }
}

// kernel_config_smem_limit (rule `SmemFitsSm80`):
// Four stages of a 128x256x64 tile: 196,608 bytes of A and B, over sm_80's 163 KiB.
mod kernel_config_smem_limit {
    use tycute::kernel::sm80::{Sm80Checked, Sm80Config};
    use tycute_sm80_128x256::sm80_tn_128x256 as w;
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
        type S2RAtomA = w::S2RAtom;
        type S2RAtomB = w::S2RAtom;
        type SmemLayoutC = w::SmemLayoutC;
        type R2SAtom = w::R2SAtom;
        type S2GCopy = w::S2GCopy;
    }

    fn kernel<C: Sm80Checked>() {}

    fn case() {
        kernel::<FourStages>();
    }
}

// kernel_config_stages (rules `StagesAtLeast2`, `EpilogueFitsStages`):
// One stage: the cp.async pipeline needs two (and the fp32 C tile no longer fits in the stage memory).
mod kernel_config_stages {
    use tycute::kernel::sm80::{Sm80Checked, Sm80Config};
    use tycute_sm80_128x256::sm80_tn_128x256 as w;
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
        type S2RAtomA = w::S2RAtom;
        type S2RAtomB = w::S2RAtom;
        type SmemLayoutC = w::SmemLayoutC;
        type R2SAtom = w::R2SAtom;
        type S2GCopy = w::S2GCopy;
    }

    fn kernel<C: Sm80Checked>() {}

    fn case() {
        kernel::<OneStage>();
    }
}

// kernel_config_tma_swizzle (rule `TmaSwizzleMatchesA`):
// sA tiled from the 64-byte-swizzled GMMA atom (Sw<2,4,3>) while A's tensor map is encoded with
// CU_TENSOR_MAP_SWIZZLE_128B: TMA would write the box with one permutation and wgmma would read
// it with another. C++ CuTe builds this and the kernel computes garbage; here it does not compile.
mod kernel_config_tma_swizzle {
    use tycute::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
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

    fn case() {
        kernel::<MismatchedA>();
    }
}

// kernel_config_gmma_major (rule `GmmaMajorMatchesA`):
// sA laid out M-major (GMMA::Layout_MN_SW128_Atom tiled K first, as an M-major A is loaded) while
// the TiledMMA's atom is SS<K,K>: wgmma would read sA without its transpose bit, i.e. as K-major,
// and multiply the transposed tile. The swizzle is the TMA's either way, so no layout check of
// C++ CuTe's sees it; here it does not compile.
mod kernel_config_gmma_major {
    use tycute::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
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

    struct TransposedA;
    impl Sm90Config for TransposedA {
        const NAME: &'static str = "transposed_a";
        type BM = cute!(_128);
        type BN = cute!(_128);
        type BK = cute!(_64);
        type Stages = cute!(_4);
        type ElementAB = tycute::half_t; type ElementCD = tycute::half_t;
        type SmemLayoutAStage = tycute::TileToShapeOrdered<tycute::Layout_MN_SW128_Atom<tycute::half_t>, cute!((_128,_64)), cute!((_2,_1))>;
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

    fn case() {
        kernel::<TransposedA>();
    }
}

// kernel_config_gmma_element (rule `GmmaAtomTakesElements`):
// A bf16 configuration (Element = bfloat16_t) that kept the fp16 GMMA atom: wgmma would read the
// bf16 tiles as fp16 (the instruction names the type). The header used to come out without the
// TYCUTE_<config>_WGMMA_PTX macro, an error only when nvcc compiled the kernel; now it is the
// configuration's rule, naming the atom and both types.
mod kernel_config_gmma_element {
    use tycute::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
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

    fn case() {
        kernel::<Bf16WithF16Atom>();
    }
}

// kernel_config_reuse_smem_c (rule `ReuseSmemCFits`):
// ReuseSmemC with C's epilogue stage M-major (Layout_MN_SW64_Atom) and D's N-major
// (Layout_K_SW64_Atom): both 64B-swizzled, so each matches the tensor map's mode, but D would be
// written into C's stage in one layout and stored by a TMA map that reads it in the other. CUTLASS
// has a static_assert for this; here it is a rule of the configuration.
mod kernel_config_reuse_smem_c {
    use tycute::kernel::sm90::{Sm90Checked, Sm90Config, TmaSwizzle128B, TmaSwizzle64B};
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

    fn case() {
        kernel::<ReuseMismatch>();
    }
}

fn main() {}
