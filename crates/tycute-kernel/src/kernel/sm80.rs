//! The sm80 TN GEMM kernel configuration (`kernels/sm80_gemm.cu`): cp.async G2S into swizzled
//! shared memory, ldmatrix S2R, mma.sync, and an epilogue through shared memory.
//!
//! A configuration names its parts ([`Sm80Config`]: the objects CuTe's `gemm_device` takes as
//! template arguments). [`Sm80Checked`] holds exactly when the parts fit together; each rule is a
//! trait of its own whose unmet bound is the error's first line:
//!
//! ```text
//! error[E0277]: kernel configuration: bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0)
//! ```
//!
//! [`Sm80Kernel`] (a supertrait of nothing a user implements by hand: [`impl_sm80_kernel!`](crate::impl_sm80_kernel)
//! writes it) adds the per-thread tensors a kernel needs, every one a type computed from the
//! configuration, so that code generic over `C: Sm80Kernel` (the header emitter) cannot be
//! instantiated with a configuration whose parts disagree.

use core::ops::{Add, Mul, Rem};

use tycute_atom::copy::CopyAtom;
use tycute_atom::mma::sm80::MmaPtx;
use tycute_atom::{CpAsyncPtx, LdsmPtx, MmaTraits, SameMmaLayouts};
use tycute_layout::{MakeLayoutLeft, Nil, Reify, Size, Tup};
use tycute_tiled::copy::{CuteText, TiledNumThr, Tiler_MN};
use tycute_tiled::mma::TiledMma;
use tycute_layout::tuple::At;
use typenum::{Eq, IsEqual, IsLessOrEqual, LeEq, Mod, Prod, Sum, Z0, P1, P4};

use crate::rows::{TensorParts, ThreadTensorParts};
use tycute_layout::repr::Repr;

pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for typenum::B0 {}
    impl Sealed for typenum::B1 {}
}

/// One rule: a trait implemented for `B1` only, with the words rustc prints when the rule's bit
/// is `B0`.
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};

