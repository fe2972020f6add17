//! The computations the seed documents print (`seeds.txt`): each seed op name is mapped to the
//! CuTe expression it names.
//!
//! * `000.*`: `examples/cute/tutorial/sgemm_sm80.cu`, `gemm_tn` with `half_t`, tile
//!   128x128x64, 3 pipeline stages: the smem layouts, the G2S copies (`cp.async` 128-bit), the
//!   2x2 SM80 16x8x16 TiledMMA with a 32x32x16 tile, the S2R `ldmatrix` copies, and every
//!   thread's partitions (`thr=t`).
//! * `001.*`: `make_tiled_copy_C_atom` step by step for a 1x1x1 16x8x16 TiledMMA and copy atoms
//!   of 1, 2 and 4 values (`copy_V=N`).
//! * `002.*`: `TiledCopy::retile` step by step for `make_tiled_copy(UniversalCopy<uint32_t>,
//!   4x1 threads, 1x8 values)` and fragments of `V` values.

use crate::error::{ensure, Error, Result};
use crate::output::{plain, text, Output};
use crate::tiled::args::{keyed, parse_tiled_copy, Args};
use crate::tiled::copy::copy_atom_member;
use tycute_dynamic::atom::copy::copy_atom;
use tycute_dynamic::atom::mma::mma_atom;
use tycute_dynamic::atom::split_top;
use tycute_dynamic::cast::upcast;
use tycute_dynamic::coalesce::filter;
use tycute_dynamic::composed::swizzle_then_layout;
use tycute_dynamic::composition::{composition, composition_tiler};
use tycute_dynamic::construct::{tile_to_shape, with_shape};
use tycute_dynamic::divide::{logical_divide, zipped_divide};
use tycute_dynamic::int::Int;
use tycute_dynamic::int_tuple::IntTuple;
use tycute_dynamic::inverse::{left_inverse, right_inverse};
use tycute_dynamic::layout::{crd2idx, idx2crd, Layout};
use tycute_dynamic::product::logical_product;
use tycute_dynamic::swizzle::Swizzle;
use tycute_dynamic::tensor::{Crd, Tensor};
use tycute_dynamic::tiled_copy::{make_tiled_copy, make_tiled_copy_c_atom, make_tiled_copy_mma, TiledCopy};
use tycute_dynamic::tiled_mma::{make_tiled_mma, Operand, TiledMma};
use tycute_dynamic::value::{AnyLayout, Tiler};

/// Whether `op` is a seed op (`000.`, `001.`, `002.` prefix).
pub fn is_seed_op(op: &str) -> bool {
    ["000.", "001.", "002."].iter().any(|p| op.starts_with(p))
}

fn l(s: &str) -> Layout {
    s.parse().expect("built-in layout")
}

/// `sgemm_sm80_tn(m=128,n=128,k=64)`.
struct Sgemm {
    m: i64,
    n: i64,
    k: i64,
}

fn parse_sgemm(label: &str) -> Result<Sgemm> {
    let inner = label
        .trim()
        .strip_prefix("sgemm_sm80_tn(")
        .and_then(|r| r.strip_suffix(')'))
        .ok_or_else(|| {
            Error::parse(format!(
                "000: expected sgemm_sm80_tn(m=..,n=..,k=..), got {label}"
            ))
        })?;
    let mut s = Sgemm { m: 0, n: 0, k: 0 };
    for kv in split_top(inner) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Error::parse(format!("000: bad field {kv}")))?;
        let v: i64 = v
            .trim()
            .parse()
            .map_err(|_| Error::parse(format!("000: bad number {v}")))?;
        match k.trim() {
            "m" => s.m = v,
            "n" => s.n = v,
            "k" => s.k = v,
            other => return Err(Error::parse(format!("000: unknown field {other}"))),
        }
    }
    ensure!(
        s.m > 0 && s.n > 0 && s.k > 0,
        "000: m, n, k must be positive"
    );
    Ok(s)
}

