//! A configuration module's own type equalities (the tile its copies cover, the TMA boxes, the
//! thread counts), checked together in one place: [`assert_same_all!`](crate::assert_same_all).
//!
//! `static_assertions::assert_type_eq_all!` and `const_assert!` check each fact in a body of its
//! own, and rustc normalizes each body's types apart from every other body's (twice: in the type
//! check and again in the borrow checker). Facts about one configuration share most of their
//! derivations (its TiledMMA, its epilogue copies), so one body that names them all in one path
//! works those out once (docs/perf.md, "Compile time").

use core::marker::PhantomData;

/// `A` and `B` are the same type: a fact that [`Holds`] exactly when they are.
pub struct Same<A, B>(PhantomData<(A, B)>);

/// The facts of [`assert_same_all!`](crate::assert_same_all) hold: every [`Same`] of the nested pairs names one type twice.
#[diagnostic::on_unimplemented(
    message = "a type equality of this configuration module does not hold: `{Self}`",
    label = "the two types of a `Same` differ"
)]
pub trait Holds {}
impl Holds for () {}
impl<A> Holds for Same<A, A> {}
impl<X: Holds, Y: Holds> Holds for (X, Y) {}

/// Requires its argument's facts to hold.
#[doc(hidden)]
pub fn hold<T: Holds>() {}

/// The facts `F` as a member of a `ReifyEach` tuple: `_0` when they hold, no type when they do
/// not (the error names [`Holds`]' rule). The tuple's one path then checks them together with the
/// values it reads, which share their derivations (a configuration's header values and its
/// module's equalities: `tycute-sm90`'s `header_types`). The `_0` means nothing. An alias to an
/// existing `Reify` type, not a `Reify` impl of its own, so that no message lists it among the
/// types `show` prints.
pub type Checked<F> = <F as HoldsAsZero>::Zero;
/// See [`Checked`].
#[doc(hidden)]
pub trait HoldsAsZero {
    /// `_0`.
    type Zero;
}
impl<F: Holds> HoldsAsZero for F {
    type Zero = tycute_layout::typenum::Z0;
}

/// Checks groups of type equalities in one body: each `[A, B, C]` says that `A`, `B` and `C` are
/// one type (as `static_assertions::assert_type_eq_all!(A, B, C)`), and the body names every type
/// of every group in one path, so that rustc derives what they share once.
///
/// ```
/// use tycute_kernel::assert_same_all;
/// use typenum::{Prod, P4, P8, U32};
/// assert_same_all! {
///     [Prod<P4, P8>, typenum::P32],
///     [U32, U32],
/// }
/// ```
///
/// ```compile_fail
/// use tycute_kernel::assert_same_all;
/// assert_same_all! { [typenum::P4, typenum::P8] }
/// ```
#[macro_export]
macro_rules! assert_same_all {
    (@groups) => { () };
    (@groups [$first:ty, $($rest:ty),+] $($more:tt)*) => {
        ($crate::assert_same_all!(@pairs $first; $($rest),+), $crate::assert_same_all!(@groups $($more)*))
    };
    (@pairs $first:ty;) => { () };
    (@pairs $first:ty; $second:ty $(, $rest:ty)*) => {
        ($crate::kernel::checks::Same<$first, $second>, $crate::assert_same_all!(@pairs $first; $($rest),*))
    };
    // `facts NAME;`: the facts as a type, `pub type NAME`, checked in a body of their own only
    // where the calling crate's `kernel` feature is off; with it, a `Checked<NAME>` in the
    // configuration's one header path checks them (`tycute-sm90`'s `header_types`)
    (facts $name:ident; $([$first:ty $(, $rest:ty)+ $(,)?]),+ $(,)?) => {
        /// This module's type equalities (`tycute_kernel::assert_same_all!`), checked in the
        /// configuration's header path (`Checked`) or, without the `kernel` feature, on their own.
        pub type $name = $crate::assert_same_all!(@groups $([$first, $($rest),+])+);
        #[cfg(not(feature = "kernel"))]
        const _: () = {
            #[allow(dead_code)]
            fn all() {
                $crate::kernel::checks::hold::<$name>();
            }
        };
    };
    ($([$first:ty $(, $rest:ty)+ $(,)?]),+ $(,)?) => {
        const _: () = {
            #[allow(dead_code)]
            fn all() {
                $crate::kernel::checks::hold::<$crate::assert_same_all!(@groups $([$first, $($rest),+])+)>();
            }
        };
    };
}
