// SPDX-License-Identifier: MIT
// Scene queries against meshes and heightfields. Ray casts (closest, all, single shape) are
// checked against a brute-force loop over every triangle in world coordinates; a heightfield is
// hit from above only (it is solid below), a mesh from both sides. Shape casts, overlap and
// closest point run per triangle through the convex queries and are checked on flat geometry,
// where the answers are known exactly, and the closest point against brute force.
#include "test_macros.h"
#include "test_random.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

#if defined( TT_USE_FLOAT )
#define FRACTION_TOLERANCE 1e-4
#define EDGE_MARGIN 1e-4
#else
#define FRACTION_TOLERANCE 1e-9
#define EDGE_MARGIN 1e-7
#endif

typedef struct Soup
{
	ttVec3* corners; ///< world, 3 per triangle
	int count;
	bool oneSided;
	ttShapeId shape;
} Soup;

static Soup MakeSoup( ttShapeId shape )
{
	Soup soup = { 0 };
	soup.shape = shape;
	soup.count = ttShape_GetTriangleCount( shape );
	soup.corners = malloc( sizeof( ttVec3 ) * 3 * (size_t)soup.count );
	ttShape_GetTriangles( shape, soup.corners, soup.count );
	ttTransform xf =
	    ttMulTransforms( ttBody_GetTransform( ttShape_GetBody( shape ) ), ttShape_GetLocalTransform( shape ) );
	for ( int i = 0; i < 3 * soup.count; ++i )
	{
		soup.corners[i] = ttTransformPoint( xf, soup.corners[i] );
	}
	soup.oneSided = ttShape_GetType( shape ) == ttShape_heightfield;
	return soup;
}

// The first hit of the ray with the soup: `strict` counts a triangle only when the hit is at
// least EDGE_MARGIN inside it, `loose` when it is at most that far outside. A correct cast lies
// between them (they differ only for rays grazing an edge).
typedef struct BruteHit
{
	double strict, loose; ///< fractions, 2 for none
	ttVec3 normal;        ///< of the strict hit
} BruteHit;

static BruteHit BruteRay( const Soup* soup, ttVec3 origin, ttVec3 translation )
{
	BruteHit best = { 2, 2, { 0, 0, 0 } };
	for ( int t = 0; t < soup->count; ++t )
	{
		ttVec3 a = soup->corners[3 * t], b = soup->corners[3 * t + 1], c = soup->corners[3 * t + 2];
		ttVec3 n = ttCross( ttSub( b, a ), ttSub( c, a ) );
		double facing = (double)ttDot( n, translation );
		if ( facing == 0 || ( soup->oneSided && facing > 0 ) )
		{
			continue;
		}
		// The plane crossing, then barycentric coordinates of the crossing point, normalised.
		double s = (double)ttDot( n, ttSub( a, origin ) ) / facing;
		if ( s < 0 || s > 1 )
		{
			continue;
		}
		ttVec3 p = ttMulAdd( origin, (ttReal)s, translation );
		double area = (double)ttLength( n );
		double margin = 1;
		ttVec3 corners[3] = { a, b, c };
		for ( int k = 0; k < 3; ++k )
		{
			ttVec3 e = ttSub( corners[( k + 1 ) % 3], corners[k] );
			// Signed distance of p inside edge k, relative to the triangle's size.
			double inside = (double)ttDot( n, ttCross( e, ttSub( p, corners[k] ) ) ) / area / (double)ttLength( e );
			margin = inside < margin ? inside : margin;
		}
		if ( margin >= -EDGE_MARGIN && s < best.loose )
		{
			best.loose = s;
		}
		if ( margin >= EDGE_MARGIN && s < best.strict )
		{
			best.strict = s;
			best.normal = ttNormalize( facing < 0 ? n : ttNeg( n ) );
		}
	}
	return best;
}

typedef struct AllHits
{
	ttShapeId shapes[4];
	ttReal fractions[4];
	int count;
} AllHits;

static ttReal CollectAll( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context )
{
	(void)point;
	(void)normal;
	AllHits* all = context;
	if ( all->count < 4 )
	{
		all->shapes[all->count] = shapeId;
		all->fractions[all->count] = fraction;
	}
	all->count += 1;
	return 1;
}

static bool Within( double value, BruteHit brute )
{
	return value >= brute.loose - FRACTION_TOLERANCE && value <= brute.strict + FRACTION_TOLERANCE;
}

