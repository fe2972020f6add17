// make_ordered_layout: an order of rank 2 for a shape of rank 3.
use tycute::{cute, show, MakeOrderedLayout};
fn main() {
    let _ = show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0))>>();
}
