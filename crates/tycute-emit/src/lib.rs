//! # tycute-emit: from your types to your kernel's header
//!
//! The public path from a kernel design written as tycute types (layouts, swizzles, TiledCopy,
//! TiledMMA) to a CUDA header its kernel includes, usable from your own `build.rs`:
//!
//! * [`value()`]: any static object's runtime value (the runtime twin's [`tycute_dynamic::Value`]),
//!   read from its type's constant, never through printed text;
//! * [`CopyTables`] / [`MmaTables`]: what every thread of a TiledCopy or TiledMMA touches;
//! * [`proof`]: checks on those values (each element exactly once, contiguous vectors, the
//!   registers an S2R copy fills are the MMA's), each failing with the numbers;
//! * [`Header`]: a namespaced header of constants and tables for nvcc, NVRTC and a host C++
//!   compiler, written whole and only when it changed.
//!
//! ```
//! # extern crate tycute_layout as tycute;
//! use tycute_atom::{Copy_Atom, MMA_Atom, SM75_U32x4_LDSM_N, SM80_16x8x16_F32BF16BF16F32_TN, SM80_CP_ASYNC_CACHEALWAYS};
//! use tycute_emit::{CopyOn, CopyTables, Header, MmaOn, MmaTables};
//! use tycute_layout::{bfloat16_t, float, uint128_t, Composition, MakeLayoutLeft, TileToShape};
//! use tycute_macros::cute;
//! use tycute_tiled::copy::{MakeTiledCopy, MakeTiledCopyA};
//! use tycute_tiled::mma::MakeTiledMma;
//!
//! // A bf16 design: a 64x32 tile of A, K-major, 128 threads.
//! type SmemA = TileToShape<Composition<cute!(Sw<2,3,3>), cute!((_8,_32):(_32,_1))>, cute!((_64,_32))>;
//! type GmemA = cute!((_64,_32):(_32,_1));               // a K-major tile of A in global memory
//! type TileA = MakeLayoutLeft<cute!((_64,_32))>;         // element m + 64*k
//! type G2S = MakeTiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bfloat16_t>,
//!                          cute!((_32,_4):(_4,_1)), MakeLayoutLeft<cute!((_1,_8))>>;
//! type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>, MakeLayoutLeft<cute!((_2,_2))>, cute!((_32,_32,_16))>;
//! type S2R = MakeTiledCopyA<Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>, Mma>;
//!
//! // What each thread touches, and the proofs.
//! let g2s = CopyTables::of::<CopyOn<G2S, GmemA, SmemA>>()?;
//! g2s.prove_src_once("G2S A", 64 * 32)?;
//! g2s.prove_dst_once("G2S A", 64 * 32)?;
//! g2s.prove_vectors("G2S A", 8)?;                          // 16-byte cp.async of 8 bf16
//! let mma = MmaTables::of::<MmaOn<Mma, TileA, MakeLayoutLeft<cute!((_64,_32))>, MakeLayoutLeft<cute!((_64,_64))>>>()?;
//! mma.prove_c_once("MMA", 64 * 64)?;
//! let s2r = CopyTables::of::<CopyOn<S2R, SmemA, TileA>>()?;
//! tycute_emit::proof::same_elements("ldmatrix -> MMA A", s2r.dst(), mma.a())?;
//!
//! // The header.
//! let mut h = Header::new("my_gemm")?.about("bf16 64x64x32, 4 warps");
//! h.element::<bfloat16_t>("ElementA")?;
//! h.element::<float>("ElementAcc")?;
//! h.layout::<SmemA>("sA")?;
//! h.copy("g2s_a", &g2s, 8)?;
//! h.mma("mma", &mma)?;
//! let text = h.text();
//! assert!(text.contains("// sA = Sw<2,3,3> o _0 o "));
//! assert!(text.contains("TYCUTE_DEVICE const unsigned short g2s_a_dst[128][2]"));
//! // h.write(out_dir.join("my_gemm.h"))?;   in a build script
//! # Ok::<(), tycute_emit::Error>(())
//! ```

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

pub mod copy;
pub mod element;
pub mod error;
pub mod header;
pub mod mma;
pub mod proof;
pub mod value;

pub use copy::{CopyApplied, CopyOn, CopyOperands, CopyTables};
pub use element::ElementName;
pub use error::Error;
pub use header::{write_if_changed, Header};
pub use mma::{MmaApplied, MmaOn, MmaOperands, MmaTables};
pub use value::{any_layout, value};
