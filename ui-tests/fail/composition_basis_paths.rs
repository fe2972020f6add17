// The paths 1 and 1,0 of B select nested modes of A: CuTe cannot form B's coprofile
// (static assertion "Arithmetic tuple op+ error!").
use tycute::{cute, show, Composition};
type A = cute!((_4,(_2,_3)):(_6,(_3,_1)));
type B = cute!((_2,_2):(_1@1,_1@0@1));
fn main() {
    println!("{}", show::<Composition<A, B>>());
}
