//! The op index of `atoms.txt`, `tiled_mma.txt`, `tiled_copy.txt`, `crosswise.txt`, `seeds.txt`
//! and the atom/TiledMMA/TiledCopy cases of `rejects.txt`: textual arguments → objects → ops.
//!
//! Argument forms (see `tests/vectors/README.md`):
//! * an MMA atom name (`SM80_16x8x16_F16F16F16F16_TN`, `MMA_Atom<...>`), a copy atom
//!   (`Copy_Atom<Op,T>`);
//! * a TiledMMA as three fields `atom atom_layout permutation` (`(_2,_2):(_1,_2)`,
//!   `(_,_,_)`), or one comma-joined label `atom,(_2,_2,_1),(_32,_32,_16)` where a shape means
//!   `make_layout(shape)`;
//! * a TiledCopy as `copy_atom thr val`, `copy_atom <tiledmma>`, `r2s_atom c_atom <tiledmma>` or
//!   the label `make_tiled_copy(atom,thr,val)`;
//! * `thr=t` (also `tid=t`) for a thread index.

use crate::atom::copy::{copy_atom, copy_atom_of, CopyAtom};
use crate::atom::mma::mma_atom;
use crate::atom::split_top;
use crate::error::{ensure, Error, Result};
use crate::int_tuple::IntTuple;
use crate::inverse::right_inverse;
use crate::layout::Layout;
use crate::ops::Output;
use crate::parse::{parse_value, parse_value_lenient};
use crate::tensor::Tensor;
use crate::tiled_copy::{
    make_tiled_copy, make_tiled_copy_c_atom, make_tiled_copy_mma, make_tiled_copy_sd, TiledCopy,
};
use crate::tiled_mma::{make_tiled_mma, tiled_mma_raw, Operand, TiledMma};
use crate::value::{AnyLayout, Tiler, Value};

/// Parser for textual arguments.
#[derive(Clone, Copy)]
pub(crate) struct Args {
    pub lenient: bool,
}

impl Args {
    pub fn value(&self, s: &str) -> Result<Value> {
        if self.lenient {
            parse_value_lenient(s)
        } else {
            parse_value(s)
        }
    }
    pub fn any(&self, s: &str) -> Result<AnyLayout> {
        self.value(s)?.to_any_layout()
    }
    /// A layout, or a shape meaning `make_layout(shape)`.
    pub fn layout_or_shape(&self, s: &str) -> Result<Layout> {
        match self.value(s)? {
            Value::Layout(l) => Ok(l),
            Value::IntTuple(t) => Layout::left(&t),
            other => Err(Error::parse(format!(
                "expected a layout or a shape, got {other}"
            ))),
        }
    }
    pub fn tuple(&self, s: &str) -> Result<IntTuple> {
        self.value(s)?.to_int_tuple()
    }
    pub fn tiler(&self, s: &str) -> Result<Tiler> {
        let s = s.trim();
        // `Tile<_32,_32,_16>`
        if let Some(inner) = s.strip_prefix("Tile<").and_then(|r| r.strip_suffix('>')) {
            return self.tiler(&format!("({inner})"));
        }
        self.value(s)?.to_tiler()
    }
    pub fn tensor(&self, s: &str) -> Result<Tensor> {
        match self.value(s)? {
            Value::Tensor { base, layout } => Ok(Tensor {
                base: base.value,
                layout,
            }),
            v => Ok(Tensor::new(v.to_any_layout()?)),
        }
    }
}

/// `thr=37`, `tid=0`, `lane=3` → the number.
pub(crate) fn keyed(s: &str, keys: &[&str]) -> Option<i64> {
    let (k, v) = s.trim().split_once('=')?;
    if !keys.contains(&k.trim()) {
        return None;
    }
    v.trim().parse().ok()
}

fn thr_arg(args: &[&str]) -> Result<(Vec<String>, Option<i64>)> {
    let mut rest = Vec::new();
    let mut thr = None;
    for a in args {
        if let Some(t) = keyed(a, &["thr", "tid", "thr_idx"]) {
            thr = Some(t);
        } else {
            rest.push(a.to_string());
        }
    }
    Ok((rest, thr))
}

fn need_thr(t: Option<i64>, op: &str) -> Result<i64> {
    t.ok_or_else(|| Error::parse(format!("{op}: needs a thread index thr=t")))
}

