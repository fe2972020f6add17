//! The ops of `crosswise.txt` (seed 003): CUTLASS 2.x's `TensorOpMultiplicandCrosswise` layout
//! and its warp tile iterator, modelled by `tycute_dynamic::crosswise`, and the check that a CuTe
//! swizzle layout is the same function. This file reads the arguments; the model computes.

use crate::error::{ensure, Error, Result};
use crate::output::Output;
use crate::tiled::args::{keyed, Args};
use tycute_dynamic::crosswise::{self as model, TileIterator};

/// The ops of `crosswise.txt`.
pub const OPS: &[&str] = &[
    "constants",
    "offset_table_mk",
    "rowmajor_wrapper_agrees",
    "cute_equivalent",
    "iterator_policy",
    "lane_byte_offset",
    "lane_ldsm_address",
];

fn one(args: &[&str], op: &str) -> Result<()> {
    ensure!(!args.is_empty(), "{op}: missing argument");
    Ok(())
}

/// Evaluate a crosswise op.
pub(crate) fn eval(p: &Args, op: &str, args: &[&str]) -> Result<Output> {
    let text = match op {
        "constants" | "offset_table_mk" | "rowmajor_wrapper_agrees" | "iterator_policy" => {
            one(args, op)?;
            match op {
                "constants" => model::constants(args[0])?,
                "offset_table_mk" => model::offset_table_mk(args[0])?,
                "rowmajor_wrapper_agrees" => model::rowmajor_wrapper_agrees(args[0])?,
                _ => model::iterator_policy(args[0])?,
            }
        }
        "cute_equivalent" => {
            ensure!(args.len() == 2, "cute_equivalent: expected name and layout");
            model::cute_equivalent(&p.any(args[1])?)?
        }
        "lane_byte_offset" | "lane_ldsm_address" => lane(op, args)?,
        _ => return Err(Error::unsupported(format!("unknown op {op}"))),
    };
    Ok(Output::Text(text))
}

/// `lane_byte_offset ITERATOR lane=l [k_group=g]`, `lane_ldsm_address ITERATOR lane=l
/// [k_group=g] ldsm_iter=s`.
fn lane(op: &str, args: &[&str]) -> Result<String> {
    one(args, op)?;
    // the iterator's errors come first
    TileIterator::parse(args[0])?;
    let (mut lane, mut kg, mut s) = (None, Some(0), None);
    for a in &args[1..] {
        if let Some(v) = keyed(a, &["lane"]) {
            lane = Some(v);
        } else if let Some(v) = keyed(a, &["k_group"]) {
            kg = Some(v);
        } else if let Some(v) = keyed(a, &["ldsm_iter"]) {
            s = Some(v);
        } else {
            return Err(Error::parse(format!("{op}: unexpected argument {a}")));
        }
    }
    let lane = lane.ok_or_else(|| Error::parse(format!("{op}: needs lane=l")))?;
    let kg = kg.unwrap_or(0);
    if op == "lane_byte_offset" {
        return model::lane_byte_offset(args[0], lane, kg);
    }
    ensure!((0..32).contains(&lane), "{op}: lane {lane} out of range");
    let s = s.ok_or_else(|| Error::parse(format!("{op}: needs ldsm_iter=s")))?;
    model::lane_ldsm_address(args[0], lane, kg, s)
}
