// SPDX-License-Identifier: MIT
// Ray casts against convex hulls (src/shape_raycast.c, Cyrus-Beck against the face planes):
// - a hull cube equals the box ray cast on 1,000 random rays: the same hits, fractions within
//   TOL, the same normal (or, where the ray enters through an edge or a corner, a normal of a
//   face through the entry point); a ray that only grazes an edge or a corner may be a hit for
//   one and a miss for the other (rounding decides), but then the hit lies on two faces;
// - random hulls against a fine sampling of 1,000 random rays with an independent inside test
//   (GJK distance from the hull's vertices, which does not use the face planes the ray cast
//   clips against): a hit lies on the surface (a step of 1 mm out along its normal is 1 mm from
//   the hull), no sample before it is inside (but for GJK's tolerance: within 10 TOL above the
//   entry face) and the first inside sample follows it within one sample spacing; a miss has no
//   inside sample; a ray that starts inside does not hit;
// - world queries find hulls: ttWorld_CastRayClosest, ttWorld_CastRay and ttShape_RayCast.
#include "gjk.h"
#include "hull.h"
#include "shape_raycast.h"
#include "test_hull_shapes.h"
#include "test_macros.h"
#include "test_random.h"

#include "tether/tether.h"

#include <stdlib.h>

#define RAYS 1000
#define SAMPLES 4000
#if defined( TT_USE_FLOAT )
#define TOL 2e-5
#else
#define TOL 1e-9
#endif

// Distance of a world point from the hull by GJK against a point (0 inside): independent of the
// face planes that the ray cast clips against.
static double DistanceToHull( const ttShape* hull, ttTransform xf, ttVec3 p )
{
	ttShape point = { 0 };
	point.type = ttShape_sphere;
	point.sphere.radius = 0;
	ttConvexProxy a, b;
	ttConvexProxy_Make( &a, hull, xf );
	ttConvexProxy_Make( &b, &point, ( ttTransform ){ p, TT_QUAT_IDENTITY } );
	ttGjkOutput out;
	ttGjk( &a, &b, &out );
	return out.overlap ? 0 : (double)out.distance;
}

// How far p lies outside the face plane of the hull with the given world normal through the
// hull (the largest plane distance of p among faces whose normal is within 1e-6 of `normal`).
static double FaceThrough( const ttShape* hull, ttTransform xf, ttVec3 p, ttVec3 normal )
{
	ttVec3 local = ttInvTransformPoint( xf, p );
	ttVec3 n = ttInvRotate( xf.q, normal );
	double best = 1e30;
	for ( int f = 0; f < hull->hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->hull->faces + f;
		if ( ttDot( face->normal, n ) > 1 - (ttReal)1e-6 )
		{
			best = fmin( best, fabs( (double)( ttDot( face->normal, local ) - face->offset ) ) );
		}
	}
	return best;
}