macro_rules! rule {
    ($(#[$doc:meta])* $name:ident, $msg:literal, $label:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $msg, label = $label)]
        pub trait $name: sealed::Sealed {}
        impl $name for typenum::B1 {}
    };
    // A rule with numbers: its parameters are the values the message states, as `Dec` types
    // where the bit is `B0` and `()` where it is `B1` (`DecIfFailed`), so that an accepted
    // configuration never renders them.
    ($(#[$doc:meta])* $name:ident[$($n:ident),+], $msg:literal, $label:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $msg, label = $label)]
        pub trait $name<$($n),+>: sealed::Sealed {}
        impl<$($n),+> $name<$($n),+> for typenum::B1 {}
    };
}

rule!(
    /// `bM % tile_size<0>(mma) == 0`.
    CtaMDividesMma[BM, TileM],
    "kernel configuration: bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0): {BM} % {TileM}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bN % tile_size<1>(mma) == 0`.
    CtaNDividesMma[BN, TileN],
    "kernel configuration: bN is not a multiple of the TiledMMA's tile along N (bN % tile_size<1>(mma) != 0): {BN} % {TileN}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bK % tile_size<2>(mma) == 0`.
    CtaKDividesMma[BK, TileK],
    "kernel configuration: bK is not a multiple of the TiledMMA's tile along K (bK % tile_size<2>(mma) != 0): {BK} % {TileK}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `(bM, bK)` is a whole number of `Tiler_MN(copyA)` tiles.
    CopyATilesA[BM, BK, TileX, TileY],
    "kernel configuration: the G2S copy of A does not tile (bM, bK) (bM % Tiler_M(copyA) or bK % Tiler_K(copyA) != 0): (bM, bK) = ({BM}, {BK}), Tiler_MN(copyA) = ({TileX}, {TileY})",
    "every thread must copy whole tiles of A"
);
rule!(
    /// `(bN, bK)` is a whole number of `Tiler_MN(copyB)` tiles.
    CopyBTilesB[BN, BK, TileX, TileY],
    "kernel configuration: the G2S copy of B does not tile (bN, bK) (bN % Tiler_M(copyB) or bK % Tiler_K(copyB) != 0): (bN, bK) = ({BN}, {BK}), Tiler_MN(copyB) = ({TileX}, {TileY})",
    "every thread must copy whole tiles of B"
);
rule!(
    /// `(bM, bN)` is a whole number of `Tiler_MN(s2g_copy)` tiles.
    S2GTilesC[BM, BN, TileX, TileY],
    "kernel configuration: the epilogue's S2G copy does not tile (bM, bN) (bM % Tiler_M(s2g) or bN % Tiler_N(s2g) != 0): (bM, bN) = ({BM}, {BN}), Tiler_MN(s2g) = ({TileX}, {TileY})",
    "every thread must store whole tiles of D"
);
rule!(
    /// `size(copyA) == size(mma)`.
    CopyAThreads[CopyThreads, MmaThreads],
    "kernel configuration: the G2S copy of A and the TiledMMA have different thread counts (size(copyA) != size(mma)): {CopyThreads} vs {MmaThreads}",
    "one CTA runs every copy and the MMA with the same threads"
);
rule!(
    /// `size(copyB) == size(mma)`.
    CopyBThreads[CopyThreads, MmaThreads],
    "kernel configuration: the G2S copy of B and the TiledMMA have different thread counts (size(copyB) != size(mma)): {CopyThreads} vs {MmaThreads}",
    "one CTA runs every copy and the MMA with the same threads"
);
rule!(
    /// `size(s2g_copy) == size(mma)`.
    S2GThreads[CopyThreads, MmaThreads],
    "kernel configuration: the epilogue's S2G copy and the TiledMMA have different thread counts (size(s2g) != size(mma)): {CopyThreads} vs {MmaThreads}",
    "one CTA runs every copy and the MMA with the same threads"
);
rule!(
    /// `size(sA) == bM * bK * stages` and `size(sA(_,_,0)) == bM * bK` (B alike).
    SmemTiles[SizeA, WantA, SizeA0, WantA0, SizeB, WantB, SizeB0, WantB0],
    "kernel configuration: a shared-memory layout is not the size of its tile (size(sA) != bM*bK*stages, size(sA(_,_,0)) != bM*bK, or B's alike): size(sA) = {SizeA} for {WantA}, size(sA(_,_,0)) = {SizeA0} for {WantA0}, size(sB) = {SizeB} for {WantB}, size(sB(_,_,0)) = {SizeB0} for {WantB0}",
    "sA must be (bM,bK,stages) and sB (bN,bK,stages)"
);
rule!(
    /// `size(sC) == bM * bN`.
    SmemCTile[SizeC, WantC],
    "kernel configuration: the epilogue's shared-memory C layout is not (bM, bN) (size(sC) != bM*bN): size(sC) = {SizeC}, bM*bN = {WantC}",
    "sC holds the whole CTA tile of C"
);
rule!(
    /// `stages >= 2`.
    StagesAtLeast2[Stages],
    "kernel configuration: the cp.async pipeline needs at least 2 stages: stages = {Stages}",
    "one stage is filled while another is read"
);
rule!(
    /// `sizeof(AB) * (bM + bN) * bK * stages <= 166912` (`sizeof(AB)`: bytes of an element of A
    /// and B, the G2S atom's value type: 2 for fp16 and bf16, 4 for tf32).
    SmemFitsSm80[Bytes],
    "kernel configuration: A and B need more shared memory than an sm_80 CTA may use (sizeof(AB)*(bM+bN)*bK*stages bytes > 163 KiB = 166912): {Bytes}",
    "use fewer stages or a smaller CTA tile"
);
rule!(
    /// `4 * bM * bN <= sizeof(AB) * (bM + bN) * bK * stages` (the fp32 C tile reuses the stage memory).
    EpilogueFitsStages[EpilogueBytes, StageBytes],
    "kernel configuration: the epilogue's fp32 C tile (4*bM*bN bytes) does not fit in the stage memory it reuses (sizeof(AB)*(bM+bN)*bK*stages bytes): {EpilogueBytes} > {StageBytes}",
    "more stages, a larger bK, or a smaller CTA tile"
);

/// The parts of an sm80 GEMM: A `(M,K)` and B `(N,K)` halves, each K-major (TN) or M-/N-major
/// (the G2S copy's source vectors say which: `emit::sm80::majors`), fp32 accumulators and D,
/// column-major. The associated types are CuTe objects (tycute types); [`Sm80Checked`] says
/// whether they fit together.
pub trait Sm80Config {
    /// The name of the header (`NAME.h`) and its C++ namespace (`tycute::NAME`).
    const NAME: &'static str;
    /// One line: what the configuration is.
    const ABOUT: &'static str;
    /// `bM`, `bN`, `bK`: the CTA tile (`cute!(_128)`, ...).
    type BM;
    /// See [`Sm80Config::BM`].
    type BN;
    /// See [`Sm80Config::BM`].
    type BK;
    /// `bP`: pipeline stages.
    type Stages: Reify;
    /// The swizzled smem atom `sA` and `sB` are tiled from.
    type SwizzleAtom: Reify;
    /// `sA`: `(bM,bK,bP)`.
    type SmemLayoutA;
    /// `sB`: `(bN,bK,bP)`.
    type SmemLayoutB;
    /// `sA(_,_,0)`: `(bM,bK)`.
    type SmemLayoutAStage: Reify;
    /// `sB(_,_,0)`: `(bN,bK)`.
    type SmemLayoutBStage: Reify;
    /// The G2S copy atom (a cp.async).
    type G2SAtom;
    /// The G2S TiledCopy of A.
    type CopyA;
    /// The G2S TiledCopy of B.
    type CopyB;
    /// The TiledMMA.
    type MmaC;
    /// The S2R copy atom of A (an `ldmatrix`): the kernel's S2R copy is
    /// `make_tiled_copy_A(S2RAtomA, mma)` ([`S2RCopyA`]), as in CuTe's sgemm_sm80.
    type S2RAtomA;
    /// The S2R copy atom of B: [`S2RCopyB`] is `make_tiled_copy_B(S2RAtomB, mma)`.
    type S2RAtomB;
    /// The epilogue's fp32 C tile in shared memory, `(bM,bN)`.
    type SmemLayoutC: Reify;
    /// The epilogue's copy atom from the accumulators to `sC`: [`R2SCopy`] is
    /// `make_tiled_copy_C(R2SAtom, mma)`.
    type R2SAtom;
    /// `sC` to D, 16-byte vectors.
    type S2GCopy;
}

/// `make_tiled_copy_A(S2RAtomA, mma)`: the S2R copy of A (the ldmatrix sources in `sA`, the
/// destinations retiled onto the MMA's A fragment). It takes the TiledMMA's threads, so it runs on
/// the MMA's thread count by construction.
pub type S2RCopyA<C> = tycute_tiled::copy::MakeTiledCopyA<<C as Sm80Config>::S2RAtomA, <C as Sm80Config>::MmaC>;
/// `make_tiled_copy_B(S2RAtomB, mma)`: the S2R copy of B.
pub type S2RCopyB<C> = tycute_tiled::copy::MakeTiledCopyB<<C as Sm80Config>::S2RAtomB, <C as Sm80Config>::MmaC>;
/// `make_tiled_copy_C(R2SAtom, mma)`: the epilogue's copy from the accumulators to `sC`.
pub type R2SCopy<C> = tycute_tiled::copy::MakeTiledCopyC<<C as Sm80Config>::R2SAtom, <C as Sm80Config>::MmaC>;

/// `B % A == 0` as a bit.
type DivBit<B, A> = Eq<Mod<B, A>, Z0>;
/// `A == B` as a bit.
type EqBit<A, B> = Eq<A, B>;
/// `size<I>(Tiler_MN(copy))`.
type TilerAt<T, I> = At<Tiler_MN<T>, I>;
/// `typenum`'s `And` of two bits.
type And<A, B> = <A as core::ops::BitAnd<B>>::Output;
/// `bM * bK`.
type Area<A, B> = Prod<A, B>;
/// [`SmemTiles`]'s bit: sA and sB are `(bM,bK,stages)` and `(bN,bK,stages)`, their stages
/// `(bM,bK)` and `(bN,bK)` (sizes).
type SmemTilesBit<C> = And<
    And<
        EqBit<Size<<C as Sm80Config>::SmemLayoutA>, Prod<Area<<C as Sm80Config>::BM, <C as Sm80Config>::BK>, <C as Sm80Config>::Stages>>,
        EqBit<Size<<C as Sm80Config>::SmemLayoutB>, Prod<Area<<C as Sm80Config>::BN, <C as Sm80Config>::BK>, <C as Sm80Config>::Stages>>,
    >,
    And<
        EqBit<Size<<C as Sm80Config>::SmemLayoutAStage>, Area<<C as Sm80Config>::BM, <C as Sm80Config>::BK>>,
        EqBit<Size<<C as Sm80Config>::SmemLayoutBStage>, Area<<C as Sm80Config>::BN, <C as Sm80Config>::BK>>,
    >,
>;
/// Bytes of the A and B stages: `sizeof(AB) * (bM + bN) * bK * bP`.
pub type SmemBytes<C> = Prod<StageHalves<C>, ElemBytes<C>>;
/// Bytes of one element of A and B: `sizeof_bits` of the G2S atom's value type over 8 (2 for
/// fp16 and bf16, 4 for tf32).
pub type ElemBytes<C> = typenum::Quot<tycute_layout::swizzle::recast::Bits<<<C as Sm80Config>::G2SAtom as CopyAtom>::ValType>, typenum::P8>;
/// Elements of the A and B stages: `(bM + bN) * bK * bP`.
type StageHalves<C> = Prod<Prod<Sum<<C as Sm80Config>::BM, <C as Sm80Config>::BN>, <C as Sm80Config>::BK>, <C as Sm80Config>::Stages>;
/// Bytes of the fp32 C tile: `4 * bM * bN`.
pub type EpilogueBytes<C> = Prod<Area<<C as Sm80Config>::BM, <C as Sm80Config>::BN>, P4>;
/// The largest dynamic shared memory of an sm_80 CTA: 163 KiB.
pub type Sm80SmemLimit = tycute_macros::cute!(_166912);

/// The configuration's parts agree. Implemented for every [`Sm80Config`] that keeps all of
/// these rules (a failing one is reported by its own trait):
///
/// * the CTA tile is a whole number of TiledMMA tiles ([`CtaMDividesMma`], [`CtaNDividesMma`],
///   [`CtaKDividesMma`]) and of the G2S and S2G copies' tiles ([`CopyATilesA`], [`CopyBTilesB`],
///   [`S2GTilesC`]);
/// * the G2S and S2G copies run on the TiledMMA's threads ([`CopyAThreads`], [`CopyBThreads`],
///   [`S2GThreads`]; the S2R and R2S copies are `make_tiled_copy_A/B/C` of the TiledMMA, on its
///   threads by construction);
/// * the smem layouts are the size of their tiles ([`SmemTiles`], [`SmemCTile`]);
/// * at least 2 stages, within sm_80's 163 KiB of shared memory (A's and B's elements of the G2S
///   atom's width), with room for the epilogue
///   ([`StagesAtLeast2`], [`SmemFitsSm80`], [`EpilogueFitsStages`]).
pub trait Sm80Checked: Sm80Config {}

impl<C> Sm80Checked for C
where
    C: Sm80Config,
    C::MmaC: TiledMma,
    // bM % TileM, bN % TileN, bK % TileK
    C::BM: Rem<<C::MmaC as TiledMma>::TileM>,
    Mod<C::BM, <C::MmaC as TiledMma>::TileM>: IsEqual<Z0>,
    DivBit<C::BM, <C::MmaC as TiledMma>::TileM>: DecimalIfFailed<C::BM> + DecimalIfFailed<<C::MmaC as TiledMma>::TileM>,
    DivBit<C::BM, <C::MmaC as TiledMma>::TileM>: CtaMDividesMma<DecIfFailed<DivBit<C::BM, <C::MmaC as TiledMma>::TileM>, C::BM>, DecIfFailed<DivBit<C::BM, <C::MmaC as TiledMma>::TileM>, <C::MmaC as TiledMma>::TileM>>,
    C::BN: Rem<<C::MmaC as TiledMma>::TileN>,
    Mod<C::BN, <C::MmaC as TiledMma>::TileN>: IsEqual<Z0>,
    DivBit<C::BN, <C::MmaC as TiledMma>::TileN>: DecimalIfFailed<C::BN> + DecimalIfFailed<<C::MmaC as TiledMma>::TileN>,
    DivBit<C::BN, <C::MmaC as TiledMma>::TileN>: CtaNDividesMma<DecIfFailed<DivBit<C::BN, <C::MmaC as TiledMma>::TileN>, C::BN>, DecIfFailed<DivBit<C::BN, <C::MmaC as TiledMma>::TileN>, <C::MmaC as TiledMma>::TileN>>,
    C::BK: Rem<<C::MmaC as TiledMma>::TileK>,
    Mod<C::BK, <C::MmaC as TiledMma>::TileK>: IsEqual<Z0>,
    DivBit<C::BK, <C::MmaC as TiledMma>::TileK>: DecimalIfFailed<C::BK> + DecimalIfFailed<<C::MmaC as TiledMma>::TileK>,
    DivBit<C::BK, <C::MmaC as TiledMma>::TileK>: CtaKDividesMma<DecIfFailed<DivBit<C::BK, <C::MmaC as TiledMma>::TileK>, C::BK>, DecIfFailed<DivBit<C::BK, <C::MmaC as TiledMma>::TileK>, <C::MmaC as TiledMma>::TileK>>,
    // (bM, bK) % Tiler_MN(copyA), (bN, bK) % Tiler_MN(copyB), (bM, bN) % Tiler_MN(s2g)
    C::CopyA: tycute_tiled::copy::TiledCopyMembers,
    C::CopyB: tycute_tiled::copy::TiledCopyMembers,
    C::S2GCopy: tycute_tiled::copy::TiledCopyMembers,
    Tiler_MN<C::CopyA>: tycute_layout::tuple::AtOp<Z0> + tycute_layout::tuple::AtOp<P1>,
    Tiler_MN<C::CopyB>: tycute_layout::tuple::AtOp<Z0> + tycute_layout::tuple::AtOp<P1>,
    Tiler_MN<C::S2GCopy>: tycute_layout::tuple::AtOp<Z0> + tycute_layout::tuple::AtOp<P1>,
    C::BM: Rem<TilerAt<C::CopyA, Z0>> + Rem<TilerAt<C::S2GCopy, Z0>>,
    C::BN: Rem<TilerAt<C::CopyB, Z0>> + Rem<TilerAt<C::S2GCopy, P1>>,
    C::BK: Rem<TilerAt<C::CopyA, P1>> + Rem<TilerAt<C::CopyB, P1>>,
    Mod<C::BM, TilerAt<C::CopyA, Z0>>: IsEqual<Z0>,
    Mod<C::BK, TilerAt<C::CopyA, P1>>: IsEqual<Z0>,
    DivBit<C::BM, TilerAt<C::CopyA, Z0>>: core::ops::BitAnd<DivBit<C::BK, TilerAt<C::CopyA, P1>>>,
    And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>: DecimalIfFailed<C::BM> + DecimalIfFailed<C::BK> + DecimalIfFailed<TilerAt<C::CopyA, Z0>> + DecimalIfFailed<TilerAt<C::CopyA, P1>>,
    And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>: CopyATilesA<DecIfFailed<And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>, C::BM>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>, C::BK>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>, TilerAt<C::CopyA, Z0>>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::CopyA, Z0>>, DivBit<C::BK, TilerAt<C::CopyA, P1>>>, TilerAt<C::CopyA, P1>>>,
    Mod<C::BN, TilerAt<C::CopyB, Z0>>: IsEqual<Z0>,
    Mod<C::BK, TilerAt<C::CopyB, P1>>: IsEqual<Z0>,
    DivBit<C::BN, TilerAt<C::CopyB, Z0>>: core::ops::BitAnd<DivBit<C::BK, TilerAt<C::CopyB, P1>>>,
    And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>: DecimalIfFailed<C::BN> + DecimalIfFailed<C::BK> + DecimalIfFailed<TilerAt<C::CopyB, Z0>> + DecimalIfFailed<TilerAt<C::CopyB, P1>>,
    And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>: CopyBTilesB<DecIfFailed<And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>, C::BN>, DecIfFailed<And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>, C::BK>, DecIfFailed<And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>, TilerAt<C::CopyB, Z0>>, DecIfFailed<And<DivBit<C::BN, TilerAt<C::CopyB, Z0>>, DivBit<C::BK, TilerAt<C::CopyB, P1>>>, TilerAt<C::CopyB, P1>>>,
    Mod<C::BM, TilerAt<C::S2GCopy, Z0>>: IsEqual<Z0>,
    Mod<C::BN, TilerAt<C::S2GCopy, P1>>: IsEqual<Z0>,
    DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>: core::ops::BitAnd<DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>,
    And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>: DecimalIfFailed<C::BM> + DecimalIfFailed<C::BN> + DecimalIfFailed<TilerAt<C::S2GCopy, Z0>> + DecimalIfFailed<TilerAt<C::S2GCopy, P1>>,
    And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>: S2GTilesC<DecIfFailed<And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>, C::BM>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>, C::BN>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>, TilerAt<C::S2GCopy, Z0>>, DecIfFailed<And<DivBit<C::BM, TilerAt<C::S2GCopy, Z0>>, DivBit<C::BN, TilerAt<C::S2GCopy, P1>>>, TilerAt<C::S2GCopy, P1>>>,
    // thread counts
    C::MmaC: tycute_layout::layout::SizeOp,
    TiledNumThr<C::CopyA>: IsEqual<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::CopyA>, Size<C::MmaC>>: DecimalIfFailed<TiledNumThr<C::CopyA>> + DecimalIfFailed<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::CopyA>, Size<C::MmaC>>: CopyAThreads<DecIfFailed<EqBit<TiledNumThr<C::CopyA>, Size<C::MmaC>>, TiledNumThr<C::CopyA>>, DecIfFailed<EqBit<TiledNumThr<C::CopyA>, Size<C::MmaC>>, Size<C::MmaC>>>,
    TiledNumThr<C::CopyB>: IsEqual<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::CopyB>, Size<C::MmaC>>: DecimalIfFailed<TiledNumThr<C::CopyB>> + DecimalIfFailed<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::CopyB>, Size<C::MmaC>>: CopyBThreads<DecIfFailed<EqBit<TiledNumThr<C::CopyB>, Size<C::MmaC>>, TiledNumThr<C::CopyB>>, DecIfFailed<EqBit<TiledNumThr<C::CopyB>, Size<C::MmaC>>, Size<C::MmaC>>>,
    TiledNumThr<C::S2GCopy>: IsEqual<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::S2GCopy>, Size<C::MmaC>>: DecimalIfFailed<TiledNumThr<C::S2GCopy>> + DecimalIfFailed<Size<C::MmaC>>,
    EqBit<TiledNumThr<C::S2GCopy>, Size<C::MmaC>>: S2GThreads<DecIfFailed<EqBit<TiledNumThr<C::S2GCopy>, Size<C::MmaC>>, TiledNumThr<C::S2GCopy>>, DecIfFailed<EqBit<TiledNumThr<C::S2GCopy>, Size<C::MmaC>>, Size<C::MmaC>>>,
    // smem sizes
    C::SmemLayoutA: tycute_layout::layout::SizeOp,
    C::SmemLayoutB: tycute_layout::layout::SizeOp,
    C::SmemLayoutAStage: tycute_layout::layout::SizeOp,
    C::SmemLayoutBStage: tycute_layout::layout::SizeOp,
    C::SmemLayoutC: tycute_layout::layout::SizeOp,
    C::BM: Mul<C::BK> + Mul<C::BN> + Add<C::BN>,
    C::BN: Mul<C::BK>,
    Area<C::BM, C::BK>: Mul<C::Stages>,
    Area<C::BN, C::BK>: Mul<C::Stages>,
    Size<C::SmemLayoutA>: IsEqual<Prod<Area<C::BM, C::BK>, C::Stages>>,
    Size<C::SmemLayoutB>: IsEqual<Prod<Area<C::BN, C::BK>, C::Stages>>,
    Size<C::SmemLayoutAStage>: IsEqual<Area<C::BM, C::BK>>,
    Size<C::SmemLayoutBStage>: IsEqual<Area<C::BN, C::BK>>,
    EqBit<Size<C::SmemLayoutA>, Prod<Area<C::BM, C::BK>, C::Stages>>: core::ops::BitAnd<EqBit<Size<C::SmemLayoutB>, Prod<Area<C::BN, C::BK>, C::Stages>>>,
    EqBit<Size<C::SmemLayoutAStage>, Area<C::BM, C::BK>>: core::ops::BitAnd<EqBit<Size<C::SmemLayoutBStage>, Area<C::BN, C::BK>>>,
    And<EqBit<Size<C::SmemLayoutA>, Prod<Area<C::BM, C::BK>, C::Stages>>, EqBit<Size<C::SmemLayoutB>, Prod<Area<C::BN, C::BK>, C::Stages>>>:
        core::ops::BitAnd<And<EqBit<Size<C::SmemLayoutAStage>, Area<C::BM, C::BK>>, EqBit<Size<C::SmemLayoutBStage>, Area<C::BN, C::BK>>>>,
    SmemTilesBit<C>: DecimalIfFailed<Size<C::SmemLayoutA>>
        + DecimalIfFailed<Prod<Area<C::BM, C::BK>, C::Stages>>
        + DecimalIfFailed<Size<C::SmemLayoutAStage>>
        + DecimalIfFailed<Area<C::BM, C::BK>>
        + DecimalIfFailed<Size<C::SmemLayoutB>>
        + DecimalIfFailed<Prod<Area<C::BN, C::BK>, C::Stages>>
        + DecimalIfFailed<Size<C::SmemLayoutBStage>>
        + DecimalIfFailed<Area<C::BN, C::BK>>,
    SmemTilesBit<C>: SmemTiles<
        DecIfFailed<SmemTilesBit<C>, Size<C::SmemLayoutA>>,
        DecIfFailed<SmemTilesBit<C>, Prod<Area<C::BM, C::BK>, C::Stages>>,
        DecIfFailed<SmemTilesBit<C>, Size<C::SmemLayoutAStage>>,
        DecIfFailed<SmemTilesBit<C>, Area<C::BM, C::BK>>,
        DecIfFailed<SmemTilesBit<C>, Size<C::SmemLayoutB>>,
        DecIfFailed<SmemTilesBit<C>, Prod<Area<C::BN, C::BK>, C::Stages>>,
        DecIfFailed<SmemTilesBit<C>, Size<C::SmemLayoutBStage>>,
        DecIfFailed<SmemTilesBit<C>, Area<C::BN, C::BK>>,
    >,
    Size<C::SmemLayoutC>: IsEqual<Area<C::BM, C::BN>>,
    EqBit<Size<C::SmemLayoutC>, Area<C::BM, C::BN>>: DecimalIfFailed<Size<C::SmemLayoutC>> + DecimalIfFailed<Area<C::BM, C::BN>>,
    EqBit<Size<C::SmemLayoutC>, Area<C::BM, C::BN>>: SmemCTile<
        DecIfFailed<EqBit<Size<C::SmemLayoutC>, Area<C::BM, C::BN>>, Size<C::SmemLayoutC>>,
        DecIfFailed<EqBit<Size<C::SmemLayoutC>, Area<C::BM, C::BN>>, Area<C::BM, C::BN>>,
    >,
    // stages and shared memory
    C::Stages: IsLessOrEqual<P1> + typenum::Cmp<P1>,
    <LeEq<C::Stages, P1> as core::ops::Not>::Output: DecimalIfFailed<C::Stages>,
    <LeEq<C::Stages, P1> as core::ops::Not>::Output: StagesAtLeast2<DecIfFailed<<LeEq<C::Stages, P1> as core::ops::Not>::Output, C::Stages>>,
    LeEq<C::Stages, P1>: core::ops::Not,
    Sum<C::BM, C::BN>: Mul<C::BK>,
    Prod<Sum<C::BM, C::BN>, C::BK>: Mul<C::Stages>,
    C::G2SAtom: CopyAtom,
    <C::G2SAtom as CopyAtom>::ValType: tycute_layout::swizzle::recast::SizeofBits,
    tycute_layout::swizzle::recast::Bits<<C::G2SAtom as CopyAtom>::ValType>: core::ops::Div<typenum::P8>,
    StageHalves<C>: Mul<ElemBytes<C>>,
    SmemBytes<C>: IsLessOrEqual<Sm80SmemLimit> + typenum::Cmp<Sm80SmemLimit>,
    LeEq<SmemBytes<C>, Sm80SmemLimit>: DecimalIfFailed<SmemBytes<C>>,
    LeEq<SmemBytes<C>, Sm80SmemLimit>: SmemFitsSm80<DecIfFailed<LeEq<SmemBytes<C>, Sm80SmemLimit>, SmemBytes<C>>>,
    Area<C::BM, C::BN>: Mul<P4>,
    EpilogueBytes<C>: IsLessOrEqual<SmemBytes<C>> + typenum::Cmp<SmemBytes<C>>,
    LeEq<EpilogueBytes<C>, SmemBytes<C>>: DecimalIfFailed<EpilogueBytes<C>> + DecimalIfFailed<SmemBytes<C>>,
    LeEq<EpilogueBytes<C>, SmemBytes<C>>: EpilogueFitsStages<DecIfFailed<LeEq<EpilogueBytes<C>, SmemBytes<C>>, EpilogueBytes<C>>, DecIfFailed<LeEq<EpilogueBytes<C>, SmemBytes<C>>, SmemBytes<C>>>,
{
}

/// `make_layout((bM, bK))`: the `(m,k)` coordinates of A's CTA tile.
pub type CoordMK<C> = MakeLayoutLeft<Tup<<C as Sm80Config>::BM, Tup<<C as Sm80Config>::BK, Nil>>>;
/// `make_layout((bN, bK))`: the `(n,k)` coordinates of B's CTA tile.
pub type CoordNK<C> = MakeLayoutLeft<Tup<<C as Sm80Config>::BN, Tup<<C as Sm80Config>::BK, Nil>>>;
/// `make_layout((bM, bN))`: the `(m,n)` coordinates of the C tile.
pub type CoordMN<C> = MakeLayoutLeft<Tup<<C as Sm80Config>::BM, Tup<<C as Sm80Config>::BN, Nil>>>;

/// A per-thread tensor a header writes in closed form: thread 0's partition type (offsets and
/// run-time strides of other threads come from the configuration's `tidfrg`/`thrfrg` tables).
pub trait ThreadTensorType: TensorParts + CuteText + tycute_emit::value::PartitionValue {}
impl<T: TensorParts + CuteText + tycute_emit::value::PartitionValue> ThreadTensorType for T {}

/// What a kernel of configuration `C` reads, derived from its parts: one type alias per table
/// and per thread tensor (the names of CuTe's sgemm_sm80 kernel). Tables are `(thread, value)`
/// layouts of the whole CTA (`tidfrg_S/D` of a copy, `thrfrg_A/B/C` of the TiledMMA); thread
/// tensors are thread 0's partitions (`tAsA`, ...), whose shapes and static strides every thread
/// shares.
pub mod derive {
    use super::{CoordMK, CoordMN, CoordNK, Sm80Config};
    use tycute_tiled::copy::{PartitionD, PartitionS, RetileD, RetileS, SwizzledPartitionFragmentA, SwizzledPartitionFragmentB, TidfrgD, TidfrgS};
    use tycute_tiled::mma;
    use typenum::Z0;

    /// The CTA tile `(bM,bN,bK)`.
    pub type CtaTiler<C> = tycute_layout::Tup<<C as Sm80Config>::BM, tycute_layout::Tup<<C as Sm80Config>::BN, tycute_layout::Tup<<C as Sm80Config>::BK, tycute_layout::Nil>>>;
    /// `tidfrg_S(copyA, make_layout((bM,bK)))`: `(thr, val) -> m + bM*k`.
    pub type G2SACrd<C> = TidfrgS<<C as Sm80Config>::CopyA, CoordMK<C>>;
    /// `tidfrg_D(copyA, sA(_,_,0))`: `(thr, val) ->` smem offset.
    pub type G2SASmem<C> = TidfrgD<<C as Sm80Config>::CopyA, <C as Sm80Config>::SmemLayoutAStage>;
    /// `tidfrg_S(copyB, make_layout((bN,bK)))`.
    pub type G2SBCrd<C> = TidfrgS<<C as Sm80Config>::CopyB, CoordNK<C>>;
    /// `tidfrg_D(copyB, sB(_,_,0))`.
    pub type G2SBSmem<C> = TidfrgD<<C as Sm80Config>::CopyB, <C as Sm80Config>::SmemLayoutBStage>;
    /// `tidfrg_S(s2r_copy_a, sA(_,_,0))`: the ldmatrix sources.
    pub type S2RASmem<C> = TidfrgS<super::S2RCopyA<C>, <C as Sm80Config>::SmemLayoutAStage>;
    /// `tidfrg_D(s2r_copy_a, make_layout((bM,bK)))`: which A element each ldmatrix value is.
    pub type S2RACrd<C> = TidfrgD<super::S2RCopyA<C>, CoordMK<C>>;
    /// `tidfrg_S(s2r_copy_b, sB(_,_,0))`.
    pub type S2RBSmem<C> = TidfrgS<super::S2RCopyB<C>, <C as Sm80Config>::SmemLayoutBStage>;
    /// `tidfrg_D(s2r_copy_b, make_layout((bN,bK)))`.
    pub type S2RBCrd<C> = TidfrgD<super::S2RCopyB<C>, CoordNK<C>>;
    /// `thrfrg_A(mma, make_layout((bM,bK)))`: `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`.
    pub type ThrfrgA<C> = mma::ThrfrgA<<C as Sm80Config>::MmaC, CoordMK<C>>;
    /// `thrfrg_B(mma, make_layout((bN,bK)))`: `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK)))`.
    pub type ThrfrgB<C> = mma::ThrfrgB<<C as Sm80Config>::MmaC, CoordNK<C>>;
    /// `thrfrg_C(mma, make_layout((bM,bN)))`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
    pub type ThrfrgC<C> = mma::ThrfrgC<<C as Sm80Config>::MmaC, CoordMN<C>>;
    /// `mma.get_thr_layout_vmnk()`: `(ThrV,ThrM,ThrN,ThrK) -> thr`.
    pub type ThrLayoutVMNK<C> = mma::ThrLayoutVMNK<<C as Sm80Config>::MmaC>;
    /// `tidfrg_D(copyA, sA)` (all stages).
    pub type G2SASmemAll<C> = TidfrgD<<C as Sm80Config>::CopyA, <C as Sm80Config>::SmemLayoutA>;
    /// `tidfrg_D(copyB, sB)` (all stages).
    pub type G2SBSmemAll<C> = TidfrgD<<C as Sm80Config>::CopyB, <C as Sm80Config>::SmemLayoutB>;
    /// `tidfrg_D(r2s, sC)`.
    pub type R2SSmem<C> = TidfrgD<super::R2SCopy<C>, <C as Sm80Config>::SmemLayoutC>;
    /// `tidfrg_S(s2g, sC)`.
    pub type S2GSmem<C> = TidfrgS<<C as Sm80Config>::S2GCopy, <C as Sm80Config>::SmemLayoutC>;
    /// `tidfrg_D(s2g, make_layout((bM,bN)))`.
    pub type S2GCrd<C> = TidfrgD<<C as Sm80Config>::S2GCopy, CoordMN<C>>;
    /// `tCrA = partition_fragment_A(sA(_,_,0))`: `(MMA,MMA_M,MMA_K)` registers.
    pub type TCrA<C> = SwizzledPartitionFragmentA<<C as Sm80Config>::MmaC, <C as Sm80Config>::SmemLayoutAStage, Z0>;
    /// `tCrB`: `(MMA,MMA_N,MMA_K)`.
    pub type TCrB<C> = SwizzledPartitionFragmentB<<C as Sm80Config>::MmaC, <C as Sm80Config>::SmemLayoutBStage, Z0>;
    /// `tCrC`: `(MMA,MMA_M,MMA_N)` accumulators, compact.
    pub type TCrC<C> = mma::PartitionFragmentC<<C as Sm80Config>::MmaC, CoordMN<C>, Z0>;
    /// `retile_D(tCrA)` for the S2R copy: `(CPY,MMA_M,MMA_K)`.
    pub type TXrA<C> = RetileD<super::S2RCopyA<C>, TCrA<C>>;
    /// `retile_D(tCrB)`: `(CPY,MMA_N,MMA_K)`.
    pub type TXrB<C> = RetileD<super::S2RCopyB<C>, TCrB<C>>;
    /// `retile_S(tCrC)` for the R2S copy: `(CPY,MMA_M,MMA_N)`.
    pub type TRSrC<C> = RetileS<super::R2SCopy<C>, TCrC<C>>;
    /// `tAsA = partition_D(sA)`, thread 0: `(CPY,CPY_M,CPY_K,bP)`.
    pub type TAsA<C> = PartitionD<<C as Sm80Config>::CopyA, <C as Sm80Config>::SmemLayoutA, Z0>;
    /// `tBsB = partition_D(sB)`, thread 0: `(CPY,CPY_N,CPY_K,bP)`.
    pub type TBsB<C> = PartitionD<<C as Sm80Config>::CopyB, <C as Sm80Config>::SmemLayoutB, Z0>;
    /// `tAcA = partition_S(make_layout((bM,bK)))`, thread 0: `(CPY,CPY_M,CPY_K)`.
    pub type TAcA<C> = PartitionS<<C as Sm80Config>::CopyA, CoordMK<C>, Z0>;
    /// `tBcB = partition_S(make_layout((bN,bK)))`, thread 0: `(CPY,CPY_N,CPY_K)`.
    pub type TBcB<C> = PartitionS<<C as Sm80Config>::CopyB, CoordNK<C>, Z0>;
    /// `tCcC = partition_C(make_layout((bM,bN)))`, thread 0: `(MMA,MMA_M,MMA_N)`.
    pub type TCcC<C> = mma::PartitionC<<C as Sm80Config>::MmaC, CoordMN<C>, Z0>;
    /// `tXsA(_,_,_,0)`: `partition_S(sA(_,_,0))` of the S2R copy, thread 0: `(CPY,MMA_M,MMA_K)`.
    pub type TXsA0<C> = PartitionS<super::S2RCopyA<C>, <C as Sm80Config>::SmemLayoutAStage, Z0>;
    /// `tXsB(_,_,_,0)`, thread 0: `(CPY,MMA_N,MMA_K)`.
    pub type TXsB0<C> = PartitionS<super::S2RCopyB<C>, <C as Sm80Config>::SmemLayoutBStage, Z0>;
    /// `tRS_sC = partition_D(sC)` of the R2S copy, thread 0: `(CPY,MMA_M,MMA_N)`.
    pub type TRSsC<C> = PartitionD<super::R2SCopy<C>, <C as Sm80Config>::SmemLayoutC, Z0>;
    /// `tSG_sC = partition_S(sC)` of the S2G copy, thread 0: `(CPY,CPY_M,CPY_N)`.
    pub type TSGsC<C> = PartitionS<<C as Sm80Config>::S2GCopy, <C as Sm80Config>::SmemLayoutC, Z0>;
    /// `tSG_cC = partition_D(make_layout((bM,bN)))` of the S2G copy, thread 0: `(CPY,CPY_M,CPY_N)`.
    pub type TSGcC<C> = PartitionD<<C as Sm80Config>::S2GCopy, CoordMN<C>, Z0>;
}

/// Everything a kernel of an [`Sm80Kernel`] configuration reads, as values of the [`derive`](mod@derive)
/// types: tables (`Repr`: `.table()` gives the index table, `.text()` the CuTe text) and thread
/// tensors. Field names are CuTe's (`tCrA`) or the table's role (`g2s_a_crd`).
#[allow(non_snake_case)]
#[derive(Clone)]
pub struct Sm80Tables {
    /// [`derive::CtaTiler`]: The CTA tile `(bM,bN,bK)`.
    pub cta_tiler: Repr,
    /// [`derive::G2SACrd`]: `tidfrg_S(copyA, make_layout((bM,bK)))`: `(thr, val) -> m + bM*k`.
    pub g2s_a_crd: Repr,
    /// [`derive::G2SASmem`]: `tidfrg_D(copyA, sA(_,_,0))`: `(thr, val) ->` smem offset.
    pub g2s_a_smem: Repr,
    /// [`derive::G2SBCrd`]: `tidfrg_S(copyB, make_layout((bN,bK)))`.
    pub g2s_b_crd: Repr,
    /// [`derive::G2SBSmem`]: `tidfrg_D(copyB, sB(_,_,0))`.
    pub g2s_b_smem: Repr,
    /// [`derive::S2RASmem`]: `tidfrg_S(s2r_copy_a, sA(_,_,0))`: the ldmatrix sources.
    pub s2r_a_smem: Repr,
    /// [`derive::S2RACrd`]: `tidfrg_D(s2r_copy_a, make_layout((bM,bK)))`: which A element each ldmatrix value is.
    pub s2r_a_crd: Repr,
    /// [`derive::S2RBSmem`]: `tidfrg_S(s2r_copy_b, sB(_,_,0))`.
    pub s2r_b_smem: Repr,
    /// [`derive::S2RBCrd`]: `tidfrg_D(s2r_copy_b, make_layout((bN,bK)))`.
    pub s2r_b_crd: Repr,
    /// [`derive::ThrfrgA`]: `thrfrg_A(mma, make_layout((bM,bK)))`: `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`.
    pub thrfrg_a: Repr,
    /// [`derive::ThrfrgB`]: `thrfrg_B(mma, make_layout((bN,bK)))`: `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK)))`.
    pub thrfrg_b: Repr,
    /// [`derive::ThrfrgC`]: `thrfrg_C(mma, make_layout((bM,bN)))`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
    pub thrfrg_c: Repr,
    /// [`derive::ThrLayoutVMNK`]: `mma.get_thr_layout_vmnk()`: `(ThrV,ThrM,ThrN,ThrK) -> thr`.
    pub thr_layout_vmnk: Repr,
    /// [`derive::G2SASmemAll`]: `tidfrg_D(copyA, sA)` (all stages).
    pub g2s_a_smem_all: Repr,
    /// [`derive::G2SBSmemAll`]: `tidfrg_D(copyB, sB)` (all stages).
    pub g2s_b_smem_all: Repr,
    /// [`derive::R2SSmem`]: `tidfrg_D(r2s, sC)`.
    pub r2s_smem: Repr,
    /// [`derive::S2GSmem`]: `tidfrg_S(s2g, sC)`.
    pub s2g_smem: Repr,
    /// [`derive::S2GCrd`]: `tidfrg_D(s2g, make_layout((bM,bN)))`.
    pub s2g_crd: Repr,
    /// [`derive::TCrA`]: `tCrA = partition_fragment_A(sA(_,_,0))`: `(MMA,MMA_M,MMA_K)` registers.
    pub tCrA: Repr,
    /// [`derive::TCrB`]: `tCrB`: `(MMA,MMA_N,MMA_K)`.
    pub tCrB: Repr,
    /// [`derive::TCrC`]: `tCrC`: `(MMA,MMA_M,MMA_N)` accumulators, compact.
    pub tCrC: Repr,
    /// [`derive::TXrA`]: `retile_D(tCrA)` for the S2R copy: `(CPY,MMA_M,MMA_K)`.
    pub tXrA: Repr,
    /// [`derive::TXrB`]: `retile_D(tCrB)`: `(CPY,MMA_N,MMA_K)`.
    pub tXrB: Repr,
    /// [`derive::TRSrC`]: `retile_S(tCrC)` for the R2S copy: `(CPY,MMA_M,MMA_N)`.
    pub tRSrC: Repr,
    /// [`derive::TAsA`]: `tAsA = partition_D(sA)`, thread 0: `(CPY,CPY_M,CPY_K,bP)`.
    pub tAsA: ThreadTensorParts,
    /// [`derive::TBsB`]: `tBsB = partition_D(sB)`, thread 0: `(CPY,CPY_N,CPY_K,bP)`.
    pub tBsB: ThreadTensorParts,
    /// [`derive::TAcA`]: `tAcA = partition_S(make_layout((bM,bK)))`, thread 0: `(CPY,CPY_M,CPY_K)`.
    pub tAcA: ThreadTensorParts,
    /// [`derive::TBcB`]: `tBcB = partition_S(make_layout((bN,bK)))`, thread 0: `(CPY,CPY_N,CPY_K)`.
    pub tBcB: ThreadTensorParts,
    /// [`derive::TCcC`]: `tCcC = partition_C(make_layout((bM,bN)))`, thread 0: `(MMA,MMA_M,MMA_N)`.
    pub tCcC: ThreadTensorParts,
    /// [`derive::TXsA0`]: `tXsA(_,_,_,0)`: `partition_S(sA(_,_,0))` of the S2R copy, thread 0: `(CPY,MMA_M,MMA_K)`.
    pub tXsA0: ThreadTensorParts,
    /// [`derive::TXsB0`]: `tXsB(_,_,_,0)`, thread 0: `(CPY,MMA_N,MMA_K)`.
    pub tXsB0: ThreadTensorParts,
    /// [`derive::TRSsC`]: `tRS_sC = partition_D(sC)` of the R2S copy, thread 0: `(CPY,MMA_M,MMA_N)`.
    pub tRSsC: ThreadTensorParts,
    /// [`derive::TSGsC`]: `tSG_sC = partition_S(sC)` of the S2G copy, thread 0: `(CPY,CPY_M,CPY_N)`.
    pub tSGsC: ThreadTensorParts,
    /// [`derive::TSGcC`]: `tSG_cC = partition_D(make_layout((bM,bN)))` of the S2G copy, thread 0: `(CPY,CPY_M,CPY_N)`.
    pub tSGcC: ThreadTensorParts,
}

/// [`Sm80Tables`] of a pair of tuples: the [`derive`](mod@derive) types whose values are tables (`Reify`)
/// and those that are thread tensors, in the order of [`Sm80Tables`]'s fields.
/// [`impl_sm80_kernel!`](crate::impl_sm80_kernel)'s `tables()` names all of a configuration's derived types in this one
/// path, not in one path per field: the borrow checker normalizes each path's type apart from
/// the type check's cache (a `type_op_ascribe_user_type` of its own), so one path works the
/// shared intermediates of the 35 derivations out once where 35 paths worked them out 35 times
/// (docs/perf.md, "Compile time").
#[doc(hidden)]
pub trait Sm80TablesOf {
    /// The tables.
    fn tables() -> Sm80Tables;
}
impl<R0: Reify, R1: Reify, R2: Reify, R3: Reify, R4: Reify, R5: Reify, R6: Reify, R7: Reify, R8: Reify, R9: Reify, R10: Reify, R11: Reify, R12: Reify, R13: Reify, R14: Reify, R15: Reify, R16: Reify, R17: Reify, R18: Reify, R19: Reify, R20: Reify, R21: Reify, R22: Reify, R23: Reify, T0: TensorParts + tycute_emit::value::PartitionValue, T1: TensorParts + tycute_emit::value::PartitionValue, T2: TensorParts + tycute_emit::value::PartitionValue, T3: TensorParts + tycute_emit::value::PartitionValue, T4: TensorParts + tycute_emit::value::PartitionValue, T5: TensorParts + tycute_emit::value::PartitionValue, T6: TensorParts + tycute_emit::value::PartitionValue, T7: TensorParts + tycute_emit::value::PartitionValue, T8: TensorParts + tycute_emit::value::PartitionValue, T9: TensorParts + tycute_emit::value::PartitionValue> Sm80TablesOf for ((R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15, R16, R17, R18, R19, R20, R21, R22, R23,), (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9,)) {
    fn tables() -> Sm80Tables {
        Sm80Tables {
            cta_tiler: R0::REPR,
            g2s_a_crd: R1::REPR,
            g2s_a_smem: R2::REPR,
            g2s_b_crd: R3::REPR,
            g2s_b_smem: R4::REPR,
            s2r_a_smem: R5::REPR,
            s2r_a_crd: R6::REPR,
            s2r_b_smem: R7::REPR,
            s2r_b_crd: R8::REPR,
            thrfrg_a: R9::REPR,
            thrfrg_b: R10::REPR,
            thrfrg_c: R11::REPR,
            thr_layout_vmnk: R12::REPR,
            g2s_a_smem_all: R13::REPR,
            g2s_b_smem_all: R14::REPR,
            r2s_smem: R15::REPR,
            s2g_smem: R16::REPR,
            s2g_crd: R17::REPR,
            tCrA: R18::REPR,
            tCrB: R19::REPR,
            tCrC: R20::REPR,
            tXrA: R21::REPR,
            tXrB: R22::REPR,
            tRSrC: R23::REPR,
            tAsA: ThreadTensorParts::of::<T0>(),
            tBsB: ThreadTensorParts::of::<T1>(),
            tAcA: ThreadTensorParts::of::<T2>(),
            tBcB: ThreadTensorParts::of::<T3>(),
            tCcC: ThreadTensorParts::of::<T4>(),
            tXsA0: ThreadTensorParts::of::<T5>(),
            tXsB0: ThreadTensorParts::of::<T6>(),
            tRSsC: ThreadTensorParts::of::<T7>(),
            tSGsC: ThreadTensorParts::of::<T8>(),
            tSGcC: ThreadTensorParts::of::<T9>(),
        }
    }
}

/// A checked configuration with everything its kernel reads ([`Sm80Tables`], the values of the
/// [`derive`](mod@derive) types), written by [`impl_sm80_kernel!`](crate::impl_sm80_kernel). Code generic over `C: Sm80Kernel` (the
/// header emitter, the bank analysis) cannot be instantiated with a configuration whose parts
/// disagree.
///
/// One function body reads every derived type. rustc keeps its cache of normalized types for
/// the type check of one body, so the 35 derivations of a configuration, which share most of
/// their intermediates, are worked out together once; as 35 associated types, each checked in an
/// environment of its own, they cost 16 s per configuration (docs/perf-history.md).
///
/// The S2R atoms must be `ldmatrix` atoms with their PTX ([`LdsmPtx`]): a bound of the
/// supertrait on [`Sm80Config::S2RAtomA`] and [`Sm80Config::S2RAtomB`], plain atom types that
/// cost no derivation to check.
pub trait Sm80Kernel:
    Sm80Checked
    + Sm80Config<S2RAtomA: LdsmPtx, S2RAtomB: LdsmPtx>
{
    /// The G2S atom, with its PTX.
    type G2SPtx: CpAsyncPtx;
    /// The TiledMMA's atom, with its PTX; its `ValTypeC` is the accumulators' type (`float`, or
    /// `half_t`: two per 32-bit register).
    type Mma: MmaPtx + MmaTraits<ValTypeA: tycute_emit::ElementName>;
    /// The epilogue's S2G atom (`Copy_Atom<UniversalCopy<uint128_t>, T>`): its value type `T` is
    /// the element type of C and D (`float` or `half_t`).
    type S2GAtom: CopyAtom<ValType: tycute_layout::swizzle::recast::SizeofBits + tycute_emit::ElementName>;
    /// The tables and thread tensors.
    fn tables() -> Sm80Tables;
}

/// `V` has the parts of configuration `B` except, possibly, its TiledMMA's atom (which must have
/// the same layouts, [`SameMmaLayouts`]) and its epilogue's S2G copy: every table and thread
/// tensor of [`derive`](mod@derive) but the four of the S2G copy is then `B`'s, so that
/// [`impl_sm80_variant!`](crate::impl_sm80_variant) takes them from `B::tables()` instead of deriving them again. Decided by
/// type equality of the parts (no layout is evaluated): the S2R and R2S copies are
/// `make_tiled_copy_A/B/C` of equal atoms and of TiledMMAs of the same layouts, which read only
/// those layouts, so they are `B`'s copies up to the MMA atom's name.
#[diagnostic::on_unimplemented(
    message = "kernel configuration `{Self}` is not a variant of `{B}`: a part other than the TiledMMA's atom and the S2G copy differs, or the atoms' layouts differ",
    label = "impl_sm80_variant! reuses the tables of the base configuration"
)]
pub trait Sm80SameMainloop<B> {}
impl<V, B> Sm80SameMainloop<B> for V
where
    B: Sm80Config,
    V: Sm80Config<
        BM = B::BM,
        BN = B::BN,
        BK = B::BK,
        Stages = B::Stages,
        SwizzleAtom = B::SwizzleAtom,
        SmemLayoutA = B::SmemLayoutA,
        SmemLayoutB = B::SmemLayoutB,
        SmemLayoutAStage = B::SmemLayoutAStage,
        SmemLayoutBStage = B::SmemLayoutBStage,
        G2SAtom = B::G2SAtom,
        CopyA = B::CopyA,
        CopyB = B::CopyB,
        S2RAtomA = B::S2RAtomA,
        S2RAtomB = B::S2RAtomB,
        SmemLayoutC = B::SmemLayoutC,
        R2SAtom = B::R2SAtom,
    >,
    V::MmaC: SameTiledMmaLayouts<B::MmaC>,
{
}

