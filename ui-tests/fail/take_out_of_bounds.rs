// take<1,4> of a rank-3 layout: CuTe's static_assert(0 <= B && E <= rank, "take: range out of bounds").
use tycute::{cute, show, Take, typenum::{P1, P4}};
fn main() {
    let _ = show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P1, P4>>();
}
