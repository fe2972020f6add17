// A non-injective block: logical_product's complement rejects it with the complement's rule, in
// the const form the vectors generator writes (the rejected complement used to send the
// composition built on it into a trait-solver overflow, E0275, which hid the rule).
use tycute::repr::Repr;
use tycute::{cute, LogicalProduct, Reify};
type T = LogicalProduct<cute!((_2,_7,_8):(_7,_12,_5)), cute!(_3:_1)>;
const R: &Repr = &<T as Reify>::REPR;
fn main() {
    let _ = R;
}
