//! The whole program of a vector file: one type alias per case, one reified constant per
//! distinct type, and the `main` that prints them.

use super::seeds as special;
use std::fmt::Write as _;
use super::table::Form;
use super::translate::translate;


/// How `main` produces a case's result.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
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
    generate_with(input, Bodies::PerValue)
}

/// Where the reified values are evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bodies {
    /// One `const R{i}` item per value (the default): rustc reports every rejected value, each at
    /// its own line.
    PerValue,
    /// All values in the one initializer of `static V`: the trait solver's normalizations are
    /// shared between values (about 30% less compile time for TiledMMA programs), but rustc
    /// reports only the first error per distinct failing bound. For programs that are expected
    /// to compile (a failing one can be regenerated with [`Bodies::PerValue`] to find its cases).
    OneBody,
}

/// [`generate`], choosing where the values are evaluated.
pub fn generate_with(input: &str, bodies: Bodies) -> Result<String, String> {
    let mut p = Program::default();
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
        let translated = match special::translate(fields[0], base, args, is_table) {
            Some(r) => r,
            None => translate(base, args),
        };
        let (expr, form) = translated.map_err(|e| format!("line {}: {e}", n + 1))?;
        let kind = match form {
            Form::Type(_) => {
                let v = p.reified(&expr);
                if is_table {
                    Kind::Table(v)
                } else {
                    Kind::Show(v)
                }
            }
            Form::Dyn(_) => {
                let t = p.ty(&expr, false);
                let body = if is_table {
                    format!("join(tycute::tiled::copy::table_of::<T{t}>())")
                } else {
                    format!("tycute::tiled::copy::text::<T{t}>()")
                };
                Kind::Func(p.func(body))
            }
            Form::Row(_) => Kind::Func(p.func(expr)),
            Form::Text(_) | Form::List(_) => {
                if is_table {
                    return Err(format!("line {}: `{op_name}`: op {base} has no index table", n + 1));
                }
                Kind::Func(p.func(match form {
                    Form::List(_) => format!("join({expr})"),
                    _ => format!("ToString::to_string(&{expr})"),
                }))
            }
        };
        cases.push((case_input, kind));
    }
    Ok(emit(&p, &cases, bodies))
}

/// The items of a program: type aliases `T{n}`, reified values `V[i]` (each a `T{n}`), and
/// functions `f{i}` (result text computed at run time from static types).
#[derive(Default)]
pub(crate) struct Program {
    /// Distinct Rust types (index = `T` number) and whether they are reified (`Reify::REPR`).
    types: Vec<(String, bool)>,
    type_index: std::collections::HashMap<(String, bool), usize>,
    /// `V[i]` = `R{i}` = `<T{values[i]} as Reify>::REPR`.
    values: Vec<usize>,
    value_index: std::collections::HashMap<usize, usize>,
    /// Function bodies.
    funcs: Vec<String>,
    func_index: std::collections::HashMap<String, usize>,
}

impl Program {
    fn ty(&mut self, expr: &str, reify: bool) -> usize {
        let next = self.types.len();
        let key = (expr.to_string(), reify);
        if let Some(&i) = self.type_index.get(&key) {
            return i;
        }
        self.types.push(key.clone());
        self.type_index.insert(key, next);
        next
    }
    fn reified(&mut self, expr: &str) -> usize {
        let t = self.ty(expr, true);
        let next = self.values.len();
        *self.value_index.entry(t).or_insert_with(|| {
            self.values.push(t);
            next
        })
    }
    fn func(&mut self, body: String) -> usize {
        let next = self.funcs.len();
        *self.func_index.entry(body.clone()).or_insert_with(|| {
            self.funcs.push(body);
            next
        })
    }
}

