//! The thread-issued shared-memory instructions of `kernels/sm90_gemm.cu` (the sm90
//! configuration's epilogue), from `sm90.h`'s tables, and the same on unswizzled sub-tiles.

use tycute_kernel::analyze::{analyse, Access};
use crate::header_types::tables;
use tycute_kernel::emit::sm90::Tables;
use tycute_kernel::emit::swizzle_bms;
use crate::sm90::{SC, SD};

/// `rows[t][i]` for every epilogue stage: stage `st` adds `st * stage` halves.
fn all_stages(rows: &[Vec<i64>], t: &Tables) -> Vec<Vec<i64>> {
    rows.iter().map(|r| (0..t.epi_stages).flat_map(|st| r.iter().map(move |&x| x + st * t.r2s_stage)).collect()).collect()
}

/// `rows` with the swizzle of `layout_text` undone (CuTe's swizzles are involutions), i.e.
/// the addresses of the same copy on the unswizzled sub-tile.
fn unswizzle(rows: &[Vec<i64>], layout: &tycute_layout::repr::Repr) -> Result<Vec<Vec<i64>>, String> {
    let (b, m, s) = swizzle_bms(layout).ok_or_else(|| format!("not a swizzled layout: {}", layout.text()))?;
    let mask = ((1i64 << b) - 1) << (m + s);
    Ok(rows.iter().map(|r| r.iter().map(|&x| x ^ ((x & mask) >> s)).collect()).collect())
}

/// The epilogue's `ldmatrix.x4` of C and `stmatrix.x4` of D: the row addresses of
/// `tidfrg_S(tiled_s2r, sC_epi)` and `tidfrg_D(tiled_r2s, sD_epi)`, every stage.
pub fn accesses() -> Result<Vec<Access>, String> {
    let t = tables()?;
    Ok(vec![
        analyse("S2R C: ldmatrix.x4 <- sC (row addresses)", &all_stages(&t.s2r_smem, &t), 2, 16, 8),
        analyse("R2S D: stmatrix.x4 -> sD (row addresses)", &all_stages(&t.r2s_smem, &t), 2, 16, 8),
    ])
}

/// The same instructions on sub-tiles without the swizzle (one stage).
pub fn unswizzled() -> Result<Vec<Access>, String> {
    let t = tables()?;
    let (sc, sd) = (<SC as tycute_layout::Reify>::REPR, <SD as tycute_layout::Reify>::REPR);
    Ok(vec![
        analyse("S2R C: ldmatrix.x4 <- sC without its swizzle", &unswizzle(&t.s2r_smem, &sc)?, 2, 16, 8),
        analyse("R2S D: stmatrix.x4 -> sD without its swizzle", &unswizzle(&t.r2s_smem, &sd)?, 2, 16, 8),
    ])
}
