// SPDX-License-Identifier: MIT
// The viewer's hull faces (hull_mesh.cpp) against solids whose faces are known: a cube of side 2
// has 12 triangles of total area 24, a tetrahedron 4 with area sqrt(3) * 8 / 2 per face for edge
// 2 sqrt(2) (corners of the unit cube alternating), an octahedron 8; every triangle faces away
// from the centre; points in one plane have no faces.
#include "hull_mesh.h"

#include <cmath>
#include <cstdio>

static int failures = 0;

static void Check( bool condition, const char* what )
{
	if ( condition == false )
	{
		fprintf( stderr, "FAIL: %s\n", what );
		failures += 1;
	}
}

// Number of triangles, total area, and whether all face away from the centre (origin).
static void Solid( const char* name, const std::vector<Vec3f>& points, int expectedTriangles, float expectedArea )
{
	std::vector<Vec3f> t = HullTriangles( points );
	int count = (int)( t.size() / 3 );
	float area = 0;
	bool outward = true;
	for ( int i = 0; i < count; ++i )
	{
		Vec3f n = Cross( t[3 * i + 1] - t[3 * i], t[3 * i + 2] - t[3 * i] );
		area += 0.5f * Length( n );
		Vec3f centroid = ( t[3 * i] + t[3 * i + 1] + t[3 * i + 2] ) * ( 1.0f / 3 );
		outward = outward && Dot( n, centroid ) > 0;
	}
	printf( "%s: %d triangles (expected %d), area %.6f (expected %.6f), outward %s\n", name, count, expectedTriangles,
	        (double)area, (double)expectedArea, outward ? "yes" : "no" );
	Check( count == expectedTriangles, name );
	Check( std::fabs( area - expectedArea ) <= 1e-4f * expectedArea, name );
	Check( outward, name );
}

int main()
{
	std::vector<Vec3f> cube, tetrahedron;
	for ( int k = 0; k < 8; ++k )
	{
		Vec3f p = { ( k & 1 ) ? 1.0f : -1.0f, ( k & 2 ) ? 1.0f : -1.0f, ( k & 4 ) ? 1.0f : -1.0f };
		cube.push_back( p );
		if ( p.x * p.y * p.z > 0 )
		{
			tetrahedron.push_back( p );
		}
	}
	Solid( "cube", cube, 12, 24 );
	// Edge 2 sqrt(2): each face sqrt(3)/4 * 8 = 2 sqrt(3).
	Solid( "tetrahedron", tetrahedron, 4, 4 * 2 * std::sqrt( 3.0f ) );
	// Octahedron of radius 1: 8 faces with edge sqrt(2), each sqrt(3)/4 * 2.
	std::vector<Vec3f> octahedron = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
	Solid( "octahedron", octahedron, 8, 8 * std::sqrt( 3.0f ) / 2 );
	std::vector<Vec3f> square = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 1 }, { 0, 0, 1 } };
	Check( HullTriangles( square ).empty(), "coplanar points have no faces" );
	return failures == 0 ? 0 : 1;
}
