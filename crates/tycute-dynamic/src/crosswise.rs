//! A model of CUTLASS 2.x's `TensorOpMultiplicandCrosswise<ElementSize, Crosswise>` shared
//! memory layout and of the warp-level `MmaTensorOpMultiplicandTileIterator` that reads it with
//! `ldmatrix` (seed 003), plus the check that a CuTe swizzle layout is the same function.
//!
//! # The layout
//! Pitch-linear coordinates `(contiguous, strided)` (for the row-major wrapper: `(k, m)`) map to
//! an element offset through 128-bit vectors: `kElementsPerAccess = 128 / ElementSize`,
//! `kFactor = 8 * kElementsPerAccess / Crosswise` rows share one 128-byte line, the line is cut
//! into tiles of `TileShape = <8, max(8/kFactor, 4)>` vectors and partitions of `<4,4>` vectors,
//! and inside a tile the vector index within a partition is xor-ed with the strided residual
//! (`% 4`) and the partition index with the partition row (`% 2`).
//!
//! # The iterator
//! Each lane starts at a `byte_offset_` computed from its lane id (the branch depends on
//! `kFactor` and on `LdsmShape`), `operator++` moves to the next k-group by xor-ing
//! `byte_offset_` (`^ 1, 3, 7` times one `LdsmShape::kContiguous` vector block), wrapping to the
//! next tile's pointer after `kGroupsPerTile` groups; load iteration `s` reads at
//! `pointer + LdsmShape::kContiguous*c + kLdsmOpInner/kFactor*LdsmShape::kStrided*s*stride_`
//! vectors plus `byte_offset_`.
//!
//! For the seed's configuration (`<16,32>`, a 64x32 A tile, 16x16 instruction) the layout is
//! CuTe's `Sw<2,3,3> o _0 o (_64,_32):(_32,_1)`: `cute_equivalent` checks a CuTe layout against
//! the table entry by entry.

use crate::atom::{split_template, split_top};
use crate::error::{ensure, Error, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::value::{AnyLayout, ComposedLayout, Func};

/// `TensorOpMultiplicand<ElementSize, Crosswise>` with a leading dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crosswise {
    /// Bits per element.
    pub element_size: i64,
    /// `kCrosswise`.
    pub crosswise: i64,
    /// `stride_[0]` (ldm, in elements).
    pub ldm: i64,
}

/// Shared constants of the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Consts {
    /// `kElementsPerAccess`.
    pub elements_per_access: i64,
    /// `kFactor`.
    pub factor: i64,
    /// `TileShape::kContiguous`, `TileShape::kStrided`.
    pub tile: (i64, i64),
    /// `PartitionShape`.
    pub partition: (i64, i64),
}

impl Crosswise {
    /// A layout, with CUTLASS's static checks.
    pub fn new(element_size: i64, crosswise: i64, ldm: i64) -> Result<Crosswise> {
        ensure!(
            element_size > 0 && 128 % element_size == 0,
            "TensorOpMultiplicand: element size {element_size} does not divide 128 bits"
        );
        ensure!(
            crosswise > 0,
            "TensorOpMultiplicand: Crosswise must be positive"
        );
        let c = Crosswise {
            element_size,
            crosswise,
            ldm,
        };
        let k = c.consts();
        ensure!(
            k.factor > 0,
            "static assertion failed: kCrosswise should be no large than one shared memory cache line."
        );
        ensure!(
            k.factor <= k.tile.0 && k.tile.0 % k.factor == 0,
            "TensorOpMultiplicand: kFactor {} does not divide the tile's {} vectors",
            k.factor,
            k.tile.0
        );
        ensure!(
            (0..=1 << 20).contains(&ldm),
            "TensorOpMultiplicand: ldm {ldm} out of range"
        );
        Ok(c)
    }

    /// The derived constants.
    pub fn consts(&self) -> Consts {
        let epa = 128 / self.element_size;
        let tile_c = 128 / (128 / 8);
        let factor = tile_c * epa / self.crosswise;
        let tile_s = if factor > 0 && tile_c / factor > 32 / tile_c {
            tile_c / factor
        } else {
            32 / tile_c
        };
        Consts {
            elements_per_access: epa,
            factor,
            tile: (tile_c, tile_s),
            partition: (4, 4),
        }
    }

