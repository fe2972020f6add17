// Sw<2,-1,3>: a negative base M (CuTe: static_assert(num_base >= 0, "MBase must be positive.")),
// rejected wherever the swizzle is used, here printed.
use tycute::{cute, show};
fn main() {
    let _ = show::<cute!(Sw<2,-1,3>)>();
}
