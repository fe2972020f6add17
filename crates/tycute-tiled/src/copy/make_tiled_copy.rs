//! `make_tiled_copy(copy_atom, thr_layout, val_layout)`: a TiledCopy from a thread layout
//! `(m,n) -> thr_idx` and a value layout `(m,n) -> val_idx`.
//!
//! ```text
//! layout_mn = raked_product(thr_layout, val_layout)                       // (M,N) -> (thr_idx, val_idx)
//! layout_tv = right_inverse(layout_mn).with_shape((size(thr), size(val)))  // (thr_idx, val_idx) -> (M,N)
//! tiler     = product_each(shape(layout_mn))                               // (M,N)
//! ```

use tycute_layout::algebra::tiler::ProductEach;
use tycute_layout::layout::ShapeOf;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::{RakedProduct, RightInverse, Size, WithShape};

use super::tiled_copy::TiledCopy;

/// `raked_product(thr_layout, val_layout)`: `(M,N) -> (thr_idx, val_idx)`.
pub type LayoutMN<ThrLayout, ValLayout> = RakedProduct<ThrLayout, ValLayout>;

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
pub type MakeTiledCopy<Atom, ThrLayout, ValLayout> = TiledCopy<
    Atom,
    // (thr_idx, val_idx) -> (M,N)
    WithShape<RightInverse<LayoutMN<ThrLayout, ValLayout>>, Tup<Size<ThrLayout>, Tup<Size<ValLayout>, Nil>>>,
    // (M,N)
    ProductEach<ShapeOf<LayoutMN<ThrLayout, ValLayout>>>,
>;

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