/// [`Sm80SameMainloop`] and the same S2G copy: all of `B`'s tables are `V`'s.
#[diagnostic::on_unimplemented(
    message = "kernel configuration `{Self}` has another S2G copy than `{B}`: use impl_sm80_variant!(V, B, s2g), which derives the S2G tables",
    label = "the epilogue's S2G copy differs"
)]
pub trait Sm80SameTables<B> {}
impl<V, B> Sm80SameTables<B> for V
where
    B: Sm80Config,
    V: Sm80SameMainloop<B> + Sm80Config<S2GCopy = B::S2GCopy>,
{
}

/// Two TiledMMAs with the same atom layout and permutations whose atoms have the same layouts
/// ([`SameMmaLayouts`]): `thrfrg_A/B/C`, `get_thr_layout_vmnk` and every fragment of one are the
/// other's (a TiledMMA's layouts read only its atom's `Shape_MNK`, `ThrID` and TV layouts).
#[diagnostic::on_unimplemented(
    message = "the TiledMMAs `{Self}` and `{B}` differ in more than an atom of the same layouts",
    label = "same AtomLayoutMNK and PermutationMNK, and atoms with the same Shape_MNK, ThrID and TV layouts, required"
)]
pub trait SameTiledMmaLayouts<B> {}
impl<A1, A2, L, P> SameTiledMmaLayouts<tycute_tiled::mma::TiledMMA<A2, L, P>> for tycute_tiled::mma::TiledMMA<A1, L, P> where A1: SameMmaLayouts<A2> {}

