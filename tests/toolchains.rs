//! Every header tycute emits and every kernel of `kernels/` on every toolchain a user may have
//! (docs/headers.md, "The toolchains"; `scripts/cuda-env.sh` installs them from pip):
//!
//! * a host C++ compiler (`$CXX`, else `g++`): each header alone and all of them in one
//!   translation unit, `-std=c++17 -Wall -Wextra -pedantic -Werror`;
//! * nvcc: all headers in one `.cu` whose kernel indexes a table of each (no
//!   `--expt-relaxed-constexpr`), and every kernel (one configuration per architecture, when nvcc is
//!   the newest NVRTC's release: `nvcc_builds`) to a CUBIN with
//!   ptxas's spills as errors, its SASS holding the instructions it declares;
//! * every NVRTC of `$TYCUTE_NVRTC_LIBS` (lib directories, ':'-separated: the newest, 13.0 and
//!   12.8), in a child process each whose `LD_LIBRARY_PATH` is that directory alone (a process
//!   loads one libnvrtc, and cudarc asks for `libnvrtc.so.13` before `.so.12`), spills and
//!   serialized wgmmas as errors. The NVRTC this process loads is `tests/kernels.rs`'s, and is
//!   skipped here. A CUDA 12 NVRTC builds the Hopper wgmma kernels' branch cover (`sm90_gemm.cu`,
//!   `attention_sm90.cu`: where a ptxas of CUDA 12.8 did what CUDA 13's do not, serialize wgmmas).
//!
//! The kernels build for each of their architectures (sm_80 and sm_90a, or their `// tycute-arch:`
//! line) with each toolchain, in the configurations that together take every branch of the
//! kernels (`kernel_builds::Scope::Branches`: every value of the header values they branch on,
//! `kernel_builds::BRANCH_KEYS`, the fewest configurations found greedily); `tests/kernels.rs`
//! builds every configuration with the newest NVRTC, and `TYCUTE_TOOLCHAINS_FULL=1` here too.
//! Without a tool this test says so and skips it; under CI (`CI` set) a missing tool is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use tycute_cuda::{kernels, nvrtc, sass};

mod kernel_builds;
use kernel_builds::{builds, check_element_sass, gmma_sass, no_spills, no_wgmma_serialization, run_parallel, Scope};

/// The kernel builds for each toolchain: the configurations that cover every branch of the
/// kernels (`Scope::Branches`), or with `TYCUTE_TOOLCHAINS_FULL=1` every configuration.
fn scope() -> Scope {
    if std::env::var_os("TYCUTE_TOOLCHAINS_FULL").is_some_and(|v| v == "1") {
        Scope::Full
    } else {
        Scope::Branches
    }
}

/// The kernels a CUDA 12 NVRTC builds (their branch cover): those that issue wgmma.
const WGMMA_KERNELS: [&str; 2] = ["sm90_gemm.cu", "attention_sm90.cu"];

/// The environment variable that makes [`nvrtc_child`] compile (the lib directory it runs with).
const CHILD: &str = "TYCUTE_TOOLCHAINS_CHILD";

fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} is missing in CI: `source scripts/cuda-env.sh` installs it (.ci/run does)");
    }
    eprintln!("skipped: {what} (`source scripts/cuda-env.sh` installs it)");
}

/// The headers, written once into a directory of this test's target dir.
fn include_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolchains-include");
        std::fs::create_dir_all(&dir).unwrap();
        // nextest runs each test in a process of its own, and several of them write these headers
        // while another one's compiler reads them: each file is written whole under a name of
        // this process's and renamed into place (a rename replaces it at once), and not at all
        // when it already holds the text (a compiler once read a header another process had just
        // truncated: "unterminated #ifndef")
        for (name, text) in tycute::headers::HEADERS {
            let path = dir.join(name);
            if std::fs::read_to_string(&path).is_ok_and(|t| t == *text) {
                continue;
            }
            let tmp = dir.join(format!(".{name}.{}", std::process::id()));
            std::fs::write(&tmp, text).unwrap();
            std::fs::rename(&tmp, &path).unwrap();
        }
        dir
    })
}

/// The namespace of a header (`sgemm_sm80.h` -> `sgemm_sm80`).
fn namespace(header: &str) -> &str {
    header.strip_suffix(".h").unwrap_or(header)
}

