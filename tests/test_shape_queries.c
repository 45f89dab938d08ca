// SPDX-License-Identifier: MIT
// Shape casts, shape overlap and closest point against brute force on random scenes (spheres,
// boxes, capsules, cylinders, hulls and a ground plane), before and after the scene moves:
//   - closest and all-hits shape casts report what the same per-shape cast finds over every shape
//     without the tree (the same fractions, the same set of shapes);
//   - every per-shape sweep is checked against a fine sampling of the translation with an
//     independent separation test (GJK/EPA contact, analytic for planes): no sample before the
//     reported fraction overlaps, the shapes are within TT_CAST_TOLERANCE at it, and a miss
//     never overlaps;
//   - shape overlap reports exactly the shapes the GJK overlap test finds over every shape;
//   - closest point finds the brute-force nearest distance; its point lies on that shape, a ray
//     toward it hits there (or, at a sharp vertex or edge of a hull, only touches it and goes on
//     outside), and a sphere a little smaller than the distance overlaps nothing.
// Bad input is refused with one message per call and no crash.
#include "test_macros.h"
#include "test_random_scene.h"

#include "shape_cast.h"
#include "world.h"

#include "tether/tether.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BODY_COUNT 250
#define CASTS 120
#define POINTS 200
#define SAMPLES 256

#if defined( TT_USE_FLOAT )
#define SLACK 5e-5 // rounding of float support points in the independent separation test, m
#else
#define SLACK 1e-7
#endif

static void RandomHullPoints( ttVec3* points, int count, double extent )
{
	for ( int i = 0; i < count; ++i )
	{
		points[i] = RandomVec( extent );
	}
}

static void BuildScene( QueryScene* scene, uint64_t seed )
{
	memset( scene, 0, sizeof( *scene ) );
	scene->shapeCount =
	    BuildRandomScene( &scene->world, scene->shapes, seed, ( RandomSceneSettings ){ BODY_COUNT, 30, 12, true } );
}

// A random query shape; hull points go to `points` (kept by the caller).
static ttQueryShape RandomQueryShape( ttVec3* points )
{
	ttQueryShape q;
	memset( &q, 0, sizeof( q ) );
	int kind = (int)( Random01() * 5 );
	switch ( kind )
	{
		case 0:
			q.type = ttShape_sphere;
			q.sphere.radius = RandomRange( 0.05, 1 );
			break;
		case 1:
			q.type = ttShape_capsule;
			q.capsule.center1 = RandomVec( 0.6 );
			q.capsule.center2 = RandomVec( 0.6 );
			q.capsule.radius = RandomRange( 0.05, 0.5 );
			break;
		case 2:
			q.type = ttShape_box;
			q.box.halfExtents = ( ttVec3 ){ RandomRange( 0.05, 1 ), RandomRange( 0.05, 1 ), RandomRange( 0.05, 1 ) };
			break;
		case 3:
			q.type = ttShape_cylinder;
			q.cylinder = ( ttCylinder ){ RandomRange( 0.05, 0.8 ), RandomRange( 0.05, 0.8 ) };
			break;
		default:
			q.type = ttShape_hull;
			RandomHullPoints( points, 8, 0.7 );
			q.hull = ( ttQueryHull ){ points, 8 };
			break;
	}
	return q;
}

static const ttShape* InternalShape( ttShapeId id, ttTransform* xf )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, id, &world );
	*xf = ttShape_UserWorldTransform( ttWorld_Body( world, shape->bodyIndex ), shape );
	return shape;
}

// Independent separation of the query shape at `xf` and a shape: GJK/EPA signed distance
// (analytic for planes); > 0 apart, < 0 overlapping.
static double Separation( const ttQueryShape* q, ttTransform xf, const ttShape* shape, ttTransform shapeXf )
{
	ttQueryProxy query;
	ttQueryProxy_Make( &query, q, xf );
	if ( shape->type == ttShape_plane )
	{
		ttVec3 n = ttRotate( shapeXf.q, shape->plane.normal );
		double offset = (double)shape->plane.offset + (double)ttDot( n, shapeXf.p );
		ttVec3 low = ttConvexProxy_Support( &query.proxy, ttNeg( n ) );
		return (double)ttDot( n, low ) - offset - (double)query.proxy.radius;
	}
	ttConvexProxy target;
	ttConvexProxy_Make( &target, shape, shapeXf );
	ttConvexContact contact;
	ttConvexContact_Compute( &query.proxy, &target, &contact );
	return (double)contact.separation;
}

