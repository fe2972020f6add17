//! Reification: every static value carries its CuTe text as a `const` token stream ([`Repr`]),
//! computed by const evaluation from typenum's `Integer::I64` constants.
//!
//! Printing ([`show`]) and index tables ([`table`]) are ordinary run-time code over that constant:
//! one non-generic routine serves every type, so nothing is evaluated element by element in the
//! trait solver and nothing is monomorphized per layout beyond the constant itself.

use crate::int::{Int, Integer, NInt, NonZero, PInt, Unsigned, Z0};
use crate::tuple::{Nil, Tup};

/// Capacity of a [`Repr`] in tokens. The largest value in the vectors needs about 120.
pub const REPR_CAP: usize = 384;

// Token encoding: integers are stored as themselves; structure uses sentinels at the bottom of
// the i64 range, which no layout value reaches.
const OPEN: i64 = i64::MIN;
const CLOSE: i64 = i64::MIN + 1;
const UNDER: i64 = i64::MIN + 2;
const LAYOUT: i64 = i64::MIN + 3;
const SWIZZLE: i64 = i64::MIN + 4;
const COMPOSED: i64 = i64::MIN + 5;
const SMEM: i64 = i64::MIN + 6;
const SCALED: i64 = i64::MIN + 7;
const COUNTING: i64 = i64::MIN + 8;
const SENTINEL_MAX: i64 = i64::MIN + 16;

/// The CuTe text of a static value, as a constant token stream.
#[derive(Clone, Copy)]
pub struct Repr {
    len: usize,
    toks: [i64; REPR_CAP],
}

impl Repr {
    pub const EMPTY: Repr = Repr { len: 0, toks: [0; REPR_CAP] };

    const fn one(t: i64) -> Repr {
        let mut r = Repr::EMPTY;
        r.toks[0] = t;
        r.len = 1;
        r
    }
    /// A static integer `_n`.
    pub const fn int(n: i64) -> Repr {
        assert!(n > SENTINEL_MAX, "tycute: integer out of range");
        Repr::one(n)
    }
    /// `_` (CuTe's Underscore).
    pub const fn underscore() -> Repr {
        Repr::one(UNDER)
    }
    /// `a ++ b`.
    pub const fn concat(a: Repr, b: Repr) -> Repr {
        assert!(a.len + b.len <= REPR_CAP, "tycute: value too large to reify (raise REPR_CAP)");
        let mut r = a;
        let mut i = 0;
        while i < b.len {
            r.toks[a.len + i] = b.toks[i];
            i += 1;
        }
        r.len = a.len + b.len;
        r
    }
    /// `(items)`.
    pub const fn tuple(items: Repr) -> Repr {
        Repr::concat(Repr::concat(Repr::one(OPEN), items), Repr::one(CLOSE))
    }
    /// `shape:stride`.
    pub const fn layout(shape: Repr, stride: Repr) -> Repr {
        Repr::concat(Repr::concat(Repr::one(LAYOUT), shape), stride)
    }
    /// `Sw<b,m,s>`.
    pub const fn swizzle(b: i64, m: i64, s: i64) -> Repr {
        let mut r = Repr::one(SWIZZLE);
        r.toks[1] = b;
        r.toks[2] = m;
        r.toks[3] = s;
        r.len = 4;
        r
    }
    /// `a o offset o b`.
    pub const fn composed(a: Repr, offset: Repr, b: Repr) -> Repr {
        Repr::concat(Repr::concat(Repr::concat(Repr::one(COMPOSED), a), offset), b)
    }
    /// `smem_ptr[Nb](unset)`.
    pub const fn smem_ptr(bits: i64) -> Repr {
        Repr::concat(Repr::one(SMEM), Repr::int(bits))
    }
    /// `value@i@j...` (CuTe's `ScaledBasis`), `printed` the indices in print order.
    pub const fn scaled_basis(value: Repr, printed: Repr) -> Repr {
        let head = Repr::concat(Repr::one(SCALED), value);
        Repr::concat(Repr::concat(head, Repr::one(printed.len as i64)), printed)
    }
    /// `counting_iter(n) o layout`: a tensor over a counting iterator (CuTe's print of
    /// `make_tensor(counting_iterator<int>(n), layout)`, the form of a thread's partition).
    pub const fn counting(n: i64, layout: Repr) -> Repr {
        Repr::concat(Repr::concat(Repr::one(COUNTING), Repr::int(n)), layout)
    }
    /// The tokens.
    pub fn tokens(&self) -> &[i64] {
        &self.toks[..self.len]
    }
}

