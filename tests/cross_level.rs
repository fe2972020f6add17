//! Level equivalence as a property: random static cases evaluated by the runtime twin
//! (`tycute::dynamic`) and by the type level must give the same text, the same index table, or a
//! rejection by the same rule.
//!
//! **The cases.** The [`FIXED`] compositions (where the lattice box decides), then a fixed-seed stream of random static layouts (1-4 modes, shapes 1..8 with
//! size-1 modes and stride-0 modes drawn on purpose, sometimes a nested mode; a quarter of them
//! swizzled, `Sw<B,M,S> o _0 o L`, a few with invalid swizzle parameters or an
//! `smem_ptr[16b](unset)` offset) and random operations on them: composition (layout ∘ layout with
//! strides in -16..16, swizzled ∘ layout, layout ∘ swizzled, swizzled ∘ swizzled, layout ∘ by-mode
//! tiler), coalesce, complement, the four divides and the six products (by layouts, integers and
//! by-mode tilers mixing `_`, integers and layouts), right and left inverses, upcast and
//! downcast, `layout<I>`, `take<B,E>` (in and out of range) and
//! `as_position_independent_swizzle_layout`. For every accepted case whose result is a layout the
//! index table is compared too (a `table:` line).
//!
//! **The runtime twin** evaluates every case (`tycute_vectors::result_field`, what `tycute eval` prints).
//! **The type level** evaluates them in batches: the accepted cases become programs of
//! [`ACCEPT_BATCH`] lines, the rejected ones programs of [`REJECT_BATCH`] values, written by the
//! generator of `tycute vectors rust` (`tycute_vectors::gen_rust::generate`) and built in a
//! scratch crate (`tests/common/mod.rs`: rustc against the test's own `tycute`, as many at once
//! as there are cores). An accepted program must
//! print the runtime's line for every case; a value it refuses is located from the error spans
//! (the program is rebuilt without it) and reported. Every rejected value must fail to compile
//! with an error that states the runtime's rule ([`RULES`]; a rejected value that shows no error
//! in its batch is rebuilt alone).
//!
//! Any disagreement is a bug in one of the levels: the definition (for composition,
//! `i ↦ A(B(i))` on `{i < size(B) : 0 ≤ B(i) < size(A)}`) decides which.
//!
//! Run: `cargo test --test cross_level -- --nocapture` (the CI sample: [`CI_CASES`] cases).
//! `CROSS_LEVEL_CASES=N` draws N cases, `CROSS_LEVEL_SEED=S` another stream; docs/testing.md
//! records the larger runs made (10^5 cases, seed 5: 0 disagreements).

mod common;

use common::{first_line, program_values, reject_verdict, short, tail, value_of_line, Scratch};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::process::Command;
use std::time::Instant;
use tycute_vectors::{result_field, Evaluator};
use tycute_vectors::gen_rust::generate;

/// Cases drawn by default (CI): about 600 lines compared and 200 rejects checked; 700 cases took
/// 108 s (scratch build, tycute included) on the 2-core machine at load 8.
const CI_CASES: usize = 500;
/// Accepted lines (main and `table:` lines) per generated program.
const ACCEPT_BATCH: usize = 1500;
/// Rejected values per generated program.
const REJECT_BATCH: usize = 250;
/// Largest table compared (elements).
const TABLE_MAX: i64 = 4096;

