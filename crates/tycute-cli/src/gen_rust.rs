//! `tycute vectors rust [FILE]`: a Rust program that evaluates vector cases at the **type level**.
//!
//! Input: vector-format lines `category<TAB>op<TAB>args...` (anything from a `=>` field on is
//! ignored; blank lines and `#` comments are skipped). Output: the source of a `main.rs` that
//! depends only on the crate `tycute` and prints, for every case, `category<TAB>op<TAB>args...
//! <TAB>=><TAB>RESULT` exactly as `tycute eval` does.
//!
//! Every case becomes one type alias built from `tycute::cute!(..)` values and the algebra's type
//! aliases (`type T17 = tycute::Composition<tycute::cute!(A), tycute::cute!(B)>;`). Every
//! distinct type gets one item `const R17: &Repr = &<T17 as tycute::Reify>::REPR;` (one body per
//! value, so rustc reports every rejected case, not just the first with the same failing bound),
//! a static array `V` collects them, and one non-generic loop formats them
//! (`repr::format_repr`) or tabulates them (`repr::FlatFn`). Nothing is generic per
//! case, so the program costs the trait solver's work plus one constant per type, and a `table:`
//! line shares its main line's type. A case the type level rejects makes the program fail to
//! compile, with the error on that case's `type` line or its `const R..` line.
//!
//! The op → type mapping is the table `OPS`; ops of later issues (tiled copy/MMA, copy atoms)
//! are in `LATER` and make the generator fail with "op X is not supported at the type level
//! yet". The generator never fakes a rejection: it emits no `compile_error!`.
//!
//! This file depends only on `std` (the root package's `tests/static_vectors.rs` includes it with
//! `#[path]`), so keep it self-contained.

use std::fmt::Write as _;
use std::path::Path;

/// `tycute vectors rust [FILE]`: reads FILE (stdin without one), prints the program.
pub fn run(file: Option<&Path>) -> Result<(), String> {
    let input = match file {
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?,
        None => {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| format!("stdin: {e}"))?;
            s
        }
    };
    let program = generate(&input)?;
    let mut out = std::io::stdout().lock();
    match std::io::Write::write_all(&mut out, program.as_bytes()).and_then(|_| std::io::Write::flush(&mut out)) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// The op table

/// What an argument (or a template argument of the op name) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    /// A static CuTe value as `cute::print` writes it (`(_4,_2):(_2,_1)`, `_8`, `(_,_2)`,
    /// `Sw<3,3,3> o _0 o ...`); emitted as `tycute::cute!(TEXT)`. Dynamic integers are refused.
    Val,
    /// A plain integer template parameter (`upcast<2>`: `2`, `layout<1>`: `1`); emitted as the
    /// static value `tycute::cute!(N)`.
    Int,
    /// A run-time count (`swizzle_table Sw 512`): emitted as the integer literal.
    Count,
    /// A C++ type name (`Layout_K_SW32_Atom<half_t>`, `uint8_t`): emitted with every identifier
    /// qualified, `tycute::Layout_K_SW32_Atom<tycute::half_t>`.
    Type,
    /// A free label (`Sw333_sgemm_atom`): must be an identifier; not emitted.
    Label,
}

