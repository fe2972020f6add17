//! `tycute vectors rust` for `seeds.txt` and `crosswise.txt`: their ops name objects of a seed's
//! configuration rather than one algebra call, so they are translated here, before the op table.
//!
//! | lines | type-level program |
//! |---|---|
//! | `000.NAME sgemm_sm80_tn(m=128,n=128,k=64) [thr=t]` | `tycute::configs::row("sgemm_sm80", NAME, t, table)`: the row of the sgemm_sm80 TN configuration's dump, printed from its types |
//! | `001.NAME ATOM,AxBxC,Tile<..>[,copy_V=N]` and `001.make_tiled_copy_C_atom.X Copy_Atom<..>(NumValSrc=N),ATOM,AxBxC,Tile<..>` | the steps of `make_tiled_copy_C_atom` as types (`CAtomLayoutTV`, `CAtomTilerM`, `CAtomTile2Mma`, ...) |
//! | `002.NAME make_tiled_copy(ATOM,THR,VAL)[,V=N] [FRAGMENT]`, `002.upcast<N> L` | the steps of `retile` as types (`TiledLayoutTVInverse`, `FrgLayoutMN`, `FrgLayoutV`, `Retile`) |
//! | crosswise `offset_table_mk`, `lane_ldsm_address` | rows of the `crosswise` configuration (`Sw<2,3,3> o (_64,_32):(_32,_1)` as a type) |
//! | crosswise `cute_equivalent NAME L` | the index table of the type `L` compared with CUTLASS 2.x's offsets |
//! | crosswise `constants`, `rowmajor_wrapper_agrees` | facts about CUTLASS 2.x's layout itself: its reference model (`tycute::dynamic::crosswise::reference`) |
//!
//! Anything else in these categories is refused with a message naming what is supported.

use super::table::{Arg, Form};
use super::translate::{emit_arg, mma_atom, split_top, translate as translate_op};
use tycute_names as names;

/// The sgemm_sm80 TN label of seed 000's lines.
const SGEMM_LABEL: &str = "sgemm_sm80_tn(m=128,n=128,k=64)";
/// Seed 003's configuration label.
const CROSSWISE_LABEL: &str = "TensorOpMultiplicandCrosswise<16,32>,ldm=32,tile(M=64,K=32)";
/// Seed 003's iterator label.
const CROSSWISE_ITERATOR: &str =
    "MmaTensorOpMultiplicandTileIterator<MatrixShape<64,32>,kA,half_t,RowMajorTensorOpMultiplicandCrosswise<16,32>,MatrixShape<16,16>,1,32,1>";

/// The translation of a seeds/crosswise line (`None`: an op of another category).
pub(super) fn translate(category: &str, op: &str, args: &[&str], table: bool) -> Option<Result<(String, Form), String>> {
    match category {
        "seeds" => {
            let r = if let Some(name) = op.strip_prefix("000.") {
                seed000(name, args, table)
            } else if let Some(name) = op.strip_prefix("001.") {
                seed001(name, args)
            } else if let Some(name) = op.strip_prefix("002.") {
                seed002(name, args)
            } else {
                Err(format!("op {op} is not a seed op (000.*, 001.*, 002.*)"))
            };
            Some(r)
        }
        "crosswise" => Some(crosswise(op, args, table)),
        _ => None,
    }
}

fn ty(expr: String) -> Result<(String, Form), String> {
    Ok((expr, Form::Type("")))
}

fn row(config: &str, name: &str, thread: Option<usize>, table: bool) -> Result<(String, Form), String> {
    let thread = match thread {
        Some(t) => format!("Some({t})"),
        None => "None".to_string(),
    };
    Ok((
        format!("tycute::configs::row({config:?}, {name:?}, {thread}, {table}).unwrap_or_else(|e| format!(\"ERROR\\t{{e}}\"))"),
        Form::Row(""),
    ))
}

