// CuTe's left inverse divisibility condition: stride _3 is not a multiple of the size _2 below it... of (_4,_3):(_3,_2).
use tycute::{cute, show, LeftInverse};
fn main() {
    let _ = show::<LeftInverse<cute!((_4,_3):(_3,_2))>>();
}
