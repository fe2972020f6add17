//! A thread's slice of a swizzled tensor `Sw o O o L` (CuTe's `slice_and_offset` of a
//! `ComposedLayout<Swizzle<B,M,S>, Offset, Layout>`, `swizzle_layout.hpp`).
//!
//! Partitioning a swizzled tensor fixes the thread mode of the partitioned layout at the (run-time)
//! thread index and keeps the other modes. CuTe then resolves as much of the swizzle as it can:
//!
//! ```text
//! sw         = make_layout((2^M, 2^B, 2^(|S|-B), 2^B, 1))
//! anti_zy    = (shape(sw)):(1, 0, 2^(M+B), 0, size(sw))      // the bits the swizzle leaves alone
//! only_zy    = (shape(sw)):(0, 2^M, 0, 2^(M+|S|), 0)          // the bits it reads or writes (Z and Y)
//! diced      = the thread mode, c = the thread coordinate; sliced = the kept modes
//! offset_zy  = offset ^ to_mixed_bits(only_zy ∘ diced, c)     // MixedBits: which Z/Y bits the thread index sets
//! offset_anti = (anti_zy ∘ diced)(c)
//! active     = (only_zy ∘ sliced)(size - 1)                   // the Z/Y bits the kept modes reach
//! if active & ~Sw(active) != 0:                               // they reach a Y bit and its Z bit
//!     result = Sw o offset_zy o sliced,                  iterator += offset_anti
//! else:                                                        // the swizzle becomes strides
//!     Z, Y   = the lowest bits of zzz_msk, yyy_msk
//!     lo, hi = B strides each, +-Z<<i or (Y+-Z)<<i by the bits of offset_zy (run-time where those bits are)
//!     result = (2^M, (2,..,2), 2^(|S|-B), (2,..,2), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|)) ∘ sliced,
//!                                                        iterator += Sw(offset_zy) + offset_anti
//! ```
//!
//! The thread index is a run-time `int` in CuTe, so everything computed from it is run-time
//! there: the MixedBits `offset_zy` (unless the thread mode reaches no Z/Y bit: then it is the
//! static offset), and the strides selected by its bits. tycute computes all of it statically
//! (the thread index is a type) and marks what CuTe only knows at run time ([`Dyn`],
//! [`MixedBits`]) so that the result prints as CuTe's. The final composition follows CuTe's
//! `coalesce_x` and `composition_impl`, which never merge a run-time stride with its neighbour and
//! multiply run-time strides into run-time strides ([`DynComposition`]). Everything is O(modes)
//! (and O(B) for the swizzle's bits).
//!
//! Supported: a swizzle with `S > 0` or `S < 0`, a static non-negative offset, positive strides in
//! the kept modes (as the partitions of the vectors have). The compositions with the projections
//! are tycute's (strict) compositions; the final one is CuTe's, without the strict rule (its left
//! side is the swizzle as a layout of bits).

use core::marker::PhantomData;
use core::ops::{Add, BitAnd, BitXor, Mul, Neg, Sub};

use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::coord::{Crd2IdxOp, Idx2CrdOp};
use tycute_layout::int::{Diff, Eq, IsEqual, Prod, Sum, B0, B1, P1, P2, Z0};
use tycute_layout::layout::{IsLayout, Layout, ShapeOf, SizeOp, StrideOf};
use tycute_layout::swizzle::swizzle::{ShiftLeftOf, SignParts, ToSigned, ToUnsigned, ShL};
use tycute_layout::swizzle::{Composition3, Composition3Op, ComposedLayout, Swizzle, SwizzleApply, SwizzleApplyOp};
use tycute_layout::tuple::{Flatten, FlattenOp, Nil, Tup};
use tycute_layout::{Composition, Crd2Idx, Idx2Crd, Size};
use typenum::{Bit, UInt, UTerm, Unsigned, U0, U1};

use super::text::{Dyn, MixedBits};
use crate::sealed::Sealed;

