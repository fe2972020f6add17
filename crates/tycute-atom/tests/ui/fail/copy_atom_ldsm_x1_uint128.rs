// rejects.txt: `Copy_Atom SM75_U32x1_LDSM_N uint128_t` -> "CopyOperation is not valid for Dst of ValType."
// ldmatrix .x1 gives each thread 32 bits; upcast<128> of its (_32,_32):(_32,_1) destination merges
// four threads into one value, size<0>(ValLayoutDst) = 8 != 32 threads.
extern crate tycute_layout as tycute;
use tycute_atom::{CopyAtom, Copy_Atom, SM75_U32x1_LDSM_N};
use tycute_layout::show;
use tycute_layout::swizzle::recast::uint128_t;
fn main() {
    println!("{}", show::<<Copy_Atom<SM75_U32x1_LDSM_N, uint128_t> as CopyAtom>::ValLayoutDst>());
}
