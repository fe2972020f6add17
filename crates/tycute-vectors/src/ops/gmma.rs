//! Ops of the sm90 shared-memory atoms: `gmma_atom`, `gmma_atom.tile_to_shape`, and their
//! position-independent forms (`as_position_independent_swizzle_layout`).

use crate::error::{Error, Result};
use crate::evaluator::{need, Evaluator, Handler};
use crate::ops::layout::tile_any;
use crate::output::Output;
use tycute_dynamic::composed;
use tycute_dynamic::gmma;
use tycute_dynamic::value::AnyLayout;

/// The ops of this file by name.
pub(crate) const HANDLERS: &[(&str, Handler)] = &[
    ("gmma_atom", op_gmma_atom),
    (
        "as_position_independent_swizzle_layout",
        op_as_position_independent_swizzle_layout,
    ),
    (
        "gmma_atom.position_independent",
        op_gmma_atom_position_independent,
    ),
    ("gmma_atom.tile_to_shape", op_gmma_atom_tile_to_shape),
    (
        "gmma_atom.tile_to_shape.position_independent",
        op_gmma_atom_tile_to_shape,
    ),
];

fn op_gmma_atom(_ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    Ok(Output::Layout(gmma::atom(args[0])?))
}

fn op_as_position_independent_swizzle_layout(
    ev: &Evaluator,
    op: &str,
    args: &[&str],
) -> Result<Output> {
    need(args, 1, op)?;
    Ok(Output::Layout(position_independent(ev.any(args[0])?)?))
}

fn op_gmma_atom_position_independent(_ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    Ok(Output::Layout(position_independent(gmma::atom(args[0])?)?))
}

fn op_gmma_atom_tile_to_shape(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    if args.len() != 2 && args.len() != 3 {
        return Err(Error::parse(format!(
            "{op}: expected name, shape [, order]"
        )));
    }
    let atom = gmma::atom(args[0])?;
    let shape = ev.tuple(args[1])?;
    let order = if args.len() == 3 {
        Some(ev.tuple(args[2])?)
    } else {
        None
    };
    let tiled = tile_any(&atom, &shape, order.as_ref())?;
    Ok(Output::Layout(if op.ends_with(".position_independent") {
        position_independent(tiled)?
    } else {
        tiled
    }))
}

fn position_independent(a: AnyLayout) -> Result<AnyLayout> {
    match a {
        AnyLayout::Composed(c) => composed::position_independent(&c),
        AnyLayout::Plain(l) => Err(Error::reject(format!(
            "{}: {l} is a plain layout",
            composed::PI_EXPECTED_SMEM
        ))),
    }
}
