//! The dump's rows: each a name, the item's runtime value (the twin's [`Value`], read from its
//! type: [`tycute_emit::value()`], [`tycute_emit::value::partition_value`]) and, optionally, its
//! index table (`table:NAME` in the dump, the test vectors' format). The dump prints a row from
//! its value with the twin's printer (CuTe's text); `tycute draw` draws from the value and the
//! table. Nothing is printed and parsed again.

use tycute_dynamic::{AnyLayout, Int, IntTuple, Layout as LayoutValue, Value};
use tycute_emit::value::{partition_value, repr_value, value, PartitionValue};
use tycute_layout::int::Int as IntType;
use tycute_layout::repr::{FlatFn, Repr};
use tycute_layout::tuple::{Nil, Tup};
use tycute_layout::{table, Layout, Reify};
use tycute_tiled::copy::text::CuteValue;
use tycute_tiled::copy::{table_of, CuteFunc, Dyn};
use tycute_tiled::CountingTensor;
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

/// What a row holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowValue {
    /// A runtime value (an integer, a tuple, a tiler, a layout, a swizzled layout, a tensor).
    Value(Value),
    /// A number or a note that is not a CuTe object (a byte count, a list of coordinates).
    Note(String),
    /// The value could not be computed: the reason.
    Error(String),
}

/// A row of a configuration's dump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The item's name (the seed's name where the seed prints it).
    pub name: String,
    /// Its value.
    pub value: RowValue,
    /// Its index table (`table:NAME`), when tables were asked for and it is a layout or tensor.
    pub table: Option<Vec<i64>>,
}

impl Row {
    /// The value's CuTe text (what the dump prints).
    pub fn text(&self) -> String {
        match &self.value {
            RowValue::Value(v) => v.to_string(),
            RowValue::Note(t) => t.clone(),
            RowValue::Error(e) => format!("error: {e}"),
        }
    }
    /// The table's text: the entries separated by spaces.
    pub fn table_text(&self) -> Option<String> {
        self.table.as_deref().map(join)
    }
    /// The layout the row holds (a plain or swizzled layout, or a tensor's layout).
    pub fn layout(&self) -> Option<AnyLayout> {
        match &self.value {
            RowValue::Value(Value::Layout(l)) => Some(AnyLayout::Plain(l.clone())),
            RowValue::Value(Value::Composed(c)) => Some(AnyLayout::Composed(c.clone())),
            RowValue::Value(Value::Tensor { layout, .. }) => Some(layout.clone()),
            _ => None,
        }
    }
}

fn from_result(r: Result<Value, String>) -> RowValue {
    r.map_or_else(RowValue::Error, RowValue::Value)
}

/// Collects rows; with `tables`, every layout row carries its index table.
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
    fn push(&mut self, name: &str, value: RowValue, table: Option<Vec<i64>>) {
        self.rows.push(Row { name: name.to_string(), value, table: table.filter(|_| self.tables) });
    }
    /// A value without a table (an integer, a tuple, a tiler).
    pub fn show<T: Reify>(&mut self, name: &str) {
        self.push(name, from_result(value::<T>().map_err(|e| e.to_string())), None);
    }
    /// A layout (or swizzled layout) and its table.
    pub fn layout<T: Reify>(&mut self, name: &str) {
        let t = self.tables.then(table::<T>);
        self.push(name, from_result(value::<T>().map_err(|e| e.to_string())), t);
    }
    /// [`Rows::show`] of a reified constant ([`reified_rows!`](crate::reified_rows)).
    pub fn show_repr(&mut self, name: &str, r: &Repr) {
        self.push(name, from_result(repr_value(r).map_err(|e| e.to_string())), None);
    }
    /// [`Rows::layout`] of a reified constant ([`reified_rows!`](crate::reified_rows)).
    pub fn layout_repr(&mut self, name: &str, r: &Repr) {
        let t = self.tables.then(|| r.table());
        self.push(name, from_result(repr_value(r).map_err(|e| e.to_string())), t);
    }
    /// A value that may hold run-time parts (`Dyn`, `MixedBits`), without a table.
    pub fn text<T: PartitionValue>(&mut self, name: &str) {
        self.push(name, from_result(partition_value::<T>().map_err(|e| e.to_string())), None);
    }
    /// A thread's tensor `counting_iter(N) o L` (possibly with run-time parts) and its table.
    pub fn tensor<T: PartitionValue + CuteFunc>(&mut self, name: &str) {
        let t = self.tables.then(table_of::<T>);
        self.push(name, from_result(partition_value::<T>().map_err(|e| e.to_string())), t);
    }
    /// Thread `t`'s tensor, from the type level: `Rep` is the partition of a representative
    /// thread (its layout's shape, and which strides CuTe knows statically), `row` the indices of
    /// the elements of thread `t` in the partition's order, read off the thread-independent
    /// (thread, value) layout of the partition. The offset and the run-time strides are thread
    /// `t`'s; see [`thread_tensor`].
    pub fn thread_tensor<Rep: TensorParts + PartitionValue>(&mut self, name: &str, row: &[i64]) {
        let v = from_result(ThreadTensorParts::of::<Rep>().thread_value(row));
        self.push(name, v, Some(row.to_vec()));
    }
    /// A row that is not a CuTe object (a count, a note, a list of coordinates).
    pub fn raw(&mut self, name: &str, value: String) {
        self.push(name, RowValue::Note(value), None);
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

/// Rows of static values of one configuration, their types named in one path
/// ([`ReifyEach`](tycute_layout::ReifyEach), at most 64): `reified_rows!(r; show CtaTiler =>
/// "cta_tiler", layout SmemLayoutA => "sA")` is `r.show::<CtaTiler>("cta_tiler");
/// r.layout::<SmemLayoutA>("sA")`, the rows the same, but rustc's borrow checker derives what the
/// types share once instead of once per row (it normalizes each path of a body apart;
/// docs/design.md, "Compile time").
#[macro_export]
macro_rules! reified_rows {
    ($r:expr; $($kind:ident $t:ty => $name:expr),+ $(,)?) => {{
        let mut values = <($($t,)+) as $crate::__private::tycute_layout::ReifyEach>::REPRS.iter();
        $( $crate::reified_rows!(@row $r, $kind, values.next().expect("one value per row"), $name); )+
    }};
    (@row $r:expr, show, $v:expr, $name:expr) => { $r.show_repr($name, $v) };
    (@row $r:expr, layout, $v:expr, $name:expr) => { $r.layout_repr($name, $v) };
}

/// `B % A == 0` for static integers (for `const_assert!`).
pub const fn divides<B: IntType, A: IntType>() -> bool {
    B::I64 % A::I64 == 0
}

/// `idx2crd(i, shape)` (colexicographic): the coordinate of linear index `i` in `shape`, with
/// the shape's structure (its leaves run-time integers, printed `(3,(1,2))` as CuTe prints a
/// coordinate).
pub fn crd(i: i64, shape: &IntTuple) -> IntTuple {
    fn go(i: &mut i64, s: &IntTuple) -> IntTuple {
        match s {
            IntTuple::Int(n) => {
                let n = n.value.max(1);
                let c = *i % n;
                *i /= n;
                IntTuple::Int(Int::dy(c))
            }
            IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|x| go(i, x)).collect()),
        }
    }
    go(&mut { i }, shape)
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
pub fn thread_tensor<Rep: TensorParts + PartitionValue>(row: &[i64]) -> Result<String, String> {
    ThreadTensorParts::of::<Rep>().thread(row)
}

