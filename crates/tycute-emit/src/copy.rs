//! [`CopyTables`]: what every thread of a TiledCopy reads and writes, as per-thread tables.

use tycute_dynamic::{AnyLayout, Func, Layout};
use tycute_layout::Reify;
use core::marker::PhantomData;

use tycute_tiled::copy::{TidfrgD, TidfrgS};

use crate::value::any_layout;
use crate::Error;

/// A TiledCopy applied to a source and a destination tensor: `tidfrg_S(src)` and
/// `tidfrg_D(dst)` (each `(Thr,(FrgV,FrgX),(Rest..)) -> index`), read per thread.
///
/// Row `t` of [`CopyTables::src`] lists the source indices of thread `t`'s values in the order
/// `(FrgV, FrgX, Rest..)`: what `partition_S(src)` of thread `t` holds, element by element;
/// [`CopyTables::dst`] likewise for `partition_D(dst)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyTables {
    threads: usize,
    atom_values: usize,
    src: Vec<Vec<i64>>,
    dst: Vec<Vec<i64>>,
    src_text: String,
    dst_text: String,
}

fn inner(l: &AnyLayout) -> Result<&Layout, Error> {
    match l {
        AnyLayout::Plain(p) => Ok(p),
        AnyLayout::Composed(c) => match &c.b {
            Func::Layout(p) => Ok(p),
            Func::Swizzle(_) => Err(Error::new("a composed layout whose inner function is a swizzle")),
        },
    }
}

fn text(l: &AnyLayout) -> String {
    match l {
        AnyLayout::Plain(p) => p.to_string(),
        AnyLayout::Composed(c) => tycute_dynamic::Value::Composed(c.clone()).to_string(),
    }
}

/// The rows of a `(thread, value)` table: `n_thr` threads, entry `t + n_thr * v`.
pub fn tv_rows(table: &[i64], n_thr: usize) -> Vec<Vec<i64>> {
    if n_thr == 0 {
        return Vec::new();
    }
    (0..n_thr).map(|t| (0..table.len() / n_thr).map(|v| table[t + n_thr * v]).collect()).collect()
}

const TABLE_LIMIT: i64 = 1 << 26;

/// A TiledCopy `TC` applied to `Src` (read) and `Dst` (written), what [`CopyTables::of`] reads:
/// `tidfrg_S(src)` and `tidfrg_D(dst)` as types.
///
/// A type alias on purpose: the trait solver evaluates `tidfrg_S`/`tidfrg_D` where the alias is
/// named, once, in the caller's type check. A generic `of::<TC, Src, Dst>()` whose body names
/// `TidfrgS<TC, Src>` has the solver evaluate it a second time when the function is instantiated
/// (code generation normalizes types in another mode, with caches of its own): in a build script
/// writing seven tables that was 11 s instead of 7.5 s per edit (docs/perf-history.md).
pub type CopyOn<TC, Src, Dst> = CopyApplied<TidfrgS<TC, Src>, TidfrgD<TC, Dst>>;

/// `tidfrg_S(src)` and `tidfrg_D(dst)` of one copy, evaluated: name it as [`CopyOn`].
pub struct CopyApplied<S, D>(PhantomData<fn() -> (S, D)>);

/// What [`CopyTables::of`] takes: [`CopyOn`]`<TiledCopy, Src, Dst>`.
#[diagnostic::on_unimplemented(
    message = "CopyTables::of takes `CopyOn<TiledCopy, Src, Dst>`, not `{Self}`",
    label = "not a CopyOn<..>"
)]
pub trait CopyOperands {
    /// `tidfrg_S(src)`.
    type TidfrgS: Reify;
    /// `tidfrg_D(dst)`.
    type TidfrgD: Reify;
}
impl<S: Reify, D: Reify> CopyOperands for CopyApplied<S, D> {
    type TidfrgS = S;
    type TidfrgD = D;
}

