// The neighbours of the malformed texts parse, and print back as written.
type A = tycute::cute!((_4,_2):(_1,_4));
type B = tycute::cute!(Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64)));
fn main() {
    assert_eq!(tycute::show::<A>(), "(_4,_2):(_1,_4)");
    assert_eq!(tycute::show::<B>(), "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))");
}
