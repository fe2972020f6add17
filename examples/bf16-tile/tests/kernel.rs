//! The example's kernel compiles with NVRTC (and with nvcc when it is on PATH) for sm_80 and
//! sm_90a without a spill, its SASS holds cp.async, ldmatrix and the bf16 MMA, and on a GPU it
//! computes `A * B^T` as a CPU reference does. Without a tool or a GPU the test says so and skips;
//! under CI a missing NVRTC or cuobjdump is a failure.

use std::process::Command;

use tycute::cuda::nvrtc::{self, Arch};
use tycute::cuda::sass;
use tycute_example_bf16_tile::{compile, design, run, HEADER, KERNEL};

fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} is missing in CI: .ci/run installs it from pip (scripts/cuda-env.sh)");
    }
    eprintln!("skipped: {what} is not installed (source scripts/cuda-env.sh)");
}

#[test]
fn compiles_with_nvrtc_without_spills_and_uses_its_instructions() {
    if !nvrtc::available() {
        return missing("NVRTC (libnvrtc.so.13 on LD_LIBRARY_PATH)");
    }
    for arch in [Arch::Sm80, Arch::Sm90a] {
        let cubin = compile(arch).unwrap_or_else(|e| panic!("{e}"));
        let k = cubin.kernel("bf16_tile_gemm").unwrap_or_else(|| panic!("no ptxas report:\n{}", cubin.log));
        println!("bf16_tile_gemm {arch}: {} registers, {} B smem, spills {}/{} B", k.registers, k.smem_bytes, k.spill_stores, k.spill_loads);
        assert_eq!((k.spill_stores, k.spill_loads), (0, 0));
        if !sass::available() {
            missing("cuobjdump (on PATH)");
            continue;
        }
        let ops = sass::opcodes(&sass::disassemble(&cubin).expect("cuobjdump"));
        for op in ["LDGSTS", "LDSM", "HMMA.16816.F32.BF16"] {
            assert!(sass::count(&ops, op) > 0, "{arch}: no {op} in the SASS: {ops:?}");
        }
    }
}

/// Set in the child processes of [`compiles_with_every_nvrtc`]: the lib directory they run with.
const CHILD: &str = "TYCUTE_EXAMPLE_NVRTC_CHILD";

/// Every NVRTC of `$TYCUTE_NVRTC_LIBS` (the newest, 13.0, the H100 box's, and 12.8, installed by
/// `scripts/cuda-env.sh`), each in a child process with that lib directory alone on
/// `LD_LIBRARY_PATH` (a process loads one libnvrtc, `.so.13` before `.so.12`).
#[test]
fn compiles_with_every_nvrtc() {
    if let Some(dir) = std::env::var_os(CHILD) {
        assert!(nvrtc::available(), "no libnvrtc.so.13 or .so.12 in {}", dir.to_string_lossy());
        let (major, minor) = nvrtc::version().unwrap();
        for arch in [Arch::Sm80, Arch::Sm90a] {
            let cubin = compile(arch).unwrap_or_else(|e| panic!("NVRTC {major}.{minor}: {e}"));
            let k = cubin.kernel("bf16_tile_gemm").unwrap_or_else(|| panic!("no ptxas report:\n{}", cubin.log));
            println!("child NVRTC {major}.{minor} {arch}: {} registers, spills {}/{} B", k.registers, k.spill_stores, k.spill_loads);
            assert_eq!((k.spill_stores, k.spill_loads), (0, 0));
        }
        return;
    }
    let Some(libs) = std::env::var_os("TYCUTE_NVRTC_LIBS") else {
        return missing("TYCUTE_NVRTC_LIBS (the NVRTC lib directories)");
    };
    let exe = std::env::current_exe().unwrap();
    for dir in std::env::split_paths(&libs) {
        let out = Command::new(&exe).args(["compiles_with_every_nvrtc", "--exact", "--nocapture", "--test-threads=1"]).env("LD_LIBRARY_PATH", &dir).env(CHILD, &dir).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        println!("== NVRTC from {}\n{}", dir.display(), text.trim_end());
        assert!(out.status.success(), "NVRTC from {}: the child failed (above)", dir.display());
    }
}

#[test]
fn compiles_with_nvcc_and_a_host_compiler() {
    let dir = std::env::temp_dir().join(format!("tycute-example-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bf16_tile.h"), HEADER).unwrap();
    std::fs::write(dir.join("bf16_tile.cu"), KERNEL).unwrap();
    // the header alone, in host C++
    std::fs::write(dir.join("host.cpp"), "#include \"bf16_tile.h\"\nstatic_assert(bf16_tile::kThreads == 128, \"\");\nint main() { return bf16_tile::g2s_a_src[0][0]; }\n").unwrap();
    match Command::new("c++").args(["-std=c++17", "-fsyntax-only", "host.cpp"]).current_dir(&dir).output() {
        Ok(o) => assert!(o.status.success(), "c++: {}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => eprintln!("skipped: no host C++ compiler ({e})"),
    }
    let nvcc = std::env::var("NVCC").unwrap_or_else(|_| "nvcc".into());
    for arch in ["sm_80", "sm_90a"] {
        let out = Command::new(&nvcc)
            .args(["-std=c++17", "-cubin", &format!("-arch={arch}"), "-Xptxas", "--warn-on-spills,--warning-as-error", "-o"])
            .arg(dir.join(format!("bf16_tile_{arch}.cubin")))
            .arg("bf16_tile.cu")
            .current_dir(&dir)
            .output();
        match out {
            Ok(o) => assert!(o.status.success(), "nvcc {arch}: {}", String::from_utf8_lossy(&o.stderr)),
            Err(e) => {
                missing(&format!("nvcc ({e}; set NVCC)"));
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// bf16 bits of `x` (round to nearest even) and back.
fn bf16(x: f32) -> u16 {
    half::bf16::from_f32(x).to_bits()
}
fn f32_of(b: u16) -> f32 {
    half::bf16::from_bits(b).to_f32()
}

#[test]
fn computes_a_times_b_transposed_on_the_gpu() {
    use design::{BK, BM, BN};
    let mut seed = 0x9e3779b97f4a7c15u64;
    let mut rnd = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    let a: Vec<u16> = (0..BM * BK).map(|_| bf16(rnd())).collect();
    let b: Vec<u16> = (0..BN * BK).map(|_| bf16(rnd())).collect();
    let d = match run(&a, &b) {
        Ok(d) => d,
        Err(why) if std::env::var_os("TYCUTE_REQUIRE_GPU").is_none() && (why.contains("driver") || why.contains("no device")) => {
            eprintln!("skipped: {why}");
            return;
        }
        Err(why) => panic!("{why}"),
    };
    // f64 reference of the bf16 inputs; fp32 accumulation of 32 products of magnitude <= 1
    let mut worst = 0.0f64;
    for m in 0..BM {
        for n in 0..BN {
            let want: f64 = (0..BK).map(|k| f32_of(a[m * BK + k]) as f64 * f32_of(b[n * BK + k]) as f64).sum();
            let got = d[m + BM * n] as f64;
            assert!(got.is_finite(), "D({m},{n}) was not written");
            worst = worst.max((got - want).abs());
        }
    }
    // each product is exact in fp32; 32 additions of terms <= 1 lose at most 32 * 2^-24 * 32
    assert!(worst <= 32.0 * 32.0 * f32::EPSILON as f64, "largest error {worst}");
    println!("D = A * B^T on the GPU: 8192 values, largest error {worst:e}");
}
