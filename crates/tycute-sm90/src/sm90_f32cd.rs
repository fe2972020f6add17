//! The sm90 configurations with fp32 C, D and bias (issue 20: bf16 "with bf16, fp16 or fp32
//! C/D", fp8 with "bf16/fp16/fp32 D", and tf32), each its 16-bit-output configuration with
//! `float` output ([`sm90_with_output!`](tycute_kernel::sm90_with_output)): A and B, the TiledMMA,
//! its f32 accumulators, the stages and every mainloop table are the base configuration's.
//!
//! | configuration | base | A, B |
//! |---|---|---|
//! | `sm90_128x256_f32cd` | `sm90_128x256` | fp16 |
//! | `sm90_128x256_bf16_f32cd` | `sm90_128x256_bf16` | bf16 |
//! | `sm90_128x256_e4m3_f32cd` | `sm90_128x256_e4m3` | e4m3 (K-major only) |
//! | `sm90_128x256_tf32_f32cd` | `sm90_128x256_tf32` | f32 read as tf32 (K-major only) |
//!
//! The epilogue: a 32-bit `ElementCD` is stored from the registers (CUTLASS's `NoSmem` epilogue,
//! [`CdStaging`](tycute_kernel::kernel::sm90::CdStaging)): `stmatrix` and `ldmatrix` move 16-bit
//! elements, and the 16-bit epilogue's stages in f32 would not fit beside the mainloop's:
//!
//! ```text
//! mainloop: 4 stages x (16 + 32) KiB = 192 KiB                       (the base's)
//! 16-bit D: 2 buffers (sC, sD) x 2 stages x 128x32 x 2 B =  32 KiB   -> 224 KiB <= 227 KiB
//! f32 D, staged the same way:                               64 KiB   -> 256 KiB  > 227 KiB
//! f32 D from the registers (kEpiDirect):                     0 KiB   -> 192 KiB
//! ```
//!
//! Each thread's accumulators `r`, `r + 1` (r even) are adjacent columns of one row (the GMMA
//! accumulator layout, `thrfrg_C`; the header check asserts it from `kAccM`/`kAccN`), written as
//! one 8-byte `float2`; 4 lanes of a warp cover 32 contiguous bytes of a row, one sector. C is read
//! the same way (beta != 0), the bias as floats. The header's `kEpiDirect` = 1 picks this path in
//! the kernel (`TYCUTE_SM90_EPI_DIRECT`, from `TYCUTE_<config>_ELEMENT_CD`); the sD / sC tables
//! (the base's 16-bit staging layouts) are written but unused.

use tycute_layout::float;

use crate::sm90_128x256::Sm90_128x256;
use crate::sm90_bf16::Sm90_128x256Bf16;
use crate::sm90_fp8::Sm90_128x256E4m3;
use crate::sm90_tf32::Sm90_128x256Tf32;
// (`Sm90Config` names the registry entries, with `kernel`, and the docs' links)
#[cfg_attr(not(feature = "kernel"), allow(unused_imports))]
use tycute_kernel::kernel::sm90::{Sm90Checked, Sm90Config};

tycute_kernel::sm90_with_output!(
    /// `sm90_128x256` (fp16 A and B) with fp32 C, D and bias.
    Sm90_128x256F32cd = Sm90_128x256, float, "sm90_128x256_f32cd"
);
tycute_kernel::sm90_with_output!(
    /// `sm90_128x256_bf16` (bf16 A and B) with fp32 C, D and bias.
    Sm90_128x256Bf16F32cd = Sm90_128x256Bf16, float, "sm90_128x256_bf16_f32cd"
);
tycute_kernel::sm90_with_output!(
    /// `sm90_128x256_e4m3` (e4m3 A and B, K-major) with fp32 C, D and bias.
    Sm90_128x256E4m3F32cd = Sm90_128x256E4m3, float, "sm90_128x256_e4m3_f32cd"
);
tycute_kernel::sm90_with_output!(
    /// `sm90_128x256_tf32` (f32 A and B read as tf32, K-major) with fp32 C, D and bias.
    Sm90_128x256Tf32F32cd = Sm90_128x256Tf32, float, "sm90_128x256_tf32_f32cd"
);

// every rule of the bases holds, the shared memory without the epilogue's stages (192 KiB)
static_assertions::assert_impl_all!(Sm90_128x256F32cd: Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x256Bf16F32cd: Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x256E4m3F32cd: Sm90Checked);
static_assertions::assert_impl_all!(Sm90_128x256Tf32F32cd: Sm90Checked);
static_assertions::assert_type_eq_all!(tycute_kernel::kernel::sm90::Sm90SmemBytes<Sm90_128x256Bf16F32cd>, tycute_macros::cute!(_196608));
static_assertions::const_assert!(tycute_kernel::kernel::sm90::epi_direct::<Sm90_128x256Bf16F32cd>());
static_assertions::const_assert!(!tycute_kernel::kernel::sm90::epi_direct::<Sm90_128x256Bf16>());

/// The registry's entries: the headers and builds of `kernels/sm90_gemm.cu`.
#[cfg(feature = "kernel")]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = {
    use tycute_kernel::emit::sm90::header_with_values;
    use tycute_kernel::registry::{Entry, Variant};
    &[
        Entry::kernel(<Sm90_128x256F32cd as Sm90Config>::NAME, header_with_values::<Sm90_128x256F32cd>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256Bf16F32cd as Sm90Config>::NAME, header_with_values::<Sm90_128x256Bf16F32cd>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256E4m3F32cd as Sm90Config>::NAME, header_with_values::<Sm90_128x256E4m3F32cd>, Variant::SM90_GEMM),
        Entry::kernel(<Sm90_128x256Tf32F32cd as Sm90Config>::NAME, header_with_values::<Sm90_128x256Tf32F32cd>, Variant::SM90_GEMM),
    ]
};
/// No kernel without `kernel`: no entry.
#[cfg(not(feature = "kernel"))]
pub const ENTRIES: &[tycute_kernel::registry::Entry] = &[];

#[cfg(all(test, feature = "kernel"))]
mod tests {
    use tycute_kernel::emit::sm90::{check_tables, header_of, tables_of};

    #[test]
    fn the_f32_outputs_are_stored_from_the_registers() {
        for (t, h) in [
            (tables_of::<super::Sm90_128x256F32cd>().unwrap(), header_of::<super::Sm90_128x256F32cd>()),
            (tables_of::<super::Sm90_128x256Bf16F32cd>().unwrap(), header_of::<super::Sm90_128x256Bf16F32cd>()),
            (tables_of::<super::Sm90_128x256E4m3F32cd>().unwrap(), header_of::<super::Sm90_128x256E4m3F32cd>()),
            (tables_of::<super::Sm90_128x256Tf32F32cd>().unwrap(), header_of::<super::Sm90_128x256Tf32F32cd>()),
        ] {
            assert!(t.epi_direct && t.elem_cd == 4, "{}", t.name);
            let r = check_tables(&t).unwrap();
            assert!(r.lines.iter().any(|l| l.contains("kEpiDirect")), "{r:?}");
            assert!(h.contains("constexpr int kEpiDirect = 1;"), "{h}");
            assert!(h.contains("ELEMENT_CD TYCUTE_ELEMENT_F32"), "{h}");
            assert!(!h.contains("ERROR"), "{h}");
        }
        // the 16-bit configurations keep their staged epilogue
        let h = header_of::<crate::sm90_bf16::Sm90_128x256Bf16>();
        assert!(h.contains("constexpr int kEpiDirect = 0;"), "{h}");
    }
}
