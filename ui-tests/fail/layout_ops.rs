// Single-layout operations: printing, layout<I>, take, coalesce with a profile, crd2idx and
// idx2crd, zip, make_ordered_layout, complement and left_inverse.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// show_not_a_value (rule `Reify`):
// show prints static values and TiledMMA/TiledCopy; a run-time String has no CuTe text.
mod show_not_a_value {
    use tycute::show;
    fn case() {
        let _ = show::<String>();
    }
}

// layout_at_out_of_range (rule `LayoutIndexInRange`):
// layout<2> of a rank-2 layout (CuTe: get<I>'s "Index out of range").
mod layout_at_out_of_range {
    use tycute::{cute, show, LayoutAt, typenum::P2};
    fn case() {
        let _ = show::<LayoutAt<cute!((_8,_2):(_1,_8)), P2>>();
    }
}

// take_empty_range (rule `TakeRangeNonEmpty`):
// take<1,1>: CuTe's static_assert(B < E, "take: empty range error").
mod take_empty_range {
    use tycute::{cute, show, Take, typenum::P1};
    fn case() {
        let _ = show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P1, P1>>();
    }
}

// take_out_of_bounds (rule `TakeRangeInBounds`):
// take<1,4> of a rank-3 layout: CuTe's static_assert(0 <= B && E <= rank, "take: range out of bounds").
mod take_out_of_bounds {
    use tycute::{cute, show, Take, typenum::{P1, P4}};
    fn case() {
        let _ = show::<Take<cute!((_2,_3,_4):(_1,_2,_6)), P1, P4>>();
    }
}

// coalesce_profile_rank (rule `ProfileFits`):
// From tests/vectors/rejects.txt: a profile of rank 3 for a layout of rank 2.
mod coalesce_profile_rank {
    use tycute::{cute, show, CoalesceProfile};
    fn case() {
        println!("{}", show::<CoalesceProfile<cute!((_2,_4):(_1,_2)), cute!((_1,_1,_1))>>());
    }
}

// crd2idx_ranks (rule `Crd2IdxRanks`):
// crd2idx: the coordinate ((_1,_1),_2) is not congruent to the shape (_4,_8).
mod crd2idx_ranks {
    use tycute::{cute, show, Crd2Idx};
    fn case() {
        let _ = show::<Crd2Idx<cute!(((_1,_1),_2)), cute!((_4,_8)), cute!((_1,_4))>>();
    }
}

// idx2crd_ranks (rule `Idx2CrdRanks`):
// idx2crd: a tuple index for an integer shape.
mod idx2crd_ranks {
    use tycute::{cute, show, Idx2Crd};
    fn case() {
        let _ = show::<Idx2Crd<cute!((_1,_2)), cute!(_8)>>();
    }
}

// zip_ranks (rule `ZipMismatchedRanks`):
// zip: the top modes (_2,_2) and (_2,_2,_2) do not have the same rank.
mod zip_ranks {
    use tycute::{cute, show, Zip};
    fn case() {
        let _ = show::<Zip<cute!(((_2,_2),(_2,_2,_2)):((_1,_2),(_4,_8,_16)))>>();
    }
}

// make_ordered_layout_ranks (rule `OrderRank`):
// make_ordered_layout: an order of rank 2 for a shape of rank 3.
mod make_ordered_layout_ranks {
    use tycute::{cute, show, MakeOrderedLayout};
    fn case() {
        let _ = show::<MakeOrderedLayout<cute!((_4,_8,_3)), cute!((_2,_0))>>();
    }
}

// complement_non_injective (rule `Injective`):
// Two modes land on the same offsets: complement cannot be formed.
mod complement_non_injective {
    use tycute::{cute, show, Complement};
    fn case() {
        println!("{}", show::<Complement<cute!((_4,_2):(_1,_2))>>());
    }
}

// complement_non_injective_swapped (rule `Injective`):
// From tests/vectors/rejects.txt: the two modes of (_2,_4):(_2,_1) overlap, so complement has no answer.
mod complement_non_injective_swapped {
    use tycute::{cute, show, Complement};
    fn case() {
        let _ = show::<Complement<cute!((_2,_4):(_2,_1))>>();
    }
}

// left_inverse_divisibility (rule `LeftInverseDivisibility`):
// CuTe's left inverse divisibility condition: (_4,_3):(_3,_2) sorted by stride is (_3:_2, _4:_3), and the stride _3 is not a multiple of the stride _2 below it.
mod left_inverse_divisibility {
    use tycute::{cute, show, LeftInverse};
    fn case() {
        let _ = show::<LeftInverse<cute!((_4,_3):(_3,_2))>>();
    }
}

fn main() {}