impl CopyTables {
    /// The tables of a TiledCopy `TC` over the tensors `Src` (read) and `Dst` (written), named
    /// as [`CopyOn`]`<TC, Src, Dst>`: layouts or swizzled layouts whose indices a kernel uses (a
    /// coordinate layout `make_layout((bM,bK))` gives tile coordinates; a shared-memory layout
    /// gives offsets).
    /// (The crate documentation has a whole design.)
    pub fn of<T: CopyOperands>() -> Result<CopyTables, Error> {
        let s = any_layout::<T::TidfrgS>().map_err(|e| e.context("tidfrg_S"))?;
        let d = any_layout::<T::TidfrgD>().map_err(|e| e.context("tidfrg_D"))?;
        CopyTables::from_values(&s, &d)
    }

    /// The tables from the values of `tidfrg_S(src)` and `tidfrg_D(dst)`.
    pub fn from_values(tidfrg_s: &AnyLayout, tidfrg_d: &AnyLayout) -> Result<CopyTables, Error> {
        let (si, di) = (inner(tidfrg_s)?, inner(tidfrg_d)?);
        let threads = si.mode(0)?.size()?.value as usize;
        let dthreads = di.mode(0)?.size()?.value as usize;
        if threads != dthreads {
            return Err(Error::new(format!("tidfrg_S has {threads} threads, tidfrg_D {dthreads}")));
        }
        let atom_values = match si.mode(1)?.shape {
            tycute_dynamic::IntTuple::Tuple(ref v) if !v.is_empty() => v[0].product()?.value as usize,
            ref s => s.product()?.value as usize,
        };
        let src = tv_rows(&tidfrg_s.table(TABLE_LIMIT)?, threads);
        let dst = tv_rows(&tidfrg_d.table(TABLE_LIMIT)?, threads);
        if src.first().map(Vec::len) != dst.first().map(Vec::len) {
            return Err(Error::new(format!(
                "a thread reads {} values and writes {}: the source and destination tensors differ in size",
                src.first().map_or(0, Vec::len),
                dst.first().map_or(0, Vec::len)
            )));
        }
        Ok(CopyTables { threads, atom_values, src, dst, src_text: text(tidfrg_s), dst_text: text(tidfrg_d) })
    }

    /// Threads of the copy.
    pub fn threads(&self) -> usize {
        self.threads
    }
    /// Values one copy instruction of one thread moves (`size<1,0>(tidfrg)`, the atom's).
    pub fn atom_values(&self) -> usize {
        self.atom_values
    }
    /// Per thread, the source index of each value.
    pub fn src(&self) -> &[Vec<i64>] {
        &self.src
    }
    /// Per thread, the destination index of each value.
    pub fn dst(&self) -> &[Vec<i64>] {
        &self.dst
    }
    /// The CuTe text of `tidfrg_S(src)`.
    pub fn src_text(&self) -> &str {
        &self.src_text
    }
    /// The CuTe text of `tidfrg_D(dst)`.
    pub fn dst_text(&self) -> &str {
        &self.dst_text
    }

    fn firsts(rows: &[Vec<i64>], vector: usize, what: &str) -> Result<Vec<Vec<i64>>, Error> {
        if vector == 0 || rows.first().is_some_and(|r| r.len() % vector != 0) {
            return Err(Error::new(format!(
                "{what}: {} values per thread are not whole vectors of {vector}",
                rows.first().map_or(0, Vec::len)
            )));
        }
        Ok(rows.iter().map(|r| r.iter().step_by(vector).copied().collect()).collect())
    }
    /// Per thread, the source index of the first value of each vector of `vector` values.
    pub fn src_vectors(&self, vector: usize) -> Result<Vec<Vec<i64>>, Error> {
        Self::firsts(&self.src, vector, "source")
    }
    /// Per thread, the destination index of the first value of each vector.
    pub fn dst_vectors(&self, vector: usize) -> Result<Vec<Vec<i64>>, Error> {
        Self::firsts(&self.dst, vector, "destination")
    }
}
