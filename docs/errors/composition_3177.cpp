// docs/errors.md, example 1: a composition that CuTe accepts although its result is not A o B
// (NVIDIA/cutlass #3177). tycute: ui-tests/fail/composition.rs::composition_carry.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
int main() {
  auto A = Layout<Shape<_12,_8>, Stride<_8,_1>>{};
  auto B = Layout<Shape<_8,_2>, Stride<_1,_8>>{};
  auto R = composition(A, B);
  print(R); printf("\n");
  printf("R(12) = %d, A(B(12)) = %d\n", int(R(12)), int(A(B(12))));
}
