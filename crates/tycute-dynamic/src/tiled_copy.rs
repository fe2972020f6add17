//! TiledCopy: a copy atom tiled over a `(thr, val) → coord` layout and a tiler.
//!
//! * `make_tiled_copy(atom, thr, val)`: `layout_mn = raked_product(thr, val)`,
//!   `TiledLayout_TV = right_inverse(layout_mn).with_shape(size(thr), size(val))`,
//!   `Tiler_MN = product_each(shape(layout_mn))`.
//! * `make_tiled_copy_A/B/C(atom, mma)`: the MMA's `get_layoutX_TV` and tile;
//!   `make_tiled_copy_C_atom(atom, mma)`: the accumulator layout restricted to the atom's
//!   values, over a by-mode tiler of layouts; `make_tiled_copy_S/D(atom, tiled_copy)`: another
//!   atom over `tiled_copy`'s source/destination TV layout.
//! * `tile2thrfrg(tensor, ref2trg)`: the atom-sized blocks of the TV layout re-indexed through
//!   `ref2trg` (`src2ref`/`dst2ref`), coalesced to `(Thr,(FrgV,FrgX))`, composed into the
//!   tensor's tile mode; `tidfrg_S/D` apply it to `zipped_divide(tensor, Tiler_MN)`.
//! * `partition_S/D(tensor, t)` slice `tidfrg` at thread `t`; `retile(fragment)` re-indexes a
//!   register fragment into the atom's `(atom_vals, rest_vals)` order.

use crate::atom::copy::CopyAtom;
use crate::coalesce::{coalesce_profile, filter};
use crate::composition::{composition, composition_tiler};
use crate::construct::with_shape;
use crate::divide::zipped_divide;
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::inverse::{left_inverse, right_inverse};
use crate::layout::Layout;
use crate::product::{logical_product, raked_product, zip};
use crate::tensor::{Crd, Tensor};
use crate::tiled_mma::{Operand, TiledMma};
use crate::value::{AnyLayout, Tiler};

/// A TiledCopy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledCopy {
    /// The copy atom.
    pub atom: CopyAtom,
    /// `TiledLayout_TV`.
    pub layout_tv: Layout,
    /// `Tiler_MN`: a shape (tuple of integers) or a tuple of layouts.
    pub tiler: Tiler,
}

/// `shape(tiler)`: integers stay, layouts give their shape.
pub fn tiler_shape(t: &Tiler) -> Result<IntTuple> {
    match t {
        Tiler::Int(i) => Ok(IntTuple::Int(*i)),
        Tiler::Layout(l) => Ok(l.shape.clone()),
        Tiler::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter().map(tiler_shape).collect::<Result<_>>()?,
        )),
        Tiler::Underscore => Err(Error::reject("shape of `_`")),
    }
}

/// `make_tiled_copy_impl(atom, layout_tv, tiler)` with CuTe's checks on the atom's sizes.
pub fn make_tiled_copy_impl(atom: CopyAtom, layout_tv: Layout, tiler: Tiler) -> Result<TiledCopy> {
    let tiled_thr = layout_tv.mode(0)?.size()?;
    let tiled_val = layout_tv.mode(1)?.size()?;
    let (athr, aval) = (atom.num_thr()?, atom.num_val()?);
    ensure!(
        athr.value != 0 && tiled_thr.value % athr.value == 0,
        "make_tiled_copy: TiledCopy uses too few thrs for selected CopyAtom (the thread count is not a multiple of the atom's): {} threads, the atom has {}",
        tiled_thr.value,
        athr.value
    );
    ensure!(
        aval.value != 0 && tiled_val.value % aval.value == 0,
        "make_tiled_copy: TiledCopy uses too few vals for selected CopyAtom (the values per thread are not a multiple of the atom's): {} values per thread, the atom moves {}",
        tiled_val.value,
        aval.value
    );
    Ok(TiledCopy {
        atom,
        layout_tv,
        tiler,
    })
}

/// `make_tiled_copy(atom, thr_layout, val_layout)`.
pub fn make_tiled_copy(atom: CopyAtom, thr: &Layout, val: &Layout) -> Result<TiledCopy> {
    let layout_mn = raked_product(thr, val)?;
    let layout_tv = with_shape(
        &right_inverse(&layout_mn)?,
        &IntTuple::Tuple(vec![IntTuple::Int(thr.size()?), IntTuple::Int(val.size()?)]),
    )?;
    let tiler = Tiler::from_shape(&layout_mn.shape.product_each()?);
    make_tiled_copy_impl(atom, layout_tv, tiler)
}

