// crd2idx: the coordinate ((_1,_1),_2) is not congruent to the shape (_4,_8).
use tycute::{cute, show, Crd2Idx};
fn main() {
    let _ = show::<Crd2Idx<cute!(((_1,_1),_2)), cute!((_4,_8)), cute!((_1,_4))>>();
}
