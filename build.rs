//! Root build script. Kernel-header emission (the CUDA issue) will live here; for now it only
//! tells cargo when to rerun.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
}