    /// The element offset of pitch-linear `(contiguous, strided)`.
    pub fn offset(&self, contiguous: i64, strided: i64) -> i64 {
        let k = self.consts();
        let (epa, f) = (k.elements_per_access, k.factor);
        let (tc, ts) = k.tile;
        let (pc, ps) = k.partition;
        let vec_contiguous_idx = contiguous / epa;
        let vec_strided_idx = strided / f;
        let tile_contiguous_idx = vec_contiguous_idx / (tc / f);
        let tile_contiguous_residual = vec_contiguous_idx % (tc / f) + (strided % f) * (tc / f);
        let tile_strided_residual = vec_strided_idx % ts;
        let partition_contiguous_idx = tile_contiguous_residual / pc;
        let partition_strided_idx = tile_strided_residual / ps;
        let partition_contiguous_residual = tile_contiguous_residual % pc;
        let partition_strided_residual = tile_strided_residual % ps;
        let permuted_vec = partition_contiguous_residual ^ (partition_strided_residual % 4);
        let permuted_partition = partition_contiguous_idx ^ (partition_strided_idx % 2);
        let element_contiguous =
            (tile_contiguous_idx * tc + permuted_partition * pc + permuted_vec) * epa
                + contiguous % epa;
        element_contiguous + vec_strided_idx * self.ldm * f
    }

    /// `RowMajorTensorOpMultiplicandCrosswise`: `(row, column) → offset(column, row)`.
    pub fn row_major(&self, m: i64, k: i64) -> i64 {
        self.offset(k, m)
    }
}

/// `TensorOpMultiplicandCrosswise<16,32>,ldm=32,tile(M=64,K=32)`.
fn parse_cfg(s: &str) -> Result<(Crosswise, i64, i64)> {
    let parts = split_top(s);
    let (name, targs) = split_template(parts.first().map(|x| x.as_str()).unwrap_or(""));
    ensure!(
        name.ends_with("TensorOpMultiplicandCrosswise"),
        "crosswise: expected TensorOpMultiplicandCrosswise<E,C>, got {s}"
    );
    let t = split_top(targs.unwrap_or(""));
    ensure!(t.len() == 2, "crosswise: expected <ElementSize,Crosswise>");
    let num = |x: &str| -> Result<i64> {
        x.trim()
            .parse()
            .map_err(|_| Error::parse(format!("crosswise: bad number {x}")))
    };
    let (e, c) = (num(&t[0])?, num(&t[1])?);
    ensure!(
        e > 0 && c > 0,
        "crosswise: element size and crosswise must be positive"
    );
    let mut ldm = c;
    let (mut m, mut k) = (64, c);
    for p in &parts[1..] {
        if let Some(v) = p.strip_prefix("ldm=") {
            ldm = num(v)?;
        } else if let Some(inner) = p.strip_prefix("tile(").and_then(|r| r.strip_suffix(')')) {
            for kv in split_top(inner) {
                match kv.split_once('=') {
                    Some(("M", v)) => m = num(v)?,
                    Some(("K", v)) => k = num(v)?,
                    _ => return Err(Error::parse(format!("crosswise: bad tile field {kv}"))),
                }
            }
        }
    }
    ensure!(
        (1..=4096).contains(&m) && (1..=4096).contains(&k),
        "crosswise: tile extents out of range"
    );
    Ok((Crosswise::new(e, c, ldm)?, m, k))
}

/// The warp-level tile iterator over a crosswise layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileIterator {
    /// The layout (ldm = the tile's contiguous extent).
    pub layout: Crosswise,
    /// Operand A (true) or B.
    pub operand_a: bool,
    /// Element type name.
    pub element: String,
    /// Warp tile in pitch-linear terms: (contiguous = K, strided = M or N).
    pub shape: (i64, i64),
    /// Instruction shape in pitch-linear terms.
    pub instruction: (i64, i64),
    /// `kPartitionsK`.
    pub partitions_k: i64,
    /// The row-major (A) / column-major (B) wrapper, or the pitch-linear layout itself.
    pub wrapper: Wrapper,
}

/// Which layout type the iterator is instantiated with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrapper {
    /// `RowMajorTensorOpMultiplicandCrosswise` (operand A, `(m,k)`).
    RowMajor,
    /// `ColumnMajorTensorOpMultiplicandCrosswise` (operand B, `(k,n)`).
    ColumnMajor,
    /// `TensorOpMultiplicandCrosswise` (pitch-linear).
    PitchLinear,
}

