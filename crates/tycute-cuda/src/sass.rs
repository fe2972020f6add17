//! The machine code of a CUBIN, read with `cuobjdump -sass`: which instructions a kernel really
//! uses (`LDGSTS`, `LDSM`, `HMMA.16816`, `HGMMA.64x..`, `UTMALDG`, `STSM`, ...).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{file, Error, Result};
use crate::nvrtc::Cubin;

/// The `cuobjdump` to run: `$CUOBJDUMP`, else the one on `PATH`.
fn cuobjdump() -> PathBuf {
    std::env::var_os("CUOBJDUMP").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("cuobjdump"))
}

/// Whether `cuobjdump` can be run.
pub fn available() -> bool {
    Command::new(cuobjdump()).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// `cuobjdump -sass` of a CUBIN, or why it could not be produced ([`Error::NoCuobjdump`],
/// [`Error::Cuobjdump`], [`Error::File`] for its temporary input).
pub fn disassemble(cubin: &Cubin) -> Result<String> {
    // a directory of its own per call (threads disassemble side by side), removed after
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tycute-sass-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(file(&dir))?;
    let path = dir.join("k.cubin");
    let written = std::fs::write(&path, &cubin.image).map_err(file(&path));
    let out = written.map(|()| Command::new(cuobjdump()).arg("-sass").arg(&path).output());
    let _ = std::fs::remove_dir_all(&dir);
    let out = out?;
    let out = out.map_err(|source| Error::NoCuobjdump { source })?;
    if !out.status.success() {
        return Err(Error::Cuobjdump { stderr: String::from_utf8_lossy(&out.stderr).trim().to_string() });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Instruction counts of a SASS listing, by full mnemonic with its modifiers
/// (`HMMA.16816.F32`, `LDSM.16.M88.4`, `LDGSTS.E.BYPASS.128`); predicates are dropped.
pub fn opcodes(sass: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for line in sass.lines() {
        // `        /*0090*/                   LDSM.16.M88.4 R4, [R2] ;  /* 0x... */`
        let Some(rest) = line.trim_start().strip_prefix("/*") else { continue };
        let Some((addr, insn)) = rest.split_once("*/") else { continue };
        if !addr.chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let mut words = insn.split_whitespace();
        let mut op = words.next().unwrap_or("");
        if op.starts_with('@') {
            op = words.next().unwrap_or("");
        }
        let op = op.trim_end_matches(';');
        if !op.is_empty() && op.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
            *out.entry(op.to_string()).or_insert(0) += 1;
        }
    }
    out
}

/// How many instructions start with `prefix` (`HMMA.16816`, `LDGSTS`).
pub fn count(ops: &BTreeMap<String, usize>, prefix: &str) -> usize {
    ops.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(_, n)| n).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mnemonics() {
        let s = "        /*0080*/                   LDGSTS.E.BYPASS.128 [R3], desc[UR4][R4.64] ;  /* 0x0000000004037fae */\n\
                 \x20       /*0090*/              @!P0 LDSM.16.M88.4 R8, [R2] ;  /* 0x000000000208783b */\n\
                 \x20       /*00a0*/                   HMMA.16816.F32 R12, R8, R6, R12 ;\n\
                 \x20       /*00b0*/                   HMMA.16816.F32 R16, R8, R7, R16 ;\n\
                 \x20       ..........\n";
        let ops = opcodes(s);
        assert_eq!(count(&ops, "HMMA.16816"), 2);
        assert_eq!(count(&ops, "LDSM"), 1);
        assert_eq!(count(&ops, "LDGSTS"), 1);
        assert_eq!(count(&ops, "HGMMA"), 0);
    }
}
