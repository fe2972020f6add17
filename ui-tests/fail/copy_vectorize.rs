// A 16-byte cp.async of halves from K-major gmem into M-major smem: max_common_vector is 1, the atom needs 8.
use tycute::{cute, show, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, swizzle::recast::{half_t, uint128_t}, tiled::copy::CopyVector};
type G2S = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
fn main() {
    let _ = show::<CopyVector<G2S, cute!((_128,_64):(_64,_1)), cute!((_128,_64):(_1,_128))>>();
}
