//! fp8 P·V (stretch): S's f32 accumulators as 8-bit A are *not* a re-view. FlashAttention-3's
//! `convert_layout_acc_Aregs` 8-bit form gives the A fragment's shape over the accumulator
//! registers, `((2,2,N/8),MMA_M,MMA_N)` to `((4,2,2),MMA_M,N/32*MMA_N)` (`(v0,v1)` joined into
//! one mode of 4 registers, "will require register shuffling later to be correct"), and
//! `permute_Aregs_fp8` then moves bytes across the four lanes of a quad: an 8-bit A register
//! holds columns `4 t0 .. 4 t0 + 3` (`ALayout_64x32`), the accumulators of lane `t0` columns
//! `2 t0, 2 t0 + 1` and `8 + 2 t0, 9 + 2 t0` (`CLayout_64xN`).
//!
//! At the type level, [`AccAsAregsFp8`] is that layout after the rules of the 16-bit path (P·V
//! reads A from registers, its K tile is S's N, the tiles divide) and the rule that A is 8-bit
//! (asking for the permutation path with 16-bit A is an error: use [`crate::AccAsAregs`]); the
//! 16-bit path rejects 8-bit A ("needs a register permutation"). The permutation itself is
//! ordinary code on the two tiles' tables ([`Fp8Permutation`]): for every thread and A value, the
//! lane of its quad and the accumulator that hold the element, with the check that a quad holds
//! every element it needs. `tests/fp8.rs` runs FA3's `permute_Aregs_fp8` (its byte selectors and
//! shuffles) on the tables and finds exactly this permutation.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_attention::permute_aregs_fp8::ConvertLayoutAccAregsFp8;
//! use tycute_attention::tile::Hd128Fp8;
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! assert_eq!(show::<ConvertLayoutAccAregsFp8<cute!(((_2,_2,_16),_1,_1):((_1,_2,_4),_0,_0))>>(), "((_4,_2,_2),_1,_4):((_1,_4,_8),_0,_16)");
//! // the whole tile's view, show::<AccAsAregsFp8<Hd128Fp8>>(), is the same layout: asserted in
//! // tests/fp8.rs (a proof of a few seconds of type checking, so not as a doctest)
//! # let _ = core::marker::PhantomData::<Hd128Fp8>;
//! ```

use tycute_atom::MmaTraits;
use tycute_layout::algebra::coalesce::CoalesceOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, Mod, Prod, Quot, B1, P1, P2, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::recast::Bits;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::Coalesce;
use tycute_tiled::mma::fragment::PartitionFragmentCOp;
use tycute_tiled::mma::{PartitionFragmentC, TiledMma};
use typenum::consts::{P4, P8};

use crate::convert_layout_acc_aregs::{AccGroups, AccGroupsOp, SplitLayout};
use crate::tile::AttentionTile;

type T2<A, B> = Tup<A, Tup<B, Nil>>;
type T3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;

/// `convert_layout_acc_Aregs` (8-bit A) on an accumulator fragment; see
/// [`ConvertLayoutAccAregsFp8`]. FA3 `static_assert`s `stride<0,0> == 1` and `stride<0,1> == 2`
/// (a compact accumulator), which the impl's header matches.
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_Aregs (8-bit): the accumulator must be a compact sm90 GMMA fragment ((2,2,N/8),MMA_M,MMA_N):((_1,_2,..),..), not `{Self}`",
    label = "not a compact GMMA accumulator fragment"
)]
pub trait ConvertLayoutAccAregsFp8Op {
    type Output;
}
/// `N/8 % 4 == 0`: four accumulator column groups of 8 make one 32-wide K block of 8-bit A.
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_Aregs (8-bit): the accumulator's N/8 must be a multiple of 4 (an 8-bit A fragment takes 32 columns): N/8 = {V}",
    label = "N/8 = {V} column groups of 8"
)]
pub trait AccAregsFp8Groups<V = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<V> AccAregsFp8Groups<V> for B1 {
    type Ok<X> = X;
}

type Fp8Bit<V> = Eq<Mod<V, P4>, Z0>;
// coalesce(make_layout(get<0,1>(l), get<2>(acc))): (N/32, MMA_N):(4 dV, dN)
type KRest<V, DV, MN, DN> = Coalesce<Layout<T2<Quot<V, P4>, MN>, T2<Prod<DV, P4>, DN>>>;

impl<V, MM, MN, DV, DM, DN> ConvertLayoutAccAregsFp8Op for Layout<T3<T3<P2, P2, V>, MM, MN>, T3<T3<P1, P2, DV>, DM, DN>>
where
    V: core::ops::Div<P4>,
    DV: core::ops::Mul<P2> + core::ops::Mul<P4>,
    Layout<T2<Quot<V, P4>, MN>, T2<Prod<DV, P4>, DN>>: CoalesceOp,
    KRest<V, DV, MN, DN>: SplitLayout,
{
    // ((4,2,2),MMA_M,N/32*MMA_N): (Layout<_4>, get<0,0,0>(l), get<0,0,1>(l))
    type Output = Layout<
        T3<T3<P4, P2, P2>, MM, <KRest<V, DV, MN, DN> as SplitLayout>::Shape>,
        T3<T3<P1, DV, Prod<DV, P2>>, DM, <KRest<V, DV, MN, DN> as SplitLayout>::Stride>,
    >;
}
/// `convert_layout_acc_Aregs<8-bit>(acc)`: `((2,2,N/8),MMA_M,MMA_N)` to
/// `((4,2,2),MMA_M,N/32*MMA_N)`, the registers in place (the bytes move afterwards:
/// [`Fp8Permutation`]).
pub type ConvertLayoutAccAregsFp8<Acc> = <<Fp8Bit<AccGroups<Acc>> as AccAregsFp8Groups<
    DecIfFailed<Fp8Bit<AccGroups<Acc>>, AccGroups<Acc>>,
