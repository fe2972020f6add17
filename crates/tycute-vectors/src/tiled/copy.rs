//! The TiledCopy ops (`tiled_copy.txt`: `make_tiled_copy*.MEMBER`, `tidfrg_S`, ...) and the
//! copy atom's members (`copy.ThrID`, `copy.SrcLayout_bits`, ...).

use crate::error::{Error, Result};
use crate::output::{plain, text, Output};
use crate::tiled::args::{ensure_parse, need_n, need_thr, thr_arg, Args};
use tycute_dynamic::atom::copy::{copy_atom, copy_atom_of, CopyAtom};
use tycute_dynamic::inverse::right_inverse;
use tycute_dynamic::tiled_copy::TiledCopy;
use tycute_dynamic::value::AnyLayout;

pub(crate) fn tiled_copy_member(p: &Args, tc: &TiledCopy, member: &str, args: &[&str]) -> Result<Output> {
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

pub(crate) fn eval_copy_atom_op(member: &str, args: &[&str]) -> Result<Output> {
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

pub(crate) const COPY_KINDS: &[&str] = &[
    "make_tiled_copy_C_atom",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "make_tiled_copy_S",
    "make_tiled_copy_D",
    "make_tiled_copy",
];

pub(crate) const COPY_MEMBERS: &[&str] = &[
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

pub(crate) fn split_kind(op: &str) -> Option<(&'static str, &str)> {
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
