// SPDX-License-Identifier: MIT
// The wide contact solve 4 lanes at a time with SSE2, wherever the compiler targets it
// (contact_solver_wide_impl.h); elsewhere this file is empty.
#include "contact_solver_wide_variant.h"

#if defined( TT_WIDE_HAS_SSE2 )

#define TT_SIMD_WANT_SSE2 1
#define TT_WIDE_VARIANT ttWideVariant_sse2
#define TT_WIDE_WIDTH ttSimdWidth_sse2

#include "contact_solver_wide_impl.h"

#endif
