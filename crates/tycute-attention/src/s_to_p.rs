//! S to P in registers, proven: the accumulator of S = Q Kᵀ, re-viewed by
//! [`ConvertLayoutAccAregs`](crate::ConvertLayoutAccAregs), is register for register the A operand P·V's register-sourced GMMA
//! reads, so the kernel converts each f32 to the 16-bit element in place and issues the RS
//! wgmma on those registers (FlashAttention-3's `convert_layout_acc_Aregs` +
//! `make_tensor(tOrP.data(), convert_layout_acc_Aregs(tSrS.layout()))`).
//!
//! The proof composes the two TiledMMAs' thread-value maps over the whole tile (not one atom):
//!
//! ```text
//! acc_tv  = thrfrg_C(make_layout((kBlockM,kBlockN))).compose(thridx_2_thrid, _)   // (thr_idx, reg) -> m + kBlockM n
//! a_tv    = thrfrg_A(make_layout((kBlockM,kBlockKPV))).compose(atile, _)
//!                                                 .compose(thridx_2_thrid, _)   // (thr_idx, reg') -> m + kBlockM k
//! acc     = partition_fragment_C(TiledMmaQK, S).layout()                        // ((2,2,N/8),MMA_M,MMA_N) -> reg
//! view    = convert_layout_acc_Aregs(acc)                                       // ((2,2,2),MMA_M,N/16*MMA_N) -> reg
//! as_a    = acc_tv.compose(_, view)                                             // (thr_idx, reg') -> m + kBlockM n
//! require   coalesce(as_a, (_1,_1)) == coalesce(a_tv, (_1,_1))                 // equal as functions
//! ```
//!
//! A fragment's register `r` is the colexicographic index of its value coordinate (`make_fragment_C`
//! and `make_fragment_A` are compact), which is how a layout reads a 1-D index, so `acc_tv` and
//! `a_tv` take register numbers. Two layouts whose modes are coalesced (size-1 modes dropped,
//! mergeable neighbours merged) are equal as functions exactly when they are equal as types; the
//! thread mode is kept apart so that the thread counts must agree too. All of it is the layout
//! algebra on modes (composition, coalesce), O(modes): no element is enumerated.
//!
//! Before the comparison, rules that name what is wrong (each a gate: when one fails, its message
//! is the only error):
//!
//! | rule | message starts |
//! |---|---|
//! | P·V's atom reads A from registers (an `_RS` GMMA: its A thread mode is not stride 0) | `S to P: TiledMmaPV's atom must read A from registers` |
//! | P·V's A is 16-bit (8-bit A needs FA3's register permutation, `permute_Aregs_fp8`) | `S to P: a pure re-view needs 16-bit A` |
//! | P·V's K tile is S's N (`kBlockN`) | `S to P: P·V's K tile must be S's N` |
//! | TiledMmaQK's tile divides `(kBlockM, kBlockN, kHeadDim)` | `S to P: TiledMmaQK's tile must divide` |
//! | TiledMmaPV's tile divides `(kBlockM, kHeadDim, kBlockN)` | `S to P: TiledMmaPV's tile must divide` |
//! | the re-view is P·V's A, as functions | `S to P: S's accumulators re-viewed by convert_layout_acc_Aregs are not P·V's A registers` |
//!
//! ```text
//! // FA3's tiles: the view is ((2,2,2),MMA_M,N/16) over the 4 N/8 accumulators (asserted in
//! // tests/header/twin.rs, every tile in one test binary)
//! show::<AccAsAregs<Hd128<bfloat16_t>>>()     == "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)"
//! show::<AccAsAregs<Hd128N176<bfloat16_t>>>() == "((_2,_2,_2),_1,_11):((_1,_2,_4),_0,_8)"
//! show::<AccAsAregs<Hd64<half_t>>>()          == "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)"
//! show::<AccAsAregs<Hd256<bfloat16_t>>>()     == "((_2,_2,_2),_1,_5):((_1,_2,_4),_0,_8)"
//! ```

use core::marker::PhantomData;

use tycute_atom::MmaTraits;
use tycute_layout::bounds::{DecIfFailed, SameOp};
use tycute_layout::int::{And, Eq, Gr, Mod, B1, P1, Z0};
use tycute_layout::swizzle::recast::Bits;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::algebra::coalesce::CoalesceProfileOp;
use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::{CoalesceProfile, Composition, Cosize, Layout, LayoutAt, Underscore};
use tycute_tiled::mma::layout_tv::LayoutTvOfParts;
use tycute_tiled::mma::tiled_mma::{Parts, TiledMMA, TiledMma, A as OperandA, C as OperandC};
use tycute_tiled::mma::fragment::PartitionFragmentCOp;
use tycute_tiled::mma::PartitionFragmentC;
use typenum::consts::P16;

