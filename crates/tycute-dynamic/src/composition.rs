//! composition(A, B) = A ∘ B, for layout and tiler right-hand sides, with tycute's strict rule.
//!
//! # CuTe's algorithm
//! A is first coalesced (`coalesce_x`, which keeps A's function also past its size), giving flat
//! modes `c_0:e_0, ..., c_{R-1}:e_{R-1}`. B distributes: each leaf mode `s:d` of B is composed
//! separately and the results keep B's shape structure. For one leaf, a static `d == _0` gives
//! `s:d` unchanged, and an integer A gives `s:(d*e)`. Otherwise CuTe walks the modes of A
//! (all but the last) with `rest_shape = s`, `rest_stride = d`:
//! ```text
//!   check (static values only)  rest_stride % c_j == 0 || rest_stride < c_j      (signed)
//!   next_shape  = ceil_div(c_j, |rest_stride|)
//!   next_stride = ceil_div(|rest_stride|, c_j) * sign(rest_stride)
//!   if next_shape == _1 or rest_shape == _1:  rest_stride = next_stride          (skip mode j)
//!   else: new_shape = min(next_shape, rest_shape)
//!         check (static values only)  rest_shape % new_shape == 0
//!         emit new_shape : rest_stride * e_j
//!         rest_shape /= new_shape; rest_stride = next_stride
//! ```
//! and finally emits `rest_shape : rest_stride * e_{R-1}` in the last mode (dropped when
//! `rest_shape` is `_1`; a single emitted mode is an integer layout). The two checks are CuTe's
//! "Stride Divisibility Condition" and "Shape Divisibility Condition"; they hold for every leaf.
//! Emitting `n` elements at rest stride `r` in mode j is a *placement*: it puts the digits
//! `0, r, ..., (n-1)·r` into coordinate j of A; `(n-1)·r` is the placement's *digit*.
//!
//! # The exact rule (tycute)
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
//!   [`DOMAIN_ROUNDS`] rounds.
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
//! The rule applies wherever composition is used: `with_shape`, the divides and products,
//! `max_common_*`, `tile_to_shape`, and (per basis path) scaled-basis right-hand sides.

use crate::coalesce::coalesce_x;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Tiler;
use std::cell::{Cell, RefCell};
use std::fmt::Display;

/// Over-rejection of the exact rule, measured by the test `over_rejection_rate` (deterministic
/// random pairs of static flat layouts of 1-4 modes, shapes 1..8, in the classes of
/// `composition_rule.py`): per class `(name, rejected, compositions that CuTe accepts and that
/// are A∘B on the domain)`. The test fails when a class's rate exceeds twice the rate here (or
/// `2/d` for a class with none). What is left are compositions whose domain is a few scattered points (a
/// leaf of B whose non-zero coordinates all lie outside it, which no box around the domain
/// sees) or where two errors of CuTe's result cancel, e.g.
/// `composition((_2,_1):(_-4,_-6), (_1,_3,_2,_8):(_-14,_-5,_16,_-8))`, whose domain is
/// `{0, 8}` (docs/design.md, "Composition: the exact rule").
pub const STRICT_RULE_OVER_REJECTS: &[(&str, u32, u32)] = &[
    ("neg", 5, 18_200),
    ("nonneg", 0, 14_788),
    ("compact", 0, 24_897),
    ("trailing1", 3, 17_085),
];

/// The number of rounds that tighten the box of B's coordinates around the domain
/// (`effective_ranges`); the type level runs the same number.
pub const DOMAIN_ROUNDS: usize = 4;

/// One step of a leaf's walk, at a mode `j < R-1` of the coalesced A.
#[derive(Clone, Copy, Debug)]
struct StepRec {
    /// `K_j`: how many of the leaf's coordinates the modes `<= j` hold (the product of the
    /// elements placed there); a coordinate `k` has `k mod K_j` below mode j+1 and
    /// `k div K_j` above.
    k: i64,
    /// `ρ_j`: the rest stride after mode j, in units of the weight of mode j+1.
    rho: i64,
    /// `n_j · rest_stride != ρ_j · c_j`: stepping past mode j does not land where CuTe's walk
    /// goes on (an inexact skip, or part of the mode taken without dividing it).
    inexact: bool,
    /// Mode j was skipped (`n_j == 1`).
    skip: bool,
    /// The rest stride entering mode j and the elements placed there (`n_j`), for the messages.
    rd: i64,
    n: i64,
}

