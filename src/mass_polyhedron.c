// SPDX-License-Identifier: MIT
// Mass properties of closed polyhedra. By the divergence theorem a closed surface of outward
// triangles is the signed sum of the tetrahedra (r, a, b, c) from any reference point r, so
// volume, first moment and second moment are sums of closed-form tetrahedron integrals (Mirtich
// 1996, in the covariance form of Blow and Binstock 2004): for the tetrahedron (0, a, b, c) with
// det = a . (b x c),
//   volume = det / 6,  first moment = det / 24 (a + b + c),
//   covariance = integral of x x^T = det / 120 (a a^T + b b^T + c c^T + s s^T),  s = a + b + c,
// which is the canonical tetrahedron's covariance 1/120 (E + 1 1^T) mapped by [a b c]. The inertia
// tensor about the centre of mass is trace(C) E - C after the parallel-axis shift of C.
// The reference point is the mean vertex, which keeps the sums well conditioned for meshes far
// from their origin.
#include "core.h"

#include "tether/tether.h"

static ttMat3 ttOuter( ttVec3 a, ttVec3 b )
{
	return ( ttMat3 ){ ttScale( b.x, a ), ttScale( b.y, a ), ttScale( b.z, a ) };
}

ttMassData ttComputeMeshMass( const ttVec3* vertices, int vertexCount, const int* indices, int triangleCount,
                              ttReal density )
{
	ttMassData zero = { 0, TT_VEC3_ZERO, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	if ( vertices == NULL || indices == NULL || vertexCount < 4 || triangleCount < 4 )
	{
		TT_ERROR( "a closed mesh needs at least 4 vertices and 4 triangles" );
		return zero;
	}
	if ( ttIsValidReal( density ) == false || density < 0 )
	{
		TT_ERROR( "density must be finite and >= 0, got %g", (double)density );
		return zero;
	}
	ttVec3 reference = TT_VEC3_ZERO;
	for ( int i = 0; i < vertexCount; ++i )
	{
		if ( ttIsValidVec3( vertices[i] ) == false )
		{
			TT_ERROR( "vertex %d is NaN or infinite", i );
			return zero;
		}
		reference = ttAdd( reference, vertices[i] );
	}
	for ( int i = 0; i < 3 * triangleCount; ++i )
	{
		if ( indices[i] < 0 || indices[i] >= vertexCount )
		{
			TT_ERROR( "index %d (%d) is outside [0, %d)", i, indices[i], vertexCount );
			return zero;
		}
	}
	reference = ttScale( (ttReal)1 / (ttReal)vertexCount, reference );

	// Accumulate in double even in float builds: the sums cancel heavily.
	double volume = 0;
	double moment[3] = { 0, 0, 0 };
	double covariance[3][3] = { { 0 } };
	for ( int t = 0; t < triangleCount; ++t )
	{
		ttVec3 a = ttSub( vertices[indices[3 * t]], reference );
		ttVec3 b = ttSub( vertices[indices[3 * t + 1]], reference );
		ttVec3 c = ttSub( vertices[indices[3 * t + 2]], reference );
		double det = (double)ttDot( a, ttCross( b, c ) );
		volume += det / 6;
		ttVec3 s = ttAdd( ttAdd( a, b ), c );
		double sv[3] = { s.x, s.y, s.z };
		ttMat3 sum =
		    ttMat3Add( ttMat3Add( ttOuter( a, a ), ttOuter( b, b ) ), ttMat3Add( ttOuter( c, c ), ttOuter( s, s ) ) );
		ttVec3 columns[3] = { sum.cx, sum.cy, sum.cz };
		for ( int j = 0; j < 3; ++j )
		{
			moment[j] += det / 24 * sv[j];
			double column[3] = { columns[j].x, columns[j].y, columns[j].z };
			for ( int i = 0; i < 3; ++i )
			{
				covariance[i][j] += det / 120 * column[i];
			}
		}
	}
	if ( !( volume > 0 ) )
	{
		TT_ERROR( "the mesh encloses no positive volume (%g): it must be closed with triangles counter-clockwise "
		          "seen from outside",
		          volume );
		return zero;
	}
	double center[3] = { moment[0] / volume, moment[1] / volume, moment[2] / volume };
	// Parallel axis: covariance about the centre, then I = trace(C) E - C, times density.
	double shifted[3][3];
	for ( int i = 0; i < 3; ++i )
	{
		for ( int j = 0; j < 3; ++j )
		{
			shifted[i][j] = covariance[i][j] - volume * center[i] * center[j];
		}
	}
	double trace = shifted[0][0] + shifted[1][1] + shifted[2][2];
	double rho = (double)density;
	ttMat3 inertia;
	ttVec3* columns[3] = { &inertia.cx, &inertia.cy, &inertia.cz };
	for ( int j = 0; j < 3; ++j )
	{
		double column[3];
		for ( int i = 0; i < 3; ++i )
		{
			column[i] = rho * ( ( i == j ? trace : 0 ) - shifted[i][j] );
		}
		*columns[j] = ( ttVec3 ){ (ttReal)column[0], (ttReal)column[1], (ttReal)column[2] };
	}
	ttMassData md;
	md.mass = (ttReal)( rho * volume );
	md.center = ttAdd( reference, ( ttVec3 ){ (ttReal)center[0], (ttReal)center[1], (ttReal)center[2] } );
	ttMat3SymmetricEigen( inertia, &md.inertia, &md.rotation );
	return md;
}
