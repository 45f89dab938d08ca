// SPDX-License-Identifier: MIT
// Quickhull: exact results for a cube with duplicated, interior and nearly coplanar points,
// topology (Euler, edge twins, outward planes containing every input point) for random clouds,
// the vertex cap and the rejection of degenerate input, and hull shapes' lifetime in a world.
#include "hull.h"
#include "test_macros.h"

#include "tether/tether.h"

#include <stdint.h>

static uint64_t s_rng = 12345;

static double Uniform( double lo, double hi )
{
	s_rng ^= s_rng << 13;
	s_rng ^= s_rng >> 7;
	s_rng ^= s_rng << 17;
	return lo + ( hi - lo ) * (double)( s_rng >> 11 ) / (double)( 1ull << 53 );
}

static int s_logged = 0;
static void CountLog( const char* message )
{
	(void)message;
	s_logged += 1;
}

// Every face plane has every input point on its inner side; faces are convex polygons whose
// vertices lie on their plane; edges are shared by exactly two faces; V - E + F = 2.
static void CheckHull( const ttHullData* hull, const ttVec3* points, int count, ttReal tolerance )
{
	ENSURE( hull->vertexCount - hull->edgeCount + hull->faceCount == 2 );
	ENSURE( 2 * hull->edgeCount == hull->indexCount );
	ttReal worstOutside = 0, worstOffPlane = 0;
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->faces + f;
		for ( int i = 0; i < count; ++i )
		{
			worstOutside = ttMaxReal( worstOutside, ttDot( face->normal, points[i] ) - face->offset );
		}
		for ( int k = 0; k < face->count; ++k )
		{
			ttVec3 v = hull->vertices[hull->indices[face->firstIndex + k]];
			worstOffPlane = ttMaxReal( worstOffPlane, face->offset - ttDot( face->normal, v ) );
		}
	}
	ENSURE_BELOW( worstOutside, tolerance );
	ENSURE_BELOW( worstOffPlane, tolerance );
	for ( int e = 0; e < hull->edgeCount; ++e )
	{
		ENSURE( hull->edges[e].face1 != hull->edges[e].face2 );
	}
}

static void TestCube( void )
{
	// 8 corners, each twice, nearly coplanar face centres and the centre: a cube of 6 quads.
	ttVec3 points[40];
	int count = 0;
	for ( int i = 0; i < 8; ++i )
	{
		ttVec3 c = { ( i & 1 ) ? 1 : -1, ( i & 2 ) ? 1 : -1, ( i & 4 ) ? 1 : -1 };
		points[count++] = c;
		points[count++] = ttAdd( c, ( ttVec3 ){ (ttReal)1e-9, 0, 0 } );
	}
	for ( int axis = 0; axis < 3; ++axis )
	{
		for ( int sign = -1; sign <= 1; sign += 2 )
		{
			ttReal p[3] = { (ttReal)0.3, (ttReal)-0.2, (ttReal)0.1 };
			p[axis] = (ttReal)sign * ( 1 - (ttReal)1e-9 );
			points[count++] = ( ttVec3 ){ p[0], p[1], p[2] };
		}
	}
	points[count++] = TT_VEC3_ZERO;
	char error[160] = "";
	ttHullData* hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
	ENSURE( hull != NULL );
	if ( hull == NULL )
	{
		fprintf( stderr, "%s\n", error );
		return;
	}
	ENSURE( hull->vertexCount == 8 );
	ENSURE( hull->faceCount == 6 );
	ENSURE( hull->edgeCount == 12 );
	CheckHull( hull, points, count, (ttReal)1e-5 );
	ENSURE_NEAR( hull->unitMass.mass, 8, 1e-5 );
	ENSURE_NEAR( hull->unitMass.inertia.x, 8 * ( 4.0 + 4.0 ) / 12, 1e-4 );
	ttHull_Destroy( hull );
}

static void TestRandomClouds( void )
{
	for ( int trial = 0; trial < 200; ++trial )
	{
		ttVec3 points[60];
		int count = 4 + trial % 56;
		for ( int i = 0; i < count; ++i )
		{
			points[i] = ( ttVec3 ){ (ttReal)Uniform( -1, 1 ), (ttReal)Uniform( -2, 2 ), (ttReal)Uniform( -0.5, 0.5 ) };
		}
		char error[160];
		ttHullData* hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
		ENSURE( hull != NULL );
		if ( hull == NULL )
		{
			fprintf( stderr, "trial %d: %s\n", trial, error );
			continue;
		}
		if ( trial % 40 == 0 )
		{
			printf( "cloud of %d points: %d vertices, %d faces, %d edges\n", count, hull->vertexCount, hull->faceCount,
			        hull->edgeCount );
		}
		CheckHull( hull, points, count, (ttReal)1e-4 );
		ttHull_Destroy( hull );
	}
}

