// recast_layout from a 24-bit to a 16-bit type: 16/24 is neither an integer nor the inverse of one.
use tycute::swizzle::recast::{uint16_t, RecastLayout, SizeofBits};
use tycute::{cute, show};
struct Odd;
impl SizeofBits for Odd {
    type Bits = tycute::typenum::P24;
}
fn main() {
    let _ = show::<RecastLayout<Odd, uint16_t, cute!(Sw<3,4,3>)>>();
}
