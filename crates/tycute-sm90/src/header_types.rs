//! The sm90 configurations' [`Sm90Types`](tycute_kernel::emit::sm90::Sm90Types): for each, the type-level values its header needs
//! (`show`/`table` of the configuration module's CuTe-named types), which the generic emitter
//! (`tycute_kernel::emit::sm90`) turns into the header; and the `sm90` configuration's tables,
//! header and host-side proof.

use tycute_kernel::emit::sm90::{check_tables, header_of, tables_of, Report, Sm90Types, Tables, Texts};
use tycute_kernel::kernel::checks::Checked;
use tycute_kernel::kernel::sm90::Sm90Config;
use tycute_layout::repr::Repr;
use tycute_layout::{LayoutAt, Size};
use tycute_tiled::copy::{TidfrgD, TidfrgS};
use tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC, TileShape};

use crate::sm90::Sm90;

/// Every value a configuration's header reads, and its module's facts, in one path (see
/// [`sm90_types!`]; the K-major family's `@types` too).
pub(crate) trait AllReprs {
    /// `texts` (15), `mma` (7), `operand_stages` (8: each of A K-major, A MN-major, B K-major, B
    /// MN-major as the stage and its inner layout), `epilogue` (5), `sd`, `size<0>` of the
    /// accumulators, then the facts' place (`Checked`, its value meaningless).
    const REPRS: &'static [Repr];
}
/// Where [`AllReprs::REPRS`]' parts start.
pub(crate) const TEXTS: usize = 0;
pub(crate) const MMA: usize = TEXTS + 15;
pub(crate) const STAGES: usize = MMA + 7;
pub(crate) const EPILOGUE: usize = STAGES + 8;
pub(crate) const SD: usize = EPILOGUE + 5;
pub(crate) const ACC0: usize = SD + 1;

/// The [`Sm90Types`] methods that read [`AllReprs::REPRS`] of `$ty`.
macro_rules! sm90_types_from_reprs {
    ($ty:ty) => {
        fn texts() -> ::tycute_kernel::emit::sm90::Texts {
            use $crate::header_types::{AllReprs, ACC0, MMA, TEXTS};
            // the parts' offsets match the tuple: every value above, then the facts' place
            const { assert!(<$ty as AllReprs>::REPRS.len() == ACC0 + 2, "AllReprs::REPRS is not TEXTS..ACC0 and the facts") };
            let r = <$ty as AllReprs>::REPRS;
            ::tycute_kernel::emit::sm90::Texts::from_reprs(r[TEXTS..MMA].try_into().expect("the fifteen values of Texts"))
        }
        fn sd() -> Vec<i64> {
            use $crate::header_types::{AllReprs, SD};
            <$ty as AllReprs>::REPRS[SD].table()
        }
        fn mma() -> [Vec<i64>; 7] {
            use $crate::header_types::{AllReprs, MMA};
            let r = <$ty as AllReprs>::REPRS;
            core::array::from_fn(|k| r[MMA + k].table())
        }
        fn acc_per_mma() -> i64 {
            use $crate::header_types::{AllReprs, ACC0};
            match <$ty as AllReprs>::REPRS[ACC0].node() {
                Some(::tycute_layout::repr::ReprNode::Int(n)) => n,
                other => panic!("size<0>(accumulators) is a static integer, not {other:?}"),
            }
        }
        fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
            use $crate::header_types::{AllReprs, STAGES};
            let r = <$ty as AllReprs>::REPRS;
            core::array::from_fn(|k| (r[STAGES + 2 * k].text(), r[STAGES + 2 * k].table(), r[STAGES + 2 * k + 1].table()))
        }
        fn epilogue() -> [Vec<i64>; 5] {
            use $crate::header_types::{AllReprs, EPILOGUE};
            let r = <$ty as AllReprs>::REPRS;
            core::array::from_fn(|k| r[EPILOGUE + k].table())
        }
    };
}
pub(crate) use sm90_types_from_reprs;

