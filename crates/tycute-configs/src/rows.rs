//! The dump's rows: `(name, value)` pairs, each value printed from a type (CuTe's text), and
//! optionally the index table of each layout as a `table:NAME` row (the test vectors' format).

use tycute_layout::int::Int;
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::{show, table, Layout, Reify};
use tycute_tiled::copy::text::CuteValue;
use tycute_tiled::copy::{table_of, text, CuteFunc, CuteText, Dyn};
use tycute_tiled::CountingTensor;
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

/// A row: the item's name (the seed's name where the seed prints it) and its value.
pub type Row = (String, String);

/// Collects rows; with `tables`, every layout row is followed by its index table.
pub struct Rows {
    tables: bool,
    rows: Vec<Row>,
}

fn join(t: &[i64]) -> String {
    t.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

impl Rows {
    /// An empty list.
    pub fn new(tables: bool) -> Self {
        Rows { tables, rows: Vec::new() }
    }
    /// A value without a table (an integer, a tuple, a tiler).
    pub fn show<T: Reify>(&mut self, name: &str) {
        self.rows.push((name.to_string(), show::<T>()));
    }
    /// A layout (or swizzled layout) and its table.
    pub fn layout<T: Reify>(&mut self, name: &str) {
        self.rows.push((name.to_string(), show::<T>()));
        if self.tables {
            self.rows.push((format!("table:{name}"), join(&table::<T>())));
        }
    }
    /// A value that may hold run-time parts (`Dyn`, `MixedBits`), without a table.
    pub fn text<T: CuteText>(&mut self, name: &str) {
        self.rows.push((name.to_string(), text::<T>()));
    }
    /// A thread's tensor `counting_iter(N) o L` (possibly with run-time parts) and its table.
    pub fn tensor<T: CuteText + CuteFunc>(&mut self, name: &str) {
        self.rows.push((name.to_string(), text::<T>()));
        if self.tables {
            self.rows.push((format!("table:{name}"), join(&table_of::<T>())));
        }
    }
    /// Thread `t`'s tensor, from the type level: `Rep` is the partition of a representative
    /// thread (its layout's shape, and which strides CuTe knows statically), `row` the indices of
    /// the elements of thread `t` in the partition's order, read off the thread-independent
    /// (thread, value) layout of the partition. The offset and the run-time strides are thread
    /// `t`'s; see [`thread_tensor`].
    pub fn thread_tensor<Rep: TensorParts + CuteText>(&mut self, name: &str, row: &[i64]) {
        let v = thread_tensor::<Rep>(row).unwrap_or_else(|e| format!("error: {e}"));
        self.rows.push((name.to_string(), v));
        if self.tables {
            self.rows.push((format!("table:{name}"), join(row)));
        }
    }
    /// A row computed otherwise (from a type's table).
    pub fn raw(&mut self, name: &str, value: String) {
        self.rows.push((name.to_string(), value));
    }
    /// Whether tables are requested.
    pub fn tables(&self) -> bool {
        self.tables
    }
    /// The rows.
    pub fn into_rows(self) -> Vec<Row> {
        self.rows
    }
}

/// `B % A == 0` for static integers (for `const_assert!`).
pub const fn divides<B: Int, A: Int>() -> bool {
    B::I64 % A::I64 == 0
}

/// `idx2crd(i, shape)` (colexicographic), written as CuTe writes a coordinate of that shape:
/// `shape` is the shape's CuTe text (`(_32,(_2,_4))`), each leaf `_n` becomes its coordinate.
pub fn crd_text(mut i: i64, shape: &str) -> String {
    let mut out = String::new();
    let mut chars = shape.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' {
            let mut n = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                n.push(*d);
                chars.next();
            }
            let s: i64 = n.parse().expect("static shape leaf");
            out.push_str(&(i % s).to_string());
            i /= s;
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// A thread's tensor from a representative's structure and the thread's element indices

/// Leaves of a shape or stride, each with whether CuTe knows it only at run time.
pub trait Leaves {
    fn leaves(out: &mut Vec<(i64, bool)>);
}
impl Leaves for Z0 {
    fn leaves(out: &mut Vec<(i64, bool)>) {
        out.push((0, false));
    }
}
impl<U: Unsigned + NonZero> Leaves for PInt<U> {
    fn leaves(out: &mut Vec<(i64, bool)>) {
        out.push((<PInt<U> as Integer>::I64, false));
    }
}
impl<U: Unsigned + NonZero> Leaves for NInt<U> {
    fn leaves(out: &mut Vec<(i64, bool)>) {
        out.push((<NInt<U> as Integer>::I64, false));
    }
}
impl<N: CuteValue> Leaves for Dyn<N> {
    fn leaves(out: &mut Vec<(i64, bool)>) {
        out.push((N::VALUE, true));
    }
}
impl Leaves for Nil {
    fn leaves(_: &mut Vec<(i64, bool)>) {}
}
impl<H: Leaves, T: Leaves> Leaves for Tup<H, T> {
    fn leaves(out: &mut Vec<(i64, bool)>) {
        H::leaves(out);
        T::leaves(out);
    }
}

/// A thread's tensor `counting_iter(N) o S:D` with a plain (unswizzled) layout: its offset and
/// the leaves of its shape and stride.
pub trait TensorParts {
    fn offset() -> i64;
    fn shape() -> Vec<(i64, bool)>;
    fn stride() -> Vec<(i64, bool)>;
}
impl<N: CuteValue, S: Leaves, D: Leaves> TensorParts for CountingTensor<N, Layout<S, D>> {
    fn offset() -> i64 {
        N::VALUE
    }
    fn shape() -> Vec<(i64, bool)> {
        let mut v = Vec::new();
        S::leaves(&mut v);
        v
    }
    fn stride() -> Vec<(i64, bool)> {
        let mut v = Vec::new();
        D::leaves(&mut v);
        v
    }
}

/// The CuTe text of thread `t`'s tensor, whose element indices are `row` (in the order of the
/// partition's layout), with the structure of `Rep`, the same partition for a representative
/// thread.
///
/// In CuTe a thread's partition is a compile-time layout type evaluated at the run-time thread
/// index: its shape and its static strides are the same for every thread; its offset and its
/// run-time strides (those computed from the thread index, e.g. a swizzle resolved into strides)
/// are run-time values. Here the shape and the kinds of the strides come from `Rep` (a type), the
/// values from `row`: the offset is `row[0]`, a run-time stride of leaf `k` is
/// `row[e_k] - row[0]` (`e_k` the linear index of the unit coordinate of leaf `k`). Every static
/// stride, and the whole row (`row[i] == offset + sum_k c_k(i) * d_k`), is checked: an error says
/// that thread `t`'s elements are not the representative's layout at another offset.
pub fn thread_tensor<Rep: TensorParts + CuteText>(row: &[i64]) -> Result<String, String> {
    ThreadTensorParts::of::<Rep>().thread(row)
}

/// A representative thread tensor as values ([`TensorParts`] and its CuTe text), read once from
/// its type; [`ThreadTensorParts::thread`] is [`thread_tensor`] for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadTensorParts {
    /// The offset of its first element.
    pub offset: i64,
    /// The leaves of its shape (`(value, is run-time)`).
    pub shape: Vec<(i64, bool)>,
    /// The leaves of its stride (`(value, is run-time)`; a run-time one is the representative's).
    pub stride: Vec<(i64, bool)>,
    /// `counting_iter(N) o S:D`.
    pub text: String,
}

