//! Compile-fail tests: every rejection tycute promises is proven by a trybuild case in
//! `ui-tests/fail` with its committed `.stderr`. Their accepted neighbours, `ui-tests/pass`, are
//! built and run by the root package's `tests/ui_pass.rs` as ordinary tests.
//!
//! The cases are grouped by rule family, one module per case in a file such as
//! `fail/composition.rs`: each file is a rustc process of its own (docs/perf.md, compile time,
//! has what a process and a case cost). Apart stay the `cute!` syntax cases (`fail/cute_*.rs`: a
//! macro error stops rustc before type checking, and would hide the errors of the other cases in
//! its file) and the attention cases (`fail/attention_*.rs`: tycute-attention's header test
//! reads their `.stderr` by name). docs/testing.md says how to add a case.
//!
//! With only compile-fail cases trybuild checks all of them in one `cargo check`; with a pass case
//! in the same run it builds every case on its own, 80 cargo runs (267 s instead of about a
//! minute on 2 cores, docs/perf-history.md).
/// The rustflags trybuild (1.0.122) gives its second cargo run (its own plus
/// `--diagnostic-width=140`), for both runs: cargo takes `CARGO_ENCODED_RUSTFLAGS` over
/// trybuild's `--config` flags, so the dependencies it checks in its first run are fresh in the
/// second instead of being checked again under other flags (about half of this test's time).
const TRYBUILD_RUSTFLAGS: [&str; 6] = ["--cfg", "trybuild", "--verbose", "-A", "dead_code", "--diagnostic-width=140"];

#[test]
fn ui() {
    std::env::set_var("CARGO_ENCODED_RUSTFLAGS", TRYBUILD_RUSTFLAGS.join("\x1f"));
    let t = trybuild::TestCases::new();
    t.compile_fail("fail/*.rs");
}