fn need_n(args: &[String], n: usize, op: &str) -> Result<()> {
    if args.len() != n {
        return Err(Error::parse(format!(
            "{op}: expected {n} more argument(s), got {}",
            args.len()
        )));
    }
    Ok(())
}

fn plain(l: Layout) -> Output {
    Output::Layout(AnyLayout::Plain(l))
}

fn text(x: impl std::fmt::Display) -> Output {
    Output::Text(x.to_string())
}

fn looks_like_mma_atom(s: &str) -> bool {
    let s = s.trim();
    s.starts_with("SM70_")
        || s.starts_with("SM75_")
        || s.starts_with("SM80_")
        || s.starts_with("SM90_")
        || s.starts_with("UniversalFMA")
        || s.starts_with("MMA_Atom<")
        || s.starts_with("SM90::GMMA::")
}

/// A TiledMMA from `args[0..]`: either a comma label in `args[0]` (one argument) or
/// `atom layout perm` (three arguments). Returns the TiledMMA and the number of arguments used.
pub(crate) fn parse_mma(p: &Args, args: &[&str]) -> Result<(TiledMma, usize)> {
    let first = args
        .first()
        .ok_or_else(|| Error::parse("expected a TiledMMA (atom, atom layout, permutation)"))?;
    let parts = split_top(first);
    if parts.len() > 1 {
        let atom = mma_atom(&parts[0])?;
        let layout = match parts.get(1) {
            Some(s) => p.layout_or_shape(s)?,
            None => Layout::left(&IntTuple::Tuple(vec![IntTuple::st(1); 3]))?,
        };
        let perm = match parts.get(2) {
            Some(s) => p.tiler(s)?,
            None => Tiler::Underscore,
        };
        return Ok((make_tiled_mma(atom, &layout, &perm)?, 1));
    }
    ensure_parse(args.len() >= 3, "expected atom, atom layout, permutation")?;
    let atom = mma_atom(args[0])?;
    let layout = p.layout_or_shape(args[1])?;
    let perm = p.tiler(args[2])?;
    Ok((make_tiled_mma(atom, &layout, &perm)?, 3))
}

fn ensure_parse(c: bool, msg: &str) -> Result<()> {
    if c {
        Ok(())
    } else {
        Err(Error::parse(msg.to_string()))
    }
}

