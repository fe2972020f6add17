// A stage of (64,64) where the kernel's stage of A is (64,32).
use tycute::{cute, TileToShape};
use tycute_example_bf16_tile::design::SwizzleAtom;
use tycute_example_bf16_tile::stage_bytes_a;

fn main() {
    let _ = stage_bytes_a::<TileToShape<SwizzleAtom, cute!((_64,_64))>>();
}
