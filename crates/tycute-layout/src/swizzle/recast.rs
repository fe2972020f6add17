//! Element types and the re-expression of a swizzle for another element width:
//! `upcast<N>(Sw)`, `downcast<N>(Sw)` and `recast_layout<From, To>(Sw)`.
//!
//! # Element types
//!
//! Marker types named exactly as CuTe / CUTLASS name them, each with its bit width
//! ([`SizeofBits`], CuTe's `sizeof_bits<T>`):
//!
//! | type | bits | | type | bits |
//! |---|---|---|---|---|
//! | [`uint1_t`] | 1 | | [`int4_t`] | 4 |
//! | [`uint2_t`] | 2 | | [`int8_t`] | 8 |
//! | [`uint4_t`] | 4 | | [`int16_t`] | 16 |
//! | [`uint8_t`] | 8 | | [`int32_t`] | 32 |
//! | [`uint16_t`] | 16 | | [`int64_t`] | 64 |
//! | [`uint32_t`] | 32 | | [`float_e4m3_t`], [`float_e5m2_t`] | 8 |
//! | [`uint64_t`] | 64 | | [`half_t`], [`bfloat16_t`] | 16 |
//! | [`uint128_t`] | 128 | | [`tfloat32_t`], [`float`] | 32 |
//! | | | | [`double`] | 64 |
//!
//! C++'s `float` and `double` keep their names: neither is a keyword or a primitive type in
//! Rust, so `Layout_K_SW128_Atom<float>` is written as in CuTe. [`UintBit<N>`] is CuTe's
//! `uint_bit_t<N>` (the unsigned type of `N` bits, for `N` in 1, 2, 4, 8, ..., 128).
//!
//! # Swizzle casts (CuTe's `swizzle_layout.hpp`)
//!
//! * `upcast<N>(Sw<B,M,S>)` = `Sw<B,M-log2 N,S>` when `M >= log2 N`, else `Sw<max(B+M-log2 N,0),0,S>`;
//! * `downcast<N>(Sw<B,M,S>)` = `Sw<B,M+log2 N,S>`;
//! * `recast_layout<From,To>(Sw)`: with `sizeof_bits<To>/sizeof_bits<From> = num/den` (reduced),
//!   `downcast<den>` when `num == 1`, `upcast<num>` when `den == 1`; other ratios do not compile in
//!   CuTe and are rejected.
//!
//! `N` must be a power of two (CuTe's static_assert), as a static integer (`P2`, `cute!(2)`).

#![allow(non_camel_case_types)]

use core::ops::{Add, Div, Sub};

use typenum::U1;

use crate::int::{Diff, Eq, Gcd, Gcf, GrEq, Int, IsEqual, IsGreaterOrEqual, Max, Maximum, Quot, Select, Sum, If, B1, P1, Z0};
use crate::algebra::cast::{Downcast, DowncastOp, Upcast, UpcastOp};
use crate::sealed::Sealed;
use crate::swizzle::swizzle::{FloorLog2, ShL, ShiftLeftOf, ToSigned, ToUnsigned};
use crate::swizzle::Swizzle;

// ---------------------------------------------------------------------------------------------
// element types

/// CuTe's `sizeof_bits<T>`: the width of an element type in bits, as a static integer.
///
/// Implemented for the element types of this module; other crates may implement it for their
/// own element types.
pub trait SizeofBits {
    type Bits: Int;
}
/// `sizeof_bits<T>`.
pub type Bits<T> = <T as SizeofBits>::Bits;

