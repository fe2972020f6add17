// rejects.txt: make_tiled_copy_A of ldmatrix.x4 (8 halves per thread) for one 16x8x8 atom, which holds 4 halves of A per thread.
use tycute::{show, atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x8_F16F16F16F16_TN}, swizzle::recast::half_t, tiled::{copy::{MakeTiledCopyA, TiledLayout_TV}, mma::MakeTiledMma}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>();
}