/// CuTe's `coalesce_x` and `composition_impl` with run-time strides (the slice's last step).
mod dyn_composition;
pub use self::dyn_composition::*;

type Un<N> = <N as ToUnsigned>::Output;
type Si<U> = <U as ToSigned>::Output;
/// `2^K` (`K` unsigned) as a signed static integer.
type Pow2<K> = Si<ShL<U1, K>>;

// ---------------------------------------------------------------------------------------------
// The projections of a swizzle

/// The constants of `Sw<B,M,S>` that the slice uses.
pub trait SwizzleParts: Sealed {
    /// `(shape(sw)):(0, 2^M, 0, 2^(M+|S|), 0)`: the Z and Y bits.
    type OnlyZY;
    /// `(shape(sw)):(1, 0, 2^(M+B), 0, size(sw))`: the other bits.
    type AntiZY;
    /// The lowest bit of `zzz_msk` (unsigned).
    type Z;
    /// The lowest bit of `yyy_msk` (unsigned).
    type Y;
    /// `B` (unsigned).
    type Bits;
    /// `2^M`, `2^(|S|-B)`, `2^(M+B)`, `2^(M+B+|S|)` (signed).
    type PM;
    type PSB;
    type PMB;
    type PMBS;
}
type UAbs<S> = Sum<<S as SignParts>::Pos, <S as SignParts>::Neg>;
impl<B, M, S> SwizzleParts for Swizzle<B, M, S>
where
    B: ToUnsigned,
    M: ToUnsigned,
    S: SignParts,
    <S as SignParts>::Pos: Add<<S as SignParts>::Neg>,
    UAbs<S>: Sub<Un<B>>,
    Un<M>: Add<Un<B>> + Add<UAbs<S>> + Add<<S as SignParts>::Pos> + Add<<S as SignParts>::Neg>,
    Sum<Un<M>, Un<B>>: Add<UAbs<S>>,
    Un<M>: ShiftLeftOf<U1>,
    Un<B>: ShiftLeftOf<U1>,
    Diff<UAbs<S>, Un<B>>: ShiftLeftOf<U1>,
    Sum<Un<M>, Un<B>>: ShiftLeftOf<U1>,
    Sum<Un<M>, UAbs<S>>: ShiftLeftOf<U1>,
    Sum<Sum<Un<M>, Un<B>>, UAbs<S>>: ShiftLeftOf<U1>,
    Sum<Un<M>, <S as SignParts>::Pos>: ShiftLeftOf<U1>,
    Sum<Un<M>, <S as SignParts>::Neg>: ShiftLeftOf<U1>,
    ShL<U1, Un<M>>: ToSigned,
    ShL<U1, Un<B>>: ToSigned,
    ShL<U1, Diff<UAbs<S>, Un<B>>>: ToSigned,
    ShL<U1, Sum<Un<M>, Un<B>>>: ToSigned,
    ShL<U1, Sum<Un<M>, UAbs<S>>>: ToSigned,
    ShL<U1, Sum<Sum<Un<M>, Un<B>>, UAbs<S>>>: ToSigned,
{
    type OnlyZY = Layout<
        Tup<Pow2<Un<M>>, Tup<Pow2<Un<B>>, Tup<Pow2<Diff<UAbs<S>, Un<B>>>, Tup<Pow2<Un<B>>, Tup<P1, Nil>>>>>,
        Tup<Z0, Tup<Pow2<Un<M>>, Tup<Z0, Tup<Pow2<Sum<Un<M>, UAbs<S>>>, Tup<Z0, Nil>>>>>,
    >;
    type AntiZY = Layout<
        Tup<Pow2<Un<M>>, Tup<Pow2<Un<B>>, Tup<Pow2<Diff<UAbs<S>, Un<B>>>, Tup<Pow2<Un<B>>, Tup<P1, Nil>>>>>,
        Tup<P1, Tup<Z0, Tup<Pow2<Sum<Un<M>, Un<B>>>, Tup<Z0, Tup<Pow2<Sum<Sum<Un<M>, Un<B>>, UAbs<S>>>, Nil>>>>>,
    >;
    type Z = ShL<U1, Sum<Un<M>, <S as SignParts>::Neg>>;
    type Y = ShL<U1, Sum<Un<M>, <S as SignParts>::Pos>>;
    type Bits = Un<B>;
    type PM = Pow2<Un<M>>;
    type PSB = Pow2<Diff<UAbs<S>, Un<B>>>;
    type PMB = Pow2<Sum<Un<M>, Un<B>>>;
    type PMBS = Pow2<Sum<Sum<Un<M>, Un<B>>, UAbs<S>>>;
}

