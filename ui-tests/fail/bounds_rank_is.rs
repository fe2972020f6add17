// A rank-2 bound given a rank-3 layout.
use tycute::{bounds::RankIs, cute};
fn matrix<L: RankIs<2>>() {}
fn main() {
    matrix::<cute!((_128,_64,_3):(_64,_1,_8192))>();
}
