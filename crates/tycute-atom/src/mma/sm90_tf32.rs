//! SM90 GMMA atoms on TF32 inputs (`cute/atom/mma_traits_sm90_gmma.hpp`, `..._gmma_ext.hpp`):
//! `wgmma.mma_async` on a `64 x N x 8` tile of `tf32` A and B with f32 accumulators, for every
//! `N` from 8 to 256 in steps of 8, A from shared memory (`_SS`) or from registers (`_RS`).
//!
//! | CuTe's name | tycute's type | A | B | C |
//! |---|---|---|---|---|
//! | `SM90_64xNx8_F32TF32TF32_SS_TN` | `SM90_64xNx8_F32TF32TF32_SS<K, K>` | `ABLayout<64,8>` | `ABLayout<N,8>` | `CLayout_64xN<N>` |
//! | `SM90_64xNx8_F32TF32TF32_RS_TN` | `SM90_64xNx8_F32TF32TF32_RS<K, K>` | [`ALayout_64x8`] | `ABLayout<N,8>` | `CLayout_64xN<N>` |
//!
//! wgmma's `.tf32` form reads A and B K-major only: an `MN` major does not make an MMA, and
//! says why ([`sm90_k_major`](crate::mma::sm90_k_major)):
//!
//! ```compile_fail,E0277
//! use tycute_atom::{MmaTraits, MMA_Atom, SM90_64x64x8_F32TF32TF32_SS, K, MN};
//! // error[E0277]: GMMA tf32: B must be K-major ...
//! let _ = tycute_layout::show::<<MMA_Atom<SM90_64x64x8_F32TF32TF32_SS<K, MN>> as MmaTraits>::LayoutC_TV>();
//! ```
//!
//! ```
//! use tycute_atom::{GmmaOperandMajors, GmmaPtx, MMA_Atom, SM90_64x64x8_F32TF32TF32_SS, SM90_64x64x8_F32TF32TF32_SS_TN, K};
//! assert_eq!(<SM90_64x64x8_F32TF32TF32_SS_TN as GmmaPtx>::PTX, "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32");
//! // CuTe's name is the K-major form; the defaults of the majors are K
//! fn same<A: 'static, B: 'static>() -> bool { core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>() }
//! assert!(same::<SM90_64x64x8_F32TF32TF32_SS_TN, SM90_64x64x8_F32TF32TF32_SS>());
//! assert!(same::<<SM90_64x64x8_F32TF32TF32_SS_TN as GmmaOperandMajors>::WithMajors<K, K>, SM90_64x64x8_F32TF32TF32_SS_TN>());
//! ```

use tycute_layout::swizzle::gmma::MajorK;
use tycute_layout::swizzle::recast::{float, tfloat32_t};
#[allow(unused_imports)]
use typenum::consts::*;

use crate::mma::sm90::ALayout_64x8;
use crate::mma::sm90_k_major::gmma_k_major;

/// Rejects a TF32 GMMA whose A is not K-major.
#[diagnostic::on_unimplemented(
    message = "GMMA tf32: A must be K-major: wgmma's .tf32 form reads A and B K-major only (no transpose); transpose A to K-major first",
    label = "MajorA of a tf32 GMMA atom must be `K`"
)]
pub trait GmmaTf32MajorA {}
impl GmmaTf32MajorA for MajorK {}

/// Rejects a TF32 GMMA whose B is not K-major.
#[diagnostic::on_unimplemented(
    message = "GMMA tf32: B must be K-major: wgmma's .tf32 form reads A and B K-major only (no transpose); transpose B to K-major first",
    label = "MajorB of a tf32 GMMA atom must be `K`"
)]
pub trait GmmaTf32MajorB {}
impl GmmaTf32MajorB for MajorK {}

