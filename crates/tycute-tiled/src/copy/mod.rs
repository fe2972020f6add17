//! CuTe's `TiledCopy` (`cute/atom/copy_atom.hpp`) as tycute types: a copy atom of `tycute-atom`
//! tiled over threads and values, and every member function CuTe evaluates at compile time as a
//! type alias evaluated by the trait solver.
//!
//! | CuTe | tycute |
//! |---|---|
//! | `TiledCopy<Atom, LayoutCopy_TV, Tiler_MN>` | [`TiledCopy`], members [`TiledCopyMembers`] ([`TiledLayout_TV`], [`Tiler_MN`], [`AtomNumThr`], ...) |
//! | `make_tiled_copy(atom, thr, val)` | [`MakeTiledCopy<Atom, Thr, Val>`](MakeTiledCopy) |
//! | `tiled_copy.tile2thrfrg(tensor, ref2trg)` | [`Tile2Thrfrg<TC, Tensor, Ref2Trg>`](Tile2Thrfrg) |
//! | `tiled_copy.tidfrg_S/D(layout)` | [`TidfrgS<TC, L>`](TidfrgS), [`TidfrgD`] |
//! | `tiled_copy.get_layoutS_TV()` / `get_layoutD_TV()` | [`GetLayoutS_TV<TC>`](GetLayoutS_TV), [`GetLayoutD_TV`] |
//! | `tiled_copy.get_slice(t).partition_S/D(tensor(L))` | [`PartitionS<TC, L, T>`](PartitionS), [`PartitionD`] (a [`CountingTensor`](crate::CountingTensor)) |
//! | `thr_copy.retile_S/D(fragment)` | [`RetileS<TC, F>`](RetileS), [`RetileD`] |
//! | `partition_S/D` of a tensor the tile divides | [`ExactPartitionS<TC, L, T>`](ExactPartitionS), [`ExactPartitionD`] |
//! | `copy_unpack`'s vectorization of src and dst | [`CopyVector<Atom, Src, Dst>`](CopyVector) |
//!
//! Every operation is a type alias over the layout algebra; its only bounds are CuTe's checks
//! (and tycute's), each a public trait with CuTe's message.

pub mod coverage;
pub mod make_tiled_copy;
pub mod make_tiled_copy_c_atom;
pub mod make_tiled_copy_mma;
pub mod make_tiled_copy_sd;
pub mod partition;
pub mod retile;
pub mod swizzle_slice;
pub mod swizzled_mma;
pub mod text;
pub mod tidfrg;
pub mod tile2thrfrg;
pub mod tiled_copy;
pub mod vectorize;

pub use coverage::*;
pub use make_tiled_copy::*;
pub use make_tiled_copy_c_atom::*;
pub use make_tiled_copy_mma::*;
pub use make_tiled_copy_sd::*;
pub use partition::*;
pub use retile::*;
pub use swizzle_slice::{DynComposition, SwizzleSlice};
pub use swizzled_mma::*;
pub use text::{table_of, text, CuteFunc, CuteText, Dyn, MixedBits};
pub use tidfrg::*;
pub use tile2thrfrg::*;
pub use tiled_copy::*;
pub use vectorize::*;

// The seal (`crate::sealed`) on the swizzled layouts that the copy's helper traits take.
// (Kept here so that `sealed.rs`, shared with the TiledMMA side, is left as it is.)
impl<A, O, B> crate::sealed::Sealed for tycute_layout::ComposedLayout<A, O, B> {}
impl<Op, T> crate::sealed::Sealed for tycute_atom::Copy_Atom<Op, T> {}
impl<B, M, S> crate::sealed::Sealed for tycute_layout::Swizzle<B, M, S> {}