impl Sgemm {
    fn swizzle_atom(&self) -> Result<AnyLayout> {
        Ok(swizzle_then_layout(
            Swizzle::new(3, 3, 3)?,
            &l("(_8,(_8,_8)):(_8,(_1,_64))"),
        ))
    }
    /// `tile_to_shape(swizzle_atom, (bM|bN, bK, bP))`.
    fn smem(&self) -> Result<AnyLayout> {
        let atom = self.swizzle_atom()?;
        let shape: IntTuple = "(_128,_64,_3)".parse()?;
        Tensor::new(atom)
            .map(|b| tile_to_shape(b, &shape, None))
            .map(|t| t.layout)
    }
    fn copy_ab(&self) -> Result<TiledCopy> {
        make_tiled_copy(
            copy_atom("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>")?,
            &l("(_16,_8):(_8,_1)"),
            &l("(_1,_8):(_0,_1)"),
        )
    }
    fn mma(&self) -> Result<TiledMma> {
        make_tiled_mma(
            mma_atom("SM80_16x8x16_F16F16F16F16_TN")?,
            &l("(_2,_2):(_1,_2)"),
            &"(_32,_32,_16)".parse::<Tiler>()?,
        )
    }
    fn s2r(&self, op: Operand) -> Result<TiledCopy> {
        make_tiled_copy_mma(
            copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>")?,
            &self.mma()?,
            op,
        )
    }
    /// `mA` / `mB`: `(M|N, K):(ld, _1)`; `mC`: `(M,N):(_1,ldC)`.
    fn global(&self, which: char) -> Result<Tensor> {
        let lay = match which {
            'A' => Layout::new(
                IntTuple::Tuple(vec![IntTuple::dy(self.m), IntTuple::dy(self.k)]),
                IntTuple::Tuple(vec![IntTuple::dy(self.k), IntTuple::st(1)]),
            )?,
            'B' => Layout::new(
                IntTuple::Tuple(vec![IntTuple::dy(self.n), IntTuple::dy(self.k)]),
                IntTuple::Tuple(vec![IntTuple::dy(self.k), IntTuple::st(1)]),
            )?,
            _ => Layout::new(
                IntTuple::Tuple(vec![IntTuple::dy(self.m), IntTuple::dy(self.n)]),
                IntTuple::Tuple(vec![IntTuple::st(1), IntTuple::dy(self.m)]),
            )?,
        };
        Ok(Tensor::new(AnyLayout::Plain(lay)))
    }
    /// `local_tile(mX, cta_tiler, (0,0,_), proj)` for block (0,0).
    fn tile(&self, which: char) -> Result<Tensor> {
        let g = self.global(which)?;
        let (tiler, coord) = match which {
            'A' | 'B' => ("(_128,_64)", Crd::T(vec![Crd::dy(0), Crd::U])),
            _ => ("(_128,_128)", Crd::T(vec![Crd::dy(0), Crd::dy(0)])),
        };
        let tiler: Tiler = tiler.parse()?;
        let z = g.map(|x| zipped_divide(x, &tiler))?;
        z.slice(&Crd::T(vec![Crd::T(vec![Crd::U, Crd::U]), coord]))
    }
    fn thrfrg_step(&self, step: u32, r: &Layout) -> Result<Layout> {
        let mma = self.mma()?;
        let t1 = logical_divide(
            r,
            &Tiler::Tuple(vec![mma.permutation_mnk(0)?, mma.permutation_mnk(1)?]),
        )?;
        if step == 1 {
            return Ok(t1);
        }
        let t2 = zipped_divide(&t1, &"(_16:_1,_8:_1)".parse::<Tiler>()?)?;
        if step == 2 {
            return Ok(t2);
        }
        let t3 = composition_tiler(
            &t2,
            &Tiler::Tuple(vec![
                Tiler::Layout(mma.atom.layout_c.clone()),
                Tiler::Underscore,
            ]),
        )?;
        if step == 3 {
            return Ok(t3);
        }
        let thr = Tiler::Tuple(vec![
            Tiler::Underscore,
            Tiler::Tuple(vec![
                Tiler::Layout(Layout::left(&IntTuple::Int(mma.thr_size(1)?))?),
                Tiler::Layout(Layout::left(&IntTuple::Int(mma.thr_size(2)?))?),
            ]),
        ]);
        zipped_divide(&t3, &thr)
    }
}

