//! The sm90 GEMM kernel configuration (`kernels/sm90_gemm.cu`): TMA loads into swizzled shared
//! memory, a warpgroup of wgmma reading it through descriptors, and a TMA-store epilogue.
//!
//! As for sm80 ([`super::sm80`]), a configuration names its parts ([`Sm90Config`]) and
//! [`Sm90Checked`] holds exactly when they fit; each rule is a trait whose unmet bound is the
//! error's first line. The rule C++ CuTe leaves to a run-time failure (or to silently wrong data)
//! is the TMA one: a tensor map is encoded with a swizzle mode (`CU_TENSOR_MAP_SWIZZLE_128B`, ...),
//! and the shared-memory layout the kernel (and wgmma's descriptor) reads must be swizzled the
//! same way, `Sw<B,4,3>` on byte addresses with `B` the mode's. Here the mode is a type of the
//! configuration and a mismatch does not compile:
//!
//! ```text
//! error[E0277]: kernel configuration: the smem layout of A is not swizzled the way its TMA mode writes it (Sw<B,M,S> of sA must be Sw<mode,4,3>)
//! ```

use core::ops::{Add, Mul, Rem};

use tycute_layout::layout::SizeOp;
use tycute_layout::numeric::{Bits, SizeofBits};
use tycute_layout::SmemPtr;
use tycute_atom::GmmaOperandMajors;
use tycute_layout::swizzle::gmma::GmmaMajor;
use tycute_layout::{ComposedLayout, Layout, Swizzle, Tup};
use tycute_tiled::mma::TiledMma;
use typenum::{Eq, IsEqual, IsLessOrEqual, LeEq, Mod, Prod, Quot, Sum, Z0, P1, P3, P4, P8};

use super::sm80::sealed;

rule!(
    /// `bM % tile_size<0>(mma) == 0`.
    Sm90CtaMDividesMma,
    "kernel configuration: bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0)",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bN % tile_size<1>(mma) == 0`.
    Sm90CtaNDividesMma,
    "kernel configuration: bN is not a multiple of the TiledMMA's tile along N (bN % tile_size<1>(mma) != 0)",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bK % tile_size<2>(mma) == 0`.
    Sm90CtaKDividesMma,
    "kernel configuration: bK is not a multiple of the TiledMMA's tile along K (bK % tile_size<2>(mma) != 0)",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `sA`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of A's tensor map.
    TmaSwizzleMatchesA,
    "kernel configuration: the smem layout of A is not swizzled the way its TMA mode writes it (Sw<B,M,S> of sA must be Sw<mode,4,3>)",
    "TMA writes the box with the tensor map's swizzle; wgmma and the kernel read sA with the layout's"
);
rule!(
    /// `sB`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of B's tensor map.
    TmaSwizzleMatchesB,
    "kernel configuration: the smem layout of B is not swizzled the way its TMA mode writes it (Sw<B,M,S> of sB must be Sw<mode,4,3>)",
    "TMA writes the box with the tensor map's swizzle; wgmma and the kernel read sB with the layout's"
);
rule!(
    /// `sD`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of D's tensor map.
    TmaSwizzleMatchesD,
    "kernel configuration: the epilogue's smem layout of D is not swizzled the way its TMA mode reads it (Sw<B,M,S> of sD must be Sw<mode,4,3>)",
    "TMA stores the box with the tensor map's swizzle; stmatrix writes sD with the layout's"
);
rule!(
    /// `stages >= 2`.
    Sm90StagesAtLeast2,
    "kernel configuration: the TMA pipeline needs at least 2 stages",
    "one stage is filled while another is read"
);
rule!(
    /// `2 * (bM + bN) * bK * stages + 2 * 2 * EPI_M * EPI_N * stages_cd <= 232448`.
    SmemFitsSm90,
    "kernel configuration: the stages of A and B and the epilogue's C and D buffers need more shared memory than an sm_90 CTA may use (> 227 KiB = 232448 bytes)",
    "use fewer stages or a smaller CTA or epilogue tile"
);

