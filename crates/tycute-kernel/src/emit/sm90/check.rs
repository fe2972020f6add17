//! [`check_tables`]: the sm90 header's values interpreted the way the hardware does (TMA's
//! swizzled box writes, the GMMA descriptor's canonical layout, `stmatrix`'s row addresses) and
//! checked against the layouts.

use super::tables::{acc_split, swizzle, tables_of, Tables};
use super::types::{Sm90Types, STSM_VALS, WARPGROUP};

/// What [`check_of`] and [`check_tables`] verified.
#[derive(Debug, Default)]
pub struct Report {
    pub lines: Vec<String>,
}

fn exactly_once(what: &str, values: impl IntoIterator<Item = i64>, n: usize) -> Result<String, String> {
    let mut seen = vec![0u32; n];
    for v in values {
        let i = usize::try_from(v).ok().filter(|&i| i < n).ok_or_else(|| format!("{what}: {v} is outside 0..{n}"))?;
        seen[i] += 1;
    }
    if let Some(i) = seen.iter().position(|&c| c != 1) {
        return Err(format!("{what}: element {i} is covered {} times (holes or duplicates)", seen[i]));
    }
    Ok(format!("{what}: each of the {n} elements exactly once"))
}

/// Where TMA puts element `(row, col)` of a box with `inner` elements of `elem` bytes per row and
/// swizzle `Sw<B,4,3>` (bytes from the start of a 1024-byte aligned buffer): rows are
/// `inner * elem` bytes apart, and the 16-byte chunks of a row are permuted by the swizzle.
fn tma_byte(row: i64, col: i64, inner: i64, b: i64, elem: i64) -> i64 {
    swizzle(row * inner * elem + col * elem, (b, 4, 3))
}

/// Checks one `stmatrix.x4`/`ldmatrix.x4` copy of the epilogue (row addresses `rows[t][i]`,
/// accumulator map `map[e][8i+v]`) the way the hardware moves the halves.
fn matrix_x4(what: &str, t: &Tables, rows: &[Vec<i64>], map: &[Vec<i64>]) -> Result<String, String> {
    let (bm, _, _) = t.tile;
    let (em, en) = t.epi_tile;
    let sub = (em * en) as usize;
    let mut used = vec![vec![0u8; t.acc_crd[0].len()]; t.threads];
    for (e, &(om, on)) in t.epi_origin.iter().enumerate() {
        let mut moved = Vec::new();
        for w in 0..t.threads / 32 {
            for i in 0..rows[0].len() {
                for l in 0..32 {
                    let th = 32 * w + l;
                    for j in 0..4 {
                        let row_addr = rows[32 * w + 8 * j + l / 4][i];
                        if row_addr % 8 != 0 {
                            return Err(format!("{what}: thread {} row address {row_addr} is not 16-byte aligned", 32 * w + 8 * j + l / 4));
                        }
                        for h in 0..2 {
                            let o = row_addr + 2 * (l as i64 % 4) + h;
                            let reg = map[e][STSM_VALS * i + 2 * j + h as usize] as usize;
                            used[th][reg] += 1;
                            let crd = t.acc_crd[th][reg];
                            let (cm, cn) = (crd % bm - om, crd / bm - on);
                            if !(0..em).contains(&cm) || !(0..en).contains(&cn) {
                                return Err(format!("{what}: sub-tile {e} moves thread {th}'s accumulator {reg} (C element {crd}), outside the sub-tile"));
                            }
                            if t.sd[(cm + em * cn) as usize] != o {
                                return Err(format!(
                                    "{what}: sub-tile {e}: thread {th}'s accumulator {reg} (C ({},{})) meets smem offset {o}, the layout has it at {}",
                                    crd % bm, crd / bm, t.sd[(cm + em * cn) as usize]
                                ));
                            }
                            moved.push(o);
                        }
                    }
                }
            }
        }
        exactly_once(&format!("{what} sub-tile {e}"), moved, sub)?;
    }
    if let Some((th, reg)) = used.iter().enumerate().find_map(|(th, u)| u.iter().position(|&c| c != 1).map(|reg| (th, reg))) {
        return Err(format!("{what}: thread {th}'s accumulator {reg} is moved {} times", used[th][reg]));
    }
    Ok(format!(
        "{what}: in each of the {} sub-tiles every accumulator meets the smem offset of its own C element, covering the stage once; every accumulator of every thread once",
        t.epi_origin.len()
    ))
}

/// [`check_tables`] for configuration `C`.
pub fn check_of<C: Sm90Types>() -> Result<Report, String> {
    check_tables(&tables_of::<C>()?)
}

