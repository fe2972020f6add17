// fp32 accumulators read as 8-bit A: e4m3 P·V packs four values a register in another order
// than the accumulators, so the view needs FA3's register permutation (permute_Aregs_fp8).
use tycute::{bfloat16_t, show, atom::SM90_64x128x32_F32E4M3E4M3_RS_TN};
use tycute_attention::{tile::{Fa3Tile, Fa3Atoms}, AccAsAregs};
use typenum::consts::{P2, P128};
type Bad = Fa3Tile<bfloat16_t, <bfloat16_t as Fa3Atoms>::Ss128, SM90_64x128x32_F32E4M3E4M3_RS_TN, P2, P128, P128, P128>;
fn main() {
    let _ = show::<AccAsAregs<Bad>>();
}
