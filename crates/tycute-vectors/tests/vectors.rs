//! Every case of `tests/vectors/{algebra,swizzle,rejects,atoms,tiled_mma,tiled_copy,crosswise,
//! seeds}.txt` (computed by C++ CuTe) evaluated with the runtime twin.
//!
//! A case agrees when the result text is identical, or, for a `REJECT` case, when the twin
//! rejects too. The twin rejects on purpose where CuTe's result is not what the operation
//! means (`tests/vectors/README.md`, "Where tycute deliberately differs"): every such case
//! must be listed in `tests/vectors/DEVIATIONS.md` (one line each, starting with the vector's
//! input fields), and for each one this test re-derives the counterexample: CuTe's own
//! semantics (strict rule off) reproduce CuTe's printed result, and the composition the strict
//! rule refused is shown not to be `A∘B` at a concrete index.
//!
//! The TiledMMA tile rule (README item 2) is the other deliberate difference: a TiledMMA whose
//! `get_layoutA/B/C_TV` maps some (thread, value) outside its tile is rejected as a whole. For
//! every line the rule refuses, this test rebuilds the TiledMMA with CuTe's semantics, checks
//! that the line then reproduces CuTe's printed value, and names the (thread, value) that lands
//! outside the tile; the configuration must be one of the README's list or be listed in
//! DEVIATIONS.md line by line.
//!
//! Every line DEVIATIONS.md lists must be rejected (a listed line that the twin accepts fails).
//!
//! An op the twin does not know is reported as pending and must be answered `ERROR unknown op`
//! (never a value); every case of a known op must agree.

use std::collections::BTreeSet;
use std::path::PathBuf;
use tycute_dynamic::composition::{
    composition_cute, counterexample, take_last_strict_violation, with_cute_semantics,
};
use tycute_vectors::{is_known_op, result_field, Evaluator};
use tycute_vectors::tiled_mma_of_args;

/// The TiledMMA configurations README item 2 lists (atom, atom layout, permutation tile).
const README_TILED_MMA: &[(&str, &str, &str)] = &[
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_2,_2,_2):(_1,_2,_4)",
        "(_,_,_)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_2,_2,_2):(_1,_2,_4)",
        "(_32,(_8,_4,_2):(_1,_16,_8),_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_2,_2,_2):(_1,_2,_4)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_1,_1):(_1,_0,_0)",
        "(_32,(_8,_4,_2):(_1,_16,_8),_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_1,_1):(_1,_0,_0)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_2,_1):(_1,_4,_0)",
        "(_32,(_8,_4,_2):(_1,_16,_8),_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_2,_1):(_1,_4,_0)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_2,_1):(_2,_1,_0)",
        "(_32,(_8,_4,_2):(_1,_16,_8),_16)",
    ),
    (
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_4,_2,_1):(_2,_1,_0)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x16_F32F16F16F32_TN",
        "(_4,_2,_1):(_1,_4,_0)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x8_F16F16F16F16_TN",
        "(_4,_2,_1):(_1,_4,_0)",
        "(_32,_32,_16)",
    ),
    (
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "(_4,_2,_1):(_1,_4,_0)",
        "(_32,_32,_16)",
    ),
];

fn readme_listed(args: &[&str]) -> bool {
    README_TILED_MMA
        .iter()
        .any(|(a, l, p)| args.len() >= 3 && args[0] == *a && args[1] == *l && args[2] == *p)
}

/// For a line the TiledMMA tile rule refused: CuTe's semantics reproduce `want`, and the
/// TiledMMA's TV layouts leave the tile (the counterexample), or an explanation of what failed.
fn tile_rule_deviation(
    ev: &Evaluator,
    input: &str,
    want: &str,
) -> std::result::Result<String, String> {
    let f: Vec<&str> = input.split('\t').collect();
    let args = &f[2..];
    let cute = with_cute_semantics(|| eval(ev, input));
    let is_reject_case = want.starts_with("REJECT");
    if !is_reject_case && cute != want {
        return Err(format!(
            "with CuTe's semantics the line gives {}",
            short(&cute)
        ));
    }
    let mma = with_cute_semantics(|| tiled_mma_of_args(args))
        .map_err(|e| format!("the TiledMMA cannot be built with CuTe's semantics: {e}"))?;
    match mma.tile_rule_counterexample() {
        Ok(Some(cx)) => Ok(cx),
        Ok(None) => Err("the TiledMMA's TV layouts stay inside the tile (rule too strict)".into()),
        Err(e) => Err(format!("counterexample search failed: {e}")),
    }
}

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// `(input fields, expected result)` of every case in a file.
fn load(name: &str) -> Vec<(String, String)> {
    let path = vectors_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let a = f.iter().position(|x| *x == "=>")?;
            Some((f[..a].join("\t"), f[a + 1..].join("\t")))
        })
        .collect()
}

/// The input fields of the deviation lines in DEVIATIONS.md: every line inside its fenced
/// `vectors` block is one case's input fields, TAB separated.
fn deviations() -> BTreeSet<String> {
    let path = vectors_dir().join("DEVIATIONS.md");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut out = BTreeSet::new();
    let mut inside = false;
    for l in text.lines() {
        if l.starts_with("```") {
            inside = l.trim() == "```vectors";
            continue;
        }
        if inside && !l.trim().is_empty() {
            out.insert(l.to_string());
        }
    }
    out
}

