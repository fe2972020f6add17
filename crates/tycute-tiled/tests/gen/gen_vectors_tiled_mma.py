#!/usr/bin/env python3
"""Generates ../vectors_tiled_mma*.rs and ../vectors_tiled_mma_rejected.md from tests/vectors/tiled_mma.txt.

Every line of tiled_mma.txt is a case of one TiledMMA configuration `atom thr_layout perm`. The
configuration is `tycute_tiled::TiledMMA<MMA_Atom<ATOM>, cute!(thr_layout), cute!(perm)>` (the
vectors print the padded rank-3 arguments of `make_tiled_mma`); the atom name is translated with
the table NAMES of crates/tycute-atom/src/names.rs (as tycute-atom's own generator does), `(_,_,_)`
is a tuple of `Underscore`, and `thr=t` is the static integer `cute!(_t)`.

| vector op | type |
|---|---|
| thr_layout_vmnk | ThrLayoutVMNK<T> |
| tile_size<I>, permutation_mnk<I>, size | TileSize<T, I>, PermutationMNK<T, I>, tycute::Size<T> |
| get_layoutA/B/C_TV | GetLayoutA_TV<T>, ... |
| thrfrg_A/B/C ref | ThrfrgA<T, ref>, ... |
| partition_A/B/C ref thr=t | PartitionA<T, ref, _t>, ... (a CountingTensor) |
| partition_shape_A/B/C shape, partition_fragment_C.shape shape | PartitionShapeA<T, shape>, ..., PartitionShapeC<T, shape> |
| partition_fragment_A/B/C.layout ref thr=t | PartitionFragmentA<T, ref, _t>, ... |

`table:` lines compare `table::<T>()` (for a partition: `N + L(i)`).

tycute rejects a whole configuration when its TV layouts would index past its tile (README, "Where
tycute deliberately differs", item 2). The rule, the same O(modes) condition as the type level
(crates/tycute-tiled/src/mma/tiled_mma.rs):

* for each mode I of M, N, K: tile_size<I> % (atom_shape<I> * size<I>(atom_layout)) == 0;
* size<2>(atom_layout) == 1;
* a permutation layout has cosize <= size.

The lines of rejected configurations are not run; each rejected configuration becomes one
`compile_fail` doctest in ../vectors_tiled_mma_rejected.md (included by src/mma/mod.rs under
`cfg(doctest)`). The generator checks that the rule rejects every configuration the README lists,
and reports any other configuration it rejects (each one must be a CuTe result that indexes past
its tile, recorded in tests/vectors/DEVIATIONS.md).

One #[test] per op, so the pass count per op is visible
(`cargo test -p tycute-tiled --test vectors_tiled_mma -- --nocapture`).

Usage (from anywhere): python3 crates/tycute-tiled/tests/gen/gen_vectors_tiled_mma.py
"""
import os
import re
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.normpath(os.path.join(HERE, "..", ".."))
ROOT = os.path.normpath(os.path.join(CRATE, "..", ".."))
SRC = os.path.join(ROOT, "tests", "vectors", "tiled_mma.txt")
README = os.path.join(ROOT, "tests", "vectors", "README.md")
NAMES_RS = os.path.join(ROOT, "crates", "tycute-atom", "src", "names.rs")
REJ_OUT = os.path.join(HERE, "..", "vectors_tiled_mma_rejected.md")

# CuTe name -> Rust type (root-crate paths), from tycute-atom's src/names.rs
names = dict(re.findall(r'^\s*\("([^"]+)",\s*"([^"]+)"\),', open(NAMES_RS).read(), re.M))


def local(rust):
    """Root-crate paths (`tycute::atom::X`, `tycute::float`) -> this crate's test paths."""
    rust = rust.replace("tycute::atom::", "@ATOM@")
    rust = rust.replace("tycute::typenum::", "tycute_layout::typenum::")
    rust = re.sub(r"tycute::(\w+)", r"tycute_layout::swizzle::recast::\1", rust)
    return rust.replace("@ATOM@", "tycute_atom::")