/// `thr=N` among the arguments after the label.
fn thread_arg(args: &[&str]) -> Result<Option<usize>, String> {
    let mut t = None;
    for a in args {
        match a.strip_prefix("thr=").map(str::parse::<usize>) {
            Some(Ok(n)) => t = Some(n),
            _ => return Err(format!("`{a}` is not a thread index `thr=N`")),
        }
    }
    Ok(t)
}

fn seed000(name: &str, args: &[&str], table: bool) -> Result<(String, Form), String> {
    let (label, rest) = args.split_first().ok_or("000: missing the configuration label")?;
    if *label != SGEMM_LABEL {
        return Err(format!("000: the type-level configuration is {SGEMM_LABEL}, not `{label}`"));
    }
    // `thrfrg_X REF`: the configuration's TiledMMA applied to the reference layout, as a type
    if let [reference] = rest {
        if !reference.contains('=') {
            let r = emit_arg(Arg::Val, reference)?;
            let cfg = "tycute::configs::sgemm_sm80";
            return match name {
                "thrfrg_A" | "thrfrg_B" | "thrfrg_C" => {
                    let x = &name[name.len() - 1..];
                    ty(format!("tycute::tiled::Thrfrg{x}<{cfg}::MmaC, {r}>"))
                }
                "thrfrg_C.step1.logical_divide(perm)" => ty(format!("{cfg}::ThrfrgCStep1Of<{r}>")),
                "thrfrg_C.step2.zipped_divide(atom)" => ty(format!("{cfg}::ThrfrgCStep2Of<{r}>")),
                "thrfrg_C.step3.compose(LayoutC_TV,_)" => ty(format!("{cfg}::ThrfrgCStep3Of<{r}>")),
                "thrfrg_C.step4.zipped_divide(thr)" => ty(format!("{cfg}::ThrfrgCStep4Of<{r}>")),
                _ => Err(format!("op 000.{name} takes no layout argument")),
            };
        }
    }
    // `ldmatrix.src2ref_samples tid=N` is one row per sample thread
    if let [tid] = rest {
        if let Some(n) = tid.strip_prefix("tid=").filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            return row("sgemm_sm80", &format!("{name} tid={n}"), None, table);
        }
    }
    row("sgemm_sm80", name, thread_arg(rest)?, table)
}

/// `Tile<_16,_8,_16>` → `(_16,_8,_16)`.
fn tile(x: &str) -> Result<String, String> {
    let inner = x.strip_prefix("Tile<").and_then(|r| r.strip_suffix('>')).ok_or_else(|| format!("`{x}` is not `Tile<...>`"))?;
    emit_arg(Arg::Val, &format!("({inner})"))
}

/// `1x1x1` → `make_layout((_1,_1,_1))`.
fn atom_layout(x: &str) -> Result<String, String> {
    let dims: Vec<&str> = x.split('x').collect();
    if dims.iter().any(|d| d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit())) {
        return Err(format!("`{x}` is not an atom layout `AxBxC`"));
    }
    let shape: Vec<String> = dims.iter().map(|d| format!("_{d}")).collect();
    Ok(format!("tycute::MakeLayoutLeft<{}>", emit_arg(Arg::Val, &format!("({})", shape.join(",")))?))
}

