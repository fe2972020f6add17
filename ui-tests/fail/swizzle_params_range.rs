// Sw<3,3,2>: |S| = 2 < B = 3, CuTe's static_assert(abs(S) >= B).
use tycute::{cute, show, SwizzleApply};
fn main() {
    let _ = show::<SwizzleApply<cute!(Sw<3,3,2>), cute!(_100)>>();
}
