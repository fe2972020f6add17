//! Shared-memory bank conflicts and vector widths, computed from the type-level tables.
//!
//! The model (NVIDIA's, for sm_80 and sm_90): shared memory has 32 banks of 4 bytes and serves
//! one 128-byte wavefront per cycle. A warp instruction is split into phases: for 16-byte
//! accesses (`cp.async` 16 B, `ld/st.shared.v4`) a phase is 8 consecutive threads; for `ldmatrix`
//! and `stmatrix` a phase is one 8x8 matrix, i.e. the 8 row addresses given by lanes `8i..8i+7`.
//! A phase takes as many wavefronts as the largest number of distinct 4-byte words it touches in
//! one bank. The minimum for a warp instruction moving `B` bytes is `B / 128` wavefronts; more
//! than that is a bank conflict.
//!
//! [`sm80::accesses`] lists every shared-memory instruction of `kernels/sm80_gemm.cu` for a configuration, with its
//! addresses from the header's tables (the same types), and the same instructions on an
//! unswizzled K-major stage `(_128,_64):(_64,_1)` for comparison. [`sm90::accesses`] does the
//! same, for any sm90 configuration, for the thread-issued shared-memory instructions of `kernels/sm90_gemm.cu` (the
//! epilogue's `ldmatrix` of C and `stmatrix` of D; TMA and wgmma read and write shared memory
//! through the async proxy, with no per-lane addresses to analyse).

use std::collections::{BTreeMap, BTreeSet};

/// Shared-memory banks.
pub const BANKS: u64 = 32;
/// Bytes per bank word.
pub const WORD: u64 = 4;

/// The wavefronts of one phase: byte addresses of `width`-byte accesses.
pub fn phase_wavefronts(addresses: &[u64], width: u64) -> u64 {
    let mut words: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for &a in addresses {
        for w in (a / WORD)..((a + width).div_ceil(WORD)) {
            words.entry(w % BANKS).or_default().insert(w);
        }
    }
    words.values().map(|s| s.len() as u64).max().unwrap_or(0)
}

/// One warp instruction: byte addresses per lane (32), the access width, and the phase size in
/// lanes. Returns its wavefronts.
pub fn instruction_wavefronts(lane_addresses: &[u64], width: u64, phase: usize) -> u64 {
    lane_addresses.chunks(phase).map(|p| phase_wavefronts(p, width)).sum()
}

/// The result for one kind of instruction of a kernel.
#[derive(Clone, Debug)]
pub struct Access {
    /// What it is (`G2S A: cp.async 16 B store`).
    pub what: String,
    /// Bytes per lane.
    pub width: u64,
    /// Warp instructions examined (every warp, every instance).
    pub instructions: usize,
    /// Fewest and most wavefronts of one warp instruction.
    pub min: u64,
    pub max: u64,
    /// The ideal: bytes moved per warp instruction / 128.
    pub ideal: u64,
}

impl Access {
    /// Whether every instance takes the ideal number of wavefronts.
    pub fn conflict_free(&self) -> bool {
        self.max == self.ideal
    }
}

/// A configuration's shared-memory analysis, as its registry entry gives it
/// ([`crate::registry::Entry::with_analysis`]): what `tycute analyze NAME` prints, so that a
/// configuration with an analysis needs no edit of the command line.
#[derive(Clone, Copy)]
pub struct Analysis {
    /// Every thread-issued shared-memory instruction of its kernel (or why they cannot be read
    /// from its tables).
    pub accesses: fn() -> Result<Vec<Access>, String>,
    /// The same copies on an unswizzled stage (`tycute analyze NAME --unswizzled`), for the
    /// configurations that have the comparison.
    pub unswizzled: Option<fn() -> Result<Vec<Access>, String>>,
    /// A line printed after the table (what the analysis cannot see).
    pub note: Option<&'static str>,
}

impl Analysis {
    /// The analysis of an sm80 kernel configuration `C` ([`sm80::accesses`]), without an
    /// unswizzled comparison.
    pub const fn sm80<C: crate::kernel::sm80::Sm80Kernel>() -> Analysis {
        Analysis { accesses: sm80::try_accesses::<C>, unswizzled: None, note: None }
    }

    /// The analysis of an sm90 configuration `C` ([`sm90::accesses`], [`sm90::unswizzled`]).
    pub const fn sm90<C: crate::emit::sm90::Sm90Types>() -> Analysis {
        Analysis {
            accesses: sm90::accesses::<C>,
            unswizzled: Some(sm90::unswizzled::<C>),
            note: Some("(TMA loads and stores and wgmma's operand reads use the async proxy: no per-lane addresses)"),
        }
    }
}

/// Analyses instruction `what`: `rows[t][i]` is thread `t`'s element offset for instance `i`,
/// `elem` the element size in bytes; lanes are grouped in warps of 32 and phases of `phase`.
pub fn analyse(what: &str, rows: &[Vec<i64>], elem: u64, width: u64, phase: usize) -> Access {
    let instances = rows.first().map_or(0, Vec::len);
    let (mut min, mut max, mut n) = (u64::MAX, 0, 0);
    for warp in rows.chunks(32) {
        for i in 0..instances {
            let lanes: Vec<u64> = warp.iter().map(|r| r[i] as u64 * elem).collect();
            let w = instruction_wavefronts(&lanes, width, phase);
            min = min.min(w);
            max = max.max(w);
            n += 1;
        }
    }
    Access { what: what.to_string(), width, instructions: n, min, max, ideal: (32 * width).div_ceil(128) }
}