/// How the case's result is produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A type whose value is printed as CuTe text (`Reify::REPR`); a `table:` line prints its
    /// index table instead.
    Type(&'static str),
    /// An expression (in a `fn() -> String`) returning the exact result text; `Display` values
    /// are converted with `to_string`.
    Text(&'static str),
    /// An expression returning something iterable over integers, printed space-separated.
    List(&'static str),
}

/// One row of the op table. `{tN}` in the template is the N-th template argument of the op name
/// (`recast_layout<uint8_t,half_t>`), `{N}` the N-th argument. Rows are tried in order; the
/// first whose op name, template-argument kinds and argument kinds all match is used.
struct Op {
    name: &'static str,
    targs: &'static [Arg],
    args: &'static [Arg],
    form: Form,
}

use Arg::{Count, Int, Label, Type, Val};
use Form::{List, Text, Type as Ty};

const fn op(name: &'static str, args: &'static [Arg], form: Form) -> Op {
    Op { name, targs: &[], args, form }
}
const fn op_t(name: &'static str, targs: &'static [Arg], args: &'static [Arg], form: Form) -> Op {
    Op { name, targs, args, form }
}

/// The op → type-level API mapping. Later issues (atoms, tiled MMA/copy) add rows here.
#[rustfmt::skip]
const OPS: &[Op] = &[
    // -- algebra.txt --------------------------------------------------------------------------
    op("identity",           &[Val],           Ty("{0}")),
    op("size",               &[Val],           Ty("tycute::Size<{0}>")),
    op("cosize",             &[Val],           Ty("tycute::Cosize<{0}>")),
    op("rank",               &[Val],           Ty("tycute::Rank<{0}>")),
    op("depth",              &[Val],           Ty("tycute::Depth<{0}>")),
    op("coalesce",           &[Val],           Ty("tycute::Coalesce<{0}>")),
    op("coalesce_profile",   &[Val, Val],      Ty("tycute::CoalesceProfile<{0}, {1}>")),
    op("filter",             &[Val],           Ty("tycute::Filter<{0}>")),
    op("filter_zeros",       &[Val],           Ty("tycute::FilterZeros<{0}>")),
    op("composition",        &[Val, Val],      Ty("tycute::Composition<{0}, {1}>")),
    op("composition_tiler",  &[Val, Val],      Ty("tycute::Composition<{0}, {1}>")),
    op("complement",         &[Val],           Ty("tycute::Complement<{0}>")),
    op("complement",         &[Val, Val],      Ty("tycute::ComplementWith<{0}, {1}>")),
    op("right_inverse",      &[Val],           Ty("tycute::RightInverse<{0}>")),
    op("left_inverse",       &[Val],           Ty("tycute::LeftInverse<{0}>")),
    op("logical_divide",     &[Val, Val],      Ty("tycute::LogicalDivide<{0}, {1}>")),
    op("zipped_divide",      &[Val, Val],      Ty("tycute::ZippedDivide<{0}, {1}>")),
    op("tiled_divide",       &[Val, Val],      Ty("tycute::TiledDivide<{0}, {1}>")),
    op("flat_divide",        &[Val, Val],      Ty("tycute::FlatDivide<{0}, {1}>")),
    op("logical_product",    &[Val, Val],      Ty("tycute::LogicalProduct<{0}, {1}>")),
    op("zipped_product",     &[Val, Val],      Ty("tycute::ZippedProduct<{0}, {1}>")),
    op("tiled_product",      &[Val, Val],      Ty("tycute::TiledProduct<{0}, {1}>")),
    op("flat_product",       &[Val, Val],      Ty("tycute::FlatProduct<{0}, {1}>")),
    op("blocked_product",    &[Val, Val],      Ty("tycute::BlockedProduct<{0}, {1}>")),
    op("raked_product",      &[Val, Val],      Ty("tycute::RakedProduct<{0}, {1}>")),
    op("upcast",             &[Int, Val],      Ty("tycute::Upcast<{0}, {1}>")),
    op("downcast",           &[Int, Val],      Ty("tycute::Downcast<{0}, {1}>")),
    op("max_common_vector",  &[Val, Val],      Ty("tycute::MaxCommonVector<{0}, {1}>")),
    op("max_common_layout",  &[Val, Val],      Ty("tycute::MaxCommonLayout<{0}, {1}>")),
    op("with_shape",         &[Val, Val],      Ty("tycute::WithShape<{0}, {1}>")),
    op("make_layout_like",   &[Val],           Ty("tycute::MakeLayoutLike<{0}>")),
    op_t("layout", &[Int],   &[Val],           Ty("tycute::LayoutAt<{0}, {t0}>")),
    op("zip",                &[Val],           Ty("tycute::Zip<{0}>")),
    op("zip2",               &[Val, Val],      Ty("tycute::Zip2<{0}, {1}>")),
    op("make_ordered_layout",&[Val, Val],      Ty("tycute::MakeOrderedLayout<{0}, {1}>")),
    op("make_layout_left",   &[Val],           Ty("tycute::MakeLayoutLeft<{0}>")),
    op("make_layout_right",  &[Val],           Ty("tycute::MakeLayoutRight<{0}>")),
    op("idx2crd",            &[Val, Val],      Ty("tycute::Idx2Crd<{0}, {1}>")),
    op("crd2idx",            &[Val, Val, Val], Ty("tycute::Crd2Idx<{0}, {1}, {2}>")),
    // -- swizzle.txt ---------------------------------------------------------------------------
    // `tile_to_shape NAME ATOM SHAPE [ORDER]` (swizzle.txt) or `ATOM SHAPE` (rejects.txt).
    op("tile_to_shape",      &[Val, Val],             Ty("tycute::TileToShape<{0}, {1}>")),
    op("tile_to_shape",      &[Label, Val, Val],      Ty("tycute::TileToShape<{1}, {2}>")),
    op("tile_to_shape",      &[Val, Val, Val],        Ty("tycute::TileToShapeOrdered<{0}, {1}, {2}>")),
    op("tile_to_shape",      &[Label, Val, Val, Val], Ty("tycute::TileToShapeOrdered<{1}, {2}, {3}>")),
    op("swizzle_table",      &[Val, Count],    List("tycute::swizzle::swizzle_table::<{0}>({1})")),
    op("swizzle_apply",      &[Val, Val],      Ty("tycute::SwizzleApply<{0}, {1}>")),
    op("swizzle_masks",      &[Val],           Text("tycute::swizzle::swizzle_masks::<{0}>()")),
    op_t("recast_layout", &[Type, Type], &[Val], Ty("tycute::RecastLayout<{t0}, {t1}, {0}>")),
    op("gmma_atom",          &[Type],          Ty("{0}")),
    op("gmma_atom.position_independent", &[Type], Ty("tycute::AsPositionIndependent<{0}>")),
    op("gmma_atom.tile_to_shape", &[Type, Val],      Ty("tycute::TileToShape<{0}, {1}>")),
    op("gmma_atom.tile_to_shape", &[Type, Val, Val], Ty("tycute::TileToShapeOrdered<{0}, {1}, {2}>")),
    op("gmma_atom.tile_to_shape.position_independent", &[Type, Val],
        Ty("tycute::AsPositionIndependent<tycute::TileToShape<{0}, {1}>>")),
    op("gmma_atom.tile_to_shape.position_independent", &[Type, Val, Val],
        Ty("tycute::AsPositionIndependent<tycute::TileToShapeOrdered<{0}, {1}, {2}>>")),
];

/// Ops of later issues: the generator refuses them (it must not fake a rejection).
const LATER: &[&str] = &[
    "make_tiled_copy",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "make_tiled_copy_C_atom",
    "make_tiled_copy_S",
    "make_tiled_copy_D",
    "tidfrg_S",
    "tidfrg_D",
    "make_fragment_C",
    "TiledMMA",
    "make_tiled_mma",
    "Copy_Atom",
    "MMA_Atom",
];

// ---------------------------------------------------------------------------------------------
// Generation

/// How `main` produces a case's result.
#[derive(Clone, Copy)]
enum Kind {
    /// CuTe text of `V[i]`.
    Show(usize),
    /// Index table of `V[i]`.
    Table(usize),
    /// `F[i]()`.
    Func(usize),
}

/// The program for every case of `input` (see the module docs), or the first line that cannot be
/// translated: `line N: ...`.
pub fn generate(input: &str) -> Result<String, String> {
    let mut types: Vec<String> = Vec::new(); // distinct Rust types, index = T number
    let mut type_index: std::collections::HashMap<String, usize> = Default::default();
    let mut funcs: Vec<(String, Form)> = Vec::new(); // (expression, List/Text)
    let mut func_index: std::collections::HashMap<String, usize> = Default::default();
    let mut cases: Vec<(String, Kind)> = Vec::new();

    for (n, raw) in input.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let fields = match fields.iter().position(|f| *f == "=>") {
            Some(a) => &fields[..a],
            None => &fields[..],
        };
        if fields.len() < 2 {
            return Err(format!("line {}: expected `category<TAB>op<TAB>args...`: {line:?}", n + 1));
        }
        let case_input = fields.join("\t");
        let (op_name, args) = (fields[1], &fields[2..]);
        let (is_table, base) = match op_name.strip_prefix("table:") {
            Some(b) => (true, b),
            None => (false, op_name),
        };
        let (expr, form) = translate(base, args).map_err(|e| format!("line {}: {e}", n + 1))?;
        let kind = match form {
            Form::Type(_) => {
                let next = types.len();
                let i = *type_index.entry(expr.clone()).or_insert_with(|| {
                    types.push(expr.clone());
                    next
                });
                if is_table {
                    Kind::Table(i)
                } else {
                    Kind::Show(i)
                }
            }
            Form::Text(_) | Form::List(_) => {
                if is_table {
                    return Err(format!("line {}: `{op_name}`: op {base} has no index table", n + 1));
                }
                let next = funcs.len();
                let i = *func_index.entry(expr.clone()).or_insert_with(|| {
                    funcs.push((expr.clone(), form));
                    next
                });
                Kind::Func(i)
            }
        };
        cases.push((case_input, kind));
    }
    Ok(emit(&types, &funcs, &cases))
}

fn emit(types: &[String], funcs: &[(String, Form)], cases: &[(String, Kind)]) -> String {
    let mut s = String::with_capacity(256 * cases.len() + 4096);
    let _ = write!(
        s,
        "//! Generated by `tycute vectors rust`: {} cases ({} distinct values) evaluated at the type\n\
         //! level. Every value is computed by the trait solver; `main` prints the reified constants.\n\
         //! A case that the type level rejects fails to compile at its `type` line / `const R..` line.\n\
         #![allow(non_camel_case_types, dead_code, clippy::all)]\n\n\
         use tycute::repr::{{format_repr, FlatFn, Repr}};\n\n",
        cases.len(),
        types.len() + funcs.len()
    );
    for (i, t) in types.iter().enumerate() {
        let _ = writeln!(s, "type T{i} = {t};");
    }
    // One item per value: rustc reports one error per distinct failing bound and body, so a
    // body per value makes every rejected case show up (and point at its own line).
    s.push('\n');
    for i in 0..types.len() {
        let _ = writeln!(s, "const R{i}: &Repr = &<T{i} as tycute::Reify>::REPR;");
    }
    let _ = write!(s, "\n/// Every distinct static value, reified.\nstatic V: [&Repr; {}] = [", types.len());
    for i in 0..types.len() {
        if i % 16 == 0 {
            s.push_str("\n   ");
        }
        let _ = write!(s, " R{i},");
    }
    s.push_str("\n];\n\n");
    for (i, (e, form)) in funcs.iter().enumerate() {
        match form {
            Form::List(_) => {
                let _ = writeln!(s, "fn f{i}() -> String {{ join({e}) }}");
            }
            _ => {
                let _ = writeln!(s, "fn f{i}() -> String {{ ToString::to_string(&{e}) }}");
            }
        }
    }
    let _ = write!(s, "/// Results that are not a single static value (functions of a static value).\nstatic F: [fn() -> String; {}] = [", funcs.len());
    for i in 0..funcs.len() {
        let _ = write!(s, "f{i}, ");
    }
    s.push_str("];\n\n");
    let _ = write!(
        s,
        "/// (input, kind, index): kind 0 = CuTe text of V[index], 1 = index table of V[index], 2 = F[index]().\n\
         static CASES: [(&str, u8, u32); {}] = [\n",
        cases.len()
    );
    for (inp, kind) in cases {
        let (k, i) = match kind {
            Kind::Show(i) => (0, i),
            Kind::Table(i) => (1, i),
            Kind::Func(i) => (2, i),
        };
        let _ = writeln!(s, "    ({inp:?}, {k}, {i}),");
    }
    s.push_str(
        r#"];

fn join<I: IntoIterator>(items: I) -> String
where
    I::Item: std::fmt::Display,
{
    let mut s = String::new();
    for (k, x) in items.into_iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s += &x.to_string();
    }
    s
}

fn main() {
    let mut out = String::new();
    for &(input, kind, i) in CASES.iter() {
        let i = i as usize;
        let result = match kind {
            0 => format_repr(V[i]),
            1 => join(FlatFn::from_repr(V[i]).map(|f| f.table()).unwrap_or_default()),
            _ => F[i](),
        };
        out.push_str(input);
        out.push_str("\t=>\t");
        out.push_str(&result);
        out.push('\n');
    }
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            panic!("stdout: {e}");
        }
    }
}
"#,
    );
    s
}

