//! Compile-fail tests: every rejection tycute promises is proven by a trybuild case in
//! `ui-tests/fail` with its committed `.stderr`. Their accepted neighbours, `ui-tests/pass`, are
//! built and run by the root package's `tests/ui_pass.rs` as ordinary tests.
//!
//! With only compile-fail cases trybuild checks all of them in one `cargo check`; with a pass case
//! in the same run it builds every case on its own, 80 cargo runs (267 s instead of about a
//! minute on 2 cores, docs/perf-history.md).
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("fail/*.rs");
}
