//! `make_tiled_mma`: an MMA atom tiled over a thread layout, with permutation tiles.
//!
//! * `thr_layout_vmnk = tiled_product(ThrID, AtomLayoutMNK)`: `(ThrV,ThrM,ThrN,ThrK) → thr_idx`.
//! * `permutation_mnk<I>` is the given tile mode, or `size<I>(Shape_MNK) * size<I+1>(vmnk)`
//!   for `_`; `tile_size<I> = size(permutation_mnk<I>)`.
//! * `thrfrg_C(C)`: divide by the permutation tile, `zipped_divide` by the atom's (M,N), compose
//!   mode 0 with `LayoutC_TV`, `zipped_divide` by the atom layout's (ThrM,ThrN):
//!   `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))` (A and B likewise with K).
//! * `get_layoutX_TV` is `thrfrg_X` of the tile's column-major reference, re-indexed by thread
//!   index (A ignores ThrN, B ignores ThrM: those thread modes get stride 0).
//! * `partition_X(ref, t)` slices `thrfrg_X(ref)` at the thread's VMNK coordinate.
//!
//! # The tile rule (tycute)
//! CuTe does not check the permutation tile against the atoms. tycute rejects a TiledMMA (every
//! operation on it) when one of `get_layoutA_TV`, `get_layoutB_TV`, `get_layoutC_TV` maps some
//! (thread, value) pair outside its tile, i.e. to an index `>= tile_M*tile_K` (A),
//! `tile_N*tile_K` (B) or `tile_M*tile_N` (C). This happens exactly when a permutation tile is
//! smaller than `atom shape × atom layout` in some mode (the atoms then spill past the tile),
//! or when the atom layout has more than one thread group along K (the C layout's second K
//! group lands past the C tile): those TV layouts do not describe a partition of the tile.

use crate::atom::mma::MmaAtom;
use crate::coalesce::filter_zeros;
use crate::complement::complement_default;
use crate::composition::{composition, composition_tiler};
use crate::construct::make_ordered_layout;
use crate::divide::{logical_divide, zipped_divide};
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::inverse::right_inverse;
use crate::layout::{compact_major, crd2idx, Layout, Major};
use crate::product::tiled_product;
use crate::tensor::{Crd, Tensor};
use crate::value::{AnyLayout, Tiler};

/// A TiledMMA.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `AtomLayoutMNK` (rank 3).
    pub atom_layout: Layout,
    /// `PermutationMNK` (three modes, `_` where none was given).
    pub perm: Vec<Tiler>,
    /// `thr_layout_vmnk`.
    pub vmnk: Layout,
}

/// Which operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A: (M,K).
    A,
    /// B: (N,K).
    B,
    /// C: (M,N).
    C,
}

impl Operand {
    /// The two MNK modes of the operand.
    fn modes(self) -> (usize, usize) {
        match self {
            Operand::A => (0, 2),
            Operand::B => (1, 2),
            Operand::C => (0, 1),
        }
    }
}

/// `size(tiler)` for a permutation tile mode.
pub fn tiler_size(t: &Tiler) -> Result<Int> {
    match t {
        Tiler::Int(i) => Ok(*i),
        Tiler::Layout(l) => l.size(),
        Tiler::Tuple(v) => {
            let mut acc = Int::ONE;
            for x in v {
                acc = acc.mul(tiler_size(x)?)?;
            }
            Ok(acc)
        }
        Tiler::Underscore => Err(Error::reject("size of `_`")),
    }
}

fn tiler_is_static(t: &Tiler) -> bool {
    match t {
        Tiler::Int(i) => i.is_static,
        Tiler::Layout(l) => l.is_static(),
        Tiler::Tuple(v) => v.iter().all(tiler_is_static),
        Tiler::Underscore => true,
    }
}

fn make_layout_n(n: Int) -> Result<Layout> {
    Layout::left(&IntTuple::Int(n))
}

