//! CUDA headers from the type-level configurations.
//!
//! A header holds, for one configuration, the values its kernel needs, every one read off a type
//! of the configuration (`show`/`table` of the trait solver's result), none recomputed by hand:
//!
//! * `constexpr` tile sizes, thread counts, swizzle parameters, and each layout's CuTe text in a
//!   comment beside its flattened shape and stride;
//! * per-thread tables `NAME[threads][n]` (`TYCUTE_DEVICE const`, the smallest unsigned type that
//!   holds them), for the copies and the MMA: which tile element or shared-memory offset a
//!   thread's i-th vector touches.
//!
//! Every array is `TYCUTE_DEVICE`: `__device__` under nvcc and NVRTC (so device code may index it
//! without `--expt-relaxed-constexpr` or NVRTC's `-default-device`), nothing under a host C++
//! compiler; scalars are plain `constexpr int` (usable in host and device code everywhere). The
//! only macros are `TYCUTE_DEVICE` (defined once, guarded) and the configuration's own
//! `TYCUTE_<config>_<item>` (string-literal PTX and `#if` switches), so that any number of headers
//! can be included in one translation unit.
//!
//! [`Header`] writes the text; [`sm80::header`] chooses what goes in for any
//! [`crate::kernel::sm80::Sm80Kernel`] configuration and [`sm80::check`] interprets the tables
//! the way the kernel will; `sm90` does the same for the sm90 configuration (docs/headers.md).
//! The output depends only on the types: the same configuration gives byte-identical headers.

pub mod sm80;
pub mod sm90;

use tycute_layout::repr::{Repr, ReprNode};

/// The leaves of a reified tree (its integers, depth first).
fn leaves(n: &ReprNode, out: &mut Vec<i64>) {
    match n {
        ReprNode::Int(v) => out.push(*v),
        ReprNode::Tuple(items) => items.iter().for_each(|x| leaves(x, out)),
        _ => {}
    }
}

/// The plain layout (or shape) inside a value: the inner layout of `Sw o off o L`, the layout
/// of a counting tensor, the value itself otherwise.
fn innermost(n: &ReprNode) -> &ReprNode {
    match n {
        ReprNode::Composed(_, _, b) => innermost(b),
        ReprNode::Counting(_, l) => innermost(l),
        other => other,
    }
}

/// The flattened shape and stride of a static layout's value (`Sw<..> o _0 o ` dropped), leaf by
/// leaf; for a shape or an integer, its leaves and no stride. Read from the value, not its text.
pub fn flat(r: &Repr) -> (Vec<i64>, Vec<i64>) {
    let (mut shape, mut stride) = (Vec::new(), Vec::new());
    if let Some(n) = r.node() {
        match innermost(&n) {
            ReprNode::Layout(sh, st) => {
                leaves(sh, &mut shape);
                leaves(st, &mut stride);
            }
            other => leaves(other, &mut shape),
        }
    }
    (shape, stride)
}

/// `Sw<B,M,S>` of a swizzled layout's value.
pub fn swizzle_bms(r: &Repr) -> Option<(i64, i64, i64)> {
    match r.node()? {
        ReprNode::Composed(a, _, _) => match *a {
            ReprNode::Swizzle(b, m, s) => Some((b, m, s)),
            _ => None,
        },
        ReprNode::Swizzle(b, m, s) => Some((b, m, s)),
        _ => None,
    }
}

/// The sizes of a layout's (or a shape's) top-level modes, from its value.
pub fn mode_sizes(r: &Repr) -> Vec<i64> {
    let Some(n) = r.node() else { return Vec::new() };
    let shape = match innermost(&n) {
        ReprNode::Layout(sh, _) => (**sh).clone(),
        other => other.clone(),
    };
    let product = |x: &ReprNode| {
        let mut v = Vec::new();
        leaves(x, &mut v);
        v.iter().product()
    };
    match &shape {
        ReprNode::Tuple(items) => items.iter().map(product).collect(),
        x => vec![product(x)],
    }
}

/// A configuration's header, written through the public writer [`tycute_emit::Header`] (the same
/// API a user's build script calls) in the namespace `tycute::<config>`, with the forms tycute's
/// kernels read: the configuration's own macros `TYCUTE_<config>_<item>`, layouts as `_rank` and
/// flattened `_shape[]`/`_stride[]`, per-thread tensors in closed form. A mistake (a name written
/// twice, a ragged table) is kept and written as an `#error` line, which `tycute_configs::emit::write_all` refuses.
pub struct Header {
    ns: String,
    inner: tycute_emit::Header,
    errors: Vec<String>,
}

/// The integers a header holds, by name (`constexpr int NAME` as one value, a `const_table`'s
/// row 0, an array's values): what the host reads of a configuration, as values, never by
/// parsing the C++ text.
pub type Values = tycute_emit::header::Values;

impl Header {
    /// A header for configuration `config` (its namespace `tycute::<config>`), with a first
    /// comment saying what it is.
    pub fn new(config: &str, about: &str) -> Header {
        let (inner, errors) = match tycute_emit::Header::new(&format!("tycute::{config}")) {
            Ok(h) => (h.about(about), Vec::new()),
            Err(e) => (tycute_emit::Header::new("tycute").expect("a C identifier").about(about), vec![e.to_string()]),
        };
        Header { ns: config.to_string(), inner, errors }
    }

