//! Ops that query, build and reshape layouts: `size`, `shape`, `layout<I>`, `take<B,E>`,
//! `with_shape`, `zip`, `make_ordered_layout`, `idx2crd`/`crd2idx`, `tile_to_shape`, ...

use crate::error::{ensure, Error, Result};
use crate::evaluator::{inner, need, Evaluator, Handler};
use crate::output::{plain, text, Output};
use tycute_dynamic::composed::{self, map_inner};
use tycute_dynamic::construct::{make_layout_like, make_ordered_layout, tile_to_shape, with_shape};
use tycute_dynamic::int::Int;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::layout::{crd2idx, idx2crd, Layout};
use tycute_dynamic::product::{zip, zip2};
use tycute_dynamic::value::AnyLayout;

/// The ops of this file by name.
pub(crate) const HANDLERS: &[(&str, Handler)] = &[
    ("identity", op_identity),
    ("size", op_size_or_shape),
    ("cosize", op_size_or_shape),
    ("rank", op_size_or_shape),
    ("depth", op_size_or_shape),
    ("shape", op_size_or_shape),
    ("stride", op_size_or_shape),
    ("flatten", op_flatten),
    ("with_shape", op_with_shape),
    ("make_layout_like", op_make_layout_like),
    ("zip", op_zip),
    ("zip2", op_zip2),
    ("make_ordered_layout", op_make_ordered_layout),
    ("make_layout_left", op_make_layout_left_or_right),
    ("make_layout_right", op_make_layout_left_or_right),
    ("idx2crd", op_idx2crd),
    ("crd2idx", op_crd2idx),
    ("tile_to_shape", op_tile_to_shape),
];

/// The ops of this file that take template arguments in their name (`NAME...>`), by prefix.
pub(crate) const TEMPLATED: &[(&str, Handler)] = &[("layout<", op_layout_mode), ("take<", op_take)];

fn op_identity(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    Ok(Output::Layout(ev.any(args[0])?))
}

fn op_size_or_shape(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    let a = ev.any(args[0])?;
    let l = inner(&a)?;
    Ok(match op {
        "size" => text(l.size()?),
        "cosize" => text(l.cosize()?),
        "rank" => text(Int::st(l.rank() as i64)),
        "depth" => text(Int::st(l.depth() as i64)),
        "shape" => text(&l.shape),
        _ => match a {
            AnyLayout::Plain(_) => text(&l.stride),
            AnyLayout::Composed(_) => {
                return Err(Error::reject("stride: a composed layout has no strides"))
            }
        },
    })
}

fn op_flatten(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    ev.map_any(args[0], |l| Ok(l.flatten()))
}

fn op_with_shape(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let s = ev.tuple(args[1])?;
    ev.map_any(args[0], |l| with_shape(l, &s))
}

fn op_make_layout_like(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    Ok(plain(make_layout_like(&ev.plain_only(args[0], op)?)?))
}

fn op_zip(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    ev.map_any(args[0], zip)
}

fn op_zip2(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    Ok(plain(zip2(&ev.layout(args[0])?, &ev.layout(args[1])?)?))
}

fn op_make_ordered_layout(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    Ok(plain(make_ordered_layout(
        &ev.tuple(args[0])?,
        &ev.tuple(args[1])?,
    )?))
}

fn op_make_layout_left_or_right(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    let s = ev.tuple(args[0])?;
    Ok(plain(if op == "make_layout_left" {
        Layout::left(&s)?
    } else {
        Layout::right(&s)?
    }))
}

fn op_idx2crd(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    Ok(text(idx2crd(&ev.tuple(args[0])?, &ev.tuple(args[1])?)?))
}

fn op_crd2idx(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 3, op)?;
    let (c, s, d) = (ev.tuple(args[0])?, ev.tuple(args[1])?, ev.tuple(args[2])?);
    crate::error::ensure!(
        s.congruent(&d),
        "crd2idx: Mismatched Ranks: shape {s} and stride {d}"
    );
    Ok(text(crd2idx(&c, &s, &d)?))
}

fn op_tile_to_shape(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    // `tile_to_shape [label] atom shape [order]`: the label is present when the first
    // argument is not a layout.
    let args: Vec<&str> = if args.first().is_some_and(|a| ev.any(a).is_err()) {
        args[1..].to_vec()
    } else {
        args.to_vec()
    };
    if args.len() != 2 && args.len() != 3 {
        return Err(Error::parse(
            "tile_to_shape: expected [label] atom shape [order]",
        ));
    }
    let atom = ev.any(args[0])?;
    let shape = ev.tuple(args[1])?;
    let order = if args.len() == 3 {
        Some(ev.tuple(args[2])?)
    } else {
        None
    };
    Ok(Output::Layout(tile_any(&atom, &shape, order.as_ref())?))
}

fn op_layout_mode(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    if let Some(i) = op.strip_prefix("layout<").and_then(|r| r.strip_suffix('>')) {
        need(args, 1, op)?;
        let i: usize = i
            .parse()
            .map_err(|_| Error::parse(format!("bad mode index in {op}")))?;
        let x = ev.any(args[0])?;
        let rank = match &x {
            AnyLayout::Plain(l) => l.rank(),
            AnyLayout::Composed(c) => c.layout_b()?.rank(),
        };
        ensure!(
            i < rank,
            "layout<I>: Index out of range (I must be less than rank(layout)): layout<_{i}> of a rank-_{rank} layout"
        );
        return Ok(Output::Layout(match x {
            AnyLayout::Plain(l) => AnyLayout::Plain(l.mode(i)?),
            AnyLayout::Composed(c) => composed::mode(&c, i)?,
        }));
    }
    Err(Error::unsupported(format!("unknown op {op}")))
}

fn op_take(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    if let Some(range) = op.strip_prefix("take<").and_then(|r| r.strip_suffix('>')) {
        need(args, 1, op)?;
        let (b, e) = range
            .split_once(',')
            .ok_or_else(|| Error::parse(format!("{op}: expected take<B,E>")))?;
        let b = ev.template_n(b, op)?;
        let e = ev.template_n(e, op)?;
        return Ok(Output::Layout(match ev.any(args[0])? {
            AnyLayout::Plain(l) => AnyLayout::Plain(tycute_dynamic::take::take(&l, b, e)?),
            AnyLayout::Composed(c) => map_inner(&c, |l| tycute_dynamic::take::take(l, b, e))?,
        }));
    }
    Err(Error::unsupported(format!("unknown op {op}")))
}

pub(crate) fn tile_any(
    atom: &AnyLayout,
    shape: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<AnyLayout> {
    match atom {
        AnyLayout::Plain(l) => Ok(AnyLayout::Plain(tile_to_shape(l, shape, order)?)),
        AnyLayout::Composed(c) => map_inner(c, |b| tile_to_shape(b, shape, order)),
    }
}
