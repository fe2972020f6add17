// Compiles the emitted attention header alone and checks, at compile time, what the kernel will
// rely on: the tile's arithmetic, the S to P map (P·V's A register r is S's accumulator r), and
// that the row and column tables are the closed forms of their layouts (acc_rows_*, acc_cols_*).
// The kernel writes, per thread, the rows it holds and its P registers' sources.
#include "attention_sm90_bf16_hd128.h"

namespace at = tycute::attention_sm90_bf16_hd128;

// a flattened layout (shape[], stride[]) at a 1-D index, colexicographic as CuTe reads it
constexpr int eval(const int* shape, const int* stride, int rank, int idx) {
  int r = 0;
  for (int i = 0; i < rank; ++i) {
    r += (idx % shape[i]) * stride[i];
    idx /= shape[i];
  }
  return r;
}
constexpr bool rows_are_closed_form() {
  for (int t = 0; t < at::kThreads; ++t)
    for (int i = 0; i < at::kRowSlots; ++i)
      if (at::acc_row[t][i] != eval(at::acc_rows_shape, at::acc_rows_stride, at::acc_rows_rank, t + at::kThreads * i)) return false;
  return true;
}
constexpr bool p_is_s() {
  for (int r = 0; r < at::p_from_s_size; ++r)
    if (at::p_from_s[0][r] != eval(at::p_view_shape, at::p_view_stride, at::p_view_rank, r)) return false;
  return true;
}

static_assert(at::kThreads == 128 * at::kWarpgroups, "one warpgroup per 64 rows");
static_assert(at::kBlockM == 64 * at::kWarpgroups, "one warpgroup per 64 rows");
static_assert(at::kBlockN % 16 == 0 && at::kBlockN % at::kAtomNQK == 0, "S's N is whole atoms and whole K blocks of P");
static_assert(at::kHeadDim % at::kAtomNPV == 0, "O's N is whole P V atoms");
static_assert(at::ElementQKV_bits == 16 && at::ElementAccum_bits == 32, "bf16 in, f32 accumulators");
static_assert(at::kPRegs32 * 2 == at::p_from_s_size && at::p_from_s_size == at::s_acc_frag_size, "every accumulator is one P value");
static_assert(at::kRowLanes == 4 && at::row_shuffle_xor[0] == 1 && at::row_shuffle_xor[1] == 2, "a row is reduced over a quad");
static_assert(rows_are_closed_form(), "acc_row is acc_rows' layout");
static_assert(p_is_s(), "p_from_s is p_view's layout");

extern "C" __global__ void attention_header_check(int* rows, int* p_src) {
  int t = threadIdx.x;
  if (t >= at::kThreads) return;
  for (int i = 0; i < at::kRowSlots; ++i) rows[t * at::kRowSlots + i] = at::acc_row[t][i];
  for (int r = 0; r < at::p_from_s_size; ++r) p_src[t * at::p_from_s_size + r] = at::p_from_s[0][r] + at::s_acc[t][r] * 0;
}
