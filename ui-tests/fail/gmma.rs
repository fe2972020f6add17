// GMMA (sm90) atoms: the element width of the smem layout atoms, and the K-major operands
// that wgmma's fp8 and tf32 forms require.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// gmma_atom_width (rule `GmmaElementFits`):
// GMMA smem atoms: a 256-bit element does not fit the 128-bit rows of the INTER atom.
mod gmma_atom_width {
    use tycute::show;
    use tycute::swizzle::{gmma::Layout_K_INTER_Atom, recast::SizeofBits};
    struct Wide;
    impl SizeofBits for Wide {
        type Bits = tycute::typenum::P256;
    }
    fn case() {
        let _ = show::<Layout_K_INTER_Atom<Wide>>();
    }
}

// gmma_fp8_mn_major (rules `GmmaFp8MajorA`, `GmmaFp8MajorB`):
// wgmma's fp8 form (e4m3/e5m2) reads A and B K-major only: an MN-major A (SS) or B (RS) is no MMA.
mod gmma_fp8_mn_major {
    use tycute::{cute, show, atom::{MMA_Atom, K, MN, SM90_64x128x32_F32E4M3E4M3_SS, SM90_64x64x32_F16E5M2E4M3_RS}, tiled::mma::{TiledMMA, GetLayoutC_TV}};
    fn case() {
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM90_64x128x32_F32E4M3E4M3_SS<MN, K>>, cute!((_2,_1,_1):(_1,_0,_0)), cute!((_128,_128,_32))>>>();
        let _ = show::<GetLayoutC_TV<TiledMMA<MMA_Atom<SM90_64x64x32_F16E5M2E4M3_RS<K, MN>>, cute!((_1,_1,_1):(_0,_0,_0)), cute!((_64,_64,_32))>>>();
    }
}

// gmma_tf32_mn_major (rule `GmmaTf32MajorB`):
// wgmma's .tf32 form reads A and B K-major only: an MN-major B is no MMA.
mod gmma_tf32_mn_major {
    use tycute::{show, atom::{MmaTraits, MMA_Atom, K, MN, SM90_64x64x8_F32TF32TF32_SS}};
    fn case() {
        let _ = show::<<MMA_Atom<SM90_64x64x8_F32TF32TF32_SS<K, MN>> as MmaTraits>::LayoutC_TV>();
    }
}

fn main() {}
