//! `IntTuple`: an integer or a (possibly nested) tuple of IntTuples, CuTe's shapes, strides and
//! coordinates. A rank-1 tuple `(_8)` is a different value from the integer `_8`.

use crate::error::{ensure, Error, Result};
use crate::int::{Bool, Int};

/// An integer leaf or a tuple of IntTuples.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// A leaf integer (static or dynamic).
    Int(Int),
    /// A tuple; may be empty or rank-1.
    Tuple(Vec<IntTuple>),
}

impl From<Int> for IntTuple {
    fn from(i: Int) -> Self {
        IntTuple::Int(i)
    }
}

impl IntTuple {
    /// Static leaf `_v`.
    pub fn st(v: i64) -> IntTuple {
        IntTuple::Int(Int::st(v))
    }
    /// Dynamic leaf `v`.
    pub fn dy(v: i64) -> IntTuple {
        IntTuple::Int(Int::dy(v))
    }
    /// A tuple of the given elements.
    pub fn tuple(v: Vec<IntTuple>) -> IntTuple {
        IntTuple::Tuple(v)
    }
    /// `is_tuple<T>`.
    pub fn is_tuple(&self) -> bool {
        matches!(self, IntTuple::Tuple(_))
    }
    /// The leaf integer, if this is one.
    pub fn as_int(&self) -> Option<Int> {
        match self {
            IntTuple::Int(i) => Some(*i),
            IntTuple::Tuple(_) => None,
        }
    }
    /// The leaf integer or a rejection naming `what`.
    pub fn expect_int(&self, what: &str) -> Result<Int> {
        self.as_int()
            .ok_or_else(|| Error::reject(format!("{what}: expected an integer, got tuple {self}")))
    }
    /// `is_constant<v, T>`: a static leaf equal to `v`.
    pub fn is_const(&self, v: i64) -> bool {
        matches!(self, IntTuple::Int(i) if i.is_const(v))
    }
    /// `is_static<T>`: every leaf is static.
    pub fn is_static(&self) -> bool {
        match self {
            IntTuple::Int(i) => i.is_static,
            IntTuple::Tuple(v) => v.iter().all(|x| x.is_static()),
        }
    }
    /// `rank(t)`: number of top-level modes (1 for an integer).
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Int(_) => 1,
            IntTuple::Tuple(v) => v.len(),
        }
    }
    /// `depth(t)`: 0 for an integer, 1 + max depth of the elements for a tuple.
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int(_) => 0,
            IntTuple::Tuple(v) => 1 + v.iter().map(|x| x.depth()).max().unwrap_or(0),
        }
    }
    /// `get<i>(t)`; `get<0>` of an integer is the integer itself ("Index out of range"
    /// otherwise).
    pub fn get(&self, i: usize) -> Result<&IntTuple> {
        match self {
            IntTuple::Int(_) if i == 0 => Ok(self),
            IntTuple::Int(_) => Err(Error::reject(format!(
                "Index out of range: get<{i}> of integer {self}"
            ))),
            IntTuple::Tuple(v) => v.get(i).ok_or_else(|| {
                Error::reject(format!(
                    "Index out of range: get<{i}> of rank-{} tuple {self}",
                    v.len()
                ))
            }),
        }
    }
    /// Elements of a tuple; an integer is treated as its own single element (`wrap`).
    pub fn modes(&self) -> Vec<IntTuple> {
        match self {
            IntTuple::Int(_) => vec![self.clone()],
            IntTuple::Tuple(v) => v.clone(),
        }
    }
    /// `wrap(t)`: an integer becomes a rank-1 tuple.
    pub fn wrap(&self) -> IntTuple {
        IntTuple::Tuple(self.modes())
    }
    /// `unwrap(t)`: strip rank-1 tuples.
    pub fn unwrap(&self) -> IntTuple {
        match self {
            IntTuple::Tuple(v) if v.len() == 1 => v[0].unwrap(),
            _ => self.clone(),
        }
    }
    /// Leaves in order (depth-first).
    pub fn leaves(&self) -> Vec<Int> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }
    fn collect_leaves(&self, out: &mut Vec<Int>) {
        match self {
            IntTuple::Int(i) => out.push(*i),
            IntTuple::Tuple(v) => v.iter().for_each(|x| x.collect_leaves(out)),
        }
    }
    /// `flatten(t)`: a tuple of the leaves; an integer stays an integer.
    pub fn flatten(&self) -> IntTuple {
        match self {
            IntTuple::Int(_) => self.clone(),
            IntTuple::Tuple(_) => {
                IntTuple::Tuple(self.leaves().into_iter().map(IntTuple::Int).collect())
            }
        }
    }
    /// `flatten_to_tuple(t)`: like flatten, but an integer becomes a rank-1 tuple.
    pub fn flatten_to_tuple(&self) -> Vec<Int> {
        self.leaves()
    }
    /// `product(t)` (= `size`): fold of `*` with CuTe's static rules; `()` is `_1`.
    pub fn product(&self) -> Result<Int> {
        match self {
            IntTuple::Int(i) => Ok(*i),
            IntTuple::Tuple(v) => {
                let mut it = v.iter();
                let Some(first) = it.next() else {
                    return Ok(Int::ONE);
                };
                let mut acc = first.product()?;
                for x in it {
                    acc = acc.mul(x.product()?)?;
                }
                Ok(acc)
            }
        }
    }
    /// `sum(t)`: `_0 + ... + leaves`.
    pub fn sum(&self) -> Result<Int> {
        match self {
            IntTuple::Int(i) => Ok(*i),
            IntTuple::Tuple(v) => {
                let mut acc = Int::ZERO;
                for x in v {
                    acc = acc.add(x.sum()?)?;
                }
                Ok(acc)
            }
        }
    }
    /// `product_each(t)`: the product of each top-level mode, always a tuple.
    pub fn product_each(&self) -> Result<IntTuple> {
        Ok(IntTuple::Tuple(
            self.modes()
                .iter()
                .map(|m| m.product().map(IntTuple::Int))
                .collect::<Result<_>>()?,
        ))
    }
    /// Apply `f` to every leaf.
    pub fn map_leaves<F: FnMut(Int) -> Result<Int>>(&self, f: &mut F) -> Result<IntTuple> {
        match self {
            IntTuple::Int(i) => Ok(IntTuple::Int(f(*i)?)),
            IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
                v.iter().map(|x| x.map_leaves(f)).collect::<Result<_>>()?,
            )),
        }
    }
    /// `repeat_like(t, x)`: same profile as `t`, every leaf `x`.
    pub fn repeat_like(&self, x: &IntTuple) -> IntTuple {
        match self {
            IntTuple::Int(_) => x.clone(),
            IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|e| e.repeat_like(x)).collect()),
        }
    }
    /// `congruent(a, b)`: same hierarchical profile.
    pub fn congruent(&self, o: &IntTuple) -> bool {
        match (self, o) {
            (IntTuple::Int(_), IntTuple::Int(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }
    /// `append(t, x)`: an integer `a` becomes `(a, x)`.
    pub fn append(&self, x: IntTuple) -> IntTuple {
        let mut v = self.modes();
        v.push(x);
        IntTuple::Tuple(v)
    }
    /// `append<N>(t, x)`: pad `t` to rank `n` with copies of `x` (unchanged if already rank n).
    pub fn append_to(&self, n: usize, x: &IntTuple) -> Result<IntTuple> {
        match self {
            IntTuple::Tuple(v) => {
                ensure!(
                    n >= v.len(),
                    "append<{n}>: tuple {self} already has rank {}",
                    v.len()
                );
                if n == v.len() {
                    return Ok(self.clone());
                }
                let mut v = v.clone();
                v.resize(n, x.clone());
                Ok(IntTuple::Tuple(v))
            }
            IntTuple::Int(_) => {
                if n == 1 {
                    return Ok(self.clone());
                }
                ensure!(n > 1, "append<{n}>: invalid rank");
                let mut v = vec![self.clone()];
                v.resize(n, x.clone());
                Ok(IntTuple::Tuple(v))
            }
        }
    }
    /// `prepend(t, x)`.
    pub fn prepend(&self, x: IntTuple) -> IntTuple {
        let mut v = vec![x];
        v.extend(self.modes());
        IntTuple::Tuple(v)
    }
    /// `replace_front(t, x)`: an integer is replaced entirely.
    pub fn replace_front(&self, x: IntTuple) -> IntTuple {
        match self {
            IntTuple::Int(_) => x,
            IntTuple::Tuple(v) => {
                let mut v = v.clone();
                if v.is_empty() {
                    v.push(x);
                } else {
                    v[0] = x;
                }
                IntTuple::Tuple(v)
            }
        }
    }
    /// `front(t)`: first leaf.
    pub fn front(&self) -> Option<Int> {
        match self {
            IntTuple::Int(i) => Some(*i),
            IntTuple::Tuple(v) => v.first().and_then(|x| x.front()),
        }
    }
    /// `back(t)`: last leaf.
    pub fn back(&self) -> Option<Int> {
        match self {
            IntTuple::Int(i) => Some(*i),
            IntTuple::Tuple(v) => v.last().and_then(|x| x.back()),
        }
    }
    /// `unflatten(flat, profile)`: fold a flat list of values into the profile of `profile`.
    pub fn unflatten(flat: &[IntTuple], profile: &IntTuple) -> Result<IntTuple> {
        let mut pos = 0;
        let r = unflatten_impl(flat, &mut pos, profile)?;
        ensure!(
            pos == flat.len(),
            "unflatten: {} values left over",
            flat.len() - pos
        );
        Ok(r)
    }
    /// `zip(t)`: transpose a tuple of equal-rank tuples; a tuple whose first element is not a
    /// tuple is wrapped, an integer is returned unchanged.
    pub fn zip(&self) -> Result<IntTuple> {
        match self {
            IntTuple::Int(_) => Ok(self.clone()),
            IntTuple::Tuple(v) => {
                let Some(first) = v.first() else {
                    return Ok(IntTuple::Tuple(vec![self.clone()]));
                };
                let IntTuple::Tuple(f) = first else {
                    return Ok(IntTuple::Tuple(vec![self.clone()]));
                };
                let r = f.len();
                let mut out = vec![Vec::with_capacity(v.len()); r];
                for e in v {
                    match e {
                        IntTuple::Tuple(x) if x.len() == r => {
                            for (j, y) in x.iter().enumerate() {
                                out[j].push(y.clone());
                            }
                        }
                        _ => {
                            return Err(Error::reject(format!(
                                "zip: Mismatched Ranks (the top modes are not all tuples of the same rank, or the tuple is empty): the shape {self} ({e} does not have rank {r} like {first})"
                            )))
                        }
                    }
                }
                Ok(IntTuple::Tuple(
                    out.into_iter().map(IntTuple::Tuple).collect(),
                ))
            }
        }
    }
    /// `ceil_div(a, b)` on IntTuples (tuple/tuple elementwise with missing modes of b as 1,
    /// tuple/int folded across the modes, int/tuple by the product).
    pub fn ceil_div(&self, b: &IntTuple) -> Result<IntTuple> {
        match (self, b) {
            (IntTuple::Tuple(a), IntTuple::Tuple(bv)) => {
                ensure!(
                    a.len() >= bv.len(),
                    "ceil_div: Mismatched ranks: {self} vs {b}"
                );
                let one = IntTuple::st(1);
                let mut out = Vec::with_capacity(a.len());
                for (i, x) in a.iter().enumerate() {
                    out.push(x.ceil_div(bv.get(i).unwrap_or(&one))?);
                }
                Ok(IntTuple::Tuple(out))
            }
            (IntTuple::Tuple(a), IntTuple::Int(bi)) => {
                let mut rest = IntTuple::Int(*bi);
                let mut out = Vec::with_capacity(a.len());
                for x in a {
                    out.push(x.ceil_div(&rest)?);
                    rest = rest.ceil_div(x)?;
                }
                Ok(IntTuple::Tuple(out))
            }
            (IntTuple::Int(ai), IntTuple::Tuple(_)) => {
                Ok(IntTuple::Int(ai.ceil_div(b.product()?)?))
            }
            (IntTuple::Int(ai), IntTuple::Int(bi)) => Ok(IntTuple::Int(ai.ceil_div(*bi)?)),
        }
    }
    /// `shape_div(a, b)` on IntTuples (like ceil_div, with the weak divisibility check at the
    /// leaves).
    pub fn shape_div(&self, b: &IntTuple) -> Result<IntTuple> {
        match (self, b) {
            (IntTuple::Tuple(a), IntTuple::Tuple(bv)) => {
                ensure!(
                    a.len() == bv.len(),
                    "shape_div: Mismatched ranks: {self} vs {b}"
                );
                Ok(IntTuple::Tuple(
                    a.iter()
                        .zip(bv)
                        .map(|(x, y)| x.shape_div(y))
                        .collect::<Result<_>>()?,
                ))
            }
            (IntTuple::Tuple(a), IntTuple::Int(bi)) => {
                let mut rest = IntTuple::Int(*bi);
                let mut out = Vec::with_capacity(a.len());
                for x in a {
                    out.push(x.shape_div(&rest)?);
                    rest = rest.shape_div(x)?;
                }
                Ok(IntTuple::Tuple(out))
            }
            (IntTuple::Int(ai), IntTuple::Tuple(_)) => {
                Ok(IntTuple::Int(ai.shape_div(b.product()?)?))
            }
            (IntTuple::Int(ai), IntTuple::Int(bi)) => Ok(IntTuple::Int(ai.shape_div(*bi)?)),
        }
    }
    /// `coalesce(shape)`: flatten and multiply neighbours of the same static-ness
    /// (static with static, dynamic with dynamic). Result depth <= 1; a single mode is an
    /// integer.
    pub fn coalesce_shape(&self) -> Result<IntTuple> {
        let leaves = self.leaves();
        if !self.is_tuple() {
            return Ok(self.clone());
        }
        let mut acc: Vec<Int> = Vec::new();
        for (k, a) in leaves.into_iter().enumerate() {
            if k == 0 {
                acc.push(a);
                continue;
            }
            let last = *acc.last().expect("non-empty after first");
            if last.is_static == a.is_static {
                *acc.last_mut().expect("non-empty") = last.mul(a)?;
            } else {
                acc.push(a);
            }
        }
        Ok(match acc.len() {
            0 => IntTuple::Tuple(vec![]),
            1 => IntTuple::Int(acc[0]),
            _ => IntTuple::Tuple(acc.into_iter().map(IntTuple::Int).collect()),
        })
    }
    /// `elem_less`-free equality test of values ignoring static-ness.
    pub fn same_values(&self, o: &IntTuple) -> bool {
        match (self, o) {
            (IntTuple::Int(a), IntTuple::Int(b)) => a.value == b.value,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_values(y))
            }
            _ => false,
        }
    }
    /// `evenly_divides(shape, tiler)` for IntTuple tilers (static or dynamic boolean).
    pub fn evenly_divides(&self, tiler: &IntTuple) -> Result<Bool> {
        match tiler {
            IntTuple::Tuple(tv) => {
                if tv.len() > self.rank() {
                    return Ok(Bool {
                        value: false,
                        is_static: true,
                    });
                }
                let mut acc = Bool {
                    value: true,
                    is_static: true,
                };
                for (i, t) in tv.iter().enumerate() {
                    acc = acc.and(self.get(i)?.evenly_divides(t)?);
                }
                Ok(acc)
            }
            IntTuple::Int(_) => {
                let sa = self.product()?;
                let sb = tiler.product()?;
                let q = self.ceil_div(tiler)?.product()?;
                Ok(sa.eq_(sb.mul(q)?))
            }
        }
    }
}

