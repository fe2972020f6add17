//! tycute's coverage rule for the epilogue TiledCopies: the TV layout of a
//! `make_tiled_copy_C_atom`, `make_tiled_copy_S` or `make_tiled_copy_D` must cover its tile
//! exactly once.
//!
//! CuTe builds these copies without checking that the `(thr, val) -> tile` layout it computes is
//! onto the tile and one-to-one (up to threads that hold the same values, stride-0 modes): when it
//! is not, some tile element is never copied, or is written from two different registers. tycute rejects such a
//! copy (its stricter rule, after CUTLASS PR #3345). The condition is O(modes), with
//! `N = size(Tiler_MN)` (the product of the sizes of the tiler's elements) and
//! `F = filter(layout_tv)` (stride-0 and size-1 modes removed):
//!
//! ```text
//! size(F) == N  and  size(right_inverse(F)) == N
//! ```
//!
//! `right_inverse` sorts the modes of `F` by stride and chains them while each stride is the
//! product of the shapes before it, starting at 1; it chains all of `F` exactly when `F` is a
//! bijection from `[0, size(F))` onto `[0, size(F))`. With `size(F) == N`, that is: every element
//! of the tile is reached by exactly one `(thr, val)` (up to broadcast threads).
//!
//! Every case of the test vectors satisfies the rule (`make_tiled_copy_C_atom`,
//! `make_tiled_copy_S`, `make_tiled_copy_D`, and also the plain `make_tiled_copy` and
//! `make_tiled_copy_A/B/C` layouts). `make_tiled_copy_C_atom` of the TiledMMAs tried (SM80, SM70
//! and SM90 atoms, atom layouts up to 4x2, permuted tiles, `UniversalFMA`) satisfies it too: its
//! tiler collects exactly the rows and columns the truncated accumulator layout reaches, which for
//! these is a product set. A TiledCopy built directly from a TV layout and a tiler can break it,
//! as in these two `make_tiled_copy_S` cases.
//!
//! A TV layout `(_32,_2):(_1,_64)` that reaches 64 of the 128 elements of its `(32,4)` tile:
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{Copy_Atom, UniversalCopy};
//! use tycute_layout::{show, swizzle::recast::{half_t, uint32_t}};
//! use tycute_macros::cute;
//! use tycute_tiled::copy::*;
//! type Atom = Copy_Atom<UniversalCopy<uint32_t>, half_t>;
//! // make_tiled_copy_S/D: the source/destination TV layout does not cover the tile exactly once
//! type TC = TiledCopy<Atom, cute!((_32,_2):(_1,_64)), cute!((_32,_4))>;
//! let _ = show::<TiledLayout_TV<MakeTiledCopyS<Atom, TC>>>();
//! ```
//!
//! A TV layout `(_32,_4):(_1,_16)` that reaches elements 16..31 twice in its `(64,2)` tile:
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{Copy_Atom, UniversalCopy};
//! use tycute_layout::{show, swizzle::recast::{half_t, uint32_t}};
//! use tycute_macros::cute;
//! use tycute_tiled::copy::*;
//! type Atom = Copy_Atom<UniversalCopy<uint32_t>, half_t>;
//! // make_tiled_copy_S/D: the source/destination TV layout does not cover the tile exactly once
//! type TC = TiledCopy<Atom, cute!((_32,_4):(_1,_16)), cute!((_64,_2))>;
//! let _ = show::<TiledLayout_TV<MakeTiledCopyS<Atom, TC>>>();
//! ```
//!
//! (The TiledCopy cases of `tests/vectors/rejects.txt` are checked by the root package's
//! `tests/static_vectors.rs`.)

use core::ops::BitAnd;

use tycute_layout::algebra::filter::FilterOp;
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::int::{And, Eq, IsEqual, B1};
use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::layout::{CosizeOp, Layout, SizeOp};
use tycute_layout::tuple::{Product, ProductOp};
use tycute_layout::{Cosize, Filter, RightInverse, Size};

use super::tidfrg::{TilerShape, TilerShapeOp};
use crate::sealed::Sealed;

/// `size(Tiler_MN)`: the number of elements of the tile (integers, or layouts of a by-mode
/// tiler, multiplied).
pub type TilerSize<Tiler> = Product<TilerShape<Tiler>>;

/// Whether a TV layout covers a tile of `N` elements exactly once, as a bit: see the module.
pub trait CoversOnceOp<N>: Sealed {
    type Output;
}
impl<S, D, N> CoversOnceOp<N> for Layout<S, D>
where
    Layout<S, D>: FilterOp,
    Filter<Layout<S, D>>: SizeOp + RightInverseOp,
    RightInverse<Filter<Layout<S, D>>>: SizeOp,
    Size<Filter<Layout<S, D>>>: IsEqual<N>,
    Size<RightInverse<Filter<Layout<S, D>>>>: IsEqual<N>,
    Eq<Size<Filter<Layout<S, D>>>, N>: BitAnd<Eq<Size<RightInverse<Filter<Layout<S, D>>>>, N>>,
{
    // size(filter(TV)) == N && size(right_inverse(filter(TV))) == N
    type Output = And<Eq<Size<Filter<Layout<S, D>>>, N>, Eq<Size<RightInverse<Filter<Layout<S, D>>>>, N>>;
}
/// `size(filter(TV)) == N && size(right_inverse(filter(TV))) == N`, as a bit.
pub type CoversOnce<TV, N> = <TV as CoversOnceOp<N>>::Output;

