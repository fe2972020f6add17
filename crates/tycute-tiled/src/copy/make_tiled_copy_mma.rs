//! `make_tiled_copy_A/B/C(copy_atom, tiled_mma)`: the TiledCopy whose `(thr, val)` layout is the
//! TiledMMA's operand layout, over the operand's tile.
//!
//! ```text
//! make_tiled_copy_A = make_tiled_copy_impl(atom, mma.get_layoutA_TV(), (tile_size<0>, tile_size<2>))   // (M,K)
//! make_tiled_copy_B = make_tiled_copy_impl(atom, mma.get_layoutB_TV(), (tile_size<1>, tile_size<2>))   // (N,K)
//! make_tiled_copy_C = make_tiled_copy_impl(atom, mma.get_layoutC_TV(), (tile_size<0>, tile_size<1>))   // (M,N)
//! ```
//!
//! The TiledMMA's own checks (and tycute's tile rule, see [`crate::mma`]) apply; the TiledCopy's
//! checks ("TiledCopy uses too few vals/thrs for selected CopyAtom") apply to the result.

use super::tile2thrfrg::T2;
use super::tiled_copy::TiledCopy;
use crate::mma::layout_tv::{GetLayoutA_TVOp, GetLayoutB_TVOp, GetLayoutC_TVOp};
use crate::mma::{GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, TiledMma};
use crate::sealed::Sealed;

macro_rules! make_tiled_copy_x {
    ($(#[$m:meta])* $op:ident, $alias:ident, $tv_op:ident, $tv:ident, ($x:ident, $y:ident)) => {
        #[doc = concat!("`", stringify!($alias), "` as a trait on the copy atom; see [`", stringify!($alias), "`].")]
        pub trait $op<TM>: Sealed {
            type Output;
        }
        impl<Atom: Sealed, TM> $op<TM> for Atom
        where
            TM: TiledMma + $tv_op,
        {
            type Output = TiledCopy<Atom, $tv<TM>, T2<TM::$x, TM::$y>>;
        }
        $(#[$m])*
        pub type $alias<Atom, TM> = <Atom as $op<TM>>::Output;
    };
}

make_tiled_copy_x!(
    /// `make_tiled_copy_A(copy_atom, tiled_mma)`: `(thr, val) -> (M,K)` of the A tile.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F16F16F16F16_TN};
    /// use tycute_layout::{show, swizzle::recast::half_t};
    /// use tycute_macros::cute;
    /// use tycute_tiled::{copy::*, mma::MakeTiledMma};
    ///
    /// // sgemm_sm80: s2r_copy_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma)
    /// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_32,_32,_16))>;
    /// type TC = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, TM>;
    /// assert_eq!(show::<TiledLayout_TV<TC>>(), "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))");
    /// assert_eq!(show::<Tiler_MN<TC>>(), "(_32,_16)");
    /// ```
    ///
    /// ```compile_fail,E0277
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x8_F16F16F16F16_TN};
    /// use tycute_layout::{show, swizzle::recast::half_t};
    /// use tycute_tiled::{copy::*, mma::MakeTiledMma};
    /// // ldmatrix.x4 moves 8 halves per thread; one 16x8x8 atom holds 4 of A per thread.
    /// // error[E0277]: TiledCopy uses too few vals for selected CopyAtom
    /// type TC = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>;
    /// let _ = show::<TiledLayout_TV<TC>>();
    /// ```
    MakeTiledCopyAOp, MakeTiledCopyA, GetLayoutA_TVOp, GetLayoutA_TV, (TileM, TileK)
);
make_tiled_copy_x!(
    /// `make_tiled_copy_B(copy_atom, tiled_mma)`: `(thr, val) -> (N,K)` of the B tile.
    MakeTiledCopyBOp, MakeTiledCopyB, GetLayoutB_TVOp, GetLayoutB_TV, (TileN, TileK)
);
make_tiled_copy_x!(
    /// `make_tiled_copy_C(copy_atom, tiled_mma)`: `(thr, val) -> (M,N)` of the C tile.
    MakeTiledCopyCOp, MakeTiledCopyC, GetLayoutC_TVOp, GetLayoutC_TV, (TileM, TileN)
);
