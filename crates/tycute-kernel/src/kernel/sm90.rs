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

use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed, SameOp};
use tycute_layout::layout::SizeOp;
use tycute_layout::numeric::{Bits, SizeofBits};
use tycute_layout::SmemPtr;
use tycute_atom::{GmmaOperandMajors, MmaTraits};
use crate::kernel::element::{SameElement, SameElementBit};
use tycute_layout::swizzle::gmma::GmmaMajor;
use tycute_layout::{ComposedLayout, Layout, Swizzle, Tup};
use tycute_tiled::mma::TiledMma;
use typenum::{Eq, IsEqual, IsLessOrEqual, LeEq, Mod, Prod, Quot, Sum, Z0, P1, P3, P4, P8};

use super::sm80::sealed;

rule!(
    /// `bM % tile_size<0>(mma) == 0`.
    Sm90CtaMDividesMma[BM, TileM],
    "kernel configuration: bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0): {BM} % {TileM}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bN % tile_size<1>(mma) == 0`.
    Sm90CtaNDividesMma[BN, TileN],
    "kernel configuration: bN is not a multiple of the TiledMMA's tile along N (bN % tile_size<1>(mma) != 0): {BN} % {TileN}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `bK % tile_size<2>(mma) == 0`.
    Sm90CtaKDividesMma[BK, TileK],
    "kernel configuration: bK is not a multiple of the TiledMMA's tile along K (bK % tile_size<2>(mma) != 0): {BK} % {TileK}",
    "the CTA tile must be a whole number of TiledMMA tiles"
);
rule!(
    /// `sA`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of A's tensor map.
    TmaSwizzleMatchesA[B, M, S, Mode],
    "kernel configuration: the smem layout of A is not swizzled the way its TMA mode writes it (Sw<B,M,S> of sA must be Sw<mode,4,3>): Sw<{B},{M},{S}>, the mode needs Sw<{Mode},4,3>",
    "TMA writes the box with the tensor map's swizzle; wgmma and the kernel read sA with the layout's"
);
rule!(
    /// `sB`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of B's tensor map.
    TmaSwizzleMatchesB[B, M, S, Mode],
    "kernel configuration: the smem layout of B is not swizzled the way its TMA mode writes it (Sw<B,M,S> of sB must be Sw<mode,4,3>): Sw<{B},{M},{S}>, the mode needs Sw<{Mode},4,3>",
    "TMA writes the box with the tensor map's swizzle; wgmma and the kernel read sB with the layout's"
);
rule!(
    /// `sD`'s swizzle is `Sw<B,4,3>` with `B` the TMA mode of D's tensor map.
    TmaSwizzleMatchesD[B, M, S, Mode],
    "kernel configuration: the epilogue's smem layout of D is not swizzled the way its TMA mode reads it (Sw<B,M,S> of sD must be Sw<mode,4,3>): Sw<{B},{M},{S}>, the mode needs Sw<{Mode},4,3>",
    "TMA stores the box with the tensor map's swizzle; stmatrix writes sD with the layout's"
);
rule!(
    /// `stages >= 2`.
    Sm90StagesAtLeast2[Stages],
    "kernel configuration: the TMA pipeline needs at least 2 stages: stages = {Stages}",
    "one stage is filled while another is read"
);
rule!(
    /// `sizeof(AB) * (bM + bN) * bK * stages + bufs * 2 * EPI_M * EPI_N * stages_cd <= 232448`
    /// (the epilogue's stages only for a 16-bit `ElementCD`: [`CdStaging`]).
    SmemFitsSm90[Bytes],
    "kernel configuration: the stages of A and B and the epilogue's C and D buffers need more shared memory than an sm_90 CTA may use (> 227 KiB = 232448 bytes): {Bytes}",
    "use fewer stages or a smaller CTA or epilogue tile"
);

rule!(
    /// The GMMA atom's major of A (`SM90_..._SS<MajorA, _>`) is the major of `sA`'s layout.
    GmmaMajorMatchesA[AtomMajor, Stride],
    "kernel configuration: the GMMA atom reads A in one major (SS<K,_> or SS<MN,_>) and sA is laid out in the other (its first stride is 1 exactly when it is MN-major): the atom reads A {AtomMajor}, the first stride of sA is {Stride}",
    "wgmma's transpose bit for A and the smem layout of A must agree: use a Layout_MN_* atom with SS<MN,_>, a Layout_K_* atom with SS<K,_>"
);
rule!(
    /// The GMMA atom's major of B (`SM90_..._SS<_, MajorB>`) is the major of `sB`'s layout.
    GmmaMajorMatchesB[AtomMajor, Stride],
    "kernel configuration: the GMMA atom reads B in one major (SS<_,K> or SS<_,MN>) and sB is laid out in the other (its first stride is 1 exactly when it is MN-major): the atom reads B {AtomMajor}, the first stride of sB is {Stride}",
    "wgmma's transpose bit for B and the smem layout of B must agree: use a Layout_MN_* atom with SS<_,MN>, a Layout_K_* atom with SS<_,K>"
);

