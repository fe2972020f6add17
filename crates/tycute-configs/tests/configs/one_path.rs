//! Many type-level values through one path of a test's body (docs/design.md, "Compile time":
//! the borrow checker normalizes each path of a body apart, so a test naming twelve derived types
//! of one configuration as twelve `table::<X>()` calls derives the configuration twelve times).
//!
//! `<(Tab<A>, Show<B>, Part<C>, ...) as Take>::take()` gives the values of a tuple of wrappers,
//! each as the function it names would (`table`, `show`, `text` and `table_of`, `any_layout`,
//! `tiled_copy`, `tiled_mma`); a tuple nests in a tuple for more than 12.

use core::marker::PhantomData;

use tycute_dynamic::tiled_copy::TiledCopy;
use tycute_dynamic::tiled_mma::TiledMma;
use tycute_dynamic::AnyLayout;
use tycute_layout::repr::Show as ShowText;
use tycute_layout::Reify;
use tycute_emit::value::{TiledCopyValue, TiledMmaValue};
use tycute_tiled::copy::{CuteFunc, CuteText};

/// Values from types, one path for all.
pub trait Take {
    /// The values.
    type Out;
    /// Evaluates them.
    fn take() -> Self::Out;
}

/// `table::<L>()`.
pub struct Tab<L>(PhantomData<L>);
impl<L: Reify> Take for Tab<L> {
    type Out = Vec<i64>;
    fn take() -> Vec<i64> {
        tycute_layout::table::<L>()
    }
}

/// `show::<T>()`.
pub struct Show<T>(PhantomData<T>);
impl<T: Reify> Take for Show<T> {
    type Out = String;
    fn take() -> String {
        tycute_layout::show::<T>()
    }
}

/// A partition's `(text::<P>(), table_of::<P>())`.
pub struct Part<P>(PhantomData<P>);
impl<P: CuteText + CuteFunc> Take for Part<P> {
    type Out = (String, Vec<i64>);
    fn take() -> (String, Vec<i64>) {
        (tycute_tiled::copy::text::<P>(), tycute_tiled::copy::table_of::<P>())
    }
}

/// `any_layout::<L>()`.
pub struct Lay<L>(PhantomData<L>);
impl<L: Reify> Take for Lay<L> {
    type Out = AnyLayout;
    fn take() -> AnyLayout {
        tycute_emit::value::any_layout::<L>().unwrap()
    }
}

/// A TiledCopy's value (`tiled_copy::<TC>()`) and its type's text (`show::<TC>()`).
pub struct TiledCopyV<TC>(PhantomData<TC>);
impl<TC: TiledCopyValue + ShowText> Take for TiledCopyV<TC> {
    type Out = (TiledCopy, String);
    fn take() -> (TiledCopy, String) {
        (TC::value().unwrap(), tycute_layout::show::<TC>())
    }
}

/// A TiledMMA's value (`tiled_mma::<TM>()`) and its type's text.
pub struct TiledMmaV<TM>(PhantomData<TM>);
impl<TM: TiledMmaValue + ShowText> Take for TiledMmaV<TM> {
    type Out = (TiledMma, String);
    fn take() -> (TiledMma, String) {
        (TM::value().unwrap(), tycute_layout::show::<TM>())
    }
}

macro_rules! take_tuples {
    ($(($($t:ident),+))*) => {$(
        impl<$($t: Take),+> Take for ($($t,)+) {
            type Out = ($($t::Out,)+);
            fn take() -> Self::Out {
                ($($t::take(),)+)
            }
        }
    )*};
}
take_tuples! {
    (A)
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
    (A, B, C, D, E, F, G, H, I)
    (A, B, C, D, E, F, G, H, I, J)
    (A, B, C, D, E, F, G, H, I, J, K)
    (A, B, C, D, E, F, G, H, I, J, K, L)
}
