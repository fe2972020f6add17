//! Architecture-independent copy operations (`cute/arch/copy.hpp`, `cute/atom/copy_traits.hpp`):
//! one thread, plain loads and stores.

use core::marker::PhantomData;

use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{GrEq, IsGreaterOrEqual, B1, P1, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::swizzle::recast::{Bits, SizeofBits};
use tycute_layout::tuple::{Nil, Tup};
use tycute_macros::cute;
use core::ops::BitOr;
use typenum::{Eq, IsEqual, Or, P128, P16, P32, P64, P8};

use crate::copy::CopyTraits;
use crate::sealed::Sealed;

/// `Layout<Shape<_1, Int<sizeof_bits<X>>>>` = `(_1,Bits):(_0,_1)`: the one thread moves
/// `sizeof_bits<X>` consecutive bits, value bit `v` → bit `v`.
pub type OneThreadBits<X> = Layout<Tup<P1, Tup<Bits<X>, Nil>>, Tup<Z0, Tup<P1, Nil>>>;

/// CuTe's `UniversalCopy<S, D = S>`: one thread copies one `S` to one `D` (`dst = src`).
///
/// `ThrID = _1:_0`; `SrcLayout = (_1,sizeof_bits<S>):(_0,_1)`, `DstLayout =
/// (_1,sizeof_bits<D>):(_0,_1)`, `RefLayout = SrcLayout`. Both types must be at least 8 bits wide
/// (CuTe's `static_assert(sizeof_bits_v<S> >= 8)`).
pub struct UniversalCopy<S, D = S>(PhantomData<fn() -> (S, D)>);
impl<S, D> Default for UniversalCopy<S, D> {
    fn default() -> Self {
        UniversalCopy(PhantomData)
    }
}
impl<S, D> Clone for UniversalCopy<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for UniversalCopy<S, D> {}

/// Rejects `UniversalCopy<S, D>` of a sub-byte type.
#[diagnostic::on_unimplemented(
    message = "UniversalCopy: sizeof_bits_v<S> >= 8 and sizeof_bits_v<D> >= 8 are required: sizeof_bits = {Bits}",
    label = "a sub-byte element type cannot be copied on its own"
)]
pub trait UniversalCopyAtLeastByte<Bits = ()>: Sealed {}
impl<Bits> UniversalCopyAtLeastByte<Bits> for B1 {}

impl<S, D> CopyTraits for UniversalCopy<S, D>
where
    S: SizeofBits,
    D: SizeofBits,
    Bits<S>: IsGreaterOrEqual<P8>,
    Bits<D>: IsGreaterOrEqual<P8>,
    GrEq<Bits<S>, P8>: DecimalIfFailed<Bits<S>>,
    GrEq<Bits<D>, P8>: DecimalIfFailed<Bits<D>>,
    GrEq<Bits<S>, P8>: UniversalCopyAtLeastByte<DecIfFailed<GrEq<Bits<S>, P8>, Bits<S>>>,
    GrEq<Bits<D>, P8>: UniversalCopyAtLeastByte<DecIfFailed<GrEq<Bits<D>, P8>, Bits<D>>>,
{
    type ThrID = cute!(_1:_0);
    type SrcLayout = OneThreadBits<S>;
    type DstLayout = OneThreadBits<D>;
    type RefLayout = OneThreadBits<S>;
}

/// CuTe's `AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>`: one thread, a copy that the
/// compiler may vectorize up to `MaxVecBits` bits (8, 16, 32, 64 or 128, a static integer).
///
/// Its traits carry no vector width: `ThrID = _1:_0` and every bit layout is `(_1,_1):(_0,_0)`,
/// so that a `Copy_Atom` of it has one value of any type per thread.
pub struct AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = P128>(PhantomData<fn() -> MaxVecBits>);
impl<N> Default for AutoVectorizingCopyWithAssumedAlignment<N> {
    fn default() -> Self {
        AutoVectorizingCopyWithAssumedAlignment(PhantomData)
    }
}
impl<N> Clone for AutoVectorizingCopyWithAssumedAlignment<N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for AutoVectorizingCopyWithAssumedAlignment<N> {}

