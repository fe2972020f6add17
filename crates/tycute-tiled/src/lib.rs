//! # tycute-tiled
//!
//! CuTe's tiled atoms (`cute/atom/mma_atom.hpp`) as tycute types: a [`TiledMMA`]
//! tiles an MMA atom of `tycute-atom` over threads and over a permuted `M x N x K` tile, and
//! every member function CuTe evaluates at compile time is a type alias evaluated by the trait
//! solver:
//!
//! | CuTe | tycute |
//! |---|---|
//! | `make_tiled_mma(atom, layout, perm)` | [`MakeTiledMma<Atom, L, P>`](mma::MakeTiledMma) / [`TiledMMA<Atom, L, P>`](mma::TiledMMA) |
//! | `mma.get_thr_layout_vmnk()` | [`ThrLayoutVMNK<TM>`](mma::ThrLayoutVMNK) |
//! | `mma.permutation_mnk<I>()`, `tile_size<I>(mma)`, `size(mma)` | [`PermutationMNK<TM, I>`](mma::PermutationMNK), [`TileSize<TM, I>`](mma::TileSize), [`Size<TM>`](tycute_layout::Size) |
//! | `mma.thrfrg_A/B/C(ref)` | [`ThrfrgA<TM, Ref>`](mma::ThrfrgA), ... |
//! | `mma.get_layoutA/B/C_TV()` | [`GetLayoutA_TV<TM>`](mma::GetLayoutA_TV), ... |
//! | `mma.get_slice(t).partition_A/B/C(tensor(ref))` | [`PartitionA<TM, Ref, T>`](mma::PartitionA), ... (a [`CountingTensor`]) |
//! | `partition_shape_A/B/C(mma, shape)` | [`PartitionShapeA<TM, S>`](mma::PartitionShapeA), ... |
//! | `mma.get_slice(t).partition_fragment_A/B/C(tensor(ref))` | [`PartitionFragmentA<TM, Ref, T>`](mma::PartitionFragmentA), ... (the fragment's layout) |
//!
//! tycute rejects a TiledMMA whose TV layouts would index past its tile (see [`mma`]).

#![allow(non_camel_case_types)]

// `cute!` expands to `::tycute::__private::...`; this makes those paths resolve in this crate.
extern crate tycute_layout as tycute;

pub mod bounds;
pub mod copy;
pub mod counting;
pub mod exact;
pub mod mma;
mod show;
mod sealed;

pub use counting::CountingTensor;
pub use mma::*;
