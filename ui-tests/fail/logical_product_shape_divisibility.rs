// rejects.txt: the per-mode products compose A's complement with _3:_1, which does not fit its modes.
use tycute::{cute, show, LogicalProduct};
fn main() {
    let _ = show::<LogicalProduct<cute!(((_2,_4),_2):((_8,_2),_1)), cute!((_3:_1,_3:_1))>>();
}