/// `LdsmShape`, `LdsmIterations`, `kGroupsPerTile` of the iterator's policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// `LdsmShape` (contiguous, strided).
    pub ldsm_shape: (i64, i64),
    /// `LdsmIterations` (contiguous, strided).
    pub ldsm_iterations: (i64, i64),
    /// `kGroupsPerTile`.
    pub groups_per_tile: i64,
    /// `kLdsmOpInner`.
    pub op_inner: i64,
    /// `stride_` in 128-bit vectors.
    pub stride: i64,
}

fn matrix_shape(s: &str) -> Result<(i64, i64)> {
    let (n, a) = split_template(s);
    ensure!(
        n.trim() == "MatrixShape",
        "expected MatrixShape<R,C>, got {s}"
    );
    let v = split_top(a.unwrap_or(""));
    ensure!(v.len() == 2, "expected MatrixShape<R,C>, got {s}");
    let p = |x: &str| {
        x.trim()
            .parse::<i64>()
            .map_err(|_| Error::parse(format!("bad number in {s}")))
    };
    Ok((p(&v[0])?, p(&v[1])?))
}

impl TileIterator {
    /// `MmaTensorOpMultiplicandTileIterator<MatrixShape<64,32>,kA,half_t,RowMajorTensorOpMultiplicandCrosswise<16,32>,MatrixShape<16,16>,1,32,1>`.
    pub fn parse(s: &str) -> Result<TileIterator> {
        let (n, a) = split_template(s);
        ensure!(
            n.trim() == "MmaTensorOpMultiplicandTileIterator",
            "expected MmaTensorOpMultiplicandTileIterator<...>, got {s}"
        );
        let v = split_top(a.unwrap_or(""));
        ensure!(
            v.len() == 8,
            "MmaTensorOpMultiplicandTileIterator: expected 8 template arguments"
        );
        let (rows, cols) = matrix_shape(&v[0])?;
        let operand_a = match v[1].trim().trim_start_matches("Operand::") {
            "kA" => true,
            "kB" => false,
            other => return Err(Error::parse(format!("unknown operand {other}"))),
        };
        let element = v[2].trim().to_string();
        let (lname, largs) = split_template(&v[3]);
        let t = split_top(largs.unwrap_or(""));
        ensure!(t.len() == 2, "expected a crosswise layout <E,C>");
        let num = |x: &str| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| Error::parse(format!("bad number {x}")))
        };
        let (e, c) = (num(&t[0])?, num(&t[1])?);
        let (ir, ic) = matrix_shape(&v[4])?;
        ensure!(
            num(&v[5])? == 1,
            "static assertion failed: Alternative arrangements not supported at present."
        );
        ensure!(
            num(&v[6])? == 32,
            "the crosswise iterator is specialised for 32 threads"
        );
        let partitions_k = num(&v[7])?;
        ensure!(
            (1..=4096).contains(&rows) && (1..=4096).contains(&cols) && ir > 0 && ic > 0,
            "MmaTensorOpMultiplicandTileIterator: shapes out of range"
        );
        let (wrapper, shape, instruction) = match lname.trim() {
            "RowMajorTensorOpMultiplicandCrosswise" => {
                ensure!(
                    operand_a,
                    "static assertion failed: MmaTensorOpMultiplicandIterator for RowMajor Crosswise may only be instantiated for A operand to warp-level Mma."
                );
                (Wrapper::RowMajor, (cols, rows), (ic, ir))
            }
            "ColumnMajorTensorOpMultiplicandCrosswise" => {
                ensure!(
                    !operand_a,
                    "static assertion failed: MmaTensorOpMultiplicandIterator for ColumnMajor Crosswise may only be instantiated for B operand to warp-level Mma."
                );
                (Wrapper::ColumnMajor, (rows, cols), (ir, ic))
            }
            "TensorOpMultiplicandCrosswise" => (Wrapper::PitchLinear, (rows, cols), (ir, ic)),
            other => return Err(Error::parse(format!("unknown layout {other}"))),
        };
        let bits = crate::gmma::sizeof_bits(&element)
            .ok_or_else(|| Error::unsupported(format!("unknown element type {element}")))?;
        ensure!(
            bits == e,
            "the layout's element size {e} is not sizeof_bits<{element}>"
        );
        let layout = Crosswise::new(e, c, shape.0)?;
        Ok(TileIterator {
            layout,
            operand_a,
            element,
            shape,
            instruction,
            partitions_k,
            wrapper,
        })
    }

    /// The iterator's `Policy`.
    pub fn policy(&self) -> Result<Policy> {
        let k = self.layout.consts();
        let (sc, ss) = self.shape;
        let outer = k.elements_per_access;
        let inner = 8;
        ensure!(
            sc % self.instruction.0 == 0,
            "static assertion failed: Shape of warp-level Mma must be divisible by operator shape."
        );
        ensure!(
            sc % outer == 0 && ss % inner == 0,
            "static assertion failed: Shape of warp-level mma must be divisible by LDSM's fundamental tile size."
        );
        let lc = self.instruction.0 / outer;
        ensure!(
            lc > 0 && 4 % lc == 0,
            "LdsmShape: bad contiguous extent {lc}"
        );
        let ls = if 4 / lc * inner > ss {
            ss / inner
        } else {
            4 / lc
        };
        ensure!(ls > 0, "LdsmShape: bad strided extent");
        let groups = k.tile.0 / k.factor / lc;
        ensure!(groups > 0, "crosswise iterator: kGroupsPerTile is 0");
        Ok(Policy {
            ldsm_shape: (lc, ls),
            ldsm_iterations: (1, ss / inner / ls),
            groups_per_tile: groups,
            op_inner: inner,
            stride: self.layout.ldm * k.factor / k.elements_per_access,
        })
    }

    /// The constructor's `byte_offset_` for a lane.
    pub fn initial_byte_offset(&self, lane: i64) -> Result<i64> {
        let k = self.layout.consts();
        let p = self.policy()?;
        let count = p.ldsm_shape.0 * p.ldsm_shape.1;
        let f = k.factor;
        let quad_quad = lane >> 4;
        let quad_pair = lane >> 3;
        let lane_in_pair = lane & 1;
        let lane_in_quad = lane & 3;
        let lane_in_quad_pair = lane & 7;
        let lane_in_quad_quad = lane & 15;
        let (pcx, acx, asx): (i64, i64, i64);
        let strided_is_count = p.ldsm_shape.1 == count;
        let strided_is_half = p.ldsm_shape.1 == count / 2;
        let a = self.operand_a;
        match f {
            8 => {
                let fip = k.partition.0 * f / k.tile.0;
                ensure!(
                    strided_is_count,
                    "crosswise iterator: unsupported LdsmShape for kFactor 8"
                );
                pcx = lane_in_quad_pair / fip;
                acx = lane_in_quad ^ (lane / f);
                asx = lane / f;
            }
            4 => {
                let fip = k.partition.0 * f / k.tile.0;
                if strided_is_count {
                    pcx = lane_in_quad / fip;
                    acx = (lane_in_pair * fip) ^ (lane_in_quad_quad / f);
                    asx = lane / f;
                } else if strided_is_half && a {
                    pcx = lane_in_quad / fip;
                    asx = lane_in_quad_quad / f;
                    acx = (lane_in_pair * fip + quad_quad) ^ asx;
                } else if strided_is_half {
                    pcx = lane_in_quad / fip;
                    asx = lane_in_quad_pair / f + quad_quad * 2;
                    acx = (lane_in_pair * fip + ((lane & 8) >> 3)) ^ asx;
                } else {
                    return Err(Error::reject("crosswise iterator: unsupported LdsmShape"));
                }
            }
            2 => {
                if strided_is_count {
                    pcx = lane % f;
                    acx = lane_in_quad_pair / f;
                    asx = lane / f;
                } else if strided_is_half && a {
                    pcx = lane % f;
                    acx = quad_quad ^ (lane_in_quad_pair / f);
                    asx = lane_in_quad_quad / f;
                } else if strided_is_half {
                    pcx = lane % f;
                    acx = (quad_pair & 1) ^ (lane_in_quad_pair / f);
                    asx = (lane_in_quad_pair + (lane >> 4 << 3)) / f;
                } else if p.ldsm_shape.0 == count {
                    pcx = lane % f;
                    acx = quad_pair ^ (lane_in_quad_pair / f);
                    asx = lane_in_quad_pair / f;
                } else {
                    return Err(Error::reject("crosswise iterator: unsupported LdsmShape"));
                }
            }
            1 => {
                if strided_is_count {
                    pcx = lane_in_quad_pair >> 2;
                    acx = lane_in_quad;
                    asx = lane;
                } else if strided_is_half && a {
                    pcx = lane_in_quad_pair >> 2;
                    acx = quad_quad ^ lane_in_quad;
                    asx = lane_in_quad_quad;
                } else if strided_is_half {
                    pcx = lane_in_quad_pair >> 2;
                    acx = (quad_pair & 1) ^ lane_in_quad;
                    asx = lane_in_quad_pair + (lane >> 4 << 3);
                } else if p.ldsm_shape.0 == count {
                    pcx = lane_in_quad_pair >> 2;
                    acx = quad_pair ^ lane_in_quad;
                    asx = lane_in_quad_pair;
                } else {
                    return Err(Error::reject("crosswise iterator: unsupported LdsmShape"));
                }
            }
            _ => {
                return Err(Error::reject(format!(
                    "crosswise iterator: unsupported kFactor {f}"
                )))
            }
        }
        let access_contiguous = pcx * k.partition.0 + acx;
        Ok(
            (access_contiguous + asx * p.stride) * self.layout.element_size * k.elements_per_access
                / 8,
        )
    }

    /// `(byte_offset_, pointer_ offset in vectors)` after `k_group` increments.
    pub fn state_after(&self, lane: i64, k_group: i64) -> Result<(i64, i64)> {
        ensure!(
            (0..=1 << 16).contains(&k_group),
            "k_group {k_group} out of range"
        );
        let k = self.layout.consts();
        let p = self.policy()?;
        let mut byte = self.initial_byte_offset(lane)?;
        let mut ptr = 0i64;
        let mut idx = 0i64;
        let groups = p.groups_per_tile / self.partitions_k.max(1);
        let unit = p.ldsm_shape.0 * self.layout.element_size * k.elements_per_access / 8;
        let sections = self.layout.ldm / self.layout.crosswise;
        ensure!(
            sections > 0,
            "crosswise iterator: ldm smaller than Crosswise"
        );
        for _ in 0..k_group {
            if groups > 1 {
                let mask = if groups == 8 {
                    3
                } else if groups == 4 {
                    1
                } else {
                    0
                };
                if (idx & mask) % 2 == 0 {
                    byte ^= unit;
                } else if (idx & mask) == 1 {
                    byte ^= 3 * unit;
                } else if (idx & mask) == 3 {
                    byte ^= 7 * unit;
                }
            }
            idx += 1;
            if idx == groups {
                idx = 0;
                // add_tile_offset({kGroupsPerTile, 0}): one whole tile, no k-group delta
                ptr += p.stride / sections;
            }
        }
        Ok((byte, ptr))
    }

    /// The byte address lane `lane` passes to `ldmatrix` in load iteration `s` after `k_group`
    /// increments (from the start of the tile).
    pub fn ldsm_address(&self, lane: i64, k_group: i64, s: i64) -> Result<i64> {
        let p = self.policy()?;
        let n = p.ldsm_iterations.0 * p.ldsm_iterations.1;
        ensure!((0..n).contains(&s), "ldsm_iter {s} out of range (0..{n})");
        let (c, si) = (s % p.ldsm_iterations.0, s / p.ldsm_iterations.0);
        let (byte, ptr) = self.state_after(lane, k_group)?;
        let k = self.layout.consts();
        let vec_bytes = self.layout.element_size * k.elements_per_access / 8;
        let vecs =
            ptr + p.ldsm_shape.0 * c + p.op_inner / k.factor * p.ldsm_shape.1 * si * p.stride;
        Ok(vecs * vec_bytes + byte)
    }

    /// The logical coordinate stored at element offset `elem` of the tile, as the wrapper
    /// names it (`(m,k)` for row-major A).
    pub fn coord_of(&self, elem: i64) -> Option<(i64, i64)> {
        let (c_ext, s_ext) = self.shape;
        for s in 0..s_ext {
            for c in 0..c_ext {
                if self.layout.offset(c, s) == elem {
                    return Some(match self.wrapper {
                        Wrapper::RowMajor => (s, c),
                        Wrapper::ColumnMajor | Wrapper::PitchLinear => (c, s),
                    });
                }
            }
        }
        None
    }
}

