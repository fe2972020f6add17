//! `CountingTensor<N, L>`: a tensor over a counting iterator, `make_tensor(counting_iterator<int>(N), L)`.
//!
//! CuTe's partition functions take a tensor and return a view of it: the same data pointer moved
//! by the offset of the thread's first element, and the thread's layout. Over the reference
//! tensors `make_tensor(counting_iterator<int>(0), ref)` of the test vectors, such a view prints
//! `counting_iter(N) o L`: `N` is the linear index (in the reference tensor's codomain) of the
//! thread's first element and `L` the layout of the thread's elements. At the type level the
//! partition result is exactly that pair, [`CountingTensor<N, L>`], with `N` a static integer and
//! `L` a layout. Its [`Reify`] text is CuTe's, and [`table`](tycute_layout::table) gives the
//! element indices `N + L(i)`, as the vectors' `table:` lines do.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_layout::{show, table, typenum::P8};
//! use tycute_macros::cute;
//! use tycute_tiled::CountingTensor;
//!
//! type T = CountingTensor<P8, cute!((_2,_2):(_1,_16))>;
//! assert_eq!(show::<T>(), "counting_iter(8) o (_2,_2):(_1,_16)");
//! assert_eq!(table::<T>(), vec![8, 9, 24, 25]);
//! ```

use core::marker::PhantomData;

use tycute_layout::int::Int;
use tycute_layout::repr::{Repr, Reify};
use tycute_layout::{IsLayout, Layout};

/// `counting_iter(N) o L`: the view of the elements `N + L(i)` of a counting tensor.
pub struct CountingTensor<N, L>(PhantomData<fn() -> (N, L)>);
impl<N, L> crate::sealed::Sealed for CountingTensor<N, L> {}

impl<N, L> Default for CountingTensor<N, L> {
    fn default() -> Self {
        CountingTensor(PhantomData)
    }
}
impl<N, L> Clone for CountingTensor<N, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N, L> Copy for CountingTensor<N, L> {}
impl<N, L> core::fmt::Debug for CountingTensor<N, L>
where
    Self: Reify,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&tycute_layout::show::<Self>())
    }
}

impl<N: Int, S, D> Reify for CountingTensor<N, Layout<S, D>>
where
    Layout<S, D>: Reify,
{
    const REPR: Repr = Repr::counting(N::I64, <Layout<S, D> as Reify>::REPR);
}

/// A tensor's iterator offset and layout.
pub trait IsTensor: crate::sealed::Sealed {
    /// The offset of the first element (CuTe's `tensor.data()` minus the reference's).
    type Offset;
    /// `tensor.layout()`.
    type Layout;
}
impl<N, L> IsTensor for CountingTensor<N, L> {
    type Offset = N;
    type Layout = L;
}
/// `tensor.layout()`.
pub type TensorLayout<T> = <T as IsTensor>::Layout;
/// The element offset of a tensor view.
pub type TensorOffset<T> = <T as IsTensor>::Offset;
/// `shape(tensor)`.
pub type TensorShape<T> = <TensorLayout<T> as IsLayout>::Shape;

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::typenum::{P256, Z0};
    use tycute_layout::{show, table};
    use tycute_macros::cute;

    #[test]
    fn text_and_table() {
        type T = CountingTensor<P256, cute!(((_2,_2),_8,_16):((_128,_8),_16,_1024))>;
        assert_eq!(show::<T>(), "counting_iter(256) o ((_2,_2),_8,_16):((_128,_8),_16,_1024)");
        assert_eq!(format!("{:?}", T::default()), show::<T>());
        assert_eq!(table::<T>()[..6], [256, 384, 264, 392, 272, 400]);
        assert_eq!(show::<TensorShape<T>>(), "((_2,_2),_8,_16)");
        assert_eq!(show::<TensorOffset<T>>(), "_256");
        assert_eq!(table::<CountingTensor<Z0, cute!(_4:_2)>>(), vec![0, 2, 4, 6]);
    }
}