/// The ops of `tiled_mma.txt` (and the MMA-only ops of `tiled_copy.txt`).
fn eval_mma_op(p: &Args, op: &str, args: &[&str]) -> Result<Output> {
    // tiled_copy.txt's partition_fragment_A/B.layout carry the copy atom first
    let args: Vec<&str> = if args
        .first()
        .is_some_and(|a| a.trim().starts_with("Copy_Atom<"))
    {
        args[1..].to_vec()
    } else {
        args.to_vec()
    };
    let (mma, used) = parse_mma(p, &args)?;
    let (rest, thr) = thr_arg(&args[used..])?;
    let operand = |c: char| match c {
        'A' => Operand::A,
        'B' => Operand::B,
        _ => Operand::C,
    };
    if let Some(i) = op
        .strip_prefix("tile_size<")
        .and_then(|r| r.strip_suffix('>'))
        .and_then(|i| i.parse::<usize>().ok())
    {
        ensure!(i < 3, "tile_size<{i}>: index out of range");
        return Ok(text(mma.tile_size(i)?));
    }
    if let Some(i) = op
        .strip_prefix("permutation_mnk<")
        .and_then(|r| r.strip_suffix('>'))
        .and_then(|i| i.parse::<usize>().ok())
    {
        ensure!(i < 3, "permutation_mnk<{i}>: index out of range");
        return Ok(match mma.permutation_mnk(i)? {
            Tiler::Layout(l) => plain(l),
            t => text(t),
        });
    }
    match op {
        "thr_layout_vmnk" => Ok(plain(mma.vmnk.clone())),
        "size" => Ok(text(mma.size()?)),
        "tile_shape" => Ok(text(IntTuple::Tuple(vec![
            IntTuple::Int(mma.tile_size(0)?),
            IntTuple::Int(mma.tile_size(1)?),
            IntTuple::Int(mma.tile_size(2)?),
        ]))),
        "get_layoutA_TV" | "get_layoutB_TV" | "get_layoutC_TV" => {
            Ok(plain(mma.layout_tv(operand(op.as_bytes()[10] as char))?))
        }
        "thrfrg_A" | "thrfrg_B" | "thrfrg_C" => {
            need_n(&rest, 1, op)?;
            let t = p.any(&rest[0])?;
            Ok(Output::Layout(
                mma.thrfrg_any(operand(op.as_bytes()[7] as char), &t)?,
            ))
        }
        "partition_A" | "partition_B" | "partition_C" => {
            need_n(&rest, 1, op)?;
            let t = p.tensor(&rest[0])?;
            let x = operand(op.as_bytes()[10] as char);
            Ok(Output::Tensor(mma.partition(x, &t, need_thr(thr, op)?)?))
        }
        "exact_partition_A" | "exact_partition_B" | "exact_partition_C" => {
            need_n(&rest, 1, op)?;
            let t = p.tensor(&rest[0])?;
            let x = operand(op.as_bytes()[16] as char);
            let (i, j) = match x {
                Operand::A => (0, 2),
                Operand::B => (1, 2),
                Operand::C => (0, 1),
            };
            let shape = t.inner()?.shape.clone();
            for (k, ti) in [i, j].into_iter().enumerate() {
                let (m, e) = (shape.get(k)?.product()?, mma.tile_size(ti)?);
                ensure!(
                    !m.is_static || !e.is_static || m.value % e.value == 0,
                    "partition_A/B/C (exact tiles): the TiledMMA's tile does not divide the tensor (shape<i>(tensor) % tile_size<i>(mma) != 0 in some mode): the last tile would reach past the tensor: mode {k} of the tensor has size {m}, the tile {e}"
                );
            }
            Ok(Output::Tensor(mma.partition(x, &t, need_thr(thr, op)?)?))
        }
        "partition_shape_A"
        | "partition_shape_B"
        | "partition_shape_C"
        | "partition_fragment_C.shape" => {
            need_n(&rest, 1, op)?;
            let s = p.tuple(&rest[0])?;
            let x = if op.starts_with("partition_fragment_C") {
                Operand::C
            } else {
                operand(op.as_bytes()[16] as char)
            };
            let shape = mma.partition_shape(x, &s)?;
            if op.starts_with("partition_fragment_C") {
                Ok(text(Layout::left(&shape)?.shape))
            } else {
                Ok(text(shape))
            }
        }
        "partition_fragment_A.layout"
        | "partition_fragment_B.layout"
        | "partition_fragment_C.layout"
        | "partition_fragment_A"
        | "partition_fragment_B"
        | "partition_fragment_C" => {
            need_n(&rest, 1, op)?;
            let x = operand(op.as_bytes()[19] as char);
            match thr {
                Some(t) => {
                    let part = mma.partition(x, &p.tensor(&rest[0])?, t)?;
                    Ok(Output::Layout(mma.make_fragment(x, &part)?))
                }
                None => {
                    // partition_fragment_C(mma, shape): make_layout(partition_shape_C)
                    let s = p.tuple(&rest[0])?;
                    Ok(plain(Layout::left(&mma.partition_shape(x, &s)?)?))
                }
            }
        }
        "make_fragment_A" | "make_fragment_B" | "make_fragment_C" => {
            need_n(&rest, 1, op)?;
            let x = operand(op.as_bytes()[14] as char);
            let t = p.tensor(&rest[0])?;
            Ok(Output::Layout(mma.make_fragment(x, &t)?))
        }
        "make_tiled_mma" | "TiledMMA" => Ok(text(format!(
            "TiledMMA ThrLayoutVMNK={} PermutationMNK=({},{},{})",
            mma.vmnk, mma.perm[0], mma.perm[1], mma.perm[2]
        ))),
        _ => Err(Error::unsupported(format!("unknown op {op}"))),
    }
}

