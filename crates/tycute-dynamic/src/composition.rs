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
//! The rule applies wherever composition is used: `with_shape`, the divides and products,
//! `max_common_*`, `tile_to_shape`, and (per basis path) scaled-basis right-hand sides.
use crate::coalesce::coalesce_x;
use crate::composition_rule::{LeafWalk, StepRec, StrictAudit};
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::Tiler;
use std::cell::{Cell, RefCell};

pub use crate::composition_rule::{DOMAIN_ROUNDS, STRICT_RULE_OVER_REJECTS};

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
}

/// The compositions the lattice box accepts that the linear box alone rejected (the smallest of
/// the 94 of `composition_check over 1000000 12648430 all`, docs/testing.md): CuTe's result, and
/// `A∘B` on the domain by brute force.
#[cfg(test)]
mod lattice_box_tests {
    use super::*;

    /// `(A, B, CuTe's result, the rule the linear box alone named)`.
    /// The results are CuTe's formula (`Leaf.modes` of composition_rule.py's model of CuTe's
    /// walk, the same strides); the test checks them against `A(B(i))` on the domain.
    pub(crate) const LATTICE_ACCEPTS: &[(&str, &str, &str, &str)] = &[
        ("(_3,_1,_1):(_1,_-1,_10)", "(_2,_2,_4):(_-6,_-13,_18)", "(_2,_2,_4):(_-20,_-50,_60)", "strict rule 1"),
        ("(_2,_1):(_3,_-18)", "(_3,_2,_5):(_-13,_-24,_16)", "(_3,_2,_5):(_126,_216,_-144)", "strict rule 1"),
        ("((_2,_1)):((_3,_3))", "(_6,_3,_2):(_16,_-13,_-24)", "(_6,_3,_2):(_24,_-21,_-36)", "strict rule 1"),
        ("(_4,_1):(_1,_3)", "((_2,_2),_5):((_20,_-10),_-20)", "((_2,_2),_5):((_15,_-9),_-15)", "strict rule 1"),
        // a stride-0 mode of A
        ("((_2,_1)):((_0,_6))", "((_6,_4),_2):((_-4,_4),_-1)", "((_6,_4),_2):((_-12,_12),_0)", "strict rule 4"),
        // two leaves: the lattice box is the exact box
        ("(_2,_1):(_-3,_-3)", "((_7,_8)):((_-23,_22))", "((_7,_8)):((_36,_-33))", "strict rule 1"),
    ];

    #[test]
    fn lattice_box_accepts() {
        for &(a, b, want, _) in LATTICE_ACCEPTS {
            let (la, lb): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
            let r = composition(&la, &lb).unwrap_or_else(|e| panic!("{a} o {b}: {e}"));
            assert_eq!(r.to_string(), want, "{a} o {b}");
            let (na, nb) = (la.size().unwrap().value, lb.size().unwrap().value);
            let mut domain = 0;
            for i in 0..nb {
                let x = lb.eval_index(i).unwrap();
                if (0..na).contains(&x) {
                    domain += 1;
                    assert_eq!(r.eval_index(i).unwrap(), la.eval_index(x).unwrap(), "{a} o {b} at {i}");
                }
            }
            assert!(domain > 0, "{a} o {b}: empty domain");
        }
    }
}
