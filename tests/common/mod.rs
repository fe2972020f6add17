//! Helpers shared by the integration tests that build generated type-level programs
//! (`tests/static_vectors.rs`, `tests/cross_level.rs`): a scratch crate under the target dir whose
//! programs are built by rustc against the `tycute` library the test itself was built with (or,
//! where that library does not serve, by the scratch crate's own `cargo build --keep-going`),
//! the compiler's JSON messages, and the check that a rejected case fails to compile with an
//! error that states a rule.
//!
//! The cargo path: every scratch crate is its own `[workspace]` with the dependency
//! `tycute = { path = .. }`; all of them share one target dir, `<target>/scratch-target`, so
//! `tycute` is built once for all (about a minute of CPU that the direct path saves).

#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `\w` of a regex (ASCII).
pub fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

// ---------------------------------------------------------------------------------------------
// The scratch crate

/// A crate of generated programs, one `[[bin]]` each.
pub struct Scratch {
    /// The package name.
    pub name: String,
    /// The crate's directory.
    pub dir: PathBuf,
    /// Its target dir (shared by every scratch crate).
    pub target: PathBuf,
    /// `(bin name, source)`, built in this order (two at a time on two cores: the costliest first).
    pub bins: Vec<(String, String)>,
    /// Whether the direct path serves, decided by the first build (a probe compile) and kept for
    /// the later rounds.
    direct: std::sync::OnceLock<Option<DirectLib>>,
}

/// What one `cargo build` of a scratch crate gave.
pub struct BuildResult {
    /// bin name → executable.
    pub built: HashMap<String, PathBuf>,
    /// bin name → rendered error messages.
    pub errors: HashMap<String, Vec<String>>,
    /// bin name → (line of an error span in its own source, index into `errors[bin]`).
    pub error_lines: HashMap<String, Vec<(usize, usize)>>,
    /// cargo's stderr and errors outside the scratch crate (a dependency that failed to build).
    pub other: String,
    /// A dependency (not a generated program) failed to build.
    pub dependency_failed: bool,
    /// bin name → seconds its rustc ran (the direct path only; a fresh bin is not listed).
    pub secs: HashMap<String, f64>,
}

impl Scratch {
    /// The scratch crate `name` in `<target>/<name>/crate` (package `name`).
    pub fn new(name: &str) -> Scratch {
        // <target>/debug/deps/TEST-HASH → <target>
        let exe = std::env::current_exe().expect("current_exe");
        let target = exe.ancestors().nth(3).expect("target dir").to_path_buf();
        Scratch {
            name: name.to_string(),
            dir: target.join(name).join("crate"),
            target: target.join("scratch-target"),
            bins: Vec::new(),
            direct: std::sync::OnceLock::new(),
        }
    }

    pub fn add(&mut self, name: &str, source: String) {
        self.bins.retain(|(n, _)| n != name);
        self.bins.push((name.to_string(), source));
    }

    /// Writes the programs (only files whose content changed, so unchanged programs stay fresh;
    /// with `prune`, files of other bins are deleted) and builds every bin.
    ///
    /// Directly with rustc against the `tycute` library this test was linked with, when that
    /// library is there and usable ([`Scratch::direct`]): no second build of tycute and its
    /// dependencies. Otherwise (a library of other features left by an earlier build, another
    /// rustc) through the scratch crate's own `cargo build`, which builds tycute for itself.
    pub fn build(&self, prune: bool) -> BuildResult {
        let bin_dir = self.dir.join("src").join("bin");
        std::fs::create_dir_all(&bin_dir).expect("create scratch crate");
        let mut keep = std::collections::HashSet::new();
        for (name, src) in &self.bins {
            let file = format!("{name}.rs");
            write_if_changed(&bin_dir.join(&file), src);
            keep.insert(file);
        }
        if prune {
            if let Ok(rd) = std::fs::read_dir(&bin_dir) {
                for e in rd.flatten() {
                    if !keep.contains(e.file_name().to_string_lossy().as_ref()) {
                        let _ = std::fs::remove_file(e.path());
                    }
                }
            }
        }
        match self.direct.get_or_init(|| self.direct()) {
            Some(lib) => self.build_direct(lib),
            None => self.build_with_cargo(),
        }
    }