/// What the exact rule needs from one leaf `s:d` of B (static values, `d != 0`, A of 2 modes or
/// more): its walk, one [`StepRec`] per mode `j < R-1`.
#[derive(Clone, Debug)]
struct LeafWalk {
    s: Int,
    d: Int,
    steps: Vec<StepRec>,
}

/// A failed condition of the exact rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Violation {
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
    let range = effective_ranges(leaves, size_a);
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
    strict: bool,
    /// The shape `c_j` of every mode of the coalesced A; `None` when one is dynamic.
    shapes: Option<Vec<i64>>,
    /// Whether each stride of the coalesced A is a static `_0`.
    zero: Vec<bool>,
    /// size(A) (of the uncoalesced A); `None` when dynamic.
    size_a: Option<i64>,
    /// The walked leaves (static `_0` strides and an integral A are not recorded: they place
    /// nothing).
    leaves: Vec<LeafWalk>,
    /// A value the rule reads is dynamic: the rule is not applied.
    dynamic: bool,
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

/// `composition(lhs, rhs)` for two layouts: `R(k) = lhs(rhs(k))`, with CuTe's static/dynamic
/// behaviour and tycute's strict rule (see the module documentation).
pub fn composition(lhs: &Layout, rhs: &Layout) -> Result<Layout> {
    let strict = !CUTE_SEMANTICS.with(|c| c.get());
    let r = composition_with(lhs, rhs, strict);
    if let Err(e) = &r {
        if e.message.contains("(strict rule") {
            LAST_VIOLATION.with(|v| *v.borrow_mut() = Some((lhs.clone(), rhs.clone())));
        }
    }
    r
}

thread_local! {
    static CUTE_SEMANTICS: Cell<bool> = const { Cell::new(false) };
    static LAST_VIOLATION: RefCell<Option<(Layout, Layout)>> = const { RefCell::new(None) };
}

/// Run `f` with CuTe's own composition semantics on this thread: the strict rule off, so every
/// operation computes what C++ CuTe prints. Used to compare and to document deviations.
pub fn with_cute_semantics<T>(f: impl FnOnce() -> T) -> T {
    let old = CUTE_SEMANTICS.with(|c| c.replace(true));
    let r = f();
    CUTE_SEMANTICS.with(|c| c.set(old));
    r
}

/// Whether CuTe's own semantics are switched on for this thread ([`with_cute_semantics`]):
/// tycute's strict rules (the composition rule, the TiledMMA tile rule) are then off.
pub fn cute_semantics() -> bool {
    CUTE_SEMANTICS.with(|c| c.get())
}

/// The `(A, B)` of the last composition on this thread that the strict rule refused (also
/// when it happened inside another operation), cleared by the call.
pub fn take_last_strict_violation() -> Option<(Layout, Layout)> {
    LAST_VIOLATION.with(|v| v.borrow_mut().take())
}

/// The smallest `k < size(B)` with `0 <= B(k) < size(A)` where `R(k) != A(B(k))`, as
/// `(k, B(k), A(B(k)), R(k))`; `None` when R is A∘B on that domain (or it is too large to scan).
pub fn counterexample(a: &Layout, b: &Layout, r: &Layout) -> Option<(i64, i64, i64, i64)> {
    let sa = a.size().ok()?.value;
    let sb = b.size().ok()?.value;
    if sb > 1 << 20 {
        return None;
    }
    for k in 0..sb {
        let bk = b.eval_index(k).ok()?;
        if (0..sa).contains(&bk) {
            let want = a.eval_index(bk).ok()?;
            let got = r.eval_index(k).ok()?;
            if want != got {
                return Some((k, bk, want, got));
            }
        }
    }
    None
}

/// CuTe's composition without tycute's strict rule: only for comparisons in tests and for
/// reporting what CuTe would have printed.
pub fn composition_cute(lhs: &Layout, rhs: &Layout) -> Result<Layout> {
    composition_with(lhs, rhs, false)
}

fn composition_with(lhs: &Layout, rhs: &Layout, strict: bool) -> Result<Layout> {
    let flat = coalesce_x(lhs).map_err(|e| e.context("composition"))?;
    let mut audit = StrictAudit::new(&flat, strict, lhs.size().ok());
    let r = compose_modes(&flat, &rhs.shape, &rhs.stride, &mut audit)
        .map_err(|e| e.context("composition"))?;
    audit.check(lhs, &flat, rhs)?;
    Ok(r)
}

