// rejects.txt: `_` over the plain mode _8 of A in an unzipping divide (CuTe: Index out of range).
use tycute::{cute, show, ZippedDivide};
fn main() {
    let _ = show::<ZippedDivide<cute!((_8,_4):(_1,_8)), cute!((_,_2))>>();
}
