//! NVRTC: CUDA C++ source (plus headers given as strings) to a CUBIN for one real architecture,
//! with ptxas's resource report, cached by content hash.
//!
//! NVRTC is loaded at run time (cudarc's `dynamic-loading`: the first `libnvrtc.so`, else
//! `libnvrtc.so.13`, else `libnvrtc.so.12` on `LD_LIBRARY_PATH`; one per process, so
//! `tests/toolchains.rs` runs a child process per NVRTC version): [`available`] probes for the library first, so a machine without it gets
//! [`Error::NoNvrtc`] instead of cudarc's panic. A spill is an error when
//! [`Options::spills_are_errors`] is set (ptxas `--warn-on-spills --warning-as-error`), the
//! default, which the tests and CI use; [`Options::at_run_time`] builds a kernel that spills
//! anyway and [`Cubin::spill_warnings`] states the numbers (what `tycute bench` and the GPU
//! drivers print: a spill costs speed, not correctness).

use std::ffi::{c_char, c_int, CString};
use std::mem::MaybeUninit;
use std::path::{Path, PathBuf};

use cudarc::nvrtc::sys;

use crate::error::file;

pub use crate::arch::{Arch, TESTED_13_0, TESTED_NEWEST, TESTED_OLDEST};

/// tycute-cuda's error, under the path NVRTC's users have named it by (`nvrtc::Error::Compile`).
pub use crate::error::{Error, Result};

/// Whether NVRTC can be loaded (checked before any NVRTC call: cudarc panics without it); probed
/// once and remembered, as [`crate::gpu::driver_present`].
pub fn available() -> bool {
    static PRESENT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: only tries to open the shared library.
    *PRESENT.get_or_init(|| unsafe { sys::is_culib_present() })
}

/// NVRTC's version `(major, minor)`.
pub fn version() -> Result<(i32, i32), Error> {
    if !available() {
        return Err(Error::NoNvrtc);
    }
    let (mut major, mut minor) = (0, 0);
    // SAFETY: two out-pointers to live integers.
    let r = unsafe { sys::nvrtcVersion(&mut major, &mut minor) };
    check("nvrtcVersion", r)?;
    Ok((major, minor))
}

fn check(call: &'static str, r: sys::nvrtcResult) -> Result<(), Error> {
    if r == sys::nvrtcResult::NVRTC_SUCCESS {
        Ok(())
    } else {
        Err(Error::Nvrtc { call, code: r as i32 })
    }
}

/// Compiler options beyond the architecture.
#[derive(Clone, Debug)]
pub struct Options {
    /// Make a register spill a compile error (ptxas `--warn-on-spills --warning-as-error`).
    pub spills_are_errors: bool,
    /// Further NVRTC options (`-DNAME=1`, `--use_fast_math`, ...).
    pub extra: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options { spills_are_errors: true, extra: Vec::new() }
    }
}

impl Options {
    /// For a kernel about to run: a spill is not an error (the kernel is right, only slower);
    /// check [`Cubin::spill_warnings`] and say so.
    pub fn at_run_time(extra: Vec<String>) -> Options {
        Options { spills_are_errors: false, extra }
    }
}

/// ptxas's resource report for one kernel (`ptxas info : Used N registers, ...`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelReport {
    /// The (mangled) kernel name.
    pub name: String,
    /// Registers per thread.
    pub registers: u32,
    /// Static shared memory in bytes.
    pub smem_bytes: u32,
    /// Bytes stored to / loaded from local memory by spills.
    pub spill_stores: u32,
    pub spill_loads: u32,
    /// Stack frame in bytes.
    pub stack_frame: u32,
}

/// A compiled program.
#[derive(Clone, Debug)]
pub struct Cubin {
    /// The architecture.
    pub arch: Arch,
    /// The CUBIN image (load it with `cuModuleLoadData`).
    pub image: Vec<u8>,
    /// NVRTC's log (ptxas's `-v` report included).
    pub log: String,
    /// One report per kernel, parsed from the log.
    pub kernels: Vec<KernelReport>,
    /// Whether this came from the cache.
    pub cached: bool,
    /// The NVRTC that compiled it `(major, minor)`.
    pub version: (i32, i32),
}

