// make_swizzle: the masks 0b101 and 0b110000 are not runs of equal length.
use tycute::{cute, show, swizzle::MakeSwizzle};
fn main() {
    let _ = show::<MakeSwizzle<cute!(_5), cute!(_48)>>();
}
