//! CuTe's `Swizzle<B, M, S>` functor: parameter checks, masks, application to a static integer
//! ([`SwizzleApply`]), and the run-time helpers [`swizzle_table`] and [`swizzle_masks`].
//!
//! `Sw<B,M,S>(x) = x ^ ((x & yyy_msk) >> S)` with
//! `yyy_msk = ((1<<B)-1) << (M + max(0,S))` and `zzz_msk = ((1<<B)-1) << (M - min(0,S))`;
//! a negative `S` shifts left.
//!
//! typenum's bit operations (`BitAnd`, `BitXor`, `Shl`, `Shr`) exist only on its unsigned
//! integers, so the signed parameters are converted with [`ToUnsigned`] / [`SignParts`] and the
//! result back with [`ToSigned`]. Each step is O(bits) trait resolutions.
//!
//! Shifts use [`ShiftLeftOf`] / [`ShiftRightOf`] rather than typenum's `Shl` / `Shr`: typenum's shift
//! recurses by decrementing the shift amount while growing the shifted value, which overflows
//! the trait solver whenever a generic impl mentions a shift by a not-yet-known amount. These
//! recurse on the binary digits of the amount instead (`x << 2n+b = ((x << n) << n) << b`).

use core::ops::{Add, BitAnd, BitOr, BitXor, Sub};

use typenum::{Xor, U0, U1, UInt, UTerm};

use crate::int::{AbsVal, And, Bit, GrEq, Int, IsGreaterOrEqual, IsLessOrEqual, LeEq, NInt, NonZero, PInt, Sum, Unsigned, B1, Z0};
use crate::repr::{swizzle_apply, Reify};
use crate::bounds::{DecIfFailed, DecimalIfFailed};
use crate::sealed::Sealed;
use crate::swizzle::Swizzle;

// ---------------------------------------------------------------------------------------------
// signed <-> unsigned

/// A static signed integer as a typenum unsigned. Negative values map to `U0`: the bound that
/// rejects them is always a separate check trait, so that the error names the rule.
#[doc(hidden)]
pub trait ToUnsigned: Sealed {
    type Output: Unsigned;
}
impl ToUnsigned for Z0 {
    type Output = U0;
}
impl<U: Unsigned + NonZero> ToUnsigned for PInt<U> {
    type Output = U;
}
impl<U: Unsigned + NonZero> ToUnsigned for NInt<U> {
    type Output = U0;
}

/// A typenum unsigned as a static signed integer (`UTerm` is `Z0`).
#[doc(hidden)]
pub trait ToSigned {
    type Output;
}
impl ToSigned for UTerm {
    type Output = Z0;
}
impl<U: Unsigned, B: Bit> ToSigned for UInt<U, B> {
    type Output = PInt<UInt<U, B>>;
}

/// `X << N` on typenum unsigneds, implemented on the amount `N` and recursing on its binary
/// digits. (The recursion is on `Self`, so that a not-yet-known amount is an ambiguity for the
/// trait solver, never an endless search.)
#[doc(hidden)]
pub trait ShiftLeftOf<X> {
    type Output;
}
impl<X> ShiftLeftOf<X> for UTerm {
    type Output = X;
}
impl<X, NU, NB> ShiftLeftOf<X> for UInt<NU, NB>
where
    NU: ShiftLeftOf<X>,
    NU: ShiftLeftOf<<NU as ShiftLeftOf<X>>::Output>,
    NB: ShiftLeftBit<<NU as ShiftLeftOf<<NU as ShiftLeftOf<X>>::Output>>::Output>,
{
    type Output = <NB as ShiftLeftBit<<NU as ShiftLeftOf<<NU as ShiftLeftOf<X>>::Output>>::Output>>::Output;
}
/// `X << b` for a bit `b`.
#[doc(hidden)]
pub trait ShiftLeftBit<X> {
    type Output;
}
impl<X> ShiftLeftBit<X> for typenum::B0 {
    type Output = X;
}
impl ShiftLeftBit<UTerm> for B1 {
    type Output = UTerm;
}
impl<U, B> ShiftLeftBit<UInt<U, B>> for B1 {
    type Output = UInt<UInt<U, B>, typenum::B0>;
}
/// `X << N`.
#[doc(hidden)]
pub type ShL<X, N> = <N as ShiftLeftOf<X>>::Output;

