#!/usr/bin/env python3
"""Generates ../vectors_tiled_copy.rs from tests/vectors/tiled_copy.txt.

Every line of tiled_copy.txt becomes one check (`table:` lines included). Arguments:

| vector op | arguments | type |
|---|---|---|
| make_tiled_copy.X | atom thr val [ref [thr=t]] | TC = MakeTiledCopy<atom, thr, val> |
| make_tiled_copy_A/B/C.X | copy_atom mma_atom mma_thr mma_perm [...] | TC = MakeTiledCopyA/B/C<copy_atom, TM> |
| make_tiled_copy_C_atom.X | copy_atom mma... | TC = MakeTiledCopyC_Atom<copy_atom, TM> |
| make_tiled_copy_S/D.X | r2s_atom c_atom mma... [...] | TC = MakeTiledCopyS/D<r2s_atom, MakeTiledCopyC_Atom<c_atom, TM>> |
| partition_fragment_A/B.layout | copy_atom mma... ref thr=t | PartitionFragmentA/B<TM, ref, _t>, or copy::SwizzledPartitionFragmentA/B for a swizzled ref |
| partition_fragment_C.layout | mma... shape | MakeLayoutLeft<PartitionShapeC<TM, shape>> |

where TM = MakeTiledMma<MMA_Atom<mma_atom>, cute!(mma_thr), cute!(mma_perm)> (make_tiled_mma pads the
atom layout and the permutation to rank 3), and the member X is

| X | type |
|---|---|
| TiledLayout_TV, Tiler_MN | TiledLayout_TV<TC>, Tiler_MN<TC> |
| layoutS_TV, layoutD_TV | GetLayoutS_TV<TC>, GetLayoutD_TV<TC> |
| tidfrg_S, tidfrg_D | TidfrgS<TC, ref>, TidfrgD<TC, ref> |
| partition_S, partition_D (thr=t) | PartitionS<TC, ref, _t>, PartitionD<TC, ref, _t> |
| retile_S, retile_D (fragment) | RetileS<TC, fragment>, RetileD<TC, fragment> (the `thr=` argument is not used: retile is static) |

Results are compared as CuTe text: `show::<T>()` for the static results, `copy::text::<T>()` for the
partitions (a thread's part of a swizzled tensor can hold run-time strides and MixedBits offsets,
which `copy::text` prints as CuTe does); `table:` lines compare `table::<T>()` / `copy::table_of::<T>()`.
Atom names are translated with the table NAMES of crates/tycute-atom/src/names.rs.

Each distinct TiledMMA and TiledCopy becomes one type alias (`M00`, `C00`, ...). One #[test] per op
(`cargo test -p tycute-tiled --test vectors_tiled_copy -- --nocapture` prints the pass count per op).

Usage (from anywhere): python3 crates/tycute-tiled/tests/gen/gen_vectors_tiled_copy.py
"""
import os
import re
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.normpath(os.path.join(HERE, "..", ".."))
ROOT = os.path.normpath(os.path.join(CRATE, "..", ".."))
SRC = os.path.join(ROOT, "tests", "vectors", "tiled_copy.txt")
NAMES_RS = os.path.join(ROOT, "crates", "tycute-atom", "src", "names.rs")
OUT = os.path.join(HERE, "..", "vectors_tiled_copy.rs")

names = dict(re.findall(r'^\s*\("([^"]+)",\s*"([^"]+)"\),', open(NAMES_RS).read(), re.M))


def local(rust):
    """Root-crate paths (`tycute::atom::X`, `tycute::half_t`) -> this crate's test paths."""
    rust = rust.replace("tycute::atom::", "@ATOM@")
    rust = rust.replace("tycute::typenum::", "tycute_layout::typenum::")
    rust = re.sub(r"tycute::(\w+)", r"tycute_layout::swizzle::recast::\1", rust)
    return rust.replace("@ATOM@", "tycute_atom::")


def rust_name(cute_name):
    if cute_name not in names:
        raise SystemExit("atom name %r is not in tycute-atom's src/names.rs NAMES" % cute_name)
    return local(names[cute_name])