fn seed000(p: &Args, name: &str, args: &[&str]) -> Result<Output> {
    ensure!(
        !args.is_empty(),
        "000.{name}: missing the configuration label"
    );
    let s = parse_sgemm(args[0])?;
    let rest: Vec<&str> = args[1..]
        .iter()
        .copied()
        .filter(|a| !a.contains('='))
        .collect();
    let thr = args[1..].iter().find_map(|a| keyed(a, &["thr", "tid"]));
    let thr_or = |what: &str| thr.ok_or_else(|| Error::parse(format!("000.{what}: needs thr=t")));
    let smem_tensor = || -> Result<Tensor> { Ok(Tensor::new(s.smem()?)) };
    let smem0 =
        || -> Result<Tensor> { smem_tensor()?.slice(&Crd::T(vec![Crd::U, Crd::U, Crd::dy(0)])) };
    if let Some(m) = name
        .strip_prefix("copyA.atom.")
        .or_else(|| name.strip_prefix("copyB.atom."))
    {
        return copy_atom_member(&s.copy_ab()?.atom, m);
    }
    if let Some(m) = name.strip_prefix("s2r_atom.") {
        return copy_atom_member(&copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>")?, m);
    }
    if let Some(m) = name.strip_prefix("mma_atom.") {
        return crate::tiled::mma::eval_mma_atom_op(m, &["SM80_16x8x16_F16F16F16F16_TN"]);
    }
    for (prefix, tc) in [
        ("copyA.", s.copy_ab()),
        ("copyB.", s.copy_ab()),
        ("s2r_copy_a.", s.s2r(Operand::A)),
        ("s2r_copy_b.", s.s2r(Operand::B)),
    ] {
        if let Some(m) = name.strip_prefix(prefix) {
            let tc = tc?;
            return Ok(match m {
                "TiledLayout_TV" => plain(tc.layout_tv.clone()),
                "Tiler_MN" => text(&tc.tiler),
                "layoutS_TV" => plain(tc.layout_s_tv()?),
                "layoutD_TV" => plain(tc.layout_d_tv()?),
                _ => return Err(Error::unsupported(format!("unknown op 000.{name}"))),
            });
        }
    }
    if let Some(m) = name.strip_prefix("mmaC.") {
        let mma = s.mma()?;
        return Ok(match m {
            "thr_layout_vmnk" => plain(mma.vmnk.clone()),
            "tile_shape" => text(IntTuple::Tuple(vec![
                IntTuple::Int(mma.tile_size(0)?),
                IntTuple::Int(mma.tile_size(1)?),
                IntTuple::Int(mma.tile_size(2)?),
            ])),
            "layoutA_TV" => plain(mma.layout_tv(Operand::A)?),
            "layoutB_TV" => plain(mma.layout_tv(Operand::B)?),
            "layoutC_TV" => plain(mma.layout_tv(Operand::C)?),
            _ => return Err(Error::unsupported(format!("unknown op 000.{name}"))),
        });
    }
    if let Some(step) = name.strip_prefix("thrfrg_C.step") {
        ensure!(rest.len() == 1, "000.{name}: expected a reference layout");
        let n: u32 = step
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|d| (1..=4).contains(d))
            .ok_or_else(|| Error::parse(format!("000.{name}: bad step")))?;
        return Ok(plain(s.thrfrg_step(
            n,
            &p.any(rest[0]).and_then(|a| match a {
                AnyLayout::Plain(x) => Ok(x),
                _ => Err(Error::parse("000.thrfrg_C: expected a plain layout")),
            })?,
        )?));
    }
    match name {
        "cta_tiler" => Ok(text("(_128,_128,_64)")),
        "swizzle_atom" => Ok(Output::Layout(s.swizzle_atom()?)),
        "sA" | "sB" => Ok(Output::Layout(s.smem()?)),
        "sA(_,_,0)" | "sB(_,_,0)" => Ok(Output::Layout(smem0()?.layout)),
        "sC" => Ok(plain(Layout::left(&"(_128,_128)".parse()?)?)),
        "thrfrg_A" | "thrfrg_B" | "thrfrg_C" => {
            ensure!(rest.len() == 1, "000.{name}: expected a reference layout");
            let op = match name {
                "thrfrg_A" => Operand::A,
                "thrfrg_B" => Operand::B,
                _ => Operand::C,
            };
            Ok(Output::Layout(s.mma()?.thrfrg_any(op, &p.any(rest[0])?)?))
        }
        "ldmatrix.src2ref" => Ok(plain(
            copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>")?.src2ref()?,
        )),
        "ldmatrix.dst2ref" => Ok(plain(
            copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>")?.dst2ref()?,
        )),
        "ldmatrix.src2ref_samples" => {
            let a = copy_atom("Copy_Atom<SM75_U32x4_LDSM_N,half_t>")?;
            let s2r = a.src2ref()?;
            let refl = a.val_ref()?;
            let t = thr_or(name)?;
            let nv = s2r.mode(1)?.size()?.value;
            let mut out = Vec::new();
            for v in 0..nv {
                let c = IntTuple::Tuple(vec![IntTuple::dy(t), IntTuple::dy(v)]);
                let x = crd2idx(&c, &s2r.shape, &s2r.stride)?;
                let crd = idx2crd(&IntTuple::Int(Int::dy(x.value)), &refl.shape)?;
                out.push(strip_static(&crd).to_string());
            }
            Ok(Output::Text(out.join(" ")))
        }
        "mA" => Ok(Output::Tensor(s.global('A')?)),
        "gA" => Ok(Output::Tensor(s.tile('A')?)),
        "gB" => Ok(Output::Tensor(s.tile('B')?)),
        "gC" => Ok(Output::Tensor(s.tile('C')?)),
        "tAgA" | "tBgB" | "tAgA.shape" | "tBgB.shape" => {
            let g = s.tile(if name.starts_with("tA") { 'A' } else { 'B' })?;
            let t = s.copy_ab()?.partition(&g, thr_or(name)?, true)?;
            Ok(if name.ends_with(".shape") {
                text(&t.inner()?.shape)
            } else {
                Output::Tensor(t)
            })
        }
        "tAsA" | "tBsB" => Ok(Output::Tensor(s.copy_ab()?.partition(
            &smem_tensor()?,
            thr_or(name)?,
            false,
        )?)),
        "tCgC" => Ok(Output::Tensor(s.mma()?.partition(
            Operand::C,
            &s.tile('C')?,
            thr_or(name)?,
        )?)),
        "tCrA.layout" | "tCrB.layout" => {
            let op = if name.starts_with("tCrA") {
                Operand::A
            } else {
                Operand::B
            };
            let mma = s.mma()?;
            let part = mma.partition(op, &smem0()?, thr_or(name)?)?;
            Ok(Output::Layout(mma.make_fragment(op, &part)?))
        }
        "tCrC.layout" => {
            let mma = s.mma()?;
            let part = mma.partition(Operand::C, &s.tile('C')?, thr_or(name)?)?;
            Ok(Output::Layout(mma.make_fragment(Operand::C, &part)?))
        }
        "tXsA" | "tXsB" | "tXsA(_,_,_,0)" | "tXsB(_,_,_,0)" => {
            let op = if name.starts_with("tXsA") {
                Operand::A
            } else {
                Operand::B
            };
            let t = s.s2r(op)?.partition(&smem_tensor()?, thr_or(name)?, true)?;
            Ok(Output::Tensor(if name.ends_with("(_,_,_,0)") {
                t.slice(&Crd::T(vec![Crd::U, Crd::U, Crd::U, Crd::dy(0)]))?
            } else {
                t
            }))
        }
        "tXrA.layout" | "tXrB.layout" => {
            let op = if name.starts_with("tXrA") {
                Operand::A
            } else {
                Operand::B
            };
            let mma = s.mma()?;
            let part = mma.partition(op, &smem0()?, thr_or(name)?)?;
            let frag = mma.make_fragment(op, &part)?;
            let fl = match &frag {
                AnyLayout::Plain(x) => x.clone(),
                AnyLayout::Composed(c) => c.layout_b()?.clone(),
            };
            Ok(plain(s.s2r(op)?.retile(&fl)?))
        }
        _ => Err(Error::unsupported(format!("unknown op 000.{name}"))),
    }
}

