// SPDX-License-Identifier: MIT
// Vectors of doubles whatever ttReal is, for sums that a float cannot hold: the joints' energy
// guard (its energies are sums of terms that cancel) and the point-mass blocks (entries of 750
// beside 1e-4). Each function takes the steps of its ttReal twin in tether/math_functions.h in the same order, so
// that a double build computes the same bits through either.
#pragma once

#include "tether/math_functions.h"

typedef struct ttDVec3
{
	double x, y, z;
} ttDVec3;

static inline ttDVec3 ttDVec3_From( ttVec3 v )
{
	return ( ttDVec3 ){ (double)v.x, (double)v.y, (double)v.z };
}

static inline ttDVec3 ttDAdd( ttDVec3 a, ttDVec3 b )
{
	return ( ttDVec3 ){ a.x + b.x, a.y + b.y, a.z + b.z };
}

static inline ttDVec3 ttDSub( ttDVec3 a, ttDVec3 b )
{
	return ( ttDVec3 ){ a.x - b.x, a.y - b.y, a.z - b.z };
}

static inline ttDVec3 ttDScale( double s, ttDVec3 a )
{
	return ( ttDVec3 ){ s * a.x, s * a.y, s * a.z };
}

static inline ttDVec3 ttDMulAdd( ttDVec3 a, double s, ttDVec3 b )
{
	return ( ttDVec3 ){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z };
}

static inline double ttDDot( ttDVec3 a, ttDVec3 b )
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline ttDVec3 ttDCross( ttDVec3 a, ttDVec3 b )
{
	return ( ttDVec3 ){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}

// ttRotate: v + w t + u x t with t = 2 u x v, u the vector part of q.
static inline ttDVec3 ttDRotate( ttQuat q, ttDVec3 v )
{
	ttDVec3 u = { (double)q.x, (double)q.y, (double)q.z };
	ttDVec3 t = ttDScale( 2, ttDCross( u, v ) );
	return ttDAdd( ttDMulAdd( v, (double)q.w, t ), ttDCross( u, t ) );
}

// ttInvRotate: the rotation by the conjugate.
static inline ttDVec3 ttDInvRotate( ttQuat q, ttDVec3 v )
{
	return ttDRotate( ( ttQuat ){ -q.x, -q.y, -q.z, q.w }, v );
}