/// `X >> N` on typenum unsigneds, implemented on the amount `N` (see [`ShiftLeftOf`]).
#[doc(hidden)]
pub trait ShiftRightOf<X> {
    type Output;
}
impl<X> ShiftRightOf<X> for UTerm {
    type Output = X;
}
impl<X, NU, NB> ShiftRightOf<X> for UInt<NU, NB>
where
    NU: ShiftRightOf<X>,
    NU: ShiftRightOf<<NU as ShiftRightOf<X>>::Output>,
    NB: ShiftRightBit<<NU as ShiftRightOf<<NU as ShiftRightOf<X>>::Output>>::Output>,
{
    type Output = <NB as ShiftRightBit<<NU as ShiftRightOf<<NU as ShiftRightOf<X>>::Output>>::Output>>::Output;
}
/// `X >> b` for a bit `b`.
#[doc(hidden)]
pub trait ShiftRightBit<X> {
    type Output;
}
impl<X> ShiftRightBit<X> for typenum::B0 {
    type Output = X;
}
impl ShiftRightBit<UTerm> for B1 {
    type Output = UTerm;
}
impl<U, B> ShiftRightBit<UInt<U, B>> for B1 {
    type Output = U;
}
/// `X >> N`.
#[doc(hidden)]
pub type ShR<X, N> = <N as ShiftRightOf<X>>::Output;

/// `max(0, S)` and `-min(0, S)` of a signed static integer, as unsigned.
#[doc(hidden)]
pub trait SignParts: Sealed {
    type Pos: Unsigned;
    type Neg: Unsigned;
}
impl SignParts for Z0 {
    type Pos = U0;
    type Neg = U0;
}
impl<U: Unsigned + NonZero> SignParts for PInt<U> {
    type Pos = U;
    type Neg = U0;
}
impl<U: Unsigned + NonZero> SignParts for NInt<U> {
    type Pos = U0;
    type Neg = U;
}

/// `floor(log2(n))` of an unsigned, total (`0` for `0` and `1`), O(bits).
#[doc(hidden)]
pub trait FloorLog2 {
    type Output: Unsigned;
}
impl FloorLog2 for UTerm {
    type Output = U0;
}
impl<B: Bit> FloorLog2 for UInt<UTerm, B> {
    type Output = U0;
}
impl<U: Unsigned, B1_: Bit, B: Bit> FloorLog2 for UInt<UInt<U, B1_>, B>
where
    UInt<U, B1_>: FloorLog2,
    <UInt<U, B1_> as FloorLog2>::Output: Add<U1>,
    Sum<<UInt<U, B1_> as FloorLog2>::Output, U1>: Unsigned,
{
    type Output = Sum<<UInt<U, B1_> as FloorLog2>::Output, U1>;
}

// ---------------------------------------------------------------------------------------------
// parameters

/// The parameters of a swizzle as static integers.
pub trait IsSwizzle: Sealed {
    type B: Int;
    type M: Int;
    type S: Int;
}
impl<B: Int, M: Int, S: Int> IsSwizzle for Swizzle<B, M, S> {
    type B = B;
    type M = M;
    type S = S;
}

/// CuTe's `static_assert(num_bits >= 0, "BBits must be positive.")` of `Swizzle<B,M,S>`.
#[diagnostic::on_unimplemented(
    message = "Swizzle: BBits must be positive (B >= 0): Sw<{B},{M},{S}>",
    label = "Sw<B,M,S> with B < 0"
)]
pub trait SwizzleBBitsPositive<B = (), M = (), S = ()>: Sealed {}
impl<B, M, S> SwizzleBBitsPositive<B, M, S> for B1 {}

/// CuTe's `static_assert(num_base >= 0, "MBase must be positive.")` of `Swizzle<B,M,S>`.
#[diagnostic::on_unimplemented(
    message = "Swizzle: MBase must be positive (M >= 0): Sw<{B},{M},{S}>",
    label = "Sw<B,M,S> with M < 0"
)]
pub trait SwizzleMBasePositive<B = (), M = (), S = ()>: Sealed {}
impl<B, M, S> SwizzleMBasePositive<B, M, S> for B1 {}

