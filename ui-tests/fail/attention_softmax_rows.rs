// O is rescaled with the row statistics each thread keeps for S: P·V's accumulators must hold
// the same rows per thread as S's. With P·V's warpgroups along N they do not.
use tycute::{bfloat16_t, cute, show, atom::{MMA_Atom, SM90_64x128x16_F32BF16BF16_RS, K, MN}, tiled::mma::tiled_mma::{NoPermutation, TiledMMA}};
use tycute_attention::{convert_layout_acc_rowcol::SoftmaxRows, tile::{AttentionTile, TiledMmaQKOf, Hd256}};
use typenum::consts::{P80, P128, P256};
struct SplitN;
impl AttentionTile for SplitN {
    type Element = bfloat16_t;
    type BlockM = P128;
    type BlockN = P80;
    type HeadDim = P256;
    type BlockKPV = P80;
    type TiledMmaQK = TiledMmaQKOf<Hd256<bfloat16_t>>;
    type TiledMmaPV = TiledMMA<MMA_Atom<SM90_64x128x16_F32BF16BF16_RS<K, MN>>, cute!((_1,_2,_1):(_0,_1,_0)), NoPermutation>;
    type TileS = cute!((_128,_80):(_1,_128));
    type TileP = cute!((_128,_80):(_1,_128));
}
fn main() {
    let _ = show::<SoftmaxRows<SplitN>>();
}
