//! The operation index of the test vectors: evaluate `op(args...)` given as text, as the
//! `tycute eval` command and the vector tests do.
//!
//! Every op of `algebra.txt` and `swizzle.txt` is supported (see [`OPS`]); `table:OP` evaluates
//! `OP` and lists the resulting layout at every linear index. Results are printed in CuTe
//! syntax; errors are values whose kind tells REJECT (the algebra refuses) from ERROR (bad
//! input, unknown op).

use crate::coalesce::{coalesce, coalesce_profile, filter, filter_zeros};
use crate::common::{max_common_layout, max_common_vector};
use crate::complement::{complement, complement_default};
use crate::composed::{
    self, compose3, layout_then_composed, layout_then_swizzle, map_inner, swizzle_then_layout,
};
use crate::composition::{composition, composition_tiler};
use crate::construct::{make_layout_like, make_ordered_layout, tile_to_shape, with_shape};
use crate::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::error::{ensure, Error, ErrorKind, Result};
use crate::gmma;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::inverse::{left_inverse, right_inverse};
use crate::layout::{crd2idx, idx2crd, Layout};
use crate::parse::{parse_value, parse_value_lenient};
use crate::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, tiler_as_layout,
    zip, zip2, zipped_product,
};
use crate::swizzle::Swizzle;
use crate::value::{AnyLayout, ComposedLayout, Func, Tiler, Value};
use crate::{cast, Result as R};

/// The ops this evaluator knows (without the `table:` prefix; `layout<I>`, `take<B,E>` and
/// `recast_layout<From,To>` take their parameters in the name).
pub const OPS: &[&str] = &[
    "identity",
    "size",
    "cosize",
    "rank",
    "depth",
    "coalesce",
    "coalesce_profile",
    "filter",
    "filter_zeros",
    "composition",
    "composition_tiler",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "upcast",
    "downcast",
    "max_common_vector",
    "copy_vector",
    "swizzled_vector",
    "tma_swizzle",
    "sm80_smem",
    "sm80_config",
    "sm90_smem",
    "max_common_layout",
    "with_shape",
    "make_layout_like",
    "layout<I>",
    "take<B,E>",
    "zip",
    "zip2",
    "make_ordered_layout",
    "make_layout_left",
    "make_layout_right",
    "idx2crd",
    "crd2idx",
    "swizzle_table",
    "swizzle_apply",
    "swizzle_masks",
    "recast_layout<From,To>",
    "tile_to_shape",
    "gmma_atom",
    "gmma_atom.position_independent",
    "as_position_independent_swizzle_layout",
    "gmma_atom.tile_to_shape",
    "gmma_atom.tile_to_shape.position_independent",
    "shape",
    "stride",
    "flatten",
];

/// Whether `op` (with or without `table:`) is one this evaluator implements.
pub fn is_known_op(op: &str) -> bool {
    let op = op.strip_prefix("table:").unwrap_or(op);
    if crate::ops_tiled::is_tiled_op(op) {
        return true;
    }
    if op.starts_with("layout<") && op.ends_with('>') {
        return true;
    }
    if op.starts_with("recast_layout<") && op.ends_with('>') {
        return true;
    }
    if op.starts_with("take<") && op.ends_with('>') {
        return true;
    }
    OPS.contains(&op)
}

/// Largest index table produced.
pub const TABLE_LIMIT: i64 = 1 << 22;

/// The result of an op: a layout (which has a table) or any other printed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A plain or composed layout.
    Layout(AnyLayout),
    /// Text in CuTe syntax (integers, tuples, swizzles, masks, index lists).
    Text(String),
    /// A tensor over a counting iterator (`counting_iter(N) o L`); its table is `N + L(i)`.
    Tensor(crate::tensor::Tensor),
}

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Output::Layout(l) => write!(f, "{l}"),
            Output::Text(t) => f.write_str(t),
            Output::Tensor(t) => write!(f, "{t}"),
        }
    }
}

fn plain(l: Layout) -> Output {
    Output::Layout(AnyLayout::Plain(l))
}

fn text(x: impl std::fmt::Display) -> Output {
    Output::Text(x.to_string())
}

/// Evaluates ops on textual arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluator {
    /// Accept whitespace inside values (the CLI's expression syntax).
    pub lenient: bool,
}

fn need(args: &[&str], n: usize, op: &str) -> Result<()> {
    if args.len() != n {
        return Err(Error::parse(format!(
            "{op}: expected {n} argument(s), got {}",
            args.len()
        )));
    }
    Ok(())
}

impl Evaluator {
    fn value(&self, s: &str) -> Result<Value> {
        if self.lenient {
            parse_value_lenient(s)
        } else {
            parse_value(s)
        }
    }
    fn any(&self, s: &str) -> Result<AnyLayout> {
        self.value(s)?.to_any_layout()
    }
    fn layout(&self, s: &str) -> Result<Layout> {
        self.value(s)?.to_layout()
    }
    fn tuple(&self, s: &str) -> Result<IntTuple> {
        self.value(s)?.to_int_tuple()
    }
    fn tiler(&self, s: &str) -> Result<Tiler> {
        self.value(s)?.to_tiler()
    }
    fn swizzle(&self, s: &str) -> Result<Swizzle> {
        match self.value(s)? {
            Value::Swizzle(sw) => Ok(sw),
            other => Err(Error::parse(format!(
                "expected a swizzle Sw<B,M,S>, got {other}"
            ))),
        }
    }
    fn int(&self, s: &str) -> Result<Int> {
        self.tuple(s)?
            .as_int()
            .ok_or_else(|| Error::parse(format!("expected an integer, got {s}")))
    }
    /// A template parameter such as the `4` of `upcast<4>` (a plain label).
    fn template_n(&self, s: &str, op: &str) -> Result<i64> {
        let t = s.trim().trim_start_matches('_');
        t.parse::<i64>().map_err(|_| {
            Error::parse(format!(
                "{op}: expected an integer template argument, got {s}"
            ))
        })
    }

