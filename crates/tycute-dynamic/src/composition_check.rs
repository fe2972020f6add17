//! The brute-force check of composition's exact rule: `composition(A, B)` is accepted exactly
//! when CuTe's result is `k ↦ A(B(k))` on `{k < size(B) : 0 <= B(k) < size(A)}`.
//!
//! Each pair `(A, B)` falls in one class ([`Outcome`]): CuTe's own checks reject it, or CuTe's
//! result is A∘B on the domain (*correct*) or not (*wrong*); tycute accepts or rejects. A
//! *wrong accept* (tycute returns a result that is not A∘B) must never happen; an
//! *over-rejection* (tycute rejects a correct one) is what the exact rule keeps rare.
//!
//! Two families of pairs (`docs/testing.md` records the runs and their numbers):
//!
//! * [`Enumeration`]: every pair of flat layouts with `size(A), size(B) <= 64`, modes of shape
//!   2..64, ranks and stride ranges as given (the defaults: A of rank 1-2 with strides -3..3,
//!   each also with a trailing `_1` mode of stride 1; B of rank 1-2 with strides -6..6:
//!   15,876 A × 26,676 B = 4.2·10^8 pairs; [`Enumeration::wide`] is a wider family, run in
//!   samples). Nesting does not matter here: coalesce_x flattens A, and the rule and the result
//!   read B's leaves in order; the random pairs nest both.
//! * [`random_pair`]: random pairs, nested (a mode of A or B may be a pair of leaves), ranks
//!   1-4 (A with a trailing `_1` now and then), shapes 1..8 with size up to 512, strides
//!   -24..24 or ±compact (permuted, scaled, a `_0` here and there).
//!
//! The runner is `examples/composition_check.rs`; a sample of both runs in `cargo test`.

use crate::composition::{composition, composition_cute};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// What happened to one pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// CuTe's own checks (stride or shape divisibility) reject the pair.
    CuteRejects,
    /// CuTe's result is A∘B on the domain, and tycute accepts it.
    CorrectAccepted,
    /// CuTe's result is A∘B on the domain, but tycute rejects it (over-rejection).
    OverRejected,
    /// CuTe's result is not A∘B, and tycute rejects it.
    WrongRejected,
    /// CuTe's result is not A∘B, but tycute accepts it: a bug.
    WrongAccepted,
}

/// Counts of the outcomes, with the first few examples of the bad ones.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub pairs: u64,
    pub cute_rejects: u64,
    pub correct: u64,
    pub wrong: u64,
    pub over_rejected: u64,
    pub wrong_accepted: u64,
    pub examples: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, a: &Layout, b: &Layout, o: Outcome) {
        self.pairs += 1;
        match o {
            Outcome::CuteRejects => self.cute_rejects += 1,
            Outcome::CorrectAccepted => self.correct += 1,
            Outcome::OverRejected => {
                self.correct += 1;
                self.over_rejected += 1;
            }
            Outcome::WrongRejected => self.wrong += 1,
            Outcome::WrongAccepted => {
                self.wrong += 1;
                self.wrong_accepted += 1;
            }
        }
        if matches!(o, Outcome::OverRejected | Outcome::WrongAccepted) && self.examples.len() < 20 {
            self.examples.push(format!("{o:?}: composition({a}, {b})"));
        }
    }
    pub fn merge(&mut self, o: Tally) {
        self.pairs += o.pairs;
        self.cute_rejects += o.cute_rejects;
        self.correct += o.correct;
        self.wrong += o.wrong;
        self.over_rejected += o.over_rejected;
        self.wrong_accepted += o.wrong_accepted;
        for e in o.examples {
            if self.examples.len() < 20 {
                self.examples.push(e);
            }
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "pairs {}, CuTe rejects {}, CuTe correct {}, CuTe wrong {}; tycute: wrong accepts {}, over-rejections {}",
            self.pairs, self.cute_rejects, self.correct, self.wrong, self.wrong_accepted, self.over_rejected
        )
    }
}

/// A static layout's leaf modes as numbers.
fn leaves(l: &Layout) -> Vec<(i64, i64)> {
    l.leaf_modes().iter().map(|(s, d)| (s.value, d.value)).collect()
}