// ---------------------------------------------------------------------------------------------
// Translation of one case

/// The Rust type (or expression) of `op args`, with its form.
fn translate(op_name: &str, args: &[&str]) -> Result<(String, Form), String> {
    let (base, targs) = split_template(op_name)?;
    if LATER.contains(&base) {
        return Err(format!("op {op_name} is not supported at the type level yet"));
    }
    let rows: Vec<&Op> = OPS.iter().filter(|o| o.name == base).collect();
    if rows.is_empty() {
        return Err(format!("op {op_name} is not supported at the type level yet (unknown op)"));
    }
    let mut first_err = None;
    for row in rows.iter().filter(|r| r.targs.len() == targs.len() && r.args.len() == args.len()) {
        let t: Result<Vec<String>, String> = row.targs.iter().zip(&targs).map(|(k, a)| emit_arg(*k, a)).collect();
        let a: Result<Vec<String>, String> = row.args.iter().zip(args).map(|(k, a)| emit_arg(*k, a)).collect();
        match (t, a) {
            (Ok(t), Ok(a)) => {
                let template = match row.form {
                    Form::Type(x) | Form::Text(x) | Form::List(x) => x,
                };
                return Ok((fill(template, &t, &a), row.form));
            }
            (Err(e), _) | (_, Err(e)) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(match first_err {
        Some(e) => format!("op {op_name}: {e}"),
        None => {
            let arities: Vec<String> = rows
                .iter()
                .map(|r| {
                    let a: Vec<String> = r.args.iter().map(|k| format!("{k:?}")).collect();
                    format!("{}({})", r.name, a.join(", "))
                })
                .collect();
            format!(
                "op {op_name} with {} argument(s) and {} template argument(s) is not supported at the type level yet (forms: {})",
                args.len(),
                targs.len(),
                arities.join("; ")
            )
        }
    })
}

/// `recast_layout<uint8_t,half_t>` → (`recast_layout`, [`uint8_t`, `half_t`]). Nested `<>` in
/// template arguments are kept together.
fn split_template(op: &str) -> Result<(&str, Vec<&str>), String> {
    let Some(lt) = op.find('<') else { return Ok((op, Vec::new())) };
    let inner = op[lt + 1..].strip_suffix('>').ok_or_else(|| format!("op {op}: unbalanced `<...>` in the op name"))?;
    Ok((&op[..lt], split_top(inner, ',')?))
}

/// Splits at `sep` outside of `<>`/`()`/`[]`.
fn split_top(s: &str, sep: char) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("unbalanced brackets in `{s}`"));
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced brackets in `{s}`"));
    }
    out.push(&s[start..]);
    Ok(out)
}

