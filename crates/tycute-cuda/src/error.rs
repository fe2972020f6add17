//! The one error type of tycute-cuda: every fallible public function returns [`Result`], whose
//! [`Error`] names what went wrong and, where something can be done about it, what to do. Match
//! on the variant to handle a kind of failure; print it for a user.

use std::path::PathBuf;

use cudarc::driver::sys::CUresult;
use cudarc::driver::DriverError;

use crate::arch::{Arch, TESTED_13_0, TESTED_NEWEST, TESTED_OLDEST};
use crate::tensor_map_args::{TensorMapArgs, TmaElement as Half};

/// `Result<T, tycute_cuda::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong on the CUDA side: the driver, NVRTC, cuobjdump, a TMA descriptor or a file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `libcuda.so` could not be loaded: no NVIDIA driver on this machine.
    #[error("no CUDA driver (libcuda.so) on this machine: run on a machine with an NVIDIA GPU and its driver, or put the driver's libcuda.so on LD_LIBRARY_PATH")]
    NoDriver,
    /// The driver loads but reports no device (`source` is the driver's refusal, when it gave one).
    #[error("the CUDA driver reports no device{}", source.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
    NoDevice {
        /// The driver's error from `cuDeviceGetCount`, if the call failed.
        source: Option<DriverError>,
    },
    /// A driver call on the device failed (creating the context, reading its compute capability).
    #[error("{what}: {source}")]
    Driver {
        /// What the call was for.
        what: &'static str,
        /// The driver's error.
        source: DriverError,
    },
    /// The device is neither Ampere-class (`sm_8x`) nor Hopper (`sm_90`), the architectures
    /// tycute's kernels are built for.
    #[error("device of compute capability {major}.{minor}: tycute builds for sm_80 (compute capability 8.x) and sm_90a (9.0) only")]
    UnsupportedArch {
        /// Compute capability, major.
        major: i32,
        /// Compute capability, minor.
        minor: i32,
    },
    /// No NVRTC (`libnvrtc.so`, `.so.13` or `.so.12`) could be loaded.
    #[error("NVRTC (libnvrtc.so.13 or libnvrtc.so.12, CUDA 12.8 or newer) is not on the library path: `pip install nvidia-cuda-nvrtc` and add its nvidia/cu13/lib to LD_LIBRARY_PATH")]
    NoNvrtc,
    /// NVRTC refused the program: `log` holds the compiler's messages; `version` is the NVRTC
    /// that refused it.
    #[error(
        "NVRTC {}.{} (from LD_LIBRARY_PATH) could not compile {name} for {arch}:\n{}\n\
         (tycute's kernels are built in CI with NVRTC {TESTED_OLDEST}, {TESTED_13_0} and {TESTED_NEWEST}: \
         `pip install nvidia-cuda-nvrtc=={TESTED_NEWEST}.*` and put its nvidia/cu13/lib first on LD_LIBRARY_PATH, \
         or `source scripts/cuda-env.sh`)",
        version.0, version.1, log.trim_end()
    )]
    Compile {
        /// The program's file name.
        name: String,
        /// The architecture it was compiled for.
        arch: Arch,
        /// NVRTC's log.
        log: String,
        /// NVRTC's version `(major, minor)`.
        version: (i32, i32),
    },
    /// An NVRTC call failed outside compilation.
    #[error("NVRTC call {call} failed with code {code}")]
    Nvrtc {
        /// The call.
        call: &'static str,
        /// Its `nvrtcResult`.
        code: i32,
    },
    /// A source, a header, a header name or an option holds a NUL byte (NVRTC takes C strings).
    #[error("{what} contains a NUL byte: NVRTC takes NUL-terminated strings")]
    Nul {
        /// Which text (a file name, `an option`, ...).
        what: String,
    },
    /// A file could not be read or written: a CUBIN cache entry, a header written by
    /// [`crate::library::write_to`], a kernel source, cuobjdump's input.
    #[error("{}: {source}", path.display())]
    File {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `cuobjdump` could not be started.
    #[error("cannot run cuobjdump ({source}): `pip install nvidia-cuda-cuobjdump` and put its nvidia/cu13/bin on PATH, or set CUOBJDUMP")]
    NoCuobjdump {
        /// Why it did not start.
        source: std::io::Error,
    },
    /// `cuobjdump -sass` ran and failed.
    #[error("cuobjdump -sass failed: {stderr}")]
    Cuobjdump {
        /// Its standard error.
        stderr: String,
    },
    /// A TMA swizzle mode other than 0 (none), 1 (32 B), 2 (64 B) or 3 (128 B).
    #[error("TMA swizzle mode {mode} is not one of 0 (CU_TENSOR_MAP_SWIZZLE_NONE), 1 (32B), 2 (64B), 3 (128B)")]
    TensorMapSwizzle {
        /// The mode asked for.
        mode: i64,
    },
    /// A TMA map argument the driver would refuse: `rule` says which requirement fails, `args`
    /// gives the numbers.
    #[error("TMA map of {args}: {rule}")]
    TensorMapArgument {
        /// The requirement that fails, in words.
        rule: &'static str,
        /// The map's arguments.
        args: TensorMapArgs,
    },
    /// `cuTensorMapEncodeTiled` refused arguments that passed the checks above.
    #[error("cuTensorMapEncodeTiled of {elem:?} {args} failed: {result:?}")]
    TensorMapEncode {
        /// The element type.
        elem: Half,
        /// The map's arguments.
        args: TensorMapArgs,
        /// The driver's result.
        result: CUresult,
    },
}

/// `map_err(file(path))`: an I/O error with the file it happened on.
pub(crate) fn file(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.into();
    move |source| Error::File { path, source }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_problem_and_the_remedy() {
        assert!(Error::NoDriver.to_string().starts_with("no CUDA driver (libcuda.so) on this machine"));
        assert_eq!(Error::NoDevice { source: None }.to_string(), "the CUDA driver reports no device");
        assert!(Error::NoNvrtc.to_string().contains("LD_LIBRARY_PATH"));
        let e = Error::UnsupportedArch { major: 7, minor: 5 }.to_string();
        assert!(e.starts_with("device of compute capability 7.5: tycute builds for sm_80"), "{e}");
        let e = Error::Compile { name: "x.cu".into(), arch: Arch::Sm80, log: "boom\n".into(), version: (13, 0) }.to_string();
        assert!(e.starts_with("NVRTC 13.0 (from LD_LIBRARY_PATH) could not compile x.cu for sm_80:\nboom\n("), "{e}");
        assert!(e.contains("built in CI with NVRTC 12.8, 13.0 and 13.5"), "{e}");
        assert!(e.contains("pip install nvidia-cuda-nvrtc==13.5.*"), "{e}");
        let e = file("/nowhere/x.cubin")(std::io::Error::from(std::io::ErrorKind::NotFound)).to_string();
        assert!(e.starts_with("/nowhere/x.cubin: "), "{e}");
        assert_eq!(Error::Nul { what: "k.cu".into() }.to_string(), "k.cu contains a NUL byte: NVRTC takes NUL-terminated strings");
    }

    #[test]
    fn is_send_sync_and_static() {
        fn check<T: Send + Sync + 'static + std::error::Error>() {}
        check::<Error>();
    }
}
