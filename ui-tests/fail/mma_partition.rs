// Partitioning by a TiledMMA: thrfrg_C and partition_C's ranks, partitions for whole tiles,
// and make_fragment_C's rank and values.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// thrfrg_rank (rule `ThrfrgRefRank2`):
// thrfrg_C of a rank-1 reference layout (CuTe: CUTE_STATIC_ASSERT_V(rank(ref) >= Int<2>{})).
mod thrfrg_rank {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, ThrfrgC}};
    fn case() {
        let _ = show::<ThrfrgC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!(_1024:_1)>>();
    }
}

// partition_c_rank (rule `ThrfrgRefRank2`):
// partition_C of a rank-1 tensor (CuTe: thrfrg_C's CUTE_STATIC_ASSERT_V(rank(ctensor) >= Int<2>{})).
mod partition_c_rank {
    use tycute::{cute, show, typenum::P1, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, PartitionC}};
    fn case() {
        let _ = show::<PartitionC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!(_1024:_1), P1>>();
    }
}

// exact_partition_c_tile (rule `TiledMmaTileDividesTensor`):
// partition_C for whole tiles of the sgemm_sm80 TiledMMA (a 32x32 C tile) over a 128x40 C tile: 40 % 32 != 0.
mod exact_partition_c_tile {
    use tycute::{cute, show, typenum::P1, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{ExactPartitionC, TiledMMA}};
    type TM = TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>;
    fn case() {
        let _ = show::<ExactPartitionC<TM, cute!((_128,_40):(_1,_128)), P1>>();
    }
}

// make_fragment_c_rank (rule `FragmentCRank3`):
// From tests/vectors/rejects.txt: make_fragment_C of a rank-2 tensor (needs (V, M, N)).
mod make_fragment_c_rank {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, MakeFragmentC}};
    fn case() {
        let _ = show::<MakeFragmentC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!((_8,_4):(_1,_8))>>();
    }
}

// make_fragment_c_values (rule `FragmentCValues`):
// make_fragment_C: the 16x8x16 F16 atom holds 4 accumulators per thread; mode 0 of this tensor has 8.
mod make_fragment_c_values {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{MakeTiledMma, MakeFragmentC}};
    fn case() {
        let _ = show::<MakeFragmentC<MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_16))>, cute!((_8,_2,_2):(_1,_8,_16))>>();
    }
}

fn main() {}