/// CuTe's `static_assert(abs(num_shft) >= num_bits, "abs(SShift) must be more than BBits.")`
/// of `Swizzle<B,M,S>`: the Y bits must not overlap the Z bits.
#[diagnostic::on_unimplemented(
    message = "Swizzle: abs(SShift) must be more than BBits (|S| >= B): Sw<{B},{M},{S}>",
    label = "Sw<B,M,S> with |S| < B: the Y and Z bits overlap"
)]
pub trait SwizzleShiftCoversBits<B = (), M = (), S = ()>: Sealed {}
impl<B, M, S> SwizzleShiftCoversBits<B, M, S> for B1 {}

/// tycute's bound: the masks fit a non-negative 32-bit `int` (`B + M + |S| <= 31`).
#[diagnostic::on_unimplemented(
    message = "Swizzle: the masks must fit in 31 bits (B + M + |S| <= 31): Sw<{B},{M},{S}>",
    label = "Sw<B,M,S> with B + M + |S| > 31"
)]
pub trait SwizzleFits31Bits<B = (), M = (), S = ()>: Sealed {}
impl<B, M, S> SwizzleFits31Bits<B, M, S> for B1 {}

/// A valid swizzle: CuTe's three `static_assert`s of `Swizzle<B,M,S>` ([`SwizzleBBitsPositive`],
/// [`SwizzleMBasePositive`], [`SwizzleShiftCoversBits`]) and tycute's [`SwizzleFits31Bits`].
/// Required wherever a swizzle is used: applying it, composing it with a layout, printing it
/// (`Reify`) and so tabling it.
pub trait ValidSwizzle: IsSwizzle {}
impl<B, M, S> ValidSwizzle for Swizzle<B, M, S>
where
    B: Int + IsGreaterOrEqual<Z0> + Add<M>,
    M: Int + IsGreaterOrEqual<Z0>,
    S: Int + typenum::Abs,
    AbsVal<S>: IsGreaterOrEqual<B>,
    Sum<B, M>: Add<AbsVal<S>>,
    Sum<Sum<B, M>, AbsVal<S>>: IsLessOrEqual<typenum::P31>,
    GrEq<B, Z0>: DecimalIfFailed<B> + DecimalIfFailed<M> + DecimalIfFailed<S>,
    GrEq<B, Z0>: SwizzleBBitsPositive<DecIfFailed<GrEq<B, Z0>, B>, DecIfFailed<GrEq<B, Z0>, M>, DecIfFailed<GrEq<B, Z0>, S>>,
    GrEq<M, Z0>: DecimalIfFailed<B> + DecimalIfFailed<M> + DecimalIfFailed<S>,
    GrEq<M, Z0>: SwizzleMBasePositive<DecIfFailed<GrEq<M, Z0>, B>, DecIfFailed<GrEq<M, Z0>, M>, DecIfFailed<GrEq<M, Z0>, S>>,
    GrEq<AbsVal<S>, B>: DecimalIfFailed<B> + DecimalIfFailed<M> + DecimalIfFailed<S>,
    GrEq<AbsVal<S>, B>: SwizzleShiftCoversBits<DecIfFailed<GrEq<AbsVal<S>, B>, B>, DecIfFailed<GrEq<AbsVal<S>, B>, M>, DecIfFailed<GrEq<AbsVal<S>, B>, S>>,
    LeEq<Sum<Sum<B, M>, AbsVal<S>>, typenum::P31>: DecimalIfFailed<B> + DecimalIfFailed<M> + DecimalIfFailed<S>,
    LeEq<Sum<Sum<B, M>, AbsVal<S>>, typenum::P31>: SwizzleFits31Bits<DecIfFailed<LeEq<Sum<Sum<B, M>, AbsVal<S>>, typenum::P31>, B>, DecIfFailed<LeEq<Sum<Sum<B, M>, AbsVal<S>>, typenum::P31>, M>, DecIfFailed<LeEq<Sum<Sum<B, M>, AbsVal<S>>, typenum::P31>, S>>,
{
}

// ---------------------------------------------------------------------------------------------
// masks

