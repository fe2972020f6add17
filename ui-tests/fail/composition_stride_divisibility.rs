// CuTe's stride divisibility condition: B's stride _6 steps over A's first mode _4, neither a multiple of it nor smaller.
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_2:_6)>>();
}
