//! Every case of `tests/vectors/{algebra,swizzle,rejects}.txt` (computed by C++ CuTe) evaluated
//! with the runtime twin.
//!
//! A case agrees when the result text is identical, or, for a `REJECT` case, when the twin
//! rejects too. The twin rejects on purpose where CuTe's result is not what the operation
//! means (`tests/vectors/README.md`, "Where tycute deliberately differs"): every such case
//! must be listed in `tests/vectors/DEVIATIONS.md` (one line each, starting with the vector's
//! input fields), and for each one this test re-derives the counterexample: CuTe's own
//! semantics (strict rule off) reproduce CuTe's printed result, and the composition the strict
//! rule refused is shown not to be `A∘B` at a concrete index.
//!
//! `rejects.txt` also holds cases of ops outside the layout algebra (copy atoms, TiledCopy,
//! TiledMMA), which the runtime twin does not implement yet: they are reported as pending and
//! must be answered `ERROR unknown op` (never a value); every case of a known op must agree.

use std::collections::BTreeSet;
use std::path::PathBuf;
use tycute_dynamic::composition::{
    composition_cute, counterexample, take_last_strict_violation, with_cute_semantics,
};
use tycute_dynamic::ops::{is_known_op, result_field, Evaluator};

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
        if got == want || (is_reject_case && got.starts_with("REJECT")) {
            r.agree += 1;
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
