// retile_D of a fragment (_4,_3,_1), 12 values, by ldmatrix.x2 over the 16x8x16 TiledMMA, which copies
// 8 values per thread: the last copy would reach past the fragment.
use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x2_LDSM_N}, swizzle::recast::half_t, tiled::copy::{RetileD, TiledCopy}};
type TC = TiledCopy<
    Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
    cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
    cute!((_32,_16)),
>;
fn main() {
    let _ = show::<RetileD<TC, cute!((_4,_3,_1):(_1,_4,_0))>>();
}