    fn keep(&mut self, r: Result<(), tycute_emit::Error>) {
        if let Err(e) = r {
            self.errors.push(e.to_string());
        }
    }

    /// A comment line (a section title).
    pub fn comment(&mut self, text: &str) {
        self.inner.section(text);
    }

    /// `constexpr int NAME = value;  // note`.
    pub fn int(&mut self, name: &str, value: i64, note: &str) {
        let r = self.inner.int(name, value, note);
        self.keep(r);
    }

    /// The macro name of item `item` of this configuration: `TYCUTE_<config>_<item>` (the
    /// configuration's name as it is, so that a kernel that names the configuration by a macro
    /// can paste it: `TYCUTE_##CONFIG##_ACC_BITS`). Two headers never define the same macro.
    pub fn macro_name(&self, item: &str) -> String {
        format!("TYCUTE_{}_{item}", self.ns)
    }

    /// `#define TYCUTE_<config>_<item> value`: an integer the kernel can test with `#if`.
    pub fn define_int(&mut self, item: &str, value: i64) {
        let name = self.macro_name(item);
        let r = self.inner.define(&name, &value.to_string());
        self.keep(r);
    }

    /// `#define TYCUTE_<config>_<item> "text"`: a string for inline PTX (an instruction the
    /// configuration's atom names; `asm` needs a string literal), with a comment.
    pub fn define_str(&mut self, item: &str, text: &str, note: &str) {
        let name = self.macro_name(item);
        self.inner.comment(note);
        let r = self.inner.define(&name, &format!("\"{text}\""));
        self.keep(r);
    }

    /// The element types of A/B and of C/D, read off the atoms' value types:
    /// `#define TYCUTE_<config>_ELEMENT_AB TYCUTE_ELEMENT_BF16` (the codes of
    /// `kernels/include/tycute/arch/convert.cuh`, which the kernel tests with `#if` and passes to
    /// its conversions) and `constexpr int kElementAB = 3;` (the host reads it), likewise `CD`.
    /// A type the device library has no code for is an `#error`.
    pub fn elements(&mut self, ab: &'static str, cd: &'static str) {
        for (item, k, cute) in [("ELEMENT_AB", "kElementAB", ab), ("ELEMENT_CD", "kElementCD", cd)] {
            match element_code(cute) {
                Some((code, value)) => {
                    let what = if item == "ELEMENT_AB" { "A and B (the MMA atom's ValTypeA)" } else { "C and D (the epilogue atom's value type)" };
                    self.inner.comment(&format!("the element type of {what}: {cute}"));
                    let name = self.macro_name(item);
                    let r = self.inner.define(&name, code);
                    self.keep(r);
                    self.int(k, value, &format!("{code} (arch/convert.cuh)"));
                }
                None => self.errors.push(format!("{item}: the device library has no element code for {cute}")),
            }
        }
    }

    /// A layout: its CuTe text in a comment, its rank, and its flattened shape and stride
    /// (`NAME_shape[]`, `NAME_stride[]`, leaf by leaf, as CuTe's `flatten` lists them).
    pub fn layout(&mut self, name: &str, cute_text: &str, shape: &[i64], stride: &[i64]) {
        self.inner.comment(&format!("{name} = {cute_text}"));
        let r = self
            .inner
            .int(&format!("{name}_rank"), shape.len() as i64, "")
            .and_then(|_| self.inner.array(&format!("{name}_shape"), shape, ""))
            .and_then(|_| self.inner.array(&format!("{name}_stride"), stride, ""));
        self.keep(r);
    }

    /// A per-thread table `NAME[rows.len()][width]`: row `t` is thread `t`'s values, of the
    /// smallest C type that holds them.
    pub fn table(&mut self, name: &str, what: &str, rows: &[Vec<i64>]) {
        let r = self.inner.table(name, what, rows);
        self.keep(r);
    }

    /// A thread-independent `TYCUTE_DEVICE constexpr int NAME[rows][cols]` (indices a kernel uses
    /// with compile-time subscripts, so that the compiler folds them and keeps arrays in
    /// registers).
    pub fn const_table(&mut self, name: &str, what: &str, rows: &[Vec<i64>]) {
        let r = self.inner.const_table(name, what, rows);
        self.keep(r);
    }

