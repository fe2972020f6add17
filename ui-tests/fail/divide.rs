// Divides by a tiler (logical, tiled, flat and zipped): the tiler's rank, the shape
// divisibility condition of the composition inside, and the modes that `_` keeps.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// logical_divide_tiler_rank (rule `LogicalDivideTilerFits`):
// From tests/vectors/rejects.txt: a tiler of rank 2 for a layout of rank 1.
mod logical_divide_tiler_rank {
    use tycute::{cute, show, LogicalDivide};
    fn case() {
        let _ = show::<LogicalDivide<cute!(_8:_1), cute!((_2,_2))>>();
    }
}

// logical_divide_shape_divisibility (rule `ShapeDivisibilityAt`):
// From tests/vectors/rejects.txt: the tile _128 meets the mode (_1,_2,_12) of A, whose 12 does not split into the tile's rest.
mod logical_divide_shape_divisibility {
    use tycute::{cute, show, LogicalDivide};
    fn case() {
        let _ = show::<LogicalDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_128))>>();
    }
}

// tiled_divide_shape_divisibility (rule `ShapeDivisibilityAt`):
// From tests/vectors/rejects.txt: tiled_divide by _64 meets the mode (_1,_2,_12) of A (Shape Divisibility Condition).
mod tiled_divide_shape_divisibility {
    use tycute::{cute, show, TiledDivide};
    fn case() {
        let _ = show::<TiledDivide<cute!(((_2,(_1,_2,_12),_8)):((_1,(_48,_2,_4),_96))), cute!((_64))>>();
    }
}

// flat_divide_underscore (rule `UnzipIndexInRange`):
// From tests/vectors/rejects.txt: `_` keeps the plain-integer mode _4 of A in flat_divide (CuTe: Index out of range).
mod flat_divide_underscore {
    use tycute::{cute, show, FlatDivide};
    fn case() {
        let _ = show::<FlatDivide<cute!((_8,_4,_4,_4):(_1,_8,_32,_128)), cute!(((_2,_2):(_1,_2),_4,_,_2:_2))>>();
    }
}

// zipped_divide_underscore (rule `UnzipIndexInRange`):
// From tests/vectors/rejects.txt: `_` over the plain mode _8 of A in an unzipping divide (CuTe: Index out of range).
mod zipped_divide_underscore {
    use tycute::{cute, show, ZippedDivide};
    fn case() {
        let _ = show::<ZippedDivide<cute!((_8,_4):(_1,_8)), cute!((_,_2))>>();
    }
}

// zipped_divide_underscore_rank (rule `UnzipIsPair`):
// `_` keeps mode 0 of A, a rank-3 tuple: zipped_divide cannot read it as a (tile, rest) pair.
mod zipped_divide_underscore_rank {
    use tycute::{cute, show, ZippedDivide};
    fn case() {
        let _ = show::<ZippedDivide<cute!(((_2,_2,_2),_8):((_1,_2,_4),_8)), cute!((_,_2))>>();
    }
}

fn main() {}