/// A TiledCopy from its arguments; returns it and the number of arguments used.
pub(crate) fn parse_tiled_copy(p: &Args, kind: &str, args: &[&str]) -> Result<(TiledCopy, usize)> {
    let first = args
        .first()
        .ok_or_else(|| Error::parse(format!("{kind}: missing arguments")))?;
    // label form `make_tiled_copy...(args)`
    if let Some(open) = first.find('(') {
        let name = first[..open].trim();
        if name.starts_with("make_tiled_copy") && first.trim_end().ends_with(')') {
            let inner = &first.trim_end()[open + 1..first.trim_end().len() - 1];
            let parts = split_top(inner);
            let refs: Vec<&str> = parts.iter().map(|s| s.as_str()).collect();
            let (tc, _) = parse_tiled_copy(p, name, &refs)?;
            return Ok((tc, 1));
        }
    }
    match kind {
        "make_tiled_copy" => {
            ensure_parse(
                args.len() >= 2,
                "make_tiled_copy: expected atom, thr [, val]",
            )?;
            let atom = copy_atom(args[0])?;
            let thr = p.layout_or_shape(args[1])?;
            // the value layout defaults to Layout<_1>
            let (val, used) = match args.get(2) {
                Some(v) if !v.contains('=') => (p.layout_or_shape(v)?, 3),
                _ => (Layout::left(&IntTuple::st(1))?, 2),
            };
            Ok((make_tiled_copy(atom, &thr, &val)?, used))
        }
        "make_tiled_copy_A"
        | "make_tiled_copy_B"
        | "make_tiled_copy_C"
        | "make_tiled_copy_C_atom" => {
            let atom = copy_atom(args[0])?;
            let (mma, used) = parse_mma(p, &args[1..])?;
            let tc = match kind {
                "make_tiled_copy_A" => make_tiled_copy_mma(atom, &mma, Operand::A)?,
                "make_tiled_copy_B" => make_tiled_copy_mma(atom, &mma, Operand::B)?,
                "make_tiled_copy_C" => make_tiled_copy_mma(atom, &mma, Operand::C)?,
                _ => make_tiled_copy_c_atom(atom, &mma)?,
            };
            Ok((tc, 1 + used))
        }
        "make_tiled_copy_S" | "make_tiled_copy_D" => {
            ensure_parse(
                args.len() >= 2,
                "make_tiled_copy_S/D: expected two atoms and a TiledMMA",
            )?;
            let atom = copy_atom(args[0])?;
            // the second object: a TiledCopy label or a copy atom over make_tiled_copy_C_atom
            let (inner, used) = if args[1].trim().starts_with("make_tiled_copy") {
                parse_tiled_copy(p, "make_tiled_copy", &args[1..])?
            } else {
                let c_atom = copy_atom(args[1])?;
                let (mma, u) = parse_mma(p, &args[2..])?;
                (make_tiled_copy_c_atom(c_atom, &mma)?, 1 + u)
            };
            Ok((
                make_tiled_copy_sd(atom, &inner, kind.ends_with('S'))?,
                1 + used,
            ))
        }
        _ => Err(Error::unsupported(format!(
            "unknown TiledCopy constructor {kind}"
        ))),
    }
}

fn tiled_copy_member(p: &Args, tc: &TiledCopy, member: &str, args: &[&str]) -> Result<Output> {
    let (rest, thr) = thr_arg(args)?;
    match member {
        "TiledLayout_TV" => Ok(plain(tc.layout_tv.clone())),
        "Tiler_MN" => Ok(text(&tc.tiler)),
        "layoutS_TV" | "get_layoutS_TV" => Ok(plain(tc.layout_s_tv()?)),
        "layoutD_TV" | "get_layoutD_TV" => Ok(plain(tc.layout_d_tv()?)),
        "tidfrg_S" | "tidfrg_D" => {
            need_n(&rest, 1, member)?;
            Ok(Output::Layout(
                tc.tidfrg(&p.any(&rest[0])?, member.ends_with('S'))?,
            ))
        }
        "partition_S" | "partition_D" => {
            need_n(&rest, 1, member)?;
            let t = p.tensor(&rest[0])?;
            Ok(Output::Tensor(tc.partition(
                &t,
                need_thr(thr, member)?,
                member.ends_with('S'),
            )?))
        }
        "exact_partition_S" | "exact_partition_D" => {
            need_n(&rest, 1, member)?;
            let t = p.tensor(&rest[0])?;
            Ok(Output::Tensor(tc.exact_partition(
                &t,
                need_thr(thr, member)?,
                member.ends_with('S'),
            )?))
        }
        "retile_S" | "retile_D" | "retile" => {
            need_n(&rest, 1, member)?;
            let t = p.tensor(&rest[0])?;
            let l = t.inner()?;
            let r = tc.retile(l)?;
            Ok(match t.layout {
                AnyLayout::Plain(_) => plain(r),
                AnyLayout::Composed(_) => Output::Layout(t.map(|_| Ok(r))?.layout),
            })
        }
        "size" => Ok(text(tc.num_thr()?)),
        "" => Ok(text(format!(
            "TiledCopy Tiler_MN={} TiledLayout_TV={}",
            tc.tiler, tc.layout_tv
        ))),
        _ => Err(Error::unsupported(format!(
            "unknown TiledCopy member {member}"
        ))),
    }
}

