//! `Layout { shape, stride }`: a function from (hierarchical) coordinates to indices, and the
//! basic queries and constructors (size, cosize, make_layout, compact strides, sub-layouts).

use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;

/// A CuTe layout: congruent shape and stride IntTuples.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The shape (domain).
    pub shape: IntTuple,
    /// The stride (one per leaf of the shape).
    pub stride: IntTuple,
}

/// Which compact stride order `make_layout(shape, Major)` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// Column-major generalised: the leftmost mode has stride 1.
    Left,
    /// Row-major generalised: the rightmost mode has stride 1.
    Right,
}

impl Layout {
    /// A layout from a shape and a congruent stride.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        ensure!(
            shape.congruent(&stride),
            "Layout: shape {shape} and stride {stride} are not congruent"
        );
        Ok(Layout { shape, stride })
    }
    /// A layout without the congruence check (callers guarantee it).
    pub(crate) fn raw(shape: IntTuple, stride: IntTuple) -> Layout {
        Layout { shape, stride }
    }
    /// `Layout<_1,_0>`.
    pub fn trivial() -> Layout {
        Layout::raw(IntTuple::st(1), IntTuple::st(0))
    }
    /// `make_layout(shape)`: compact column-major strides.
    pub fn left(shape: &IntTuple) -> Result<Layout> {
        Ok(Layout::raw(
            shape.clone(),
            compact_major(Major::Left, shape, Int::ONE)?,
        ))
    }
    /// `make_layout(shape, LayoutRight{})`.
    pub fn right(shape: &IntTuple) -> Result<Layout> {
        Ok(Layout::raw(
            shape.clone(),
            compact_major(Major::Right, shape, Int::ONE)?,
        ))
    }
    /// `make_layout(l0, l1, ...)`: concatenate layouts as modes (a single layout becomes a
    /// rank-1 layout `(s):(d)`).
    pub fn concat(modes: &[Layout]) -> Layout {
        Layout::raw(
            IntTuple::Tuple(modes.iter().map(|l| l.shape.clone()).collect()),
            IntTuple::Tuple(modes.iter().map(|l| l.stride.clone()).collect()),
        )
    }
    /// `rank(layout)`.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }
    /// `depth(layout)`.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }
    /// `size(layout)` = product of the shape.
    pub fn size(&self) -> Result<Int> {
        self.shape.product()
    }
    /// `cosize(layout)` = `sum((shape - 1) * abs(stride)) + 1` with CuTe's static rules.
    pub fn cosize(&self) -> Result<Int> {
        cosize_rec(&self.shape, &self.stride)?.add(Int::ONE)
    }
    /// `get<i>(layout)` / `layout<i>(layout)`.
    pub fn mode(&self, i: usize) -> Result<Layout> {
        Ok(Layout::raw(
            self.shape.get(i)?.clone(),
            self.stride.get(i)?.clone(),
        ))
    }
    /// All top-level modes (`get<i>` for i < rank).
    pub fn modes(&self) -> Vec<Layout> {
        self.shape
            .modes()
            .into_iter()
            .zip(self.stride.modes())
            .map(|(s, d)| Layout::raw(s, d))
            .collect()
    }
    /// `flatten(layout)`.
    pub fn flatten(&self) -> Layout {
        Layout::raw(self.shape.flatten(), self.stride.flatten())
    }
    /// Leaf modes `(s_i, d_i)` in order.
    pub fn leaf_modes(&self) -> Vec<(Int, Int)> {
        self.shape
            .leaves()
            .into_iter()
            .zip(self.stride.leaves())
            .collect()
    }
    /// `append<N>(layout)`: pad with `_1:_0` modes up to rank `n`.
    pub fn append_to(&self, n: usize) -> Result<Layout> {
        Ok(Layout::raw(
            self.shape.append_to(n, &IntTuple::st(1))?,
            self.stride.append_to(n, &IntTuple::st(0))?,
        ))
    }
    /// `layout(i)` for a linear index: colexicographic decomposition of `i` over the shape
    /// (the last mode takes the remaining quotient), dotted with the stride.
    pub fn eval_index(&self, i: i64) -> Result<i64> {
        Ok(crd2idx(&IntTuple::Int(Int::dy(i)), &self.shape, &self.stride)?.value)
    }
    /// The full index table `layout(0) .. layout(size-1)`; refuses more than `limit` entries.
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        // like CuTe's `for (i = 0; i < size; ++i)`: a non-positive size has an empty table
        let n = self.size()?.value.max(0);
        ensure!(
            n <= limit,
            "table: size {n} is larger than the limit {limit}"
        );
        let flat = self.leaf_modes();
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            out.push(eval_flat(&flat, i)?);
        }
        Ok(out)
    }
    /// `is_static<Layout>`.
    pub fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }
}

