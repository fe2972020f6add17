//! `cute!(...)`: CuTe's printed text, written where a type goes.
//!
//! Accepts exactly what `cute::print` writes — `_4`, `(_4,(_2,_2)):(_1,(_4,_8))`, `(_16,_64)`,
//! `(_8:_1,(_4,_2):(_2,_1))`, `(_,_2)`, `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`,
//! `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)` — and plain integers (`2`, `-1`) as
//! static values. The expansion names `::tycute::__private::*` types: typenum integers,
//! `Tup`/`Nil` tuples, `Layout`, `Underscore`, `Swizzle`, `ComposedLayout`, `SmemPtr`.
//!
//! Malformed text is a compile error pointing at the offending token.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

#[proc_macro]
pub fn cute(input: TokenStream) -> TokenStream {
    let toks: Vec<TokenTree> = input.into_iter().collect();
    let mut p = Parser { toks, pos: 0 };
    match p.value().and_then(|v| p.end().map(|_| v)) {
        Ok(ts) => ts.parse().expect("tycute-macros: generated invalid tokens"),
        Err((span, msg)) => compile_error(span, &msg),
    }
}

type PResult<T> = Result<T, (Span, String)>;

struct Parser {
    toks: Vec<TokenTree>,
    pos: usize,
}

const P: &str = "::tycute::__private::";