/// Seed 003's configuration: a 64x32 (M x K) tile of `TensorOpMultiplicandCrosswise<16,32>`.
const SEED_CFG: &str = "TensorOpMultiplicandCrosswise<16,32>,ldm=32,tile(M=64,K=32)";
const SEED_M: i64 = 64;
const SEED_K: i64 = 32;

/// `cute_equivalent`'s verdict for a layout's offsets listed in `(m,k)` order (entry `m*32 + k`):
/// whether they are CUTLASS's `TensorOpMultiplicandCrosswise<16,32>` offsets of seed 003's 64x32
/// tile, and how many entries differ (`true (0 of 2048 entries differ)`).
fn compare_with_seed(t_mk: &[i64]) -> Result<String> {
    let (l_cfg, m, kk) = parse_cfg(SEED_CFG)?;
    ensure!(t_mk.len() as i64 == m * kk, "cute_equivalent: the layout has {} entries, the tile {}", t_mk.len(), m * kk);
    let differ = (0..m)
        .flat_map(|mi| (0..kk).map(move |ki| (mi, ki)))
        .zip(t_mk)
        .filter(|((mi, ki), x)| l_cfg.row_major(*mi, *ki) != **x)
        .count();
    Ok(format!("{} ({differ} of {} entries differ)", differ == 0, m * kk))
}

