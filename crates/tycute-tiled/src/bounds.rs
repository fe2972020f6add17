//! Bounds for generic code over TiledCopy and TiledMMA (the layout bounds, `SizeIs<N>`, ... are
//! `tycute::bounds`): each is a public trait, and its rejection states the rule and the numbers
//! in decimal ([`Dec`](tycute_layout::bounds::Dec): `_96` is 96, `_4<_096>` is 4096).
//!
//! | bound | holds when |
//! |---|---|
//! | `TC: CopyCovers<L>` | the TiledCopy's tile (`Tiler_MN`) divides the tensor `L`: `shape<i>(L) % size<i>(Tiler_MN) == 0` (whole tiles, as `ExactPartitionS/D` need) |
//! | `TM: MmaTileDivides<S>` | the TiledMMA's tile `(tile_size<0>, tile_size<1>, tile_size<2>)` divides the `(bM,bN,bK)` tile shape `S` |
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{Copy_Atom, MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS};
//! use tycute_layout::swizzle::recast::{half_t, uint128_t};
//! use tycute_macros::cute;
//! use tycute_tiled::bounds::{CopyCovers, MmaTileDivides};
//! use tycute_tiled::copy::MakeTiledCopy;
//! use tycute_tiled::mma::MakeTiledMma;
//!
//! type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
//! type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
//! fn mainloop<TC: CopyCovers<cute!((_128,_64):(_64,_1))>, TM: MmaTileDivides<cute!((_128,_128,_64))>>() {}
//! mainloop::<G2S, Mma>();
//! ```

use tycute_layout::bounds::{DecIfFailed, DecimalIfFailed};
use tycute_layout::int::B1;

use crate::copy::tidfrg::{TilerShape, TilerShapeOp};
use crate::copy::TiledCopyMembers;
use crate::exact::{ModesMultiple, ModesMultipleOf, TensorShape, TensorShapeOp};
use crate::mma::tiled_mma::{TileShape, TiledMma};

type TilerOf<TC> = TilerShape<<TC as TiledCopyMembers>::Tiler_MN>;

/// The TiledCopy `Self` copies the tensor `L` in whole tiles: every mode of `shape(L)` is a
/// multiple of the same mode of `shape(Tiler_MN)` (what `ExactPartitionS/D` require).
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS};
/// # use tycute_layout::swizzle::recast::{half_t, uint128_t};
/// # use tycute_macros::cute;
/// # use tycute_tiled::{bounds::CopyCovers, copy::MakeTiledCopy};
/// type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
/// fn load<TC: CopyCovers<cute!((_120,_64):(_64,_1))>>() {}
/// load::<G2S>();
/// // error[E0277]: CopyCovers: the TiledCopy's tile (_16, _64) does not divide the tensor's shape (_120, _64) ...
/// ```
pub trait CopyCovers<L> {}
impl<TC, L> CopyCovers<L> for TC
where
    TC: TiledCopyMembers,
    TC::Tiler_MN: TilerShapeOp,
    L: TensorShapeOp,
    TensorShape<L>: ModesMultiple<TilerOf<TC>>,
    ModesMultipleOf<TensorShape<L>, TilerOf<TC>>: DecimalIfFailed<TilerOf<TC>> + DecimalIfFailed<TensorShape<L>>,
    ModesMultipleOf<TensorShape<L>, TilerOf<TC>>: CopyTileDivides<
        DecIfFailed<ModesMultipleOf<TensorShape<L>, TilerOf<TC>>, TilerOf<TC>>,
        DecIfFailed<ModesMultipleOf<TensorShape<L>, TilerOf<TC>>, TensorShape<L>>,
    >,
{
}
/// The rule of [`CopyCovers`] on its bit, with the tile and the tensor's shape (rendered only
/// when it fails): implemented for `B1`.
#[diagnostic::on_unimplemented(
    message = "CopyCovers: the TiledCopy's tile {Tile} does not divide the tensor's shape {Shape} (shape<i>(tensor) % size<i>(Tiler_MN) != 0 in some mode): the last tile would reach past the tensor",
    label = "tile {Tile} does not divide {Shape}"
)]
pub trait CopyTileDivides<Tile, Shape> {}
impl<Tile, Shape> CopyTileDivides<Tile, Shape> for B1 {}

/// The TiledMMA `Self`'s tile, `(tile_size<0>, tile_size<1>, tile_size<2>)`, divides the tile
/// shape `S` (a CTA's `(bM,bN,bK)`) mode by mode.
///
/// ```compile_fail,E0277
/// # extern crate tycute_layout as tycute;
/// # use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// # use tycute_macros::cute;
/// # use tycute_tiled::{bounds::MmaTileDivides, mma::MakeTiledMma};
/// type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
/// fn gemm<TM: MmaTileDivides<cute!((_128,_100,_64))>>() {}
/// gemm::<Mma>();
/// // error[E0277]: MmaTileDivides: the TiledMMA's tile (_32, _16, _16) does not divide (_128, _100, _64) ...
/// ```
pub trait MmaTileDivides<S> {}
impl<TM, S> MmaTileDivides<S> for TM
where
    TM: TiledMma,
    S: ModesMultiple<TileShape<TM>>,
    ModesMultipleOf<S, TileShape<TM>>: DecimalIfFailed<TileShape<TM>> + DecimalIfFailed<S>,
    ModesMultipleOf<S, TileShape<TM>>: MmaTileDividesShape<
        DecIfFailed<ModesMultipleOf<S, TileShape<TM>>, TileShape<TM>>,
        DecIfFailed<ModesMultipleOf<S, TileShape<TM>>, S>,
    >,
{
}
/// The rule of [`MmaTileDivides`] on its bit, with the TiledMMA's tile and the shape (rendered
/// only when it fails): implemented for `B1`.
#[diagnostic::on_unimplemented(
    message = "MmaTileDivides: the TiledMMA's tile {Tile} does not divide {Shape} (shape<i> % tile_size<i>(mma) != 0 in some mode)",
    label = "tile {Tile} does not divide {Shape}"
)]
pub trait MmaTileDividesShape<Tile, Shape> {}
impl<Tile, Shape> MmaTileDividesShape<Tile, Shape> for B1 {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::MakeTiledCopy;
    use crate::mma::MakeTiledMma;
    use tycute_atom::{Copy_Atom, MMA_Atom, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS};
    use tycute_layout::swizzle::recast::{half_t, uint128_t};
    use tycute_macros::cute;

    type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
    type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
    fn covers<TC: CopyCovers<cute!((_128,_64):(_64,_1))>>() {}
    fn divides<TM: MmaTileDivides<cute!((_128,_128,_64))>>() {}

    #[test]
    fn accepts() {
        covers::<G2S>();
        divides::<Mma>();
    }
}