/// The first array of `text` declared by a line starting with `prefix` (`TYCUTE_DEVICE const `):
/// its name and rank.
fn first_array<'a>(text: &'a str, prefix: &str) -> Option<(&'a str, usize)> {
    text.lines().filter_map(|l| l.strip_prefix(prefix)).find_map(|rest| {
        let decl = rest.split('=').next()?;
        Some((decl.split('[').next()?.split_whitespace().last()?, decl.matches('[').count()))
    })
}

/// One translation unit including every header twice (the guards) and using one constant, one
/// constexpr table and one per-thread table of each; a device kernel when `cuda`.
fn all_headers_tu(cuda: bool) -> String {
    let mut tu = String::new();
    for _ in 0..2 {
        for (name, _) in tycute::headers::HEADERS {
            tu += &format!("#include \"{name}\"\n");
        }
    }
    let mut uses = Vec::new();
    for (name, text) in tycute::headers::HEADERS {
        let ns = namespace(name);
        uses.push(format!("tycute::{ns}::kThreads"));
        let (table, rank) = first_array(text, "TYCUTE_DEVICE constexpr int ").unwrap_or_else(|| panic!("{name}: no constexpr table"));
        let (per_thread, pt_rank) = first_array(text, "TYCUTE_DEVICE const ").unwrap_or_else(|| panic!("{name}: no per-thread table"));
        // (a device kernel indexes both, the per-thread one by thread; host code reads the
        // constexpr one at compile time and takes the other's size)
        uses.push(format!("tycute::{ns}::{table}{}", "[0]".repeat(rank)));
        uses.push(if cuda {
            format!("int(tycute::{ns}::{per_thread}[i % 32]{})", "[0]".repeat(pt_rank - 1))
        } else {
            format!("int(sizeof tycute::{ns}::{per_thread})")
        });
    }
    if cuda {
        tu += &format!("extern \"C\" __global__ void every_header(int* out) {{\n  const int i = threadIdx.x;\n  out[i] = {};\n}}\n", uses.join(" +\n    "));
    } else {
        tu += &format!("int every_header(int i) {{\n  return i + {};\n}}\n", uses.join(" +\n    "));
    }
    tu
}

#[test]
fn headers_compile_with_a_host_compiler() {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".into());
    let Ok(version) = Command::new(&cxx).arg("--version").output() else {
        return missing(&format!("a host C++ compiler ({cxx})"));
    };
    println!("{}", String::from_utf8_lossy(&version.stdout).lines().next().unwrap_or(""));
    let dir = include_dir();
    let all = dir.join("every_header.cpp");
    std::fs::write(&all, all_headers_tu(false)).unwrap();
    let mut units: Vec<PathBuf> = vec![all];
    for (name, _) in tycute::headers::HEADERS {
        let one = dir.join(format!("only_{}.cpp", namespace(name)));
        std::fs::write(&one, format!("#include \"{name}\"\n")).unwrap();
        units.push(one);
    }
    let failures = run_parallel(&units, |tu| {
        let out = Command::new(&cxx)
            .args(["-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-I"])
            .arg(dir)
            .arg(tu)
            .output()
            .map_err(|e| format!("{cxx}: {e}"))?;
        let name = tu.file_name().unwrap().to_string_lossy();
        if out.status.success() {
            Ok(format!("{cxx} {name}: ok"))
        } else {
            Err(format!("{cxx} {name}:\n{}", String::from_utf8_lossy(&out.stderr)))
        }
    });
    assert!(failures.is_empty(), "{} host compilations failed", failures.len());
}

/// The stream-K walk (`kernels/include/tycute/scheduler/stream_k.h`, its one definition) is plain
/// C99 and C++17 for a host compiler: a host may include or compile the very file the kernels use.
#[test]
fn the_stream_k_walk_compiles_as_c_and_cpp() {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".into());
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let header = tycute_cuda::library::include_dir().join("tycute/scheduler/stream_k.h");
    for (compiler, lang, std) in [(&cc, "c", "-std=c99"), (&cxx, "c++", "-std=c++17")] {
        let Ok(out) = Command::new(compiler)
            .args(["-x", lang, std, "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only"])
            .arg(&header)
            .output()
        else {
            return missing(&format!("a host compiler ({compiler})"));
        };
        assert!(out.status.success(), "{compiler} -x {lang} stream_k.h:\n{}", String::from_utf8_lossy(&out.stderr));
    }
}

