use tycute_configs::emit::sm80::*;
use tycute_configs::sgemm_sm80::SgemmSm80;

#[test]
fn tables_pass_the_host_side_proof() {
    let r = check::<SgemmSm80>().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    assert!(r.lines.len() >= 9);
}

#[test]
fn header_is_deterministic() {
    let (a, b) = (header::<SgemmSm80>(), header::<SgemmSm80>());
    assert_eq!(a, b);
    assert!(a.contains("TYCUTE_DEVICE const unsigned short g2s_a_crd[128][8]"), "{}", &a[..2000.min(a.len())]);
    assert!(a.contains("constexpr int kSwizzleB = 3;"));
}