// ---------------------------------------------------------------------------------------------
// to_mixed_bits

/// `to_mixed_bits` folded over the flat leaves `(s, d, c)` of a static layout and a coordinate:
/// the mask `F = OR (s-1)*d` and the bits `D = XOR c*d` (unsigned).
#[doc(hidden)]
pub trait MixedFold<Strides, Crd> {
    type F;
    type D;
}
impl MixedFold<Nil, Nil> for Nil {
    type F = U0;
    type D = U0;
}
impl<S, ST, D, DT, C, CT> MixedFold<Tup<D, DT>, Tup<C, CT>> for Tup<S, ST>
where
    S: Sub<P1>,
    Diff<S, P1>: Mul<D>,
    C: Mul<D>,
    Prod<Diff<S, P1>, D>: ToUnsigned,
    Prod<C, D>: ToUnsigned,
    ST: MixedFold<DT, CT>,
    Un<Prod<Diff<S, P1>, D>>: core::ops::BitOr<<ST as MixedFold<DT, CT>>::F>,
    Un<Prod<C, D>>: BitXor<<ST as MixedFold<DT, CT>>::D>,
{
    type F = typenum::Or<Un<Prod<Diff<S, P1>, D>>, <ST as MixedFold<DT, CT>>::F>;
    type D = typenum::Xor<Un<Prod<C, D>>, <ST as MixedFold<DT, CT>>::D>;
}

// ---------------------------------------------------------------------------------------------
// The slice

/// The thread's slice of `Sw o O o (diced, sliced)` at coordinate `Crd` of the diced (thread)
/// mode: the offset it adds to the tensor's iterator ([`SwizzleSlice::Offset`], a static
/// integer) and its layout ([`SwizzleSlice::Layout`]: a layout whose strides may be [`Dyn`], or
/// `Sw o offset o sliced` with a static or [`MixedBits`] offset).
pub trait SwizzleSlice<O, Diced, Crd, Sliced> {
    type Offset;
    type Layout;
}

/// The pieces computed from the diced mode and the sliced modes (a state of the slice).
pub struct SliceState<Sw, O, Sliced, F, OffVal, AntiVal, Irreducible>(
    PhantomData<fn() -> (Sw, O, Sliced, F, OffVal, AntiVal, Irreducible)>,
);