typedef struct Stats
{
	int casts, castHits, initialOverlaps, sweepsSampled, samples;
	double worstSeparationAtHit; ///< largest separation at a reported fraction > 0
	double worstOverlapBefore;   ///< deepest overlap sampled before a reported fraction (or on a miss)
	double worstGapMeters;       ///< distance moved from a reported fraction to the first overlapping sample
	int overlaps, overlapHits, closest, closestHits;
	double worstClosestOnShape; ///< distance of a reported closest point from its shape
	int grazingRays;            ///< rays toward a closest point that only touch a hull's vertex or edge
} Stats;

// Sample the sweep of q against one shape and check the reported result.
static int CheckSweepBySampling( const ttQueryShape* q, ttTransform start, ttVec3 translation, const ttShape* shape,
                                 ttTransform shapeXf, bool hit, double fraction, Stats* stats )
{
	int bad = 0;
	double firstOverlap = -1;
	for ( int i = 0; i <= SAMPLES; ++i )
	{
		double s = (double)i / SAMPLES;
		ttTransform xf = { ttMulAdd( start.p, (ttReal)s, translation ), start.q };
		double sep = Separation( q, xf, shape, shapeXf );
		stats->samples += 1;
		if ( ( hit == false || s < fraction ) && -sep > stats->worstOverlapBefore )
		{
			stats->worstOverlapBefore = -sep;
		}
		if ( ( hit == false || s < fraction ) && sep < -SLACK )
		{
			fprintf( stderr, "overlap at %g before the reported fraction %g (hit %d): separation %g\n", s, fraction,
			         (int)hit, sep );
			bad += 1;
		}
		if ( sep <= 0 && firstOverlap < 0 )
		{
			firstOverlap = s;
		}
	}
	if ( hit )
	{
		ttTransform xf = { ttMulAdd( start.p, (ttReal)fraction, translation ), start.q };
		double sep = Separation( q, xf, shape, shapeXf );
		if ( fraction > 0 )
		{
			stats->worstSeparationAtHit = fmax( stats->worstSeparationAtHit, sep );
			if ( sep > TT_CAST_TOLERANCE + SLACK || sep < -SLACK )
			{
				fprintf( stderr, "separation %g at the reported fraction %g (query type %d, shape type %d)\n", sep,
				         fraction, (int)q->type, (int)shape->type );
				bad += 1;
			}
		}
		else if ( sep > TT_CAST_TOLERANCE + SLACK )
		{
			fprintf( stderr, "hit at 0 with separation %g\n", sep );
			bad += 1;
		}
		if ( firstOverlap >= fraction )
		{
			stats->worstGapMeters =
			    fmax( stats->worstGapMeters, ( firstOverlap - fraction ) * (double)ttLength( translation ) );
		}
	}
	stats->sweepsSampled += 1;
	return bad;
}

static bool BoxesOverlap( ttAABB a, ttAABB b )
{
	return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y &&
	       a.lower.z <= b.upper.z && b.lower.z <= a.upper.z;
}