fn strip_static(t: &IntTuple) -> IntTuple {
    match t {
        IntTuple::Int(i) => IntTuple::Int(Int::dy(i.value)),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(strip_static).collect()),
    }
}

/// `SM80_16x8x16_F16F16F16F16_TN,1x1x1,Tile<_16,_8,_16>[,copy_V=N]` (a copy atom may come
/// first, `Copy_Atom<...>(NumValSrc=1)`).
fn parse_001(
    p: &Args,
    label: &str,
) -> Result<(Option<tycute_dynamic::atom::copy::CopyAtom>, TiledMma, Option<i64>)> {
    let parts = split_top(label);
    let mut it = parts.iter().peekable();
    let mut atom = None;
    if let Some(first) = it.peek() {
        if first.starts_with("Copy_Atom<") {
            let name = match first.rfind(">(") {
                Some(i) => &first[..=i],
                None => first.as_str(),
            };
            atom = Some(copy_atom(name)?);
            it.next();
        }
    }
    let mma_name = it
        .next()
        .ok_or_else(|| Error::parse("001: missing the MMA atom"))?;
    let mut layout = Layout::left(&"(_1,_1,_1)".parse()?)?;
    let mut perm = Tiler::Underscore;
    let mut copy_v = None;
    for x in it {
        if let Some(v) = x.strip_prefix("copy_V=") {
            copy_v = Some(
                v.parse()
                    .map_err(|_| Error::parse(format!("001: bad copy_V {v}")))?,
            );
        } else if x.starts_with("Tile<") {
            perm = p.tiler(x)?;
        } else if x.contains('x') && !x.contains('(') {
            let dims: Vec<IntTuple> = x
                .split('x')
                .map(|d| d.parse::<i64>().map(IntTuple::st))
                .collect::<std::result::Result<_, _>>()
                .map_err(|_| Error::parse(format!("001: bad atom layout {x}")))?;
            layout = Layout::left(&IntTuple::Tuple(dims))?;
        } else {
            layout = p.layout_or_shape(x)?;
        }
    }
    Ok((
        atom,
        make_tiled_mma(mma_atom(mma_name)?, &layout, &perm)?,
        copy_v,
    ))
}