impl Cubin {
    /// One line per kernel that spills: NVRTC's version, the architecture and ptxas's numbers
    /// (empty without spills). A program built with [`Options::at_run_time`] may spill.
    pub fn spill_warnings(&self, name: &str) -> Vec<String> {
        self.kernels
            .iter()
            .filter(|k| k.spill_stores > 0 || k.spill_loads > 0)
            .map(|k| {
                format!(
                    "warning: NVRTC {}.{}: {name} {} kernel {}: ptxas spills {} B stored / {} B loaded ({} registers, {} B stack frame); it runs, slower (CI builds tycute's kernels without spills with NVRTC {TESTED_OLDEST} to {TESTED_NEWEST})",
                    self.version.0, self.version.1, self.arch, k.name, k.spill_stores, k.spill_loads, k.registers, k.stack_frame
                )
            })
            .collect()
    }

    /// The report of the kernel whose (mangled) name contains `name`.
    pub fn kernel(&self, name: &str) -> Option<&KernelReport> {
        self.kernels.iter().find(|k| k.name.contains(name))
    }
}

/// Parses ptxas's `-v` lines of an NVRTC log. A kernel's block starts with
/// `ptxas info : Compiling entry function 'NAME' for 'sm_XX'` and carries
/// `N bytes stack frame, N bytes spill stores, N bytes spill loads` and
/// `Used N registers, ... N bytes smem ...`.
pub fn parse_ptxas_report(log: &str) -> Vec<KernelReport> {
    fn number_before(line: &str, unit: &str) -> Option<u32> {
        let i = line.find(unit)?;
        line[..i].trim_end().rsplit(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    }
    let mut out: Vec<KernelReport> = Vec::new();
    for line in log.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            let name = rest.split('\'').next().unwrap_or("").to_string();
            out.push(KernelReport { name, ..Default::default() });
            continue;
        }
        let Some(k) = out.last_mut() else { continue };
        if line.contains("bytes stack frame") {
            k.stack_frame = number_before(line, "bytes stack frame").unwrap_or(0);
            k.spill_stores = number_before(line, "bytes spill stores").unwrap_or(0);
            k.spill_loads = number_before(line, "bytes spill loads").unwrap_or(0);
        }
        if line.contains("Used") && line.contains("registers") {
            k.registers = number_before(line, "registers").unwrap_or(0);
            k.smem_bytes = number_before(line, "bytes smem").unwrap_or(0);
        }
    }
    out
}

/// FNV-1a over every input of a compilation (the cache key).
fn content_hash(parts: &[&[u8]]) -> u64 {
    let mut h = 0xcbf29ce484222325u64;
    for p in parts {
        for &b in p.iter().chain(&[0xffu8]) {
            h = (h ^ b as u64).wrapping_mul(0x100000001b3);
        }
    }
    h
}

/// The CUBIN cache directory: `$TYCUTE_CUBIN_CACHE`; else `tycute-cubin-cache` in the target
/// directory of the running program: `$CARGO_TARGET_DIR` when set, else the nearest ancestor of
/// the executable that is a cargo target directory (it holds `CACHEDIR.TAG`; `target/debug/deps/x`
/// gives `target/`); else the system's temporary directory. Never tycute's own source tree: a
/// crate depending on tycute gets the cache in its own `target/`.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TYCUTE_CUBIN_CACHE") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(d).join("tycute-cubin-cache");
    }
    let exe = std::env::current_exe().ok();
    cache_dir_from(exe.as_deref()).unwrap_or_else(|| std::env::temp_dir().join("tycute-cubin-cache"))
}

/// `tycute-cubin-cache` in the nearest ancestor of `exe` that is a cargo target directory.
fn cache_dir_from(exe: Option<&Path>) -> Option<PathBuf> {
    exe?.ancestors().skip(1).find(|d| d.join("CACHEDIR.TAG").is_file()).map(|d| d.join("tycute-cubin-cache"))
}

