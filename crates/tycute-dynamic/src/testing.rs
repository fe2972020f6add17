//! Proptest strategies and helpers shared by the property tests of the algebra modules.

use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use proptest::prelude::*;

/// Random static layouts: up to `max_rank` top-level modes, each a leaf or a pair, sizes 1..=6,
/// strides 0..=24, at most 4096 elements.
pub fn static_layout(max_rank: usize) -> impl Strategy<Value = Layout> {
    let leaf = (1i64..=6, 0i64..=24).prop_map(|(s, d)| (IntTuple::st(s), IntTuple::st(d)));
    let mode = prop_oneof![
        3 => leaf.clone(),
        1 => (leaf.clone(), leaf).prop_map(|(a, b)| (IntTuple::tuple(vec![a.0, b.0]), IntTuple::tuple(vec![a.1, b.1]))),
    ];
    proptest::collection::vec(mode, 1..=max_rank)
        .prop_map(|modes| {
            if modes.len() == 1 {
                let (s, d) = modes.into_iter().next().expect("one mode");
                return Layout::raw(s, d);
            }
            Layout::raw(
                IntTuple::Tuple(modes.iter().map(|m| m.0.clone()).collect()),
                IntTuple::Tuple(modes.iter().map(|m| m.1.clone()).collect()),
            )
        })
        .prop_filter("at most 4096 elements", |l| {
            l.size().is_ok_and(|s| s.value <= 4096)
        })
}

/// Random injective static layouts: a compact layout of the given mode sizes, with its modes
/// permuted and gaps multiplied into the strides.
pub fn injective_layout(max_rank: usize) -> impl Strategy<Value = Layout> {
    proptest::collection::vec((1i64..=5, 1i64..=3), 1..=max_rank)
        .prop_flat_map(|modes| {
            let n = modes.len();
            (
                Just(modes),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            )
        })
        .prop_map(|(modes, perm)| {
            // stride of mode perm[k] = product of (size*gap) of the modes placed before it
            let mut strides = vec![0i64; modes.len()];
            let mut cur = 1i64;
            for &m in &perm {
                cur *= modes[m].1;
                strides[m] = cur;
                cur *= modes[m].0;
            }
            Layout::raw(
                IntTuple::Tuple(modes.iter().map(|m| IntTuple::st(m.0)).collect()),
                IntTuple::Tuple(strides.iter().map(|d| IntTuple::st(*d)).collect()),
            )
        })
}

/// The full table of a (small) layout.
pub fn table(l: &Layout) -> Vec<i64> {
    l.table(1 << 16).expect("small layout")
}

/// True when the layout maps distinct indices to distinct offsets.
pub fn injective(l: &Layout) -> bool {
    let mut t = table(l);
    let n = t.len();
    t.sort_unstable();
    t.dedup();
    t.len() == n
}

/// The number of cases for a fuzz target: `default`, or `TYCUTE_FUZZ_CASES` when set (for a
/// longer campaign, e.g. `TYCUTE_FUZZ_CASES=200000 cargo test --release -p tycute-dynamic never_panics`).
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("TYCUTE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