rule!(
    /// The GMMA atom takes the configuration's element type for A and B and accumulates in f32
    /// (the kernel's accumulators, epilogue and stream-K partial sums are f32): its `ValTypeA` is
    /// `ElementAB` and its `ValTypeC` is `float`. Without the rule such a configuration got a
    /// header without `TYCUTE_<config>_WGMMA_PTX`, an error only when nvcc compiled it.
    GmmaAtomTakesElements[Atom, Element, AtomAB, AtomAcc],
    "kernel configuration: the TiledMMA's GMMA atom `{Atom}` does not take the configuration's types: the kernel feeds it A and B of the configuration's ElementAB `{Element}` and keeps f32 accumulators, and the atom takes A and B of `{AtomAB}` and accumulates in `{AtomAcc}`",
    "use the GMMA atom of the ElementAB with f32 accumulators (SM90_64xNx16_F32F16F16 for half_t, _F32BF16BF16 for bfloat16_t, SM90_64xNx32_F32E4M3E4M3 for float_e4m3_t)"
);
/// The atom's value type of A (`ValTypeA`) of TiledMMA `M`.
pub type AtomValA<M> = <GmmaAtomOf<M> as MmaTraits>::ValTypeA;
/// The atom's accumulator type (`ValTypeC`) of TiledMMA `M`.
pub type AtomValC<M> = <GmmaAtomOf<M> as MmaTraits>::ValTypeC;
/// [`GmmaAtomTakesElements`]' bit: `ValTypeA == ElementAB && ValTypeC == float`.
pub type GmmaElementsBit<C> = And<
    SameElementBit<AtomValA<<C as Sm90Config>::MmaC>, <C as Sm90Config>::ElementAB>,
    SameElementBit<AtomValC<<C as Sm90Config>::MmaC>, tycute_layout::float>,
>;

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
    /// The first stride.
    type First;
}
impl<A, O, Sh, St> SmemMnMajor for ComposedLayout<A, O, Layout<Sh, St>>
where
    St: FirstLeaf,
    <St as FirstLeaf>::Output: IsEqual<P1>,
{
    type Bit = Eq<<St as FirstLeaf>::Output, P1>;
    type First = <St as FirstLeaf>::Output;
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
/// `X` (B, M, S of the layout's swizzle, or the mode's B) in decimal where the swizzle of `L`
/// does not match `Mode`.
type SwNum<L, Mode, X> = DecIfFailed<SwizzleMatchesBit<L, Mode>, X>;
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
    /// The element type of A and B (`half_t`, `bfloat16_t`, `float_e4m3_t` or `float_e5m2_t`):
    /// the GMMA atom must take it ([`GmmaAtomTakesElements`]), the header names it
    /// (`TYCUTE_<config>_ELEMENT_AB`), and its width sizes the mainloop's stages, TMA boxes and
    /// descriptors' byte offsets.
    type ElementAB: tycute_emit::ElementName;
    /// The element type of C, D and the bias (`half_t`, `bfloat16_t` or `float`): the header names
    /// it (`TYCUTE_<config>_ELEMENT_CD`), the kernel converts C, D and the bias with it, and its
    /// width picks the epilogue's stores ([`CdStaging`]: 16-bit through shared memory, `float`
    /// from the registers, without the epilogue's buffers).
    type ElementCD: tycute_emit::ElementName;
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
    /// CUTLASS's kernel schedule. `false` (the default): a TiledMMA of one warpgroup runs as two
    /// consumers in ping-pong (CUTLASS's `KernelTmaWarpSpecializedPingpong`), one of two
    /// warpgroups as one cooperative consumer (`KernelTmaWarpSpecializedCooperative`). `true`: one
    /// consumer whatever the TiledMMA's warpgroups, so that a one-warpgroup tile (64 rows) takes
    /// the cooperative schedule's stream-K, which the ping-pong one compiles out (the header's
    /// `kConsumers`).
    const ONE_CONSUMER: bool = false;
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

/// `ReuseSmemC` holds only when C's and D's epilogue stages are one layout: D's `stmatrix`
/// writes, and its TMA store reads, the stage C's TMA load wrote and `ldmatrix` read. Implemented
/// for the bit `!ReuseSmemC || SmemLayoutC == SmemLayoutD` ([`ReuseBit`]); the parameters are the
/// two layouts' swizzles `(B, M, S)`, shapes and strides in decimal where it fails.
#[diagnostic::on_unimplemented(
    message = "kernel configuration: ReuseSmemC stores D through C's shared memory, so the epilogue's SmemLayoutC and SmemLayoutD must be the same layout: SmemLayoutC = Sw{SwC} o {ShapeC}:{StrideC}, SmemLayoutD = Sw{SwD} o {ShapeD}:{StrideD}",
    label = "CUTLASS's static_assert: ReuseSmemC needs SmemLayoutC == SmemLayoutD (and C and D of one element type)"
)]
pub trait ReuseSmemCFits<SwC = (), ShapeC = (), StrideC = (), SwD = (), ShapeD = (), StrideD = ()>: sealed::Sealed {}
impl<SwC, ShapeC, StrideC, SwD, ShapeD, StrideD> ReuseSmemCFits<SwC, ShapeC, StrideC, SwD, ShapeD, StrideD> for typenum::B1 {}

