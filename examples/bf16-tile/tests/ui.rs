//! The example's own compile-fail tests: designs that do not fit this kernel are compile errors
//! that state the rule and the numbers.

use tycute_example_bf16_tile::design::{Mma, SmemA, G2S};
use tycute_example_bf16_tile::{stage_bytes_a, tile_for};

#[test]
fn mismatched_designs_do_not_compile() {
    // trybuild checks the dependencies, then checks them again for the cases under one more
    // rustflag (`--diagnostic-width=140`); cargo takes CARGO_ENCODED_RUSTFLAGS over trybuild's
    // flags, so with its second set given for both runs the dependencies are checked once
    let flags = ["--cfg", "trybuild", "--verbose", "-A", "dead_code", "--diagnostic-width=140"];
    std::env::set_var("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"));
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail_*.rs");
}

/// The accepted neighbour of the failing designs: the same generic calls on the design that
/// fits. An ordinary test, not a trybuild `pass` case: with one, trybuild builds (code
/// generation and linking) every case on its own instead of checking them all in one run.
#[test]
fn the_design_fits() {
    assert_eq!(stage_bytes_a::<SmemA>(), 4096);
    assert_eq!(tile_for::<Mma, G2S>(), (64, 128, 32));
}
