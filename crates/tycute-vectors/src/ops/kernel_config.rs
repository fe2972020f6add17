//! The kernel configurations' integer rules as ops: `sm80_smem`, `sm80_config`, `sm90_smem`
//! (the runtime twins of `Sm80Checked`'s and `Sm90Checked`'s rules, in their words).

use crate::error::{ensure, Error, Result};
use crate::evaluator::{need, Evaluator, Handler};
use crate::output::{text, Output};
use tycute_dynamic::int::Int;

/// The ops of this file by name.
pub(crate) const HANDLERS: &[(&str, Handler)] = &[
    ("sm80_smem", op_sm80_smem),
    ("sm80_config", op_sm80_config),
    ("sm90_smem", op_sm90_smem),
];

/// `sm80_config((bM,bN,bK), stages, TILE_MNK(mma), size(mma), (copyA,copyB,s2rA,s2rB,r2s,s2g))`:
/// the runtime twin of `Sm80Checked`'s integer rules, in its order and words: the CTA tile a
/// whole number of TiledMMA tiles, every copy on the TiledMMA's threads (their sizes), then
/// [`sm80_smem`]. Returns the shared-memory bytes of A and B.
fn op_sm80_config(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    need(args, 5, "sm80_config")?;
    let three = |s: &str, what: &str| -> Result<Vec<i64>> {
        let v: Vec<i64> = ev.tuple(s)?.leaves().iter().map(|i| i.value).collect();
        ensure!(v.len() == 3, "sm80_config: {what} must be (M,N,K), got {s}");
        Ok(v)
    };
    let (cta, tile) = (
        three(args[0], "the CTA tile")?,
        three(args[2], "the TiledMMA tile")?,
    );
    let mma_threads = ev.int(args[3])?.value;
    let copies: Vec<i64> = ev
        .tuple(args[4])?
        .leaves()
        .iter()
        .map(|i| i.value)
        .collect();
    ensure!(
        copies.len() == 6,
        "sm80_config: expected the sizes of (copyA,copyB,s2rA,s2rB,r2s,s2g), got {}",
        args[4]
    );
    for (i, axis) in ["M", "N", "K"].iter().enumerate() {
        ensure!(
            tile[i] > 0 && cta[i] % tile[i] == 0,
            "kernel configuration: b{axis} is not a multiple of the TiledMMA's tile along {axis} (b{axis} % tile_size<{i}>(mma) != 0): {} % {}",
            cta[i],
            tile[i]
        );
    }
    let names = [
        "the G2S copy of A",
        "the G2S copy of B",
        "the S2R copy of A",
        "the S2R copy of B",
        "the epilogue's R2S copy",
        "the epilogue's S2G copy",
    ];
    let short = ["copyA", "copyB", "s2r_copy_a", "s2r_copy_b", "r2s", "s2g"];
    for k in 0..6 {
        ensure!(
            copies[k] == mma_threads,
            "kernel configuration: {} and the TiledMMA have different thread counts (size({}) != size(mma)): {} vs {mma_threads}",
            names[k],
            short[k],
            copies[k]
        );
    }
    let ints: Vec<String> = vec![
        cta[0].to_string(),
        cta[1].to_string(),
        cta[2].to_string(),
        args[1].trim().to_string(),
    ];
    let refs: Vec<&str> = ints.iter().map(String::as_str).collect();
    sm80_smem(&refs)
}

/// Integer arguments `_n` or `n`.
fn ints(args: &[&str], n: usize, op: &str) -> Result<Vec<i64>> {
    need(args, n, op)?;
    args.iter()
        .map(|a| {
            a.trim()
                .trim_start_matches('_')
                .parse::<i64>()
                .map_err(|_| Error::parse(format!("{op}: expected an integer, got {a}")))
        })
        .collect()
}

/// `sm80_smem(bM, bN, bK, stages)`: the bytes of the A and B stages (half precision: sizeof(AB) = 2) when an
/// sm80 kernel configuration may have them: the runtime twin of `Sm80Checked`'s
/// `StagesAtLeast2`, `SmemFitsSm80` and `EpilogueFitsStages`, with their words.
fn sm80_smem(args: &[&str]) -> Result<Output> {
    let v = ints(args, 4, "sm80_smem")?;
    let (bm, bn, bk, stages) = (v[0], v[1], v[2], v[3]);
    ensure!(
        stages >= 2,
        "kernel configuration: the cp.async pipeline needs at least 2 stages"
    );
    let bytes = 2 * (bm + bn) * bk * stages;
    ensure!(
        bytes <= 166_912,
        "kernel configuration: A and B need more shared memory than an sm_80 CTA may use (sizeof(AB)*(bM+bN)*bK*stages bytes > 163 KiB = 166912): {bytes}"
    );
    ensure!(
        4 * bm * bn <= bytes,
        "kernel configuration: the epilogue's fp32 C tile (4*bM*bN bytes) does not fit in the stage memory it reuses (sizeof(AB)*(bM+bN)*bK*stages bytes): {} > {bytes}",
        4 * bm * bn
    );
    Ok(text(Int::st(bytes)))
}

/// `sm90_smem(bM, bN, bK, stages, EPI_M, EPI_N, stages_cd)`: the bytes of the A and B stages and
/// the C and D epilogue buffers (half precision) when an sm90 configuration may have them: the
/// runtime twin of `Sm90Checked`'s `Sm90StagesAtLeast2` and `SmemFitsSm90`.
fn sm90_smem(args: &[&str]) -> Result<Output> {
    let v = ints(args, 7, "sm90_smem")?;
    let (bm, bn, bk, stages, em, en, scd) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    ensure!(
        stages >= 2,
        "kernel configuration: the TMA pipeline needs at least 2 stages: stages = {stages}"
    );
    let bytes = 2 * (bm + bn) * bk * stages + 2 * 2 * em * en * scd;
    ensure!(
        bytes <= 232_448,
        "kernel configuration: the stages of A and B and the epilogue's C and D buffers need more shared memory than an sm_90 CTA may use (> 227 KiB = 232448 bytes): {bytes}"
    );
    Ok(text(Int::st(bytes)))
}

fn op_sm80_smem(_ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    sm80_smem(args)
}

fn op_sm90_smem(_ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    sm90_smem(args)
}
