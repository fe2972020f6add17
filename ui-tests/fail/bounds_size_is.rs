// A generic function for 8192-element tiles, given a 64x64 layout: the message states both sizes.
use tycute::{bounds::SizeIs, cute};
fn smem_tile<L: SizeIs<8192>>() {}
fn main() {
    smem_tile::<cute!((_64,_64):(_64,_1))>();
}