/// A static value with a CuTe text: integers, tuples, `_`, layouts, swizzles, composed layouts.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static value with a CuTe text (an integer, a tuple, `_`, a layout, a swizzle, a composed layout, a tensor over a counting iterator)",
    label = "not a static CuTe value"
)]
pub trait Reify {
    const REPR: Repr;
}

// One impl per sign, not a blanket `impl<N: Int> Reify for N`: with a blanket impl the trait
// solver weighs it against every other impl, and a rejected value (a `Sw<3,3,2>`, whose impl
// requires `ValidSwizzle`) reports only "Reify is not satisfied" instead of its rule.
impl Reify for Z0 {
    const REPR: Repr = Repr::int(0);
}
impl<U: Unsigned + NonZero> Reify for PInt<U>
where
    PInt<U>: Int,
{
    const REPR: Repr = Repr::int(<PInt<U> as Integer>::I64);
}
impl<U: Unsigned + NonZero> Reify for NInt<U>
where
    NInt<U>: Int,
{
    const REPR: Repr = Repr::int(<NInt<U> as Integer>::I64);
}
impl Reify for Nil {
    const REPR: Repr = Repr::tuple(Repr::EMPTY);
}
impl<H, T> Reify for Tup<H, T>
where
    Tup<H, T>: ReifyItems,
{
    const REPR: Repr = Repr::tuple(<Tup<H, T> as ReifyItems>::ITEMS);
}
/// The elements of a tuple, without the parentheses.
#[doc(hidden)]
pub trait ReifyItems {
    const ITEMS: Repr;
}
impl ReifyItems for Nil {
    const ITEMS: Repr = Repr::EMPTY;
}
impl<H: Reify, T: ReifyItems> ReifyItems for Tup<H, T> {
    const ITEMS: Repr = Repr::concat(H::REPR, T::ITEMS);
}

/// The values of a tuple of static values, in the tuple's order: `<(A, B) as ReifyEach>::REPRS`
/// is `[A::REPR, B::REPR]`. Code that reads many values off one configuration names them all in
/// one path with this trait rather than in one path apiece: rustc's borrow checker normalizes
/// the type of each path it is given apart from the others (and from the type check's cache),
/// so values that share their derivation's intermediates (a TiledMMA's, a TiledCopy's) cost one
/// derivation in one path and one per value in many (docs/perf.md, "Compile time").
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tuple of 1 to 64 static values with a CuTe text",
    label = "every element must be `Reify`"
)]
pub trait ReifyEach {
    /// Each element's [`Reify::REPR`].
    const REPRS: &'static [Repr];
}
// every arity from 64 down to 1: one impl, then the same for the tail
macro_rules! reify_each {
    () => {};
    ($head:ident $($tail:ident)*) => {
        impl<$head: Reify, $($tail: Reify),*> ReifyEach for ($head, $($tail,)*) {
            const REPRS: &'static [Repr] = &[$head::REPR, $($tail::REPR),*];
        }
        reify_each!($($tail)*);
    };
}
reify_each!(X0 X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13 X14 X15 X16 X17 X18 X19 X20 X21 X22 X23 X24 X25 X26 X27 X28 X29 X30 X31 X32 X33 X34 X35 X36 X37 X38 X39 X40 X41 X42 X43 X44 X45 X46 X47 X48 X49 X50 X51 X52 X53 X54 X55 X56 X57 X58 X59 X60 X61 X62 X63);

/// What [`show`] prints: the CuTe text of every [`Reify`] value, and of the objects whose
/// CuTe `print` spans lines (`TiledMMA`, `TiledCopy`, implemented in `tycute-tiled`).
#[diagnostic::on_unimplemented(
    message = "show: `{Self}` has no CuTe text (show prints static values, layouts, swizzles, composed layouts, tensors, TiledMMA and TiledCopy)",
    label = "cannot be shown"
)]
pub trait Show {
    /// The text CuTe's `print` writes for this value.
    fn text() -> String;
}
impl<T: Reify> Show for T {
    fn text() -> String {
        format_repr(&T::REPR)
    }
}

/// The CuTe text of a static value: `show::<cute!((_4,_2):(_2,_1))>() == "(_4,_2):(_2,_1)"`;
/// of a TiledMMA or TiledCopy, the lines CuTe's `print(tiled_mma)` / `print(tiled_copy)` write.
pub fn show<T: Show>() -> String {
    T::text()
}

