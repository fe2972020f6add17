// upcast<4> of a composed layout whose static offset _6 is not a multiple of 4.
use tycute::{cute, show, Upcast};
fn main() {
    let _ = show::<Upcast<cute!(4), cute!(Sw<3,3,3> o _6 o (_8,_8):(_8,_1))>>();
}
