// Copy atoms and TiledCopy construction: the value type an atom can move, cp.async's size,
// the threads and values a TiledCopy gives its atom, the copies made from a TiledMMA, the
// coverage of make_tiled_copy_S/D, and the vector width two layouts share.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// copy_atom_ldsm_value_type (rules `CopyDstValid`, `CopyRefValid`):
// From tests/vectors/rejects.txt: ldmatrix.x1 gives each thread 32 bits; a uint128_t value does not fit (CuTe: CopyOperation is not valid for Dst of ValType).
mod copy_atom_ldsm_value_type {
    use tycute::{show, atom::{Copy_Atom, SM75_U32x1_LDSM_N}, swizzle::recast::uint128_t, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM75_U32x1_LDSM_N, uint128_t>, tycute::cute!((_32,_1):(_1,_0)), tycute::cute!((_1,_1):(_0,_0))>>>();
    }
}

// cp_async_size (rule `CpAsyncCgSize`):
// From tests/vectors/rejects.txt: cp.async of 8 bytes is fine, but SM80_CP_ASYNC_CACHEGLOBAL needs 16 (CuTe: cp.async sizeof(TS) is not supported).
mod cp_async_size {
    use tycute::{cute, show, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEGLOBAL}, swizzle::recast::{half_t, uint64_t}, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_4,_1):(_1,_0))>>>();
    }
}

// tiled_copy_too_few_thrs (rule `TiledCopyThrsFit`):
// From tests/vectors/rejects.txt: ldmatrix is a warp-wide copy (32 threads); the thread layout has 16.
mod tiled_copy_too_few_thrs {
    use tycute::{cute, show, atom::{Copy_Atom, SM75_U32x4_LDSM_N}, swizzle::recast::half_t, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, cute!((_4,_4):(_1,_4)), cute!((_1,_8):(_0,_1))>>>();
    }
}

// tiled_copy_too_few_vals (rule `TiledCopyValsFit`):
// From tests/vectors/rejects.txt: each thread moves 4 halves, but UniversalCopy<uint128_t> moves 8 per copy.
mod tiled_copy_too_few_vals {
    use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint128_t}, tiled::copy::{MakeTiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, half_t>, cute!((_32,_4):(_1,_32)), cute!((_1,_4):(_0,_1))>>>();
    }
}

// tiled_copy_a_vals (rule `TiledCopyValsFit`):
// From tests/vectors/rejects.txt: make_tiled_copy_A of ldmatrix.x4 (8 halves per thread) for one 16x8x8 atom, which holds 4 halves of A per thread.
mod tiled_copy_a_vals {
    use tycute::{show, atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x8_F16F16F16F16_TN}, swizzle::recast::half_t, tiled::{copy::{MakeTiledCopyA, TiledLayout_TV}, mma::MakeTiledMma}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>();
    }
}

// tiled_copy_c_atom_vals (rule `CopyVFitsAccumulator`):
// From tests/vectors/rejects.txt: make_tiled_copy_C_atom of a 16-byte copy (8 halves) for a 16x8x8 atom with 4 accumulators per thread.
mod tiled_copy_c_atom_vals {
    use tycute::{show, atom::{Copy_Atom, MMA_Atom, UniversalCopy, SM80_16x8x8_F16F16F16F16_TN}, swizzle::recast::{half_t, uint128_t}, tiled::{copy::{MakeTiledCopyC_Atom, TiledLayout_TV}, mma::MakeTiledMma}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopyC_Atom<Copy_Atom<UniversalCopy<uint128_t>, half_t>, MakeTiledMma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>>>>();
    }
}

// tiled_copy_s_coverage_gap (rule `SDCoversTileOnce`):
// make_tiled_copy_S: the TV layout (_32,_2):(_1,_64) leaves half of the (32,4) tile uncovered (CUTLASS #3345).
mod tiled_copy_s_coverage_gap {
    use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopyS, TiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopyS<Copy_Atom<UniversalCopy<uint32_t>, half_t>, TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_2):(_1,_64)), cute!((_32,_4))>>>>();
    }
}

// tiled_copy_s_coverage_twice (rule `SDCoversTileOnce`):
// make_tiled_copy_S: the TV layout (_32,_4):(_1,_16) reaches elements 16..31 of its (64,2) tile twice (CUTLASS #3345).
mod tiled_copy_s_coverage_twice {
    use tycute::{cute, show, atom::{Copy_Atom, UniversalCopy}, swizzle::recast::{half_t, uint32_t}, tiled::copy::{MakeTiledCopyS, TiledCopy, TiledLayout_TV}};
    fn case() {
        let _ = show::<TiledLayout_TV<MakeTiledCopyS<Copy_Atom<UniversalCopy<uint32_t>, half_t>, TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, half_t>, cute!((_32,_4):(_1,_16)), cute!((_64,_2))>>>>();
    }
}

// copy_vectorize (rule `CopyAtomVectorizes`):
// A 16-byte cp.async of halves from K-major gmem into M-major smem: max_common_vector is 1, the atom needs 8.
mod copy_vectorize {
    use tycute::{cute, show, atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS}, swizzle::recast::{half_t, uint128_t}, tiled::copy::CopyVector};
    type G2S = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
    fn case() {
        let _ = show::<CopyVector<G2S, cute!((_128,_64):(_64,_1)), cute!((_128,_64):(_1,_128))>>();
    }
}

fn main() {}