    /// A per-thread tensor in closed form: thread `t`'s `counting_iter(O_t) o SHAPE:STRIDE` (every
    /// thread has the same shape and the same static strides; run-time strides may differ).
    /// Emits the shape, the static strides (0 where a stride is per thread), the modes whose
    /// stride is per thread, `NAME_offset[t]` and `NAME_dstride[t][k]` (the per-thread strides in
    /// mode order).
    pub fn thread_tensor(&mut self, name: &str, what: &str, per_thread: &[ThreadTensor]) -> Result<(), String> {
        let first = per_thread.first().ok_or_else(|| format!("{name}: no threads"))?;
        for (t, x) in per_thread.iter().enumerate() {
            if x.shape != first.shape || x.dynamic != first.dynamic {
                return Err(format!("{name}: thread {t} has another shape or other run-time strides than thread 0"));
            }
            for (k, (&d, &s)) in x.dynamic.iter().zip(&x.stride).enumerate() {
                if !d && s != first.stride[k] {
                    return Err(format!("{name}: thread {t}'s static stride {k} differs from thread 0's"));
                }
            }
        }
        let statics: Vec<i64> = first.stride.iter().zip(&first.dynamic).map(|(&s, &d)| if d { 0 } else { s }).collect();
        let dyn_modes: Vec<usize> = (0..first.dynamic.len()).filter(|&k| first.dynamic[k]).collect();
        let dm: Vec<i64> = dyn_modes.iter().map(|&k| k as i64).collect();
        self.inner.comment(what);
        self.inner.comment(&format!(
            "{name}: thread t's element i is at {name}_offset[t] + sum_k crd_k(i) * stride_k (per-thread strides from {name}_dstride), thread 0: {}",
            first.text
        ));
        let offsets: Vec<i64> = per_thread.iter().map(|x| x.offset).collect();
        let dstride: Vec<Vec<i64>> = if dyn_modes.is_empty() {
            per_thread.iter().map(|_| vec![0]).collect()
        } else {
            per_thread.iter().map(|x| dyn_modes.iter().map(|&k| x.stride[k]).collect()).collect()
        };
        let dwhat = if dyn_modes.is_empty() {
            format!("{name}: no per-thread strides (one zero column, so that kernels can index it)")
        } else {
            format!("{name}: thread t's per-thread strides, modes {dm:?}")
        };
        let r = self
            .inner
            .int(&format!("{name}_rank"), first.shape.len() as i64, "")
            .and_then(|_| self.inner.array(&format!("{name}_shape"), &first.shape, ""))
            .and_then(|_| self.inner.array(&format!("{name}_stride"), &statics, "0 where the stride is per thread"))
            .and_then(|_| self.inner.array(&format!("{name}_dmode"), &dm, "the modes whose stride is per thread"))
            .and_then(|_| self.inner.int(&format!("{name}_ndyn"), dm.len() as i64, &format!("how many (entries of {name}_dstride[t])")))
            .and_then(|_| self.inner.thread_array(&format!("{name}_offset"), &offsets))
            .and_then(|_| self.inner.table(&format!("{name}_dstride"), &dwhat, &dstride));
        r.map_err(|e| e.to_string())
    }

    /// The header text.
    pub fn finish(self) -> String {
        self.finish_with_values().0
    }

    /// The header text and its [`Values`]. A mistake made while writing is an `#error` line.
    pub fn finish_with_values(self) -> (String, Values) {
        let mut text = self.inner.text();
        for e in &self.errors {
            text.push_str(&format!("#error \"tycute: {}\"\n", e.replace('"', "'")));
        }
        (text, self.inner.values().clone())
    }
}

/// The device library's code of an element type (CuTe's name, `tycute_emit::ElementName::CUTE`):
/// the macro `kernels/include/tycute/arch/convert.cuh` defines and its value.
pub fn element_code(cute: &str) -> Option<(&'static str, i64)> {
    match cute {
        "float" => Some(("TYCUTE_ELEMENT_F32", 1)),
        "cute::half_t" => Some(("TYCUTE_ELEMENT_F16", 2)),
        "cute::bfloat16_t" => Some(("TYCUTE_ELEMENT_BF16", 3)),
        "cute::tfloat32_t" => Some(("TYCUTE_ELEMENT_TF32", 4)),
        "cute::float_e4m3_t" => Some(("TYCUTE_ELEMENT_E4M3", 5)),
        "cute::float_e5m2_t" => Some(("TYCUTE_ELEMENT_E5M2", 6)),
        _ => None,
    }
}

/// A thread's tensor as the dump prints it: `counting_iter(offset) o shape:stride`, flattened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadTensor {
    pub text: String,
    pub offset: i64,
    pub shape: Vec<i64>,
    pub stride: Vec<i64>,
    /// Whether each stride is a run-time value (printed without `_`).
    pub dynamic: Vec<bool>,
}

impl ThreadTensor {
    /// Thread `row`'s tensor from the representative's parts (values read from its type) and
    /// the thread's element indices: offset, shape, strides and which are run-time, with the
    /// CuTe text for the header's comment. Nothing is parsed.
    pub fn from_parts(p: &crate::rows::ThreadTensorParts, row: &[i64]) -> Result<ThreadTensor, String> {
        let stride = p.strides(row)?;
        Ok(ThreadTensor {
            text: p.thread(row)?,
            offset: row[0],
            shape: p.shape.iter().map(|&(v, _)| v).collect(),
            stride,
            dynamic: p.stride.iter().map(|&(_, d)| d).collect(),
        })
    }

    /// The offsets of the thread's elements, colexicographic over the shape.
    pub fn offsets(&self) -> Vec<i64> {
        tycute_layout::repr::FlatFn { swizzle: None, offset: self.offset, shape: self.shape.clone(), stride: self.stride.clone() }.table()
    }
}