rule!(
    /// The GMMA atom's major of A (`SM90_..._SS<MajorA, _>`) is the major of `sA`'s layout.
    GmmaMajorMatchesA,
    "kernel configuration: the GMMA atom reads A in one major (SS<K,_> or SS<MN,_>) and sA is laid out in the other (its first stride is 1 exactly when it is MN-major)",
    "wgmma's transpose bit for A and the smem layout of A must agree: use a Layout_MN_* atom with SS<MN,_>, a Layout_K_* atom with SS<K,_>"
);
rule!(
    /// The GMMA atom's major of B (`SM90_..._SS<_, MajorB>`) is the major of `sB`'s layout.
    GmmaMajorMatchesB,
    "kernel configuration: the GMMA atom reads B in one major (SS<_,K> or SS<_,MN>) and sB is laid out in the other (its first stride is 1 exactly when it is MN-major)",
    "wgmma's transpose bit for B and the smem layout of B must agree: use a Layout_MN_* atom with SS<_,MN>, a Layout_K_* atom with SS<_,K>"
);

/// The first integer of a (nested) stride tuple.
pub trait FirstLeaf {
    type Output;
}
impl<H: FirstLeaf, T> FirstLeaf for Tup<H, T> {
    type Output = H::Output;
}
impl<U: typenum::Unsigned + typenum::NonZero> FirstLeaf for typenum::PInt<U> {
    type Output = typenum::PInt<U>;
}
impl FirstLeaf for Z0 {
    type Output = Z0;
}
/// Whether a GMMA shared-memory layout (`Sw o smem_ptr o L`, or a plain `L`) is MN-major, as a
/// bit: its first mode's first stride is 1 (a `Layout_MN_*` atom tiled: `((_64,..),(_8,..)):((_1,..),..)`);
/// a `Layout_K_*` atom's first stride is its row length.
pub trait SmemMnMajor {
    type Bit;
}
impl<A, O, Sh, St> SmemMnMajor for ComposedLayout<A, O, Layout<Sh, St>>
where
    St: FirstLeaf,
    <St as FirstLeaf>::Output: IsEqual<P1>,
{
    type Bit = Eq<<St as FirstLeaf>::Output, P1>;
}
/// [`SmemMnMajor`] of `L`.
pub type SmemMnBit<L> = <L as SmemMnMajor>::Bit;
/// The GMMA atom of TiledMMA `M` (`MMA_Atom<SM90_..._SS<A, B>>`).
pub type GmmaAtomOf<M> = <M as TiledMma>::Atom;
/// The atom's major of A as a bit (`B1`: MN-major).
pub type AtomMnBitA<M> = <<GmmaAtomOf<M> as GmmaOperandMajors>::MajorA as GmmaMajor>::MnBit;
/// The atom's major of B as a bit.
pub type AtomMnBitB<M> = <<GmmaAtomOf<M> as GmmaOperandMajors>::MajorB as GmmaMajor>::MnBit;

/// A TMA swizzle mode, `CUtensorMapSwizzle`: the tensor map permutes 16-byte units within rows of
/// `16 << B` bytes, which is `Sw<B,4,3>` on byte addresses.
pub trait TmaSwizzleMode {
    /// `B` of `Sw<B,4,3>` (0 for none).
    type B;
    /// The `CUtensorMapSwizzle` value (`CU_TENSOR_MAP_SWIZZLE_NONE` = 0 ... `_128B` = 3).
    const MODE: u32;
    /// Its name.
    const NAME: &'static str;
}
/// `CU_TENSOR_MAP_SWIZZLE_NONE`.
pub struct TmaSwizzleNone;
/// `CU_TENSOR_MAP_SWIZZLE_32B`.
pub struct TmaSwizzle32B;
/// `CU_TENSOR_MAP_SWIZZLE_64B`.
pub struct TmaSwizzle64B;
/// `CU_TENSOR_MAP_SWIZZLE_128B`.
pub struct TmaSwizzle128B;
impl TmaSwizzleMode for TmaSwizzleNone {
    type B = Z0;
    const MODE: u32 = 0;
    const NAME: &'static str = "CU_TENSOR_MAP_SWIZZLE_NONE";
}
impl TmaSwizzleMode for TmaSwizzle32B {
    type B = P1;
    const MODE: u32 = 1;
    const NAME: &'static str = "CU_TENSOR_MAP_SWIZZLE_32B";
}
impl TmaSwizzleMode for TmaSwizzle64B {
    type B = typenum::P2;
    const MODE: u32 = 2;
    const NAME: &'static str = "CU_TENSOR_MAP_SWIZZLE_64B";
}
impl TmaSwizzleMode for TmaSwizzle128B {
    type B = P3;
    const MODE: u32 = 3;
    const NAME: &'static str = "CU_TENSOR_MAP_SWIZZLE_128B";
}

