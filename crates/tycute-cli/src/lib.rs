//! The `tycute` command line. The root package's binary calls [`main`].
//!
//! Without arguments it runs the embedded default, sgemm_sm80 TN, as far as the machine allows
//! (module [`tour`]). Subcommands:
//! * `tycute eval [FILE|EXPR] [--table] [--grid]`: evaluate test-vector lines or one expression
//!   with the runtime twin (module [`eval`]).
//! * `tycute vectors rust [FILE]`: generate a Rust program evaluating vector cases at the type
//!   level (module [`gen_rust`]).
//! * `tycute dump NAME [--thread N] [--tables] [--tsv]`: a named kernel configuration's layouts,
//!   printed from the types of `tycute-configs` (module [`dump`]).
//! * `tycute emit NAME --out DIR`: the CUDA header of a configuration (`tycute_configs::emit`).
//! * `tycute draw NAME OBJECT [--tile M,N] --svg FILE | --latex FILE`: a picture of a layout
//!   (module [`draw`]).
//! * `tycute analyze NAME`: bank wavefronts and vector widths of every shared-memory instruction
//!   of a configuration's kernel (the analysis its registry entry carries, `tycute_configs::entry`).
//! * `tycute bench sm80|sm90 [...]`: a kernel on the GPU beside cuBLAS (module [`bench`](mod@bench), on
//!   `tycute_gemm`); `--sweep FILE` every shape of a list, with a summary per dtype (module
//!   [`sweep`]).

use clap::{Parser, Subcommand};
use std::path::PathBuf;

pub mod bench;
pub mod bench_attention;
pub mod draw;
pub mod dump;
pub mod eval;
pub mod gen_rust;
pub mod sweep;
pub mod tour;

/// CuTe's layout algebra in Rust: command line tools.
#[derive(Parser, Debug)]
#[command(name = "tycute", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Evaluate test-vector lines (a file or stdin) or one expression such as
    /// `logical_divide((_8,_8):(_8,_1), (_2,_4))`.
    Eval(eval::EvalArgs),
    /// Print a named kernel configuration (`sgemm_sm80`, `sm90`, ...; `list` lists the registry's
    /// dumps): every layout computed at the type level, and one thread's tensors.
    Dump(dump::DumpArgs),
    /// Write the CUDA header of a named configuration (`sgemm_sm80`, or `all`) into a directory,
    /// for nvcc users: the same text `build.rs` embeds for NVRTC.
    Emit {
        /// The configuration (`sgemm_sm80`, `all`).
        config: String,
        /// The directory to write into (created if missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// Draw a layout of a named configuration as SVG or LaTeX: a TV layout (`--tile M,N`) with
    /// cells `T{t}V{v}` colored by thread, or a plain layout with cells labelled by offset.
    Draw(draw::DrawArgs),
    /// Shared-memory bank conflicts of a configuration's kernel: wavefronts per warp instruction
    /// and access width, from the type-level tables (the configurations whose registry entry has
    /// an analysis: `sgemm_sm80`, `sm90`, ...; an unknown name lists them).
    Analyze {
        /// The configuration.
        config: String,
        /// Also show the same copies on an unswizzled stage.
        #[arg(long)]
        unswizzled: bool,
    },
    /// Benchmark a kernel on the GPU beside cuBLAS in the same process (`sm80`, `sm90`): random inputs
    /// rotated over buffer sets larger than L2, CUDA events, median of many runs.
    Bench(BenchArgs),
    /// Generate programs from test-vector files.
    Vectors {
        #[command(subcommand)]
        target: VectorsTarget,
    },
}