/// A representative thread tensor as values ([`TensorParts`] and its runtime value), read once
/// from its type; [`ThreadTensorParts::thread`] is [`thread_tensor`] for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadTensorParts {
    /// The offset of its first element.
    pub offset: i64,
    /// The leaves of its shape (`(value, is run-time)`).
    pub shape: Vec<(i64, bool)>,
    /// The leaves of its stride (`(value, is run-time)`; a run-time one is the representative's).
    pub stride: Vec<(i64, bool)>,
    /// `counting_iter(N) o S:D`: the representative's value (or why it has none).
    pub value: Result<Value, String>,
}

impl ThreadTensorParts {
    /// The parts of the tensor type `Rep`.
    pub fn of<Rep: TensorParts + PartitionValue>() -> Self {
        let value = partition_value::<Rep>().map_err(|e| e.to_string());
        ThreadTensorParts { offset: Rep::offset(), shape: Rep::shape(), stride: Rep::stride(), value }
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
        let f = FlatFn { swizzle: None, offset: base, shape: shape.iter().map(|s| s.0).collect(), stride: d };
        if let Some((i, (x, y))) = row.iter().zip(f.table()).enumerate().find(|(_, (&x, y))| x != *y) {
            return Err(format!("element {i} is {x}, the layout gives {y}"));
        }
        Ok(f.stride)
    }

    /// The value of the thread whose element indices are `row`: the representative's tensor
    /// with this thread's offset and run-time strides (the static parts are the type's).
    pub fn thread_value(&self, row: &[i64]) -> Result<Value, String> {
        let d = self.strides(row)?;
        let rep = match &self.value {
            Ok(Value::Tensor { layout: AnyLayout::Plain(rep), .. }) => rep,
            Ok(v) => return Err(format!("not a plain tensor: {v}")),
            Err(e) => return Err(e.clone()),
        };
        let mut k = 0;
        let stride = replace_leaves(&rep.stride, &mut k, &|k, leaf| match self.stride.get(k) {
            Some(&(_, true)) => Int::dy(d[k]),
            _ => leaf,
        });
        let layout = LayoutValue::new(rep.shape.clone(), stride).map_err(|e| e.to_string())?;
        Ok(Value::Tensor { base: Int::dy(row[0]), layout: AnyLayout::Plain(layout) })
    }

    /// The CuTe text of the thread whose element indices are `row` ([`thread_tensor`]).
    pub fn thread(&self, row: &[i64]) -> Result<String, String> {
        self.thread_value(row).map(|v| v.to_string())
    }
}

/// `t` with leaf `k` (in order) replaced by `f(k, leaf)`.
fn replace_leaves(t: &IntTuple, k: &mut usize, f: &dyn Fn(usize, Int) -> Int) -> IntTuple {
    match t {
        IntTuple::Int(i) => {
            let v = f(*k, *i);
            *k += 1;
            IntTuple::Int(v)
        }
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|x| replace_leaves(x, k, f)).collect()),
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
