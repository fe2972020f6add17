use tycute_configs::emit::sm80::{check, header, vec};
use tycute_configs::kernel::sm80::{ElemBytes, SmemBytes};
use tycute_configs::sm80_tf32_128x256::Sm80Tn128x256Tf32;
use tycute_configs::sm80_tn_128x256::Sm80Tn128x256;

/// The tables interpret as the kernel reads them: every copy covers its tile once with 16-byte
/// vectors of 4 tf32, and every ldmatrix result register is the tf32 element the m16n8k8 MMA
/// reads there.
#[test]
fn is_a_checked_kernel_configuration() {
    let r = check::<Sm80Tn128x256Tf32>().unwrap_or_else(|e| panic!("{e}"));
    for want in ["G2S A: every vector is 4 contiguous elements", "S2R A -> MMA A", "S2R B -> MMA B", "S2G: every 16-byte vector"] {
        assert!(r.lines.iter().any(|l| l.starts_with(want)), "{want}: {:?}", r.lines);
    }
    assert_eq!((vec::<Sm80Tn128x256Tf32>(), vec::<Sm80Tn128x256>()), (4, 8));
}

/// The rules count 4 bytes per element: 3 stages of (128 + 256) x 32 tf32 are 147456 bytes, as
/// the fp16 tile's 3 of (128 + 256) x 64 halves.
#[test]
fn shared_memory_counts_four_byte_elements() {
    use typenum::Integer;
    assert_eq!(<ElemBytes<Sm80Tn128x256Tf32> as Integer>::I64, 4);
    assert_eq!(<ElemBytes<Sm80Tn128x256> as Integer>::I64, 2);
    assert_eq!(<SmemBytes<Sm80Tn128x256Tf32> as Integer>::I64, 147456);
    assert_eq!(<SmemBytes<Sm80Tn128x256> as Integer>::I64, 147456);
}

/// The header names the tf32 instruction, the element code and the width; no error.
#[test]
fn header_names_tf32() {
    let h = header::<Sm80Tn128x256Tf32>();
    assert!(!h.contains("#error"), "{h}");
    assert!(h.contains("\"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32\""));
    assert!(h.contains("#define TYCUTE_sm80_tn_128x256_tf32_ELEMENT_AB TYCUTE_ELEMENT_TF32"));
    assert!(h.contains("kVec = 4;"), "four tf32 per 16-byte vector");
    assert!(h.contains("mma.m16n8k8") && !h.contains("halves"), "the comments speak of elements and the atom's shape");
}
