//! `make_tiled_copy(copy_atom, thr_layout, val_layout)`: a TiledCopy from a thread layout
//! `(m,n) -> thr_idx` and a value layout `(m,n) -> val_idx`.
//!
//! ```text
//! layout_mn = raked_product(thr_layout, val_layout)                       // (M,N) -> (thr_idx, val_idx)
//! layout_tv = right_inverse(layout_mn).with_shape((size(thr), size(val)))  // (thr_idx, val_idx) -> (M,N)
//! tiler     = product_each(shape(layout_mn))                               // (M,N)
//! ```

use tycute_layout::algebra::composition::CompositionOp;
use tycute_layout::algebra::inverse::RightInverseOp;
use tycute_layout::algebra::make_layout::MakeLayoutLeftOp;
use tycute_layout::algebra::product::RakedProductOp;
use tycute_layout::algebra::tiler::{ProductEach, ProductEachOp};
use tycute_layout::layout::{IsLayout, Layout, ShapeOf, SizeOp};
use tycute_layout::{Composition, MakeLayoutLeft, RakedProduct, RightInverse, Size};

use super::tile2thrfrg::T2;
use super::tiled_copy::TiledCopy;
use crate::sealed::Sealed;

/// `raked_product(thr_layout, val_layout)`: `(M,N) -> (thr_idx, val_idx)`.
pub type LayoutMN<ThrLayout, ValLayout> = RakedProduct<ThrLayout, ValLayout>;

/// `make_layout((size(thr_layout), size(val_layout)))`, the shape the TV layout is given.
#[doc(hidden)]
pub trait ThrValShapeOp<ValLayout>: Sealed {
    type Output;
}
impl<S, D, ValLayout> ThrValShapeOp<ValLayout> for Layout<S, D>
where
    Layout<S, D>: SizeOp,
    ValLayout: SizeOp,
    T2<Size<Layout<S, D>>, Size<ValLayout>>: MakeLayoutLeftOp,
{
    type Output = MakeLayoutLeft<T2<Size<Layout<S, D>>, Size<ValLayout>>>;
}
type ThrVal<ThrLayout, ValLayout> = <ThrLayout as ThrValShapeOp<ValLayout>>::Output;

/// `make_tiled_copy(atom, thr_layout, val_layout)` as a trait on the atom; see [`MakeTiledCopy`].
pub trait MakeTiledCopyOp<ThrLayout, ValLayout>: Sealed {
    type Output;
}
impl<Atom: Sealed, ThrLayout, ValLayout> MakeTiledCopyOp<ThrLayout, ValLayout> for Atom
where
    ThrLayout: RakedProductOp<ValLayout> + ThrValShapeOp<ValLayout>,
    LayoutMN<ThrLayout, ValLayout>: RightInverseOp + IsLayout,
    RightInverse<LayoutMN<ThrLayout, ValLayout>>: CompositionOp<ThrVal<ThrLayout, ValLayout>>,
    ShapeOf<LayoutMN<ThrLayout, ValLayout>>: ProductEachOp,
{
    type Output = TiledCopy<
        Atom,
        // (thr_idx, val_idx) -> (M,N)
        Composition<RightInverse<LayoutMN<ThrLayout, ValLayout>>, ThrVal<ThrLayout, ValLayout>>,
        // (M,N)
        ProductEach<ShapeOf<LayoutMN<ThrLayout, ValLayout>>>,
    >;
}

/// `make_tiled_copy(atom, thr_layout, val_layout)`.
///
/// ```
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, UniversalCopy};
/// use tycute_layout::{show, table, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
///
/// // 8x16 threads, each a 2x8 block of values
/// type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_8,_16):(_16,_1)), cute!((_2,_8):(_8,_1))>;
/// // (thr_idx, val_idx) -> (M,N) index of the 16x128 tile
/// assert_eq!(show::<TiledLayout_TV<TC>>(), "((_16,_8),(_8,_2)):((_128,_2),(_16,_1))");
/// assert_eq!(show::<Tiler_MN<TC>>(), "(_16,_128)");
/// ```
///
/// As CuTe, a tiling by fewer values (or threads) than the atom moves is rejected:
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, UniversalCopy};
/// use tycute_layout::{show, swizzle::recast::{half_t, uint128_t}};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
/// // error[E0277]: TiledCopy uses too few vals for selected CopyAtom
/// type TC = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_1,_4):(_0,_1))>;
/// let _ = show::<TiledLayout_TV<TC>>();
/// ```
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// use tycute_atom::{Copy_Atom, SM75_U32x4_LDSM_N};
/// use tycute_layout::{show, swizzle::recast::half_t};
/// use tycute_macros::cute;
/// use tycute_tiled::copy::*;
/// // error[E0277]: TiledCopy uses too few thrs for selected CopyAtom
/// type TC = MakeTiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, cute!((_4,_4):(_1,_4)), cute!((_1,_8):(_0,_1))>;
/// let _ = show::<TiledLayout_TV<TC>>();
/// ```
pub type MakeTiledCopy<Atom, ThrLayout, ValLayout> = <Atom as MakeTiledCopyOp<ThrLayout, ValLayout>>::Output;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::*;
    use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS, UniversalCopy};
    use tycute_layout::show;
    use tycute_layout::swizzle::recast::{float, half_t, uint128_t, uint32_t};
    use tycute_macros::cute;

    #[test]
    fn make_tiled_copy() {
        type A = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>, cute!((_32,_8):(_1,_32)), cute!((_4,_1):(_1,_0))>;
        assert_eq!(show::<TiledLayout_TV<A>>(), "(_256,_4):(_4,_1)");
        assert_eq!(show::<Tiler_MN<A>>(), "(_128,_8)");
        type B = MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>;
        assert_eq!(show::<TiledLayout_TV<B>>(), "((_4,_32),_2):((_64,_1),_32)");
        assert_eq!(show::<LayoutMN<cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>>(), "((_1,_16),(_8,_8)):((_0,_8),(_128,_1))");
    }
}