static int CheckCasts( const QueryScene* scene, Stats* stats )
{
	int bad = 0;
	ttQueryFilter filters[2] = { ttDefaultQueryFilter(), { UINT64_MAX, UINT64_MAX } };
	for ( int c = 0; c < CASTS; ++c )
	{
		ttVec3 points[8];
		ttQueryShape q = RandomQueryShape( points );
		ttTransform start = { ttAdd( RandomVec( 14 ), ( ttVec3 ){ 0, 13, 0 } ), RandomRotation() };
		// Aim most casts at a shape so that hits are common; some go anywhere.
		ttVec3 translation;
		if ( Random01() < 0.7 )
		{
			ttTransform target;
			InternalShape( scene->shapes[1 + (int)( Random01() * BODY_COUNT )], &target );
			translation = ttScale( RandomRange( 0.5, 1.5 ), ttSub( target.p, start.p ) );
		}
		else
		{
			translation = RandomVec( 15 );
		}
		ttQueryFilter filter = filters[c % 2];
		stats->casts += 1;

		// Brute force: the per-shape cast over every shape.
		QueryHits brute = { 0 };
		double bestFraction = 2;
		for ( int i = 0; i < scene->shapeCount; ++i )
		{
			ttTransform xf;
			const ttShape* shape = InternalShape( scene->shapes[i], &xf );
			ttQueryProxy query;
			ttQueryProxy_Make( &query, &q, start );
			ttRayHit hit;
			bool didHit = ttShape_CastQueryAt( shape, xf, &query, translation, 1, &hit );
			// Sample every sweep whose swept box meets the shape's box (the others cannot hit).
			ttAABB qa = ttQueryProxy_ComputeAabb( &query );
			ttAABB swept = { ttAdd( qa.lower, ( ttVec3 ){ ttMinReal( translation.x, 0 ), ttMinReal( translation.y, 0 ),
			                                              ttMinReal( translation.z, 0 ) } ),
			                 ttAdd( qa.upper, ( ttVec3 ){ ttMaxReal( translation.x, 0 ), ttMaxReal( translation.y, 0 ),
			                                              ttMaxReal( translation.z, 0 ) } ) };
			ttAABB shapeBox = shape->type == ttShape_plane ? ( ttAABB ){ { -1e6, -1e6, -1e6 }, { 1e6, 1e-3, 1e6 } }
			                                               : ttShape_GetAABB( scene->shapes[i] );
			if ( BoxesOverlap( swept, shapeBox ) )
			{
				bad += CheckSweepBySampling( &q, start, translation, shape, xf, didHit, (double)hit.fraction, stats );
			}
			else if ( didHit )
			{
				fprintf( stderr, "hit outside the swept box\n" );
				bad += 1;
			}
			if ( didHit && SeesShape( scene->shapes[i], filter ) )
			{
				brute.shapes[brute.count] = scene->shapes[i];
				brute.fractions[brute.count++] = hit.fraction;
				bestFraction = fmin( bestFraction, (double)hit.fraction );
				stats->initialOverlaps += hit.fraction == 0;
			}
		}

		// Closest through the tree.
		ttRayResult closest = ttWorld_CastShapeClosest( scene->world, &q, start, translation, filter );
		if ( closest.hit != ( brute.count > 0 ) )
		{
			fprintf( stderr, "cast %d: closest hit %d, brute force %d hits\n", c, (int)closest.hit, brute.count );
			bad += 1;
		}
		else if ( closest.hit )
		{
			stats->castHits += 1;
			int k = FindShape( &brute, closest.shapeId );
			if ( k < 0 || (double)closest.fraction != bestFraction || brute.fractions[k] != closest.fraction ||
			     TT_ID_EQUALS( closest.bodyId, ttShape_GetBody( closest.shapeId ) ) == false )
			{
				fprintf( stderr, "cast %d: closest fraction %.9g, brute force %.9g\n", c, (double)closest.fraction,
				         bestFraction );
				bad += 1;
			}
			if ( fabs( (double)ttLength( closest.normal ) - 1 ) > 1e-3 ||
			     ( closest.fraction > 0 && ttDot( closest.normal, translation ) > 1e-3 * ttLength( translation ) ) )
			{
				fprintf( stderr, "cast %d: bad normal\n", c );
				bad += 1;
			}
		}

		// All hits through the tree: the same shapes at the same fractions.
		QueryHits all = { 0 };
		ENSURE( ttWorld_CastShape( scene->world, &q, start, translation, filter, CollectHit, &all ) == ttResult_ok );
		if ( all.count != brute.count )
		{
			fprintf( stderr, "cast %d: %d hits, brute force %d\n", c, all.count, brute.count );
			bad += 1;
		}
		for ( int i = 0; i < all.count; ++i )
		{
			int k = FindShape( &brute, all.shapes[i] );
			if ( k < 0 || brute.fractions[k] != all.fractions[i] )
			{
				fprintf( stderr, "cast %d: hit %d not in brute force or at another fraction\n", c, i );
				bad += 1;
			}
		}
	}
	return bad;
}