/// The rule a runtime rejection names (a substring of its message) and the words the type
/// level's error must state for it (its `on_unimplemented` message; alternatives separated by
/// ` | `). The first entry whose key the message contains decides.
const RULES: &[(&str, &str)] = &[
    ("strict rule 1", "a negative stride of B steps over a mode of A"),
    ("strict rule 2", "a leaf of B takes part of a mode of A and continues into the next mode"),
    ("strict rule 3", "B's leaves overlap inside a mode of A"),
    ("strict rule 4", "B places a negative digit in a mode of A below a positive digit"),
    ("Stride Divisibility Condition", "stride divisibility condition"),
    ("Shape Divisibility Condition", "shape divisibility condition"),
    ("Non-injective Layout detected in complement", "Non-injective Layout detected in complement"),
    ("upcast: Divisibility condition", "upcast: Divisibility condition"),
    ("Divisibility condition: stride", "upcast: Divisibility condition"),
    ("Downcast requires adjacent elements", "Downcast requires adjacent elements"),
    ("Left inverse divisibility condition", "Left inverse divisibility condition"),
    ("Swizzle: BBits must be positive", "Swizzle: BBits must be positive"),
    ("Swizzle: MBase must be positive", "Swizzle: MBase must be positive"),
    ("Swizzle: abs(SShift) must be more than BBits", "Swizzle: abs(SShift) must be more than BBits"),
    ("Swizzle: the masks must fit in 31 bits", "Swizzle: the masks must fit in 31 bits"),
    ("would nest composed layouts", "would nest composed layouts"),
    ("take: empty range error", "take: empty range error"),
    ("take: range out of bounds", "take: range out of bounds"),
    ("Expected smem", "as_position_independent_swizzle_layout: Expected smem"),
    ("logical_divide: Too many modes in tiler", "logical_divide: Too many modes in tiler | Mismatched ranks (the tiler has more modes"),
    ("logical_product: Too many modes in tiler", "logical_product: Too many modes in tiler | Mismatched ranks (the tiler has more modes"),
    ("the profile has more modes than the layout", "the profile has more modes than the layout"),
    ("Too many modes in tiler", "Too many modes in tiler | Mismatched ranks (the tiler has more modes | the tiler has more modes than the layout"),
    ("the tiler has more modes than the layout", "the tiler has more modes than the layout | Mismatched ranks (the tiler has more modes"),
    ("Index out of range", "Index out of range"),
    ("Mismatched ranks", "Mismatched ranks | Mismatched Ranks"),
    ("Mismatched Ranks", "Mismatched ranks | Mismatched Ranks"),
    ("Require offset == 0", "Require offset == 0"),
    ("N must be a power of two", "N must be a power of two"),
    ("static offset must be divisible by N", "the static offset must be divisible by N"),
    ("the Y and Z masks must be runs of the same number of bits", "the Y and Z masks must be runs of the same number of bits"),
    ("recast_layout: sizeof_bits<To> / sizeof_bits<From>", "recast_layout: sizeof_bits<To> / sizeof_bits<From>"),
    ("swizzle_apply: the static offset must be non-negative", "swizzle_apply: the static offset must be non-negative"),
    ("Need equal rank of shape and order", "Need equal rank of shape and order"),
];

// ---------------------------------------------------------------------------------------------
// The stream of cases

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
    /// True with probability `1/n`.
    fn one_in(&mut self, n: i64) -> bool {
        self.int(1, n) == 1
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.int(0, v.len() as i64 - 1) as usize]
    }
}

/// A random static layout in CuTe's print syntax: 1..=4 modes (at most `max_rank`), shapes 1..8
/// (a size-1 mode one time in six), strides in `lo..=hi` (a stride-0 mode one time in six); a
/// quarter of them group two adjacent modes into a nested mode, and a one-mode layout is printed
/// either as an integer layout `_s:_d` or as `(_s):(_d)`.
fn plain(rng: &mut Rng, lo: i64, hi: i64, max_rank: i64) -> String {
    let r = rng.int(1, max_rank) as usize;
    let modes: Vec<(i64, i64)> = (0..r)
        .map(|_| {
            let s = if rng.one_in(6) { 1 } else { rng.int(1, 8) };
            let d = if rng.one_in(6) { 0 } else { rng.int(lo, hi) };
            (s, d)
        })
        .collect();
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

/// A random swizzle `Sw<B,M,S>`: B in 0..3, M in 0..4, |S| in B..B+3 of either sign; one in
/// twenty breaks CuTe's `|S| >= B`.
fn swizzle(rng: &mut Rng) -> String {
    let b = rng.int(0, 3);
    let m = rng.int(0, 4);
    let mut s = rng.int(b.max(1), b + 3);
    if b > 0 && rng.one_in(20) {
        s = b - 1;
    }
    if rng.one_in(2) {
        s = -s;
    }
    format!("Sw<{b},{m},{s}>")
}

/// A plain layout, or (one in four) a swizzled one `Sw<..> o _0 o L` (one in forty of those over
/// an `smem_ptr[16b](unset)`).
fn any_layout(rng: &mut Rng, lo: i64, hi: i64) -> String {
    if rng.one_in(4) {
        let off = if rng.one_in(10) { "smem_ptr[16b](unset)" } else { "_0" };
        format!("{} o {off} o {}", swizzle(rng), plain(rng, lo.max(0), hi, 4))
    } else {
        plain(rng, lo, hi, 4)
    }
}

/// A tiler: a layout, an integer, or a by-mode tuple of `_`, integers and layouts (one in
/// twelve with one mode more than `rank`).
fn tiler(rng: &mut Rng, rank: usize) -> String {
    match rng.int(0, 3) {
        0 => plain(rng, 0, 16, 2),
        1 => format!("_{}", rng.int(1, 8)),
        _ => {
            let n = if rng.one_in(12) { rank + 1 } else { rng.int(1, rank.max(1) as i64) as usize };
            let parts: Vec<String> = (0..n)
                .map(|_| match rng.int(0, 3) {
                    0 => "_".to_string(),
                    1 => format!("_{}", rng.int(1, 8)),
                    _ => format!("_{}:_{}", rng.int(1, 8), rng.int(0, 8)),
                })
                .collect();
            format!("({})", parts.join(","))
        }
    }
}

/// The top-level rank of a layout's text (the inner layout of a composed one).
fn rank_of(l: &str) -> usize {
    let inner = l.rsplit(" o ").next().unwrap_or(l);
    let shape = inner.split(':').next().unwrap_or("");
    if !shape.starts_with('(') {
        return 1;
    }
    let (mut depth, mut n) = (0, 1);
    for c in shape.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 1 => n += 1,
            _ => {}
        }
    }
    n
}

