// CuTe's left inverse divisibility condition: (_4,_3):(_3,_2) sorted by stride is (_3:_2, _4:_3), and the stride _3 is not a multiple of the stride _2 below it.
use tycute::{cute, show, LeftInverse};
fn main() {
    let _ = show::<LeftInverse<cute!((_4,_3):(_3,_2))>>();
}
