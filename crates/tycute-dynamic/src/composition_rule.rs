//! The exact rule of composition (tycute's strict rule): when CuTe's result is `A∘B` on the
//! domain, checked in O(modes of A × leaves of B) over the leaf walks that
//! [`crate::composition`] records while it runs CuTe's algorithm.
//!
//! CuTe's checks let through results that are not `A∘B` (NVIDIA/cutlass#3177). tycute accepts
//! a composition when CuTe's algorithm succeeds and its result `R` is `i ↦ A(B(i))` at every
//! `i < size(B)` with `0 ≤ B(i) < size(A)` (the domain), and rejects it otherwise, with
//! O(modes of A × leaves of B) conditions. This is the rule of `docs/design.md` ("Composition:
//! the exact rule", with the argument), the same as the type level's
//! (`tycute_layout::algebra::composition`) and its executable model
//! `crates/tycute-layout/tests/gen/composition_rule.py`; [`crate::composition_check`] checks it
//! by brute force.
//!
//! * *The box around the domain* (`effective_ranges`): a bound `S_l` on each leaf's coordinate
//!   in the domain, from `B(i) ≥ 0` (negative leaves) and `B(i) < size(A)` (positive leaves), in
//!   [`DOMAIN_ROUNDS`] rounds; then one pass of the *lattice box* (`lattice_ranges`): each leaf
//!   against the other leaves' gcd and reach (`leaf_max`, `first_mod`).
//! * *Per mode* `j < R-1`, each leaf's walk gives `K_j` (its elements in the modes `≤ j`) and
//!   `ρ_j` (its rest stride after j); its value below the end of mode j is
//!   `L_j(k) = (k mod K_j)·d + (k div K_j)·(K_j·d − w_{j+1}·ρ_j)` and above it
//!   `U_j(k) = w_{j+1}·ρ_j·(k div K_j)`, ranged over the box (`low_range`).
//!
//! 1. **Stride magnitude.** No leaf with a negative rest stride skips mode j inexactly
//!    (`|rest_stride|` neither a multiple of `c_j` nor below it) where A's stride is not `_0`
//!    and the leaf has coordinates past the step in the box.
//! 2. **Exact partial walk.** The same for a leaf that takes part of mode j and continues
//!    without `c_j % |rest_stride| == 0`.
//! 3. **No carry.** The values below the end of mode j stay below its weight `w_{j+1}`, unless
//!    every such point has `B(i) ≥ size(A)`; e.g. `composition((_12,_8):(_8,_1), (_8,_2):(_1,_8))`,
//!    where CuTe prints `(_8,_2):(_8,_64)` but at i = 12, A(B(12)) = 1 while the result gives 96.
//! 4. **No borrow.** They are not negative, unless every such point has `B(i) < 0`.
//!
//! Each violation is a rejection whose message names the condition (`(strict rule 1, stride
//! magnitude)` and so on, the tags of the former "strict rule") in the words of the type level's
//! `on_unimplemented` messages.
//!
//! **Static values only.** The type level has only static values; like CuTe's own checks, the
//! rule is applied when every value it reads is static: the shapes of the coalesced A's modes,
//! `size(A)`, and the shape and stride of every leaf of B that is not a static `_0` stride (a
//! dynamic stride of A counts as non-zero). If one of them is dynamic, the composition keeps
//! CuTe's semantics (CuTe's checks on its static values).
//!
//! The property tests `strict_rule_is_sound*` check soundness against the definition on random
//! static layouts, and `over_rejection_rate` measures how often the rule refuses a composition
//! that CuTe accepts and that *is* `A∘B` on the domain (see [`STRICT_RULE_OVER_REJECTS`]).
//!

