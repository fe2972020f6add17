// rejects.txt: make_tiled_copy_C_atom of a 16-byte copy (8 halves) for a 16x8x8 atom with 4 accumulators per thread.
use tycute::{show, atom::{Copy_Atom, MMA_Atom, UniversalCopy, SM80_16x8x8_F16F16F16F16_TN}, swizzle::recast::{half_t, uint128_t}, tiled::{copy::{MakeTiledCopyC_Atom, TiledLayout_TV}, mma::MakeTiledMma}};
fn main() {
    let _ = show::<TiledLayout_TV<MakeTiledCopyC_Atom<Copy_Atom<UniversalCopy<uint128_t>, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>();
}
