//! `sm90.h`: the values of the sm90 configuration ([`crate::kernel::sm90`]) that its TMA + GMMA kernel
//! needs, and [`check_tables`], which interprets them the way the hardware does (TMA's swizzled box
//! writes, the GMMA descriptor's canonical layout, `stmatrix`'s row addresses).
//!
//! | value | type | meaning |
//! |---|---|---|
//! | `kTmaBoxX[1][2]`, `kTmaBoxesX`, `kTmaBoxOffX[j][2]`, `kTmaSwizzleA/B` (`X` = `A_K`, `A_MN`, `B_K`, `B_MN`) | the stage of that operand and major (`sm90_layouts::StageOf`), the smem atom's `Sw<B,4,3>` | the box of `cuTensorMapEncodeTiled` (innermost first), the boxes of a stage and their start bytes, the `CUtensorMapSwizzle` |
//! | `kMnX`, `kGmmaLboX`, `kGmmaSboX`, `kGmmaOffX[..][k]` | the stage's layout, `thrfrg_A/B(mma, (rows,bK))` | the wgmma transpose bit, descriptor fields and each wgmma's start byte in a stage |
//! | `kReuseSmemC` | `Sm90Config::ReuseSmemC` | D stored through C's epilogue stages |
//! | `acc_crd[t][r]` | `thrfrg_C(mma, make_layout((bM,bN)))` | accumulator `r` of thread `t` as `m + kTileM*n` |
//! | `r2s_smem[t][i]` | `tidfrg_D(tiled_r2s, sD_epi)` | the `stmatrix.x4` row address thread `t` gives its `i`-th store of a sub-tile |
//! | `kR2SAcc[e][8*i+v]` | `tidfrg_S(tiled_r2s, make_layout(EpilogueTile))`, `zipped_divide((bM,bN), EpilogueTile)`, `thrfrg_C` | the accumulator that value `v` of store `i` of sub-tile `e` carries (the same for every thread) |
//! | `s2r_smem[t][i]`, `kS2RAcc[e][8*i+v]` | `tidfrg_S(tiled_s2r, sC_epi)`, `tidfrg_D(tiled_s2r, make_layout(EpilogueTile))` | the same for the `ldmatrix.x4` loads of C |
//! | `kTmaBoxD[2]`, `kTmaSwizzleD`, `kEpiOriginM/N[e]` | `product_each(shape(sD(_,_,0)))`, `Sw<2,4,3>`, `zipped_divide` | the TMA store of each sub-tile |
//!
//! One file per concept: [`types`] (what a configuration gives), [`tables`] (the values computed
//! from it), [`header`] (the text), [`check`] (the host-side proof). A configuration's crate
//! implements [`Sm90Types`] for it (tycute-sm90's `header_types.rs`).

pub mod check;
pub mod header;
pub mod tables;
pub mod types;

pub use check::{check_of, check_tables, Report};
pub use header::{header_of, header_with_values};
pub use tables::{acc_split, hw_swizzle, swizzle, tables_of, Operand, Tables};
pub use types::{Sm90Types, Texts, OPERANDS};