/// `{tN}` → `t[N]`, `{N}` → `a[N]`.
fn fill(template: &str, t: &[String], a: &[String]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('}').expect("op table: unclosed `{`");
        let key = &rest[open + 1..close];
        match key.strip_prefix('t') {
            Some(k) => out.push_str(&t[k.parse::<usize>().expect("op table: bad `{tN}`")]),
            None => out.push_str(&a[key.parse::<usize>().expect("op table: bad `{N}`")]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

fn emit_arg(kind: Arg, a: &str) -> Result<String, String> {
    match kind {
        Arg::Val => {
            check_value(a).map_err(|e| format!("argument `{a}`: {e}"))?;
            Ok(format!("tycute::cute!({a})"))
        }
        Arg::Int => {
            parse_int(a).ok_or_else(|| format!("`{a}` is not an integer template argument"))?;
            Ok(format!("tycute::cute!({a})"))
        }
        Arg::Count => match a.parse::<u64>() {
            Ok(n) => Ok(n.to_string()),
            Err(_) => Err(format!("`{a}` is not a count")),
        },
        Arg::Type => type_path(a),
        Arg::Label => {
            if is_ident(a) && !looks_like_value(a) {
                Ok(String::new())
            } else {
                Err(format!("`{a}` is not a label"))
            }
        }
    }
}

fn parse_int(s: &str) -> Option<i64> {
    let d = s.strip_prefix('-').unwrap_or(s);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f.is_ascii_alphabetic() || f == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `_`, `_8`, `_12` are CuTe values, not labels.
fn looks_like_value(s: &str) -> bool {
    s == "_" || s.strip_prefix('_').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// `Layout_K_SW32_Atom<half_t>` → `tycute::Layout_K_SW32_Atom<tycute::half_t>`.
fn type_path(s: &str) -> Result<String, String> {
    let s = s.trim();
    let (head, inner) = match s.find('<') {
        Some(lt) => {
            let inner = s[lt + 1..].strip_suffix('>').ok_or_else(|| format!("`{s}` is not a type name"))?;
            (&s[..lt], Some(inner))
        }
        None => (s, None),
    };
    if !is_ident(head) || looks_like_value(head) {
        return Err(format!("`{s}` is not a type name"));
    }
    match inner {
        None => Ok(format!("tycute::{head}")),
        Some(inner) => {
            let parts: Result<Vec<String>, String> = split_top(inner, ',')?.into_iter().map(type_path).collect();
            Ok(format!("tycute::{head}<{}>", parts?.join(", ")))
        }
    }
}

/// Checks that `s` is a static CuTe value in `cute::print` syntax (what `cute!` accepts, minus
/// dynamic integers, which have no type-level form).
fn check_value(s: &str) -> Result<(), String> {
    let mut p = ValueParser { s: s.as_bytes(), pos: 0 };
    p.value()?;
    if p.pos != p.s.len() {
        return Err(format!("unexpected `{}` at offset {}", &s[p.pos..], p.pos));
    }
    Ok(())
}

struct ValueParser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl ValueParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.pos..].starts_with(lit.as_bytes()) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, lit: &str) -> Result<(), String> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(format!("expected `{lit}` at offset {}", self.pos))
        }
    }
    fn digits(&mut self) -> Result<(), String> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(format!("expected digits at offset {start}"));
        }
        Ok(())
    }
    fn signed(&mut self) -> Result<(), String> {
        self.eat("-");
        self.digits()
    }
    /// value := item [` o ` item ` o ` item]
    fn value(&mut self) -> Result<(), String> {
        self.item()?;
        if self.eat(" o ") {
            self.item()?;
            self.expect(" o ")?;
            self.item()?;
        }
        Ok(())
    }
    /// item := `Sw<b,m,s>` | `smem_ptr[Nb](unset)` | term [`:` term]
    fn item(&mut self) -> Result<(), String> {
        if self.eat("Sw<") {
            self.signed()?;
            self.expect(",")?;
            self.signed()?;
            self.expect(",")?;
            self.signed()?;
            return self.expect(">");
        }
        if self.eat("smem_ptr[") {
            self.digits()?;
            return self.expect("b](unset)");
        }
        self.term()?;
        if self.eat(":") {
            self.term()?;
        }
        Ok(())
    }
    /// term := `_` | `_N` | `_-N` | `_N@i@j..` (a scaled basis stride, `E<j,i>` scaled by N)
    ///       | `(` [value {`,` value}] `)`
    fn term(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b'_') => {
                self.pos += 1;
                if self.peek().is_some_and(|b| b == b'-' || b.is_ascii_digit()) {
                    self.signed()?;
                    while self.eat("@") {
                        self.digits()?;
                    }
                }
                Ok(())
            }
            Some(b'(') => {
                self.pos += 1;
                if self.eat(")") {
                    return Ok(());
                }
                loop {
                    self.value()?;
                    if self.eat(")") {
                        return Ok(());
                    }
                    self.expect(",")?;
                }
            }
            Some(b) if b == b'-' || b.is_ascii_digit() => {
                Err(format!("dynamic integer at offset {}: the type level has only static values (`_N`)", self.pos))
            }
            Some(_) => Err(format!("unexpected `{}` at offset {}", self.s[self.pos] as char, self.pos)),
            None => Err("unexpected end of value".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_and_shares_table_lines() {
        let p = generate(
            "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1\n\
             algebra\ttable:coalesce\t(_2,_4):(_1,_2)\t=>\t0 1 2 3 4 5 6 7\n\
             swizzle\tupcast\t2\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\n\
             swizzle\tlayout<1>\t(_2,_4):(_1,_2)\n\
             swizzle\trecast_layout<uint8_t,half_t>\tSw<3,4,3>\n\
             swizzle\tgmma_atom.tile_to_shape\tLayout_K_SW32_Atom<half_t>\t(_64,_64)\t(_2,_1)\n\
             swizzle\ttile_to_shape\tSw333_K64\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\t(_64,_64)\n\
             swizzle\tswizzle_masks\tSw<3,3,3>\n",
        )
        .unwrap();
        assert!(p.contains("type T0 = tycute::Coalesce<tycute::cute!((_2,_4):(_1,_2))>;"), "{p}");
        assert!(p.contains("(\"algebra\\tcoalesce\\t(_2,_4):(_1,_2)\", 0, 0)"), "{p}");
        assert!(p.contains("(\"algebra\\ttable:coalesce\\t(_2,_4):(_1,_2)\", 1, 0)"), "{p}");
        assert!(p.contains("tycute::Upcast<tycute::cute!(2), tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>"));
        assert!(p.contains("tycute::LayoutAt<tycute::cute!((_2,_4):(_1,_2)), tycute::cute!(1)>"));
        assert!(p.contains("tycute::RecastLayout<tycute::uint8_t, tycute::half_t, tycute::cute!(Sw<3,4,3>)>"));
        assert!(p.contains("tycute::TileToShapeOrdered<tycute::Layout_K_SW32_Atom<tycute::half_t>, tycute::cute!((_64,_64)), tycute::cute!((_2,_1))>"));
        assert!(p.contains(
            "tycute::TileToShape<tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)), tycute::cute!((_64,_64))>"
        ));
        assert!(p.contains(
            "fn f0() -> String { ToString::to_string(&tycute::swizzle::swizzle_masks::<tycute::cute!(Sw<3,3,3>)>()) }"
        ));
        assert!(!p.contains("compile_error"));
    }

    #[test]
    fn refuses_what_it_cannot_translate() {
        let e = generate("rejects\tmake_tiled_copy\tCopy_Atom<UniversalCopy<uint128_t>,half_t>\t(_32,_4):(_1,_32)\t(_1,_4):(_0,_1)\n").unwrap_err();
        assert!(e.contains("op make_tiled_copy is not supported at the type level yet"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,4):(_1,_4)\n").unwrap_err();
        assert!(e.contains("dynamic integer"), "{e}");
        let e = generate("algebra\tfrobnicate\t_4:_1\n").unwrap_err();
        assert!(e.contains("not supported at the type level yet"), "{e}");
        let e = generate("algebra\tcoalesce\t_4:_1\t_2\t_3\n").unwrap_err();
        assert!(e.contains("argument(s)"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,_2:(_1,_4)\n").unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
    }

    #[test]
    fn values() {
        for ok in [
            "_8",
            "_-1",
            "_",
            "(_,_2)",
            "()",
            "(_8):(_1)",
            "(_8:_1,(_4,_2):(_2,_1))",
            "(_2,_4):(_1@1@1,_1@0)",
            "Sw<3,4,-4> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ] {
            check_value(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in ["4", "_4:2", "(_4,", "Sw<3,3>", "_4 o _0", "x", "_1@", "_@1"] {
            assert!(check_value(bad).is_err(), "{bad}");
        }
    }
}
