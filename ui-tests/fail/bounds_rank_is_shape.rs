// Bounds take any value with the quantity: RankIs on a shape, not just on a layout.
use tycute::{bounds::RankIs, cute};
fn modes<S: RankIs<3>>() {}
fn main() {
    modes::<cute!((_128,_128))>();
}
