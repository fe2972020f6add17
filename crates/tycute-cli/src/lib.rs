//! The `tycute` command line. The root package's binary calls [`main`].
//!
//! Subcommands:
//! * `tycute eval [FILE|EXPR] [--table] [--grid]`: evaluate test-vector lines or one expression
//!   with the runtime twin (module [`eval`]).
//! * `tycute vectors rust [FILE]`: generate a Rust program evaluating vector cases at the type
//!   level (module [`gen_rust`]).
//! * `tycute dump NAME [--thread N] [--tables] [--tsv]`: a named kernel configuration's layouts,
//!   printed from the types of `tycute-configs` (module [`dump`]).

use clap::{Parser, Subcommand};
use std::path::PathBuf;

pub mod dump;
pub mod eval;
pub mod gen_rust;

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
    /// Print a named kernel configuration (`sgemm_sm80`, `sgemm_sm80_nt`, `sm90`, `crosswise`;
    /// `list`): every layout computed at the type level, and one thread's tensors.
    Dump(dump::DumpArgs),
    /// Generate programs from test-vector files.
    Vectors {
        #[command(subcommand)]
        target: VectorsTarget,
    },
}

#[derive(Subcommand, Debug)]
enum VectorsTarget {
    /// A Rust program evaluating every case at the type level (reads stdin without FILE).
    Rust {
        /// Vector file.
        file: Option<PathBuf>,
    },
}

/// Entry point of the `tycute` binary: parses the arguments, runs the subcommand and exits with
/// its status.
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

pub fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Eval(args) => eval::run(&args),
        Command::Dump(args) => dump::run(&args),
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
