// SPDX-License-Identifier: MIT
// Differential test of tether's GJK/EPA against libccd (GJK + EPA, used only as an oracle) on
// random convex pairs: spheres, capsules, boxes, cylinders and hulls with random poses, about
// half of them penetrating.
//
// Checks and tolerances (shapes are 0.1 to 1 m across):
//  - status: both say "penetrating" or both "apart", except in a band of BAND = 1e-4 m around
//    touching, where rounding and libccd's own termination decide either way;
//  - depth: |depth_tether - depth_ccd| <= DEPTH_TOL = 2e-3 m. libccd's EPA stops when a face is
//    within epa_tolerance (1e-4 default, set to 1e-6 here) of the boundary, but on curved shapes
//    (spheres, capsules, cylinders are curved for libccd, which has no core+radius split) its
//    polytope approximates the surface by chords, and it caps its polytope's growth, so its depth
//    is only a few 1e-4 accurate; tether's EPA runs on the cores and is exact for rounded shapes;
//  - normal: angle <= 2 degrees, or, when the penetration normal is not unique (flat parallel
//    faces, symmetric pairs), libccd's normal is an equally good answer: the overlap of the two
//    shapes measured along it (by exact support functions) is within DEPTH_TOL of tether's depth;
//  - self-consistency of tether, independent of libccd: the overlap measured along tether's
//    normal equals its depth within SELF_TOL = 1e-3 m (2e-3 m in float builds): exact for
//    polytopes and rounded shapes, but a cylinder's rim is curved for GJK and EPA too, where
//    both converge linearly and stop at their iteration caps a few 1e-4 m short;
//  - libccd is not always right: for deep overlaps of curved shapes its EPA sometimes reports a
//    depth that its own normal contradicts (the overlap along that normal, by exact supports,
//    differs from its depth by more than DEPTH_TOL). Those cases are counted and tether's depth
//    is then required to be no more than the overlap along libccd's normal (+ DEPTH_TOL).
#include "gjk.h"
#include "hull.h"
#include "test_macros.h"
#include "test_random.h"

#include <stdint.h>
#include <stdlib.h>

#if !defined( TT_HAVE_CCD )
int main( void )
{
	printf( "SKIP: libccd (Debian libccd-dev) was not found when configuring; install it with "
	        "scripts/install-deps.sh to run the differential GJK/EPA test\n" );
	return 77;
}
#else

#include <ccd/ccd.h>

#define PAIRS 12000
#define BAND 1e-4
#define DEPTH_TOL 2e-3
#define ANGLE_TOL_DEG 2.0
#if defined( TT_USE_FLOAT )
#define SELF_TOL 2e-3
#else
#define SELF_TOL 1e-3
#endif

typedef struct Body
{
	ttShape shape;
	ttConvexProxy proxy;
} Body;

static const char* s_names[5] = { "sphere", "capsule", "box", "cylinder", "hull" };

