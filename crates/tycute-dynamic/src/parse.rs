//! A parser for exactly the text `cute::print` writes.
//!
//! Grammar (no whitespace, except the ` o ` separators of composed layouts):
//! ```text
//! value    := 'counting_iter(' INT ')' ' o ' layoutish        tensor over a counting iterator
//!           | func [' o ' offset ' o ' func]                 swizzle / layout / composed layout
//!           | term
//! func     := 'Sw<' INT ',' INT ',' INT '>' | term            (the term must be a layout)
//! offset   := 'smem_ptr[' NAT 'b](unset)' | 'M_' NAT '|(' NAT '&' NAT ')=' NAT | int
//! term     := '_'                                             underscore
//!           | int [':' term]                                  integer or integer layout
//!           | '(' [term (',' term)*] ')' [':' term]           tuple, tiler or layout
//! int      := '_' '-'? DIGITS  (static)  |  '-'? DIGITS  (dynamic)
//! ```
//! A `shape:stride` pair must be congruent and made of integers only. A tuple holding layouts or
//! `_` is a tiler. Nesting is limited to [`MAX_DEPTH`] levels and integers to `i64`; every
//! error names the byte position and what was expected, and no input makes the parser panic
//! (see the proptest fuzzing in this file's tests).
//!
//! The lenient mode (used by the CLI's expression syntax) also skips ASCII whitespace between
//! tokens.

use crate::basis::{BasisLayout, BasisStride};
use crate::error::{Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::{MixedBits, Swizzle};
use crate::value::{AnyLayout, ComposedLayout, Func, Offset, Tiler, Value};
use std::str::FromStr;

/// Maximum nesting depth of parentheses.
pub const MAX_DEPTH: usize = 64;

#[derive(Clone, Debug)]
enum Node {
    Under,
    Int(Int),
    /// `v@i@j`: a scaled basis stride (path stored outermost first).
    Basis(Int, Vec<usize>),
    Tuple(Vec<Node>),
    Layout(Layout),
    BasisLayout(BasisLayout),
}

impl Node {
    fn to_int_tuple(&self) -> Option<IntTuple> {
        match self {
            Node::Int(i) => Some(IntTuple::Int(*i)),
            Node::Tuple(v) => v
                .iter()
                .map(|n| n.to_int_tuple())
                .collect::<Option<Vec<_>>>()
                .map(IntTuple::Tuple),
            _ => None,
        }
    }
    fn to_basis(&self) -> Option<BasisStride> {
        match self {
            Node::Int(i) => Some(BasisStride::Leaf {
                value: *i,
                path: Vec::new(),
            }),
            Node::Basis(i, p) => Some(BasisStride::Leaf {
                value: *i,
                path: p.clone(),
            }),
            Node::Tuple(v) => v
                .iter()
                .map(|n| n.to_basis())
                .collect::<Option<Vec<_>>>()
                .map(BasisStride::Tuple),
            _ => None,
        }
    }
    fn has_basis(&self) -> bool {
        match self {
            Node::Basis(..) => true,
            Node::Tuple(v) => v.iter().any(|n| n.has_basis()),
            _ => false,
        }
    }
    fn to_tiler(&self) -> Tiler {
        match self {
            Node::Under => Tiler::Underscore,
            Node::Int(i) => Tiler::Int(*i),
            Node::Layout(l) => Tiler::Layout(l.clone()),
            Node::Basis(i, _) => Tiler::Int(*i),
            // unreachable: `to_value` refuses basis layouts inside tuples
            Node::BasisLayout(_) => Tiler::Underscore,
            Node::Tuple(v) => Tiler::Tuple(v.iter().map(|n| n.to_tiler()).collect()),
        }
    }
    fn to_value(&self) -> Result<Value> {
        if self.has_basis() || self.has_basis_layout_inside() {
            return Err(Error::parse(
                "parse error: a scaled basis v@i is only allowed as a layout stride",
            ));
        }
        Ok(match self {
            Node::Under => Value::Underscore,
            Node::Layout(l) => Value::Layout(l.clone()),
            Node::BasisLayout(b) => Value::BasisLayout(b.clone()),
            _ => match self.to_int_tuple() {
                Some(t) => Value::IntTuple(t),
                None => Value::Tiler(self.to_tiler()),
            },
        })
    }
    fn has_basis_layout_inside(&self) -> bool {
        match self {
            Node::Tuple(v) => v
                .iter()
                .any(|n| matches!(n, Node::BasisLayout(_)) || n.has_basis_layout_inside()),
            _ => false,
        }
    }
}

/// Recursive-descent parser over the bytes of one value.
pub struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    lenient: bool,
    depth: usize,
}