def cute(x):
    return "cute!(%s)" % x


def thr(arg):
    m = re.match(r"thr=(\d+)$", arg)
    assert m, arg
    return cute("_" + m.group(1))


aliases = OrderedDict()  # (kind, key) -> (alias, rust type, doc)


def alias(kind, key, ty, doc):
    k = (kind, key)
    if k not in aliases:
        n = sum(1 for (kk, _) in aliases if kk == kind)
        aliases[k] = ("%s%02d" % (kind, n), ty, doc)
    return aliases[k][0]


def mma(atom, lay, perm):
    return alias("M", (atom, lay, perm),
                 "MakeTiledMma<MMA_Atom<%s>, cute!(%s), cute!(%s)>" % (rust_name(atom), lay, perm),
                 "`%s` `%s` `%s`" % (atom, lay, perm))


def copy_atom(name):
    return rust_name(name)


def swizzled(text):
    return text.startswith("Sw<")


def build(op, args):
    """(kind, rust type) of a case: kind is `show` (Reify) or `text` (copy::text)."""
    group, member = op.split(".", 1)
    if group == "make_tiled_copy":
        atom, tl, vl = args[:3]
        rest = args[3:]
        tc = alias("C", ("make", atom, tl, vl),
                   "MakeTiledCopy<%s, cute!(%s), cute!(%s)>" % (copy_atom(atom), tl, vl),
                   "make_tiled_copy(`%s`, `%s`, `%s`)" % (atom, tl, vl))
    elif group in ("make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C", "make_tiled_copy_C_atom"):
        atom, ma, ml, mp = args[:4]
        rest = args[4:]
        suffix = group[len("make_tiled_copy_"):]
        tc = alias("C", (group, atom, ma, ml, mp),
                   "MakeTiledCopy%s<%s, %s>" % (suffix, copy_atom(atom), mma(ma, ml, mp)),
                   "%s(`%s`, `%s` `%s` `%s`)" % (group, atom, ma, ml, mp))
    elif group in ("make_tiled_copy_S", "make_tiled_copy_D"):
        r2s, catom, ma, ml, mp = args[:5]
        rest = args[5:]
        c = alias("C", ("make_tiled_copy_C_atom", catom, ma, ml, mp),
                  "MakeTiledCopyC_Atom<%s, %s>" % (copy_atom(catom), mma(ma, ml, mp)),
                  "make_tiled_copy_C_atom(`%s`, `%s` `%s` `%s`)" % (catom, ma, ml, mp))
        sd = group[-1]
        tc = alias("C", (group, r2s, catom, ma, ml, mp),
                   "MakeTiledCopy%s<%s, %s>" % (sd, copy_atom(r2s), c),
                   "%s(`%s`, %s)" % (group, r2s, c))
    elif group in ("partition_fragment_A", "partition_fragment_B"):
        assert member == "layout", op
        atom, ma, ml, mp, ref, th = args
        x = group[-1]
        sw = "Swizzled" if swizzled(ref) else ""
        return "show", "%sPartitionFragment%s<%s, %s, %s>" % (sw, x, mma(ma, ml, mp), cute(ref), thr(th))
    elif group == "partition_fragment_C":
        assert member == "layout", op
        ma, ml, mp, shape = args
        return "show", "MakeLayoutLeft<PartitionShapeC<%s, %s>>" % (mma(ma, ml, mp), cute(shape))
    else:
        raise SystemExit("unknown op %r" % op)

    if member == "TiledLayout_TV":
        return "show", "TiledLayout_TV<%s>" % tc
    if member == "Tiler_MN":
        return "show", "Tiler_MN<%s>" % tc
    if member in ("layoutS_TV", "layoutD_TV"):
        return "show", "GetLayout%s_TV<%s>" % (member[6], tc)
    if member in ("tidfrg_S", "tidfrg_D"):
        (ref,) = rest
        return "show", "Tidfrg%s<%s, %s>" % (member[-1], tc, cute(ref))
    if member in ("partition_S", "partition_D"):
        ref, th = rest
        return "text", "Partition%s<%s, %s, %s>" % (member[-1], tc, cute(ref), thr(th))
    if member in ("retile_S", "retile_D"):
        frag = rest[0]
        return "show", "Retile%s<%s, %s>" % (member[-1], tc, cute(frag))
    raise SystemExit("unknown op %r" % op)


