// SPDX-License-Identifier: MIT
// tether: small math for a rigid body solver (vectors, quaternions, 3x3 matrices, transforms).
// Everything is inline and by value so the compiler keeps it in registers.
#pragma once

#include "base.h"

#include <math.h>

/// 3D vector (metres, metres per second, newtons, ... depending on use).
typedef struct ttVec3
{
	ttReal x, y, z;
} ttVec3;

/// Unit quaternion for rotations, stored as vector part (x, y, z) and scalar part w.
typedef struct ttQuat
{
	ttReal x, y, z, w;
} ttQuat;

/// 3x3 matrix stored by columns.
typedef struct ttMat3
{
	ttVec3 cx, cy, cz;
} ttMat3;

/// Rigid transform: a point p' = p + rotate(q, local).
typedef struct ttTransform
{
	ttVec3 p;
	ttQuat q;
} ttTransform;

#define TT_VEC3_ZERO                                                                                                   \
	( ttVec3 )                                                                                                         \
	{                                                                                                                  \
		0, 0, 0                                                                                                        \
	}
#define TT_QUAT_IDENTITY                                                                                               \
	( ttQuat )                                                                                                         \
	{                                                                                                                  \
		0, 0, 0, 1                                                                                                     \
	}
#define TT_TRANSFORM_IDENTITY                                                                                          \
	( ttTransform )                                                                                                    \
	{                                                                                                                  \
		{ 0, 0, 0 },                                                                                                   \
		{                                                                                                              \
			0, 0, 0, 1                                                                                                 \
		}                                                                                                              \
	}

#if TT_REAL_IS_FLOAT
#define ttSqrt sqrtf
#define ttSin sinf
#define ttCos cosf
#define ttAtan2 atan2f
#define ttAsin asinf
#define ttAcos acosf
#define ttAbs fabsf
#else
#define ttSqrt sqrt
#define ttSin sin
#define ttCos cos
#define ttAtan2 atan2
#define ttAsin asin
#define ttAcos acos
#define ttAbs fabs
#endif

static inline bool ttIsValidReal( ttReal a )
{
	return isfinite( a ) != 0;
}

static inline bool ttIsValidVec3( ttVec3 v )
{
	return ttIsValidReal( v.x ) && ttIsValidReal( v.y ) && ttIsValidReal( v.z );
}

static inline ttReal ttMinReal( ttReal a, ttReal b )
{
	return a < b ? a : b;
}

static inline ttReal ttMaxReal( ttReal a, ttReal b )
{
	return a > b ? a : b;
}

static inline ttReal ttClampReal( ttReal a, ttReal lo, ttReal hi )
{
	return a < lo ? lo : ( a > hi ? hi : a );
}

static inline ttVec3 ttVec3Make( ttReal x, ttReal y, ttReal z )
{
	return ( ttVec3 ){ x, y, z };
}

static inline ttVec3 ttAdd( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ a.x + b.x, a.y + b.y, a.z + b.z };
}

static inline ttVec3 ttSub( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ a.x - b.x, a.y - b.y, a.z - b.z };
}

static inline ttVec3 ttNeg( ttVec3 a )
{
	return ( ttVec3 ){ -a.x, -a.y, -a.z };
}

static inline ttVec3 ttScale( ttReal s, ttVec3 a )
{
	return ( ttVec3 ){ s * a.x, s * a.y, s * a.z };
}

/// a + s * b
static inline ttVec3 ttMulAdd( ttVec3 a, ttReal s, ttVec3 b )
{
	return ( ttVec3 ){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z };
}

/// Component-wise product.
static inline ttVec3 ttMulComponents( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ a.x * b.x, a.y * b.y, a.z * b.z };
}

static inline ttReal ttDot( ttVec3 a, ttVec3 b )
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline ttVec3 ttCross( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}

static inline ttReal ttLengthSquared( ttVec3 a )
{
	return ttDot( a, a );
}

static inline ttReal ttLength( ttVec3 a )
{
	return ttSqrt( ttDot( a, a ) );
}

static inline ttReal ttDistance( ttVec3 a, ttVec3 b )
{
	return ttLength( ttSub( a, b ) );
}

/// Unit vector along a; the zero vector stays zero.
static inline ttVec3 ttNormalize( ttVec3 a )
{
	ttReal length = ttLength( a );
	if ( length < (ttReal)1e-30 )
	{
		return TT_VEC3_ZERO;
	}
	return ttScale( 1 / length, a );
}

/// Unit vector along a, and its former length through *length.
static inline ttVec3 ttGetLengthAndNormalize( ttReal* length, ttVec3 a )
{
	*length = ttLength( a );
	if ( *length < (ttReal)1e-30 )
	{
		return TT_VEC3_ZERO;
	}
	return ttScale( 1 / *length, a );
}

