//! Errors are values: every fallible operation of the runtime twin returns `Result<_, Error>`.
//!
//! Three kinds are distinguished because the `eval` command prints them differently:
//! * [`ErrorKind::Reject`]: the algebra refuses the input (what CuTe turns into a compile error,
//!   plus tycute's deliberate strict rules). Printed as `REJECT`.
//! * [`ErrorKind::Parse`]: the text is not CuTe print syntax. Printed as `ERROR`.
//! * [`ErrorKind::Unsupported`]: an operation or argument form the runtime twin does not know.
//!   Printed as `ERROR`.

use std::fmt;

/// What went wrong, coarsely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The layout algebra refuses the input.
    Reject,
    /// The text could not be parsed.
    Parse,
    /// Unknown operation or unsupported argument form.
    Unsupported,
}

/// An error with a message that names the violated condition (and for parse errors the
/// byte position).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    /// Coarse category.
    pub kind: ErrorKind,
    /// Human-readable message, e.g. `composition: stride divisibility: ...`.
    pub message: String,
}

impl Error {
    /// An algebra rejection.
    pub fn reject(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Reject,
            message: message.into(),
        }
    }
    /// A parse error.
    pub fn parse(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Parse,
            message: message.into(),
        }
    }
    /// An unsupported operation or argument.
    pub fn unsupported(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Unsupported,
            message: message.into(),
        }
    }
    /// True for algebra rejections.
    pub fn is_reject(&self) -> bool {
        self.kind == ErrorKind::Reject
    }
    /// Prefix the message with the name of the operation that failed (`op: ...`), keeping the
    /// kind. Used so nested failures say where they happened.
    pub fn context(mut self, op: &str) -> Self {
        if !self.message.starts_with(op) {
            self.message = format!("{op}: {}", self.message);
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Result alias used throughout the crate.
pub type Result<T> = std::result::Result<T, Error>;

/// Return early with a rejection when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err($crate::error::Error::reject(format!($($msg)+)));
        }
    };
}
pub(crate) use ensure;
