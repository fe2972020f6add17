// composition(Layout, ComposedLayout) needs the composed layout's offset to be _0 (CuTe: Require offset == 0.).
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!((_8,_8):(_8,_1)), cute!(Sw<3,3,3> o _8 o (_8,_8):(_8,_1))>>();
}
