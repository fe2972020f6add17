#!/usr/bin/env bash
# Compares the SASS of the CUBINs of two scripts/kernel-matrix.sh outputs, name by name:
# instructions and operands, without addresses, encodings or the constant-bank slots of global
# symbols (c[0x4][..]); says `identical` or how many lines differ.
#   scripts/sass-compare.sh OLD NEW [VERSION]
norm() {
  cuobjdump -sass "$1" | grep -E '^\s+/\*[0-9a-f]{4,}\*/' \
    | sed -E 's#^\s*/\*[0-9a-f]+\*/\s*##; s#\s*/\*.*\*/\s*$##; s/ +/ /g; s/c\[0x4\]\[0x[0-9a-f]+\]/c[0x4][ADDR]/g'
}
tmp="$(mktemp -d)"
for f in "$1"/*"${3:-}".cubin; do
  b="$(basename "$f")"
  [ -f "$2/$b" ] || { echo "$b: missing in $2"; continue; }
  norm "$f" > "$tmp/a"; norm "$2/$b" > "$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b"; then
    echo "$b: identical SASS ($(wc -l < "$tmp/a") instructions)"
  else
    echo "$b: differs: $(wc -l < "$tmp/a") -> $(wc -l < "$tmp/b") instructions, $(diff "$tmp/a" "$tmp/b" | grep -c '^[<>]') lines differ; LDL/STL $(grep -c 'LDL\|STL' "$tmp/a") -> $(grep -c 'LDL\|STL' "$tmp/b")"
  fi
done
rm -rf "$tmp"