/// The host's stream-K planner and the kernels walk the same units: a C program built from
/// `stream_k.h` (the one definition) prints every CTA's units for the plans
/// `tycute::gemm::stream_k::Sm90Schedule` makes (both forms, many shapes), which must be the host's
/// `Sm90Schedule::units` and `contributors`; and the sm80 split tail's units.
#[test]
fn the_host_walks_the_kernels_stream_k() {
    use std::io::Write;
    use tycute::gemm::stream_k::{SkForm, Sm90Schedule};
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stream-k-walk");
    std::fs::create_dir_all(&dir).unwrap();
    let driver = dir.join("walk.c");
    std::fs::write(
        &driver,
        r#"#include <stdio.h>
#include "tycute/scheduler/stream_k.h"
int main(void) {
  char kind; int tiles, kt, grid, a, b;
  while (scanf(" %c %d %d %d %d %d", &kind, &tiles, &kt, &grid, &a, &b) == 6) {
    for (int g = 0; g < grid; ++g) {
      printf("%d:", g);
      if (kind == 'h') { /* sm90: a = sk_tiles, b = split */
        TycuteSk90 w = tycute_sk90_init(tiles, kt, g, grid, a, b);
        int id, kt0, kt1;
        for (int j = 0; tycute_sk90_unit(&w, j, &id, &kt0, &kt1); ++j) printf(" %d/%d/%d/%d", id, kt0, kt1, tycute_sk90_sources(&w, id, kt0, kt1));
      } else { /* sm80: a = sk_first, b = splits; CTA g of the grid */
        int tile, kt0, kt1;
        tycute_sk80_unit(g, a, b, kt, &tile, &kt0, &kt1);
        printf(" %d/%d/%d", tile, kt0, kt1);
      }
      printf("\n");
    }
  }
  return 0;
}
"#,
    )
    .unwrap();
    let exe = dir.join("walk");
    let Ok(out) = Command::new(&cc).args(["-std=c99", "-O1", "-Wall", "-Werror", "-I"]).arg(tycute_cuda::library::include_dir()).arg(&driver).arg("-o").arg(&exe).output() else {
        return missing(&format!("a host C compiler ({cc})"));
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (mut input, mut want) = (String::new(), String::new());
    for tiles in [1usize, 2, 5, 9, 17, 40, 133, 800] {
        for kt in [1usize, 4, 7, 16, 33, 64] {
            for sms in [1usize, 2, 3, 8, 16, 132] {
                for form in [SkForm::Split, SkForm::Line] {
                    let p = Sm90Schedule::plan_form(tiles, kt, sms, Some(form));
                    input += &format!("h {tiles} {kt} {} {} {}\n", p.grid, p.sk_tiles, p.split);
                    for g in 0..p.grid {
                        want += &format!("{g}:");
                        for (x, kt0, kt1) in p.units(tiles, kt, g) {
                            let sources = if kt0 == 0 && kt1 < kt { p.contributors(tiles, kt, x, g).len() } else { 0 };
                            want += &format!(" {x}/{kt0}/{kt1}/{sources}");
                        }
                        want += "\n";
                    }
                }
                // sm80: the split tail (sk_first = tiles - r tiles whole, then r tiles x splits units)
                for splits in [0usize, 2, 3, 16] {
                    let first = tiles - tiles % sms.max(1);
                    let ctas = if splits == 0 { tiles } else { first + (tiles - first) * splits };
                    input += &format!("s {tiles} {kt} {ctas} {first} {splits}\n");
                    for g in 0..ctas {
                        let (tile, s) = if splits > 0 && g >= first { (first + (g - first) / splits, (g - first) % splits) } else { (g, 0) };
                        let (kt0, kt1) = if splits > 0 && g >= first { (kt * s / splits, kt * (s + 1) / splits) } else { (0, kt) };
                        want += &format!("{g}: {tile}/{kt0}/{kt1}\n");
                    }
                }
            }
        }
    }
    let mut child = Command::new(&exe).stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let got = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {i} of the walk: the C definition (left) and the host (right) disagree");
    }
    assert_eq!(got.lines().count(), want.lines().count());
    println!("{} CTAs' units agree", want.lines().count());
}