fn eval_copy_atom_op(member: &str, args: &[&str]) -> Result<Output> {
    ensure_parse(!args.is_empty(), "expected a Copy_Atom<Op,T>")?;
    let a = if args.len() == 2 {
        copy_atom_of(args[0], args[1])?
    } else {
        copy_atom(args[0])?
    };
    copy_atom_member(&a, member)
}

pub(crate) fn copy_atom_member(a: &CopyAtom, member: &str) -> Result<Output> {
    Ok(match member {
        "ThrID" => plain(a.thr_id.clone()),
        "SrcLayout_bits" => plain(a.src_bits.clone()),
        "DstLayout_bits" => plain(a.dst_bits.clone()),
        "RefLayout_bits" => plain(a.ref_bits.clone()),
        "ValLayoutSrc" => plain(a.val_src()?),
        "ValLayoutDst" => plain(a.val_dst()?),
        "ValLayoutRef" => plain(a.val_ref()?),
        "NumValSrc" => text(a.num_val_src()?),
        "NumValDst" => text(a.num_val_dst()?),
        "right_inverse(ValLayoutRef)" => plain(right_inverse(&a.val_ref()?)?),
        "src2ref" => plain(a.src2ref()?),
        "dst2ref" => plain(a.dst2ref()?),
        "" => text(format!(
            "Copy_Atom ThrID={} ValLayoutSrc={} ValLayoutDst={} ValLayoutRef={}",
            a.thr_id,
            a.val_src()?,
            a.val_dst()?,
            a.val_ref()?
        )),
        _ => {
            return Err(Error::unsupported(format!(
                "unknown Copy_Atom member {member}"
            )))
        }
    })
}

fn eval_mma_atom_op(member: &str, args: &[&str]) -> Result<Output> {
    ensure_parse(args.len() == 1, "expected one MMA atom")?;
    let a = mma_atom(args[0])?;
    Ok(match member {
        "Shape_MNK" => text(&a.shape_mnk),
        "ThrID" => plain(a.thr_id.clone()),
        "LayoutA_TV" => plain(a.layout_a.clone()),
        "LayoutB_TV" => plain(a.layout_b.clone()),
        "LayoutC_TV" => plain(a.layout_c.clone()),
        "ValTypes" => Output::Text(a.val_types_text()),
        "" => text(format!(
            "MMA_Atom ThrID={} Shape_MNK={} LayoutA_TV={} LayoutB_TV={} LayoutC_TV={}",
            a.thr_id, a.shape_mnk, a.layout_a, a.layout_b, a.layout_c
        )),
        _ => {
            return Err(Error::unsupported(format!(
                "unknown MMA_Atom member {member}"
            )))
        }
    })
}

const MMA_OPS: &[&str] = &[
    "thr_layout_vmnk",
    "get_layoutA_TV",
    "get_layoutB_TV",
    "get_layoutC_TV",
    "thrfrg_A",
    "thrfrg_B",
    "thrfrg_C",
    "partition_A",
    "partition_B",
    "partition_C",
    "exact_partition_A",
    "exact_partition_B",
    "exact_partition_C",
    "partition_shape_A",
    "partition_shape_B",
    "partition_shape_C",
    "partition_fragment_C.shape",
    "partition_fragment_A.layout",
    "partition_fragment_B.layout",
    "partition_fragment_C.layout",
    "partition_fragment_A",
    "partition_fragment_B",
    "partition_fragment_C",
    "make_fragment_A",
    "make_fragment_B",
    "make_fragment_C",
    "make_tiled_mma",
    "TiledMMA",
    "tile_shape",
];

const COPY_KINDS: &[&str] = &[
    "make_tiled_copy_C_atom",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "make_tiled_copy_S",
    "make_tiled_copy_D",
    "make_tiled_copy",
];

const COPY_MEMBERS: &[&str] = &[
    "tidfrg_S",
    "tidfrg_D",
    "partition_S",
    "partition_D",
    "exact_partition_S",
    "exact_partition_D",
    "retile_S",
    "retile_D",
    "retile",
    "get_layoutS_TV",
    "get_layoutD_TV",
];

