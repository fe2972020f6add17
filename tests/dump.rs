//! `tycute dump`: the printed configurations against the ground truth of `tests/vectors`.
//!
//! * `sgemm_sm80` against seed 000 (`seeds.txt`, every `000.*` line, tables included, for the
//!   threads the seed prints): every value the dump prints under a seed name must equal CuTe's,
//!   and every seed line must be printed.
//! * `crosswise` against `crosswise.txt`: every `lane_ldsm_address` and `lane_byte_offset`, the
//!   offset table, and the CuTe layout that `cute_equivalent` names.
//! * every configuration dumps every one of its threads without an error.
//! * the dump's TV rows are the tables of the configuration's TiledCopy/TiledMMA values
//!   (`tycute::value::tiled_copy` / `tiled_mma`).

use std::collections::HashMap;
use std::process::Command;

use tycute::configs::RowValue;

fn dump(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tycute")).arg("dump").args(args).output().expect("run tycute");
    assert!(out.status.success(), "tycute dump {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// `name -> value` of a `--tsv` dump; thread rows (after `# thread`) get ` thr=T`.
fn parse(tsv: &str, thread: Option<usize>) -> HashMap<String, String> {
    let mut rows = HashMap::new();
    let mut in_thread = false;
    for line in tsv.lines() {
        if line.starts_with("# thread") {
            in_thread = true;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (k, v) = line.split_once('\t').expect("name<TAB>value");
        let k = match (in_thread, thread) {
            (true, Some(t)) => format!("{k} thr={t}"),
            _ => k.to_string(),
        };
        assert!(rows.insert(k.clone(), v.to_string()).is_none(), "row {k} printed twice");
    }
    rows
}

fn vectors(file: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"))).expect("vector file")
}

/// Seed lines `category op args... => result` as (op, the `thr=`/`tid=` args, result).
fn seed_lines(text: &str, prefix: &str) -> Vec<(String, Vec<String>, String)> {
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let op = f.get(1)?;
            if !(op.starts_with(prefix) || op.starts_with(&format!("table:{prefix}"))) {
                return None;
            }
            let arrow = f.iter().position(|x| *x == "=>")?;
            let keys = f[3..arrow].iter().filter(|a| a.starts_with("thr=") || a.starts_with("tid=")).map(|a| a.to_string()).collect();
            Some((op.to_string(), keys, f[arrow + 1].to_string()))
        })
        .collect()
}

#[test]
fn sgemm_sm80_matches_seed_000() {
    let seeds = seed_lines(&vectors("seeds.txt"), "000.");
    assert!(seeds.len() > 150, "seeds.txt: {} lines of seed 000", seeds.len());
    let mut threads: Vec<usize> = seeds
        .iter()
        .flat_map(|(_, k, _)| k.iter().filter_map(|a| a.strip_prefix("thr=")?.parse().ok()))
        .collect();
    threads.sort();
    threads.dedup();
    assert_eq!(threads, [0, 1, 37, 127]);
    // the dump's rows, named as the seed names them: `000.NAME [tid=..] [thr=..]`
    let mut got: HashMap<String, String> = HashMap::new();
    for &t in &threads {
        for (k, v) in parse(&dump(&["sgemm_sm80", "--thread", &t.to_string(), "--tsv", "--tables"]), Some(t)) {
            let (table, k) = match k.strip_prefix("table:") {
                Some(k) => ("table:", k.to_string()),
                None => ("", k),
            };
            got.insert(format!("{table}000.{k}"), v);
        }
    }
    let (mut matched, mut diffs, mut missing) = (0, Vec::new(), Vec::new());
    for (op, keys, want) in &seeds {
        let key = std::iter::once(op.clone()).chain(keys.iter().cloned()).collect::<Vec<_>>().join(" ");
        match got.get(&key) {
            Some(v) if v == want => matched += 1,
            Some(v) => diffs.push(format!("{key}:\n  CuTe  {want}\n  dump  {v}")),
            None => missing.push(key),
        }
    }
    assert!(diffs.is_empty(), "{} of {} seed values differ:\n{}", diffs.len(), seeds.len(), diffs.join("\n"));
    assert!(missing.is_empty(), "seed values the dump does not print: {missing:?}");
    assert_eq!(matched, seeds.len());
}

#[test]
fn crosswise_matches_vectors() {
    let rows = parse(&dump(&["crosswise", "--tsv", "--tables"]), None);
    let text = vectors("crosswise.txt");
    let (mut addresses, mut offsets) = (0, 0);
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let arrow = f.iter().position(|x| *x == "=>").expect("=>");
        let want = f[arrow + 1];
        match f[1] {
            // lane=L k_group=G ldsm_iter=S => byte=.. elem=.. (m,k)=(..)
            "lane_ldsm_address" => {
                let key = f[3..arrow].join(" ");
                assert_eq!(rows.get(&key).map(String::as_str), Some(want), "{key}");
                addresses += 1;
            }
            // the iterator's byte offset after G increments: the address of ldsm iteration 0
            "lane_byte_offset" => {
                let key = format!("{} ldsm_iter=0", f[3..arrow].join(" "));
                let v = rows.get(&key).unwrap_or_else(|| panic!("{key} not printed"));
                assert!(v.starts_with(&format!("byte={want} ")), "{key}: {v}, iterator byte_offset {want}");
                offsets += 1;
            }
            "offset_table_mk" => assert_eq!(rows["offset_table_mk"], want),
            // the layout the dump uses is the one CuTe found equal to CUTLASS's table
            "cute_equivalent" if want.starts_with("true") => {
                assert_eq!(rows["smem (TensorOpMultiplicandCrosswise<16,32>)"], f[3]);
            }
            _ => {}
        }
    }
    assert_eq!((addresses, offsets), (179, 45));
    // all 32 lanes x 2 k-groups x 4 iterations are printed (the held-out lines included)
    assert_eq!(rows.keys().filter(|k| k.starts_with("lane=")).count(), 256);
}