/// The parts of an epilogue smem layout that [`ReuseSmemCFits`] compares: the swizzle
/// `(B, M, S)`, the smem pointer's element bits (0 for a plain layout), the shape and the stride.
pub trait SmemLayoutParts {
    /// `(B, M, S)`.
    type Sw;
    /// The `smem_ptr[Tb]` bits (`Z0` for a plain layout).
    type Ptr;
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
}
impl<B, M, S, T, Sh, St> SmemLayoutParts for ComposedLayout<Swizzle<B, M, S>, SmemPtr<T>, Layout<Sh, St>> {
    type Sw = Tup<B, Tup<M, Tup<S, tycute_layout::tuple::Nil>>>;
    type Ptr = T;
    type Shape = Sh;
    type Stride = St;
}
impl<Sh, St> SmemLayoutParts for Layout<Sh, St> {
    type Sw = Tup<Z0, Tup<P4, Tup<P3, tycute_layout::tuple::Nil>>>;
    type Ptr = Z0;
    type Shape = Sh;
    type Stride = St;
}
/// All of [`SmemLayoutParts`] as one tuple, for the equality bit.
type PartsKey<L> = Tup<
    <L as SmemLayoutParts>::Sw,
    Tup<<L as SmemLayoutParts>::Ptr, Tup<<L as SmemLayoutParts>::Shape, Tup<<L as SmemLayoutParts>::Stride, tycute_layout::tuple::Nil>>>,
>;
/// `SmemLayoutC == SmemLayoutD` (swizzle, pointer bits, shape and stride), as a bit.
pub type SameSmemLayoutBit<LC, LD> = <PartsKey<LC> as SameOp<PartsKey<LD>>>::Output;
/// `!ReuseSmemC || SmemLayoutC == SmemLayoutD`, as a bit: the bit of [`ReuseSmemCFits`].
pub type ReuseBit<C> = typenum::Or<
    <<C as Sm90Config>::ReuseSmemC as core::ops::Not>::Output,
    SameSmemLayoutBit<<C as Sm90Config>::SmemLayoutCStage, <C as Sm90Config>::SmemLayoutDStage>,
>;
/// A part `P` of layout `L` for [`ReuseSmemCFits`]' message: in decimal where the rule fails.
type ReuseNum<C, X> = DecIfFailed<ReuseBit<C>, X>;

/// How the epilogue stores C/D elements of `Bits` bits: 16-bit ones (`half_t`, `bfloat16_t`) are
/// staged through shared memory (`stmatrix` into `sD`, a TMA store; C by a TMA load into `sC`,
/// `ldmatrix`), `Bytes` = 2 per element of the `(EPI_M,EPI_N)` stages; 32-bit ones (`float`) go
/// from the registers straight to global memory (CUTLASS's `NoSmem` epilogue: `stmatrix` and
/// `ldmatrix` move 16-bit elements, and 128x32 f32 stages beside four 48 KiB mainloop stages
/// exceed 227 KiB), `Bytes` = 0: no epilogue buffers, and the header's `kEpiDirect` = 1.
#[diagnostic::on_unimplemented(
    message = "kernel configuration: the sm90 epilogue stores C and D of 16 bits (through shared memory: stmatrix and a TMA store) or of 32 bits (from the registers): ElementCD has another width",
    label = "use half_t, bfloat16_t or float for ElementCD (sizeof_bits 16 or 32)"
)]
pub trait CdStaging {
    /// Bytes per element of the epilogue's shared-memory stages (0: stored directly).
    type Bytes;
    /// Stored from the registers (no shared-memory stages).
    const DIRECT: bool;
}
impl CdStaging for typenum::P16 {
    type Bytes = typenum::P2;
    const DIRECT: bool = false;
}
impl CdStaging for typenum::P32 {
    type Bytes = Z0;
    const DIRECT: bool = true;
}
/// Bytes per element of the epilogue's C and D stages ([`CdStaging`]): 2 for a 16-bit
/// `ElementCD`, 0 for `float` (stored from the registers).
pub type StagedBytesCD<C> = <Bits<<C as Sm90Config>::ElementCD> as CdStaging>::Bytes;
/// Whether configuration `C`'s epilogue stores C/D from the registers (a 32-bit `ElementCD`).
pub const fn epi_direct<C: Sm90Config>() -> bool
where
    C::ElementCD: SizeofBits,
    Bits<C::ElementCD>: CdStaging,
{
    <Bits<C::ElementCD> as CdStaging>::DIRECT
}