/// Arguments of `tycute bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The kernel: `sm80` (`kernels/sm80_gemm.cu`), `sm90` (`kernels/sm90_gemm.cu`) or `attention`
    /// (`kernels/attention_sm90.cu`: `--shapes BxHxSxD` or `HxD:L1+L2+...` for sequences of
    /// different lengths, `--dtype bf16|fp16`, non-causal and causal).
    pub kernel: String,
    /// Shapes `MxNxK` (default: 4096x4096x4096, 5120x5120x4096, 8192x8192x8192, 8192x8192x1024).
    #[arg(long, value_delimiter = ',')]
    pub shapes: Vec<String>,
    /// Timed runs per shape and library.
    #[arg(long, default_value_t = 50)]
    pub runs: usize,
    /// The kernel configuration (its header); the default is the kernel's tuned one (sm90: `sm90`,
    /// `sm90_128x256` or `auto`, the default: the configuration `tycute_gemm::sm90::pick` chooses per shape).
    #[arg(long)]
    pub config: Option<String>,
    /// Launch with this much dynamic shared memory (at least the configuration's), to limit the
    /// CTAs per SM: 120000 leaves room for one on an H100 (for profiling experiments).
    #[arg(long)]
    pub smem_bytes: Option<usize>,
    /// `D = A * B^T + beta * C` (sm90; with beta != 0 the kernel loads C). Default 0.
    #[arg(long, default_value_t = 0.0)]
    pub beta: f32,
    /// sm90: add a bias vector in the epilogue: `none` (default), `row` (one value per row of D)
    /// or `col` (per column). cuBLAS runs without one.
    #[arg(long, default_value = "none")]
    pub bias: String,
    /// Never split tiles along K (sm80: the stream-K tail; sm90: the stream-K waves). Without it
    /// the sm90 bench also times each stream-K shape with whole tiles, in the same process.
    #[arg(long)]
    pub no_stream_k: bool,
    /// sm90: the layout of A and B as BLAS names it: `tn` (default; A and B K-major), `nt` (both
    /// M- / N-major), `nn` (A M-major) or `tt` (B N-major); cuBLAS runs the same layout.
    #[arg(long, default_value = "tn")]
    pub layout: String,
    /// How each run is timed, tycute and cuBLAS alike: `queued` (default: the runs back to back on
    /// the stream, each between its own events, so a run's time is the GPU's) or `alone` (the
    /// host waits for each run before the next, so its launch work, tensor maps or cuBLAS's
    /// heuristics, counts too).
    #[arg(long, default_value = "queued")]
    pub timing: String,
    /// The input element type, `fp16`, `bf16`, `tf32` (sm80 only) or `e4m3`, `e5m2` (sm90 only)
    /// (default: `--config`'s, else fp16): sm80 runs that type's configuration (`sm80_tn_128x256`,
    /// `sm80_tn_128x256_bf16`, `sm80_tn_128x256_tf32`; or checks `--config` against it), sm90 the
    /// configurations of that type (A, B, C, D: `sm90`, `sm90_128x256` or `sm90_bf16`,
    /// `sm90_128x256_bf16`; fp8 A and B with bf16 D: `sm90_128x256_e4m3`, `sm90_128x256_e5m2`);
    /// cuBLAS runs the same types (tf32: fp32 A and B, `CUBLAS_COMPUTE_32F_FAST_TF32`; fp8:
    /// cuBLASLt with per-tensor scales, fast accumulation, and its default mode beside it).
    #[arg(long)]
    pub dtype: Option<String>,
    /// fp8 (sm90): how the kernel scales its product, `tensor` (default: alpha = scale_a *
    /// scale_b) or `rowcol` (per-row scales of A and B, `sm90_gemm_tn_rowcol`); cuBLASLt runs
    /// per tensor either way.
    #[arg(long, default_value = "tensor")]
    pub scales: String,
    /// attention: the inputs' values, `grid` (default: random multiples of 1/64 in [-1, 1], the
    /// GEMM benches' kind) or `normal` (standard normal values rounded to the element type, as
    /// PyTorch's `randn`: more bits toggle, and the H100 runs into its power limit sooner)
    #[arg(long, default_value = "grid")]
    pub inputs: String,
    /// Every shape of FILE (`M N K [batch] [label]` a line, `#` comments; the checked-in list is
    /// `bench/shapes.txt`) for each `--dtype` (one, or `all`), each configuration the launch API's
    /// own choice: a line per shape (tycute, the reference, the ratio, the configuration and
    /// plan), then per dtype the geometric mean and the minimum of the ratios.
    #[arg(long, value_name = "FILE")]
    pub sweep: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum VectorsTarget {
    /// A Rust program evaluating every case at the type level (reads stdin without FILE).
    Rust {
        /// Vector file.
        file: Option<PathBuf>,
    },
}

