//! `tycute dump NAME [--thread N] [--tables] [--tsv]`: a named kernel configuration's layouts,
//! every value printed from the types of `tycute-configs` (evaluated by the trait solver when
//! the binary was compiled).
//!
//! The output is one `name  value` line per item: the configuration's thread-independent values
//! (tilers, shared-memory layouts, copy and MMA atoms, TiledCopy/TiledMMA TV layouts, ...), then
//! the tensors of one thread (default 0). Names are the seed documents' (`sA`,
//! `copyA.TiledLayout_TV`, `tXsA`, ...). `--tables` adds each layout's index table as a
//! `table:NAME` line; `--tsv` separates name and value by a tab. Each line is printed from the
//! row's runtime value (read from the type, `tycute_configs::Row`) by the twin's printer.

use tycute_configs::{config, Row, CONFIGS};

/// Arguments of `tycute dump`.
#[derive(clap::Args, Debug)]
pub struct DumpArgs {
    /// The configuration: `sgemm_sm80`, `sm90`, ... (`list` lists the registry's dumps).
    pub name: String,
    /// The thread whose tensors are printed (default 0).
    #[arg(long)]
    pub thread: Option<usize>,
    /// Print every layout's index table as a `table:NAME` line after it.
    #[arg(long)]
    pub tables: bool,
    /// Separate names and values by a tab (for scripts).
    #[arg(long)]
    pub tsv: bool,
}

/// The dump of configuration `name` for thread `thread`, as text.
pub fn render(name: &str, thread: Option<usize>, tables: bool, tsv: bool) -> Result<String, String> {
    if name == "list" {
        return Ok(CONFIGS.iter().map(|c| format!("{:<14}{}\n", c.name, c.about)).collect());
    }
    let c = config(name).ok_or_else(|| {
        let names: Vec<_> = CONFIGS.iter().map(|c| c.name).collect();
        format!("unknown configuration `{name}` (one of: {})", names.join(", "))
    })?;
    let mut out = format!("# {}: {}\n", c.name, c.about);
    out += &format_rows(&(c.rows)(tables), tsv);
    if c.num_threads > 0 {
        let t = thread.unwrap_or(0);
        let rows = (c.thread_rows)(t, tables)
            .ok_or_else(|| format!("thread {t} out of range: {} has {} threads (0..{})", c.name, c.num_threads, c.num_threads - 1))?;
        out += &format!("# thread {t} of {}\n", c.num_threads);
        out += &format_rows(&rows, tsv);
    } else if let Some(t) = thread {
        return Err(format!("{} has no per-thread values (--thread {t})", c.name));
    }
    Ok(out)
}

fn format_rows(rows: &[Row], tsv: bool) -> String {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let line = |k: &str, v: &str| if tsv { format!("{k}\t{v}\n") } else { format!("{k:<width$}  {v}\n") };
    let mut out = String::new();
    for r in rows {
        out += &line(&r.name, &r.text());
        if let Some(t) = r.table_text() {
            out += &line(&format!("table:{}", r.name), &t);
        }
    }
    out
}

/// Run `tycute dump`; returns the process exit status.
pub fn run(args: &DumpArgs) -> i32 {
    match render(&args.name, args.thread, args.tables, args.tsv) {
        Ok(text) => {
            crate::emit(&text);
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
