// cosize((_128,_64):(_1,_256)) = 127 + 63*256 + 1 = 16256, not 8192 (a padded layout).
use tycute::{bounds::CosizeIs, cute};
fn fits<L: CosizeIs<8192>>() {}
fn main() {
    fits::<cute!((_128,_64):(_1,_256))>();
}