/// `yyy_msk`, `zzz_msk` and the two shift directions, as typenum unsigneds.
#[doc(hidden)]
pub trait SwizzleMasks: Sealed {
    /// `((1<<B)-1) << (M + max(0,S))`
    type Yyy: Unsigned;
    /// `((1<<B)-1) << (M - min(0,S))`
    type Zzz: Unsigned;
    /// `max(0, S)`: right shift of the Y bits
    type Right: Unsigned;
    /// `-min(0, S)`: left shift of the Y bits
    type Left: Unsigned;
    /// `yyy_msk` as a static integer
    type YyyInt;
    /// `zzz_msk` as a static integer
    type ZzzInt;
}
type UB<B> = <B as ToUnsigned>::Output;
type UM<M> = <M as ToUnsigned>::Output;
/// `(1 << B) - 1`
type BitMsk<B> = <ShL<U1, UB<B>> as Sub<U1>>::Output;
impl<B, M, S> SwizzleMasks for Swizzle<B, M, S>
where
    B: ToUnsigned,
    M: ToUnsigned,
    S: SignParts,
    UB<B>: ShiftLeftOf<U1>,
    ShL<U1, UB<B>>: Sub<U1>,
    UM<M>: Add<S::Pos> + Add<S::Neg>,
    Sum<UM<M>, S::Pos>: ShiftLeftOf<BitMsk<B>>,
    Sum<UM<M>, S::Neg>: ShiftLeftOf<BitMsk<B>>,
    ShL<BitMsk<B>, Sum<UM<M>, S::Pos>>: Unsigned + ToSigned,
    ShL<BitMsk<B>, Sum<UM<M>, S::Neg>>: Unsigned + ToSigned,
{
    type Yyy = ShL<BitMsk<B>, Sum<UM<M>, S::Pos>>;
    type Zzz = ShL<BitMsk<B>, Sum<UM<M>, S::Neg>>;
    type Right = S::Pos;
    type Left = S::Neg;
    type YyyInt = <ShL<BitMsk<B>, Sum<UM<M>, S::Pos>> as ToSigned>::Output;
    type ZzzInt = <ShL<BitMsk<B>, Sum<UM<M>, S::Neg>> as ToSigned>::Output;
}

// ---------------------------------------------------------------------------------------------
// application

/// Rejects a negative static offset.
#[diagnostic::on_unimplemented(
    message = "swizzle_apply: the static offset must be non-negative: {X}",
    label = "negative offset"
)]
pub trait SwizzleOffsetNonNegative<X = ()>: Sealed {}
impl<X> SwizzleOffsetNonNegative<X> for B1 {}

/// `Sw(x)` for a static integer `x >= 0`: `x ^ ((x & yyy_msk) >> S)`.
pub trait SwizzleApplyOp<X>: Sealed {
    type Output;
}
type UX<X> = <X as ToUnsigned>::Output;
type YBits<SW, X> = typenum::And<UX<X>, <SW as SwizzleMasks>::Yyy>;
type Moved<SW, X> = ShL<ShR<YBits<SW, X>, <SW as SwizzleMasks>::Right>, <SW as SwizzleMasks>::Left>;
// A blanket impl over `SW` (bounded by the helper traits) rather than one on `Swizzle<B, M, S>`:
// the helpers' projections then resolve from the bounds alone, without re-running their impls
// on unknown parameters (which overflows in typenum's shift impls).
impl<SW, X> SwizzleApplyOp<X> for SW
where
    SW: ValidSwizzle + SwizzleMasks,
    X: Int + ToUnsigned + IsGreaterOrEqual<Z0>,
    GrEq<X, Z0>: DecimalIfFailed<X>,
    GrEq<X, Z0>: SwizzleOffsetNonNegative<DecIfFailed<GrEq<X, Z0>, X>>,
    // (x & yyy) >> max(0,S) << -min(0,S): one of the two shifts is by zero
    UX<X>: BitAnd<<Self as SwizzleMasks>::Yyy>,
    <Self as SwizzleMasks>::Right: ShiftRightOf<YBits<Self, X>>,
    <Self as SwizzleMasks>::Left: ShiftLeftOf<ShR<YBits<Self, X>, <Self as SwizzleMasks>::Right>>,
    // x ^ moved
    UX<X>: BitXor<Moved<Self, X>>,
    Xor<UX<X>, Moved<Self, X>>: ToSigned,
{
    type Output = <Xor<UX<X>, Moved<Self, X>> as ToSigned>::Output;
}
/// `Sw(x)` for a static `x`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// assert_eq!(show::<SwizzleApply<cute!(Sw<2,3,3>), cute!(_100)>>(), "_108");
/// assert_eq!(show::<SwizzleApply<cute!(Sw<3,4,-4>), cute!(_100)>>(), "_1636");
/// ```
///
/// Out-of-range parameters are rejected (CuTe: "abs(SShift) must be more than BBits."):
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
// error[E0277]: Swizzle: abs(SShift) must be more than BBits (|S| >= B)
/// let _ = show::<SwizzleApply<cute!(Sw<3,3,2>), cute!(_100)>>();
/// ```
///
/// and so is a negative offset:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
// error[E0277]: swizzle_apply: the static offset must be non-negative
/// let _ = show::<SwizzleApply<cute!(Sw<3,3,3>), cute!(_-8)>>();
/// ```
pub type SwizzleApply<SW, X> = <SW as SwizzleApplyOp<X>>::Output;

