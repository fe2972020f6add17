// idx2crd: a tuple index for an integer shape.
use tycute::{cute, show, Idx2Crd};
fn main() {
    let _ = show::<Idx2Crd<cute!((_1,_2)), cute!(_8)>>();
}
