//! `TiledMMA` (`cute/atom/mma_atom.hpp`): one concept per file.
//!
//! | file | CuTe |
//! |---|---|
//! | [`tiled_mma`] | `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`, `make_tiled_mma`, `get_thr_layout_vmnk`, `permutation_mnk<I>`, `tile_size<I>`, `size` |
//! | [`thrfrg`] | `thrfrg_A/B/C(ref)` |
//! | [`layout_tv`] | `get_layoutA/B/C_TV()` |
//! | [`thr_coord`] | `thr_layout_vmnk.get_flat_coord(thr_idx)` (the thread coordinate of `get_slice`) |
//! | [`partition`] | `get_slice(thr).partition_A/B/C(tensor)` |
//! | [`partition_shape`] | `partition_shape_A/B/C(mma, shape)` |
//! | [`fragment`] | `get_slice(thr).partition_fragment_A/B/C(tensor)` (the fragment's layout), `make_fragment_like`, `make_fragment_C` |
//!
//! # What tycute rejects
//!
//! Besides CuTe's own checks (`TiledMMA requires rank-3 AtomLayoutMNK`, `TiledMMA requires
//! rank-3 PermutationMNK`, `rank(ref) >= 2` in `thrfrg_X`), tycute rejects a TiledMMA whose
//! `get_layoutA/B/C_TV` would index past its tile (vectors README, "Where tycute deliberately
//! differs", item 2). The condition is O(modes), on sizes only:
//!
//! 1. for each mode `I` of M, N, K: `tile_size<I> % (size<I>(AtomShape_MNK) * size<I>(AtomLayoutMNK)) == 0`
//!    — a tile that the atoms do not divide is rounded up by the divides of `thrfrg_X`
//!    ([`TiledMmaTileCoversAtomsM`], `..N`, `..K`);
//! 2. `size<2>(AtomLayoutMNK) == 1` — with several thread groups along K, `get_layoutC_TV` maps
//!    the later groups past the C tile ([`TiledMmaSingleKGroup`]);
//! 3. a permutation given as a layout maps into its tile: `cosize(perm) <= size(perm)`
//!    ([`TiledMmaPermutationInTile`]).
//!
//! Every check is a bound of the impl of [`TiledMma`] for [`TiledMMA`], so a rejected TiledMMA
//! fails wherever it is used, with the check's message.
//!
//! ```compile_fail,E0277
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
//! use tycute_layout::show;
//! use tycute_macros::cute;
//! use tycute_tiled::mma::*;
//! // TiledMMA: the permutation tile in M must be a multiple of the atom's M times the atom layout's M ...
//! type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_4,_2,_1):(_1,_4,_0)), cute!((_32,_32,_16))>;
//! let _ = show::<GetLayoutC_TV<TM>>();
//! ```

pub mod fragment;
pub mod layout_tv;
pub mod partition;
pub mod partition_shape;
pub mod thr_coord;
pub mod thrfrg;
pub mod tiled_mma;

pub use fragment::{
    FragmentCRank3, FragmentCValues, MakeFragmentC, MakeFragmentLike, PartitionFragmentA, PartitionFragmentB, PartitionFragmentC,
};
pub use layout_tv::{GetLayoutA_TV, GetLayoutB_TV, GetLayoutC_TV, ThrIdx2ThrId};
pub use partition::{ExactPartitionA, ExactPartitionB, ExactPartitionC, PartitionA, PartitionB, PartitionC};
pub use partition_shape::{PartitionShapeA, PartitionShapeB, PartitionShapeC};
pub use thr_coord::FlatCoord;
pub use thrfrg::{ThrfrgA, ThrfrgB, ThrfrgC};
pub use tiled_mma::{
    MakeTiledMma, NoPermutation, PermutationMNK, Permutations, ThrLayoutVMNK, ThrSize, Tile3, TileShape, TileSize,
    TiledMMA, TiledMma, TiledMmaAtomLayoutRank3, TiledMmaPermutationInTile, TiledMmaPermutationRank3,
    TiledMmaSingleKGroup, TiledMmaTileCoversAtomsK, TiledMmaTileCoversAtomsM, TiledMmaTileCoversAtomsN,
};

