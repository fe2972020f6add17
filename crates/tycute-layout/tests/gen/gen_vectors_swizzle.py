#!/usr/bin/env python3
"""Generates ../vectors_swizzle.rs from tests/vectors/swizzle.txt.

Takes every *static* case of swizzle.txt, with its `table:` line, and writes one check per case.
A case is static when its arguments hold no plain-digit (dynamic) integer outside `Sw<B,M,S>`;
the count of `swizzle_table` and the `N` of `upcast`/`downcast` are template arguments and
allowed. So `swizzle_apply Sw<3,3,3> 7` (run time only) is skipped and `swizzle_apply Sw<2,3,3>
_100` is kept. Each op is one #[test] that runs all its cases and fails with the list of
mismatches, so the pass count per op is visible (`cargo test --test vectors_swizzle -- --nocapture`).

The element types and GMMA atoms in the vectors are written as tycute names them (the same as
CuTe's: `Layout_K_SW128_Atom<half_t>`, `float`, `tfloat32_t`, `uint8_t`).

Ops whose type alias does not exist (yet) in crates/tycute-layout/src are left out and listed in
the generated file's header; `--without op1,op2` leaves out more.

Usage (from the repository root): python3 crates/tycute-layout/tests/gen/gen_vectors_swizzle.py
"""
import os
import re
import sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.normpath(os.path.join(HERE, "..", ".."))
ROOT = os.path.normpath(os.path.join(CRATE, "..", ".."))
SRC = os.path.join(ROOT, "tests", "vectors", "swizzle.txt")
OUT = os.path.join(HERE, "..", "vectors_swizzle.rs")


def c(x):
    return "cute!(%s)" % x


def tts(atom, a):
    # atom shape [order]
    if len(a) == 1:
        return "TileToShape<%s, %s>" % (atom, c(a[0]))
    return "TileToShapeOrdered<%s, %s, %s>" % (atom, c(a[0]), c(a[1]))


# op -> (kind, builder, aliases it needs). kind: "show" (a static value), "table" (run-time
# swizzle_table), "masks" (run-time swizzle_masks).
OPS = OrderedDict([
    ("swizzle_apply", ("show", lambda a: "SwizzleApply<%s, %s>" % (c(a[0]), c(a[1])), ["SwizzleApply"])),
    ("swizzle_table", ("swtable", lambda a: "swizzle_table::<%s>(%s)" % (c(a[0]), a[1]), [])),
    ("swizzle_masks", ("masks", lambda a: "swizzle_masks::<%s>()" % c(a[0]), [])),
    ("composition", ("show", lambda a: "Composition<%s, %s>" % (c(a[0]), c(a[1])), ["Composition"])),
    ("composition_tiler", ("show", lambda a: "Composition<%s, %s>" % (c(a[0]), c(a[1])), ["Composition"])),
    ("logical_divide", ("show", lambda a: "LogicalDivide<%s, %s>" % (c(a[0]), c(a[1])), ["LogicalDivide"])),
    ("zipped_divide", ("show", lambda a: "ZippedDivide<%s, %s>" % (c(a[0]), c(a[1])), ["ZippedDivide"])),
    ("right_inverse", ("show", lambda a: "RightInverse<%s>" % c(a[0]), ["RightInverse"])),
    ("left_inverse", ("show", lambda a: "LeftInverse<%s>" % c(a[0]), ["LeftInverse"])),
    ("upcast", ("show", lambda a: "Upcast<%s, %s>" % (c(a[0]), c(a[1])), ["Upcast"])),
    ("downcast", ("show", lambda a: "Downcast<%s, %s>" % (c(a[0]), c(a[1])), ["Downcast"])),
    ("recast_layout", ("show", None, ["RecastLayout"])),
    ("tile_to_shape", ("show", lambda a: tts(c(a[1]), a[2:]), ["TileToShape", "TileToShapeOrdered"])),
    ("gmma_atom", ("show", lambda a: a[0], [])),
    ("gmma_atom.position_independent", ("show", lambda a: "AsPositionIndependent<%s>" % a[0], ["AsPositionIndependent"])),
    ("gmma_atom.tile_to_shape", ("show", lambda a: tts(a[0], a[1:]), ["TileToShape", "TileToShapeOrdered"])),
    ("gmma_atom.tile_to_shape.position_independent",
     ("show", lambda a: "AsPositionIndependent<%s>" % tts(a[0], a[1:]), ["AsPositionIndependent", "TileToShape", "TileToShapeOrdered"])),
])

