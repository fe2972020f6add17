use tycute_configs::emit::sm90::*;

#[test]
fn hw_swizzles() {
    assert_eq!(hw_swizzle(&<tycute_macros::cute!(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)) as tycute_layout::Reify>::REPR), Ok((3, 3, 1, 128)));
    assert_eq!(hw_swizzle(&<tycute_macros::cute!(Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)) as tycute_layout::Reify>::REPR), Ok((2, 2, 2, 64)));
    assert!(hw_swizzle(&<tycute_macros::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)) as tycute_layout::Reify>::REPR).is_err());
    assert_eq!(swizzle(0b0001_1000_0000, (3, 4, 3)), 0b0001_1011_0000);
}

#[test]
fn tables_pass_the_host_side_proof() {
    let r = check().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    assert!(r.lines.len() >= 10);
}

#[test]
fn the_proof_rejects_wrong_tables() {
    let good = tables().unwrap();
    let mut t = tables().unwrap();
    t.ops[0].sbo = 512;
    assert!(check_tables(&t).unwrap_err().contains("GMMA A_K"));
    let mut t = tables().unwrap();
    t.ops[1].sbo += 1024;
    assert!(check_tables(&t).unwrap_err().contains("GMMA A_MN"));
    // (A's LBO is not read: a wgmma's 64 rows are one MN slice; B's 128 columns are two)
    let mut t = tables().unwrap();
    t.ops[3].lbo += 1024;
    assert!(check_tables(&t).unwrap_err().contains("GMMA B_MN"));
    let mut t = tables().unwrap();
    t.ops[3].sbo = 2048;
    assert!(check_tables(&t).unwrap_err().contains("GMMA B_MN"));
    let mut t = tables().unwrap();
    // box 0 written where box 1 belongs
    t.ops[3].boxes[0].1 = t.ops[3].boxes[1].1;
    assert!(check_tables(&t).unwrap_err().contains("TMA load B_MN"));
    let mut t = tables().unwrap();
    t.ops[0].gmma_off[1][0] += 16;
    assert!(check_tables(&t).unwrap_err().contains("GMMA A_K"));
    let mut t = tables().unwrap();
    t.ops[1].gmma_off[0][1] += 1024;
    assert!(check_tables(&t).unwrap_err().contains("GMMA A_MN"));
    let mut t = tables().unwrap();
    t.r2s_smem.swap(0, 1);
    assert!(check_tables(&t).unwrap_err().contains("R2S"));
    let mut t = tables().unwrap();
    t.r2s_acc[3].swap(0, 1);
    assert!(check_tables(&t).unwrap_err().contains("R2S"));
    let mut t = tables().unwrap();
    t.s2r_smem[5][1] += 8;
    assert!(check_tables(&t).unwrap_err().contains("S2R"));
    let mut t = tables().unwrap();
    t.sw_d = hw_swizzle(&<tycute_macros::cute!(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)) as tycute_layout::Reify>::REPR).unwrap();
    assert!(check_tables(&t).unwrap_err().contains("TMA store D"));
    assert!(check_tables(&good).is_ok());
}

#[test]
fn the_cooperative_128x256_tables_pass_the_host_side_proof() {
    use tycute_configs::sm90_128x256::Sm90_128x256;
    let r = check_of::<Sm90_128x256>().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    let t = tables_of::<Sm90_128x256>().unwrap();
    // two warpgroups of m64n256k16: each one wgmma per k16 on its 64 rows, all of B
    assert_eq!((t.threads, t.atom_n, t.mma_m, t.mma_k, t.ops[0].gmma_off.len(), t.ops[2].gmma_off.len()), (256, 256, 1, 4, 2, 2));
    assert_eq!(t.ops[2].gmma_off[0], t.ops[2].gmma_off[1]);
    // MN-major B (256 rows): four (64,64) boxes 8 KiB apart, the N slices LBO = 8 KiB apart,
    // the 8-deep K groups SBO = 1 KiB apart, a k16 block 2 KiB further
    let b_mn = &t.ops[3];
    assert_eq!((b_mn.box_dims, b_mn.boxes.clone(), b_mn.lbo, b_mn.sbo), ((64, 64), vec![(0, 0), (64, 8192), (128, 16384), (192, 24576)], 8192, 1024));
    assert_eq!(b_mn.gmma_off[0], vec![0, 2048, 4096, 6144]);
    assert_eq!((t.cluster_m, t.box_b_mcast, t.mcast_b.clone()), (1, (256, 64), vec![(0, 0)]));
    assert_eq!((t.acc_crd[0].len(), t.acc_per_mma, t.epi_tile, t.epi_origin.len()), (128, 128, (128, 32), 8));
    let h = header_of::<Sm90_128x256>();
    assert!(!h.contains("ERROR"), "{h}");
    assert!(h.contains("namespace tycute { namespace sm90_128x256 {") && h.contains("constexpr int kMmaWarpGroups = 2;"), "{h}");
}

