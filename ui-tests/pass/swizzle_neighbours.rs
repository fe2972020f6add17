// The accepted neighbours of the swizzle cases in ui-tests/fail.
use tycute::swizzle::{recast::SwizzleUpcast, MakeSwizzle};
use tycute::{cute, show, SwizzleApply};
fn main() {
    // swizzle_params_range: |S| = 3 >= B = 3
    assert_eq!(show::<SwizzleApply<cute!(Sw<2,3,3>), cute!(_100)>>(), "_108");
    // swizzle_apply_negative: a non-negative offset
    assert_eq!(show::<SwizzleApply<cute!(Sw<3,4,-4>), cute!(_100)>>(), "_1636");
    // make_swizzle_masks: 0b111 and 0b111000000 are runs of 3 bits
    assert_eq!(show::<MakeSwizzle<cute!(_7), cute!(_448)>>(), "Sw<3,0,-6>");
    // swizzle_upcast_power_of_two
    assert_eq!(show::<SwizzleUpcast<cute!(2), cute!(Sw<3,3,3>)>>(), "Sw<3,2,3>");
}