static void TestRejections( void )
{
	char error[160];
	ttVec3 flat[5] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, (ttReal)1e-12 }, { 2, 3, 0 } };
	ENSURE( ttHull_Create( flat, 5, error, (int)sizeof( error ) ) == NULL );
	printf( "coplanar: %s\n", error );
	ttVec3 three[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
	ENSURE( ttHull_Create( three, 3, error, (int)sizeof( error ) ) == NULL );
	printf( "three points: %s\n", error );
	ttVec3 line[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } };
	ENSURE( ttHull_Create( line, 4, error, (int)sizeof( error ) ) == NULL );
	ttVec3 same[4] = { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } };
	ENSURE( ttHull_Create( same, 4, error, (int)sizeof( error ) ) == NULL );
	ttVec3 nan[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, NAN } };
	ENSURE( ttHull_Create( nan, 4, error, (int)sizeof( error ) ) == NULL );
	printf( "NaN: %s\n", error );
	// Points in a row along an edge (found by fuzz_narrowphase): quickhull left a face of three
	// collinear vertices, with a zero normal that a box inside the hull then got as its contact
	// normal. Refused with a message, as a flat hull is. (Double: in float the points round apart.)
	if ( TT_REAL_IS_FLOAT == false )
	{
		ttVec3 row[14] = {
		    { -14.297162821336496, 31.296195767560878, 0.3180766298841447 },
		    { -19.356871388229578, 24.004352642792814, 6.2337930231214438 },
		    { 31.919117039525986, 33.129335000909187, 21.137082670365167 },
		    { 3.1884001379586815, -0.86058812981454569, -19.392495970776601 },
		    { -21.968662211534276, 24.517346631469962, -30.883968455231027 },
		    { -32.570537977528716, -33.092692573146536, 33.352243103131997 },
		    { 33.352243103131997, 33.352243103131997, 33.092692573146536 },
		    { -33.352243103131997, -33.352243103131997, -33.337993270113188 },
		    { -33.352243103131997, -33.352243103131997, -33.245369355490922 },
		    { -3.4978250835099738, -25.751992878028265, -26.970353601136495 },
		    { -18.457096217613309, 15.790341752664633, -33.352243103131997 },
		    { -33.352243103131997, -33.352243103131997, -33.352243103131997 },
		    { -33.352243103131997, -33.352243103131997, -33.352243103131997 },
		    { -33.352243103131997, -33.352243103131997, -33.352243103131997 },
		};
		ENSURE( ttHull_Create( row, 14, error, (int)sizeof( error ) ) == NULL );
		printf( "points in a row: %s\n", error );
	}
	// 200 points on a sphere: far more than 64 hull vertices.
	ttVec3 sphere[200];
	for ( int i = 0; i < 200; ++i )
	{
		ttReal z = 1 - 2 * ( (ttReal)i + (ttReal)0.5 ) / 200, r = ttSqrt( 1 - z * z ),
		       phi = (ttReal)i * (ttReal)2.39996;
		sphere[i] = ( ttVec3 ){ r * ttCos( phi ), r * ttSin( phi ), z };
	}
	ENSURE( ttHull_Create( sphere, 200, error, (int)sizeof( error ) ) == NULL );
	printf( "too many: %s\n", error );
	// 60 points on a sphere fit.
	ttHullData* hull = ttHull_Create( sphere, 60, error, (int)sizeof( error ) );
	ENSURE( hull != NULL && hull->vertexCount == 60 );
	ttHull_Destroy( hull );
}

static void TestShapeLifetime( void )
{
	ttLogFcn* previous = ttGetLogFcn();
	ttSetLogFcn( CountLog );
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttVec3 tetra[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	ttShapeId a = ttCreateHullShape( body, &shapeDef, tetra, 4 );
	ttShapeId b = ttCreateHullShape( body, &shapeDef, tetra, 4 );
	ttCreateHullShape( body, &shapeDef, tetra, 4 );
	ENSURE( ttShape_IsValid( a ) && ttShape_IsValid( b ) );
	ENSURE( ttShape_GetType( a ) == ttShape_hull );
	ttVec3 vertices[8];
	ENSURE( ttShape_GetHullVertices( a, vertices, 8 ) == 4 );
	ENSURE_NEAR( ttBody_GetMass( body ), 3 * 1000.0 / 6, 1e-3 );
	int before = s_logged;
	ENSURE( ttShape_IsValid( ttCreateHullShape( body, &shapeDef, tetra, 3 ) ) == false );
	ENSURE( ttShape_IsValid( ttCreateHullShape( body, NULL, tetra, 4 ) ) == false ); // hull freed again
	ENSURE( s_logged == before + 2 );
	ENSURE_NEAR( ttBody_GetMass( body ), 3 * 1000.0 / 6, 1e-3 );
	ttDestroyShape( a ); // frees one hull; the body and the world free the others (ASan checks)
	ttBodyId other = ttCreateBody( world, &bodyDef );
	ttCreateHullShape( other, &shapeDef, tetra, 4 );
	ttCreateCylinderShape( other, &shapeDef, &( ttCylinder ){ 0.5f, 0.25f } );
	ENSURE( ttShape_IsValid( ttCreateCylinderShape( other, &shapeDef, &( ttCylinder ){ -1, 1 } ) ) == false );
	ttDestroyBody( other );
	ttDestroyWorld( world );
	ttSetLogFcn( previous );
}

int main( void )
{
	TestCube();
	TestRandomClouds();
	TestRejections();
	TestShapeLifetime();
	return TEST_RESULT();
}