/// The byte-address swizzle `Sw<B,M,S>` of a shared-memory layout: a GMMA-style
/// `Sw<B,M,S> o smem_ptr[Tb] o L` gives its own; an unswizzled layout is `Sw<0,4,3>`.
pub trait SmemSwizzle {
    type B;
    type M;
    type S;
}
impl<B, M, S, T, L> SmemSwizzle for ComposedLayout<Swizzle<B, M, S>, SmemPtr<T>, L> {
    type B = B;
    type M = M;
    type S = S;
}
impl<Sh, St> SmemSwizzle for Layout<Sh, St> {
    type B = Z0;
    type M = P4;
    type S = P3;
}

/// The swizzle of smem layout `L` against a TMA mode: `Bit` is `B1` when `Sw<B,M,S>` of `L` is
/// `Sw<mode,4,3>`.
pub trait SwizzleMatch<Mode> {
    type Bit;
}
impl<L, Mode> SwizzleMatch<Mode> for L
where
    L: SmemSwizzle,
    Mode: TmaSwizzleMode,
    L::B: IsEqual<Mode::B>,
    L::M: IsEqual<P4>,
    L::S: IsEqual<P3>,
    Eq<L::M, P4>: core::ops::BitAnd<Eq<L::S, P3>>,
    Eq<L::B, Mode::B>: core::ops::BitAnd<And<Eq<L::M, P4>, Eq<L::S, P3>>>,
{
    type Bit = And<Eq<L::B, Mode::B>, And<Eq<L::M, P4>, Eq<L::S, P3>>>;
}
/// `Sw<B,M,S>` of `L` is `Sw<mode,4,3>`, as a bit.
pub type SwizzleMatchesBit<L, Mode> = <L as SwizzleMatch<Mode>>::Bit;
type And<A, B> = <A as core::ops::BitAnd<B>>::Output;
/// `B % A == 0` as a bit.
type DivBit<B, A> = Eq<Mod<B, A>, Z0>;

/// The parts of an sm90 TN GEMM (A `(M,K)` and B `(N,K)` K-major, D `(M,N)` N-major): CuTe
/// objects as tycute types, and the TMA swizzle mode of each tensor map.
pub trait Sm90Config {
    /// The configuration's name (`sm90`).
    const NAME: &'static str;
    /// `bM`, `bN`, `bK`.
    type BM;
    /// See [`Sm90Config::BM`].
    type BN;
    /// See [`Sm90Config::BM`].
    type BK;
    /// Mainloop stages.
    type Stages;
    /// The element type of A, B (and D).
    type Element;
    /// One stage of `sA`, `(bM,bK)`, as the TMA box lands in it (`Sw<B,4,3> o smem_ptr o L`).
    type SmemLayoutAStage;
    /// One stage of `sB`, `(bN,bK)`.
    type SmemLayoutBStage;
    /// The swizzle mode of A's tensor map.
    type TmaSwizzleA: TmaSwizzleMode;
    /// The swizzle mode of B's tensor map.
    type TmaSwizzleB: TmaSwizzleMode;
    /// The TiledMMA (wgmma).
    type MmaC;
    /// The epilogue sub-tile `(EPI_M, EPI_N)`'s sizes.
    type EpiM;
    /// See [`Sm90Config::EpiM`].
    type EpiN;
    /// Stages of the epilogue's C and D buffers (each).
    type StagesCD;
    /// One stage of the epilogue's `sD`, `(EPI_M,EPI_N)`.
    type SmemLayoutDStage;
    /// One stage of the epilogue's `sC` (the TMA load of C's sub-tile, read by `ldmatrix`).
    type SmemLayoutCStage;
    /// The swizzle mode of D's (and C's) tensor map.
    type TmaSwizzleD: TmaSwizzleMode;
    /// CUTLASS's `ReuseSmemC`: `B1` stores D through the stage C was loaded into (one buffer of
    /// `StagesCD` stages per consumer instead of two), `B0` keeps them apart. Reuse needs
    /// `SmemLayoutCStage` = `SmemLayoutDStage` ([`ReuseSmemCFits`]).
    type ReuseSmemC: EpiBuffers;
}