use crate::error::{Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use std::fmt::Display;

/// Over-rejection of the exact rule, measured by the test `over_rejection_rate` (deterministic
/// random pairs of static flat layouts of 1-4 modes, shapes 1..8, in the classes of
/// `composition_rule.py`): per class `(name, rejected, compositions that CuTe accepts and that
/// are A∘B on the domain)`. The test fails when a class's rate exceeds twice the rate here (or
/// `2/d` for a class with none). What is left are compositions whose domain is a few scattered points
/// that even the lattice box keeps, or where two errors of CuTe's result cancel, e.g.
/// `composition((_2,_1,_7):(_15,_-9,_15), (_6,_4,_6):(_-5,_-8,_1))` (docs/design.md,
/// "Composition: the exact rule"). With the linear box alone, `neg` had 5
/// (`composition((_2,_1):(_-4,_-6), (_1,_3,_2,_8):(_-14,_-5,_16,_-8))`, domain `{0, 8}`, is
/// accepted now).
pub const STRICT_RULE_OVER_REJECTS: &[(&str, u32, u32)] = &[
    ("neg", 2, 18_200),
    ("nonneg", 0, 14_788),
    ("compact", 0, 24_897),
    ("trailing1", 3, 17_085),
];

/// The number of rounds that tighten the box of B's coordinates around the domain
/// (`effective_ranges`); the type level runs the same number.
pub const DOMAIN_ROUNDS: usize = 4;

/// One step of a leaf's walk, at a mode `j < R-1` of the coalesced A.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepRec {
    /// `K_j`: how many of the leaf's coordinates the modes `<= j` hold (the product of the
    /// elements placed there); a coordinate `k` has `k mod K_j` below mode j+1 and
    /// `k div K_j` above.
    pub(crate) k: i64,
    /// `ρ_j`: the rest stride after mode j, in units of the weight of mode j+1.
    pub(crate) rho: i64,
    /// `n_j · rest_stride != ρ_j · c_j`: stepping past mode j does not land where CuTe's walk
    /// goes on (an inexact skip, or part of the mode taken without dividing it).
    pub(crate) inexact: bool,
    /// Mode j was skipped (`n_j == 1`).
    pub(crate) skip: bool,
    /// The rest stride entering mode j and the elements placed there (`n_j`), for the messages.
    pub(crate) rd: i64,
    pub(crate) n: i64,
}

/// What the exact rule needs from one leaf `s:d` of B (static values, `d != 0`, A of 2 modes or
/// more): its walk, one [`StepRec`] per mode `j < R-1`.
#[derive(Clone, Debug)]
pub(crate) struct LeafWalk {
    pub(crate) s: Int,
    pub(crate) d: Int,
    pub(crate) steps: Vec<StepRec>,
}

/// A failed condition of the exact rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Violation {
    /// Rule 1: leaf `leaf` skips mode `mode` inexactly, with coordinates past it in the domain.
    Magnitude { leaf: usize, mode: usize },
    /// Rule 2: leaf `leaf` takes part of mode `mode` inexactly and goes on, with coordinates past
    /// it in the domain.
    Partial { leaf: usize, mode: usize },
    /// Rule 3: below mode `mode + 1`, the leaves reach `max`, at least the weight `w` of mode
    /// `mode + 1`, at a point that may be in the domain.
    Carry { mode: usize, max: i128, w: i128 },
    /// Rule 4: below mode `mode + 1`, the leaves reach down to `min < 0` while the part above
    /// reaches `up > 0`.
    Borrow { mode: usize, min: i128, up: i128 },
}

fn ceil_div_pos(a: i128, b: i128) -> i128 {
    (a + b - 1).div_euclid(b)
}