/// The index table of a layout or composed layout: its value at every linear coordinate
/// `0 .. size`, coordinates mapped colexicographically (first mode fastest), as CuTe's
/// `Layout::operator()(int)`. For a tensor over a counting iterator (`counting_iter(N) o L`) it
/// is `N + L(i)`. Computed from the reified constants by ordinary code.
pub fn table<L: Reify>() -> Vec<i64> {
    L::REPR.table()
}

impl Repr {
    /// [`table`] of the value this constant stands for.
    pub fn table(&self) -> Vec<i64> {
        match FlatFn::from_repr(self) {
            Some(f) => f.table(),
            None => Vec::new(),
        }
    }

    /// [`show`] of the value this constant stands for.
    pub fn text(&self) -> String {
        format_repr(self)
    }
}

/// Writes a token stream as CuTe text.
pub fn format_repr(r: &Repr) -> String {
    let mut out = String::new();
    let toks = r.tokens();
    let mut pos = 0;
    while pos < toks.len() {
        write_value(toks, &mut pos, &mut out);
    }
    out
}

fn write_value(t: &[i64], pos: &mut usize, out: &mut String) {
    use core::fmt::Write;
    let tok = t[*pos];
    *pos += 1;
    match tok {
        OPEN => {
            out.push('(');
            let mut first = true;
            while t[*pos] != CLOSE {
                if !first {
                    out.push(',');
                }
                first = false;
                write_value(t, pos, out);
            }
            *pos += 1;
            out.push(')');
        }
        UNDER => out.push('_'),
        LAYOUT => {
            write_value(t, pos, out);
            out.push(':');
            write_value(t, pos, out);
        }
        SWIZZLE => {
            let _ = write!(out, "Sw<{},{},{}>", t[*pos], t[*pos + 1], t[*pos + 2]);
            *pos += 3;
        }
        COMPOSED => {
            write_value(t, pos, out);
            out.push_str(" o ");
            write_value(t, pos, out);
            out.push_str(" o ");
            write_value(t, pos, out);
        }
        SMEM => {
            let bits = t[*pos];
            *pos += 1;
            let _ = write!(out, "smem_ptr[{bits}b](unset)");
        }
        SCALED => {
            write_value(t, pos, out);
            let k = t[*pos] as usize;
            for i in 0..k {
                let _ = write!(out, "@{}", t[*pos + 1 + i]);
            }
            *pos += 1 + k;
        }
        COUNTING => {
            let n = t[*pos];
            *pos += 1;
            let _ = write!(out, "counting_iter({n}) o ");
            write_value(t, pos, out);
        }
        CLOSE => unreachable!("unbalanced Repr"),
        n => {
            let _ = write!(out, "_{n}");
        }
    }
}

/// A layout function flattened for evaluation: optional swizzle `Sw<b,m,s>`, an offset, and the
/// flat modes of the inner layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatFn {
    pub swizzle: Option<(i64, i64, i64)>,
    pub offset: i64,
    pub shape: Vec<i64>,
    pub stride: Vec<i64>,
}

impl FlatFn {
    /// The flat form of a reified layout or composed layout; `None` for other values.
    pub fn from_repr(r: &Repr) -> Option<FlatFn> {
        let t = r.tokens();
        let mut pos = 0;
        let f = flat_fn(t, &mut pos)?;
        (pos == t.len()).then_some(f)
    }
    pub fn size(&self) -> i64 {
        self.shape.iter().product()
    }
    /// The value at linear coordinate `i`.
    pub fn at(&self, mut i: i64) -> i64 {
        let mut v = self.offset;
        for (s, d) in self.shape.iter().zip(&self.stride) {
            v += (i % s) * d;
            i /= s;
        }
        match self.swizzle {
            Some((b, m, s)) => swizzle_apply(b, m, s, v),
            None => v,
        }
    }
    /// [`at`](Self::at) of every linear coordinate `0 .. size`. Built mode by mode (the table of
    /// the first `k` modes, then `shape[k] - 1` shifted copies of it): one addition per element
    /// instead of a division and a remainder per mode, which matters where this runs unoptimized
    /// (the kernel headers' build script evaluates thousands of tables).
    pub fn table(&self) -> Vec<i64> {
        let size = self.size();
        if size <= 0 {
            return Vec::new();
        }
        let mut t = Vec::with_capacity(size as usize);
        t.push(self.offset);
        for (&s, &d) in self.shape.iter().zip(&self.stride) {
            let n = t.len();
            for j in 1..s {
                let shift = j * d;
                t.extend_from_within(..n);
                t[n * j as usize..].iter_mut().for_each(|v| *v += shift);
            }
        }
        if let Some((b, m, s)) = self.swizzle {
            t.iter_mut().for_each(|v| *v = swizzle_apply(b, m, s, *v));
        }
        t
    }
}

