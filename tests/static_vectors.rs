//! The vectors of `tests/vectors/` evaluated at the **type level**.
//!
//! For each category in [`CATEGORIES`] this selects the static cases (check-vectors.py's
//! `has_dynamic` rule), generates the type-level program with `tycute vectors rust` (the generator
//! `tycute_vectors::gen_rust` of the harness crate, a dev-dependency), builds it in a scratch
//! crate under `<target>/static-vectors/` (its own `[workspace]`, dependency `tycute = { path = .. }`, one
//! target dir shared by every program and by `tests/cross_level.rs`, so `tycute` is built once;
//! the scratch crate's code is in `tests/common/mod.rs`) and compares every output line
//! with the vector file. Every expected reject (a `REJECT` line of a supported op, the README's
//! deliberate differences [`UNSOUND`], and the cases listed in `tests/vectors/DEVIATIONS.md`) must
//! fail to compile with an error that states the rule (CuTe's message, or [`RULE_OVERRIDES`]) on
//! its own lines: the rejects of a category are batched, [`REJECT_VALUES_PER_PROGRAM`] values to
//! a program, and a value the batch shows no error for is rebuilt alone.
//!
//! All programs are bins of the one scratch crate, the costliest first ([`cost`]), built as many
//! at once as there are cores
//! (`tests/common/mod.rs`: rustc against the test's own `tycute`, else the crate's
//! `cargo build --keep-going`); a reject program fails in type checking, before
//! code generation, which is what `cargo check` does. An op whose cases break the build is
//! located from the error spans (one `type Tn` line per value), its failing cases are reported and
//! the rest of the category is rebuilt without them.
//!
//! Ops still being written are listed in [`PENDING_OPS`]: their cases are counted and reported as
//! pending, not built, not failed. The lead removes ops from the list as they land.
//!
//! Environment knobs:
//! * `STATIC_VECTORS_OPS=coalesce,composition` — only these ops (plus `table:` lines);
//! * `STATIC_VECTORS_PENDING=1` — also build the pending ops' cases (in separate programs, so a
//!   missing op cannot break the others) and report which of them would already pass;
//! * `STATIC_VECTORS_SHOW=N` — print up to N mismatches per op (default 3).
//! * `STATIC_VECTORS_FULL=1` — every static case of every category. Without it, the accepted
//!   cases of the categories in [`SAMPLED`] are a fixed sample (the configurations whose key
//!   hashes to 0 mod [`SAMPLE_EVERY`], twice that for TiledCopy: a TiledMMA or TiledCopy costs its trait solving once per
//!   configuration, so the sample keeps whole configurations), and their expected rejects one
//!   value in [`REJECT_SAMPLE_EVERY`] with every (op, rule) pair at least once, which keeps the
//!   cold CI run within its 12 minutes on 2 cores; the other categories' rejects are all checked. The full run
//!   takes about 7 minutes more (docs/perf-history.md) and is what `docs/testing.md` asks for before a
//!   change to the tiled layer lands.
//!
//! Run: `cargo test --test static_vectors -- --nocapture`.

/// Ops whose type-level alias has not landed yet: reported as pending, never failed. Shrink this
/// as ops land. An entry is `op` (every category) or `category/op`; an op matches with and
/// without its `<..>` template arguments (`recast_layout` covers `recast_layout<uint8_t,half_t>`).
const PENDING_OPS: &[&str] = &[
];

/// Individual cases that are pending for a reason other than their op: (category or `*`,
/// substring of the input line, reason).
const PENDING_CASES: &[(&str, &str, &str)] = &[
];

/// Categories whose accepted cases are sampled by configuration unless `STATIC_VECTORS_FULL=1`.
const SAMPLED: &[&str] = &["tiled_mma", "tiled_copy"];
/// One configuration in this many is built by default: a TiledMMA's in 8, a TiledCopy's (whose
/// three programs were 69 s of the 185 s of CPU this test took alone) in 16.
const SAMPLE_EVERY: u64 = 8;
/// [`SAMPLE_EVERY`] of category `cat`.
fn sample_every(cat: &str) -> u64 {
    if cat == "tiled_copy" {
        2 * SAMPLE_EVERY
    } else {
        SAMPLE_EVERY
    }
}
/// The expected rejects of the [`SAMPLED`] categories: one value in this many (by its hash), and
/// at least one value of each (op, rule) pair, unless `STATIC_VECTORS_FULL=1`. Each rejected
/// TiledMMA costs about 0.25 s of CPU in its own error: all 428 were 103 s of the cold CI run;
/// one in 8 and every pair (72 values) is 14.8 s of rustc wall where one in 3 (164 values) was
/// 37.6 (2026-11-28, alone on 2 cores: the test's program rounds 83.3 -> 65.9 s).
const REJECT_SAMPLE_EVERY: u64 = 8;

/// The configuration a case belongs to: its atoms (the leading arguments that are
/// not CuTe values) and the two values after them (thread layout and permutation or value
/// layout), so that every case of a TiledMMA or TiledCopy is sampled together.
fn config_key(c: &Case) -> String {
    let f: Vec<&str> = c.input.split('\t').collect();
    let args = &f[2.min(f.len())..];
    let atoms = args.iter().take_while(|a| !a.starts_with('(') && !a.starts_with('_') && !a.contains('=')).count();
    let end = (atoms + 2).min(args.len());
    args[..end].join("\t")
}

