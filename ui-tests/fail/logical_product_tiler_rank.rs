// rejects.txt: a tiler of rank 2 for a block of rank 1.
use tycute::{cute, show, LogicalProduct};
fn main() {
    let _ = show::<LogicalProduct<cute!(_4:_1), cute!((_2,_2))>>();
}
