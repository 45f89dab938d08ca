// SPDX-License-Identifier: MIT
// The wide contact solve 8 lanes at a time with AVX2 (contact_solver_wide_impl.h). CMake compiles
// this file alone with AVX2 enabled and defines TT_WIDE_AVX2_VARIANT on x86 targets; it runs only
// where contact_solver_wide.c found AVX2 at run time. Without -mfma: a fused multiply-add rounds
// once where the other variants round twice, and the states would depend on the CPU.
#include "contact_solver_wide_variant.h"

#if defined( TT_WIDE_HAS_AVX2 )

#define TT_SIMD_WANT_AVX2 1
#define TT_WIDE_VARIANT ttWideVariant_avx2
#define TT_WIDE_WIDTH ttSimdWidth_avx2

#include "contact_solver_wide_impl.h"

#endif