/// `compare_with_seed` for CuTe's index table of a `(64,32)` layout (CuTe's order: entry
/// `m + 64*k`), as `tycute::table` gives it for a type-level layout: `cute_equivalent` for the
/// programs of `tycute vectors rust`.
pub fn cute_equivalent_of_table(table: &[i64]) -> String {
    let (m, k) = (SEED_M as usize, SEED_K as usize);
    if table.len() != m * k {
        return format!("ERROR\tcute_equivalent: a (64,32) layout has 2048 entries, this one {}", table.len());
    }
    let t_mk: Vec<i64> = (0..m * k).map(|i| table[i / k + m * (i % k)]).collect();
    compare_with_seed(&t_mk).unwrap_or_else(|e| format!("ERROR\t{e}"))
}

/// What crosswise.txt's `constants` and `rowmajor_wrapper_agrees` say of CUTLASS 2.x's layout
/// itself (the reference model of this module; these lines hold no CuTe layout).
pub fn reference(op: &str, label: &str) -> Result<String> {
    match op {
        "constants" => constants(label),
        "rowmajor_wrapper_agrees" => rowmajor_wrapper_agrees(label),
        _ => Err(Error::reject(format!("crosswise: {op} is not a reference-model op"))),
    }
}

/// `constants CFG`: the layout's constants and leading dimension, as crosswise.txt prints them.
pub fn constants(label: &str) -> Result<String> {
    let (l, _, _) = parse_cfg(label)?;
    let k = l.consts();
    Ok(format!(
        "kElementsPerAccess={} kFactor={} TileShape=<{},{}> PartitionShape=<{},{}> stride={}",
        k.elements_per_access, k.factor, k.tile.0, k.tile.1, k.partition.0, k.partition.1, l.ldm
    ))
}