    /// The `tycute` library this test was linked with, if a one-line program that uses what the
    /// generated programs use (`tycute::repr`, `tycute::configs`) and asserts the library's
    /// features (`tycute::__FEATURES`) type-checks against it with the `rustc` on the PATH.
    /// Candidates: `target/<profile>/deps/libtycute-*.rlib`, newest first, then the uplifted
    /// `target/<profile>/libtycute.rlib` (cargo uplifts it only for `cargo build`, not for `cargo
    /// test`). The features pick the right one: a build of other features (the example's
    /// `tycute` without `configs`, an earlier `--no-default-features` build) has another file, and
    /// one build of the same features has one file, which cargo rewrites on every rebuild.
    /// `TYCUTE_SCRATCH_CARGO=1` skips it (the cargo path).
    fn direct(&self) -> Option<DirectLib> {
        if std::env::var_os("TYCUTE_SCRATCH_CARGO").is_some_and(|v| v != "0") {
            return None;
        }
        let exe = std::env::current_exe().ok()?;
        let deps = exe.parent()?.to_path_buf();
        let mut candidates: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(&deps)
            .ok()?
            .flatten()
            .filter(|e| {
                let n = e.file_name();
                let n = n.to_string_lossy();
                n.starts_with("libtycute-") && n.ends_with(".rlib")
            })
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .collect();
        candidates.sort_by(|a, b| b.0.cmp(&a.0));
        let mut rlibs: Vec<PathBuf> = candidates.into_iter().map(|(_, p)| p).collect();
        rlibs.push(deps.parent()?.join("libtycute.rlib"));
        let probe_dir = self.dir.join("probe");
        std::fs::create_dir_all(&probe_dir).ok()?;
        let src = probe_dir.join("probe.rs");
        write_if_changed(
            &src,
            &format!(
                "use tycute::repr::format_repr;\nuse tycute::configs::sgemm_sm80 as _;\nconst _: () = assert!(tycute::__FEATURES == {});\nfn main() {{ let _ = format_repr; }}\n",
                tycute::__FEATURES
            ),
        );
        let mut why = String::from("no libtycute rlib");
        for rlib in rlibs.into_iter().filter(|p| p.exists()) {
            let lib = DirectLib { deps: deps.clone(), rlib };
            let out = lib.rustc("probe", &src).args(["--emit=metadata", "--out-dir"]).arg(&probe_dir).output().ok()?;
            if out.status.success() {
                return Some(lib);
            }
            why = format!(
                "{}: {}",
                lib.rlib.display(),
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .find_map(|l| json::parse(l).and_then(|m| m.get("message").and_then(json::Value::str).map(str::to_string)))
                    .unwrap_or_else(|| first_line(&String::from_utf8_lossy(&out.stderr)).to_string())
            );
        }
        println!("scratch programs: built with cargo (no library of this test's build serves; last tried {why})");
        None
    }

