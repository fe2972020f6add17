// rejects.txt: the block (_8,_8) does not divide the target shape (_12,_16).
use tycute::{cute, show, TileToShape};
fn main() {
    let _ = show::<TileToShape<cute!((_8,_8):(_1,_8)), cute!((_12,_16))>>();
}