skip = set()
if len(sys.argv) > 2 and sys.argv[1] == "--without":
    skip = set(sys.argv[2].split(","))

# aliases defined in the crate
defined = set()
for dirpath, _, files in os.walk(os.path.join(CRATE, "src")):
    for fn in files:
        if fn.endswith(".rs"):
            with open(os.path.join(dirpath, fn)) as f:
                defined.update(re.findall(r"pub type (\w+)\s*<", f.read()))

missing = OrderedDict()
for op, (_, _, needs) in OPS.items():
    lack = [n for n in needs if n not in defined]
    if lack:
        missing[op] = lack
        skip.add(op)

SW = re.compile(r"Sw<-?\d+,-?\d+,-?\d+>")
DYN = re.compile(r"(?<![_\w-])-?\d")


def is_static(op, args):
    if op == "swizzle_table":
        chk = args[:1]
    elif op in ("upcast", "downcast"):
        chk = args[1:]
    elif op == "tile_to_shape":
        chk = args[1:]
    elif op.startswith("gmma_atom"):
        chk = args[1:]
    else:
        chk = args
    return not any(DYN.search(SW.sub("", a)) for a in chk)


def op_key(op):
    return "recast_layout" if op.startswith("recast_layout<") else op


cases = OrderedDict((op, []) for op in OPS if op not in skip)
counts = OrderedDict()  # op -> [static, dynamic]
with open(SRC) as f:
    for lineno, line in enumerate(f, 1):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 2:
            continue
        op = fields[1]
        is_table = op.startswith("table:")
        base = op[len("table:"):] if is_table else op
        key = op_key(base)
        k = fields.index("=>")
        args, result = fields[2:k], "\t".join(fields[k + 1:])
        st = is_static(key, args)
        counts.setdefault(key, [0, 0])[0 if st else 1] += 1
        if key not in cases or not st:
            continue
        if key == "recast_layout":
            frm, to = re.match(r"recast_layout<(\w+),(\w+)>", base).groups()
            ty = "RecastLayout<%s, %s, %s>" % (frm, to, c(args[0]))
        else:
            ty = OPS[key][1](args)
        kind = "tbl" if is_table else OPS[key][0]
        cases[key].append((lineno, kind, ty, result))

out = []
out.append("// @generated by tests/gen/gen_vectors_swizzle.py from tests/vectors/swizzle.txt. Do not edit.\n")
if missing:
    out.append("//\n// Left out (type alias not defined yet):\n")
    for op, lack in missing.items():
        out.append("//   %s (needs %s)\n" % (op, ", ".join(lack)))
out.append("#![allow(clippy::all)]\n")
out.append("extern crate tycute_layout as tycute;\n")
out.append("use tycute_layout::swizzle::gmma::*;\nuse tycute_layout::swizzle::recast::*;\n")
out.append("use tycute_layout::swizzle::*;\nuse tycute_layout::*;\nuse tycute_macros::cute;\n\n")
out.append("""fn tbl<L: Reify>() -> String {
    table::<L>().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

fn join(v: Vec<i64>) -> String {
    v.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
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
            self.fails.push(format!("swizzle.txt:{line}: got {got}, want {want}"));
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
    if not cs:
        continue
    fn = "op_" + re.sub(r"[^a-z0-9]+", "_", op).strip("_")
    out.append('\n#[test]\nfn %s() {\n    let mut c = Cases::new("%s");\n' % (fn, op))
    for lineno, kind, ty, result in cs:
        if kind == "show":
            got = "show::<%s>()" % ty
        elif kind == "tbl":
            got = "tbl::<%s>()" % ty
        elif kind == "swtable":
            got = "join(%s)" % ty
        else:
            got = ty
        out.append('    c.check(%d, %s, "%s");\n' % (lineno, got, result))
        total += 1
    out.append("    c.finish();\n}\n")

with open(OUT, "w") as f:
    f.write("".join(out))
print("wrote %d cases to %s" % (total, os.path.normpath(OUT)))
for op, (st, dy) in counts.items():
    n = len(cases.get(op, []))
    note = "" if op in cases else "  (left out: %s)" % ", ".join(missing.get(op, ["--without"]))
    print("  %-45s %3d static, %3d dynamic, %3d generated%s" % (op, st, dy, n, note))
