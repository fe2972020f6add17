//! Ops on swizzles and vectorization: `swizzle_table`/`_apply`/`_masks`, `max_common_vector`
//! and `max_common_layout` (either side swizzled), `copy_vector`, `swizzled_vector`,
//! `tma_swizzle`.

use crate::error::{ensure, Error, Result};
use crate::evaluator::{need, Evaluator, Handler};
use crate::output::TABLE_LIMIT;
use crate::output::{plain, text, Output};
use tycute_dynamic::common::{max_common_layout, max_common_vector};
use tycute_dynamic::composed;
use tycute_dynamic::composition::composition_tiler;
use tycute_dynamic::gmma;
use tycute_dynamic::int::Int;
use tycute_dynamic::value::{AnyLayout, Func, Tiler, Value};

/// The ops of this file by name.
pub(crate) const HANDLERS: &[(&str, Handler)] = &[
    ("swizzle_table", op_swizzle_table),
    ("swizzle_apply", op_swizzle_apply),
    ("swizzle_masks", op_swizzle_masks),
    ("max_common_vector", op_max_common),
    ("max_common_layout", op_max_common),
    ("copy_vector", op_copy_vector),
    ("swizzled_vector", op_swizzled_vector),
    ("tma_swizzle", op_tma_swizzle),
];

fn op_swizzle_table(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let sw = ev.swizzle(args[0])?;
    let n = ev.int(args[1])?.value;
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

fn op_swizzle_apply(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    let sw = ev.swizzle(args[0])?;
    let x = ev.int(args[1])?;
    ensure!(
        !(x.is_static && x.value < 0),
        "swizzle_apply: the static offset must be non-negative: {x}"
    );
    Ok(text(sw.apply(x)))
}

fn op_swizzle_masks(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 1, op)?;
    Ok(Output::Text(ev.swizzle(args[0])?.masks_text()))
}

fn op_max_common(ev: &Evaluator, op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, op)?;
    max_common(ev, op == "max_common_vector", args[0], args[1])
}

/// `copy_vector(Copy_Atom<Op,T>, src, dst)`: the atom's values per thread, once
/// `max_common_vector(src, dst)` is a multiple of them (the type level's `CopyVector`).
fn op_copy_vector(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    need(args, 3, "copy_vector")?;
    let atom = tycute_dynamic::atom::copy::copy_atom(args[0])?;
    let n = atom.num_val_src()?;
    let v = max_common_vector_any(&ev.any(args[1])?, &ev.any(args[2])?)?;
    ensure!(
        v.is_static && n.is_static && n.value > 0 && v.value % n.value == 0,
        "copy: the source and destination layouts do not vectorize for this copy atom: max_common_vector(src, dst) must be a multiple of the atom's values per thread (its bits / sizeof_bits<T>, e.g. 8 halves for a 16-byte cp.async): max_common_vector is {v}, the atom moves {n}"
    );
    Ok(text(n))
}

/// `swizzled_vector(Sw<B,M,S> or Sw o off o L, T)`: the 16-byte vector in elements of `T`,
/// once the swizzle keeps such vectors whole (the type level's `SwizzledVector`).
fn op_swizzled_vector(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, "swizzled_vector")?;
    let bits = gmma::sizeof_bits(args[1].trim())
        .ok_or_else(|| Error::unsupported(format!("unknown element type {}", args[1])))?;
    let m = match ev.value(args[0])? {
        Value::Swizzle(sw) => sw.m,
        Value::Composed(c) => match c.a {
            Func::Swizzle(sw) => sw.m,
            _ => {
                return Err(Error::parse(
                    "swizzled_vector: expected a swizzle or a swizzled layout",
                ))
            }
        },
        _ => {
            return Err(Error::parse(
                "swizzled_vector: expected a swizzle or a swizzled layout",
            ))
        }
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
fn op_tma_swizzle(ev: &Evaluator, _op: &str, args: &[&str]) -> Result<Output> {
    need(args, 2, "tma_swizzle")?;
    let mode_text = args[1].trim().trim_start_matches("CU_TENSOR_MAP_SWIZZLE_");
    let mode: i64 = match mode_text {
        "NONE" | "0" => 0,
        "32B" | "1" => 1,
        "64B" | "2" => 2,
        "128B" | "3" => 3,
        _ => {
            return Err(Error::parse(format!(
                "tma_swizzle: expected a mode NONE, 32B, 64B or 128B, got {}",
                args[1].trim()
            )))
        }
    };
    let (b, m, sh) = match ev.value(args[0])? {
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

fn max_common(ev: &Evaluator, vector: bool, a: &str, b: &str) -> Result<Output> {
    let (a, b) = (ev.any(a)?, ev.any(b)?);
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

/// `max_common_vector` of two layouts, either of them swizzled.
pub fn max_common_vector_any(a: &AnyLayout, b: &AnyLayout) -> Result<Int> {
    Ok(match (a, b) {
        (AnyLayout::Plain(x), AnyLayout::Plain(y)) => max_common_vector(x, y)?,
        (AnyLayout::Composed(c), AnyLayout::Plain(y))
        | (AnyLayout::Plain(y), AnyLayout::Composed(c)) => {
            max_common_vector(c.layout_b()?, y)?.min(Int::st(composed::swizzle_base(c)?))
        }
        (AnyLayout::Composed(c0), AnyLayout::Composed(c1)) => {
            let v = max_common_vector(c0.layout_b()?, c1.layout_b()?)?;
            if c0.a == c1.a {
                v
            } else {
                v.min(Int::st(composed::swizzle_base(c0)?))
                    .min(Int::st(composed::swizzle_base(c1)?))
            }
        }
    })
}