/// Writes `impl Sm80Kernel for $C`: every table and thread tensor of [`derive`](mod@derive) for the
/// configuration. Compiles only for a configuration that is [`Sm80Checked`].
#[macro_export]
macro_rules! impl_sm80_kernel {
    ($C:ty) => {
        impl $crate::kernel::sm80::Sm80Kernel for $C {
            type G2SPtx = <$C as $crate::kernel::sm80::Sm80Config>::G2SAtom;
            type Mma = <<$C as $crate::kernel::sm80::Sm80Config>::MmaC as $crate::__private::tycute_tiled::mma::TiledMma>::Atom;
            type S2GAtom = <<$C as $crate::kernel::sm80::Sm80Config>::S2GCopy as $crate::__private::tycute_tiled::copy::TiledCopyMembers>::Atom;
            fn tables() -> $crate::kernel::sm80::Sm80Tables {
                use $crate::kernel::sm80::derive::*;
                // one path names every derived type: see `Sm80TablesOf`
                <(
                    (CtaTiler<$C>, G2SACrd<$C>, G2SASmem<$C>, G2SBCrd<$C>, G2SBSmem<$C>, S2RASmem<$C>, S2RACrd<$C>, S2RBSmem<$C>, S2RBCrd<$C>, ThrfrgA<$C>, ThrfrgB<$C>, ThrfrgC<$C>, ThrLayoutVMNK<$C>, G2SASmemAll<$C>, G2SBSmemAll<$C>, R2SSmem<$C>, S2GSmem<$C>, S2GCrd<$C>, TCrA<$C>, TCrB<$C>, TCrC<$C>, TXrA<$C>, TXrB<$C>, TRSrC<$C>,),
                    (TAsA<$C>, TBsB<$C>, TAcA<$C>, TBcB<$C>, TCcC<$C>, TXsA0<$C>, TXsB0<$C>, TRSsC<$C>, TSGsC<$C>, TSGcC<$C>,),
                ) as $crate::kernel::sm80::Sm80TablesOf>::tables()
            }
        }
    };
}