/// `impl Sm90Types for $cfg` from the types of configuration module `crate::$m` (`variant T, of
/// $cfg, module`: for a test variant `T` of configuration `$cfg` whose types are `module`'s).
///
/// Every type-level value the header reads, and the module's type equalities (its `Facts`,
/// `tycute_kernel::assert_same_all!`), are named in one path, [`AllReprs::REPRS`]: the borrow
/// checker normalizes each path of a body apart, and these share the configuration's TiledMMA
/// and epilogue copies (docs/design.md, "Compile time").
macro_rules! sm90_types {
    ($cfg:ty, $m:ident, $about:expr) => {
        sm90_types!(variant $cfg, of $cfg, $m, $about);
    };
    (variant $ty:ty, of $cfg:ty, $($m:ident)::+, $about:expr) => {
        impl AllReprs for $ty {
            const REPRS: &'static [Repr] = {
                use crate::$($m)::+ as c;
                use crate::sm90_layouts::StageOf;
                use tycute_layout::swizzle::gmma::{MajorK, MajorMN};
                use tycute_layout::AsPositionIndependent as Pi;
                type Bm = <$cfg as Sm90Config>::BM;
                type Bn = <$cfg as Sm90Config>::BN;
                type Bk = <$cfg as Sm90Config>::BK;
                type Inner<L> = crate::sm90::InnerLayout<Pi<L>>;
                type AK = StageOf<MajorK, Bm, Bk>;
                type AMn = StageOf<MajorMN, Bm, Bk>;
                type BK = StageOf<MajorK, Bn, Bk>;
                type BMn = StageOf<MajorMN, Bn, Bk>;
                <(
                    // TEXTS
                    c::CtaTiler,
                    c::Stages,
                    c::SmemAtomA,
                    c::SmemAtomD,
                    c::TmaBoxB,
                    c::TmaBoxD,
                    c::SmemLayoutAStage,
                    c::SmemLayoutBStage,
                    c::SmemLayoutDStage,
                    TileShape<c::Mma>,
                    ThrLayoutVMNK<c::Mma>,
                    c::ClusterShape,
                    c::EpilogueTile,
                    c::StagesCD,
                    Pi<<$cfg as Sm90Config>::SmemLayoutCStage>,
                    // MMA
                    ThrLayoutVMNK<c::Mma>,
                    ThrfrgA<c::Mma, c::CoordMK>,
                    GetLayoutA_TV<c::Mma>,
                    ThrfrgB<c::Mma, c::CoordNK>,
                    GetLayoutB_TV<c::Mma>,
                    ThrfrgC<c::Mma, c::CoordMN>,
                    c::Accumulators,
                    // STAGES
                    Pi<AK>,
                    Inner<AK>,
                    Pi<AMn>,
                    Inner<AMn>,
                    Pi<BK>,
                    Inner<BK>,
                    Pi<BMn>,
                    Inner<BMn>,
                    // EPILOGUE
                    c::EpiTiles,
                    TidfrgD<c::TiledR2S, c::SD>,
                    TidfrgS<c::TiledR2S, c::CoordEpi>,
                    TidfrgS<c::TiledS2R, c::SC>,
                    TidfrgD<c::TiledS2R, c::CoordEpi>,
                    // SD, ACC0
                    c::SmemLayoutDStage,
                    Size<LayoutAt<c::Accumulators, tycute_layout::typenum::Z0>>,
                    // the module's facts
                    Checked<c::Facts>,
                ) as tycute_layout::ReifyEach>::REPRS
            };
        }
        impl Sm90Types for $ty {
            type Cfg = $cfg;
            const ABOUT: &'static str = $about;
            const THREADS: usize = crate::$($m)::+::NUM_THREADS;
            fn wgmma() -> (&'static str, usize, bool) {
                type Atom = <crate::$($m)::+::Mma as tycute_tiled::mma::TiledMma>::Atom;
                (<Atom as tycute_atom::GmmaPtx>::PTX, <Atom as tycute_atom::GmmaPtx>::D_REGS, <Atom as tycute_atom::GmmaPtx>::D_F32)
            }
            sm90_types_from_reprs!($ty);
        }
    };
}

/// `impl Sm90Types for $ty`, a configuration derived from `$base` by its element type
/// (`tycute_kernel::sm90_with_element!`): every table is `$base`'s (the same layouts), the GMMA
/// atom's instruction `$ty`'s own.
macro_rules! sm90_types_element {
    ($ty:ty, of $base:ty, $about:expr) => {
        impl Sm90Types for $ty {
            type Cfg = $ty;
            const ABOUT: &'static str = $about;
            const THREADS: usize = <$base as Sm90Types>::THREADS;
            const K_MAJOR_ONLY: bool = <$base as Sm90Types>::K_MAJOR_ONLY;
            fn texts() -> Texts {
                <$base as Sm90Types>::texts()
            }
            fn sd() -> Vec<i64> {
                <$base as Sm90Types>::sd()
            }
            fn mma() -> [Vec<i64>; 7] {
                <$base as Sm90Types>::mma()
            }
            fn wgmma() -> (&'static str, usize, bool) {
                type Atom = <<$ty as Sm90Config>::MmaC as tycute_tiled::mma::TiledMma>::Atom;
                (<Atom as tycute_atom::GmmaPtx>::PTX, <Atom as tycute_atom::GmmaPtx>::D_REGS, <Atom as tycute_atom::GmmaPtx>::D_F32)
            }
            fn acc_per_mma() -> i64 {
                <$base as Sm90Types>::acc_per_mma()
            }
            fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
                <$base as Sm90Types>::operand_stages()
            }
            fn epilogue() -> [Vec<i64>; 5] {
                <$base as Sm90Types>::epilogue()
            }
        }
    };
}