fn eval(ev: &Evaluator, input: &str) -> String {
    let f: Vec<&str> = input.split('\t').collect();
    result_field(ev, f[1], &f[2..])
}

struct Report {
    agree: usize,
    pending: Vec<String>,
    deviations: Vec<String>,
    failures: Vec<String>,
}

fn check_file(name: &str, listed: &BTreeSet<String>) -> Report {
    let ev = Evaluator::default();
    let mut r = Report {
        agree: 0,
        pending: Vec::new(),
        deviations: Vec::new(),
        failures: Vec::new(),
    };
    for (input, want) in load(name) {
        let got = eval(&ev, &input);
        let op = input.split('\t').nth(1).unwrap_or("");
        if !is_known_op(op) {
            if got.starts_with("ERROR\tunknown op") {
                r.pending.push(input);
            } else {
                r.failures.push(format!(
                    "{input}\n    an unknown op must answer ERROR, got {}",
                    short(&got)
                ));
            }
            continue;
        }
        let is_reject_case = want.starts_with("REJECT");
        // DEVIATIONS.md's cases are rejected, not merely listed
        if listed.contains(&input) && !is_reject_case && !got.starts_with("REJECT") {
            r.failures.push(format!(
                "{input}\n    listed in DEVIATIONS.md but accepted: {}",
                short(&got)
            ));
            continue;
        }
        if got == want || (is_reject_case && got.starts_with("REJECT")) {
            r.agree += 1;
            continue;
        }
        // The TiledMMA tile rule: CuTe's semantics reproduce CuTe's line, the TV layouts leave
        // the tile, and the configuration is the README's or listed in DEVIATIONS.md.
        if got.starts_with("REJECT") && got.contains("tycute rejects this TiledMMA") {
            let f: Vec<&str> = input.split('\t').collect();
            match tile_rule_deviation(&ev, &input, &want) {
                Ok(cx) => {
                    let why = format!("{input}\n    {cx}");
                    if readme_listed(&f[2..]) || listed.contains(&input) {
                        r.agree += 1;
                    } else {
                        r.failures
                            .push(format!("not listed in DEVIATIONS.md: {why}"));
                    }
                    r.deviations.push(why);
                }
                Err(e) => r.failures.push(format!("tile rule: {input}\n    {e}")),
            }
            continue;
        }
        // A deliberate difference: the twin rejects, CuTe's own semantics give CuTe's result,
        // and the composition the strict rule refused is not A∘B.
        if got.starts_with("REJECT") && !is_reject_case {
            take_last_strict_violation();
            let _ = eval(&ev, &input);
            let violation = take_last_strict_violation();
            let cute = with_cute_semantics(|| eval(&ev, &input));
            if let Some((a, b)) = violation {
                if cute == want {
                    let rc = composition_cute(&a, &b).expect("CuTe accepts it");
                    if let Some((k, bk, want_k, got_k)) = counterexample(&a, &b, &rc) {
                        let why = format!(
                            "{input}\n    composition(A = {a}, B = {b}): CuTe gives {rc}; at k = {k}: B(k) = {bk}, \
                             A(B(k)) = {want_k}, CuTe's result gives {got_k}"
                        );
                        if listed.contains(&input) {
                            r.agree += 1;
                        } else {
                            r.failures
                                .push(format!("not listed in DEVIATIONS.md: {why}"));
                        }
                        r.deviations.push(why);
                        continue;
                    }
                    r.failures.push(format!("strict rule too strict (CuTe's result is A∘B): {input}\n    A = {a}, B = {b}"));
                    continue;
                }
            }
        }
        r.failures.push(format!(
            "{input}\n    want {}\n    got  {}",
            short(&want),
            short(&got)
        ));
    }
    r
}

fn short(s: &str) -> String {
    if s.len() > 200 {
        format!("{}...", &s[..200])
    } else {
        s.to_string()
    }
}

fn run(name: &str) {
    let listed = deviations();
    let r = check_file(name, &listed);
    let total = r.agree + r.failures.len();
    println!(
        "{name}: {}/{} agree ({} deliberate deviations); {} pending cases of ops outside the layout algebra",
        r.agree,
        total,
        r.deviations.len(),
        r.pending.len()
    );
    for p in &r.pending {
        println!("  pending: {p}");
    }
    for d in &r.deviations {
        println!("  deviation: {d}");
    }
    for f in r.failures.iter().take(40) {
        println!("  FAIL {f}");
    }
    assert!(
        r.failures.is_empty(),
        "{name}: {} of {total} cases disagree",
        r.failures.len()
    );
}

#[test]
fn algebra() {
    run("algebra.txt");
}

#[test]
fn swizzle() {
    run("swizzle.txt");
}

#[test]
fn rejects() {
    run("rejects.txt");
}

#[test]
fn atoms() {
    run("atoms.txt");
}

#[test]
fn tiled_mma() {
    run("tiled_mma.txt");
}

#[test]
fn tiled_copy() {
    run("tiled_copy.txt");
}

#[test]
fn crosswise() {
    run("crosswise.txt");
}

#[test]
fn seeds() {
    run("seeds.txt");
}
