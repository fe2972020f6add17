// The fp8 path (the 8-bit A layout and permute_Aregs_fp8's permutation) asked for a bf16 tile:
// 16-bit A is a pure re-view of the accumulators, AccAsAregs.
use tycute::{bfloat16_t, show};
use tycute_attention::{permute_aregs_fp8::AccAsAregsFp8, tile::Hd128};
fn main() {
    let _ = show::<AccAsAregsFp8<Hd128<bfloat16_t>>>();
}
