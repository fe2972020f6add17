#!/usr/bin/env python3
"""Generates ../vectors_divide.rs from tests/vectors/algebra.txt and tests/vectors/swizzle.txt.

Takes every *static* case (no dynamic integer in the arguments) of the divides and products of
algebra.txt, with their `table:` lines, and the static `tile_to_shape` cases of swizzle.txt, and
writes one check per case. Each op is one #[test]; a test runs all its cases and fails with the
list of mismatches, so the pass count per op is visible.

swizzle.txt's tile_to_shape atoms are all swizzled (`Sw<..> o _0 o L`); tile_to_shape of a
ComposedLayout is `Sw o offset o tile_to_shape(L)`, so they are checked as well (op
`tile_to_shape (swizzled atom)`), with their tables.

Usage (from the repository root): python3 crates/tycute-layout/tests/gen/gen_vectors_divide.py
"""
import os
import re
import sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
ALGEBRA = os.path.join(ROOT, "tests", "vectors", "algebra.txt")
SWIZZLE = os.path.join(ROOT, "tests", "vectors", "swizzle.txt")
OUT = os.path.join(HERE, "..", "vectors_divide.rs")


def c(x):
    return "cute!(%s)" % x


def binop(name):
    return lambda a: "%s<%s, %s>" % (name, c(a[0]), c(a[1]))


OPS = OrderedDict([
    ("logical_divide", binop("LogicalDivide")),
    ("zipped_divide", binop("ZippedDivide")),
    ("tiled_divide", binop("TiledDivide")),
    ("flat_divide", binop("FlatDivide")),
    ("logical_product", binop("LogicalProduct")),
    ("zipped_product", binop("ZippedProduct")),
    ("tiled_product", binop("TiledProduct")),
    ("flat_product", binop("FlatProduct")),
    ("blocked_product", binop("BlockedProduct")),
    ("raked_product", binop("RakedProduct")),
])


def tile_to_shape(a):
    # name atom shape [order]
    if len(a) == 3:
        return "TileToShape<%s, %s>" % (c(a[1]), c(a[2]))
    return "TileToShapeOrdered<%s, %s, %s>" % (c(a[1]), c(a[2]), c(a[3]))


# (op, args) that tycute rejects on purpose (tests/vectors/README.md, "Where tycute deliberately
# differs", rule 1): the composition inside the divide or product is not A∘B, so the strict rule
# of composition rejects it. Each has a counterexample, checked by brute force against CuTe's
# printed result (i: index into the composition's right-hand side B; A(B(i)) vs CuTe's value).
# For the divides the composition is A ∘ (T, complement(T, shape(coalesce(A)))); for the
# products it is complement(A, size(A)*cosize(T)) ∘ T. Recorded in tests/vectors/DEVIATIONS.md.
# These go to REJ_OUT as `compile_fail` doctests (collected through a #[cfg(doctest)] item).
REJECTED = {
    ("logical_divide", ("(_6,(_3,_6),_2):(_2,(_0,_36),_1)", "_4:_1")): "B = (_4:_1,_72:_4); i=6: B(i)=6, CuTe 12, A(B(i)) 0",
    ("logical_divide", ("(((_1,_2,_5),_4),(_5,_2)):(((_400,_200,_40),_10),(_2,_1))", "_3:_2")): "B = (_3:_2,(_2,_80):(_1,_6)); i=8: B(i)=10, CuTe 200, A(B(i)) 10",
    ("logical_divide", ("(_16,_8):(_0,_16)", "_3:_1")): "B = (_3:_1,_48:_3); i=16: B(i)=16, CuTe 0, A(B(i)) 16",
    ("zipped_divide", ("(_12,_8):(_8,_1)", "_2:_4")): "B = (_2:_4,(_4,_16):(_1,_8)); i=9: B(i)=12, CuTe 96, A(B(i)) 1",
    ("tiled_divide", ("(_6,(_3,_6),_2):(_2,(_0,_36),_1)", "_4:_1")): "B = (_4:_1,_72:_4); i=6: B(i)=6, CuTe 12, A(B(i)) 0",
    ("tiled_divide", ("(_12,_8):(_8,_1)", "_2:_4")): "B = (_2:_4,(_4,_16):(_1,_8)); i=9: B(i)=12, CuTe 96, A(B(i)) 1",
    ("tiled_divide", ("(_16,_8):(_0,_16)", "_3:_1")): "B = (_3:_1,_48:_3); i=16: B(i)=16, CuTe 0, A(B(i)) 16",
    ("flat_divide", ("(_2,(_8,_2),_4):(_1,(_16,_2),_0)", "_3:_4")): "B = (_3:_4,(_4,_16):(_1,_12)); i=13: B(i)=16, CuTe 128, A(B(i)) 2",
    ("flat_divide", ("(_2,(_3,_8)):(_24,(_8,_0))", "(_2,_2):(_1,_2)")): "B = ((_2,_2):(_1,_2),_16:_4); i=6: B(i)=6, CuTe 24, A(B(i)) 0",
    ("flat_divide", ("(_6,(_3,_6),_2):(_2,(_0,_36),_1)", "(_2,_2):(_2,_1)")): "B = ((_2,_2):(_2,_1),_72:_4); i=5: B(i)=6, CuTe 12, A(B(i)) 0",
    ("zipped_product", ("(((_4,_2),_12)):(((_144,_1),_6))", "_8:_2")): "complement (_3,_2,_3):(_2,_72,_576) ∘ _8:_2; i=2: B(i)=4, CuTe 72, A(B(i)) 74",
    ("tiled_product", ("(_3,_1,_2):(_6,_1,_3)", "(_2,_2):(_2,_1)")): "complement (_3,_2):(_1,_18) ∘ (_2,_2):(_2,_1); i=3: B(i)=3, CuTe 3, A(B(i)) 18",
    ("flat_product", ("(_4,_16,_2):(_1,_12,_192)", "(_2,_2):(_2,_1)")): "complement (_3,_2):(_4,_384) ∘ (_2,_2):(_2,_1); i=3: B(i)=3, CuTe 12, A(B(i)) 384",
    ("flat_product", ("(_6,(_3,_6),_2):(_2,(_0,_36),_1)", "(_2,_2):(_2,_1)")): "complement (_3,_4):(_12,_216) ∘ (_2,_2):(_2,_1); i=3: B(i)=3, CuTe 36, A(B(i)) 216",
    ("raked_product", ("((_4,_4),_4):((_0,_16),_4)", "(_3,_2):(_1,_3)")): "complement (_4,_6):(_1,_64) ∘ (_3,_2):(_1,_3); i=4: B(i)=4, CuTe 4, A(B(i)) 64",
    ("raked_product", ("(_3,_1,_2):(_6,_1,_3)", "(_2,_1,_2):(_1,_2,_2)")): "complement (_3,_2):(_1,_18) ∘ (_2,_1,_2):(_1,_2,_2); i=3: B(i)=3, CuTe 3, A(B(i)) 18",
}
REJ_OUT = os.path.join(HERE, "..", "vectors_divide_rejected.md")
rejected = []

