use tycute_configs::{entries, names_of_kernel, variants, CONFIGS};

/// The `// tycute-variant:` lines of `kernels/NAME`, each split into its options.
fn variant_lines(kernel: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../../kernels/{kernel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// tycute-variant:"))
        .map(|o| o.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn names_are_unique() {
    let mut names: Vec<&str> = entries().iter().map(|e| e.name).collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n, "a configuration name is registered twice");
}

#[test]
fn every_kernel_configuration_has_a_header_and_the_kernels_build_them_all() {
    for e in entries() {
        assert_eq!(e.variant.is_some(), e.header.is_some(), "{}: a kernel build needs a header and the other way round", e.name);
    }
    // the kernels' builds are the registry's (tests/kernel_builds, scripts/kernel-matrix.sh through
    // `tycute emit all`'s variants.txt): no kernel file lists its own
    for kernel in ["sm80_gemm.cu", "sm90_gemm.cu"] {
        assert_eq!(variants(kernel).len(), names_of_kernel(kernel).len());
        assert!(variant_lines(kernel).is_empty(), "kernels/{kernel} has `// tycute-variant:` lines: its builds are the registry's");
    }
}

#[test]
fn kernel_choices_and_dumps() {
    assert_eq!(
        names_of_kernel("sm80_gemm.cu"),
        [
            "sgemm_sm80",
            "sm80_tn_128x256",
            "sm80_nt_128x256",
            "sm80_nn_128x256",
            "sm80_tt_128x256",
            "sm80_tn_128x256_f16acc",
            "sm80_tn_128x256_f16cd",
            "sm80_tn_128x256_f16acc_f16cd",
            "sm80_tn_128x256_bf16",
            "sm80_nt_128x256_bf16",
            "sm80_nn_128x256_bf16",
            "sm80_tt_128x256_bf16",
            "sm80_tn_128x256_bf16_bf16cd",
            "sm80_tn_128x256_bf16_f16cd",
            "sm80_tn_128x256_tf32"
        ]
    );
    assert_eq!(names_of_kernel("sm90_gemm.cu"), ["sm90", "sm90_128x256", "sm90_128x256_c2", "sm90_128x192", "sm90_128x64", "sm90_64x64", "sm90_64x96", "sm90_64x96_bf16", "sm90_64x96_sk", "sm90_64x96_sk_bf16", "sm90_128x96", "sm90_128x96_bf16", "sm90_128x96_sk", "sm90_128x96_sk_bf16", "sm90_reuse_c", "sm90_bf16", "sm90_128x256_bf16", "sm90_128x256_bf16_c2", "sm90_128x192_bf16", "sm90_128x64_bf16", "sm90_64x64_bf16", "sm90_128x256_e4m3", "sm90_128x256_e5m2", "sm90_128x256_e4m3_c2", "sm90_128x128_e4m3", "sm90_128x192_e4m3", "sm90_128x64_e4m3", "sm90_64x64_e4m3", "sm90_64x96_e4m3", "sm90_128x96_e4m3", "sm90_64x96_e4m3_sk", "sm90_128x96_e4m3_sk", "sm90_128x256_e4m3_f16cd", "sm90_128x256_tf32", "sm90_128x256_tf32_c2", "sm90_128x256_f32cd", "sm90_128x256_bf16_f32cd", "sm90_128x256_e4m3_f32cd", "sm90_128x256_tf32_f32cd"]);
    assert_eq!(variants("sm90_gemm.cu")[0], ["-DTYCUTE_SM90_CONFIG=sm90"]);
    let dumps: Vec<&str> = CONFIGS.iter().map(|c| c.name).collect();
    assert_eq!(dumps, ["sgemm_sm80", "sgemm_sm80_nt", "sm90", "crosswise"]);
    let headers: Vec<String> = tycute_configs::emit::headers().into_iter().map(|(n, _)| n).collect();
    let named: Vec<String> = entries().iter().filter(|e| e.header.is_some()).map(|e| format!("{}.h", e.name)).collect();
    assert_eq!(headers, named);
}
