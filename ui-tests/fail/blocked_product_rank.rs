// rejects.txt: blocked_product of a rank-1 block by a rank-1 layout (CuTe: Mismatched Ranks).
use tycute::{cute, show, BlockedProduct};
fn main() {
    let _ = show::<BlockedProduct<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!(_4:_1)>>();
}
