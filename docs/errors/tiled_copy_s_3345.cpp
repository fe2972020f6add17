// docs/errors.md, example 2: make_tiled_copy_S of a TiledCopy whose TV layout covers half of its
// tile (CUTLASS PR #3345). tycute: ui-tests/fail/tiled_copy.rs::tiled_copy_s_coverage_gap.
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cstdio>
using namespace cute;
int main() {
  using A32 = Copy_Atom<UniversalCopy<uint32_t>, half_t>;
  // a TiledCopy whose TV layout (_32,_2):(_1,_64) covers only half of its (32,4) tile
  auto tc = make_tiled_copy_impl(A32{}, Layout<Shape<_32,_2>, Stride<_1,_64>>{}, Shape<_32,_4>{});
  auto s  = make_tiled_copy_S(A32{}, tc);
  print(s.get_layoutS_TV()); printf("\n");
  auto tv = s.get_layoutS_TV();
  int hit[128] = {0};
  for (int i = 0; i < size(tv); ++i) { int k = tv(i); if (k >= 0 && k < 128) hit[k]++; }
  int missed = 0; for (int k = 0; k < 128; ++k) missed += hit[k] == 0;
  printf("cells of the (32,4) tile never copied: %d of 128\n", missed);
}