/// The ops and their weights.
const OPS: &[(&str, i64)] = &[
    ("composition", 10),
    ("composition_tiler", 3),
    ("coalesce", 2),
    ("complement", 3),
    ("logical_divide", 4),
    ("zipped_divide", 2),
    ("tiled_divide", 2),
    ("flat_divide", 2),
    ("logical_product", 3),
    ("zipped_product", 1),
    ("tiled_product", 1),
    ("flat_product", 1),
    ("blocked_product", 2),
    ("raked_product", 2),
    ("right_inverse", 2),
    ("left_inverse", 2),
    ("upcast", 2),
    ("downcast", 2),
    ("layout", 1),
    ("take", 2),
    ("as_position_independent_swizzle_layout", 1),
];

/// A random case: `(op for the statistics, vector line fields)`.
fn case(rng: &mut Rng) -> (&'static str, String) {
    let total: i64 = OPS.iter().map(|o| o.1).sum();
    let mut k = rng.int(1, total);
    let op = OPS.iter().find(|o| {
        k -= o.1;
        k <= 0
    });
    let op = op.expect("weights").0;
    let (name, args): (String, Vec<String>) = match op {
        "composition" => match rng.int(0, 5) {
            0 => (op.into(), vec![any_layout(rng, 0, 16), any_layout(rng, 0, 16)]),
            1 => {
                let sw = format!("{} o _0 o {}", swizzle(rng), plain(rng, 0, 16, 3));
                let b = format!("{} o _0 o {}", swizzle(rng), plain(rng, 0, 16, 3));
                (op.into(), vec![sw, b])
            }
            _ => (op.into(), vec![plain(rng, -16, 16, 4), plain(rng, -16, 16, 4)]),
        },
        "composition_tiler" => {
            let a = any_layout(rng, 0, 16);
            let t = tiler(rng, rank_of(&a));
            ("composition".into(), vec![a, t])
        }
        "coalesce" => (op.into(), vec![any_layout(rng, 0, 16)]),
        "complement" if rng.one_in(2) => (op.into(), vec![plain(rng, 0, 16, 4)]),
        "complement" => (op.into(), vec![plain(rng, 0, 16, 4), format!("_{}", rng.int(1, 128))]),
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product" | "zipped_product"
        | "tiled_product" | "flat_product" => {
            let a = any_layout(rng, 0, 16);
            let t = tiler(rng, rank_of(&a));
            (op.into(), vec![a, t])
        }
        "blocked_product" | "raked_product" => (op.into(), vec![any_layout(rng, 0, 8), plain(rng, 0, 8, 3)]),
        "right_inverse" | "left_inverse" => (op.into(), vec![any_layout(rng, 0, 16)]),
        "upcast" | "downcast" => (op.into(), vec![rng.pick(&["2", "4"]).to_string(), any_layout(rng, 0, 16)]),
        "layout" => {
            let a = any_layout(rng, 0, 16);
            let i = rng.int(0, rank_of(&a) as i64 - 1);
            (format!("layout<{i}>"), vec![a])
        }
        "take" => {
            let a = any_layout(rng, 0, 16);
            let r = rank_of(&a) as i64;
            let b = rng.int(0, r);
            let e = if rng.one_in(8) { b } else if rng.one_in(8) { r + 1 } else { rng.int(b + 1, r.max(b + 1)) };
            (format!("take<{b},{e}>"), vec![a])
        }
        "as_position_independent_swizzle_layout" => {
            let a = if rng.one_in(3) {
                any_layout(rng, 0, 16)
            } else {
                format!("{} o smem_ptr[16b](unset) o {}", swizzle(rng), plain(rng, 0, 16, 3))
            };
            (op.into(), vec![a])
        }
        _ => unreachable!("{op}"),
    };
    (op, format!("algebra\t{name}\t{}", args.join("\t")))
}