type OnlyZY<Sw> = <Sw as SwizzleParts>::OnlyZY;
type AntiZY<Sw> = <Sw as SwizzleParts>::AntiZY;
type DicedZ<Sw, Diced> = Composition<OnlyZY<Sw>, Diced>;
type DicedA<Sw, Diced> = Composition<AntiZY<Sw>, Diced>;
type DicedCrd<Sw, Diced, Crd> = Idx2Crd<Crd, ShapeOf<DicedZ<Sw, Diced>>>;
type FlatS<Sw, Diced> = Flatten<ShapeOf<DicedZ<Sw, Diced>>>;
type FlatD<Sw, Diced> = Flatten<StrideOf<DicedZ<Sw, Diced>>>;
type FlatC<Sw, Diced, Crd> = Flatten<DicedCrd<Sw, Diced, Crd>>;
type MixF<Sw, Diced, Crd> = <FlatS<Sw, Diced> as MixedFold<FlatD<Sw, Diced>, FlatC<Sw, Diced, Crd>>>::F;
type MixD<Sw, Diced, Crd> = <FlatS<Sw, Diced> as MixedFold<FlatD<Sw, Diced>, FlatC<Sw, Diced, Crd>>>::D;
// offset ^ d (the value of offset_zy)
type OffVal<O, Sw, Diced, Crd> = typenum::Xor<Un<O>, MixD<Sw, Diced, Crd>>;
type AntiVal<Sw, Diced, Crd> = Crd2Idx<Crd, ShapeOf<DicedA<Sw, Diced>>, StrideOf<DicedA<Sw, Diced>>>;
type SlicedZ<Sw, Sliced> = Composition<OnlyZY<Sw>, Sliced>;
type Active<Sw, Sliced> = Crd2Idx<Diff<Size<SlicedZ<Sw, Sliced>>, P1>, ShapeOf<SlicedZ<Sw, Sliced>>, StrideOf<SlicedZ<Sw, Sliced>>>;
type UActive<Sw, Sliced> = Un<Active<Sw, Sliced>>;
type USwActive<Sw, Sliced> = Un<SwizzleApply<Sw, Active<Sw, Sliced>>>;
// active & ~Sw(active) != 0
type Irreducible<Sw, Sliced> = tycute_layout::int::Not<
    Eq<Diff<UActive<Sw, Sliced>, typenum::And<UActive<Sw, Sliced>, USwActive<Sw, Sliced>>>, U0>,
>;

impl<Sw, O, Diced, Crd, Sliced> SwizzleSlice<O, Diced, Crd, Sliced> for Sw
where
    Sw: SwizzleParts + Sealed,
    O: ToUnsigned,
    // diced: offset_zy and offset_anti
    OnlyZY<Sw>: CompositionOp<Diced> + CompositionOp<Sliced>,
    AntiZY<Sw>: CompositionOp<Diced>,
    DicedZ<Sw, Diced>: IsLayout,
    DicedA<Sw, Diced>: IsLayout,
    Crd: Idx2CrdOp<ShapeOf<DicedZ<Sw, Diced>>> + Crd2IdxOp<ShapeOf<DicedA<Sw, Diced>>, StrideOf<DicedA<Sw, Diced>>>,
    ShapeOf<DicedZ<Sw, Diced>>: FlattenOp,
    StrideOf<DicedZ<Sw, Diced>>: FlattenOp,
    DicedCrd<Sw, Diced, Crd>: FlattenOp,
    FlatS<Sw, Diced>: MixedFold<FlatD<Sw, Diced>, FlatC<Sw, Diced, Crd>>,
    Un<O>: BitXor<MixD<Sw, Diced, Crd>>,
    // sliced: the active bits
    SlicedZ<Sw, Sliced>: IsLayout + SizeOp,
    Size<SlicedZ<Sw, Sliced>>: Sub<P1>,
    Diff<Size<SlicedZ<Sw, Sliced>>, P1>: Crd2IdxOp<ShapeOf<SlicedZ<Sw, Sliced>>, StrideOf<SlicedZ<Sw, Sliced>>>,
    Active<Sw, Sliced>: ToUnsigned,
    Sw: SwizzleApplyOp<Active<Sw, Sliced>>,
    SwizzleApply<Sw, Active<Sw, Sliced>>: ToUnsigned,
    UActive<Sw, Sliced>: BitAnd<USwActive<Sw, Sliced>>,
    UActive<Sw, Sliced>: Sub<typenum::And<UActive<Sw, Sliced>, USwActive<Sw, Sliced>>>,
    Diff<UActive<Sw, Sliced>, typenum::And<UActive<Sw, Sliced>, USwActive<Sw, Sliced>>>: IsEqual<U0>,
    Eq<Diff<UActive<Sw, Sliced>, typenum::And<UActive<Sw, Sliced>, USwActive<Sw, Sliced>>>, U0>: core::ops::Not,
    SliceState<Sw, O, Sliced, MixF<Sw, Diced, Crd>, OffVal<O, Sw, Diced, Crd>, AntiVal<Sw, Diced, Crd>, Irreducible<Sw, Sliced>>:
        SliceResult,
{
    type Offset = <SliceState<
        Sw,
        O,
        Sliced,
        MixF<Sw, Diced, Crd>,
        OffVal<O, Sw, Diced, Crd>,
        AntiVal<Sw, Diced, Crd>,
        Irreducible<Sw, Sliced>,
    > as SliceResult>::Offset;
    type Layout = <SliceState<
        Sw,
        O,
        Sliced,
        MixF<Sw, Diced, Crd>,
        OffVal<O, Sw, Diced, Crd>,
        AntiVal<Sw, Diced, Crd>,
        Irreducible<Sw, Sliced>,
    > as SliceResult>::Layout;
}