/// The box around the domain `{k : 0 <= B(k) < size(A)}`: for each leaf `s:d`, a bound `S` with
/// `k_l < S` at every point of the domain. A leaf with `d < 0` has `k·|d| <= PR` (the positive
/// leaves' reach), one with `d > 0` has `k·d <= size(A) - 1 + NR` (the negative leaves' reach);
/// [`DOMAIN_ROUNDS`] rounds alternate the two, each with the other's tightened ranges. A leaf
/// with `S == 1` is at coordinate 0 in the whole domain (an *inert* leaf).
fn effective_ranges(leaves: &[LeafWalk], size_a: i64) -> Vec<i128> {
    let n = size_a as i128;
    let sd = |l: &LeafWalk| (l.s.value as i128, l.d.value as i128);
    let neg_range = |s: i128, d: i128, pr: i128| s.min(pr / -d + 1);
    let pos_range = |s: i128, d: i128, nr: i128| s.min((n - 1 + nr) / d + 1);
    let mut pr: i128 = leaves
        .iter()
        .map(sd)
        .filter(|&(_, d)| d > 0)
        .map(|(s, d)| (s - 1).saturating_mul(d))
        .fold(0, i128::saturating_add);
    let mut nr: i128 = 0;
    for _ in 0..DOMAIN_ROUNDS {
        nr = leaves
            .iter()
            .map(sd)
            .filter(|&(_, d)| d < 0)
            .map(|(s, d)| (neg_range(s, d, pr) - 1).saturating_mul(-d))
            .fold(0, i128::saturating_add);
        pr = leaves
            .iter()
            .map(sd)
            .filter(|&(_, d)| d > 0)
            .map(|(s, d)| (pos_range(s, d, nr) - 1).saturating_mul(d))
            .fold(0, i128::saturating_add);
    }
    leaves
        .iter()
        .map(sd)
        .map(|(s, d)| if d < 0 { neg_range(s, d, pr) } else { pos_range(s, d, nr) })
        .collect()
}

/// The least `k >= 0` with `L <= (a·k) mod m <= R` (`0 <= L <= R < m`), or `None`: Euclid's
/// recursion, O(log m) steps (the recursion behind `floor_sum`). The type level's
/// `tycute_layout::algebra::composition::FirstMod`.
pub(crate) fn first_mod(a: i128, m: i128, l: i128, r: i128) -> Option<i128> {
    let a = a.rem_euclid(m);
    if l == 0 {
        return Some(0);
    }
    if a == 0 {
        return None;
    }
    let k = ceil_div_pos(l, a);
    if a * k <= r {
        return Some(k);
    }
    // [L, R] lies between two multiples of a: a·k = v + m·y with v in [L, R], i.e.
    // (m·y) mod a in [(-R) mod a, (-L) mod a]
    let y = first_mod(m % a, a, (-r).rem_euclid(a), (-l).rem_euclid(a))?;
    Some(ceil_div_pos(l + m * y, a))
}

/// The lattice bound of one leaf (`leaf_max` of the model): 1 + the largest `k < S` such that
/// `0 <= d·k + v < N` for some multiple `v` of `g` in `[lo, hi]` (`lo <= 0 <= hi`: the other
/// leaves' gcd and reach; `g = 0` when they are all at 0), or 1. With `g' = max(g, 1)`, the
/// reach allows `k <= kB`; where `N >= g'` all of them have a multiple of `g'` in their window,
/// otherwise `k = kB - t` needs `(c + d·t) mod g' <= N-1`, `c = (N-1-d·kB) mod g'`, whose least
/// `t` is [`first_mod`].
pub(crate) fn leaf_max(d: i128, s: i128, g: i128, lo: i128, hi: i128, n: i128) -> i128 {
    let g1 = g.max(1);
    let kb = if d > 0 {
        (s - 1).min((n - 1).saturating_add(g1.saturating_mul((-lo) / g1)) / d)
    } else {
        (s - 1).min(g1.saturating_mul(hi / g1) / -d)
    };
    if n >= g1 {
        return kb + 1;
    }
    // here N < g' (so g' and N fit in i64 products below)
    let c = (n - 1 - d.saturating_mul(kb)).rem_euclid(g1);
    if c <= n - 1 {
        return kb + 1;
    }
    match first_mod(d.rem_euclid(g1), g1, g1 - c, g1 - c + n - 1) {
        Some(t) if t <= kb => kb - t + 1,
        _ => 1,
    }
}

