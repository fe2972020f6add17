// An RS GMMA reads A from registers, so A must be K-major (CuTe's static_assert in the operation).
extern crate tycute_layout as tycute;
use tycute_atom::{MmaTraits, MMA_Atom, SM90_64x64x16_F16F16F16_RS, K, MN};
use tycute_layout::show;
fn main() {
    println!("{}", show::<<MMA_Atom<SM90_64x64x16_F16F16F16_RS<MN, K>> as MmaTraits>::LayoutA_TV>());
}