sm90_types!(
    crate::sm90::Sm90,
    sm90,
    "sm90: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, a 64x128x16 GMMA warpgroup (f32 accumulators), 128x128x64 CTA tile, 6 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong"
);
sm90_types!(
    variant crate::sm90_128x256::c2::Sm90_128x256C2,
    of crate::sm90_128x256::c2::Sm90_128x256C2,
    sm90_128x256::c2,
    "sm90_128x256_c2: sm90_128x256 (cooperative 128x256x64, two 64x256x16 GMMA warpgroups, f32 accumulators) in clusters of two CTAs along M, each loading half of B's tile into both (TMA multicast; K-major B only)"
);
sm90_types!(
    crate::sm90::Sm90ReuseSmemC,
    sm90,
    "sm90_reuse_c: sm90 (ping-pong 128x128x64, 64x32 epilogue sub-tiles) with ReuseSmemC: D is stored through the stage its C sub-tile was loaded into"
);
sm90_types!(
    crate::sm90_128x256::Sm90_128x256,
    sm90_128x256,
    "sm90_128x256: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, two 64x256x16 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators), 128x256x64 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of half_t D (N-major) in 128x32 sub-tiles"
);
sm90_types!(
    crate::sm90_128x192::Sm90_128x192,
    sm90_128x192,
    "sm90_128x192: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, two 64x192x16 GMMA warpgroups along M (TiledMMA (_2,_1,_1), f32 accumulators), 128x192x64 CTA tile, 4 stages, cooperative STSM + TMA-store epilogue of half_t D (N-major) in 128x32 sub-tiles"
);
sm90_types!(
    crate::sm90_128x64::Sm90_128x64,
    sm90_128x64,
    "sm90_128x64: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, a 64x64x16 GMMA warpgroup (f32 accumulators), 128x64x64 CTA tile, 8 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong"
);
sm90_types!(
    crate::sm90_64x64::Sm90_64x64,
    sm90_64x64,
    "sm90_64x64: half_t A (M,K) and B (N,K) K-major, TMA into 128B-swizzled smem, a 64x64x16 GMMA warpgroup (f32 accumulators), 64x64x64 CTA tile, 12 stages, STSM + TMA-store epilogue of half_t D (N-major) in 64x32 sub-tiles; the kernel runs two such warpgroups in ping-pong"
);

sm90_types_element!(
    crate::sm90_64x96::Sm90_64x96Bf16,
    of crate::sm90_64x96::Sm90_64x96,
    "sm90_64x96_bf16: sm90_64x96 (ping-pong 64x96x64, K-major A and B only, 8 stages) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x96x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_64x96::Sm90_64x96Sk,
    of crate::sm90_64x96::Sm90_64x96,
    "sm90_64x96_sk: sm90_64x96 (64x96x64, K-major A and B only, 8 stages) in one consumer warpgroup: the cooperative schedule, stream-K"
);
sm90_types_element!(
    crate::sm90_64x96::Sm90_64x96SkBf16,
    of crate::sm90_64x96::Sm90_64x96Bf16,
    "sm90_64x96_sk_bf16: sm90_64x96_bf16 (64x96x64, K-major A and B only, 8 stages, bfloat16_t A, B, C, D and bias) in one consumer warpgroup: the cooperative schedule, stream-K"
);
sm90_types_element!(
    crate::sm90_128x96::Sm90_128x96Sk,
    of crate::sm90_128x96::Sm90_128x96,
    "sm90_128x96_sk: sm90_128x96 (128x96x64, 64x96x16 GMMA, K-major A and B only, 6 stages) in one consumer warpgroup: the cooperative schedule, stream-K"
);
sm90_types_element!(
    crate::sm90_128x96::Sm90_128x96SkBf16,
    of crate::sm90_128x96::Sm90_128x96Bf16,
    "sm90_128x96_sk_bf16: sm90_128x96_bf16 (128x96x64, K-major A and B only, 6 stages, bfloat16_t A, B, C, D and bias) in one consumer warpgroup: the cooperative schedule, stream-K"
);
sm90_types_element!(
    crate::sm90_128x96::Sm90_128x96Bf16,
    of crate::sm90_128x96::Sm90_128x96,
    "sm90_128x96_bf16: sm90_128x96 (ping-pong 128x96x64, K-major A and B only, 6 stages) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x96x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90Bf16,
    of crate::sm90::Sm90,
    "sm90_bf16: sm90 (ping-pong 128x128x64, 64x128x16 GMMA warpgroups, f32 accumulators) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x128x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90_128x256Bf16,
    of crate::sm90_128x256::Sm90_128x256,
    "sm90_128x256_bf16: sm90_128x256 (cooperative 128x256x64, two 64x256x16 GMMA warpgroups, f32 accumulators, stream-K) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x256x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90_128x256Bf16C2,
    of crate::sm90_128x256::c2::Sm90_128x256C2,
    "sm90_128x256_bf16_c2: sm90_128x256_c2 (cooperative 128x256x64 in clusters of two CTAs along M, B multicast) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x256x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90_128x192Bf16,
    of crate::sm90_128x192::Sm90_128x192,
    "sm90_128x192_bf16: sm90_128x192 (cooperative 128x192x64, two 64x192x16 GMMA warpgroups, f32 accumulators, stream-K) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x192x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90_128x64Bf16,
    of crate::sm90_128x64::Sm90_128x64,
    "sm90_128x64_bf16: sm90_128x64 (ping-pong 128x64x64, 64x64x16 GMMA warpgroups, f32 accumulators, 8 stages) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x64x16_F32BF16BF16_SS"
);
sm90_types_element!(
    crate::sm90_bf16::Sm90_64x64Bf16,
    of crate::sm90_64x64::Sm90_64x64,
    "sm90_64x64_bf16: sm90_64x64 (ping-pong 64x64x64, 64x64x16 GMMA warpgroups, f32 accumulators, 12 stages) with bfloat16_t A, B, C, D and bias: the GMMA atom SM90_64x64x16_F32BF16BF16_SS"
);

