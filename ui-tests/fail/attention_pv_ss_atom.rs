// P·V must read P from registers: with an _SS atom, S's accumulators would have to go through
// shared memory, and convert_layout_acc_Aregs is no view of anything P·V reads.
use tycute::{bfloat16_t, show, atom::{SM90_64x128x16_F32BF16BF16_SS, K, MN}};
use tycute_attention::{tile::{Fa3Tile, Fa3Atoms}, AccAsAregs};
use typenum::consts::{P2, P128};
type Bad = Fa3Tile<bfloat16_t, <bfloat16_t as Fa3Atoms>::Ss128, SM90_64x128x16_F32BF16BF16_SS<K, MN>, P2, P128, P128, P128>;
fn main() {
    let _ = show::<AccAsAregs<Bad>>();
}