impl<'a> Parser<'a> {
    /// A parser for `text`; `lenient` allows whitespace between tokens.
    pub fn new(text: &'a str, lenient: bool) -> Self {
        Parser {
            s: text.as_bytes(),
            pos: 0,
            lenient,
            depth: 0,
        }
    }

    fn err(&self, what: &str) -> Error {
        let found = match self.s.get(self.pos) {
            None => "end of input".to_string(),
            Some(_) => {
                let rest = String::from_utf8_lossy(&self.s[self.pos..]);
                let snippet: String = rest.chars().take(12).collect();
                format!("'{snippet}'")
            }
        };
        Error::parse(format!(
            "parse error at byte {}: expected {what}, found {found}",
            self.pos
        ))
    }

    fn ws(&mut self) {
        if self.lenient {
            while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn starts(&self, lit: &str) -> bool {
        self.s[self.pos..].starts_with(lit.as_bytes())
    }

    fn eat(&mut self, lit: &str) -> bool {
        self.ws();
        if self.starts(lit) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, lit: &str) -> Result<()> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.err(&format!("'{lit}'")))
        }
    }

    /// ` o ` separator (strict) or whitespace-`o`-whitespace (lenient).
    fn eat_compose_sep(&mut self) -> bool {
        if self.lenient {
            let save = self.pos;
            self.ws();
            if self.peek() == Some(b'o') && self.pos > save {
                let after = self.s.get(self.pos + 1).copied();
                if after.is_none_or(|c| c.is_ascii_whitespace()) {
                    self.pos += 1;
                    self.ws();
                    return true;
                }
            }
            self.pos = save;
            false
        } else if self.starts(" o ") {
            self.pos += 3;
            true
        } else {
            false
        }
    }

    fn digits(&mut self) -> Result<i64> {
        let start = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.err("digits"));
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).map_err(|_| self.err("digits"))?;
        if text.len() > 1 && text.starts_with('0') {
            return Err(Error::parse(format!(
                "parse error at byte {start}: integer {text} has a leading zero"
            )));
        }
        text.parse::<i64>().map_err(|_| {
            Error::parse(format!(
                "parse error at byte {start}: integer {text} does not fit in 64 bits"
            ))
        })
    }

    fn signed(&mut self) -> Result<i64> {
        let neg = if self.peek() == Some(b'-') {
            self.pos += 1;
            true
        } else {
            false
        };
        let at = self.pos;
        let v = self.digits()?;
        if neg && v == 0 {
            return Err(Error::parse(format!(
                "parse error at byte {at}: negative zero"
            )));
        }
        Ok(if neg { -v } else { v })
    }

    /// `int ('@' NAT)*`: an integer, or a scaled basis stride `v@i@j` (innermost index first).
    fn int_or_basis(&mut self) -> Result<Node> {
        let i = self.int()?;
        let mut path = Vec::new();
        while self.peek() == Some(b'@') {
            self.pos += 1;
            let at = self.pos;
            let p = self.digits()?;
            path.push(usize::try_from(p).ok().filter(|&p| p < 64).ok_or_else(|| {
                Error::parse(format!(
                    "parse error at byte {at}: basis index {p} out of range"
                ))
            })?);
        }
        if path.is_empty() {
            Ok(Node::Int(i))
        } else {
            path.reverse();
            Ok(Node::Basis(i, path))
        }
    }

    /// `int := '_' '-'? DIGITS | '-'? DIGITS`
    fn int(&mut self) -> Result<Int> {
        self.ws();
        if self.peek() == Some(b'_') {
            self.pos += 1;
            Ok(Int::st(self.signed()?))
        } else {
            Ok(Int::dy(self.signed()?))
        }
    }

    fn term(&mut self) -> Result<Node> {
        self.ws();
        let node = match self.peek() {
            Some(b'(') => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(Error::parse(format!(
                        "parse error at byte {}: nesting deeper than {MAX_DEPTH} levels",
                        self.pos
                    )));
                }
                self.pos += 1;
                let mut elems = Vec::new();
                if !self.eat(")") {
                    loop {
                        elems.push(self.term()?);
                        if self.eat(",") {
                            continue;
                        }
                        self.expect(")")?;
                        break;
                    }
                }
                self.depth -= 1;
                Node::Tuple(elems)
            }
            Some(b'_') => {
                let next = self.s.get(self.pos + 1).copied();
                if next.is_some_and(|c| c.is_ascii_digit() || c == b'-') {
                    self.int_or_basis()?
                } else {
                    self.pos += 1;
                    Node::Under
                }
            }
            Some(c) if c.is_ascii_digit() || c == b'-' => self.int_or_basis()?,
            _ => return Err(self.err("an integer, '_' or '('")),
        };
        self.ws();
        if self.peek() == Some(b':') {
            let colon = self.pos;
            self.pos += 1;
            let shape = node.to_int_tuple().ok_or_else(|| {
                Error::parse(format!(
                    "parse error at byte {colon}: a layout's shape must be integers only"
                ))
            })?;
            let stride_node = self.term()?;
            if stride_node.has_basis() {
                let stride = stride_node.to_basis().ok_or_else(|| {
                    Error::parse(format!(
                        "parse error at byte {}: a layout's stride must be integers only",
                        colon + 1
                    ))
                })?;
                if !stride.congruent(&shape) {
                    return Err(Error::parse(format!(
                        "parse error at byte {colon}: shape {shape} and stride {stride} are not congruent"
                    )));
                }
                return Ok(Node::BasisLayout(BasisLayout { shape, stride }));
            }
            let stride = stride_node.to_int_tuple().ok_or_else(|| {
                Error::parse(format!(
                    "parse error at byte {}: a layout's stride must be integers only",
                    colon + 1
                ))
            })?;
            if !shape.congruent(&stride) {
                return Err(Error::parse(format!(
                    "parse error at byte {colon}: shape {shape} and stride {stride} are not congruent"
                )));
            }
            return Ok(Node::Layout(Layout::raw(shape, stride)));
        }
        Ok(node)
    }

    fn swizzle(&mut self) -> Result<Swizzle> {
        self.expect("Sw<")?;
        let b = self.signed_ws()?;
        self.expect(",")?;
        let m = self.signed_ws()?;
        self.expect(",")?;
        let s = self.signed_ws()?;
        self.expect(">")?;
        let small = |v: i64| {
            i32::try_from(v)
                .map_err(|_| Error::parse(format!("swizzle parameter {v} out of range")))
        };
        // a well-formed `Sw<B,M,S>` whose parameters break CuTe's static_asserts is a rejection
        // (as at the type level), not a parse error
        Swizzle::new(small(b)?, small(m)?, small(s)?)
    }

    fn signed_ws(&mut self) -> Result<i64> {
        self.ws();
        self.signed()
    }

    fn func(&mut self) -> Result<Value> {
        self.ws();
        if self.starts("Sw<") {
            Ok(Value::Swizzle(self.swizzle()?))
        } else {
            self.term()?.to_value()
        }
    }

    fn offset(&mut self) -> Result<Offset> {
        self.ws();
        if self.eat("smem_ptr[") {
            let bits = self.digits()?;
            self.expect("b](unset)")?;
            return Ok(Offset::SmemPtr(bits));
        }
        if self.eat("M_") {
            let at = self.pos;
            let sbits = self.u32()?;
            self.expect("|(")?;
            let d = self.u32()?;
            self.expect("&")?;
            let f = self.u32()?;
            self.expect(")=")?;
            let v = self.u32()?;
            let m = MixedBits {
                static_bits: sbits,
                dynamic: d,
                flags: f,
            };
            if m.value() != v {
                return Err(Error::parse(format!(
                    "parse error at byte {at}: MixedBits value {v} is not {sbits}|({d}&{f}) = {}",
                    m.value()
                )));
            }
            return Ok(Offset::Mixed(m));
        }
        Ok(Offset::Int(self.int()?))
    }

    fn u32(&mut self) -> Result<u32> {
        let at = self.pos;
        let v = self.digits()?;
        u32::try_from(v).map_err(|_| {
            Error::parse(format!(
                "parse error at byte {at}: {v} is not a 32-bit unsigned"
            ))
        })
    }

    fn value_to_func(&self, v: Value, at: usize) -> Result<Func> {
        match v {
            Value::Swizzle(s) => Ok(Func::Swizzle(s)),
            Value::Layout(l) => Ok(Func::Layout(l)),
            other => Err(Error::parse(format!(
                "parse error at byte {at}: a composed layout's functions must be swizzles or layouts, got {other}"
            ))),
        }
    }

    /// `value` (see the module grammar).
    pub fn value(&mut self) -> Result<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::parse(format!(
                "parse error at byte {}: nesting deeper than {MAX_DEPTH} levels",
                self.pos
            )));
        }
        let v = self.value_inner();
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self) -> Result<Value> {
        self.ws();
        if self.eat("counting_iter(") {
            let base = self.signed_ws()?;
            self.expect(")")?;
            if !self.eat_compose_sep() {
                return Err(self.err("' o '"));
            }
            let at = self.pos;
            let inner = self.value()?;
            let layout = match inner {
                Value::Layout(l) => AnyLayout::Plain(l),
                Value::Composed(c) => AnyLayout::Composed(c),
                other => {
                    return Err(Error::parse(format!(
                        "parse error at byte {at}: a tensor needs a layout, got {other}"
                    )))
                }
            };
            return Ok(Value::Tensor {
                base: Int::dy(base),
                layout,
            });
        }
        let at = self.pos;
        let first = self.func()?;
        if !self.eat_compose_sep() {
            return Ok(first);
        }
        let a = self.value_to_func(first, at)?;
        let offset = self.offset()?;
        if !self.eat_compose_sep() {
            return Err(self.err("' o ' after the offset"));
        }
        let at_b = self.pos;
        let second = self.func()?;
        let b = self.value_to_func(second, at_b)?;
        Ok(Value::Composed(ComposedLayout { a, offset, b }))
    }

    /// Parse a complete value: trailing input is an error.
    pub fn finish(mut self) -> Result<Value> {
        let v = self.value()?;
        self.ws();
        if self.pos != self.s.len() {
            return Err(self.err("end of input"));
        }
        Ok(v)
    }
}

