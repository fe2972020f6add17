//! The two levels against each other: random static cases evaluated by the runtime twin
//! (`tycute::dynamic`) and by the type level, whose printed results must be identical.
//!
//! A fixed-seed sample of static layouts (shapes 1..8, at most 4 modes, sometimes nested) gives
//! compositions with strides in -16..16 (the strict composition rule with negative strides) and
//! complements, logical divides and products, right inverses and upcasts with strides in 0..16.
//! The runtime twin evaluates every case (`ops::result_field`, what `tycute eval` prints). The
//! cases it accepts become ONE type-level program (the generator of `tycute vectors rust`,
//! `tycute_cli::gen_rust::generate`), built in a scratch crate under the target dir
//! (`tests/common/mod.rs`, shared with `tests/static_vectors.rs`); its output must be the
//! runtime's, line by line. A case the type level refuses although the runtime accepts it is a
//! disagreement too (located from the error spans, and the rest rebuilt without it). For a sample
//! of the cases the runtime rejects, one per rule where possible, a one-case program must fail to
//! compile with an error that states the same rule (as `tests/static_vectors.rs` checks its
//! rejects).
//!
//! Any disagreement is a bug in one of the levels: the definition (for composition,
//! `i ↦ A(B(i))` on `{i < size(B) : 0 ≤ B(i) < size(A)}`) decides which.
//!
//! Run: `cargo test --test cross_level -- --nocapture` (300 accepted cases, 16 rejects, under a
//! minute cold on 2 cores). `CROSS_LEVEL_SEED=N` draws another sample, `CROSS_LEVEL_SCALE=K`
//! draws K times as many cases (accepted and rejected).

mod common;

use common::{first_line, program_values, reject_verdict, short, tail, value_of_line, Scratch};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::process::Command;
use std::time::Instant;
use tycute::dynamic::ops::{result_field, Evaluator};
use tycute_cli::gen_rust::generate;

/// Accepted cases per op (the runtime's verdict).
const ACCEPTED: &[(&str, usize)] = &[
    ("composition", 200),
    ("complement", 20),
    ("logical_divide", 20),
    ("logical_product", 20),
    ("right_inverse", 20),
    ("upcast", 20),
];

/// Rejected cases checked at the type level: one per (op, rule) first, then a second one, this
/// many in all.
const REJECTS_PER_RULE: usize = 2;
const REJECTS: usize = 16;

/// The rule a runtime rejection names (a substring of its message) and the words the type
/// level's error must state for it (its `on_unimplemented` message).
const RULES: &[(&str, &str)] = &[
    ("strict rule 1", "a negative stride of B steps over a mode of A"),
    ("strict rule 2", "a leaf of B takes part of a mode of A and continues into the next mode"),
    ("strict rule 3", "B's leaves overlap inside a mode of A"),
    ("strict rule 4", "B places a negative digit in a mode of A below a positive digit"),
    ("Stride Divisibility Condition", "stride divisibility condition"),
    ("Shape Divisibility Condition", "shape divisibility condition"),
    ("Non-injective Layout detected in complement", "Non-injective Layout detected in complement"),
    ("Divisibility condition: stride", "upcast: Divisibility condition"),
];

// ---------------------------------------------------------------------------------------------
// The sample

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// A random static layout in CuTe's print syntax: 1..=4 modes, shapes 1..8, strides in
/// `lo..=hi`; a quarter of them group two adjacent modes into a nested mode, and a one-mode
/// layout is printed either as an integer layout `_s:_d` or as `(_s):(_d)`.
fn layout(rng: &mut Rng, lo: i64, hi: i64) -> String {
    let r = rng.int(1, 4) as usize;
    let modes: Vec<(i64, i64)> = (0..r).map(|_| (rng.int(1, 8), rng.int(lo, hi))).collect();
    if r == 1 && rng.int(0, 1) == 0 {
        return format!("_{}:_{}", modes[0].0, modes[0].1);
    }
    let group = (r >= 2 && rng.int(0, 3) == 0).then(|| rng.int(0, r as i64 - 2) as usize);
    let text = |f: &dyn Fn(&(i64, i64)) -> i64| {
        let mut s = String::from("(");
        let mut k = 0;
        while k < r {
            if k > 0 {
                s.push(',');
            }
            if group == Some(k) {
                let _ = write!(s, "(_{},_{})", f(&modes[k]), f(&modes[k + 1]));
                k += 2;
            } else {
                let _ = write!(s, "_{}", f(&modes[k]));
                k += 1;
            }
        }
        s.push(')');
        s
    };
    format!("{}:{}", text(&|m| m.0), text(&|m| m.1))
}

