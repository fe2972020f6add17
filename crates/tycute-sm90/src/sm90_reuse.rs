//! CUTLASS's `ReuseSmemC` for an sm90 configuration: `ReuseSmemC<C>` is `C` with its epilogue
//! storing D through the shared-memory stage its C sub-tile was loaded into, one buffer of
//! `StagesCD` stages per consumer instead of two.
//!
//! ```text
//! sC_epi = sD_epi = tile_to_shape(SmemAtomD, (EPI_M,EPI_N,StagesCD))      // one buffer
//! per sub-tile: TMA load C -> sC(_,_,s); ldmatrix C; alpha*acc + beta*C; stmatrix D -> sC(_,_,s); TMA store
//! ```
//!
//! Everything but the flag is `C`'s, so the tables are too; the rule that makes reuse sound (C's
//! and D's stages are one layout) is [`tycute_kernel::kernel::sm90::ReuseSmemCFits`], checked by
//! `Sm90Checked`. The kernel gives a stage back to the C warp only once the TMA store of the D
//! written there has read it, so C runs one sub-tile ahead instead of `StagesCD` (docs/perf-history.md,
//! "ReuseSmemC").

use core::marker::PhantomData;

use tycute_kernel::kernel::sm90::Sm90Config;

/// The configuration name of `C` with ReuseSmemC (the header's file and namespace).
pub trait ReuseName {
    const REUSE_NAME: &'static str;
}

/// Configuration `C` with `ReuseSmemC = B1`.
pub struct ReuseSmemC<C>(PhantomData<fn() -> C>);

tycute_kernel::sm90_derive! {
    impl[C: Sm90Config + ReuseName] ReuseSmemC<C> = C where [] {
        NAME = C::REUSE_NAME,
        ReuseSmemC = typenum::B1,
    }
}
