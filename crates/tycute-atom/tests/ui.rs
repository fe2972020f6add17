//! Compile-fail tests: every rejection of this crate is a trybuild case in `tests/ui/fail` with
//! its committed `.stderr` (CuTe's message). Their accepted neighbours, `tests/ui/pass`, are built
//! and run by `tests/ui_pass.rs` as an ordinary test: with a pass case trybuild builds every case
//! on its own (code generation and linking) instead of checking them all in one cargo run.

/// The rustflags trybuild (1.0.122) gives its second cargo run (its own plus
/// `--diagnostic-width=140`), for both runs: cargo takes `CARGO_ENCODED_RUSTFLAGS` over
/// trybuild's `--config` flags, so the dependencies it checks in its first run are fresh in the
/// second instead of being checked again under other flags.
const TRYBUILD_RUSTFLAGS: [&str; 6] = ["--cfg", "trybuild", "--verbose", "-A", "dead_code", "--diagnostic-width=140"];

#[test]
fn ui() {
    std::env::set_var("CARGO_ENCODED_RUSTFLAGS", TRYBUILD_RUSTFLAGS.join("\x1f"));
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail/*.rs");
}
