// AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>: MaxVecBits must be 8, 16, 32, 64 or 128.
extern crate tycute_layout as tycute;
use tycute_atom::{AutoVectorizingCopyWithAssumedAlignment, CopyAtom, Copy_Atom};
use tycute_layout::show;
use tycute_layout::swizzle::recast::half_t;
use tycute_layout::typenum::P24;
fn main() {
    println!("{}", show::<<Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<P24>, half_t> as CopyAtom>::ValLayoutSrc>());
}
