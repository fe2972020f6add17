// rejects.txt: downcast<2> needs a stride-_1 mode; (_4,_4):(_4,_16) has none.
use tycute::{cute, show, Downcast};
fn main() {
    let _ = show::<Downcast<cute!(2), cute!((_4,_4):(_4,_16))>>();
}