/// Writes `text` to standard output. A closed pipe (`tycute ... | head`) ends the program quietly
/// with status 0; any other write error is reported and ends it with status 1. Never panics.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing output: {e}");
        std::process::exit(1);
    }
}

/// `tycute analyze CONFIG [--unswizzled]`: the analysis of the configuration's registry entry
/// (`Entry::analysis`); the names offered are those of the entries that have one.
fn analyze(config: &str, unswizzled: bool) -> i32 {
    use tycute_configs::analyze::report;
    let offering = |unswizzled: bool| -> Vec<&'static str> {
        tycute_configs::entries()
            .iter()
            .filter(|e| e.analysis.is_some_and(|a| !unswizzled || a.unswizzled.is_some()))
            .map(|e| e.name)
            .collect()
    };
    let Some(analysis) = tycute_configs::entry(config).and_then(|e| e.analysis) else {
        eprintln!("error: no shared-memory analysis for configuration `{config}` (available: {})", offering(false).join(", "));
        return 1;
    };
    let accesses = match (analysis.accesses)() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {config}: {e}");
            return 1;
        }
    };
    let mut text =
        report(&format!("{config}: shared-memory instructions per warp (wavefronts of 128 bytes; ideal = bytes / 128)"), &accesses);
    if let Some(note) = analysis.note {
        text += note;
        text += "\n";
    }
    if unswizzled {
        let Some(plain) = analysis.unswizzled else {
            eprintln!("error: --unswizzled is available for {}", and_list(&offering(true)));
            return 1;
        };
        match plain() {
            Ok(u) => {
                text += "\n";
                text += &report("the same copies without the swizzle", &u);
            }
            Err(e) => {
                eprintln!("error: {config}: {e}");
                return 1;
            }
        }
    }
    emit(&text);
    0
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `tycute emit CONFIG --out DIR`.
fn emit_headers(config: &str, out: &std::path::Path) -> i32 {
    let all = tycute_configs::emit::headers();
    let chosen: Vec<&(String, String)> =
        all.iter().filter(|(name, _)| config == "all" || name.strip_suffix(".h") == Some(config)).collect();
    if chosen.is_empty() {
        let names: Vec<&str> = all.iter().filter_map(|(n, _)| n.strip_suffix(".h")).collect();
        eprintln!("error: no header for configuration `{config}` (headers exist for: {}; or `all`)", names.join(", "));
        return 1;
    }
    if let Err(e) = std::fs::create_dir_all(out) {
        eprintln!("error: cannot create {}: {e}", out.display());
        return 1;
    }
    for (name, text) in chosen {
        // write to a temporary name, then rename: no partial header is ever left behind
        let (path, tmp) = (out.join(name), out.join(format!(".{name}.tmp")));
        if let Err(e) = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, &path)) {
            let _ = std::fs::remove_file(&tmp);
            eprintln!("error: cannot write {}: {e}", path.display());
            return 1;
        }
        println!("wrote {} ({} bytes)", path.display(), text.len());
    }
    if config == "all" {
        // the kernels' builds, one per configuration (scripts/kernel-matrix.sh reads them)
        let mut text = String::new();
        for e in tycute_configs::entries() {
            if let Some(v) = e.variant {
                text += &format!("{} {}\n", v.kernel, v.options(e.name).join(" "));
            }
        }
        let path = out.join("variants.txt");
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return 1;
        }
        println!("wrote {}", path.display());
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(and_list(&[]), "");
        assert_eq!(and_list(&["sgemm_sm80"]), "sgemm_sm80");
        assert_eq!(and_list(&["sgemm_sm80", "sm90"]), "sgemm_sm80 and sm90");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }
}

/// Entry point of the `tycute` binary: without arguments the default run ([`tour`]); else parses
/// the arguments, runs the subcommand and exits with its status.
pub fn main() {
    if std::env::args_os().len() <= 1 {
        return tour::run();
    }
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Eval(args) => eval::run(&args),
        Command::Dump(args) => dump::run(&args),
        Command::Emit { config, out } => emit_headers(&config, &out),
        Command::Analyze { config, unswizzled } => analyze(&config, unswizzled),
        Command::Draw(args) => draw::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Vectors {
            target: VectorsTarget::Rust { file },
        } => match gen_rust::run(file.as_deref()) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                1
            }
        },
    };
    std::process::exit(code);
}