static int CheckOverlaps( const QueryScene* scene, Stats* stats )
{
	int bad = 0;
	for ( int c = 0; c < CASTS; ++c )
	{
		ttVec3 points[8];
		ttQueryShape q = RandomQueryShape( points );
		ttTransform xf = { ttAdd( RandomVec( 13 ), ( ttVec3 ){ 0, 12, 0 } ), RandomRotation() };
		ttQueryFilter filter = c % 2 ? ttDefaultQueryFilter() : ( ttQueryFilter ){ UINT64_MAX, UINT64_MAX };
		QueryHits found = { 0 };
		ENSURE( ttWorld_OverlapShape( scene->world, &q, xf, filter, CollectOverlap, &found ) == ttResult_ok );
		stats->overlaps += 1;
		int bruteCount = 0;
		for ( int i = 0; i < scene->shapeCount; ++i )
		{
			ttTransform shapeXf;
			const ttShape* shape = InternalShape( scene->shapes[i], &shapeXf );
			ttQueryProxy query;
			ttQueryProxy_Make( &query, &q, xf );
			bool overlaps = ttShape_OverlapsQueryAt( shape, shapeXf, &query ) && SeesShape( scene->shapes[i], filter );
			bruteCount += overlaps;
			if ( overlaps != ( FindShape( &found, scene->shapes[i] ) >= 0 ) )
			{
				fprintf( stderr, "overlap %d: shape %d differs from brute force\n", c, i );
				bad += 1;
			}
			// The exact test agrees with the signed distance away from the boundary.
			double sep = Separation( &q, xf, shape, shapeXf );
			if ( fabs( sep ) > SLACK && ttShape_OverlapsQueryAt( shape, shapeXf, &query ) != ( sep <= 0 ) )
			{
				fprintf( stderr, "overlap %d: shape %d overlap test disagrees with separation %g\n", c, i, sep );
				bad += 1;
			}
		}
		stats->overlapHits += bruteCount;
		if ( bruteCount != found.count )
		{
			bad += 1;
		}
	}
	return bad;
}

static int CheckClosestPoints( const QueryScene* scene, Stats* stats )
{
	int bad = 0;
	const double maxDistances[] = { INFINITY, 3, 0.5, 0 };
	for ( int c = 0; c < POINTS; ++c )
	{
		ttVec3 p = ttAdd( RandomVec( 15 ), ( ttVec3 ){ 0, 13, 0 } );
		ttReal maxDistance = (ttReal)maxDistances[c % 4];
		ttQueryFilter filter = c % 3 ? ttDefaultQueryFilter() : ( ttQueryFilter ){ UINT64_MAX, UINT64_MAX };
		ttClosestPointResult r = ttWorld_ClosestPoint( scene->world, p, maxDistance, filter );
		stats->closest += 1;
		double best = INFINITY;
		for ( int i = 0; i < scene->shapeCount; ++i )
		{
			if ( SeesShape( scene->shapes[i], filter ) == false )
			{
				continue;
			}
			ttTransform xf;
			const ttShape* shape = InternalShape( scene->shapes[i], &xf );
			ttVec3 point;
			double d = (double)ttShape_ClosestPointAt( shape, xf, p, &point );
			if ( d <= (double)maxDistance )
			{
				best = fmin( best, d );
			}
		}
		bool bruteHit = best < INFINITY;
		if ( r.hit != bruteHit || ( r.hit && (double)r.distance != best ) )
		{
			fprintf( stderr, "closest %d: hit %d distance %.9g, brute force %.9g\n", c, (int)r.hit, (double)r.distance,
			         best );
			bad += 1;
			continue;
		}
		if ( r.hit == false )
		{
			continue;
		}
		stats->closestHits += 1;
		ENSURE( TT_ID_EQUALS( r.bodyId, ttShape_GetBody( r.shapeId ) ) );
		ttTransform xf;
		const ttShape* shape = InternalShape( r.shapeId, &xf );
		ttVec3 onShape;
		double off = (double)ttShape_ClosestPointAt( shape, xf, r.point, &onShape );
		stats->worstClosestOnShape = fmax( stats->worstClosestOnShape, off );
		double reach = (double)ttDistance( p, r.point );
		if ( off > SLACK || fabs( reach - (double)r.distance ) > 10 * SLACK )
		{
			fprintf( stderr, "closest %d: point %g off its shape, %g from the query point (distance %g)\n", c, off,
			         reach, (double)r.distance );
			bad += 1;
		}
		if ( r.distance > (ttReal)1e-3 )
		{
			// Independent: a ray toward the point hits that shape there. On a hull the point may
			// be a sharp vertex or edge that the ray only touches (it goes on outside the hull, and
			// rounding decides the touch): then a point 1 mm further along the ray is outside.
			ttVec3 toward = ttScale( (ttReal)1.5, ttSub( r.point, p ) );
			ttRayResult ray = ttShape_RayCast( r.shapeId, p, toward );
			ttVec3 unused;
			bool grazes = shape->type == ttShape_hull && ray.hit == false &&
			              ttShape_ClosestPointAt( shape, xf, ttMulAdd( r.point, (ttReal)1e-3, ttNormalize( toward ) ),
			                                      &unused ) > 0;
			stats->grazingRays += grazes ? 1 : 0;
			if ( grazes == false &&
			     ( ray.hit == false || fabs( (double)ray.fraction * 1.5 - 1 ) * (double)r.distance > 1e-3 ) )
			{
				fprintf( stderr, "closest %d: ray toward the point: hit %d fraction %g\n", c, (int)ray.hit,
				         (double)ray.fraction );
				bad += 1;
			}
			// Nothing is nearer: a sphere a little smaller than the distance overlaps no shape.
			QueryHits inside = { 0 };
			ttQueryShape ball = { .type = ttShape_sphere, .sphere = { (ttReal)( 0.999 * (double)r.distance ) } };
			ttWorld_OverlapShape( scene->world, &ball, ( ttTransform ){ p, TT_QUAT_IDENTITY }, filter, CollectOverlap,
			                      &inside );
			if ( inside.count != 0 )
			{
				fprintf( stderr, "closest %d: a smaller sphere overlaps %d shapes\n", c, inside.count );
				bad += 1;
			}
		}
	}
	return bad;
}

