//! SM80 `cp.async` copy operations (`cute/arch/copy_sm80.hpp`, `cute/atom/copy_traits_sm80.hpp`):
//! one thread copies one `S` from global to shared memory asynchronously.
//!
//! `ThrID = _1:_0`; `SrcLayout = (_1,sizeof_bits<S>):(_0,_1)`, `DstLayout =
//! (_1,sizeof_bits<D>):(_0,_1)`, `RefLayout = SrcLayout` (as [`UniversalCopy`]). CuTe's checks:
//! `sizeof(S) == sizeof(D)`, and `cp.async.ca` copies 4, 8 or 16 bytes, `cp.async.cg` only 16:
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::*;
//! use tycute_layout::{show, swizzle::recast::{half_t, uint64_t}};
//! // error: "cp.async sizeof(TS) is not supported"
//! let _ = show::<<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t> as CopyAtom>::ValLayoutSrc>();
//! ```
//!
//! [`UniversalCopy`]: crate::copy::universal::UniversalCopy

use core::marker::PhantomData;

use core::ops::{BitOr, Div};

use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, IsEqual, Or, Quot, B1};
use tycute_layout::swizzle::recast::{Bits, SizeofBits};
use tycute_macros::cute;
use typenum::{P128, P32, P64, P8};

use crate::copy::universal::OneThreadBits;
use crate::copy::CopyTraits;
use crate::sealed::Sealed;

macro_rules! cp_async_struct {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        pub struct $name<S, D = S>(PhantomData<fn() -> (S, D)>);
        impl<S, D> Default for $name<S, D> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<S, D> Clone for $name<S, D> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S, D> Copy for $name<S, D> {}
    )*};
}
cp_async_struct! {
    /// `cp.async.ca.shared.global` (cache at all levels) of one `S` (4, 8 or 16 bytes).
    SM80_CP_ASYNC_CACHEALWAYS;
    /// `cp.async.cg.shared.global` (cache in L2 only) of one `S` (16 bytes).
    SM80_CP_ASYNC_CACHEGLOBAL;
    /// `cp.async.ca` with zero fill under a predicate; the same layouts as
    /// [`SM80_CP_ASYNC_CACHEALWAYS`].
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL;
    /// `cp.async.cg` with zero fill under a predicate; the same layouts as
    /// [`SM80_CP_ASYNC_CACHEGLOBAL`].
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL;
}

/// The PTX instruction of a `cp.async` operation, without operands (CuTe's `copy_sm80.hpp` wraps
/// the same): what a kernel emits for this atom, so that it issues the cache operator the
/// configuration chose (`.ca` and `.cg` are not interchangeable: on an H100 the sgemm_sm80 kernel
/// runs 135 TFLOP/s with `.cg` 16-byte copies and 381 with `.ca`, docs/perf-history.md).
pub trait CpAsyncPtx {
    /// `cp.async.ca.shared.global` or `cp.async.cg.shared.global`.
    const PTX: &'static str;
    /// Bytes per copy (`sizeof(S)`).
    const BYTES: usize;
}
impl<S: SizeofBits, D> CpAsyncPtx for SM80_CP_ASYNC_CACHEALWAYS<S, D>
where
    Bits<S>: typenum::Integer,
{
    const PTX: &'static str = "cp.async.ca.shared.global";
    const BYTES: usize = <Bits<S> as typenum::Integer>::I64 as usize / 8;
}
impl<S: SizeofBits, D> CpAsyncPtx for SM80_CP_ASYNC_CACHEGLOBAL<S, D>
where
    Bits<S>: typenum::Integer,
{
    const PTX: &'static str = "cp.async.cg.shared.global";
    const BYTES: usize = <Bits<S> as typenum::Integer>::I64 as usize / 8;
}
impl<Op: CpAsyncPtx, T> CpAsyncPtx for crate::copy::Copy_Atom<Op, T> {
    const PTX: &'static str = Op::PTX;
    const BYTES: usize = Op::BYTES;
}

/// `cp.async.ca` sizes: `sizeof_bits<S>` of 32, 64 or 128; on the bit of [`CpAsyncCaWidth`],
/// with `sizeof(S)` in decimal where it fails.
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: cp.async sizeof(TS) is not supported (cp.async.ca copies 4, 8 or 16 bytes): {Bytes} bytes",
    label = "cp.async.ca copies 4, 8 or 16 bytes, not {Bytes}"
)]
pub trait CpAsyncCaSize<Bytes = ()>: Sealed {}
impl<Bytes> CpAsyncCaSize<Bytes> for B1 {}