static void TestRays( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	SeedRandom( 7 );

	// A bumpy heightfield of 30 x 25 points, turned about y and moved.
	enum
	{
		rows = 25,
		columns = 30
	};
	ttReal heights[rows * columns];
	for ( int i = 0; i < rows * columns; ++i )
	{
		heights[i] = RandomRange( -0.3, 0.3 );
	}
	ttHeightfieldDef field = ttDefaultHeightfieldDef();
	field.heights = heights;
	field.rowCount = rows;
	field.columnCount = columns;
	field.scale = ( ttVec3 ){ 0.2f, 1.5f, 0.15f };
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.position = ( ttVec3 ){ -3, 0, -2 };
	bodyDef.rotation = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, 0.3f );
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttShapeId terrain = ttCreateHeightfieldShape( ground, &shapeDef, &field );

	// A closed lumpy ball of 16 x 12 quads (a UV sphere with random radii) on a kinematic body,
	// with a shape offset, floating above the terrain.
	enum
	{
		around = 16,
		up = 12
	};
	ttVec3 vertices[( around + 1 ) * ( up + 1 )];
	int indices[6 * around * up];
	for ( int i = 0; i <= up; ++i )
	{
		for ( int j = 0; j <= around; ++j )
		{
			double theta = TT_PI * i / up, phi = 2 * TT_PI * ( j % around ) / around;
			// Poles and the seam share positions: the library welds them.
			ttReal radius = ( i == 0 || i == up || j == around ) ? 1 : RandomRange( 0.8, 1.2 );
			if ( j == around )
			{
				radius = ttLength( vertices[i * ( around + 1 )] );
			}
			vertices[i * ( around + 1 ) + j] =
			    ttScale( radius, ( ttVec3 ){ (ttReal)( sin( theta ) * cos( phi ) ), (ttReal)cos( theta ),
			                                 (ttReal)( sin( theta ) * sin( phi ) ) } );
		}
	}
	int k = 0;
	for ( int i = 0; i < up; ++i )
	{
		for ( int j = 0; j < around; ++j )
		{
			int a = i * ( around + 1 ) + j, b = a + 1, c = a + around + 1, d = c + 1;
			int quad[6] = { a, b, d, a, d, c };
			memcpy( indices + k, quad, sizeof( quad ) );
			k += 6;
		}
	}
	ttMeshDef mesh = ttDefaultMeshDef();
	mesh.vertices = vertices;
	mesh.vertexCount = ( around + 1 ) * ( up + 1 );
	mesh.indices = indices;
	mesh.triangleCount = 2 * around * up;
	bodyDef.type = ttBody_kinematic;
	bodyDef.position = ( ttVec3 ){ 0.5f, 1.5f, 0.2f };
	bodyDef.rotation = ttQuatFromAxisAngle( ttNormalize( ( ttVec3 ){ 1, 2, 3 } ), 0.7f );
	ttBodyId floating = ttCreateBody( world, &bodyDef );
	shapeDef.localPosition = ( ttVec3 ){ 0.1f, -0.2f, 0.3f };
	ttShapeId lump = ttCreateMeshShape( floating, &shapeDef, &mesh );
	// Triangles at the poles have zero area and are dropped.
	ENSURE( ttShape_GetTriangleCount( lump ) == 2 * around * up - 2 * around );

	Soup soups[2] = { MakeSoup( terrain ), MakeSoup( lump ) };
	int mismatches = 0, hits = 0, grazing = 0, wrongNormals = 0, wrongAll = 0;
	int rays = 3000;
	for ( int r = 0; r < rays; ++r )
	{
		ttVec3 origin = { RandomRange( -4, 4 ), RandomRange( -1, 3.5 ), RandomRange( -3, 3 ) };
		ttVec3 translation = ttScale( RandomRange( 0.5, 6 ), RandomUnit() );
		BruteHit brute[2] = { BruteRay( &soups[0], origin, translation ), BruteRay( &soups[1], origin, translation ) };
		BruteHit first = brute[0].loose <= brute[1].loose ? brute[0] : brute[1];
		first.strict = brute[0].strict < brute[1].strict ? brute[0].strict : brute[1].strict;
		first.normal = brute[0].strict < brute[1].strict ? brute[0].normal : brute[1].normal;
		grazing += first.strict != first.loose;

		ttRayResult result = ttWorld_CastRayClosest( world, origin, translation, ttDefaultQueryFilter() );
		double fraction = result.hit ? (double)result.fraction : 2;
		if ( Within( fraction, first ) == false )
		{
			if ( mismatches < 5 )
			{
				fprintf( stderr, "ray %d: cast %.12g, brute force in [%.12g, %.12g]\n", r, fraction, first.loose,
				         first.strict );
			}
			mismatches += 1;
		}
		hits += result.hit;
		if ( result.hit && first.strict == first.loose && ttDot( result.normal, first.normal ) < 1 - 1e-6 )
		{
			wrongNormals += 1;
		}
		// Every shape hit, once each, at its own first hit; and the same through ttShape_RayCast.
		AllHits all = { 0 };
		ttWorld_CastRay( world, origin, translation, ttDefaultQueryFilter(), CollectAll, &all );
		int expected = ( brute[0].strict <= 1 ) + ( brute[1].strict <= 1 );
		int possible = ( brute[0].loose <= 1 ) + ( brute[1].loose <= 1 );
		bool ok = all.count >= expected && all.count <= possible;
		for ( int i = 0; i < all.count && i < 4; ++i )
		{
			int s = all.shapes[i].index1 == terrain.index1 ? 0 : 1;
			ok = ok && Within( all.fractions[i], brute[s] );
		}
		for ( int s = 0; s < 2; ++s )
		{
			ttRayResult single = ttShape_RayCast( soups[s].shape, origin, translation );
			ok = ok && Within( single.hit ? (double)single.fraction : 2, brute[s] );
		}
		wrongAll += ok == false;
	}
	printf( "%d rays, %d hits, %d grazing an edge within %g\n", rays, hits, grazing, EDGE_MARGIN );
	ENSURE( mismatches == 0 );
	ENSURE( wrongNormals == 0 );
	ENSURE( wrongAll == 0 );
	// The rays must test something: at least one in ten hits (470 of the 3000 do).
	ENSURE( hits > rays / 10 );

	// One-sided heightfield: a ray from below going up passes through; the two-sided mesh is hit
	// from inside.
	ttVec3 below = ttTransformPoint( ttBody_GetTransform( ground ), ( ttVec3 ){ 3, -2, 2 } );
	ENSURE( ttShape_RayCast( terrain, below, ( ttVec3 ){ 0, 4, 0 } ).hit == false );
	ENSURE( ttShape_RayCast( terrain, ttAdd( below, ( ttVec3 ){ 0, 4, 0 } ), ( ttVec3 ){ 0, -4, 0 } ).hit );
	ttVec3 center = ttTransformPoint( ttBody_GetTransform( floating ), shapeDef.localPosition );
	ENSURE( ttShape_RayCast( lump, center, ( ttVec3 ){ 0, 0, 3 } ).hit );
	free( soups[0].corners );
	free( soups[1].corners );
	ttDestroyWorld( world );
}