/// Writes `impl Sm80Kernel for $V` for a variant of the configuration `$B` (an `Sm80Kernel`) that
/// differs from it only in its TiledMMA's atom, which must have `$B`'s atom's layouts (another
/// accumulator type: `SM80_16x8x16_F16F16F16F16_TN` for `SM80_16x8x16_F32F16F16F32_TN`), and, with
/// `s2g`, in its epilogue's S2G copy (another element type of C and D). Its tables are `$B`'s
/// (`$B::tables()`, computed once for both), the four of the S2G copy derived anew with `s2g`;
/// [`Sm80SameMainloop`] / [`Sm80SameTables`] are the compile-time proof that they are `$V`'s own.
/// The header then differs from `$B`'s only in what is read off the atoms (the MMA instruction,
/// the accumulator and output types) and, with `s2g`, in the S2G closed forms.
#[macro_export]
macro_rules! impl_sm80_variant {
    (@members $V:ty, $B:ty) => {
            type G2SPtx = <$B as $crate::kernel::sm80::Sm80Kernel>::G2SPtx;
            type Mma = <<$V as $crate::kernel::sm80::Sm80Config>::MmaC as $crate::__private::tycute_tiled::mma::TiledMma>::Atom;
            type S2GAtom = <<$V as $crate::kernel::sm80::Sm80Config>::S2GCopy as $crate::__private::tycute_tiled::copy::TiledCopyMembers>::Atom;
    };
    ($V:ty, $B:ty) => {
        const _: () = {
            fn same_tables<V: $crate::kernel::sm80::Sm80SameTables<B>, B>() {}
            let _ = same_tables::<$V, $B>;
        };
        impl $crate::kernel::sm80::Sm80Kernel for $V {
            $crate::impl_sm80_variant!(@members $V, $B);
            fn tables() -> $crate::kernel::sm80::Sm80Tables {
                <$B as $crate::kernel::sm80::Sm80Kernel>::tables()
            }
        }
    };
    ($V:ty, $B:ty, s2g) => {
        const _: () = {
            fn same_mainloop<V: $crate::kernel::sm80::Sm80SameMainloop<B>, B>() {}
            let _ = same_mainloop::<$V, $B>;
        };
        impl $crate::kernel::sm80::Sm80Kernel for $V {
            $crate::impl_sm80_variant!(@members $V, $B);
            fn tables() -> $crate::kernel::sm80::Sm80Tables {
                use $crate::kernel::sm80::derive::*;
                use $crate::rows::ThreadTensorParts;
                use $crate::__private::tycute_layout::Reify;
                $crate::kernel::sm80::Sm80Tables {
                    s2g_smem: <S2GSmem<$V> as Reify>::REPR,
                    s2g_crd: <S2GCrd<$V> as Reify>::REPR,
                    tSGsC: ThreadTensorParts::of::<TSGsC<$V>>(),
                    tSGcC: ThreadTensorParts::of::<TSGcC<$V>>(),
                    ..<$B as $crate::kernel::sm80::Sm80Kernel>::tables()
                }
            }
        }
    };
}

