//! CuTe's `ScaledBasis<T, I0, I1, ...>` (printed `_1@1@0`): a stride that is a unit vector of a
//! hierarchical codomain, scaled. As the stride of a layout on the right of a composition it
//! selects the sub-mode `I0, I1, ...` of the left-hand layout.

use core::marker::PhantomData;

use crate::int::Int;
use crate::repr::{Reify, Repr};
use crate::tuple::{Nil, Tup};

/// `value @ path`: `Path` lists the mode indices in the order they are applied (`I0` first);
/// CuTe prints them in the opposite order.
pub struct ScaledBasis<V, Path>(PhantomData<fn() -> (V, Path)>);
impl<V, Path> Default for ScaledBasis<V, Path> {
    fn default() -> Self {
        ScaledBasis(PhantomData)
    }
}

impl<V: Reify, Path: PrintedPath> Reify for ScaledBasis<V, Path> {
    const REPR: Repr = Repr::scaled_basis(V::REPR, Path::PRINTED);
}

/// The indices of a path, last first (CuTe's print order).
#[doc(hidden)]
pub trait PrintedPath {
    const PRINTED: Repr;
}
impl PrintedPath for Nil {
    const PRINTED: Repr = Repr::EMPTY;
}
impl<I: Int, T: PrintedPath> PrintedPath for Tup<I, T> {
    const PRINTED: Repr = Repr::concat(T::PRINTED, Repr::int(I::I64));
}
