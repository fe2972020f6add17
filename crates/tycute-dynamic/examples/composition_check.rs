//! The brute-force check of composition's exact rule (`tycute_dynamic::composition_check`).
//!
//! ```sh
//! cargo run --release -p tycute-dynamic --example composition_check -- enumerate [THREADS [STEP [wide]]]
//! cargo run --release -p tycute-dynamic --example composition_check -- random N [THREADS]
//! cargo run --release -p tycute-dynamic --example composition_check -- cases N [SEED]
//! cargo run --release -p tycute-dynamic --example composition_check -- classify N [SEED]
//! cargo run --release -p tycute-dynamic --example composition_check -- over N [SEED [all]]
//! cargo run --release -p tycute-dynamic --example composition_check -- dump [STEP_A [STEP_B [wide]]]
//! ```
//! `dump [STEP_A [STEP_B [wide]]]` prints the same lines for a sample of the enumeration (every
//! STEP_A-th A against every STEP_B-th B; 41 and 97 are the CI sample).
//! `over` prints every over-rejection of N random pairs, `A  B  rule` (TAB separated); with `all`,
//! every pair the exact rule rejects, `A  B  rule  over|wrong` (the input of a refinement's check:
//! a refined rule accepts a superset, so its wrong accepts are among the `wrong` lines).
//! `classify` sorts the over-rejections of N random pairs into classes (the rule that rejects,
//! whether a stride is negative, whether A has a stride-0 mode, whether B reaches past size(A),
//! whether the domain is at most a quarter of size(B)) and prints the count and the smallest few of each.
//! Prints the tally (pairs, CuTe's own rejections, CuTe's correct and wrong results, tycute's
//! wrong accepts and over-rejections) and the first examples; exits 1 on a wrong accept.

