// UniversalCopy needs whole bytes (CuTe: static_assert(sizeof_bits_v<S> >= 8)).
extern crate tycute_layout as tycute;
use tycute_atom::{CopyAtom, Copy_Atom, UniversalCopy};
use tycute_layout::show;
use tycute_layout::swizzle::recast::uint4_t;
fn main() {
    println!("{}", show::<<Copy_Atom<UniversalCopy<uint4_t>, uint4_t> as CopyAtom>::ValLayoutSrc>());
}