/// Evaluate a flat list of modes at linear index `i` (last mode unbounded).
pub(crate) fn eval_flat(flat: &[(Int, Int)], mut i: i64) -> Result<i64> {
    let mut acc: i64 = 0;
    for (k, (s, d)) in flat.iter().enumerate() {
        let c = if k + 1 == flat.len() {
            i
        } else {
            if s.value == 0 {
                return Err(Error::reject("evaluate: shape 0 mode"));
            }
            let c = i.wrapping_rem(s.value);
            i = i.wrapping_div(s.value);
            c
        };
        acc = c
            .checked_mul(d.value)
            .and_then(|x| acc.checked_add(x))
            .ok_or_else(|| Error::reject("evaluate: arithmetic overflow"))?;
    }
    Ok(acc)
}

fn cosize_rec(shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => s.sub(Int::ONE)?.mul(d.abs()?),
        (IntTuple::Tuple(sv), IntTuple::Tuple(dv)) if sv.len() == dv.len() => {
            let mut acc = Int::ZERO;
            for (s, d) in sv.iter().zip(dv) {
                acc = acc.add(cosize_rec(s, d)?)?;
            }
            Ok(acc)
        }
        _ => Err(Error::reject(format!(
            "cosize: Mismatched ranks: {shape} vs {stride}"
        ))),
    }
}

/// `compact_major<Major>(shape, current)`: compact strides starting at `current`; static size-1
/// modes get stride `_0`.
pub fn compact_major(major: Major, shape: &IntTuple, current: Int) -> Result<IntTuple> {
    let mut cur = current;
    compact_rec(major, shape, &mut cur)
}