/// `make_tiled_copy_A/B/C(atom, mma)`.
pub fn make_tiled_copy_mma(atom: CopyAtom, mma: &TiledMma, op: Operand) -> Result<TiledCopy> {
    let (i0, i1) = match op {
        Operand::A => (0, 2),
        Operand::B => (1, 2),
        Operand::C => (0, 1),
    };
    let tiler = Tiler::Tuple(vec![
        Tiler::Int(mma.tile_size(i0)?),
        Tiler::Int(mma.tile_size(i1)?),
    ]);
    make_tiled_copy_impl(atom, mma.layout_tv(op)?, tiler)
}

/// `make_tiled_copy_C_atom(atom, mma)`.
pub fn make_tiled_copy_c_atom(atom: CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    let c_tv = mma.layout_tv(Operand::C)?;
    let copy_v = atom.num_val_src()?;
    ensure!(
        copy_v.value <= c_tv.mode(1)?.size()?.value,
        "static assertion failed: make_tiled_copy_C_atom: copy_V <= size<1>(layoutC_TV) ({copy_v} values per copy, {} per thread)",
        c_tv.mode(1)?.size()?
    );
    let layout_tv = composition(
        &c_tv,
        &Layout::left(&IntTuple::Tuple(vec![
            IntTuple::Int(c_tv.mode(0)?.size()?),
            IntTuple::Int(copy_v),
        ]))?,
    )?;
    let (m, n) = (mma.tile_size(0)?, mma.tile_size(1)?);
    let mma_tiler = IntTuple::Tuple(vec![IntTuple::Int(m), IntTuple::Int(n)]);
    let mut tiles = Vec::new();
    let mut tile_layouts = Vec::new();
    for i in 0..2 {
        let mut z = vec![IntTuple::st(0), IntTuple::st(0)];
        z[i] = IntTuple::st(1);
        let proj = Layout::new(mma_tiler.clone(), IntTuple::Tuple(z))?;
        let t = filter(&composition(&proj, &layout_tv)?)?;
        tiles.push(Tiler::Layout(t.clone()));
        tile_layouts.push(t);
    }
    let tiler = Tiler::Tuple(tiles);
    let tile2mma = composition_tiler(&Layout::left(&mma_tiler)?, &tiler)?;
    let layout_tv = composition(&left_inverse(&tile2mma)?, &layout_tv)?;
    make_tiled_copy_impl(atom, layout_tv, tiler)
}

/// `make_tiled_copy_S(atom, tc)` / `make_tiled_copy_D(atom, tc)`.
pub fn make_tiled_copy_sd(atom: CopyAtom, tc: &TiledCopy, src: bool) -> Result<TiledCopy> {
    let tv = if src {
        tc.layout_s_tv()?
    } else {
        tc.layout_d_tv()?
    };
    make_tiled_copy_impl(atom, tv, tc.tiler.clone())
}

impl TiledCopy {
    /// `TiledNumThr`.
    pub fn num_thr(&self) -> Result<Int> {
        self.layout_tv.mode(0)?.size()
    }

    /// `tile2thrfrg(tensor, ref2trg)` on the (inner) layout of a tensor.
    pub fn tile2thrfrg(&self, layout: &Layout, ref2trg: &Layout) -> Result<Layout> {
        let atom_tv = zipped_divide(
            &self.layout_tv,
            &Tiler::Tuple(vec![
                Tiler::Int(self.atom.num_thr()?),
                Tiler::Int(self.atom.num_val()?),
            ]),
        )?;
        let trg_tv = composition_tiler(
            &atom_tv,
            &Tiler::Tuple(vec![Tiler::Layout(ref2trg.clone()), Tiler::Underscore]),
        )?;
        let profile: IntTuple = "(_1,(_1,_1))".parse()?;
        let thrval2mn = coalesce_profile(&zip(&trg_tv)?, &profile)?;
        let tv = composition_tiler(
            layout,
            &Tiler::Tuple(vec![Tiler::Layout(thrval2mn), Tiler::Underscore]),
        )?;
        crate::tensor::slice_layout(&Crd::T(vec![Crd::T(vec![Crd::U, Crd::U]), Crd::U]), &tv)
    }

    fn tidfrg_layout(&self, layout: &Layout, ref2trg: &Layout) -> Result<Layout> {
        let tiler_rank = self.tiler.rank();
        ensure!(
            layout.rank() >= tiler_rank,
            "tidfrg_S/D, partition_S/D: Rank of tensor to be partitioned too small. rank(tensor) = {}, rank(Tiler_MN) = {tiler_rank}",
            layout.rank()
        );
        self.tile2thrfrg(&zipped_divide(layout, &self.tiler)?, ref2trg)
    }

