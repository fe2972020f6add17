//! The fp8 configurations with other outputs: `sm90_128x256_e4m3_f16cd` is
//! [`sm90_128x256_e4m3`](crate::sm90_fp8::Sm90_128x256E4m3) (e4m3 A and B K-major, f32
//! accumulators, the cooperative 128x256x128 kernel) with `half_t` C, D and bias instead of
//! `bfloat16_t`, derived by element type ([`sm90_with_output!`](tycute_kernel::sm90_with_output)):
//! the same GMMA atom and every table the e4m3 configuration's; the header differs in
//! `kElementCD` (2) and the epilogue's conversion (`arch::pack2<TYCUTE_ELEMENT_F16>`).
//!
//! ```text
//! epilogue (D = half_t, N-major): EpilogueTile = (_128,_32),
//!   sD = tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, (128,32,StagesD))   // = the bf16 one: smem_ptr[16b]
//! ```
//!
//! The fp32 outputs are [`crate::sm90_f32cd`]'s (`sm90_128x256_e4m3_f32cd`): 128x32 f32 stages
//! would double the 32 KiB of sD / sC (4 x 48 KiB of mainloop stages leave 3 KiB), so the kernel
//! stores a 32-bit D from the registers instead.

use tycute_layout::numeric::Bits;
use tycute_layout::{bfloat16_t, half_t};

use crate::sm90_fp8::Sm90_128x256E4m3;
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config};

tycute_kernel::sm90_with_output!(
    /// `sm90_128x256_e4m3` with fp16 C, D and bias.
    Sm90_128x256E4m3F16cd = Sm90_128x256E4m3, half_t, "sm90_128x256_e4m3_f16cd"
);

// the output keeps the e4m3 configuration's width (its 16-bit D layouts and the kernel's
// stmatrix epilogue), and every rule of sm90_128x256_e4m3 still holds (224 KiB <= 227 KiB)
static_assertions::assert_type_eq_all!(Bits<half_t>, Bits<bfloat16_t>, Bits<<Sm90_128x256E4m3 as Sm90Config>::ElementCD>);
static_assertions::assert_impl_all!(Sm90_128x256E4m3F16cd: Sm90Checked);

#[cfg(feature = "kernel")]
mod types {
    use super::Sm90_128x256E4m3F16cd;
    use crate::sm90_fp8::Sm90_128x256E4m3;
    use tycute_kernel::emit::sm90::{Sm90Types, Texts};

    // the e4m3 configuration's tables and instruction; only the configuration (its ElementCD) differs
    impl Sm90Types for Sm90_128x256E4m3F16cd {
        type Cfg = Sm90_128x256E4m3F16cd;
        const ABOUT: &'static str = "sm90_128x256_e4m3_f16cd: sm90_128x256_e4m3 (cooperative 128x256x128, two 64x256x32 e4m3 GMMA warpgroups, f32 accumulators, K-major A and B) with half_t C, D and bias";
        const THREADS: usize = <Sm90_128x256E4m3 as Sm90Types>::THREADS;
        fn texts() -> Texts {
            <Sm90_128x256E4m3 as Sm90Types>::texts()
        }
        fn sd() -> Vec<i64> {
            <Sm90_128x256E4m3 as Sm90Types>::sd()
        }
        fn mma() -> [Vec<i64>; 7] {
            <Sm90_128x256E4m3 as Sm90Types>::mma()
        }
        fn wgmma() -> (&'static str, usize, bool) {
            <Sm90_128x256E4m3 as Sm90Types>::wgmma()
        }
        fn acc_per_mma() -> i64 {
            <Sm90_128x256E4m3 as Sm90Types>::acc_per_mma()
        }
        fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4] {
            <Sm90_128x256E4m3 as Sm90Types>::operand_stages()
        }
        fn epilogue() -> [Vec<i64>; 5] {
            <Sm90_128x256E4m3 as Sm90Types>::epilogue()
        }
    }
}

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu` (`tn` and
/// `tn_rowcol`).
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[Entry::kernel(<Sm90_128x256E4m3F16cd as Sm90Config>::NAME, header_with_values::<Sm90_128x256E4m3F16cd>, Variant::SM90_GEMM)]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];
