// HasSize<T>: the size as a type (any number, here 12288 = 128 x 32 x 3), given 128 x 64 x 3 = 24576.
use tycute::{bounds::HasSize, cute};
fn stages<L: HasSize<cute!(_12288)>>() {}
fn main() {
    stages::<cute!((_128,_64,_3))>();
}