/// The input fields of a random case of `op` (category `algebra`, as in the vector files).
fn case(rng: &mut Rng, op: &str) -> String {
    let args = match op {
        "composition" => vec![layout(rng, -16, 16), layout(rng, -16, 16)],
        "complement" if rng.int(0, 1) == 0 => vec![layout(rng, 0, 16)],
        "complement" => vec![layout(rng, 0, 16), format!("_{}", rng.int(1, 128))],
        "logical_divide" | "logical_product" => vec![layout(rng, 0, 16), layout(rng, 0, 16)],
        "right_inverse" => vec![layout(rng, 0, 16)],
        "upcast" => vec![["2", "4"][rng.int(0, 1) as usize].to_string(), layout(rng, 0, 16)],
        _ => unreachable!("{op}"),
    };
    format!("algebra\t{op}\t{}", args.join("\t"))
}

struct Sample {
    /// (input fields, the runtime's result) of the accepted cases.
    accepted: Vec<(String, String)>,
    /// (input fields, the runtime's message, the rule it names) of the rejected sample.
    rejected: Vec<(String, String, String)>,
    /// op → (cases drawn, accepted, rejected) by the runtime.
    drawn: BTreeMap<&'static str, (usize, usize, usize)>,
}

fn sample(seed: u64, scale: usize) -> Sample {
    let ev = Evaluator::default();
    let mut rng = Rng(seed);
    let mut s = Sample { accepted: Vec::new(), rejected: Vec::new(), drawn: BTreeMap::new() };
    // every rejection seen, by rule (in order), to pick the sample from
    let mut pool: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for &(op, want) in ACCEPTED {
        let want = want * scale;
        let mut seen = std::collections::HashSet::new();
        let d = s.drawn.entry(op).or_default();
        let mut accepted = 0;
        for _ in 0..100 * want {
            if accepted == want {
                break;
            }
            let input = case(&mut rng, op);
            if !seen.insert(input.clone()) {
                continue;
            }
            let f: Vec<&str> = input.split('\t').collect();
            let got = result_field(&ev, f[1], &f[2..]);
            d.0 += 1;
            if let Some(msg) = got.strip_prefix("REJECT\t") {
                d.2 += 1;
                let rule = RULES.iter().find(|(k, _)| msg.contains(k)).map_or("(other)", |r| r.0);
                pool.entry(format!("{op}: {rule}")).or_default().push((input, msg.to_string()));
            } else {
                assert!(!got.starts_with("ERROR"), "{input}: {got}");
                d.1 += 1;
                accepted += 1;
                s.accepted.push((input, got));
            }
        }
    }
    // the rejected sample: round robin over the rules, so that every rule is represented
    for round in 0..REJECTS_PER_RULE * scale {
        for (key, v) in &pool {
            if s.rejected.len() < REJECTS * scale {
                if let Some((input, msg)) = v.get(round) {
                    s.rejected.push((input.clone(), msg.clone(), key.clone()));
                }
            }
        }
    }
    s
}

/// The words the type level's error must state for a runtime rejection (empty: any rule).
fn rule_words(msg: &str) -> &'static str {
    RULES.iter().find(|(k, _)| msg.contains(k)).map_or("", |r| r.1)
}

// ---------------------------------------------------------------------------------------------
// The test