/// The widths CuTe accepts for `AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>`.
#[diagnostic::on_unimplemented(
    message = "AutoVectorizingCopyWithAssumedAlignment: Expected MaxVecBits to be 8 or 16 or 32 or 64 or 128 for alignment and performance. (MaxVecBits = {Bits})",
    label = "unsupported MaxVecBits"
)]
pub trait MaxVecBitsSupported<Bits = ()> {}
impl<Bits> MaxVecBitsSupported<Bits> for B1 {}

/// Whether `N` is 8, 16, 32, 64 or 128: `B1` or `B0`.
type VecBitsOk<N> = Or<Or<Or<Eq<N, P8>, Eq<N, P16>>, Or<Eq<N, P32>, Eq<N, P64>>>, Eq<N, P128>>;

impl<N> CopyTraits for AutoVectorizingCopyWithAssumedAlignment<N>
where
    N: IsEqual<P8> + IsEqual<P16> + IsEqual<P32> + IsEqual<P64> + IsEqual<P128>,
    Eq<N, P8>: BitOr<Eq<N, P16>>,
    Eq<N, P32>: BitOr<Eq<N, P64>>,
    Or<Eq<N, P8>, Eq<N, P16>>: BitOr<Or<Eq<N, P32>, Eq<N, P64>>>,
    Or<Or<Eq<N, P8>, Eq<N, P16>>, Or<Eq<N, P32>, Eq<N, P64>>>: BitOr<Eq<N, P128>>,
    VecBitsOk<N>: DecimalIfFailed<N>,
    VecBitsOk<N>: MaxVecBitsSupported<DecIfFailed<VecBitsOk<N>, N>>,
{
    type ThrID = cute!(_1:_0);
    type SrcLayout = cute!((_1,_1):(_0,_0));
    type DstLayout = cute!((_1,_1):(_0,_0));
    type RefLayout = cute!((_1,_1):(_0,_0));
}

/// CuTe's `AutoVectorizingCopy` = `AutoVectorizingCopyWithAssumedAlignment<128>`.
pub type AutoVectorizingCopy = AutoVectorizingCopyWithAssumedAlignment<P128>;
/// CuTe's `DefaultCopy` = `AutoVectorizingCopyWithAssumedAlignment<8>`.
pub type DefaultCopy = AutoVectorizingCopyWithAssumedAlignment<P8>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::{CopyAtom, Copy_Atom, NumValSrc, Src2Ref, ValLayoutSrc};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{float, half_t, uint128_t, uint16_t};

    #[test]
    fn universal() {
        type A = Copy_Atom<UniversalCopy<uint128_t>, half_t>;
        assert_eq!(show::<<A as CopyAtom>::BitLayoutSrc>(), "(_1,_128):(_0,_1)");
        assert_eq!(show::<ValLayoutSrc<A>>(), "(_1,_8):(_0,_1)");
        assert_eq!(show::<NumValSrc<A>>(), "_8");
        assert_eq!(show::<Src2Ref<A>>(), "(_1,_8):(_0,_1)");
        type B = Copy_Atom<UniversalCopy<uint16_t>, half_t>;
        assert_eq!(show::<Src2Ref<B>>(), "(_1,_1):(_0,_0)");
        type C = Copy_Atom<UniversalCopy<float, half_t>, half_t>;
        assert_eq!(show::<<C as CopyAtom>::NumValDst>(), "_1");
    }

    #[test]
    fn auto_vectorizing() {
        type A = Copy_Atom<DefaultCopy, half_t>;
        assert_eq!(show::<ValLayoutSrc<A>>(), "(_1,_1):(_0,_0)");
        assert_eq!(show::<Src2Ref<A>>(), "(_1,_1):(_0,_0)");
        type B = Copy_Atom<AutoVectorizingCopy, float>;
        assert_eq!(show::<NumValSrc<B>>(), "_1");
    }
}
