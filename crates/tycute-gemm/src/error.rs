//! The one error type of the host API: every fallible function returns [`Result`], whose
//! [`Error`] says what is wrong and, where there is something to do about it, what.

use std::path::PathBuf;

use tycute_cuda::cudarc::driver::DriverError;

/// `Result<T, tycute_gemm::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong on the host side of a GEMM. The messages are whole sentences for a user (a
/// test's panic, `tycute bench`'s `error:` line); match on the variant to handle a kind of
/// failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No configuration of this name has a header.
    #[error("no {kernel} configuration `{name}` (there are: {known})")]
    UnknownConfig {
        /// `sm80` or `sm90`.
        kernel: &'static str,
        /// The name asked for.
        name: String,
        /// The names there are, comma-separated.
        known: String,
    },
    /// A configuration's header lacks a value the host reads, or holds one the host cannot
    /// launch (the header and this crate disagree: rebuild both from the same checkout).
    #[error("{config}.h: {what}")]
    Header {
        /// The configuration.
        config: &'static str,
        /// What is missing or wrong.
        what: String,
    },
    /// The kernel does not take this problem: its shape, leading dimensions, batch strides,
    /// layouts, buffer lengths, element types or bias (the message names the rule and the
    /// numbers).
    #[error("{0}")]
    Unsupported(String),
    /// An option given by name (a timing, a bias kind) that does not exist; the message lists
    /// those that do.
    #[error("{0}")]
    UnknownOption(String),
    /// Neither NVRTC nor a prebuilt CUBIN to load the kernel from.
    #[error("{kernel}: no NVRTC to build the kernel (put libnvrtc.so.13 on LD_LIBRARY_PATH, e.g. source scripts/cuda-env.sh), and no {env} naming prebuilt CUBINs")]
    NoCompiler {
        /// The configuration or kernel.
        kernel: String,
        /// The environment variable that could name a prebuilt CUBIN.
        env: String,
    },
    /// A prebuilt CUBIN the environment names cannot be read.
    #[error("{}: {source} ({env} is set, so the kernel is loaded from there: build the CUBIN with `scripts/device.sh pack`, or unset {env} to let NVRTC build it)", path.display())]
    CubinFile {
        /// The variable.
        env: String,
        /// The file it names.
        path: PathBuf,
        /// Why it cannot be read.
        source: std::io::Error,
    },
    /// The CUDA side refused: no driver or GPU, a GPU the kernels are not built for, no NVRTC or
    /// its compile error (the message holds the compiler's log), a TMA descriptor's argument or
    /// the driver's refusal of it (tycute-cuda's error; match on its variant).
    #[error(transparent)]
    Cuda(#[from] tycute_cuda::Error),
    /// A CUDA driver call failed: loading a module, allocating, copying, launching, timing.
    #[error("{what}: {source}")]
    Driver {
        /// What the call was for.
        what: String,
        /// The driver's error.
        source: DriverError,
    },
    /// cuBLAS is not installed, or a cuBLAS call failed.
    #[error("{0}")]
    Cublas(String),
    /// The lock of a kernel's stream-K workspaces was poisoned by a thread that panicked while
    /// launching; load the kernel again.
    #[error("the stream-K workspace lock is poisoned (a thread panicked while launching): load the kernel again")]
    WorkspacePoisoned,
}

/// `map_err(driver("what"))`: a driver error with what the call was for.
pub(crate) fn driver(what: impl Into<String>) -> impl FnOnce(DriverError) -> Error {
    let what = what.into();
    move |source| Error::Driver { what, source }
}

/// An [`Error::Unsupported`] from a message.
pub(crate) fn unsupported(message: impl Into<String>) -> Error {
    Error::Unsupported(message.into())
}
