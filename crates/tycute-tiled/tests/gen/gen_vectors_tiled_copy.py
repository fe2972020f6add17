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

The TiledCopy lines of rejects.txt (make_tiled_copy, make_tiled_copy_A, make_tiled_copy_C_atom,
tidfrg_S) become `compile_fail` doctests in ../vectors_tiled_copy_rejected.md (included by
src/copy/mod.rs under `cfg(doctest)`), each with CuTe's message as a comment; so does one case of
tycute's own coverage rule for make_tiled_copy_C_atom (not in the vectors: every vector case
satisfies it).

Usage (from anywhere): python3 crates/tycute-tiled/tests/gen/gen_vectors_tiled_copy.py
"""
import os
import re
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.normpath(os.path.join(HERE, "..", ".."))
ROOT = os.path.normpath(os.path.join(CRATE, "..", ".."))
SRC = os.path.join(ROOT, "tests", "vectors", "tiled_copy.txt")
REJECTS = os.path.join(ROOT, "tests", "vectors", "rejects.txt")
REJ_OUT = os.path.join(HERE, "..", "vectors_tiled_copy_rejected.md")
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
        suffix = {"A": "A", "B": "B", "C": "C", "C_atom": "C_Atom"}[group[len("make_tiled_copy_"):]]
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


cases = OrderedDict()  # op -> [(lineno, kind, type, result, table lineno or None, table result)]
with open(SRC) as f:
    pending = None
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
        if is_table:
            # a table line follows its value line (same op and arguments): check both from one
            # instantiation of the type
            last = cases[base][-1]
            assert last[2] == ty and last[4] is None, (lineno, op)
            cases[base][-1] = last[:4] + (lineno, result)
        else:
            cases.setdefault(base, []).append((lineno, kind, ty, result, None, None))

out = []
out.append("// @generated by tests/gen/gen_vectors_tiled_copy.py from tests/vectors/tiled_copy.txt. Do not edit.\n")
out.append("#![allow(clippy::all, non_camel_case_types)]\n")
out.append("extern crate tycute_layout as tycute;\n")
out.append("use tycute_atom::MMA_Atom;\n")
out.append("use tycute_layout::{show, table, MakeLayoutLeft, Reify};\n")
out.append("use tycute_macros::cute;\n")
out.append("use tycute_tiled::copy::*;\n")
mma_uses = ["MakeTiledMma", "PartitionShapeC"] + sorted(
    {"PartitionFragment" + x for cs in cases.values() for c in cs for x in "AB" if c[2].startswith("PartitionFragment" + x)})
out.append("use tycute_tiled::mma::{%s};\n\n" % ", ".join(mma_uses))
for (kind, _), (a, ty, doc) in aliases.items():
    if kind == "M":
        out.append("/// %s\ntype %s = %s;\n" % (doc, a, ty))
for (kind, _), (a, ty, doc) in aliases.items():
    if kind == "C":
        out.append("/// %s\ntype %s = %s;\n" % (doc, a, ty))
out.append("""
fn join(t: Vec<i64>) -> String {
    t.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}
