// CuTe accepts this composition and prints (_2,_4):(_8,_-1), which is not A∘B: at i = 3,
// B(3) = 31 and A(31) = 13, but the result gives 7. The _-1 leaf places negative digits in
// A's first mode (coalesced: (_8,_4):(_1,_2)) below the _32 leaf's positive digit in the second.
use tycute::{cute, show, Composition};
type A = cute!((_2,_4,_4):(_1,_2,_2));
type B = cute!((_2,_4):(_32,_-1));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
