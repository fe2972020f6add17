//! The K-major-only family of sm90 configurations: the CuTe derivation that `sm90_128x256` spells
//! out for fp16, written once for the GMMA forms that read A and B K-major only (wgmma's 8-bit
//! forms, e4m3 and e5m2, and its `.tf32` form), and for 16-bit tiles whose MN-major stage no
//! 128-byte swizzle atom divides (`sm90_64x96`: that atom is 64 elements wide, and the kernel has
//! one swizzle mode per operand). `sm90_k_major_family!` declares, in the module
//! that invokes it, every CuTe-named type of one such configuration from its element types, CTA
//! tile, stages, GMMA atom, warpgroup layout, cluster shape and epilogue tile:
//!
//! ```text
//! cta_tiler = (bM,bN,bK);  bP = Stages                               // bK: one 128-byte swizzle row of ElementAB
//! sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<ElementAB>{}, (bM,bK,bP))
//! sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<ElementAB>{}, (bN,bK,bP))
//! G2S: SM90_TMA_LOAD of one (bM,bK) box of A and one (bN,bK) box of B per stage
//! mma = make_tiled_mma(Atom{}, Layout<WarpGroups>{})
//! epilogue (D = ElementCD, N-major): EpilogueTile = (EPI_M,EPI_N),
//!   sD = tile_to_shape(GMMA::Layout_K_SW64_Atom<ElementCD>{}, (EPI_M,EPI_N,StagesCD)),
//!   tiled_r2s / tiled_s2r = make_tiled_copy_S(Copy_Atom<SM90_U32x4_STSM_N / SM75_U32x4_LDSM_N, ElementCD>{},
//!                                             make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N, ElementCD>{}, mma))
//! ```
//!
//! and the configuration's [`Sm90Config`](tycute_kernel::kernel::sm90::Sm90Config) (checked:
//! `Sm90Checked`), its `Sm90Types` (the header's values: the MN-major slots repeat the K-major
//! stages and the emitter skips them, `Tables::k_major_only`) and, with `c2 Name = "name"`, the
//! variant with clusters of two CTAs along M (`c2::Name`), a configuration of its own. A member of the family is then one short file:
//! the invocation, its registry `ENTRIES`, and what is particular to it.
//!
//! The family's own rule, asserted for every member: the TMA box of A is `(bM,bK)` and of B
//! `(bN,bK)`, one box per stage (bK spans exactly the swizzle atom's 128-byte row).

