// rejects.txt: tiled_divide by _64 meets the mode (_1,_2,_12) of A (Shape Divisibility Condition).
use tycute::{cute, show, TiledDivide};
fn main() {
    let _ = show::<TiledDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_64))>>();
}