use crate::convert_layout_acc_aregs::ConvertLayoutAccAregsFn;
use crate::tile::AttentionTile;

type T2<A, B> = Tup<A, Tup<B, Nil>>;
type T3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;

/// The members of a `TiledMMA` type, for the whole-tile TV maps.
#[doc(hidden)]
pub trait PartsOf {
    type Parts;
}
impl<Atom, L, P> PartsOf for TiledMMA<Atom, L, P> {
    type Parts = Parts<Atom, L, P>;
}

/// `(thr_idx, reg) -> m + M n`: which element of the C tile `TileC` (`(M,N)` coordinates) a
/// thread's accumulator register `reg` holds (`thrfrg_C(TileC).compose(thridx_2_thrid, _)`:
/// `get_layoutC_TV` over the whole tile, not one TiledMMA tile).
pub type AccTv<TM, TileC> = <<TM as PartsOf>::Parts as LayoutTvOfParts<OperandC, TileC>>::Output;
/// `(thr_idx, reg) -> m + M k`: which element of the A tile `TileA` a thread's A fragment
/// register `reg` holds (`get_layoutA_TV` over the whole tile).
pub type ARegTv<TM, TileA> = <<TM as PartsOf>::Parts as LayoutTvOfParts<OperandA, TileA>>::Output;

// ---------------------------------------------------------------------------------------------
// The rules before the comparison, each a bit and a message trait with `Ok<T>`.

type Qk<T> = <T as AttentionTile>::TiledMmaQK;
type Pv<T> = <T as AttentionTile>::TiledMmaPV;
type PvAtom<T> = <Pv<T> as TiledMma>::Atom;

/// P·V's atom reads A from registers: its A layout's thread mode is not all stride 0 (an `_SS`
/// atom maps every thread to the whole tile, `(_128,(M,K)):(_0,(_1,M))`).
#[diagnostic::on_unimplemented(
    message = "S to P: TiledMmaPV's atom must read A from registers (a GMMA _RS atom), so that P stays in S's accumulator registers; `{Atom}` reads A from shared memory",
    label = "P·V with A from shared memory"
)]
pub trait PvAtomAFromRegisters<Atom> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Atom> PvAtomAFromRegisters<Atom> for B1 {
    type Ok<X> = X;
}
type RegBit<T> = Gr<Cosize<LayoutAt<<Pv<T> as TiledMma>::AtomLayoutA_TV, Z0>>, P1>;

/// P·V's A is 16-bit: then one f32 accumulator becomes one A element in the same place. 8-bit
/// A packs four values a register in another order: FA3 permutes bytes across the quad
/// (`permute_Aregs_fp8`), which is not a re-view.
#[diagnostic::on_unimplemented(
    message = "S to P: a pure re-view needs 16-bit A (bf16, fp16); TiledMmaPV's A is {Bits}-bit: the accumulators of S read as {Bits}-bit A need a register permutation (FA3's permute_Aregs_fp8), not a re-view",
    label = "{Bits}-bit A operand"
)]
pub trait PvA16Bit<Bits = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Bits> PvA16Bit<Bits> for B1 {
    type Ok<X> = X;
}
type ABits<T> = Bits<<PvAtom<T> as MmaTraits>::ValTypeA>;
type BitsBit<T> = Eq<ABits<T>, P16>;

/// P's K extent is S's N: the P·V iteration consumes exactly the S tile just computed.
#[diagnostic::on_unimplemented(
    message = "S to P: P·V's K tile must be S's N (kBlockN): P·V reads K = {PvK}, S has N = {BlockN}",
    label = "K = {PvK}, kBlockN = {BlockN}"
)]
pub trait PvKIsQkN<PvK = (), BlockN = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<PvK, BlockN> PvKIsQkN<PvK, BlockN> for B1 {
    type Ok<X> = X;
}
type KBit<T> = Eq<<T as AttentionTile>::BlockKPV, <T as AttentionTile>::BlockN>;

/// TiledMmaQK's tile `(TileM, TileN, TileK)` divides S = Q Kᵀ's `(kBlockM, kBlockN, kHeadDim)`.
#[diagnostic::on_unimplemented(
    message = "S to P: TiledMmaQK's tile must divide S = Q K^T's (kBlockM, kBlockN, kHeadDim): tile {Tile}, S {Block}",
    label = "tile {Tile} does not divide {Block}"
)]
pub trait QkTileDivides<Tile = (), Block = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Tile, Block> QkTileDivides<Tile, Block> for B1 {
    type Ok<X> = X;
}
/// TiledMmaPV's tile divides O = P V's `(kBlockM, kHeadDim, kBlockN)`.
#[diagnostic::on_unimplemented(
    message = "S to P: TiledMmaPV's tile must divide O = P V's (kBlockM, kHeadDim, kBlockN): tile {Tile}, O {Block}",
    label = "tile {Tile} does not divide {Block}"
)]
pub trait PvTileDivides<Tile = (), Block = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Tile, Block> PvTileDivides<Tile, Block> for B1 {
    type Ok<X> = X;
}