    /// Every bin with its own rustc, as many at once as there are cores; a bin whose source and
    /// library are those of its last successful build is not rebuilt.
    fn build_direct(&self, lib: &DirectLib) -> BuildResult {
        let mut r = BuildResult {
            built: HashMap::new(),
            errors: HashMap::new(),
            error_lines: HashMap::new(),
            other: String::new(),
            dependency_failed: false,
            secs: HashMap::new(),
        };
        let out_dir = self.dir.join("bin");
        std::fs::create_dir_all(&out_dir).expect("create scratch output dir");
        let lib_stamp = std::fs::metadata(&lib.rlib)
            .ok()
            .and_then(|m| m.modified().ok())
            .map(|t| format!("{t:?}"))
            .unwrap_or_default();
        let mut todo: Vec<(String, PathBuf, String)> = Vec::new();
        for (name, src) in &self.bins {
            let exe = out_dir.join(name);
            let stamp = format!("{lib_stamp} {:016x}", fnv1a(src.as_bytes()));
            let stamp_file = out_dir.join(format!("{name}.stamp"));
            if exe.exists() && std::fs::read_to_string(&stamp_file).ok().as_deref() == Some(&stamp) {
                r.built.insert(name.clone(), exe);
            } else {
                let _ = std::fs::remove_file(&stamp_file);
                todo.push((name.clone(), exe, stamp));
            }
        }
        let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
        let queue = std::sync::Mutex::new(todo.into_iter());
        let done = std::sync::Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..jobs {
                s.spawn(|| loop {
                    let Some((name, exe, stamp)) = queue.lock().unwrap().next() else { break };
                    let src = Path::new("src").join("bin").join(format!("{name}.rs"));
                    let t = std::time::Instant::now();
                    let out = lib.rustc(&name, &src).arg("-o").arg(&exe).current_dir(&self.dir).output();
                    done.lock().unwrap().push((name, exe, stamp, out, t.elapsed().as_secs_f64()));
                });
            }
        });
        for (name, exe, stamp, out, secs) in done.into_inner().unwrap() {
            r.secs.insert(name.clone(), secs);
            let out = match out {
                Ok(o) => o,
                Err(e) => {
                    r.dependency_failed = true;
                    let _ = writeln!(r.other, "rustc did not run for {name}: {e}");
                    continue;
                }
            };
            for line in String::from_utf8_lossy(&out.stderr).lines() {
                match json::parse(line) {
                    Some(m) => r.take_diagnostic(&name, Some(&m), true),
                    None => {
                        r.other.push_str(line);
                        r.other.push('\n');
                    }
                }
            }
            if out.status.success() {
                let _ = std::fs::write(out_dir.join(format!("{name}.stamp")), stamp);
                r.built.insert(name, exe);
            } else if !r.errors.contains_key(&name) {
                // failed without an error of its own (a crash, a link failure): not a verdict
                r.dependency_failed = true;
            }
        }
        r
    }

    /// The scratch crate's own `cargo build --bins --keep-going` (its `Cargo.toml` written here).
    fn build_with_cargo(&self) -> BuildResult {
        let manifest_dir = env!("CARGO_MANIFEST_DIR");
        let mut toml = format!(
            "# Generated by tests/common/mod.rs\n[package]\nname = {:?}\nversion = \"0.0.0\"\n\
             edition = \"2021\"\npublish = false\nautobins = false\n\n[dependencies]\ntycute = {{ path = {:?}, default-features = false, features = [\"seed-configs\"] }}\n\n\
             [workspace]\n\n[profile.dev]\ndebug = 0\n",
            self.name, manifest_dir
        );
        for (name, _) in &self.bins {
            let _ = write!(
                toml,
                "\n[[bin]]\nname = {name:?}\npath = \"src/bin/{name}.rs\"\ntest = false\nbench = false\n"
            );
        }
        write_if_changed(&self.dir.join("Cargo.toml"), &toml);
        let lock = Path::new(manifest_dir).join("Cargo.lock");
        if lock.exists() && !self.dir.join("Cargo.lock").exists() {
            let _ = std::fs::copy(&lock, self.dir.join("Cargo.lock"));
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args(["build", "--bins", "--keep-going", "--message-format=json"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .output()
            .expect("run cargo");
        let mut r = BuildResult {
            built: HashMap::new(),
            errors: HashMap::new(),
            error_lines: HashMap::new(),
            other: String::from_utf8_lossy(&out.stderr).into_owned(),
            dependency_failed: false,
            secs: HashMap::new(),
        };
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let Some(msg) = json::parse(line) else { continue };
            let reason = msg.get("reason").and_then(json::Value::str).unwrap_or("");
            let target = msg.get("target").and_then(|t| t.get("name")).and_then(json::Value::str).unwrap_or("");
            let is_ours = msg
                .get("manifest_path")
                .and_then(json::Value::str)
                .is_some_and(|p| Path::new(p).starts_with(&self.dir));
            match reason {
                "compiler-artifact" if is_ours => {
                    if let Some(exe) = msg.get("executable").and_then(json::Value::str) {
                        r.built.insert(target.to_string(), PathBuf::from(exe));
                    }
                }
                "compiler-message" => r.take_diagnostic(target, msg.get("message"), is_ours),
                _ => {}
            }
        }
        r
    }
}

/// The library the direct path compiles against.
struct DirectLib {
    /// `target/<profile>/deps`: tycute's dependencies, found by their hashes.
    deps: PathBuf,
    /// The `libtycute` rlib of this test's build.
    rlib: PathBuf,
}

impl DirectLib {
    /// rustc for a bin `name` from `src`, flags as cargo's dev profile here gives them (no debug
    /// info, no optimization), diagnostics as JSON.
    fn rustc(&self, name: &str, src: &Path) -> Command {
        let mut c = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()));
        c.args(["--edition", "2021", "--crate-type", "bin", "--crate-name", name, "--error-format=json"])
            .args(["-C", "debuginfo=0", "-C", "opt-level=0", "-C", "embed-bitcode=no"])
            .arg("-L")
            .arg(format!("dependency={}", self.deps.display()))
            .arg("--extern")
            .arg(format!("tycute={}", self.rlib.display()))
            .arg(src)
            .env_remove("CARGO_MAKEFLAGS");
        c
    }
}

