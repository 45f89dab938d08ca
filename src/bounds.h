// SPDX-License-Identifier: MIT
// Range checks of API input: finite and within the limits documented in base.h (TT_MAX_*), so
// that what the step computes from the value cannot overflow.
#pragma once

#include "tether/math_functions.h"

static inline bool ttIsBoundedReal( ttReal a, ttReal limit )
{
	return ttIsValidReal( a ) && a >= -limit && a <= limit;
}

/// Every component finite and within [-limit, limit].
static inline bool ttIsBoundedVec3( ttVec3 v, ttReal limit )
{
	return ttIsBoundedReal( v.x, limit ) && ttIsBoundedReal( v.y, limit ) && ttIsBoundedReal( v.z, limit );
}
