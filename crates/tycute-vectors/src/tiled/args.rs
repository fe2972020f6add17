//! The argument forms of the tiled ops (see `tests/vectors/README.md`): values in strict or
//! lenient syntax, `thr=t` keys, a TiledMMA as `atom atom_layout permutation` or one comma label,
//! a TiledCopy as `copy_atom thr val`, `copy_atom <tiledmma>`, `r2s_atom c_atom <tiledmma>` or
//! the label `make_tiled_copy(atom,thr,val)`.

use crate::error::{Error, Result};
use tycute_dynamic::atom::copy::copy_atom;
use tycute_dynamic::atom::mma::mma_atom;
use tycute_dynamic::atom::split_top;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::layout::Layout;
use tycute_dynamic::parse::{parse_value, parse_value_lenient};
use tycute_dynamic::tensor::Tensor;
use tycute_dynamic::tiled_copy::{
    make_tiled_copy, make_tiled_copy_c_atom, make_tiled_copy_mma, make_tiled_copy_sd, TiledCopy,
};
use tycute_dynamic::tiled_mma::{make_tiled_mma, Operand, TiledMma};
use tycute_dynamic::value::{AnyLayout, Tiler, Value};

/// Parser for textual arguments.
#[derive(Clone, Copy)]
pub(crate) struct Args {
    pub lenient: bool,
}

impl Args {
    pub fn value(&self, s: &str) -> Result<Value> {
        if self.lenient {
            parse_value_lenient(s)
        } else {
            parse_value(s)
        }
    }
    pub fn any(&self, s: &str) -> Result<AnyLayout> {
        self.value(s)?.to_any_layout()
    }
    /// A layout, or a shape meaning `make_layout(shape)`.
    pub fn layout_or_shape(&self, s: &str) -> Result<Layout> {
        match self.value(s)? {
            Value::Layout(l) => Ok(l),
            Value::IntTuple(t) => Layout::left(&t),
            other => Err(Error::parse(format!(
                "expected a layout or a shape, got {other}"
            ))),
        }
    }
    pub fn tuple(&self, s: &str) -> Result<IntTuple> {
        self.value(s)?.to_int_tuple()
    }
    pub fn tiler(&self, s: &str) -> Result<Tiler> {
        let s = s.trim();
        // `Tile<_32,_32,_16>`
        if let Some(inner) = s.strip_prefix("Tile<").and_then(|r| r.strip_suffix('>')) {
            return self.tiler(&format!("({inner})"));
        }
        self.value(s)?.to_tiler()
    }
    pub fn tensor(&self, s: &str) -> Result<Tensor> {
        match self.value(s)? {
            Value::Tensor { base, layout } => Ok(Tensor {
                base: base.value,
                layout,
            }),
            v => Ok(Tensor::new(v.to_any_layout()?)),
        }
    }
}

/// `thr=37`, `tid=0`, `lane=3` → the number.
pub(crate) fn keyed(s: &str, keys: &[&str]) -> Option<i64> {
    let (k, v) = s.trim().split_once('=')?;
    if !keys.contains(&k.trim()) {
        return None;
    }
    v.trim().parse().ok()
}

pub(crate) fn thr_arg(args: &[&str]) -> Result<(Vec<String>, Option<i64>)> {
    let mut rest = Vec::new();
    let mut thr = None;
    for a in args {
        if let Some(t) = keyed(a, &["thr", "tid", "thr_idx"]) {
            thr = Some(t);
        } else {
            rest.push(a.to_string());
        }
    }
    Ok((rest, thr))
}

pub(crate) fn need_thr(t: Option<i64>, op: &str) -> Result<i64> {
    t.ok_or_else(|| Error::parse(format!("{op}: needs a thread index thr=t")))
}

pub(crate) fn need_n(args: &[String], n: usize, op: &str) -> Result<()> {
    if args.len() != n {
        return Err(Error::parse(format!(
            "{op}: expected {n} more argument(s), got {}",
            args.len()
        )));
    }
    Ok(())
}
pub(crate) fn looks_like_mma_atom(s: &str) -> bool {
    let s = s.trim();
    s.starts_with("SM70_")
        || s.starts_with("SM75_")
        || s.starts_with("SM80_")
        || s.starts_with("SM90_")
        || s.starts_with("UniversalFMA")
        || s.starts_with("MMA_Atom<")
        || s.starts_with("SM90::GMMA::")
}