/// `yyy_msk | zzz_msk` (CuTe's `swizzle_code`) as a typenum unsigned.
#[doc(hidden)]
pub type SwizzleCode<SW> = typenum::Or<<SW as SwizzleMasks>::Yyy, <SW as SwizzleMasks>::Zzz>;
#[allow(unused)]
fn _code_is_defined<SW: SwizzleMasks>()
where
    SW::Yyy: BitOr<SW::Zzz>,
{
}

// ---------------------------------------------------------------------------------------------
// make_swizzle<Y, Z>

/// Number of set bits of a typenum unsigned.
#[doc(hidden)]
pub trait PopCount {
    type Output: Unsigned;
}
impl PopCount for UTerm {
    type Output = U0;
}
impl<U: PopCount> PopCount for UInt<U, typenum::B0> {
    type Output = U::Output;
}
impl<U: PopCount> PopCount for UInt<U, B1>
where
    U::Output: Add<U1>,
    Sum<U::Output, U1>: Unsigned,
{
    type Output = Sum<U::Output, U1>;
}

/// Number of trailing zero bits of a typenum unsigned, as a 32-bit `countr_zero` (`32` for `0`).
#[doc(hidden)]
pub trait CountrZero {
    type Output: Unsigned;
}
impl CountrZero for UTerm {
    type Output = typenum::U32;
}
impl<U> CountrZero for UInt<U, B1> {
    type Output = U0;
}
impl<U: CountrZero> CountrZero for UInt<U, typenum::B0>
where
    U::Output: Add<U1>,
    Sum<U::Output, U1>: Unsigned,
{
    type Output = Sum<U::Output, U1>;
}

/// Rejects masks that no `Swizzle<B,M,S>` has.
#[diagnostic::on_unimplemented(
    message = "make_swizzle: the Y and Z masks must be runs of the same number of bits (they are not the yyy/zzz masks of a Swizzle): make_swizzle<{Y},{Z}>",
    label = "no Swizzle<B,M,S> has these masks"
)]
pub trait SwizzleMasksRepresentable<Y = (), Z = ()>: Sealed {}
impl<Y, Z> SwizzleMasksRepresentable<Y, Z> for B1 {}

/// CuTe's `make_swizzle<Y, Z>()`: the swizzle whose `yyy_msk` is `Y` and `zzz_msk` is `Z`
/// (static non-negative integers): `B = popcount(Y)`, `M = min(ctz Y, ctz Z) % 32`,
/// `S = ctz Y - ctz Z`. Implemented on the pair [`Masks<Y, Z>`].
pub trait MakeSwizzleOp: Sealed {
    type Output;
}
type PcY<Y> = <UX<Y> as PopCount>::Output;
type TzY<Y> = <UX<Y> as CountrZero>::Output;
type MinTz<Y, Z> = typenum::Minimum<TzY<Y>, TzY<Z>>;
/// `((1 << B) - 1) << ctz`: a run of `B` bits starting at `ctz`.
type Run<Y, T> = ShL<<ShL<U1, PcY<Y>> as Sub<U1>>::Output, T>;
/// `popcount(Y) == popcount(Z) && (Y | Z) == run(ctz Y) | run(ctz Z)`: the masks' rule, as a bit.
type MasksOk<Y, Z> =
    And<typenum::Eq<PcY<Y>, PcY<Z>>, typenum::Eq<typenum::Or<UX<Y>, UX<Z>>, typenum::Or<Run<Y, TzY<Y>>, Run<Y, TzY<Z>>>>>;
