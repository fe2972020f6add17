// The neighbours of ui-tests/fail/composition.rs::composition_carry: B's modes no longer carry
// across A's modes.
use tycute::{cute, show, Composition};
fn main() {
    assert_eq!(show::<Composition<cute!((_12,_8):(_8,_1)), cute!((_4,_2):(_1,_4))>>(), "(_4,_2):(_8,_32)");
    assert_eq!(show::<Composition<cute!((_3,_1,_2):(_6,_1,_3)), cute!(_2:_2)>>(), "_2:_12");
}