    /// Evaluate `op(args)`; `table:OP` gives the index table of OP's layout.
    pub fn eval(&self, op: &str, args: &[&str]) -> Result<Output> {
        if let Some(base) = op.strip_prefix("table:") {
            let out = self.eval(base, args)?;
            return match out {
                Output::Layout(l) => {
                    let t = l.table(TABLE_LIMIT)?;
                    Ok(Output::Text(
                        t.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(" "),
                    ))
                }
                Output::Tensor(t) => Ok(Output::Text(
                    t.table(TABLE_LIMIT)?
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                )),
                Output::Text(t) => Err(Error::unsupported(format!(
                    "table: the result {t} of {base} is not a layout"
                ))),
            };
        }
        self.eval_op(op, args).map_err(|e| {
            if e.kind == ErrorKind::Reject {
                e.context(op)
            } else {
                e
            }
        })
    }

    fn eval_op(&self, op: &str, args: &[&str]) -> Result<Output> {
        if crate::ops_tiled::claims(op, args) {
            if let Some(r) = crate::ops_tiled::eval_tiled(self.lenient, op, args) {
                return r;
            }
        }
        if let Some(i) = op.strip_prefix("layout<").and_then(|r| r.strip_suffix('>')) {
            need(args, 1, op)?;
            let i: usize = i
                .parse()
                .map_err(|_| Error::parse(format!("bad mode index in {op}")))?;
            let x = self.any(args[0])?;
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
        if let Some(range) = op.strip_prefix("take<").and_then(|r| r.strip_suffix('>')) {
            need(args, 1, op)?;
            let (b, e) = range
                .split_once(',')
                .ok_or_else(|| Error::parse(format!("{op}: expected take<B,E>")))?;
            let b = self.template_n(b, op)?;
            let e = self.template_n(e, op)?;
            return Ok(Output::Layout(match self.any(args[0])? {
                AnyLayout::Plain(l) => AnyLayout::Plain(crate::take::take(&l, b, e)?),
                AnyLayout::Composed(c) => map_inner(&c, |l| crate::take::take(l, b, e))?,
            }));
        }
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
            return match self.value(args[0])? {
                Value::Swizzle(sw) => Ok(text(sw.recast(fb, tb)?)),
                Value::Layout(l) => Ok(plain(cast::recast(fb, tb, &l)?)),
                Value::Composed(c) => Ok(Output::Layout(recast_composed(fb, tb, &c)?)),
                other => Err(Error::parse(format!(
                    "{op}: expected a swizzle or layout, got {other}"
                ))),
            };
        }
        match op {
            "identity" => {
                need(args, 1, op)?;
                Ok(Output::Layout(self.any(args[0])?))
            }
            "size" | "cosize" | "rank" | "depth" | "shape" | "stride" => {
                need(args, 1, op)?;
                let a = self.any(args[0])?;
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
            "flatten" => {
                need(args, 1, op)?;
                self.map_any(args[0], |l| Ok(l.flatten()))
            }
            "coalesce" => {
                need(args, 1, op)?;
                self.map_any(args[0], coalesce)
            }
            "coalesce_profile" => {
                need(args, 2, op)?;
                let p = self.tuple(args[1])?;
                self.map_any(args[0], |l| coalesce_profile(l, &p))
            }
            "filter" | "filter_zeros" => {
                need(args, 1, op)?;
                let l = self.plain_only(args[0], op)?;
                Ok(plain(if op == "filter" {
                    filter(&l)?
                } else {
                    filter_zeros(&l)
                }))
            }
            "composition" => {
                need(args, 2, op)?;
                self.composition(args[0], args[1])
            }
            "composition_tiler" => {
                need(args, 2, op)?;
                let t = self.tiler(args[1])?;
                match self.any(args[0])? {
                    AnyLayout::Plain(l) => Ok(plain(composition_tiler(&l, &t)?)),
                    AnyLayout::Composed(c) => Ok(Output::Layout(composed::composed_tiler(&c, &t)?)),
                }
            }
            "complement" => {
                if args.len() != 1 && args.len() != 2 {
                    return Err(Error::parse("complement: expected 1 or 2 arguments"));
                }
                let a = self.any(args[0])?;
                let l = inner(&a)?;
                let r = match (args.len(), &a) {
                    (1, AnyLayout::Plain(_)) => complement_default(l)?,
                    (1, AnyLayout::Composed(_)) => complement(l, &IntTuple::Int(l.cosize()?))?,
                    _ => complement(l, &self.tuple(args[1])?)?,
                };
                Ok(plain(r))
            }
            "right_inverse" | "left_inverse" => {
                need(args, 1, op)?;
                let left = op == "left_inverse";
                match self.any(args[0])? {
                    AnyLayout::Plain(l) => Ok(plain(if left {
                        left_inverse(&l)?
                    } else {
                        right_inverse(&l)?
                    })),
                    AnyLayout::Composed(c) => Ok(Output::Layout(composed::inverse(&c, left)?)),
                }
            }
            "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide"
            | "logical_product" | "zipped_product" | "tiled_product" | "flat_product" => {
                need(args, 2, op)?;
                let t = self.tiler(args[1])?;
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
                self.map_any(args[0], |l| f(l, &t))
            }
            "blocked_product" | "raked_product" => {
                need(args, 2, op)?;
                let t = tiler_as_layout(&self.tiler(args[1])?, op)?;
                let f: fn(&Layout, &Layout) -> R<Layout> = if op == "blocked_product" {
                    blocked_product
                } else {
                    raked_product
                };
                self.map_any(args[0], |l| f(l, &t))
            }
            "upcast" | "downcast" => {
                need(args, 2, op)?;
                let n = self.template_n(args[0], op)?;
                let up = op == "upcast";
                match self.any(args[1])? {
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
            "copy_vector" => self.copy_vector(args),
            "swizzled_vector" => self.swizzled_vector(args),
            "tma_swizzle" => self.tma_swizzle(args),
            "sm80_smem" => sm80_smem(args),
            "sm80_config" => self.sm80_config(args),
            "sm90_smem" => sm90_smem(args),
            "max_common_vector" | "max_common_layout" => {
                need(args, 2, op)?;
                self.max_common(op == "max_common_vector", args[0], args[1])
            }
            "with_shape" => {
                need(args, 2, op)?;
                let s = self.tuple(args[1])?;
                self.map_any(args[0], |l| with_shape(l, &s))
            }
            "make_layout_like" => {
                need(args, 1, op)?;
                Ok(plain(make_layout_like(&self.plain_only(args[0], op)?)?))
            }
            "zip" => {
                need(args, 1, op)?;
                self.map_any(args[0], zip)
            }
            "zip2" => {
                need(args, 2, op)?;
                Ok(plain(zip2(&self.layout(args[0])?, &self.layout(args[1])?)?))
            }
            "make_ordered_layout" => {
                need(args, 2, op)?;
                Ok(plain(make_ordered_layout(
                    &self.tuple(args[0])?,
                    &self.tuple(args[1])?,
                )?))
            }
            "make_layout_left" | "make_layout_right" => {
                need(args, 1, op)?;
                let s = self.tuple(args[0])?;
                Ok(plain(if op == "make_layout_left" {
                    Layout::left(&s)?
                } else {
                    Layout::right(&s)?
                }))
            }
            "idx2crd" => {
                need(args, 2, op)?;
                Ok(text(idx2crd(&self.tuple(args[0])?, &self.tuple(args[1])?)?))
            }
            "crd2idx" => {
                need(args, 3, op)?;
                let (c, s, d) = (
                    self.tuple(args[0])?,
                    self.tuple(args[1])?,
                    self.tuple(args[2])?,
                );
                crate::error::ensure!(
                    s.congruent(&d),
                    "crd2idx: Mismatched Ranks: shape {s} and stride {d}"
                );
                Ok(text(crd2idx(&c, &s, &d)?))
            }
            "swizzle_table" => {
                need(args, 2, op)?;
                let sw = self.swizzle(args[0])?;
                let n = self.int(args[1])?.value;
                crate::error::ensure!(
                    (0..=TABLE_LIMIT).contains(&n),
                    "swizzle_table: bad count {n}"
                );
                Ok(Output::Text(
                    (0..n)
                        .map(|i| sw.apply_i64(i).to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                ))
            }
            "swizzle_apply" => {
                need(args, 2, op)?;
                let sw = self.swizzle(args[0])?;
                let x = self.int(args[1])?;
                ensure!(
                    !(x.is_static && x.value < 0),
                    "swizzle_apply: the static offset must be non-negative: {x}"
                );
                Ok(text(sw.apply(x)))
            }
            "swizzle_masks" => {
                need(args, 1, op)?;
                Ok(Output::Text(self.swizzle(args[0])?.masks_text()))
            }
            "tile_to_shape" => self.tile_to_shape(args),
            "gmma_atom" => {
                need(args, 1, op)?;
                Ok(Output::Layout(gmma::atom(args[0])?))
            }
            "as_position_independent_swizzle_layout" => {
                need(args, 1, op)?;
                Ok(Output::Layout(position_independent(self.any(args[0])?)?))
            }
            "gmma_atom.position_independent" => {
                need(args, 1, op)?;
                Ok(Output::Layout(position_independent(gmma::atom(args[0])?)?))
            }
            "gmma_atom.tile_to_shape" | "gmma_atom.tile_to_shape.position_independent" => {
                if args.len() != 2 && args.len() != 3 {
                    return Err(Error::parse(format!(
                        "{op}: expected name, shape [, order]"
                    )));
                }
                let atom = gmma::atom(args[0])?;
                let shape = self.tuple(args[1])?;
                let order = if args.len() == 3 {
                    Some(self.tuple(args[2])?)
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
            _ => match crate::ops_tiled::eval_tiled(self.lenient, op, args) {
                Some(r) => r,
                None => Err(Error::unsupported(format!("unknown op {op}"))),
            },
        }
    }

    fn plain_only(&self, s: &str, op: &str) -> Result<Layout> {
        match self.any(s)? {
            AnyLayout::Plain(l) => Ok(l),
            AnyLayout::Composed(_) => Err(Error::reject(format!(
                "{op}: not defined for composed layouts"
            ))),
        }
    }

    /// Apply a layout op to a plain layout, or to the inner layout of a composed one.
    fn map_any(&self, s: &str, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<Output> {
        match self.any(s)? {
            AnyLayout::Plain(l) => Ok(plain(f(&l)?)),
            AnyLayout::Composed(c) => Ok(Output::Layout(map_inner(&c, f)?)),
        }
    }

    fn composition(&self, a: &str, b: &str) -> Result<Output> {
        let (va, vb) = (self.value(a)?, self.value(b)?);
        let r = match (&va, &vb) {
            (Value::Swizzle(sw), Value::Layout(l)) => swizzle_then_layout(*sw, l),
            (Value::Layout(l), Value::Layout(r)) => AnyLayout::Plain(composition(l, r)?),
            (Value::Layout(l), Value::Swizzle(sw)) => layout_then_swizzle(l, *sw)?,
            (Value::Layout(l), Value::BasisLayout(b)) => {
                AnyLayout::Plain(crate::basis::composition_basis(l, b)?)
            }
            (Value::Layout(l), Value::Composed(c)) => layout_then_composed(l, c)?,
            (Value::Composed(c), Value::Layout(r)) => map_inner(c, |inner| composition(inner, r))?,
            (Value::Composed(c), Value::Composed(r)) => {
                let b = c.layout_b()?;
                match layout_then_composed(b, r)? {
                    AnyLayout::Plain(x) => compose3(c.a.clone(), c.offset.clone(), Func::Layout(x)),
                    AnyLayout::Composed(_) => {
                        // the type level's `NotNestedComposed`, in its words
                        return Err(Error::reject(NESTED_COMPOSED))
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

    /// `max_common_vector` of two layouts, either of them swizzled.
    pub fn max_common_vector_any(a: &AnyLayout, b: &AnyLayout) -> Result<Int> {
        Ok(match (a, b) {
            (AnyLayout::Plain(x), AnyLayout::Plain(y)) => max_common_vector(x, y)?,
            (AnyLayout::Composed(c), AnyLayout::Plain(y)) | (AnyLayout::Plain(y), AnyLayout::Composed(c)) => {
                max_common_vector(c.layout_b()?, y)?.min(Int::st(composed::swizzle_base(c)?))
            }
            (AnyLayout::Composed(c0), AnyLayout::Composed(c1)) => {
                let v = max_common_vector(c0.layout_b()?, c1.layout_b()?)?;
                if c0.a == c1.a {
                    v
                } else {
                    v.min(Int::st(composed::swizzle_base(c0)?)).min(Int::st(composed::swizzle_base(c1)?))
                }
            }
        })
    }

    /// `copy_vector(Copy_Atom<Op,T>, src, dst)`: the atom's values per thread, once
    /// `max_common_vector(src, dst)` is a multiple of them (the type level's `CopyVector`).
    fn copy_vector(&self, args: &[&str]) -> Result<Output> {
        need(args, 3, "copy_vector")?;
        let atom = crate::atom::copy::copy_atom(args[0])?;
        let n = atom.num_val_src()?;
        let v = Self::max_common_vector_any(&self.any(args[1])?, &self.any(args[2])?)?;
        ensure!(
            v.is_static && n.is_static && n.value > 0 && v.value % n.value == 0,
            "copy: the source and destination layouts do not vectorize for this copy atom: max_common_vector(src, dst) must be a multiple of the atom's values per thread (its bits / sizeof_bits<T>, e.g. 8 halves for a 16-byte cp.async): max_common_vector is {v}, the atom moves {n}"
        );
        Ok(text(n))
    }

    /// `swizzled_vector(Sw<B,M,S> or Sw o off o L, T)`: the 16-byte vector in elements of `T`,
    /// once the swizzle keeps such vectors whole (the type level's `SwizzledVector`).
    fn swizzled_vector(&self, args: &[&str]) -> Result<Output> {
        need(args, 2, "swizzled_vector")?;
        let bits = gmma::sizeof_bits(args[1].trim())
            .ok_or_else(|| Error::unsupported(format!("unknown element type {}", args[1])))?;
        let m = match self.value(args[0])? {
            Value::Swizzle(sw) => sw.m,
            Value::Composed(c) => match c.a {
                Func::Swizzle(sw) => sw.m,
                _ => return Err(Error::parse("swizzled_vector: expected a swizzle or a swizzled layout")),
            },
            _ => return Err(Error::parse("swizzled_vector: expected a swizzle or a swizzled layout")),
        };
        ensure!(
            m >= 0 && m < 40 && ((1i64 << m) * bits) % 128 == 0,
            "swizzle: Sw<B,M,S> splits 16-byte vectors of this element type: its unit of 2^M elements must be a multiple of 16 bytes ((1 << M) * sizeof_bits<T> % 128 == 0, i.e. M >= log2(16 / sizeof(T))): M = {m}, sizeof_bits<{}> = {bits}",
            args[1].trim()
        );
        Ok(text(Int::st(128 / bits)))
    }

    /// `tma_swizzle(L, MODE)`: the `CUtensorMapSwizzle` of `MODE` (`NONE`, `32B`, `64B`, `128B`)
    /// when the smem layout `L` (`Sw<B,M,S> o smem_ptr[..] o L'` or an unswizzled layout) is
    /// swizzled the way TMA writes in that mode, `Sw<mode,4,3>` on byte addresses (the type
    /// level's `TmaSwizzleMatchesA/B/D` of `Sm90Checked`).
    fn tma_swizzle(&self, args: &[&str]) -> Result<Output> {
        need(args, 2, "tma_swizzle")?;
        let mode_text = args[1].trim().trim_start_matches("CU_TENSOR_MAP_SWIZZLE_");
        let mode: i64 = match mode_text {
            "NONE" | "0" => 0,
            "32B" | "1" => 1,
            "64B" | "2" => 2,
            "128B" | "3" => 3,
            _ => return Err(Error::parse(format!("tma_swizzle: expected a mode NONE, 32B, 64B or 128B, got {}", args[1].trim()))),
        };
        let (b, m, sh) = match self.value(args[0])? {
            Value::Layout(_) => (0i32, 4i32, 3i32),
            Value::Composed(c) => match c.a {
                Func::Swizzle(sw) => (sw.b, sw.m, sw.s),
                _ => return Err(Error::parse("tma_swizzle: expected a shared-memory layout")),
            },
            _ => return Err(Error::parse("tma_swizzle: expected a shared-memory layout")),
        };
        ensure!(
            i64::from(b) == mode && m == 4 && sh == 3,
            "kernel configuration: the smem layout is not swizzled the way its TMA mode writes it (Sw<B,M,S> of the layout must be Sw<mode,4,3>): Sw<{b},{m},{sh}>, the mode needs Sw<{mode},4,3>"
        );
        Ok(text(Int::st(mode)))
    }

    /// `sm80_config((bM,bN,bK), stages, TILE_MNK(mma), size(mma), (copyA,copyB,s2rA,s2rB,r2s,s2g))`:
    /// the runtime twin of `Sm80Checked`'s integer rules, in its order and words: the CTA tile a
    /// whole number of TiledMMA tiles, every copy on the TiledMMA's threads (their sizes), then
    /// [`sm80_smem`]. Returns the shared-memory bytes of A and B.
    fn sm80_config(&self, args: &[&str]) -> Result<Output> {
        need(args, 5, "sm80_config")?;
        let three = |s: &str, what: &str| -> Result<Vec<i64>> {
            let v: Vec<i64> = self.tuple(s)?.leaves().iter().map(|i| i.value).collect();
            ensure!(v.len() == 3, "sm80_config: {what} must be (M,N,K), got {s}");
            Ok(v)
        };
        let (cta, tile) = (three(args[0], "the CTA tile")?, three(args[2], "the TiledMMA tile")?);
        let mma_threads = self.int(args[3])?.value;
        let copies: Vec<i64> = self.tuple(args[4])?.leaves().iter().map(|i| i.value).collect();
        ensure!(copies.len() == 6, "sm80_config: expected the sizes of (copyA,copyB,s2rA,s2rB,r2s,s2g), got {}", args[4]);
        for (i, axis) in ["M", "N", "K"].iter().enumerate() {
            ensure!(
                tile[i] > 0 && cta[i] % tile[i] == 0,
                "kernel configuration: b{axis} is not a multiple of the TiledMMA's tile along {axis} (b{axis} % tile_size<{i}>(mma) != 0): {} % {}",
                cta[i],
                tile[i]
            );
        }
        let names = ["the G2S copy of A", "the G2S copy of B", "the S2R copy of A", "the S2R copy of B", "the epilogue's R2S copy", "the epilogue's S2G copy"];
        let short = ["copyA", "copyB", "s2r_copy_a", "s2r_copy_b", "r2s", "s2g"];
        for k in 0..6 {
            ensure!(
                copies[k] == mma_threads,
                "kernel configuration: {} and the TiledMMA have different thread counts (size({}) != size(mma)): {} vs {mma_threads}",
                names[k],
                short[k],
                copies[k]
            );
        }
        let ints: Vec<String> = vec![cta[0].to_string(), cta[1].to_string(), cta[2].to_string(), args[1].trim().to_string()];
        let refs: Vec<&str> = ints.iter().map(String::as_str).collect();
        sm80_smem(&refs)
    }

    fn max_common(&self, vector: bool, a: &str, b: &str) -> Result<Output> {
        let (a, b) = (self.any(a)?, self.any(b)?);
        match (&a, &b) {
            (AnyLayout::Plain(x), AnyLayout::Plain(y)) => {
                if vector {
                    Ok(text(max_common_vector(x, y)?))
                } else {
                    Ok(plain(max_common_layout(x, y)?))
                }
            }
            (AnyLayout::Composed(c), AnyLayout::Plain(y))
            | (AnyLayout::Plain(y), AnyLayout::Composed(c)) => {
                let base = Int::st(composed::swizzle_base(c)?);
                let x = c.layout_b()?;
                if vector {
                    Ok(text(max_common_vector(x, y)?.min(base)))
                } else {
                    let common = max_common_layout(x, y)?;
                    if base.value < common.size()?.value && common.size()?.is_static {
                        Ok(plain(composition_tiler(&common, &Tiler::Int(base))?))
                    } else {
                        Ok(plain(common))
                    }
                }
            }
            (AnyLayout::Composed(c0), AnyLayout::Composed(c1)) => {
                if !vector {
                    return Err(Error::unsupported(
                        "max_common_layout of two composed layouts",
                    ));
                }
                let v = max_common_vector(c0.layout_b()?, c1.layout_b()?)?;
                if c0.a == c1.a {
                    Ok(text(v))
                } else {
                    let b0 = Int::st(composed::swizzle_base(c0)?);
                    let b1 = Int::st(composed::swizzle_base(c1)?);
                    Ok(text(v.min(b0).min(b1)))
                }
            }
        }
    }

    fn tile_to_shape(&self, args: &[&str]) -> Result<Output> {
        // `tile_to_shape [label] atom shape [order]`: the label is present when the first
        // argument is not a layout.
        let args: Vec<&str> = if args.first().is_some_and(|a| self.any(a).is_err()) {
            args[1..].to_vec()
        } else {
            args.to_vec()
        };
        if args.len() != 2 && args.len() != 3 {
            return Err(Error::parse(
                "tile_to_shape: expected [label] atom shape [order]",
            ));
        }
        let atom = self.any(args[0])?;
        let shape = self.tuple(args[1])?;
        let order = if args.len() == 3 {
            Some(self.tuple(args[2])?)
        } else {
            None
        };
        Ok(Output::Layout(tile_any(&atom, &shape, order.as_ref())?))
    }
}

fn inner(a: &AnyLayout) -> Result<&Layout> {
    match a {
        AnyLayout::Plain(l) => Ok(l),
        AnyLayout::Composed(c) => c.layout_b(),
    }
}

fn tile_any(atom: &AnyLayout, shape: &IntTuple, order: Option<&IntTuple>) -> Result<AnyLayout> {
    match atom {
        AnyLayout::Plain(l) => Ok(AnyLayout::Plain(tile_to_shape(l, shape, order)?)),
        AnyLayout::Composed(c) => map_inner(c, |b| tile_to_shape(b, shape, order)),
    }
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

fn recast_composed(fb: i64, tb: i64, c: &ComposedLayout) -> Result<AnyLayout> {
    let (num, den) = crate::swizzle::recast_ratio(fb, tb)?;
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

/// Integer arguments `_n` or `n`.
fn ints(args: &[&str], n: usize, op: &str) -> Result<Vec<i64>> {
    need(args, n, op)?;
    args.iter()
        .map(|a| a.trim().trim_start_matches('_').parse::<i64>().map_err(|_| Error::parse(format!("{op}: expected an integer, got {a}"))))
        .collect()
}

/// `sm80_smem(bM, bN, bK, stages)`: the bytes of the A and B stages (half precision) when an
/// sm80 kernel configuration may have them: the runtime twin of `Sm80Checked`'s
/// `StagesAtLeast2`, `SmemFitsSm80` and `EpilogueFitsStages`, with their words.
fn sm80_smem(args: &[&str]) -> Result<Output> {
    let v = ints(args, 4, "sm80_smem")?;
    let (bm, bn, bk, stages) = (v[0], v[1], v[2], v[3]);
    ensure!(stages >= 2, "kernel configuration: the cp.async pipeline needs at least 2 stages");
    let bytes = 2 * (bm + bn) * bk * stages;
    ensure!(
        bytes <= 166_912,
        "kernel configuration: A and B need more shared memory than an sm_80 CTA may use (2*(bM+bN)*bK*stages bytes > 163 KiB = 166912): {bytes}"
    );
    ensure!(
        4 * bm * bn <= bytes,
        "kernel configuration: the epilogue's fp32 C tile (4*bM*bN bytes) does not fit in the stage memory it reuses (2*(bM+bN)*bK*stages bytes): {} > {bytes}",
        4 * bm * bn
    );
    Ok(text(Int::st(bytes)))
}

/// `sm90_smem(bM, bN, bK, stages, EPI_M, EPI_N, stages_cd)`: the bytes of the A and B stages and
/// the C and D epilogue buffers (half precision) when an sm90 configuration may have them: the
/// runtime twin of `Sm90Checked`'s `Sm90StagesAtLeast2` and `SmemFitsSm90`.
fn sm90_smem(args: &[&str]) -> Result<Output> {
    let v = ints(args, 7, "sm90_smem")?;
    let (bm, bn, bk, stages, em, en, scd) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    ensure!(stages >= 2, "kernel configuration: the TMA pipeline needs at least 2 stages: stages = {stages}");
    let bytes = 2 * (bm + bn) * bk * stages + 2 * 2 * em * en * scd;
    ensure!(
        bytes <= 232_448,
        "kernel configuration: the stages of A and B and the epilogue's C and D buffers need more shared memory than an sm_90 CTA may use (> 227 KiB = 232448 bytes): {bytes}"
    );
    Ok(text(Int::st(bytes)))
}

/// The rule that rejects a composition whose result would nest composed layouts
/// (`Sw o _0 o Sw o _0 o L`), in the words of the type level's `NotNestedComposed`.
pub const NESTED_COMPOSED: &str =
    "composition: the result would nest composed layouts (Sw o _0 o Sw o _0 o L), which tycute does not represent";

/// The text after `=>` for one case: the result, `REJECT<TAB>reason` or `ERROR<TAB>reason`.
pub fn result_field(ev: &Evaluator, op: &str, args: &[&str]) -> String {
    match ev.eval(op, args) {
        Ok(out) => out.to_string(),
        Err(e) => {
            let msg = e.message.replace(['\t', '\n', '\r'], " ");
            match e.kind {
                ErrorKind::Reject => format!("REJECT\t{msg}"),
                _ => format!("ERROR\t{msg}"),
            }
        }
    }
}

/// Evaluate one vector-format line (`category<TAB>op<TAB>args...[<TAB>=>...]`) into the output
/// line `category<TAB>op<TAB>args...<TAB>=><TAB>RESULT`. Returns `None` for an empty line.
pub fn eval_line(ev: &Evaluator, line: &str) -> Option<String> {
    let line = line.trim_end_matches(['\n', '\r']);
    if line.trim().is_empty() {
        return None;
    }
    let fields: Vec<&str> = line.split('\t').collect();
    let end = fields
        .iter()
        .position(|f| *f == "=>")
        .unwrap_or(fields.len());
    let inputs = &fields[..end];
    let result = if inputs.len() < 2 {
        "ERROR\texpected category<TAB>op<TAB>args...".to_string()
    } else {
        result_field(ev, inputs[1], &inputs[2..])
    };
    Some(format!("{}\t=>\t{}", inputs.join("\t"), result))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(op: &str, args: &[&str]) -> String {
        result_field(&Evaluator::default(), op, args)
    }

    /// The layout algebra's rules state the numbers the type level's messages state
    /// (ui-tests/fail/*.stderr), in the same first words.
    #[test]
    fn layout_rule_numbers() {
        let rej = |op: &str, args: &[&str], words: &str| {
            let r = ev(op, args);
            assert!(r.starts_with("REJECT\t") && r.contains(words), "{op} {args:?}: {r}");
        };
        rej("layout<2>", &["(_8,_2):(_1,_8)"], "layout<I>: Index out of range (I must be less than rank(layout)): layout<_2> of a rank-_2 layout");
        rej("composition_tiler", &["_8:_1", "(_2,_2)"], "composition: the tiler has more modes than the layout (rank(tiler) = _2, rank(A) = _1)");
        rej("complement", &["(_4,_2):(_1,_2)"], "the mode _2:_2 overlaps the modes below it, which reach _4");
        rej("left_inverse", &["(_4,_3):(_3,_2)"], "Left inverse divisibility condition (a stride of A must be a multiple of the size of the modes with smaller strides): stride _3, size _2");
        rej("upcast", &["4", "(_4,_4):(_1,_6)"], "upcast: Divisibility condition (a static stride d of the layout has d % N != 0 and N % d != 0): stride _6, N = _4");
        rej("downcast", &["2", "(_4,_4):(_4,_16)"], "downcast: Downcast requires adjacent elements (the stride has no static _1 leaf): downcast<_2> of a layout with stride (_4,_16)");
        rej("upcast", &["4", "Sw<3,3,3> o _6 o (_8,_8):(_8,_1)"], "upcast of a composed layout: the static offset must be divisible by N: offset _6, N = _4");
        rej("swizzle_apply", &["Sw<2,3,3>", "_-8"], "swizzle_apply: the static offset must be non-negative: _-8");
        rej("zipped_divide", &["(_8,_4):(_1,_8)", "(_,_2)"], "Index out of range (`_` in the tiler over a plain-integer mode of A): mode _0 of the divided layout, _8, has no (tile, rest) pair");
        rej("crd2idx", &["((_1,_1),_2)", "(_4,_8)", "(_1,_4)"], "crd2idx: Mismatched Ranks (the coordinate is not weakly congruent to the shape, or holds an empty tuple): the coordinate ((_1,_1),_2) (rank _2) and the shape (_4,_8) (rank _2)");
        rej("make_ordered_layout", &["(_4,_8,_3)", "(_2,_0)"], "make_ordered_layout: Need equal rank of shape and order (the order must be weakly congruent to the shape): the shape (_4,_8,_3) (rank _3), the order (_2,_0) (rank _2)");
        rej("tile_to_shape", &["(_8,_8):(_1,_8)", "(_12,_16)"], "tile_to_shape: block shape does not divide the target shape. ((_8,_8) vs (_12,_16))");
        rej("coalesce_profile", &["(_2,_4):(_1,_2)", "(_1,_1,_1)"], "coalesce: the profile has more modes than the layout (rank(P) > rank(A): rank(P) = _3, rank(A) = _2");
    }

    /// `copy_vector` and `swizzled_vector` (ui-tests/fail/copy_vectorize.rs,
    /// swizzle_splits_vectors.rs): `REJECT` in the type level's words, the neighbours accepted.
    #[test]
    fn vector_rules() {
        let a = "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>";
        assert_eq!(ev("copy_vector", &[a, "(_128,_64):(_64,_1)", "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)"]), "_8");
        let r = ev("copy_vector", &[a, "(_128,_64):(_64,_1)", "(_128,_64):(_1,_128)"]);
        assert!(r.starts_with("REJECT\t") && r.contains("copy: the source and destination layouts do not vectorize for this copy atom"), "{r}");
        assert_eq!(ev("swizzled_vector", &["Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "half_t"]), "_8");
        assert_eq!(ev("swizzled_vector", &["Sw<3,2,3>", "float"]), "_4");
        let r = ev("swizzled_vector", &["Sw<3,2,3> o _0 o (_8,_64):(_64,_1)", "half_t"]);
        assert!(r.starts_with("REJECT\t") && r.contains("swizzle: Sw<B,M,S> splits 16-byte vectors of this element type"), "{r}");
        // max_common_vector with the same swizzle on both sides: the inner run
        assert_eq!(
            ev("max_common_vector", &["Sw<3,3,3> o _0 o (_128,_64):(_64,_1)", "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)"]),
            "_8192"
        );
    }

    /// The kernel-configuration rules that are values (ui-tests/fail/kernel_config_tma_swizzle.rs,
    /// kernel_config_smem_limit.rs): `REJECT` in the type level's words, the neighbours accepted.
    #[test]
    fn kernel_config_rules() {
        let sw128 = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))";
        assert_eq!(ev("tma_swizzle", &[sw128, "128B"]), "_3");
        let r = ev("tma_swizzle", &[sw128, "CU_TENSOR_MAP_SWIZZLE_64B"]);
        assert!(r.starts_with("REJECT\t") && r.contains("the smem layout is not swizzled the way its TMA mode writes it") && r.contains("Sw<3,4,3>, the mode needs Sw<2,4,3>"), "{r}");
        assert_eq!(ev("tma_swizzle", &["(_64,_64):(_64,_1)", "NONE"]), "_0");
        assert!(ev("tma_swizzle", &[sw128, "96B"]).starts_with("ERROR\t"));
        assert_eq!(ev("sm80_smem", &["_128", "_256", "_64", "_3"]), "_147456");
        let r = ev("sm80_smem", &["_128", "_256", "_64", "_4"]);
        assert!(r.starts_with("REJECT\t") && r.contains("A and B need more shared memory than an sm_80 CTA may use"), "{r}");
        assert!(ev("sm80_smem", &["_128", "_128", "_64", "_1"]).contains("needs at least 2 stages"));
        assert_eq!(ev("sm90_smem", &["_128", "_128", "_64", "_4", "_64", "_32", "_2"]), "_147456");
        // sm80_tn_128x256 and its neighbours of ui-tests/fail/kernel_config_*.rs
        let threads = "(_256,_256,_256,_256,_256,_256)";
        assert_eq!(ev("sm80_config", &["(_128,_256,_64)", "_3", "(_32,_64,_16)", "_256", threads]), "_147456");
        let r = ev("sm80_config", &["(_96,_256,_64)", "_3", "(_64,_64,_16)", "_256", threads]);
        assert!(r.contains("bM is not a multiple of the TiledMMA's tile along M (bM % tile_size<0>(mma) != 0): 96 % 64"), "{r}");
        let r = ev("sm80_config", &["(_128,_256,_64)", "_3", "(_32,_64,_16)", "_256", "(_128,_256,_256,_256,_256,_256)"]);
        assert!(r.contains("the G2S copy of A and the TiledMMA have different thread counts (size(copyA) != size(mma)): 128 vs 256"), "{r}");
        assert!(ev("sm80_config", &["(_128,_256,_64)", "_4", "(_32,_64,_16)", "_256", threads]).contains("163 KiB"));
        assert!(ev("sm90_smem", &["_128", "_256", "_64", "_5", "_64", "_32", "_2"]).contains("more shared memory than an sm_90 CTA may use"));
    }

    #[test]
    fn lines() {
        let e = Evaluator::default();
        assert_eq!(
            eval_line(&e, "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\tignored").unwrap(),
            "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1"
        );
        assert_eq!(
            eval_line(&e, "algebra\ttable:coalesce\t(_2,_4):(_1,_2)").unwrap(),
            "algebra\ttable:coalesce\t(_2,_4):(_1,_2)\t=>\t0 1 2 3 4 5 6 7"
        );
        assert!(eval_line(&e, "x\tnope\t1")
            .unwrap()
            .ends_with("=>\tERROR\tunknown op nope"));
        assert!(eval_line(&e, "x\tcoalesce\t(_2,")
            .unwrap()
            .contains("=>\tERROR\t"));
        assert!(eval_line(&e, "   ").is_none());
        assert!(eval_line(&e, "lonely").unwrap().contains("ERROR"));
    }

    #[test]
    fn ops() {
        assert_eq!(ev("size", &["(_4,6):(6,_1)"]), "24");
        assert_eq!(ev("rank", &["(_4,6):(6,_1)"]), "_2");
        assert_eq!(ev("swizzle_apply", &["Sw<2,3,3>", "_100"]), "_108");
        assert_eq!(
            ev("swizzle_masks", &["Sw<1,5,2>"]),
            "yyy=128 zzz=32 shift=2 code=160"
        );
        assert_eq!(
            ev("recast_layout<uint8_t,half_t>", &["Sw<3,4,3>"]),
            "Sw<3,3,3>"
        );
        assert_eq!(ev("layout<1>", &["(_4,_16,_2):(_1,_12,_192)"]), "_16:_12");
        assert!(ev("layout<1>", &["_4:_1"]).starts_with("REJECT"));
        assert!(ev("complement", &["(_4,_2):(_1,_2)"]).starts_with("REJECT"));
        assert_eq!(
            ev("composition", &["Sw<3,3,3>", "(_8,_64):(_64,_1)"]),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
        );
        assert_eq!(
            ev(
                "tile_to_shape",
                &[
                    "Sw333_K64",
                    "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
                    "(_64,_128)",
                    "(_2,_1)"
                ]
            ),
            "Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_1024),(_1,_512))"
        );
    }

    use proptest::prelude::*;

    fn arg() -> impl Strategy<Value = String> {
        prop_oneof![
            crate::testing::static_layout(3).prop_map(|l| l.to_string()),
            Just("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".to_string()),
            Just("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".to_string()),
            Just("Sw<2,0,-2>".to_string()),
            Just("(_,_2)".to_string()),
            Just("(_4:_2,_)".to_string()),
            Just("(_4,4)".to_string()),
            Just("(4,_0):(_0,0)".to_string()),
            Just("_0:_0".to_string()),
            Just("(_9223372036854775807,_2):(_2,_9223372036854775807)".to_string()),
            Just("_-3:_-5".to_string()),
            Just("(_4,_4):(_1@1,_1@0)".to_string()),
            Just("Layout_K_SW128_Atom<half_t>".to_string()),
            Just("()".to_string()),
            Just("3".to_string()),
            Just("_0".to_string()),
            Just("-1".to_string()),
            "[-_()0-9,:@]{0,12}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: crate::testing::fuzz_cases(3000), ..ProptestConfig::default() })]
        /// Any op on any arguments returns a value or an error; it never panics.
        #[test]
        fn never_panics(op in proptest::sample::select(OPS.to_vec()), table in any::<bool>(), args in proptest::collection::vec(arg(), 0..4)) {
            let op = op.replace("layout<I>", "layout<1>").replace("take<B,E>", "take<0,1>").replace("recast_layout<From,To>", "recast_layout<uint8_t,half_t>");
            let op = if table { format!("table:{op}") } else { op };
            let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            let _ = result_field(&Evaluator::default(), &op, &refs);
        }
    }
}