fn seed001(p: &Args, name: &str, args: &[&str]) -> Result<Output> {
    ensure!(
        args.len() == 1,
        "001.{name}: expected the configuration label"
    );
    let (atom, mma, copy_v) = parse_001(p, args[0])?;
    if let Some(m) = name.strip_prefix("make_tiled_copy_C_atom.") {
        let atom = atom.ok_or_else(|| Error::parse("001: missing the copy atom"))?;
        let tc = make_tiled_copy_c_atom(atom, &mma)?;
        return Ok(match m {
            "TiledLayout_TV" => plain(tc.layout_tv),
            "Tiler_MN" => text(&tc.tiler),
            _ => return Err(Error::unsupported(format!("unknown op 001.{name}"))),
        });
    }
    let c_tv = mma.layout_tv(Operand::C)?;
    let mma_tiler = IntTuple::Tuple(vec![
        IntTuple::Int(mma.tile_size(0)?),
        IntTuple::Int(mma.tile_size(1)?),
    ]);
    match name {
        "layoutC_TV" => return Ok(plain(c_tv)),
        "mma_tiler" => return Ok(text(&mma_tiler)),
        _ => {}
    }
    let v = copy_v.ok_or_else(|| Error::parse(format!("001.{name}: needs copy_V=N")))?;
    let layout_tv = composition(
        &c_tv,
        &Layout::left(&IntTuple::Tuple(vec![
            IntTuple::Int(c_tv.mode(0)?.size()?),
            IntTuple::st(v),
        ]))?,
    )?;
    let tile = |i: usize| -> Result<Layout> {
        let mut z = vec![IntTuple::st(0), IntTuple::st(0)];
        z[i] = IntTuple::st(1);
        filter(&composition(
            &Layout::new(mma_tiler.clone(), IntTuple::Tuple(z))?,
            &layout_tv,
        )?)
    };
    let tiler = Tiler::Tuple(vec![Tiler::Layout(tile(0)?), Tiler::Layout(tile(1)?)]);
    let tile2mma = composition_tiler(&Layout::left(&mma_tiler)?, &tiler)?;
    Ok(match name {
        "layout_TV" => plain(layout_tv),
        "tiler_m" => plain(tile(0)?),
        "tiler_n" => plain(tile(1)?),
        "tiler" => text(&tiler),
        "tile2mma" => plain(tile2mma),
        "left_inverse(tile2mma)" => plain(left_inverse(&tile2mma)?),
        "layout_tv" => plain(composition(&left_inverse(&tile2mma)?, &layout_tv)?),
        _ => return Err(Error::unsupported(format!("unknown op 001.{name}"))),
    })
}

