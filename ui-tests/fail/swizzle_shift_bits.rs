// Sw<3,3,2> composed with a layout: |S| = 2 < B = 3 (CuTe: static_assert(abs(num_shft) >= num_bits,
// "abs(SShift) must be more than BBits.")). The runtime twin: REJECT Swizzle: abs(SShift) must be
// more than BBits (|S| >= B): Sw<3,3,2>.
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!(Sw<3,3,2>), cute!((_8,_64):(_64,_1))>>();
}
