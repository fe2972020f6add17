// A swizzle applied to a negative static offset.
use tycute::{cute, show, SwizzleApply};
fn main() {
    let _ = show::<SwizzleApply<cute!(Sw<3,3,3>), cute!(_-8)>>();
}
