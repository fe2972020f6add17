// take<1,1>: CuTe's static_assert(B < E, "take: empty range error").
use tycute::{cute, show, Take, typenum::P1};
fn main() {
    let _ = show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P1, P1>>();
}