# ---------------------------------------------------------------------------------------------
# CuTe text helpers (static values only)

def split_top(s):
    """Elements of a tuple text `(a,b,c)` at depth 1."""
    assert s[0] == "(" and s[-1] == ")", s
    out, depth, cur = [], 0, ""
    for ch in s[1:-1]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def split_layout(s):
    """`shape:stride` at depth 0 -> (shape, stride)."""
    depth = 0
    for i, ch in enumerate(s):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ":" and depth == 0:
            return s[:i], s[i + 1:]
    return None


def leaves(s):
    return [int(x) for x in re.findall(r"_(-?\d+)", s)]


def size_of(s):
    """size of a shape text or a layout text."""
    lay = split_layout(s)
    shape = lay[0] if lay else s
    n = 1
    for x in leaves(shape):
        n *= x
    return n


def cosize_of(s):
    shape, stride = split_layout(s)
    return sum((a - 1) * d for a, d in zip(leaves(shape), leaves(stride))) + 1


def atom_shape(name):
    """(M, N, K) of an MMA atom from its name."""
    if name.startswith("UniversalFMA"):
        return (1, 1, 1)
    m = re.match(r"SM\d\d_(\d+)x(\d+)x(\d+)_", name)
    assert m, name
    return tuple(int(x) for x in m.groups())


def rejected_by_rule(atom, thr_layout, perm):
    """tycute's TiledMMA rule; returns the reasons (empty when accepted)."""
    shape, _ = split_layout(thr_layout)
    layout_sizes = [size_of(e) for e in split_top(shape)]
    perms = split_top(perm)
    why = []
    for i, mode in enumerate("MNK"):
        a, t, p = atom_shape(atom)[i], layout_sizes[i], perms[i]
        tile = a * t if p == "_" else size_of(p)
        if tile % (a * t) != 0:
            why.append("tile_size<%d> = %d is not a multiple of %d x %d" % (i, tile, a, t))
        if split_layout(p) and cosize_of(p) > size_of(p):
            why.append("permutation %s reaches past its size" % p)
    if layout_sizes[2] != 1:
        why.append("atom layout K = %d > 1" % layout_sizes[2])
    return why


def readme_rejected():
    text = open(README).read()
    return set(re.findall(r"- `(\S+)`, atom layout `(\S+)`, tile `(\S+)`", text))


# ---------------------------------------------------------------------------------------------

configs = OrderedDict()  # (atom, thr_layout, perm) -> alias


def config_alias(cfg):
    if cfg not in configs:
        configs[cfg] = "T%02d" % len(configs)
    return configs[cfg]


def cute(x):
    return "cute!(%s)" % x


def thr(arg):
    m = re.match(r"thr=(\d+)$", arg)
    assert m, arg
    return cute("_" + m.group(1))


def build(op, cfg_alias, extra):
    """The Rust type of a case."""
    t = cfg_alias
    if op == "thr_layout_vmnk":
        return "ThrLayoutVMNK<%s>" % t
    m = re.match(r"tile_size<(\d)>$", op)
    if m:
        return "TileSize<%s, %s>" % (t, ["Z0", "P1", "P2"][int(m.group(1))])
    m = re.match(r"permutation_mnk<(\d)>$", op)
    if m:
        return "PermutationMNK<%s, %s>" % (t, ["Z0", "P1", "P2"][int(m.group(1))])
    if op == "size":
        return "Size<%s>" % t
    m = re.match(r"get_layout([ABC])_TV$", op)
    if m:
        return "GetLayout%s_TV<%s>" % (m.group(1), t)
    m = re.match(r"thrfrg_([ABC])$", op)
    if m:
        (ref,) = extra
        return "Thrfrg%s<%s, %s>" % (m.group(1), t, cute(ref))
    m = re.match(r"partition_([ABC])$", op)
    if m:
        ref, th = extra
        return "Partition%s<%s, %s, %s>" % (m.group(1), t, cute(ref), thr(th))
    m = re.match(r"partition_shape_([ABC])$", op)
    if m:
        (shape,) = extra
        return "PartitionShape%s<%s, %s>" % (m.group(1), t, cute(shape))
    if op == "partition_fragment_C.shape":
        (shape,) = extra
        return "PartitionShapeC<%s, %s>" % (t, cute(shape))
    m = re.match(r"partition_fragment_([ABC])\.layout$", op)
    if m:
        ref, th = extra
        return "PartitionFragment%s<%s, %s, %s>" % (m.group(1), t, cute(ref), thr(th))
    raise SystemExit("unknown op %r" % op)


