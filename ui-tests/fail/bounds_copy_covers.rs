// sgemm_sm80's G2S copy (a 16x64 tile) over a 120x64 tensor: 120 % 16 != 0.
use tycute::{atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, bounds::CopyCovers, cute, numeric::{half_t, uint128_t}, tiled::copy::MakeTiledCopy};
type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
fn load<TC: CopyCovers<cute!((_120,_64):(_64,_1))>>() {}
fn main() {
    load::<G2S>();
}
