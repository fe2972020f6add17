// wgmma's fp8 form (e4m3/e5m2) reads A and B K-major only: an MN-major A (SS) or B (RS) is no MMA.
use tycute::{cute, show, atom::{MMA_Atom, K, MN, SM90_64x128x32_F32E4M3E4M3_SS, SM90_64x64x32_F16E5M2E4M3_RS}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
fn main() {
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM90_64x128x32_F32E4M3E4M3_SS<MN, K>>, cute!((_2,_1,_1):(_1,_0,_0)), cute!((_128,_128,_32))>>>();
    let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM90_64x64x32_F16E5M2E4M3_RS<K, MN>>, cute!((_1,_1,_1):(_0,_0,_0)), cute!((_64,_64,_32))>>>();
}
