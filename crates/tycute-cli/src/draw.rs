//! `tycute draw CONFIG OBJECT [--tile M,N] [--thread T] (--svg FILE | --latex FILE)`: a picture of
//! one layout of a named configuration, like CuTe's `print_latex`, as SVG (opens in a browser) or
//! as LaTeX/TikZ.
//!
//! * A **TV layout** (`--tile M,N` given): `(thread, value) -> offset` in an `M x N` column-major
//!   tile. Each tile cell shows the `T{t}V{v}` that lands on it, colored by thread; a cell no
//!   pair reaches stays blank, a cell reached twice is outlined in red.
//! * A **plain layout** (rank 2, or rank > 2 with modes 1.. as columns): cell `(i, j)` shows the
//!   offset `L(i, j)`; a thread's tensor (`--thread T`, `tXsA`, ...) the same with its offsets
//!   `N + L(i, j)`.
//!
//! The values come from the configuration's dump rows: the layout's runtime value (read from its
//! type; its shape gives the picture's modes) and its index table, the one the type level
//! computed. No printed text is read back.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

/// Arguments of `tycute draw`.
#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The configuration (`sgemm_sm80`, `sm90`, `crosswise`, ...).
    pub config: String,
    /// The layout's name in `tycute dump CONFIG` (`mmaC.layoutC_TV`, `sA(_,_,0)`, ...).
    pub object: String,
    /// Draw a TV layout over an `M,N` tile (`32,32`).
    #[arg(long)]
    pub tile: Option<String>,
    /// Take the object from thread T's rows.
    #[arg(long)]
    pub thread: Option<usize>,
    /// Write SVG to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write LaTeX (TikZ) to this file.
    #[arg(long)]
    pub latex: Option<PathBuf>,
}

/// One cell of the picture.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    pub label: String,
    /// Thread (TV) for the color.
    pub thread: Option<usize>,
    /// Reached more than once (TV).
    pub clash: bool,
}