/// `make_tiled_mma(atom, atom_layout, permutations)`: pads the atom layout with `_1:_0` and the
/// permutations with `_` to rank 3, then checks CuTe's conditions and tycute's tile rule.
pub fn make_tiled_mma(atom: MmaAtom, atom_layout: &Layout, perm: &Tiler) -> Result<TiledMma> {
    ensure!(
        atom_layout.rank() <= 3,
        "static assertion failed: TiledMMA requires rank-3 AtomLayoutMNK: rank(AtomLayoutMNK) = {}",
        atom_layout.rank()
    );
    let atom_layout = atom_layout.append_to(3)?;
    let perm = match perm {
        Tiler::Tuple(v) => {
            ensure!(
                v.len() <= 3,
                "static assertion failed: TiledMMA requires rank-3 PermutationMNK: rank(PermutationMNK) = {}",
                v.len()
            );
            let mut v = v.clone();
            v.resize(3, Tiler::Underscore);
            v
        }
        Tiler::Underscore => vec![Tiler::Underscore; 3],
        other => vec![other.clone(), Tiler::Underscore, Tiler::Underscore],
    };
    tiled_mma_raw(atom, atom_layout, perm)
}

/// The `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>` constructor itself (no padding).
pub fn tiled_mma_raw(atom: MmaAtom, atom_layout: Layout, perm: Vec<Tiler>) -> Result<TiledMma> {
    ensure!(
        atom_layout.rank() == 3,
        "static assertion failed: TiledMMA requires rank-3 AtomLayoutMNK: rank(AtomLayoutMNK) = {}",
        atom_layout.rank()
    );
    ensure!(
        perm.len() == 3,
        "static assertion failed: TiledMMA requires rank-3 PermutationMNK: rank(PermutationMNK) = {}",
        perm.len()
    );
    ensure!(
        perm.iter().all(tiler_is_static),
        "static assertion failed: TiledMMA requires static permutations of MNK."
    );
    let vmnk = tiled_product(&atom.thr_id, &Tiler::Layout(atom_layout.clone()))?;
    let mma = TiledMma {
        atom,
        atom_layout,
        perm,
        vmnk,
    };
    mma.check_tile_rule()?;
    Ok(mma)
}

impl TiledMma {
    /// `size<I>(thr_layout_vmnk)`.
    pub fn thr_size(&self, i: usize) -> Result<Int> {
        self.vmnk.mode(i)?.size()
    }
    /// `size(thr_layout_vmnk)`: the number of threads.
    pub fn size(&self) -> Result<Int> {
        self.vmnk.size()
    }
    /// `permutation_mnk<I>()`.
    pub fn permutation_mnk(&self, i: usize) -> Result<Tiler> {
        let p = self
            .perm
            .get(i)
            .ok_or_else(|| Error::reject("permutation_mnk: index out of range"))?;
        match p {
            Tiler::Underscore => Ok(Tiler::Int(self.atom.shape(i)?.mul(self.thr_size(i + 1)?)?)),
            other => Ok(other.clone()),
        }
    }
    /// `tile_size<I>(mma)`.
    pub fn tile_size(&self, i: usize) -> Result<Int> {
        tiler_size(&self.permutation_mnk(i)?)
    }
    fn atom_tv(&self, op: Operand) -> &Layout {
        match op {
            Operand::A => &self.atom.layout_a,
            Operand::B => &self.atom.layout_b,
            Operand::C => &self.atom.layout_c,
        }
    }

    /// `thrfrg_X(layout)` on a plain or swizzled layout.
    pub fn thrfrg_any(&self, op: Operand, t: &AnyLayout) -> Result<AnyLayout> {
        Ok(Tensor::new(t.clone()).map(|l| self.thrfrg(op, l))?.layout)
    }

