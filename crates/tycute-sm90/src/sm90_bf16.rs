//! The bf16 forms of the sm90 configurations, for `kernels/sm90_gemm.cu`: A, B, C, D and the
//! bias `bfloat16_t`, fp32 accumulation. Each is its fp16 configuration with another element type
//! ([`sm90_with_element!`](tycute_kernel::sm90_with_element)): the GMMA atom is the
//! `F32BF16BF16` form of the same N and majors, every other part and every table the fp16
//! configuration's; the header differs in `TYCUTE_<config>_WGMMA_PTX`
//! (`wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16`) and the element types.
//!
//! ```text
//! mma = make_tiled_mma(SM90_64x128x16_F32BF16BF16_SS<K,K>{})                          // sm90_bf16
//! mma = make_tiled_mma(SM90_64x256x16_F32BF16BF16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})  // sm90_128x256_bf16
//! mma = make_tiled_mma(SM90_64x192x16_F32BF16BF16_SS<K,K>{}, Layout<Shape<_2,_1,_1>>{})  // sm90_128x192_bf16
//! mma = make_tiled_mma(SM90_64x64x16_F32BF16BF16_SS<K,K>{})                           // sm90_128x64_bf16, sm90_64x64_bf16
//! ```

use tycute_layout::bfloat16_t;

use crate::sm90::Sm90;
use crate::sm90_128x192::Sm90_128x192;
use crate::sm90_128x256::Sm90_128x256;
use crate::sm90_128x64::Sm90_128x64;
use crate::sm90_64x64::Sm90_64x64;

tycute_kernel::sm90_with_element!(
    /// `sm90` (ping-pong, 128x128x64) with bf16 elements.
    Sm90Bf16 = Sm90, bfloat16_t, "sm90_bf16"
);
tycute_kernel::sm90_with_element!(
    /// `sm90_128x256` (cooperative, stream-K) with bf16 elements.
    Sm90_128x256Bf16 = Sm90_128x256, bfloat16_t, "sm90_128x256_bf16"
);
tycute_kernel::sm90_with_element!(
    /// `sm90_128x256_c2` (clusters of two along M, B multicast) with bf16 elements.
    Sm90_128x256Bf16C2 = crate::sm90_128x256::c2::Sm90_128x256C2, bfloat16_t, "sm90_128x256_bf16_c2"
);
tycute_kernel::sm90_with_element!(
    /// `sm90_128x192` (cooperative, stream-K) with bf16 elements.
    Sm90_128x192Bf16 = Sm90_128x192, bfloat16_t, "sm90_128x192_bf16"
);
tycute_kernel::sm90_with_element!(
    /// `sm90_128x64` (ping-pong, 128x64x64, 8 stages) with bf16 elements.
    Sm90_128x64Bf16 = Sm90_128x64, bfloat16_t, "sm90_128x64_bf16"
);
tycute_kernel::sm90_with_element!(
    /// `sm90_64x64` (ping-pong, 64x64x64, 12 stages) with bf16 elements.
    Sm90_64x64Bf16 = Sm90_64x64, bfloat16_t, "sm90_64x64_bf16"
);

// the GMMA atoms take bf16 with f32 accumulators (GmmaAtomTakesElements), and every other rule
// of the fp16 configurations holds
static_assertions::assert_impl_all!(Sm90Bf16: tycute_kernel::kernel::sm90::Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x256Bf16: tycute_kernel::kernel::sm90::Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x256Bf16C2: tycute_kernel::kernel::sm90::Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x192Bf16: tycute_kernel::kernel::sm90::Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x64Bf16: tycute_kernel::kernel::sm90::Sm90Checked);
static_assertions::assert_impl_all!(Sm90_64x64Bf16: tycute_kernel::kernel::sm90::Sm90Checked);

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu`.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::kernel::sm90::Sm90Config;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90Bf16 as Sm90Config>::NAME, header_with_values::<Sm90Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_128x256Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256Bf16C2 as Sm90Config>::NAME, header_with_values::<Sm90_128x256Bf16C2>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x192Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_128x192Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x64Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_128x64Bf16>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_64x64Bf16 as Sm90Config>::NAME, header_with_values::<Sm90_64x64Bf16>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