type Divides<A, B> = Eq<Mod<B, A>, Z0>;
type Divides3<TM, X, Y, Z> = And<
    And<Divides<<TM as TiledMma>::TileM, X>, Divides<<TM as TiledMma>::TileN, Y>>,
    Divides<<TM as TiledMma>::TileK, Z>,
>;
type TileOf<TM> = T3<<TM as TiledMma>::TileM, <TM as TiledMma>::TileN, <TM as TiledMma>::TileK>;
type BlockQk<T> = T3<<T as AttentionTile>::BlockM, <T as AttentionTile>::BlockN, <T as AttentionTile>::HeadDim>;
type BlockPv<T> = T3<<T as AttentionTile>::BlockM, <T as AttentionTile>::HeadDim, <T as AttentionTile>::BlockKPV>;
type QkBit<T> = Divides3<Qk<T>, <T as AttentionTile>::BlockM, <T as AttentionTile>::BlockN, <T as AttentionTile>::HeadDim>;
type PvBit<T> = Divides3<Pv<T>, <T as AttentionTile>::BlockM, <T as AttentionTile>::HeadDim, <T as AttentionTile>::BlockKPV>;

/// The parts the comparison reads, once every rule above holds.
pub struct Checked<QK, PV, TileS, TileP>(PhantomData<fn() -> (QK, PV, TileS, TileP)>);
type Start<T> = Checked<Qk<T>, Pv<T>, <T as AttentionTile>::TileS, <T as AttentionTile>::TileP>;

type RegGate<T, G> = <RegBit<T> as PvAtomAFromRegisters<PvAtom<T>>>::Ok<G>;
type Bits16Gate<T, G> = <BitsBit<T> as PvA16Bit<DecIfFailed<BitsBit<T>, ABits<T>>>>::Ok<G>;
type KGate<T, G> = <KBit<T> as PvKIsQkN<
    DecIfFailed<KBit<T>, <T as AttentionTile>::BlockKPV>,
    DecIfFailed<KBit<T>, <T as AttentionTile>::BlockN>,
>>::Ok<G>;
type QkGate<T, G> = <QkBit<T> as QkTileDivides<DecIfFailed<QkBit<T>, TileOf<Qk<T>>>, DecIfFailed<QkBit<T>, BlockQk<T>>>>::Ok<G>;
type PvGate<T, G> = <PvBit<T> as PvTileDivides<DecIfFailed<PvBit<T>, TileOf<Pv<T>>>, DecIfFailed<PvBit<T>, BlockPv<T>>>>::Ok<G>;
/// Every rule before the comparison holds: [`Checked`] with the tile's parts.
pub type Gated<T> = PvGate<T, QkGate<T, KGate<T, Bits16Gate<T, RegGate<T, Start<T>>>>>>;
/// The same rules but the 16-bit one (the fp8 path's, `crate::permute_aregs_fp8`).
pub type GatedWithout16<T> = PvGate<T, QkGate<T, KGate<T, RegGate<T, Start<T>>>>>;

// ---------------------------------------------------------------------------------------------
// The comparison.

/// `(_1,_1)`: coalesce each of the two modes (thread, register) on its own.
type ByMode = T2<P1, P1>;
/// `(_, L)`: compose the register mode with `L`, keep the thread mode.
type RegMode<L> = T2<Underscore, L>;

/// The parts of a [`Checked`] (no bounds: a projection that has no value when a gate failed,
/// so the solver never explores the algebra below with unknown TiledMMAs).
pub trait CheckedParts {
    type Qk;
    type Pv;
    type TileS;
    type TileP;
}
impl<QK, PV, S, P> CheckedParts for Checked<QK, PV, S, P> {
    type Qk = QK;
    type Pv = PV;
    type TileS = S;
    type TileP = P;
}

// partition_fragment_C(TiledMmaQK, S): ((2,2,N/8),MMA_M,MMA_N) -> reg
type AccOf<QK, S> = PartitionFragmentC<QK, S, Z0>;
// convert_layout_acc_Aregs(acc): ((2,2,2),MMA_M,N/16*MMA_N) -> reg
type ViewOf<QK, S> = <AccOf<QK, S> as ConvertLayoutAccAregsFn>::Output;
// acc_tv.compose(_, view): (thr_idx, reg') -> m + kBlockM n
type AsA<QK, S> = Composition<AccTv<QK, S>, RegMode<ViewOf<QK, S>>>;
// coalesce(.., (_1,_1)) of both maps, as (shape, stride)
type GotOf<QK, S> = <CoalesceProfile<AsA<QK, S>, ByMode> as LayoutParts>::Pair;
type WantOf<PV, P> = <CoalesceProfile<ARegTv<PV, P>, ByMode> as LayoutParts>::Pair;