impl Parser {
    fn peek(&self) -> Option<&TokenTree> {
        self.toks.get(self.pos)
    }
    fn span(&self) -> Span {
        self.peek().map(|t| t.span()).unwrap_or_else(Span::call_site)
    }
    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err((self.span(), msg.into()))
    }
    fn next(&mut self) -> Option<TokenTree> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }
    fn is_ident(&self, s: &str) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(i)) if i.to_string() == s)
    }
    fn end(&self) -> PResult<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => self.err("cute!: unexpected token after the value"),
        }
    }

    /// value := item [`o` item `o` item]
    fn value(&mut self) -> PResult<String> {
        let first = self.item()?;
        if self.is_ident("o") {
            self.pos += 1;
            let offset = self.item()?;
            if !self.is_ident("o") {
                return self.err("cute!: expected `o` in a composed layout `A o offset o B`");
            }
            self.pos += 1;
            let inner = self.item()?;
            return Ok(format!("{P}ComposedLayout<{first}, {offset}, {inner}>"));
        }
        Ok(first)
    }

    /// item := `Sw<b,m,s>` | `smem_ptr[Nb](unset)` | term [`:` term]
    fn item(&mut self) -> PResult<String> {
        if self.is_ident("Sw") {
            return self.swizzle();
        }
        if self.is_ident("smem_ptr") {
            return self.smem_ptr();
        }
        let shape = self.term()?;
        if self.is_punct(':') {
            self.pos += 1;
            let stride = self.term()?;
            return Ok(format!("{P}Layout<{shape}, {stride}>"));
        }
        Ok(shape)
    }

    /// term := scalar {`@` N}   (a scaled basis `_1@1@0`: CuTe's `ScaledBasis`, printed innermost
    /// index last)
    fn term(&mut self) -> PResult<String> {
        let scalar = self.scalar()?;
        if !self.is_punct('@') {
            return Ok(scalar);
        }
        let mut printed = Vec::new();
        while self.is_punct('@') {
            self.pos += 1;
            printed.push(self.literal_int()? as i128);
        }
        // CuTe prints the indices of `ScaledBasis<T, I0, I1, ...>` last-first; the type keeps them
        // in the order they are applied (`I0` selects the top-level mode).
        let mut path = format!("{P}Nil");
        for i in printed.iter() {
            path = format!("{P}Tup<{}, {path}>", int_type(*i));
        }
        Ok(format!("{P}ScaledBasis<{scalar}, {path}>"))
    }

    /// scalar := `_` | `_N` | `_-N` | `N` | `-N` | `(` [value {`,` value}] `)`
    fn scalar(&mut self) -> PResult<String> {
        match self.peek().cloned() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                self.pos += 1;
                self.tuple(&g)
            }
            Some(TokenTree::Ident(i)) => {
                let s = i.to_string();
                self.pos += 1;
                if s == "_" {
                    if self.is_punct('-') {
                        self.pos += 1;
                        let n = self.literal_int()?;
                        return Ok(int_type(-(n as i128)));
                    }
                    return Ok(format!("{P}Underscore"));
                }
                match s.strip_prefix('_').and_then(|d| d.parse::<u64>().ok()) {
                    Some(n) => Ok(int_type(n as i128)),
                    None => Err((i.span(), format!("cute!: `{s}` is not a CuTe value (expected `_N`, `_`, `N`, a tuple, a layout or `Sw<B,M,S>`)"))),
                }
            }
            Some(TokenTree::Literal(_)) => Ok(int_type(self.literal_int()? as i128)),
            Some(TokenTree::Punct(p)) if p.as_char() == '-' => {
                self.pos += 1;
                Ok(int_type(-(self.literal_int()? as i128)))
            }
            Some(_) => self.err("cute!: expected an integer, `_`, or a tuple"),
            None => self.err("cute!: unexpected end of input, expected a value"),
        }
    }

    fn literal_int(&mut self) -> PResult<u64> {
        match self.next() {
            Some(TokenTree::Literal(l)) => {
                let s = l.to_string();
                s.parse::<u64>().map_err(|_| (l.span(), format!("cute!: `{s}` is not an integer")))
            }
            Some(t) => Err((t.span(), "cute!: expected an integer".into())),
            None => Err((Span::call_site(), "cute!: unexpected end of input, expected an integer".into())),
        }
    }

    fn tuple(&mut self, g: &Group) -> PResult<String> {
        let mut inner = Parser { toks: g.stream().into_iter().collect(), pos: 0 };
        let mut items = Vec::new();
        if inner.peek().is_some() {
            loop {
                items.push(inner.value()?);
                if inner.peek().is_none() {
                    break;
                }
                if !inner.is_punct(',') {
                    return inner.err("cute!: expected `,` or `)` in a tuple");
                }
                inner.pos += 1;
            }
        }
        let mut out = format!("{P}Nil");
        for it in items.iter().rev() {
            out = format!("{P}Tup<{it}, {out}>");
        }
        Ok(out)
    }

    fn swizzle(&mut self) -> PResult<String> {
        self.pos += 1; // Sw
        if !self.is_punct('<') {
            return self.err("cute!: expected `<` after `Sw`");
        }
        self.pos += 1;
        let mut v = [0i128; 3];
        for (k, slot) in v.iter_mut().enumerate() {
            let neg = self.is_punct('-');
            if neg {
                self.pos += 1;
            }
            let n = self.literal_int()? as i128;
            *slot = if neg { -n } else { n };
            let want = if k < 2 { ',' } else { '>' };
            if !self.is_punct(want) {
                return self.err(format!("cute!: expected `{want}` in `Sw<B,M,S>`"));
            }
            self.pos += 1;
        }
        Ok(format!("{P}Swizzle<{}, {}, {}>", int_type(v[0]), int_type(v[1]), int_type(v[2])))
    }

    fn smem_ptr(&mut self) -> PResult<String> {
        self.pos += 1; // smem_ptr
        let bits = match self.next() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                let s = g.stream().to_string();
                match s.trim().strip_suffix('b').and_then(|d| d.trim().parse::<u64>().ok()) {
                    Some(b) => b,
                    None => return Err((g.span(), format!("cute!: expected `[Nb]` (a bit width), found `[{s}]`"))),
                }
            }
            _ => return self.err("cute!: expected `[Nb]` after `smem_ptr`"),
        };
        match self.next() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis && g.stream().to_string() == "unset" => {}
            _ => return self.err("cute!: expected `(unset)` after `smem_ptr[Nb]`"),
        }
        Ok(format!("{P}SmemPtr<{}>", int_type(bits as i128)))
    }
}

/// The typenum type of a signed integer: `Z0`, `PInt<U>` or `NInt<U>`, `U` in binary.
fn int_type(n: i128) -> String {
    if n == 0 {
        return format!("{P}Z0");
    }
    let mut u = format!("{P}UTerm");
    let m = n.unsigned_abs();
    for bit in (0..128 - m.leading_zeros()).rev() {
        let b = if (m >> bit) & 1 == 1 { "B1" } else { "B0" };
        u = format!("{P}UInt<{u}, {P}{b}>");
    }
    if n > 0 {
        format!("{P}PInt<{u}>")
    } else {
        format!("{P}NInt<{u}>")
    }
}

fn compile_error(span: Span, msg: &str) -> TokenStream {
    let mut path: Vec<TokenTree> = vec![
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("core", span)),
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("compile_error", span)),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
    ];
    let mut lit = Literal::string(msg);
    lit.set_span(span);
    let mut g = Group::new(Delimiter::Parenthesis, TokenStream::from(TokenTree::Literal(lit)));
    g.set_span(span);
    path.push(TokenTree::Group(g));
    for t in path.iter_mut() {
        t.set_span(span);
    }
    path.into_iter().collect()
}