macro_rules! element_types {
    ($($(#[$m:meta])* $name:ident = $bits:ty;)*) => {$(
        $(#[$m])*
        #[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
        pub struct $name;
        impl SizeofBits for $name {
            type Bits = $bits;
        }
        impl Sealed for $name {}
    )*};
}
element_types! {
    /// `cute::uint1_t` (`cutlass::uint1b_t`), 1 bit.
    uint1_t = typenum::P1;
    /// `cute::uint2_t`, 2 bits.
    uint2_t = typenum::P2;
    /// `cute::uint4_t`, 4 bits.
    uint4_t = typenum::P4;
    /// `uint8_t`, 8 bits.
    uint8_t = typenum::P8;
    /// `uint16_t`, 16 bits.
    uint16_t = typenum::P16;
    /// `uint32_t`, 32 bits.
    uint32_t = typenum::P32;
    /// `uint64_t`, 64 bits.
    uint64_t = typenum::P64;
    /// `cute::uint128_t`, 128 bits.
    uint128_t = typenum::P128;
    /// `cute::int4_t`, 4 bits.
    int4_t = typenum::P4;
    /// `int8_t`, 8 bits.
    int8_t = typenum::P8;
    /// `int16_t`, 16 bits.
    int16_t = typenum::P16;
    /// `int32_t`, 32 bits.
    int32_t = typenum::P32;
    /// `int64_t`, 64 bits.
    int64_t = typenum::P64;
    /// `cute::half_t` (IEEE binary16), 16 bits.
    half_t = typenum::P16;
    /// `cute::bfloat16_t`, 16 bits.
    bfloat16_t = typenum::P16;
    /// `cute::tfloat32_t` (stored in 32 bits).
    tfloat32_t = typenum::P32;
    /// `cute::float_e4m3_t` (FP8), 8 bits.
    float_e4m3_t = typenum::P8;
    /// `cute::float_e5m2_t` (FP8), 8 bits.
    float_e5m2_t = typenum::P8;
    /// C++ `float`, 32 bits.
    float = typenum::P32;
    /// C++ `double`, 64 bits.
    double = typenum::P64;
}

/// CuTe's `uint_bit_t<N>`: the unsigned element type of `N` bits.
pub trait UintBitOp: Sealed {
    type Output;
}
impl UintBitOp for typenum::P1 {
    type Output = uint1_t;
}
impl UintBitOp for typenum::P2 {
    type Output = uint2_t;
}
impl UintBitOp for typenum::P4 {
    type Output = uint4_t;
}
impl UintBitOp for typenum::P8 {
    type Output = uint8_t;
}
impl UintBitOp for typenum::P16 {
    type Output = uint16_t;
}
impl UintBitOp for typenum::P32 {
    type Output = uint32_t;
}
impl UintBitOp for typenum::P64 {
    type Output = uint64_t;
}
impl UintBitOp for typenum::P128 {
    type Output = uint128_t;
}
/// `uint_bit_t<N>`.
pub type UintBit<N> = <N as UintBitOp>::Output;

// ---------------------------------------------------------------------------------------------
// powers of two

/// `log2(N)` of a static integer, as a static integer (floor; `0` for `N <= 1`).
#[doc(hidden)]
pub type Log2Of<N> = <<<N as ToUnsigned>::Output as FloorLog2>::Output as ToSigned>::Output;
/// `N` is a positive power of two, as a bit.
#[doc(hidden)]
pub type IsPow2<N> = Eq<ShL<U1, <<N as ToUnsigned>::Output as FloorLog2>::Output>, <N as ToUnsigned>::Output>;

/// Rejects a cast factor that is not a power of two.
#[diagnostic::on_unimplemented(
    message = "upcast/downcast of a swizzle: N must be a power of two: N = {N}",
    label = "N is not a power of two"
)]
pub trait SwizzleCastPowerOfTwo<N = ()>: Sealed {}
impl<N> SwizzleCastPowerOfTwo<N> for B1 {}

// ---------------------------------------------------------------------------------------------
// upcast / downcast of a swizzle

/// `upcast<N>(Sw<B,M,S>)`.
pub trait SwizzleUpcastOp<N>: Sealed {
    type Output;
}
type NewM<M, N> = Diff<M, Log2Of<N>>;
impl<B, M, S, N> SwizzleUpcastOp<N> for Swizzle<B, M, S>
where
    N: ToUnsigned,
    <N as ToUnsigned>::Output: FloorLog2 + IsEqual<ShL<U1, <<N as ToUnsigned>::Output as FloorLog2>::Output>>,
    <<N as ToUnsigned>::Output as FloorLog2>::Output: ShiftLeftOf<U1>,
    ShL<U1, <<N as ToUnsigned>::Output as FloorLog2>::Output>: IsEqual<<N as ToUnsigned>::Output>,
    IsPow2<N>: crate::bounds::DecimalIfFailed<N>,
    IsPow2<N>: SwizzleCastPowerOfTwo<crate::bounds::DecIfFailed<IsPow2<N>, N>>,
    <<N as ToUnsigned>::Output as FloorLog2>::Output: ToSigned,
    M: Sub<Log2Of<N>>,
    NewM<M, N>: IsGreaterOrEqual<Z0>,
    B: Add<NewM<M, N>>,
    Sum<B, NewM<M, N>>: Max<Z0>,
    GrEq<NewM<M, N>, Z0>: Select<Swizzle<B, NewM<M, N>, S>, Swizzle<Maximum<Sum<B, NewM<M, N>>, Z0>, Z0, S>>,
{
    // M >= log2 N: Sw<B, M - log2 N, S>; else Sw<max(B + M - log2 N, 0), 0, S>
    type Output =
        If<GrEq<NewM<M, N>, Z0>, Swizzle<B, NewM<M, N>, S>, Swizzle<Maximum<Sum<B, NewM<M, N>>, Z0>, Z0, S>>;
}
/// `upcast<N>(Sw)` (CuTe's overload for a `Swizzle`; [`Upcast`] of a swizzle is the same).
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// assert_eq!(show::<SwizzleUpcast<cute!(2), cute!(Sw<3,3,3>)>>(), "Sw<3,2,3>");
/// assert_eq!(show::<SwizzleUpcast<cute!(16), cute!(Sw<3,3,3>)>>(), "Sw<2,0,3>");
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
// error[E0277]: upcast/downcast of a swizzle: N must be a power of two
/// let _ = show::<SwizzleUpcast<cute!(3), cute!(Sw<3,3,3>)>>();
/// ```
pub type SwizzleUpcast<N, SW> = <SW as SwizzleUpcastOp<N>>::Output;

