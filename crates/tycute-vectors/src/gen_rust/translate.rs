//! One case: a vector op and its textual arguments → the Rust type (or expression) that
//! evaluates it, with CuTe names qualified by the rule of `tycute-names`.

use super::table::{Arg, Form, Op, OPS};
use tycute_names as names;


/// The Rust type (or expression) of `op args`, with its form.
pub(crate) fn translate(op_name: &str, args: &[&str]) -> Result<(String, Form), String> {
    let (base, targs) = split_template(op_name)?;
    let rows: Vec<&Op> = OPS.iter().filter(|o| o.name == base).collect();
    if rows.is_empty() {
        return Err(format!("op {op_name} is not supported at the type level (unknown op)"));
    }
    let mut first_err = None;
    for row in rows.iter().filter(|r| r.targs.len() == targs.len() && r.args.len() == args.len()) {
        let t: Result<Vec<String>, String> = row.targs.iter().zip(&targs).map(|(k, a)| emit_arg(*k, a)).collect();
        let a: Result<Vec<String>, String> = row.args.iter().zip(args).map(|(k, a)| emit_arg(*k, a)).collect();
        match (t, a) {
            (Ok(t), Ok(a)) => {
                let template = match row.form {
                    Form::Type(x) | Form::Text(x) | Form::List(x) | Form::Dyn(x) | Form::Row(x) => x,
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
                "op {op_name} with {} argument(s) and {} template argument(s) is not supported at the type level (forms: {})",
                args.len(),
                targs.len(),
                arities.join("; ")
            )
        }
    })
}

/// `recast_layout<uint8_t,half_t>` → (`recast_layout`, [`uint8_t`, `half_t`]). Nested `<>` in
/// template arguments are kept together.
pub(crate) fn split_template(op: &str) -> Result<(&str, Vec<&str>), String> {
    let Some(lt) = op.find('<') else { return Ok((op, Vec::new())) };
    let inner = op[lt + 1..].strip_suffix('>').ok_or_else(|| format!("op {op}: unbalanced `<...>` in the op name"))?;
    Ok((&op[..lt], split_top(inner, ',')?))
}

/// Splits at `sep` outside of `<>`/`()`/`[]`.
pub(crate) fn split_top(s: &str, sep: char) -> Result<Vec<&str>, String> {
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
pub(crate) fn fill(template: &str, t: &[String], a: &[String]) -> String {
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

pub(crate) fn emit_arg(kind: Arg, a: &str) -> Result<String, String> {
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
        Arg::SwVal => {
            if !a.starts_with("Sw<") {
                return Err(format!("`{a}` is not a swizzled layout"));
            }
            emit_arg(Arg::Val, a)
        }
        Arg::Thr => match a.strip_prefix("thr=").filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            Some(n) => Ok(format!("tycute::cute!(_{n})")),
            None => Err(format!("`{a}` is not a thread index `thr=N`")),
        },
        Arg::MmaAtom => mma_atom(a),
        Arg::CopyAtom => {
            if !a.trim_start().starts_with("Copy_Atom<") {
                return Err(format!("`{a}` is not a copy atom `Copy_Atom<Op,T>`"));
            }
            names::rust_type(a)
        }
        Arg::AtomName => {
            let t = names::rust_type(a)?;
            if t.is_empty() {
                return Err(format!("`{a}` is not a type name"));
            }
            Ok(t)
        }
        Arg::TiledMma => {
            // `ATOM,THR[,PERM]`
            let parts = split_top(a, ',')?;
            if !(2..=3).contains(&parts.len()) {
                return Err(format!("`{a}` is not a TiledMMA `ATOM,THR[,PERM]`"));
            }
            let atom = mma_atom(parts[0])?;
            let thr = layout_or_shape(parts[1])?;
            match parts.get(2) {
                Some(p) => Ok(format!("tycute::tiled::MakeTiledMma<{atom}, {thr}, {}>", emit_arg(Arg::Val, p)?)),
                None => Ok(format!("tycute::tiled::MakeTiledMma<{atom}, {thr}>")),
            }
        }
        Arg::TiledCopy => {
            // `make_tiled_copy(ATOM,THR,VAL)`
            let inner = a
                .strip_prefix("make_tiled_copy(")
                .and_then(|r| r.strip_suffix(')'))
                .ok_or_else(|| format!("`{a}` is not `make_tiled_copy(ATOM,THR,VAL)`"))?;
            let parts = split_top(inner, ',')?;
            if parts.len() != 3 {
                return Err(format!("`{a}` is not `make_tiled_copy(ATOM,THR,VAL)`"));
            }
            Ok(format!(
                "tycute::tiled::copy::MakeTiledCopy<{}, {}, {}>",
                emit_arg(Arg::CopyAtom, parts[0])?,
                emit_arg(Arg::Val, parts[1])?,
                emit_arg(Arg::Val, parts[2])?
            ))
        }
    }
}

/// An MMA atom: `MMA_Atom<OP>`, or the operation `OP` that CuTe wraps in `MMA_Atom<OP>`.
pub(crate) fn mma_atom(a: &str) -> Result<String, String> {
    let a = a.trim();
    if a.starts_with("Copy_Atom<") || a.starts_with('(') || a.starts_with('_') {
        return Err(format!("`{a}` is not an MMA atom"));
    }
    let t = names::rust_type(a)?;
    if t.is_empty() {
        return Err(format!("`{a}` is not an MMA atom"));
    }
    if a.starts_with("MMA_Atom<") {
        Ok(t)
    } else {
        Ok(format!("tycute::atom::MMA_Atom<{t}>"))
    }
}

/// A layout, or a shape `S` as the layout `make_layout(S)`.
pub(crate) fn layout_or_shape(a: &str) -> Result<String, String> {
    let v = emit_arg(Arg::Val, a)?;
    let is_layout = split_top(a, ':').map(|p| p.len() == 2).unwrap_or(false);
    Ok(if is_layout { v } else { format!("tycute::MakeLayoutLeft<{v}>") })
}

pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let d = s.strip_prefix('-').unwrap_or(s);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

pub(crate) fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f.is_ascii_alphabetic() || f == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `_`, `_8`, `_12` are CuTe values, not labels.
pub(crate) fn looks_like_value(s: &str) -> bool {
    s == "_" || s.strip_prefix('_').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// `Layout_K_SW32_Atom<half_t>` → `tycute::Layout_K_SW32_Atom<tycute::half_t>`.
pub(crate) fn type_path(s: &str) -> Result<String, String> {
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
pub(crate) fn check_value(s: &str) -> Result<(), String> {
    let mut p = ValueParser { s: s.as_bytes(), pos: 0 };
    p.value()?;
    if p.pos != p.s.len() {
        return Err(format!("unexpected `{}` at offset {}", &s[p.pos..], p.pos));
    }
    Ok(())
}

pub(crate) struct ValueParser<'a> {
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
