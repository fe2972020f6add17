// Two modes land on the same offsets: complement cannot be formed.
use tycute::{cute, show, Complement};
fn main() {
    println!("{}", show::<Complement<cute!((_4,_2):(_1,_2))>>());
}