    /// `thrfrg_X(layout)`: `((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,...)))`.
    pub fn thrfrg(&self, op: Operand, layout: &Layout) -> Result<Layout> {
        ensure!(
            layout.rank() >= 2,
            "static assertion failed: thrfrg: rank(tensor) >= 2 required (got {layout})"
        );
        let (i0, i1) = op.modes();
        let t_tile = Tiler::Tuple(vec![self.permutation_mnk(i0)?, self.permutation_mnk(i1)?]);
        let t = logical_divide(layout, &t_tile)?;
        let a_tile = Tiler::Tuple(vec![
            Tiler::Layout(make_layout_n(self.atom.shape(i0)?)?),
            Tiler::Layout(make_layout_n(self.atom.shape(i1)?)?),
        ]);
        let a = zipped_divide(&t, &a_tile)?;
        let tv = composition_tiler(
            &a,
            &Tiler::Tuple(vec![
                Tiler::Layout(self.atom_tv(op).clone()),
                Tiler::Underscore,
            ]),
        )?;
        let thr_tile = Tiler::Tuple(vec![
            Tiler::Underscore,
            Tiler::Tuple(vec![
                Tiler::Layout(make_layout_n(self.thr_size(i0 + 1)?)?),
                Tiler::Layout(make_layout_n(self.thr_size(i1 + 1)?)?),
            ]),
        ]);
        zipped_divide(&tv, &thr_tile)
    }

    /// `composition(make_layout((size(vmnk),_1),(_1,_0)), right_inverse(make_layout(vmnk, complement(vmnk))))`.
    fn thridx_2_thrid(&self) -> Result<Layout> {
        let n = self.size()?;
        let a = Layout::new(
            IntTuple::Tuple(vec![IntTuple::Int(n), IntTuple::st(1)]),
            IntTuple::Tuple(vec![IntTuple::st(1), IntTuple::st(0)]),
        )?;
        let full = Layout::concat(&[self.vmnk.clone(), complement_default(&self.vmnk)?]);
        composition(&a, &right_inverse(&full)?)
    }

    /// `get_layoutX_TV()`: `(thr_idx, val) → index in the column-major tile of operand X`.
    pub fn layout_tv(&self, op: Operand) -> Result<Layout> {
        let (i0, i1) = op.modes();
        let r = Layout::left(&IntTuple::Tuple(vec![
            IntTuple::Int(self.tile_size(i0)?),
            IntTuple::Int(self.tile_size(i1)?),
        ]))?;
        let mut x = self.thrfrg(op, &r)?;
        let (s1, s2) = (self.thr_size(1)?, self.thr_size(2)?);
        let ignore = match op {
            Operand::A => Some((IntTuple::st(1), IntTuple::st(0))),
            Operand::B => Some((IntTuple::st(0), IntTuple::st(1))),
            Operand::C => None,
        };
        if let Some((d1, d2)) = ignore {
            let l = Layout::new(
                IntTuple::Tuple(vec![IntTuple::Int(s1), IntTuple::Int(s2)]),
                IntTuple::Tuple(vec![d1, d2]),
            )?;
            let tile = Tiler::Tuple(vec![
                Tiler::Underscore,
                Tiler::Tuple(vec![Tiler::Layout(l), Tiler::Underscore]),
            ]);
            x = composition_tiler(&x, &Tiler::Tuple(vec![tile, Tiler::Underscore]))?;
        }
        composition_tiler(
            &x,
            &Tiler::Tuple(vec![
                Tiler::Layout(self.thridx_2_thrid()?),
                Tiler::Underscore,
            ]),
        )
    }

    /// tycute's tile rule (see the module documentation).
    fn check_tile_rule(&self) -> Result<()> {
        if crate::composition::cute_semantics() {
            return Ok(());
        }
        if let Some(cx) = self.tile_rule_counterexample()? {
            return Err(Error::reject(format!(
                "TiledMMA: {cx}; the permutation tile is smaller than atom shape x atom layout in some \
                 mode, or the atom layout has more than one thread group along K: tycute rejects this \
                 TiledMMA (thr_layout_vmnk = {}, tile = ({},{},{}))",
                self.vmnk,
                self.perm_text(0),
                self.perm_text(1),
                self.perm_text(2)
            )));
        }
        Ok(())
    }

