// Strict rule 2: _4:_4 takes 2 elements of A's mode _6 at stride 4 and goes on into the next mode; 6 % 4 != 0 (CuTe accepts, A(B(2)) = A(8) = 10 but its result gives 8).
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!((_6,_4):(_1,_8)), cute!(_4:_4)>>();
}