impl ThreadTensorParts {
    /// The parts of the tensor type `Rep`.
    pub fn of<Rep: TensorParts + CuteText>() -> Self {
        ThreadTensorParts { offset: Rep::offset(), shape: Rep::shape(), stride: Rep::stride(), text: text::<Rep>() }
    }

    /// The strides of the thread whose element indices are `row`: the representative's static
    /// strides (checked against `row`) and this thread's run-time ones, read off `row`.
    pub fn strides(&self, row: &[i64]) -> Result<Vec<i64>, String> {
        let (shape, stride) = (&self.shape, &self.stride);
        let size: i64 = shape.iter().map(|s| s.0).product();
        if row.len() as i64 != size {
            return Err(format!("{} elements, the layout has {size}", row.len()));
        }
        let base = row[0];
        let mut d = Vec::with_capacity(stride.len());
        let mut unit = 1i64;
        for (k, (&(s, _), &(rep_d, is_dyn))) in shape.iter().zip(stride).enumerate() {
            let v = if s > 1 { row[unit as usize] - base } else { rep_d };
            if !is_dyn && v != rep_d {
                return Err(format!("static stride {k} is _{rep_d} in the layout type, {v} for this thread"));
            }
            d.push(v);
            unit *= s;
        }
        for (i, &x) in row.iter().enumerate() {
            let (mut rest, mut y) = (i as i64, base);
            for (&(s, _), dk) in shape.iter().zip(&d) {
                y += (rest % s) * dk;
                rest /= s;
            }
            if x != y {
                return Err(format!("element {i} is {x}, the layout gives {y}"));
            }
        }
        Ok(d)
    }

