// SPDX-License-Identifier: MIT
// Vectors of doubles whatever ttReal is, for sums and differences that a float cannot hold: GJK and
// EPA (gjk.h), the joints' energy guard (its energies are sums of terms that cancel) and the
// point-mass blocks (entries of 750 beside 1e-4). Each function takes the steps of its ttReal twin
// in tether/math_functions.h in the same order, so that a double build computes the same bits
// through either.
#pragma once

#include "tether/math_functions.h"

#include <math.h>

typedef struct ttVec3d
{
	double x, y, z;
} ttVec3d;

static inline ttVec3d ttVec3d_From( ttVec3 v )
{
	return ( ttVec3d ){ (double)v.x, (double)v.y, (double)v.z };
}
static inline ttVec3 ttVec3d_To( ttVec3d v )
{
	return ( ttVec3 ){ (ttReal)v.x, (ttReal)v.y, (ttReal)v.z };
}
static inline ttVec3d ttVec3d_Add( ttVec3d a, ttVec3d b )
{
	return ( ttVec3d ){ a.x + b.x, a.y + b.y, a.z + b.z };
}
static inline ttVec3d ttVec3d_Sub( ttVec3d a, ttVec3d b )
{
	return ( ttVec3d ){ a.x - b.x, a.y - b.y, a.z - b.z };
}
static inline ttVec3d ttVec3d_Neg( ttVec3d a )
{
	return ( ttVec3d ){ -a.x, -a.y, -a.z };
}
static inline ttVec3d ttVec3d_Scale( double s, ttVec3d a )
{
	return ( ttVec3d ){ s * a.x, s * a.y, s * a.z };
}
/// a + s * b
static inline ttVec3d ttVec3d_MulAdd( ttVec3d a, double s, ttVec3d b )
{
	return ( ttVec3d ){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z };
}
static inline double ttVec3d_Dot( ttVec3d a, ttVec3d b )
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
static inline ttVec3d ttVec3d_Cross( ttVec3d a, ttVec3d b )
{
	return ( ttVec3d ){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static inline double ttVec3d_Length( ttVec3d a )
{
	return sqrt( ttVec3d_Dot( a, a ) );
}

// ttRotate: v + w t + u x t with t = 2 u x v, u the vector part of q.
static inline ttVec3d ttVec3d_Rotate( ttQuat q, ttVec3d v )
{
	ttVec3d u = { (double)q.x, (double)q.y, (double)q.z };
	ttVec3d t = ttVec3d_Scale( 2, ttVec3d_Cross( u, v ) );
	return ttVec3d_Add( ttVec3d_MulAdd( v, (double)q.w, t ), ttVec3d_Cross( u, t ) );
}

// ttInvRotate: the rotation by the conjugate.
static inline ttVec3d ttVec3d_InvRotate( ttQuat q, ttVec3d v )
{
	return ttVec3d_Rotate( ( ttQuat ){ -q.x, -q.y, -q.z, q.w }, v );
}
