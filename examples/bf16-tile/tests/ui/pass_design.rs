use tycute_example_bf16_tile::design::{Mma, SmemA, G2S};
use tycute_example_bf16_tile::{stage_bytes_a, tile_for};

fn main() {
    assert_eq!(stage_bytes_a::<SmemA>(), 4096);
    assert_eq!(tile_for::<Mma, G2S>(), (64, 128, 32));
}