/// Parse one value in strict CuTe print syntax.
pub fn parse_value(text: &str) -> Result<Value> {
    Parser::new(text, false).finish()
}

/// Parse one value allowing whitespace between tokens.
pub fn parse_value_lenient(text: &str) -> Result<Value> {
    Parser::new(text, true).finish()
}

impl FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value> {
        parse_value(s)
    }
}

impl FromStr for IntTuple {
    type Err = Error;
    fn from_str(s: &str) -> Result<IntTuple> {
        match parse_value(s)? {
            Value::IntTuple(t) => Ok(t),
            other => Err(Error::parse(format!("expected an IntTuple, got {other}"))),
        }
    }
}

impl FromStr for Layout {
    type Err = Error;
    fn from_str(s: &str) -> Result<Layout> {
        match parse_value(s)? {
            Value::Layout(l) => Ok(l),
            other => Err(Error::parse(format!(
                "expected a layout 'shape:stride', got {other}"
            ))),
        }
    }
}

impl FromStr for Tiler {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tiler> {
        parse_value(s)?.to_tiler()
    }
}

impl FromStr for Swizzle {
    type Err = Error;
    fn from_str(s: &str) -> Result<Swizzle> {
        match parse_value(s)? {
            Value::Swizzle(sw) => Ok(sw),
            other => Err(Error::parse(format!(
                "expected a swizzle 'Sw<B,M,S>', got {other}"
            ))),
        }
    }
}

