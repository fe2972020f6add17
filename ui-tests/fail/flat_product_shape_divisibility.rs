// rejects.txt: the complement of A = (_4,(_4,(_1,_8))):(_64,(_16,(_0,_1))) composed with _3:_1 (Shape Divisibility Condition).
use tycute::{cute, show, FlatProduct};
fn main() {
    let _ = show::<FlatProduct<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!(_3:_1)>>();
}
