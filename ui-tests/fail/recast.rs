// upcast, downcast and recast_layout of layouts and composed layouts: the strides, the offset
// and the ratio of the two types' sizes must allow the change of element.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// upcast_divisibility (rule `UpcastDivisibility`):
// upcast<4>: the static stride _6 and 4 do not divide one another.
mod upcast_divisibility {
    use tycute::{cute, show, Upcast};
    fn case() {
        let _ = show::<Upcast<cute!(4), cute!((_4,_4):(_1,_6))>>();
    }
}

// upcast_composed_offset (rule `OffsetUpcastDivisible`):
// upcast<4> of a composed layout whose static offset _6 is not a multiple of 4.
mod upcast_composed_offset {
    use tycute::{cute, show, Upcast};
    fn case() {
        let _ = show::<Upcast<cute!(4), cute!(Sw<3,3,3> o _6 o (_8,_8):(_8,_1))>>();
    }
}

// downcast_not_adjacent (rule `DowncastAdjacent`):
// From tests/vectors/rejects.txt: downcast<2> needs a stride-_1 mode; (_4,_4):(_4,_16) has none.
mod downcast_not_adjacent {
    use tycute::{cute, show, Downcast};
    fn case() {
        let _ = show::<Downcast<cute!(2), cute!((_4,_4):(_4,_16))>>();
    }
}

// recast_layout_ratio (rule `RecastRatioSupported`):
// recast_layout from a 24-bit to a 16-bit type: 16/24 is neither an integer nor the inverse of one.
mod recast_layout_ratio {
    use tycute::swizzle::recast::{uint16_t, RecastLayout, SizeofBits};
    use tycute::{cute, show};
    struct Odd;
    impl SizeofBits for Odd {
        type Bits = tycute::typenum::P24;
    }
    fn case() {
        let _ = show::<RecastLayout<Odd, uint16_t, cute!(Sw<3,4,3>)>>();
    }
}

fn main() {}