impl FromStr for ComposedLayout {
    type Err = Error;
    fn from_str(s: &str) -> Result<ComposedLayout> {
        match parse_value(s)? {
            Value::Composed(c) => Ok(c),
            other => Err(Error::parse(format!(
                "expected a composed layout 'A o offset o B', got {other}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        assert_eq!("_8".parse::<IntTuple>().unwrap(), IntTuple::st(8));
        assert_eq!(
            "(_8)".parse::<IntTuple>().unwrap(),
            IntTuple::tuple(vec![IntTuple::st(8)])
        );
        assert_ne!(
            "(_8)".parse::<IntTuple>().unwrap(),
            "_8".parse::<IntTuple>().unwrap()
        );
        assert_eq!("_-1".parse::<IntTuple>().unwrap(), IntTuple::st(-1));
        assert_eq!("-3".parse::<IntTuple>().unwrap(), IntTuple::dy(-3));
        let l: Layout = "(_4,(_2,_3)):(_1,(_4,_8))".parse().unwrap();
        assert_eq!(l.rank(), 2);
        assert!(matches!(
            "(_,_2)".parse::<Value>().unwrap(),
            Value::Tiler(_)
        ));
        assert!(matches!("_".parse::<Value>().unwrap(), Value::Underscore));
        assert!(matches!(
            "(_8:_1,(_4,_2):(_2,_1))".parse::<Value>().unwrap(),
            Value::Tiler(_)
        ));
    }

    #[test]
    fn errors_name_the_position() {
        let e = "(_4,_2):(_1)".parse::<Layout>().unwrap_err();
        assert!(e.message.contains("not congruent"), "{e}");
        let e = "(_4,_2".parse::<Layout>().unwrap_err();
        assert!(e.message.contains("byte 6"), "{e}");
        let e = "(_4,x)".parse::<IntTuple>().unwrap_err();
        assert!(e.message.contains("byte 4"), "{e}");
        assert!("99999999999999999999".parse::<IntTuple>().is_err());
        assert!("Sw<3,3,1>".parse::<Value>().is_err());
        assert!("Sw<3,3,3> o 0".parse::<Value>().is_err());
        let deep = "(".repeat(10_000);
        assert!(deep.parse::<Value>().is_err());
        let tensors = "counting_iter(0) o ".repeat(10_000);
        assert!(tensors.parse::<Value>().is_err());
        assert!("_9223372036854775807:_-1".parse::<Value>().is_ok());
        assert!("M_1|(2&2)=5".parse::<Value>().is_err());
    }

    #[test]
    fn lenient() {
        let v = parse_value_lenient(" ( _8 , _8 ) : ( _8 , _1 ) ").unwrap();
        assert_eq!(v.to_string(), "(_8,_8):(_8,_1)");
        let v = parse_value_lenient("Sw<3,3,3>  o  _0 o (_8,_64):(_64,_1)").unwrap();
        assert_eq!(v.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    }

    // Fuzzing: the parser is run on (1) arbitrary strings, (2) strings over the alphabet of the
    // print syntax (`_0123456789-(),:<>Sw o smem_ptr[b](unset)M|&=`), (3) valid layouts with
    // one byte mutated or the string truncated. Every run must return (never panic), and every
    // accepted value must print back to the exact input (round trip).
    fn syntax_string() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("_"),
                Just("0"),
                Just("1"),
                Just("8"),
                Just("-"),
                Just("("),
                Just(")"),
                Just(","),
                Just(":"),
                Just("Sw<"),
                Just(">"),
                Just(" o "),
                Just("smem_ptr[16b](unset)"),
                Just("M_"),
                Just("|("),
                Just("&"),
                Just(")="),
                Just("counting_iter("),
                Just("_4"),
                Just("_2"),
                Just("3"),
            ],
            0..40,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: crate::testing::fuzz_cases(2000), ..ProptestConfig::default() })]
        #[test]
        fn never_panics_on_any_string(s in ".{0,64}") {
            let _ = parse_value(&s);
            let _ = parse_value_lenient(&s);
        }

        #[test]
        fn syntax_strings_roundtrip_or_error(s in syntax_string()) {
            if let Ok(v) = parse_value(&s) {
                prop_assert_eq!(v.to_string(), s);
            }
        }

        #[test]
        fn mutated_layouts(pos in 0usize..40, byte in 0u8..128, cut in 0usize..40) {
            let base = "Sw<3,3,3> o _0 o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))";
            let mut bytes = base.as_bytes().to_vec();
            let p = pos % bytes.len();
            bytes[p] = byte;
            if let Ok(s) = String::from_utf8(bytes) {
                if let Ok(v) = parse_value(&s) { prop_assert_eq!(v.to_string(), s); }
            }
            let t = &base[..cut.min(base.len())];
            if let Ok(v) = parse_value(t) { prop_assert_eq!(v.to_string(), t); }
        }
    }
}

