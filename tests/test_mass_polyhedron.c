// SPDX-License-Identifier: MIT
// Polyhedral mass properties (ttComputeMeshMass, ttComputeHullMass) against closed forms: a box,
// a tetrahedron, and finely tessellated sphere and cylinder (within 0.5 %); the cylinder
// primitive exactly.
#include "test_macros.h"

#include "tether/tether.h"

#include <stdlib.h>

#define PI 3.14159265358979323846

static void TestBox( void )
{
	// Box 1 x 2 x 3 as 12 triangles, shifted far from the origin: m = 6 rho, Ixx = m (4 + 9) / 12.
	ttVec3 v[8];
	for ( int i = 0; i < 8; ++i )
	{
		v[i] = ( ttVec3 ){ 100 + ( ( i & 1 ) ? 0.5f : -0.5f ), -50 + ( ( i & 2 ) ? 1.0f : -1.0f ),
		                   7 + ( ( i & 4 ) ? 1.5f : -1.5f ) };
	}
	int t[36] = { 0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
	              2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5 };
	ttMassData md = ttComputeMeshMass( v, 8, t, 12, 10 );
	ENSURE_NEAR( md.mass, 60, 60 * 1e-5 );
	ENSURE_NEAR( md.center.x, 100, 1e-4 );
	ENSURE_NEAR( md.center.y, -50, 1e-4 );
	ENSURE_NEAR( md.center.z, 7, 1e-4 );
	ttMassData exact = ttComputeBoxMass( &( ttBox ){ { 0.5f, 1, 1.5f } }, 10 );
	// Principal moments come sorted by the eigen solver; compare as sets through their sum and
	// the smallest and largest.
	double got[3] = { md.inertia.x, md.inertia.y, md.inertia.z };
	double want[3] = { exact.inertia.x, exact.inertia.y, exact.inertia.z };
	for ( int i = 0; i < 3; ++i )
	{
		double nearest = 1e30;
		for ( int j = 0; j < 3; ++j )
		{
			nearest = fmin( nearest, fabs( got[i] - want[j] ) );
		}
		ENSURE_NEAR( nearest, 0, want[0] * 1e-4 );
	}
	// The same box from its 8 corners through the hull.
	ttMassData hull = ttComputeHullMass( v, 8, 10 );
	ENSURE_NEAR( hull.mass, 60, 60 * 1e-5 );
	ENSURE_NEAR( hull.inertia.x + hull.inertia.y + hull.inertia.z, exact.inertia.x + exact.inertia.y + exact.inertia.z,
	             1e-3 );
}