/// Cases always compared, before the random ones: the compositions the lattice box accepts that
/// the linear box alone over-rejected (the smallest 20 of the 94 of
/// `composition_check over 1000000 12648430 all`, docs/testing.md), and some it still rejects
/// (rules 1-4), so that both levels are compared where the box decides.
const FIXED: &[&str] = &[
    // newly accepted (the twin's rule before: 1, 1, 1, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1, 3, 1, 1)
    "algebra\tcomposition\t(_3,_1,_1):(_1,_-1,_10)\t(_2,_2,_4):(_-6,_-13,_18)",
    "algebra\tcomposition\t(_2,_1):(_3,_-18)\t(_3,_2,_5):(_-13,_-24,_16)",
    "algebra\tcomposition\t(_2,_1):(_-19,_-1)\t((_4,_4),_2,_1):((_16,_-21),_-8,_-22)",
    "algebra\tcomposition\t((_2,_1)):((_3,_3))\t(_6,_3,_2):(_16,_-13,_-24)",
    "algebra\tcomposition\t(_4,_1):(_1,_3)\t((_2,_2),_5):((_20,_-10),_-20)",
    "algebra\tcomposition\t(_2,_1):(_-2,_11)\t(_2,_5,_1,_4):(_-21,_-24,_12,_20)",
    "algebra\tcomposition\t((_2,_1)):((_0,_6))\t((_6,_4),_2):((_-4,_4),_-1)",
    "algebra\tcomposition\t(_2,(_1,_1)):(_-2,(_4,_-12))\t(_8,_6):(_24,_-21)",
    "algebra\tcomposition\t(_2,_1):(_3,_3)\t((_1,_6),_8,_1):((_-13,_22),_-17,_-2)",
    "algebra\tcomposition\t((_2,_1),_1):((_-2,_-2),_-6)\t((_3,_8),_2):((_-13,_16),_-12)",
    "algebra\tcomposition\t(_2,(_2,_1),_1):(_10,(_-24,_8),_-21)\t(_2,(_6,_2)):(_-14,(_-20,_20))",
    "algebra\tcomposition\t(_2,_1):(_24,_5)\t((_3,_6),_3):((_-20,_24),_-21)",
    "algebra\tcomposition\t(_2,_1):(_-3,_-3)\t((_7,_8)):((_-23,_22))",
    "algebra\tcomposition\t((_1,_2),_1):((_3,_-3),_3)\t(_7,_2,(_1,_4)):(_14,_-14,(_16,_-17))",
    "algebra\tcomposition\t((_2,_1)):((_-15,_9))\t(_6,_2,_5):(_-20,_-21,_20)",
    "algebra\tcomposition\t((_2,_1)):((_-10,_-4))\t((_5,_1),_3,_4):((_-15,_-24),_20,_-20)",
    "algebra\tcomposition\t((_1,_2),_1):((_6,_-3),_-7)\t(_7,_3,_3):(_16,_-12,_-9)",
    "algebra\tcomposition\t(_2,_1):(_0,_3)\t((_2,_8),_4):((_12,_24),_-13)",
    "algebra\tcomposition\t(_3,_1):(_-19,_-6)\t(_4,_2,_6):(_-7,_24,_-24)",
    "algebra\tcomposition\t(_3,_1,_1):(_-22,_-19,_-6)\t(_8,_6):(_21,_-17)",
    // still rejected (over-rejections the lattice box leaves: rules 1, 1, 4, 1, 2, 2, 3, 3)
    "algebra\tcomposition\t(_4,_1):(_-18,_-11)\t(_3,_2,_2):(_-18,_24,_-10)",
    "algebra\tcomposition\t((_1,_2),_1):((_0,_3),_2)\t(_2,_8,_2):(_-9,_-10,_18)",
    "algebra\tcomposition\t(_2,_1):(_2,_-3)\t(_3,(_3,_2),_2):(_14,(_12,_-1),_-18)",
    "algebra\tcomposition\t(_2,_7):(_7,_0)\t((_3,_2)):((_-5,_22))",
    "algebra\tcomposition\t((_4,_1)):((_7,_14))\t((_8,_3)):((_-3,_24))",
    "algebra\tcomposition\t(_5,_3,_1):(_3,_15,_-3)\t(_6,_2):(_6,_-17)",
    "algebra\tcomposition\t(_1,_2,_1):(_1,_0,_7)\t(_2,_6,_5):(_-6,_14,_-17)",
    "algebra\tcomposition\t((_3,_1)):((_0,_15))\t(_2,_4,_8,_1):(_-5,_-23,_12,_-4)",
];

