// convert_layout_acc_Aregs pairs two column groups of 8 into one 16-wide K block of A: an
// accumulator with an odd N/8 (a 64x24 GMMA) has no such view.
use tycute::{cute, show};
use tycute_attention::ConvertLayoutAccAregs;
fn main() {
    let _ = show::<ConvertLayoutAccAregs<cute!(((_2,_2,_3),_1,_1):((_1,_2,_4),_0,_0))>>();
}
