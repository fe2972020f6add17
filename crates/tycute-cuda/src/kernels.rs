//! The kernel sources of `kernels/` and what their SASS must contain.

use std::path::PathBuf;

use crate::error::{file, Result};
use crate::nvrtc::Arch;

/// `kernels/` of the repository.
pub fn dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/kernels"))
}

/// A kernel source file.
#[derive(Clone, Debug)]
pub struct Source {
    /// File name (`probe.cu`).
    pub name: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// The architectures the source is built for: those of its `// tycute-arch: sm_90a ...` lines,
    /// else every one ([`Arch::ALL`]).
    pub fn archs(&self) -> Vec<Arch> {
        let named: Vec<Arch> = self
            .text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// tycute-arch:"))
            .flat_map(|a| a.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter_map(|a| Arch::ALL.into_iter().find(|x| x.name() == a))
            .collect();
        if named.is_empty() {
            Arch::ALL.to_vec()
        } else {
            named
        }
    }

    /// The instructions the SASS for `arch` must contain, from the source's
    /// `// tycute-sass sm_80: OP OP ...` lines (mnemonic prefixes).
    pub fn required_sass(&self, arch: Arch) -> Vec<String> {
        let tag = format!("// tycute-sass {}:", arch.name());
        self.text
            .lines()
            .filter_map(|l| l.trim().strip_prefix(tag.as_str()))
            .flat_map(|ops| ops.split_whitespace().map(str::to_string))
            .collect()
    }

    /// The options that build the kernel's first entry point alone, from its
    /// `// tycute-one-entry: OPTIONS` line (none: the kernel has one entry point, or no such
    /// switch). A configuration's other entry points differ from the first only where the
    /// kernel's branches do, and the branch cover builds them all: `tests/kernels.rs` builds the
    /// configurations beyond the cover with these options (`tests/kernel_builds`, `Scope::Native`).
    pub fn one_entry(&self) -> Vec<String> {
        self.text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// tycute-one-entry:"))
            .flat_map(|opts| opts.split_whitespace().map(str::to_string))
            .collect()
    }

    /// The NVRTC option sets the kernel is built with, from its `// tycute-variant: OPTIONS` lines
    /// (each line one build, options separated by spaces); one empty set when it has none.
    pub fn variants(&self) -> Vec<Vec<String>> {
        let v: Vec<Vec<String>> = self
            .text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// tycute-variant:"))
            .map(|opts| opts.split_whitespace().map(str::to_string).collect())
            .collect();
        if v.is_empty() {
            vec![Vec::new()]
        } else {
            v
        }
    }
}

/// Every `kernels/*.cu`, sorted by name (an unreadable file is an [`Error::File`](crate::Error::File)
/// naming it).
pub fn sources() -> Result<Vec<Source>> {
    let dir = dir();
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(file(&dir))? {
        let path = entry.map_err(file(&dir))?.path();
        if path.extension().is_some_and(|e| e == "cu") {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            out.push(Source { name, text: std::fs::read_to_string(&path).map_err(file(&path))? });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_sass_lines() {
        let s = Source { name: "k.cu".into(), text: "// tycute-sass sm_80: LDGSTS LDSM\n// tycute-sass sm_90a: STSM\nint x;\n".into() };
        assert_eq!(s.required_sass(Arch::Sm80), ["LDGSTS", "LDSM"]);
        assert_eq!(s.required_sass(Arch::Sm90a), ["STSM"]);
        assert_eq!(s.variants(), [Vec::<String>::new()]);
        let one = Source { name: "k.cu".into(), text: "// tycute-one-entry: -DONE=1 -DX\nint x;\n".into() };
        assert_eq!(one.one_entry(), ["-DONE=1", "-DX"]);
        assert!(Source { name: "k.cu".into(), text: "int x;\n".into() }.one_entry().is_empty());
        let v = Source { name: "k.cu".into(), text: "// tycute-variant: -DA=1 -DB\n// tycute-variant: -DA=2\n".into() };
        assert_eq!(v.variants(), [vec!["-DA=1".to_string(), "-DB".into()], vec!["-DA=2".to_string()]]);
        assert_eq!(s.archs(), Arch::ALL);
        let s = Source { name: "k.cu".into(), text: "// tycute-arch: sm_90a\n".into() };
        assert_eq!(s.archs(), [Arch::Sm90a]);
    }
}