/// A unit vector perpendicular to the unit vector a.
static inline ttVec3 ttPerpendicular( ttVec3 a )
{
	ttVec3 other = ttAbs( a.x ) < (ttReal)0.57735 ? ( ttVec3 ){ 1, 0, 0 } : ( ttVec3 ){ 0, 1, 0 };
	return ttNormalize( ttCross( a, other ) );
}

static inline ttQuat ttQuatMul( ttQuat a, ttQuat b )
{
	return ( ttQuat ){
	    a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
	    a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
	    a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
	    a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
	};
}

static inline ttQuat ttQuatConj( ttQuat q )
{
	return ( ttQuat ){ -q.x, -q.y, -q.z, q.w };
}

static inline ttQuat ttQuatNormalize( ttQuat q )
{
	ttReal length = ttSqrt( q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w );
	if ( length < (ttReal)1e-30 )
	{
		return TT_QUAT_IDENTITY;
	}
	ttReal s = 1 / length;
	return ( ttQuat ){ s * q.x, s * q.y, s * q.z, s * q.w };
}

static inline bool ttIsValidQuat( ttQuat q )
{
	if ( !ttIsValidReal( q.x ) || !ttIsValidReal( q.y ) || !ttIsValidReal( q.z ) || !ttIsValidReal( q.w ) )
	{
		return false;
	}
	ttReal lengthSquared = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	return ttAbs( lengthSquared - 1 ) < (ttReal)1e-3;
}

/// Rotation of `angle` radians about the unit vector `axis`.
static inline ttQuat ttQuatFromAxisAngle( ttVec3 axis, ttReal angle )
{
	ttReal s = ttSin( (ttReal)0.5 * angle );
	return ( ttQuat ){ s * axis.x, s * axis.y, s * axis.z, ttCos( (ttReal)0.5 * angle ) };
}

/// The shortest rotation taking unit vector a to unit vector b.
static inline ttQuat ttQuatFromTo( ttVec3 a, ttVec3 b )
{
	ttReal d = ttDot( a, b );
	if ( d < (ttReal)-0.999999 )
	{
		return ttQuatFromAxisAngle( ttPerpendicular( a ), TT_PI );
	}
	ttVec3 c = ttCross( a, b );
	return ttQuatNormalize( ( ttQuat ){ c.x, c.y, c.z, 1 + d } );
}

/// Rotation vector (axis times angle in radians, angle in [0, pi]) of a unit quaternion.
static inline ttVec3 ttQuatToRotationVector( ttQuat q )
{
	if ( q.w < 0 )
	{
		q = ( ttQuat ){ -q.x, -q.y, -q.z, -q.w };
	}
	ttVec3 v = { q.x, q.y, q.z };
	ttReal s = ttLength( v );
	if ( s < (ttReal)1e-12 )
	{
		return ttScale( 2, v );
	}
	ttReal angle = 2 * ttAtan2( s, q.w );
	return ttScale( angle / s, v );
}

/// q * v * conj(q) for a unit quaternion.
static inline ttVec3 ttRotate( ttQuat q, ttVec3 v )
{
	ttVec3 u = { q.x, q.y, q.z };
	ttVec3 t = ttScale( 2, ttCross( u, v ) );
	return ttAdd( ttMulAdd( v, q.w, t ), ttCross( u, t ) );
}

/// conj(q) * v * q for a unit quaternion.
static inline ttVec3 ttInvRotate( ttQuat q, ttVec3 v )
{
	return ttRotate( ttQuatConj( q ), v );
}

/// q += 0.5 * [omega, 0] * q, then normalize: the linearized update of the XPBD paper (eqs. 8, 15).
static inline ttQuat ttQuatIntegrate( ttQuat q, ttVec3 omega )
{
	ttQuat dq = ttQuatMul( ( ttQuat ){ omega.x, omega.y, omega.z, 0 }, q );
	ttQuat r = { q.x + (ttReal)0.5 * dq.x, q.y + (ttReal)0.5 * dq.y, q.z + (ttReal)0.5 * dq.z,
	             q.w + (ttReal)0.5 * dq.w };
	return ttQuatNormalize( r );
}

static inline ttVec3 ttTransformPoint( ttTransform t, ttVec3 p )
{
	return ttAdd( t.p, ttRotate( t.q, p ) );
}

static inline ttVec3 ttInvTransformPoint( ttTransform t, ttVec3 p )
{
	return ttInvRotate( t.q, ttSub( p, t.p ) );
}

/// a * b: first b, then a.
static inline ttTransform ttMulTransforms( ttTransform a, ttTransform b )
{
	return ( ttTransform ){ ttTransformPoint( a, b.p ), ttQuatMul( a.q, b.q ) };
}

