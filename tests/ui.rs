//! Compile-fail tests: every rejection tycute promises is proven by a trybuild case in
//! `ui-tests/fail` with its committed `.stderr`; `ui-tests/pass` holds the accepted neighbours.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}