/// `[Copy_Atom<..>(NumValSrc=N),]ATOM,AxBxC,Tile<..>[,copy_V=N]` → (TiledMMA, copy atom).
fn label001(label: &str) -> Result<(String, Option<String>), String> {
    let parts = split_top(label, ',')?;
    let mut it = parts.iter().copied().peekable();
    let mut copy = None;
    if let Some(first) = it.peek().copied() {
        if first.starts_with("Copy_Atom<") {
            // `Copy_Atom<UniversalCopy<uint16_t>,half_t>(NumValSrc=1)`: the count is a comment
            let name = match first.rfind(">(") {
                Some(i) => &first[..=i],
                None => first,
            };
            copy = Some(names::rust_type(name)?);
            it.next();
        }
    }
    let atom = mma_atom(it.next().ok_or("001: missing the MMA atom")?)?;
    let (mut layout, mut perm) = (None, None);
    for x in it {
        if let Some(v) = x.strip_prefix("copy_V=") {
            // copy_V halves per copy: UniversalCopy of a 16*copy_V-bit word
            let bits = match v {
                "1" => 16,
                "2" => 32,
                "4" => 64,
                "8" => 128,
                _ => return Err(format!("001: copy_V={v} is not 1, 2, 4 or 8 halves")),
            };
            copy = Some(names::rust_type(&format!("Copy_Atom<UniversalCopy<uint{bits}_t>,half_t>"))?);
        } else if x.starts_with("Tile<") {
            perm = Some(tile(x)?);
        } else {
            layout = Some(atom_layout(x)?);
        }
    }
    let layout = layout.ok_or("001: missing the atom layout `AxBxC`")?;
    let tm = match perm {
        Some(p) => format!("tycute::tiled::MakeTiledMma<{atom}, {layout}, {p}>"),
        None => format!("tycute::tiled::MakeTiledMma<{atom}, {layout}>"),
    };
    Ok((tm, copy))
}

fn seed001(name: &str, args: &[&str]) -> Result<(String, Form), String> {
    let [label] = args else { return Err(format!("001.{name}: expected the configuration label")) };
    let (tm, copy) = label001(label)?;
    let c = || copy.clone().ok_or_else(|| format!("001.{name}: needs a copy atom (copy_V=N or Copy_Atom<..>)"));
    let cp = "tycute::tiled::copy";
    match name {
        "layoutC_TV" => ty(format!("tycute::tiled::GetLayoutC_TV<{tm}>")),
        "mma_tiler" => ty(format!("{cp}::MmaTilerMN<{tm}>")),
        "layout_TV" => ty(format!("{cp}::CAtomLayoutTV<{}, {tm}>", c()?)),
        "tiler_m" => ty(format!("{cp}::CAtomTilerM<{}, {tm}>", c()?)),
        "tiler_n" => ty(format!("{cp}::CAtomTilerN<{}, {tm}>", c()?)),
        "tiler" => ty(format!("{cp}::CAtomTiler<{}, {tm}>", c()?)),
        "tile2mma" => ty(format!("{cp}::CAtomTile2Mma<{}, {tm}>", c()?)),
        "left_inverse(tile2mma)" => ty(format!("tycute::LeftInverse<{cp}::CAtomTile2Mma<{}, {tm}>>", c()?)),
        "layout_tv" => ty(format!("{cp}::CAtomTV<{}, {tm}>", c()?)),
        "make_tiled_copy_C_atom.TiledLayout_TV" => ty(format!("{cp}::TiledLayout_TV<{cp}::MakeTiledCopyC_Atom<{}, {tm}>>", c()?)),
        "make_tiled_copy_C_atom.Tiler_MN" => ty(format!("{cp}::Tiler_MN<{cp}::MakeTiledCopyC_Atom<{}, {tm}>>", c()?)),
        _ => Err(format!("op 001.{name} is not supported at the type level (unknown step of make_tiled_copy_C_atom)")),
    }
}

