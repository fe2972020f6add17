// rejects.txt: `_` keeps the plain-integer mode _4 of A in flat_divide (CuTe: Index out of range).
use tycute::{cute, show, FlatDivide};
fn main() {
    let _ = show::<FlatDivide<cute!((_8,_4,_4,_4):(_1,_8,_32,_128)), cute!(((_2,_2):(_1,_2),_4,_,_2:_2))>>();
}
