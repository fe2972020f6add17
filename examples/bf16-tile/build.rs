//! Writes `OUT_DIR/bf16_tile.h` from the design's types, after proving what the kernel relies on.
//! A failed proof stops the build with its message (which table, which thread, which value).

#[path = "src/design.rs"]
mod design;

use design::*;
use tycute::emit::{proof, CopyOn, CopyTables, Error, Header, MmaOn, MmaTables};
use tycute::{bfloat16_t, float};

fn header() -> Result<Header, Error> {
    let g2s_a = CopyTables::of::<CopyOn<G2S, GmemA, SmemA>>()?;
    let g2s_b = CopyTables::of::<CopyOn<G2S, GmemB, SmemB>>()?;
    let mma = MmaTables::of::<MmaOn<Mma, CoordA, CoordB, CoordC>>()?;
    let s2r_a = CopyTables::of::<CopyOn<S2RA, SmemA, CoordA>>()?;
    let s2r_b = CopyTables::of::<CopyOn<S2RB, SmemB, CoordB>>()?;
    let r2s = CopyTables::of::<CopyOn<R2S, CoordC, SmemC>>()?;
    let s2g = CopyTables::of::<CopyOn<S2G, SmemC, GmemD>>()?;

    // every element of A, B and D is moved exactly once, in whole 16-byte vectors
    for (what, c, n, v) in [("G2S A", &g2s_a, BM * BK, 8), ("G2S B", &g2s_b, BN * BK, 8), ("S2G D", &s2g, BM * BN, 4)] {
        c.prove_src_once(what, n)?;
        c.prove_dst_once(what, n)?;
        c.prove_vectors(what, v)?;
    }
    mma.prove_c_once("MMA", BM * BN)?;
    // ldmatrix's rows are 8 contiguous bf16 in shared memory, and its registers are the MMA's
    proof::contiguous_vectors("ldmatrix A rows", s2r_a.src(), 8)?;
    proof::contiguous_vectors("ldmatrix B rows", s2r_b.src(), 8)?;
    let reg_a = proof::retile("S2R A -> MMA A", s2r_a.dst(), mma.a())?;
    let reg_b = proof::retile("S2R B -> MMA B", s2r_b.dst(), mma.b())?;
    // ldmatrix fills 32-bit registers: values 2j and 2j+1 must be one fragment register
    for (what, map) in [("S2R A", &reg_a), ("S2R B", &reg_b)] {
        if let Some(j) = (0..map.len() / 2).find(|&j| map[2 * j] % 2 != 0 || map[2 * j + 1] != map[2 * j] + 1) {
            return Err(Error::new(format!("{what}: ldmatrix register {j} holds fragment values {} and {}, not one 32-bit pair", map[2 * j], map[2 * j + 1])));
        }
    }
    // the epilogue stores accumulator r where the MMA computed it
    let reg_c = proof::retile("MMA C -> R2S", r2s.src(), mma.c())?;
    r2s.prove_dst_once("R2S C", BM * BN)?;

    let mut h = Header::new("bf16_tile")?.about("tycute example: bf16 D(64,128) = A(64,32) * B(128,32)^T, fp32 accumulators, 4 warps");
    h.element::<bfloat16_t>("ElementAB")?;
    h.element::<float>("ElementCD")?;
    h.int("kThreads", mma.threads() as i64, "threads per CTA")?;
    h.layout::<SmemA>("sA")?;
    h.layout::<SmemB>("sB")?;
    h.layout::<SmemC>("sC")?;
    h.copy("g2s_a", &g2s_a, 8)?;
    h.copy("g2s_b", &g2s_b, 8)?;
    h.copy("s2r_a", &s2r_a, 8)?;
    h.copy("s2r_b", &s2r_b, 8)?;
    h.retile("s2r_a_reg", "value i of the A ldmatrix copy is MMA A fragment value s2r_a_reg[i]", &reg_a)?;
    h.retile("s2r_b_reg", "value i of the B ldmatrix copy is MMA B fragment value s2r_b_reg[i]", &reg_b)?;
    h.mma("mma", &mma)?;
    h.retile("r2s_reg", "value i of the R2S copy is accumulator r2s_reg[i]", &reg_c)?;
    h.copy("r2s", &r2s, 1)?;
    h.copy("s2g", &s2g, 4)?;
    Ok(h)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/design.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    if let Err(e) = header().and_then(|h| h.write(out.join("bf16_tile.h"))) {
        println!("cargo:warning=bf16_tile.h: {e}");
        std::process::exit(1);
    }
}