/// The epilogue's buffers of `StagesCD` stages per consumer: 2 (C and D), or 1 with `ReuseSmemC`.
pub trait EpiBuffers: sealed::Sealed {
    type N;
    /// As a value.
    const REUSE: bool;
}
impl EpiBuffers for typenum::B0 {
    type N = typenum::P2;
    const REUSE: bool = false;
}
impl EpiBuffers for typenum::B1 {
    type N = P1;
    const REUSE: bool = true;
}

/// `ReuseSmemC` (`Self` = `B1`) holds only when C's and D's epilogue stages are one layout: D's
/// `stmatrix` writes, and its TMA store reads, the stage C's TMA load wrote and `ldmatrix` read.
#[diagnostic::on_unimplemented(
    message = "kernel configuration: ReuseSmemC stores D through C's shared memory, so the epilogue's SmemLayoutC and SmemLayoutD must be the same layout",
    label = "CUTLASS's static_assert: ReuseSmemC needs SmemLayoutC == SmemLayoutD (and C and D of one element type)"
)]
pub trait ReuseSmemCFits<LC, LD>: sealed::Sealed {}
impl<LC, LD> ReuseSmemCFits<LC, LD> for typenum::B0 {}
#[diagnostic::do_not_recommend]
impl<L> ReuseSmemCFits<L, L> for typenum::B1 {}

/// Bytes of the A and B stages and of the C and D epilogue buffers.
pub type Sm90SmemBytes<C> = Sum<
    Prod<Prod<Prod<Sum<<C as Sm90Config>::BM, <C as Sm90Config>::BN>, <C as Sm90Config>::BK>, <C as Sm90Config>::Stages>, ElemBytes<C>>,
    Prod<Prod<Prod<Prod<<C as Sm90Config>::EpiM, <C as Sm90Config>::EpiN>, <C as Sm90Config>::StagesCD>, ElemBytes<C>>, EpiBufs<C>>,
>;
/// 2 epilogue buffers (C and D), 1 with `ReuseSmemC`.
type EpiBufs<C> = <<C as Sm90Config>::ReuseSmemC as EpiBuffers>::N;
/// `sizeof(Element)`.
type ElemBytes<C> = Quot<Bits<<C as Sm90Config>::Element>, P8>;
/// The largest dynamic shared memory of an sm_90 CTA: 227 KiB.
pub type Sm90SmemLimit = tycute_macros::cute!(_232448);

/// The configuration's parts agree: CTA tile a whole number of TiledMMA tiles
/// ([`Sm90CtaMDividesMma`], ...), each smem layout swizzled as its tensor map's mode says
/// ([`TmaSwizzleMatchesA`], [`TmaSwizzleMatchesB`], [`TmaSwizzleMatchesD`]), at least two stages
/// and within sm_90's 227 KiB ([`Sm90StagesAtLeast2`], [`SmemFitsSm90`]).
pub trait Sm90Checked: Sm90Config {}