/// Bytes of the A and B stages and of the C and D epilogue buffers (none for a 32-bit `ElementCD`:
/// [`CdStaging`]).
pub type Sm90SmemBytes<C> = Sum<
    Prod<Prod<Prod<Sum<<C as Sm90Config>::BM, <C as Sm90Config>::BN>, <C as Sm90Config>::BK>, <C as Sm90Config>::Stages>, ElemBytes<C>>,
    Prod<Prod<Prod<Prod<<C as Sm90Config>::EpiM, <C as Sm90Config>::EpiN>, <C as Sm90Config>::StagesCD>, StagedBytesCD<C>>, EpiBufs<C>>,
>;
/// 2 epilogue buffers (C and D), 1 with `ReuseSmemC`.
type EpiBufs<C> = <<C as Sm90Config>::ReuseSmemC as EpiBuffers>::N;
/// `sizeof(ElementAB)`.
type ElemBytes<C> = Quot<Bits<<C as Sm90Config>::ElementAB>, P8>;
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
    C::ElementAB: SizeofBits,
    C::ElementCD: SizeofBits,
    // bM % TileM, bN % TileN, bK % TileK
    C::BM: Rem<<C::MmaC as TiledMma>::TileM>,
    Mod<C::BM, <C::MmaC as TiledMma>::TileM>: IsEqual<Z0>,
    DivBit<C::BM, <C::MmaC as TiledMma>::TileM>: DecimalIfFailed<C::BM> + DecimalIfFailed<<C::MmaC as TiledMma>::TileM>,
    DivBit<C::BM, <C::MmaC as TiledMma>::TileM>: Sm90CtaMDividesMma<
        DecIfFailed<DivBit<C::BM, <C::MmaC as TiledMma>::TileM>, C::BM>,
        DecIfFailed<DivBit<C::BM, <C::MmaC as TiledMma>::TileM>, <C::MmaC as TiledMma>::TileM>,
    >,
    C::BN: Rem<<C::MmaC as TiledMma>::TileN>,
    Mod<C::BN, <C::MmaC as TiledMma>::TileN>: IsEqual<Z0>,
    DivBit<C::BN, <C::MmaC as TiledMma>::TileN>: DecimalIfFailed<C::BN> + DecimalIfFailed<<C::MmaC as TiledMma>::TileN>,
    DivBit<C::BN, <C::MmaC as TiledMma>::TileN>: Sm90CtaNDividesMma<
        DecIfFailed<DivBit<C::BN, <C::MmaC as TiledMma>::TileN>, C::BN>,
        DecIfFailed<DivBit<C::BN, <C::MmaC as TiledMma>::TileN>, <C::MmaC as TiledMma>::TileN>,
    >,
    C::BK: Rem<<C::MmaC as TiledMma>::TileK>,
    Mod<C::BK, <C::MmaC as TiledMma>::TileK>: IsEqual<Z0>,
    DivBit<C::BK, <C::MmaC as TiledMma>::TileK>: DecimalIfFailed<C::BK> + DecimalIfFailed<<C::MmaC as TiledMma>::TileK>,
    DivBit<C::BK, <C::MmaC as TiledMma>::TileK>: Sm90CtaKDividesMma<
        DecIfFailed<DivBit<C::BK, <C::MmaC as TiledMma>::TileK>, C::BK>,
        DecIfFailed<DivBit<C::BK, <C::MmaC as TiledMma>::TileK>, <C::MmaC as TiledMma>::TileK>,
    >,
    // the swizzles TMA writes and the layouts read
    C::SmemLayoutAStage: SwizzleMatch<C::TmaSwizzleA> + SmemSwizzle,
    SwizzleMatchesBit<C::SmemLayoutAStage, C::TmaSwizzleA>: DecimalIfFailed<<C::SmemLayoutAStage as SmemSwizzle>::B>
        + DecimalIfFailed<<C::SmemLayoutAStage as SmemSwizzle>::M>
        + DecimalIfFailed<<C::SmemLayoutAStage as SmemSwizzle>::S>
        + DecimalIfFailed<<C::TmaSwizzleA as TmaSwizzleMode>::B>,
    SwizzleMatchesBit<C::SmemLayoutAStage, C::TmaSwizzleA>: TmaSwizzleMatchesA<
        SwNum<C::SmemLayoutAStage, C::TmaSwizzleA, <C::SmemLayoutAStage as SmemSwizzle>::B>,
        SwNum<C::SmemLayoutAStage, C::TmaSwizzleA, <C::SmemLayoutAStage as SmemSwizzle>::M>,
        SwNum<C::SmemLayoutAStage, C::TmaSwizzleA, <C::SmemLayoutAStage as SmemSwizzle>::S>,
        SwNum<C::SmemLayoutAStage, C::TmaSwizzleA, <C::TmaSwizzleA as TmaSwizzleMode>::B>,
    >,
    C::SmemLayoutBStage: SwizzleMatch<C::TmaSwizzleB> + SmemSwizzle,
    SwizzleMatchesBit<C::SmemLayoutBStage, C::TmaSwizzleB>: DecimalIfFailed<<C::SmemLayoutBStage as SmemSwizzle>::B>
        + DecimalIfFailed<<C::SmemLayoutBStage as SmemSwizzle>::M>
        + DecimalIfFailed<<C::SmemLayoutBStage as SmemSwizzle>::S>
        + DecimalIfFailed<<C::TmaSwizzleB as TmaSwizzleMode>::B>,
    SwizzleMatchesBit<C::SmemLayoutBStage, C::TmaSwizzleB>: TmaSwizzleMatchesB<
        SwNum<C::SmemLayoutBStage, C::TmaSwizzleB, <C::SmemLayoutBStage as SmemSwizzle>::B>,
        SwNum<C::SmemLayoutBStage, C::TmaSwizzleB, <C::SmemLayoutBStage as SmemSwizzle>::M>,
        SwNum<C::SmemLayoutBStage, C::TmaSwizzleB, <C::SmemLayoutBStage as SmemSwizzle>::S>,
        SwNum<C::SmemLayoutBStage, C::TmaSwizzleB, <C::TmaSwizzleB as TmaSwizzleMode>::B>,
    >,
    C::SmemLayoutDStage: SwizzleMatch<C::TmaSwizzleD> + SmemSwizzle,
    SwizzleMatchesBit<C::SmemLayoutDStage, C::TmaSwizzleD>: DecimalIfFailed<<C::SmemLayoutDStage as SmemSwizzle>::B>
        + DecimalIfFailed<<C::SmemLayoutDStage as SmemSwizzle>::M>
        + DecimalIfFailed<<C::SmemLayoutDStage as SmemSwizzle>::S>
        + DecimalIfFailed<<C::TmaSwizzleD as TmaSwizzleMode>::B>,
    SwizzleMatchesBit<C::SmemLayoutDStage, C::TmaSwizzleD>: TmaSwizzleMatchesD<
        SwNum<C::SmemLayoutDStage, C::TmaSwizzleD, <C::SmemLayoutDStage as SmemSwizzle>::B>,
        SwNum<C::SmemLayoutDStage, C::TmaSwizzleD, <C::SmemLayoutDStage as SmemSwizzle>::M>,
        SwNum<C::SmemLayoutDStage, C::TmaSwizzleD, <C::SmemLayoutDStage as SmemSwizzle>::S>,
        SwNum<C::SmemLayoutDStage, C::TmaSwizzleD, <C::TmaSwizzleD as TmaSwizzleMode>::B>,
    >,
    C::SmemLayoutCStage: SwizzleMatch<C::TmaSwizzleD> + SmemSwizzle,
    SwizzleMatchesBit<C::SmemLayoutCStage, C::TmaSwizzleD>: DecimalIfFailed<<C::SmemLayoutCStage as SmemSwizzle>::B>
        + DecimalIfFailed<<C::SmemLayoutCStage as SmemSwizzle>::M>
        + DecimalIfFailed<<C::SmemLayoutCStage as SmemSwizzle>::S>
        + DecimalIfFailed<<C::TmaSwizzleD as TmaSwizzleMode>::B>,
    SwizzleMatchesBit<C::SmemLayoutCStage, C::TmaSwizzleD>: TmaSwizzleMatchesD<
        SwNum<C::SmemLayoutCStage, C::TmaSwizzleD, <C::SmemLayoutCStage as SmemSwizzle>::B>,
        SwNum<C::SmemLayoutCStage, C::TmaSwizzleD, <C::SmemLayoutCStage as SmemSwizzle>::M>,
        SwNum<C::SmemLayoutCStage, C::TmaSwizzleD, <C::SmemLayoutCStage as SmemSwizzle>::S>,
        SwNum<C::SmemLayoutCStage, C::TmaSwizzleD, <C::TmaSwizzleD as TmaSwizzleMode>::B>,
    >,
    // ReuseSmemC: one layout for C and D
    C::SmemLayoutCStage: SmemLayoutParts,
    C::SmemLayoutDStage: SmemLayoutParts,
    PartsKey<C::SmemLayoutCStage>: SameOp<PartsKey<C::SmemLayoutDStage>>,
    C::ReuseSmemC: core::ops::Not,
    <C::ReuseSmemC as core::ops::Not>::Output: core::ops::BitOr<SameSmemLayoutBit<C::SmemLayoutCStage, C::SmemLayoutDStage>>,
    ReuseBit<C>: DecimalIfFailed<<C::SmemLayoutCStage as SmemLayoutParts>::Sw>
        + DecimalIfFailed<<C::SmemLayoutCStage as SmemLayoutParts>::Shape>
        + DecimalIfFailed<<C::SmemLayoutCStage as SmemLayoutParts>::Stride>
        + DecimalIfFailed<<C::SmemLayoutDStage as SmemLayoutParts>::Sw>
        + DecimalIfFailed<<C::SmemLayoutDStage as SmemLayoutParts>::Shape>
        + DecimalIfFailed<<C::SmemLayoutDStage as SmemLayoutParts>::Stride>,
    ReuseBit<C>: ReuseSmemCFits<
        ReuseNum<C, <C::SmemLayoutCStage as SmemLayoutParts>::Sw>,
        ReuseNum<C, <C::SmemLayoutCStage as SmemLayoutParts>::Shape>,
        ReuseNum<C, <C::SmemLayoutCStage as SmemLayoutParts>::Stride>,
        ReuseNum<C, <C::SmemLayoutDStage as SmemLayoutParts>::Sw>,
        ReuseNum<C, <C::SmemLayoutDStage as SmemLayoutParts>::Shape>,
        ReuseNum<C, <C::SmemLayoutDStage as SmemLayoutParts>::Stride>,
    >,
    // the wgmma transpose bits (the atom's majors) and the smem layouts
    GmmaAtomOf<C::MmaC>: GmmaOperandMajors,
    C::SmemLayoutAStage: SmemMnMajor,
    AtomMnBitA<C::MmaC>: IsEqual<SmemMnBit<C::SmemLayoutAStage>>,
    Eq<AtomMnBitA<C::MmaC>, SmemMnBit<C::SmemLayoutAStage>>: DecimalIfFailed<<C::SmemLayoutAStage as SmemMnMajor>::First>,
    Eq<AtomMnBitA<C::MmaC>, SmemMnBit<C::SmemLayoutAStage>>: GmmaMajorMatchesA<
        <GmmaAtomOf<C::MmaC> as GmmaOperandMajors>::MajorA,
        DecIfFailed<Eq<AtomMnBitA<C::MmaC>, SmemMnBit<C::SmemLayoutAStage>>, <C::SmemLayoutAStage as SmemMnMajor>::First>,
    >,
    C::SmemLayoutBStage: SmemMnMajor,
    AtomMnBitB<C::MmaC>: IsEqual<SmemMnBit<C::SmemLayoutBStage>>,
    Eq<AtomMnBitB<C::MmaC>, SmemMnBit<C::SmemLayoutBStage>>: DecimalIfFailed<<C::SmemLayoutBStage as SmemMnMajor>::First>,
    Eq<AtomMnBitB<C::MmaC>, SmemMnBit<C::SmemLayoutBStage>>: GmmaMajorMatchesB<
        <GmmaAtomOf<C::MmaC> as GmmaOperandMajors>::MajorB,
        DecIfFailed<Eq<AtomMnBitB<C::MmaC>, SmemMnBit<C::SmemLayoutBStage>>, <C::SmemLayoutBStage as SmemMnMajor>::First>,
    >,
    // the GMMA atom's A/B type is ElementAB, its accumulators f32
    GmmaAtomOf<C::MmaC>: MmaTraits,
    AtomValA<C::MmaC>: SameElement<C::ElementAB>,
    AtomValC<C::MmaC>: SameElement<tycute_layout::float>,
    SameElementBit<AtomValA<C::MmaC>, C::ElementAB>: core::ops::BitAnd<SameElementBit<AtomValC<C::MmaC>, tycute_layout::float>>,
    GmmaElementsBit<C>: GmmaAtomTakesElements<GmmaAtomOf<C::MmaC>, C::ElementAB, AtomValA<C::MmaC>, AtomValC<C::MmaC>>,
    // stages and shared memory
    C::Stages: IsLessOrEqual<P1> + typenum::Cmp<P1>,
    LeEq<C::Stages, P1>: core::ops::Not,
    <LeEq<C::Stages, P1> as core::ops::Not>::Output: DecimalIfFailed<C::Stages>,
    <LeEq<C::Stages, P1> as core::ops::Not>::Output: Sm90StagesAtLeast2<DecIfFailed<<LeEq<C::Stages, P1> as core::ops::Not>::Output, C::Stages>>,
    Bits<C::ElementAB>: core::ops::Div<P8>,
    Bits<C::ElementCD>: CdStaging,
    C::BM: Add<C::BN>,
    Sum<C::BM, C::BN>: Mul<C::BK>,
    Prod<Sum<C::BM, C::BN>, C::BK>: Mul<C::Stages>,
    Prod<Prod<Sum<C::BM, C::BN>, C::BK>, C::Stages>: Mul<ElemBytes<C>>,
    C::EpiM: Mul<C::EpiN>,
    Prod<C::EpiM, C::EpiN>: Mul<C::StagesCD>,
    Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>: Mul<StagedBytesCD<C>>,
    Prod<Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>, StagedBytesCD<C>>: Mul<EpiBufs<C>>,
    Prod<Prod<Prod<Sum<C::BM, C::BN>, C::BK>, C::Stages>, ElemBytes<C>>:
        Add<Prod<Prod<Prod<Prod<C::EpiM, C::EpiN>, C::StagesCD>, StagedBytesCD<C>>, EpiBufs<C>>>,
    Sm90SmemBytes<C>: IsLessOrEqual<Sm90SmemLimit> + typenum::Cmp<Sm90SmemLimit>,
    LeEq<Sm90SmemBytes<C>, Sm90SmemLimit>: DecimalIfFailed<Sm90SmemBytes<C>>,
    LeEq<Sm90SmemBytes<C>, Sm90SmemLimit>: SmemFitsSm90<DecIfFailed<LeEq<Sm90SmemBytes<C>, Sm90SmemLimit>, Sm90SmemBytes<C>>>,
    C::MmaC: SizeOp,
{
}