#[test]
fn cross_level() {
    let t0 = Instant::now();
    let seed = std::env::var("CROSS_LEVEL_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x7c_u64);
    let scale = std::env::var("CROSS_LEVEL_SCALE").ok().and_then(|v| v.parse().ok()).unwrap_or(1usize).max(1);
    let s = sample(seed, scale);
    let mut out = String::new();
    let _ = writeln!(out, "\n== cross-level (runtime twin vs type level), seed {seed:#x} ==");
    for (op, (n, a, r)) in &s.drawn {
        let _ = writeln!(out, "{op:<16} drawn {n:>5}  runtime accepts {a:>4}  rejects {r:>5}");
    }

    let mut scratch = Scratch::new("cross-level");
    let mut cases: Vec<usize> = (0..s.accepted.len()).collect();
    let program = |idx: &[usize]| {
        let input: String = idx.iter().map(|&i| format!("{}\n", s.accepted[i].0)).collect();
        generate(&input).expect("the generator translates every static case")
    };
    scratch.add("accept", program(&cases));
    for (k, (input, _, _)) in s.rejected.iter().enumerate() {
        scratch.add(&format!("reject_{k:02}"), generate(input).expect("the generator translates every static case"));
    }

    // build; the accepted program is rebuilt without the cases the type level refuses
    let mut failures: Vec<String> = Vec::new();
    let mut reject_errors: HashMap<String, Vec<String>> = HashMap::new();
    let mut exe = None;
    let mut builds = Vec::new();
    for round in 0..2 {
        let t = Instant::now();
        let result = scratch.build(round == 0);
        builds.push(t.elapsed().as_secs_f64());
        assert!(
            !(result.dependency_failed || result.built.is_empty() && result.errors.is_empty()),
            "cargo build in the scratch crate {} failed outside the generated programs:\n{}",
            scratch.dir.display(),
            tail(&result.other, 80)
        );
        if round == 0 {
            for k in 0..s.rejected.len() {
                let name = format!("reject_{k:02}");
                if !result.built.contains_key(&name) {
                    let e = result.errors.get(&name).cloned().unwrap_or_else(|| vec![tail(&result.other, 20)]);
                    reject_errors.insert(name, e);
                }
            }
        }
        if let Some(e) = result.built.get("accept") {
            exe = Some(e.clone());
            break;
        }
        // which cases the errors point at: `type Tn = ..` lines → their values → the cases
        let src = &scratch.bins.iter().find(|(n, _)| n == "accept").expect("accept program").1;
        let values = program_values(src);
        let errs = result.errors.get("accept").cloned().unwrap_or_default();
        let mut bad: HashMap<String, String> = HashMap::new();
        for &(l, k) in result.error_lines.get("accept").into_iter().flatten() {
            if let Some(v) = value_of_line(src, l).and_then(|t| values.get(&t)) {
                bad.entry(v.clone()).or_insert_with(|| errs[k].clone());
            }
        }
        let value_of = |i: usize| {
            let p = generate(&s.accepted[i].0).expect("translated above");
            program_values(&p).get("T0").cloned().unwrap_or_default()
        };
        let (refused, kept): (Vec<usize>, Vec<usize>) = cases.iter().partition(|&&i| bad.contains_key(&value_of(i)));
        if refused.is_empty() || round == 1 {
            panic!(
                "the accepted cases' program does not build, and the errors point at no case:\n{}",
                short(&errs.first().cloned().unwrap_or_else(|| tail(&result.other, 40)), 3000)
            );
        }
        for &i in &refused {
            failures.push(format!(
                "the runtime accepts, the type level rejects: {}\n        runtime: {}\n        type level: {}",
                s.accepted[i].0,
                short(&s.accepted[i].1, 300),
                short(first_line(&bad[&value_of(i)]), 400)
            ));
        }
        cases = kept;
        scratch.bins = vec![("accept".to_string(), program(&cases))];
    }

    // run the accepted program and compare
    let exe = exe.expect("built");
    let run = Command::new(&exe).output().expect("run the generated program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let got: HashMap<&str, &str> = stdout.lines().filter_map(|l| l.split_once("\t=>\t")).collect();
    let mut per_op: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for &i in &cases {
        let (input, want) = &s.accepted[i];
        let op = input.split('\t').nth(1).unwrap_or("").to_string();
        let e = per_op.entry(op).or_default();
        match got.get(input.as_str()) {
            Some(r) if r == want => e.0 += 1,
            other => {
                e.1 += 1;
                failures.push(format!(
                    "different results: {input}\n        runtime:    {want}\n        type level: {}",
                    other.copied().unwrap_or("(missing)")
                ));
            }
        }
    }
    let _ = writeln!(out, "\naccepted by the runtime, compared with the type level's output:");
    for (op, (ok, bad)) in &per_op {
        let _ = writeln!(out, "  {op:<16} identical {ok:>4}  different {bad:>3}");
    }

    // rejects: each one-case program must fail to compile, stating the runtime's rule
    let _ = writeln!(out, "\nrejected by the runtime (one-case programs must fail to compile, stating the rule):");
    for (k, (input, msg, key)) in s.rejected.iter().enumerate() {
        let name = format!("reject_{k:02}");
        let rule = rule_words(msg);
        let verdict = match reject_errors.get(&name) {
            None => Err("accepted: the one-case program compiled".to_string()),
            Some(errs) => reject_verdict(errs, rule),
        };
        match verdict {
            Ok(head) => {
                let _ = writeln!(out, "  ok   [{key}] {input}\n         {}", short(&head, 200));
            }
            Err(e) => {
                let _ = writeln!(out, "  FAIL [{key}] {input}\n         {e}");
                failures.push(format!(
                    "the runtime rejects ({}), the type level: {e}: {input}",
                    short(msg, 200)
                ));
            }
        }
    }
    let _ = writeln!(
        out,
        "\n{} accepted cases compared, {} rejects checked; cargo build {} ; total {:.1}s",
        cases.len(),
        s.rejected.len(),
        builds.iter().map(|b| format!("{b:.1}s")).collect::<Vec<_>>().join(" + "),
        t0.elapsed().as_secs_f64()
    );
    println!("{out}");
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between the runtime twin and the type level:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