/// The kernel builds nvcc makes. nvcc of the newest NVRTC's release (`nvrtc::TESTED_NEWEST`, both
/// pinned by `scripts/cuda-env.sh`) runs the same cicc and ptxas that `tests/kernels.rs` runs on
/// every configuration through that NVRTC; what nvcc adds is its own driver and the host
/// compiler's preprocessor, which one build per kernel and architecture takes through (the first
/// configuration of the branch cover: each kernel's `#if` lines are the same text in every
/// configuration). Another nvcc release builds the whole branch cover (`scope()`), as does
/// `TYCUTE_TOOLCHAINS_FULL=1` (every configuration).
fn nvcc_builds(version: &str) -> Vec<kernel_builds::Build> {
    let same_release = version.contains(&format!("release {},", nvrtc::TESTED_NEWEST));
    let all = builds(scope());
    if !same_release || scope() == Scope::Full {
        println!("nvcc's release is not NVRTC {}'s (or TYCUTE_TOOLCHAINS_FULL=1): the whole branch cover", nvrtc::TESTED_NEWEST);
        return all;
    }
    let mut seen = std::collections::HashSet::new();
    let chosen: Vec<_> = all.into_iter().filter(|b| seen.insert((b.src.name.clone(), b.arch))).collect();
    println!("nvcc {}: one build per kernel and architecture ({}); NVRTC {} builds every configuration (tests/kernels.rs)", nvrtc::TESTED_NEWEST, chosen.len(), nvrtc::TESTED_NEWEST);
    chosen
}

#[test]
fn headers_and_kernels_compile_with_nvcc() {
    let Ok(version) = Command::new("nvcc").arg("--version").output() else {
        return missing("nvcc (pip nvidia-cuda-nvcc)");
    };
    let version = String::from_utf8_lossy(&version.stdout).lines().find(|l| l.contains("release")).unwrap_or("").trim().to_string();
    println!("nvcc: {version}");
    let check_sass = sass::available();
    if !check_sass {
        missing("cuobjdump (on PATH)");
    }
    let dir = include_dir();
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolchains-nvcc");
    std::fs::create_dir_all(&out_dir).unwrap();
    let all = out_dir.join("every_header.cu");
    std::fs::write(&all, all_headers_tu(true)).unwrap();
    // the device library as a user's build script gets it (tycute_cuda::library::write_to)
    let library = tycute_cuda::library::write_to(&out_dir.join("library")).unwrap();
    // (source, options, arch, name)
    let mut jobs: Vec<(PathBuf, Vec<String>, nvrtc::Arch, Vec<String>)> =
        nvrtc::Arch::ALL.iter().map(|&a| (all.clone(), Vec::new(), a, Vec::new())).collect();
    for b in nvcc_builds(&version) {
        // the tycute-sass line's instructions and the GMMA form of the configuration's element
        let mut want = b.src.required_sass(b.arch);
        want.extend(gmma_sass(&b));
        jobs.push((kernels::dir().join(&b.src.name), b.variant, b.arch, want));
    }
    let failures = run_parallel(&jobs, |(src, variant, arch, want)| {
        let name = src.file_name().unwrap().to_string_lossy().to_string();
        let what = format!("nvcc {name} {} {arch}", variant.join(" "));
        let tag: String = variant.join("_").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let cubin_path = out_dir.join(format!("{name}-{tag}-{arch}.cubin"));
        let out = Command::new("nvcc")
            .args(["-cubin", "-std=c++17", &format!("-arch={}", arch.name()), "-Xptxas", "-v,--warn-on-spills,--warning-as-error", "-I"])
            .arg(dir)
            .arg("-I")
            .arg(&library)
            .args(variant)
            .arg("-o")
            .arg(&cubin_path)
            .arg(src)
            .output()
            .map_err(|e| format!("{what}: {e}"))?;
        let log = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!("{what}:\n{log}"));
        }
        let mut line = no_spills(&what, &nvrtc::parse_ptxas_report(&log))?;
        no_wgmma_serialization(&what, &log)?;
        if check_sass && !want.is_empty() {
            let cubin = nvrtc::Cubin {
                arch: *arch,
                image: std::fs::read(&cubin_path).map_err(|e| format!("{what}: {e}"))?,
                log,
                kernels: Vec::new(),
                cached: false,
                version: (0, 0),
            };
            let ops = sass::opcodes(&sass::disassemble(&cubin).map_err(|e| format!("{what}: {e}"))?);
            for w in want {
                let n = sass::count(&ops, w);
                if n == 0 {
                    return Err(format!("{what}: no {w} in the SASS"));
                }
                line += &format!(" {w}:{n}");
            }
        }
        Ok(line)
    });
    assert!(failures.is_empty(), "{} nvcc compilations failed", failures.len());
}

