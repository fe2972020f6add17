//! [`MmaTables`]: which elements of A, B and C each thread of a TiledMMA holds.

use core::marker::PhantomData;

use tycute_dynamic::{AnyLayout, Layout};
use tycute_layout::Reify;
use tycute_tiled::mma::{ThrLayoutVMNK, ThrfrgA, ThrfrgB, ThrfrgC};

use crate::copy::tv_rows;
use crate::value::{any_layout, value};
use crate::Error;

/// A TiledMMA's fragments, per thread: `thrfrg_A(a)`, `thrfrg_B(b)` and `thrfrg_C(c)` (each
/// `((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY))) -> index`) sliced at every thread's position in
/// `get_thr_layout_vmnk()`, as `partition_A/B/C` slice them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaTables {
    threads: usize,
    a: Vec<Vec<i64>>,
    b: Vec<Vec<i64>>,
    c: Vec<Vec<i64>>,
    texts: [String; 3],
    /// `(FrgV, RestX, RestY)` of A, B and C.
    shapes: [(usize, usize, usize); 3],
}

/// `(FrgV, RestX, RestY)`: the sizes in a thrfrg layout's value mode `(FrgV,(RestX,RestY))`.
fn frg_shape(l: &Layout) -> Result<(usize, usize, usize), Error> {
    let v = l.mode(1)?;
    let sizes: Vec<usize> = v.modes().iter().map(|m| m.size().map(|s| s.value as usize)).collect::<Result<_, _>>()?;
    let rest = v.mode(1)?;
    let rs: Vec<usize> = rest.modes().iter().map(|m| m.size().map(|s| s.value as usize)).collect::<Result<_, _>>()?;
    match (sizes.len(), rs.len()) {
        (2, 2) => Ok((sizes[0], rs[0], rs[1])),
        _ => Err(Error::new(format!("{l}: the value mode is not (FrgV,(RestX,RestY))"))),
    }
}

const TABLE_LIMIT: i64 = 1 << 26;

/// A TiledMMA `TM` applied to A `(M,K)`, B `(N,K)` and C `(M,N)`, what [`MmaTables::of`] reads:
/// `get_thr_layout_vmnk()` and `thrfrg_A/B/C` as types. A type alias for the reason
/// [`CopyOn`](crate::CopyOn) is one: the solver evaluates them once, where the alias is named.
pub type MmaOn<TM, A, B, C> = MmaApplied<ThrLayoutVMNK<TM>, ThrfrgA<TM, A>, ThrfrgB<TM, B>, ThrfrgC<TM, C>>;

/// `get_thr_layout_vmnk()` and `thrfrg_A/B/C` of one TiledMMA, evaluated: name it as [`MmaOn`].
pub struct MmaApplied<V, A, B, C>(PhantomData<fn() -> (V, A, B, C)>);

/// What [`MmaTables::of`] takes: [`MmaOn`]`<TiledMMA, A, B, C>`.
#[diagnostic::on_unimplemented(
    message = "MmaTables::of takes `MmaOn<TiledMMA, A, B, C>`, not `{Self}`",
    label = "not an MmaOn<..>"
)]
pub trait MmaOperands {
    /// `get_thr_layout_vmnk()`.
    type ThrLayoutVMNK: Reify;
    /// `thrfrg_A(a)`.
    type ThrfrgA: Reify;
    /// `thrfrg_B(b)`.
    type ThrfrgB: Reify;
    /// `thrfrg_C(c)`.
    type ThrfrgC: Reify;
}
impl<V: Reify, A: Reify, B: Reify, C: Reify> MmaOperands for MmaApplied<V, A, B, C> {
    type ThrLayoutVMNK = V;
    type ThrfrgA = A;
    type ThrfrgB = B;
    type ThrfrgC = C;
}

fn plain(v: AnyLayout, what: &str) -> Result<Layout, Error> {
    match v {
        AnyLayout::Plain(l) => Ok(l),
        AnyLayout::Composed(_) => Err(Error::new(format!("{what}: a composed layout where a coordinate layout was expected"))),
    }
}

impl MmaTables {
    /// The tables of TiledMMA `TM` over coordinate (or any) layouts of A `(M,K)`, B `(N,K)` and
    /// C `(M,N)` (e.g. `make_layout((bM,bK))`: element `m + bM*k`), named as
    /// [`MmaOn`]`<TM, A, B, C>`.
    pub fn of<T: MmaOperands>() -> Result<MmaTables, Error> {
        let vmnk = match value::<T::ThrLayoutVMNK>()? {
            tycute_dynamic::Value::Layout(l) => l,
            v => return Err(Error::new(format!("get_thr_layout_vmnk is {v}, not a layout"))),
        };
        let a = plain(any_layout::<T::ThrfrgA>()?, "thrfrg_A")?;
        let b = plain(any_layout::<T::ThrfrgB>()?, "thrfrg_B")?;
        let c = plain(any_layout::<T::ThrfrgC>()?, "thrfrg_C")?;
        MmaTables::from_values(&vmnk, &a, &b, &c)
    }