/// The lattice box: the box of [`effective_ranges`] tightened in one pass, each leaf against the
/// other leaves of that box (those with a range above 1): their values are multiples of their
/// gcd within their reach, so a coordinate needs such a value that puts `B` in `[0, size(A))`
/// ([`leaf_max`]). Sound: it drops only coordinates that no point of the domain has. The others
/// are taken from the linear box, not from ranges tightened earlier in the pass (the type level
/// computes each leaf's range from the box and B's leaves alone).
fn lattice_ranges(leaves: &[LeafWalk], size_a: i64, range: &[i128]) -> Vec<i128> {
    let n = size_a as i128;
    (0..leaves.len())
        .map(|i| {
            let (mut g, mut lo, mut hi) = (0i128, 0i128, 0i128);
            for (m, (o, &sm)) in leaves.iter().zip(range).enumerate() {
                if m != i && sm > 1 {
                    let d = o.d.value as i128;
                    g = gcd(g, d);
                    let v = (sm - 1).saturating_mul(d);
                    lo = lo.saturating_add(v.min(0));
                    hi = hi.saturating_add(v.max(0));
                }
            }
            leaf_max(leaves[i].d.value as i128, range[i], g, lo, hi, n)
        })
        .collect()
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The range `(min, max)` of `(k mod K)·d + (k div K)·g` over `k < S` (`S, K >= 1`).
fn low_range(s: i128, k: i128, d: i128, g: i128) -> (i128, i128) {
    let h = ceil_div_pos(s, k);
    // the full groups b < h-1 (all of k < S when h == 1), then the last group b = h-1
    let full = if h >= 2 { k } else { s };
    let b2 = (h - 2).max(0);
    let last = s - 1 - (h - 1) * k;
    let a_full = (full - 1).saturating_mul(d);
    let a_last = last.saturating_mul(d);
    let g_full = b2.saturating_mul(g);
    let g_last = (h - 1).saturating_mul(g);
    let lo = (a_full.min(0) + g_full.min(0)).min(a_last.min(0) + g_last);
    let hi = (a_full.max(0) + g_full.max(0)).max(a_last.max(0) + g_last);
    (lo, hi)
}

/// The exact rule on the coalesced A's shapes `c`, which of its strides are a static `_0`
/// (`zero`), A's size, and B's walked leaves (those with a non-zero stride). `None`: accepted.
fn exact_rule(c: &[i64], zero: &[bool], size_a: i64, leaves: &[LeafWalk]) -> Option<Violation> {
    let r = c.len();
    if r <= 1 || leaves.is_empty() {
        return None;
    }
    let range = lattice_ranges(leaves, size_a, &effective_ranges(leaves, size_a));
    let n = size_a as i128;
    let mut w: i128 = 1;
    for j in 0..r - 1 {
        // w1: the weight of mode j+1
        let w1 = w.saturating_mul(c[j] as i128);
        let (mut min_l, mut max_l, mut min_u, mut max_u) = (0i128, 0i128, 0i128, 0i128);
        for (li, (l, &sl)) in leaves.iter().zip(&range).enumerate() {
            let st = l.steps[j];
            let k = st.k as i128;
            // rules 1 and 2: an inexact step with coordinates past it in the domain, at a mode
            // whose stride is not _0 (there its digit would be wrong)
            if st.inexact && sl > k && !zero[j] {
                return Some(if st.skip {
                    Violation::Magnitude { leaf: li, mode: j }
                } else {
                    Violation::Partial { leaf: li, mode: j }
                });
            }
            // the leaf's value below mode j+1 and above it (U = w1·ρ_j·(k div K_j))
            let d = l.d.value as i128;
            let g = k.saturating_mul(d).saturating_sub(w1.saturating_mul(st.rho as i128));
            let (lo, hi) = low_range(sl, k, d, g);
            min_l = min_l.saturating_add(lo);
            max_l = max_l.saturating_add(hi);
            let u = w1.saturating_mul(st.rho as i128).saturating_mul(ceil_div_pos(sl, k) - 1);
            min_u = min_u.saturating_add(u.min(0));
            max_u = max_u.saturating_add(u.max(0));
        }
        // rule 3: a value of w1 or more below mode j+1, at a point that may be in the domain
        // (such a point has B >= w1 + min_u)
        if max_l >= w1 && w1.saturating_add(min_u) < n {
            return Some(Violation::Carry { mode: j, max: max_l, w: w1 });
        }
        // rule 4: a negative value below mode j+1, at a point that may be in the domain (such a
        // point has B <= -1 + max_u)
        if min_l < 0 && max_u >= 1 {
            return Some(Violation::Borrow { mode: j, min: min_l, up: max_u });
        }
        w = w1;
    }
    None
}

/// The exact rule's bookkeeping for one composition: the walks of B's leaves over the coalesced
/// A, audited after the last leaf ([`StrictAudit::check`]).
pub(crate) struct StrictAudit {
    /// false: CuTe's behaviour only (the rule off), to compare and in tests.
    pub(crate) strict: bool,
    /// The shape `c_j` of every mode of the coalesced A; `None` when one is dynamic.
    pub(crate) shapes: Option<Vec<i64>>,
    /// Whether each stride of the coalesced A is a static `_0`.
    pub(crate) zero: Vec<bool>,
    /// size(A) (of the uncoalesced A); `None` when dynamic.
    pub(crate) size_a: Option<i64>,
    /// The walked leaves (static `_0` strides and an integral A are not recorded: they place
    /// nothing).
    pub(crate) leaves: Vec<LeafWalk>,
    /// A value the rule reads is dynamic: the rule is not applied.
    pub(crate) dynamic: bool,
}

impl StrictAudit {
    /// `flat`: the coalesced A; `size_a`: the size of A itself (coalesce_x may have doubled a
    /// trailing `_1`).
    pub(crate) fn new(flat: &Layout, strict: bool, size_a: Option<Int>) -> Self {
        let shapes: Option<Vec<i64>> = match &flat.shape {
            IntTuple::Tuple(v) => v
                .iter()
                .map(|x| x.as_int().filter(|i| i.is_static).map(|i| i.value))
                .collect(),
            IntTuple::Int(c) => c.is_static.then(|| vec![c.value]),
        };
        let zero = match &flat.stride {
            IntTuple::Tuple(v) => v
                .iter()
                .map(|x| x.as_int().is_some_and(|i| i.is_const(0)))
                .collect(),
            IntTuple::Int(e) => vec![e.is_const(0)],
        };
        StrictAudit {
            strict,
            shapes,
            zero,
            size_a: size_a.filter(|n| n.is_static).map(|n| n.value),
            leaves: Vec::new(),
            dynamic: false,
        }
    }

    /// The exact rule over the recorded leaves. `lhs`, `flat` and `rhs` are for the message.
    pub(crate) fn check(&self, lhs: &dyn Display, flat: &Layout, rhs: &dyn Display) -> Result<()> {
        if !self.strict || self.dynamic {
            return Ok(());
        }
        let (Some(c), Some(size_a)) = (&self.shapes, self.size_a) else {
            return Ok(());
        };
        if self.zero.len() != c.len() {
            return Ok(());
        }
        let Some(v) = exact_rule(c, &self.zero, size_a, &self.leaves) else {
            return Ok(());
        };
        let a_is = format!("coalesced A = {flat} (from A = {lhs}, size {size_a})");
        let leaf = |i: usize| {
            let l = &self.leaves[i];
            format!("B's leaf {}:{} of B = {rhs}", l.s, l.d)
        };
        Err(Error::reject(match v {
            Violation::Magnitude { leaf: i, mode: j } => {
                let st = self.leaves[i].steps[j];
                format!(
                    "composition: a negative stride of B steps over a mode of A whose shape neither divides it \
                     nor exceeds it (strict rule 1, stride magnitude: |rest_stride| % curr_shape == 0 || \
                     |rest_stride| < curr_shape, where the mode's stride is not _0 and B has elements past it in \
                     the domain): {} reaches mode {j} (size {}) of {a_is} with rest stride {}, and |{}| neither \
                     is a multiple of {} nor is less than it; the result would not be A∘B",
                    leaf(i),
                    c[j],
                    st.rd,
                    st.rd,
                    c[j]
                )
            }
            Violation::Partial { leaf: i, mode: j } => {
                let st = self.leaves[i].steps[j];
                format!(
                    "composition: a leaf of B takes part of a mode of A and continues into the next mode, so \
                     the mode's shape must be a multiple of the stride (strict rule 2, exact partial walk: \
                     curr_shape % |rest_stride| == 0, where the mode's stride is not _0 and B has elements past \
                     it in the domain): {} takes {} elements of mode {j} (size {}) of {a_is} at stride {} and \
                     continues into mode {}, but |{}| does not divide {}; the result would not be A∘B",
                    leaf(i),
                    st.n,
                    c[j],
                    st.rd,
                    j + 1,
                    st.rd,
                    c[j]
                )
            }
            Violation::Carry { mode: j, max, w } => format!(
                "composition: B's leaves overlap inside a mode of A (strict rule 3, no carry: their values \
                 below a mode's end reach it at a point that may be in the domain): below the end of mode {j} \
                 (weight {w}) of {a_is}, the leaves of B = {rhs} reach {max}; the result would not be A∘B"
            ),
            Violation::Borrow { mode: j, min, up } => format!(
                "composition: B places a negative digit in a mode of A below a positive digit in a higher mode \
                 (strict rule 4, no borrow: a negative stride would borrow from the higher mode): below the end \
                 of mode {j} of {a_is}, the leaves of B = {rhs} reach down to {min} while above it they reach \
                 {up}; the result would not be A∘B"
            ),
        }))
    }
}

#[cfg(test)]
mod lattice_tests {
    use super::*;

    /// `leaf_max` by its definition, k by k.
    fn leaf_max_def(d: i128, s: i128, g: i128, lo: i128, hi: i128, n: i128) -> i128 {
        let fits = |k: i128| {
            if g == 0 {
                return (0..n).contains(&(d * k));
            }
            let t0 = -((-lo).div_euclid(g));
            (t0..=hi.div_euclid(g)).any(|t| (0..n).contains(&(d * k + g * t)))
        };
        1 + (0..s).filter(|&k| fits(k)).max().unwrap_or(0)
    }

    #[test]
    fn first_mod_is_the_least() {
        for m in 1..40i128 {
            for a in 0..m {
                for l in 0..m {
                    for r in l..m {
                        let want = (0..m).find(|&k| (l..=r).contains(&((a * k) % m)));
                        assert_eq!(first_mod(a, m, l, r), want, "a {a} m {m} [{l}, {r}]");
                    }
                }
            }
        }
    }

    #[test]
    fn leaf_max_is_its_definition() {
        let mut x: u64 = 0x9e3779b97f4a7c15;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n) as i128
        };
        for _ in 0..40_000 {
            let d = (next(40) + 1) * if next(2) == 0 { 1 } else { -1 };
            let (s, n) = (next(12) + 1, next(40) + 1);
            let g = if next(2) == 0 { 0 } else { next(50) + 1 };
            let (lo, hi) = if g == 0 { (0, 0) } else { (-next(201) * next(2), next(201) * next(2)) };
            assert_eq!(leaf_max(d, s, g, lo, hi, n), leaf_max_def(d, s, g, lo, hi, n), "{d} {s} {g} {lo} {hi} {n}");
        }
    }
}
