// docs/errors.md, example 3: tiled_divide by a tile that does not divide the layout.
// tycute: ui-tests/fail/divide.rs::tiled_divide_shape_divisibility.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
int main() {
  auto A = Layout<Shape<Shape<_2, Shape<_1,_2,_12>, _8>>, Stride<Stride<_1, Stride<_48,_2,_4>, _96>>>{};
  print(tiled_divide(A, Shape<_64>{})); printf("\n");
}
