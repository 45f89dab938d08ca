// SPDX-License-Identifier: MIT
// QueryScene queries against brute force on random scenes: the closest ray hit equals the nearest of
// ttShape_RayCast over every shape, all-hits casts report exactly the shapes that brute force
// hits, and box overlap reports exactly the shapes whose boxes overlap; before and after the
// scene moves. Single-shape ray casts are checked by marching along the ray with an independent
// inside test. Bad input is refused with a message, and queries do not change the simulation.
#include "test_macros.h"
#include "test_random_scene.h"

#include "tether/tether.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BODY_COUNT 400
#define RAYS 300

#if defined( TT_USE_FLOAT )
#define FRACTION_TOLERANCE 1e-4
#else
#define FRACTION_TOLERANCE 1e-9
#endif

static void BuildScene( QueryScene* scene, uint64_t seed )
{
	memset( scene, 0, sizeof( *scene ) );
	scene->shapeCount =
	    BuildRandomScene( &scene->world, scene->shapes, seed, ( RandomSceneSettings ){ BODY_COUNT, 40, 15, false } );
}

static bool StopAtFirst( ttShapeId shapeId, void* context )
{
	(void)shapeId;
	*(int*)context += 1;
	return false;
}

// Compares the world queries with brute force over every shape; returns the number of mismatches.
static int CheckQueries( const QueryScene* scene, int* hitCount )
{
	int bad = 0;
	ttQueryFilter filters[2] = { ttDefaultQueryFilter(), { 1, ~(uint64_t)2 } };
	for ( int ray = 0; ray < RAYS; ++ray )
	{
		ttQueryFilter filter = filters[ray % 2];
		ttVec3 origin = ttAdd( RandomVec( 20 ), ( ttVec3 ){ 0, 16, 0 } );
		ttVec3 translation = RandomVec( 30 );
		// Brute force.
		ttRayResult nearest = { 0 };
		nearest.fraction = 2;
		int expectedHits = 0;
		static QueryHits brute;
		brute.count = 0;
		for ( int s = 0; s < scene->shapeCount; ++s )
		{
			if ( SeesShape( scene->shapes[s], filter ) == false )
			{
				continue;
			}
			ttRayResult r = ttShape_RayCast( scene->shapes[s], origin, translation );
			if ( r.hit )
			{
				expectedHits += 1;
				brute.shapes[brute.count] = scene->shapes[s];
				brute.fractions[brute.count++] = r.fraction;
				if ( r.fraction < nearest.fraction )
				{
					nearest = r;
				}
			}
		}
		ttRayResult closest = ttWorld_CastRayClosest( scene->world, origin, translation, filter );
		if ( closest.hit != nearest.hit ||
		     ( closest.hit && ( fabs( (double)( closest.fraction - nearest.fraction ) ) > FRACTION_TOLERANCE ||
		                        ttLength( ttSub( closest.normal, nearest.normal ) ) > 1e-3 ) ) )
		{
			fprintf( stderr, "ray %d: closest %d at %g, brute force %d at %g\n", ray, closest.hit,
			         (double)closest.fraction, nearest.hit, (double)nearest.fraction );
			bad += 1;
		}
		*hitCount += closest.hit;

		static QueryHits all;
		all.count = 0;
		ttWorld_CastRay( scene->world, origin, translation, filter, CollectHit, &all );
		bool same = all.count == expectedHits;
		for ( int i = 0; same && i < all.count; ++i )
		{
			int k = FindShape( &brute, all.shapes[i] );
			same = k >= 0 && fabs( (double)( brute.fractions[k] - all.fractions[i] ) ) <= FRACTION_TOLERANCE;
		}
		if ( same == false )
		{
			fprintf( stderr, "ray %d: %d hits, brute force %d\n", ray, all.count, expectedHits );
			bad += 1;
		}

		// Overlap with a random box.
		ttVec3 center = ttAdd( RandomVec( 18 ), ( ttVec3 ){ 0, 14, 0 } );
		ttVec3 half = { RandomRange( 0.5, 6 ), RandomRange( 0.5, 6 ), RandomRange( 0.5, 6 ) };
		ttAABB box = { ttSub( center, half ), ttAdd( center, half ) };
		static QueryHits found;
		found.count = 0;
		ttWorld_OverlapAABB( scene->world, box, filter, CollectOverlap, &found );
		int expectedOverlaps = 0;
		same = true;
		for ( int s = 0; s < scene->shapeCount; ++s )
		{
			ttAABB b = ttShape_GetAABB( scene->shapes[s] );
			bool overlap = SeesShape( scene->shapes[s], filter ) && b.lower.x <= box.upper.x &&
			               box.lower.x <= b.upper.x && b.lower.y <= box.upper.y && box.lower.y <= b.upper.y &&
			               b.lower.z <= box.upper.z && box.lower.z <= b.upper.z;
			if ( ttShape_GetType( scene->shapes[s] ) == ttShape_plane )
			{
				// Unbounded: found when the box reaches into the solid half space (the ground, y <= 0).
				overlap = SeesShape( scene->shapes[s], filter ) && box.lower.y <= 0;
			}
			expectedOverlaps += overlap;
			same = same && ( FindShape( &found, scene->shapes[s] ) >= 0 ) == overlap;
		}
		if ( same == false || found.count != expectedOverlaps )
		{
			fprintf( stderr, "box %d: %d overlaps, brute force %d\n", ray, found.count, expectedOverlaps );
			bad += 1;
		}
	}
	return bad;
}