sm90_types_element!(
    crate::sm90_fp8_tiles::Sm90_64x96E4m3Sk,
    of crate::sm90_fp8_tiles::Sm90_64x96E4m3,
    "sm90_64x96_e4m3_sk: sm90_64x96_e4m3 (64x96x128, float_e4m3_t A and B K-major, 8 stages, bfloat16_t D) in one consumer warpgroup: the cooperative schedule, stream-K"
);

sm90_types_element!(
    crate::sm90_fp8_tiles::Sm90_128x96E4m3Sk,
    of crate::sm90_fp8_tiles::Sm90_128x96E4m3,
    "sm90_128x96_e4m3_sk: sm90_128x96_e4m3 (128x96x128, float_e4m3_t A and B K-major, 6 stages, bfloat16_t D) in one consumer warpgroup: the cooperative schedule, stream-K"
);

// the fp32-output configurations: every table their base's (the same layouts), the same atom
sm90_types_element!(
    crate::sm90_f32cd::Sm90_128x256F32cd,
    of crate::sm90_128x256::Sm90_128x256,
    "sm90_128x256_f32cd: sm90_128x256 (cooperative 128x256x64, two 64x256x16 fp16 GMMA warpgroups, f32 accumulators, stream-K) with fp32 C, D and bias, stored from the registers"
);
sm90_types_element!(
    crate::sm90_f32cd::Sm90_128x256Bf16F32cd,
    of crate::sm90_bf16::Sm90_128x256Bf16,
    "sm90_128x256_bf16_f32cd: sm90_128x256_bf16 (cooperative 128x256x64, two 64x256x16 bf16 GMMA warpgroups, f32 accumulators, stream-K) with fp32 C, D and bias, stored from the registers"
);
sm90_types_element!(
    crate::sm90_f32cd::Sm90_128x256E4m3F32cd,
    of crate::sm90_fp8::Sm90_128x256E4m3,
    "sm90_128x256_e4m3_f32cd: sm90_128x256_e4m3 (cooperative 128x256x128, two 64x256x32 e4m3 GMMA warpgroups, K-major A and B, f32 accumulators) with fp32 C, D and bias, stored from the registers"
);
sm90_types_element!(
    crate::sm90_f32cd::Sm90_128x256Tf32F32cd,
    of crate::sm90_tf32::Sm90_128x256Tf32,
    "sm90_128x256_tf32_f32cd: sm90_128x256_tf32 (cooperative 128x256x32, two 64x256x8 tf32 GMMA warpgroups, K-major A and B, f32 accumulators) with fp32 C, D and bias, stored from the registers"
);

/// The tables of the `sm90` configuration ([`tables_of`]).
pub fn tables() -> Result<Tables, String> {
    tables_of::<Sm90>()
}

/// The header text of the `sm90` configuration.
pub fn header() -> String {
    header_of::<Sm90>()
}

/// Interprets the `sm90` header's values as the hardware does and checks them against the layouts.
pub fn check() -> Result<Report, String> {
    check_tables(&tables()?)
}