/// `cp.async.cg` size: `sizeof_bits<S>` of 128; on the bit of [`CpAsyncCgWidth`], with
/// `sizeof(S)` in decimal where it fails.
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: cp.async sizeof(TS) is not supported (cp.async.cg copies 16 bytes): {Bytes} bytes",
    label = "cp.async.cg copies 16 bytes, not {Bytes}"
)]
pub trait CpAsyncCgSize<Bytes = ()>: Sealed {}
impl<Bytes> CpAsyncCgSize<Bytes> for B1 {}

/// Whether `sizeof_bits<S>` (`Self`) is a `cp.async.ca` width (32, 64 or 128), as a bit.
#[doc(hidden)]
pub trait CpAsyncCaWidth {
    type Output;
}
impl<N> CpAsyncCaWidth for N
where
    N: IsEqual<P32> + IsEqual<P64> + IsEqual<P128>,
    Eq<N, P64>: BitOr<Eq<N, P128>>,
    Eq<N, P32>: BitOr<Or<Eq<N, P64>, Eq<N, P128>>>,
{
    type Output = Or<Eq<N, P32>, Or<Eq<N, P64>, Eq<N, P128>>>;
}
/// Whether `sizeof_bits<S>` (`Self`) is the `cp.async.cg` width (128), as a bit.
#[doc(hidden)]
pub trait CpAsyncCgWidth {
    type Output;
}
impl<N: IsEqual<P128>> CpAsyncCgWidth for N {
    type Output = Eq<N, P128>;
}

/// `sizeof(S) == sizeof(D)`.
#[diagnostic::on_unimplemented(
    message = "cp.async requires sizeof(src_value_type) == sizeof(dst_value_type): sizeof_bits = {SrcBits} and {DstBits}",
    label = "S and D differ in size"
)]
pub trait CpAsyncSameSize<SrcBits = (), DstBits = ()>: Sealed {}
impl<SrcBits, DstBits> CpAsyncSameSize<SrcBits, DstBits> for B1 {}

macro_rules! cp_async_traits {
    ($($op:ident: $size:ident, $width:ident;)*) => {$(
        impl<S, D> CopyTraits for $op<S, D>
        where
            S: SizeofBits,
            D: SizeofBits,
            Bits<S>: $width + IsEqual<Bits<D>> + Div<P8>,
            <Bits<S> as $width>::Output: DecimalIfFailed<Quot<Bits<S>, P8>>,
            <Bits<S> as $width>::Output: $size<DecIfFailed<<Bits<S> as $width>::Output, Quot<Bits<S>, P8>>>,
            Eq<Bits<S>, Bits<D>>: DecimalIfFailed<Bits<S>> + DecimalIfFailed<Bits<D>>,
            Eq<Bits<S>, Bits<D>>: CpAsyncSameSize<DecIfFailed<Eq<Bits<S>, Bits<D>>, Bits<S>>, DecIfFailed<Eq<Bits<S>, Bits<D>>, Bits<D>>>,
        {
            type ThrID = cute!(_1:_0);
            type SrcLayout = OneThreadBits<S>;
            type DstLayout = OneThreadBits<D>;
            type RefLayout = OneThreadBits<S>;
        }
    )*};
}
cp_async_traits! {
    SM80_CP_ASYNC_CACHEALWAYS: CpAsyncCaSize, CpAsyncCaWidth;
    SM80_CP_ASYNC_CACHEGLOBAL: CpAsyncCgSize, CpAsyncCgWidth;
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL: CpAsyncCaSize, CpAsyncCaWidth;
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: CpAsyncCgSize, CpAsyncCgWidth;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::{CopyAtom, Copy_Atom, NumValDst, Src2Ref, ValLayoutSrc};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{float, half_t, tfloat32_t, uint128_t, uint32_t, uint64_t};

    #[test]
    fn ptx_of_the_operations() {
        use super::CpAsyncPtx;
        assert_eq!(<SM80_CP_ASYNC_CACHEALWAYS<uint128_t> as CpAsyncPtx>::PTX, "cp.async.ca.shared.global");
        assert_eq!(<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> as CpAsyncPtx>::BYTES, 16);
        assert_eq!(<crate::copy::Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, half_t> as CpAsyncPtx>::BYTES, 8);
    }

    #[test]
    fn atoms() {
        type A = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
        assert_eq!(show::<<A as CopyAtom>::BitLayoutRef>(), "(_1,_128):(_0,_1)");
        assert_eq!(show::<ValLayoutSrc<A>>(), "(_1,_8):(_0,_1)");
        assert_eq!(show::<Src2Ref<A>>(), "(_1,_8):(_0,_1)");
        assert_eq!(show::<NumValDst<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>>>(), "_4");
        assert_eq!(show::<NumValDst<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, tfloat32_t>>>(), "_4");
        assert_eq!(show::<NumValDst<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, half_t>>>(), "_4");
        assert_eq!(show::<NumValDst<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint32_t>, half_t>>>(), "_2");
        assert_eq!(show::<NumValDst<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>>>(), "_8");
    }
}
