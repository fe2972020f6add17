//! `make_tiled_copy_S/D(copy_atom, tiled_copy)`: a TiledCopy of another atom with the source
//! (destination) `(thr, val)` layout of an existing TiledCopy, over the same tile. The epilogue
//! builds its register-to-shared copy as `make_tiled_copy_S(r2s_atom, make_tiled_copy_C_atom(...))`.
//!
//! ```text
//! make_tiled_copy_S = make_tiled_copy_impl(atom, tiled_copy.get_layoutS_TV(), TiledCopy::Tiler_MN)
//! make_tiled_copy_D = make_tiled_copy_impl(atom, tiled_copy.get_layoutD_TV(), TiledCopy::Tiler_MN)
//! ```
//!
//! tycute additionally requires the TV layout to cover the tile exactly once (see
//! [`super::coverage`]).

use super::coverage::{
    CoverCosize, CoverN, CoverSize, CoverageNumbersOp, CoversOnce, CoversOnceOp, SDCoversTileOnce, TilerSizeOp,
};
use super::tidfrg::{GetLayoutD_TV, GetLayoutD_TVOp, GetLayoutS_TV, GetLayoutS_TVOp};
use super::tiled_copy::{TiledCopy, TiledCopyMembers};
use crate::sealed::Sealed;

type TileN<TC> = <<TC as TiledCopyMembers>::Tiler_MN as TilerSizeOp>::Output;

macro_rules! make_tiled_copy_sd {
    ($(#[$m:meta])* $op:ident, $alias:ident, $tv_op:ident, $tv:ident) => {
        #[doc = concat!("`", stringify!($alias), "` as a trait on the copy atom; see [`", stringify!($alias), "`].")]
        pub trait $op<TC>: Sealed {
            type Output;
        }
        impl<Atom: Sealed, TC> $op<TC> for Atom
        where
            TC: TiledCopyMembers + $tv_op,
            TC::Tiler_MN: TilerSizeOp,
            $tv<TC>: CoversOnceOp<TileN<TC>> + CoverageNumbersOp<TileN<TC>>,
            CoversOnce<$tv<TC>, TileN<TC>>: SDCoversTileOnce<
                CoverSize<$tv<TC>, TileN<TC>>,
                CoverCosize<$tv<TC>, TileN<TC>>,
                CoverN<$tv<TC>, TileN<TC>>,
            >,
        {
            type Output = TiledCopy<Atom, $tv<TC>, TC::Tiler_MN>;
        }
        $(#[$m])*
        pub type $alias<Atom, TC> = <Atom as $op<TC>>::Output;
    };
}

make_tiled_copy_sd!(
    /// `make_tiled_copy_S(copy_atom, tiled_copy)`.
    ///
    /// ```
    /// # extern crate tycute_layout as tycute;
    /// use tycute_atom::{Copy_Atom, MMA_Atom, SM90_U32x2_STSM_N, SM80_16x8x16_F16F16F16F16_TN};
    /// use tycute_layout::{show, swizzle::recast::half_t};
    /// use tycute_macros::cute;
    /// use tycute_tiled::{copy::*, mma::MakeTiledMma};
    ///
    /// type TM = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_32,_32,_16))>;
    /// type C = MakeTiledCopyC_Atom<Copy_Atom<SM90_U32x2_STSM_N, half_t>, TM>;
    /// type R2S = MakeTiledCopyS<Copy_Atom<SM90_U32x2_STSM_N, half_t>, C>;
    /// assert_eq!(show::<TiledLayout_TV<R2S>>(), "((_4,_16,_2),((_2,_2),_1)):((_32,_1,_128),((_256,_16),_0))");
    /// assert_eq!(show::<Tiler_MN<R2S>>(), "((_8,_2,_2):(_1,_16,_8),(_8,_2):(_2,_1))");
    /// ```
    MakeTiledCopySOp, MakeTiledCopyS, GetLayoutS_TVOp, GetLayoutS_TV
);
make_tiled_copy_sd!(
    /// `make_tiled_copy_D(copy_atom, tiled_copy)`.
    MakeTiledCopyDOp, MakeTiledCopyD, GetLayoutD_TVOp, GetLayoutD_TV
);