cases = OrderedDict()  # op -> [(lineno, check fn, type, result)]
with open(SRC) as f:
    for lineno, line in enumerate(f, 1):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 2 or fields[0].startswith("#"):
            continue
        op = fields[1]
        is_table = op.startswith("table:")
        base = op[len("table:"):] if is_table else op
        k = fields.index("=>")
        args, result = fields[2:k], "\t".join(fields[k + 1:])
        kind, ty = build(base, args)
        fn = {("show", False): "show", ("show", True): "tbl", ("text", False): "text", ("text", True): "text_tbl"}[
            (kind, is_table)]
        cases.setdefault(base, []).append((lineno, fn, ty, result))

out = []
out.append("// @generated by tests/gen/gen_vectors_tiled_copy.py from tests/vectors/tiled_copy.txt. Do not edit.\n")
out.append("#![allow(clippy::all, non_camel_case_types)]\n")
out.append("extern crate tycute_layout as tycute;\n")
out.append("use tycute_atom::{Copy_Atom, MMA_Atom};\n")
out.append("use tycute_layout::{show, table, MakeLayoutLeft, Reify};\n")
out.append("use tycute_macros::cute;\n")
out.append("use tycute_tiled::copy::*;\n")
out.append("use tycute_tiled::mma::{MakeTiledMma, PartitionFragmentA, PartitionFragmentB, PartitionShapeC};\n\n")
for (kind, _), (a, ty, doc) in aliases.items():
    if kind == "M":
        out.append("/// %s\ntype %s = %s;\n" % (doc, a, ty))
for (kind, _), (a, ty, doc) in aliases.items():
    if kind == "C":
        out.append("/// %s\ntype %s = %s;\n" % (doc, a, ty))
out.append("""
fn tbl<L: Reify>() -> String {
    table::<L>().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}
fn text_tbl<T: CuteFunc>() -> String {
    table_of::<T>().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

struct Cases {
    op: &'static str,
    total: usize,
    fails: Vec<String>,
}
impl Cases {
    fn new(op: &'static str) -> Self {
        Cases { op, total: 0, fails: Vec::new() }
    }
    fn check(&mut self, line: u32, got: String, want: &str) {
        self.total += 1;
        if got != want {
            self.fails.push(format!("tiled_copy.txt:{line}: got {got}, want {want}"));
        }
    }
    fn finish(self) {
        eprintln!("{}: {}/{} passed", self.op, self.total - self.fails.len(), self.total);
        assert!(self.fails.is_empty(), "{}:\\n{}", self.op, self.fails.join("\\n"));
    }
}
""")
total = 0
for op, cs in cases.items():
    fn = "op_" + re.sub(r"[^A-Za-z0-9]+", "_", op).strip("_").lower()
    out.append('\n#[test]\nfn %s() {\n    let mut c = Cases::new("%s");\n' % (fn, op))
    for lineno, kind, ty, result in cs:
        out.append('    c.check(%d, %s::<%s>(), "%s");\n' % (lineno, kind, ty, result))
        total += 1
    out.append("    c.finish();\n}\n")
with open(OUT, "w") as f:
    f.write("".join(out))

print("wrote %d cases (%d TiledMMAs, %d TiledCopies) to %s" % (
    total, sum(1 for k in aliases if k[0] == "M"), sum(1 for k in aliases if k[0] == "C"), os.path.normpath(OUT)))
for op, cs in cases.items():
    print("  %-36s %4d (%d table)" % (op, len(cs), sum(1 for c in cs if c[1] in ("tbl", "text_tbl"))))