impl<Y, Z> MakeSwizzleOp for Masks<Y, Z>
where
    Y: ToUnsigned + IsGreaterOrEqual<Z0>,
    Z: ToUnsigned + IsGreaterOrEqual<Z0>,
    GrEq<Y, Z0>: DecimalIfFailed<Y>,
    GrEq<Y, Z0>: SwizzleOffsetNonNegative<DecIfFailed<GrEq<Y, Z0>, Y>>,
    GrEq<Z, Z0>: DecimalIfFailed<Z>,
    GrEq<Z, Z0>: SwizzleOffsetNonNegative<DecIfFailed<GrEq<Z, Z0>, Z>>,
    UX<Y>: PopCount + CountrZero + BitOr<UX<Z>>,
    UX<Z>: PopCount + CountrZero,
    // B, M, S
    PcY<Y>: ToSigned + typenum::IsEqual<PcY<Z>>,
    TzY<Y>: typenum::Min<TzY<Z>> + ToSigned,
    TzY<Z>: ToSigned,
    MinTz<Y, Z>: core::ops::Rem<typenum::U32>,
    typenum::Mod<MinTz<Y, Z>, typenum::U32>: ToSigned,
    <TzY<Y> as ToSigned>::Output: Sub<<TzY<Z> as ToSigned>::Output>,
    // (Y | Z) == yyy | zzz of the result, popcount(Y) == popcount(Z)
    PcY<Y>: ShiftLeftOf<U1>,
    ShL<U1, PcY<Y>>: Sub<U1>,
    TzY<Y>: ShiftLeftOf<<ShL<U1, PcY<Y>> as Sub<U1>>::Output>,
    TzY<Z>: ShiftLeftOf<<ShL<U1, PcY<Y>> as Sub<U1>>::Output>,
    Run<Y, TzY<Y>>: BitOr<Run<Y, TzY<Z>>>,
    typenum::Or<UX<Y>, UX<Z>>: typenum::IsEqual<typenum::Or<Run<Y, TzY<Y>>, Run<Y, TzY<Z>>>>,
    typenum::Eq<PcY<Y>, PcY<Z>>: BitAnd<typenum::Eq<typenum::Or<UX<Y>, UX<Z>>, typenum::Or<Run<Y, TzY<Y>>, Run<Y, TzY<Z>>>>>,
    MasksOk<Y, Z>: DecimalIfFailed<Y> + DecimalIfFailed<Z>,
    MasksOk<Y, Z>: SwizzleMasksRepresentable<DecIfFailed<MasksOk<Y, Z>, Y>, DecIfFailed<MasksOk<Y, Z>, Z>>,
{
    type Output = Swizzle<
        <PcY<Y> as ToSigned>::Output,
        <typenum::Mod<MinTz<Y, Z>, typenum::U32> as ToSigned>::Output,
        crate::int::Diff<<TzY<Y> as ToSigned>::Output, <TzY<Z> as ToSigned>::Output>,
    >;
}
/// `make_swizzle<Y, Z>()`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// assert_eq!(show::<MakeSwizzle<cute!(_7), cute!(_448)>>(), "Sw<3,0,-6>");
/// ```
///
/// Masks that are not two runs of the same number of bits are rejected (CuTe: "Number of bits in
/// Y and Z don't match", "Something went wrong."):
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// let _ = show::<MakeSwizzle<cute!(_5), cute!(_48)>>();
/// ```
pub type MakeSwizzle<Y, Z> = <Masks<Y, Z> as MakeSwizzleOp>::Output;
/// The argument pair of [`MakeSwizzle`].
pub struct Masks<Y, Z>(core::marker::PhantomData<fn() -> (Y, Z)>);
impl<Y, Z> Sealed for Masks<Y, Z> {}

/// `yyy_msk` and `zzz_msk` as static integers.
#[doc(hidden)]
pub type YyyMsk<SW> = <SW as SwizzleMasks>::YyyInt;
#[doc(hidden)]
pub type ZzzMsk<SW> = <SW as SwizzleMasks>::ZzzInt;

// ---------------------------------------------------------------------------------------------
// run time: tables and masks from the reified constants

fn params<SW: ValidSwizzle>() -> (i64, i64, i64) {
    (<SW::B as typenum::Integer>::I64, <SW::M as typenum::Integer>::I64, <SW::S as typenum::Integer>::I64)
}

/// `Sw(i)` for `i = 0 .. n-1` (the `swizzle_table` vectors).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// assert_eq!(swizzle_table::<cute!(Sw<1,0,1>)>(8), vec![0, 1, 3, 2, 4, 5, 7, 6]);
/// assert_eq!(swizzle_masks::<cute!(Sw<3,3,3>)>(), "yyy=448 zzz=56 shift=3 code=504");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// let _ = swizzle_table::<cute!(Sw<2,-1,3>)>(8);
/// ```
pub fn swizzle_table<SW: ValidSwizzle + Reify>(n: i64) -> Vec<i64> {
    let (b, m, s) = params::<SW>();
    (0..n).map(|i| swizzle_apply(b, m, s, i)).collect()
}

