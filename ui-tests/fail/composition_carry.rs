// CuTe accepts this composition (weak stride check, NVIDIA/cutlass #3177) and prints
// (_8,_2):(_8,_64), which is not A∘B: at i = 12, A(B(12)) = A(12) = 1 but the result gives 96.
use tycute::{cute, show, Composition};
type A = cute!((_12,_8):(_8,_1));
type B = cute!((_8,_2):(_1,_8));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