/// A grid of cells, `rows x cols`, row-major.
#[derive(Clone, Debug)]
pub struct Grid {
    pub title: String,
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

/// Eight pale colors, one per thread modulo 8 (as CuTe's `print_latex` cycles through its palette).
const PALETTE: [&str; 8] = ["#cfe2f3", "#d9ead3", "#fff2cc", "#f4cccc", "#d9d2e9", "#fce5cd", "#d0e0e3", "#ead1dc"];

/// The TV picture: `table[t + threads * v]` is the tile offset of `(t, v)`.
pub fn tv_grid(title: &str, table: &[i64], threads: usize, m: usize, n: usize) -> Result<Grid, String> {
    if threads == 0 || table.len() % threads != 0 {
        return Err(format!("{title}: {} entries do not split into {threads} threads", table.len()));
    }
    let mut cells = vec![Cell::default(); m * n];
    for (k, &off) in table.iter().enumerate() {
        let (t, v) = (k % threads, k / threads);
        let off = usize::try_from(off).ok().filter(|&o| o < m * n).ok_or_else(|| {
            format!("{title}: (T{t},V{v}) maps to offset {off}, outside the {m}x{n} tile (give the tile it indexes with --tile M,N)")
        })?;
        let (i, j) = (off % m, off / m);
        let c = &mut cells[i * n + j];
        if c.label.is_empty() {
            *c = Cell { label: format!("T{t}V{v}"), thread: Some(t), clash: false };
        } else {
            c.clash = true;
        }
    }
    Ok(Grid { title: title.to_string(), rows: m, cols: n, cells })
}

/// The plain picture: `table[i + rows * j]` is `L(i, j)`.
pub fn plain_grid(title: &str, table: &[i64], rows: usize) -> Result<Grid, String> {
    if rows == 0 || table.len() % rows != 0 {
        return Err(format!("{title}: {} entries are not {rows} rows", table.len()));
    }
    let cols = table.len() / rows;
    let mut cells = vec![Cell::default(); rows * cols];
    for (k, &v) in table.iter().enumerate() {
        cells[(k % rows) * cols + k / rows] = Cell { label: v.to_string(), thread: None, clash: false };
    }
    Ok(Grid { title: title.to_string(), rows, cols, cells })
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

impl Grid {
    /// SVG: a title, column indices on top, row indices on the left, one rectangle per cell.
    pub fn svg(&self) -> String {
        let cw = self.cells.iter().map(|c| c.label.len()).max().unwrap_or(1).max(2) * 7 + 10;
        let (ch, left, top) = (20usize, 30usize, 44usize);
        let (w, h) = ((left + cw * self.cols + 10).max(left + 8 * self.title.len()), top + ch * self.rows + 10);
        let mut s = String::new();
        let _ = writeln!(s, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="monospace" font-size="11">"#);
        let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
        let _ = writeln!(s, r#"<text x="{left}" y="16" font-size="13">{}</text>"#, xml_escape(&self.title));
        for j in 0..self.cols {
            let _ = writeln!(s, r##"<text x="{}" y="{}" text-anchor="middle" fill="#666">{j}</text>"##, left + j * cw + cw / 2, top - 6);
        }
        for i in 0..self.rows {
            let y = top + i * ch;
            let _ = writeln!(s, r##"<text x="{}" y="{}" text-anchor="end" fill="#666">{i}</text>"##, left - 4, y + 14);
            for j in 0..self.cols {
                let c = &self.cells[i * self.cols + j];
                let x = left + j * cw;
                let fill = c.thread.map_or("#ffffff", |t| PALETTE[t % PALETTE.len()]);
                let stroke = if c.clash { r##"stroke="#d00" stroke-width="2""## } else { r##"stroke="#999" stroke-width="0.5""## };
                let _ = writeln!(s, r#"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{fill}" {stroke}/>"#);
                if !c.label.is_empty() {
                    let _ = writeln!(s, r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#, x + cw / 2, y + 14, xml_escape(&c.label));
                }
            }
        }
        s.push_str("</svg>\n");
        s
    }

    /// A standalone LaTeX document drawing the grid with TikZ.
    pub fn latex(&self) -> String {
        let mut s = String::from("\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\\begin{document}\n");
        for (k, c) in PALETTE.iter().enumerate() {
            let _ = writeln!(s, "\\definecolor{{c{k}}}{{HTML}}{{{}}}", &c[1..]);
        }
        let _ = writeln!(s, "% {}", self.title);
        s.push_str("\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n");
        for i in 0..self.rows {
            for j in 0..self.cols {
                let c = &self.cells[i * self.cols + j];
                let fill = c.thread.map_or("white".to_string(), |t| format!("c{}", t % PALETTE.len()));
                let _ = writeln!(s, "\\node[fill={fill}{}] at ({i},{j}) {{\\shortstack{{{}}}}};", if c.clash { ",draw=red" } else { "" }, c.label);
            }
        }
        s.push_str("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (");
        let _ = write!(s, "{},{}", self.rows, self.cols);
        s.push_str(");\n\\end{tikzpicture}\n\\end{document}\n");
        s
    }
}

/// The grid of `object` in configuration `config`.
pub fn grid(args: &DrawArgs) -> Result<Grid, String> {
    let cfg = tycute_configs::config(&args.config).ok_or_else(|| {
        let names: Vec<&str> = tycute_configs::CONFIGS.iter().map(|c| c.name).collect();
        format!("no configuration named `{}` (known: {})", args.config, names.join(", "))
    })?;
    let rows = match args.thread {
        None => (cfg.rows)(true),
        Some(t) => (cfg.thread_rows)(t, true).ok_or_else(|| format!("{} has {} threads: no thread {t}", cfg.name, cfg.num_threads))?,
    };
    let Some(row) = rows.iter().find(|r| r.name == args.object && r.table.is_some()) else {
        let drawable: Vec<&str> = rows.iter().filter(|r| r.table.is_some()).map(|r| r.name.as_str()).collect();
        return Err(format!("{} has no layout named `{}`; layouts: {}", cfg.name, args.object, drawable.join(", ")));
    };
    let (text, table) = (row.text(), row.table.clone().unwrap_or_default());
    let layout = row.layout().ok_or_else(|| format!("{}: {text} is not a layout", args.object))?;
    let modes: Vec<i64> = match &layout {
        tycute_dynamic::value::AnyLayout::Plain(l) => l.modes().iter().map(|m| m.size().map(|s| s.value)).collect::<Result<_, _>>(),
        tycute_dynamic::value::AnyLayout::Composed(c) => {
            tycute_dynamic::composed::shape(c).and_then(|s| tycute_dynamic::layout::Layout::left(&s)).and_then(|l| l.modes().iter().map(|m| m.size().map(|s| s.value)).collect())
        }
    }
    .map_err(|e| format!("{}: {e}", args.object))?;
    let title = format!("{}: {} = {text}", cfg.name, args.object);
    match &args.tile {
        Some(tile) => {
            let mn: Vec<usize> = tile.split([',', 'x']).map(|x| x.trim().parse::<usize>()).collect::<Result<_, _>>().map_err(|_| format!("--tile {tile}: expected M,N"))?;
            let [m, n] = mn[..] else { return Err(format!("--tile {tile}: expected M,N")) };
            let threads = *modes.first().ok_or("an empty layout")? as usize;
            tv_grid(&title, &table, threads, m, n)
        }
        None => {
            if modes.len() < 2 {
                return Err(format!("{} has rank {}: draw needs rank 2 (or a TV layout with --tile M,N)", args.object, modes.len()));
            }
            plain_grid(&title, &table, modes[0] as usize)
        }
    }
}

/// `tycute draw`: writes the picture(s); returns the exit status.
pub fn run(args: &DrawArgs) -> i32 {
    if args.svg.is_none() && args.latex.is_none() {
        eprintln!("error: say where to write the picture: --svg FILE and/or --latex FILE");
        return 2;
    }
    let g = match grid(args) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    for (path, text) in [(&args.svg, g.svg()), (&args.latex, g.latex())] {
        let Some(path) = path else { continue };
        let tmp = path.with_extension("tmp-draw");
        if let Err(e) = std::fs::write(&tmp, &text).and_then(|_| std::fs::rename(&tmp, path)) {
            let _ = std::fs::remove_file(&tmp);
            eprintln!("error: cannot write {}: {e}", path.display());
            return 1;
        }
        println!("wrote {} ({}x{} cells)", path.display(), g.rows, g.cols);
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tv_and_plain_grids() {
        // 2 threads x 2 values over a 2x2 tile: (t,v) -> t + 2v
        let g = tv_grid("t", &[0, 1, 2, 3], 2, 2, 2).unwrap();
        assert_eq!(g.cells[0].label, "T0V0");
        assert_eq!(g.cells[1].label, "T0V1"); // offset 2 = (0,1)
        assert_eq!(g.cells[2].label, "T1V0");
        let clash = tv_grid("t", &[0, 0, 2, 3], 2, 2, 2).unwrap();
        assert!(clash.cells[0].clash);
        assert!(tv_grid("t", &[0, 9, 2, 3], 2, 2, 2).unwrap_err().contains("outside the 2x2 tile"));
        let p = plain_grid("p", &[0, 1, 2, 3, 4, 5], 2).unwrap();
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.cells[1].label, "2");
        let svg = p.svg();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(p.latex().contains("\\begin{tikzpicture}"));
    }

    /// The grid comes from the row's value and table: a thread's tensor (a value with run-time
    /// strides) draws as its offsets, a TV layout over its tile.
    #[test]
    fn grids_from_row_values() {
        let args = |object: &str, thread: Option<usize>, tile: Option<&str>| DrawArgs {
            config: "sgemm_sm80".into(),
            object: object.into(),
            tile: tile.map(String::from),
            thread,
            svg: None,
            latex: None,
        };
        let g = grid(&args("tXsA", Some(5), None)).unwrap();
        assert_eq!((g.rows, g.cols), (8, 48));
        assert!(g.title.contains("counting_iter("), "{}", g.title);
        let tv = grid(&args("mmaC.layoutC_TV", None, Some("32,32"))).unwrap();
        assert_eq!(tv.cells[0].label, "T0V0");
        assert!(grid(&args("cta_tiler", None, None)).unwrap_err().contains("no layout named"));
    }
}