/// Declares a K-major-only sm90 configuration and its CuTe-named types in the calling module (see
/// the [module](self) documentation).
///
/// ```ignore
/// sm90_k_major_family! {
///     /// The configuration as an `Sm90Config`.
///     config Sm90_128x256E4m3 = "sm90_128x256_e4m3",
///     about "...",
///     element_ab float_e4m3_t, element_cd bfloat16_t,
///     tile (_128, _256, _128), stages _4,
///     atom SM90_64x256x32_F32E4M3E4M3_SS_TN, warpgroups (_2, _1, _1), cluster (_1, _1, _1),
///     epilogue (_128, _32), stages_cd _2,
///     c2 Sm90_128x256E4m3C2 = "sm90_128x256_e4m3_c2", "... with clusters of two CTAs along M (B multicast)"
/// }
/// ```
macro_rules! sm90_k_major_family {
    // `impl Sm90Types for $ty` (configuration `$Cfg` of the invoking module, cluster `$cluster`)
    (@types $ty:ty, $cfg:ty, $cluster:ty, $about:expr) => {
        // every value of the header and the family module's facts in one path
        // (`header_types::AllReprs`: the borrow checker normalizes each path apart)
        impl $crate::header_types::AllReprs for $ty {
            const REPRS: &'static [::tycute_layout::repr::Repr] = {
                use super as c;
                use ::tycute_tiled::copy::{TidfrgD, TidfrgS};
                use ::tycute_tiled::mma::{GetLayoutA_TV, GetLayoutB_TV, ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC, TileShape};
                type InnerA = $crate::sm90::InnerLayout<c::SmemLayoutAStage>;
                type InnerB = $crate::sm90::InnerLayout<c::SmemLayoutBStage>;
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
                    $cluster,
                    c::EpilogueTile,
                    c::StagesCD,
                    c::SmemLayoutDStage,
                    // MMA
                    ThrLayoutVMNK<c::Mma>,
                    ThrfrgA<c::Mma, c::CoordMK>,
                    GetLayoutA_TV<c::Mma>,
                    ThrfrgB<c::Mma, c::CoordNK>,
                    GetLayoutB_TV<c::Mma>,
                    ThrfrgC<c::Mma, c::CoordMN>,
                    c::Accumulators,
                    // STAGES: K-major only, the MN-major places the K-major stages again
                    c::SmemLayoutAStage,
                    InnerA,
                    c::SmemLayoutAStage,
                    InnerA,
                    c::SmemLayoutBStage,
                    InnerB,
                    c::SmemLayoutBStage,
                    InnerB,
                    // EPILOGUE
                    c::EpiTiles,
                    TidfrgD<c::TiledR2S, c::SD>,
                    TidfrgS<c::TiledR2S, c::CoordEpi>,
                    TidfrgS<c::TiledS2R, c::SC>,
                    TidfrgD<c::TiledS2R, c::CoordEpi>,
                    // SD, ACC0
                    c::SmemLayoutDStage,
                    ::tycute_layout::Size<::tycute_layout::LayoutAt<c::Accumulators, ::tycute_layout::typenum::Z0>>,
                    // the family module's facts
                    ::tycute_kernel::kernel::checks::Checked<c::Facts>,
                ) as ::tycute_layout::ReifyEach>::REPRS
            };
        }
        impl ::tycute_kernel::emit::sm90::Sm90Types for $ty {
            type Cfg = $cfg;
            const ABOUT: &'static str = $about;
            const THREADS: usize = super::NUM_THREADS;
            const K_MAJOR_ONLY: bool = true;
            fn wgmma() -> (&'static str, usize, bool) {
                type Atom = super::MmaAtom;
                (<Atom as ::tycute_atom::GmmaPtx>::PTX, <Atom as ::tycute_atom::GmmaPtx>::D_REGS, <Atom as ::tycute_atom::GmmaPtx>::D_F32)
            }
            $crate::header_types::sm90_types_from_reprs!($ty);
        }
    };

    (
        $(#[$doc:meta])*
        config $Cfg:ident = $name:literal,
        about $about:literal,
        element_ab $eab:ty, element_cd $ecd:ty,
        tile ($bm:tt, $bn:tt, $bk:tt), stages $stages:tt,
        atom $atom:ty, warpgroups ($wm:tt, $wn:tt, $wk:tt), cluster ($cm:tt, $cn:tt, $ck:tt),
        epilogue ($em:tt, $en:tt), stages_cd $scd:tt
        $(, c2 $C2:ident = $name_c2:literal, $about_c2:literal)? $(,)?
    ) => {
        /// `(bM, bN, bK)`.
        pub type CtaTiler = cute!(($bm, $bn, $bk));
        /// Mainloop stages `bP`.
        pub type Stages = cute!($stages);

        /// `GMMA::Layout_K_SW128_Atom<ElementAB>` (A and B): rows of 128 bytes.
        pub type SmemAtomA = ::tycute_layout::Layout_K_SW128_Atom<$eab>;
        /// One stage of sA, `(bM,bK)`, as the TMA box lands in it.
        pub type SmemLayoutAStage = ::tycute_layout::AsPositionIndependent<::tycute_layout::TileToShape<SmemAtomA, cute!(($bm, $bk))>>;
        /// One stage of sB, `(bN,bK)`.
        pub type SmemLayoutBStage = ::tycute_layout::AsPositionIndependent<::tycute_layout::TileToShape<SmemAtomA, cute!(($bn, $bk))>>;
        /// The TMA box of A: `product_each(shape(sA(_,_,0)))`.
        pub type TmaBoxA = ::tycute_layout::algebra::tiler::ProductEach<::tycute_layout::layout::ShapeOf<$crate::sm90::InnerLayout<SmemLayoutAStage>>>;
        /// The TMA box of B.
        pub type TmaBoxB = ::tycute_layout::algebra::tiler::ProductEach<::tycute_layout::layout::ShapeOf<$crate::sm90::InnerLayout<SmemLayoutBStage>>>;
        /// `ClusterShape`: `(_1,_1,_1)`, or `(_2,_1,_1)` for clusters of two CTAs along M that
        /// share their B tile (each loads half of it into both: `SM90_TMA_LOAD_MULTICAST`).
        pub type ClusterShape = cute!(($cm, $cn, $ck));
        /// Bytes per element of A and B.
        const ELEM_BYTES_AB: i64 = <::tycute_layout::numeric::Bits<$eab> as ::typenum::Integer>::I64 / 8;
        /// Bytes of one box of A (the mbarrier's transaction count per stage adds A's and B's).
        pub const TMA_BOX_BYTES_A: i64 = <::tycute_layout::Cosize<SmemLayoutAStage> as ::typenum::Integer>::I64 * ELEM_BYTES_AB;
        /// Bytes of one box of B.
        pub const TMA_BOX_BYTES_B: i64 = <::tycute_layout::Cosize<SmemLayoutBStage> as ::typenum::Integer>::I64 * ELEM_BYTES_AB;

        /// The GMMA atom, `MMA_Atom<...>`: one warpgroup.
        pub type MmaAtom = ::tycute_atom::MMA_Atom<$atom>;
        /// `make_tiled_mma(atom, Layout<WarpGroups>{})`.
        pub type Mma = ::tycute_tiled::mma::MakeTiledMma<MmaAtom, ::tycute_layout::MakeLayoutLeft<cute!(($wm, $wn, $wk))>>;

        /// `(m,k)` of one stage of A.
        pub type CoordMK = ::tycute_layout::MakeLayoutLeft<cute!(($bm, $bk))>;
        /// `(n,k)` of one stage of B.
        pub type CoordNK = ::tycute_layout::MakeLayoutLeft<cute!(($bn, $bk))>;
        /// `(m,n)` of the CTA tile.
        pub type CoordMN = ::tycute_layout::MakeLayoutLeft<cute!(($bm, $bn))>;
        /// `partition_fragment_C(tiled_mma, (bM,bN))`, thread 0 (f32).
        pub type Accumulators = ::tycute_tiled::mma::PartitionFragmentC<Mma, CoordMN, ::tycute_layout::typenum::Z0>;

        /// `EpilogueTile = (EPI_M,EPI_N)`.
        pub type EpilogueTile = cute!(($em, $en));
        /// Epilogue stages of C and D.
        pub type StagesCD = cute!($scd);
        /// `GMMA::Layout_K_SW64_Atom<ElementCD>`.
        pub type SmemAtomD = ::tycute_layout::Layout_K_SW64_Atom<$ecd>;
        /// `sD_epi`.
        pub type SD = ::tycute_layout::AsPositionIndependent<::tycute_layout::TileToShape<SmemAtomD, cute!(($em, $en, $scd))>>;
        /// `sC_epi` (the same layout).
        pub type SC = SD;
        /// One stage of sD.
        pub type SmemLayoutDStage = ::tycute_layout::AsPositionIndependent<::tycute_layout::TileToShape<SmemAtomD, EpilogueTile>>;
        /// The TMA box of D (and C).
        pub type TmaBoxD = ::tycute_layout::algebra::tiler::ProductEach<::tycute_layout::layout::ShapeOf<$crate::sm90::InnerLayout<SmemLayoutDStage>>>;
        /// `(m,n)` inside one epilogue sub-tile.
        pub type CoordEpi = ::tycute_layout::MakeLayoutLeft<EpilogueTile>;
        /// `zipped_divide(make_layout((bM,bN)), EpilogueTile)`.
        pub type EpiTiles = ::tycute_layout::ZippedDivide<CoordMN, EpilogueTile>;

        /// `make_tiled_copy_C_atom(Copy_Atom<SM90_U32x4_STSM_N, ElementCD>{}, mma)`.
        pub type TiledCopyCAtom = ::tycute_tiled::copy::MakeTiledCopyC_Atom<::tycute_atom::Copy_Atom<::tycute_atom::SM90_U32x4_STSM_N, $ecd>, Mma>;
        /// `tiled_r2s`.
        pub type TiledR2S = ::tycute_tiled::copy::MakeTiledCopyS<::tycute_atom::Copy_Atom<::tycute_atom::SM90_U32x4_STSM_N, $ecd>, TiledCopyCAtom>;
        /// `tiled_s2r`.
        pub type TiledS2R = ::tycute_tiled::copy::MakeTiledCopyS<::tycute_atom::Copy_Atom<::tycute_atom::SM75_U32x4_LDSM_N, $ecd>, TiledCopyCAtom>;
        /// `tRS_rAcc = thread_r2s.retile_S(accumulators)`.
        pub type TRSrAcc = ::tycute_tiled::copy::RetileS<TiledR2S, Accumulators>;

        /// Threads of the consumer warpgroups: `size(mma)`.
        pub const NUM_THREADS: usize = <::tycute_layout::Size<Mma> as ::typenum::Integer>::I64 as usize;

        $(#[$doc])*
        pub struct $Cfg;
        impl ::tycute_kernel::kernel::sm90::Sm90Config for $Cfg {
            const NAME: &'static str = $name;
            type BM = cute!($bm);
            type BN = cute!($bn);
            type BK = cute!($bk);
            type Stages = Stages;
            type ElementAB = $eab;
            type ElementCD = $ecd;
            type SmemLayoutAStage = ::tycute_layout::TileToShape<SmemAtomA, cute!(($bm, $bk))>;
            type SmemLayoutBStage = ::tycute_layout::TileToShape<SmemAtomA, cute!(($bn, $bk))>;
            type TmaSwizzleA = ::tycute_kernel::kernel::sm90::TmaSwizzle128B;
            type TmaSwizzleB = ::tycute_kernel::kernel::sm90::TmaSwizzle128B;
            type MmaC = Mma;
            type EpiM = cute!($em);
            type EpiN = cute!($en);
            type StagesCD = StagesCD;
            type SmemLayoutDStage = ::tycute_layout::TileToShape<SmemAtomD, EpilogueTile>;
            type SmemLayoutCStage = ::tycute_layout::TileToShape<SmemAtomD, EpilogueTile>;
            type TmaSwizzleD = ::tycute_kernel::kernel::sm90::TmaSwizzle64B;
            type ReuseSmemC = ::typenum::B0;
        }
        // CTA tile vs the TiledMMA tile, TMA modes vs smem swizzles, majors, the atom takes
        // ElementAB with f32 accumulators, stages, shared memory <= 227 KiB
        ::static_assertions::assert_impl_all!($Cfg: ::tycute_kernel::kernel::sm90::Sm90Checked);
        // every thread of the MMA in both epilogue copies
        // the family's rule: one (bM,bK) box of A and one (bN,bK) box of B per stage;
        // CUTE_STATIC_ASSERT(size<0>(tRS_rAcc) % FragmentSize == 0); all in one path, the header's
        // (`Facts` in `header_types::AllReprs`; their own body without `kernel`)
        ::tycute_kernel::assert_same_all! {
            facts Facts;
            [::tycute_layout::Size<Mma>, ::tycute_tiled::copy::TiledNumThr<TiledR2S>, ::tycute_tiled::copy::TiledNumThr<TiledS2R>],
            [TmaBoxA, cute!(($bm, $bk))],
            [TmaBoxB, cute!(($bn, $bk))],
            [TmaBoxD, cute!(($em, $en))],
            [::typenum::Mod<::tycute_layout::Size<::tycute_layout::LayoutAt<TRSrAcc, ::tycute_layout::typenum::Z0>>, $crate::sm90::FragmentSize>, ::tycute_layout::typenum::Z0],
        }

        $(
            /// The configuration with `ClusterShape = (_2,_1,_1)` (every other type the same): each
            /// CTA of a cluster multicasts a half of B's tile into both.
            pub mod c2 {
                pub use super::*;
                /// Clusters of two CTAs along M.
                pub type ClusterShape = cute!((_2, _1, _1));
                ::tycute_kernel::sm90_derive! {
                    /// The variant as a configuration of its own (its header names the cluster):
                    /// every type is the single-CTA configuration's.
                    pub struct $C2 = $Cfg { NAME = $name_c2 }
                }
                ::static_assertions::assert_impl_all!($C2: ::tycute_kernel::kernel::sm90::Sm90Checked);
            }
        )?

        #[cfg(feature = "kernel")]
        mod k_major_family_types {
            sm90_k_major_family!(@types super::$Cfg, super::$Cfg, super::ClusterShape, $about);
            $( sm90_k_major_family!(@types super::c2::$C2, super::c2::$C2, super::c2::ClusterShape, $about_c2); )?
        }
    };

}
