// TiledMMA construction: the ranks of the atom layout and the permutation, the atom layout's
// K, and the permutation tile against the atoms it must hold.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// tiled_mma_atom_layout_rank (rule `TiledMmaAtomLayoutRank3`):
// From tests/vectors/rejects.txt: TiledMMA with a rank-2 atom layout (CuTe: TiledMMA requires rank-3 AtomLayoutMNK).
mod tiled_mma_atom_layout_rank {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, ThrLayoutVMNK}};
    fn case() {
        let _ = show::<ThrLayoutVMNK<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_,_,_))>>>();
    }
}

// tiled_mma_permutation_rank (rule `TiledMmaPermutationRank3`):
// TiledMMA with a rank-2 permutation tile (CuTe: TiledMMA requires rank-3 PermutationMNK).
mod tiled_mma_permutation_rank {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, ThrLayoutVMNK}};
    fn case() {
        let _ = show::<ThrLayoutVMNK<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32))>>>();
    }
}

// get_layout_c_tv_rank (rule `TiledMmaAtomLayoutRank3`):
// get_layoutC_TV of a TiledMMA with a rank-2 atom layout (CuTe: TiledMMA requires rank-3 AtomLayoutMNK);
// it overflowed the trait solver (E0275) before the rank gate.
mod get_layout_c_tv_rank {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2):(_1,_2)), cute!((_,_,_))>>>();
    }
}

// tiled_mma_atom_layout_k (rule `TiledMmaSingleKGroup`):
// two thread groups along K: get_layoutC_TV would map the second group past the C tile.
mod tiled_mma_atom_layout_k {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_2):(_1,_2,_4)), cute!((_32,_32,_32))>>>();
    }
}

// tiled_mma_permutation_m (rule `TiledMmaTileCoversAtomsM`):
// 4x2 atoms of 16x8x16 need M = 64, but the permutation tile gives 32 (CuTe indexes past the tile).
mod tiled_mma_permutation_m {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_4,_2,_1):(_1,_4,_0)), cute!((_32,_32,_16))>>>();
    }
}

// tiled_mma_permutation_n (rule `TiledMmaTileCoversAtomsN`):
// 2x4 atoms of 16x8x16 need N = 32, but the permutation tile gives 16.
mod tiled_mma_permutation_n {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_4,_1):(_1,_2,_0)), cute!((_32,_16,_16))>>>();
    }
}

// tiled_mma_permutation_k (rule `TiledMmaTileCoversAtomsK`):
// the 16x8x16 atom needs K = 16, but the permutation tile gives 8.
mod tiled_mma_permutation_k {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutA_TV}};
    fn case() {
        let _ = show::<GetLayoutA_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32,_32,_8))>>>();
    }
}

// tiled_mma_permutation_cosize (rule `TiledMmaPermutationInTile`):
// the permutation layout _32:_2 of M maps past its 32-row tile (cosize 63 > 32).
mod tiled_mma_permutation_cosize {
    use tycute::{cute, show, atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0)), cute!((_32:_2,_32,_16))>>>();
    }
}

fn main() {}
