//! The evaluator: how an op's textual arguments become values (strict vector syntax, or the
//! CLI's lenient syntax with whitespace inside values), and the argument checks every op shares.

use crate::error::{Error, Result};
use crate::output::{plain, Output};
use tycute_dynamic::composed::map_inner;
use tycute_dynamic::int::Int;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::layout::Layout;
use tycute_dynamic::parse::{parse_value, parse_value_lenient};
use tycute_dynamic::swizzle::Swizzle;
use tycute_dynamic::value::{AnyLayout, Tiler, Value};

/// Evaluates ops on textual arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluator {
    /// Accept whitespace inside values (the CLI's expression syntax).
    pub lenient: bool,
}

/// An op's implementation: the evaluator, the op's name (with its template arguments), the
/// textual arguments.
pub(crate) type Handler = fn(&Evaluator, &str, &[&str]) -> Result<Output>;

/// Exactly `n` arguments.
pub(crate) fn need(args: &[&str], n: usize, op: &str) -> Result<()> {
    if args.len() != n {
        return Err(Error::parse(format!(
            "{op}: expected {n} argument(s), got {}",
            args.len()
        )));
    }
    Ok(())
}

/// A plain layout, or the inner layout of a composed one.
pub(crate) fn inner(a: &AnyLayout) -> Result<&Layout> {
    match a {
        AnyLayout::Plain(l) => Ok(l),
        AnyLayout::Composed(c) => c.layout_b(),
    }
}

impl Evaluator {
    pub(crate) fn value(&self, s: &str) -> Result<Value> {
        if self.lenient {
            parse_value_lenient(s)
        } else {
            parse_value(s)
        }
    }
    pub(crate) fn any(&self, s: &str) -> Result<AnyLayout> {
        self.value(s)?.to_any_layout()
    }
    pub(crate) fn layout(&self, s: &str) -> Result<Layout> {
        self.value(s)?.to_layout()
    }
    pub(crate) fn tuple(&self, s: &str) -> Result<IntTuple> {
        self.value(s)?.to_int_tuple()
    }
    pub(crate) fn tiler(&self, s: &str) -> Result<Tiler> {
        self.value(s)?.to_tiler()
    }
    pub(crate) fn swizzle(&self, s: &str) -> Result<Swizzle> {
        match self.value(s)? {
            Value::Swizzle(sw) => Ok(sw),
            other => Err(Error::parse(format!(
                "expected a swizzle Sw<B,M,S>, got {other}"
            ))),
        }
    }
    pub(crate) fn int(&self, s: &str) -> Result<Int> {
        self.tuple(s)?
            .as_int()
            .ok_or_else(|| Error::parse(format!("expected an integer, got {s}")))
    }
    /// A template parameter such as the `4` of `upcast<4>` (a plain label).
    pub(crate) fn template_n(&self, s: &str, op: &str) -> Result<i64> {
        let t = s.trim().trim_start_matches('_');
        t.parse::<i64>().map_err(|_| {
            Error::parse(format!(
                "{op}: expected an integer template argument, got {s}"
            ))
        })
    }

    pub(crate) fn plain_only(&self, s: &str, op: &str) -> Result<Layout> {
        match self.any(s)? {
            AnyLayout::Plain(l) => Ok(l),
            AnyLayout::Composed(_) => Err(Error::reject(format!(
                "{op}: not defined for composed layouts"
            ))),
        }
    }

    /// Apply a layout op to a plain layout, or to the inner layout of a composed one.
    pub(crate) fn map_any(
        &self,
        s: &str,
        f: impl FnOnce(&Layout) -> Result<Layout>,
    ) -> Result<Output> {
        match self.any(s)? {
            AnyLayout::Plain(l) => Ok(plain(f(&l)?)),
            AnyLayout::Composed(c) => Ok(Output::Layout(map_inner(&c, f)?)),
        }
    }
}
