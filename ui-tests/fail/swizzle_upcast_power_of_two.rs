// upcast<3> of a swizzle: N must be a power of two.
use tycute::{cute, show, swizzle::recast::SwizzleUpcast};
fn main() {
    let _ = show::<SwizzleUpcast<cute!(3), cute!(Sw<3,3,3>)>>();
}
