use tycute_configs::emit::sm80::{check, header};
use tycute_configs::kernel::sm80::Sm80Config;
use tycute_configs::sm80_bf16_128x256::*;
use tycute_configs::sm80_mixed_128x256::{Sm80Nn128x256, Sm80Tt128x256};
use tycute_configs::sm80_nt_128x256::Sm80Nt128x256;
use tycute_configs::sm80_tn_128x256::Sm80Tn128x256;
use tycute_configs::sm80_variants::Sm80Tn128x256F16Cd;

/// Every bf16 configuration's tables pass the host-side proof (the fp16 configuration's tables,
/// reused; the S2G tables of bf16 C/D derived anew).
#[test]
fn are_checked_kernel_configurations() {
    for (name, r) in [
        (Sm80Tn128x256Bf16::NAME, check::<Sm80Tn128x256Bf16>()),
        (Sm80Nt128x256Bf16::NAME, check::<Sm80Nt128x256Bf16>()),
        (Sm80Nn128x256Bf16::NAME, check::<Sm80Nn128x256Bf16>()),
        (Sm80Tt128x256Bf16::NAME, check::<Sm80Tt128x256Bf16>()),
        (Sm80Tn128x256Bf16Bf16Cd::NAME, check::<Sm80Tn128x256Bf16Bf16Cd>()),
        (Sm80Tn128x256Bf16F16Cd::NAME, check::<Sm80Tn128x256Bf16F16Cd>()),
    ] {
        let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(r.lines.iter().any(|l| l.starts_with("S2G: every 16-byte vector")), "{name}");
    }
}

/// A bf16 header is its fp16 configuration's but for the MMA instruction, the element types and
/// the names: the same tables, closed forms and launch values.
#[test]
fn headers_differ_from_fp16_in_the_element_types_only() {
    let strip = |h: &str, name: &str| -> Vec<String> {
        h.lines()
            .filter(|l| !l.contains("MMA_PTX") && !l.contains("ELEMENT_") && !l.contains("kElement") && !l.contains("the element type of"))
            .filter(|l| !l.starts_with("// sm80 "))
            .map(|l| l.replace(name, "NAME").replace(&name.to_uppercase(), "NAME"))
            .collect()
    };
    let pairs = [
        (header::<Sm80Tn128x256>(), Sm80Tn128x256::NAME, header::<Sm80Tn128x256Bf16>(), Sm80Tn128x256Bf16::NAME),
        (header::<Sm80Nt128x256>(), Sm80Nt128x256::NAME, header::<Sm80Nt128x256Bf16>(), Sm80Nt128x256Bf16::NAME),
        (header::<Sm80Nn128x256>(), Sm80Nn128x256::NAME, header::<Sm80Nn128x256Bf16>(), Sm80Nn128x256Bf16::NAME),
        (header::<Sm80Tt128x256>(), Sm80Tt128x256::NAME, header::<Sm80Tt128x256Bf16>(), Sm80Tt128x256Bf16::NAME),
        (header::<Sm80Tn128x256F16Cd>(), Sm80Tn128x256F16Cd::NAME, header::<Sm80Tn128x256Bf16Bf16Cd>(), Sm80Tn128x256Bf16Bf16Cd::NAME),
        (header::<Sm80Tn128x256F16Cd>(), Sm80Tn128x256F16Cd::NAME, header::<Sm80Tn128x256Bf16F16Cd>(), Sm80Tn128x256Bf16F16Cd::NAME),
    ];
    for (f16, f16_name, bf16, bf16_name) in &pairs {
        assert!(bf16.contains(&format!("#define TYCUTE_{bf16_name}_MMA_PTX \"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32\"")), "{bf16_name}");
        assert!(bf16.contains(&format!("#define TYCUTE_{bf16_name}_ELEMENT_AB TYCUTE_ELEMENT_BF16")) && bf16.contains("constexpr int kElementAB = 3;"), "{bf16_name}");
        assert!(f16.contains(&format!("#define TYCUTE_{f16_name}_ELEMENT_AB TYCUTE_ELEMENT_F16")), "{f16_name}");
        assert_eq!(strip(bf16, bf16_name), strip(f16, f16_name), "{bf16_name} vs {f16_name}");
    }
    let cd = |h: &str| h.lines().find(|l| l.contains("kElementCD")).unwrap_or("").to_string();
    assert!(cd(&header::<Sm80Tn128x256Bf16>()).contains("= 1;"));
    assert!(cd(&header::<Sm80Tn128x256Bf16Bf16Cd>()).contains("= 3;"));
    assert!(cd(&header::<Sm80Tn128x256Bf16F16Cd>()).contains("= 2;"));
}