/// CuTe's `Swizzle<B,M,S>` on an integer: `x ^ ((x & yyy_msk) >> S)` (a negative `S` shifts left).
pub const fn swizzle_apply(b: i64, m: i64, s: i64, x: i64) -> i64 {
    let bits = (1i64 << b) - 1;
    let yyy = bits << (m + if s > 0 { s } else { 0 });
    if s >= 0 {
        x ^ ((x & yyy) >> s)
    } else {
        x ^ ((x & yyy) << -s)
    }
}

fn leaves(t: &[i64], pos: &mut usize, out: &mut Vec<i64>) -> Option<()> {
    let tok = *t.get(*pos)?;
    *pos += 1;
    match tok {
        OPEN => {
            while *t.get(*pos)? != CLOSE {
                leaves(t, pos, out)?;
            }
            *pos += 1;
            Some(())
        }
        n if n > SENTINEL_MAX => {
            out.push(n);
            Some(())
        }
        _ => None,
    }
}

fn flat_fn(t: &[i64], pos: &mut usize) -> Option<FlatFn> {
    let tok = *t.get(*pos)?;
    *pos += 1;
    match tok {
        LAYOUT => {
            let (mut shape, mut stride) = (Vec::new(), Vec::new());
            leaves(t, pos, &mut shape)?;
            leaves(t, pos, &mut stride)?;
            (shape.len() == stride.len()).then_some(FlatFn { swizzle: None, offset: 0, shape, stride })
        }
        COUNTING => {
            // `counting_iter(n) o L`: n + L(i)
            let n = *t.get(*pos)?;
            if n <= SENTINEL_MAX {
                return None;
            }
            *pos += 1;
            let mut inner = flat_fn(t, pos)?;
            if inner.swizzle.is_some() {
                return None;
            }
            inner.offset += n;
            Some(inner)
        }
        COMPOSED => {
            // Only `Sw o offset o layout` has an integer table.
            if *t.get(*pos)? != SWIZZLE {
                return None;
            }
            let sw = (t[*pos + 1], t[*pos + 2], t[*pos + 3]);
            *pos += 4;
            let offset = *t.get(*pos)?;
            if offset <= SENTINEL_MAX {
                return None;
            }
            *pos += 1;
            let mut inner = flat_fn(t, pos)?;
            if inner.swizzle.is_some() || inner.offset != 0 {
                // a nested composed layout has no flat table (and is not a value of tycute)
                return None;
            }
            inner.swizzle = Some(sw);
            inner.offset = offset;
            Some(inner)
        }
        _ => None,
    }
}

/// A reified value as a tree: the structure of a [`Repr`]'s token stream, for code that turns a
/// type's value into another representation (the runtime twin's values, a header's arrays)
/// without going through its printed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReprNode {
    /// A static integer `_n`.
    Int(i64),
    /// `_`.
    Underscore,
    /// `(a,b,...)`.
    Tuple(Vec<ReprNode>),
    /// `shape:stride`.
    Layout(Box<ReprNode>, Box<ReprNode>),
    /// `Sw<b,m,s>`.
    Swizzle(i64, i64, i64),
    /// `a o offset o b`.
    Composed(Box<ReprNode>, Box<ReprNode>, Box<ReprNode>),
    /// `smem_ptr[Nb](unset)`, the element width in bits.
    SmemPtr(i64),
    /// `value@i@j...`, the indices in print order (innermost first).
    ScaledBasis(Box<ReprNode>, Vec<i64>),
    /// `counting_iter(n) o layout`.
    Counting(i64, Box<ReprNode>),
}

impl Repr {
    /// The value as a tree ([`ReprNode`]); `None` for an empty or malformed stream, or one that
    /// holds more than one value.
    pub fn node(&self) -> Option<ReprNode> {
        let t = self.tokens();
        let mut pos = 0;
        let n = read_node(t, &mut pos)?;
        (pos == t.len()).then_some(n)
    }
}

