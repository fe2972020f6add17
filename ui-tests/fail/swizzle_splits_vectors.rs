// Sw<3,2,3> on half_t permutes 8-byte units (4 halves): a 16-byte vector of 8 halves would be split.
use tycute::{cute, show, swizzle::{recast::half_t, SwizzledVector}};
fn main() {
    let _ = show::<SwizzledVector<cute!(Sw<3,2,3> o _0 o (_8,_64):(_64,_1)), half_t>>();
}