cases = OrderedDict()  # op -> [(lineno, kind, type, result)]
skipped = OrderedDict()  # cfg -> [lineno]
reasons = {}
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
        cfg = tuple(args[:3])
        why = rejected_by_rule(*cfg)
        if why:
            reasons[cfg] = why
            skipped.setdefault(cfg, []).append(lineno)
            continue
        ty = build(base, config_alias(cfg), args[3:])
        cases.setdefault(base, []).append((lineno, "tbl" if is_table else "show", ty, result))

# The rule must reject every configuration the README lists; report the others it rejects.
listed = readme_rejected()
missing = listed - set(skipped)
if missing:
    raise SystemExit("the rule accepts configurations the README rejects: %r" % sorted(missing))
extra = [c for c in skipped if c not in listed]

atoms_used = OrderedDict()
for (atom, _, _) in list(configs) + list(skipped):
    if atom not in names:
        raise SystemExit("atom name %r is not in tycute-atom's src/names.rs NAMES" % atom)
    atoms_used[atom] = local(names[atom])

# The test is split by op (files compile in parallel): the partitions, which dominate the
# compile time, each get a file of their own.
FILES = OrderedDict([
    ("vectors_tiled_mma.rs", lambda op: not re.match(r"partition_[ABC]$", op)),
    ("vectors_tiled_mma_partition_a.rs", lambda op: op == "partition_A"),
    ("vectors_tiled_mma_partition_b.rs", lambda op: op == "partition_B"),
    ("vectors_tiled_mma_partition_c.rs", lambda op: op == "partition_C"),
])


def write_file(name, keep):
    global total
    out = []
    out.append("// @generated by tests/gen/gen_vectors_tiled_mma.py from tests/vectors/tiled_mma.txt. Do not edit.\n")
    out.append("#![allow(clippy::all, non_camel_case_types, dead_code)]\n")
    out.append("extern crate tycute_layout as tycute;\n")
    out.append("use tycute_atom::MMA_Atom;\n")
    out.append("use tycute_layout::typenum::{P1, P2, Z0};\n")
    out.append("use tycute_layout::{show, table, Reify, Size};\n")
    out.append("use tycute_macros::cute;\n")
    out.append("use tycute_tiled::mma::*;\n\n")
    for (atom, lay, perm), a in configs.items():
        out.append("/// `%s` `%s` `%s`\ntype %s = TiledMMA<MMA_Atom<%s>, cute!(%s), cute!(%s)>;\n" % (
            atom, lay, perm, a, atoms_used[atom], lay, perm))
    out.append("""
    /// `show::<L>()` and the table as the vectors print it, from one instantiation.
    fn both<L: Reify>() -> (String, String) {
        (show::<L>(), table::<L>().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" "))
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
                self.fails.push(format!("tiled_mma.txt:{line}: got {got}, want {want}"));
            }
        }
        /// A value line.
        fn show(&mut self, line: u32, got: String, want: &str) {
            self.check(line, &got, want);
        }
        /// A value line and its `table:` line.
        fn both(&mut self, line: u32, want: &str, tline: u32, twant: &str, got: (String, String)) {
            self.check(line, &got.0, want);
            self.check(tline, &got.1, twant);
        }
        fn finish(self) {
            eprintln!("{}: {}/{} passed", self.op, self.total - self.fails.len(), self.total);
            assert!(self.fails.is_empty(), "{}:\\n{}", self.op, self.fails.join("\\n"));
        }
    }
    """)
    out.append("\n// Rejected configurations (%d lines, not run here; see vectors_tiled_mma_rejected.md):\n" %
               sum(len(v) for v in skipped.values()))
    for cfg, lines in skipped.items():
        out.append("//   %s %s %s: %d lines (%s)\n" % (cfg[0], cfg[1], cfg[2], len(lines), "; ".join(reasons[cfg])))
    for op, cs in [(o, c) for o, c in cases.items() if keep(o)]:
        fn = "op_" + re.sub(r"[^A-Za-z0-9]+", "_", op).strip("_").lower()
        out.append('\n#[test]\nfn %s() {\n    let mut c = Cases::new("%s");\n' % (fn, op))
        # one instantiation per distinct type: its value line and its table line together
        by_type = OrderedDict()
        for lineno, kind, ty, result in cs:
            by_type.setdefault(ty, {})[kind] = (lineno, result)
        for ty, k in by_type.items():
            if "tbl" in k:
                (l, w), (tl, tw) = k["show"], k["tbl"]
                out.append('    c.both(%d, "%s", %d, "%s", both::<%s>());\n' % (l, w, tl, tw, ty))
                total += 2
            else:
                l, w = k["show"]
                out.append('    c.show(%d, show::<%s>(), "%s");\n' % (l, ty, w))
                total += 1
        out.append("    c.finish();\n}\n")

    out[0] = out[0].replace("Do not edit.", "Do not edit. (%s)" % ", ".join(o for o in cases if keep(o)))
    with open(os.path.join(HERE, "..", name), "w") as f:
        f.write("".join(out))