/// The result of the slice from its state.
#[doc(hidden)]
pub trait SliceResult {
    type Offset;
    type Layout;
}

/// `offset_zy` as CuTe holds it: the static offset when the thread mode reaches no Z/Y bit
/// (`F == 0`), otherwise `MixedBits<O & ~F, F>{(d ^ O) & F}`.
#[doc(hidden)]
pub trait OffsetZY<O, OffVal> {
    type Output;
    /// `composition(Sw, offset_zy, sliced)`.
    type Composed<Sw, Sliced>
    where
        Sw: Composition3Op<O, Sliced>;
}
impl<O, OffVal> OffsetZY<O, OffVal> for U0 {
    type Output = O;
    type Composed<Sw, Sliced>
        = Composition3<Sw, O, Sliced>
    where
        Sw: Composition3Op<O, Sliced>;
}
impl<O, OffVal, U: Unsigned, Bt: Bit> OffsetZY<O, OffVal> for UInt<U, Bt>
where
    O: ToUnsigned,
    Un<O>: BitAnd<UInt<U, Bt>>,
    Un<O>: Sub<typenum::And<Un<O>, UInt<U, Bt>>>,
    OffVal: BitAnd<UInt<U, Bt>>,
    Diff<Un<O>, typenum::And<Un<O>, UInt<U, Bt>>>: ToSigned,
    typenum::And<OffVal, UInt<U, Bt>>: ToSigned,
    UInt<U, Bt>: ToSigned,
{
    type Output = MixedBits<
        Si<Diff<Un<O>, typenum::And<Un<O>, UInt<U, Bt>>>>,
        Si<typenum::And<OffVal, UInt<U, Bt>>>,
        Si<UInt<U, Bt>>,
    >;
    type Composed<Sw, Sliced>
        = ComposedLayout<Sw, Self::Output, Sliced>
    where
        Sw: Composition3Op<O, Sliced>;
}

// Hits on Y AND Z: not reducible. Sw o offset_zy o sliced; the iterator moves by offset_anti.
impl<Sw, O, Sliced, F, OV, AV> SliceResult for SliceState<Sw, O, Sliced, F, OV, AV, B1>
where
    F: OffsetZY<O, OV>,
    Sw: Composition3Op<O, Sliced>,
{
    type Offset = AV;
    type Layout = <F as OffsetZY<O, OV>>::Composed<Sw, Sliced>;
}

// Misses Y or Z: the swizzle decays to strides.
impl<Sw, O, Sliced, F, OV, AV> SliceResult for SliceState<Sw, O, Sliced, F, OV, AV, B0>
where
    Sw: SwizzleParts,
    // the swizzle layout's modes, coalesced
    (Sw, F, OV): SwizzleModes,
    <(Sw, F, OV) as SwizzleModes>::Output: CoalesceModes,
    <<(Sw, F, OV) as SwizzleModes>::Output as CoalesceModes>::Output: DynCompositionOp<Sliced>,
    // the iterator: Sw(offset_zy) + offset_anti
    OV: ToSigned,
    Sw: SwizzleApplyOp<Si<OV>>,
    SwizzleApply<Sw, Si<OV>>: Add<AV>,
{
    type Offset = Sum<SwizzleApply<Sw, Si<OV>>, AV>;
    type Layout = DynComposition<<<(Sw, F, OV) as SwizzleModes>::Output as CoalesceModes>::Output, Sliced>;
}

