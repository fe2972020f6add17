// Products (logical, flat, blocked) and tile_to_shape: the tiler's or block's rank, the
// complement they are built on, and the divisibility of the target shape.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// logical_product_tiler_rank (rule `LogicalProductTilerFits`):
// From tests/vectors/rejects.txt: a tiler of rank 2 for a block of rank 1.
mod logical_product_tiler_rank {
    use tycute::{cute, show, LogicalProduct};
    fn case() {
        let _ = show::<LogicalProduct<cute!(_4:_1), cute!((_2,_2))>>();
    }
}

// logical_product_shape_divisibility (rule `ShapeDivisibilityAt`):
// From tests/vectors/rejects.txt: the per-mode products compose A's complement with _3:_1, which does not fit its modes.
mod logical_product_shape_divisibility {
    use tycute::{cute, show, LogicalProduct};
    fn case() {
        let _ = show::<LogicalProduct<cute!(((_2,_4),_2):((_8,_2),_1)), cute!((_3:_1,_3:_1))>>();
    }
}

// logical_product_non_injective (rule `Injective`):
// A non-injective block: logical_product's complement rejects it with the complement's rule, in
// the const form the vectors generator writes (the rejected complement used to send the
// composition built on it into a trait-solver overflow, E0275, which hid the rule).
mod logical_product_non_injective {
    use tycute::repr::Repr;
    use tycute::{cute, LogicalProduct, Reify};
    type T = LogicalProduct<cute!((_2,_7,_8):(_7,_12,_5)), cute!(_3:_1)>;
    const R: &Repr = &<T as Reify>::REPR;
    fn case() {
        let _ = R;
    }
}

// flat_product_shape_divisibility (rule `ShapeDivisibilityAt`):
// From tests/vectors/rejects.txt: the complement of A = (_4,(_4,(_1,_8))):(_64,(_16,(_0,_1))) composed with _3:_1 (Shape Divisibility Condition).
mod flat_product_shape_divisibility {
    use tycute::{cute, show, FlatProduct};
    fn case() {
        let _ = show::<FlatProduct<cute!((_4,(_4,(_1,_8))):(_64,(_16,(_0,_1)))), cute!(_3:_1)>>();
    }
}

// blocked_product_rank (rule `ZipRanksMatch`):
// From tests/vectors/rejects.txt: blocked_product of a rank-1 block by a rank-1 layout (CuTe: Mismatched Ranks).
mod blocked_product_rank {
    use tycute::{cute, show, BlockedProduct};
    fn case() {
        let _ = show::<BlockedProduct<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!(_4:_1)>>();
    }
}

// tile_to_shape_rank (rule `TileToShapeRankFits`):
// From tests/vectors/rejects.txt: a rank-3 block for a rank-2 target shape.
mod tile_to_shape_rank {
    use tycute::{cute, show, TileToShape};
    fn case() {
        let _ = show::<TileToShape<cute!((_8,_8,_2):(_1,_8,_64)), cute!((_16,_16))>>();
    }
}

// tile_to_shape_divisibility (rule `TileToShapeDivides`):
// From tests/vectors/rejects.txt: the block (_8,_8) does not divide the target shape (_12,_16).
mod tile_to_shape_divisibility {
    use tycute::{cute, show, TileToShape};
    fn case() {
        let _ = show::<TileToShape<cute!((_8,_8):(_1,_8)), cute!((_12,_16))>>();
    }
}

fn main() {}
