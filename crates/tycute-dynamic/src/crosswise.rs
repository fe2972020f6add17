//! CUTLASS 2.x crosswise shared-memory layout (placeholder).
use crate::error::{Error, Result};
use crate::ops::Output;
use crate::ops_tiled::Args;

/// Ops.
pub const OPS: &[&str] = &[];

pub(crate) fn eval(_p: &Args, op: &str, _args: &[&str]) -> Result<Output> {
    Err(Error::unsupported(format!("unknown op {op}")))
}