static void TestTetrahedron( void )
{
	// Unit right tetrahedron: V = 1/6, centre (1/4, 1/4, 1/4); about the centre, with rho = 1,
	// Ixx = 1/80 and Ixy = 1/480 (products of inertia -Ixy), so the principal moments are
	// 1/80 - 1/480 (twice, 1/96) and 1/80 + 2/480 (once, 1/60).
	ttVec3 v[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	ttMassData md = ttComputeHullMass( v, 4, 1 );
	ENSURE_NEAR( md.mass, 1.0 / 6, 1e-7 );
	ENSURE_NEAR( md.center.x, 0.25, 1e-7 );
	double sorted[3] = { md.inertia.x, md.inertia.y, md.inertia.z };
	double lo = fmin( sorted[0], fmin( sorted[1], sorted[2] ) ), hi = fmax( sorted[0], fmax( sorted[1], sorted[2] ) );
	ENSURE_NEAR( lo, 1.0 / 96, 1e-7 );
	ENSURE_NEAR( hi, 1.0 / 60, 1e-7 );
	ENSURE_NEAR( sorted[0] + sorted[1] + sorted[2], 2.0 / 96 + 1.0 / 60, 1e-7 );
}

// A UV sphere of radius r with `rings` latitude bands and `segments` longitudes.
static void TestSphere( void )
{
	enum
	{
		rings = 96,
		segments = 192
	};
	int vertexCount = 2 + ( rings - 1 ) * segments;
	ttVec3* v = malloc( sizeof( ttVec3 ) * (size_t)vertexCount );
	int* t = malloc( sizeof( int ) * 3 * 2 * (size_t)( rings * segments ) );
	double r = 0.7;
	v[0] = ( ttVec3 ){ 0, 0, (ttReal)r };
	v[1] = ( ttVec3 ){ 0, 0, (ttReal)-r };
	for ( int i = 1; i < rings; ++i )
	{
		double theta = PI * i / rings;
		for ( int j = 0; j < segments; ++j )
		{
			double phi = 2 * PI * j / segments;
			v[2 + ( i - 1 ) * segments + j] =
			    ( ttVec3 ){ (ttReal)( r * sin( theta ) * cos( phi ) ), (ttReal)( r * sin( theta ) * sin( phi ) ),
			                (ttReal)( r * cos( theta ) ) };
		}
	}
	int n = 0;
	for ( int j = 0; j < segments; ++j )
	{
		int j1 = ( j + 1 ) % segments;
		// Caps, outward (counter-clockwise seen from outside).
		t[n++] = 0, t[n++] = 2 + j, t[n++] = 2 + j1;
		int base = 2 + ( rings - 2 ) * segments;
		t[n++] = 1, t[n++] = base + j1, t[n++] = base + j;
		for ( int i = 1; i < rings - 1; ++i )
		{
			int a = 2 + ( i - 1 ) * segments + j, b = 2 + ( i - 1 ) * segments + j1;
			int c = 2 + i * segments + j, d = 2 + i * segments + j1;
			t[n++] = a, t[n++] = c, t[n++] = d;
			t[n++] = a, t[n++] = d, t[n++] = b;
		}
	}
	ttMassData md = ttComputeMeshMass( v, vertexCount, t, n / 3, 1000 );
	double m = 4.0 / 3.0 * PI * r * r * r * 1000;
	double i = 0.4 * m * r * r;
	ENSURE_NEAR( md.mass / m, 1, 0.005 );
	ENSURE_NEAR( md.inertia.x / i, 1, 0.005 );
	ENSURE_NEAR( md.inertia.y / i, 1, 0.005 );
	ENSURE_NEAR( md.inertia.z / i, 1, 0.005 );
	printf( "sphere mesh %d triangles: mass error %.3g %%, inertia error %.3g %%\n", n / 3, 100 * ( md.mass / m - 1 ),
	        100 * ( md.inertia.z / i - 1 ) );
	free( v );
	free( t );
}

static void TestCylinder( void )
{
	// Exact primitive: r = 0.3, h = 2 (halfHeight 1), rho = 500, axis y.
	ttCylinder cylinder = { 1, 0.3f };
	ttMassData exact = ttComputeCylinderMass( &cylinder, 500 );
	double r = 0.3, L = 2, m = PI * r * r * L * 500;
	ENSURE_NEAR( exact.mass, m, m * 1e-6 );
	ENSURE_NEAR( exact.inertia.y, m * r * r / 2, m * 1e-6 );
	ENSURE_NEAR( exact.inertia.x, m * ( 3 * r * r + L * L ) / 12, m * 1e-6 );
	ENSURE_NEAR( exact.inertia.z, exact.inertia.x, m * 1e-7 );

	// A 256-gon prism mesh against it (within 0.5 %).
	enum
	{
		segments = 256
	};
	ttVec3 v[2 * segments + 2];
	int t[3 * 4 * segments];
	for ( int j = 0; j < segments; ++j )
	{
		double phi = 2 * PI * j / segments;
		v[j] = ( ttVec3 ){ (ttReal)( r * cos( phi ) ), -1, (ttReal)( r * sin( phi ) ) };
		v[segments + j] = ( ttVec3 ){ (ttReal)( r * cos( phi ) ), 1, (ttReal)( r * sin( phi ) ) };
	}
	v[2 * segments] = ( ttVec3 ){ 0, -1, 0 };
	v[2 * segments + 1] = ( ttVec3 ){ 0, 1, 0 };
	int n = 0;
	for ( int j = 0; j < segments; ++j )
	{
		int j1 = ( j + 1 ) % segments;
		// Seen from +y, increasing phi (x toward z) runs clockwise, so outward triangles list the
		// next angle last.
		t[n++] = j, t[n++] = segments + j1, t[n++] = j1;
		t[n++] = j, t[n++] = segments + j, t[n++] = segments + j1;
		t[n++] = 2 * segments, t[n++] = j, t[n++] = j1;
		t[n++] = 2 * segments + 1, t[n++] = segments + j1, t[n++] = segments + j;
	}
	ttMassData md = ttComputeMeshMass( v, 2 * segments + 2, t, n / 3, 500 );
	ENSURE_NEAR( md.mass / m, 1, 0.005 );
	double sum = md.inertia.x + md.inertia.y + md.inertia.z;
	double exactSum = exact.inertia.x + exact.inertia.y + exact.inertia.z;
	ENSURE_NEAR( sum / exactSum, 1, 0.005 );
	double lo = fmin( md.inertia.x, fmin( md.inertia.y, md.inertia.z ) );
	ENSURE_NEAR( lo / exact.inertia.y, 1, 0.005 );
	printf( "cylinder mesh %d triangles: mass error %.3g %%, axial inertia error %.3g %%\n", n / 3,
	        100 * ( md.mass / m - 1 ), 100 * ( lo / exact.inertia.y - 1 ) );
}

static int s_logged = 0;
static void CountLog( const char* message )
{
	(void)message;
	s_logged += 1;
}

static void TestBadInput( void )
{
	ttLogFcn* previous = ttGetLogFcn();
	ttSetLogFcn( CountLog );
	ttVec3 v[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	int inward[12] = { 0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2 }; // clockwise from outside: negative volume
	int outOfRange[12] = { 0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 9 };
	ENSURE( ttComputeMeshMass( v, 4, inward, 4, 1 ).mass == 0 );
	ENSURE( ttComputeMeshMass( v, 4, outOfRange, 4, 1 ).mass == 0 );
	ENSURE( ttComputeMeshMass( NULL, 4, inward, 4, 1 ).mass == 0 );
	ENSURE( ttComputeHullMass( v, 3, 1 ).mass == 0 );
	ENSURE( ttComputeCylinderMass( &( ttCylinder ){ 1, 1 }, NAN ).mass == 0 );
	ENSURE( s_logged == 5 );
	ttSetLogFcn( previous );
}

int main( void )
{
	TestBox();
	TestTetrahedron();
	TestSphere();
	TestCylinder();
	TestBadInput();
	return TEST_RESULT();
}