    /// `tidfrg_S(tensor)` / `tidfrg_D(tensor)` on a plain or swizzled layout.
    pub fn tidfrg(&self, layout: &AnyLayout, src: bool) -> Result<AnyLayout> {
        let r = if src {
            self.atom.src2ref()?
        } else {
            self.atom.dst2ref()?
        };
        if let AnyLayout::Plain(l) = layout {
            ensure!(
                l.rank() >= self.tiler.rank(),
                "tidfrg_S/D, partition_S/D: Rank of tensor to be partitioned too small. rank(tensor) = {}, rank(Tiler_MN) = {}",
                l.rank(),
                self.tiler.rank()
            );
        }
        Ok(Tensor::new(layout.clone())
            .map(|l| self.tidfrg_layout(l, &r))?
            .layout)
    }

    /// `get_layoutS_TV()` / `get_layoutD_TV()`.
    fn layout_sd_tv(&self, src: bool) -> Result<Layout> {
        let r = if src {
            self.atom.src2ref()?
        } else {
            self.atom.dst2ref()?
        };
        let ref_s = Layout::left(&IntTuple::Tuple(vec![
            tiler_shape(&self.tiler)?,
            IntTuple::st(1),
        ]))?;
        let x = self.tile2thrfrg(&ref_s, &r)?;
        crate::tensor::slice_layout(&Crd::T(vec![Crd::U, Crd::U, Crd::I(Int::ZERO)]), &x)
    }

    /// `get_layoutS_TV()`.
    pub fn layout_s_tv(&self) -> Result<Layout> {
        self.layout_sd_tv(true)
    }

    /// `get_layoutD_TV()`.
    pub fn layout_d_tv(&self) -> Result<Layout> {
        self.layout_sd_tv(false)
    }

    /// `get_slice(t).partition_S(tensor)` / `partition_D`.
    pub fn partition(&self, t: &Tensor, thr: i64, src: bool) -> Result<Tensor> {
        let rank = t.inner()?.rank();
        let tf = Tensor {
            base: t.base,
            layout: self.tidfrg(&t.layout, src)?,
        };
        tf.slice(&Crd::T(vec![Crd::dy(thr), Crd::U, Crd::repeat_u(rank)]))
    }

    /// `partition_S/D` for whole tiles: [`TiledCopy::partition`], and `Tiler_MN` must divide the
    /// tensor (the type level's `ExactPartitionS/D`).
    pub fn exact_partition(&self, t: &Tensor, thr: i64, src: bool) -> Result<Tensor> {
        let shape = t.inner()?.shape.clone();
        let tile = tiler_shape(&self.tiler)?;
        if let (IntTuple::Tuple(ms), IntTuple::Tuple(ts)) = (&shape, &tile) {
            for (i, (m, e)) in ms.iter().zip(ts).enumerate() {
                let (m, e) = (m.product()?, e.product()?);
                ensure!(
                    !m.is_static || !e.is_static || m.value % e.value == 0,
                    "partition_S/D (exact tiles): the TiledCopy's Tiler_MN does not divide the tensor (shape<i>(tensor) % size<i>(Tiler_MN) != 0 in some mode): the last tile would reach past the tensor: mode {i} of the tensor has size {m}, the tile {e}"
                );
            }
        }
        self.partition(t, thr, src)
    }

