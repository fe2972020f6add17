// S = Q K^T's atom N must divide kBlockN: a 64x192x16 atom over a 128-wide S tile.
use tycute::{bfloat16_t, show, atom::{SM90_64x192x16_F32BF16BF16_SS, K}};
use tycute_attention::{tile::{Fa3Tile, Fa3Atoms}, AccAsAregs};
use typenum::consts::{P2, P128};
type Bad = Fa3Tile<bfloat16_t, SM90_64x192x16_F32BF16BF16_SS<K, K>, <bfloat16_t as Fa3Atoms>::Rs128, P2, P128, P128, P128>;
fn main() {
    let _ = show::<AccAsAregs<Bad>>();
}
