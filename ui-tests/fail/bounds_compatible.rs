// CuTe's compatible(A, B): a tuple mode of A needs a tuple mode of B of the same rank.
use tycute::{bounds::Compatible, cute};
fn reshape<A: Compatible<cute!((_128,_64))>>() {}
fn main() {
    reshape::<cute!((_128,(_8,_8)):(_64,(_1,_8)))>();
}
