// P·V's K tile (P's columns) must be S's N: a 128-wide S cannot feed a 96-deep P·V.
use tycute::{bfloat16_t, show};
use tycute_attention::{tile::{Fa3Tile, Fa3Atoms}, AccAsAregs};
use typenum::consts::{P2, P96, P128};
type Bad = Fa3Tile<bfloat16_t, <bfloat16_t as Fa3Atoms>::Ss128, <bfloat16_t as Fa3Atoms>::Rs128, P2, P128, P128, P128, P96>;
fn main() {
    let _ = show::<AccAsAregs<Bad>>();
}