fn seed002(name: &str, args: &[&str]) -> Result<(String, Form), String> {
    if let Some(n) = name.strip_prefix("upcast<").and_then(|r| r.strip_suffix('>')) {
        // `002.upcast<N> L` is the algebra's `upcast N L`
        let mut a = vec![n];
        a.extend_from_slice(args);
        return translate_op("upcast", &a);
    }
    let (label, rest) = args.split_first().ok_or_else(|| format!("002.{name}: missing the configuration label"))?;
    let parts = split_top(label, ',')?;
    let tc = emit_arg(Arg::TiledCopy, parts[0])?;
    let mut v = None;
    for x in &parts[1..] {
        match x.strip_prefix("V=") {
            Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => v = Some(emit_arg(Arg::Val, &format!("_{n}"))?),
            _ => return Err(format!("002: `{x}` is not `V=N`")),
        }
    }
    let v = || v.clone().ok_or_else(|| format!("002.{name}: needs V=N"));
    let cp = "tycute::tiled::copy";
    let want = |n: usize| {
        if rest.len() == n {
            Ok(())
        } else {
            Err(format!("002.{name}: expected {n} argument(s) after the label"))
        }
    };
    match name {
        "TiledLayout_TV" => want(0).and_then(|_| ty(format!("{cp}::TiledLayout_TV<{tc}>"))),
        "Tiler_MN" => want(0).and_then(|_| ty(format!("{cp}::Tiler_MN<{tc}>"))),
        "right_inverse(TiledLayout_TV).with_shape(Tiler_MN)" => want(0).and_then(|_| ty(format!("{cp}::TiledLayoutTVInverse<{tc}>"))),
        "frg_layout_mn" => want(0).and_then(|_| ty(format!("{cp}::FrgLayoutMN<{tc}, {}>", v()?))),
        "right_inverse(frg_layout_mn)" => want(0).and_then(|_| ty(format!("tycute::RightInverse<{cp}::FrgLayoutMN<{tc}, {}>>", v()?))),
        "logical_product(V,right_inverse(frg_layout_mn))" => want(0).and_then(|_| {
            let v = v()?;
            ty(format!("tycute::LogicalProduct<tycute::MakeLayoutLeft<{v}>, tycute::RightInverse<{cp}::FrgLayoutMN<{tc}, {v}>>>"))
        }),
        "frg_layout_v" => want(0).and_then(|_| ty(format!("{cp}::FrgLayoutV<{tc}, {}>", v()?))),
        "retile" => want(1).and_then(|_| ty(format!("{cp}::Retile<{tc}, {}>", emit_arg(Arg::Val, rest[0])?))),
        _ => Err(format!("op 002.{name} is not supported at the type level (unknown step of retile)")),
    }
}

fn crosswise(op: &str, args: &[&str], table: bool) -> Result<(String, Form), String> {
    let label = args.first().copied().unwrap_or("");
    match op {
        "offset_table_mk" | "constants" | "rowmajor_wrapper_agrees" => {
            if args.len() != 1 || label != CROSSWISE_LABEL {
                return Err(format!("crosswise {op}: the configuration is {CROSSWISE_LABEL}"));
            }
            if op == "offset_table_mk" {
                // CUTLASS's offsets in (m,k) order, from the type-level layout
                return row("crosswise", "offset_table_mk", None, table);
            }
            Ok((
                format!("tycute::dynamic::crosswise::reference({op:?}, {label:?}).unwrap_or_else(|e| format!(\"ERROR\\t{{e}}\"))"),
                Form::Row(""),
            ))
        }
        "cute_equivalent" => {
            let [_, layout] = args else { return Err("crosswise cute_equivalent: expected NAME LAYOUT".into()) };
            let l = emit_arg(Arg::Val, layout)?;
            Ok((format!("tycute::dynamic::crosswise::cute_equivalent_of_table(&tycute::table::<{l}>())"), Form::Row("")))
        }
        "lane_ldsm_address" => {
            if args.len() != 4 || label != CROSSWISE_ITERATOR {
                return Err(format!("crosswise lane_ldsm_address: expected `{CROSSWISE_ITERATOR} lane=L k_group=G ldsm_iter=S`"));
            }
            row("crosswise", &args[1..].join(" "), None, table)
        }
        _ => Err(format!(
            "crosswise {op} is not supported at the type level (supported: offset_table_mk, constants, rowmajor_wrapper_agrees, cute_equivalent, lane_ldsm_address)"
        )),
    }
}