/// inverse(a) * b
static inline ttTransform ttInvMulTransforms( ttTransform a, ttTransform b )
{
	return ( ttTransform ){ ttInvRotate( a.q, ttSub( b.p, a.p ) ), ttQuatMul( ttQuatConj( a.q ), b.q ) };
}

static inline ttMat3 ttMat3Diagonal( ttVec3 d )
{
	return ( ttMat3 ){ { d.x, 0, 0 }, { 0, d.y, 0 }, { 0, 0, d.z } };
}

static inline ttVec3 ttMat3MulVec( ttMat3 m, ttVec3 v )
{
	return ttAdd( ttAdd( ttScale( v.x, m.cx ), ttScale( v.y, m.cy ) ), ttScale( v.z, m.cz ) );
}

static inline ttMat3 ttMat3Add( ttMat3 a, ttMat3 b )
{
	return ( ttMat3 ){ ttAdd( a.cx, b.cx ), ttAdd( a.cy, b.cy ), ttAdd( a.cz, b.cz ) };
}

static inline ttMat3 ttMat3Scale( ttReal s, ttMat3 a )
{
	return ( ttMat3 ){ ttScale( s, a.cx ), ttScale( s, a.cy ), ttScale( s, a.cz ) };
}

static inline ttMat3 ttMat3Mul( ttMat3 a, ttMat3 b )
{
	return ( ttMat3 ){ ttMat3MulVec( a, b.cx ), ttMat3MulVec( a, b.cy ), ttMat3MulVec( a, b.cz ) };
}

static inline ttMat3 ttMat3Transpose( ttMat3 m )
{
	return ( ttMat3 ){ { m.cx.x, m.cy.x, m.cz.x }, { m.cx.y, m.cy.y, m.cz.y }, { m.cx.z, m.cy.z, m.cz.z } };
}

/// Matrix of the cross product: ttMat3MulVec(ttMat3Skew(a), b) == ttCross(a, b).
static inline ttMat3 ttMat3Skew( ttVec3 a )
{
	return ( ttMat3 ){ { 0, a.z, -a.y }, { -a.z, 0, a.x }, { a.y, -a.x, 0 } };
}

/// Rotation matrix of a unit quaternion.
static inline ttMat3 ttMat3FromQuat( ttQuat q )
{
	ttReal xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
	ttReal xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
	ttReal wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
	return ( ttMat3 ){ { 1 - 2 * ( yy + zz ), 2 * ( xy + wz ), 2 * ( xz - wy ) },
	                   { 2 * ( xy - wz ), 1 - 2 * ( xx + zz ), 2 * ( yz + wx ) },
	                   { 2 * ( xz + wy ), 2 * ( yz - wx ), 1 - 2 * ( xx + yy ) } };
}

/// R diag(d) R^T for a rotation matrix R: a symmetric matrix such as a world inertia tensor.
static inline ttMat3 ttMat3RotateDiagonal( ttMat3 r, ttVec3 d )
{
	// Rows of R are the columns' components; entry (i, j) = sum_k R_ik d_k R_jk.
	ttVec3 r0 = { r.cx.x, r.cy.x, r.cz.x }, r1 = { r.cx.y, r.cy.y, r.cz.y }, r2 = { r.cx.z, r.cy.z, r.cz.z };
	ttVec3 d0 = ttMulComponents( d, r0 ), d1 = ttMulComponents( d, r1 ), d2 = ttMulComponents( d, r2 );
	ttReal m00 = ttDot( r0, d0 ), m11 = ttDot( r1, d1 ), m22 = ttDot( r2, d2 );
	ttReal m01 = ttDot( r0, d1 ), m02 = ttDot( r0, d2 ), m12 = ttDot( r1, d2 );
	return ( ttMat3 ){ { m00, m01, m02 }, { m01, m11, m12 }, { m02, m12, m22 } };
}

/// Solve m * x = b by Cramer's rule; returns zero when m is singular.
static inline ttVec3 ttMat3Solve( ttMat3 m, ttVec3 b )
{
	ttReal det = ttDot( m.cx, ttCross( m.cy, m.cz ) );
	if ( det == 0 )
	{
		return TT_VEC3_ZERO;
	}
	ttReal inv = 1 / det;
	return ( ttVec3 ){ inv * ttDot( b, ttCross( m.cy, m.cz ) ), inv * ttDot( m.cx, ttCross( b, m.cz ) ),
	                   inv * ttDot( m.cx, ttCross( m.cy, b ) ) };
}

/// Eigen-decomposition of a symmetric matrix: m = R diag(values) R^T with R = rotation(*q).
TT_API void ttMat3SymmetricEigen( ttMat3 m, ttVec3* values, ttQuat* q );
