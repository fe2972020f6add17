//! tycute's own sm90 configurations, evaluated at the type level (a crate of their own, so that
//! cargo builds them side by side with the sm80 ones: docs/design.md, "The crates of the
//! configurations"). Each configuration module ends in its registry `ENTRIES`; the list below is
//! the registry's order.
//!
//! | module | configuration |
//! |---|---|
//! | [`sm90`] | Hopper: TMA G2S into 128B-swizzled K-major smem, a `64x128x16` GMMA warpgroup, seed 004's TMA warp-specialized epilogue (STSM R2S, LDSM S2R) |
//! | [`sm90_128x256`] | Hopper, CUTLASS's cooperative recipe: a `128x256x64` tile for two `64x256x16` GMMA warpgroups (`(_2,_1,_1)`), 128-row epilogue sub-tiles (header only: no dump); `sm90_128x256_c2` in clusters of two along M (B multicast) |
//! | [`sm90_128x192`] | `sm90_128x256`'s cooperative recipe on a `128x192x64` tile (`64x192x16` GMMA warpgroups, 4 stages): a third more CTAs where the 128x256 tiles' last wave leaves SMs idle (header only) |
//! | [`sm90_128x64`] | `sm90`'s ping-pong recipe on a `128x64x64` tile (`64x64x16` GMMA warpgroups, 8 stages): twice the CTAs for few-tile problems (header only) |
//! | [`sm90_64x64`] | `sm90_128x64` on a `64x64x64` tile, 12 stages: M <= 64 without a half box of rows past M (header only) |
//! | [`sm90_128x96`] | `sm90`'s recipe on a `128x96x64` tile (`64x96x16` GMMA warpgroups), 6 stages, K-major A and B only, fp16 and bf16: 129-256 rows against N of 5-6 thousand in one round of tiles (header only); `sm90_128x96_sk` (and bf16) the same tables in one consumer (`ONE_CONSUMER`) |
//! | [`sm90_reuse_c`] | `sm90` with CUTLASS's `ReuseSmemC` (header only) |
//! | [`sm90_64x96`] | `sm90_64x64`'s recipe on a `64x96x64` tile, 8 stages, K-major A and B only (the K-major family), fp16 and bf16: M <= 64 against N of 10-12 thousand in one round of tiles (header only); `sm90_64x96_sk` (and bf16) the same tables in one consumer (`ONE_CONSUMER`: the cooperative schedule's stream-K for few tiles and a long k-loop) |
//! | [`sm90_bf16`] | `sm90`, `sm90_128x256`, `sm90_128x256_c2`, `sm90_128x192`, `sm90_128x64` and `sm90_64x64` with bf16 elements (`sm90_bf16`, `sm90_128x256_bf16`, `sm90_128x256_bf16_c2`, ...) |
//! | [`sm90_tf32`] | tf32: f32 A and B read by wgmma's `.tf32` form (K-major only), bf16 C and D, a `128x256x32` tile for two `64x256x8` GMMA warpgroups (`sm90_128x256_tf32`) |
//! | [`sm90_fp8`] | fp8: `float_e4m3_t` A and B (K-major only), bf16 C and D, a `128x256x128` tile for two `64x256x32` GMMA warpgroups (`sm90_128x256_e4m3`, and `sm90_128x256_e5m2` by element type) |
//! | [`sm90_fp8_tiles`] | fp8 for few tiles: `sm90`'s ping-pong recipe with e4m3 A and B on the 16-bit choice's smaller tiles (`sm90_128x128_e4m3`, `sm90_128x64_e4m3`, `sm90_64x64_e4m3`; K-major anyway, so the 96-column `sm90_64x96_e4m3` and `sm90_128x96_e4m3` too), and the cooperative 128x192 tile for the last wave (`sm90_128x192_e4m3`) |
//! | [`sm90_fp8_out`] | `sm90_128x256_e4m3` with fp16 C, D and bias (`sm90_128x256_e4m3_f16cd`, by output type) |
//! | [`sm90_f32cd`] | fp32 C, D and bias, stored from the registers: `sm90_128x256_f32cd`, `_bf16_f32cd`, `_e4m3_f32cd`, `_tf32_f32cd` (by output type) |
//!
//! [`sm90_layouts`] gives each configuration in the four majors (the kernel's `tn`, `nt`, `nn`,
//! `tt`); [`header_types`] what each gives the header emitter. The epilogue's bank analysis is
//! generic (`tycute_kernel::analyze::sm90`).

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

/// The K-major-only family of configurations (fp8, tf32): `sm90_k_major_family!`.
#[macro_use]
pub mod sm90_k_major;

tycute_kernel::configurations! {
    sm90,
    sm90_128x256,
    sm90_128x192,
    sm90_128x64,
    sm90_64x64,
    sm90_64x96,
    sm90_128x96,
    sm90_reuse_c,
    sm90_bf16,
    sm90_fp8,
    sm90_fp8_tiles,
    sm90_fp8_out,
    sm90_tf32,
    sm90_f32cd,
}

/// CUTLASS's `ReuseSmemC` for any sm90 configuration.
pub mod sm90_reuse;

/// Each configuration in every major of A and B.
pub mod sm90_layouts;

/// What each configuration gives the header emitter (`Sm90Types`), and `sm90`'s tables, header and
/// host-side proof.
#[cfg(feature = "kernel")]
pub mod header_types;
