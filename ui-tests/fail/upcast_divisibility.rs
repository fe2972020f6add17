// upcast<4>: the static stride _6 and 4 do not divide one another.
use tycute::{cute, show, Upcast};
fn main() {
    let _ = show::<Upcast<cute!(4), cute!((_4,_4):(_1,_6))>>();
}