/// CuTe's text of a static value and its table, from one instantiation.
fn both<L: Reify>() -> (String, String) {
    (show::<L>(), join(table::<L>()))
}
/// CuTe's text of a partition (which may hold run-time parts) and its table.
fn text_both<T: CuteText + CuteFunc>() -> (String, String) {
    (text::<T>(), join(table_of::<T>()))
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
    fn check(&mut self, line: u32, got: &str, want: &str) {
        self.total += 1;
        if got != want {
            self.fails.push(format!("tiled_copy.txt:{line}: got {got}, want {want}"));
        }
    }
    /// A value line.
    fn one(&mut self, line: u32, got: String, want: &str) {
        self.check(line, &got, want);
    }
    /// A value line and its `table:` line.
    fn two(&mut self, line: u32, want: &str, tline: u32, twant: &str, got: (String, String)) {
        self.check(line, &got.0, want);
        self.check(tline, &got.1, twant);
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
    for lineno, kind, ty, result, tline, tresult in cs:
        if tline is None:
            fn_ = {"show": "show", "text": "text"}[kind]
            out.append('    c.one(%d, %s::<%s>(), "%s");\n' % (lineno, fn_, ty, result))
            total += 1
        else:
            fn_ = {"show": "both", "text": "text_both"}[kind]
            out.append('    c.two(%d, "%s", %d, "%s", %s::<%s>());\n' % (lineno, result, tline, tresult, fn_, ty))
            total += 2
    out.append("    c.finish();\n}\n")
with open(OUT, "w") as f:
    f.write("".join(out))

print("wrote %d cases (%d TiledMMAs, %d TiledCopies) to %s" % (
    total, sum(1 for k in aliases if k[0] == "M"), sum(1 for k in aliases if k[0] == "C"), os.path.normpath(OUT)))
for op, cs in cases.items():
    print("  %-36s %4d (%d table)" % (op, len(cs) + sum(1 for c in cs if c[4]), sum(1 for c in cs if c[4])))


# ---------------------------------------------------------------------------------------------
# rejects.txt: the TiledCopy rejections as compile_fail doctests

def mma_spec(spec):
    """`ATOM,(_1,_1,_1)` (an atom and an atom-layout shape) -> the TiledMMA type."""
    atom, shape = spec.split(",", 1)
    zeros = re.sub(r"_\d+", "_0", shape)
    return "MakeTiledMma<MMA_Atom<%s>, cute!(%s:%s)>" % (rust_name(atom), shape, zeros)


def reject_case(op, args):
    """(description, rust lines) of a rejects.txt line, or None when it is not a TiledCopy case."""
    if op == "make_tiled_copy":
        atom, tl, vl = args
        return ("make_tiled_copy(`%s`, `%s`, `%s`)" % (atom, tl, vl),
                "type TC = MakeTiledCopy<%s, cute!(%s), cute!(%s)>;\nlet _ = show::<TiledLayout_TV<TC>>();" % (
                    copy_atom(atom), tl, vl))
    if op in ("make_tiled_copy_A", "make_tiled_copy_C_atom"):
        atom, spec = args
        suffix = {"make_tiled_copy_A": "A", "make_tiled_copy_C_atom": "C_Atom"}[op]
        return ("%s(`%s`, `%s`)" % (op, atom, spec),
                "type TC = MakeTiledCopy%s<%s, %s>;\nlet _ = show::<TiledLayout_TV<TC>>();" % (
                    suffix, copy_atom(atom), mma_spec(spec)))
    if op == "tidfrg_S":
        m = re.match(r"make_tiled_copy\((Copy_Atom<[^>]*>[^,]*,[^,]*),((?:\([^)]*\)|[^,])*:(?:\([^)]*\)|[^,])*),(.*)\)$", args[0])
        assert m, args[0]
        atom, tl, vl = m.groups()
        (ref,) = args[1:]
        return ("tidfrg_S of make_tiled_copy(`%s`, `%s`, `%s`) on `%s`" % (atom, tl, vl, ref),
                "type TC = MakeTiledCopy<%s, cute!(%s), cute!(%s)>;\nlet _ = show::<TidfrgS<TC, cute!(%s)>>();" % (
                    copy_atom(atom), tl, vl, ref))
    return None


rej = []
rej.append("<!-- @generated by tests/gen/gen_vectors_tiled_copy.py from tests/vectors/rejects.txt. Do not edit. -->\n\n")
rej.append("# TiledCopy inputs that CuTe (or tycute) rejects\n\n")
rej.append("Each block is a `compile_fail` doctest; the comment gives the message CuTe's compiler prints\n"
           "(rejects.txt), which tycute's error carries too.\n")
n_rej = 0
with open(REJECTS) as f:
    for lineno, line in enumerate(f, 1):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 2:
            continue
        k = fields.index("=>")
        case = reject_case(fields[1], fields[2:k])
        if case is None:
            continue
        desc, body = case
        msg = fields[k + 2] if len(fields) > k + 2 else "static assertion failed"
        rej.append("\nrejects.txt:%d: %s: `%s`\n\n" % (lineno, desc, msg))
        rej.append("```compile_fail,E0277\n# extern crate tycute_layout as tycute;\n")
        rej.append("# use tycute_atom::{Copy_Atom, MMA_Atom};\n# use tycute_layout::show;\n# use tycute_macros::cute;\n")
        rej.append("# use tycute_tiled::{copy::*, mma::MakeTiledMma};\n")
        rej.append("// %s\n%s\n```\n" % (msg, body))
        n_rej += 1

# tycute's own rule (crates/tycute-tiled/src/copy/coverage.rs): every case of the vectors
# satisfies it, so its examples are written here. A TiledCopy made directly from a TV layout and
# a tiler: make_tiled_copy_S of it copies some elements of the tile never, or twice.
rej.append("\n## tycute's coverage rule\n\n"
           "`make_tiled_copy_C_atom`, `make_tiled_copy_S` and `make_tiled_copy_D` must give a TV layout that\n"
           "covers the tile exactly once (`src/copy/coverage.rs`). Every vector case does; these copies\n"
           "(from a TiledCopy built directly with `TiledCopy<Atom, TV, Tiler>`) do not.\n")
U32 = copy_atom("Copy_Atom<UniversalCopy<uint32_t>,half_t>")
for desc, tv, tiler in [
    ("a TV layout that reaches 64 of the 128 elements of its (32,4) tile", "(_32,_2):(_1,_64)", "(_32,_4)"),
    ("a TV layout that reaches elements 16..31 twice in its (64,2) tile", "(_32,_4):(_1,_16)", "(_64,_2)"),
]:
    rej.append("\nmake_tiled_copy_S of `TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,half_t>, %s, %s>`: %s.\n\n" % (tv, tiler, desc))
    rej.append("```compile_fail,E0277\n# extern crate tycute_layout as tycute;\n# use tycute_layout::show;\n# use tycute_macros::cute;\n")
    rej.append("# use tycute_tiled::copy::*;\n")
    rej.append("// make_tiled_copy_S/D: the source/destination TV layout does not cover the tile exactly once\n")
    rej.append("type TC = TiledCopy<%s, cute!(%s), cute!(%s)>;\n" % (U32, tv, tiler))
    rej.append("let _ = show::<TiledLayout_TV<MakeTiledCopyS<%s, TC>>>();\n```\n" % U32)
    n_rej += 1
with open(REJ_OUT, "w") as f:
    f.write("".join(rej))
print("wrote %d rejected cases to %s" % (n_rej, os.path.normpath(REJ_OUT)))