/// The check on given tables (a test corrupts them).
pub fn check_tables(t: &Tables) -> Result<Report, String> {
    let mut r = Report::default();
    let (bm, bn, bk) = t.tile;

    // TMA: every box lands exactly where its stage's layout says (the boxes of a stage, or the
    // slices of a cluster's B, fill it once): box element (inner i, outer o) is the stage's
    // (mn, k) = (o, i) K-major, (i, o) MN-major, written at the box's start + the swizzled offset
    // of row o, column i
    for op in &t.ops {
        let what = format!("TMA load {}", op.name);
        let (inner, outer) = op.box_dims;
        if inner * t.elem_ab != t.sw_ab.3 {
            return Err(format!("{what}: the box's inner extent is {} bytes, the swizzle span {}", inner * t.elem_ab, t.sw_ab.3));
        }
        if outer > 256 || inner * outer * op.boxes.len() as i64 != op.smem.len() as i64 {
            return Err(format!("{what}: {} boxes ({inner},{outer}) against a stage of {} elements (a box is at most 256 per dimension)", op.boxes.len(), op.smem.len()));
        }
        let mut bytes = Vec::new();
        for &(origin, start) in &op.boxes {
            if start % 1024 != 0 {
                return Err(format!("{what}: a box starts at byte {start} (the swizzle needs 1024-byte aligned starts)"));
            }
            for o in 0..outer {
                for i in 0..inner {
                    let (mn, k) = if op.mn { (origin + i, o) } else { (origin + o, i) };
                    let want = op.smem[(mn + op.rows * k) as usize] * t.elem_ab;
                    let got = start + tma_byte(o, i, inner, t.sw_ab.0, t.elem_ab);
                    if got != want {
                        return Err(format!("{what}: TMA writes element ({mn},{k}) at byte {got}, the layout says {want}"));
                    }
                    bytes.push(got / t.elem_ab);
                }
            }
        }
        r.lines.push(exactly_once(&format!("{what} boxes -> smem stage"), bytes, op.smem.len())?);
        r.lines.push(format!("{what}: {} box(es) ({inner},{outer}) with swizzle mode {} put every element where the smem layout type says", op.boxes.len(), t.sw_ab.1));
    }
    if t.epi_direct {
        r.lines.push("D and C: 32-bit elements stored and read from the registers (kEpiDirect), no TMA store of sD".to_string());
    } else {
        let what = "TMA store D";
        let (outer, inner) = t.box_d;
        if inner * t.elem_cd != t.sw_d.3 || outer * inner != t.sd.len() as i64 {
            return Err(format!("{what}: box ({outer},{inner}) against the swizzle span {} and a stage of {} elements", t.sw_d.3, t.sd.len()));
        }
        let mut bytes = Vec::new();
        for c in 0..inner {
            for m in 0..outer {
                let want = t.sd[(m + outer * c) as usize] * t.elem_cd;
                let got = tma_byte(m, c, inner, t.sw_d.0, t.elem_cd);
                if got != want {
                    return Err(format!("{what}: TMA writes element ({m},{c}) at byte {got}, the layout says {want}"));
                }
                bytes.push(got / t.elem_cd);
            }
        }
        r.lines.push(exactly_once(&format!("{what} box -> smem stage"), bytes, t.sd.len())?);
        r.lines.push(format!("{what}: box ({outer},{inner}) with swizzle mode {} puts every element where the smem layout type says", t.sw_d.1));
    }

    // GMMA: the descriptor's canonical layout swizzled on the address reads, for every value of
    // every wgmma block of every warpgroup, the smem element of the tile coordinate thrfrg_A/B
    // assigns to it. K-major: ((8,n),(w,..)) rows `pitch` apart, groups of 8 rows SBO apart, k
    // contiguous; MN-major: ((w,n),(8,k)) mn contiguous, w-wide slices LBO apart, k `pitch` apart,
    // groups of 8 k SBO apart (w: the swizzle span in elements)
    let (mma_m, mma_k) = (t.mma_m, t.mma_k);
    let wgs = t.threads / WARPGROUP;
    let w = t.sw_ab.3 / t.elem_ab;
    for op in &t.ops {
        let what = format!("GMMA {}", op.name);
        if op.pitch != t.sw_ab.3 || (!op.mn && op.lbo != 16) {
            return Err(format!("{what}: pitch {} (want the swizzle span {}), LBO {} (K-major: want 16 bytes)", op.pitch, t.sw_ab.3, op.lbo));
        }
        let (blocks, atom) = if op.is_a { (&t.gmma_blocks_a, &t.atom_a) } else { (&t.gmma_blocks_b, &t.atom_b) };
        let mut seen_all = Vec::new();
        for wg in 0..wgs {
            let offs: Vec<i64> = if op.is_a {
                (0..mma_k).flat_map(|k| (0..mma_m).map(move |m| (m, k))).map(|(m, k)| op.gmma_off[wg * mma_m + m][k]).collect()
            } else {
                op.gmma_off[wg].clone()
            };
            let mut seen = Vec::new();
            for (b, (block, &start)) in blocks[wg].iter().zip(&offs).enumerate() {
                if start % 16 != 0 || swizzle(start, (t.sw_ab.0, 4, 3)) != start {
                    return Err(format!("{what}: warpgroup {wg} block {b} starts at byte {start}, which the swizzle moves"));
                }
                // the block's values relative to its first element: warpgroup 0's values, moved by
                // the block's start (each warpgroup reads its block through its own descriptor)
                for (v, &crd) in block.iter().enumerate() {
                    let (m, k) = atom[v];
                    let canonical = if op.mn {
                        (m % w) * t.elem_ab + (m / w) * op.lbo + (k % 8) * op.pitch + (k / 8) * op.sbo
                    } else {
                        (m % 8) * op.pitch + (m / 8) * op.sbo + k * t.elem_ab
                    };
                    let got = swizzle(start + canonical, (t.sw_ab.0, 4, 3));
                    let want = op.smem[crd as usize] * t.elem_ab;
                    if got != want {
                        return Err(format!("{what}: warpgroup {wg} block {b} value {v} ({m},{k}) reads byte {got}, the element (tile {crd}) is at {want}"));
                    }
                    seen.push(crd);
                }
            }
            if !op.is_a {
                r.lines.push(exactly_once(&format!("{what} blocks of warpgroup {wg} over the ({},{bk}) tile", op.rows), seen.clone(), (op.rows * bk) as usize)?);
            }
            seen_all.extend(seen);
        }
        if op.is_a {
            r.lines.push(exactly_once(&format!("{what} blocks of the {wgs} warpgroup(s) over the ({},{bk}) tile", op.rows), seen_all, (op.rows * bk) as usize)?);
        }
        r.lines.push(format!("{what}: the descriptor (layout type {}, LBO {}, SBO {}, start kGmmaOff{}) reads every element the MMA expects", t.sw_ab.2, op.lbo, op.sbo, op.name));
    }

    // accumulators: tile once; the fragment is compact; (m, n) = the thread's first + a per-register offset
    r.lines.push(exactly_once("MMA C accumulators", t.acc_crd.iter().flatten().copied(), (bm * bn) as usize)?);
    let (acc_m, acc_n) = acc_split(t)?;
    r.lines.push("MMA C accumulators: (m, n) of accumulator r of thread t = (m, n) of its first + (kAccM, kAccN)[r], every thread".into());
    if t.epi_direct {
        // the register epilogue stores accumulators r, r + 1 (r even) as one float2: adjacent
        // columns of one row
        if let Some(r) = (0..acc_m.len() / 2).map(|p| 2 * p).find(|&r| acc_m[r + 1] != acc_m[r] || acc_n[r + 1] != acc_n[r] + 1) {
            return Err(format!("kEpiDirect: accumulators {r} and {} are not adjacent columns of one row, which the float2 stores of D take", r + 1));
        }
        r.lines.push("kEpiDirect: accumulators r, r + 1 (r even) are columns n, n + 1 of one row: one float2 store each".into());
    }
    if t.frag.iter().enumerate().any(|(i, &x)| x != i as i64) {
        return Err("accumulators: the fragment is not compact".into());
    }

    // epilogue: stmatrix.x4 (R2S into sD) and ldmatrix.x4 (S2R from sC, the same layout) as the
    // hardware does them, per warp: lanes 8j..8j+7 give the row addresses of matrix j; lane l's
    // register j holds row l/4, halves 2(l%4), 2(l%4)+1 of matrix j
    for (what, rows, map) in [("R2S (stmatrix.x4 -> sD)", &t.r2s_smem, &t.r2s_acc), ("S2R (ldmatrix.x4 <- sC)", &t.s2r_smem, &t.s2r_acc)] {
        r.lines.push(matrix_x4(what, t, rows, map)?);
    }
    let (em, en) = t.epi_tile;
    let origins: Vec<i64> = t.epi_origin.iter().flat_map(|&(m, n)| (0..en).flat_map(move |c| (0..em).map(move |rr| m + rr + bm * (n + c)))).collect();
    r.lines.push(exactly_once("TMA store D: sub-tile boxes over the CTA tile", origins, (bm * bn) as usize)?);
    Ok(r)
}