// Independent inside test for the primitive shapes, in world coordinates.
static bool Inside( ttShapeId shape, ttVec3 point )
{
	ttTransform body = ttBody_GetTransform( ttShape_GetBody( shape ) );
	ttTransform xf = ttMulTransforms( body, ttShape_GetLocalTransform( shape ) );
	ttVec3 p = ttInvTransformPoint( xf, point );
	switch ( ttShape_GetType( shape ) )
	{
		case ttShape_sphere:
			return ttLength( p ) <= ttShape_GetSphere( shape ).radius;
		case ttShape_box:
		{
			ttVec3 e = ttShape_GetBox( shape ).halfExtents;
			return fabs( (double)p.x ) <= e.x && fabs( (double)p.y ) <= e.y && fabs( (double)p.z ) <= e.z;
		}
		case ttShape_capsule:
		{
			ttCapsule c = ttShape_GetCapsule( shape );
			ttVec3 e = ttSub( c.center2, c.center1 );
			ttReal s = ttClampReal( ttDot( ttSub( p, c.center1 ), e ) / ttDot( e, e ), 0, 1 );
			return ttLength( ttSub( p, ttMulAdd( c.center1, s, e ) ) ) <= c.radius;
		}
		case ttShape_plane:
		{
			ttPlane plane = ttShape_GetPlane( shape );
			return ttDot( ttNormalize( plane.normal ), p ) <= plane.offset / ttLength( plane.normal );
		}
		default:
			return false;
	}
}

