// rejects.txt: a rank-3 block for a rank-2 target shape.
use tycute::{cute, show, TileToShape};
fn main() {
    let _ = show::<TileToShape<cute!((_8,_8,_2):(_1,_8,_64)), cute!((_16,_16))>>();
}
