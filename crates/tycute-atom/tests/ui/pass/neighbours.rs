// The accepted neighbours of tests/ui/fail: the same operations with value types and majors CuTe
// accepts.
extern crate tycute_layout as tycute;
use tycute_atom::*;
use tycute_layout::show;
use tycute_layout::swizzle::recast::{half_t, uint128_t, uint32_t, uint8_t};
use tycute_layout::typenum::P64;
fn main() {
    // ldmatrix .x1 gives each thread 32 bits: one uint32_t per thread.
    assert_eq!(show::<<Copy_Atom<SM75_U32x1_LDSM_N, uint32_t> as CopyAtom>::ValLayoutDst>(), "(_32,_1):(_1,_1)");
    assert_eq!(show::<<Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t> as CopyAtom>::NumValSrc>(), "_8");
    assert_eq!(show::<<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, half_t> as CopyAtom>::NumValSrc>(), "_2");
    assert_eq!(show::<<MMA_Atom<SM90_64x64x16_F16F16F16_RS<K, MN>> as MmaTraits>::Shape_MNK>(), "(_64,_64,_16)");
    assert_eq!(show::<<Copy_Atom<UniversalCopy<uint8_t>, uint8_t> as CopyAtom>::ValLayoutSrc>(), "(_1,_1):(_0,_1)");
    assert_eq!(show::<<Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<P64>, half_t> as CopyAtom>::NumValDst>(), "_1");
}