    /// The first `(thr, val)` of `get_layoutA/B/C_TV` (in that order) that maps outside its tile,
    /// as text (`get_layoutC_TV(thr=128, val=4) = 4096, outside the 64x64 tile`); `None` when
    /// every TV layout stays inside its tile.
    pub fn tile_rule_counterexample(&self) -> Result<Option<String>> {
        for (op, name) in [(Operand::A, "A"), (Operand::B, "B"), (Operand::C, "C")] {
            let (i0, i1) = op.modes();
            let (t0, t1) = (self.tile_size(i0)?, self.tile_size(i1)?);
            let tile = t0.mul(t1)?.value;
            let tv = self.layout_tv(op)?;
            let nthr = tv.mode(0)?.size()?.value;
            if tv.size()?.value > 1 << 24 || nthr <= 0 {
                continue;
            }
            for (k, x) in tv.table(1 << 24)?.into_iter().enumerate() {
                if !(0..tile).contains(&x) {
                    let (thr, val) = (k as i64 % nthr, k as i64 / nthr);
                    return Ok(Some(format!(
                        "get_layout{name}_TV(thr={thr}, val={val}) = {x}, outside the {}x{} tile (index < {tile})",
                        t0.value, t1.value
                    )));
                }
            }
        }
        Ok(None)
    }

    fn perm_text(&self, i: usize) -> String {
        self.permutation_mnk(i)
            .map(|t| t.to_string())
            .unwrap_or_else(|_| "?".into())
    }

    /// `get_flat_coord(thr_idx)` of `thr_layout_vmnk`: `(v, m, n, k)`.
    pub fn thr_vmnk(&self, thr: i64) -> Result<Vec<Int>> {
        let idx = Int::dy(thr);
        self.vmnk
            .modes()
            .iter()
            .map(|m| {
                let c = idx2crd_stride(idx, &m.shape, &m.stride)?;
                crd_to_1d(&c, &m.shape)
            })
            .collect()
    }

    /// `partition_X(tensor)` for thread `thr`.
    pub fn partition(&self, op: Operand, t: &Tensor, thr: i64) -> Result<Tensor> {
        let tf = Tensor {
            base: t.base,
            layout: self.thrfrg_any(op, &t.layout)?,
        };
        let v = self.thr_vmnk(thr)?;
        let (i0, i1) = op.modes();
        let thr_c = Crd::T(vec![
            Crd::I(v[0]),
            Crd::T(vec![Crd::I(v[i0 + 1]), Crd::I(v[i1 + 1])]),
        ]);
        let rest_rank = tf.inner()?.mode(1)?.mode(1)?.rank();
        let c = Crd::T(vec![thr_c, Crd::T(vec![Crd::U, Crd::repeat_u(rest_rank)])]);
        tf.slice(&c)
    }

    /// `partition_shape_X(mma, shape)`.
    pub fn partition_shape(&self, op: Operand, shape: &IntTuple) -> Result<IntTuple> {
        let dummy = Layout::left(shape)?;
        let tv = self.thrfrg(op, &dummy)?;
        let c = Crd::T(vec![
            Crd::I(Int::ZERO),
            Crd::T(vec![Crd::U, Crd::repeat_u(dummy.rank())]),
        ]);
        crate::tensor::slice(&c, &tv.shape)
    }

    /// `make_fragment_X(partitioned)`: the register fragment's layout.
    pub fn make_fragment(&self, op: Operand, part: &Tensor) -> Result<AnyLayout> {
        let l = part.inner()?;
        ensure!(
            l.rank() >= 3,
            "static assertion failed: make_fragment_{op:?}: rank(tensor) >= 3 required (got {l})"
        );
        let nv = self.atom_tv(op).mode(1)?.size()?;
        ensure!(
            l.mode(0)?.size()?.value == nv.value,
            "static assertion failed: make_fragment_{op:?}: size<0>(tensor) == size<1>(Layout{op:?}_TV) required: size<0>(tensor) = {}, size<1>(Layout{op:?}_TV) = {}",
            l.mode(0)?.size()?,
            nv
        );
        match op {
            Operand::C => Ok(AnyLayout::Plain(Layout::left(&l.shape)?)),
            // GMMA operands read from shared memory: the fragment is a tensor of smem
            // descriptors, which CuTe builds only from an smem tensor (the counting-iterator
            // tensors here are not)
            Operand::A if self.atom.a_is_desc => Err(Error::reject(
                "static assertion failed: Expected SMEM Tensor to construct a GMMA Desc Tensor",
            )),
            Operand::B if self.atom.b_is_desc => Err(Error::reject(
                "static assertion failed: Expected SMEM Tensor to construct a GMMA Desc Tensor",
            )),
            _ => Ok(AnyLayout::Plain(make_fragment_like(l)?)),
        }
    }
}