fn split_kind(op: &str) -> Option<(&'static str, &str)> {
    for k in COPY_KINDS {
        if op == *k {
            return Some((k, ""));
        }
        if let Some(m) = op.strip_prefix(k).and_then(|r| r.strip_prefix('.')) {
            return Some((k, m));
        }
    }
    None
}

/// Whether `op` is one of the ops handled here.
pub fn is_tiled_op(op: &str) -> bool {
    MMA_OPS.contains(&op)
        || op.starts_with("mma.")
        || op.starts_with("copy.")
        || op == "Copy_Atom"
        || op == "MMA_Atom"
        || (op.starts_with("tile_size<") && op.ends_with('>'))
        || (op.starts_with("permutation_mnk<") && op.ends_with('>'))
        || split_kind(op).is_some()
        || COPY_MEMBERS.contains(&op)
        || crate::crosswise::OPS.contains(&op)
        || crate::seeds::is_seed_op(op)
}

/// Whether the tiled ops claim `op(args)` before the layout algebra (`size` of a TiledMMA).
pub fn claims(op: &str, args: &[&str]) -> bool {
    op == "size"
        && args.first().is_some_and(|a| {
            split_top(a).first().is_some_and(|x| looks_like_mma_atom(x))
                || a.trim().starts_with("make_tiled_copy")
        })
        || (is_tiled_op(op) && op != "size")
}

/// Evaluate a tiled op; `None` when `op` is not one of them.
pub fn eval_tiled(lenient: bool, op: &str, args: &[&str]) -> Option<Result<Output>> {
    let p = Args { lenient };
    if crate::seeds::is_seed_op(op) {
        return Some(crate::seeds::eval(&p, op, args));
    }
    if crate::crosswise::OPS.contains(&op) {
        return Some(crate::crosswise::eval(&p, op, args));
    }
    if let Some(m) = op.strip_prefix("mma.") {
        return Some(eval_mma_atom_op(m, args));
    }
    if op == "MMA_Atom" {
        return Some(eval_mma_atom_op("", args));
    }
    if let Some(m) = op.strip_prefix("copy.") {
        return Some(eval_copy_atom_op(m, args));
    }
    if op == "Copy_Atom" {
        return Some(eval_copy_atom_op("", args));
    }
    if op == "TiledMMA" {
        return Some((|| {
            ensure_parse(
                args.len() == 3,
                "TiledMMA: expected atom, atom layout, permutation",
            )?;
            let atom = mma_atom(args[0])?;
            let layout = p.layout_or_shape(args[1])?;
            let perm = match p.tiler(args[2])? {
                Tiler::Tuple(v) => v,
                other => vec![other],
            };
            let m = tiled_mma_raw(atom, layout, perm)?;
            Ok(text(format!("TiledMMA ThrLayoutVMNK={}", m.vmnk)))
        })());
    }
    if let Some((kind, member)) = split_kind(op) {
        return Some((|| {
            let (tc, used) = parse_tiled_copy(&p, kind, args)?;
            tiled_copy_member(&p, &tc, member, &args[used..])
        })());
    }
    if COPY_MEMBERS.contains(&op) {
        // `tidfrg_S make_tiled_copy(...) ref`
        return Some((|| {
            let (tc, used) = parse_tiled_copy(&p, "make_tiled_copy", args)?;
            tiled_copy_member(&p, &tc, op, &args[used..])
        })());
    }
    if MMA_OPS.contains(&op)
        || op == "size"
        || (op.starts_with("tile_size<") && op.ends_with('>'))
        || (op.starts_with("permutation_mnk<") && op.ends_with('>'))
    {
        return Some(eval_mma_op(&p, op, args));
    }
    None
}

/// The TiledMMA named by a vector line's arguments (`atom layout perm ...` or a comma label,
/// optionally after a copy atom), for tests and reports; the tile rule applies unless CuTe's
/// semantics are switched on ([`crate::composition::with_cute_semantics`]).
pub fn tiled_mma_of_args(args: &[&str]) -> Result<TiledMma> {
    let p = Args { lenient: false };
    let args: Vec<&str> = args
        .iter()
        .copied()
        .skip_while(|a| a.trim().starts_with("Copy_Atom<"))
        .collect();
    Ok(parse_mma(&p, &args)?.0)
}