fn read_node(t: &[i64], pos: &mut usize) -> Option<ReprNode> {
    let tok = *t.get(*pos)?;
    *pos += 1;
    Some(match tok {
        OPEN => {
            let mut items = Vec::new();
            while *t.get(*pos)? != CLOSE {
                items.push(read_node(t, pos)?);
            }
            *pos += 1;
            ReprNode::Tuple(items)
        }
        UNDER => ReprNode::Underscore,
        LAYOUT => {
            let shape = read_node(t, pos)?;
            let stride = read_node(t, pos)?;
            ReprNode::Layout(Box::new(shape), Box::new(stride))
        }
        SWIZZLE => {
            let v = t.get(*pos..*pos + 3)?;
            *pos += 3;
            ReprNode::Swizzle(v[0], v[1], v[2])
        }
        COMPOSED => {
            let a = read_node(t, pos)?;
            let o = read_node(t, pos)?;
            let b = read_node(t, pos)?;
            ReprNode::Composed(Box::new(a), Box::new(o), Box::new(b))
        }
        SMEM => match read_node(t, pos)? {
            ReprNode::Int(bits) => ReprNode::SmemPtr(bits),
            _ => return None,
        },
        SCALED => {
            let v = read_node(t, pos)?;
            let k = usize::try_from(*t.get(*pos)?).ok()?;
            let idx = t.get(*pos + 1..*pos + 1 + k)?.to_vec();
            *pos += 1 + k;
            ReprNode::ScaledBasis(Box::new(v), idx)
        }
        COUNTING => {
            let n = *t.get(*pos)?;
            *pos += 1;
            ReprNode::Counting(n, Box::new(read_node(t, pos)?))
        }
        n if n > SENTINEL_MAX => ReprNode::Int(n),
        _ => return None,
    })
}

#[cfg(test)]
mod node_tests {
    use super::*;

    #[test]
    fn node_of_a_swizzled_layout() {
        let l = Repr::layout(
            Repr::tuple(Repr::concat(Repr::int(8), Repr::int(4))),
            Repr::tuple(Repr::concat(Repr::int(4), Repr::int(1))),
        );
        let c = Repr::composed(Repr::swizzle(3, 3, 3), Repr::int(0), l);
        let tuple = |a, b| ReprNode::Tuple(vec![ReprNode::Int(a), ReprNode::Int(b)]);
        assert_eq!(
            c.node(),
            Some(ReprNode::Composed(
                Box::new(ReprNode::Swizzle(3, 3, 3)),
                Box::new(ReprNode::Int(0)),
                Box::new(ReprNode::Layout(Box::new(tuple(8, 4)), Box::new(tuple(4, 1)))),
            ))
        );
        assert_eq!(Repr::EMPTY.node(), None);
    }
}

/// A tuple prints as CuTe prints it (its `Debug` lives here, beside the printer, so that `tuple`
/// does not depend on `repr`).
impl<H, T> core::fmt::Debug for Tup<H, T>
where
    Self: Reify,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&show::<Self>())
    }
}

#[cfg(test)]
mod tests {
    use super::FlatFn;

    /// The mode-by-mode table is `at` at every coordinate: swizzles, offsets, negative and zero
    /// strides, size-1 and size-0 modes.
    #[test]
    fn table_is_at_everywhere() {
        let cases = [
            FlatFn { swizzle: None, offset: 0, shape: vec![4, 3, 2], stride: vec![3, 1, 12] },
            FlatFn { swizzle: None, offset: 7, shape: vec![2, 1, 5], stride: vec![-4, 9, 0] },
            FlatFn { swizzle: Some((3, 3, 3)), offset: 0, shape: vec![8, 64], stride: vec![64, 1] },
            FlatFn { swizzle: Some((2, 1, -2)), offset: 5, shape: vec![3, 7], stride: vec![5, 2] },
            FlatFn { swizzle: None, offset: 2, shape: vec![], stride: vec![] },
            FlatFn { swizzle: None, offset: 0, shape: vec![3, 0, 2], stride: vec![1, 3, 3] },
        ];
        for f in &cases {
            let direct: Vec<i64> = (0..f.size()).map(|i| f.at(i)).collect();
            assert_eq!(f.table(), direct, "{:?} {:?}", f.shape, f.stride);
        }
    }
}