    /// `retile(fragment)` (`retile_S` and `retile_D` are the same re-indexing).
    pub fn retile(&self, frag: &Layout) -> Result<Layout> {
        let r = frag.rank();
        ensure!(
            r >= 1 + self.tiler.rank(),
            "retile_S/D: the fragment must be (V,M,N,...): one value mode, then a mode per mode of the TiledCopy's Tiler_MN (rank(fragment) >= 1 + rank(Tiler_MN)): the fragment {frag} has rank {r}, Tiler_MN = {} has rank {}",
            self.tiler,
            self.tiler.rank()
        );
        let v = frag.mode(0)?.size()?;
        ensure!(
            v.is_static,
            "retile: size<0>(tensor) must be static (got {v})"
        );
        const VALUES: &str = "retile_S/D: the fragment does not hold whole copies of the TiledCopy: V = size<0>(fragment) must divide TiledNumVal (the values a thread copies per tile) or be a multiple of it, and size(fragment) must be a multiple of TiledNumVal";
        let nv = self.layout_tv.mode(1)?.size()?;
        ensure!(
            !nv.is_static || v.value % nv.value == 0 || nv.value % v.value == 0,
            "{VALUES}: V = {v}, TiledNumVal = {nv}"
        );
        let sz = frag.size()?;
        ensure!(
            !nv.is_static || !sz.is_static || sz.value % nv.value == 0,
            "{VALUES}: size(fragment) = {sz}, TiledNumVal = {nv}"
        );
        let n = self.num_thr()?.mul(v)?;
        let frg_mn = crate::cast::upcast(
            n.value,
            &with_shape(&right_inverse(&self.layout_tv)?, &tiler_shape(&self.tiler)?)?,
        )?;
        let frg_v = zipped_divide(
            &logical_product(
                &Layout::left(&IntTuple::Int(v))?,
                &Tiler::Layout(right_inverse(&frg_mn)?),
            )?,
            &Tiler::Layout(Layout::left(&IntTuple::Int(self.atom.num_val()?))?),
        )?;
        let t_tiler = frg_mn.shape.product_each()?.prepend(IntTuple::Int(v));
        let t = zipped_divide(frag, &Tiler::from_shape(&t_tiler))?;
        let vt = composition_tiler(
            &t,
            &Tiler::Tuple(vec![Tiler::Layout(frg_v), Tiler::Underscore]),
        )?;
        // v_tensor(_, append<R>(Int<0>{}, _))
        let second = if r <= 1 {
            Crd::I(Int::ZERO)
        } else {
            let mut v = vec![Crd::I(Int::ZERO)];
            v.extend(std::iter::repeat_n(Crd::U, r - 1));
            Crd::T(v)
        };
        crate::tensor::slice_layout(&Crd::T(vec![Crd::U, second]), &vt)
    }
}

/// CuTe's `print(tiled_copy)`: the TiledCopy's members, then its atom's (the same lines as the
/// type level's `show::<TiledCopy<..>>()`). A member that cannot be computed prints as
/// `error: ...` in its place.
impl std::fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = |r: Result<Layout>| r.map_or_else(|e| format!("error: {e}"), |l| l.to_string());
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler)?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.atom.thr_id)?;
        writeln!(f, "  ValLayoutSrc: {}", shown(self.atom.val_src()))?;
        writeln!(f, "  ValLayoutDst: {}", shown(self.atom.val_dst()))?;
        writeln!(f, "  ValLayoutRef: {}", shown(self.atom.val_ref()))?;
        writeln!(f, "  ValueType:    {}b", self.atom.val_bits)
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::copy::copy_atom;

    #[test]
    fn prints_as_cute() {
        let atom = copy_atom("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>").unwrap();
        let thr: Layout = "(_16,_8):(_8,_1)".parse().unwrap();
        let val: Layout = "(_1,_8):(_0,_1)".parse().unwrap();
        let tc = make_tiled_copy(atom, &thr, &val).unwrap();
        assert_eq!(
            tc.to_string(),
            "TiledCopy\n  Tiler_MN:       (_16,_64)\n  TiledLayout_TV: ((_8,_16),_8):((_128,_1),_16)\n\
             Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8):(_0,_1)\n  ValLayoutDst: (_1,_8):(_0,_1)\n\
             \x20 ValLayoutRef: (_1,_8):(_0,_1)\n  ValueType:    16b\n"
        );
    }
}

/// Slicing a tensor keeps its function: element `i` of `T(c)` is `T` at `c` with `_` filled in,
/// for swizzled layouts and for a TiledCopy's partition (`tidfrg_S` of an `ldmatrix` copy).
#[cfg(test)]
mod slice_tests {
    use crate::int::Int;
    use crate::int_tuple::IntTuple;
    use crate::layout::{crd2idx, Layout};
    use crate::swizzle::Swizzle;
    use crate::tensor::{Crd, Tensor};
    use crate::value::{AnyLayout, Value};

    fn any(s: &str) -> AnyLayout {
        s.parse::<Value>().unwrap().to_any_layout().unwrap()
    }

    /// Put the coordinate of the sliced layout's index `i` into the `_` positions of `c`.
    fn fill(c: &Crd, sliced: &IntTuple) -> IntTuple {
        fn go(c: &Crd, parts: &mut std::slice::Iter<'_, IntTuple>) -> IntTuple {
            match c {
                Crd::U => parts.next().expect("one part per _").clone(),
                Crd::I(i) => IntTuple::Int(*i),
                Crd::T(v) => IntTuple::Tuple(v.iter().map(|x| go(x, parts)).collect()),
            }
        }
        match c {
            Crd::U => sliced.clone(),
            _ => {
                let parts = match sliced {
                    IntTuple::Tuple(v) => v.clone(),
                    other => vec![other.clone()],
                };
                go(c, &mut parts.iter())
            }
        }
    }