impl BuildResult {
    /// One compiler diagnostic (rustc's JSON, as rustc or cargo's `message` gives it) of bin
    /// `target`: errors of our programs are kept with the lines they point at; an error
    /// elsewhere marks a dependency as failed.
    fn take_diagnostic(&mut self, target: &str, m: Option<&json::Value>, is_ours: bool) {
        let level = m.and_then(|m| m.get("level")).and_then(json::Value::str).unwrap_or("");
        if !level.starts_with("error") {
            return;
        }
        let rendered = m.and_then(|m| m.get("rendered")).and_then(json::Value::str).unwrap_or("").to_string();
        if !is_ours {
            self.dependency_failed = true;
            self.other.push_str(&rendered);
            return;
        }
        let errs = self.errors.entry(target.to_string()).or_default();
        let k = errs.len();
        errs.push(rendered);
        let file = format!("{target}.rs");
        for s in m.and_then(|m| m.get("spans")).and_then(json::Value::arr).unwrap_or(&[]) {
            let f = s.get("file_name").and_then(json::Value::str).unwrap_or("");
            if f.ends_with(&file) {
                if let Some(l) = s.get("line_start").and_then(json::Value::num) {
                    self.error_lines.entry(target.to_string()).or_default().push((l as usize, k));
                }
            }
        }
    }
}

/// FNV-1a, 64 bits: a program's stamp.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

