// tycute device library, arch layer: mma.sync m16n8k16 (SM80 HMMA.16816) and, for fp8, m16n8k32. The instruction text
// is the MMA atom's (tycute-atom MmaPtx: SM80_16x8x16_F32F16F16F32_TN
// "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", SM80_16x8x16_F16F16F16F16_TN the .f16
// form), carried by a configuration header as a string macro. A: 4 registers, B: 2.
#pragma once

// fp32 accumulators: c[0..4) (float), d = c.
#define TYCUTE_MMA_16816_F32(PTX, c, a, b)                                                         \
  asm volatile(PTX " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"                      \
               : "+f"((c)[0]), "+f"((c)[1]), "+f"((c)[2]), "+f"((c)[3])                            \
               : "r"((a)[0]), "r"((a)[1]), "r"((a)[2]), "r"((a)[3]), "r"((b)[0]), "r"((b)[1]))

// fp16 accumulators: c[0..2) (unsigned, two halves each, the low half first), d = c.
#define TYCUTE_MMA_16816_F16(PTX, c, a, b)                                                         \
  asm volatile(PTX " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"                                  \
               : "+r"((c)[0]), "+r"((c)[1])                                                        \
               : "r"((a)[0]), "r"((a)[1]), "r"((a)[2]), "r"((a)[3]), "r"((b)[0]), "r"((b)[1]))

// mma.sync m16n8k32 on fp8 (sm_89 and later): the instruction texts of the atoms
// SM89_16x8x32_F32E4M3E4M3F32_TN and SM89_16x8x32_F32E5M2E5M2F32_TN (tycute-atom MmaPtx, whose test
// holds these to its own), used with TYCUTE_MMA_16816_F32's operands: A 4 and B 2 registers of four
// fp8 each, fp32 accumulators.
#define TYCUTE_MMA_16832_F32_E4M3_PTX "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"
#define TYCUTE_MMA_16832_F32_E5M2_PTX "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"
