//! The emitter's error: what went wrong, in words a build script can print.

use std::fmt;

/// An emission or proof failure. Its message names the object and the rule, with the numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Error {
        Error { message: message.into() }
    }
    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The same error, with `what` (the object's name) in front.
    pub fn context(self, what: &str) -> Error {
        Error { message: format!("{what}: {}", self.message) }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<tycute_dynamic::Error> for Error {
    fn from(e: tycute_dynamic::Error) -> Error {
        Error { message: e.message }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error { message: format!("I/O: {e}") }
    }
}