pub fn write_if_changed(path: &Path, content: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(content) {
        std::fs::write(path, content).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The value a line of a generated program belongs to: `type T17 = ..`, `&<T17 as ..>` → `T17`;
/// `fn f3() -> String { .. }` → `f3`, but `fn f3() -> String { text::<T17>() }` → `T17` (a type
/// printed by a function is the value).
pub fn value_of_line(src: &str, line: usize) -> Option<String> {
    let l = src.lines().nth(line.checked_sub(1)?)?;
    let b = l.as_bytes();
    let word = |c: u8| {
        (0..b.len()).find_map(|i| {
            let starts_word = i == 0 || !is_word(b[i - 1]);
            if b[i] != c || !starts_word {
                return None;
            }
            let digits: String = l[i + 1..].chars().take_while(char::is_ascii_digit).collect();
            let after = i + 1 + digits.len();
            (!digits.is_empty() && (after == b.len() || !is_word(b[after]))).then(|| l[i..after].to_string())
        })
    };
    word(b'T').or_else(|| word(b'f'))
}

/// The values of a generated program: `T17` → its type, `f3` → its function body.
pub fn program_values(src: &str) -> HashMap<String, String> {
    let mut m = HashMap::new();
    for l in src.lines() {
        if let Some((name, ty)) = l.strip_prefix("type ").and_then(|r| r.split_once(" = ")) {
            m.insert(name.to_string(), ty.trim_end_matches(';').to_string());
        } else if let Some((name, body)) = l.strip_prefix("fn f").and_then(|r| r.split_once("() -> String ")) {
            m.insert(format!("f{name}"), body.to_string());
        }
    }
    m
}

pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

pub fn normalize(s: &str) -> String {
    s.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" ").trim_end_matches('.').to_string()
}


/// A rejected value's errors are a valid rejection when it fails with a trait-bound error
/// (E0277: a missing impl, i.e. a rule) that states `rule` in its message or label (text outside
/// `code spans`, so a trait path such as `composition::CompositionOp` does not count), and not
/// because an item does not resolve (a type-level alias that does not exist yet). `rule` may give
/// alternatives separated by ` | ` (any one will do).
pub fn reject_verdict(errs: &[String], rule: &str) -> Result<String, String> {
    let heads: Vec<&str> = errs.iter().map(|e| first_line(e)).collect();
    if let Some(h) = heads
        .iter()
        .find(|h| ["E0412", "E0425", "E0433", "E0405", "E0432"].iter().any(|c| h.starts_with(&format!("error[{c}]"))))
    {
        return Err(format!("the program does not resolve (a type-level item is missing): {}", short(h, 300)));
    }
    let rules: Vec<&String> = errs.iter().filter(|e| first_line(e).starts_with("error[E0277]")).collect();
    let Some(first) = rules.first() else {
        return Err(format!(
            "no trait-bound (rule) error; first error: {}",
            short(heads.first().copied().unwrap_or("(none)"), 400)
        ));
    };
    if rule.is_empty() {
        return Ok(first_line(first).to_string());
    }
    let wants: Vec<String> = rule.split(" | ").map(normalize).collect();
    for e in &rules {
        let mut text = strip_code(first_line(e));
        for l in e.lines().skip(1) {
            let t = l.trim_start();
            if t.starts_with('|') {
                if let Some(k) = t.rfind('^') {
                    text.push(' ');
                    text += &strip_code(&t[k + 1..]);
                }
            }
        }
        let text = normalize(&text);
        if wants.iter().any(|w| text.contains(w)) {
            return Ok(first_line(e).to_string());
        }
    }
    Err(format!("rejected, but no error states the rule {rule:?}: {}", short(first_line(first), 400)))
}

/// The text outside `code spans`.
pub fn strip_code(s: &str) -> String {
    s.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}


pub fn short(s: &str, n: usize) -> String {
    let s = s.trim_end();
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n).collect::<String>())
    }
}

pub fn tail(s: &str, lines: usize) -> String {
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(lines)..].join("\n")
}

// ---------------------------------------------------------------------------------------------
// A minimal JSON reader for cargo's `--message-format=json` lines.

pub mod json {
    #[allow(dead_code)]
    pub enum Value {
        Null,
        Bool(bool),
        Num(f64),
        Str(String),
        Arr(Vec<Value>),
        Obj(Vec<(String, Value)>),
    }

    impl Value {
        pub fn get(&self, k: &str) -> Option<&Value> {
            match self {
                Value::Obj(v) => v.iter().find(|(key, _)| key == k).map(|(_, v)| v),
                _ => None,
            }
        }
        pub fn str(&self) -> Option<&str> {
            match self {
                Value::Str(s) => Some(s),
                _ => None,
            }
        }
        pub fn num(&self) -> Option<f64> {
            match self {
                Value::Num(n) => Some(*n),
                _ => None,
            }
        }
        pub fn arr(&self) -> Option<&[Value]> {
            match self {
                Value::Arr(v) => Some(v),
                _ => None,
            }
        }
    }