// ---------------------------------------------------------------------------------------------
// The swizzle as a layout

/// The flat modes of CuTe's `swizzle_layout`:
/// `(2^M, 2 x B, 2^(|S|-B), 2 x B, 1):(1, stride_lo, 2^(M+B), stride_hi, 2^(M+B+|S|))`, on
/// `(Sw, F, OffVal)` (the MixedBits mask and the value of `offset_zy`).
#[doc(hidden)]
pub trait SwizzleModes {
    type Output;
}
type ZltY<Sw> = typenum::Le<<Sw as SwizzleParts>::Z, <Sw as SwizzleParts>::Y>;
impl<Sw, F, OV> SwizzleModes for (Sw, F, OV)
where
    Sw: SwizzleParts,
    <Sw as SwizzleParts>::Z: typenum::IsLess<<Sw as SwizzleParts>::Y>,
    <Sw as SwizzleParts>::Bits: BitList,
    // stride_lo: make_swizzle_strides(Z < Y, ...); stride_hi: make_swizzle_strides(Z > Y, ...)
    <<Sw as SwizzleParts>::Bits as BitList>::Output: SwizzleStrides<Sw, F, OV, ZltY<Sw>>,
    ZltY<Sw>: core::ops::Not,
    <<Sw as SwizzleParts>::Bits as BitList>::Output: SwizzleStrides<Sw, F, OV, tycute_layout::int::Not<ZltY<Sw>>>,
    Tup<Mode<<Sw as SwizzleParts>::PM, P1>, LoModes<Sw, F, OV>>: tycute_layout::tuple::ConcatOp<MidHi<Sw, F, OV>>,
    HiModes<Sw, F, OV>: tycute_layout::tuple::ConcatOp<Tup<Mode<P1, <Sw as SwizzleParts>::PMBS>, Nil>>,
{
    type Output = tycute_layout::tuple::Concat<Tup<Mode<<Sw as SwizzleParts>::PM, P1>, LoModes<Sw, F, OV>>, MidHi<Sw, F, OV>>;
}
type LoModes<Sw, F, OV> =
    <<<Sw as SwizzleParts>::Bits as BitList>::Output as SwizzleStrides<Sw, F, OV, ZltY<Sw>>>::Output;
type HiModes<Sw, F, OV> = <<<Sw as SwizzleParts>::Bits as BitList>::Output as SwizzleStrides<
    Sw,
    F,
    OV,
    tycute_layout::int::Not<ZltY<Sw>>,
>>::Output;
type MidHi<Sw, F, OV> = Tup<
    Mode<<Sw as SwizzleParts>::PSB, <Sw as SwizzleParts>::PMB>,
    tycute_layout::tuple::Concat<HiModes<Sw, F, OV>, Tup<Mode<P1, <Sw as SwizzleParts>::PMBS>, Nil>>,
>;

/// `(U0, U1, ..., U(N-1))` for an unsigned `N`.
#[doc(hidden)]
pub trait BitList {
    type Output;
}
impl BitList for UTerm {
    type Output = Nil;
}
impl<U: Unsigned, Bt: Bit> BitList for UInt<U, Bt>
where
    UInt<U, Bt>: Sub<U1>,
    Diff<UInt<U, Bt>, U1>: BitList,
    <Diff<UInt<U, Bt>, U1> as BitList>::Output: tycute_layout::tuple::ConcatOp<Tup<Diff<UInt<U, Bt>, U1>, Nil>>,
{
    type Output = tycute_layout::tuple::Append<<Diff<UInt<U, Bt>, U1> as BitList>::Output, Diff<UInt<U, Bt>, U1>>;
}