fn compact_rec(major: Major, shape: &IntTuple, cur: &mut Int) -> Result<IntTuple> {
    match shape {
        IntTuple::Int(s) => {
            if s.is_const(1) {
                Ok(IntTuple::Int(Int::ZERO))
            } else {
                let d = *cur;
                *cur = cur.mul(*s)?;
                Ok(IntTuple::Int(d))
            }
        }
        IntTuple::Tuple(v) => {
            let mut out = vec![IntTuple::st(0); v.len()];
            match major {
                Major::Left => {
                    for (i, x) in v.iter().enumerate() {
                        out[i] = compact_rec(major, x, cur)?;
                    }
                }
                Major::Right => {
                    for (i, x) in v.iter().enumerate().rev() {
                        out[i] = compact_rec(major, x, cur)?;
                    }
                }
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

/// `crd2idx(coord, shape, stride)`.
///
/// * int coord, int shape: `c * d`;
/// * int coord, tuple shape: split `c` colexicographically over the modes (the last mode takes
///   the remaining quotient; a static `_0` coordinate short-cuts to `_0` everywhere);
/// * tuple coord, tuple shape: sum over the modes (ranks must match).
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    crd2idx_at(coord, shape, stride).map_err(|e| {
        if e.is_reject() && e.message.starts_with("crd2idx:") {
            Error::reject(format!(
                "crd2idx: Mismatched Ranks (the coordinate is not weakly congruent to the shape, or holds an empty tuple): the coordinate {coord} (rank _{}) and the shape {shape} (rank _{}) ({})",
                coord.rank(),
                shape.rank(),
                e.message
            ))
        } else {
            e
        }
    })
}

/// The recursion of [`crd2idx`] (its errors name the sub-tuples where the ranks differ).
fn crd2idx_at(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    match (coord, shape, stride) {
        (IntTuple::Tuple(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            ensure!(
                c.len() == s.len() && s.len() == d.len(),
                "crd2idx: Mismatched Ranks: {coord} vs {shape}"
            );
            let mut acc: Option<Int> = None;
            for ((ci, si), di) in c.iter().zip(s).zip(d) {
                let x = crd2idx_at(ci, si, di)?;
                acc = Some(match acc {
                    None => x,
                    Some(a) => a.add(x)?,
                });
            }
            acc.ok_or_else(|| Error::reject("crd2idx: empty coordinate"))
        }
        (IntTuple::Tuple(_), IntTuple::Int(_), _) => Err(Error::reject(format!(
            "crd2idx: Invalid parameters: tuple coordinate {coord} for integer shape {shape}"
        ))),
        (IntTuple::Int(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            ensure!(
                s.len() == d.len(),
                "crd2idx: Mismatched Ranks: {shape} vs {stride}"
            );
            ensure!(!s.is_empty(), "crd2idx: empty shape");
            let mut c = *c;
            let mut acc: Option<Int> = None;
            let n = s.len();
            if c.is_const(0) {
                let mut total = Int::ZERO;
                for (si, di) in s.iter().zip(d) {
                    total = total.add(crd2idx_at(&IntTuple::Int(Int::ZERO), si, di)?)?;
                }
                // `crd2idx(_0, s0, d0) + (_0 + ... )`: all static zeros.
                return Ok(total);
            }
            for (k, (si, di)) in s.iter().zip(d).enumerate() {
                let x = if k + 1 == n {
                    crd2idx_at(&IntTuple::Int(c), si, di)?
                } else {
                    let p = si.product()?;
                    let (q, r) = (c.div(p)?, c.rem(p)?);
                    c = q;
                    crd2idx_at(&IntTuple::Int(r), si, di)?
                };
                acc = Some(match acc {
                    None => x,
                    Some(a) => a.add(x)?,
                });
            }
            Ok(acc.expect("non-empty"))
        }
        (IntTuple::Int(c), IntTuple::Int(_), IntTuple::Int(d)) => c.mul(*d),
        _ => Err(Error::reject(format!(
            "crd2idx: Mismatched Ranks: {shape} vs {stride}"
        ))),
    }
}

/// `idx2crd(idx, shape)`: the colexicographic coordinate of an index (the last mode is not
/// reduced modulo its size).
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    idx2crd_at(idx, shape).map_err(|e| {
        if e.is_reject() && e.message.starts_with("idx2crd:") {
            Error::reject(format!(
                "idx2crd: Mismatched Ranks (the index is not weakly congruent to the shape, or meets an empty tuple): the index {idx} (rank _{}) and the shape {shape} (rank _{}) ({})",
                idx.rank(),
                shape.rank(),
                e.message
            ))
        } else {
            e
        }
    })
}

/// The recursion of [`idx2crd`] (its errors name the sub-tuples where the ranks differ).
fn idx2crd_at(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    match (idx, shape) {
        (IntTuple::Tuple(i), IntTuple::Tuple(s)) => {
            ensure!(
                i.len() == s.len(),
                "idx2crd: Mismatched Ranks: {idx} vs {shape}"
            );
            Ok(IntTuple::Tuple(
                i.iter()
                    .zip(s)
                    .map(|(a, b)| idx2crd_at(a, b))
                    .collect::<Result<_>>()?,
            ))
        }
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Err(Error::reject(format!(
            "idx2crd: Invalid parameters: tuple index {idx} for integer shape {shape}"
        ))),
        (IntTuple::Int(_), IntTuple::Int(_)) => Ok(idx.clone()),
        (IntTuple::Int(c), IntTuple::Tuple(s)) => {
            let n = s.len();
            if c.is_const(0) {
                return Ok(shape.repeat_like(&IntTuple::st(0)));
            }
            let mut c = *c;
            let mut out = Vec::with_capacity(n);
            for (k, si) in s.iter().enumerate() {
                if k + 1 == n {
                    out.push(idx2crd_at(&IntTuple::Int(c), si)?);
                } else {
                    let p = si.product()?;
                    let (q, r) = (c.div(p)?, c.rem(p)?);
                    out.push(idx2crd_at(&IntTuple::Int(r), si)?);
                    c = q;
                }
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn size_cosize() {
        assert_eq!(l("(_4,6):(6,_1)").size().unwrap(), Int::dy(24));
        assert_eq!(l("(_4,6):(6,_1)").cosize().unwrap(), Int::dy(24));
        assert_eq!(
            l("(_4,(_4,(_16,_1))):(_1,(_4,(_16,_256)))")
                .cosize()
                .unwrap(),
            Int::st(256)
        );
        assert_eq!(l("(_4,4):(_1,_0)").cosize().unwrap(), Int::st(4));
    }

    #[test]
    fn compact() {
        assert_eq!(
            Layout::left(&t("(_4,(_2,_2),_3)")).unwrap(),
            l("(_4,(_2,_2),_3):(_1,(_4,_8),_16)")
        );
        assert_eq!(
            Layout::right(&t("((_2,_3),(_4,_2))")).unwrap(),
            l("((_2,_3),(_4,_2)):((_24,_8),(_2,_1))")
        );
        assert_eq!(
            Layout::left(&t("(_1,_1,_1)")).unwrap(),
            l("(_1,_1,_1):(_0,_0,_0)")
        );
    }

    #[test]
    fn coordinates() {
        assert_eq!(idx2crd(&t("_31"), &t("(_4,_8)")).unwrap(), t("(_3,_7)"));
        assert_eq!(
            idx2crd(&t("29"), &t("((_2,_2),(_4,_2))")).unwrap(),
            t("((1,0),(3,1))")
        );
        assert_eq!(
            crd2idx(&t("(_3,_7)"), &t("(_4,_8)"), &t("(_8,_1)")).unwrap(),
            Int::st(31)
        );
        assert_eq!(
            crd2idx(&t("29"), &t("((_2,_2),(_4,_2))"), &t("((_1,_16),(_2,_32))")).unwrap(),
            Int::dy(39)
        );
        assert_eq!(
            crd2idx(&t("(5,3)"), &t("((_2,_4),_8)"), &t("((_1,_16),_2)")).unwrap(),
            Int::dy(39)
        );
    }
}
