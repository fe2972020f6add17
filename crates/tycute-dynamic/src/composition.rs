//! composition(A, B) = A ∘ B, for layout and tiler right-hand sides, with tycute's strict rule.
//!
//! # CuTe's algorithm
//! A is first coalesced (`coalesce_x`, which keeps A's function also past its size), giving flat
//! modes `c_0:e_0, ..., c_{R-1}:e_{R-1}`. B distributes: each leaf mode `s:d` of B is composed
//! separately and the results keep B's shape structure. For one leaf, a static `d == _0` gives
//! `s:d` unchanged, and an integer A gives `s:(d*e)`. Otherwise CuTe walks the modes of A
//! (all but the last) with `rest_shape = s`, `rest_stride = d`:
//! ```text
//!   next_shape  = ceil_div(c_i, |rest_stride|)
//!   next_stride = ceil_div(|rest_stride|, c_i) * sign(rest_stride)
//!   if next_shape == _1 or rest_shape == _1:  rest_stride = next_stride          (skip mode i)
//!   else: new_shape = min(next_shape, rest_shape)
//!         emit new_shape : rest_stride * e_i
//!         rest_shape /= new_shape; rest_stride = next_stride
//! ```
//! and finally emits `rest_shape : rest_stride * e_{R-1}` in the last mode (dropped when
//! `rest_shape` is `_1`; a single emitted mode is an integer layout).
//!
//! # The strict rule (tycute)
//! CuTe checks, only when the values involved are static, the weak conditions
//! (a) `rest_stride % c_i == 0 || rest_stride < c_i` ("Stride Divisibility Condition") and
//!     `rest_shape % new_shape == 0` ("Shape Divisibility Condition").
//! These let through results that are not `A∘B` (NVIDIA/cutlass#3177). tycute also requires,
//! structurally and in O(modes of A + leaves of B):
//!
//! (b) **Partial-mode divisibility.** For a leaf `s:d` of B with static `d > 0`: when the walk
//!     takes a *partial* mode `i` (`rest_stride < c_i`, so it emits `new_shape` elements of
//!     mode `i` at stride `rest_stride`) and then *continues* into the next mode
//!     (`rest_shape / new_shape > 1`), then `c_i % rest_stride == 0`. Otherwise stepping past
//!     the end of mode `i` does not land on the start of mode `i+1`.
//!
//! (c) **No carry between the leaves of B.** A leaf that emits `new_shape` elements at
//!     `rest_stride` in mode `i` contributes the "digits" `0, r, 2r, ..., (new_shape-1)*r` to
//!     coordinate `i` of A. For every mode `i` of the coalesced A except the last, the sum over
//!     all leaves of B of their largest digit `(new_shape-1)*rest_stride` must be `< c_i`.
//!     Otherwise some `B(k)` decomposes into A-coordinates with a carry that the distributed
//!     result cannot express, e.g. `composition((_12,_8):(_8,_1), (_8,_2):(_1,_8))`, where CuTe
//!     prints `(_8,_2):(_8,_64)` but at k = 12, A(B(12)) = 1 while the result gives 96.
//!
//! Exemption (refinement): when A's last leaf mode is a static `_1`, `coalesce_x` replaces it by
//! a `_2` mode (so that A's stride survives past its size). If that `_2` stays a separate last
//! mode, the mode before it is A's real last mode: whatever the walk does past it only concerns
//! `k` with `B(k) >= size(A)`, outside the domain of the law, so rules (b) and (c) are not
//! applied to that mode either (without this, e.g. `composition((_3,_1):(_11,_13),
//! (_6,_4):(_2,_3))` was refused although CuTe's result is right on the domain).
//!
//! (b) and (c) are checked only where every value involved is static (like CuTe's own checks);
//! leaves with dynamic or negative strides are not constrained. With each leaf exact by (a)
//! and (b), and no carry by (c), `R(k) = sum of the leaves' A(pos) = A(B(k))` for every `k` with
//! `0 <= B(k) < size(A)`: the rule is sound. The property test `strict_rule_is_sound` checks
//! this against the definition on random static layouts, and `false_reject_rate` measures how
//! often the rule refuses a composition that CuTe accepts and that *is* `A∘B` on the domain
//! (see [`STRICT_RULE_FALSE_REJECTS`]).
//!
//! The rule applies wherever composition is used: `with_shape`, the divides and products,
//! `max_common_*`, `tile_to_shape`.

