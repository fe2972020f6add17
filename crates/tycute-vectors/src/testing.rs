//! Proptest helpers of the harness's property tests.

use proptest::prelude::*;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::layout::Layout;

/// Random static layouts: up to `max_rank` top-level modes, each a leaf or a pair, sizes 1..=6,
/// strides 0..=24, at most 4096 elements (the twin's own strategy, for op arguments).
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
                return Layout::new(s, d).expect("congruent by construction");
            }
            Layout::new(
                IntTuple::Tuple(modes.iter().map(|m| m.0.clone()).collect()),
                IntTuple::Tuple(modes.iter().map(|m| m.1.clone()).collect()),
            )
            .expect("congruent by construction")
        })
        .prop_filter("at most 4096 elements", |l| {
            l.size().is_ok_and(|s| s.value <= 4096)
        })
}

/// The number of cases for a fuzz target: `default`, or `TYCUTE_FUZZ_CASES` when set (for a
/// longer campaign, e.g. `TYCUTE_FUZZ_CASES=200000 cargo test --release -p tycute-vectors never_panics`).
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("TYCUTE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
