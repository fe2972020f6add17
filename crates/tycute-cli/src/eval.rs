//! `tycute eval`: the runtime twin on the command line.
//!
//! * `tycute eval FILE` (or stdin without an argument): every non-empty line
//!   `category<TAB>op<TAB>args...` (anything from a `=>` field on is ignored) gives one line
//!   `category<TAB>op<TAB>args...<TAB>=><TAB>RESULT`, where RESULT is the value in CuTe syntax,
//!   the index table for `table:` ops, `REJECT<TAB>reason` when the algebra refuses, or
//!   `ERROR<TAB>reason` for a line that cannot be parsed or an unknown op. A bad line never
//!   stops the run.
//! * `tycute eval EXPR` (when the argument is not an existing file): an expression such as
//!   `logical_divide((_8,_8):(_8,_1), (_2,_4))`, `composition(Sw<3,3,3>, (_8,_64):(_64,_1))`,
//!   `upcast<2>(...)`, `size(...)`; calls may nest (`coalesce(composition(A, B))`), and a bare
//!   value is printed back. Every op of the vector files works the same way, with its vector
//!   arguments as call arguments, e.g.
//!   `get_layoutC_TV(SM80_16x8x16_F16F16F16F16_TN, (_2,_2,_1):(_1,_2,_0), (_,_,_))`,
//!   `make_tiled_copy.partition_S(Copy_Atom<SM75_U32x4_LDSM_N,half_t>, ..., thr=3)` or
//!   `tidfrg_S(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_32,_4):(_4,_1),(_1,_2):(_0,_1)), (_128,_64):(_64,_1))`
//!   (a call that does not give a value, such as a `make_tiled_copy(...)` label, is passed on
//!   literally). `--table` prints the index table, `--grid` draws the 2-D grid like
//!   CuTe's `print_layout`.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use tycute_dynamic::layout::crd2idx;
use tycute_vectors::{eval_line, Evaluator, Output};
use tycute_dynamic::print::grid_text;
use tycute_dynamic::{composed, AnyLayout, Error, ErrorKind, Func, Int, IntTuple, Offset};

/// Arguments of `tycute eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// A vector file, or an expression like `coalesce((_2,_4):(_1,_2))`; stdin when omitted.
    pub input: Option<String>,
    /// Expression mode: print the index table of the resulting layout.
    #[arg(long)]
    pub table: bool,
    /// Expression mode: draw the rank-2 resulting layout as a grid (like `print_layout`).
    #[arg(long)]
    pub grid: bool,
}

/// Run `tycute eval`; returns the process exit status.
pub fn run(args: &EvalArgs) -> i32 {
    match &args.input {
        Some(input) if Path::new(input).is_file() => match std::fs::File::open(input) {
            Ok(f) => eval_stream(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("error: {input}: {e}");
                2
            }
        },
        Some(expr) => eval_expression(expr, args.table, args.grid),
        None => eval_stream(std::io::stdin().lock()),
    }
}

/// Vector mode: one output line per non-empty input line.
pub fn eval_stream(input: impl BufRead) -> i32 {
    let ev = Evaluator::default();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in input.split(b'\n') {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: reading input: {e}");
                return 2;
            }
        };
        let text = String::from_utf8_lossy(&line);
        if let Some(result) = eval_line(&ev, &text) {
            if writeln!(out, "{result}").is_err() {
                return 0; // closed pipe: nothing more to say
            }
        }
    }
    let _ = out.flush();
    0
}