static void CubeEqualsBox( void )
{
	SeedRandom( 11 );
	int hits = 0, mismatches = 0, edgeEntries = 0, grazes = 0;
	double worstFraction = 0;
	for ( int i = 0; i < RAYS; ++i )
	{
		ttVec3 e = { RandomRange( 0.1, 1 ), RandomRange( 0.1, 1 ), RandomRange( 0.1, 1 ) };
		ttVec3 corners[8];
		ttShape hull = MakeHullBoxShape( e, corners );
		ttShape box = MakeBoxShape( e );
		ttTransform xf = { RandomVec( 2 ), ttQuatFromAxisAngle( RandomUnit(), RandomRange( 0, 2 * TT_PI ) ) };
		// Every third ray aims near the box's centre and every eighth at a corner (an entry
		// through an edge or a corner, where two or three faces are right), so that many hit.
		ttVec3 origin = ttAdd( xf.p, RandomVec( 2.5 ) );
		ttVec3 target = ttAdd( xf.p, RandomVec( 2.5 ) );
		if ( i % 3 == 0 )
		{
			target = ttAdd( xf.p, RandomVec( 0.3 ) );
		}
		else if ( i % 8 == 1 )
		{
			target = ttTransformPoint( xf, corners[(int)RandomUniform( 0, 8 )] );
		}
		ttVec3 translation = ttScale( RandomRange( 0.5, 2 ), ttSub( target, origin ) );
		ttReal maxFraction = RandomRange( 0.3, 1 );
		ttRayHit hitHull, hitBox;
		bool onHull = ttShape_RayCastAt( &hull, xf, origin, translation, maxFraction, &hitHull );
		bool onBox = ttShape_RayCastAt( &box, xf, origin, translation, maxFraction, &hitBox );
		if ( onHull != onBox )
		{
			// Only a ray that grazes an edge or a corner may go either way (entry and exit meet
			// there, and rounding decides): the one hit must lie on two faces at once.
			ttVec3 local = ttInvTransformPoint( xf, onHull ? hitHull.point : hitBox.point );
			int onFaces = ( fabs( fabs( (double)local.x ) - (double)e.x ) <= 10 * TOL ) +
			              ( fabs( fabs( (double)local.y ) - (double)e.y ) <= 10 * TOL ) +
			              ( fabs( fabs( (double)local.z ) - (double)e.z ) <= 10 * TOL );
			if ( onFaces >= 2 )
			{
				grazes += 1;
			}
			else
			{
				mismatches += 1;
				fprintf( stderr, "ray %d: hull %d, box %d\n", i, (int)onHull, (int)onBox );
			}
		}
		else if ( onHull )
		{
			hits += 1;
			double difference = fabs( (double)( hitHull.fraction - hitBox.fraction ) );
			worstFraction = fmax( worstFraction, difference );
			if ( ttDot( hitHull.normal, hitBox.normal ) < 1 - (ttReal)1e-6 )
			{
				// An entry through an edge or corner: any face there is right.
				edgeEntries += 1;
				if ( FaceThrough( &hull, xf, hitHull.point, hitHull.normal ) > 10 * TOL )
				{
					mismatches += 1;
				}
			}
		}
		FreeShape( &hull );
	}
	printf( "hull cube vs box: %d rays, %d hits, largest fraction difference %.3e, %d entries through an edge, "
	        "%d grazing a corner decided either way\n",
	        RAYS, hits, worstFraction, edgeEntries, grazes );
	ENSURE_NEAR( mismatches, 0, 0 );
	ENSURE_BELOW( worstFraction, TOL );
	ENSURE( hits > RAYS / 5 );
}