/// FNV-1a, so the sample is the same on every machine and every run.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3))
}

/// Categories whose lines carry configuration labels rather than CuTe values (all static).
const LABELLED: &[&str] = &["seeds", "crosswise"];

/// The categories checked here (files `tests/vectors/<name>.txt`).
const CATEGORIES: &[&str] = &["algebra", "swizzle", "atoms", "tiled_mma", "tiled_copy", "rejects", "seeds", "crosswise"];

/// check-vectors.py's `UNSOUND` patterns (the README's "Where tycute deliberately differs"): the
/// case must be rejected although CuTe prints a result. `Composition(a, b)` is
/// `\t(table:)?composition\tA\tB$`; `TiledMma(atom, layout, tile)` is
/// `^tiled_mma\t[^\t]+\tATOM\tLAYOUT\tTILE(\t|$)`.
const UNSOUND: &[Unsound] = &[
    Unsound::Composition("(_12,_8):(_8,_1)", "(_8,_2):(_1,_8)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_2):(_1,_2,_4)", "(_,_,_)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_2):(_1,_2,_4)", "(_32,(_8,_4,_2):(_1,_16,_8),_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_2):(_1,_2,_4)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_1,_1):(_1,_0,_0)", "(_32,(_8,_4,_2):(_1,_16,_8),_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_1,_1):(_1,_0,_0)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_2,_1):(_1,_4,_0)", "(_32,(_8,_4,_2):(_1,_16,_8),_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_2,_1):(_1,_4,_0)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_2,_1):(_2,_1,_0)", "(_32,(_8,_4,_2):(_1,_16,_8),_16)"),
    Unsound::TiledMma("SM80_16x8x16_F16F16F16F16_TN", "(_4,_2,_1):(_2,_1,_0)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x16_F32F16F16F32_TN", "(_4,_2,_1):(_1,_4,_0)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x8_F16F16F16F16_TN", "(_4,_2,_1):(_1,_4,_0)", "(_32,_32,_16)"),
    Unsound::TiledMma("SM80_16x8x8_F32TF32TF32F32_TN", "(_4,_2,_1):(_1,_4,_0)", "(_32,_32,_16)"),
];

/// The rule text a rejection must state, where tycute words it differently from CuTe's
/// `static_assert` message: (category or `*`, CuTe's message after `static assertion failed: `
/// or `UNSOUND` for the deliberate differences of [`UNSOUND`] and `tests/vectors/DEVIATIONS.md`,
/// substrings expected in tycute's error message or label separated by ` | ` (any one will do),
/// compared case-insensitively). The first matching row counts.
const RULE_OVERRIDES: &[(&str, &str, &str)] = &[
    // the TiledMMA tile rule (crates/tycute-tiled/src/mma/tiled_mma.rs): M/N/K tile, K groups,
    // permutation in its tile
    ("tiled_mma", "UNSOUND", "index past the tile | maps the later groups past the C tile"),
    // the strict composition rule
    ("*", "UNSOUND", "would not be A∘B"),
];

use tycute_vectors::gen_rust;

mod common;

use common::{
    is_word, json, program_values, reject_verdict, short, tail, value_of_line, Scratch,
};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

enum Unsound {
    Composition(&'static str, &'static str),
    TiledMma(&'static str, &'static str, &'static str),
}

fn unsound(input: &str) -> bool {
    let f: Vec<&str> = input.split('\t').collect();
    UNSOUND.iter().any(|u| match *u {
        Unsound::Composition(a, b) => {
            f.len() >= 4
                && matches!(f[f.len() - 3], "composition" | "table:composition")
                && f[f.len() - 2] == a
                && f[f.len() - 1] == b
        }
        Unsound::TiledMma(atom, layout, tile) => {
            f.len() >= 5 && f[0] == "tiled_mma" && !f[1].is_empty() && f[2] == atom && f[3] == layout && f[4] == tile
        }
    })
}

// ---------------------------------------------------------------------------------------------
// check-vectors.py's `has_dynamic`, without regexes

/// `re.sub(r'<[^<>]*>', '', s)`: one left-to-right pass removing innermost `<...>` groups.
fn strip_angles(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'<' {
            if let Some(len) = b[i + 1..].iter().position(|&c| c == b'<' || c == b'>') {
                if b[i + 1 + len] == b'>' {
                    i += len + 2;
                    continue;
                }
            }
        }
        out.push(b[i] as char);
        i += 1;
    }
    out
}