use crate::coalesce::coalesce_x;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Tiler;
use std::cell::{Cell, RefCell};

/// Measured by the test `false_reject_rate` (20,000 deterministic random pairs of static
/// layouts A, B of rank <= 3, sizes 1..=8, strides 0..=16): of the 9,800 compositions that CuTe
/// accepts and that are `A∘B` on their domain, the strict rule refuses 11 (0.11%); it refuses
/// all 436 that CuTe accepts although they are not `A∘B`. Every remaining false refusal is a
/// walk that steps misaligned (rule b) through a *stride-0* mode of A, where CuTe's result is
/// right only because the misalignment is invisible for the few elements B takes, e.g.
/// `composition((_8,_3):(_0,_7), _6:_3)`.
pub const STRICT_RULE_FALSE_REJECTS: f64 = 11.0 / 9800.0;

/// Per-mode bookkeeping of rule (c): the largest digit each leaf contributes to each mode of
/// the coalesced left-hand side.
pub(crate) struct CarryAudit {
    /// false: CuTe's behaviour only (rules (b) and (c) off), used to compare in tests.
    strict: bool,
    /// Static shape of each non-last mode (None when dynamic: not audited).
    shapes: Vec<Option<i64>>,
    sums: Vec<i64>,
}

impl CarryAudit {
    /// `artificial`: the last mode of `flat` is the `_2` that `coalesce_x` put in place of a
    /// trailing `_1` of A; then the mode before it is A's real last mode, and reaching past it
    /// means `B(k) >= size(A)`, outside the domain on which A∘B is defined, so it is not audited.
    pub(crate) fn new(flat: &Layout, strict: bool, artificial: bool) -> Self {
        let shapes: Vec<Option<i64>> = match &flat.shape {
            IntTuple::Tuple(v) => v
                .iter()
                .take(v.len().saturating_sub(if artificial { 2 } else { 1 }))
                .map(|x| x.as_int().filter(|i| i.is_static).map(|i| i.value))
                .collect(),
            IntTuple::Int(_) => Vec::new(),
        };
        let n = shapes.len();
        CarryAudit {
            strict,
            shapes,
            sums: vec![0; n],
        }
    }

    fn add(&mut self, mode: usize, digit: i64) {
        if let Some(s) = self.sums.get_mut(mode) {
            *s = s.saturating_add(digit);
        }
    }

