// layout<2> of a rank-2 layout (CuTe: get<I>'s "Index out of range").
use tycute::{cute, show, LayoutAt, typenum::P2};
fn main() {
    let _ = show::<LayoutAt<cute!((_8,_2):(_1,_8)), P2>>();
}