/// Basis layouts (`(_2,_4):(_1@1,_1@0)`) parse and print back, and compose with layouts.
#[cfg(test)]
mod basis_tests {
    use crate::basis::*;
    use crate::int::Int;
    use crate::layout::Layout;
    use crate::value::Value;

    fn b(s: &str) -> BasisLayout {
        match s.parse::<Value>().unwrap() {
            Value::BasisLayout(b) => b,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn parse_print() {
        assert_eq!(
            b("(_2,_4):(_1@1@1,_1@0)").to_string(),
            "(_2,_4):(_1@1@1,_1@0)"
        );
        assert_eq!(
            b("(_2,_4):(_1@1@0,_1@0)").stride,
            BasisStride::Tuple(vec![
                BasisStride::Leaf {
                    value: Int::st(1),
                    path: vec![0, 1]
                },
                BasisStride::Leaf {
                    value: Int::st(1),
                    path: vec![0]
                },
            ])
        );
    }

    #[test]
    fn compositions() {
        let a: Layout = "(_4,_4):(_4,_1)".parse().unwrap();
        assert_eq!(
            composition_basis(&a, &b("(_4,_4):(_1@1,_1@0)"))
                .unwrap()
                .to_string(),
            "(_4,_4):(_1,_4)"
        );
        let a: Layout = "(_4,(_2,_3)):(_6,(_3,_1))".parse().unwrap();
        assert_eq!(
            composition_basis(&a, &b("(_2,_4):(_1@1@1,_1@0)"))
                .unwrap()
                .to_string(),
            "(_2,_4):(_1,_6)"
        );
    }
}
