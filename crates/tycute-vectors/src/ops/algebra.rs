//! Ops of the layout algebra proper: `coalesce`, `filter`, `composition`, `complement`, the
//! inverses, the divides and products, `upcast`/`downcast`, `recast_layout<From,To>`.

use crate::error::{Error, Result};
use crate::evaluator::{inner, need, Evaluator, Handler};
use crate::output::{plain, text, Output};
use tycute_dynamic::cast;
use tycute_dynamic::coalesce::{coalesce, coalesce_profile, filter, filter_zeros};
use tycute_dynamic::complement::{complement, complement_default};
use tycute_dynamic::composed::{
    self, compose3, layout_then_composed, layout_then_swizzle, map_inner, swizzle_then_layout,
};
use tycute_dynamic::composition::{composition, composition_tiler};
use tycute_dynamic::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use tycute_dynamic::gmma;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::inverse::{left_inverse, right_inverse};
use tycute_dynamic::layout::Layout;
use tycute_dynamic::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, tiler_as_layout,
    zipped_product,
};
use tycute_dynamic::swizzle::Swizzle;
use tycute_dynamic::value::{AnyLayout, ComposedLayout, Func, Tiler, Value};
use tycute_dynamic::Result as R;

/// The rule that rejects a composition whose result would nest composed layouts
/// (`Sw o _0 o Sw o _0 o L`), in the words of the type level's `NotNestedComposed`.
pub const NESTED_COMPOSED: &str =
    "composition: the result would nest composed layouts (Sw o _0 o Sw o _0 o L), which tycute does not represent";

/// The ops of this file by name.
pub(crate) const HANDLERS: &[(&str, Handler)] = &[
    ("coalesce", op_coalesce),
    ("coalesce_profile", op_coalesce_profile),
    ("filter", op_filter_or_filter_zeros),
    ("filter_zeros", op_filter_or_filter_zeros),
    ("composition", op_composition),
    ("composition_tiler", op_composition_tiler),
    ("complement", op_complement),
    ("right_inverse", op_inverse),
    ("left_inverse", op_inverse),
    ("logical_divide", op_divide_or_product),
    ("zipped_divide", op_divide_or_product),
    ("tiled_divide", op_divide_or_product),
    ("flat_divide", op_divide_or_product),
    ("logical_product", op_divide_or_product),
    ("zipped_product", op_divide_or_product),
    ("tiled_product", op_divide_or_product),
    ("flat_product", op_divide_or_product),
    ("blocked_product", op_blocked_or_raked_product),
    ("raked_product", op_blocked_or_raked_product),
    ("upcast", op_upcast_or_downcast),
    ("downcast", op_upcast_or_downcast),
];

/// The ops of this file that take template arguments in their name (`NAME...>`), by prefix.
pub(crate) const TEMPLATED: &[(&str, Handler)] = &[("recast_layout<", op_recast_layout)];

fn op_coalesce(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    ev.map_any(args[0], coalesce)
}

fn op_coalesce_profile(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let p = ev.tuple(args[1])?;
    ev.map_any(args[0], |l| coalesce_profile(l, &p))
}

fn op_filter_or_filter_zeros(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    let l = ev.plain_only(args[0], op)?;
    Ok(plain(if op == "filter" {
        filter(&l)?
    } else {
        filter_zeros(&l)
    }))
}

fn op_composition(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    compose_values(ev, args[0], args[1])
}

fn compose_values(ev: &Evaluator, a: &str, b: &str) -> Result<Output> {
    let (va, vb) = (ev.value(a)?, ev.value(b)?);
    let r = match (&va, &vb) {
        (Value::Swizzle(sw), Value::Layout(l)) => swizzle_then_layout(*sw, l),
        (Value::Layout(l), Value::Layout(r)) => AnyLayout::Plain(composition(l, r)?),
        (Value::Layout(l), Value::Swizzle(sw)) => layout_then_swizzle(l, *sw)?,
        (Value::Layout(l), Value::BasisLayout(b)) => {
            AnyLayout::Plain(tycute_dynamic::basis::composition_basis(l, b)?)
        }
        (Value::Layout(l), Value::Composed(c)) => layout_then_composed(l, c)?,
        (Value::Composed(c), Value::Layout(r)) => map_inner(c, |inner| composition(inner, r))?,
        (Value::Composed(c), Value::Composed(r)) => {
            let b = c.layout_b()?;
            match layout_then_composed(b, r)? {
                AnyLayout::Plain(x) => compose3(c.a.clone(), c.offset.clone(), Func::Layout(x)),
                AnyLayout::Composed(_) => {
                    // the type level's `NotNestedComposed`, in its words
                    return Err(Error::reject(NESTED_COMPOSED));
                }
            }
        }
        (Value::Swizzle(s0), Value::Swizzle(s1)) => {
            crate::error::ensure!(
                s0.s == s1.s,
                "composition: Can only merge swizzles of the same shift."
            );
            return Ok(text(Swizzle::from_masks(
                s0.yyy_msk() ^ s1.yyy_msk(),
                s0.zzz_msk() ^ s1.zzz_msk(),
            )?));
        }
        (Value::Composed(c), Value::Tiler(_) | Value::IntTuple(_) | Value::Underscore) => {
            composed::composed_tiler(c, &vb.to_tiler()?)?
        }
        (Value::Layout(l), Value::Tiler(_) | Value::IntTuple(_) | Value::Underscore) => {
            AnyLayout::Plain(composition_tiler(l, &vb.to_tiler()?)?)
        }
        _ => {
            return Err(Error::parse(format!(
                "composition: unsupported arguments {va} and {vb}"
            )))
        }
    };
    Ok(Output::Layout(r))
}