/// The tile size of a tiler: [`TilerSize`], as a trait.
pub trait TilerSizeOp: Sealed {
    type Output;
}
impl<T: TilerShapeOp + Sealed> TilerSizeOp for T
where
    TilerShape<T>: ProductOp,
{
    type Output = TilerSize<T>;
}

/// The numbers of the coverage rule for a TV layout and a tile of `N` elements:
/// `size(filter(TV))`, `cosize(filter(TV))` and `N` in decimal where the rule fails (`()` where
/// it holds, so an accepted copy renders nothing).
pub trait CoverageNumbersOp<N>: Sealed {
    /// `size(filter(TV))`.
    type Size;
    /// `cosize(filter(TV))`.
    type Cosize;
    /// `N`.
    type N;
}
impl<S, D, N> CoverageNumbersOp<N> for Layout<S, D>
where
    Layout<S, D>: CoversOnceOp<N> + FilterOp,
    Filter<Layout<S, D>>: SizeOp + CosizeOp,
    CoversOnce<Layout<S, D>, N>:
        DecimalIfFailed<Size<Filter<Layout<S, D>>>> + DecimalIfFailed<Cosize<Filter<Layout<S, D>>>> + DecimalIfFailed<N>,
{
    type Size = DecIfFailed<CoversOnce<Layout<S, D>, N>, Size<Filter<Layout<S, D>>>>;
    type Cosize = DecIfFailed<CoversOnce<Layout<S, D>, N>, Cosize<Filter<Layout<S, D>>>>;
    type N = DecIfFailed<CoversOnce<Layout<S, D>, N>, N>;
}
/// `size(filter(TV))`, `cosize(filter(TV))`, `N` for a rule's message.
pub type CoverSize<TV, N> = <TV as CoverageNumbersOp<N>>::Size;
/// See [`CoverSize`].
pub type CoverCosize<TV, N> = <TV as CoverageNumbersOp<N>>::Cosize;
/// See [`CoverSize`].
pub type CoverN<TV, N> = <TV as CoverageNumbersOp<N>>::N;

/// tycute's rule for `make_tiled_copy_C_atom`, on its bit, with the numbers of
/// [`CoverageNumbersOp`].
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy_C_atom: the TV layout does not cover the accumulator tile exactly once (tycute requires filter(layout_tv) to be a bijection onto [0, size(Tiler_MN)); CUTLASS #3345): size(filter(layout_tv)) = {Size}, cosize(filter(layout_tv)) = {Cosize}, size(Tiler_MN) = {N}",
    label = "some element of the tile would be copied twice, or never"
)]
pub trait CAtomCoversTileOnce<Size = (), Cosize = (), N = ()>: Sealed {}
impl<Size, Cosize, N> CAtomCoversTileOnce<Size, Cosize, N> for B1 {}

/// tycute's rule for `make_tiled_copy_S` / `make_tiled_copy_D`, on its bit, with the numbers of
/// [`CoverageNumbersOp`].
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy_S/D: the source/destination TV layout does not cover the tile exactly once (tycute requires filter(layout_tv) to be a bijection onto [0, size(Tiler_MN)); CUTLASS #3345): size(filter(layout_tv)) = {Size}, cosize(filter(layout_tv)) = {Cosize}, size(Tiler_MN) = {N}",
    label = "some element of the tile would be copied twice, or never"
)]
pub trait SDCoversTileOnce<Size = (), Cosize = (), N = ()>: Sealed {}
impl<Size, Cosize, N> SDCoversTileOnce<Size, Cosize, N> for B1 {}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_layout::show;
    use tycute_macros::cute;
    use typenum::Bit;

    fn holds<B: Bit>() -> bool {
        B::BOOL
    }

    #[test]
    fn rule() {
        type Tiler = cute!(((_8,_2):(_1,_16),(_8,_2):(_2,_1)));
        assert_eq!(show::<TilerSize<Tiler>>(), "_256");
        assert_eq!(show::<TilerSize<cute!((_32,_16))>>(), "_512");
        // make_tiled_copy_C_atom of UniversalCopy<uint32_t> over the 2x2 SM80 16x8x16 TiledMMA
        assert!(holds::<CoversOnce<cute!(((_4,_8,_2,_2),_2):((_16,_1,_8,_64),_128)), TilerSize<Tiler>>>());
        // threads holding the same values (a stride-0 mode) are allowed
        assert!(holds::<CoversOnce<cute!(((_8,_2,_2),(_2,_4)):((_1,_0,_8),(_16,_32))), cute!(_128)>>());
        // a value reached twice, or a tile larger than what is covered, is not
        assert!(!holds::<CoversOnce<cute!((_8,_2):(_1,_4)), cute!(_16)>>());
        assert!(!holds::<CoversOnce<cute!((_8,_2):(_1,_8)), cute!(_32)>>());
    }
}
