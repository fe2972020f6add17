// rejects.txt: the tile _128 meets the mode (_1,_2,_12) of A, whose 12 does not split into the tile's rest.
use tycute::{cute, show, LogicalDivide};
fn main() {
    let _ = show::<LogicalDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_128))>>();
}