/// Declares an sm90 configuration derived from another: every [`Sm90Config`] item is the base
/// configuration's (`<Base as Sm90Config>::Item`) unless the invocation names it. The list of
/// items lives here once: adding an item to [`Sm90Config`] means adding one line to this macro, and
/// every derived configuration (by element type, by output type, clusters, `ReuseSmemC`, majors)
/// follows.
///
/// ```ignore
/// // a new type `$V` (a unit struct)
/// sm90_derive! {
///     /// `sm90` with bf16 elements.
///     pub struct Sm90Bf16 = Sm90 {
///         NAME = "sm90_bf16",
///         ElementAB = bfloat16_t,
///         ElementCD = bfloat16_t,
///         MmaC = WithInputs<<Sm90 as Sm90Config>::MmaC, bfloat16_t>,
///     }
/// }
/// // a generic type: the impl's parameters and where-clause in brackets
/// sm90_derive! {
///     impl[C: Sm90Config + ReuseName] ReuseSmemC<C> = C where [] {
///         NAME = C::REUSE_NAME,
///         ReuseSmemC = typenum::B1,
///     }
/// }
/// ```
///
/// `NAME` is required; an overridden item that is not an [`Sm90Config`] item does not compile
/// (`cannot find associated type ... in trait Sm90Config`). `ONE_CONSUMER = true` right after
/// `NAME` runs the base's tiles in one consumer ([`Sm90Config::ONE_CONSUMER`]; otherwise the
/// base's value):
///
/// ```ignore
/// sm90_derive! {
///     /// `sm90_64x96` in one consumer: the cooperative schedule's stream-K on 64-row tiles.
///     pub struct Sm90_64x96Sk = Sm90_64x96 {
///         NAME = "sm90_64x96_sk",
///         ONE_CONSUMER = true,
///     }
/// }
/// ```
#[macro_export]
macro_rules! sm90_derive {
    (@impl [$($g:tt)*] $V:ty = $B:ty where [$($w:tt)*] { NAME = $name:expr, ONE_CONSUMER = $one:expr $(, $item:ident = $t:ty)* }) => {
        const _: () = {
            $crate::sm90_derive!(@pick ($) $B $(, $item = $t)*);
            // each overridden name is an item of Sm90Config
            #[allow(dead_code)]
            fn overridden_items_exist<X: $crate::kernel::sm90::Sm90Config>() {
                $( let _: ::core::marker::PhantomData<<X as $crate::kernel::sm90::Sm90Config>::$item>; )*
            }
            impl<$($g)*> $crate::kernel::sm90::Sm90Config for $V where $($w)* {
                const NAME: &'static str = $name;
                const ONE_CONSUMER: bool = $one;
                type BM = sm90_item!(BM);
                type BN = sm90_item!(BN);
                type BK = sm90_item!(BK);
                type Stages = sm90_item!(Stages);
                type ElementAB = sm90_item!(ElementAB);
                type ElementCD = sm90_item!(ElementCD);
                type SmemLayoutAStage = sm90_item!(SmemLayoutAStage);
                type SmemLayoutBStage = sm90_item!(SmemLayoutBStage);
                type TmaSwizzleA = sm90_item!(TmaSwizzleA);
                type TmaSwizzleB = sm90_item!(TmaSwizzleB);
                type MmaC = sm90_item!(MmaC);
                type EpiM = sm90_item!(EpiM);
                type EpiN = sm90_item!(EpiN);
                type StagesCD = sm90_item!(StagesCD);
                type SmemLayoutDStage = sm90_item!(SmemLayoutDStage);
                type SmemLayoutCStage = sm90_item!(SmemLayoutCStage);
                type TmaSwizzleD = sm90_item!(TmaSwizzleD);
                type ReuseSmemC = sm90_item!(ReuseSmemC);
            }
        };
    };
    // (no ONE_CONSUMER named: the base's)
    (@impl [$($g:tt)*] $V:ty = $B:ty where [$($w:tt)*] { NAME = $name:expr $(, $item:ident = $t:ty)* }) => {
        $crate::sm90_derive!(@impl [$($g)*] $V = $B where [$($w)*] { NAME = $name, ONE_CONSUMER = <$B as $crate::kernel::sm90::Sm90Config>::ONE_CONSUMER $(, $item = $t)* });
    };
    // `sm90_item!(Item)`: the override of `Item` if the invocation names it, else the base's
    (@pick ($d:tt) $B:ty $(, $item:ident = $t:ty)*) => {
        macro_rules! sm90_item {
            $( ($item) => { $t }; )*
            ($d other:ident) => { <$B as $crate::kernel::sm90::Sm90Config>::$d other };
        }
    };
    (
        $(#[$m:meta])*
        $vis:vis struct $V:ident = $B:ty {
            NAME = $name:expr,
            ONE_CONSUMER = $one:expr
            $(, $item:ident = $t:ty)* $(,)?
        }
    ) => {
        $(#[$m])*
        $vis struct $V;
        $crate::sm90_derive!(@impl [] $V = $B where [] { NAME = $name, ONE_CONSUMER = $one $(, $item = $t)* });
    };
    (
        $(#[$m:meta])*
        $vis:vis struct $V:ident = $B:ty {
            NAME = $name:expr
            $(, $item:ident = $t:ty)* $(,)?
        }
    ) => {
        $(#[$m])*
        $vis struct $V;
        $crate::sm90_derive!(@impl [] $V = $B where [] { NAME = $name $(, $item = $t)* });
    };
    (
        impl [$($g:tt)*] $V:ty = $B:ty where [$($w:tt)*] {
            NAME = $name:expr
            $(, $item:ident = $t:ty)* $(,)?
        }
    ) => {
        $crate::sm90_derive!(@impl [$($g)*] $V = $B where [$($w)*] { NAME = $name $(, $item = $t)* });
    };
}

/// Declares configuration `$V`: the sm90 configuration `$B` with element type `$e` (A, B, C, D
/// and the bias), derived from `$B`'s types, not restated: its TiledMMA is `$B`'s with the GMMA
/// atom for `$e` inputs ([`WithInputs`](crate::kernel::element::WithInputs):
/// `SM90_64x128x16_F32F16F16_SS` becomes `SM90_64x128x16_F32BF16BF16_SS`, the same layouts and
/// majors), every other part `$B`'s ([`sm90_derive!`](crate::sm90_derive)). The smem layouts keep
/// `$B`'s atoms (`GMMA::Layout_K_SW128_Atom<half_t>` is `smem_ptr[16b]`: the same layout for every
/// 16-bit type); [`GmmaAtomTakesElements`] checks the atom against `$e`.
#[macro_export]
macro_rules! sm90_with_element {
    ($(#[$m:meta])* $V:ident = $B:ty, $e:ty, $name:literal) => {
        $crate::sm90_derive! {
            $(#[$m])*
            pub struct $V = $B {
                NAME = $name,
                ElementAB = $e,
                ElementCD = $e,
                MmaC = $crate::kernel::element::WithInputs<<$B as $crate::kernel::sm90::Sm90Config>::MmaC, $e>,
            }
        }
    };
}

/// Declares configuration `$V`: the sm90 configuration `$B` in one consumer
/// ([`Sm90Config::ONE_CONSUMER`]: the cooperative schedule and its stream-K on `$B`'s tiles), every
/// table `$B`'s ([`sm90_derive!`](crate::sm90_derive)). `tycute-sm90`'s `sm90_64x96_sk` is
/// `sm90_one_consumer!(Sm90_64x96Sk = Sm90_64x96, "sm90_64x96_sk")`. The rules of
/// [`Sm90Checked`] read only the items, which are `$B`'s, so `$B`'s check is `$V`'s (one consumer
/// needs less shared memory than two): require `Sm90Checked` of `$B` (`tycute-sm90` asserts it of
/// every base); the macro does not derive it again for `$V` (2.4 s of type check a configuration,
/// measured on `tycute-sm90`'s six).
#[macro_export]
macro_rules! sm90_one_consumer {
    ($(#[$m:meta])* $V:ident = $B:ty, $name:literal) => {
        $crate::sm90_derive! {
            $(#[$m])*
            pub struct $V = $B {
                NAME = $name,
                ONE_CONSUMER = true,
            }
        }
    };
}

/// Declares configuration `$V`: the sm90 configuration `$B` with another element type `$e` for C,
/// D and the bias (its output), everything else `$B`'s, not restated
/// ([`sm90_derive!`](crate::sm90_derive)): A and B, the TiledMMA and its f32 accumulators, the
/// smem layouts (D's atom is `$B`'s, a 16-bit layout: `$e` is either as wide as `$B`'s output,
/// staged through those layouts, or `float`, which the kernel stores from the registers without
/// them, [`CdStaging`]). The fp8 configurations' fp16 outputs are written so
/// (`sm90_128x256_e4m3_f16cd`), and the fp32 outputs (`sm90_128x256_bf16_f32cd`, ...).
#[macro_export]
macro_rules! sm90_with_output {
    ($(#[$m:meta])* $V:ident = $B:ty, $e:ty, $name:literal) => {
        $crate::sm90_derive! {
            $(#[$m])*
            pub struct $V = $B {
                NAME = $name,
                ElementCD = $e,
            }
        }
    };
}
