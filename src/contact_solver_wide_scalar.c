// SPDX-License-Identifier: MIT
// The wide contact solve in 4 lanes of plain loops: every CPU has it (contact_solver_wide_impl.h).
#define TT_SIMD_WANT_SCALAR 1
#define TT_WIDE_VARIANT ttWideVariant_scalar
#define TT_WIDE_WIDTH ttSimdWidth_scalar

#include "contact_solver_wide_impl.h"