fn unflatten_impl(flat: &[IntTuple], pos: &mut usize, profile: &IntTuple) -> Result<IntTuple> {
    match profile {
        IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter()
                .map(|p| unflatten_impl(flat, pos, p))
                .collect::<Result<_>>()?,
        )),
        IntTuple::Int(_) => {
            let x = flat
                .get(*pos)
                .ok_or_else(|| Error::reject("unflatten: not enough values for the profile"))?;
            *pos += 1;
            Ok(x.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn basics() {
        assert_eq!(t("(_2,(_3,4))").rank(), 2);
        assert_eq!(t("(_2,(_3,4))").depth(), 2);
        assert_eq!(t("(_2,(_3,4))").product().unwrap(), Int::dy(24));
        assert_eq!(t("(_2,(_3,_4))").product().unwrap(), Int::st(24));
        assert_eq!(t("(_2,(_3,4))").flatten(), t("(_2,_3,4)"));
        assert_eq!(t("_8").flatten(), t("_8"));
        assert_eq!(t("(_8)").unwrap(), t("_8"));
        assert_eq!(
            t("((_2,_3),(_4,_5))").zip().unwrap(),
            t("((_2,_4),(_3,_5))")
        );
        assert_eq!(t("(_2,_3)").zip().unwrap(), t("((_2,_3))"));
    }

    #[test]
    fn coalesce_shape() {
        assert_eq!(
            t("(_2,_3,4,5,_6)").coalesce_shape().unwrap(),
            t("(_6,20,_6)")
        );
        assert_eq!(t("(_2,(_3,_4))").coalesce_shape().unwrap(), t("_24"));
    }

    #[test]
    fn divisions() {
        assert_eq!(
            t("(_4,_5,_6)").shape_div(&t("_40")).unwrap(),
            t("(_1,_1,_3)")
        );
        assert_eq!(t("(_4,_3)").ceil_div(&t("_8")).unwrap(), t("(_1,_2)"));
        assert!(t("_6").shape_div(&t("_4")).is_err());
    }
}