static void CheckBadInput( const QueryScene* scene )
{
	ttSetLogFcn( CaptureLog );
	ttWorldId w = scene->world;
	ttQueryFilter filter = ttDefaultQueryFilter();
	ttTransform xf = { { 0, 5, 0 }, TT_QUAT_IDENTITY };
	ttVec3 down = { 0, -10, 0 };
	ttReal nan = (ttReal)NAN;
	QueryHits hits = { 0 };
	ttVec3 same[3] = { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } };
	ttVec3 nanPoints[2] = { { 0, 0, 0 }, { nan, 0, 0 } };
	ttQueryShape badShapes[] = {
	    { .type = ttShape_sphere, .sphere = { 0 } },
	    { .type = ttShape_sphere, .sphere = { -1 } },
	    { .type = ttShape_sphere, .sphere = { nan } },
	    { .type = ttShape_capsule, .capsule = { { 0, 0, 0 }, { nan, 0, 0 }, 0.5 } },
	    { .type = ttShape_capsule, .capsule = { { 0, 0, 0 }, { 1, 0, 0 }, 0 } },
	    { .type = ttShape_box, .box = { { 1, 0, 1 } } },
	    { .type = ttShape_box, .box = { { 1, (ttReal)INFINITY, 1 } } },
	    { .type = ttShape_cylinder, .cylinder = { 0, 1 } },
	    { .type = ttShape_hull, .hull = { NULL, 4 } },
	    { .type = ttShape_hull, .hull = { same, 0 } },
	    { .type = ttShape_hull, .hull = { same, TT_MAX_HULL_VERTICES + 1 } },
	    { .type = ttShape_hull, .hull = { same, 3 } },
	    { .type = ttShape_hull, .hull = { nanPoints, 2 } },
	    { .type = ttShape_plane },
	    { .type = (ttShapeType)99 },
	};
	int badCount = (int)( sizeof( badShapes ) / sizeof( badShapes[0] ) );
	int before = s_messages;
	for ( int i = 0; i < badCount; ++i )
	{
		ENSURE( ttWorld_CastShapeClosest( w, &badShapes[i], xf, down, filter ).hit == false );
		ENSURE( ttWorld_CastShape( w, &badShapes[i], xf, down, filter, CollectHit, &hits ) ==
		        ttResult_invalidArgument );
		ENSURE( ttWorld_OverlapShape( w, &badShapes[i], xf, filter, CollectOverlap, &hits ) ==
		        ttResult_invalidArgument );
	}
	ENSURE( s_messages - before == 3 * badCount );

	ttQueryShape ball = { .type = ttShape_sphere, .sphere = { 0.5 } };
	ttTransform badQ = { { 0, 5, 0 }, { 0, 0, 0, 0 } };
	ttTransform nanP = { { nan, 5, 0 }, TT_QUAT_IDENTITY };
	before = s_messages;
	ENSURE( ttWorld_CastShapeClosest( w, NULL, xf, down, filter ).hit == false );
	ENSURE( ttWorld_CastShapeClosest( w, &ball, badQ, down, filter ).hit == false );
	ENSURE( ttWorld_CastShapeClosest( w, &ball, nanP, down, filter ).hit == false );
	ENSURE( ttWorld_CastShapeClosest( w, &ball, xf, ( ttVec3 ){ 0, nan, 0 }, filter ).hit == false );
	ENSURE( ttWorld_CastShape( w, &ball, xf, down, filter, NULL, NULL ) == ttResult_invalidArgument );
	ENSURE( ttWorld_OverlapShape( w, &ball, badQ, filter, CollectOverlap, &hits ) == ttResult_invalidArgument );
	ENSURE( ttWorld_OverlapShape( w, &ball, xf, filter, NULL, NULL ) == ttResult_invalidArgument );
	ENSURE( ttWorld_ClosestPoint( w, ( ttVec3 ){ nan, 0, 0 }, 1, filter ).hit == false );
	ENSURE( ttWorld_ClosestPoint( w, xf.p, -1, filter ).hit == false );
	ENSURE( ttWorld_ClosestPoint( w, xf.p, nan, filter ).hit == false );
	ENSURE( hits.count == 0 );
	ENSURE( s_messages - before == 10 );

	// Stale and null world ids.
	ttWorldDef def = ttDefaultWorldDef();
	ttWorldId dead = ttCreateWorld( &def );
	ttDestroyWorld( dead );
	before = s_messages;
	ENSURE( ttWorld_CastShapeClosest( dead, &ball, xf, down, filter ).hit == false );
	ENSURE( ttWorld_CastShape( dead, &ball, xf, down, filter, CollectHit, &hits ) == ttResult_invalidId );
	ENSURE( ttWorld_OverlapShape( dead, &ball, xf, filter, CollectOverlap, &hits ) == ttResult_invalidId );
	ENSURE( ttWorld_ClosestPoint( dead, xf.p, 1, filter ).hit == false );
	ENSURE( ttWorld_ClosestPoint( ttNullWorldId, xf.p, 1, filter ).hit == false );
	ENSURE( s_messages - before == 5 );
	ttSetLogFcn( NULL );
	printf( "bad input: %d messages\n", s_messages );
}