    pub(crate) fn check(
        &self,
        lhs: &Layout,
        flat: &Layout,
        rhs: &dyn std::fmt::Display,
    ) -> Result<()> {
        if !self.strict {
            return Ok(());
        }
        for (i, (shape, sum)) in self.shapes.iter().zip(&self.sums).enumerate() {
            if let Some(c) = shape {
                ensure!(
                    sum < c,
                    "composition: carry between modes (strict rule c): the leaves of B = {rhs} reach \
                     coordinate {sum} of mode {i} (size {c}) of coalesced A = {flat} (from {lhs}); \
                     the result would not be A∘B"
                );
            }
        }
        Ok(())
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

/// Run `f` with CuTe's own composition semantics on this thread: rules (b) and (c) off, so
/// every operation computes what C++ CuTe prints. Used to compare and to document deviations.
pub fn with_cute_semantics<T>(f: impl FnOnce() -> T) -> T {
    let old = CUTE_SEMANTICS.with(|c| c.replace(true));
    let r = f();
    CUTE_SEMANTICS.with(|c| c.set(old));
    r
}

/// Whether CuTe's own semantics are switched on for this thread ([`with_cute_semantics`]):
/// tycute's strict rules (composition rules b/c, the TiledMMA tile rule) are then off.
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

/// CuTe's composition without tycute's strict rules (b) and (c): only for comparisons in tests
/// and for reporting what CuTe would have printed.
pub fn composition_cute(lhs: &Layout, rhs: &Layout) -> Result<Layout> {
    composition_with(lhs, rhs, false)
}

fn composition_with(lhs: &Layout, rhs: &Layout, strict: bool) -> Result<Layout> {
    let flat = coalesce_x(lhs).map_err(|e| e.context("composition"))?;
    let trailing_one = lhs.shape.leaves().last().is_some_and(|s| s.is_const(1));
    let artificial =
        trailing_one && flat.rank() >= 2 && flat.shape.back().is_some_and(|s| s.is_const(2));
    let mut audit = CarryAudit::new(&flat, strict, artificial);
    let r = compose_modes(&flat, &rhs.shape, &rhs.stride, &mut audit)
        .map_err(|e| e.context("composition"))?;
    audit.check(lhs, &flat, &rhs)?;
    Ok(r)
}

/// `composition(lhs, tiler)`: a tuple tiler composes mode by mode and *drops* the modes of
/// `lhs` beyond its rank; `_` keeps the layout; an integer `N` is the layout `N:_1`.
pub fn composition_tiler(lhs: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(v) => {
            ensure!(
                v.len() <= lhs.rank(),
                "composition: Too many modes in tiler {tiler} for the rank-{} layout {lhs}",
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
    audit: &mut CarryAudit,
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

/// One leaf `s:d` of B against the coalesced A.
pub(crate) fn compose_leaf_audited(
    flat: &Layout,
    s: Int,
    d: Int,
    audit: &mut CarryAudit,
) -> Result<Layout> {
    if d.is_const(0) {
        // static stride-0 leaf: returned unchanged
        return Ok(Layout::raw(IntTuple::Int(s), IntTuple::Int(d)));
    }
    let (lshape, lstride) = match (&flat.shape, &flat.stride) {
        (IntTuple::Int(c), IntTuple::Int(e)) => {
            let _ = c;
            // A is a single integer mode: s : d*e
            return Ok(Layout::raw(IntTuple::Int(s), IntTuple::Int(d.mul(*e)?)));
        }
        (IntTuple::Tuple(cv), IntTuple::Tuple(ev)) => (cv, ev),
        _ => return Err(Error::reject("coalesced A is not congruent")),
    };
    let r = lshape.len();
    ensure!(r > 0, "A has no modes");
    let mut result_shape: Vec<Int> = Vec::new();
    let mut result_stride: Vec<Int> = Vec::new();
    let mut rest_shape = s;
    let mut rest_stride = d;
    for i in 0..r - 1 {
        let curr_shape = lshape[i].expect_int("coalesced A")?;
        let curr_stride = lstride[i].expect_int("coalesced A")?;
        // (a) Stride Divisibility Condition (CuTe's weak form), when static
        if curr_shape.is_static && rest_stride.is_static {
            let divides =
                curr_shape.value != 0 && rest_stride.value.wrapping_rem(curr_shape.value) == 0;
            ensure!(
                divides || rest_stride.value < curr_shape.value,
                "Stride Divisibility Condition: the rest stride {rest_stride} of B's mode {s}:{d} neither is a \
                 multiple of nor is less than the size {curr_shape} of mode {i} of coalesced A = {flat}"
            );
        }
        let abs_rest = rest_stride.abs()?;
        let next_shape = curr_shape.ceil_div(abs_rest)?;
        let next_stride = abs_rest.ceil_div(curr_shape)?.mul(rest_stride.signum())?;
        if next_shape.is_const(1) || rest_shape.is_const(1) {
            // mode i is skipped (rest_stride covers it) or the leaf is already exhausted
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        // (a) Shape Divisibility Condition, when static
        if new_shape.is_static && rest_shape.is_static {
            ensure!(
                new_shape.value != 0 && rest_shape.value.wrapping_rem(new_shape.value) == 0,
                "Shape Divisibility Condition: B's mode {s}:{d} has {rest_shape} elements left, not a multiple \
                 of the {new_shape} that fit in mode {i} (size {curr_shape}) of coalesced A = {flat}"
            );
        }
        let all_static = curr_shape.is_static
            && rest_stride.is_static
            && new_shape.is_static
            && rest_shape.is_static;
        if audit.strict && all_static && rest_stride.value > 0 && i < audit.shapes.len() {
            let continues = rest_shape.value.wrapping_div(new_shape.value) > 1;
            // (b) a partial mode that the walk leaves must be divided by the stride
            if rest_stride.value < curr_shape.value && continues {
                ensure!(
                    curr_shape.value.wrapping_rem(rest_stride.value) == 0,
                    "stride divisibility (strict rule b): B's mode {s}:{d} steps through mode {i} (size \
                     {curr_shape}) of coalesced A = {flat} at stride {rest_stride} and continues into mode {}, \
                     but {rest_stride} does not divide {curr_shape}; the result would not be A∘B",
                    i + 1
                );
            }
            // (c) record the largest digit this leaf puts in mode i
            audit.add(i, (new_shape.value - 1).saturating_mul(rest_stride.value));
        }
        result_shape.push(new_shape);
        result_stride.push(rest_stride.mul(curr_stride)?);
        rest_shape = rest_shape.div(new_shape)?;
        rest_stride = next_stride;
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

    #[test]
    fn strict_rule_rejects_cutlass_3177() {
        let e = composition(&l("(_12,_8):(_8,_1)"), &l("(_8,_2):(_1,_8)")).unwrap_err();
        assert!(e.is_reject());
        assert!(e.message.contains("strict rule c"), "{e}");
        let e = composition(&l("(_3,_1,_2):(_6,_1,_3)"), &l("(_2,_2):(_2,_1)")).unwrap_err();
        assert!(e.message.contains("strict rule"), "{e}");
    }

    #[test]
    fn cute_weak_checks() {
        let e = composition(&l("(_4,_6):(_1,_5)"), &l("_2:_6")).unwrap_err();
        assert!(e.message.contains("Stride Divisibility Condition"), "{e}");
    }

    /// Evaluate `A(B(k))` the slow way.
    fn reference(a: &Layout, b: &Layout, k: i64) -> i64 {
        a.eval_index(b.eval_index(k).unwrap()).unwrap()
    }

    fn small_layout(max_rank: usize) -> impl Strategy<Value = Layout> {
        proptest::collection::vec((1i64..=8, 0i64..=16), 1..=max_rank).prop_map(|modes| {
            let shape = IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.0)).collect());
            let stride = IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.1)).collect());
            Layout::raw(shape, stride)
        })
    }

    /// Is `r` equal to `A∘B` on `{k < size(B) : 0 <= B(k) < size(A)}`?
    fn functionally_correct(a: &Layout, b: &Layout, r: &Layout) -> bool {
        let sa = a.size().unwrap().value;
        let sb = b.size().unwrap().value;
        (0..sb).all(|k| {
            let bk = b.eval_index(k).unwrap();
            !(0..sa).contains(&bk) || r.eval_index(k).unwrap() == reference(a, b, k)
        })
    }

    fn cute_only(a: &Layout, b: &Layout) -> Option<Layout> {
        composition_cute(a, b).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

        /// Soundness: whenever the strict rule accepts, R(k) == A(B(k)) for every k < size(B)
        /// with B(k) < size(A).
        #[test]
        fn strict_rule_is_sound(a in small_layout(3), b in small_layout(3)) {
            if let Ok(r) = composition(&a, &b) {
                prop_assert!(functionally_correct(&a, &b, &r), "A = {a}, B = {b}, R = {r}");
            }
        }
    }

    /// How often does the strict rule reject a composition that CuTe accepts and that is
    /// functionally correct on its domain? Deterministic sweep over a grid of small layouts.
    #[test]
    fn false_reject_rate() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strat = (small_layout(3), small_layout(3));
        let (mut cute_ok_correct, mut false_rejects, mut cute_ok_wrong, mut caught) =
            (0u32, 0u32, 0u32, 0u32);
        let mut examples = Vec::new();
        for _ in 0..20000 {
            let (a, b) = strat.new_tree(&mut runner).unwrap().current();
            let Some(rc) = cute_only(&a, &b) else {
                continue;
            };
            let correct = functionally_correct(&a, &b, &rc);
            let strict = composition(&a, &b);
            if correct {
                cute_ok_correct += 1;
                if strict.is_err() {
                    false_rejects += 1;
                    if examples.len() < 5 {
                        examples.push(format!("A = {a}, B = {b}, CuTe R = {rc}"));
                    }
                }
            } else {
                cute_ok_wrong += 1;
                if strict.is_err() {
                    caught += 1;
                }
            }
        }
        let rate = false_rejects as f64 / cute_ok_correct.max(1) as f64;
        println!(
            "CuTe-accepted & correct: {cute_ok_correct}, strict rejects among them: {false_rejects} ({:.3}%); \
             CuTe-accepted & wrong: {cute_ok_wrong}, strict rejects among them: {caught}",
            100.0 * rate
        );
        for e in &examples {
            println!("  false reject: {e}");
        }
        assert_eq!(
            caught, cute_ok_wrong,
            "the strict rule must reject every wrong CuTe result"
        );
        assert!(
            rate <= 2.0 * STRICT_RULE_FALSE_REJECTS,
            "false reject rate {rate} above the documented rate"
        );
    }
}
