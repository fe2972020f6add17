// rejects.txt: the two modes of (_2,_4):(_2,_1) overlap, so complement has no answer.
use tycute::{cute, show, Complement};
fn main() {
    let _ = show::<Complement<cute!((_2,_4):(_2,_1))>>();
}
