// GMMA smem atoms: a 256-bit element does not fit the 128-bit rows of the INTER atom.
use tycute::show;
use tycute::swizzle::{gmma::Layout_K_INTER_Atom, recast::SizeofBits};
struct Wide;
impl SizeofBits for Wide {
    type Bits = tycute::typenum::P256;
}
fn main() {
    let _ = show::<Layout_K_INTER_Atom<Wide>>();
}