/// `l(k)` over leaf modes (colexicographic; the last mode unbounded).
fn eval(modes: &[(i64, i64)], mut k: i64) -> i64 {
    let mut v = 0;
    for (i, &(s, d)) in modes.iter().enumerate() {
        if i + 1 == modes.len() {
            return v + k * d;
        }
        v += (k % s) * d;
        k /= s;
    }
    v
}

/// Whether `r` is A∘B on the domain.
fn is_a_after_b(a: &[(i64, i64)], b: &[(i64, i64)], r: &[(i64, i64)]) -> bool {
    let sa: i64 = a.iter().map(|m| m.0).product();
    let sb: i64 = b.iter().map(|m| m.0).product();
    (0..sb).all(|k| {
        let bk = eval(b, k);
        !(0..sa).contains(&bk) || eval(r, k) == eval(a, bk)
    })
}

/// Classify one pair (static layouts).
pub fn check_pair(a: &Layout, b: &Layout) -> Outcome {
    let (am, bm) = (leaves(a), leaves(b));
    match composition(a, b) {
        Ok(r) => {
            if is_a_after_b(&am, &bm, &leaves(&r)) {
                Outcome::CorrectAccepted
            } else {
                Outcome::WrongAccepted
            }
        }
        Err(e) if e.message.contains("(strict rule") => {
            let r = composition_cute(a, b).expect("CuTe's semantics accept what only the exact rule refused");
            if is_a_after_b(&am, &bm, &leaves(&r)) {
                Outcome::OverRejected
            } else {
                Outcome::WrongRejected
            }
        }
        Err(_) => Outcome::CuteRejects,
    }
}

/// A flat static layout.
pub fn flat(modes: &[(i64, i64)]) -> Layout {
    Layout::new(
        IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.0)).collect()),
        IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.1)).collect()),
    )
    .expect("congruent")
}

/// Every shape of rank `1..=max_rank` with modes `>= 2` and size `<= max_size`.
pub fn shapes(max_rank: usize, max_size: i64) -> Vec<Vec<i64>> {
    fn rec(cur: &mut Vec<i64>, p: i64, max_rank: usize, max_size: i64, out: &mut Vec<Vec<i64>>) {
        if !cur.is_empty() {
            out.push(cur.clone());
        }
        if cur.len() == max_rank {
            return;
        }
        for s in 2..=max_size / p {
            cur.push(s);
            rec(cur, p * s, max_rank, max_size, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), 1, max_rank, max_size, &mut out);
    out
}

/// Every stride tuple of length `n` over `values`.
fn strides(n: usize, values: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|v| {
                values.iter().map(move |&x| {
                    let mut w = v.clone();
                    w.push(x);
                    w
                })
            })
            .collect();
    }
    out
}

/// The exhaustive family: its parameters (see the module documentation for the defaults).
#[derive(Clone, Debug)]
pub struct Enumeration {
    pub max_size: i64,
    pub a_rank: usize,
    pub a_strides: Vec<i64>,
    /// Strides of a trailing `_1` mode appended to A (none: no such A).
    pub a_trailing: Vec<i64>,
    pub b_rank: usize,
    pub b_strides: Vec<i64>,
}

impl Default for Enumeration {
    fn default() -> Self {
        Enumeration {
            max_size: 64,
            a_rank: 2,
            a_strides: (-3..=3).collect(),
            a_trailing: vec![1],
            b_rank: 2,
            b_strides: (-6..=6).collect(),
        }
    }
}

impl Enumeration {
    /// A wider family, run in samples (every `STEP`-th A): A strides -4..4, trailing `_1` of
    /// stride -1 or 1, B strides -8..8 (1.76·10^9 pairs in all).
    pub fn wide() -> Self {
        Enumeration {
            a_strides: (-4..=4).collect(),
            a_trailing: vec![-1, 1],
            b_strides: (-8..=8).collect(),
            ..Enumeration::default()
        }
    }
}

