//! # tycute
//!
//! NVIDIA CuTe's layout algebra in Rust's type system. Static shapes and strides are typenum
//! types, every algebra operation is a type alias evaluated by the trait solver, and a layout that
//! does not fit is a compile error that names the rule it breaks.
//!
//! ```
//! use tycute::{cute, show, table, Coalesce};
//!
//! type A = cute!(((_2,_4),_2):((_8,_2),_1));
//! assert_eq!(show::<Coalesce<A>>(), "(_2,_4,_2):(_8,_2,_1)");
//! assert_eq!(table::<Coalesce<A>>()[..4], [0, 8, 2, 10]);
//! ```
//!
//! The crate re-exports the type-level algebra ([`tycute_layout`]), the [`cute!`] macro that
//! writes a type from CuTe's printed text, and the runtime twin of the algebra as [`dynamic`].

// `cute!` expands to `::tycute::__private::...`; this makes those paths resolve in this crate too.
extern crate self as tycute;

pub use tycute_layout::*;

pub use tycute_macros::cute;

// The crates below are re-exported as modules of this crate (not `pub use tycute_x as x`): rustc
// names their items in messages by the path it finds through these modules
// (`tycute::tiled::copy::TiledCopy`), where a renamed crate re-export printed the crate's own
// name (`tycute::tycute_tiled::copy::TiledCopy`, a path that does not resolve).

/// MMA and copy atoms as data (CuTe's `*_traits_*` layer): which thread holds which value of
/// which element, for every instruction, in CuTe's names.
///
/// ```
/// use tycute::atom::{MMA_Atom, MmaTraits, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute::show;
///
/// type C = <MMA_Atom<SM80_16x8x16_F16F16F16F16_TN> as MmaTraits>::LayoutC_TV;
/// assert_eq!(show::<C>(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// ```
pub mod atom {
    pub use tycute_atom::*;
}

/// TiledMMA and TiledCopy evaluated by the trait solver: `make_tiled_mma`, `thrfrg`, the TV
/// layouts, `make_tiled_copy_*`, per-thread partitions, retile, and their bounds
/// ([`tiled::bounds`]).
///
/// ```
/// use tycute::atom::{MMA_Atom, SM80_16x8x16_F16F16F16F16_TN};
/// use tycute::tiled::{GetLayoutC_TV, MakeTiledMma, TileShape};
/// use tycute::{cute, show, Size};
///
/// type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, cute!((_2,_2,_1):(_1,_2,_0))>;
/// assert_eq!(show::<Size<Mma>>(), "_128");
/// assert_eq!(show::<TileShape<Mma>>(), "(_32,_16,_16)");
/// assert_eq!(show::<Size<GetLayoutC_TV<Mma>>>(), "_512");           // (thread, value) -> (m, n) of 32x16
/// ```
pub mod tiled {
    pub use tycute_tiled::*;
}

/// The kernel configuration traits and their rules, for a configuration of one's own: an sm80
/// configuration implements [`kernel::sm80::Sm80Config`] and passes [`kernel::sm80::Sm80Checked`]
/// (every rule a trait whose message is the compile error), an sm90 one
/// [`kernel::sm90::Sm90Config`] / [`kernel::sm90::Sm90Checked`]; the macros
/// (`impl_sm80_kernel!`, `sm90_derive!`, ...) derive the kernel side. The same items are
/// `configs::kernel` where tycute's own configurations are compiled too.
///
/// Feature `kernel` (part of `seed-configs`, `configs` and the default): none of tycute's named
/// configurations is compiled for it.
#[cfg(feature = "kernel")]
pub mod kernel {
    pub use tycute_kernel::kernel::*;
    pub use tycute_kernel::{impl_sm80_kernel, impl_sm80_variant, sm80_with_elements, sm90_derive, sm90_with_element, sm90_with_output};
}

/// Named kernel configurations (`sgemm_sm80`, `sm80_tn_128x256`, `sm90`, ...) as types, and
/// the kernel rules a configuration must pass (`configs::kernel`).
///
/// ```
/// use tycute::configs::sgemm_sm80::SmemLayoutA;
/// use tycute::{show, Size};
///
/// assert_eq!(show::<Size<SmemLayoutA>>(), "_24576");      // 128 x 64 halves x 3 stages
/// ```
///
/// Feature `configs` (on by default): a dependent with `default-features = false` compiles the
/// algebra and [`emit`] without any of these. Feature `seed-configs` gives only the seed
/// documents' configurations (`sgemm_sm80`, `sm80_tn_128x256`'s types, `crosswise`), a fraction
/// of the compile time.
#[cfg(feature = "seed-configs")]
pub mod configs {
    pub use tycute_configs::*;
}

/// The runtime twin: the same algebra on run-time values, parsed from and printed as CuTe text
/// (what `tycute eval` runs), with the same rules and messages as the type level.
///
/// ```
/// use tycute::dynamic::{divide::logical_divide, Layout, Tiler};
///
/// let a: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
/// let t: Tiler = "(_2,_4)".parse().unwrap();
/// assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((_2,_4),(_4,_2)):((_8,_16),(_1,_4))");
/// ```
pub mod dynamic {
    pub use tycute_dynamic::*;
}