/// The comparison's parts, computed once from the gated tile's normalized parts.
///
/// One projection on [`Checked`], not aliases of `Gated<T>`: an alias is expanded where it is
/// used, so every use of `Gated<T>` in the comparison repeated the gates' whole unnormalized
/// tree, and rustc took 25 s and 6.5 GB for one tile's proof where the same algebra on the
/// normalized parts takes 2.3 s and 0.4 GB (docs/perf.md, "Compile time").
#[doc(hidden)]
pub trait SToPParts {
    /// `convert_layout_acc_Aregs(partition_fragment_C(TiledMmaQK, S))`.
    type View;
    /// The re-viewed accumulators' `(thread, register) -> m + kBlockM n`, coalesced.
    type Got;
    /// P·V's A registers' `(thread, register) -> m + kBlockM k`, coalesced.
    type Want;
    /// `Got == Want`.
    type Bit;
}
impl<QK, PV, S, P> SToPParts for Checked<QK, PV, S, P>
where
    QK: PartsOf + PartitionFragmentCOp<S, Z0>,
    PV: PartsOf,
    AccOf<QK, S>: ConvertLayoutAccAregsFn,
    <QK as PartsOf>::Parts: LayoutTvOfParts<OperandC, S>,
    <PV as PartsOf>::Parts: LayoutTvOfParts<OperandA, P>,
    AccTv<QK, S>: CompositionOp<RegMode<ViewOf<QK, S>>>,
    AsA<QK, S>: CoalesceProfileOp<ByMode>,
    CoalesceProfile<AsA<QK, S>, ByMode>: LayoutParts,
    ARegTv<PV, P>: CoalesceProfileOp<ByMode>,
    CoalesceProfile<ARegTv<PV, P>, ByMode>: LayoutParts,
    GotOf<QK, S>: SameOp<WantOf<PV, P>>,
{
    type View = ViewOf<QK, S>;
    type Got = GotOf<QK, S>;
    type Want = WantOf<PV, P>;
    type Bit = <GotOf<QK, S> as SameOp<WantOf<PV, P>>>::Output;
}

/// `(shape, stride)` of a layout as one IntTuple, to compare and to print.
#[doc(hidden)]
pub trait LayoutParts {
    type Pair;
}
impl<S, D> LayoutParts for Layout<S, D> {
    type Pair = T2<S, D>;
}

/// The comparison's rule: the re-viewed accumulators are P·V's A registers, as functions
/// `(thread, register) -> (m, k)`. `Got` and `Want` are the two coalesced maps as
/// `(shape, stride)`, printed where they differ.
#[diagnostic::on_unimplemented(
    message = "S to P: S's accumulators re-viewed by convert_layout_acc_Aregs are not P·V's A registers: (thread, register) -> m + kBlockM n is (shape, stride) {Got}, P·V's A reads {Want}",
    label = "not a re-view"
)]
pub trait SToPReView<Got = (), Want = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Got, Want> SToPReView<Got, Want> for B1 {
    type Ok<X> = X;
}

type VBit<T> = <Gated<T> as SToPParts>::Bit;
type GotPair<T> = <Gated<T> as SToPParts>::Got;
type WantPair<T> = <Gated<T> as SToPParts>::Want;

/// The register A fragment of P·V as a view of S's accumulators,
/// `convert_layout_acc_Aregs(partition_fragment_C(TiledMmaQK, S))`, for an attention tile `T`
/// whose rules hold and whose view is proven to be P·V's A operand, register for register (see
/// the module's docs). Naming it for a tile that breaks a rule is a compile error with the
/// rule's message.
pub type AccAsAregs<T> = <VBit<T> as SToPReView<DecIfFailed<VBit<T>, GotPair<T>>, DecIfFailed<VBit<T>, WantPair<T>>>>::Ok<
    <Gated<T> as SToPParts>::View,
>;

/// `(thr_idx, reg) -> m + kBlockM n` of S's accumulators over the whole S tile of `T`.
pub type SAccTv<T> = AccTv<Qk<T>, <T as AttentionTile>::TileS>;
/// `(thr_idx, reg) -> m + kBlockM k` of P·V's A fragment over the whole P tile of `T`.
pub type PARegTv<T> = ARegTv<Pv<T>, <T as AttentionTile>::TileP>;
/// `partition_fragment_C(TiledMmaQK, S)` of `T`: `((2,2,N/8),MMA_M,MMA_N) -> reg`.
pub type SAccFragment<T> = PartitionFragmentC<Qk<T>, <T as AttentionTile>::TileS, Z0>;