/// [`Bodies::OneBody`]'s values: every `T{n}` in one path, a tree of tuples of at most
/// [`FANOUT`] (`One<T{n}>` at the leaves) whose `Each::push` writes the values in order. rustc's
/// borrow checker normalizes each path of a body apart from the others and from the type check's
/// cache, so the values of one TiledMMA or TiledCopy (which share its derivation) cost one
/// derivation in one path and one apiece in one path per value (`accept_tiled_copy_00`: 34 s of
/// rustc to 20 s, docs/perf.md "Compile time").
fn one_path(s: &mut String, values: &[usize]) {
    s.push_str(
        "/// The values' writer: a leaf `One<T>` pushes `T`'s value, a tuple its elements' in order.\n\
         trait Each {\n    fn push(out: &mut Vec<Repr>);\n}\n\
         struct One<T>(T);\n\
         impl<T: tycute::Reify> Each for One<T> {\n    fn push(out: &mut Vec<Repr>) {\n        out.push(T::REPR);\n    }\n}\n\
         impl Each for () {\n    fn push(_: &mut Vec<Repr>) {}\n}\n",
    );
    for n in 1..=FANOUT {
        let xs: Vec<String> = (0..n).map(|k| format!("X{k}")).collect();
        let _ = writeln!(
            s,
            "impl<{}> Each for ({},) {{\n    fn push(out: &mut Vec<Repr>) {{\n        {}\n    }}\n}}",
            xs.iter().map(|x| format!("{x}: Each")).collect::<Vec<_>>().join(", "),
            xs.join(", "),
            xs.iter().map(|x| format!("{x}::push(out);")).collect::<Vec<_>>().join(" ")
        );
    }
    // the tree, one leaf per line (a value is found by its line if this ever fails to build)
    let mut level: Vec<String> = values.iter().map(|t| format!("One<T{t}>")).collect();
    if level.is_empty() {
        level.push("()".into());
    }
    while level.len() > FANOUT || level.len() == 1 && !level[0].starts_with('(') {
        level = level.chunks(FANOUT).map(|c| format!("(\n{},\n)", c.join(",\n"))).collect();
    }
    let tree = if level.len() == 1 { level.pop().unwrap() } else { format!("(\n{},\n)", level.join(",\n")) };
    let _ = write!(
        s,
        "\n/// Every distinct static value, reified (one path: see `Each`).\n\
         static V: std::sync::LazyLock<Vec<Repr>> = std::sync::LazyLock::new(|| {{\n    let mut out = Vec::new();\n    <{tree} as Each>::push(&mut out);\n    out\n}});\n\
         fn v(i: usize) -> &'static Repr {{\n    &V[i]\n}}\n\n"
    );
}

/// The most elements of one tuple of [`one_path`]'s tree.
const FANOUT: usize = 16;

pub(crate) fn emit(p: &Program, cases: &[(String, Kind)], bodies: Bodies) -> String {
    let mut s = String::with_capacity(256 * cases.len() + 4096);
    let _ = write!(
        s,
        "//! Generated by `tycute vectors rust`: {} cases ({} distinct values) evaluated at the type\n\
         //! level. Every value is computed by the trait solver; `main` prints the reified constants.\n\
         //! A case that the type level rejects fails to compile at its `type` line / `const R..` line\n\
         //! (or the line of the function that prints it).\n\
         #![allow(non_camel_case_types, dead_code, clippy::all)]\n\n\
         use tycute::repr::{{format_repr, FlatFn, Repr}};\n\n",
        cases.len(),
        p.values.len() + p.funcs.len()
    );
    for (i, (t, _)) in p.types.iter().enumerate() {
        let _ = writeln!(s, "type T{i} = {t};");
    }
    // One item per value: rustc reports one error per distinct failing bound and body, so a
    // body per value makes every rejected case show up (and point at its own line).
    s.push('\n');
    if bodies == Bodies::PerValue {
        for (i, t) in p.values.iter().enumerate() {
            let _ = writeln!(s, "const R{i}: &Repr = &<T{t} as tycute::Reify>::REPR;");
        }
    }
    match bodies {
        Bodies::PerValue => {
            let _ = write!(s, "\n/// Every distinct static value, reified.\nstatic V: [&Repr; {}] = [", p.values.len());
            for i in 0..p.values.len() {
                if i % 16 == 0 {
                    s.push_str("\n   ");
                }
                let _ = write!(s, " R{i},");
            }
            s.push_str("\n];\nfn v(i: usize) -> &'static Repr {\n    V[i]\n}\n\n");
        }
        Bodies::OneBody => one_path(&mut s, &p.values),
    }
    for (i, body) in p.funcs.iter().enumerate() {
        let _ = writeln!(s, "fn f{i}() -> String {{ {body} }}");
    }
    let _ = write!(s, "/// Results that are not a single static value (functions of a static value).\nstatic F: [fn() -> String; {}] = [", p.funcs.len());
    for i in 0..p.funcs.len() {
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
            0 => format_repr(v(i)),
            1 => join(FlatFn::from_repr(v(i)).map(|f| f.table()).unwrap_or_default()),
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