#[derive(Default)]
struct Sample {
    /// (input fields, the runtime's result): main lines and `table:` lines.
    accepted: Vec<(String, String)>,
    /// (input fields, the runtime's message, `op: rule`).
    rejected: Vec<(String, String, String)>,
    /// op → (cases drawn, accepted, rejected, not comparable: the runtime's ERROR).
    drawn: BTreeMap<&'static str, (usize, usize, usize, usize)>,
    /// The first few cases the runtime answers with ERROR (an unsupported form).
    errors: Vec<String>,
    /// Cases drawn (distinct).
    cases: usize,
}

fn sample(seed: u64, n: usize) -> Sample {
    let ev = Evaluator::default();
    let mut rng = Rng(seed);
    let mut s = Sample::default();
    let mut seen = HashSet::new();
    let mut tries = 0;
    let mut fixed = FIXED.iter();
    while s.cases < n + FIXED.len() && tries < 20 * n + FIXED.len() {
        tries += 1;
        let (op, input) = match fixed.next() {
            Some(f) => ("composition (fixed)", f.to_string()),
            None => case(&mut rng),
        };
        if !seen.insert(input.clone()) {
            continue;
        }
        s.cases += 1;
        let f: Vec<&str> = input.split('\t').collect();
        let got = result_field(&ev, f[1], &f[2..]);
        let d = s.drawn.entry(op).or_default();
        d.0 += 1;
        if let Some(msg) = got.strip_prefix("REJECT\t") {
            d.2 += 1;
            let rule = RULES.iter().find(|(k, _)| msg.contains(k)).map_or("(other)", |r| r.0);
            s.rejected.push((input, msg.to_string(), format!("{op}: {rule}")));
        } else if got.starts_with("ERROR") {
            d.3 += 1;
            if s.errors.len() < 10 {
                s.errors.push(format!("{input}\t=>\t{got}"));
            }
        } else {
            d.1 += 1;
            // the index table too, for a layout result of a moderate size
            let table_op = format!("table:{}", f[1]);
            let t = result_field(&ev, &table_op, &f[2..]);
            let small = !t.starts_with("ERROR") && !t.starts_with("REJECT") && t.split(' ').count() as i64 <= TABLE_MAX;
            if small && !got.contains("smem_ptr") {
                let line = format!("algebra\t{table_op}\t{}", f[2..].join("\t"));
                s.accepted.push((line, t));
            }
            s.accepted.push((input, got));
        }
    }
    s
}

/// The words the type level's error must state for a runtime rejection (empty: any rule).
fn rule_words(msg: &str) -> &'static str {
    RULES.iter().find(|(k, _)| msg.contains(k)).map_or("", |r| r.1)
}

/// The type a case becomes in a generated program (`T0` of its one-case program).
fn value_type(input: &str) -> String {
    let p = generate(input).expect("the generator translates every case");
    program_values(&p).get("T0").cloned().unwrap_or_default()
}

/// `T` name → type, inverted: the type of each value of a program → its name.
fn names_by_type(src: &str) -> HashMap<String, String> {
    program_values(src).into_iter().filter(|(k, _)| k.starts_with('T')).map(|(k, v)| (v, k)).collect()
}

// ---------------------------------------------------------------------------------------------
// The test

