//! CUTLASS's `examples/cute/tutorial/sgemm_sm80.cu` (TN, 128x128x64, 3 stages): its shared-memory
//! layouts, derived step by step by the trait solver.
//!
//! ```text
//! swizzle_atom = composition(Swizzle<3,3,3>{}, Layout<Shape<_8,Shape<_8,_8>>, Stride<_8,Stride<_1,_64>>>{})
//! sA = tile_to_shape(swizzle_atom, make_shape(bM, bK, bP))
//! ```

use tycute_layout::{show, BlockedProduct, Composition, MakeLayoutLeft, TileToShape};
use tycute_macros::cute;

/// `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTiler = cute!((_128,_128,_64));
/// Pipeline stages `bP`.
pub type Stages = cute!(_3);

/// The 8x64 K-major atom of halves before swizzling: 8 rows of 64 contiguous halves (128 bytes).
pub type AtomLayout = cute!((_8,(_8,_8)):(_8,(_1,_64)));
/// `composition(Swizzle<3,3,3>, AtomLayout)`: XOR the 16-byte chunk index with the row, so the
/// 8 rows of one 16-byte column land in 8 different bank groups.
pub type SwizzleAtom = Composition<cute!(Sw<3,3,3>), AtomLayout>;
/// How often the atom repeats to cover `(bM, bK, bP)`: `(128/8, 64/64, 3/1)`, column-major.
pub type AtomRepeat = MakeLayoutLeft<cute!((_16,_1,_3))>;
/// `blocked_product(SwizzleAtom, AtomRepeat)`: what `tile_to_shape` computes
/// (`(((_8,_16),((_8,_8),_1),(_1,_3))`: each mode is (atom mode, repeat)).
pub type SmemLayoutABlocked = BlockedProduct<SwizzleAtom, AtomRepeat>;
/// `tile_to_shape(SwizzleAtom, (bM, bK, bP))`.
pub type SmemLayoutA = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// `tile_to_shape(SwizzleAtom, (bN, bK, bP))`.
pub type SmemLayoutB = TileToShape<SwizzleAtom, cute!((_128,_64,_3))>;
/// One pipeline stage of sA, `sA(_,_,0)`: the same atom tiled to `(bM, bK)`.
pub type SmemLayoutAStage = TileToShape<SwizzleAtom, cute!((_128,_64))>;
/// The C tile for the epilogue: column-major `(bM, bN)`.
pub type SmemLayoutC = MakeLayoutLeft<cute!((_128,_128))>;

/// The derivation, one `(name, value)` per step (what `cargo run --release` prints).
pub fn derivation() -> Vec<(&'static str, String)> {
    vec![
        ("cta_tiler (bM,bN,bK)", show::<CtaTiler>()),
        ("stages bP", show::<Stages>()),
        ("atom: 8 rows x 64 halves, K-major", show::<AtomLayout>()),
        ("swizzle_atom = composition(Sw<3,3,3>, atom)", show::<SwizzleAtom>()),
        ("repeat = make_layout((bM/8, bK/64, bP))", show::<AtomRepeat>()),
        ("blocked_product(swizzle_atom, repeat)", show::<SmemLayoutABlocked>()),
        ("sA = tile_to_shape(swizzle_atom, (bM,bK,bP))", show::<SmemLayoutA>()),
        ("sB = tile_to_shape(swizzle_atom, (bN,bK,bP))", show::<SmemLayoutB>()),
        ("sA(_,_,0)", show::<SmemLayoutAStage>()),
        ("sC = make_layout((bM,bN))", show::<SmemLayoutC>()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values seed 000 prints (and C++ CuTe computes: tests/vectors/seeds.txt).
    #[test]
    fn matches_the_seed() {
        assert_eq!(show::<SwizzleAtom>(), "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))");
        assert_eq!(
            show::<SmemLayoutA>(),
            "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))"
        );
        assert_eq!(show::<SmemLayoutA>(), show::<SmemLayoutABlocked>());
        assert_eq!(show::<SmemLayoutB>(), show::<SmemLayoutA>());
        assert_eq!(
            show::<SmemLayoutAStage>(),
            "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0))"
        );
        assert_eq!(show::<SmemLayoutC>(), "(_128,_128):(_1,_128)");
    }
}