    /// Slicing keeps the function: element `i` of `T(c)` is `T` at `c` with `_` filled in.
    fn check_slice(t: &Tensor, c: &Crd) {
        let s = t.slice(c).unwrap();
        let inner = t.inner().unwrap();
        let sl = s.inner().unwrap();
        let table = s.table(1 << 16).unwrap();
        for (i, got) in table.iter().enumerate() {
            // the sliced layout may refine each kept mode: give each mode its 1-D index
            let ci = crate::layout::idx2crd(&IntTuple::dy(i as i64), &sl.shape).unwrap();
            let flat = match (&ci, &sl.shape) {
                (IntTuple::Tuple(cv), IntTuple::Tuple(sv)) if !matches!(c, Crd::U) => {
                    IntTuple::Tuple(
                        cv.iter()
                            .zip(sv)
                            .map(|(x, s)| IntTuple::Int(crate::tiled_mma::crd_to_1d(x, s).unwrap()))
                            .collect(),
                    )
                }
                _ => IntTuple::Int(crate::tiled_mma::crd_to_1d(&ci, &sl.shape).unwrap()),
            };
            let full = fill(c, &flat);
            let x = crd2idx(&full, &inner.shape, &inner.stride).unwrap().value;
            let want = t.base
                + match &t.layout {
                    AnyLayout::Plain(_) => x,
                    AnyLayout::Composed(cl) => {
                        let off = cl.offset.int_value().unwrap();
                        cl.a.eval_i64(x + off).unwrap()
                    }
                };
            assert_eq!(*got, want, "slice {c:?} of {t}: element {i} -> {s}");
        }
    }

    #[test]
    fn swizzled_slices_keep_the_function() {
        // make_tiled_copy_A(LDSM_U32x4_N, 2x2 SM80 16x8x16, 32x32x16).tidfrg_S(sA(_,_,0))
        let mma = crate::tiled_mma::make_tiled_mma(
            crate::atom::mma::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
            &"(_2,_2):(_1,_2)".parse().unwrap(),
            &"(_32,_32,_16)".parse().unwrap(),
        )
        .unwrap();
        let tc = crate::tiled_copy::make_tiled_copy_mma(
            crate::atom::copy::copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>").unwrap(),
            &mma,
            crate::tiled_mma::Operand::A,
        )
        .unwrap();
        let s0 = any("Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0))");
        let t = Tensor::new(tc.tidfrg(&s0, true).unwrap());
        for thr in [0, 1, 5, 37, 77, 127] {
            let c = Crd::T(vec![Crd::dy(thr), Crd::U, Crd::T(vec![Crd::U, Crd::U])]);
            check_slice(&t, &c);
        }
        let sa = Tensor::new(any(
            "Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1),(_1,_3)):((_8,_512),((_1,_64),_0),(_0,_8192))",
        ));
        for k in 0..3 {
            check_slice(&sa, &Crd::T(vec![Crd::U, Crd::U, Crd::dy(k)]));
            check_slice(&sa, &Crd::T(vec![Crd::U, Crd::U, Crd::I(Int::st(k))]));
        }
        check_slice(&sa, &Crd::T(vec![Crd::dy(9), Crd::U, Crd::U]));
        check_slice(
            &sa,
            &Crd::T(vec![Crd::U, Crd::T(vec![Crd::dy(3), Crd::U]), Crd::dy(1)]),
        );
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
        /// Slicing a swizzled, row-major 2-D tile at a run-time row or column keeps the function.
        #[test]
        fn random_swizzled_slices(b in 1i32..=3, m in 0i32..=3, extra in 0i32..=2, rows in 1u32..=4, cols in 1u32..=4, r in 0i64..64, col in proptest::bool::ANY) {
            let s = b + extra;
            let sw = Swizzle::new(b, m, s).unwrap();
            let (nr, nc) = (1i64 << rows, 1i64 << (cols + 2));
            let l = Layout::right(&IntTuple::Tuple(vec![IntTuple::st(nr), IntTuple::st(nc)])).unwrap();
            let t = Tensor::new(crate::composed::swizzle_then_layout(sw, &l));
            let c = if col {
                Crd::T(vec![Crd::U, Crd::dy(r % nc)])
            } else {
                Crd::T(vec![Crd::dy(r % nr), Crd::U])
            };
            check_slice(&t, &c);
        }
    }
}