use std::time::Instant;
use tycute_dynamic::composition::composition;
use tycute_dynamic::composition_check::{check_pair, flat, random_pair, run_random, Enumeration, Outcome, Rng, Tally};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = |i: usize| {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    };
    let t0 = Instant::now();
    let total = match args.first().map(String::as_str) {
        Some("enumerate") => {
            let n = threads(1);
            let step: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
            let e = if args.get(3).map(String::as_str) == Some("wide") { Enumeration::wide() } else { Enumeration::default() };
            println!(
                "enumeration: {} A x {} B (threads {n}, every {step}th A): {:?}",
                e.a_layouts().len(),
                e.b_layouts().len(),
                e
            );
            let parts: Vec<Tally> = std::thread::scope(|s| {
                let hs: Vec<_> = (0..n).map(|i| { let e = e.clone(); s.spawn(move || e.run(i, n, step)) }).collect();
                hs.into_iter().map(|h| h.join().expect("worker")).collect()
            });
            let mut t = Tally::default();
            parts.into_iter().for_each(|p| t.merge(p));
            t
        }
        Some("random") => {
            let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
            let n = threads(2);
            let per = count.div_ceil(n as u64);
            let parts: Vec<Tally> = std::thread::scope(|s| {
                let hs: Vec<_> = (0..n)
                    .map(|i| s.spawn(move || run_random(0xc0ffee + i as u64, per.min(count - per * i as u64))))
                    .collect();
                hs.into_iter().map(|h| h.join().expect("worker")).collect()
            });
            let mut t = Tally::default();
            parts.into_iter().for_each(|p| t.merge(p));
            t
        }
        Some("cases") => {
            // for a cross-check of the type level: N random pairs with size(B) <= 64, TAB separated
            // `A  B  result-or-REJECT(rule)`
            let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
            let mut rng = Rng(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1));
            let mut n = 0;
            while n < count {
                let (a, b) = random_pair(&mut rng);
                if b.size().map_or(true, |s| s.value > 64) {
                    continue;
                }
                let verdict = match composition(&a, &b) {
                    Ok(r) => r.to_string(),
                    Err(e) => match e.message.split("(strict rule ").nth(1) {
                        Some(rest) => format!("REJECT strict rule {}", &rest[..1]),
                        None => "REJECT cute".to_string(),
                    },
                };
                println!("{a}\t{b}\t{verdict}");
                n += 1;
            }
            return;
        }
        Some("over") => {
            // every over-rejection of the first N random pairs of the `random` run's first worker
            // (seed 0xc0ffee unless given), TAB separated `A  B  rule`: the input of an analysis
            let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
            let mut rng = Rng(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0xc0ffee));
            let all = args.get(3).map(String::as_str) == Some("all");
            for _ in 0..count {
                let (a, b) = random_pair(&mut rng);
                let o = check_pair(&a, &b);
                let wrong = matches!(o, Outcome::WrongRejected);
                if !(matches!(o, Outcome::OverRejected) || (all && wrong)) {
                    continue;
                }
                let rule = composition(&a, &b)
                    .err()
                    .and_then(|e| e.message.split("(strict rule ").nth(1).map(|r| r[..1].to_string()))
                    .unwrap_or_default();
                if all {
                    println!("{a}\t{b}\t{rule}\t{}", if wrong { "wrong" } else { "over" });
                } else {
                    println!("{a}\t{b}\t{rule}");
                }
            }
            return;
        }
        Some("dump") => {
            // every pair of a sample of the enumeration (every STEP_A-th A, every STEP_B-th B) that
            // the exact rule rejects, `A  B  rule  over|wrong`, as `over N SEED all` prints them
            let step_a: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(41);
            let step_b: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(97);
            let e = if args.get(3).map(String::as_str) == Some("wide") { Enumeration::wide() } else { Enumeration::default() };
            let bs: Vec<_> = e.b_layouts().iter().step_by(step_b.max(1)).map(|m| flat(m)).collect();
            for am in e.a_layouts().iter().step_by(step_a.max(1)) {
                let a = flat(am);
                for b in &bs {
                    let o = check_pair(&a, b);
                    let kind = match o {
                        Outcome::OverRejected => "over",
                        Outcome::WrongRejected => "wrong",
                        _ => continue,
                    };
                    let rule = composition(&a, b)
                        .err()
                        .and_then(|e| e.message.split("(strict rule ").nth(1).map(|r| r[..1].to_string()))
                        .unwrap_or_default();
                    println!("{a}\t{b}\t{rule}\t{kind}");
                }
            }
            return;
        }
        Some("classify") => {
            let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
            let mut rng = Rng(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0xc0ffee));
            let mut classes: std::collections::BTreeMap<String, (u64, Vec<(i64, String)>)> = Default::default();
            for _ in 0..count {
                let (a, b) = random_pair(&mut rng);
                if !matches!(check_pair(&a, &b), Outcome::OverRejected) {
                    continue;
                }
                let rule = composition(&a, &b)
                    .err()
                    .and_then(|e| e.message.split("(strict rule ").nth(1).map(|r| r[..1].to_string()))
                    .unwrap_or_default();
                let (am, bm) = (a.leaf_modes(), b.leaf_modes());
                let neg = am.iter().chain(&bm).any(|(_, d)| d.value < 0);
                let zero = am.iter().any(|(s, d)| d.value == 0 && s.value > 1);
                let sa = a.size().map_or(0, |s| s.value);
                let sb = b.size().map_or(0, |s| s.value);
                let reach: i64 = bm.iter().map(|(s, d)| (s.value - 1) * d.value.max(0)).sum();
                let past = reach >= sa;
                // the domain: the k < size(B) with 0 <= B(k) < size(A)
                let dom = (0..sb).filter(|&k| (0..sa).contains(&b.eval_index(k).unwrap_or(-1))).count();
                let key = format!(
                    "rule {rule}, {}, {}, {}, domain {}",
                    if neg { "negative stride" } else { "non-negative strides" },
                    if zero { "A has a stride-0 mode" } else { "no stride-0 mode in A" },
                    if past { "B reaches past size(A)" } else { "B within size(A)" },
                    if dom * 4 <= sb as usize { "<= 1/4 of size(B)" } else { "> 1/4 of size(B)" }
                );
                let e = classes.entry(key).or_default();
                e.0 += 1;
                e.1.push((sa * sb, format!("composition({a}, {b})")));
                e.1.sort();
                e.1.truncate(4);
            }
            for (k, (n, ex)) in &classes {
                println!("{n:>6}  {k}");
                for (_, e) in ex {
                    println!("          {e}");
                }
            }
            return;
        }
        _ => {
            eprintln!("usage: composition_check enumerate [THREADS [STEP [wide]]] | random N [THREADS] | cases N [SEED] | classify N [SEED] | over N [SEED [all]] | dump [STEP_A [STEP_B [wide]]]");
            std::process::exit(2);
        }
    };
    println!("{total}  ({:.1} s)", t0.elapsed().as_secs_f64());
    for e in &total.examples {
        println!("  {e}");
    }
    std::process::exit(if total.wrong_accepted == 0 { 0 } else { 1 });
}