    /// The tables from the values of `get_thr_layout_vmnk()` and `thrfrg_A/B/C`.
    pub fn from_values(vmnk: &Layout, a: &Layout, b: &Layout, c: &Layout) -> Result<MmaTables, Error> {
        let sizes: Vec<usize> = vmnk.modes().iter().map(|m| m.size().map(|s| s.value as usize)).collect::<Result<_, _>>()?;
        if sizes.len() != 4 {
            return Err(Error::new(format!("get_thr_layout_vmnk {vmnk} is not rank 4")));
        }
        let (vs, ms, ns) = (sizes[0], sizes[1], sizes[2]);
        let table = vmnk.table(TABLE_LIMIT)?;
        let threads = table.len();
        // thread t's position (v, m, n, k) in (ThrV,ThrM,ThrN,ThrK), and from it its index in
        // the thread modes (ThrV,(ThrM,ThrK)), (ThrV,(ThrN,ThrK)) and (ThrV,(ThrM,ThrN))
        let mut pos = vec![None; threads];
        for (f, &t) in table.iter().enumerate() {
            let slot = usize::try_from(t).ok().and_then(|t| pos.get_mut(t)).ok_or_else(|| Error::new(format!("get_thr_layout_vmnk {vmnk} maps to {t}, past its {threads} threads")))?;
            *slot = Some(f);
        }
        let rows = |l: &Layout, idx: &dyn Fn(usize, usize, usize, usize) -> usize| -> Result<Vec<Vec<i64>>, Error> {
            let n_thr = l.mode(0)?.size()?.value as usize;
            let all = tv_rows(&l.table(TABLE_LIMIT)?, n_thr);
            pos.iter()
                .enumerate()
                .map(|(t, f)| {
                    let f = f.ok_or_else(|| Error::new(format!("thread {t} is not in get_thr_layout_vmnk {vmnk}")))?;
                    let (v, m, n, k) = (f % vs, (f / vs) % ms, (f / (vs * ms)) % ns, f / (vs * ms * ns));
                    all.get(idx(v, m, n, k)).cloned().ok_or_else(|| Error::new(format!("thread {t}: past the thread mode of {l}")))
                })
                .collect()
        };
        Ok(MmaTables {
            threads,
            a: rows(a, &|v, m, _, k| v + vs * (m + ms * k))?,
            b: rows(b, &|v, _, n, k| v + vs * (n + ns * k))?,
            c: rows(c, &|v, m, n, _| v + vs * (m + ms * n))?,
            texts: [a.to_string(), b.to_string(), c.to_string()],
            shapes: [frg_shape(a)?, frg_shape(b)?, frg_shape(c)?],
        })
    }

    /// Threads of the TiledMMA.
    pub fn threads(&self) -> usize {
        self.threads
    }
    /// Per thread, the index in A's layout of each A fragment value.
    pub fn a(&self) -> &[Vec<i64>] {
        &self.a
    }
    /// Per thread, the index in B's layout of each B fragment value.
    pub fn b(&self) -> &[Vec<i64>] {
        &self.b
    }
    /// Per thread, the index in C's layout of each accumulator.
    pub fn c(&self) -> &[Vec<i64>] {
        &self.c
    }
    /// `(FrgV, RestM, RestK)` of A's fragment: values per MMA atom, atoms along M and K.
    pub fn a_shape(&self) -> (usize, usize, usize) {
        self.shapes[0]
    }
    /// `(FrgV, RestN, RestK)` of B's fragment.
    pub fn b_shape(&self) -> (usize, usize, usize) {
        self.shapes[1]
    }
    /// `(FrgV, RestM, RestN)` of the accumulators.
    pub fn c_shape(&self) -> (usize, usize, usize) {
        self.shapes[2]
    }
    /// `thrfrg_A`'s CuTe text.
    pub fn a_text(&self) -> &str {
        &self.texts[0]
    }
    /// `thrfrg_B`'s CuTe text.
    pub fn b_text(&self) -> &str {
        &self.texts[1]
    }
    /// `thrfrg_C`'s CuTe text.
    pub fn c_text(&self) -> &str {
        &self.texts[2]
    }
}
