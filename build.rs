//! Root build script: evaluates the named kernel configurations (their types, through
//! `tycute-configs`, reached through `tycute-build`) and writes one CUDA header per
//! configuration into `OUT_DIR`
//! (`sgemm_sm80.h`, ...). `tycute::headers::HEADERS` embeds them for NVRTC; `tycute emit CONFIG
//! --out DIR` writes the same text for nvcc users. docs/headers.md describes the contents.
//!
//! Without the `headers` feature (the tests' scratch crates and the ui-tests use tycute that way)
//! it writes nothing, and tycute-configs is not compiled for it.
#[cfg(not(feature = "headers"))]
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
}

#[cfg(feature = "headers")]
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // (no `rerun-if-changed` on the headers: the script writes them itself, so cargo would see
    // them newer than its last run and run it, and recompile tycute and every dependent, at each
    // build; it reruns when build.rs or its build-dependency tycute-configs changes)
    match tycute_build::emit::write_all(&out) {
        Ok(_) => {}
        Err(e) => {
            println!(
                "cargo:warning=could not write the CUDA headers into {}: {e}",
                out.display()
            );
            std::process::exit(1);
        }
    }
}
