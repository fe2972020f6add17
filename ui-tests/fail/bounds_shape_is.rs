// ShapeIs compares the whole tree: (_128,_64) is not (_128,(_8,_8)).
use tycute::{bounds::ShapeIs, cute};
fn tile<L: ShapeIs<cute!((_128,(_8,_8)))>>() {}
fn main() {
    tile::<cute!((_128,_64):(_64,_1))>();
}
