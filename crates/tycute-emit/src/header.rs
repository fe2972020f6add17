//! [`Header`]: a CUDA header of named values, written from values (never from printed text).
//!
//! The header is valid C++ for nvcc, NVRTC and a host compiler alike: scalars are
//! `constexpr int`, arrays are `TYCUTE_DEVICE constexpr` (`TYCUTE_DEVICE` is `__device__` under
//! nvcc and NVRTC, so device code may read them with any index, and empty for a host compiler),
//! everything inside the namespace the caller names. The only macros it defines are
//! its include guard and `TYCUTE_DEVICE` (guarded, the same in every tycute header), plus the ones
//! asked for with [`Header::define`]; two headers can be included in one file.
//!
//! Each layout is written with its CuTe text in a comment, its rank, size and cosize, and its
//! flattened shape and stride (leaf by leaf, as CuTe's `flatten` lists them); a swizzled layout
//! also with its `Sw<B,M,S>` and offset.
//!
//! ```
//! use tycute_emit::Header;
//! let mut h = Header::new("my::kernel")?.about("a demo");
//! h.int("kThreads", 128, "threads per CTA")?;
//! h.table("offsets", "thread t's offsets", &[vec![0, 8], vec![16, 24]])?;
//! let t = h.text();
//! assert!(t.contains("namespace my { namespace kernel {"));
//! assert!(t.contains("constexpr int kThreads = 128;  // threads per CTA"));
//! assert!(t.contains("TYCUTE_DEVICE const unsigned char offsets[2][2] = {"));
//! assert!(h.int("kThreads", 64, "").is_err());          // a name written twice
//! # Ok::<(), tycute_emit::Error>(())
//! ```

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use tycute_dynamic::{AnyLayout, Func, IntTuple, Layout, Offset, Swizzle};
use tycute_layout::Reify;

use crate::element::ElementName;
use crate::Error;

/// The smallest C type for values in `min..=max` (unsigned when none is negative).
pub fn c_type(min: i64, max: i64) -> &'static str {
    if min >= 0 {
        if max <= u8::MAX as i64 {
            "unsigned char"
        } else if max <= u16::MAX as i64 {
            "unsigned short"
        } else if max <= u32::MAX as i64 {
            "unsigned int"
        } else {
            "unsigned long long"
        }
    } else if min >= i16::MIN as i64 && max <= i16::MAX as i64 {
        "short"
    } else if min >= i32::MIN as i64 && max <= i32::MAX as i64 {
        "int"
    } else {
        "long long"
    }
}

/// Whether `s` is a C identifier.
fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f == '_' || f.is_ascii_alphabetic()) && c.all(|x| x == '_' || x.is_ascii_alphanumeric())
}

/// A header being written. See the module documentation for what it contains.
#[derive(Clone, Debug)]
pub struct Header {
    namespace: Vec<String>,
    guard: String,
    about: String,
    body: String,
    names: BTreeSet<String>,
    values: Values,
}

/// The integers a header holds, by name: each `constexpr int`'s value and each compile-time
/// table's first row, for a host that needs the same numbers (as values, not by parsing C++).
pub type Values = Vec<(String, Vec<i64>)>;

/// Defines `TYCUTE_DEVICE` unless defined (the same text in every tycute header): `__device__`
/// for CUDA compilers (nvcc defines `__CUDACC__`, NVRTC `__CUDACC_RTC__`), empty for a host C++
/// compiler.
pub const DEVICE_PRELUDE: &str = "#ifndef TYCUTE_DEVICE\n\
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)\n\
#define TYCUTE_DEVICE __device__\n\
#else\n\
#define TYCUTE_DEVICE\n\
#endif\n\
#endif\n";