/// A TiledMMA from `args[0..]`: either a comma label in `args[0]` (one argument) or
/// `atom layout perm` (three arguments). Returns the TiledMMA and the number of arguments used.
pub(crate) fn parse_mma(p: &Args, args: &[&str]) -> Result<(TiledMma, usize)> {
    let first = args
        .first()
        .ok_or_else(|| Error::parse("expected a TiledMMA (atom, atom layout, permutation)"))?;
    let parts = split_top(first);
    if parts.len() > 1 {
        let atom = mma_atom(&parts[0])?;
        let layout = match parts.get(1) {
            Some(s) => p.layout_or_shape(s)?,
            None => Layout::left(&IntTuple::Tuple(vec![IntTuple::st(1); 3]))?,
        };
        let perm = match parts.get(2) {
            Some(s) => p.tiler(s)?,
            None => Tiler::Underscore,
        };
        return Ok((make_tiled_mma(atom, &layout, &perm)?, 1));
    }
    ensure_parse(args.len() >= 3, "expected atom, atom layout, permutation")?;
    let atom = mma_atom(args[0])?;
    let layout = p.layout_or_shape(args[1])?;
    let perm = p.tiler(args[2])?;
    Ok((make_tiled_mma(atom, &layout, &perm)?, 3))
}

pub(crate) fn ensure_parse(c: bool, msg: &str) -> Result<()> {
    if c {
        Ok(())
    } else {
        Err(Error::parse(msg.to_string()))
    }
}

/// A TiledCopy from its arguments; returns it and the number of arguments used.
pub(crate) fn parse_tiled_copy(p: &Args, kind: &str, args: &[&str]) -> Result<(TiledCopy, usize)> {
    let first = args
        .first()
        .ok_or_else(|| Error::parse(format!("{kind}: missing arguments")))?;
    // label form `make_tiled_copy...(args)`
    if let Some(open) = first.find('(') {
        let name = first[..open].trim();
        if name.starts_with("make_tiled_copy") && first.trim_end().ends_with(')') {
            let inner = &first.trim_end()[open + 1..first.trim_end().len() - 1];
            let parts = split_top(inner);
            let refs: Vec<&str> = parts.iter().map(|s| s.as_str()).collect();
            let (tc, _) = parse_tiled_copy(p, name, &refs)?;
            return Ok((tc, 1));
        }
    }
    match kind {
        "make_tiled_copy" => {
            ensure_parse(
                args.len() >= 2,
                "make_tiled_copy: expected atom, thr [, val]",
            )?;
            let atom = copy_atom(args[0])?;
            let thr = p.layout_or_shape(args[1])?;
            // the value layout defaults to Layout<_1>
            let (val, used) = match args.get(2) {
                Some(v) if !v.contains('=') => (p.layout_or_shape(v)?, 3),
                _ => (Layout::left(&IntTuple::st(1))?, 2),
            };
            Ok((make_tiled_copy(atom, &thr, &val)?, used))
        }
        "make_tiled_copy_A"
        | "make_tiled_copy_B"
        | "make_tiled_copy_C"
        | "make_tiled_copy_C_atom" => {
            let atom = copy_atom(args[0])?;
            let (mma, used) = parse_mma(p, &args[1..])?;
            let tc = match kind {
                "make_tiled_copy_A" => make_tiled_copy_mma(atom, &mma, Operand::A)?,
                "make_tiled_copy_B" => make_tiled_copy_mma(atom, &mma, Operand::B)?,
                "make_tiled_copy_C" => make_tiled_copy_mma(atom, &mma, Operand::C)?,
                _ => make_tiled_copy_c_atom(atom, &mma)?,
            };
            Ok((tc, 1 + used))
        }
        "make_tiled_copy_S" | "make_tiled_copy_D" => {
            ensure_parse(
                args.len() >= 2,
                "make_tiled_copy_S/D: expected two atoms and a TiledMMA",
            )?;
            let atom = copy_atom(args[0])?;
            // the second object: a TiledCopy label or a copy atom over make_tiled_copy_C_atom
            let (inner, used) = if args[1].trim().starts_with("make_tiled_copy") {
                parse_tiled_copy(p, "make_tiled_copy", &args[1..])?
            } else {
                let c_atom = copy_atom(args[1])?;
                let (mma, u) = parse_mma(p, &args[2..])?;
                (make_tiled_copy_c_atom(c_atom, &mma)?, 1 + u)
            };
            Ok((
                make_tiled_copy_sd(atom, &inner, kind.ends_with('S'))?,
                1 + used,
            ))
        }
        _ => Err(Error::unsupported(format!(
            "unknown TiledCopy constructor {kind}"
        ))),
    }
}