#[test]
fn kernels_compile_with_every_nvrtc() {
    if std::env::var_os(CHILD).is_some() {
        return; // (a child runs nvrtc_child only)
    }
    let Some(libs) = std::env::var_os("TYCUTE_NVRTC_LIBS") else {
        return missing("TYCUTE_NVRTC_LIBS (the NVRTC lib directories)");
    };
    let own = nvrtc::version().ok();
    let exe = std::env::current_exe().unwrap();
    let mut versions = Vec::new();
    for dir in std::env::split_paths(&libs) {
        let mut cmd = Command::new(&exe);
        cmd.args(["nvrtc_child", "--exact", "--nocapture", "--test-threads=1"]).env("LD_LIBRARY_PATH", &dir).env(CHILD, &dir);
        if let Some((major, minor)) = own {
            cmd.env("TYCUTE_TOOLCHAINS_SKIP", format!("{major}.{minor}"));
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        println!("== NVRTC from {}\n{}", dir.display(), text.trim_end());
        assert!(out.status.success(), "NVRTC from {}: the child failed (above)", dir.display());
        let v = text.lines().find_map(|l| l.split("child NVRTC ").nth(1)).map(|v| v.split_whitespace().next().unwrap_or("").to_string());
        versions.push(v.unwrap_or_else(|| panic!("NVRTC from {}: the child did not say its version", dir.display())));
    }
    println!("NVRTC versions: {versions:?} (this process: {own:?})");
    if std::env::var_os("CI").is_some() {
        for want in [nvrtc::TESTED_OLDEST, nvrtc::TESTED_13_0, nvrtc::TESTED_NEWEST] {
            assert!(versions.iter().any(|v| v == want), "CI: no NVRTC {want} in TYCUTE_NVRTC_LIBS");
        }
    }
}

/// The child of [`kernels_compile_with_every_nvrtc`]: every build with this process's NVRTC.
#[test]
fn nvrtc_child() {
    let Some(dir) = std::env::var_os(CHILD) else { return };
    assert!(nvrtc::available(), "no libnvrtc.so.13 or .so.12 in {}", dir.to_string_lossy());
    let (major, minor) = nvrtc::version().unwrap();
    let v = format!("{major}.{minor}");
    println!("child NVRTC {v} from {}", dir.to_string_lossy());
    if std::env::var("TYCUTE_TOOLCHAINS_SKIP").is_ok_and(|s| s == v) {
        println!("skipped: the same NVRTC as the parent's, which tests/kernels.rs builds with");
        return;
    }
    // CUDA 12: the wgmma kernels alone
    let jobs: Vec<_> = builds(scope()).into_iter().filter(|b| major >= 13 || WGMMA_KERNELS.contains(&b.src.name.as_str())).collect();
    let failures = run_parallel(&jobs, |b| {
        let what = format!("NVRTC {v} {} {} {}", b.src.name, b.variant.join(" "), b.arch);
        let opts = nvrtc::Options { extra: b.variant.clone(), ..Default::default() };
        let c = nvrtc::compile(&b.src.name, &b.src.text, tycute::headers::HEADERS, b.arch, &opts).map_err(|e| format!("{what}: {e}"))?;
        let mut line = no_spills(&format!("{what}{}", if c.cached { " (cached)" } else { "" }), &c.kernels)?;
        no_wgmma_serialization(&what, &c.log)?;
        // the bf16 configurations' MMA form with this NVRTC too
        if sass::available() {
            let ops = sass::opcodes(&sass::disassemble(&c).map_err(|e| format!("{what}: {e}"))?);
            line += &check_element_sass(&what, b, &ops)?;
        }
        Ok(line)
    });
    assert!(failures.is_empty(), "{} NVRTC {v} compilations failed", failures.len());
}

/// The branch cover that nvcc and every NVRTC build takes each branch of the kernels, a 16-bit
/// configuration of K-major A and B only among them (`BRANCH_PAIRS`: no fp8 or tf32 one has it).
#[test]
fn the_branch_cover_takes_every_branch() {
    let sm90: Vec<String> = builds(Scope::Branches).into_iter().filter(|b| b.src.name == "sm90_gemm.cu").map(|b| b.variant.join(" ")).collect();
    let k_major_16 = sm90.iter().filter_map(|v| v.strip_prefix("-DTYCUTE_SM90_CONFIG=")).any(|name| {
        tycute::gemm::headers::value(name, "kElementAB").is_some_and(|v| v == [2]) && tycute::gemm::headers::value(name, "kKMajorOnly").is_some_and(|v| v == [1])
    });
    assert!(k_major_16, "no fp16 K-major-only configuration in the cover: {sm90:?}");
}
