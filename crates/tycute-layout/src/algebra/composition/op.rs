//! The operation: [`CompositionOp`], [`Composition`] and [`WithShape`] (the impls are in the
//! module above, [`super`]).


use crate::algebra::make_layout::MakeLayoutLeft;
use crate::sealed::Sealed;

/// `composition(A, B)`: `A ∘ B` for a layout `B`, or A composed with a tiler `B` (an integer
/// `N` meaning `N:_1`, `_`, or a tuple of tilers applied mode by mode; modes of A past the
/// tuple's rank are dropped, as in CuTe).
pub trait CompositionOp<B>: Sealed {
    type Output;
}

/// `composition(A, B)`.
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_3,_1,_2):(_6,_1,_3)), cute!(_2:_2)>>(), "_2:_12");
/// assert_eq!(show::<Composition<cute!((_12,_8):(_8,_1)), cute!((_4,_2))>>(), "(_4,_2):(_8,_1)");
/// ```
///
/// A composition whose result would not be `A∘B` is rejected (CuTe accepts this one and prints
/// `(_8,_2):(_8,_64)`, which maps `12` to `96` where `A(B(12)) = 1`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B's leaves overlap inside a mode of A (the sum of their largest
/// //               digits there reaches the mode's shape): the result would not be A∘B
/// let _ = show::<Composition<cute!((_12,_8):(_8,_1)), cute!((_8,_2):(_1,_8))>>();
/// ```
///
/// Negative strides of B: a step over a mode of A that the stride's magnitude neither divides
/// nor stays below (CuTe prints `(_4,(_3,_2)):(_2,(_8,_-1))`, which maps `17` to `9` where
/// `B(17) = 0` and `A(0) = 0`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: a negative stride of B steps over a mode of A whose shape
/// //               neither divides it nor exceeds it (...): the result would not be A∘B
/// let _ = show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_4,_6):(_-4,_1))>>();
/// ```
///
/// and a negative digit below a positive one (CuTe prints `(_2,_4):(_8,_-1)`, which maps the `i`
/// with `B(i) = 31` to `7` where `A(31) = 13`):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B places a negative digit in a mode of A below a positive
/// //               digit in a higher mode (...): the result would not be A∘B
/// let _ = show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_2,_4):(_32,_-1))>>();
/// ```
///
/// Their neighbours are accepted:
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_4,_6):(_-3,_1))>>(), "(_4,(_3,_2)):(_1,(_8,_-1))");
/// assert_eq!(show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_2,_4):(_32,_1))>>(), "(_2,_4):(_8,_1)");
/// ```
///
/// Scaled-basis strides select sub-layouts of A (`get<1>(A)`, then `get<0>(A)`: a transpose;
/// `_1@1@1` selects `get<1,1>(A)`):
///
/// ```
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// assert_eq!(show::<Composition<cute!((_4,_4):(_4,_1)), cute!((_4,_4):(_1@1,_1@0))>>(), "(_4,_4):(_1,_4)");
/// assert_eq!(show::<Composition<cute!((_4,(_2,_3)):(_6,(_3,_1))), cute!((_2,_4):(_1@1@1,_1@0))>>(), "(_2,_4):(_1,_6)");
/// ```
///
/// and the leaves on one path are checked together against their sub-layout (CuTe prints
/// `(_2,_2):(_3,_3)`, which maps the `i` at coordinate 2 of `get<1>(A)`, where A is 1, to 6):
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: B's leaves overlap inside a mode of A (...)
/// let _ = show::<Composition<cute!((_4,(_2,_3)):(_6,(_3,_1))), cute!((_2,_2):(_1@1,_1@1))>>();
/// ```
///
/// A tiler of higher rank than A is rejected:
///
/// ```compile_fail,E0277
/// use tycute_layout::{show, Composition};
/// use tycute_macros::cute;
/// # extern crate tycute_layout as tycute;
/// // error[E0277]: composition: the tiler has more modes than the layout
/// let _ = show::<Composition<cute!(_8:_1), cute!((_2,_2))>>();
/// ```
pub type Composition<A, B> = <A as CompositionOp<B>>::Output;

/// `A.with_shape(S)` = `composition(A, make_layout(S))`.
pub type WithShape<A, S> = Composition<A, MakeLayoutLeft<S>>;
