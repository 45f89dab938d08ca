// SPDX-License-Identifier: MIT
// GJK must not depend on the frame it runs in. Random convex pairs (every kind, box against
// cylinder most often, many of them axis-aligned so that faces, caps and edges are parallel) are
// placed at a chosen support gap from -0.5 to +0.5 m, and GJK runs on the pair as placed and with
// both shapes translated by the same random offsets. Checks (shapes are 0.05 to 1 m across):
//  - verdict: every frame says "overlap" or every frame says "apart", except when the frames that
//    say "apart" measure a distance within TOL of touching;
//  - distance: the frames that say "apart" agree within TOL;
//  - certificate of "apart": along n = (pointB - pointA) / distance the support gap of the cores
//    equals the distance within CERT_TOL = 1e-3 m (the support gap along any direction is a lower
//    bound of the distance, the closest points give an upper bound). That is looser than TOL: on a
//    cylinder's rim GJK converges linearly and ends on sliver triangles whose closest point has
//    lost digits, so its direction (not its distance, which the frames agree on) can be off by up
//    to ~1e-3 rad when the distance is ~1e-5 m; the same allowance as test_gjk_ccd's SELF_TOL. In
//    float it is checked only at distances over 1 mm (see CERT_MIN_DISTANCE);
//  - certificate of "overlap": no direction found by any frame separates the cores by more than
//    TOL, and EPA's depth on that simplex is >= -TOL.
// TOL is 1e-6 m in double; in float the support points themselves are rounded by ~1e-6 m at
// offsets of a few metres and GJK stops at a relative 1e-5, so TOL is 1e-4 m there.
#include "gjk.h"
#include "hull.h"
#include "test_macros.h"
#include "test_random.h"

#include <stdint.h>
#include <stdlib.h>

#define PAIRS 40000
#define FRAMES 4
#if defined( TT_USE_FLOAT )
#define TOL 1e-4
#else
#define TOL 1e-6
#endif
#define CERT_TOL 1e-3
// In float, pointA and pointB a few metres from the origin are rounded by ~1e-6 m, so the direction
// between them is only good to 1e-6 m / distance: the certificate needs a distance of 1 mm there.
#if defined( TT_USE_FLOAT )
#define CERT_MIN_DISTANCE 1e-3
#else
#define CERT_MIN_DISTANCE 0
#endif