/// A table of accesses as text.
pub fn report(title: &str, accesses: &[Access]) -> String {
    let mut s = format!("{title}\n");
    s += &format!("{:<52} {:>6} {:>6} {:>10} {:>6}  {}\n", "shared-memory instruction", "B/lane", "instrs", "wavefronts", "ideal", "verdict");
    for a in accesses {
        let w = if a.min == a.max { a.max.to_string() } else { format!("{}-{}", a.min, a.max) };
        let verdict = if a.conflict_free() { "conflict-free".to_string() } else { format!("{}-way conflict", a.max / a.ideal.max(1)) };
        s += &format!("{:<52} {:>6} {:>6} {:>10} {:>6}  {}\n", a.what, a.width, a.instructions, w, a.ideal, verdict);
    }
    s
}

/// The shared-memory instructions of `kernels/sm80_gemm.cu` for any sm80 configuration.
pub mod sm80 {
    use super::{analyse, Access};
    use crate::emit::sm80::{tables, threads};
    use crate::kernel::sm80::Sm80Kernel;
    use crate::rows::tv_row;

    /// Each thread's row, every `step`-th value (the first of each vector).
    fn every(table: &[i64], n: usize, step: usize) -> Vec<Vec<i64>> {
        (0..n).map(|t| tv_row(table, n, t).into_iter().step_by(step).collect()).collect()
    }

    /// The kernel's accesses, from the header's tables.
    pub fn accesses<C: Sm80Kernel>() -> Vec<Access> {
        let k = C::tables();
        let t = tables::<C>();
        let n = threads::<C>();
        vec![
            analyse("G2S A: cp.async 16 B -> sA", &t.g2s_a_smem, 2, 16, 8),
            analyse("G2S B: cp.async 16 B -> sB", &t.g2s_b_smem, 2, 16, 8),
            analyse("S2R A: ldmatrix.x4 <- sA (row addresses)", &t.s2r_a_smem, 2, 16, 8),
            analyse("S2R B: ldmatrix.x4 <- sB (row addresses)", &t.s2r_b_smem, 2, 16, 8),
            analyse("R2S C: st.shared.f32 accumulators -> sC", &every(&k.r2s_smem.table(), n, 1), 4, 4, 32),
            analyse("S2G C: ld.shared.v4.f32 <- sC", &every(&k.s2g_smem.table(), n, 4), 4, 16, 8),
        ]
    }

    /// [`accesses`] as the registry's [`super::Analysis`] takes them (never an error: the tables
    /// of an sm80 configuration always evaluate).
    pub fn try_accesses<C: Sm80Kernel>() -> Result<Vec<Access>, String> {
        Ok(accesses::<C>())
    }
}

/// The thread-issued shared-memory instructions of `kernels/sm90_gemm.cu` for any sm90
/// configuration: the epilogue's `ldmatrix.x4` of C and `stmatrix.x4` of D, from the header's
/// tables (every C/D stage), and the same on sub-tiles without their swizzle.
pub mod sm90 {
    use super::{analyse, Access};
    use crate::emit::sm90::{tables_of, Sm90Types, Tables};
    use crate::emit::swizzle_bms;
    use tycute_layout::repr::Repr;

    /// `rows[t][i]` for every epilogue stage: stage `st` adds `st * r2s_stage` halves.
    fn all_stages(rows: &[Vec<i64>], t: &Tables) -> Vec<Vec<i64>> {
        rows.iter().map(|r| (0..t.epi_stages).flat_map(|st| r.iter().map(move |&x| x + st * t.r2s_stage)).collect()).collect()
    }

    /// `rows` with the swizzle of `layout` undone (CuTe's swizzles are involutions): the addresses
    /// of the same copy on the unswizzled sub-tile.
    fn unswizzle(rows: &[Vec<i64>], layout: &Repr) -> Result<Vec<Vec<i64>>, String> {
        let (b, m, s) = swizzle_bms(layout).ok_or_else(|| format!("not a swizzled layout: {}", layout.text()))?;
        let mask = ((1i64 << b) - 1) << (m + s);
        Ok(rows.iter().map(|r| r.iter().map(|&x| x ^ ((x & mask) >> s)).collect()).collect())
    }

    /// The epilogue's `ldmatrix.x4` of C and `stmatrix.x4` of D: the row addresses of
    /// `tidfrg_S(tiled_s2r, sC_epi)` and `tidfrg_D(tiled_r2s, sD_epi)`, every stage.
    pub fn accesses<C: Sm90Types>() -> Result<Vec<Access>, String> {
        let t = tables_of::<C>()?;
        Ok(vec![
            analyse("S2R C: ldmatrix.x4 <- sC (row addresses)", &all_stages(&t.s2r_smem, &t), 2, 16, 8),
            analyse("R2S D: stmatrix.x4 -> sD (row addresses)", &all_stages(&t.r2s_smem, &t), 2, 16, 8),
        ])
    }

    /// The same instructions on sub-tiles without their swizzle (one stage).
    pub fn unswizzled<C: Sm90Types>() -> Result<Vec<Access>, String> {
        let t = tables_of::<C>()?;
        let tx = C::texts();
        Ok(vec![
            analyse("S2R C: ldmatrix.x4 <- sC without its swizzle", &unswizzle(&t.s2r_smem, &tx.sc)?, 2, 16, 8),
            analyse("R2S D: stmatrix.x4 -> sD without its swizzle", &unswizzle(&t.r2s_smem, &tx.sd)?, 2, 16, 8),
        ])
    }

}