/// `composition(lhs, tiler)`: a tuple tiler composes mode by mode and *drops* the modes of
/// `lhs` beyond its rank; `_` keeps the layout; an integer `N` is the layout `N:_1`.
pub fn composition_tiler(lhs: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(v) => {
            ensure!(
                v.len() <= lhs.rank(),
                "composition: the tiler has more modes than the layout (rank(tiler) = _{}, rank(A) = _{}): tiler {tiler}, layout {lhs}",
                v.len(),
                lhs.rank()
            );
            let mut out = Vec::with_capacity(v.len());
            for (i, t) in v.iter().enumerate() {
                out.push(composition_tiler(&lhs.mode(i)?, t)?);
            }
            Ok(Layout::concat(&out))
        }
        Tiler::Underscore => Ok(lhs.clone()),
        Tiler::Int(n) => composition(lhs, &Layout::raw(IntTuple::Int(*n), IntTuple::st(1))),
        Tiler::Layout(l) => composition(lhs, l),
    }
}

/// Distribute over the modes of B (`transform_layout` over B's shape).
fn compose_modes(
    flat: &Layout,
    shape: &IntTuple,
    stride: &IntTuple,
    audit: &mut StrictAudit,
) -> Result<Layout> {
    match (shape, stride) {
        (IntTuple::Tuple(sv), IntTuple::Tuple(dv)) => {
            ensure!(
                sv.len() == dv.len(),
                "Mismatched ranks of B's shape {shape} and stride {stride}"
            );
            let mut out = Vec::with_capacity(sv.len());
            for (s, d) in sv.iter().zip(dv) {
                out.push(compose_modes(flat, s, d, audit)?);
            }
            Ok(Layout::concat(&out))
        }
        (IntTuple::Int(s), IntTuple::Int(d)) => compose_leaf_audited(flat, *s, *d, audit),
        _ => Err(Error::reject(format!(
            "Mismatched ranks of B's shape {shape} and stride {stride}"
        ))),
    }
}

