//! `convert_layout_acc_Aregs` (FlashAttention-3, `hopper/utils.h`), the 16-bit form: the
//! accumulator fragment of an sm90 GMMA, `((2,2,N/8),MMA_M,MMA_N)`, re-viewed as the register A
//! fragment of the next GMMA, `((2,2,2),MMA_M,(N/16,MMA_N))`, register for register:
//!
//! ```text
//! l   = logical_divide(get<0,2>(acc), Tile<_2>)                       // ((2,N/16))
//! out = make_layout(make_layout(get<0,0>(acc), get<0,1>(acc), get<0,0>(l)),
//!                   get<1>(acc),
//!                   coalesce(make_layout(get<0,1>(l), get<2>(acc))))  // ((2,2,2),MMA_M,N/16*MMA_N)
//! ```
//!
//! The result maps a coordinate of the A fragment to the *accumulator* register it reads; whether
//! that register holds the element the A operand expects there is a separate question, answered
//! by [`crate::s_to_p`].
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_attention::ConvertLayoutAccAregs;
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! // S of a 64x128 atom, one atom per thread: 64 f32 accumulators
//! assert_eq!(show::<ConvertLayoutAccAregs<cute!(((_2,_2,_16),_1,_1):((_1,_2,_4),_0,_0))>>(), "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)");
//! // two atoms along N (64x64 atoms in a 128-wide S): N/16 and MMA_N coalesce into one mode
//! assert_eq!(show::<ConvertLayoutAccAregs<cute!(((_2,_2,_8),_1,_2):((_1,_2,_4),_0,_32))>>(), "((_2,_2,_2),_1,_8):((_1,_2,_4),_0,_8)");
//! ```
//!
//! An accumulator whose `N/8` is odd (a GMMA N that is not a multiple of 16) has no such view:
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_attention::ConvertLayoutAccAregs;
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! // error[E0277]: convert_layout_acc_Aregs: the accumulator's N/8 must be even (a 16-bit A fragment takes 16 columns): N/8 = 3
//! let _ = show::<ConvertLayoutAccAregs<cute!(((_2,_2,_3),_1,_1):((_1,_2,_4),_0,_0))>>();
//! ```

use tycute_layout::algebra::coalesce::CoalesceOp;
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::{Eq, Mod, Prod, Quot, B1, P2, Z0};
use tycute_layout::layout::Layout;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::Coalesce;

type T2<A, B> = Tup<A, Tup<B, Nil>>;
type T3<A, B, C> = Tup<A, Tup<B, Tup<C, Nil>>>;

/// `convert_layout_acc_Aregs` (16-bit A) as a trait on the accumulator fragment's layout; see
/// [`ConvertLayoutAccAregs`].
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_Aregs: the accumulator must be an sm90 GMMA fragment ((2,2,N/8),MMA_M,MMA_N), not `{Self}`",
    label = "not a GMMA accumulator fragment"
)]
pub trait ConvertLayoutAccAregsOp {
    type Output;
}

/// `N/8 % 2 == 0`: two accumulator column groups of 8 make one 16-wide K block of A.
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_Aregs: the accumulator's N/8 must be even (a 16-bit A fragment takes 16 columns): N/8 = {V}",
    label = "N/8 = {V} column groups of 8"
)]
pub trait AccAregsEvenGroups<V = ()> {
    /// `T` where the rule holds.
    #[doc(hidden)]
    type Ok<X>;
}
impl<V> AccAregsEvenGroups<V> for B1 {
    type Ok<X> = X;
}

/// `N/8`, the size of an accumulator fragment's mode `get<0,2>` (the rules' number).
#[diagnostic::on_unimplemented(
    message = "convert_layout_acc_Aregs: the accumulator must be an sm90 GMMA fragment ((2,2,N/8),MMA_M,MMA_N), not `{Self}`",
    label = "not a GMMA accumulator fragment"
)]
pub trait AccGroupsOp {
    /// `N/8`.
    type V;
}
impl<V, MM, MN, D> AccGroupsOp for Layout<T3<T3<P2, P2, V>, MM, MN>, D> {
    type V = V;
}
/// `N/8` of an accumulator fragment.
pub type AccGroups<Acc> = <Acc as AccGroupsOp>::V;

type EvenBit<V> = Eq<Mod<V, P2>, Z0>;
// coalesce(make_layout(get<0,1>(l), get<2>(acc))): (N/16, MMA_N):(2 dV, dN)
type KRest<V, DV, MN, DN> = Coalesce<Layout<T2<Quot<V, P2>, MN>, T2<Prod<DV, P2>, DN>>>;

impl<V, MM, MN, D0, D1, DV, DM, DN> ConvertLayoutAccAregsOp for Layout<T3<T3<P2, P2, V>, MM, MN>, T3<T3<D0, D1, DV>, DM, DN>>
where
    V: core::ops::Div<P2>,
    DV: core::ops::Mul<P2>,
    Layout<T2<Quot<V, P2>, MN>, T2<Prod<DV, P2>, DN>>: CoalesceOp,
    KRest<V, DV, MN, DN>: SplitLayout,
{
    // ((2,2,2),MMA_M,N/16*MMA_N)
    type Output = Layout<
        T3<T3<P2, P2, P2>, MM, <KRest<V, DV, MN, DN> as SplitLayout>::Shape>,
        T3<T3<D0, D1, DV>, DM, <KRest<V, DV, MN, DN> as SplitLayout>::Stride>,
    >;
}

/// A layout's shape and stride.
#[doc(hidden)]
pub trait SplitLayout {
    type Shape;
    type Stride;
}
impl<S, D> SplitLayout for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// `convert_layout_acc_Aregs<16-bit>(acc)`: `((2,2,N/8),MMA_M,MMA_N)` to
/// `((2,2,2),MMA_M,N/16*MMA_N)` (the last mode coalesced), the same registers.
/// The rule `N/8 % 2 == 0` is a gate in the alias: where it fails, its message is the only error.
pub type ConvertLayoutAccAregs<Acc> = <<EvenBit<AccGroups<Acc>> as AccAregsEvenGroups<
    DecIfFailed<EvenBit<AccGroups<Acc>>, AccGroups<Acc>>,
>>::Ok<Acc> as ConvertLayoutAccAregsOp>::Output;

/// [`ConvertLayoutAccAregs`] as a trait, for an impl that applies it to its parameters (the
/// alias's gate and op as where-clauses; [`crate::s_to_p`]'s proof).
#[doc(hidden)]
pub trait ConvertLayoutAccAregsFn {
    type Output;
}
impl<Acc> ConvertLayoutAccAregsFn for Acc
where
    Acc: AccGroupsOp,
    AccGroups<Acc>: core::ops::Rem<P2>,
    Mod<AccGroups<Acc>, P2>: typenum::IsEqual<Z0>,
    EvenBit<AccGroups<Acc>>: DecimalIfFailed<AccGroups<Acc>>
        + AccAregsEvenGroups<DecIfFailed<EvenBit<AccGroups<Acc>>, AccGroups<Acc>>>,
    <EvenBit<AccGroups<Acc>> as AccAregsEvenGroups<DecIfFailed<EvenBit<AccGroups<Acc>>, AccGroups<Acc>>>>::Ok<Acc>:
        ConvertLayoutAccAregsOp,
{
    type Output = ConvertLayoutAccAregs<Acc>;
}