#[cfg(test)]
mod tests {
    use crate::ops::{result_field, Evaluator};
    use proptest::prelude::*;

    fn ev(op: &str, args: &[&str]) -> String {
        result_field(&Evaluator::default(), op, args)
    }

    /// The rules of docs/errors.md's new checks: `REJECT` with the words of the type level's
    /// message (the first line of its ui-tests/fail case), and the neighbour accepted.
    #[test]
    fn new_rules_reject_in_the_type_levels_words() {
        let rej = |op: &str, args: &[&str], words: &str| {
            let r = ev(op, args);
            // REJECT<TAB>[op: ]reason, the reason in the type level's words
            assert!(r.starts_with("REJECT\t") && r.contains(words), "{op} {args:?}: {r}");
        };
        // retile_S/D (ui-tests/fail/retile_fragment_*.rs)
        let ldsm = "make_tiled_copy(Copy_Atom<SM75_U32x2_LDSM_N,half_t>,(_32,_1):(_1,_0),(_1,_8):(_0,_1))";
        rej("retile_D", &[ldsm, "(_8,_16):(_1,_8)"], "retile_S/D: the fragment must be (V,M,N,...)");
        rej("retile_D", &[ldsm, "(_4,_3,_1):(_1,_4,_0)"], "retile_S/D: the fragment does not hold whole copies of the TiledCopy");
        rej("retile_D", &[ldsm, "(_6,_4,_4):(_1,_6,_24)"], "retile_S/D: the fragment does not hold whole copies of the TiledCopy");
        assert!(!ev("retile_D", &[ldsm, "(_4,_2,_2):(_1,_4,_8)"]).starts_with("REJECT"));
        // exact partitions (ui-tests/fail/exact_partition_*.rs)
        let g2s = "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>,(_16,_8):(_8,_1),(_1,_8):(_0,_1))";
        rej("exact_partition_S", &[g2s, "(_120,_64):(_64,_1)", "thr=37"], "partition_S/D (exact tiles): the TiledCopy's Tiler_MN does not divide the tensor");
        assert_eq!(
            ev("exact_partition_S", &[g2s, "(_128,_64):(_64,_1)", "thr=37"]),
            ev("partition_S", &[g2s, "(_128,_64):(_64,_1)", "thr=37"])
        );
        let tm = ["SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)", "(_32,_32,_16)"];
        rej("exact_partition_C", &[tm[0], tm[1], tm[2], "(_128,_40):(_1,_128)", "thr=1"], "partition_A/B/C (exact tiles): the TiledMMA's tile does not divide the tensor");
        assert_eq!(
            ev("exact_partition_C", &[tm[0], tm[1], tm[2], "(_128,_64):(_1,_128)", "thr=1"]),
            ev("partition_C", &[tm[0], tm[1], tm[2], "(_128,_64):(_1,_128)", "thr=1"])
        );
        // get_layoutC_TV of a rank-2 atom layout (ui-tests/fail/get_layout_c_tv_rank.rs)
        let r = ev("TiledMMA", &["MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>", "(_2,_2):(_1,_2)", "(_,_,_)"]);
        assert!(r.contains("TiledMMA requires rank-3 AtomLayoutMNK"), "{r}");
    }

    #[test]
    fn examples() {
        assert_eq!(
            ev("mma.ValTypes", &["SM80_16x8x16_F32BF16BF16F32_TN"]),
            "D=32b A=16b B=16b C=32b"
        );
        assert_eq!(
            ev(
                "size",
                &[
                    "SM80_16x8x16_F16F16F16F16_TN",
                    "(_2,_2,_1):(_1,_2,_0)",
                    "(_,_,_)"
                ]
            ),
            "_128"
        );
        assert_eq!(ev("size", &["(_8,_8):(_1,_8)"]), "_64");
        assert!(ev(
            "TiledMMA",
            &[
                "MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>",
                "(_2,_2):(_1,_2)",
                "(_,_,_)"
            ]
        )
        .starts_with("REJECT"));
        assert!(ev(
            "make_fragment_C",
            &[
                "SM80_16x8x16_F16F16F16F16_TN,(_2,_2,_1),(_32,_32,_16)",
                "(_8,_4):(_1,_8)"
            ]
        )
        .starts_with("REJECT"));
        // the tile rule: two thread groups along K with a one-atom-deep K tile
        let r = ev(
            "thr_layout_vmnk",
            &[
                "SM80_16x8x16_F16F16F16F16_TN",
                "(_2,_2,_2):(_1,_2,_4)",
                "(_64,_64,_16)",
            ],
        );
        assert!(
            r.starts_with("REJECT") && r.contains("outside the 64x64 tile"),
            "{r}"
        );
        assert_eq!(
            crate::composition::with_cute_semantics(|| ev(
                "thr_layout_vmnk",
                &[
                    "SM80_16x8x16_F16F16F16F16_TN",
                    "(_2,_2,_2):(_1,_2,_4)",
                    "(_64,_64,_16)"
                ],
            )),
            "(_32,_2,_2,_2):(_1,_32,_64,_128)"
        );
        assert!(ev("no_such_op", &["x"]).starts_with("ERROR"));
    }

