//! The GPU, when there is one: a context on device 0, or the reason there is none (no driver
//! library, no device), probed before cudarc is asked for anything (it panics without a driver).

use std::sync::{Arc, OnceLock};

use cudarc::driver::CudaContext;

use crate::error::{Error, Result};
use crate::nvrtc::Arch;

/// Whether the CUDA driver's library can be loaded, probed once and remembered: a probe opens and
/// closes the library, about 4 us on the H100's host, and a launch's four tensor maps each asked
/// (docs/perf.md, "Host time per launch").
pub fn driver_present() -> bool {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    // SAFETY: only tries to open the shared library.
    *PRESENT.get_or_init(|| unsafe { cudarc::driver::sys::is_culib_present() })
}

/// A context on device 0, or why not ([`Error::NoDriver`], [`Error::NoDevice`], [`Error::Driver`];
/// printed, a test's "skipped: ..." line).
pub fn context() -> Result<Arc<CudaContext>> {
    if !driver_present() {
        return Err(Error::NoDriver);
    }
    match CudaContext::device_count() {
        Ok(n) if n > 0 => {}
        Ok(_) => return Err(Error::NoDevice { source: None }),
        Err(e) => return Err(Error::NoDevice { source: Some(e) }),
    }
    CudaContext::new(0).map_err(|source| Error::Driver { what: "cannot create a context on device 0", source })
}

/// The architecture to build for a device of compute capability `major.minor`: `sm_90a` on
/// Hopper (an `sm_80` CUBIN does not load there), `sm_80` on Ampere and Ada; anything else is
/// [`Error::UnsupportedArch`].
pub fn arch_of(major: i32, minor: i32) -> Result<Arch> {
    match (major, minor) {
        (9, 0) => Ok(Arch::Sm90a),
        (8, _) => Ok(Arch::Sm80),
        _ => Err(Error::UnsupportedArch { major, minor }),
    }
}

/// The architecture to build for this context's device ([`arch_of`] its compute capability).
pub fn arch(ctx: &CudaContext) -> Result<Arch> {
    let (major, minor) =
        ctx.compute_capability().map_err(|source| Error::Driver { what: "cannot read the device's compute capability", source })?;
    arch_of(major, minor)
}

/// A context on device 0 whose GPU runs `arch` builds, or the sentence saying why not (no driver,
/// no device, another architecture) for a test's "skipped: ..." line or a command's error; `what`
/// names what needs it ("the sm90 attention kernel").
pub fn context_for(arch: Arch, what: &str) -> std::result::Result<Arc<CudaContext>, String> {
    let ctx = context().map_err(|e| e.to_string())?;
    match crate::gpu::arch(&ctx) {
        Ok(a) if a == arch => Ok(ctx),
        Ok(a) => Err(format!("{what} needs a GPU that runs {} builds; this one runs {}", arch.name(), a.name())),
        Err(e) => Err(format!("{what}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn architectures_of_compute_capabilities() {
        assert_eq!(arch_of(9, 0).unwrap(), Arch::Sm90a);
        assert_eq!(arch_of(8, 0).unwrap(), Arch::Sm80);
        assert_eq!(arch_of(8, 9).unwrap(), Arch::Sm80);
        assert!(matches!(arch_of(7, 5), Err(Error::UnsupportedArch { major: 7, minor: 5 })));
        assert!(matches!(arch_of(10, 0), Err(Error::UnsupportedArch { .. })));
    }

    /// Without a driver (this machine, CI) the answer is an error, never a panic.
    #[test]
    fn no_driver_is_an_error() {
        if !driver_present() {
            assert!(matches!(context(), Err(Error::NoDriver)));
        }
    }
}