/// Bounds for generic code, each stating the rule and its numbers when it fails: the layout
/// bounds (`SizeIs<N>`, `CosizeIs<N>`, `RankIs<R>`, `ShapeIs<S>`, `Compatible<B>`, and
/// `HasSize<T>`, ... for numbers as types) and the tiled ones (`CopyCovers<L>`,
/// `MmaTileDivides<S>`).
///
/// ```
/// use tycute::bounds::{RankIs, SizeIs};
/// use tycute::cute;
///
/// fn smem_tile<L: SizeIs<8192> + RankIs<2>>() {}
/// smem_tile::<cute!((_128,_64):(_64,_1))>();
/// ```
///
/// ```compile_fail,E0277
/// use tycute::bounds::SizeIs;
/// use tycute::cute;
///
/// fn smem_tile<L: SizeIs<8192>>() {}
/// smem_tile::<cute!((_64,_64):(_64,_1))>();
/// // error[E0277]: SizeIs<8192>: size(layout) is _4<_096>, not 8192
/// ```
///
/// A number the trait solver computed prints as digit groups ([`bounds::digits`]): `_96` is
/// 96, `_4<_096>` is 4096, `_1<_048, _576>` is 1048576.
pub mod bounds {
    pub use tycute_layout::bounds::*;
    pub use tycute_tiled::bounds::*;
}

/// From your types to your kernel's header: values of static objects, per-thread tables of a
/// TiledCopy or TiledMMA, proofs on them, and a namespaced CUDA header for nvcc, NVRTC and a host
/// compiler (docs/emit.md). Available without any feature, for a user's `build.rs`;
/// `examples/bf16-tile` uses it end to end.
///
/// ```
/// use tycute::emit::{CopyOn, CopyTables, Header};
/// use tycute::atom::{Copy_Atom, UniversalCopy};
/// use tycute::tiled::copy::MakeTiledCopy;
/// use tycute::{cute, float, uint128_t, MakeLayoutLeft};
///
/// // 16x8 threads store 4 floats each of a (64,8) M-major tile
/// type S2G = MakeTiledCopy<Copy_Atom<UniversalCopy<uint128_t>, float>, cute!((_16,_8):(_1,_16)), MakeLayoutLeft<cute!((_4,_1))>>;
/// type Tile = MakeLayoutLeft<cute!((_64,_8))>;
/// let c = CopyTables::of::<CopyOn<S2G, Tile, Tile>>()?;
/// c.prove_dst_once("S2G", 64 * 8)?;
/// c.prove_vectors("S2G", 4)?;
/// let mut h = Header::new("my_epilogue")?;
/// h.copy("s2g", &c, 4)?;
/// assert!(h.text().contains("TYCUTE_DEVICE const unsigned short s2g_dst[128][1]"));
/// # Ok::<(), tycute::emit::Error>(())
/// ```
pub mod emit {
    pub use tycute_emit::*;
}
/// The runtime value of a static object (`tycute::value::<cute!((_4,_2):(_2,_1))>()`), read from
/// its type, never through text; `tycute::value::tiled_copy::<TC>()` and
/// `tycute::value::tiled_mma::<TM>()` give a TiledCopy's and a TiledMMA's value (the runtime
/// twin's, which prints as CuTe's `print` and computes their partitions).
pub use tycute_emit::value;

/// The CUDA side: NVRTC compilation of kernels and headers to CUBIN with ptxas's report
/// (`cuda::nvrtc`), SASS checks (`cuda::sass`), the driver through cudarc (`cuda::cudarc`),
/// TMA descriptors (`cuda::tma`); its CUBIN cache lives in the running program's target
/// directory (`cuda::nvrtc::cache_dir`).
#[cfg(feature = "cuda")]
pub use tycute_cuda as cuda;

/// The CUDA headers of the named configurations, written from their types by tycute-gemm's
/// build script (docs/headers.md): `(file name, text)`, for NVRTC's in-memory headers, and the
/// integers each holds (`headers::value`).
#[cfg(feature = "headers")]
pub use tycute_gemm::headers;

/// The GEMMs on the GPU (`tycute-gemm`): the sm80 and sm90 kernels' launch API (`gemm::sm80`,
/// `gemm::sm90`: configurations, strides, layouts, bias, stream-K), their checks against an f64
/// reference and cuBLAS, the benchmark, and the tile round-trip. They skip without a GPU in
/// `tests/gpu_gemm.rs`, `tests/gpu_sm90.rs` and `tests/gpu_tables.rs`.
#[cfg(feature = "headers")]
pub mod gemm {
    pub use tycute_gemm::*;
}

/// This build's features as bits (`seed-configs` 1, `configs` 2, `cuda` 4, `headers` 8): the
/// tests' generated programs compile against the very library their test was built with, found
/// among `target/<profile>/deps` by this value (tests/common/mod.rs).
#[doc(hidden)]
pub const __FEATURES: u32 = cfg!(feature = "seed-configs") as u32
    | (cfg!(feature = "configs") as u32) << 1
    | (cfg!(feature = "cuda") as u32) << 2
    | (cfg!(feature = "headers") as u32) << 3;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