    const OPS: &[&str] = &[
        "mma.LayoutA_TV",
        "mma.ValTypes",
        "copy.src2ref",
        "copy.NumValSrc",
        "Copy_Atom",
        "thr_layout_vmnk",
        "size",
        "tile_size<2>",
        "permutation_mnk<1>",
        "get_layoutB_TV",
        "thrfrg_C",
        "partition_A",
        "partition_shape_C",
        "partition_fragment_A.layout",
        "partition_fragment_C.layout",
        "make_tiled_copy.partition_D",
        "make_tiled_copy_A.retile_D",
        "make_tiled_copy_C_atom.Tiler_MN",
        "make_tiled_copy_S.partition_D",
        "tidfrg_S",
        "make_fragment_C",
        "lane_ldsm_address",
        "cute_equivalent",
        "offset_table_mk",
        "000.tXsA",
        "000.thrfrg_C.step",
        "001.tiler",
        "002.retile",
        "002.upcast<16>",
    ];

    fn arg() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("SM80_16x8x16_F16F16F16F16_TN".to_string()),
            Just("SM90_64x64x16_F16F16F16_SS<K,K>".to_string()),
            Just("UniversalFMA<float>".to_string()),
            Just("Copy_Atom<SM75_U32x4_LDSM_N,half_t>".to_string()),
            Just("Copy_Atom<UniversalCopy<uint32_t>,half_t>".to_string()),
            Just("(_2,_2):(_1,_2)".to_string()),
            Just("(_2,_2,_2):(_1,_2,_4)".to_string()),
            Just("(_,_,_)".to_string()),
            Just("(_32,_32,_16)".to_string()),
            Just("(_32,(_8,_4,_2):(_1,_16,_8),_16)".to_string()),
            Just("(_128,_64):(_64,_1)".to_string()),
            Just("Sw<3,3,3> o _0 o ((_8,_16),((_8,_8),_1)):((_8,_512),((_1,_64),_0))".to_string()),
            Just("thr=37".to_string()),
            Just("thr=-5".to_string()),
            Just("lane=3".to_string()),
            Just("k_group=9".to_string()),
            Just("ldsm_iter=2".to_string()),
            Just("sgemm_sm80_tn(m=128,n=128,k=64)".to_string()),
            Just("make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1)),V=4".to_string()),
            Just("SM80_16x8x16_F16F16F16F16_TN,(_2,_2,_1),(_32,_32,_16)".to_string()),
            Just("TensorOpMultiplicandCrosswise<16,1>,ldm=0,tile(M=0,K=99999)".to_string()),
            Just("MmaTensorOpMultiplicandTileIterator<MatrixShape<64,32>,kA,half_t,RowMajorTensorOpMultiplicandCrosswise<16,32>,MatrixShape<16,16>,1,32,1>".to_string()),
            Just("()".to_string()),
            Just("_0:_0".to_string()),
            Just("(_9223372036854775807,_2):(_2,_1)".to_string()),
            "[-_()0-9,:<>a-zA-Z=]{0,16}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: crate::testing::fuzz_cases(1500), ..ProptestConfig::default() })]
        /// Any tiled op on any arguments returns a value or an error; it never panics.
        #[test]
        fn never_panics(op in proptest::sample::select(OPS.to_vec()), table in proptest::bool::ANY, args in proptest::collection::vec(arg(), 0..6)) {
            let op = if table { format!("table:{op}") } else { op.to_string() };
            let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            let _ = result_field(&Evaluator::default(), &op, &refs);
        }
    }
}