    /// The CuTe text of the thread whose element indices are `row` ([`thread_tensor`]).
    pub fn thread(&self, row: &[i64]) -> Result<String, String> {
        let d = self.strides(row)?;
        let (base, stride) = (row[0], &self.stride);
        // the representative's text, its offset and run-time strides replaced by this thread's
        let rep = &self.text;
        let (head, layout) = rep.split_once(" o ").ok_or("not a tensor")?;
        if !head.starts_with("counting_iter(") || layout.contains(" o ") {
            return Err(format!("not a plain tensor: {rep}"));
        }
        let (shape_text, stride_text) = layout.split_once(':').ok_or("not a layout")?;
        let mut out = format!("counting_iter({base}) o {shape_text}:");
        let mut k = 0;
        let mut chars = stride_text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '_' || c == '-' || c.is_ascii_digit() {
                let mut tok = c.to_string();
                while let Some(n) = chars.peek().filter(|n| n.is_ascii_digit()) {
                    tok.push(*n);
                    chars.next();
                }
                let (_, is_dyn) = stride[k];
                out.push_str(&if is_dyn { d[k].to_string() } else { tok });
                k += 1;
            } else {
                out.push(c);
            }
        }
        Ok(out)
    }
}

/// Row `t` of a (thread, value) table: the `n_val` values of thread `t`, for a table whose first
/// mode has `n_thr` entries (entry `t + n_thr * v`).
pub fn tv_row(table: &[i64], n_thr: usize, t: usize) -> Vec<i64> {
    (0..table.len() / n_thr).map(|v| table[t + n_thr * v]).collect()
}

/// A thread's elements of a global-memory tensor `g` (its index table, tile modes first): the
/// thread's coordinates `coords` in one tile of `tile` elements (the tile modes' partition), at
/// every index of the modes after the tile (the k-tiles), in that order.
pub fn gmem_row(g: &[i64], coords: &[i64], tile: usize) -> Vec<i64> {
    (0..g.len() / tile).flat_map(|k| coords.iter().map(move |&c| g[c as usize + tile * k])).collect()
}

/// Test helper: thread `t`'s row `name` of a configuration's dump (`thread_rows`) and its table
/// row equal the type-level partition `P` (the thread a type), printed and tabulated.
#[cfg(test)]
pub(crate) fn check_thread_row<P: CuteText + CuteFunc>(thread_rows: fn(usize, bool) -> Option<Vec<Row>>, t: usize, name: &str) {
    let rows = thread_rows(t, true).expect("a thread of the configuration");
    let get = |k: &str| rows.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no row {k}"));
    assert_eq!(get(name), text::<P>(), "thread {t} {name}");
    let tbl: Vec<String> = table_of::<P>().iter().map(|v| v.to_string()).collect();
    assert_eq!(get(&format!("table:{name}")), tbl.join(" "), "thread {t} table:{name}");
}