/// CuTe's `print(tiled_mma)`: the TiledMMA's members, then its atom's (the same lines as the
/// type level's `show::<TiledMMA<..>>()`).
impl std::fmt::Display for TiledMma {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.vmnk)?;
        writeln!(f, "  PermutationMNK: {}", Tiler::Tuple(self.perm.clone()))?;
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.atom.thr_id)?;
        writeln!(f, "  Shape_MNK:  {}", self.atom.shape_mnk)?;
        writeln!(f, "  LayoutA_TV: {}", self.atom.layout_a)?;
        writeln!(f, "  LayoutB_TV: {}", self.atom.layout_b)?;
        writeln!(f, "  LayoutC_TV: {}", self.atom.layout_c)
    }
}

/// `make_fragment_like(layout)`: the first mode compact (stride-0 modes kept at 0), the other
/// modes ordered like the layout's strides.
pub fn make_fragment_like(layout: &Layout) -> Result<Layout> {
    let r = layout.rank();
    if r > 1 && layout.shape.is_static() {
        let m0 = layout.mode(0)?;
        let fz = filter_zeros(&m0);
        let first = Layout::new(
            m0.shape.clone(),
            compact_major(Major::Left, &fz.shape, Int::ONE)?,
        )?;
        let rest_shape = IntTuple::Tuple(layout.shape.modes()[1..].to_vec());
        let rest_stride = IntTuple::Tuple(layout.stride.modes()[1..].to_vec());
        let rest = make_ordered_layout(&rest_shape, &rest_stride)?;
        tiled_product(&first, &Tiler::Layout(rest))
    } else {
        Layout::left(&layout.shape)
    }
}

/// `idx2crd(idx, shape, stride)`: `(idx / d) % s` per leaf, `_0` for a static size-1 leaf.
pub fn idx2crd_stride(idx: Int, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    match (shape, stride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => Ok(IntTuple::Tuple(
            s.iter()
                .zip(d)
                .map(|(a, b)| idx2crd_stride(idx, a, b))
                .collect::<Result<_>>()?,
        )),
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            if s.is_const(1) {
                return Ok(IntTuple::Int(Int::ZERO));
            }
            ensure!(d.value != 0, "idx2crd: zero stride for a mode of size {s}");
            Ok(IntTuple::Int(idx.div(*d)?.rem(*s)?))
        }
        _ => Err(Error::reject("idx2crd: Mismatched Ranks")),
    }
}

/// `crd2idx(coord, shape)` (2-argument): the colexicographic index of a coordinate.
pub fn crd_to_1d(c: &IntTuple, shape: &IntTuple) -> Result<Int> {
    match (c, shape) {
        (IntTuple::Int(i), _) => Ok(*i),
        (IntTuple::Tuple(_), IntTuple::Tuple(_)) => {
            // Horner over the flattened coordinate and shape
            let fc = c.leaves();
            let fs = shape.leaves();
            ensure!(fc.len() == fs.len(), "crd2idx: Mismatched Ranks");
            let n = fc.len();
            ensure!(n > 0, "crd2idx: empty coordinate");
            let mut acc = fc[n - 1];
            for k in (0..n - 1).rev() {
                acc = fc[k].add(fs[k].mul(acc)?)?;
            }
            Ok(acc)
        }
        _ => Err(Error::reject("crd2idx: Invalid parameters")),
    }
}

/// Evaluate a layout at a coordinate (`layout(c)`), used for checks.
pub fn eval_at(l: &Layout, c: &IntTuple) -> Result<Int> {
    crd2idx(c, &l.shape, &l.stride)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::mma::mma_atom;

    #[test]
    fn prints_as_cute() {
        let atom = mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
        let l: Layout = "(_2,_2,_1):(_1,_2,_0)".parse().unwrap();
        let m = make_tiled_mma(atom, &l, &Tiler::Underscore).unwrap();
        assert_eq!(
            m.to_string(),
            "TiledMMA\n  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)\n  PermutationMNK: (_,_,_)\n\
             MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n\
             \x20 LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n\
             \x20 LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n\
             \x20 LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
        );
    }
}
