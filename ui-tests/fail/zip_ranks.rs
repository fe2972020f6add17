// zip: the top modes (_2,_2) and (_2,_2,_2) do not have the same rank.
use tycute::{cute, show, Zip};
fn main() {
    let _ = show::<Zip<cute!(((_2,_2),(_2,_2,_2)):((_1,_2),(_4,_8,_16)))>>();
}