// March along each ray: a hit must be outside just before and inside just after, with nothing
// inside before it; a miss must have no inside sample (rays starting inside are skipped).
static int CheckSingleShapeCasts( const QueryScene* scene, int* casts )
{
	int bad = 0;
	const int samples = 400;
	for ( int s = 0; s < 60; ++s )
	{
		ttShapeId shape = scene->shapes[s];
		ttAABB box = ttShape_GetAABB( shape );
		ttVec3 target = s == 0 ? ( ttVec3 ){ 0, 0, 0 } : ttScale( (ttReal)0.5, ttAdd( box.lower, box.upper ) );
		for ( int r = 0; r < 20; ++r )
		{
			ttVec3 origin = ttAdd( target, RandomVec( 4 ) );
			ttVec3 aim = ttAdd( target, RandomVec( r < 10 ? 0.5 : 2.0 ) );
			ttVec3 translation = ttScale( 2, ttSub( aim, origin ) );
			if ( Inside( shape, origin ) )
			{
				continue;
			}
			*casts += 1;
			ttRayResult hit = ttShape_RayCast( shape, origin, translation );
			int firstInside = -1;
			for ( int k = 0; k <= samples && firstInside < 0; ++k )
			{
				if ( Inside( shape, ttMulAdd( origin, (ttReal)k / samples, translation ) ) )
				{
					firstInside = k;
				}
			}
			if ( hit.hit == false )
			{
				bad += firstInside >= 0;
				continue;
			}
			double eps = 1e-4;
			bool ok = Inside( shape, ttMulAdd( origin, hit.fraction + (ttReal)eps, translation ) ) &&
			          Inside( shape, ttMulAdd( origin, hit.fraction - (ttReal)eps, translation ) ) == false &&
			          ( firstInside < 0 || hit.fraction <= (ttReal)firstInside / samples + eps ) &&
			          fabs( (double)ttLength( hit.normal ) - 1 ) < 1e-4 && ttDot( hit.normal, translation ) < 0;
			if ( ok == false )
			{
				fprintf( stderr, "shape %d ray %d: fraction %g, first inside sample %d\n", s, r, (double)hit.fraction,
				         firstInside );
			}
			bad += ok == false;
		}
	}
	return bad;
}

static void CheckBadInput( const QueryScene* scene )
{
	ttSetLogFcn( CaptureLog );
	ttQueryFilter filter = ttDefaultQueryFilter();
	ttVec3 nanVec = { (ttReal)NAN, 0, 0 };
	ttVec3 origin = { 0, 5, 0 }, down = { 0, -10, 0 };
	QueryHits hits = { 0 };
	int before = s_messages;
	ENSURE( ttWorld_CastRayClosest( scene->world, nanVec, down, filter ).hit == false );
	ENSURE( ttWorld_CastRayClosest( scene->world, origin, ( ttVec3 ){ 0, (ttReal)INFINITY, 0 }, filter ).hit == false );
	ENSURE( ttWorld_CastRay( scene->world, nanVec, down, filter, CollectHit, &hits ) == ttResult_invalidArgument );
	ENSURE( ttWorld_CastRay( scene->world, origin, down, filter, NULL, NULL ) == ttResult_invalidArgument );
	ttAABB inverted = { { 1, 1, 1 }, { 0, 0, 0 } };
	ENSURE( ttWorld_OverlapAABB( scene->world, inverted, filter, CollectOverlap, &hits ) == ttResult_invalidArgument );
	ttAABB nanBox = { nanVec, { 1, 1, 1 } };
	ENSURE( ttWorld_OverlapAABB( scene->world, nanBox, filter, CollectOverlap, &hits ) == ttResult_invalidArgument );
	ENSURE( ttWorld_OverlapAABB( scene->world, ( ttAABB ){ origin, origin }, filter, NULL, NULL ) ==
	        ttResult_invalidArgument );
	ENSURE( ttShape_RayCast( ttNullShapeId, origin, down ).hit == false );
	ENSURE( ttShape_RayCast( scene->shapes[1], nanVec, down ).hit == false );
	ENSURE( ttShape_SetFilter( ttNullShapeId, ( ttFilter ){ 1, 1, 0 } ) == ttResult_invalidId );
	ENSURE( hits.count == 0 );
	ENSURE( s_messages - before == 10 );

	// A stale world id: a destroyed world.
	ttWorldDef def = ttDefaultWorldDef();
	ttWorldId dead = ttCreateWorld( &def );
	ttDestroyWorld( dead );
	before = s_messages;
	ENSURE( ttWorld_CastRayClosest( dead, origin, down, filter ).hit == false );
	ENSURE( ttWorld_CastRay( dead, origin, down, filter, CollectHit, &hits ) == ttResult_invalidId );
	ENSURE( ttWorld_OverlapAABB( dead, ( ttAABB ){ origin, origin }, filter, CollectOverlap, &hits ) ==
	        ttResult_invalidId );
	ENSURE( ttWorld_CastRayClosest( ttNullWorldId, origin, down, filter ).hit == false );
	ENSURE( s_messages - before == 4 );
	ttSetLogFcn( NULL );
	printf( "bad input: %d messages\n", s_messages );
}

