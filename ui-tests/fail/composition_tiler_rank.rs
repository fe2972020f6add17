// rejects.txt: a tiler of rank 2 for a layout of rank 1 (CuTe: static_assert(tuple_size<Tiler> <= rank(A))).
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!(_8:_1), cute!((_2,_2))>>();
}
