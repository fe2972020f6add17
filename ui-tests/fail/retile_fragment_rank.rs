// retile_S of a rank-2 fragment by a copy with a rank-2 Tiler_MN: the fragment must be (V,M,N).
use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x2_LDSM_N}, swizzle::recast::half_t, tiled::copy::{RetileS, TiledCopy}};
type TC = TiledCopy<
    Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
    cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
    cute!((_32,_16)),
>;
fn main() {
    let _ = show::<RetileS<TC, cute!((_8,_16):(_1,_8))>>();
}
