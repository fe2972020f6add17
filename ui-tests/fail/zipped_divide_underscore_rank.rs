// `_` keeps mode 0 of A, a rank-3 tuple: zipped_divide cannot read it as a (tile, rest) pair.
use tycute::{cute, show, ZippedDivide};
fn main() {
    let _ = show::<ZippedDivide<cute!(((_2,_2,_2),_8):((_1,_2,_4),_8)), cute!((_,_2))>>();
}
