//! What an sm90 configuration gives its header: [`Sm90Types`], the type-level values evaluated
//! (each a `show`/`table` of one of the configuration's CuTe-named types), and the hardware
//! constants the rest of the emitter counts in.

use tycute_layout::repr::Repr;

use crate::kernel::sm90::Sm90Config;

/// Threads of one warpgroup: the unit of a wgmma (and of `thrfrg_A`'s identical rows).
pub(crate) const WARPGROUP: usize = 128;

/// Values per `stmatrix.x4` of one thread (4 registers x 2 halves).
pub(crate) const STSM_VALS: usize = 8;


/// The type-level values of one sm90 configuration that its header needs, evaluated: each method
/// is `show`/`table` of one of the configuration module's CuTe-named types (every sm90
/// configuration module names them alike; `tycute-sm90`'s `sm90_types!` writes the impl). The rest of this
/// module is ordinary code over these values.
pub trait Sm90Types {
    /// The configuration (its name, TMA modes).
    type Cfg: Sm90Config;
    /// One line for the header.
    const ABOUT: &'static str;
    /// `size(mma)`: the consumer threads that own the accumulators of a tile.
    const THREADS: usize;
    /// A and B K-major only, whatever the element type (the K-major family,
    /// `tycute_sm90::sm90_k_major`): the header describes no MN-major operand and the kernel has
    /// only its `tn` entry point. wgmma's 8-bit and tf32 forms are K-major only anyway.
    const K_MAJOR_ONLY: bool = false;
    /// `show` of `cta_tiler`, `bP`, the smem atoms of A/B and of D, the TMA boxes of B and D, `sA(_,_,0)`,
    /// `sB(_,_,0)`, `sD(_,_,0)`, the TiledMMA's tile, the epilogue tile, its stages.
    fn texts() -> Texts;
    /// `sD(_,_,0)` (element units, swizzled).
    fn sd() -> Vec<i64>;
    /// `thr_layout_vmnk`, `thrfrg_A(mma, (bM,bK))`, `layoutA_TV`, `thrfrg_B(mma, (bN,bK))`, `layoutB_TV`,
    /// `thrfrg_C(mma, (bM,bN))`, `partition_fragment_C` of thread 0.
    fn mma() -> [Vec<i64>; 7];
    /// `size<0>(accumulators)`: the registers of one wgmma.
    fn acc_per_mma() -> i64;
    /// The TiledMMA's GMMA atom: its instruction ([`tycute_atom::GmmaPtx::PTX`]), its
    /// accumulator registers per thread, whether they are f32.
    fn wgmma() -> (&'static str, usize, bool);
    /// `zipped_divide((bM,bN), EpilogueTile)`, `tidfrg_D(tiled_r2s, sD_epi)`, `tidfrg_S(tiled_r2s,
    /// EpilogueTile)`, `tidfrg_S(tiled_s2r, sC_epi)`, `tidfrg_D(tiled_s2r, EpilogueTile)`.
    fn epilogue() -> [Vec<i64>; 5];
    /// One stage of A (`(bM,bK)`) and of B (`(bN,bK)`) in each major, in the order
    /// [`OPERANDS`]: `show` of the stage (position independent), its table (element units, swizzled, by `mn + rows*k`)
    /// and the table of its `layout_b()` (unswizzled), from `tycute-sm90`'s `sm90_layouts::StageOf`.
    fn operand_stages() -> [(String, Vec<i64>, Vec<i64>); 4];
}

/// The operands and majors a header describes: `(name, operand A, MN-major)`; the kernel's
/// layout `tn` reads `A_K` and `B_K`, `nt` `A_MN` and `B_MN`, `nn` `A_MN` and `B_K`, `tt`
/// `A_K` and `B_MN`.
pub const OPERANDS: [(&str, bool, bool); 4] = [("A_K", true, false), ("A_MN", true, true), ("B_K", false, false), ("B_MN", false, true)];

/// The values of [`Sm90Types::texts`] (`.text()` is each one's CuTe text).
pub struct Texts {
    pub cta_tiler: Repr,
    pub stages: Repr,
    pub smem_atom_a: Repr,
    pub smem_atom_d: Repr,
    pub box_b: Repr,
    pub box_d: Repr,
    pub sa: Repr,
    pub sb: Repr,
    pub sd: Repr,
    pub mma_tile: Repr,
    /// `thr_layout_vmnk` (its shape: `(V,M,N,K)` threads).
    pub vmnk: Repr,
    /// `ClusterShape`.
    pub cluster: Repr,
    pub epi_tile: Repr,
    pub stages_cd: Repr,
    /// `sC(_,_,0)`, position independent (the kernel loads C with D's box: it must be `sD(_,_,0)`).
    pub sc: Repr,
}

impl Texts {
    /// The fifteen values in the order of the fields (`cta_tiler`, `stages`, ..., `stages_cd`,
    /// `sc`), as one [`ReifyEach`](tycute_layout::ReifyEach) path of the configuration's types
    /// gives them (each `Sm90Types::texts` names its types in one path: docs/design.md, "Compile
    /// time").
    pub fn from_reprs(r: &[Repr; 15]) -> Texts {
        let [cta_tiler, stages, smem_atom_a, smem_atom_d, box_b, box_d, sa, sb, sd, mma_tile, vmnk, cluster, epi_tile, stages_cd, sc] = *r;
        Texts { cta_tiler, stages, smem_atom_a, smem_atom_d, box_b, box_d, sa, sb, sd, mma_tile, vmnk, cluster, epi_tile, stages_cd, sc }
    }
}