/// `sm90_128x256` with `ClusterShape = (_2,_1,_1)` (the kernel's multicast path, measured in
/// docs/perf-history.md): each CTA of a cluster loads a (128,64) half of B's (256,64) box into both.
#[test]
fn the_cluster_multicast_tables_pass_the_host_side_proof() {
    let r = check_of::<tycute_configs::sm90_128x256::c2::Sm90_128x256C2>().unwrap_or_else(|e| panic!("{e}"));
    assert!(r.lines.iter().any(|l| l.starts_with("TMA load B_K boxes -> smem stage")), "{:?}", r.lines);
    let t = tables_of::<tycute_configs::sm90_128x256::c2::Sm90_128x256C2>().unwrap();
    assert_eq!((t.cluster_m, t.box_b_mcast, t.mcast_b.clone()), (2, (128, 64), vec![(0, 0), (128, 16384)]));
    let mut bad = tables_of::<tycute_configs::sm90_128x256::c2::Sm90_128x256C2>().unwrap();
    bad.mcast_b[1].1 += 1024;
    bad.ops[2].boxes = bad.mcast_b.clone();
    assert!(check_tables(&bad).unwrap_err().contains("TMA load B_K"));
    let h = header_of::<tycute_configs::sm90_128x256::c2::Sm90_128x256C2>();
    assert!(h.contains("constexpr int kClusterM = 2;") && h.contains("{128,16384},"), "{h}");
}

/// `sm90_reuse_c` is `sm90` with ReuseSmemC: its tables are sm90's, only the flag differs.
#[test]
fn reuse_smem_c_changes_the_flag_only() {
    use tycute_configs::sm90::Sm90ReuseSmemC;
    check_of::<Sm90ReuseSmemC>().unwrap_or_else(|e| panic!("{e}"));
    let values = |h: &str, name: &str| -> Vec<String> {
        h.lines().filter(|l| l.contains("constexpr") || l.contains("__device__")).filter(|l| !l.contains("kReuseSmemC")).map(|l| l.replace(name, "NAME")).collect()
    };
    let (a, b) = (header(), header_of::<Sm90ReuseSmemC>());
    assert!(a.contains("constexpr int kReuseSmemC = 0;") && b.contains("constexpr int kReuseSmemC = 1;"), "{b}");
    assert_eq!(values(&a, "sm90"), values(&b, "sm90_reuse_c"));
}

#[test]
fn header_is_deterministic() {
    let (a, b) = (header(), header());
    assert_eq!(a, b);
    assert!(!a.contains("ERROR"), "{a}");
    assert!(a.contains("constexpr int kTmaSwizzleA = 3;"), "{a}");
    assert!(a.contains("constexpr int kGmmaSboA_K = 1024;") && a.contains("constexpr int kGmmaSboA_MN = 1024;"), "{a}");
    assert!(a.contains("constexpr int kGmmaLboB_MN = 8192;") && a.contains("constexpr int kMnB_MN = 1;"), "{a}");
    assert!(a.contains("TYCUTE_DEVICE const unsigned short acc_crd[128][128]"));
}