/// `downcast<N>(Sw<B,M,S>)`.
pub trait SwizzleDowncastOp<N>: Sealed {
    type Output;
}
impl<B, M, S, N> SwizzleDowncastOp<N> for Swizzle<B, M, S>
where
    N: ToUnsigned,
    <N as ToUnsigned>::Output: FloorLog2,
    <<N as ToUnsigned>::Output as FloorLog2>::Output: ShiftLeftOf<U1>,
    ShL<U1, <<N as ToUnsigned>::Output as FloorLog2>::Output>: IsEqual<<N as ToUnsigned>::Output>,
    IsPow2<N>: crate::bounds::DecimalIfFailed<N>,
    IsPow2<N>: SwizzleCastPowerOfTwo<crate::bounds::DecIfFailed<IsPow2<N>, N>>,
    <<N as ToUnsigned>::Output as FloorLog2>::Output: ToSigned,
    M: Add<Log2Of<N>>,
{
    // Sw<B, M + log2 N, S>
    type Output = Swizzle<B, Sum<M, Log2Of<N>>, S>;
}
/// `downcast<N>(Sw)` (CuTe's overload for a `Swizzle`).
pub type SwizzleDowncast<N, SW> = <SW as SwizzleDowncastOp<N>>::Output;

// ---------------------------------------------------------------------------------------------
// recast_layout

/// Rejects a recast whose bit-width ratio is neither `N` nor `1/N`.
#[diagnostic::on_unimplemented(
    message = "recast_layout: sizeof_bits<To> / sizeof_bits<From> must be an integer or the inverse of one: sizeof_bits<From> = {FromBits}, sizeof_bits<To> = {ToBits}",
    label = "unsupported ratio of element widths"
)]
pub trait RecastRatioSupported<FromBits = (), ToBits = ()>: Sealed {}
impl<FromBits, ToBits> RecastRatioSupported<FromBits, ToBits> for B1 {}

/// `recast_layout<From, To>(X)`: X re-expressed for elements of type `To` instead of `From`,
/// for a swizzle, a layout or a composed layout (through their `upcast`/`downcast`).
pub trait RecastLayoutOp<From, To>: Sealed {
    type Output;
}
/// `recast_layout<From, To>(X)`, in CuTe's argument order.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// # use tycute_layout::swizzle::recast::*;
/// assert_eq!(show::<RecastLayout<uint8_t, half_t, cute!(Sw<3,4,3>)>>(), "Sw<3,3,3>");
/// assert_eq!(show::<RecastLayout<half_t, uint8_t, cute!(Sw<3,3,3>)>>(), "Sw<3,4,3>");
/// ```
///
/// A ratio of widths that is neither `N` nor `1/N` does not compile in CuTe either:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_layout::{show, swizzle::*};
/// # use tycute_macros::cute;
/// # use tycute_layout::swizzle::recast::*;
/// // error[E0277]: recast_layout: sizeof_bits<To> / sizeof_bits<From> must be an integer or the inverse of one
/// struct Odd;
/// impl SizeofBits for Odd { type Bits = tycute_layout::typenum::P24; }
/// let _ = show::<RecastLayout<Odd, uint16_t, cute!(Sw<3,4,3>)>>();
/// ```
pub type RecastLayout<From, To, X> = <X as RecastLayoutOp<From, To>>::Output;

/// `sizeof_bits<To> / gcd`, `sizeof_bits<From> / gcd`.
#[doc(hidden)]
pub type RatioNum<From, To> = Quot<Bits<To>, Gcf<Bits<To>, Bits<From>>>;
#[doc(hidden)]
pub type RatioDen<From, To> = Quot<Bits<From>, Gcf<Bits<To>, Bits<From>>>;

