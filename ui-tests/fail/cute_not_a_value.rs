// `x4` is not CuTe syntax (static integers are `_4`).
type A = tycute::cute!((_4,x4):(_1,_4));
fn main() {}
