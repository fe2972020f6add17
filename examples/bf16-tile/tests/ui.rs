//! The example's own compile-fail tests: designs that do not fit this kernel are compile errors
//! that state the rule and the numbers.

#[test]
fn mismatched_designs_do_not_compile() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass_*.rs");
    t.compile_fail("tests/ui/fail_*.rs");
}