/// Declares configuration `$V`: the sm80 configuration `$B` with A and B of element type `$ab`
/// and C and D of element type `$cd`, derived from `$B`'s types, not restated. Its TiledMMA is
/// `$B`'s with the atom for `$ab` inputs ([`WithInputs`](crate::kernel::element::WithInputs):
/// `SM80_16x8x16_F32F16F16F32_TN` becomes `SM80_16x8x16_F32BF16BF16F32_TN`, the same layouts),
/// its S2G copy `$B`'s with value type `$cd` ([`WithValue`](crate::kernel::element::WithValue):
/// `$cd` must have the width of `$B`'s C/D type, whose copy's thread layout it keeps); every other
/// part is `$B`'s. The G2S and S2R copies keep `$B`'s 16-bit value type: they move A's and B's
/// bits, and their layouts depend on the width only. Writes `impl Sm80Kernel` with
/// [`impl_sm80_variant!`](crate::impl_sm80_variant): the tables are `$B`'s (`same`: `$cd` is `$B`'s C/D type) or `$B`'s
/// with the S2G tables derived anew (`s2g`).
///
/// ```ignore
/// tycute_kernel::sm80_with_elements!(Sm80Tn128x256Bf16 = Sm80Tn128x256, bfloat16_t, float, same,
///     "sm80_tn_128x256_bf16", "sm80 TN 128x256x64, bf16 A and B, f32 accumulators, C and D");
/// ```
#[macro_export]
macro_rules! sm80_with_elements {
    ($(#[$m:meta])* $V:ident = $B:ty, $ab:ty, $cd:ty, $tables:ident, $name:literal, $about:literal) => {
        $(#[$m])*
        pub struct $V;
        impl $crate::kernel::sm80::Sm80Config for $V {
            const NAME: &'static str = $name;
            const ABOUT: &'static str = $about;
            type BM = <$B as $crate::kernel::sm80::Sm80Config>::BM;
            type BN = <$B as $crate::kernel::sm80::Sm80Config>::BN;
            type BK = <$B as $crate::kernel::sm80::Sm80Config>::BK;
            type Stages = <$B as $crate::kernel::sm80::Sm80Config>::Stages;
            type SwizzleAtom = <$B as $crate::kernel::sm80::Sm80Config>::SwizzleAtom;
            type SmemLayoutA = <$B as $crate::kernel::sm80::Sm80Config>::SmemLayoutA;
            type SmemLayoutB = <$B as $crate::kernel::sm80::Sm80Config>::SmemLayoutB;
            type SmemLayoutAStage = <$B as $crate::kernel::sm80::Sm80Config>::SmemLayoutAStage;
            type SmemLayoutBStage = <$B as $crate::kernel::sm80::Sm80Config>::SmemLayoutBStage;
            type G2SAtom = <$B as $crate::kernel::sm80::Sm80Config>::G2SAtom;
            type CopyA = <$B as $crate::kernel::sm80::Sm80Config>::CopyA;
            type CopyB = <$B as $crate::kernel::sm80::Sm80Config>::CopyB;
            type MmaC = $crate::kernel::element::WithInputs<<$B as $crate::kernel::sm80::Sm80Config>::MmaC, $ab>;
            type S2RAtomA = <$B as $crate::kernel::sm80::Sm80Config>::S2RAtomA;
            type S2RAtomB = <$B as $crate::kernel::sm80::Sm80Config>::S2RAtomB;
            type SmemLayoutC = <$B as $crate::kernel::sm80::Sm80Config>::SmemLayoutC;
            type R2SAtom = <$B as $crate::kernel::sm80::Sm80Config>::R2SAtom;
            type S2GCopy = $crate::kernel::element::WithValue<<$B as $crate::kernel::sm80::Sm80Config>::S2GCopy, $cd>;
        }
        $crate::sm80_with_elements!(@tables $tables, $V, $B);
    };
    (@tables same, $V:ty, $B:ty) => {
        $crate::impl_sm80_variant!($V, $B);
    };
    (@tables s2g, $V:ty, $B:ty) => {
        $crate::impl_sm80_variant!($V, $B, s2g);
    };
}
