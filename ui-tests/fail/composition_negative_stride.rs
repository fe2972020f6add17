// CuTe accepts this composition (its stride check `rest_stride < curr_shape` holds for every
// negative stride) and prints (_4,(_3,_2)):(_2,(_8,_-1)), which is not A∘B: at i = 17,
// B(17) = 0 and A(0) = 0, but the result gives 9. |_-4| neither divides nor stays below A's _3.
use tycute::{cute, show, Composition};
type A = cute!((_3,_8):(_8,_-1));
type B = cute!((_4,_6):(_-4,_1));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