static void RandomHullsAgainstSampling( void )
{
	SeedRandom( 12 );
	int hits = 0, bad = 0, startsInside = 0;
	double worstSurface = 0, worstLag = 0, worstAbove = 0;
	for ( int i = 0; i < RAYS; ++i )
	{
		ttVec3 points[20];
		int count = 5 + (int)RandomUniform( 0, 15 );
		ttVec3 scale = { RandomRange( 0.2, 1 ), RandomRange( 0.2, 1 ), RandomRange( 0.2, 1 ) };
		for ( int k = 0; k < count; ++k )
		{
			points[k] = ttMulComponents( scale, RandomVec( 1 ) );
		}
		ttShape hull = MakeHullShape( points, count );
		ttTransform xf = { RandomVec( 1 ), ttQuatFromAxisAngle( RandomUnit(), RandomRange( 0, 2 * TT_PI ) ) };
		ttVec3 origin = ttAdd( xf.p, RandomVec( 2 ) );
		ttVec3 target = i % 3 == 0 ? ttAdd( xf.p, RandomVec( 0.2 ) ) : ttAdd( xf.p, RandomVec( 2 ) );
		ttVec3 translation = ttScale( 1.5f, ttSub( target, origin ) );
		ttRayHit hit;
		bool found = ttShape_RayCastAt( &hull, xf, origin, translation, 1, &hit );
		bool originInside = DistanceToHull( &hull, xf, origin ) == 0;
		startsInside += originInside ? 1 : 0;
		// First sample inside (a little inside, so that grazing the surface does not count).
		int first = -1;
		for ( int k = 0; k <= SAMPLES && first < 0; ++k )
		{
			ttVec3 p = ttMulAdd( origin, (ttReal)k / SAMPLES, translation );
			if ( DistanceToHull( &hull, xf, p ) == 0 )
			{
				first = k;
			}
		}
		if ( originInside )
		{
			bad += found ? 1 : 0;
		}
		else if ( found )
		{
			hits += 1;
			// On the surface: a step out along the normal is 1 mm away from the hull (the normal
			// is that of a face through the point), and the point itself is within TOL of it.
			double on = DistanceToHull( &hull, xf, ttMulAdd( hit.point, (ttReal)1e-3, hit.normal ) );
			worstSurface = fmax( worstSurface, fabs( on - 1e-3 ) );
			double lag = first < 0 ? 0 : (double)first / SAMPLES - (double)hit.fraction;
			worstLag = fmax( worstLag, lag );
			// A sample before the hit may count as inside only by GJK's own tolerance: it then
			// stands that little above the entry face (a grazing ray meets it long before).
			double above = lag < 0 ? -lag * fabs( (double)ttDot( translation, hit.normal ) ) : 0;
			worstAbove = fmax( worstAbove, above );
			if ( fabs( on - 1e-3 ) > 10 * TOL + 1e-7 || above > 10 * TOL || ( first >= 0 && lag > 1.0 / SAMPLES ) )
			{
				bad += 1;
				fprintf( stderr, "ray %d: fraction %g, first inside sample %d, off the surface %g\n", i,
				         (double)hit.fraction, first, fabs( on - 1e-3 ) );
			}
		}
		else if ( first >= 0 )
		{
			bad += 1;
			fprintf( stderr, "ray %d: missed, but sample %d is inside\n", i, first );
		}
		FreeShape( &hull );
	}
	printf( "random hulls: %d rays, %d hits, %d start inside (no hit), largest distance of a hit from the surface "
	        "%.3e m, largest lag of the sampled entry %.3e (spacing %.1e), largest height of an inside sample "
	        "before the hit %.3e m\n",
	        RAYS, hits, startsInside, worstSurface, worstLag, 1.0 / SAMPLES, worstAbove );
	ENSURE_NEAR( bad, 0, 0 );
	ENSURE( hits > RAYS / 5 );
}

static ttReal ClipAtHit( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context )
{
	(void)point;
	(void)normal;
	(void)fraction;
	*(ttShapeId*)context = shapeId;
	return fraction;
}

static void WorldQueries( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.position = ( ttVec3 ){ 3, 1, 0 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	// A tetrahedron with a face at x = -0.5 (normal -x).
	ttVec3 points[4] = { { -0.5f, -0.5f, -0.5f }, { -0.5f, 0.5f, -0.5f }, { -0.5f, 0, 0.5f }, { 0.5f, 0, 0 } };
	ttShapeId shape = ttCreateHullShape( body, &shapeDef, points, 4 );
	ttVec3 origin = { 0, 1, 0 }, translation = { 10, 0, 0 };
	ttRayResult closest = ttWorld_CastRayClosest( world, origin, translation, ttDefaultQueryFilter() );
	ENSURE( closest.hit && TT_ID_EQUALS( closest.shapeId, shape ) );
	ENSURE_NEAR( closest.fraction, 0.25, TOL );
	ENSURE_NEAR( closest.normal.x, -1, TOL );
	ENSURE_NEAR( closest.point.x, 2.5, 10 * TOL );
	ttRayResult single = ttShape_RayCast( shape, origin, translation );
	ENSURE( single.hit );
	ENSURE_NEAR( single.fraction, 0.25, TOL );
	ttShapeId reported = ttNullShapeId;
	ttWorld_CastRay( world, origin, translation, ttDefaultQueryFilter(), ClipAtHit, &reported );
	ENSURE( TT_ID_EQUALS( reported, shape ) );
	// Passing beside it misses; starting inside does not hit.
	ENSURE( ttWorld_CastRayClosest( world, ( ttVec3 ){ 0, 2, 0 }, translation, ttDefaultQueryFilter() ).hit == false );
	ENSURE( ttShape_RayCast( shape, ( ttVec3 ){ 3, 1, 0 }, translation ).hit == false );
	ttDestroyWorld( world );
}

int main( void )
{
	CubeEqualsBox();
	RandomHullsAgainstSampling();
	WorldQueries();
	return TEST_RESULT();
}