    pub fn parse(s: &str) -> Option<Value> {
        let mut p = P { b: s.as_bytes(), i: 0 };
        let v = p.value()?;
        p.ws();
        (p.i == p.b.len()).then_some(v)
    }

    struct P<'a> {
        b: &'a [u8],
        i: usize,
    }

    impl P<'_> {
        fn ws(&mut self) {
            while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
        }
        fn lit(&mut self, l: &str, v: Value) -> Option<Value> {
            self.b[self.i..].starts_with(l.as_bytes()).then(|| {
                self.i += l.len();
                v
            })
        }
        fn value(&mut self) -> Option<Value> {
            self.ws();
            match *self.b.get(self.i)? {
                b'{' => {
                    self.i += 1;
                    let mut v = Vec::new();
                    loop {
                        self.ws();
                        if self.b.get(self.i) == Some(&b'}') {
                            self.i += 1;
                            return Some(Value::Obj(v));
                        }
                        if !v.is_empty() {
                            if self.b.get(self.i) != Some(&b',') {
                                return None;
                            }
                            self.i += 1;
                            self.ws();
                        }
                        let k = self.string()?;
                        self.ws();
                        if self.b.get(self.i) != Some(&b':') {
                            return None;
                        }
                        self.i += 1;
                        let x = self.value()?;
                        v.push((k, x));
                    }
                }
                b'[' => {
                    self.i += 1;
                    let mut v = Vec::new();
                    loop {
                        self.ws();
                        if self.b.get(self.i) == Some(&b']') {
                            self.i += 1;
                            return Some(Value::Arr(v));
                        }
                        if !v.is_empty() {
                            if self.b.get(self.i) != Some(&b',') {
                                return None;
                            }
                            self.i += 1;
                        }
                        v.push(self.value()?);
                    }
                }
                b'"' => self.string().map(Value::Str),
                b't' => self.lit("true", Value::Bool(true)),
                b'f' => self.lit("false", Value::Bool(false)),
                b'n' => self.lit("null", Value::Null),
                _ => {
                    let st = self.i;
                    while self.i < self.b.len()
                        && matches!(self.b[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    {
                        self.i += 1;
                    }
                    std::str::from_utf8(&self.b[st..self.i]).ok()?.parse().ok().map(Value::Num)
                }
            }
        }
        fn string(&mut self) -> Option<String> {
            if self.b.get(self.i) != Some(&b'"') {
                return None;
            }
            self.i += 1;
            let mut out: Vec<u8> = Vec::new();
            loop {
                let c = *self.b.get(self.i)?;
                self.i += 1;
                match c {
                    b'"' => return String::from_utf8(out).ok(),
                    b'\\' => {
                        let e = *self.b.get(self.i)?;
                        self.i += 1;
                        match e {
                            b'n' => out.push(b'\n'),
                            b't' => out.push(b'\t'),
                            b'r' => out.push(b'\r'),
                            b'b' => out.push(8),
                            b'f' => out.push(12),
                            b'u' => {
                                let h = std::str::from_utf8(self.b.get(self.i..self.i + 4)?).ok()?;
                                self.i += 4;
                                let mut cp = u32::from_str_radix(h, 16).ok()?;
                                if (0xD800..0xDC00).contains(&cp) && self.b.get(self.i..self.i + 2) == Some(b"\\u") {
                                    let h2 = std::str::from_utf8(self.b.get(self.i + 2..self.i + 6)?).ok()?;
                                    let lo = u32::from_str_radix(h2, 16).ok()?;
                                    self.i += 6;
                                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                                }
                                let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
                                let mut buf = [0; 4];
                                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                            }
                            other => out.push(other),
                        }
                    }
                    c => out.push(c),
                }
            }
        }
    }
}