// Half the time a rotation by a multiple of 90 degrees about a coordinate axis (faces, caps and
// edges of the two shapes then come out parallel: the degenerate supports), else a random one.
static ttQuat RandomRotationMaybeAligned( bool aligned )
{
	if ( aligned )
	{
		ttVec3 axes[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
		return ttQuatFromAxisAngle( axes[(int)RandomUniform( 0, 3 )],
		                            (ttReal)( 0.5 * TT_PI * (int)RandomUniform( 0, 4 ) ) );
	}
	return ttQuatFromAxisAngle( RandomUnit(), (ttReal)RandomUniform( 0, 2 * TT_PI ) );
}

static ttVec3 RandomDirection( bool aligned )
{
	if ( aligned && RandomUniform( 0, 1 ) < 0.5 )
	{
		ttVec3 d = TT_VEC3_ZERO;
		( &d.x )[(int)RandomUniform( 0, 3 )] = RandomUniform( 0, 1 ) < 0.5 ? -1 : 1;
		return d;
	}
	return RandomUnit();
}

enum
{
	kSphere,
	kCapsule,
	kBox,
	kCylinder,
	kHull,
	kKinds
};
static const char* s_names[kKinds] = { "sphere", "capsule", "box", "cylinder", "hull" };

static void MakeShape( ttShape* s, int kind )
{
	*s = ( ttShape ){ 0 };
	switch ( kind )
	{
		case kSphere:
			s->type = ttShape_sphere;
			s->sphere.radius = (ttReal)RandomUniform( 0.05, 0.5 );
			break;
		case kCapsule:
		{
			s->type = ttShape_capsule;
			ttVec3 half = ttScale( (ttReal)RandomUniform( 0.05, 0.4 ), RandomUnit() );
			s->capsule = ( ttCapsule ){ ttNeg( half ), half, (ttReal)RandomUniform( 0.05, 0.3 ) };
			break;
		}
		case kBox:
			s->type = ttShape_box;
			s->box.halfExtents = ( ttVec3 ){ (ttReal)RandomUniform( 0.05, 0.5 ), (ttReal)RandomUniform( 0.05, 0.5 ),
			                                 (ttReal)RandomUniform( 0.05, 0.5 ) };
			break;
		case kCylinder:
			s->type = ttShape_cylinder;
			s->cylinder = ( ttCylinder ){ (ttReal)RandomUniform( 0.05, 0.5 ), (ttReal)RandomUniform( 0.05, 0.5 ) };
			break;
		default:
		{
			s->type = ttShape_hull;
			ttVec3 points[24];
			int count = 6 + (int)RandomUniform( 0, 18 );
			ttVec3 scale = { (ttReal)RandomUniform( 0.1, 0.5 ), (ttReal)RandomUniform( 0.1, 0.5 ),
			                 (ttReal)RandomUniform( 0.1, 0.5 ) };
			for ( int i = 0; i < count; ++i )
			{
				points[i] = ttMulComponents( scale, RandomUnit() );
			}
			char error[160];
			s->hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
			if ( s->hull == NULL )
			{
				fprintf( stderr, "hull failed: %s\n", error );
				exit( 1 );
			}
			break;
		}
	}
}

// Support gap of the cores along unit n (A -> B): > 0 means the plane normal to n separates them.
static double GapAlong( const ttConvexProxy* a, const ttConvexProxy* b, ttVec3 n )
{
	ttVec3 pa = ttConvexProxy_Support( a, n ), pb = ttConvexProxy_Support( b, ttNeg( n ) );
	return ( (double)pb.x - (double)pa.x ) * n.x + ( (double)pb.y - (double)pa.y ) * n.y +
	       ( (double)pb.z - (double)pa.z ) * n.z;
}

typedef struct Frame
{
	ttConvexProxy a, b;
	ttGjkOutput gjk;
	ttVec3 n; ///< unit, A -> B, when apart
} Frame;

int main( void )
{
	SeedRandom( 0x2545f4914f6cdd1dull ); // this test's own stream

	int runs = 0, overlapPairs = 0, apartPairs = 0, nearPairs = 0;
	int verdictBad = 0, distanceBad = 0, apartCertBad = 0, overlapCertBad = 0, epaBad = 0;
	double maxDistanceSpread = 0, maxApartCertError = 0, maxRefutingGap = 0, minEpaDepth = HUGE_VAL;
	int kindBad[kKinds][kKinds] = { { 0 } };
	int printed = 0;
	for ( int pair = 0; pair < PAIRS; ++pair )
	{
		int kindA, kindB;
		if ( pair % 5 < 2 )
		{
			kindA = pair % 2 == 0 ? kBox : kCylinder;
			kindB = pair % 2 == 0 ? kCylinder : kBox;
		}
		else
		{
			kindA = (int)RandomUniform( 0, kKinds );
			kindB = (int)RandomUniform( 0, kKinds );
		}
		bool aligned = RandomUniform( 0, 1 ) < 0.5;
		ttShape shapeA, shapeB;
		MakeShape( &shapeA, kindA );
		MakeShape( &shapeB, kindB );
		ttTransform xfA = {
		    { (ttReal)RandomUniform( -1, 1 ), (ttReal)RandomUniform( -1, 1 ), (ttReal)RandomUniform( -1, 1 ) },
		    RandomRotationMaybeAligned( aligned ) };
		ttTransform xfB = { xfA.p, RandomRotationMaybeAligned( aligned ) };
		// Place B along a direction so that the support gap of the whole shapes is the chosen one.
		ttVec3 dir = RandomDirection( aligned );
		double gap = RandomUniform( 0, 1 ) < 0.3 ? RandomUniform( -0.05, 0.05 ) : RandomUniform( -0.5, 0.5 );
		ttConvexProxy pa, pb;
		ttConvexProxy_Make( &pa, &shapeA, ( ttTransform ){ TT_VEC3_ZERO, xfA.q } );
		ttConvexProxy_Make( &pb, &shapeB, ( ttTransform ){ TT_VEC3_ZERO, xfB.q } );
		double reach = ttDot( ttConvexProxy_Support( &pa, dir ), dir ) + pa.radius -
		               ttDot( ttConvexProxy_Support( &pb, ttNeg( dir ) ), dir ) + pb.radius;
		xfB.p = ttMulAdd( xfA.p, (ttReal)( reach + gap ), dir );

		Frame frames[FRAMES];
		for ( int f = 0; f < FRAMES; ++f )
		{
			// Frame 0 as placed; frame 1 with A at the origin (as the shape cast runs); the others
			// shifted by up to 10 m.
			ttVec3 offset = f == 0   ? TT_VEC3_ZERO
			                : f == 1 ? ttNeg( xfA.p )
			                         : ttScale( (ttReal)RandomUniform( 0, 10 ), RandomUnit() );
			Frame* fr = frames + f;
			ttConvexProxy_Make( &fr->a, &shapeA, ( ttTransform ){ ttAdd( xfA.p, offset ), xfA.q } );
			ttConvexProxy_Make( &fr->b, &shapeB, ( ttTransform ){ ttAdd( xfB.p, offset ), xfB.q } );
			ttGjk( &fr->a, &fr->b, &fr->gjk );
			runs += 1;
			fr->n = fr->gjk.overlap == false && fr->gjk.distance > 0
			            ? ttNormalize( ttSub( fr->gjk.pointB, fr->gjk.pointA ) )
			            : TT_VEC3_ZERO;
		}

		bool bad = false;
		int overlaps = 0;
		double dMin = HUGE_VAL, dMax = -HUGE_VAL;
		for ( int f = 0; f < FRAMES; ++f )
		{
			if ( frames[f].gjk.overlap )
			{
				overlaps += 1;
				continue;
			}
			double d = frames[f].gjk.distance;
			dMin = fmin( dMin, d );
			dMax = fmax( dMax, d );
			// Certificate of the distance: the support gap along n, in this frame.
			if ( frames[f].gjk.distance > CERT_MIN_DISTANCE )
			{
				double err = fabs( GapAlong( &frames[f].a, &frames[f].b, frames[f].n ) - d );
				maxApartCertError = fmax( maxApartCertError, err );
				if ( err > CERT_TOL )
				{
					apartCertBad += 1;
					bad = true;
				}
			}
		}
		if ( overlaps > 0 && overlaps < FRAMES )
		{
			if ( dMax > TOL )
			{
				verdictBad += 1;
				bad = true;
			}
			else
			{
				nearPairs += 1;
			}
		}
		if ( overlaps < FRAMES )
		{
			apartPairs += overlaps == 0 ? 1 : 0;
			maxDistanceSpread = fmax( maxDistanceSpread, dMax - dMin );
			if ( dMax - dMin > TOL )
			{
				distanceBad += 1;
				bad = true;
			}
		}
		if ( overlaps > 0 )
		{
			overlapPairs += overlaps == FRAMES ? 1 : 0;
			for ( int f = 0; f < FRAMES; ++f )
			{
				if ( frames[f].gjk.overlap == false )
				{
					continue;
				}
				// No direction any frame found may separate the cores (checked in this frame).
				double refuting = -HUGE_VAL;
				for ( int g = 0; g < FRAMES; ++g )
				{
					if ( frames[g].gjk.overlap == false && frames[g].gjk.distance > 0 )
					{
						refuting = fmax( refuting, GapAlong( &frames[f].a, &frames[f].b, frames[g].n ) );
					}
				}
				maxRefutingGap = fmax( maxRefutingGap, refuting );
				if ( refuting > TOL )
				{
					overlapCertBad += 1;
					bad = true;
				}
				ttEpaOutput epa;
				ttEpa( &frames[f].a, &frames[f].b, &frames[f].gjk, &epa );
				minEpaDepth = fmin( minEpaDepth, epa.depth );
				if ( epa.depth < -TOL )
				{
					epaBad += 1;
					bad = true;
				}
			}
		}
		if ( bad )
		{
			kindBad[kindA][kindB] += 1;
			if ( printed < 20 )
			{
				printed += 1;
				fprintf( stderr, "pair %d %s-%s%s, placed gap %.6g:", pair, s_names[kindA], s_names[kindB],
				         aligned ? " (aligned)" : "", gap );
				for ( int f = 0; f < FRAMES; ++f )
				{
					fprintf( stderr, " [%s %.9g it %d n %d]", frames[f].gjk.overlap ? "overlap" : "apart",
					         (double)frames[f].gjk.distance, frames[f].gjk.iterations, frames[f].gjk.simplexCount );
				}
				fprintf( stderr, "\n" );
			}
		}
		if ( shapeA.type == ttShape_hull )
		{
			ttHull_Destroy( shapeA.hull );
		}
		if ( shapeB.type == ttShape_hull )
		{
			ttHull_Destroy( shapeB.hull );
		}
	}
	printf( "pairs %d, GJK runs %d (%d frames each), tolerance %.0e m\n", PAIRS, runs, FRAMES, TOL );
	printf( "all frames overlap %d, all frames apart %d, mixed verdicts within tolerance of touching %d\n",
	        overlapPairs, apartPairs, nearPairs );
	printf( "verdict depends on the frame (apart by > tol elsewhere): %d\n", verdictBad );
	printf( "distance depends on the frame by > tol: %d (max spread %.3g m)\n", distanceBad, maxDistanceSpread );
	printf( "distance not certified by the support gap along its normal: %d (max error %.3g m)\n", apartCertBad,
	        maxApartCertError );
	printf( "overlap refuted by a separating direction: %d (max gap %.3g m); EPA depth < -tol: %d (min depth %.3g m)\n",
	        overlapCertBad, maxRefutingGap, epaBad, minEpaDepth );
	for ( int i = 0; i < kKinds; ++i )
	{
		for ( int j = 0; j < kKinds; ++j )
		{
			if ( kindBad[i][j] > 0 )
			{
				printf( "  bad pairs %s-%s: %d\n", s_names[i], s_names[j], kindBad[i][j] );
			}
		}
	}
	ENSURE( overlapPairs > PAIRS / 5 && apartPairs > PAIRS / 5 );
	ENSURE( verdictBad == 0 );
	ENSURE( distanceBad == 0 );
	ENSURE( apartCertBad == 0 );
	ENSURE( overlapCertBad == 0 );
	ENSURE( epaBad == 0 );
	return TEST_RESULT();
}
