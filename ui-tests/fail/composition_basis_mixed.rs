// A non-zero integer stride next to scaled-basis strides: CuTe cannot form B's coprofile
// (static assertion "ScaledBasis op+ error!").
use tycute::{cute, show, Composition};
type A = cute!((_4,_4):(_4,_1));
type B = cute!((_2,_2):(_1@1,_1));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