// Closest point of triangle abc to p (Ericson, Real-Time Collision Detection 5.1.5), as a check.
static ttVec3 ClosestOnTriangle( ttVec3 p, ttVec3 a, ttVec3 b, ttVec3 c )
{
	ttVec3 ab = ttSub( b, a ), ac = ttSub( c, a ), ap = ttSub( p, a );
	ttReal d1 = ttDot( ab, ap ), d2 = ttDot( ac, ap );
	if ( d1 <= 0 && d2 <= 0 )
		return a;
	ttVec3 bp = ttSub( p, b );
	ttReal d3 = ttDot( ab, bp ), d4 = ttDot( ac, bp );
	if ( d3 >= 0 && d4 <= d3 )
		return b;
	ttReal vc = d1 * d4 - d3 * d2;
	if ( vc <= 0 && d1 >= 0 && d3 <= 0 )
		return ttMulAdd( a, d1 / ( d1 - d3 ), ab );
	ttVec3 cp = ttSub( p, c );
	ttReal d5 = ttDot( ab, cp ), d6 = ttDot( ac, cp );
	if ( d6 >= 0 && d5 <= d6 )
		return c;
	ttReal vb = d5 * d2 - d1 * d6;
	if ( vb <= 0 && d2 >= 0 && d6 <= 0 )
		return ttMulAdd( a, d2 / ( d2 - d6 ), ac );
	ttReal va = d3 * d6 - d5 * d4;
	if ( va <= 0 && ( d4 - d3 ) >= 0 && ( d5 - d6 ) >= 0 )
		return ttMulAdd( b, ( d4 - d3 ) / ( ( d4 - d3 ) + ( d5 - d6 ) ), ttSub( c, b ) );
	ttReal denominator = 1 / ( va + vb + vc );
	return ttAdd( a, ttAdd( ttScale( vb * denominator, ab ), ttScale( vc * denominator, ac ) ) );
}

static bool CountOverlap( ttShapeId shapeId, void* context )
{
	(void)shapeId;
	*(int*)context += 1;
	return true;
}

