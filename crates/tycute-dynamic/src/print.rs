//! `Display` writes exactly what `cute::print` writes: `_4` / `4`, `(a,b)`, `shape:stride`,
//! `Sw<B,M,S>`, `A o offset o B`, `smem_ptr[16b](unset)`, `counting_iter(N) o L`, `_`.
//!
//! Also the 2-D grid of CuTe's `print_layout`.

use crate::error::{ensure, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::{AnyLayout, ComposedLayout, Func, Offset, Tiler, Value};
use std::fmt::{self, Display, Formatter, Write};

impl Display for IntTuple {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            IntTuple::Int(i) => write!(f, "{i}"),
            IntTuple::Tuple(v) => {
                f.write_char('(')?;
                for (k, x) in v.iter().enumerate() {
                    if k > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_char(')')
            }
        }
    }
}

impl Display for Layout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl Display for Tiler {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Underscore => f.write_char('_'),
            Tiler::Int(i) => write!(f, "{i}"),
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Tuple(v) => {
                f.write_char('(')?;
                for (k, x) in v.iter().enumerate() {
                    if k > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_char(')')
            }
        }
    }
}

impl Display for Offset {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(i) => write!(f, "{i}"),
            Offset::SmemPtr(bits) => write!(f, "smem_ptr[{bits}b](unset)"),
            Offset::Mixed(m) => write!(f, "{m}"),
        }
    }
}

impl Display for Func {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Func::Swizzle(s) => write!(f, "{s}"),
            Func::Layout(l) => write!(f, "{l}"),
        }
    }
}

impl Display for ComposedLayout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.a, self.offset, self.b)
    }
}

impl Display for AnyLayout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Plain(l) => write!(f, "{l}"),
            AnyLayout::Composed(c) => write!(f, "{c}"),
        }
    }
}

impl Display for Value {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Value::IntTuple(t) => write!(f, "{t}"),
            Value::Underscore => f.write_char('_'),
            Value::Layout(l) => write!(f, "{l}"),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::BasisLayout(b) => write!(f, "{b}"),
            Value::Tensor { base, layout } => write!(f, "counting_iter({}) o {layout}", base.value),
        }
    }
}

fn num_digits(x: i64) -> usize {
    let mut n = 1;
    let mut v = x.max(0);
    while v >= 10 && n < 10 {
        v /= 10;
        n += 1;
    }
    n
}

/// The 2-D grid CuTe's `print_layout` draws for a rank-2 layout: the layout on the first line,
/// column indices, then one row of `| value |` cells per row index, framed by `+----+` lines.
/// `values(m, n)` gives the cell at row `m`, column `n`.
pub fn grid_text(
    title: &str,
    rows: i64,
    cols: i64,
    cosize: i64,
    values: &dyn Fn(i64, i64) -> Result<i64>,
) -> Result<String> {
    ensure!(
        rows >= 0 && cols >= 0 && rows.saturating_mul(cols) <= 1 << 20,
        "print_layout: grid {rows}x{cols} too large"
    );
    let w = num_digits(cosize) + 2;
    let mut s = String::new();
    s.push_str(title);
    s.push('\n');
    s.push_str("    ");
    for n in 0..cols {
        let _ = write!(s, "  {:>width$} ", n, width = w - 2);
    }
    s.push('\n');
    let rule = |s: &mut String| {
        s.push_str("    ");
        for _ in 0..cols {
            s.push('+');
            s.push_str(&"-".repeat(w));
        }
        s.push_str("+\n");
    };
    for m in 0..rows {
        rule(&mut s);
        let _ = write!(s, "{m:>2}  ");
        for n in 0..cols {
            let _ = write!(s, "| {:>width$} ", values(m, n)?, width = w - 2);
        }
        s.push_str("|\n");
    }
    rule(&mut s);
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_examples() {
        for s in [
            "_4",
            "4",
            "_-1",
            "(_8)",
            "()",
            "(_4,(_2,_3)):(_1,(_4,_8))",
            "_8:_1",
            "(_8):(_1)",
            "(_,_,_)",
            "Sw<3,3,3>",
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,3,3> o 64 o (_8,_64):(_64,_1)",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
            "(_8:_1,(_4,_2):(_2,_1))",
            "counting_iter(8) o ((_8,_1),_4):((_1,_0),_2048)",
            "counting_iter(0) o Sw<3,3,3> o M_0|(32&32)=32 o ((_4,_1),_1,_8):((_8,_0),_0,_64)",
            "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)",
            "(_2,_4):(_1@1@1,_1@0)",
            "(_4,_4):(_1@1,3)",
        ] {
            let v: Value = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(v.to_string(), s);
        }
    }

    #[test]
    fn grid() {
        let l: Layout = "(_2,_3):(_3,_1)".parse().unwrap();
        let g = grid_text(&l.to_string(), 2, 3, 6, &|m, n| {
            crate::layout::crd2idx(
                &IntTuple::tuple(vec![IntTuple::dy(m), IntTuple::dy(n)]),
                &l.shape,
                &l.stride,
            )
            .map(|x| x.value)
        })
        .unwrap();
        let want = "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n";
        assert_eq!(g, want);
    }
}