fn seed002(p: &Args, name: &str, args: &[&str]) -> Result<Output> {
    if let Some(n) = name
        .strip_prefix("upcast<")
        .and_then(|r| r.strip_suffix('>'))
    {
        ensure!(args.len() == 1, "002.{name}: expected a layout");
        let n: i64 = n
            .parse()
            .map_err(|_| Error::parse(format!("002: bad upcast {n}")))?;
        let lay = match p.any(args[0])? {
            AnyLayout::Plain(x) => x,
            _ => return Err(Error::parse("002.upcast: expected a plain layout")),
        };
        return Ok(plain(upcast(n, &lay)?));
    }
    ensure!(
        !args.is_empty(),
        "002.{name}: missing the configuration label"
    );
    // `make_tiled_copy(...)[,V=n]`
    let parts = split_top(args[0]);
    ensure!(
        !parts.is_empty(),
        "002.{name}: missing the configuration label"
    );
    let (tc, _) = parse_tiled_copy(p, "make_tiled_copy", &[parts[0].as_str()])?;
    let v = parts.iter().skip(1).find_map(|x| keyed(x, &["V"]));
    let frg_mn = |v: i64| -> Result<Layout> {
        let n = tc.num_thr()?.value * v;
        upcast(
            n,
            &with_shape(
                &right_inverse(&tc.layout_tv)?,
                &tycute_dynamic::tiled_copy::tiler_shape(&tc.tiler)?,
            )?,
        )
    };
    let need_v = || v.ok_or_else(|| Error::parse(format!("002.{name}: needs V=n")));
    Ok(match name {
        "TiledLayout_TV" => plain(tc.layout_tv.clone()),
        "Tiler_MN" => text(&tc.tiler),
        "right_inverse(TiledLayout_TV).with_shape(Tiler_MN)" => plain(with_shape(
            &right_inverse(&tc.layout_tv)?,
            &tycute_dynamic::tiled_copy::tiler_shape(&tc.tiler)?,
        )?),
        "frg_layout_mn" => plain(frg_mn(need_v()?)?),
        "right_inverse(frg_layout_mn)" => plain(right_inverse(&frg_mn(need_v()?)?)?),
        "logical_product(V,right_inverse(frg_layout_mn))" | "frg_layout_v" => {
            let v = need_v()?;
            let lp = logical_product(
                &Layout::left(&IntTuple::st(v))?,
                &Tiler::Layout(right_inverse(&frg_mn(v)?)?),
            )?;
            if name == "frg_layout_v" {
                plain(zipped_divide(
                    &lp,
                    &Tiler::Layout(Layout::left(&IntTuple::Int(tc.atom.num_val()?))?),
                )?)
            } else {
                plain(lp)
            }
        }
        "retile" => {
            ensure!(args.len() == 2, "002.retile: expected a fragment layout");
            let f = match p.any(args[1])? {
                AnyLayout::Plain(x) => x,
                _ => return Err(Error::parse("002.retile: expected a plain layout")),
            };
            plain(tc.retile(&f)?)
        }
        _ => return Err(Error::unsupported(format!("unknown op 002.{name}"))),
    })
}

/// Evaluate a seed op.
pub(crate) fn eval(p: &Args, op: &str, args: &[&str]) -> Result<Output> {
    let (seed, name) = op.split_at(4);
    match seed {
        "000." => seed000(p, name, args),
        "001." => seed001(p, name, args),
        "002." => seed002(p, name, args),
        _ => Err(Error::unsupported(format!("unknown op {op}"))),
    }
}
