//! Evaluates the named kernel configurations (their types, through `tycute-configs`, reached
//! through `tycute-build`) and writes one CUDA header per configuration and `header_values.rs`
//! into `OUT_DIR`: [`headers`](src/headers.rs) embeds them for NVRTC and for the host's launch
//! values. docs/headers.md describes the contents.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // (no `rerun-if-changed` on the headers: the script writes them itself; it reruns when
    // build.rs or its build-dependency changes)
    if let Err(e) = tycute_build::emit::write_all(&out) {
        println!("cargo:warning=could not write the CUDA headers into {}: {e}", out.display());
        std::process::exit(1);
    }
}
