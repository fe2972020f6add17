//! The runtime twin's errors, and its `ensure!` for the harness's own rules: a failed condition
//! is an [`ErrorKind::Reject`] with the message.

pub use tycute_dynamic::error::{Error, ErrorKind, Result};

/// `ensure!(cond, "format", args..)`: return a rejection with the message unless `cond` holds.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err($crate::error::Error::reject(format!($($msg)+)));
        }
    };
}
pub(crate) use ensure;