fn join(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

impl Header {
    /// A header whose values live in `namespace` (`"my_gemm"` or `"tycute::sgemm_sm80"`: C++
    /// identifiers separated by `::`).
    pub fn new(namespace: &str) -> Result<Header, Error> {
        let parts: Vec<String> = namespace.split("::").map(str::to_string).collect();
        if parts.iter().any(|p| !is_ident(p)) {
            return Err(Error::new(format!(
                "header namespace `{namespace}`: write C++ identifiers separated by `::` (e.g. `my_kernel` or `my::gemm`)"
            )));
        }
        let guard = format!("TYCUTE_HEADER_{}_H", parts.join("_").to_uppercase());
        Ok(Header { namespace: parts, guard, about: String::new(), body: String::new(), names: BTreeSet::new(), values: Vec::new() })
    }

    /// One line on top saying what the header is.
    pub fn about(mut self, text: &str) -> Header {
        self.about = text.to_string();
        self
    }

    fn claim(&mut self, name: &str) -> Result<(), Error> {
        if !is_ident(name) {
            return Err(Error::new(format!("`{name}` is not a C identifier")));
        }
        if !self.names.insert(name.to_string()) {
            return Err(Error::new(format!("`{name}` is written twice into the header")));
        }
        Ok(())
    }

    /// A comment line (a section title).
    pub fn comment(&mut self, text: &str) {
        for line in text.lines() {
            let _ = writeln!(self.body, "// {line}");
        }
    }

    /// A blank line and a comment: a section title.
    pub fn section(&mut self, title: &str) {
        self.body.push('\n');
        self.comment(title);
    }

    /// `constexpr int NAME = value;  // note`.
    pub fn int(&mut self, name: &str, value: i64, note: &str) -> Result<(), Error> {
        self.claim(name)?;
        self.values.push((name.to_string(), vec![value]));
        let ty = if i32::try_from(value).is_ok() { "int" } else { "long long" };
        if note.is_empty() {
            let _ = writeln!(self.body, "constexpr {ty} {name} = {value};");
        } else {
            let _ = writeln!(self.body, "constexpr {ty} {name} = {value};  // {note}");
        }
        Ok(())
    }

    /// A global `#define NAME value` (for `#if` tests or string-literal PTX), only where asked
    /// for: prefix the name with your configuration's so that two headers can meet.
    pub fn define(&mut self, name: &str, value: &str) -> Result<(), Error> {
        self.claim(name)?;
        if value.contains('\n') {
            return Err(Error::new(format!("#define {name}: the value spans lines")));
        }
        let _ = writeln!(self.body, "#ifndef {name}\n#define {name} {value}\n#endif");
        Ok(())
    }

    /// An element type: `NAME_bits` and its CuTe and CUDA names in a comment.
    pub fn element<T: ElementName>(&mut self, name: &str) -> Result<(), Error> {
        self.int(&format!("{name}_bits"), T::BITS as i64, &format!("{name}: {} ({} in CUDA)", T::CUTE, T::CUDA))
    }

    /// A static layout (plain or swizzled), from its type.
    pub fn layout<L: Reify>(&mut self, name: &str) -> Result<(), Error> {
        let v = crate::value::any_layout::<L>().map_err(|e| e.context(name))?;
        self.layout_value(name, &v)
    }

    /// A layout value: its CuTe text in a comment; `NAME_rank`, `NAME_size`, `NAME_cosize`,
    /// `NAME_shape[]`, `NAME_stride[]` (flattened); for `Sw<B,M,S> o off o L` also `NAME_sw_b`,
    /// `NAME_sw_m`, `NAME_sw_s` and `NAME_offset`.
    pub fn layout_value(&mut self, name: &str, layout: &AnyLayout) -> Result<(), Error> {
        let (plain, sw, off): (&Layout, Option<&Swizzle>, i64) = match layout {
            AnyLayout::Plain(l) => (l, None, 0),
            AnyLayout::Composed(c) => {
                let inner = match &c.b {
                    Func::Layout(l) => l,
                    Func::Swizzle(_) => return Err(Error::new(format!("{name}: the inner function of {} is not a layout", text(layout)))),
                };
                let sw = match &c.a {
                    Func::Swizzle(s) => s,
                    Func::Layout(_) => {
                        return Err(Error::new(format!("{name}: only swizzled layouts (Sw<B,M,S> o offset o L) have a header form, not {}", text(layout))))
                    }
                };
                let off = match &c.offset {
                    Offset::Int(i) => i.value,
                    Offset::SmemPtr(_) => 0,
                    Offset::Mixed(m) => m.value() as i64,
                };
                (inner, Some(sw), off)
            }
        };
        let leaves = |t: &IntTuple| -> Result<Vec<i64>, Error> {
            t.leaves().into_iter().map(|i| if i.is_static { Ok(i.value) } else { Err(Error::new(format!("{name}: the dynamic value {} has no header form", i.value))) }).collect()
        };
        let shape = leaves(&plain.shape)?;
        let stride = leaves(&plain.stride)?;
        let size = plain.size()?.value;
        let cosize = plain.cosize()?.value;
        self.comment(&format!("{name} = {}", text(layout)));
        self.int(&format!("{name}_rank"), shape.len() as i64, "")?;
        self.int(&format!("{name}_size"), size, "")?;
        self.int(&format!("{name}_cosize"), cosize, "")?;
        self.array(&format!("{name}_shape"), &shape, "")?;
        self.array(&format!("{name}_stride"), &stride, "")?;
        if let Some(s) = sw {
            self.int(&format!("{name}_sw_b"), s.b as i64, "Sw<B,M,S>: B")?;
            self.int(&format!("{name}_sw_m"), s.m as i64, "Sw<B,M,S>: M")?;
            self.int(&format!("{name}_sw_s"), s.s as i64, "Sw<B,M,S>: S")?;
            self.int(&format!("{name}_offset"), off, "added before the swizzle")?;
        }
        Ok(())
    }

    /// A swizzle functor `Sw<B,M,S>`: `NAME_b`, `NAME_m`, `NAME_s`.
    pub fn swizzle(&mut self, name: &str, s: &Swizzle) -> Result<(), Error> {
        let _ = writeln!(self.body, "// {name} = {s}");
        self.int(&format!("{name}_b"), s.b as i64, "")?;
        self.int(&format!("{name}_m"), s.m as i64, "")?;
        self.int(&format!("{name}_s"), s.s as i64, "")
    }

    fn rows_checked(name: &str, rows: &[Vec<i64>]) -> Result<usize, Error> {
        let width = rows.first().map_or(0, Vec::len);
        if rows.is_empty() || width == 0 {
            return Err(Error::new(format!("table {name}: no values")));
        }
        if let Some(t) = rows.iter().position(|r| r.len() != width) {
            return Err(Error::new(format!("table {name}: row {t} has {} values, row 0 has {width}", rows[t].len())));
        }
        Ok(width)
    }

    fn write_rows(&mut self, decl: &str, rows: &[Vec<i64>]) {
        let _ = writeln!(self.body, "{decl} = {{");
        for r in rows {
            let _ = writeln!(self.body, "  {{{}}},", r.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        }
        let _ = writeln!(self.body, "}};");
    }

    /// A per-thread table `NAME[rows][cols]` (row `t`: thread `t`'s values), `TYCUTE_DEVICE
    /// const` of the smallest C type that holds the values: device code reads it with the
    /// thread's index.
    pub fn table(&mut self, name: &str, what: &str, rows: &[Vec<i64>]) -> Result<(), Error> {
        let width = Self::rows_checked(name, rows)?;
        self.claim(name)?;
        let max = rows.iter().flatten().copied().max().unwrap_or(0);
        let min = rows.iter().flatten().copied().min().unwrap_or(0);
        self.comment(what);
        self.write_rows(&format!("TYCUTE_DEVICE const {} {name}[{}][{width}]", c_type(min, max), rows.len()), rows);
        Ok(())
    }

    /// A thread-independent table `TYCUTE_DEVICE constexpr int NAME[rows][cols]`, for indices a
    /// kernel uses with compile-time subscripts (after unrolling): the compiler folds its loads to
    /// immediates (nvcc and NVRTC alike) and keeps the arrays they index in registers.
    pub fn const_table(&mut self, name: &str, what: &str, rows: &[Vec<i64>]) -> Result<(), Error> {
        let width = Self::rows_checked(name, rows)?;
        self.claim(name)?;
        self.values.push((name.to_string(), rows[0].clone()));
        self.comment(what);
        self.write_rows(&format!("TYCUTE_DEVICE constexpr int {name}[{}][{width}]", rows.len()), rows);
        Ok(())
    }

    /// A compile-time array `TYCUTE_DEVICE constexpr int NAME[n] = {..};  // note` (an empty one
    /// is written as `{-1}`, so that the array exists).
    pub fn array(&mut self, name: &str, values: &[i64], note: &str) -> Result<(), Error> {
        self.claim(name)?;
        self.values.push((name.to_string(), values.to_vec()));
        let body = if values.is_empty() { "-1".to_string() } else { join(values) };
        let note = if note.is_empty() { String::new() } else { format!("  // {note}") };
        let _ = writeln!(self.body, "TYCUTE_DEVICE constexpr int {name}[{}] = {{{body}}};{note}", values.len().max(1));
        Ok(())
    }

    /// A per-thread array `TYCUTE_DEVICE const T NAME[threads]` (entry `t`: thread `t`'s value).
    pub fn thread_array(&mut self, name: &str, values: &[i64]) -> Result<(), Error> {
        if values.is_empty() {
            return Err(Error::new(format!("array {name}: no values")));
        }
        self.claim(name)?;
        let (min, max) = (values.iter().copied().min().unwrap_or(0), values.iter().copied().max().unwrap_or(0));
        let _ = writeln!(self.body, "TYCUTE_DEVICE const {} {name}[{}] = {{{}}};", c_type(min, max), values.len(), values.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        Ok(())
    }

    /// A TiledCopy's per-thread tables ([`crate::CopyTables`]): `NAME_src[t][i]` and
    /// `NAME_dst[t][i]`, the first element of the thread's `i`-th vector of `vector` values on
    /// each side, plus `NAME_threads`, `NAME_vectors` (per thread) and `NAME_vector`.
    pub fn copy(&mut self, name: &str, c: &crate::CopyTables, vector: usize) -> Result<(), Error> {
        let (src, dst) = (c.src_vectors(vector)?, c.dst_vectors(vector)?);
        self.int(&format!("{name}_threads"), c.threads() as i64, "threads of the TiledCopy")?;
        self.int(&format!("{name}_vectors"), src[0].len() as i64, "vectors per thread")?;
        self.int(&format!("{name}_vector"), vector as i64, "values per vector")?;
        self.table(&format!("{name}_src"), &format!("{name}: thread t's i-th vector starts at {name}_src[t][i] in {}", c.src_text()), &src)?;
        self.table(&format!("{name}_dst"), &format!("{name}: ... and at {name}_dst[t][i] in {}", c.dst_text()), &dst)
    }

    /// A TiledMMA's per-thread accumulator coordinates ([`crate::MmaTables`]): `NAME_c[t][r]`,
    /// the index in C's coordinate layout of thread `t`'s accumulator `r`, plus `NAME_threads`
    /// and `NAME_acc` (accumulators per thread).
    pub fn mma(&mut self, name: &str, m: &crate::MmaTables) -> Result<(), Error> {
        self.int(&format!("{name}_threads"), m.threads() as i64, "threads of the TiledMMA")?;
        self.int(&format!("{name}_acc"), m.c()[0].len() as i64, "accumulators per thread")?;
        let ((fa, rm, rk), (fb, rn, _), (fc, _, _)) = (m.a_shape(), m.b_shape(), m.c_shape());
        self.int(&format!("{name}_frg_a"), fa as i64, "A values per MMA atom and thread (FrgV)")?;
        self.int(&format!("{name}_frg_b"), fb as i64, "B values per MMA atom and thread")?;
        self.int(&format!("{name}_frg_c"), fc as i64, "accumulators per MMA atom and thread")?;
        self.int(&format!("{name}_rest_m"), rm as i64, "MMA atoms along M per thread")?;
        self.int(&format!("{name}_rest_n"), rn as i64, "MMA atoms along N per thread")?;
        self.int(&format!("{name}_rest_k"), rk as i64, "MMA atoms along K per thread (A value v of atom (m,k) is a[v + frg_a*(m + rest_m*k)])")?;
        self.table(&format!("{name}_c"), &format!("{name}: thread t's accumulator r holds element {name}_c[t][r] of {}", m.c_text()), m.c())?;
        self.table(&format!("{name}_a"), &format!("{name}: thread t's A fragment value i is element {name}_a[t][i] of {}", m.a_text()), m.a())?;
        self.table(&format!("{name}_b"), &format!("{name}: thread t's B fragment value i is element {name}_b[t][i] of {}", m.b_text()), m.b())
    }

    /// A retile ([`crate::proof::retile`]): `NAME[i]`, the register (fragment index) that value
    /// `i` of a copy fills, the same for every thread; plus `NAME_size`.
    pub fn retile(&mut self, name: &str, what: &str, map: &[usize]) -> Result<(), Error> {
        self.int(&format!("{name}_size"), map.len() as i64, "")?;
        self.const_table(name, what, &[map.iter().map(|&v| v as i64).collect()])
    }

    /// The integers written so far ([`Values`]).
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The header's text.
    pub fn text(&self) -> String {
        let open: String = self.namespace.iter().map(|n| format!("namespace {n} {{ ")).collect();
        let close: String = self.namespace.iter().rev().map(|n| format!("}}  // namespace {n}\n")).collect();
        let about = if self.about.is_empty() { String::new() } else { format!("// {}\n", self.about) };
        format!(
            "// Generated by tycute from type-level layouts: do not edit.\n{about}#ifndef {g}\n#define {g}\n\n{DEVICE_PRELUDE}\n{open}\n\n{body}\n{close}#endif  // {g}\n",
            g = self.guard,
            body = self.body,
        )
    }

    /// Writes the header to `path` whole (a temporary file renamed over it, never a partial
    /// file), and only when its text changed, so that an unchanged header keeps its time stamp
    /// and nothing that includes it rebuilds. Returns whether the file was written.
    pub fn write(&self, path: impl AsRef<Path>) -> Result<bool, Error> {
        write_if_changed(path.as_ref(), &self.text())
    }
}

/// Writes `text` to `path` atomically, only if the file's content differs.
pub fn write_if_changed(path: &Path, text: &str) -> Result<bool, Error> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(false);
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::new(format!("cannot create {}: {e}", dir.display())))?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, text).map_err(|e| Error::new(format!("cannot write {}: {e}", tmp.display())))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::new(format!("cannot move {} to {}: {e}", tmp.display(), path.display()))
    })?;
    Ok(true)
}