/// CuTe's `make_swizzle_strides(Lo, Z, Y, offset, I...)` for the bits `I` of `Self`, as modes
/// `2:stride`. `Lo = B1`: `+-Z<<i` by the `Y<<i` bit of the offset; `Lo = B0`: `(Y+Z)<<i` or
/// `(Y-Z)<<i` by its `Z<<i` bit. A stride is run-time when that bit is in the MixedBits mask `F`.
#[doc(hidden)]
pub trait SwizzleStrides<Sw, F, OV, Lo> {
    type Output;
}
impl<Sw, F, OV, Lo> SwizzleStrides<Sw, F, OV, Lo> for Nil {
    type Output = Nil;
}
impl<I, T, Sw, F, OV, Lo> SwizzleStrides<Sw, F, OV, Lo> for Tup<I, T>
where
    Lo: SwizzleStrideAt<Sw, I>,
    T: SwizzleStrides<Sw, F, OV, Lo>,
    // the bit of the offset that selects, and whether it is run-time
    OV: BitAnd<<Lo as SwizzleStrideAt<Sw, I>>::Mask>,
    F: BitAnd<<Lo as SwizzleStrideAt<Sw, I>>::Mask>,
    typenum::And<OV, <Lo as SwizzleStrideAt<Sw, I>>::Mask>: IsEqual<U0>,
    typenum::And<F, <Lo as SwizzleStrideAt<Sw, I>>::Mask>: IsEqual<U0>,
    (
        Eq<typenum::And<OV, <Lo as SwizzleStrideAt<Sw, I>>::Mask>, U0>,
        Eq<typenum::And<F, <Lo as SwizzleStrideAt<Sw, I>>::Mask>, U0>,
    ): SelectStride<<Lo as SwizzleStrideAt<Sw, I>>::V0, <Lo as SwizzleStrideAt<Sw, I>>::V1>,
{
    type Output = Tup<
        Mode<
            P2,
            <(
                Eq<typenum::And<OV, <Lo as SwizzleStrideAt<Sw, I>>::Mask>, U0>,
                Eq<typenum::And<F, <Lo as SwizzleStrideAt<Sw, I>>::Mask>, U0>,
            ) as SelectStride<<Lo as SwizzleStrideAt<Sw, I>>::V0, <Lo as SwizzleStrideAt<Sw, I>>::V1>>::Output,
        >,
        <T as SwizzleStrides<Sw, F, OV, Lo>>::Output,
    >;
}
/// The mask and the two strides of bit `I`.
#[doc(hidden)]
pub trait SwizzleStrideAt<Sw, I> {
    type Mask;
    type V0;
    type V1;
}
type Zs<Sw> = <Sw as SwizzleParts>::Z;
type Ys<Sw> = <Sw as SwizzleParts>::Y;
// true_type: mask Y<<i; Z<<i or -(Z<<i)
impl<Sw, I> SwizzleStrideAt<Sw, I> for B1
where
    Sw: SwizzleParts,
    I: ShiftLeftOf<Ys<Sw>> + ShiftLeftOf<Zs<Sw>>,
    ShL<Zs<Sw>, I>: ToSigned,
    Si<ShL<Zs<Sw>, I>>: Neg,
{
    type Mask = ShL<Ys<Sw>, I>;
    type V0 = Si<ShL<Zs<Sw>, I>>;
    type V1 = <Si<ShL<Zs<Sw>, I>> as Neg>::Output;
}
// false_type: mask Z<<i; (Y+Z)<<i or (Y-Z)<<i
impl<Sw, I> SwizzleStrideAt<Sw, I> for B0
where
    Sw: SwizzleParts,
    I: ShiftLeftOf<Ys<Sw>> + ShiftLeftOf<Zs<Sw>>,
    ShL<Ys<Sw>, I>: ToSigned,
    ShL<Zs<Sw>, I>: ToSigned,
    Si<ShL<Ys<Sw>, I>>: Add<Si<ShL<Zs<Sw>, I>>> + Sub<Si<ShL<Zs<Sw>, I>>>,
{
    type Mask = ShL<Zs<Sw>, I>;
    type V0 = Sum<Si<ShL<Ys<Sw>, I>>, Si<ShL<Zs<Sw>, I>>>;
    type V1 = Diff<Si<ShL<Ys<Sw>, I>>, Si<ShL<Zs<Sw>, I>>>;
}
/// `(offset bit clear, bit static)` -> the stride: `V0` or `V1`, run-time unless static.
#[doc(hidden)]
pub trait SelectStride<V0, V1> {
    type Output;
}
impl<V0, V1> SelectStride<V0, V1> for (B1, B1) {
    type Output = V0;
}
impl<V0, V1> SelectStride<V0, V1> for (B0, B1) {
    type Output = V1;
}
impl<V0, V1> SelectStride<V0, V1> for (B1, B0) {
    type Output = Dyn<V0>;
}
impl<V0, V1> SelectStride<V0, V1> for (B0, B0) {
    type Output = Dyn<V1>;
}