#[test]
fn every_thread_of_every_configuration() {
    for c in tycute::configs::CONFIGS.iter() {
        for tables in [false, true] {
            for r in (c.rows)(tables) {
                assert!(!matches!(r.value, RowValue::Error(_)), "{}: {}: {}", c.name, r.name, r.text());
                assert_eq!(r.table.is_some() && !tables, false, "{}: {} has a table without --tables", c.name, r.name);
            }
        }
        for t in 0..c.num_threads {
            let rows = (c.thread_rows)(t, true).unwrap_or_else(|| panic!("{} thread {t}", c.name));
            for r in rows {
                assert!(!matches!(r.value, RowValue::Error(_)), "{} thread {t}: {}: {}", c.name, r.name, r.text());
            }
        }
        assert!((c.thread_rows)(c.num_threads, false).is_none());
    }
    // and through the command line: the first and the last thread, and one past the end
    for c in tycute::configs::CONFIGS.iter().filter(|c| c.num_threads > 0) {
        for t in [0, c.num_threads - 1] {
            assert!(dump(&[c.name, "--thread", &t.to_string()]).contains(&format!("# thread {t} of")));
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tycute"))
            .args(["dump", c.name, "--thread", &c.num_threads.to_string()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("out of range"));
    }
}

/// The dump's TV rows are the tables of the configuration's TiledCopy/TiledMMA values
/// (`tycute::value::tiled_copy` / `tiled_mma`, built from the types), and the values print as the
/// types do: the type level, the values and the dump agree.
#[test]
fn dump_rows_are_the_tiled_values() {
    use tycute::configs::sgemm_sm80::{CopyA, MmaC, S2RCopyA};
    use tycute::dynamic::tiled_mma::Operand;
    let rows = parse(&dump(&["sgemm_sm80", "--tsv", "--tables"]), None);
    let join = |t: Vec<i64>| t.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
    let mma = tycute::value::tiled_mma::<MmaC>().unwrap();
    assert_eq!(mma.to_string(), tycute::show::<MmaC>());
    for (op, name) in [(Operand::A, "A"), (Operand::B, "B"), (Operand::C, "C")] {
        let tv = mma.layout_tv(op).unwrap();
        assert_eq!(rows[&format!("mmaC.layout{name}_TV")], tv.to_string());
        assert_eq!(rows[&format!("table:mmaC.layout{name}_TV")], join(tv.table(1 << 20).unwrap()));
    }
    assert_eq!(rows["mmaC.thr_layout_vmnk"], mma.vmnk.to_string());
    for (tc, name) in [(tycute::value::tiled_copy::<CopyA>().unwrap(), "copyA"), (tycute::value::tiled_copy::<S2RCopyA>().unwrap(), "s2r_copy_a")] {
        assert_eq!(rows[&format!("{name}.TiledLayout_TV")], tc.layout_tv.to_string());
        assert_eq!(rows[&format!("{name}.Tiler_MN")], tc.tiler.to_string());
        let s = tc.layout_s_tv().unwrap();
        assert_eq!(rows[&format!("table:{name}.layoutS_TV")], join(s.table(1 << 20).unwrap()));
    }
    assert_eq!(tycute::value::tiled_copy::<CopyA>().unwrap().to_string(), tycute::show::<CopyA>());
}
