// Two leaves of B on the path 1 both step over the first mode of get<1>(A) = (_2,_3):(_3,_1):
// CuTe prints (_2,_2):(_3,_3), which maps i = 3 (coordinate 1 + 1 = 2 of mode 1, A = 1) to 6.
use tycute::{cute, show, Composition};
type A = cute!((_4,(_2,_3)):(_6,(_3,_1)));
type B = cute!((_2,_2):(_1@1,_1@1));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
