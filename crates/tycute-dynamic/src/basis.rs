//! Layouts whose strides are scaled basis elements `v@i@j` (CuTe's `ScaledBasis`, printed with
//! the mode path innermost-first). As the right-hand side of a composition, a stride `v@p`
//! selects the sub-layout `get<p>(A)` of the left-hand side, so
//! `composition((_4,_4):(_4,_1), (_4,_4):(_1@1,_1@0))` transposes.

use crate::coalesce::{coalesce_x, transform_layout};
use crate::composition::{compose_leaf_audited, cute_semantics};
use crate::composition_rule::StrictAudit;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use std::collections::BTreeMap;
use std::fmt;

/// A stride tree whose leaves may be scaled basis elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BasisStride {
    /// `value@path` (an empty path is a plain integer stride). The path is outermost first.
    Leaf {
        /// The scale.
        value: Int,
        /// Mode indices, outermost first.
        path: Vec<usize>,
    },
    /// A tuple of strides.
    Tuple(Vec<BasisStride>),
}

/// `shape:stride` with scaled-basis strides.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasisLayout {
    /// The shape.
    pub shape: IntTuple,
    /// The stride (congruent with the shape).
    pub stride: BasisStride,
}

impl BasisStride {
    /// Same profile as the IntTuple `shape`.
    pub fn congruent(&self, shape: &IntTuple) -> bool {
        match (self, shape) {
            (BasisStride::Leaf { .. }, IntTuple::Int(_)) => true,
            (BasisStride::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }
    fn paths(&self, out: &mut Vec<Vec<usize>>) {
        match self {
            BasisStride::Leaf { path, .. } => out.push(path.clone()),
            BasisStride::Tuple(v) => v.iter().for_each(|x| x.paths(out)),
        }
    }
}

impl fmt::Display for BasisStride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisStride::Leaf { value, path } => {
                write!(f, "{value}")?;
                for p in path.iter().rev() {
                    write!(f, "@{p}")?;
                }
                Ok(())
            }
            BasisStride::Tuple(v) => {
                write!(f, "(")?;
                for (k, x) in v.iter().enumerate() {
                    if k > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, ")")
            }
        }
    }
}

impl fmt::Display for BasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

#[derive(Clone, Debug)]
enum Profile {
    Leaf,
    Node(Vec<Profile>),
}

impl Profile {
    fn add(&mut self, path: &[usize]) {
        let Some((&first, rest)) = path.split_first() else {
            return;
        };
        if let Profile::Leaf = self {
            *self = Profile::Node(Vec::new());
        }
        if let Profile::Node(v) = self {
            if v.len() <= first {
                v.resize(first + 1, Profile::Leaf);
            }
            v[first].add(rest);
        }
    }
    fn to_int_tuple(&self) -> IntTuple {
        match self {
            Profile::Leaf => IntTuple::st(0),
            Profile::Node(v) => IntTuple::Tuple(v.iter().map(|p| p.to_int_tuple()).collect()),
        }
    }
}

/// `coprofile(B)`: the tuple of `_0`s congruent with B's codomain (the union of the basis
/// paths).
pub fn coprofile(stride: &BasisStride) -> IntTuple {
    let mut paths = Vec::new();
    stride.paths(&mut paths);
    let mut p = Profile::Leaf;
    for path in &paths {
        p.add(path);
    }
    p.to_int_tuple()
}

/// `coalesce_x(layout, profile)`: coalesce each mode at the leaves of the profile.
pub fn coalesce_x_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    match profile {
        IntTuple::Tuple(p) => transform_layout(layout, p, "composition", coalesce_x_profile),
        IntTuple::Int(_) => coalesce_x(layout),
    }
}

fn get_path(l: &Layout, path: &[usize]) -> Result<Layout> {
    let mut cur = l.clone();
    for &i in path {
        cur = cur.mode(i)?;
    }
    Ok(cur)
}

/// `composition(lhs, rhs)` for a right-hand side with scaled-basis strides.
pub fn composition_basis(lhs: &Layout, rhs: &BasisLayout) -> Result<Layout> {
    ensure!(
        rhs.stride.congruent(&rhs.shape),
        "composition: shape {} and stride {} are not congruent",
        rhs.shape,
        rhs.stride
    );
    let flat = coalesce_x_profile(lhs, &coprofile(&rhs.stride))?;
    // one exact-rule audit per basis path: each path is its own composition `get<p>(A) ∘ B_p`
    let mut audits: BTreeMap<Vec<usize>, (Layout, StrictAudit)> = BTreeMap::new();
    let r = distribute(lhs, &flat, &rhs.shape, &rhs.stride, &mut audits)
        .map_err(|e| e.context("composition"))?;
    for (path, (sub, audit)) in &audits {
        let a = get_path(lhs, path)?;
        audit.check(&a, sub, rhs)?;
    }
    Ok(r)
}

fn distribute(
    lhs: &Layout,
    flat: &Layout,
    shape: &IntTuple,
    stride: &BasisStride,
    audits: &mut BTreeMap<Vec<usize>, (Layout, StrictAudit)>,
) -> Result<Layout> {
    match (shape, stride) {
        (IntTuple::Tuple(sv), BasisStride::Tuple(dv)) => {
            let mut out = Vec::with_capacity(sv.len());
            for (s, d) in sv.iter().zip(dv) {
                out.push(distribute(lhs, flat, s, d, audits)?);
            }
            Ok(Layout::concat(&out))
        }
        (IntTuple::Int(s), BasisStride::Leaf { value, path }) => {
            let sub = get_path(flat, path)?;
            ensure!(
                sub.depth() <= 1,
                "the basis path {path:?} selects a nested mode {sub} of A"
            );
            if !audits.contains_key(path) {
                let size_a = get_path(lhs, path).ok().and_then(|a| a.size().ok());
                let audit = StrictAudit::new(&sub, !cute_semantics(), size_a);
                audits.insert(path.clone(), (sub.clone(), audit));
            }
            let entry = audits.get_mut(path).expect("inserted above");
            compose_leaf_audited(&sub, *s, *value, &mut entry.1)
        }
        _ => Err(Error::reject(format!(
            "Mismatched ranks of {shape} and {stride}"
        ))),
    }
}
