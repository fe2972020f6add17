//! The TiledMMA ops (`tiled_mma.txt`, the MMA-only ops of `tiled_copy.txt`) and the MMA atom's
//! members (`mma.LayoutA_TV`, ...).

use crate::error::{ensure, Error, Result};
use crate::output::{plain, text, Output};
use crate::tiled::args::{ensure_parse, need_n, need_thr, parse_mma, thr_arg, Args};
use tycute_dynamic::atom::mma::mma_atom;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::layout::Layout;
use tycute_dynamic::tiled_mma::Operand;
use tycute_dynamic::value::Tiler;


/// The ops of `tiled_mma.txt` (and the MMA-only ops of `tiled_copy.txt`).
pub(crate) fn eval_mma_op(p: &Args, op: &str, args: &[&str]) -> Result<Output> {
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


pub(crate) fn eval_mma_atom_op(member: &str, args: &[&str]) -> Result<Output> {
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

pub(crate) const MMA_OPS: &[&str] = &[
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
