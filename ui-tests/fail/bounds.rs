// The bounds of tycute::bounds on a generic function: each message states the bound and the
// value the argument has.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// bounds_size_is (rule `SizeIsNot`):
// A generic function for 8192-element tiles, given a 64x64 layout: the message states both sizes.
mod bounds_size_is {
    use tycute::{bounds::SizeIs, cute};
    fn smem_tile<L: SizeIs<8192>>() {}
    fn case() {
        smem_tile::<cute!((_64,_64):(_64,_1))>();
    }
}

// bounds_has_size (rule `HasSizeNot`):
// HasSize<T>: the size as a type (any number, here 12288 = 128 x 32 x 3), given 128 x 64 x 3 = 24576.
mod bounds_has_size {
    use tycute::{bounds::HasSize, cute};
    fn stages<L: HasSize<cute!(_12288)>>() {}
    fn case() {
        stages::<cute!((_128,_64,_3))>();
    }
}

// bounds_cosize_is (rule `CosizeIsNot`):
// cosize((_128,_64):(_1,_256)) = 127 + 63*256 + 1 = 16256, not 8192 (a padded layout).
mod bounds_cosize_is {
    use tycute::{bounds::CosizeIs, cute};
    fn fits<L: CosizeIs<8192>>() {}
    fn case() {
        fits::<cute!((_128,_64):(_1,_256))>();
    }
}

// bounds_rank_is (rule `RankIsNot`):
// A rank-2 bound given a rank-3 layout.
mod bounds_rank_is {
    use tycute::{bounds::RankIs, cute};
    fn matrix<L: RankIs<2>>() {}
    fn case() {
        matrix::<cute!((_128,_64,_3):(_64,_1,_8192))>();
    }
}

// bounds_rank_is_shape (rule `RankIsNot`):
// Bounds take any value with the quantity: RankIs on a shape, not just on a layout.
mod bounds_rank_is_shape {
    use tycute::{bounds::RankIs, cute};
    fn modes<S: RankIs<3>>() {}
    fn case() {
        modes::<cute!((_128,_128))>();
    }
}

// bounds_shape_is (rule `ShapeIsNot`):
// ShapeIs compares the whole tree: (_128,_64) is not (_128,(_8,_8)).
mod bounds_shape_is {
    use tycute::{bounds::ShapeIs, cute};
    fn tile<L: ShapeIs<cute!((_128,(_8,_8)))>>() {}
    fn case() {
        tile::<cute!((_128,_64):(_64,_1))>();
    }
}

// bounds_compatible (rule `NotCompatible`):
// CuTe's compatible(A, B): a tuple mode of A needs a tuple mode of B of the same rank.
mod bounds_compatible {
    use tycute::{bounds::Compatible, cute};
    fn reshape<A: Compatible<cute!((_128,_64))>>() {}
    fn case() {
        reshape::<cute!((_128,(_8,_8)):(_64,(_1,_8)))>();
    }
}

// bounds_copy_covers (rule `CopyTileDivides`):
// sgemm_sm80's G2S copy (a 16x64 tile) over a 120x64 tensor: 120 % 16 != 0.
mod bounds_copy_covers {
    use tycute::{atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, bounds::CopyCovers, cute, numeric::{half_t, uint128_t}, tiled::copy::MakeTiledCopy};
    type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
    fn load<TC: CopyCovers<cute!((_120,_64):(_64,_1))>>() {}
    fn case() {
        load::<G2S>();
    }
}

// bounds_mma_tile_divides (rule `MmaTileDividesShape`):
// A 2x2 tiling of m16n8k16 has a 32x16x16 tile; a 128x100x64 CTA tile is not whole tiles of it.
mod bounds_mma_tile_divides {
    use tycute::{atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, bounds::MmaTileDivides, cute, tiled::MakeTiledMma};
    type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
    fn gemm<TM: MmaTileDivides<cute!((_128,_100,_64))>>() {}
    fn case() {
        gemm::<Mma>();
    }
}

fn main() {}
