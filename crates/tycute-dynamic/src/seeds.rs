//! Seeds (placeholder).
use crate::error::{Error, Result};
use crate::ops::Output;
use crate::ops_tiled::Args;

/// Seed op?
pub fn is_seed_op(op: &str) -> bool {
    let _ = op;
    false
}

pub(crate) fn eval(_p: &Args, op: &str, _args: &[&str]) -> Result<Output> {
    Err(Error::unsupported(format!("unknown op {op}")))
}
