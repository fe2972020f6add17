//! What one configuration gives the registry (`tycute-configs`): an [`Entry`] with its name, its
//! header (when it has a kernel), its dump (when `tycute dump` prints it) and the NVRTC build of
//! its kernel ([`Variant`]).
//!
//! A configuration crate lists its configuration modules once, with [`configurations!`](crate::configurations): that
//! declares each module and collects each module's `ENTRIES`, so that adding a configuration is
//! one file (the module, ending in its `ENTRIES`) and one line (its name in the list).

pub use crate::analyze::Analysis;
use crate::emit::Values;
use crate::rows::Row;

/// A configuration's dump: what `tycute dump NAME` prints.
#[derive(Clone, Copy)]
pub struct Config {
    /// The name `tycute dump NAME` takes.
    pub name: &'static str,
    /// One line: what it is.
    pub about: &'static str,
    /// Threads of the kernel (0 when the dump has no per-thread part).
    pub num_threads: usize,
    /// The thread-independent rows; with `true`, each layout is followed by its `table:` row.
    pub rows: fn(bool) -> Vec<Row>,
    /// The rows of one thread (`None` for a thread past `num_threads`).
    pub thread_rows: fn(usize, bool) -> Option<Vec<Row>>,
}

/// `thread_rows` of a dump without a per-thread part.
pub fn no_thread_rows(_: usize, _: bool) -> Option<Vec<Row>> {
    None
}

/// The NVRTC build of a configuration's kernel: kernel file `kernels/<kernel>` compiled with
/// `-D<define>=<configuration name>` (what the kernel's `#include` of the configuration's header
/// pastes from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The kernel's file in `kernels/` (`sm80_gemm.cu`).
    pub kernel: &'static str,
    /// The macro naming the configuration (`TYCUTE_SM80_CONFIG`).
    pub define: &'static str,
}

impl Variant {
    /// `kernels/sm80_gemm.cu`, configuration named by `TYCUTE_SM80_CONFIG`.
    pub const SM80_GEMM: Variant = Variant { kernel: "sm80_gemm.cu", define: "TYCUTE_SM80_CONFIG" };
    /// `kernels/sm90_gemm.cu`, configuration named by `TYCUTE_SM90_CONFIG`.
    pub const SM90_GEMM: Variant = Variant { kernel: "sm90_gemm.cu", define: "TYCUTE_SM90_CONFIG" };

    /// The NVRTC (or nvcc) options of configuration `name`'s build: `-D<define>=<name>`.
    pub fn options(&self, name: &str) -> Vec<String> {
        vec![format!("-D{}={name}", self.define)]
    }
}

/// One configuration of the registry.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Its name: the header's file (`NAME.h`) and namespace, `tycute dump NAME`.
    pub name: &'static str,
    /// Its header's text and values (a configuration with a kernel; computed from its types in
    /// the configuration's own crate, so that the crates of sm80 and sm90 evaluate theirs side by
    /// side).
    pub header: Option<fn() -> (String, Values)>,
    /// Its dump.
    pub dump: Option<Config>,
    /// The NVRTC build of its kernel.
    pub variant: Option<Variant>,
    /// Its shared-memory analysis (`tycute analyze NAME`).
    pub analysis: Option<Analysis>,
}

impl Entry {
    /// A configuration with a kernel: its header (from its types) and the build of `variant`.
    pub const fn kernel(name: &'static str, header: fn() -> (String, Values), variant: Variant) -> Entry {
        Entry { name, header: Some(header), dump: None, variant: Some(variant), analysis: None }
    }

    /// A configuration with only a dump.
    pub const fn dump(dump: Config) -> Entry {
        Entry { name: dump.name, header: None, dump: Some(dump), variant: None, analysis: None }
    }

    /// This entry with a dump too.
    pub const fn with_dump(self, dump: Config) -> Entry {
        Entry { dump: Some(dump), ..self }
    }

    /// This entry with a shared-memory analysis too.
    pub const fn with_analysis(self, analysis: Analysis) -> Entry {
        Entry { analysis: Some(analysis), ..self }
    }
}

/// Declares a configuration crate's modules and its registry, `entries()`: every listed module's
/// `ENTRIES`, in the order listed. A `#[cfg(...)]` before a name applies to the module and to its
/// entries alike.
///
/// ```ignore
/// tycute_kernel::configurations! {
///     sgemm_sm80,
///     #[cfg(feature = "kernel")]
///     sm80_nt_128x256,
/// }
/// ```
#[macro_export]
macro_rules! configurations {
    ($($(#[cfg($cfg:meta)])* $m:ident),* $(,)?) => {
        $($(#[cfg($cfg)])* pub mod $m;)*

        /// The registry entries of this crate's configurations, in the order its `configurations!`
        /// lists them.
        pub fn entries() -> ::std::vec::Vec<$crate::registry::Entry> {
            #[allow(unused_mut)]
            let mut out = ::std::vec::Vec::new();
            $(
                $(#[cfg($cfg)])*
                out.extend_from_slice($m::ENTRIES);
            )*
            out
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(_: bool) -> Vec<Row> {
        Vec::new()
    }

    fn header() -> (String, Values) {
        (String::from("// h\n"), Values::default())
    }

    #[test]
    fn a_variant_names_its_configuration() {
        assert_eq!(Variant::SM80_GEMM.options("sm80_nt_128x256"), ["-DTYCUTE_SM80_CONFIG=sm80_nt_128x256"]);
        assert_eq!(Variant::SM90_GEMM.options("sm90"), ["-DTYCUTE_SM90_CONFIG=sm90"]);
        assert_eq!(Variant::SM90_GEMM.kernel, "sm90_gemm.cu");
    }

    #[test]
    fn entries_hold_what_they_were_given() {
        const DUMP: Config = Config { name: "x", about: "a dump", num_threads: 0, rows, thread_rows: no_thread_rows };
        let d = Entry::dump(DUMP);
        assert_eq!(d.name, "x");
        assert!(d.header.is_none() && d.variant.is_none() && d.dump.is_some());
        let k = Entry::kernel("x", header, Variant::SM80_GEMM);
        assert!(k.dump.is_none());
        assert_eq!(k.variant, Some(Variant::SM80_GEMM));
        assert_eq!((k.header.unwrap())().0, "// h\n");
        let both = k.with_dump(DUMP);
        assert_eq!(both.dump.map(|c| c.about), Some("a dump"));
        assert_eq!(both.variant, Some(Variant::SM80_GEMM));
        assert!((DUMP.thread_rows)(0, false).is_none());
        assert!(both.analysis.is_none());
        fn none() -> Result<Vec<crate::analyze::Access>, String> {
            Ok(Vec::new())
        }
        let a = both.with_analysis(Analysis { accesses: none, unswizzled: None, note: Some("n") });
        assert_eq!(a.analysis.and_then(|a| a.note), Some("n"));
        assert_eq!(a.dump.map(|c| c.name), Some("x"));
    }
}