macro_rules! recast_impl {
    ($($gen:ident),* ; $ty:ty) => {
        impl<$($gen,)* From, To> RecastLayoutOp<From, To> for $ty
        where
            From: SizeofBits,
            To: SizeofBits,
            Bits<To>: Gcd<Bits<From>> + Div<Gcf<Bits<To>, Bits<From>>>,
            Bits<From>: Div<Gcf<Bits<To>, Bits<From>>>,
            RatioNum<From, To>: IsEqual<P1>,
            RatioDen<From, To>: IsEqual<P1>,
            Eq<RatioNum<From, To>, P1>: core::ops::BitOr<Eq<RatioDen<From, To>, P1>>,
            RatioOk<From, To>: crate::bounds::DecimalIfFailed<Bits<From>> + crate::bounds::DecimalIfFailed<Bits<To>>,
            RatioOk<From, To>: RecastRatioSupported<
                crate::bounds::DecIfFailed<RatioOk<From, To>, Bits<From>>,
                crate::bounds::DecIfFailed<RatioOk<From, To>, Bits<To>>,
            >,
            $ty: RecastBy<(Eq<RatioNum<From, To>, P1>, Eq<RatioDen<From, To>, P1>), RatioNum<From, To>, RatioDen<From, To>>,
        {
            type Output = <$ty as RecastBy<(Eq<RatioNum<From, To>, P1>, Eq<RatioDen<From, To>, P1>), RatioNum<From, To>, RatioDen<From, To>>>::Output;
        }
    };
}
recast_impl!(B, M, S; Swizzle<B, M, S>);
recast_impl!(A, O, L; crate::swizzle::ComposedLayout<A, O, L>);
recast_impl!(Sh, D; crate::layout::Layout<Sh, D>);

/// `num == 1 || den == 1`: the ratio rule of `recast_layout`, as a bit.
#[doc(hidden)]
pub type RatioOk<From, To> = typenum::Or<Eq<RatioNum<From, To>, P1>, Eq<RatioDen<From, To>, P1>>;

/// On `(num == 1, den == 1)`: `num == 1` is `downcast<den>` (the identity for `den == 1`), `den
/// == 1` is `upcast<num>`; neither is rejected by [`RecastRatioSupported`] (this impl only yields
/// a placeholder, so that the rule is the one error).
#[doc(hidden)]
pub trait RecastBy<Ones, Num, Den> {
    type Output;
}
impl<X, D1, Num, Den> RecastBy<(B1, D1), Num, Den> for X
where
    X: DowncastOp<Den>,
{
    type Output = Downcast<Den, X>;
}
impl<X, Num, Den> RecastBy<(typenum::B0, B1), Num, Den> for X
where
    X: UpcastOp<Num>,
{
    type Output = Upcast<Num, X>;
}
impl<X, Num, Den> RecastBy<(typenum::B0, typenum::B0), Num, Den> for X {
    type Output = X;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repr::show;
    use tycute_macros::cute;

    #[test]
    fn casts() {
        assert_eq!(show::<SwizzleUpcast<cute!(2), cute!(Sw<3,3,3>)>>(), "Sw<3,2,3>");
        assert_eq!(show::<SwizzleUpcast<cute!(16), cute!(Sw<3,3,3>)>>(), "Sw<2,0,3>");
        assert_eq!(show::<SwizzleUpcast<cute!(1024), cute!(Sw<3,3,3>)>>(), "Sw<0,0,3>");
        assert_eq!(show::<SwizzleDowncast<cute!(2), cute!(Sw<3,3,3>)>>(), "Sw<3,4,3>");
        assert_eq!(show::<SwizzleDowncast<cute!(1), cute!(Sw<3,3,3>)>>(), "Sw<3,3,3>");
    }

    #[test]
    fn recast() {
        assert_eq!(show::<RecastLayout<uint8_t, half_t, cute!(Sw<3,4,3>)>>(), "Sw<3,3,3>");
        assert_eq!(show::<RecastLayout<uint8_t, float, cute!(Sw<3,4,3>)>>(), "Sw<3,2,3>");
        assert_eq!(show::<RecastLayout<half_t, uint8_t, cute!(Sw<3,3,3>)>>(), "Sw<3,4,3>");
        assert_eq!(show::<RecastLayout<half_t, bfloat16_t, cute!(Sw<3,3,3>)>>(), "Sw<3,3,3>");
        assert_eq!(show::<RecastLayout<uint1_t, uint4_t, cute!(Sw<3,4,3>)>>(), "Sw<3,2,3>");
        assert_eq!(show::<RecastLayout<uint8_t, UintBit<cute!(64)>, cute!(Sw<1,4,3>)>>(), "Sw<1,1,3>");
        assert_eq!(show::<RecastLayout<uint1_t, half_t, cute!((_32,_64):(_1,_32))>>(), "(_2,_64):(_1,_2)");
        assert_eq!(show::<RecastLayout<uint8_t, half_t, cute!(Sw<3,4,3> o _0 o (_8,_128):(_128,_1))>>(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    }
}