/// The bf16 configurations are their fp16 ones but for the GMMA instruction and the element
/// types: the same tables (checked by the host-side proof), values and launch parameters.
#[test]
fn bf16_changes_the_instruction_and_the_element_types_only() {
    use tycute_configs::sm90::Sm90;
    use tycute_configs::sm90_128x256::Sm90_128x256;
    use tycute_configs::sm90_bf16::{Sm90Bf16, Sm90_128x256Bf16};
    check_of::<Sm90Bf16>().unwrap_or_else(|e| panic!("{e}"));
    check_of::<Sm90_128x256Bf16>().unwrap_or_else(|e| panic!("{e}"));
    let values = |h: &str, name: &str| -> Vec<String> {
        h.lines()
            .filter(|l| l.contains("constexpr") || l.contains("__device__") || l.contains("#define"))
            .filter(|l| !l.contains("kElement") && !l.contains("ELEMENT_") && !l.contains("WGMMA_PTX") && !l.contains("TYCUTE_HEADER_"))
            .map(|l| l.replace(name, "NAME"))
            .collect()
    };
    for (f16, f16_name, bf16, bf16_name, n) in [
        (header_of::<Sm90>(), "sm90", header_of::<Sm90Bf16>(), "sm90_bf16", 128),
        (header_of::<Sm90_128x256>(), "sm90_128x256", header_of::<Sm90_128x256Bf16>(), "sm90_128x256_bf16", 256),
    ] {
        assert!(!bf16.contains("ERROR"), "{bf16}");
        assert!(bf16.contains(&format!("#define TYCUTE_{bf16_name}_WGMMA_PTX \"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.bf16.bf16\"")), "{bf16}");
        assert!(bf16.contains("constexpr int kElementAB = 3;") && bf16.contains("constexpr int kElementCD = 3;"));
        assert!(f16.contains("constexpr int kElementAB = 2;") && f16.contains("constexpr int kElementCD = 2;"));
        assert_eq!(values(&bf16, bf16_name), values(&f16, f16_name), "{bf16_name}");
    }
}

