// rejects.txt: a profile of rank 3 for a layout of rank 2.
use tycute::{cute, show, CoalesceProfile};
fn main() {
    println!("{}", show::<CoalesceProfile<cute!((_2,_4):(_1,_2)), cute!((_1,_1,_1))>>());
}