/// `offset_table_mk CFG`: the offsets of the configuration's tile in `(m,k)` order.
pub fn offset_table_mk(label: &str) -> Result<String> {
    let (l, m, kk) = parse_cfg(label)?;
    let v: Vec<String> = (0..m)
        .flat_map(|mi| (0..kk).map(move |ki| (mi, ki)))
        .map(|(mi, ki)| l.row_major(mi, ki).to_string())
        .collect();
    Ok(v.join(" "))
}

/// `rowmajor_wrapper_agrees CFG`: whether the row-major wrapper is the pitch-linear layout with
/// its coordinates swapped, over the whole tile.
pub fn rowmajor_wrapper_agrees(label: &str) -> Result<String> {
    let (l, m, kk) = parse_cfg(label)?;
    let ok = (0..m).all(|mi| (0..kk).all(|ki| l.row_major(mi, ki) == l.offset(ki, mi)));
    Ok(ok.to_string())
}

/// `cute_equivalent`: whether a CuTe layout of seed 003's `(64,32)` tile gives CUTLASS's offsets.
pub fn cute_equivalent(l: &AnyLayout) -> Result<String> {
    let t = cute_table(l, SEED_M, SEED_K)?;
    compare_with_seed(&t)
}

/// `iterator_policy ITERATOR`: the warp tile iterator's `ldmatrix` policy.
pub fn iterator_policy(label: &str) -> Result<String> {
    let it = TileIterator::parse(label)?;
    let pol = it.policy()?;
    let frag = it.shape.1 * it.instruction.0 / 32;
    let elem = match it.element.as_str() {
        "half_t" => "halfs".to_string(),
        other => format!("{other}s"),
    };
    Ok(format!(
        "LdsmShape=<{},{}> kCount={} LdsmIterations=<{},{}> kGroupsPerTile={} Fragment={} {} stride_={} (128-bit units)",
        pol.ldsm_shape.0,
        pol.ldsm_shape.1,
        pol.ldsm_shape.0 * pol.ldsm_shape.1,
        pol.ldsm_iterations.0,
        pol.ldsm_iterations.1,
        pol.groups_per_tile,
        frag,
        elem,
        pol.stride
    ))
}