/// Compiles `source` (file name `name`, for messages) with `headers` (`(include name, text)`,
/// found by `#include "name"`) and the device library ([`crate::library::HEADERS`]:
/// `#include "tycute/gemm/sm90_mainloop.cuh"`; a header of `headers` with the same name wins) for
/// `arch`. A result cached under the same source, headers,
/// options, architecture and NVRTC version is returned without compiling.
pub fn compile(name: &str, source: &str, headers: &[(&str, &str)], arch: Arch, opts: &Options) -> Result<Cubin, Error> {
    let (major, minor) = version()?;
    let library = crate::library::HEADERS.iter().filter(|(n, _)| !headers.iter().any(|(m, _)| m == n));
    let headers: Vec<(&str, &str)> = headers.iter().copied().chain(library.copied()).collect();
    let headers = headers.as_slice();
    let mut args: Vec<String> = vec![
        format!("--gpu-architecture={}", arch.name()),
        "--std=c++17".into(),
        "--ptxas-options=-v".into(),
        "-default-device".into(),
    ];
    if opts.spills_are_errors {
        args.push("--ptxas-options=--warn-on-spills".into());
        args.push("--ptxas-options=--warning-as-error".into());
    }
    args.extend(opts.extra.iter().cloned());

    let ver = format!("nvrtc {major}.{minor}");
    let mut parts: Vec<&[u8]> = vec![ver.as_bytes(), name.as_bytes(), source.as_bytes()];
    for (n, t) in headers {
        parts.push(n.as_bytes());
        parts.push(t.as_bytes());
    }
    for a in &args {
        parts.push(a.as_bytes());
    }
    let key = format!("{name}-{}-{:016x}", arch.name(), content_hash(&parts));
    let dir = cache_dir();
    let (cubin_path, log_path) = (dir.join(format!("{key}.cubin")), dir.join(format!("{key}.log")));
    if let (Ok(image), Ok(log)) = (std::fs::read(&cubin_path), std::fs::read_to_string(&log_path)) {
        return Ok(Cubin { arch, kernels: parse_ptxas_report(&log), image, log, cached: true, version: (major, minor) });
    }

    let cstr = |s: &str, what: &str| CString::new(s).map_err(|_| Error::Nul { what: what.to_string() });
    let c_source = cstr(source, name)?;
    let c_name = cstr(name, "the program name")?;
    let c_headers: Vec<CString> = headers.iter().map(|(n, t)| cstr(t, n)).collect::<Result<_, _>>()?;
    let c_header_names: Vec<CString> = headers.iter().map(|(n, _)| cstr(n, "a header name")).collect::<Result<_, _>>()?;
    let c_args: Vec<CString> = args.iter().map(|a| cstr(a, "an option")).collect::<Result<_, _>>()?;
    let header_ptrs: Vec<*const c_char> = c_headers.iter().map(|c| c.as_ptr()).collect();
    let header_name_ptrs: Vec<*const c_char> = c_header_names.iter().map(|c| c.as_ptr()).collect();
    let arg_ptrs: Vec<*const c_char> = c_args.iter().map(|c| c.as_ptr()).collect();

    let mut prog = MaybeUninit::<sys::nvrtcProgram>::uninit();
    // SAFETY: every pointer refers to a live NUL-terminated string for the duration of the calls;
    // the program is destroyed before returning.
    unsafe {
        check(
            "nvrtcCreateProgram",
            sys::nvrtcCreateProgram(
                prog.as_mut_ptr(),
                c_source.as_ptr(),
                c_name.as_ptr(),
                headers.len() as c_int,
                header_ptrs.as_ptr(),
                header_name_ptrs.as_ptr(),
            ),
        )?;
        let prog = prog.assume_init();
        let compiled = sys::nvrtcCompileProgram(prog, arg_ptrs.len() as c_int, arg_ptrs.as_ptr());
        let log = {
            let mut size = 0usize;
            let mut buf = Vec::new();
            if sys::nvrtcGetProgramLogSize(prog, &mut size) == sys::nvrtcResult::NVRTC_SUCCESS && size > 0 {
                buf = vec![0u8; size];
                let _ = sys::nvrtcGetProgramLog(prog, buf.as_mut_ptr() as *mut c_char);
            }
            String::from_utf8_lossy(&buf).trim_end_matches('\0').to_string()
        };
        let image = if compiled == sys::nvrtcResult::NVRTC_SUCCESS {
            let mut size = 0usize;
            let r = check("nvrtcGetCUBINSize", sys::nvrtcGetCUBINSize(prog, &mut size)).and_then(|_| {
                let mut image = vec![0u8; size];
                check("nvrtcGetCUBIN", sys::nvrtcGetCUBIN(prog, image.as_mut_ptr() as *mut c_char)).map(|_| image)
            });
            Some(r)
        } else {
            None
        };
        let mut p = prog;
        let _ = sys::nvrtcDestroyProgram(&mut p);
        let image = match image {
            Some(r) => r?,
            None => return Err(Error::Compile { name: name.to_string(), arch, log, version: (major, minor) }),
        };
        std::fs::create_dir_all(&dir).map_err(file(&dir))?;
        // write the log last: a cache entry counts only when both files are there
        std::fs::write(&cubin_path, &image).map_err(file(&cubin_path))?;
        std::fs::write(&log_path, &log).map_err(file(&log_path))?;
        Ok(Cubin { arch, kernels: parse_ptxas_report(&log), image, log, cached: false, version: (major, minor) })
    }
}

