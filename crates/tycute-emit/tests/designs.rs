//! Kernel designs a user may choose, each emitted and proven through the public API: the ones a
//! new user found failing in the old, single-design emitter (issue "tycute for your own
//! kernels"): an R2S copy made with `make_tiled_copy_C_atom` + `make_tiled_copy_S`, an
//! unswizzled sC, a `Sw<3,3,5>` sC, and a bf16 design.

extern crate tycute_layout as tycute;

use tycute_atom::{Copy_Atom, MMA_Atom, SM80_16x8x16_F32BF16BF16F32_TN, UniversalCopy};
use tycute_emit::{proof, CopyOn, CopyTables, Header, MmaOn, MmaTables};
use tycute_layout::{float, uint32_t, Composition, MakeLayoutLeft};
use tycute_macros::cute;
use tycute_tiled::copy::{MakeTiledCopyC, MakeTiledCopyC_Atom, MakeTiledCopyS};
use tycute_tiled::mma::MakeTiledMma;

type Mma = MakeTiledMma<MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>, MakeLayoutLeft<cute!((_2,_2))>, cute!((_32,_32,_16))>;
type CoordA = MakeLayoutLeft<cute!((_64,_32))>;
type CoordB = MakeLayoutLeft<cute!((_128,_32))>;
type CoordC = MakeLayoutLeft<cute!((_64,_128))>;
type R2SAtom = Copy_Atom<UniversalCopy<uint32_t>, float>;

/// The accumulators of every thread land in `sC`'s every element once, through a retile the
/// same for every thread; the header takes the tables. (A macro: each design is concrete types.)
macro_rules! epilogue {
    ($R2S:ty, $SC:ty, $what:expr) => {{
        let run = || -> Result<String, tycute_emit::Error> {
            let mma = MmaTables::of::<MmaOn<Mma, CoordA, CoordB, CoordC>>()?;
            let r2s = CopyTables::of::<CopyOn<$R2S, CoordC, $SC>>()?;
            r2s.prove_src_once($what, 64 * 128)?;
            r2s.prove_dst_once($what, 64 * 128)?;
            let reg = proof::retile($what, r2s.src(), mma.c())?;
            let mut h = Header::new("design")?;
            h.layout::<$SC>("sC")?;
            h.copy("r2s", &r2s, 1)?;
            h.retile("r2s_reg", "accumulator of each R2S value", &reg)?;
            Ok(h.text())
        };
        run()
    }};
}

#[test]
fn r2s_from_make_tiled_copy_c_atom_and_make_tiled_copy_s() {
    type CAtom = MakeTiledCopyC_Atom<R2SAtom, Mma>;
    type R2S = MakeTiledCopyS<R2SAtom, CAtom>;
    let t = epilogue!(R2S, MakeLayoutLeft<cute!((_64,_128))>, "R2S (C atom)").unwrap();
    assert!(t.contains("r2s_dst"));
}

#[test]
fn an_unswizzled_sc() {
    let t = epilogue!(MakeTiledCopyC<R2SAtom, Mma>, MakeLayoutLeft<cute!((_64,_128))>, "R2S").unwrap();
    assert!(t.contains("// sC = (_64,_128):(_1,_64)"), "{t}");
    assert!(!t.contains("sC_sw_b"));
}

#[test]
fn a_sw335_sc() {
    type SC = Composition<cute!(Sw<3,3,5>), MakeLayoutLeft<cute!((_64,_128))>>;
    let t = epilogue!(MakeTiledCopyC<R2SAtom, Mma>, SC, "R2S").unwrap();
    assert!(t.contains("constexpr int sC_sw_s = 5;"), "{t}");
}

#[test]
fn a_copy_that_misses_elements_is_an_error_with_the_numbers() {
    // the R2S copy over a tensor of half the tile: what it writes is not every element once
    let e = CopyTables::of::<CopyOn<MakeTiledCopyC<R2SAtom, Mma>, CoordC, CoordC>>().unwrap().prove_dst_once("R2S", 2 * 64 * 128).unwrap_err();
    assert!(e.message().starts_with("R2S destination: element 8192 of 16384 is covered 0 times"), "{e}");
}
