//! Compile-fail tests: every rejection of this crate is a trybuild case in `tests/ui/fail` with
//! its committed `.stderr` (CuTe's message); `tests/ui/pass` holds the accepted neighbours.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