>>::Ok<Acc> as ConvertLayoutAccAregsFp8Op>::Output;

/// The permutation path is for 8-bit A.
#[diagnostic::on_unimplemented(
    message = "S to P (fp8): permute_Aregs_fp8 is for 8-bit A; TiledMmaPV's A is {Bits}-bit, whose accumulators are a pure re-view: use AccAsAregs",
    label = "{Bits}-bit A operand"
)]
pub trait PvA8Bit<Bits = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<Bits> PvA8Bit<Bits> for B1 {
    type Ok<X> = X;
}

type ABits<T> = Bits<<<<T as AttentionTile>::TiledMmaPV as TiledMma>::Atom as MmaTraits>::ValTypeA>;
type A8Bit<T> = Eq<ABits<T>, P8>;
/// The 8-bit gate first (so a 16-bit tile gets this message, not the 16-bit path's), then the
/// rules of [`Gated`] but its own 16-bit one.
type Gate8<T> = <A8Bit<T> as PvA8Bit<DecIfFailed<A8Bit<T>, ABits<T>>>>::Ok<T>;

/// The 8-bit A fragment of P·V over S's accumulators, FA3's `convert_layout_acc_Aregs<8-bit>`,
/// for an fp8 attention tile whose rules hold; the register permutation comes with it as
/// [`Fp8Permutation`].
pub type AccAsAregsFp8<T> = <Gated8<Gate8<T>> as Fp8View>::Output;

/// [`ConvertLayoutAccAregsFp8`] of S's accumulator fragment, one projection on the gated tile's
/// normalized parts (as [`crate::s_to_p::SToPParts`]: an alias naming the gated tile once per
/// use of the fragment took 17 s and 6 GB of type checking).
#[doc(hidden)]
pub trait Fp8View {
    type Output;
}
impl<QK, PV, S, P> Fp8View for crate::s_to_p::Checked<QK, PV, S, P>
where
    QK: PartitionFragmentCOp<S, Z0>,
    PartitionFragmentC<QK, S, Z0>: AccGroupsOp,
    AccGroups<PartitionFragmentC<QK, S, Z0>>: core::ops::Rem<P4>,
    Mod<AccGroups<PartitionFragmentC<QK, S, Z0>>, P4>: typenum::IsEqual<Z0>,
    Fp8Bit<AccGroups<PartitionFragmentC<QK, S, Z0>>>: DecimalIfFailed<AccGroups<PartitionFragmentC<QK, S, Z0>>>
        + AccAregsFp8Groups<DecIfFailed<Fp8Bit<AccGroups<PartitionFragmentC<QK, S, Z0>>>, AccGroups<PartitionFragmentC<QK, S, Z0>>>>,
    <Fp8Bit<AccGroups<PartitionFragmentC<QK, S, Z0>>> as AccAregsFp8Groups<
        DecIfFailed<Fp8Bit<AccGroups<PartitionFragmentC<QK, S, Z0>>>, AccGroups<PartitionFragmentC<QK, S, Z0>>>,
    >>::Ok<PartitionFragmentC<QK, S, Z0>>: ConvertLayoutAccAregsFp8Op,
{
    type Output = ConvertLayoutAccAregsFp8<PartitionFragmentC<QK, S, Z0>>;
}
type Gated8<T> = crate::s_to_p::GatedWithout16<T>;

/// Where each 8-bit A value of a thread comes from: `lane[t][r]` (the lane of `t`'s quad,
/// `0..4`) and `reg[t][r]` (that lane's accumulator), from S's accumulator table and P·V's A
/// table (`s_acc[t][r]`, `p_a[t][r]`: elements `m + kBlockM n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fp8Permutation {
    /// `lane[t][r]`: the quad lane (`0..4`) holding thread `t`'s A value `r`.
    pub lane: Vec<Vec<i64>>,
    /// `reg[t][r]`: its accumulator register there.
    pub reg: Vec<Vec<i64>>,
}

impl Fp8Permutation {
    /// The permutation, or the first A value whose element no lane of the thread's quad holds.
    pub fn new(s_acc: &[Vec<i64>], p_a: &[Vec<i64>]) -> Result<Fp8Permutation, String> {
        if s_acc.len() != p_a.len() || s_acc.len() % 4 != 0 {
            return Err(format!("fp8 permutation: {} S threads and {} P threads (whole quads, the same)", s_acc.len(), p_a.len()));
        }
        let (mut lane, mut reg) = (Vec::new(), Vec::new());
        for t in 0..p_a.len() {
            let base = t & !3;
            let (mut l, mut g) = (Vec::new(), Vec::new());
            for (r, e) in p_a[t].iter().enumerate() {
                let found = (0..4).find_map(|q| s_acc[base + q].iter().position(|x| x == e).map(|j| (q, j)));
                let (q, j) = found.ok_or_else(|| format!("fp8 permutation: thread {t}'s A value {r} (element {e}) is in no accumulator of its quad {base}..{}", base + 4))?;
                l.push(q as i64);
                g.push(j as i64);
            }
            lane.push(l);
            reg.push(g);
        }
        Ok(Fp8Permutation { lane, reg })
    }
}