/// Split `text` at top-level commas (outside `()`, `[]` and `<>`).
fn split_args(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth: i32 = 0;
    let mut cur = String::new();
    for c in text.chars() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// `name(args)` → (name, args text); `None` when `text` is not a call.
fn as_call(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    let open = text.find('(')?;
    let name = text[..open].trim();
    let first = name.chars().next()?;
    if !first.is_ascii_alphanumeric() || name == "counting_iter" || !text.ends_with(')') {
        return None;
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_<>,.:".contains(c))
    {
        return None;
    }
    Some((name, &text[open + 1..text.len() - 1]))
}

/// Evaluate an expression (nested calls allowed) to its output.
pub fn eval_expr(ev: &Evaluator, text: &str, depth: usize) -> Result<Output, Error> {
    if depth > 32 {
        return Err(Error::parse("expression nested too deeply"));
    }
    let Some((name, inner)) = as_call(text) else {
        return ev.eval("identity", &[text.trim()]).or_else(|_| {
            tycute_dynamic::parse::parse_value_lenient(text).map(|v| Output::Text(v.to_string()))
        });
    };
    let mut args: Vec<String> = Vec::new();
    for a in split_args(inner) {
        if as_call(&a).is_some() {
            // a nested call is evaluated when it gives a value; labels written as calls
            // (`make_tiled_copy(atom,thr,val)`, `sgemm_sm80_tn(m=..)`) stay literal
            match eval_expr(ev, &a, depth + 1) {
                Ok(Output::Text(t)) if tycute_dynamic::parse::parse_value_lenient(&t).is_err() => {
                    args.push(a)
                }
                Ok(v) => args.push(v.to_string()),
                Err(e) if e.kind == ErrorKind::Reject => return Err(e),
                Err(_) => args.push(a),
            }
        } else {
            args.push(a);
        }
    }
    // upcast<N>(A) / downcast<N>(A): the template argument becomes the first argument
    let mut op = name.to_string();
    for base in ["upcast", "downcast"] {
        if let Some(n) = name
            .strip_prefix(base)
            .and_then(|r| r.strip_prefix('<'))
            .and_then(|r| r.strip_suffix('>'))
        {
            op = base.to_string();
            args.insert(0, n.trim().to_string());
        }
    }
    let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    ev.eval(&op, &refs)
}

fn report(e: &Error) -> i32 {
    match e.kind {
        ErrorKind::Reject => {
            eprintln!("REJECT\t{}", e.message);
            1
        }
        _ => {
            eprintln!("error: {}", e.message);
            2
        }
    }
}

/// Expression mode.
pub fn eval_expression(expr: &str, table: bool, grid: bool) -> i32 {
    let ev = Evaluator { lenient: true };
    let out = match eval_expr(&ev, expr, 0) {
        Ok(o) => o,
        Err(e) => return report(&e),
    };
    // `--grid` draws like CuTe's `print_layout`, whose first line is the layout itself.
    if !grid {
        crate::emit(&format!("{out}\n"));
    }
    if !table && !grid {
        return 0;
    }
    let (layout, base) = match out {
        Output::Layout(l) => (l, 0),
        Output::Tensor(t) => (t.layout, t.base),
        Output::Text(_) => {
            return report(&Error::unsupported("--table/--grid need a layout result"))
        }
    };
    if table {
        match layout
            .table(tycute_vectors::TABLE_LIMIT)
            .map(|t| t.into_iter().map(|x| x + base).collect::<Vec<_>>())
        {
            Ok(t) => crate::emit(&format!(
                "{}\n",
                t.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
            Err(e) => return report(&e),
        }
    }
    if grid {
        match grid_of(&layout) {
            Ok(g) => crate::emit(&g),
            Err(e) => return report(&e),
        }
    }
    0
}

/// CuTe's `print_layout` for a rank-2 (plain or swizzled) layout; an smem-pointer atom is first
/// made position independent, as CuTe does.
pub fn grid_of(layout: &AnyLayout) -> Result<String, Error> {
    let layout = match layout {
        AnyLayout::Composed(c) if matches!(c.offset, Offset::SmemPtr(_)) => {
            composed::position_independent(c)?
        }
        other => other.clone(),
    };
    let (inner, outer): (&tycute_dynamic::Layout, Option<(&Func, i64)>) = match &layout {
        AnyLayout::Plain(l) => (l, None),
        AnyLayout::Composed(c) => {
            let off = c
                .offset
                .int_value()
                .ok_or_else(|| Error::reject("print_layout: offset is not an integer"))?;
            (c.layout_b()?, Some((&c.a, off)))
        }
    };
    if inner.rank() != 2 {
        return Err(Error::reject(format!(
            "print_layout: needs a rank-2 layout, got rank {}",
            inner.rank()
        )));
    }
    let rows = inner.shape.get(0)?.product()?.value;
    let cols = inner.shape.get(1)?.product()?.value;
    let cosize = inner.cosize()?.value;
    let f = |m: i64, n: i64| -> Result<i64, Error> {
        let c = IntTuple::tuple(vec![IntTuple::Int(Int::dy(m)), IntTuple::Int(Int::dy(n))]);
        let x = crd2idx(&c, &inner.shape, &inner.stride)?.value;
        match outer {
            None => Ok(x),
            Some((a, off)) => a.eval_i64(x + off),
        }
    };
    grid_text(&layout.to_string(), rows, cols, cosize, &f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting() {
        assert_eq!(
            split_args("(_8,_8):(_8,_1), (_2,_4)"),
            vec!["(_8,_8):(_8,_1)", "(_2,_4)"]
        );
        assert_eq!(
            split_args("Sw<3,3,3>, (_8,_64):(_64,_1)"),
            vec!["Sw<3,3,3>", "(_8,_64):(_64,_1)"]
        );
        assert_eq!(as_call("upcast<2>(_8:_1)"), Some(("upcast<2>", "_8:_1")));
        assert_eq!(as_call("(_8):(_1)"), None);
    }

    #[test]
    fn expressions() {
        let ev = Evaluator { lenient: true };
        let r = |s: &str| eval_expr(&ev, s, 0).map(|o| o.to_string());
        assert_eq!(
            r("logical_divide((_8,_8):(_8,_1), (_2,_4))").unwrap(),
            "((_2,_4),(_4,_2)):((_8,_16),(_1,_4))"
        );
        assert_eq!(
            r("composition(Sw<3,3,3>, (_8,_64):(_64,_1))").unwrap(),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
        );
        assert_eq!(r("coalesce((_2,_4):(_1,_2))").unwrap(), "_8:_1");
        assert_eq!(r("upcast<2>((_4,_4):(_1,_4))").unwrap(), "(_2,_4):(_1,_2)");
        assert_eq!(r("size(coalesce((_2,_4):(_1,_2)))").unwrap(), "_8");
        assert_eq!(r("(_2,_4):(_1,_2)").unwrap(), "(_2,_4):(_1,_2)");
        assert!(r("composition((_12,_8):(_8,_1), (_8,_2):(_1,_8))")
            .unwrap_err()
            .is_reject());
    }

    #[test]
    fn tiled_expressions() {
        let ev = Evaluator { lenient: true };
        let r = |s: &str| eval_expr(&ev, s, 0).map(|o| o.to_string());
        assert_eq!(
            r("get_layoutC_TV(SM80_16x8x16_F16F16F16F16_TN, (_2,_2):(_1,_2), (_32,_32,_16))")
                .unwrap(),
            "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))"
        );
        assert_eq!(
            r("tidfrg_S(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_32,_4):(_4,_1),(_1,_2):(_0,_1)), (_128,_64):(_64,_1))").unwrap(),
            "((_4,_32),(_2,_1),(_4,_8)):((_2,_64),(_1,_0),(_2048,_8))"
        );
        assert!(r("tidfrg_S(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_32,_4):(_4,_1),(_1,_2):(_0,_1)), _256:_1)")
            .unwrap_err()
            .is_reject());
        assert_eq!(
            r("make_tiled_copy.partition_D(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,float>, (_32,_8):(_1,_32), (_4,_1):(_1,_0), Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0)), thr=0)").unwrap(),
            "counting_iter(0) o Sw<3,3,3> o M_0|(0&32)=0 o ((_4,_1),_1,_8):((_8,_0),_0,_64)"
        );
        assert_eq!(
            r("mma.Shape_MNK(SM90_64x128x16_F32F16F16_SS<K,K>)").unwrap(),
            "(_64,_128,_16)"
        );
    }

    #[test]
    fn grid() {
        let l: AnyLayout = AnyLayout::Plain("(_2,_2):(_1,_2)".parse().unwrap());
        let g = grid_of(&l).unwrap();
        assert!(g.starts_with("(_2,_2):(_1,_2)\n"));
        assert!(g.contains(" 1  | 1 | 3 |"));
    }
}
