// SPDX-License-Identifier: MIT
// Math used by the solver: quaternion algebra and the symmetric eigen-decomposition that finds
// principal axes of inertia.
#include "test_macros.h"

#include "tether/tether.h"

static void TestQuaternions( void )
{
	ttQuat q = ttQuatFromAxisAngle( ttNormalize( ( ttVec3 ){ 1, 2, 3 } ), (ttReal)0.7 );
	ttVec3 v = { (ttReal)0.3, -2, 5 };
	ttVec3 back = ttInvRotate( q, ttRotate( q, v ) );
	ENSURE_NEAR( ttDistance( back, v ), 0, 1e-5 );
	// The rotation vector of an axis-angle quaternion is axis * angle.
	ttVec3 rv = ttQuatToRotationVector( q );
	ENSURE_NEAR( ttLength( rv ), 0.7, 1e-5 );
	// q * conj(q) is the identity.
	ttQuat identity = ttQuatMul( q, ttQuatConj( q ) );
	ENSURE_NEAR( identity.w, 1, 1e-6 );
	// From-to rotation maps a onto b.
	ttVec3 a = ttNormalize( ( ttVec3 ){ 1, 0, 1 } );
	ttVec3 b = ttNormalize( ( ttVec3 ){ -1, 2, 0 } );
	ENSURE_NEAR( ttDistance( ttRotate( ttQuatFromTo( a, b ), a ), b ), 0, 1e-5 );
	ENSURE_NEAR( ttDistance( ttRotate( ttQuatFromTo( a, ttNeg( a ) ), a ), ttNeg( a ) ), 0, 1e-5 );
}

static void TestEigen( void )
{
	// A rotated diagonal matrix: the decomposition must return the diagonal and a rotation that
	// reproduces the matrix.
	ttVec3 moments = { 1, 2, 5 };
	ttQuat q = ttQuatFromAxisAngle( ttNormalize( ( ttVec3 ){ 0.2f, 1, -0.4f } ), 1.1f );
	ttMat3 r = ttMat3FromQuat( q );
	ttMat3 m = ttMat3Mul( ttMat3Mul( r, ttMat3Diagonal( moments ) ), ttMat3Transpose( r ) );
	ttVec3 values;
	ttQuat axes;
	ttMat3SymmetricEigen( m, &values, &axes );
	ttMat3 ra = ttMat3FromQuat( axes );
	ttMat3 rebuilt = ttMat3Mul( ttMat3Mul( ra, ttMat3Diagonal( values ) ), ttMat3Transpose( ra ) );
	ttReal error = ttLength( ttSub( rebuilt.cx, m.cx ) ) + ttLength( ttSub( rebuilt.cy, m.cy ) ) +
	               ttLength( ttSub( rebuilt.cz, m.cz ) );
	ENSURE_NEAR( error, 0, 1e-4 );
	ENSURE_NEAR( values.x + values.y + values.z, 8, 1e-4 );
	ENSURE_NEAR( values.x * values.y * values.z, 10, 1e-3 );
	ENSURE( ttIsValidQuat( axes ) );
}

int main( void )
{
	TestQuaternions();
	TestEigen();
	return TEST_RESULT();
}
