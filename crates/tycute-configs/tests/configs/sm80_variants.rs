use tycute_configs::sm80_variants::*;
use tycute_configs::kernel::sm80::Sm80Config;
use tycute_configs::sm80_tn_128x256::Sm80Tn128x256;
use tycute_configs::emit::sm80::{check, header};
use tycute_configs::kernel::sm80::Sm80Kernel;

#[test]
fn are_checked_kernel_configurations() {
    for (name, r) in [
        (Sm80Tn128x256F16Acc::NAME, check::<Sm80Tn128x256F16Acc>()),
        (Sm80Tn128x256F16Cd::NAME, check::<Sm80Tn128x256F16Cd>()),
        (Sm80Tn128x256F16AccF16Cd::NAME, check::<Sm80Tn128x256F16AccF16Cd>()),
    ] {
        let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
        for l in &r.lines {
            println!("{name}: {l}");
        }
        assert!(r.lines.iter().any(|l| l.starts_with("S2G: every 16-byte vector")), "{name}");
    }
}

/// The headers differ from TN's only in what the atoms say, and fp16 C/D in the S2G closed
/// forms.
#[test]
fn headers_differ_from_tn_in_the_atoms_only() {
    let tn = header::<Sm80Tn128x256>();
    let acc = header::<Sm80Tn128x256F16Acc>();
    let cd = header::<Sm80Tn128x256F16Cd>();
    let both = header::<Sm80Tn128x256F16AccF16Cd>();
    assert!(tn.contains("#define TYCUTE_sm80_tn_128x256_MMA_PTX \"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\""), "{tn}");
    assert!(acc.contains("#define TYCUTE_sm80_tn_128x256_f16acc_MMA_PTX \"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16\""));
    assert!(tn.contains("constexpr int kAccBits = 32;") && acc.contains("constexpr int kAccBits = 16;"));
    assert!(tn.contains("constexpr int kOutBits = 32;") && cd.contains("constexpr int kOutBits = 16;"));
    assert!(tn.contains("constexpr int kS2GVec = 4;") && cd.contains("constexpr int kS2GVec = 8;"));
    assert!(both.contains("constexpr int kAccBits = 16;") && both.contains("constexpr int kOutBits = 16;"));
    // every line that is not a name, the atoms' items or (fp16 C/D) the S2G closed forms is TN's
    let strip = |h: &str, name: &str| -> Vec<String> {
        h.lines()
            .filter(|l| !l.contains("MMA_PTX") && !l.contains("ACC_BITS") && !l.contains("OUT_BITS"))
            .filter(|l| !l.contains("kAccBits") && !l.contains("kOutBits") && !l.contains("kS2GVec"))
            .filter(|l| !l.contains("ELEMENT_CD") && !l.contains("kElementCD") && !l.contains("element type of C and D"))
            .filter(|l| !l.contains("tSGsC") && !l.contains("tSGcC") && !l.contains("S2G") && !l.contains("16-byte stores"))
            .map(|l| l.replace(name, "NAME").replace(&name.to_uppercase(), "NAME"))
            .filter(|l| !l.contains("sm80 TN 128x256x64"))
            .collect()
    };
    let base = strip(&tn, Sm80Tn128x256::NAME);
    assert_eq!(strip(&acc, Sm80Tn128x256F16Acc::NAME), base);
    assert_eq!(strip(&cd, Sm80Tn128x256F16Cd::NAME), base);
    assert_eq!(strip(&both, Sm80Tn128x256F16AccF16Cd::NAME), base);
    // the fp16-accumulating variant's header is TN's but for the atom's lines
    let lines = |h: &str| h.lines().filter(|l| !l.contains("tSG")).count();
    assert_eq!(lines(&acc), lines(&tn));
    let _ = <Sm80Tn128x256F16Acc as Sm80Kernel>::tables;
}

/// Everything but fp16 D's S2G loads is TN's and conflict-free. Those read 32 bytes per
/// thread (8 floats of one column of sC) as two 16-byte loads: a phase of 8 threads reads
/// the first (second) halves of 8 runs 32 bytes apart, 16 of the 32 banks, and `Sw<2,3,5>`
/// (which moves whole 8-float runs) cannot spread them: 2 wavefronts where 1 would do, for
/// the 256 loads of one tile's epilogue (a `Sw<3,2,5>` sC, 4-float runs, would avoid it and
/// change the R2S tables).
#[test]
fn shared_memory_conflicts() {
    let a = tycute_configs::analyze::sm80::accesses::<Sm80Tn128x256F16Cd>();
    println!("{}", tycute_configs::analyze::report(Sm80Tn128x256F16Cd::NAME, &a));
    for x in &a {
        if x.what.starts_with("S2G") {
            assert_eq!((x.min, x.max), (2 * x.ideal, 2 * x.ideal), "{x:?}");
        } else {
            assert!(x.conflict_free(), "{x:?}");
        }
    }
}