/// `re.sub(r'\w*\d\w*=\d+', '', s)` (labels such as `thr=37`, `lane=3`).
fn strip_assignments(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let mut j = i;
        while j < b.len() && is_word(b[j]) {
            j += 1;
        }
        let matched = j < b.len()
            && b[j] == b'='
            && b[i..j].iter().any(u8::is_ascii_digit)
            && j + 1 < b.len()
            && b[j + 1].is_ascii_digit();
        if matched {
            let mut e = j + 1;
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            i = e;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// check-vectors.py's `has_dynamic`: a plain (non-`_`) integer in the arguments.
fn has_dynamic(input: &str) -> bool {
    let f: Vec<&str> = input.split('\t').collect();
    let mut args: &[&str] = if f.len() > 2 { &f[2..] } else { &[] };
    let op = f.get(1).copied().unwrap_or("");
    let op = op.rsplit("table:").next().unwrap_or(op);
    if matches!(op, "upcast" | "downcast") && !args.is_empty() {
        args = &args[1..]; // the template parameter N is a plain label
    }
    let text = strip_assignments(&strip_angles(&args.join("\t")));
    let b = text.as_bytes();
    (0..b.len()).any(|p| {
        (p == 0 || matches!(b[p - 1], b'(' | b',' | b':' | b'\t'))
            && (b[p].is_ascii_digit() || (b[p] == b'-' && p + 1 < b.len() && b[p + 1].is_ascii_digit()))
    })
}

// ---------------------------------------------------------------------------------------------
// Cases

struct Case {
    line: usize,
    input: String,
    expected: String,
    /// The op without `table:`.
    op: String,
    /// Listed in `tests/vectors/DEVIATIONS.md`: tycute rejects what CuTe computes.
    deviation: bool,
}

/// The input lines of the ```` ```vectors ```` block of `tests/vectors/DEVIATIONS.md`: cases where
/// tycute's rules (the strict composition rule) reject what C++ CuTe computes, each with its
/// counterexample there.
fn deviations(dir: &Path) -> std::collections::HashSet<String> {
    let text = std::fs::read_to_string(dir.join("DEVIATIONS.md")).unwrap_or_default();
    let mut set = std::collections::HashSet::new();
    let mut inside = false;
    for l in text.lines() {
        if l.trim_start().starts_with("```") {
            inside = l.trim() == "```vectors";
            continue;
        }
        if inside && !l.trim().is_empty() {
            let f: Vec<&str> = l.split('\t').collect();
            let end = f.iter().position(|x| *x == "=>").unwrap_or(f.len());
            set.insert(f[..end].join("\t"));
        }
    }
    set
}

impl Case {
    fn expects_reject(&self) -> bool {
        self.expected.starts_with("REJECT") || unsound(&self.input) || self.deviation
    }
    /// The rule text the rejection must state (empty: CuTe gives none; any compile error will do;
    /// alternatives separated by ` | `).
    fn rule(&self, cat: &str) -> String {
        let cute = if unsound(&self.input) || self.deviation {
            "UNSOUND".to_string()
        } else {
            let m = self.expected.trim_start_matches("REJECT").trim();
            let m = m.strip_prefix("static assertion failed").unwrap_or(m);
            let m = m.trim_start_matches(':').trim();
            m.strip_prefix("error:").unwrap_or(m).trim().to_string()
        };
        match RULE_OVERRIDES.iter().find(|(c, k, _)| (*c == "*" || *c == cat) && *k == cute) {
            Some((_, _, v)) => v.to_string(),
            None if cute == "UNSOUND" => String::new(),
            None => cute,
        }
    }
    /// (category, op, args) without `table:`: the value this case prints.
    fn value_key(&self) -> String {
        self.input.replacen("\ttable:", "\t", 1)
    }
}

fn load(dir: &Path, cat: &str, deviations: &std::collections::HashSet<String>) -> Vec<Case> {
    let path = dir.join(format!("{cat}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.trim_end_matches('\r').split('\t').collect();
        let Some(a) = f.iter().position(|x| *x == "=>") else { continue };
        if a < 2 {
            continue;
        }
        let input = f[..a].join("\t");
        cases.push(Case {
            line: n + 1,
            deviation: deviations.contains(&input),
            input,
            expected: f[a + 1..].join("\t"),
            op: f[1].strip_prefix("table:").unwrap_or(f[1]).to_string(),
        });
    }
    cases
}

fn pending_reason(cat: &str, c: &Case) -> Option<String> {
    if let Some((_, _, r)) = PENDING_CASES.iter().find(|(k, s, _)| (*k == "*" || *k == cat) && c.input.contains(s)) {
        return Some(r.to_string());
    }
    let base = c.op.split('<').next().unwrap_or(&c.op);
    PENDING_OPS
        .iter()
        .any(|p| {
            let (pc, po) = p.split_once('/').unwrap_or((cat, p));
            pc == cat && (po == c.op || po == base)
        })
        .then(|| "op pending".into())
}

// ---------------------------------------------------------------------------------------------
// Outcomes and the report

#[derive(Default, Clone, Copy)]
struct Count {
    pass: usize,
    fail: usize,
    pending: usize,
}

#[derive(Default)]
struct Report {
    /// (category, op) → counts.
    counts: BTreeMap<(String, String), Count>,
    /// (category, op) → failure details.
    failures: BTreeMap<(String, String), Vec<String>>,
    notes: Vec<String>,
    /// Pending cases that were built on request and would pass / fail: (category, op) → (pass, fail).
    pending_probe: BTreeMap<(String, String), (usize, usize)>,
    probe_failures: BTreeMap<(String, String), Vec<String>>,
}

impl Report {
    fn count(&mut self, cat: &str, op: &str) -> &mut Count {
        self.counts.entry((cat.to_string(), op.to_string())).or_default()
    }
    /// A built case's outcome; `probe`: a pending op's case built on request (not failed).
    fn outcome(&mut self, cat: &str, c: &Case, probe: bool, verdict: Result<(), String>) {
        if !probe {
            return match verdict {
                Ok(()) => self.pass(cat, c),
                Err(why) => self.fail(cat, c, why),
            };
        }
        let key = (cat.to_string(), c.op.clone());
        let e = self.pending_probe.entry(key.clone()).or_default();
        match verdict {
            Ok(()) => e.0 += 1,
            Err(why) => {
                e.1 += 1;
                self.probe_failures
                    .entry(key)
                    .or_default()
                    .push(format!("{cat}.txt:{}: {}\n        {why}", c.line, c.input));
            }
        }
    }
    fn pass(&mut self, cat: &str, c: &Case) {
        self.count(cat, &c.op).pass += 1;
    }
    fn fail(&mut self, cat: &str, c: &Case, why: String) {
        self.count(cat, &c.op).fail += 1;
        self.failures
            .entry((cat.to_string(), c.op.clone()))
            .or_default()
            .push(format!("{cat}.txt:{}: {}\n        {why}", c.line, c.input));
    }
}

// ---------------------------------------------------------------------------------------------
// The test

/// A program over some accepted cases of one category.
struct Program {
    cat: String,
    name: String,
    cases: Vec<usize>, // indices into the category's cases
    source: String,
    probe: bool, // pending cases built on request
    /// Generated with every value in one body (faster; see `gen_rust::Bodies`). A failing
    /// one-body program is regenerated with one body per value to find the failing cases.
    one_body: bool,
}

/// A program over expected rejects of one category: one value per group (a main line and its
/// `table:` line), each on its own lines, so that every rejected value gets its own errors.
struct RejectProgram {
    cat: String,
    name: String,
    /// Indices of the groups (into `reject_groups`) it decides.
    groups: Vec<usize>,
    source: String,
}

/// Accepted values per program: a category with more is split into several programs (in file
/// order, so that the cases of one TiledMMA/TiledCopy configuration stay together and share the
/// trait solver's work), which build in parallel.
const VALUES_PER_PROGRAM: usize = 400;
/// The same for the [`SAMPLED`] categories, whose values cost far more each (a TiledCopy's
/// derivation): smaller programs, so that the two cores share them evenly (one program of all
/// 107 tiled_copy values was the build's long pole).
const TILED_VALUES_PER_PROGRAM: usize = 40;

/// Rejected values per program. Every rejected value costs its own error (a TiledMMA's rejects
/// about 0.25 s of CPU each): the 428 of tiled_mma in one program were 103 s, the build's long pole.
const REJECT_VALUES_PER_PROGRAM: usize = 110;

/// A program's estimated build time in CPU seconds (measured per value on this project's 2-core CI
/// machine, 2026-11-27: `Scratch` reports each program's time), to start the costliest first.
fn cost(cat: &str, reject: bool, values: usize) -> f64 {
    let per_value = match (cat, reject) {
        ("tiled_mma", true) => 0.25,
        ("tiled_copy", false) => 0.75,
        ("tiled_mma", false) => 0.12,
        (_, true) => 0.1,
        ("atoms", false) | ("seeds", false) => 0.03,
        _ => 0.025,
    };
    1.0 + per_value * values as f64
}

/// Splits `idx` (in file order) into runs of at most `max` distinct values; a value's lines
/// (its main line and its `table:` line) stay in one run.
fn chunks(cases: &[Case], idx: &[usize], max: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut seen: std::collections::HashSet<String> = Default::default();
    let mut cur: Vec<usize> = Vec::new();
    let mut where_: HashMap<String, usize> = HashMap::new(); // value -> chunk (for a table: line far from its main line)
    for &i in idx {
        let key = cases[i].value_key();
        if let Some(&k) = where_.get(&key) {
            if k < out.len() {
                out[k].push(i);
            } else {
                cur.push(i);
            }
            continue;
        }
        if seen.len() >= max {
            out.push(std::mem::take(&mut cur));
            seen.clear();
        }
        seen.insert(key.clone());
        where_.insert(key, out.len());
        cur.push(i);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn static_vectors() {
    let t0 = Instant::now();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("vectors");
    let only: Option<Vec<String>> = std::env::var("STATIC_VECTORS_OPS")
        .ok()
        .map(|s| s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect());
    let only_cats: Option<Vec<String>> = std::env::var("STATIC_VECTORS_CATEGORIES")
        .ok()
        .map(|s| s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect());
    let probe_pending = std::env::var("STATIC_VECTORS_PENDING").is_ok_and(|v| v != "0" && !v.is_empty());
    let full = std::env::var("STATIC_VECTORS_FULL").is_ok_and(|v| v != "0" && !v.is_empty());
    let show: usize = std::env::var("STATIC_VECTORS_SHOW").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let per_program: usize =
        std::env::var("STATIC_VECTORS_VALUES").ok().and_then(|v| v.parse().ok()).unwrap_or(VALUES_PER_PROGRAM);

    let deviations = deviations(&dir);
    let mut report = Report::default();
    let mut all: HashMap<String, Vec<Case>> = HashMap::new();
    let mut programs: Vec<Program> = Vec::new();
    // (category, indices of the cases one rejected value decides: a main line and its table: line)
    let mut reject_groups: Vec<(String, Vec<usize>)> = Vec::new();
    let mut reject_programs: Vec<RejectProgram> = Vec::new();
    let mut scratch = Scratch::new("static-vectors");

    for &cat in CATEGORIES {
        if only_cats.as_ref().is_some_and(|o| !o.iter().any(|c| c == cat)) {
            continue;
        }
        let cases = load(&dir, cat, &deviations);
        let mut accept: Vec<usize> = Vec::new();
        let mut probe: Vec<usize> = Vec::new();
        let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut dynamic = 0;
        let mut unsampled = 0;
        let mut unsampled_rejects = 0;
        // (op, rule) of the rejects kept so far: the sample keeps at least one value of each
        let mut rules_seen: std::collections::HashSet<(String, String)> = Default::default();
        for (i, c) in cases.iter().enumerate() {
            // check-vectors.py's rule, except for the labels of the seed and crosswise lines: a
            // `1x1x1` or an iterator's `<..,1,32,1>` holds no run-time value, so every line the
            // generator translates is built
            let runtime_only = if LABELLED.contains(&cat) {
                gen_rust::generate(&c.input).is_err()
            } else {
                has_dynamic(&c.input)
            };
            if runtime_only {
                dynamic += 1;
                continue;
            }
            if let Some(only) = &only {
                if !only.iter().any(|o| *o == c.op || *o == c.op.split('<').next().unwrap_or("")) {
                    continue;
                }
            }
            if let Some(why) = pending_reason(cat, c) {
                report.count(cat, &c.op).pending += 1;
                if probe_pending && !c.expects_reject() && why == "op pending" {
                    probe.push(i);
                }
                continue;
            }
            // The generator must translate every static case.
            if let Err(e) = gen_rust::generate(&c.input) {
                report.fail(cat, c, format!("generator: {e}"));
                continue;
            }
            if c.expects_reject() {
                let key = c.value_key();
                let rule = (c.op.clone(), c.rule(cat));
                let keep = full
                    || !SAMPLED.contains(&cat)
                    || groups.contains_key(&key)
                    || fnv(&key) % REJECT_SAMPLE_EVERY == 0
                    || !rules_seen.contains(&rule);
                if keep {
                    rules_seen.insert(rule);
                    groups.entry(key).or_default().push(i);
                } else {
                    unsampled_rejects += 1;
                }
            } else if full || !SAMPLED.contains(&cat) || fnv(&config_key(c)) % sample_every(cat) == 0 {
                accept.push(i);
            } else {
                unsampled += 1;
            }
        }
        report.notes.push(format!(
            "{cat}: {} cases, {} dynamic (runtime only), {} static accepted to build{}, {} static rejects to check ({} values)",
            cases.len(),
            dynamic,
            accept.len(),
            if unsampled > 0 {
                format!(" (a sample: {unsampled} more with STATIC_VECTORS_FULL=1)")
            } else {
                String::new()
            },
            groups.values().map(Vec::len).sum::<usize>(),
            groups.len(),
        ) + &if unsampled_rejects > 0 { format!(" (a sample: {unsampled_rejects} more with STATIC_VECTORS_FULL=1)") } else { String::new() });
        let max = if SAMPLED.contains(&cat) { per_program.min(TILED_VALUES_PER_PROGRAM) } else { per_program };
        let parts = chunks(&cases, &accept, max);
        let n = parts.len();
        for (k, part) in parts.into_iter().enumerate() {
            let src = program_with(&cases, &part, gen_rust::Bodies::OneBody);
            let name = if n == 1 { format!("accept_{cat}") } else { format!("accept_{cat}_{k:02}") };
            programs.push(Program { cat: cat.into(), name, cases: part, source: src, probe: false, one_body: true });
        }
        if !probe.is_empty() {
            let src = program(&cases, &probe);
            programs.push(Program {
                cat: cat.into(),
                name: format!("pending_{cat}"),
                cases: probe,
                source: src,
                probe: true,
                one_body: false,
            });
        }
        // The expected rejects of the category, one value per group, in programs of at most
        // `REJECT_VALUES_PER_PROGRAM` values.
        if !groups.is_empty() {
            let first = reject_groups.len();
            for (_, g) in groups {
                reject_groups.push((cat.to_string(), g));
            }
            let ids: Vec<usize> = (first..reject_groups.len()).collect();
            let parts: Vec<&[usize]> = ids.chunks(REJECT_VALUES_PER_PROGRAM).collect();
            let n = parts.len();
            for (k, part) in parts.into_iter().enumerate() {
                let firsts: Vec<usize> = part.iter().map(|&g| reject_groups[g].1[0]).collect();
                let name = if n == 1 { format!("reject_{cat}") } else { format!("reject_{cat}_{k:02}") };
                reject_programs.push(RejectProgram { cat: cat.into(), name, groups: part.to_vec(), source: program(&cases, &firsts) });
            }
        }
        all.insert(cat.to_string(), cases);
    }
    // The costliest programs first, so that the last one to finish is a short one (two cores
    // share them: the rejects of tiled_mma, last in line, ran alone for the final 100 s).
    let mut order: Vec<(f64, String, String)> = programs
        .iter()
        .map(|p| (cost(&p.cat, false, p.cases.len()), p.name.clone(), p.source.clone()))
        .chain(reject_programs.iter().map(|r| (cost(&r.cat, true, r.groups.len()), r.name.clone(), r.source.clone())))
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, name, source) in order {
        scratch.add(&name, source);
    }

    // Build; a program whose build fails is rebuilt without the cases its errors point at; a
    // rejected value that the batched reject program shows no error for is rebuilt alone.
    let mut done: HashMap<String, PathBuf> = HashMap::new();
    // reject group -> the errors that decide it (None: the value compiled)
    let mut reject_errors: HashMap<usize, Option<Vec<String>>> = HashMap::new();
    let mut build_secs = Vec::new();
    let mut program_secs: HashMap<String, f64> = HashMap::new();
    const ROUNDS: usize = 4;
    for round in 1..=ROUNDS {
        if scratch.bins.is_empty() {
            break; // everything selected is pending (cargo refuses a package without targets)
        }
        let t = Instant::now();
        let result = scratch.build(round == 1);
        build_secs.push(t.elapsed().as_secs_f64());
        for (name, secs) in &result.secs {
            *program_secs.entry(name.clone()).or_insert(0.0) += secs;
        }
        if result.dependency_failed || (result.built.is_empty() && result.errors.is_empty() && !scratch.bins.is_empty())
        {
            panic!(
                "the build of the scratch programs in {} failed outside the programs:\n{}",
                scratch.dir.display(),
                tail(&result.other, 80)
            );
        }
        let mut retry: Vec<(String, String)> = Vec::new();
        // rejects
        let mut singles: Vec<RejectProgram> = Vec::new();
        for r in &reject_programs {
            if !scratch.bins.iter().any(|(n, _)| *n == r.name) {
                continue;
            }
            if result.built.contains_key(&r.name) {
                for &g in &r.groups {
                    reject_errors.insert(g, None);
                }
                continue;
            }
            let errs = result.errors.get(&r.name).cloned().unwrap_or_else(|| vec![tail(&result.other, 20)]);
            if r.groups.len() == 1 {
                reject_errors.insert(r.groups[0], Some(errs));
                continue;
            }
            // the errors of each value (`type Tn`, `const Rn .. Tn`, `fn fn() ..` lines)
            let values = program_values(&r.source);
            let mut by_value: HashMap<String, Vec<String>> = HashMap::new();
            for &(l, k) in result.error_lines.get(&r.name).into_iter().flatten() {
                if let Some(v) = value_of_line(&r.source, l).and_then(|t| values.get(&t)) {
                    let e = by_value.entry(v.clone()).or_default();
                    if !e.contains(&errs[k]) {
                        e.push(errs[k].clone());
                    }
                }
            }
            let cases = &all[&r.cat];
            for &g in &r.groups {
                let c = &cases[reject_groups[g].1[0]];
                match by_value.get(&case_value(c)) {
                    Some(e) => {
                        reject_errors.insert(g, Some(e.clone()));
                    }
                    None => {
                        // no error on this value's lines (hidden behind a fatal error?): alone
                        let name = format!("reject_{}_{:03}", r.cat, g);
                        let source = gen_rust::generate(&c.input).expect("checked above");
                        singles.push(RejectProgram { cat: r.cat.clone(), name, groups: vec![g], source });
                    }
                }
            }
        }
        for r in singles {
            retry.push((r.name.clone(), r.source.clone()));
            reject_programs.push(r);
        }
        // accepted cases
        for p in programs.iter_mut() {
            if done.contains_key(&p.name) || p.cases.is_empty() {
                continue;
            }
            if let Some(exe) = result.built.get(&p.name) {
                done.insert(p.name.clone(), exe.clone());
                continue;
            }
            let cases = &all[&p.cat];
            if p.one_body {
                // find the failing values: one body per value
                p.one_body = false;
                p.source = program(cases, &p.cases);
                retry.push((p.name.clone(), p.source.clone()));
                continue;
            }
            let errs = result.errors.get(&p.name).cloned().unwrap_or_default();
            let values = program_values(&p.source);
            // the values (`type Tn = ..`, `fn fn() ..`) the errors point at → their first error
            let mut bad_values: HashMap<String, String> = HashMap::new();
            for &(l, k) in result.error_lines.get(&p.name).into_iter().flatten() {
                if let Some(v) = value_of_line(&p.source, l).and_then(|t| values.get(&t)) {
                    bad_values.entry(v.clone()).or_insert_with(|| errs[k].clone());
                }
            }
            let (bad, good): (Vec<usize>, Vec<usize>) =
                p.cases.iter().partition(|&&i| bad_values.contains_key(&case_value(&cases[i])));
            let unattributed = bad.is_empty() || round == ROUNDS;
            let failing = if unattributed { &p.cases } else { &bad };
            for &i in failing {
                let c = &cases[i];
                let why = if unattributed {
                    let msg = errs.first().cloned().unwrap_or_else(|| tail(&result.other, 20));
                    format!("program `{}` did not build: {}", p.name, short(&msg, 1500))
                } else {
                    format!("compile error: {}", short(&bad_values[&case_value(c)], 1500))
                };
                report.outcome(&p.cat, c, p.probe, Err(why));
            }
            p.cases = if unattributed { Vec::new() } else { good };
            if !p.cases.is_empty() {
                p.source = program(cases, &p.cases);
                retry.push((p.name.clone(), p.source.clone()));
            }
        }
        if retry.is_empty() {
            break;
        }
        scratch.bins = retry;
    }

    // Run the accepted programs and compare.
    let t_run = Instant::now();
    for p in &programs {
        let Some(exe) = done.get(&p.name) else { continue };
        let cases = &all[&p.cat];
        let out = Command::new(exe).output().expect("run generated program");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let mut got: HashMap<&str, Vec<&str>> = HashMap::new();
        for l in stdout.lines() {
            if let Some((inp, res)) = l.split_once("\t=>\t") {
                got.entry(inp).or_default().push(res);
            }
        }
        for lst in got.values_mut() {
            lst.reverse();
        }
        for &i in &p.cases {
            let c = &cases[i];
            let res = got.get_mut(c.input.as_str()).and_then(Vec::pop);
            let verdict = match res {
                Some(r) if r.trim() == c.expected.trim() => Ok(()),
                Some(r) => Err(format!("want {}\n        got  {}", short(&c.expected, 300), short(r, 300))),
                None => Err(format!(
                    "missing from the output (exit {:?}): {}",
                    out.status.code(),
                    short(&String::from_utf8_lossy(&out.stderr), 400)
                )),
            };
            report.outcome(&p.cat, c, p.probe, verdict);
        }
    }
    let run_secs = t_run.elapsed().as_secs_f64();

    // Rejects: must fail to compile, stating the rule.
    let mut reject_lines = Vec::new();
    for (g, (cat, idx)) in reject_groups.iter().enumerate() {
        let cases = &all[cat];
        let c = &cases[idx[0]];
        let rule = c.rule(cat);
        let verdict = match reject_errors.get(&g) {
            None => Err("not decided: its program was not built".to_string()),
            Some(None) => Err("accepted: the program compiled".to_string()),
            Some(Some(errs)) => reject_verdict(errs, &rule),
        };
        for &i in idx {
            match &verdict {
                Ok(head) => {
                    reject_lines.push(format!(
                        "  ok   {cat}.txt:{} {}\n         rule {:?}: {}",
                        cases[i].line,
                        short(&cases[i].input, 200),
                        rule,
                        short(head, 300)
                    ));
                    report.pass(cat, &cases[i]);
                }
                Err(e) => {
                    reject_lines.push(format!("  FAIL {cat}.txt:{} {}\n         {e}", cases[i].line, cases[i].input));
                    report.fail(cat, &cases[i], e.clone());
                }
            }
        }
    }
    let verbose_rejects = std::env::var("STATIC_VECTORS_REJECTS").is_ok_and(|v| v != "0" && !v.is_empty());

    // ---- report
    let mut out = String::new();
    let _ = writeln!(out, "\n== static vectors (type level) ==");
    for n in &report.notes {
        let _ = writeln!(out, "{n}");
    }
    let _ = writeln!(
        out,
        "scratch crate {} ; programs: {} accepted, {} reject ; build rounds: {} ; run {:.1}s ; total {:.1}s",
        scratch.dir.display(),
        programs.len(),
        reject_programs.len(),
        build_secs.iter().map(|s| format!("{s:.1}s")).collect::<Vec<_>>().join(" + "),
        run_secs,
        t0.elapsed().as_secs_f64()
    );
    let mut slow: Vec<(&String, &f64)> = program_secs.iter().collect();
    slow.sort_by(|a, b| b.1.total_cmp(a.1));
    let _ = writeln!(
        out,
        "slowest programs (s, rustc wall): {}",
        slow.iter().take(6).map(|(n, s)| format!("{n} {s:.1}")).collect::<Vec<_>>().join(", ")
    );
    let _ = writeln!(out, "\n{:<10} {:<46} {:>6} {:>6} {:>8}", "category", "op", "pass", "fail", "pending");
    let mut tot = Count::default();
    for ((cat, op), c) in &report.counts {
        let _ = writeln!(out, "{:<10} {:<46} {:>6} {:>6} {:>8}", cat, op, c.pass, c.fail, c.pending);
        tot.pass += c.pass;
        tot.fail += c.fail;
        tot.pending += c.pending;
    }
    let _ = writeln!(out, "{:<10} {:<46} {:>6} {:>6} {:>8}", "TOTAL", "", tot.pass, tot.fail, tot.pending);
    if !reject_lines.is_empty() {
        let failing = reject_lines.iter().filter(|l| l.starts_with("  FAIL")).count();
        let _ = writeln!(
            out,
            "\nrejects: {} cases must fail to compile, stating the rule: {} do, {} do not{}",
            reject_lines.len(),
            reject_lines.len() - failing,
            failing,
            if verbose_rejects { "" } else { " (STATIC_VECTORS_REJECTS=1 lists them all)" }
        );
        for l in &reject_lines {
            if verbose_rejects || l.starts_with("  FAIL") || l.contains("rejects.txt") {
                let _ = writeln!(out, "{l}");
            }
        }
    }
    if !report.pending_probe.is_empty() {
        let _ = writeln!(out, "\npending ops built on request (STATIC_VECTORS_PENDING): would pass / would fail");
        for ((cat, op), (p, f)) in &report.pending_probe {
            let hint = if *f == 0 { "  <- all pass: remove from PENDING_OPS" } else { "" };
            let _ = writeln!(out, "  {cat:<10} {op:<46} {p:>6} {f:>6}{hint}");
        }
    }
    if !report.probe_failures.is_empty() {
        let _ = writeln!(out, "\npending ops' failures (first {show} per op):");
        for ((cat, op), fs) in &report.probe_failures {
            let _ = writeln!(out, "  {cat} {op}: {} failing", fs.len());
            for f in fs.iter().take(show) {
                let _ = writeln!(out, "    {f}");
            }
        }
    }
    if !report.failures.is_empty() {
        let _ = writeln!(out, "\nfailures (first {show} per op; STATIC_VECTORS_SHOW=N for more):");
        for ((cat, op), fs) in &report.failures {
            let _ = writeln!(out, "  {cat} {op}: {} failing", fs.len());
            for f in fs.iter().take(show) {
                let _ = writeln!(out, "    {f}");
            }
        }
    }
    println!("{out}");
    assert!(tot.fail == 0, "{} static vector case(s) failed at the type level (see the report above)", tot.fail);
}

/// The value a case evaluates (its type, or its function body), as the generator writes it.
fn case_value(c: &Case) -> String {
    gen_rust::generate(&c.value_key())
        .ok()
        .and_then(|p| {
            let v = program_values(&p);
            v.get("T0").or(v.get("f0")).cloned()
        })
        .unwrap_or_default()
}

fn program(cases: &[Case], idx: &[usize]) -> String {
    program_with(cases, idx, gen_rust::Bodies::PerValue)
}

fn program_with(cases: &[Case], idx: &[usize], bodies: gen_rust::Bodies) -> String {
    let input: String = idx.iter().map(|&i| format!("{}\n", cases[i].input)).collect();
    gen_rust::generate_with(&input, bodies).expect("every case was translated alone")
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn has_dynamic_matches_check_vectors() {
        assert!(!has_dynamic("algebra\tcoalesce\t(_2,_4):(_1,_2)"));
        assert!(has_dynamic("algebra\tcoalesce\t(_2,4):(_1,_2)"));
        assert!(has_dynamic("rejects\tleft_inverse\t_4:2"));
        assert!(!has_dynamic("swizzle\tupcast\t2\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)"));
        assert!(!has_dynamic("swizzle\ttable:downcast\t2\t_4:_1"));
        assert!(has_dynamic("swizzle\tswizzle_table\tSw<2,3,3>\t512"));
        assert!(has_dynamic("swizzle\tswizzle_apply\tSw<2,3,3>\t-5"));
        assert!(!has_dynamic("swizzle\tswizzle_apply\tSw<2,3,3>\t_100"));
        assert!(!has_dynamic(
            "rejects\tmake_tiled_copy\tCopy_Atom<UniversalCopy<uint128_t>,half_t>\t(_32,_4):(_1,_32)"
        ));
        assert!(!has_dynamic("x\tpartition_A\t_8:_1\tthr=37"));
        assert!(!has_dynamic("x\tpartition_A\t_8:_1\tk2=3"));
        assert!(has_dynamic(
            "rejects\tmake_tiled_mma\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(32,_32,_16)"
        ));
        assert_eq!(strip_angles("Copy_Atom<UniversalCopy<uint128_t>,half_t>"), "Copy_Atom<UniversalCopy,half_t>");
    }

    #[test]
    fn unsound_patterns() {
        assert!(unsound("algebra\tcomposition\t(_12,_8):(_8,_1)\t(_8,_2):(_1,_8)"));
        assert!(unsound("algebra\ttable:composition\t(_12,_8):(_8,_1)\t(_8,_2):(_1,_8)"));
        assert!(!unsound("algebra\tcomposition\t(_12,_8):(_8,_1)\t(_8,_2):(_1,_4)"));
        assert!(unsound(
            "tiled_mma\tget_layoutC_TV\tSM80_16x8x8_F16F16F16F16_TN\t(_4,_2,_1):(_1,_4,_0)\t(_32,_32,_16)"
        ));
    }

    #[test]
    fn reject_rules() {
        let missing = "error[E0425]: cannot find type `Composition` in crate `tycute`\n --> x.rs:1:1".to_string();
        assert!(reject_verdict(&[missing], "composition").is_err());
        let plain = "error[E0277]: the trait bound `X: tycute::algebra::composition::CompositionOp<Y>` is not satisfied\n  |\n3 |   &<T0 as tycute::Reify>::REPR,\n  |     ^^ the trait `CompositionOp<Y>` is not implemented for `X`".to_string();
        assert!(reject_verdict(std::slice::from_ref(&plain), "composition").is_err());
        assert!(reject_verdict(std::slice::from_ref(&plain), "").is_ok());
        let ruled = "error[E0277]: complement: Non-injective Layout detected in complement\n  |\n3 |   &<T0 as tycute::Reify>::REPR,\n  |     ^^ a stride-0 or overlapping mode".to_string();
        assert!(reject_verdict(std::slice::from_ref(&ruled), "Non-injective Layout detected in complement.").is_ok());
        let labelled = "error[E0277]: the trait bound `B0: Check` is not satisfied\n  |\n3 |   &<T0 as tycute::Reify>::REPR,\n  |     ^^ Shape Divisibility Condition".to_string();
        assert!(reject_verdict(&[labelled], "Shape Divisibility Condition").is_ok());
        let overflow = "error[E0275]: overflow evaluating the requirement `X: Y`".to_string();
        assert!(reject_verdict(&[overflow], "").is_err());
    }

    #[test]
    fn json_reader() {
        let v = json::parse(r#"{"a":[1,{"b":"x\ty\"\u00e9"}],"c":true,"d":null}"#).unwrap();
        let b = v.get("a").unwrap().arr().unwrap()[1].get("b").unwrap().str().unwrap();
        assert_eq!(b, "x\ty\"é");
    }
}