impl Enumeration {
    /// Every A, as flat modes.
    pub fn a_layouts(&self) -> Vec<Vec<(i64, i64)>> {
        let mut out = Vec::new();
        for s in shapes(self.a_rank, self.max_size) {
            for d in strides(s.len(), &self.a_strides) {
                let m: Vec<(i64, i64)> = s.iter().copied().zip(d).collect();
                for &t in &self.a_trailing {
                    let mut m1 = m.clone();
                    m1.push((1, t));
                    out.push(m1);
                }
                out.push(m);
            }
        }
        out
    }
    /// Every B, as flat modes.
    pub fn b_layouts(&self) -> Vec<Vec<(i64, i64)>> {
        let mut out = Vec::new();
        for s in shapes(self.b_rank, self.max_size) {
            for d in strides(s.len(), &self.b_strides) {
                out.push(s.iter().copied().zip(d).collect());
            }
        }
        out
    }
    /// Check the pairs whose A has index `i` with `i % shards == shard` (every `step`-th A).
    pub fn run(&self, shard: usize, shards: usize, step: usize) -> Tally {
        let (al, bl) = (self.a_layouts(), self.b_layouts());
        let bs: Vec<Layout> = bl.iter().map(|m| flat(m)).collect();
        let mut t = Tally::default();
        for (i, am) in al.iter().enumerate().step_by(step.max(1)) {
            if i % shards != shard {
                continue;
            }
            let a = flat(am);
            for b in &bs {
                t.add(&a, b, check_pair(&a, b));
            }
        }
        t
    }
}

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Flat random modes: rank 1-4, shapes 1..8 (size <= 512), strides uniform in -24..24 or
/// ±compact (a permuted compact layout, scaled by 1-3, some strides negated, one `_0` now and
/// then).
fn random_modes(rng: &mut Rng) -> Vec<(i64, i64)> {
    loop {
        let r = rng.int(1, 4) as usize;
        let shape: Vec<i64> = (0..r).map(|_| rng.int(1, 8)).collect();
        if shape.iter().product::<i64>() > 512 {
            continue;
        }
        let stride: Vec<i64> = if rng.int(0, 1) == 0 {
            (0..r).map(|_| rng.int(-24, 24)).collect()
        } else {
            let mut perm: Vec<usize> = (0..r).collect();
            for i in (1..r).rev() {
                perm.swap(i, rng.int(0, i as i64) as usize);
            }
            let mut d = vec![0i64; r];
            let mut p = rng.int(1, 3);
            for &k in &perm {
                d[k] = p;
                p *= shape[k];
            }
            for x in d.iter_mut() {
                if rng.int(0, 3) == 0 {
                    *x = -*x;
                }
            }
            if rng.int(0, 6) == 0 {
                d[rng.int(0, r as i64 - 1) as usize] = 0;
            }
            d
        };
        return shape.into_iter().zip(stride).collect();
    }
}

/// Group consecutive leaves into pairs at random: a nested layout with the same leaves.
fn nest(rng: &mut Rng, m: &[(i64, i64)]) -> Layout {
    let mut modes: Vec<(IntTuple, IntTuple)> = Vec::new();
    let mut i = 0;
    while i < m.len() {
        if i + 1 < m.len() && rng.int(0, 2) == 0 {
            modes.push((
                IntTuple::tuple(vec![IntTuple::st(m[i].0), IntTuple::st(m[i + 1].0)]),
                IntTuple::tuple(vec![IntTuple::st(m[i].1), IntTuple::st(m[i + 1].1)]),
            ));
            i += 2;
        } else {
            modes.push((IntTuple::st(m[i].0), IntTuple::st(m[i].1)));
            i += 1;
        }
    }
    Layout::new(
        IntTuple::Tuple(modes.iter().map(|x| x.0.clone()).collect()),
        IntTuple::Tuple(modes.iter().map(|x| x.1.clone()).collect()),
    )
    .expect("congruent")
}

/// One random pair (nested; A with a trailing `_1` one time in four).
pub fn random_pair(rng: &mut Rng) -> (Layout, Layout) {
    let mut a = random_modes(rng);
    if rng.int(0, 3) == 0 {
        a.push((1, rng.int(-16, 16)));
    }
    let b = random_modes(rng);
    (nest(rng, &a), nest(rng, &b))
}

