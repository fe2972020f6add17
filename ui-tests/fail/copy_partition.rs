// Partitioning by a TiledCopy: tidfrg_S and partition_S's ranks, partitions for whole tiles,
// and retile_S/D's fragments.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// tidfrg_rank (rule `TensorRankFits`):
// From tests/vectors/rejects.txt: tidfrg_S of a rank-1 tensor (the tile is rank 2).
mod tidfrg_rank {
    use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopy, TidfrgS}};
    fn case() {
        let _ = show::<TidfrgS<MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>, cute!(_256:_1)>>();
    }
}

// partition_s_rank (rule `TensorRankFits`):
// partition_S of a rank-1 tensor by a rank-2 TiledCopy (CuTe: "Rank of tensor to be partitioned too small.").
mod partition_s_rank {
    use tycute::{cute, show, typenum::P1, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopy, PartitionS}};
    fn case() {
        let _ = show::<PartitionS<MakeTiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_4,_1)), cute!((_1,_2):(_0,_1))>, cute!(_256:_1), P1>>();
    }
}

// exact_partition_s_tile (rule `TiledCopyTileDividesTensor`):
// partition_S for whole tiles of sgemm_sm80's G2S copy (a 16x64 tile) over a 120x64 gmem tile: 120 % 16 != 0.
mod exact_partition_s_tile {
    use tycute::{cute, show, typenum::P37, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, swizzle::recast::{half_t, uint128_t}, tiled::copy::{ExactPartitionS, MakeTiledCopy}};
    type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, cute!((_16,_8):(_8,_1)), cute!((_1,_8):(_0,_1))>;
    fn case() {
        let _ = show::<ExactPartitionS<G2S, cute!((_120,_64):(_64,_1)), P37>>();
    }
}

// retile_fragment_rank (rule `RetileFragmentRank`):
// retile_S of a rank-2 fragment by a copy with a rank-2 Tiler_MN: the fragment must be (V,M,N).
mod retile_fragment_rank {
    use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x2_LDSM_N}, swizzle::recast::half_t, tiled::copy::{RetileS, TiledCopy}};
    type TC = TiledCopy<
        Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
        cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
        cute!((_32,_16)),
    >;
    fn case() {
        let _ = show::<RetileS<TC, cute!((_8,_16):(_1,_8))>>();
    }
}

// retile_fragment_values (rule `RetileFragmentSize`):
// retile_D of a fragment (_4,_3,_1), 12 values, by ldmatrix.x2 over the 16x8x16 TiledMMA, which copies
// 8 values per thread: the last copy would reach past the fragment.
mod retile_fragment_values {
    use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x2_LDSM_N}, swizzle::recast::half_t, tiled::copy::{RetileD, TiledCopy}};
    type TC = TiledCopy<
        Copy_Atom<SM75_U32x2_LDSM_N, half_t>,
        cute!(((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))),
        cute!((_32,_16)),
    >;
    fn case() {
        let _ = show::<RetileD<TC, cute!((_4,_3,_1):(_1,_4,_0))>>();
    }
}

fn main() {}
