//! The GPU, when there is one: a context on device 0, or the reason there is none (no driver
//! library, no device), probed before cudarc is asked for anything (it panics without a driver).

use std::sync::Arc;

use cudarc::driver::CudaContext;

use crate::nvrtc::Arch;

/// A context on device 0, or why not (in words, for a test's "skipped: ..." line).
pub fn context() -> Result<Arc<CudaContext>, String> {
    // SAFETY: only tries to open the shared library.
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err("no CUDA driver (libcuda.so) on this machine".into());
    }
    match CudaContext::device_count() {
        Ok(n) if n > 0 => {}
        Ok(_) => return Err("the CUDA driver reports no device".into()),
        Err(e) => return Err(format!("the CUDA driver reports no device: {e}")),
    }
    CudaContext::new(0).map_err(|e| format!("cannot create a context on device 0: {e}"))
}

/// The architecture to build for this context's device: `sm_90a` on Hopper (an `sm_80` CUBIN
/// does not load there), `sm_80` on Ampere.
pub fn arch(ctx: &CudaContext) -> Result<Arch, String> {
    let (major, minor) = ctx.compute_capability().map_err(|e| format!("compute capability: {e}"))?;
    match (major, minor) {
        (9, 0) => Ok(Arch::Sm90a),
        (8, _) => Ok(Arch::Sm80),
        _ => Err(format!("device of compute capability {major}.{minor}: tycute builds for sm_80 and sm_90a only")),
    }
}