/// `Sw(x)` for a run-time `x` (the value CuTe computes for a dynamic `int`).
pub fn swizzle_at<SW: ValidSwizzle + Reify>(x: i64) -> i64 {
    let (b, m, s) = params::<SW>();
    swizzle_apply(b, m, s, x)
}

/// The masks as CuTe defines them: `yyy=448 zzz=56 shift=3 code=504` for `Sw<3,3,3>`.
pub fn swizzle_masks<SW: ValidSwizzle + Reify>() -> String {
    let (b, m, s) = params::<SW>();
    let bits = (1i64 << b) - 1;
    let yyy = bits << (m + s.max(0));
    let zzz = bits << (m - s.min(0));
    format!("yyy={yyy} zzz={zzz} shift={s} code={}", yyy | zzz)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn apply_static() {
        assert_eq!(show::<SwizzleApply<cute!(Sw<2,3,3>), cute!(_100)>>(), "_108");
        assert_eq!(show::<SwizzleApply<cute!(Sw<3,4,3>), cute!(_100)>>(), "_100");
        assert_eq!(show::<SwizzleApply<cute!(Sw<2,1,4>), cute!(_100)>>(), "_98");
        assert_eq!(show::<SwizzleApply<cute!(Sw<3,0,3>), cute!(_100)>>(), "_96");
        assert_eq!(show::<SwizzleApply<cute!(Sw<2,3,-3>), cute!(_100)>>(), "_100");
        assert_eq!(show::<SwizzleApply<cute!(Sw<3,4,-4>), cute!(_1000)>>(), format!("_{}", swizzle_at::<cute!(Sw<3,4,-4>)>(1000)));
        assert_eq!(show::<SwizzleApply<cute!(Sw<0,0,0>), cute!(_0)>>(), "_0");
        assert_eq!(show::<SwizzleApply<cute!(Sw<3,3,3>), cute!(_0)>>(), "_0");
    }

    #[test]
    fn apply_matches_runtime() {
        fn check<SW, X: Int>()
        where
            SW: ValidSwizzle + Reify + SwizzleApplyOp<X>,
            SwizzleApply<SW, X>: Int,
        {
            assert_eq!(<SwizzleApply<SW, X> as typenum::Integer>::I64, swizzle_at::<SW>(X::I64));
        }
        check::<cute!(Sw<3,3,3>), cute!(_65535)>();
        check::<cute!(Sw<3,4,-4>), cute!(_4095)>();
        check::<cute!(Sw<2,0,-2>), cute!(_31)>();
        check::<cute!(Sw<1,5,2>), cute!(_12345)>();
    }

    #[test]
    fn masks() {
        assert_eq!(swizzle_masks::<cute!(Sw<3,3,3>)>(), "yyy=448 zzz=56 shift=3 code=504");
        assert_eq!(swizzle_masks::<cute!(Sw<3,4,-4>)>(), "yyy=112 zzz=1792 shift=-4 code=1904");
        assert_eq!(swizzle_masks::<cute!(Sw<0,0,0>)>(), "yyy=0 zzz=0 shift=0 code=0");
        assert_eq!(
            <SwizzleCode<cute!(Sw<3,4,-4>)> as Unsigned>::I64,
            1904
        );
    }

    #[test]
    fn make_swizzle() {
        assert_eq!(show::<MakeSwizzle<cute!(_7), cute!(_448)>>(), "Sw<3,0,-6>");
        assert_eq!(show::<MakeSwizzle<cute!(_448), cute!(_56)>>(), "Sw<3,3,3>");
        assert_eq!(show::<MakeSwizzle<cute!(_0), cute!(_0)>>(), "Sw<0,0,0>");
        assert_eq!(show::<MakeSwizzle<cute!(_8), cute!(_4)>>(), "Sw<1,2,1>");
        assert_eq!(show::<MakeSwizzle<cute!(_192), cute!(_6)>>(), "Sw<2,1,5>");
    }

    #[test]
    fn table() {
        assert_eq!(swizzle_table::<cute!(Sw<1,0,1>)>(8), vec![0, 1, 3, 2, 4, 5, 7, 6]);
    }
}