static void MakeShape( Body* body, int type )
{
	ttShape* s = &body->shape;
	*s = ( ttShape ){ 0 };
	switch ( type )
	{
		case 0:
			s->type = ttShape_sphere;
			s->sphere.radius = (ttReal)RandomUniform( 0.05, 0.5 );
			break;
		case 1:
		{
			s->type = ttShape_capsule;
			ttVec3 half = ttScale( (ttReal)RandomUniform( 0.05, 0.4 ), RandomUnit() );
			s->capsule = ( ttCapsule ){ ttNeg( half ), half, (ttReal)RandomUniform( 0.05, 0.3 ) };
			break;
		}
		case 2:
			s->type = ttShape_box;
			s->box.halfExtents = ( ttVec3 ){ (ttReal)RandomUniform( 0.05, 0.5 ), (ttReal)RandomUniform( 0.05, 0.5 ),
			                                 (ttReal)RandomUniform( 0.05, 0.5 ) };
			break;
		case 3:
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

// Support of the whole shape (core plus radius) for libccd, which has no notion of a core.
static ttVec3 FullSupport( const ttConvexProxy* proxy, ttVec3 d )
{
	ttVec3 p = ttConvexProxy_Support( proxy, d );
	ttReal l = ttLength( d );
	return l > 0 ? ttMulAdd( p, proxy->radius / l, d ) : p;
}

static void CcdSupport( const void* object, const ccd_vec3_t* dir, ccd_vec3_t* out )
{
	const Body* body = object;
	ttVec3 p = FullSupport( &body->proxy, ( ttVec3 ){ (ttReal)dir->v[0], (ttReal)dir->v[1], (ttReal)dir->v[2] } );
	out->v[0] = p.x;
	out->v[1] = p.y;
	out->v[2] = p.z;
}

static void CcdCenter( const void* object, ccd_vec3_t* out )
{
	const Body* body = object;
	out->v[0] = body->proxy.xf.p.x;
	out->v[1] = body->proxy.xf.p.y;
	out->v[2] = body->proxy.xf.p.z;
}

// Overlap of A and B measured along unit n (A -> B): how far B must move along n to separate.
static double OverlapAlong( const Body* a, const Body* b, ttVec3 n )
{
	return (double)ttDot( FullSupport( &a->proxy, n ), n ) - (double)ttDot( FullSupport( &b->proxy, ttNeg( n ) ), n );
}

int main( void )
{
	SeedRandom( 0x9e3779b97f4a7c15ull ); // this test's own stream

	ccd_t ccd;
	CCD_INIT( &ccd );
	ccd.support1 = CcdSupport;
	ccd.support2 = CcdSupport;
	ccd.center1 = CcdCenter;
	ccd.center2 = CcdCenter;
	ccd.max_iterations = 500;
	ccd.epa_tolerance = 1e-6;

	int penetrating = 0, apart = 0, inBand = 0, statusMismatch = 0, ccdFailed = 0;
	int normalDirect = 0, normalAmbiguous = 0, normalBad = 0, depthBad = 0, selfBad = 0, deeperThanCcd = 0;
	int epaNotConverged = 0, oracleInconsistent = 0;
	double maxDepthError = 0, maxSelfError = 0, sumDepthError = 0, maxAngle = 0;
	int pairMismatch[5][5] = { { 0 } };
	for ( int pair = 0; pair < PAIRS; ++pair )
	{
		Body a, b;
		int typeA = pair % 5, typeB = ( pair / 5 ) % 5;
		MakeShape( &a, typeA );
		MakeShape( &b, typeB );
		ttTransform xfA = {
		    { (ttReal)RandomUniform( -1, 1 ), (ttReal)RandomUniform( -1, 1 ), (ttReal)RandomUniform( -1, 1 ) },
		    RandomRotation() };
		// Centre distance from 0 to the sum of the extents: roughly half the pairs overlap.
		ttReal reach = ttShape_Extent( &a.shape ) + ttShape_Extent( &b.shape );
		ttTransform xfB = { ttMulAdd( xfA.p, (ttReal)RandomUniform( 0, 1.1 ) * reach, RandomUnit() ),
		                    RandomRotation() };
		ttConvexProxy_Make( &a.proxy, &a.shape, xfA );
		ttConvexProxy_Make( &b.proxy, &b.shape, xfB );

		ttConvexContact contact;
		ttConvexContact_Compute( &a.proxy, &b.proxy, &contact );
		double separation = contact.separation;

		// Self-consistency: the overlap along tether's normal is -separation.
		double selfError = fabs( OverlapAlong( &a, &b, contact.normal ) + separation );
		maxSelfError = fmax( maxSelfError, selfError );
		if ( selfError > SELF_TOL * ( 1 + fabs( separation ) ) )
		{
			selfBad += 1;
			fprintf( stderr, "self %s-%s: separation %.6g, overlap along normal %.6g, epa %d\n", s_names[typeA],
			         s_names[typeB], separation, OverlapAlong( &a, &b, contact.normal ), contact.usedEpa );
		}

		int ccdIntersect = ccdGJKIntersect( &a, &b, &ccd );
		bool ours = separation < 0;
		if ( fabs( separation ) < BAND )
		{
			inBand += 1;
		}
		else if ( ours != ( ccdIntersect != 0 ) )
		{
			statusMismatch += 1;
			pairMismatch[typeA][typeB] += 1;
			fprintf( stderr, "status mismatch %s-%s: tether separation %.6g, libccd intersect %d\n", s_names[typeA],
			         s_names[typeB], separation, ccdIntersect );
		}
		if ( ours == false )
		{
			apart += 1;
		}
		else if ( fabs( separation ) >= BAND && ccdIntersect )
		{
			penetrating += 1;
			ccd_real_t depth;
			ccd_vec3_t dir, pos;
			if ( ccdGJKPenetration( &a, &b, &ccd, &depth, &dir, &pos ) != 0 )
			{
				ccdFailed += 1;
			}
			else
			{
				double ourDepth = -separation;
				ttVec3 ccdNormal = ttNormalize( ( ttVec3 ){ (ttReal)dir.v[0], (ttReal)dir.v[1], (ttReal)dir.v[2] } );
				double ccdAlong = OverlapAlong( &a, &b, ccdNormal );
				if ( fabs( ccdAlong - depth ) > DEPTH_TOL )
				{
					// libccd contradicts itself: moving B by its depth along its normal does not
					// separate the shapes (exact supports say so). Then tether must be at least as
					// good as libccd's direction: no deeper than the overlap along it.
					oracleInconsistent += 1;
					if ( ourDepth > ccdAlong + DEPTH_TOL )
					{
						depthBad += 1;
						fprintf( stderr, "worse than libccd's direction %s-%s: tether %.6g, along libccd's %.6g\n",
						         s_names[typeA], s_names[typeB], ourDepth, ccdAlong );
					}
					goto next;
				}
				double error = fabs( ourDepth - depth );
				sumDepthError += error;
				maxDepthError = fmax( maxDepthError, error );
				if ( ourDepth > depth + DEPTH_TOL )
				{
					deeperThanCcd += 1;
				}
				if ( error > DEPTH_TOL )
				{
					depthBad += 1;
					fprintf( stderr, "depth mismatch %s-%s: tether %.6g, libccd %.6g\n", s_names[typeA], s_names[typeB],
					         ourDepth, (double)depth );
				}
				double cosine = fmin( 1, fmax( -1, (double)ttDot( ccdNormal, contact.normal ) ) );
				double angle = acos( cosine ) * 180 / 3.14159265358979;
				if ( angle <= ANGLE_TOL_DEG )
				{
					normalDirect += 1;
					maxAngle = fmax( maxAngle, angle );
				}
				else if ( fabs( OverlapAlong( &a, &b, ccdNormal ) - ourDepth ) <= DEPTH_TOL )
				{
					normalAmbiguous += 1;
				}
				else
				{
					normalBad += 1;
					fprintf( stderr, "normal mismatch %s-%s: angle %.3g deg, overlap along libccd's %.6g, depth %.6g\n",
					         s_names[typeA], s_names[typeB], angle, OverlapAlong( &a, &b, ccdNormal ), ourDepth );
				}
			}
		next:;
			ttGjkOutput gjk;
			ttGjk( &a.proxy, &b.proxy, &gjk );
			if ( gjk.overlap )
			{
				ttEpaOutput epa;
				epaNotConverged += ttEpa( &a.proxy, &b.proxy, &gjk, &epa ) ? 0 : 1;
			}
		}
		if ( a.shape.type == ttShape_hull )
		{
			ttHull_Destroy( a.shape.hull );
		}
		if ( b.shape.type == ttShape_hull )
		{
			ttHull_Destroy( b.shape.hull );
		}
	}
	int compared = normalDirect + normalAmbiguous + normalBad;
	printf( "libccd inconsistent with itself (overlap along its normal differs from its depth by > %.0e m): %d, "
	        "compared against libccd's direction instead\n",
	        DEPTH_TOL, oracleInconsistent );
	printf( "pairs %d: penetrating %d, apart %d, within %.0e m of touching %d\n", PAIRS, penetrating, apart, BAND,
	        inBand );
	printf( "status mismatches outside the band: %d\n", statusMismatch );
	printf( "depth: compared %d, max |error| %.3g m, mean %.3g m, over %.0e m: %d, tether deeper than libccd: %d\n",
	        compared, maxDepthError, compared > 0 ? sumDepthError / compared : 0, DEPTH_TOL, depthBad, deeperThanCcd );
	printf( "normal: within %.1f deg %d (max %.3g deg), non-unique but equally deep %d, bad %d\n", ANGLE_TOL_DEG,
	        normalDirect, maxAngle, normalAmbiguous, normalBad );
	printf( "self-consistency: max |overlap along normal - depth| %.3g m (bad %d); EPA not converged %d; libccd "
	        "penetration failed %d\n",
	        maxSelfError, selfBad, epaNotConverged, ccdFailed );
	for ( int i = 0; i < 5; ++i )
	{
		for ( int j = 0; j < 5; ++j )
		{
			if ( pairMismatch[i][j] > 0 )
			{
				printf( "  status mismatches %s-%s: %d\n", s_names[i], s_names[j], pairMismatch[i][j] );
			}
		}
	}
	ENSURE( PAIRS >= 10000 );
	ENSURE( penetrating > PAIRS / 4 && apart > PAIRS / 4 );
	ENSURE( statusMismatch == 0 );
	ENSURE( depthBad == 0 );
	ENSURE( normalBad == 0 );
	ENSURE( selfBad == 0 );
	ENSURE( ccdFailed == 0 );
	return TEST_RESULT();
}
#endif