impl<C> Sm90Checked for C
where
    C: Sm90Config,
    C::MmaC: TiledMma,
    C::Element: SizeofBits,
    // bM % TileM, bN % TileN, bK % TileK
    C::BM: Rem<<C::MmaC as TiledMma>::TileM>,
    Mod<C::BM, <C::MmaC as TiledMma>::TileM>: IsEqual<Z0>,
    DivBit<C::BM, <C::MmaC as TiledMma>::TileM>: Sm90CtaMDividesMma,
    C::BN: Rem<<C::MmaC as TiledMma>::TileN>,
    Mod<C::BN, <C::MmaC as TiledMma>::TileN>: IsEqual<Z0>,
    DivBit<C::BN, <C::MmaC as TiledMma>::TileN>: Sm90CtaNDividesMma,
    C::BK: Rem<<C::MmaC as TiledMma>::TileK>,
    Mod<C::BK, <C::MmaC as TiledMma>::TileK>: IsEqual<Z0>,
    DivBit<C::BK, <C::MmaC as TiledMma>::TileK>: Sm90CtaKDividesMma,
    // the swizzles TMA writes and the layouts read
    C::SmemLayoutAStage: SwizzleMatch<C::TmaSwizzleA>,
    SwizzleMatchesBit<C::SmemLayoutAStage, C::TmaSwizzleA>: TmaSwizzleMatchesA,
    C::SmemLayoutBStage: SwizzleMatch<C::TmaSwizzleB>,
    SwizzleMatchesBit<C::SmemLayoutBStage, C::TmaSwizzleB>: TmaSwizzleMatchesB,
    C::SmemLayoutDStage: SwizzleMatch<C::TmaSwizzleD>,
    SwizzleMatchesBit<C::SmemLayoutDStage, C::TmaSwizzleD>: TmaSwizzleMatchesD,
    C::SmemLayoutCStage: SwizzleMatch<C::TmaSwizzleD>,
    SwizzleMatchesBit<C::SmemLayoutCStage, C::TmaSwizzleD>: TmaSwizzleMatchesD,
    // ReuseSmemC: one layout for C and D
    C::ReuseSmemC: ReuseSmemCFits<C::SmemLayoutCStage, C::SmemLayoutDStage>,
    // the wgmma transpose bits (the atom's majors) and the smem layouts
    GmmaAtomOf<C::MmaC>: GmmaOperandMajors,
    C::SmemLayoutAStage: SmemMnMajor,
    AtomMnBitA<C::MmaC>: IsEqual<SmemMnBit<C::SmemLayoutAStage>>,
    Eq<AtomMnBitA<C::MmaC>, SmemMnBit<C::SmemLayoutAStage>>: GmmaMajorMatchesA,
    C::SmemLayoutBStage: SmemMnMajor,
    AtomMnBitB<C::MmaC>: IsEqual<SmemMnBit<C::SmemLayoutBStage>>,
    Eq<AtomMnBitB<C::MmaC>, SmemMnBit<C::SmemLayoutBStage>>: GmmaMajorMatchesB,
    // stages and shared memory
    C::Stages: IsLessOrEqual<P1> + typenum::Cmp<P1>,
    LeEq<C::Stages, P1>: core::ops::Not,
    <LeEq<C::Stages, P1> as core::ops::Not>::Output: Sm90StagesAtLeast2,
    Bits<C::Element>: core::ops::Div<P8>,
    C::BM: Add<C::BN>,
    Sum<C::BM, C::BN>: Mul<C::BK>,
    Prod<Sum<C::BM, C::BN>, C::BK>: Mul<C::Stages>,
    Prod<Prod<Sum<C::BM, C::BN>, C::BK>, C::Stages>: Mul<ElemBytes<C>>,
    C::EpiM: Mul<C::EpiN>,
    Prod<C::EpiM, C::EpiN>: Mul<C::StagesCD>,
    Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>: Mul<ElemBytes<C>>,
    Prod<Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>, ElemBytes<C>>: Mul<EpiBufs<C>>,
    Prod<Prod<Prod<Sum<C::BM, C::BN>, C::BK>, C::Stages>, ElemBytes<C>>:
        Add<Prod<Prod<Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>, ElemBytes<C>>, EpiBufs<C>>>,
    Sm90SmemBytes<C>: IsLessOrEqual<Sm90SmemLimit> + typenum::Cmp<Sm90SmemLimit>,
    LeEq<Sm90SmemBytes<C>, Sm90SmemLimit>: SmemFitsSm90,
    C::MmaC: SizeOp,
{
}