// N = 8, 16, 32, 64, 96, 128, 192, 256 are in mma_traits_sm90_gmma.hpp, the other multiples of 8
// in mma_traits_sm90_gmma_ext.hpp; the layouts are the same formulas.
gmma_k_major! {
    k = 8, K = P8, a_rs = ALayout_64x8, major_a = GmmaTf32MajorA, major_b = GmmaTf32MajorB;
    8, P8, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x8x8_F32TF32TF32_SS, SM90_64x8x8_F32TF32TF32_RS, SM90_64x8x8_F32TF32TF32_SS_TN, SM90_64x8x8_F32TF32TF32_RS_TN;
    16, P16, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x16x8_F32TF32TF32_SS, SM90_64x16x8_F32TF32TF32_RS, SM90_64x16x8_F32TF32TF32_SS_TN, SM90_64x16x8_F32TF32TF32_RS_TN;
    24, P24, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x24x8_F32TF32TF32_SS, SM90_64x24x8_F32TF32TF32_RS, SM90_64x24x8_F32TF32TF32_SS_TN, SM90_64x24x8_F32TF32TF32_RS_TN;
    32, P32, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x32x8_F32TF32TF32_SS, SM90_64x32x8_F32TF32TF32_RS, SM90_64x32x8_F32TF32TF32_SS_TN, SM90_64x32x8_F32TF32TF32_RS_TN;
    40, P40, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x40x8_F32TF32TF32_SS, SM90_64x40x8_F32TF32TF32_RS, SM90_64x40x8_F32TF32TF32_SS_TN, SM90_64x40x8_F32TF32TF32_RS_TN;
    48, P48, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x48x8_F32TF32TF32_SS, SM90_64x48x8_F32TF32TF32_RS, SM90_64x48x8_F32TF32TF32_SS_TN, SM90_64x48x8_F32TF32TF32_RS_TN;
    56, P56, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x56x8_F32TF32TF32_SS, SM90_64x56x8_F32TF32TF32_RS, SM90_64x56x8_F32TF32TF32_SS_TN, SM90_64x56x8_F32TF32TF32_RS_TN;
    64, P64, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x64x8_F32TF32TF32_SS, SM90_64x64x8_F32TF32TF32_RS, SM90_64x64x8_F32TF32TF32_SS_TN, SM90_64x64x8_F32TF32TF32_RS_TN;
    72, P72, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x72x8_F32TF32TF32_SS, SM90_64x72x8_F32TF32TF32_RS, SM90_64x72x8_F32TF32TF32_SS_TN, SM90_64x72x8_F32TF32TF32_RS_TN;
    80, P80, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x80x8_F32TF32TF32_SS, SM90_64x80x8_F32TF32TF32_RS, SM90_64x80x8_F32TF32TF32_SS_TN, SM90_64x80x8_F32TF32TF32_RS_TN;
    88, P88, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x88x8_F32TF32TF32_SS, SM90_64x88x8_F32TF32TF32_RS, SM90_64x88x8_F32TF32TF32_SS_TN, SM90_64x88x8_F32TF32TF32_RS_TN;
    96, P96, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x96x8_F32TF32TF32_SS, SM90_64x96x8_F32TF32TF32_RS, SM90_64x96x8_F32TF32TF32_SS_TN, SM90_64x96x8_F32TF32TF32_RS_TN;
    104, P104, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x104x8_F32TF32TF32_SS, SM90_64x104x8_F32TF32TF32_RS, SM90_64x104x8_F32TF32TF32_SS_TN, SM90_64x104x8_F32TF32TF32_RS_TN;
    112, P112, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x112x8_F32TF32TF32_SS, SM90_64x112x8_F32TF32TF32_RS, SM90_64x112x8_F32TF32TF32_SS_TN, SM90_64x112x8_F32TF32TF32_RS_TN;
    120, P120, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x120x8_F32TF32TF32_SS, SM90_64x120x8_F32TF32TF32_RS, SM90_64x120x8_F32TF32TF32_SS_TN, SM90_64x120x8_F32TF32TF32_RS_TN;
    128, P128, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x128x8_F32TF32TF32_SS, SM90_64x128x8_F32TF32TF32_RS, SM90_64x128x8_F32TF32TF32_SS_TN, SM90_64x128x8_F32TF32TF32_RS_TN;
    136, P136, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x136x8_F32TF32TF32_SS, SM90_64x136x8_F32TF32TF32_RS, SM90_64x136x8_F32TF32TF32_SS_TN, SM90_64x136x8_F32TF32TF32_RS_TN;
    144, P144, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x144x8_F32TF32TF32_SS, SM90_64x144x8_F32TF32TF32_RS, SM90_64x144x8_F32TF32TF32_SS_TN, SM90_64x144x8_F32TF32TF32_RS_TN;
    152, P152, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x152x8_F32TF32TF32_SS, SM90_64x152x8_F32TF32TF32_RS, SM90_64x152x8_F32TF32TF32_SS_TN, SM90_64x152x8_F32TF32TF32_RS_TN;
    160, P160, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x160x8_F32TF32TF32_SS, SM90_64x160x8_F32TF32TF32_RS, SM90_64x160x8_F32TF32TF32_SS_TN, SM90_64x160x8_F32TF32TF32_RS_TN;
    168, P168, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x168x8_F32TF32TF32_SS, SM90_64x168x8_F32TF32TF32_RS, SM90_64x168x8_F32TF32TF32_SS_TN, SM90_64x168x8_F32TF32TF32_RS_TN;
    176, P176, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x176x8_F32TF32TF32_SS, SM90_64x176x8_F32TF32TF32_RS, SM90_64x176x8_F32TF32TF32_SS_TN, SM90_64x176x8_F32TF32TF32_RS_TN;
    184, P184, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x184x8_F32TF32TF32_SS, SM90_64x184x8_F32TF32TF32_RS, SM90_64x184x8_F32TF32TF32_SS_TN, SM90_64x184x8_F32TF32TF32_RS_TN;
    192, P192, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x192x8_F32TF32TF32_SS, SM90_64x192x8_F32TF32TF32_RS, SM90_64x192x8_F32TF32TF32_SS_TN, SM90_64x192x8_F32TF32TF32_RS_TN;
    200, P200, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x200x8_F32TF32TF32_SS, SM90_64x200x8_F32TF32TF32_RS, SM90_64x200x8_F32TF32TF32_SS_TN, SM90_64x200x8_F32TF32TF32_RS_TN;
    208, P208, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x208x8_F32TF32TF32_SS, SM90_64x208x8_F32TF32TF32_RS, SM90_64x208x8_F32TF32TF32_SS_TN, SM90_64x208x8_F32TF32TF32_RS_TN;
    216, P216, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x216x8_F32TF32TF32_SS, SM90_64x216x8_F32TF32TF32_RS, SM90_64x216x8_F32TF32TF32_SS_TN, SM90_64x216x8_F32TF32TF32_RS_TN;
    224, P224, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x224x8_F32TF32TF32_SS, SM90_64x224x8_F32TF32TF32_RS, SM90_64x224x8_F32TF32TF32_SS_TN, SM90_64x224x8_F32TF32TF32_RS_TN;
    232, P232, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x232x8_F32TF32TF32_SS, SM90_64x232x8_F32TF32TF32_RS, SM90_64x232x8_F32TF32TF32_SS_TN, SM90_64x232x8_F32TF32TF32_RS_TN;
    240, P240, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x240x8_F32TF32TF32_SS, SM90_64x240x8_F32TF32TF32_RS, SM90_64x240x8_F32TF32TF32_SS_TN, SM90_64x240x8_F32TF32TF32_RS_TN;
    248, P248, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x248x8_F32TF32TF32_SS, SM90_64x248x8_F32TF32TF32_RS, SM90_64x248x8_F32TF32TF32_SS_TN, SM90_64x248x8_F32TF32TF32_RS_TN;
    256, P256, float, tfloat32_t, tfloat32_t, "f32.tf32.tf32", true: SM90_64x256x8_F32TF32TF32_SS, SM90_64x256x8_F32TF32TF32_RS, SM90_64x256x8_F32TF32TF32_SS_TN, SM90_64x256x8_F32TF32TF32_RS_TN;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mma::sm90_k_major::tests::check_rows;

    #[test]
    fn every_atom_matches_the_ptx_fragments() {
        let rows = listed();
        assert_eq!(rows.len(), 32 * 2);
        // A in registers: value v = v0 + 2 v1 of lane t % 32 in warp t / 32 is row
        // lane/4 + 8 v0 + 16 warp, column lane % 4 + 4 v1
        check_rows(&rows, 4, |t, v| {
            let (lane, warp) = (t % 32, t / 32);
            (lane / 4 + 8 * (v % 2) + 16 * warp, lane % 4 + 4 * (v / 2))
        });
    }
}
