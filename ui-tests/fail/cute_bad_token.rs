// A malformed CuTe text: the error points at the bad token.
type A = tycute::cute!((_4,_2):(_1;_4));
fn main() {}
