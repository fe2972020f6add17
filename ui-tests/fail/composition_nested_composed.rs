// composition of two swizzled layouts: CuTe nests them (Sw<2,1,2> o _0 o Sw<..> o _0 o L); tycute
// represents one swizzle per composed layout and rejects the nesting at both levels (the runtime
// twin: REJECT composition: the result would nest composed layouts ...).
use tycute::{cute, show, Composition};
fn main() {
    let _ = show::<Composition<cute!(Sw<2,1,2> o _0 o (_4,_4):(_4,_1)), cute!(Sw<1,0,2> o _0 o (_4,_4):(_1,_4))>>();
}