/// [`compile`] for a kernel about to run ([`Options::at_run_time`]): a spill is printed as a
/// warning with its numbers ([`Cubin::spill_warnings`], on stderr) instead of refusing the kernel.
pub fn compile_to_run(name: &str, source: &str, headers: &[(&str, &str)], arch: Arch, extra: Vec<String>) -> Result<Cubin, Error> {
    let c = compile(name, source, headers, arch, &Options::at_run_time(extra))?;
    for w in c.spill_warnings(name) {
        eprintln!("{w}");
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptxas_report() {
        let log = "ptxas info    : 0 bytes gmem\n\
                   ptxas info    : Compiling entry function '_Z4gemmPKfPf' for 'sm_80'\n\
                   ptxas info    : Function properties for _Z4gemmPKfPf\n\
                   \x20   8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n\
                   ptxas info    : Used 168 registers, used 1 barriers, 49152 bytes smem, 380 bytes cmem[0]\n\
                   ptxas info    : Compiling entry function 'probe' for 'sm_80'\n\
                   \x20   0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n\
                   ptxas info    : Used 32 registers, used 0 barriers, 360 bytes cmem[0]\n";
        let r = parse_ptxas_report(log);
        assert_eq!(r.len(), 2);
        assert_eq!(
            r[0],
            KernelReport { name: "_Z4gemmPKfPf".into(), registers: 168, smem_bytes: 49152, spill_stores: 4, spill_loads: 12, stack_frame: 8 }
        );
        assert_eq!((r[1].registers, r[1].smem_bytes, r[1].spill_stores), (32, 0, 0));
    }

    #[test]
    fn cache_in_the_programs_target_dir() {
        let root = std::env::temp_dir().join(format!("tycute-cache-test-{}", std::process::id()));
        let deps = root.join("target/debug/deps");
        std::fs::create_dir_all(&deps).unwrap();
        std::fs::write(root.join("target/CACHEDIR.TAG"), "Signature: 8a477f597d28d172789f06886806bc55").unwrap();
        assert_eq!(cache_dir_from(Some(&deps.join("app"))), Some(root.join("target/tycute-cubin-cache")));
        assert_eq!(cache_dir_from(Some(Path::new("/usr/bin/app"))), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn spill_warning_states_the_numbers() {
        let c = Cubin {
            arch: Arch::Sm90a,
            image: Vec::new(),
            log: String::new(),
            kernels: vec![
                KernelReport { name: "k".into(), registers: 168, spill_stores: 8, spill_loads: 12, stack_frame: 8, ..Default::default() },
                KernelReport { name: "ok".into(), registers: 40, ..Default::default() },
            ],
            cached: false,
            version: (13, 0),
        };
        let w = c.spill_warnings("sm90_gemm.cu");
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("NVRTC 13.0: sm90_gemm.cu sm_90a kernel k: ptxas spills 8 B stored / 12 B loaded (168 registers"), "{}", w[0]);
    }

    #[test]
    fn hash_separates_fields() {
        assert_ne!(content_hash(&[b"ab", b"c"]), content_hash(&[b"a", b"bc"]));
    }
}
