// CuTe's shape divisibility condition: 2 of B's 3 elements fit in A's first mode _4 at stride _2, and 3 % 2 != 0.
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_3:_2)>>();
}