/// One leaf `s:d` of B against the coalesced A; its walk is recorded in `audit`.
pub(crate) fn compose_leaf_audited(
    flat: &Layout,
    s: Int,
    d: Int,
    audit: &mut StrictAudit,
) -> Result<Layout> {
    if d.is_const(0) {
        // static stride-0 leaf: returned unchanged (it places nothing)
        return Ok(Layout::raw(IntTuple::Int(s), IntTuple::Int(d)));
    }
    let (lshape, lstride) = match (&flat.shape, &flat.stride) {
        (IntTuple::Int(_), IntTuple::Int(e)) => {
            // A is a single integer mode: s : d*e (nothing for the strict rule to check)
            return Ok(Layout::raw(IntTuple::Int(s), IntTuple::Int(d.mul(*e)?)));
        }
        (IntTuple::Tuple(cv), IntTuple::Tuple(ev)) => (cv, ev),
        _ => return Err(Error::reject("coalesced A is not congruent")),
    };
    let r = lshape.len();
    ensure!(r > 0, "A has no modes");
    // the walk as the exact rule sees it; None once a value it reads is dynamic
    let mut walk = (s.is_static && d.is_static).then(|| LeafWalk {
        s,
        d,
        steps: Vec::with_capacity(r - 1),
    });
    let mut placed: i64 = 1;
    let mut result_shape: Vec<Int> = Vec::new();
    let mut result_stride: Vec<Int> = Vec::new();
    let mut rest_shape = s;
    let mut rest_stride = d;
    for i in 0..r - 1 {
        let curr_shape = lshape[i].expect_int("coalesced A")?;
        let curr_stride = lstride[i].expect_int("coalesced A")?;
        // CuTe's Stride Divisibility Condition (signed), when static
        if curr_shape.is_static && rest_stride.is_static {
            let divides =
                curr_shape.value != 0 && rest_stride.value.wrapping_rem(curr_shape.value) == 0;
            ensure!(
                divides || rest_stride.value < curr_shape.value,
                "Stride Divisibility Condition: the rest stride {rest_stride} of B's mode {s}:{d} neither is a \
                 multiple of nor is less than the size {curr_shape} of mode {i} of coalesced A = {flat}"
            );
        }
        if !(curr_shape.is_static && rest_stride.is_static && rest_shape.is_static) {
            walk = None;
        }
        let abs_rest = rest_stride.abs()?;
        let next_shape = curr_shape.ceil_div(abs_rest)?;
        let next_stride = abs_rest.ceil_div(curr_shape)?.mul(rest_stride.signum())?;
        let record = |walk: &mut Option<LeafWalk>, placed: &mut i64, n: i64| {
            if let Some(w) = walk.as_mut() {
                // the step is exact when n·rest_stride == next_stride·curr_shape
                let (rd, c, nd) = (rest_stride.value, curr_shape.value, next_stride.value);
                *placed = placed.saturating_mul(n);
                w.steps.push(StepRec {
                    k: *placed,
                    rho: nd,
                    inexact: (n as i128) * (rd as i128) != (nd as i128) * (c as i128),
                    skip: n == 1,
                    rd,
                    n,
                });
            }
        };
        if next_shape.is_const(1) || rest_shape.is_const(1) {
            // mode i is skipped (rest_stride covers it) or the leaf is already exhausted
            record(&mut walk, &mut placed, 1);
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        // CuTe's Shape Divisibility Condition, when static
        if new_shape.is_static && rest_shape.is_static {
            ensure!(
                new_shape.value != 0 && rest_shape.value.wrapping_rem(new_shape.value) == 0,
                "Shape Divisibility Condition: B's mode {s}:{d} has {rest_shape} elements left, not a multiple \
                 of the {new_shape} that fit in mode {i} (size {curr_shape}) of coalesced A = {flat}"
            );
        }
        if !new_shape.is_static {
            walk = None;
        }
        record(&mut walk, &mut placed, new_shape.value);
        result_shape.push(new_shape);
        result_stride.push(rest_stride.mul(curr_stride)?);
        rest_shape = rest_shape.div(new_shape)?;
        rest_stride = next_stride;
    }
    if !(rest_shape.is_static && rest_stride.is_static) {
        walk = None;
    }
    match walk {
        Some(w) => audit.leaves.push(w),
        None => audit.dynamic = true,
    }
    let last_stride = lstride[r - 1].expect_int("coalesced A")?;
    let ints = |v: Vec<Int>| IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect());
    if result_shape.is_empty() {
        // rest_shape : rest_stride * e_{R-1}
        return Ok(Layout::raw(
            IntTuple::Int(rest_shape),
            IntTuple::Int(rest_stride.mul(last_stride)?),
        ));
    }
    if rest_shape.is_const(1) {
        // (new_shape_0, ...) : (...), unwrapped when a single mode
        return Ok(Layout::raw(
            ints(result_shape).unwrap(),
            ints(result_stride).unwrap(),
        ));
    }
    result_shape.push(rest_shape);
    result_stride.push(rest_stride.mul(last_stride)?);
    Ok(Layout::raw(ints(result_shape), ints(result_stride)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn compose(a: &str, b: &str) -> Result<String> {
        composition(&l(a), &l(b)).map(|r| r.to_string())
    }

    /// The rejection's message, which must name the strict rule `rule`.
    fn rejected(a: &str, b: &str, rule: &str) -> String {
        let e = composition(&l(a), &l(b)).unwrap_err();
        assert!(e.is_reject(), "{e}");
        assert!(
            e.message.contains(rule),
            "{a} o {b}: want {rule:?}, got {e}"
        );
        assert!(e.message.contains("the result would not be A∘B"), "{e}");
        e.message
    }

    #[test]
    fn examples() {
        assert_eq!(
            composition(&l("(_8,_4,_4,_4):(_1,_8,_32,_128)"), &l("_2:_1")).unwrap(),
            l("_2:_1")
        );
        assert_eq!(
            composition(&l("(4,(_2,_2)):(_2,(_1,8))"), &l("_4:_2")).unwrap(),
            l("(2,2,1):(_4,1,8)")
        );
        assert_eq!(
            composition(&l("(_3,_1,_2):(_6,_1,_3)"), &l("_2:_2")).unwrap(),
            l("_2:_12")
        );
        let t: Tiler = "(_2,_12)".parse().unwrap();
        assert_eq!(
            composition_tiler(&l("(_2,(_3,_8)):(_24,(_8,_0))"), &t).unwrap(),
            l("(_2,(_3,_4)):(_24,(_8,_0))")
        );
        let t: Tiler = "(_2)".parse().unwrap();
        assert_eq!(
            composition_tiler(&l("(_8,_8):(_1,_8)"), &t).unwrap(),
            l("(_2):(_1)")
        );
    }

    /// The type level's examples with negative strides (`tycute_layout::algebra::composition`).
    #[test]
    fn negative_strides() {
        for (a, b, r) in [
            (
                "(_4,_4):(_-1,_1)",
                "(_2,_4,_2):(_1,_2,_8)",
                "(_2,(_2,_2),_2):(_-1,(_-2,_1),_2)",
            ),
            (
                "(_1,(_2,_4)):(_0,(_-1,_512))",
                "_4:_-1",
                "(_2,_2):(_1,_-512)",
            ),
            ("(_4):(_-1)", "(_4):(_-1)", "(_4):(_1)"),
            // the accepted neighbours of the two rejections below
            (
                "(_3,_8):(_8,_-1)",
                "(_4,_6):(_-3,_1)",
                "(_4,(_3,_2)):(_1,(_8,_-1))",
            ),
            (
                "(_2,_4,_4):(_1,_2,_2)",
                "(_2,_4):(_32,_1)",
                "(_2,_4):(_8,_1)",
            ),
            (
                "(_2,_4,_4):(_1,_2,_2)",
                "(_4,_2):(_1,_-2)",
                "(_4,_2):(_1,_-2)",
            ),
            (
                "(_2,_4,_4):(_1,_2,_2)",
                "(_2,_2,_8):(_8,_-8,_1)",
                "(_2,_2,_8):(_2,_-2,_1)",
            ),
        ] {
            let got = compose(a, b).unwrap_or_else(|e| panic!("{a} o {b}: {e}"));
            assert_eq!(got, r, "{a} o {b}");
            assert_eq!(counterexample(&l(a), &l(b), &l(r)), None, "{a} o {b}");
        }
    }

    /// One rejection per condition; what CuTe prints for each is not A∘B.
    #[test]
    fn strict_rule_rejections() {
        let cases = [
            // CuTe: (_4,(_3,_2)):(_2,(_8,_-1)); B(17) = 0, A(0) = 0, R(17) = 9
            (
                "(_3,_8):(_8,_-1)",
                "(_4,_6):(_-4,_1)",
                "strict rule 1, stride magnitude",
            ),
            // CuTe: (_2,_2):(_3,_6); B(3) = 6, A(6) = 7, R(3) = 9
            (
                "(_4,_6):(_1,_5)",
                "_4:_3",
                "strict rule 2, exact partial walk",
            ),
            // NVIDIA/cutlass#3177: CuTe prints (_8,_2):(_8,_64); at 12, A(B(12)) = 1, R(12) = 96
            (
                "(_12,_8):(_8,_1)",
                "(_8,_2):(_1,_8)",
                "strict rule 3, no carry",
            ),
            (
                "(_3,_1,_2):(_6,_1,_3)",
                "(_2,_2):(_2,_1)",
                "strict rule 3, no carry",
            ),
            // CuTe: (_2,_4):(_8,_-1); B(3) = 31, A(31) = 13, R(3) = 7
            (
                "(_2,_4,_4):(_1,_2,_2)",
                "(_2,_4):(_32,_-1)",
                "strict rule 4, no borrow",
            ),
            // B(5) = 7, A(7) = 7, R(5) = 1
            (
                "(_2,_4,_4):(_1,_2,_2)",
                "(_4,_2):(_-1,_8)",
                "strict rule 4, no borrow",
            ),
        ];
        for (a, b, rule) in cases {
            rejected(a, b, rule);
            let rc = composition_cute(&l(a), &l(b)).unwrap();
            assert!(
                counterexample(&l(a), &l(b), &rc).is_some(),
                "{a} o {b}: CuTe's {rc} is A∘B"
            );
        }
        let m = rejected("(_12,_8):(_8,_1)", "(_8,_2):(_1,_8)", "strict rule 3");
        assert!(m.contains("B's leaves overlap inside a mode of A"), "{m}");
        assert!(m.contains("below the end of mode 0 (weight 12)"), "{m}");
        assert!(m.contains("reach 15"), "{m}");
        let m = rejected("(_3,_8):(_8,_-1)", "(_4,_6):(_-4,_1)", "strict rule 1");
        assert!(
            m.contains("a negative stride of B steps over a mode of A"),
            "{m}"
        );
        let m = rejected("(_4,_6):(_1,_5)", "_4:_3", "strict rule 2");
        assert!(
            m.contains("takes part of a mode of A and continues into the next mode"),
            "{m}"
        );
        let m = rejected(
            "(_2,_4,_4):(_1,_2,_2)",
            "(_2,_4):(_32,_-1)",
            "strict rule 4",
        );
        assert!(
            m.contains("B places a negative digit in a mode of A below a positive digit"),
            "{m}"
        );
        // the violation is recorded for the vectors test
        take_last_strict_violation();
        rejected("(_12,_8):(_8,_1)", "(_8,_2):(_1,_8)", "strict rule 3");
        assert_eq!(
            take_last_strict_violation(),
            Some((l("(_12,_8):(_8,_1)"), l("(_8,_2):(_1,_8)")))
        );
        // CuTe's semantics: the rule off
        assert_eq!(
            with_cute_semantics(|| compose("(_12,_8):(_8,_1)", "(_8,_2):(_1,_8)")).unwrap(),
            "(_8,_2):(_8,_64)"
        );
    }

    /// The two refinements that remove over-rejections: inert leaves and the top mode.
    #[test]
    fn strict_rule_refinements() {
        for (a, b, r) in [
            // the positive leaf reaches 5 < 8: B(i) >= 0 puts the _-8 leaf at 0 (inert), so its
            // step over A's _3 does not matter
            (
                "(_3,_8):(_8,_-1)",
                "(_2,_6):(_-8,_1)",
                "(_2,(_3,_2)):(_3,(_8,_-1))",
            ),
            // A's trailing _1: coalesce_x gives (_4,_2):(_1,_7), whose top mode is _4, A's own
            // last mode: the walk may leave it inexactly, and digits may reach past it
            ("(_4,_1):(_1,_7)", "_4:_3", "(_2,_2):(_3,_7)"),
            ("(_8,_1):(_1,_0)", "(_4,_4):(_2,_1)", "(_4,_4):(_2,_1)"),
            (
                "(_3,_1):(_11,_13)",
                "(_6,_4):(_2,_3)",
                "((_2,_3),_4):((_22,_13),_13)",
            ),
        ] {
            let got = compose(a, b).unwrap_or_else(|e| panic!("{a} o {b}: {e}"));
            assert_eq!(got, r, "{a} o {b}");
            assert_eq!(counterexample(&l(a), &l(b), &l(r)), None, "{a} o {b}");
        }
        // the guard of the top mode: a live leaf places a negative digit in coalesce_x's `_2`
        // ((_7,_2):(_-6,_5)), so the top mode stays the last one and rule 2 applies to mode 0;
        // CuTe's result is wrong at i = 8: B(8) = 3, A(3) = -18, R(8) = 0
        let (a, b) = ("(_7,_1):(_-6,_5)", "(_6,_7):(_5,_-7)");
        rejected(a, b, "strict rule 2, exact partial walk");
        let rc = composition_cute(&l(a), &l(b)).unwrap();
        assert_eq!(counterexample(&l(a), &l(b), &rc), Some((8, 3, -18, 0)));
    }

    #[test]
    fn cute_weak_checks() {
        let e = composition(&l("(_4,_6):(_1,_5)"), &l("_2:_6")).unwrap_err();
        assert!(e.message.contains("Stride Divisibility Condition"), "{e}");
    }

    /// With a dynamic value that the rule reads, the composition is CuTe's (as the type level has
    /// no dynamic values, the rule is a static one, like CuTe's own checks).
    #[test]
    fn dynamic_values_keep_cute_semantics() {
        assert_eq!(
            compose("(_12,_8):(_8,_1)", "(8,_2):(_1,_8)").unwrap(),
            "((8,1),_2):((_8,_1),_64)"
        );
        assert_eq!(
            compose("(12,_8):(_8,_1)", "(_8,_2):(_1,_8)").unwrap(),
            "((8,1),(2,1)):((_8,1),(_64,1))"
        );
        // a dynamic stride of A is not read by the rule
        rejected("(_12,_8):(8,_1)", "(_8,_2):(_1,_8)", "strict rule 3");
    }

    // -----------------------------------------------------------------------------------------
    // Property tests against the definition i ↦ A(B(i))

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