// ---------------------------------------------------------------------------------------------
// The thread's slice of a swizzled tidfrg result

impl<B, M, S, O, S0, S1, S2, D0, D1, D2, Thr> super::partition::ThrSliceOp<Thr>
    for ComposedLayout<Swizzle<B, M, S>, O, Layout<Tup<S0, Tup<S1, Tup<S2, Nil>>>, Tup<D0, Tup<D1, Tup<D2, Nil>>>>>
where
    S2: super::partition::RestModes,
    D2: super::partition::RestModes,
    Swizzle<B, M, S>: SwizzleSlice<O, Layout<S0, D0>, Thr, Layout<Tup<S1, S2>, Tup<D1, D2>>>,
{
    // counting_iter(offset) o ((FrgV,FrgX),RestM,RestN,...), the swizzle resolved for the thread
    type Output = crate::counting::CountingTensor<
        <Swizzle<B, M, S> as SwizzleSlice<O, Layout<S0, D0>, Thr, Layout<Tup<S1, S2>, Tup<D1, D2>>>>::Offset,
        <Swizzle<B, M, S> as SwizzleSlice<O, Layout<S0, D0>, Thr, Layout<Tup<S1, S2>, Tup<D1, D2>>>>::Layout,
    >;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::text;
    use tycute_layout::show;
    use tycute_macros::cute;

    type Sw = cute!(Sw<3,3,3>);

    #[test]
    fn projections() {
        assert_eq!(show::<<Sw as SwizzleParts>::OnlyZY>(), "(_8,_8,_1,_8,_1):(_0,_8,_0,_64,_0)");
        assert_eq!(show::<<Sw as SwizzleParts>::AntiZY>(), "(_8,_8,_1,_8,_1):(_1,_0,_64,_0,_512)");
    }

    macro_rules! modes {
        () => { Nil };
        ($s:ty : $d:ty $(, $rs:ty : $rd:ty)*) => { Tup<Mode<$s, $d>, modes!($($rs : $rd),*)> };
    }

    #[test]
    fn dyn_composition() {
        // CuTe's swizzle layout of Sw<3,3,3> for an offset whose Z bits are all run-time
        type Modes = modes!(
            cute!(_8): cute!(_1), cute!(_2): cute!(_8), cute!(_2): cute!(_16), cute!(_2): cute!(_32), cute!(_1): cute!(_64),
            cute!(_2): Dyn<cute!(_72)>, cute!(_2): Dyn<cute!(_144)>, cute!(_2): Dyn<cute!(_288)>, cute!(_1): cute!(_512)
        );
        type C = <Modes as CoalesceModes>::Output;
        assert_eq!(
            text::<DynComposition<C, cute!(((_8,_1),_4,(_2,_2,_2)):((_1,_0),_2048,(_64,_128,_256)))>>(),
            "((_8,_1),_4,(_2,_2,_2)):((_1,_0),_2048,(72,144,288))"
        );
    }
}