// Known answers in an empty world with a ground plane and one box.
static void CheckAnalytic( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef sd = ttDefaultShapeDef();
	ttShapeId plane = ttCreatePlaneShape( ground, &sd, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	bodyDef.position = ( ttVec3 ){ 10, 1, 0 };
	ttBodyId boxBody = ttCreateBody( world, &bodyDef );
	ttShapeId box = ttCreateBoxShape( boxBody, &sd, &( ttBox ){ { 1, 1, 1 } } );
	ttQueryFilter filter = ttDefaultQueryFilter();
	ttQueryShape ball = { .type = ttShape_sphere, .sphere = { 0.5 } };

	// A ball dropped from 5 m onto the ground: touches after 4.5 m of 10.
	ttRayResult r = ttWorld_CastShapeClosest( world, &ball, ( ttTransform ){ { 0, 5, 0 }, TT_QUAT_IDENTITY },
	                                          ( ttVec3 ){ 0, -10, 0 }, filter );
	ENSURE( r.hit && TT_ID_EQUALS( r.shapeId, plane ) && TT_ID_EQUALS( r.bodyId, ground ) );
	ENSURE_NEAR( r.fraction, 0.45, TT_CAST_TOLERANCE / 10 );
	ENSURE_NEAR( r.point.y, 0, 1e-5 );
	ENSURE_NEAR( r.normal.y, 1, 1e-6 );
	// Sideways into the box's face at x = 9: the ball's front reaches it after 9 - 0.5 - 2 = 6.5 m.
	r = ttWorld_CastShapeClosest( world, &ball, ( ttTransform ){ { 2, 1, 0 }, TT_QUAT_IDENTITY },
	                              ( ttVec3 ){ 10, 0, 0 }, filter );
	ENSURE( r.hit && TT_ID_EQUALS( r.shapeId, box ) );
	ENSURE_NEAR( r.fraction * 10, 6.5, TT_CAST_TOLERANCE );
	ENSURE_NEAR( r.point.x, 9, 1e-4 );
	ENSURE_NEAR( r.normal.x, -1, 1e-4 );
	// A box query sliding along the ground, touching it, hits nothing; pushed down, it hits at 0.
	ttQueryShape slab = { .type = ttShape_box, .box = { { 0.5, 0.5, 0.5 } } };
	ttTransform onGround = { { -5, (ttReal)( 0.5 + 0.5 * TT_CAST_TOLERANCE ), 0 }, TT_QUAT_IDENTITY };
	ENSURE( ttWorld_CastShapeClosest( world, &slab, onGround, ( ttVec3 ){ -3, 0, 0 }, filter ).hit == false );
	r = ttWorld_CastShapeClosest( world, &slab, onGround, ( ttVec3 ){ 0, -1, 0 }, filter );
	ENSURE( r.hit && r.fraction == 0 );
	// Closest point: above the box's top face, and inside the box.
	ttClosestPointResult c = ttWorld_ClosestPoint( world, ( ttVec3 ){ 10.3, 4, 0.2 }, INFINITY, filter );
	ENSURE( c.hit && TT_ID_EQUALS( c.shapeId, box ) );
	ENSURE_NEAR( c.distance, 2, 1e-6 );
	ENSURE_NEAR( c.point.y, 2, 1e-6 );
	c = ttWorld_ClosestPoint( world, ( ttVec3 ){ 10.3, 1.5, 0.2 }, 0, filter );
	ENSURE( c.hit && TT_ID_EQUALS( c.shapeId, box ) && c.distance == 0 );
	ENSURE( ttWorld_ClosestPoint( world, ( ttVec3 ){ -20, 4, 0 }, 3, filter ).hit == false );
	// Overlap: a ball straddling the box's corner region and the ground.
	QueryHits hits = { 0 };
	ttWorld_OverlapShape( world, &ball, ( ttTransform ){ { 8.8, 0.3, 0 }, TT_QUAT_IDENTITY }, filter, CollectOverlap,
	                      &hits );
	ENSURE( hits.count == 2 );
	ttDestroyWorld( world );
}

int main( void )
{
	CheckAnalytic();
	QueryScene scene;
	Stats stats = { 0 };
	int bad = 0;
	const uint64_t seeds[] = { 11, 12, 13 };
	for ( int i = 0; i < 3; ++i )
	{
		BuildScene( &scene, seeds[i] );
		for ( int round = 0; round < 2; ++round )
		{
			bad += CheckCasts( &scene, &stats );
			bad += CheckOverlaps( &scene, &stats );
			bad += CheckClosestPoints( &scene, &stats );
			// Then again after the scene has moved (the tree's leaves are brought up to date).
			for ( int step = 0; step < 20; ++step )
			{
				ttWorld_Step( scene.world, (ttReal)( 1.0 / 60.0 ) );
			}
		}
		if ( i == 0 )
		{
			CheckBadInput( &scene );
		}
		ttDestroyWorld( scene.world );
	}
	printf( "shape casts: %d (%d hit, %d initial overlaps), %d sweeps sampled with %d separation tests\n", stats.casts,
	        stats.castHits, stats.initialOverlaps, stats.sweepsSampled, stats.samples );
	printf( "  worst separation at a reported fraction %.3g m (tolerance %.3g), deepest sampled overlap before it "
	        "%.3g m, largest gap to the first overlapping sample %.3g m\n",
	        stats.worstSeparationAtHit, (double)TT_CAST_TOLERANCE, stats.worstOverlapBefore, stats.worstGapMeters );
	printf( "shape overlaps: %d queries, %d shapes found; closest point: %d queries, %d found, worst point off its "
	        "shape %.3g m, %d rays toward it only touching a hull's vertex or edge\n",
	        stats.overlaps, stats.overlapHits, stats.closest, stats.closestHits, stats.worstClosestOnShape,
	        stats.grazingRays );
	ENSURE( bad == 0 );
	// Grazing is the rare exception (13 of 1,200 measured), not a way for misses to pass.
	ENSURE( stats.grazingRays * 20 < stats.closest );
	ENSURE( stats.castHits > 200 );
	ENSURE( stats.overlapHits > 100 );
	ENSURE( stats.closestHits > 300 );
	return TEST_RESULT();
}