/// The fp8 configuration (`sm90_128x256_e4m3`): e4m3 A and B K-major only, bf16 C and D. Its byte
/// tables are `sm90_128x256`'s (a 128x128 fp8 stage has the bytes of a 128x64 fp16 one), its k
/// blocks 32 elements = 32 bytes apart, its epilogue `sm90_128x256`'s; the header describes no
/// MN-major operand and names the e4m3 instruction and element codes.
#[test]
fn the_fp8_tables_pass_the_host_side_proof() {
    use tycute_configs::sm90_128x256::Sm90_128x256;
    use tycute_configs::sm90_fp8::Sm90_128x256E4m3;
    let r = check_of::<Sm90_128x256E4m3>().unwrap_or_else(|e| panic!("{e}"));
    for l in &r.lines {
        println!("{l}");
    }
    let (t, f16) = (tables_of::<Sm90_128x256E4m3>().unwrap(), tables_of::<Sm90_128x256>().unwrap());
    assert_eq!((t.elem_ab, t.elem_cd, t.k_major_only), (1, 2, true));
    assert_eq!(t.ops.iter().map(|o| o.name).collect::<Vec<_>>(), ["A_K", "B_K"]);
    assert_eq!((t.tile, t.threads, t.atom_n, t.mma_m, t.mma_k), ((128, 256, 128), 256, 256, 1, 4));
    // two 64x256x32 wgmmas per k-block of 32 fp8 = 32 bytes: k-blocks at bytes 0, 32, 64, 96
    assert_eq!(t.ops[0].gmma_off, vec![vec![0, 32, 64, 96], vec![8192, 8224, 8256, 8288]]);
    assert_eq!(t.ops[1].gmma_off, vec![vec![0, 32, 64, 96]; 2]);
    // the same boxes in bytes: (128 fp8 inner = 128 bytes, rows), SBO 1024 as for fp16
    assert_eq!((t.ops[0].box_dims, t.ops[1].box_dims, t.ops[0].sbo, t.ops[1].sbo), ((128, 128), (128, 256), 1024, 1024));
    // the variant in clusters of two along M: each CTA multicasts a (128,128) half of B
    use tycute_configs::sm90_fp8::c2::Sm90_128x256E4m3C2;
    check_of::<Sm90_128x256E4m3C2>().unwrap_or_else(|e| panic!("{e}"));
    let c2 = tables_of::<Sm90_128x256E4m3C2>().unwrap();
    assert_eq!((c2.cluster_m, c2.ops[1].box_dims, c2.mcast_b.clone()), (2, (128, 128), vec![(0, 0), (128, 16384)]));
    assert!(header_of::<Sm90_128x256E4m3C2>().contains("constexpr int kClusterM = 2;"));
    assert_eq!((f16.ops[0].box_dims, f16.ops[2].box_dims), ((64, 128), (64, 256)));
    // the epilogue (C layout of the 64x256 atoms, bf16 sub-tiles) is sm90_128x256's
    assert_eq!((t.acc_crd.clone(), t.r2s_smem.clone(), t.r2s_acc.clone(), t.s2r_acc.clone()), (f16.acc_crd, f16.r2s_smem, f16.r2s_acc, f16.s2r_acc));
    let h = header_of::<Sm90_128x256E4m3>();
    assert!(!h.contains("ERROR"), "{h}");
    assert!(h.contains("wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3") && h.contains("constexpr int kElementAB = 5;") && h.contains("constexpr int kElementCD = 3;"), "{h}");
    assert!(h.contains("constexpr int kStageBytesA = 16384;") && h.contains("constexpr int kStageBytesB = 32768;") && h.contains("constexpr int kMmaK = 4;"), "{h}");
    assert!(h.contains("constexpr int kClusterM = 1;") && h.contains("constexpr int kGmmaLboA_K = 16;"), "{h}");
    assert!(!h.contains("A_MN") && !h.contains("B_MN"), "{h}");
    // e5m2: the same tables and values but for the instruction and kElementAB
    use tycute_configs::sm90_fp8::Sm90_128x256E5m2;
    check_of::<Sm90_128x256E5m2>().unwrap_or_else(|e| panic!("{e}"));
    let h5 = header_of::<Sm90_128x256E5m2>();
    assert!(h5.contains("m64n256k32.f32.e5m2.e5m2") && h5.contains("constexpr int kElementAB = 6;") && h5.contains("TYCUTE_ELEMENT_E5M2"), "{h5}");
    let values = |h: &str, name: &str| -> Vec<String> {
        h.lines()
            .filter(|l| l.contains("constexpr") || l.contains("__device__") || l.contains("#define"))
            .filter(|l| !l.contains("kElement") && !l.contains("ELEMENT_") && !l.contains("WGMMA_PTX") && !l.contains("TYCUTE_HEADER_"))
            .map(|l| l.replace(name, "NAME"))
            .collect()
    };
    assert_eq!(values(&h, "sm90_128x256_e4m3"), values(&h5, "sm90_128x256_e5m2"));
    // fp16 C and D (sm90_with_output!): the same tables, instruction and A/B element, kElementCD 2
    use tycute_configs::sm90_fp8_out::Sm90_128x256E4m3F16cd;
    check_of::<Sm90_128x256E4m3F16cd>().unwrap_or_else(|e| panic!("{e}"));
    let hf = header_of::<Sm90_128x256E4m3F16cd>();
    assert!(!hf.contains("ERROR"), "{hf}");
    assert!(hf.contains("m64n256k32.f32.e4m3.e4m3") && hf.contains("constexpr int kElementAB = 5;") && hf.contains("constexpr int kElementCD = 2;"), "{hf}");
    assert!(hf.contains("TYCUTE_sm90_128x256_e4m3_f16cd_ELEMENT_CD TYCUTE_ELEMENT_F16"), "{hf}");
    assert_eq!(values(&h, "sm90_128x256_e4m3"), values(&hf, "sm90_128x256_e4m3_f16cd"));
}