total = 0
for name, keep in FILES.items():
    write_file(name, keep)

# compile_fail doctests: one per rejected configuration (its first line's op).
rej = []
rej.append("<!-- @generated by tests/gen/gen_vectors_tiled_mma.py from tests/vectors/tiled_mma.txt. Do not edit. -->\n\n")
rej.append("# TiledMMA configurations of `tiled_mma.txt` that tycute rejects\n\n")
rej.append("Each configuration's TV layouts would index past its tile (vectors README, \"Where tycute\n"
           "deliberately differs\", item 2); every line of it expects a rejection. Each block below is\n"
           "a `compile_fail` doctest that names the configuration and evaluates one member.\n")
for cfg, lines in skipped.items():
    atom, lay, perm = cfg
    note = "" if cfg in listed else " (not in the README's list: the C tile has no `table:` line; see tests/vectors/DEVIATIONS.md)"
    rej.append("\n`%s`, atom layout `%s`, tile `%s`: %s; %d lines from tiled_mma.txt:%d%s.\n\n" % (
        atom, lay, perm, "; ".join(reasons[cfg]), len(lines), lines[0], note))
    rej.append("```compile_fail,E0277\n")
    rej.append("# extern crate tycute_layout as tycute;\n")
    rej.append("# use tycute_atom::MMA_Atom;\n# use tycute_layout::show;\n# use tycute_macros::cute;\n# use tycute_tiled::mma::*;\n")
    rej.append("type T = TiledMMA<MMA_Atom<%s>, cute!(%s), cute!(%s)>;\n" % (atoms_used[atom], lay, perm))
    rej.append("let _ = show::<GetLayoutC_TV<T>>();\n")
    rej.append("```\n")
with open(REJ_OUT, "w") as f:
    f.write("".join(rej))

print("wrote %d cases (%d configurations) to %s" % (total, len(configs), ", ".join(FILES)))
for op, cs in cases.items():
    print("  %-32s %4d (%d table)" % (op, len(cs), sum(1 for c in cs if c[1] == "tbl")))
print("%d configurations rejected (%d lines) -> %s" % (
    len(skipped), sum(len(v) for v in skipped.values()), os.path.normpath(REJ_OUT)))
for cfg in extra:
    print("  rejected but not in the README's list: %s %s %s (%s)" % (cfg + ("; ".join(reasons[cfg]),)))
