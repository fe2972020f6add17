//! sgemm_sm80's shared-memory copies on an unswizzled stage, for comparison with
//! `tycute_kernel::analyze::sm80::accesses` (bank conflicts without the swizzle).

use tycute_kernel::analyze::{analyse, Access};
use tycute_kernel::rows::tv_row;
use super::{CopyA, S2RCopyA, NUM_THREADS};
use tycute_layout::table;
use tycute_macros::cute;
use tycute_tiled::copy::{TidfrgD, TidfrgS};

/// An unswizzled K-major stage: row m of 64 halves (128 bytes) after row m-1.
pub type PlainStage = cute!((_128,_64):(_64,_1));

fn firsts(table: &[i64]) -> Vec<Vec<i64>> {
    every(table, 8)
}

/// Each thread's row, every `step`-th value (the first of each vector).
fn every(table: &[i64], step: usize) -> Vec<Vec<i64>> {
    (0..NUM_THREADS).map(|t| tv_row(table, NUM_THREADS, t).into_iter().step_by(step).collect()).collect()
}

/// The same copies on [`PlainStage`] (no swizzle).
pub fn unswizzled() -> Vec<Access> {
    let g2s = firsts(&table::<TidfrgD<CopyA, PlainStage>>());
    let s2r = firsts(&table::<TidfrgS<S2RCopyA, PlainStage>>());
    vec![
        analyse("G2S A: cp.async 16 B -> (_128,_64):(_64,_1)", &g2s, 2, 16, 8),
        analyse("S2R A: ldmatrix.x4 <- (_128,_64):(_64,_1)", &s2r, 2, 16, 8),
    ]
}

/// [`unswizzled`] as the registry's `Analysis::unswizzled` takes it (never an error).
pub fn try_unswizzled() -> Result<Vec<Access>, String> {
    Ok(unswizzled())
}