fn op_composition_tiler(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let t = ev.tiler(args[1])?;
    match ev.any(args[0])? {
        AnyLayout::Plain(l) => Ok(plain(composition_tiler(&l, &t)?)),
        AnyLayout::Composed(c) => Ok(Output::Layout(composed::composed_tiler(&c, &t)?)),
    }
}

fn op_complement(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    if args.len() != 1 && args.len() != 2 {
        return Err(Error::parse("complement: expected 1 or 2 arguments"));
    }
    let a = ev.any(args[0])?;
    let l = inner(&a)?;
    let r = match (args.len(), &a) {
        (1, AnyLayout::Plain(_)) => complement_default(l)?,
        (1, AnyLayout::Composed(_)) => complement(l, &IntTuple::Int(l.cosize()?))?,
        _ => complement(l, &ev.tuple(args[1])?)?,
    };
    Ok(plain(r))
}

fn op_inverse(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    let left = op == "left_inverse";
    match ev.any(args[0])? {
        AnyLayout::Plain(l) => Ok(plain(if left {
            left_inverse(&l)?
        } else {
            right_inverse(&l)?
        })),
        AnyLayout::Composed(c) => Ok(Output::Layout(composed::inverse(&c, left)?)),
    }
}

fn op_divide_or_product(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let t = ev.tiler(args[1])?;
    let f: fn(&Layout, &Tiler) -> R<Layout> = match op {
        "logical_divide" => logical_divide,
        "zipped_divide" => zipped_divide,
        "tiled_divide" => tiled_divide,
        "flat_divide" => flat_divide,
        "logical_product" => logical_product,
        "zipped_product" => zipped_product,
        "tiled_product" => tiled_product,
        _ => flat_product,
    };
    ev.map_any(args[0], |l| f(l, &t))
}

fn op_blocked_or_raked_product(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let t = tiler_as_layout(&ev.tiler(args[1])?, op)?;
    let f: fn(&Layout, &Layout) -> R<Layout> = if op == "blocked_product" {
        blocked_product
    } else {
        raked_product
    };
    ev.map_any(args[0], |l| f(l, &t))
}

fn op_upcast_or_downcast(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let n = ev.template_n(args[0], op)?;
    let up = op == "upcast";
    match ev.any(args[1])? {
        AnyLayout::Plain(l) => Ok(plain(if up {
            cast::upcast(n, &l)?
        } else {
            cast::downcast(n, &l)?
        })),
        AnyLayout::Composed(c) => Ok(Output::Layout(if up {
            composed::upcast(n, &c)?
        } else {
            composed::downcast(n, &c)?
        })),
    }
}

fn op_recast_layout(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    if let Some(types) = op
        .strip_prefix("recast_layout<")
        .and_then(|r| r.strip_suffix('>'))
    {
        need(args, 1, op)?;
        let (from, to) = types
            .split_once(',')
            .ok_or_else(|| Error::parse(format!("{op}: expected <From,To>")))?;
        let bits = |t: &str| {
            gmma::sizeof_bits(t)
                .ok_or_else(|| Error::unsupported(format!("unknown element type {t}")))
        };
        let (fb, tb) = (bits(from)?, bits(to)?);
        return match ev.value(args[0])? {
            Value::Swizzle(sw) => Ok(text(sw.recast(fb, tb)?)),
            Value::Layout(l) => Ok(plain(cast::recast(fb, tb, &l)?)),
            Value::Composed(c) => Ok(Output::Layout(recast_composed(fb, tb, &c)?)),
            other => Err(Error::parse(format!(
                "{op}: expected a swizzle or layout, got {other}"
            ))),
        };
    }
    Err(Error::unsupported(format!("unknown op {op}")))
}

fn recast_composed(fb: i64, tb: i64, c: &ComposedLayout) -> Result<AnyLayout> {
    let (num, den) = tycute_dynamic::swizzle::recast_ratio(fb, tb)?;
    let up = if num != 1 {
        composed::upcast(num, c)?
    } else {
        AnyLayout::Composed(c.clone())
    };
    if den == 1 {
        return Ok(up);
    }
    match up {
        AnyLayout::Composed(c2) => composed::downcast(den, &c2),
        AnyLayout::Plain(l) => Ok(AnyLayout::Plain(cast::downcast(den, &l)?)),
    }
}