#[test]
fn cross_level() {
    let t0 = Instant::now();
    let seed = std::env::var("CROSS_LEVEL_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x7c_u64);
    let n = std::env::var("CROSS_LEVEL_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(CI_CASES).max(1);
    let s = sample(seed, n);
    let t_sample = t0.elapsed().as_secs_f64();
    let mut out = String::new();
    let _ = writeln!(out, "\n== cross-level (runtime twin vs type level), seed {seed:#x}, {} cases ==", s.cases);
    for (op, (n, a, r, e)) in &s.drawn {
        let _ = writeln!(out, "{op:<40} drawn {n:>6}  accepted {a:>6}  rejected {r:>6}  runtime ERROR {e:>4}");
    }
    if !s.errors.is_empty() {
        let _ = writeln!(out, "not comparable (the runtime answers ERROR), first ones:");
        for e in &s.errors {
            let _ = writeln!(out, "  {}", short(e, 300));
        }
    }

    let mut scratch = Scratch::new("cross-level");
    // accepted programs: batches of lines (a case's main line and its table: line together)
    let mut accept_batches: Vec<Vec<usize>> = Vec::new();
    for i in 0..s.accepted.len() {
        // a table: line is followed by its case's main line: never split the two
        let after_table = i > 0 && s.accepted[i - 1].0.split('\t').nth(1).is_some_and(|o| o.starts_with("table:"));
        match accept_batches.last_mut() {
            Some(b) if b.len() < ACCEPT_BATCH || after_table => b.push(i),
            _ => accept_batches.push(vec![i]),
        }
    }
    let program = |idx: &[usize]| {
        let input: String = idx.iter().map(|&i| format!("{}\n", s.accepted[i].0)).collect();
        generate(&input).expect("the generator translates every case")
    };
    for (k, b) in accept_batches.iter().enumerate() {
        scratch.add(&format!("accept_{k:03}"), program(b));
    }
    let reject_batches: Vec<Vec<usize>> =
        (0..s.rejected.len()).collect::<Vec<_>>().chunks(REJECT_BATCH).map(|c| c.to_vec()).collect();
    let reject_program = |idx: &[usize]| {
        let input: String = idx.iter().map(|&i| format!("{}\n", s.rejected[i].0)).collect();
        generate(&input).expect("the generator translates every case")
    };
    for (k, b) in reject_batches.iter().enumerate() {
        scratch.add(&format!("reject_{k:03}"), reject_program(b));
    }

    let mut failures: Vec<String> = Vec::new();
    let mut builds = Vec::new();
    // reject index → the errors that decide it (None: no error seen for its value)
    let mut reject_errors: HashMap<usize, Option<Vec<String>>> = HashMap::new();
    let mut exes: BTreeMap<String, std::path::PathBuf> = BTreeMap::new();
    let mut alone: Vec<usize> = Vec::new();
    for round in 0..3 {
        let t = Instant::now();
        let result = scratch.build(round == 0);
        builds.push(t.elapsed().as_secs_f64());
        assert!(
            !(result.dependency_failed || result.built.is_empty() && result.errors.is_empty()),
            "the build of the scratch programs in {} failed outside the programs:\n{}",
            scratch.dir.display(),
            tail(&result.other, 80)
        );
        let mut next: Vec<(String, String)> = Vec::new();
        for (name, src) in scratch.bins.clone() {
            if let Some(e) = result.built.get(&name) {
                if name.starts_with("accept") {
                    exes.insert(name.clone(), e.clone());
                } else if let Some(i) = name.strip_prefix("alone_").and_then(|i| i.parse::<usize>().ok()) {
                    // a rejected value that compiles on its own: the type level accepts it
                    reject_errors.insert(i, None);
                }
                continue;
            }
            let errs = result.errors.get(&name).cloned().unwrap_or_default();
            // which values the errors point at
            let mut by_value: HashMap<String, Vec<String>> = HashMap::new();
            for &(l, k) in result.error_lines.get(&name).into_iter().flatten() {
                if let Some(v) = value_of_line(&src, l) {
                    let e = by_value.entry(v).or_default();
                    if !e.contains(&errs[k]) {
                        e.push(errs[k].clone());
                    }
                }
            }
            let names = names_by_type(&src);
            let name_of = |input: &str| names.get(&value_type(input)).cloned().unwrap_or_default();
            if let Some(k) = name.strip_prefix("accept_").and_then(|k| k.parse::<usize>().ok()) {
                let batch = &accept_batches[k];
                let (refused, kept): (Vec<usize>, Vec<usize>) =
                    batch.iter().partition(|&&i| by_value.contains_key(&name_of(&s.accepted[i].0)));
                if refused.is_empty() || round == 2 {
                    failures.push(format!(
                        "{name}: the accepted cases' program does not build, and the errors point at no case:\n{}",
                        short(&errs.first().cloned().unwrap_or_else(|| tail(&result.other, 40)), 3000)
                    ));
                    continue;
                }
                for &i in &refused {
                    failures.push(format!(
                        "the runtime accepts, the type level rejects: {}\n        runtime: {}\n        type level: {}",
                        s.accepted[i].0,
                        short(&s.accepted[i].1, 300),
                        short(first_line(&by_value[&name_of(&s.accepted[i].0)][0]), 400)
                    ));
                }
                accept_batches[k] = kept;
                next.push((name, program(&accept_batches[k])));
            } else if let Some(k) = name.strip_prefix("reject_").and_then(|k| k.parse::<usize>().ok()) {
                for &i in &reject_batches[k] {
                    match by_value.get(&name_of(&s.rejected[i].0)) {
                        Some(e) => {
                            reject_errors.insert(i, Some(e.clone()));
                        }
                        None => alone.push(i),
                    }
                }
            } else if let Some(i) = name.strip_prefix("alone_").and_then(|i| i.parse::<usize>().ok()) {
                reject_errors.insert(i, Some(errs));
            }
        }
        for &i in &alone {
            next.push((format!("alone_{i:06}"), generate(&s.rejected[i].0).expect("translated above")));
        }
        alone.clear();
        if next.is_empty() {
            break;
        }
        scratch.bins = next;
    }

    // run the accepted programs and compare
    let mut per_op: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut got: HashMap<String, String> = HashMap::new();
    for exe in exes.values() {
        let run = Command::new(exe).output().expect("run the generated program");
        for l in String::from_utf8_lossy(&run.stdout).lines() {
            if let Some((i, r)) = l.split_once("\t=>\t") {
                got.insert(i.to_string(), r.to_string());
            }
        }
    }
    for b in &accept_batches {
        for &i in b {
            let (input, want) = &s.accepted[i];
            let op = input.split('\t').nth(1).unwrap_or("").to_string();
            let op = if op.starts_with("table:") { "table".to_string() } else { op };
            let e = per_op.entry(op).or_default();
            match got.get(input.as_str()) {
                Some(r) if r == want => e.0 += 1,
                other => {
                    e.1 += 1;
                    failures.push(format!(
                        "different results: {input}\n        runtime:    {}\n        type level: {}",
                        short(want, 400),
                        short(other.map_or("(missing)", |s| s.as_str()), 400)
                    ));
                }
            }
        }
    }
    let _ = writeln!(out, "\naccepted by the runtime, compared with the type level's output (text, or table):");
    for (op, (ok, bad)) in &per_op {
        let _ = writeln!(out, "  {op:<40} identical {ok:>6}  different {bad:>4}");
    }

    // rejects: each must fail to compile, stating the runtime's rule
    let mut per_rule: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (i, (input, msg, key)) in s.rejected.iter().enumerate() {
        let rule = rule_words(msg);
        let verdict = match reject_errors.get(&i) {
            None | Some(None) => Err("accepted: the value compiled".to_string()),
            Some(Some(errs)) => reject_verdict(errs, rule),
        };
        let e = per_rule.entry(key.as_str()).or_default();
        match verdict {
            Ok(_) => e.0 += 1,
            Err(why) => {
                e.1 += 1;
                failures.push(format!("the runtime rejects ({}), the type level: {why}: {input}", short(msg, 300)));
            }
        }
    }
    let _ = writeln!(out, "\nrejected by the runtime (the type level must fail to compile, stating the rule):");
    for (key, (ok, bad)) in &per_rule {
        let _ = writeln!(out, "  {key:<70} same rule {ok:>6}  different {bad:>4}");
    }
    let compared: usize = per_op.values().map(|v| v.0 + v.1).sum();
    let _ = writeln!(
        out,
        "\n{} cases: {} lines compared ({} of them tables), {} rejects checked; sample {t_sample:.1}s, build {} ; total {:.1}s",
        s.cases,
        compared,
        per_op.get("table").map_or(0, |v| v.0 + v.1),
        s.rejected.len(),
        builds.iter().map(|b| format!("{b:.1}s")).collect::<Vec<_>>().join(" + "),
        t0.elapsed().as_secs_f64()
    );
    println!("{out}");
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between the runtime twin and the type level (first 40):\n{}",
        failures.len(),
        failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}