/// `lane_byte_offset ITERATOR lane=l k_group=g`: a lane's `byte_offset_` after `g` k-groups.
pub fn lane_byte_offset(label: &str, lane: i64, k_group: i64) -> Result<String> {
    let it = TileIterator::parse(label)?;
    ensure!((0..32).contains(&lane), "lane_byte_offset: lane {lane} out of range");
    Ok(it.state_after(lane, k_group)?.0.to_string())
}

/// `lane_ldsm_address ITERATOR lane=l k_group=g ldsm_iter=s`: the byte a lane's `ldmatrix`
/// reads, its element and that element's `(m,k)`.
pub fn lane_ldsm_address(label: &str, lane: i64, k_group: i64, ldsm_iter: i64) -> Result<String> {
    let op = "lane_ldsm_address";
    let it = TileIterator::parse(label)?;
    ensure!((0..32).contains(&lane), "{op}: lane {lane} out of range");
    let byte = it.ldsm_address(lane, k_group, ldsm_iter)?;
    let ebytes = it.layout.element_size / 8;
    ensure!(ebytes > 0, "{op}: sub-byte elements");
    let elem = byte / ebytes;
    let (a, b) = it
        .coord_of(elem)
        .ok_or_else(|| Error::reject(format!("{op}: element {elem} is outside the tile")))?;
    Ok(format!("byte={byte} elem={elem} (m,k)=({a},{b})"))
}

fn cute_table(l: &AnyLayout, m_ext: i64, k_ext: i64) -> Result<Vec<i64>> {
    let (inner, outer): (&crate::layout::Layout, Option<&ComposedLayout>) = match l {
        AnyLayout::Plain(p) => (p, None),
        AnyLayout::Composed(c) => (c.layout_b()?, Some(c)),
    };
    let mut out = Vec::with_capacity((m_ext * k_ext) as usize);
    for m in 0..m_ext {
        for k in 0..k_ext {
            let c = IntTuple::Tuple(vec![IntTuple::Int(Int::dy(m)), IntTuple::Int(Int::dy(k))]);
            let x = crate::layout::crd2idx(&c, &inner.shape, &inner.stride)?.value;
            let v = match outer {
                None => x,
                Some(cl) => {
                    let off = cl
                        .offset
                        .int_value()
                        .ok_or_else(|| Error::reject("cute_equivalent: no integer codomain"))?;
                    match &cl.a {
                        Func::Swizzle(sw) => sw.apply_i64(x + off),
                        Func::Layout(a) => a.eval_index(x + off)?,
                    }
                }
            };
            out.push(v);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_configuration() {
        let l = Crosswise::new(16, 32, 32).unwrap();
        let k = l.consts();
        assert_eq!((k.elements_per_access, k.factor, k.tile), (8, 2, (8, 4)));
        assert_eq!(l.row_major(2, 0), 72);
        let it = TileIterator::parse(
            "MmaTensorOpMultiplicandTileIterator<MatrixShape<64,32>,kA,half_t,RowMajorTensorOpMultiplicandCrosswise<16,32>,MatrixShape<16,16>,1,32,1>",
        )
        .unwrap();
        assert_eq!(it.state_after(2, 0).unwrap().0, 144);
        assert_eq!(it.state_after(12, 1).unwrap().0, 768);
        assert_eq!(it.ldsm_address(2, 1, 3).unwrap(), 3248);
        assert_eq!(it.coord_of(1624), Some((50, 16)));
    }
}