fn text(l: &AnyLayout) -> String {
    match l {
        AnyLayout::Plain(p) => p.to_string(),
        AnyLayout::Composed(c) => tycute_dynamic::Value::Composed(c.clone()).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tycute_macros::cute;

    #[test]
    fn a_swizzled_layout_and_a_table() {
        let mut h = Header::new("my::gemm").unwrap().about("a test");
        h.layout::<cute!(Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64)))>("sA").unwrap();
        h.table("small", "two threads", &[vec![0, 1], vec![2, 255]]).unwrap();
        h.table("neg", "signed", &[vec![-1, 300]]).unwrap();
        let t = h.text();
        assert!(t.contains("// sA = Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"), "{t}");
        assert!(t.contains("TYCUTE_DEVICE constexpr int sA_shape[3] = {8, 8, 8};"));
        assert!(t.contains("TYCUTE_DEVICE constexpr int sA_stride[3] = {8, 1, 64};"));
        assert!(t.contains("constexpr int sA_cosize = 512;"));
        assert!(t.contains("constexpr int sA_sw_b = 3;"));
        assert!(t.contains("TYCUTE_DEVICE const unsigned char small[2][2] = {\n  {0,1},\n  {2,255},\n};"), "{t}");
        assert!(t.contains("TYCUTE_DEVICE const short neg[1][2]"));
        assert!(t.contains("namespace my { namespace gemm { "));
        assert!(t.contains("#ifndef TYCUTE_HEADER_MY_GEMM_H"));
    }

    #[test]
    fn mistakes_are_errors() {
        assert!(Header::new("my-gemm").is_err());
        let mut h = Header::new("g").unwrap();
        h.int("k", 1, "").unwrap();
        assert!(h.int("k", 2, "").unwrap_err().message().contains("twice"));
        assert!(h.table("r", "", &[vec![1], vec![1, 2]]).unwrap_err().message().contains("row 1"));
        assert!(h.table("e", "", &[]).is_err());
    }

    #[test]
    fn write_is_atomic_and_idempotent() {
        let dir = std::env::temp_dir().join(format!("tycute-emit-{}", std::process::id()));
        let p = dir.join("h.h");
        let h = Header::new("w").unwrap();
        assert!(h.write(&p).unwrap());
        assert!(!h.write(&p).unwrap());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), h.text());
        let _ = std::fs::remove_dir_all(dir);
    }
}