skip = set()
if len(sys.argv) > 2 and sys.argv[1] == "--without":
    skip = set(sys.argv[2].split(","))

SW = re.compile(r"Sw<-?\d+,-?\d+,-?\d+>")
DYN = re.compile(r"(?<![_\d-])-?\d")


def is_static(args):
    return not any(DYN.search(SW.sub("", a)) for a in args)


cases = OrderedDict((op, []) for op in OPS if op not in skip)
TTS = "tile_to_shape (swizzled atom)"
if "tile_to_shape" not in skip:
    cases["tile_to_shape"] = []
    cases[TTS] = []
skipped = OrderedDict()


def read(path, fname, ops):
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 2:
                continue
            op = fields[1]
            is_table = op.startswith("table:")
            base = op[len("table:"):] if is_table else op
            if base not in ops:
                continue
            k = fields.index("=>")
            args, result = fields[2:k], "\t".join(fields[k + 1:])
            if not is_static(args[1:] if base == "tile_to_shape" else args):
                skipped[base] = skipped.get(base, 0) + 1
                continue
            if (base, tuple(args)) in REJECTED:
                if not is_table:
                    rejected.append((fname, lineno, OPS[base](args), result, REJECTED[(base, tuple(args))]))
                continue
            if base == "tile_to_shape":
                key = TTS if " o " in args[1] else "tile_to_shape"
                if key not in cases:
                    continue
                cases[key].append((fname, lineno, is_table, tile_to_shape(args), result))
            elif base in cases:
                cases[base].append((fname, lineno, is_table, OPS[base](args), result))


read(ALGEBRA, "algebra.txt", OPS)
read(SWIZZLE, "swizzle.txt", {"tile_to_shape": None})

out = []
out.append("// @generated by tests/gen/gen_vectors_divide.py from tests/vectors/{algebra,swizzle}.txt. Do not edit.\n")
out.append("#![allow(clippy::all)]\n")
out.append("extern crate tycute_layout as tycute;\n")
out.append("use tycute_layout::*;\nuse tycute_macros::cute;\n\n")
out.append("""fn tbl<L: Reify>() -> String {
    table::<L>().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
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
    fn check(&mut self, at: &str, got: String, want: &str) {
        self.total += 1;
        if got != want {
            self.fails.push(format!("{at}: got {got}, want {want}"));
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
    fn = re.sub(r"[^a-z0-9]+", "_", op).strip("_")
    out.append("\n#[test]\nfn %s() {\n    let mut c = Cases::new(\"%s\");\n" % (fn, op))
    for fname, lineno, is_table, ty, result in cs:
        f = "tbl" if is_table else "show"
        out.append("    c.check(\"%s:%d\", %s::<%s>(), \"%s\");\n" % (fname, lineno, f, ty, result))
        total += 1
    out.append("    c.finish();\n}\n")

with open(OUT, "w") as f:
    f.write("".join(out))

rej = ["<!-- @generated by tests/gen/gen_vectors_divide.py. Do not edit. -->\n",
       "Vector cases that tycute rejects on purpose: the composition inside is not A∘B (strict rule),\n",
       "so CuTe's printed result is not the function the operation defines.\n"]
for fname, lineno, ty, result, why in rejected:
    rej.append("\n%s:%d (CuTe prints `%s`; %s):\n\n" % (fname, lineno, result, why))
    rej.append("```compile_fail,E0277\n# extern crate tycute_layout as tycute;\n"
               "# use tycute_layout::*;\n# use tycute_macros::cute;\n"
               "let _ = show::<%s>();\n```\n" % ty)
with open(REJ_OUT, "w") as f:
    f.write("".join(rej))
print("wrote %d cases to %s" % (total, os.path.normpath(OUT)))
for op, cs in cases.items():
    print("  %-32s %4d (%d main, %d table)" % (op, len(cs), sum(1 for x in cs if not x[2]), sum(1 for x in cs if x[2])))
print("  %d rejected on purpose -> %s" % (len(rejected), os.path.normpath(REJ_OUT)))
for op, n in skipped.items():
    print("  skipped (dynamic) %-20s %d" % (op, n))