int main( void )
{
	QueryScene scene;
	int hits = 0, casts = 0, bad = 0;
	const uint64_t seeds[] = { 7, 8, 9 };
	for ( int i = 0; i < 3; ++i )
	{
		BuildScene( &scene, seeds[i] );
		bad += CheckQueries( &scene, &hits );
		for ( int step = 0; step < 30; ++step )
		{
			ttWorld_Step( scene.world, (ttReal)( 1.0 / 60.0 ) );
			if ( step % 10 == 9 )
			{
				bad += CheckQueries( &scene, &hits ); // after motion: the leaves were brought up to date
			}
		}
		// Teleport a body into a free spot and find it there at once.
		ttBodyId moved = ttShape_GetBody( scene.shapes[100] );
		ttBody_SetTransform( moved, ( ttVec3 ){ 0, 100, 0 }, TT_QUAT_IDENTITY );
		ttRayResult above = ttWorld_CastRayClosest( scene.world, ( ttVec3 ){ 0, 110, 0 }, ( ttVec3 ){ 0, -20, 0 },
		                                            ( ttQueryFilter ){ UINT64_MAX, UINT64_MAX } );
		ENSURE( above.hit && TT_ID_EQUALS( above.shapeId, scene.shapes[100] ) && TT_ID_EQUALS( above.bodyId, moved ) );
		// A ray down from high above the ground plane, outside every body, hits the plane at y = 0.
		ttRayResult ground = ttWorld_CastRayClosest( scene.world, ( ttVec3 ){ 80, 50, 80 }, ( ttVec3 ){ 0, -100, 0 },
		                                             ttDefaultQueryFilter() );
		ENSURE( ground.hit && TT_ID_EQUALS( ground.shapeId, scene.shapes[0] ) );
		ENSURE_NEAR( ground.fraction, 0.5, 1e-6 );
		ENSURE_NEAR( ground.normal.y, 1, 1e-6 );
		// Stopping: an overlap callback returning false is called once.
		int calls = 0;
		ttWorld_OverlapAABB( scene.world, ( ttAABB ){ { -100, -100, -100 }, { 100, 100, 100 } }, ttDefaultQueryFilter(),
		                     StopAtFirst, &calls );
		ENSURE( calls == 1 );
		bad += CheckSingleShapeCasts( &scene, &casts );
		if ( i == 0 )
		{
			CheckBadInput( &scene );
		}
		ttDestroyWorld( scene.world );
	}
	printf( "%d ray and box queries compared with brute force (%d closest hits), %d single-shape casts marched\n",
	        3 * 4 * RAYS, hits, casts );
	ENSURE( bad == 0 );
	ENSURE( hits > 100 );
	ENSURE( casts > 1000 );

	// Queries do not change the simulation: two runs, one with queries between the steps.
	ttVec3 end[2];
	for ( int run = 0; run < 2; ++run )
	{
		BuildScene( &scene, 99 );
		for ( int step = 0; step < 60; ++step )
		{
			if ( run == 1 )
			{
				int dummy = 0;
				CheckQueries( &scene, &dummy );
			}
			ttWorld_Step( scene.world, (ttReal)( 1.0 / 60.0 ) );
		}
		end[run] = ttBody_GetPosition( ttShape_GetBody( scene.shapes[BODY_COUNT - 1] ) );
		ttDestroyWorld( scene.world );
	}
	ENSURE( end[0].x == end[1].x && end[0].y == end[1].y && end[0].z == end[1].z );
	return TEST_RESULT();
}