static void TestOtherQueries( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	// A flat heightfield at y = 0.5 over [0, 4] x [0, 4] and a flat two-triangle mesh at y = -1.
	ttReal heights[25];
	for ( int i = 0; i < 25; ++i )
	{
		heights[i] = 0.25f;
	}
	ttHeightfieldDef field = ttDefaultHeightfieldDef();
	field.heights = heights;
	field.rowCount = 5;
	field.columnCount = 5;
	field.scale = ( ttVec3 ){ 1, 2, 1 };
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttShapeId terrain = ttCreateHeightfieldShape( ground, &shapeDef, &field );
	ttVec3 square[4] = { { -10, -1, -10 }, { 10, -1, -10 }, { 10, -1, 10 }, { -10, -1, 10 } };
	int indices[6] = { 0, 2, 1, 0, 3, 2 };
	ttMeshDef mesh = ttDefaultMeshDef();
	mesh.vertices = square;
	mesh.vertexCount = 4;
	mesh.indices = indices;
	mesh.triangleCount = 2;
	ttShapeId floor = ttCreateMeshShape( ground, &shapeDef, &mesh );

	// Shape casts straight down: a sphere of radius 0.1 from y = 3 stops 0.1 above the terrain, a
	// box of half height 0.2 outside the terrain stops 0.2 above the mesh floor.
	ttQueryShape sphere = { .type = ttShape_sphere, .sphere = { 0.1f } };
	ttRayResult cast = ttWorld_CastShapeClosest( world, &sphere, ( ttTransform ){ { 1.3f, 3, 2.7f }, TT_QUAT_IDENTITY },
	                                             ( ttVec3 ){ 0, -4, 0 }, ttDefaultQueryFilter() );
	ENSURE( cast.hit && cast.shapeId.index1 == terrain.index1 );
	ENSURE_NEAR( 3 - 4 * cast.fraction, 0.6, 1e-3 );
	ENSURE_NEAR( cast.normal.y, 1, 1e-6 );
	ttQueryShape box = { .type = ttShape_box, .box = { { 0.3f, 0.2f, 0.1f } } };
	cast = ttWorld_CastShapeClosest( world, &box, ( ttTransform ){ { 6, 3, 1 }, TT_QUAT_IDENTITY },
	                                 ( ttVec3 ){ 0, -5, 0 }, ttDefaultQueryFilter() );
	ENSURE( cast.hit && cast.shapeId.index1 == floor.index1 );
	ENSURE_NEAR( 3 - 5 * cast.fraction, -0.8, 1e-3 );

	// Overlap: a sphere touching the terrain surface finds it (and not the floor); one in the air
	// finds nothing.
	int found = 0;
	ttWorld_OverlapShape( world, &sphere, ( ttTransform ){ { 2, 0.55f, 2 }, TT_QUAT_IDENTITY }, ttDefaultQueryFilter(),
	                      CountOverlap, &found );
	ENSURE( found == 1 );
	found = 0;
	ttWorld_OverlapShape( world, &sphere, ( ttTransform ){ { 2, 0.7f, 2 }, TT_QUAT_IDENTITY }, ttDefaultQueryFilter(),
	                      CountOverlap, &found );
	ENSURE( found == 0 );

	// Closest point against brute force over both shapes' triangles, from random points.
	Soup soups[2] = { MakeSoup( terrain ), MakeSoup( floor ) };
	SeedRandom( 11 );
	int wrong = 0;
	for ( int i = 0; i < 300; ++i )
	{
		ttVec3 p = { RandomRange( -2, 6 ), RandomRange( -0.5, 3 ), RandomRange( -2, 6 ) };
		double best = 1e30;
		for ( int s = 0; s < 2; ++s )
		{
			for ( int t = 0; t < soups[s].count; ++t )
			{
				ttVec3 q = ClosestOnTriangle( p, soups[s].corners[3 * t], soups[s].corners[3 * t + 1],
				                              soups[s].corners[3 * t + 2] );
				double d = (double)ttDistance( p, q );
				best = d < best ? d : best;
			}
		}
		ttClosestPointResult closest = ttWorld_ClosestPoint( world, p, TT_HUGE, ttDefaultQueryFilter() );
		if ( closest.hit == false || fabs( (double)closest.distance - best ) > 1e-4 ||
		     fabs( (double)ttDistance( closest.point, p ) - best ) > 1e-4 )
		{
			wrong += 1;
		}
	}
	ENSURE( wrong == 0 );
	free( soups[0].corners );
	free( soups[1].corners );
	ttDestroyWorld( world );
}

int main( void )
{
	TestRays();
	TestOtherQueries();
	return TEST_RESULT();
}