/// `n` random pairs from `seed`.
pub fn run_random(seed: u64, n: u64) -> Tally {
    let mut rng = Rng(seed);
    let mut t = Tally::default();
    for _ in 0..n {
        let (a, b) = random_pair(&mut rng);
        t.add(&a, &b, check_pair(&a, &b));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The over-rejections of the exact rule in the CI sample (enumeration, random), measured.
    const SAMPLE_OVER_REJECTS: (u64, u64) = (54, 0);

    /// The CI sample: every 97th B of the exhaustive family against every 41st A, and 10,000
    /// random pairs. No wrong accept; over-rejections at most as measured (`docs/testing.md`).
    #[test]
    fn sample() {
        let e = Enumeration::default();
        let mut t = Tally::default();
        let (al, bl) = (e.a_layouts(), e.b_layouts());
        let bs: Vec<Layout> = bl.iter().step_by(97).map(|m| flat(m)).collect();
        for am in al.iter().step_by(41) {
            let a = flat(am);
            for b in &bs {
                t.add(&a, b, check_pair(&a, b));
            }
        }
        println!("enumeration sample: {t}");
        assert_eq!(t.wrong_accepted, 0, "{:#?}", t.examples);
        assert!(t.over_rejected <= SAMPLE_OVER_REJECTS.0, "{t}\n{:#?}", t.examples);
        let r = run_random(0x5eed, 10_000);
        println!("random sample: {r}");
        assert_eq!(r.wrong_accepted, 0, "{:#?}", r.examples);
        assert!(r.over_rejected <= SAMPLE_OVER_REJECTS.1, "{r}\n{:#?}", r.examples);
    }

    /// The smallest over-rejections of the former strict rule are accepted, with CuTe's value.
    #[test]
    fn former_over_rejections() {
        for (a, b, r) in [
            ("(_5,_2):(_0,_1)", "_4:_3", "(_2,_2):(_0,_1)"),
            ("(_7,_2):(_0,_7)", "_4:_4", "(_2,_2):(_0,_7)"),
            ("(_8,_3):(_0,_8)", "_6:_3", "(_3,_2):(_0,_8)"),
            ("(_8,_2):(_0,_1)", "(_1,_4):(_8,_5)", "(_1,(_2,_2)):(_1,(_0,_1))"),
            // one per condition of the former rule (4, 1, 2, 2), from a search of small pairs
            ("(_2,_2):(_-1,_-1)", "(_2,_2):(_-1,_6)", "(_2,_2):(_1,_-3)"),
            ("(_2,_2):(_0,_-1)", "(_2,_2):(_-3,_4)", "(_2,_2):(_2,_-2)"),
            ("(_3,_2):(_0,_-1)", "(_4):(_2)", "((_2,_2)):((_0,_-1))"),
            ("(_3,_2):(_-1,_-1)", "(_2,_4):(_2,_-2)", "(_2,(_2,_2)):(_-2,(_2,_1))"),
        ] {
            let (a, b): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(check_pair(&a, &b), Outcome::CorrectAccepted, "{a} o {b}");
            assert_eq!(composition(&a, &b).unwrap().to_string(), r, "{a} o {b}");
        }
    }
}

/// The exact rule against its definition: random and generated pairs whose result is checked
/// against `A(B(k))` on the domain (soundness), and the over-rejection rate per class
/// ([`STRICT_RULE_OVER_REJECTS`]).
#[cfg(test)]
mod rule_tests {
    use crate::composition::{composition, composition_cute, STRICT_RULE_OVER_REJECTS};
    use crate::int_tuple::IntTuple;
    use crate::layout::Layout;
    use proptest::prelude::*;

    /// A flat static layout.
    fn flat(modes: &[(i64, i64)]) -> Layout {
        Layout::raw(
            IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.0)).collect()),
            IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.1)).collect()),
        )
    }

    /// A layout's leaf modes as numbers (static layouts only).
    fn leaves(l: &Layout) -> Vec<(i64, i64)> {
        l.leaf_modes()
            .iter()
            .map(|(s, d)| (s.value, d.value))
            .collect()
    }

    /// `l(k)` over leaf modes (colexicographic; `k < size`).
    fn eval(modes: &[(i64, i64)], mut k: i64) -> i64 {
        let mut v = 0;
        for &(s, d) in modes {
            v += (k % s) * d;
            k /= s;
        }
        v
    }

    /// `(R is A∘B on the domain, B is injective)`.
    fn check(a: &Layout, b: &Layout, r: &Layout) -> (bool, bool) {
        let (am, bm, rm) = (leaves(a), leaves(b), leaves(r));
        let sa: i64 = am.iter().map(|m| m.0).product();
        let sb: i64 = bm.iter().map(|m| m.0).product();
        let mut seen = std::collections::HashSet::new();
        let mut correct = true;
        for k in 0..sb {
            let bk = eval(&bm, k);
            seen.insert(bk);
            if (0..sa).contains(&bk) && eval(&rm, k) != eval(&am, bk) {
                correct = false;
            }
        }
        (correct, seen.len() as i64 == sb)
    }

    fn uniform(lo: i64, hi: i64) -> impl Strategy<Value = Layout> {
        proptest::collection::vec((1i64..=8, lo..=hi), 1..=4).prop_map(|m| flat(&m))
    }

    /// A small deterministic generator (splitmix64) for the classes of `composition_rule.py`.
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
        fn chance(&mut self, p: f64) -> bool {
            ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < p
        }
    }

    fn gen_uniform(rng: &mut Rng, lo: i64, hi: i64) -> Vec<(i64, i64)> {
        let r = rng.int(1, 4);
        (0..r).map(|_| (rng.int(1, 8), rng.int(lo, hi))).collect()
    }

    /// ±compact strides of a permuted shape, sometimes scaled or with a zero stride.
    fn gen_compact(rng: &mut Rng) -> Vec<(i64, i64)> {
        let r = rng.int(1, 4) as usize;
        let shape: Vec<i64> = (0..r).map(|_| rng.int(1, 8)).collect();
        let mut perm: Vec<usize> = (0..r).collect();
        for i in (1..r).rev() {
            perm.swap(i, rng.int(0, i as i64) as usize);
        }
        let mut stride = vec![0i64; r];
        let mut p = [1, 1, 1, 2, 3][rng.int(0, 4) as usize];
        for &k in &perm {
            stride[k] = p;
            p *= shape[k];
        }
        for d in stride.iter_mut() {
            if rng.chance(0.5) && rng.int(0, 2) == 2 {
                *d = -*d;
            }
        }
        if rng.chance(0.15) {
            stride[rng.int(0, r as i64 - 1) as usize] = 0;
        }
        shape.into_iter().zip(stride).collect()
    }

    /// The classes of `composition_rule.py`: `(A, B)` flat, 1-4 modes (A one more in
    /// `trailing1`), shapes 1..8.
    const CLASSES: [&str; 4] = ["neg", "nonneg", "compact", "trailing1"];

    fn gen_case(rng: &mut Rng, class: &str) -> (Layout, Layout) {
        let (a, b) = match class {
            "neg" => loop {
                let (a, b) = (gen_uniform(rng, -16, 16), gen_uniform(rng, -16, 16));
                if a.iter().chain(&b).any(|m| m.1 < 0) {
                    break (a, b);
                }
            },
            "nonneg" => (gen_uniform(rng, 0, 16), gen_uniform(rng, 0, 16)),
            "compact" => (gen_compact(rng), gen_compact(rng)),
            _ => {
                let mut a = gen_compact(rng);
                a.push((1, rng.int(-16, 16)));
                (a, gen_compact(rng))
            }
        };
        (flat(&a), flat(&b))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        /// Soundness: whenever the strict rule accepts, R(i) == A(B(i)) for every i < size(B)
        /// with 0 <= B(i) < size(A). Strides in -16..16.
        #[test]
        fn strict_rule_is_sound(a in uniform(-16, 16), b in uniform(-16, 16)) {
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(check(&a, &b, &r).0, "A = {a}, B = {b}, R = {r}");
            }
        }

        /// The same with non-negative strides.
        #[test]
        fn strict_rule_is_sound_nonneg(a in uniform(0, 16), b in uniform(0, 16)) {
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(check(&a, &b, &r).0, "A = {a}, B = {b}, R = {r}");
            }
        }

        /// The same on ±compact layouts, with and without a trailing `_1` in A.
        #[test]
        fn strict_rule_is_sound_compact(seed in any::<u64>(), trailing in any::<bool>()) {
            let (a, b) = gen_case(&mut Rng(seed), if trailing { "trailing1" } else { "compact" });
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(check(&a, &b, &r).0, "A = {a}, B = {b}, R = {r}");
            }
        }

        /// Nested layouts: the rule reads A's leaves and B's leaves, whatever their nesting.
        #[test]
        fn strict_rule_is_sound_nested(a in crate::testing::static_layout(3), b in crate::testing::static_layout(3)) {
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(check(&a, &b, &r).0, "A = {a}, B = {b}, R = {r}");
            }
        }
    }

    /// Deterministic sweep over the classes of `composition_rule.py`: the rule rejects every
    /// composition that CuTe accepts although it is not A∘B (no wrong accept), and how often it
    /// rejects one that *is* A∘B (over-rejection; [`STRICT_RULE_OVER_REJECTS`]).
    #[test]
    fn over_rejection_rate() {
        const PER_CLASS: usize = 40_000;
        println!(
            "{:<10} {:>6} {:>7} {:>7} {:>6} | {:>9} {:>5} {:>8} {:>11} {:>8}",
            "class",
            "cases",
            "CuTe-ok",
            "correct",
            "wrong",
            "wrong-acc",
            "over",
            "over/inj",
            "correct-inj",
            "rate"
        );
        let mut failures = Vec::new();
        for (ci, class) in CLASSES.iter().enumerate() {
            let mut rng = Rng(0x5eed_0000 + ci as u64);
            let (mut cute_ok, mut correct, mut wrong, mut wrong_acc) = (0u32, 0u32, 0u32, 0u32);
            let (mut over, mut over_inj, mut correct_inj) = (0u32, 0u32, 0u32);
            let mut examples = Vec::new();
            for _ in 0..PER_CLASS {
                let (a, b) = gen_case(&mut rng, class);
                let Ok(rc) = composition_cute(&a, &b) else {
                    continue;
                };
                cute_ok += 1;
                let (ok, inj) = check(&a, &b, &rc);
                let strict = composition(&a, &b);
                if ok {
                    correct += 1;
                    correct_inj += inj as u32;
                    if let Err(e) = strict {
                        over += 1;
                        over_inj += inj as u32;
                        if examples.len() < 2 {
                            let rule = e
                                .message
                                .split("(strict rule ")
                                .nth(1)
                                .and_then(|s| s.split(':').next());
                            examples.push(format!(
                                "A = {a}, B = {b}, CuTe R = {rc} ({})",
                                rule.unwrap_or("?")
                            ));
                        }
                    }
                } else {
                    wrong += 1;
                    if let Ok(r) = strict {
                        wrong_acc += 1;
                        failures.push(format!("wrong accept: A = {a}, B = {b}, R = {r}"));
                    }
                }
            }
            let rate = over as f64 / correct.max(1) as f64;
            println!(
                "{class:<10} {PER_CLASS:>6} {cute_ok:>7} {correct:>7} {wrong:>6} | {wrong_acc:>9} {over:>5} {over_inj:>8} {correct_inj:>11} {:>7.3}%",
                100.0 * rate
            );
            for e in &examples {
                println!("    over-rejection: {e}");
            }
            let (_, n, d) = STRICT_RULE_OVER_REJECTS
                .iter()
                .find(|(c, _, _)| c == class)
                .unwrap();
            if rate > 2.0 * (*n).max(1) as f64 / *d as f64 {
                failures.push(format!(
                    "{class}: over-rejection rate {rate} above twice the documented {n}/{d} (at least 2/{d})"
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{}",
            failures[..failures.len().min(10)].join("\n")
        );
    }
}
