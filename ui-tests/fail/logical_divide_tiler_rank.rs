// rejects.txt: a tiler of rank 2 for a layout of rank 1.
use tycute::{cute, show, LogicalDivide};
fn main() {
    let _ = show::<LogicalDivide<cute!(_8:_1), cute!((_2,_2))>>();
}
