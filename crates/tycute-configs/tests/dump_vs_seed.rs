//! `tycute dump sgemm_sm80` against seed 000 as C++ CuTe computes it (tests/vectors/seeds.txt):
//! every row of the dump whose name the seed also prints (`000.<name>`, thread-independent, and
//! per thread for `thr=t` lines) must have exactly CuTe's value, table rows included.

use std::collections::HashMap;

fn seed_lines() -> Vec<(String, Option<usize>, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/vectors/seeds.txt");
    let text = std::fs::read_to_string(path).expect("tests/vectors/seeds.txt");
    let mut out = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(arrow) = f.iter().position(|x| *x == "=>") else { continue };
        let op = f[1];
        let (table, name) = match op.strip_prefix("table:") {
            Some(rest) => (true, rest),
            None => (false, op),
        };
        let Some(name) = name.strip_prefix("000.") else { continue };
        let thr = f[2..arrow].iter().find_map(|a| a.strip_prefix("thr=")).and_then(|t| t.parse().ok());
        let key = if table { format!("table:{name}") } else { name.to_string() };
        out.push((key, thr, f[arrow + 1..].join("\t")));
    }
    out
}

/// The dump's lines as the seed names them: `NAME -> value text`, `table:NAME -> table`.
fn by_name(rows: Vec<tycute_configs::Row>) -> HashMap<String, String> {
    let mut map = HashMap::new();
    for r in rows {
        if let Some(t) = r.table_text() {
            map.insert(format!("table:{}", r.name), t);
        }
        map.insert(r.name.clone(), r.text());
    }
    map
}

#[test]
fn sgemm_sm80_dump_matches_seed_000() {
    let cfg = tycute_configs::config("sgemm_sm80").expect("sgemm_sm80 config");
    let common: HashMap<String, String> = by_name((cfg.rows)(true));
    let mut per_thread: HashMap<usize, HashMap<String, String>> = HashMap::new();
    let (mut checked, mut mismatches) = (0, Vec::new());
    for (name, thr, want) in seed_lines() {
        let got = match thr {
            None => common.get(&name).cloned(),
            Some(t) => per_thread
                .entry(t)
                .or_insert_with(|| by_name((cfg.thread_rows)(t, true).unwrap_or_default()))
                .get(&name)
                .cloned(),
        };
        let Some(got) = got else { continue };
        checked += 1;
        if got.trim() != want.trim() {
            mismatches.push(format!("000.{name} thr={thr:?}\n  want {want}\n  got  {got}"));
        }
    }
    println!("{checked} rows of the dump checked against seed 000");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(checked >= 40, "only {checked} dump rows matched a seed 000 name");
}

#[test]
fn threads_dump_and_past_the_last_is_refused() {
    for cfg in tycute_configs::CONFIGS.iter() {
        // the first and last threads of each warp, and the whole first warp
        let sample = (0..cfg.num_threads).filter(|t| t % 32 == 0 || t % 32 == 31 || *t < 32);
        for t in sample {
            assert!((cfg.thread_rows)(t, false).is_some(), "{} thread {t}", cfg.name);
        }
        assert!((cfg.thread_rows)(cfg.num_threads, false).is_none());
    }
}
