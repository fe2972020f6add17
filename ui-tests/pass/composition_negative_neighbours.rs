// The neighbours of composition_negative_stride and composition_borrow, two modules of
// ui-tests/fail/composition.rs.
use tycute::{cute, show, Composition};
fn main() {
    // |_-3| is a multiple of A's first mode _3
    assert_eq!(show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_4,_6):(_-3,_1))>>(), "(_4,(_3,_2)):(_1,(_8,_-1))");
    // the _-8 leaf is inert: the positive leaf reaches only 5, so B(i) >= 0 keeps it at 0
    assert_eq!(show::<Composition<cute!((_3,_8):(_8,_-1)), cute!((_2,_6):(_-8,_1))>>(), "(_2,(_3,_2)):(_3,(_8,_-1))");
    // no negative digit below a positive one
    assert_eq!(show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_2,_4):(_32,_1))>>(), "(_2,_4):(_8,_1)");
    assert_eq!(show::<Composition<cute!((_2,_4,_4):(_1,_2,_2)), cute!((_4,_2):(_1,_-2))>>(), "(_4,_2):(_1,_-2)");
}
