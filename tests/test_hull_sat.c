// SPDX-License-Identifier: MIT
// Separating axes for hull-hull and box-hull pairs (src/narrowphase_hull.c):
// (a) against GJK/EPA on random pairs of random hulls (points on ellipsoids), hull boxes and
//     prisms (parallel faces and edges, often axis-aligned: the degenerate cases) and boxes:
//     - overlapping pairs (EPA depth > TOL): the SAT depth equals EPA's within TOL, and the
//       normals are equal within 1e-3 rad or, where the deepest direction is not unique, equally
//       deep (the support gaps along both normals agree within TOL); along the SAT normal the
//       support gap, measured independently, is the SAT separation within TOL;
//     - separated pairs (GJK distance > TOL): SAT says apart too, with a separation no larger
//       than the distance (an axis only bounds the distance from below);
//     - the manifold of every overlapping pair (through the dispatch table, both orders): 1 to 4
//       points, each on or in both shapes, separation = (pointB - pointA) . normal, and no point
//       deeper than the face preference allows (5 % + 1 mm of the deepest axis);
//     TOL is 1e-6 m in double, 1e-4 m in float (float support points a metre out are rounded by
//     about 1e-7 m and EPA stops at a relative 1e-5 there);
// (b) exact manifolds: a hull cube on a hull cube (and on a box) gives 4 points at the corners;
//     yawed 30 degrees, 4 corners of the clipped octagon, inside both faces and spanning more
//     than 0.6 of its 0.845 m^2; crossed edges give one point at the crossing; a smaller cube
//     resting on them keeps its 4 feature ids while it slides 2 mm and turns 0.2 degrees;
// (c) physics at default settings: 5 hull cubes and 5 irregular hull prisms stacked stand 5 s
//     (largest displacement below 1 mm); a hull tetrahedron and a random hull dropped on a box
//     come to rest (speed below 1e-3 m/s).
// It also prints the cost of the SAT path against the GJK/EPA path per pair, on the pairs of (a)
// and on random hulls of 8 to 64 vertices.
#define _POSIX_C_SOURCE 200809L // clock_gettime for the timing print
#include "contact.h"
#include "gjk.h"
#include "hull.h"
#include "narrowphase_hull.h"
#include "test_hull_shapes.h"
#include "test_macros.h"
#include "test_random.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <time.h>

#if defined( TT_USE_FLOAT )
#define TOL 1e-4
#define EXACT 2e-6
#else
#define TOL 1e-6
#define EXACT 1e-12
#endif
#define PAIRS_PER_KIND 3000
#define TIMING_REPEATS 8

static double Now( void )
{
	struct timespec t;
	clock_gettime( CLOCK_MONOTONIC, &t );
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static ttShape MakeHullBox( ttVec3 e )
{
	ttVec3 corners[8];
	return MakeHullBoxShape( e, corners );
}

// A prism along y over a polygon of `sides` corners at radius `radius` (jittered when irregular).
static ttShape MakePrism( int sides, double radius, double halfHeight, bool irregular )
{
	ttVec3 points[2 * 16];
	for ( int k = 0; k < sides; ++k )
	{
		double angle = 2 * TT_PI * ( k + ( irregular ? RandomUniform( -0.3, 0.3 ) : 0 ) ) / sides;
		double r = radius * ( irregular ? RandomUniform( 0.7, 1 ) : 1 );
		points[2 * k] = ( ttVec3 ){ (ttReal)( r * cos( angle ) ), (ttReal)halfHeight, (ttReal)( r * sin( angle ) ) };
		points[2 * k + 1] = ( ttVec3 ){ points[2 * k].x, (ttReal)-halfHeight, points[2 * k].z };
	}
	return MakeHullShape( points, 2 * sides );
}

// A random hull: points on an ellipsoid, a hull box, or a prism.
static ttShape RandomHull( void )
{
	double r = RandomUniform( 0, 1 );
	if ( r < 0.5 )
	{
		ttVec3 points[24];
		int count = 6 + (int)RandomUniform( 0, 18 );
		ttVec3 scale = { RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ) };
		for ( int i = 0; i < count; ++i )
		{
			points[i] = ttMulComponents( scale, RandomUnit() );
		}
		return MakeHullShape( points, count );
	}
	if ( r < 0.75 )
	{
		return MakeHullBox(
		    ( ttVec3 ){ RandomRange( 0.05, 0.5 ), RandomRange( 0.05, 0.5 ), RandomRange( 0.05, 0.5 ) } );
	}
	return MakePrism( 3 + (int)RandomUniform( 0, 6 ), RandomUniform( 0.1, 0.5 ), RandomUniform( 0.05, 0.5 ),
	                  RandomUniform( 0, 1 ) < 0.5 );
}

// Half the time a quarter-turn rotation about a coordinate axis (parallel faces and edges).
static ttQuat RandomPose( void )
{
	if ( RandomUniform( 0, 1 ) < 0.4 )
	{
		ttVec3 axes[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
		return ttQuatFromAxisAngle( axes[(int)RandomUniform( 0, 3 )],
		                            (ttReal)( 0.5 * TT_PI * (int)RandomUniform( 0, 4 ) ) );
	}
	return ttQuatFromAxisAngle( RandomUnit(), RandomRange( 0, 2 * TT_PI ) );
}

// Support gap of the shapes along unit n (A -> B), in double: > 0 apart along n.
static double GapAlong( const ttConvexProxy* a, const ttConvexProxy* b, ttVec3 n )
{
	ttVec3 pa = ttConvexProxy_Support( a, n ), pb = ttConvexProxy_Support( b, ttNeg( n ) );
	return ( (double)pb.x - (double)pa.x ) * n.x + ( (double)pb.y - (double)pa.y ) * n.y +
	       ( (double)pb.z - (double)pa.z ) * n.z;
}

// How far a world point lies outside a box or hull shape (<= 0 inside), by its face planes.
static double Outside( const ttShape* s, ttTransform xf, ttVec3 p )
{
	ttVec3 local = ttInvTransformPoint( xf, p );
	if ( s->type == ttShape_box )
	{
		ttVec3 e = s->box.halfExtents;
		return fmax( fmax( fabs( local.x ) - e.x, fabs( local.y ) - e.y ), fabs( local.z ) - e.z );
	}
	double worst = -1e30;
	for ( int f = 0; f < s->hull->faceCount; ++f )
	{
		worst = fmax( worst, (double)( ttDot( s->hull->faces[f].normal, local ) - s->hull->faces[f].offset ) );
	}
	return worst;
}

typedef struct Agreement
{
	const char* name;
	int overlapping, separated, band;
	int statusMismatch, depthMismatch, normalMismatch, certificateMismatch, manifoldBad;
	int equallyDeep;    ///< normals differ but the depths along both agree
	int manifoldOnAxis; ///< manifolds whose normal is the deepest axis's
	double worstDepth;  ///< largest |SAT depth - EPA depth| over overlapping pairs
	double worstAngle;  ///< largest normal angle where the normals are meant to be equal
	double satSeconds, gjkSeconds, queryTotal, epaTotal;
	int timed;
} Agreement;

static void CheckManifold( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttSatQuery q,
                           Agreement* r )
{
	ttManifoldGeometry m;
	bool touching = ttCollideShapes( a, xfA, b, xfB, (ttReal)0.01, &m );
	bool ok = touching && m.pointCount >= 1 && m.pointCount <= 4 && fabs( (double)ttLength( m.normal ) - 1 ) < TOL;
	// No point deeper than the chosen face's gap, which the preference keeps within 5 % + 1 mm.
	double floor = ( (double)q.separation - 0.001 ) / 0.95 - TOL;
	for ( int i = 0; ok && i < m.pointCount; ++i )
	{
		const ttContactGeometry* g = m.points + i;
		double along = (double)ttDot( ttSub( g->pointB, g->pointA ), m.normal );
		ok = Outside( a, xfA, g->pointA ) <= TOL && Outside( b, xfB, g->pointB ) <= TOL &&
		     fabs( along - (double)g->separation ) <= TOL && (double)g->separation >= floor;
	}
	if ( ok == false )
	{
		if ( r->manifoldBad < 5 )
		{
			fprintf( stderr, "%s: bad manifold (%d points, depth %g)\n", r->name, touching ? m.pointCount : 0,
			         -(double)q.separation );
		}
		r->manifoldBad += 1;
		return;
	}
	r->manifoldOnAxis += ttDot( m.normal, q.normal ) > 1 - (ttReal)1e-6 ? 1 : 0;
}

// One pair: A is `a`, B is `b`, B placed at a random distance from A in a random direction.
static void ComparePair( const ttShape* a, const ttShape* b, Agreement* r )
{
	ttTransform xfA = { RandomVec( 1 ), RandomPose() };
	ttReal reach = ttShape_Extent( a ) + ttShape_Extent( b );
	ttTransform xfB = { ttMulAdd( xfA.p, RandomRange( 0, 1 ) * reach, RandomUnit() ), RandomPose() };
	ttConvexProxy pa, pb;
	ttConvexProxy_Make( &pa, a, xfA );
	ttConvexProxy_Make( &pb, b, xfB );
	ttConvexContact contact;
	ttConvexContact_Compute( &pa, &pb, &contact );
	ttSatQuery q = ttHullSat_Query( a, xfA, b, xfB );
	double epa = (double)contact.separation, sat = (double)q.separation;
	if ( fabs( epa ) <= TOL )
	{
		r->band += 1;
		return;
	}
	if ( fabs( GapAlong( &pa, &pb, q.normal ) - sat ) > TOL )
	{
		r->certificateMismatch += 1;
	}
	if ( epa > 0 )
	{
		r->separated += 1;
		if ( sat <= 0 || sat > epa + TOL )
		{
			if ( r->statusMismatch < 5 )
			{
				fprintf( stderr, "%s: GJK distance %g, SAT separation %g\n", r->name, epa, sat );
			}
			r->statusMismatch += 1;
		}
		return;
	}
	r->overlapping += 1;
	if ( sat >= 0 )
	{
		r->statusMismatch += 1;
	}
	double difference = fabs( sat - epa );
	r->worstDepth = fmax( r->worstDepth, difference );
	if ( difference > TOL )
	{
		if ( r->depthMismatch < 5 )
		{
			fprintf( stderr, "%s: EPA depth %.12g, SAT depth %.12g (axis kind %d)\n", r->name, -epa, -sat,
			         (int)q.kind );
		}
		r->depthMismatch += 1;
	}
	double cosine = fmin( 1, (double)ttDot( q.normal, contact.normal ) );
	double angle = acos( cosine );
	if ( angle > 1e-3 )
	{
		// Not unique: then both normals must be as deep as each other.
		if ( fabs( GapAlong( &pa, &pb, q.normal ) - GapAlong( &pa, &pb, contact.normal ) ) <= TOL )
		{
			r->equallyDeep += 1;
		}
		else
		{
			r->normalMismatch += 1;
		}
	}
	else
	{
		r->worstAngle = fmax( r->worstAngle, angle );
	}
	CheckManifold( a, xfA, b, xfB, q, r );

	// Cost per pair: the whole narrow phase of each path (SAT with its clipping through the
	// dispatch table; GJK/EPA with its clipping), and the bare queries.
	ttManifoldGeometry m;
	double start = Now();
	for ( int k = 0; k < TIMING_REPEATS; ++k )
	{
		ttCollideShapes( a, xfA, b, xfB, (ttReal)0.01, &m );
	}
	double middle = Now();
	for ( int k = 0; k < TIMING_REPEATS; ++k )
	{
		ttCollideConvex( a, xfA, b, xfB, (ttReal)0.01, &m );
	}
	double end = Now();
	r->satSeconds += middle - start;
	r->gjkSeconds += end - middle;
	start = Now();
	for ( int k = 0; k < TIMING_REPEATS; ++k )
	{
		q = ttHullSat_Query( a, xfA, b, xfB );
	}
	middle = Now();
	for ( int k = 0; k < TIMING_REPEATS; ++k )
	{
		ttConvexContact_Compute( &pa, &pb, &contact );
	}
	end = Now();
	r->queryTotal += middle - start;
	r->epaTotal += end - middle;
	r->timed += TIMING_REPEATS;
}

static void Report( const Agreement* r )
{
	printf( "%s: %d overlapping, %d separated, %d within %.0e of touching\n", r->name, r->overlapping, r->separated,
	        r->band, TOL );
	printf( "  largest |SAT depth - EPA depth| %.3e m, largest normal angle (unique normals) %.3e rad, "
	        "%d equally deep with other normals\n",
	        r->worstDepth, r->worstAngle, r->equallyDeep );
	printf( "  manifold normal on the deepest axis: %d of %d (the rest prefer a face)\n", r->manifoldOnAxis,
	        r->overlapping - r->manifoldBad );
	printf( "  cost per overlapping pair: SAT manifold %.2f us, GJK/EPA manifold %.2f us; SAT query %.2f us, "
	        "GJK/EPA contact %.2f us\n",
	        1e6 * r->satSeconds / r->timed, 1e6 * r->gjkSeconds / r->timed, 1e6 * r->queryTotal / r->timed,
	        1e6 * r->epaTotal / r->timed );
	ENSURE_NEAR( r->statusMismatch, 0, 0 );
	ENSURE_NEAR( r->depthMismatch, 0, 0 );
	ENSURE_NEAR( r->normalMismatch, 0, 0 );
	ENSURE_NEAR( r->certificateMismatch, 0, 0 );
	ENSURE_NEAR( r->manifoldBad, 0, 0 );
	ENSURE_BELOW( r->worstDepth, TOL );
}

// Cost by size: random hulls of n points on an ellipsoid (all of them hull vertices), 200
// overlapping pairs each, the two whole narrow phases timed on the same pairs, the faster of 3
// passes (the machine may be shared).
static void CostBySize( void )
{
	SeedRandom( 64 );
	int sizes[4] = { 8, 16, 32, 64 };
	printf( "cost per overlapping hull-hull pair by vertex count (faster of 3 passes):\n" );
	for ( int s = 0; s < 4; ++s )
	{
		enum
		{
			kPairs = 200
		};
		static ttShape shapes[2 * kPairs];
		static ttTransform poses[2 * kPairs];
		int made = 0;
		while ( made < kPairs )
		{
			ttVec3 points[2][64];
			for ( int k = 0; k < 2; ++k )
			{
				ttVec3 scale = { RandomRange( 0.2, 0.5 ), RandomRange( 0.2, 0.5 ), RandomRange( 0.2, 0.5 ) };
				for ( int i = 0; i < sizes[s]; ++i )
				{
					points[k][i] = ttMulComponents( scale, RandomUnit() );
				}
			}
			ttShape a = MakeHullShape( points[0], sizes[s] ), b = MakeHullShape( points[1], sizes[s] );
			ttTransform xfA = { RandomVec( 1 ), RandomPose() };
			ttTransform xfB = { ttMulAdd( xfA.p, RandomRange( 0, 0.5 ), RandomUnit() ), RandomPose() };
			if ( ttHullSat_Query( &a, xfA, &b, xfB ).separation < 0 )
			{
				shapes[2 * made] = a;
				shapes[2 * made + 1] = b;
				poses[2 * made] = xfA;
				poses[2 * made + 1] = xfB;
				made += 1;
			}
			else
			{
				FreeShape( &a );
				FreeShape( &b );
			}
		}
		double sat = 1e30, gjk = 1e30;
		ttManifoldGeometry m;
		for ( int pass = 0; pass < 3; ++pass )
		{
			double start = Now();
			for ( int r = 0; r < TIMING_REPEATS; ++r )
			{
				for ( int i = 0; i < kPairs; ++i )
				{
					ttCollideShapes( shapes + 2 * i, poses[2 * i], shapes + 2 * i + 1, poses[2 * i + 1], (ttReal)0.01,
					                 &m );
				}
			}
			double middle = Now();
			for ( int r = 0; r < TIMING_REPEATS; ++r )
			{
				for ( int i = 0; i < kPairs; ++i )
				{
					ttCollideConvex( shapes + 2 * i, poses[2 * i], shapes + 2 * i + 1, poses[2 * i + 1], (ttReal)0.01,
					                 &m );
				}
			}
			double end = Now();
			sat = fmin( sat, ( middle - start ) / ( TIMING_REPEATS * kPairs ) );
			gjk = fmin( gjk, ( end - middle ) / ( TIMING_REPEATS * kPairs ) );
		}
		printf( "  %2d vertices: SAT manifold %.2f us, GJK/EPA manifold %.2f us\n", sizes[s], 1e6 * sat, 1e6 * gjk );
		for ( int i = 0; i < 2 * kPairs; ++i )
		{
			FreeShape( shapes + i );
		}
	}
}

static void RandomAgreement( void )
{
	SeedRandom( 2013 );
	Agreement hulls = { .name = "hull-hull" }, boxes = { .name = "box-hull (both orders)" };
	for ( int i = 0; i < PAIRS_PER_KIND; ++i )
	{
		ttShape a = RandomHull(), b = RandomHull();
		ComparePair( &a, &b, &hulls );
		FreeShape( &a );
		FreeShape( &b );

		ttShape box =
		    MakeBoxShape( ( ttVec3 ){ RandomRange( 0.05, 0.5 ), RandomRange( 0.05, 0.5 ), RandomRange( 0.05, 0.5 ) } );
		ttShape hull = RandomHull();
		if ( i % 2 == 0 )
		{
			ComparePair( &box, &hull, &boxes );
		}
		else
		{
			ComparePair( &hull, &box, &boxes );
		}
		FreeShape( &hull );
	}
	Report( &hulls );
	Report( &boxes );
	ENSURE( hulls.overlapping + boxes.overlapping >= 2000 );
	ENSURE( hulls.separated + boxes.separated >= 1000 );
}

// The point of the manifold nearest to p (world), as its distance.
static double NearestPoint( const ttManifoldGeometry* m, ttVec3 p, bool onA )
{
	double best = 1e30;
	for ( int i = 0; i < m->pointCount; ++i )
	{
		best = fmin( best, (double)ttDistance( onA ? m->points[i].pointA : m->points[i].pointB, p ) );
	}
	return best;
}

// Area of the polygon of up to 4 points in the xz plane, ordered by angle about the y axis.
static double AreaAboutY( const ttManifoldGeometry* m )
{
	double angle[4], x[4], z[4];
	int order[4];
	for ( int i = 0; i < m->pointCount; ++i )
	{
		x[i] = (double)m->points[i].pointB.x;
		z[i] = (double)m->points[i].pointB.z;
		angle[i] = atan2( z[i], x[i] );
		order[i] = i;
	}
	for ( int i = 1; i < m->pointCount; ++i )
	{
		for ( int j = i; j > 0 && angle[order[j]] < angle[order[j - 1]]; --j )
		{
			int swap = order[j];
			order[j] = order[j - 1];
			order[j - 1] = swap;
		}
	}
	double twice = 0;
	for ( int i = 0; i < m->pointCount; ++i )
	{
		int a = order[i], b = order[( i + 1 ) % m->pointCount];
		twice += x[a] * z[b] - x[b] * z[a];
	}
	return 0.5 * twice;
}

static void FaceOnFace( const ttShape* lower, const char* name )
{
	ttShape upper = MakeHullBox( ( ttVec3 ){ 0.5f, 0.5f, 0.5f } );
	ttTransform xfLower = TT_TRANSFORM_IDENTITY;
	ttTransform xfUpper = { { 0, (ttReal)0.99, 0 }, TT_QUAT_IDENTITY };
	ttManifoldGeometry m;
	ENSURE( ttCollideShapes( lower, xfLower, &upper, xfUpper, (ttReal)0.01, &m ) );
	printf( "%s, resting: %d points\n", name, m.pointCount );
	ENSURE_NEAR( m.pointCount, 4, 0 );
	ENSURE_NEAR( m.normal.y, 1, EXACT );
	double worst = 0;
	for ( int k = 0; k < 4; ++k )
	{
		ttVec3 corner = { ( k & 1 ) ? 0.5f : -0.5f, 0.5f, ( k & 2 ) ? 0.5f : -0.5f };
		worst = fmax( worst, NearestPoint( &m, corner, true ) );
		worst = fmax( worst, NearestPoint( &m, ttAdd( corner, ( ttVec3 ){ 0, -(ttReal)0.01, 0 } ), false ) );
	}
	ENSURE_NEAR( worst, 0, EXACT );
	for ( int i = 0; i < m.pointCount; ++i )
	{
		ENSURE_NEAR( m.points[i].separation, -0.01, EXACT );
	}

	// Yawed 30 degrees: the clipped octagon (area 0.845 m^2, corners 0.518 and 0.577 m from the
	// axis) reduced to 4 of its corners, all inside both faces.
	xfUpper.q = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( TT_PI / 6 ) );
	ENSURE( ttCollideShapes( lower, xfLower, &upper, xfUpper, (ttReal)0.01, &m ) );
	ENSURE_NEAR( m.pointCount, 4, 0 );
	double outside = -1;
	double nearest = 1;
	for ( int i = 0; i < m.pointCount; ++i )
	{
		ttVec3 p = m.points[i].pointB;
		ttVec3 inUpper = ttInvTransformPoint( xfUpper, p );
		outside = fmax( outside, fmax( fabs( p.x ), fabs( p.z ) ) - 0.5 );
		outside = fmax( outside, fmax( fabs( inUpper.x ), fabs( inUpper.z ) ) - 0.5 );
		ENSURE_NEAR( m.points[i].separation, -0.01, EXACT );
		nearest = fmin( nearest, (double)ttLength( ( ttVec3 ){ p.x, 0, p.z } ) );
	}
	double area = AreaAboutY( &m );
	printf( "%s, yawed 30 deg: %d points, largest overshoot of a face %.3g m, nearest to the axis %.4f m, "
	        "area %.4f m^2\n",
	        name, m.pointCount, outside, nearest, area );
	ENSURE_BELOW( outside, EXACT );
	ENSURE_BELOW( 0.5 / cos( TT_PI / 12 ) - 1e-6, nearest );
	ENSURE_BELOW( 0.6, area );
	FreeShape( &upper );
}

// A smaller hull cube resting on the shape keeps the same four feature ids while it moves a
// little (it slides 2 mm and turns 0.2 degrees): every point is still an incident corner.
static void IdsPersist( const ttShape* lower, const char* name )
{
	ttShape upper = MakeHullBox( ( ttVec3 ){ 0.4f, 0.4f, 0.4f } );
	ttTransform xfLower = TT_TRANSFORM_IDENTITY;
	ttTransform xfUpper = { { 0, (ttReal)0.89, 0 }, TT_QUAT_IDENTITY };
	ttManifoldGeometry before, after;
	ENSURE( ttCollideShapes( lower, xfLower, &upper, xfUpper, (ttReal)0.01, &before ) );
	xfUpper.p = ( ttVec3 ){ (ttReal)0.002, (ttReal)0.891, -(ttReal)0.001 };
	xfUpper.q = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)0.003 );
	ENSURE( ttCollideShapes( lower, xfLower, &upper, xfUpper, (ttReal)0.01, &after ) );
	int same = 0;
	for ( int i = 0; i < after.pointCount; ++i )
	{
		for ( int j = 0; j < before.pointCount; ++j )
		{
			same += after.points[i].id == before.points[j].id ? 1 : 0;
		}
	}
	printf( "%s: %d and %d points, %d ids kept\n", name, before.pointCount, after.pointCount, same );
	ENSURE( before.featureIds && after.featureIds );
	ENSURE_NEAR( before.pointCount, 4, 0 );
	ENSURE_NEAR( same, 4, 0 );
	FreeShape( &upper );
}

static void CrossedEdges( const ttShape* lower, ttTransform xfLower, const char* name )
{
	// The lower cube's top is an edge along z at height sqrt(1/2); the upper cube's bottom an edge
	// along x, 1 cm into it.
	ttShape upper = MakeHullBox( ( ttVec3 ){ 0.5f, 0.5f, 0.5f } );
	ttReal h = ttSqrt( 0.5f );
	ttTransform xfUpper = { { 0, 2 * h - (ttReal)0.01, 0 },
	                        ttQuatFromAxisAngle( ( ttVec3 ){ 1, 0, 0 }, (ttReal)( TT_PI / 4 ) ) };
	ttManifoldGeometry m;
	ENSURE( ttCollideShapes( lower, xfLower, &upper, xfUpper, (ttReal)0.01, &m ) );
	printf( "%s, crossed edges: %d point at (%g, %g, %g)\n", name, m.pointCount, (double)m.points[0].pointA.x,
	        (double)m.points[0].pointA.y, (double)m.points[0].pointA.z );
	ENSURE_NEAR( m.pointCount, 1, 0 );
	ENSURE_NEAR( m.normal.y, 1, 1e-5 );
	ENSURE_NEAR( m.points[0].separation, -0.01, 1e-5 );
	ENSURE_NEAR( ttDistance( m.points[0].pointA, ( ttVec3 ){ 0, h, 0 } ), 0, 1e-5 );
	ENSURE_NEAR( ttDistance( m.points[0].pointB, ( ttVec3 ){ 0, h - (ttReal)0.01, 0 } ), 0, 1e-5 );
	ENSURE( m.featureIds && ( m.points[0].id & 0x80000000u ) != 0 );
	FreeShape( &upper );
}

static void ExactManifolds( void )
{
	ttShape hullCube = MakeHullBox( ( ttVec3 ){ 0.5f, 0.5f, 0.5f } );
	ttShape boxCube = MakeBoxShape( ( ttVec3 ){ 0.5f, 0.5f, 0.5f } );
	FaceOnFace( &hullCube, "hull cube on hull cube" );
	FaceOnFace( &boxCube, "hull cube on box" );
	IdsPersist( &hullCube, "small hull cube on hull cube, moved" );
	IdsPersist( &boxCube, "small hull cube on box, moved" );
	ttTransform tilted = { TT_VEC3_ZERO, ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)( TT_PI / 4 ) ) };
	CrossedEdges( &hullCube, tilted, "hull on hull" );
	CrossedEdges( &boxCube, tilted, "hull on box" );
	FreeShape( &hullCube );
}

// ---- physics ----

static ttWorldId NewWorld( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	// Rest is measured to 1 mm/s; sleeping would zero the velocities and hide it.
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId StaticBox( ttWorldId world, ttVec3 position, ttVec3 halfExtents )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ halfExtents } );
	return body;
}

static ttBodyId DynamicHull( ttWorldId world, ttVec3 position, ttQuat rotation, const ttVec3* points, int count )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	def.rotation = rotation;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateHullShape( body, &shapeDef, points, count );
	return body;
}

// Five bodies of the given hull stacked on a static box whose top is at y = 0; `height` is the
// hull's height, its lowest point at -height/2. Returns the largest displacement over 5 s.
static double Stack( const ttVec3* points, int count, double height, const char* name )
{
	ttWorldId world = NewWorld();
	StaticBox( world, ( ttVec3 ){ 0, -0.5f, 0 }, ( ttVec3 ){ 5, 0.5f, 5 } );
	ttBodyId bodies[5];
	ttVec3 starts[5];
	for ( int i = 0; i < 5; ++i )
	{
		starts[i] = ( ttVec3 ){ 0, (ttReal)( height * ( i + 0.5 ) ), 0 };
		bodies[i] = DynamicHull( world, starts[i], TT_QUAT_IDENTITY, points, count );
	}
	double worst = 0;
	for ( int frame = 0; frame < 300; ++frame )
	{
		ttWorld_Step( world, 1.0f / 60.0f );
		for ( int i = 0; i < 5; ++i )
		{
			worst = fmax( worst, (double)ttDistance( ttBody_GetPosition( bodies[i] ), starts[i] ) );
		}
	}
	double speed = 0;
	for ( int i = 0; i < 5; ++i )
	{
		speed = fmax( speed, (double)ttLength( ttBody_GetLinearVelocity( bodies[i] ) ) );
	}
	printf( "stack of 5 %s, 5 s: largest displacement %.3e m, final speed %.2e m/s\n", name, worst, speed );
	ttDestroyWorld( world );
	return worst;
}

// Drop a hull a little above a static box and return its largest speed (linear, and angular
// times its extent) at the end of `seconds`.
static double Settle( const ttVec3* points, int count, ttVec3 position, ttQuat rotation, double seconds,
                      const char* name )
{
	ttWorldId world = NewWorld();
	StaticBox( world, ( ttVec3 ){ 0, -0.5f, 0 }, ( ttVec3 ){ 5, 0.5f, 5 } );
	ttBodyId body = DynamicHull( world, position, rotation, points, count );
	int frames = (int)( seconds * 60 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		ttWorld_Step( world, 1.0f / 60.0f );
	}
	ttVec3 p = ttBody_GetPosition( body );
	double v = (double)ttLength( ttBody_GetLinearVelocity( body ) );
	double w = (double)ttLength( ttBody_GetAngularVelocity( body ) );
	printf( "%s on a box after %.0f s: at (%.3f, %.4f, %.3f), speed %.2e m/s, angular speed %.2e rad/s\n", name,
	        seconds, (double)p.x, (double)p.y, (double)p.z, v, w );
	ttDestroyWorld( world );
	return fmax( v, w );
}

static void Physics( void )
{
	ttVec3 cube[8];
	for ( int i = 0; i < 8; ++i )
	{
		cube[i] = ( ttVec3 ){ ( i & 1 ) ? 0.5f : -0.5f, ( i & 2 ) ? 0.5f : -0.5f, ( i & 4 ) ? 0.5f : -0.5f };
	}
	ENSURE_BELOW( Stack( cube, 8, 1, "hull cubes" ), 1e-3 );

	// An irregular heptagonal prism 0.4 m high.
	ttVec3 prism[14];
	double radii[7] = { 0.5, 0.42, 0.55, 0.47, 0.38, 0.52, 0.45 };
	double angles[7] = { 0.1, 0.9, 1.8, 2.6, 3.5, 4.4, 5.4 };
	for ( int k = 0; k < 7; ++k )
	{
		prism[2 * k] =
		    ( ttVec3 ){ (ttReal)( radii[k] * cos( angles[k] ) ), 0.2f, (ttReal)( radii[k] * sin( angles[k] ) ) };
		prism[2 * k + 1] = ( ttVec3 ){ prism[2 * k].x, -0.2f, prism[2 * k].z };
	}
	ENSURE_BELOW( Stack( prism, 14, 0.4, "irregular prisms" ), 1e-3 );

	// A regular tetrahedron on a face, dropped 5 cm (face at the bottom: y = -h/3 for height h).
	double a = 0.6, h = a * sqrt( 2.0 / 3.0 );
	double rc = a / sqrt( 3.0 );
	ttVec3 tetra[4] = { { (ttReal)rc, (ttReal)( -h / 4 ), 0 },
	                    { (ttReal)( -rc / 2 ), (ttReal)( -h / 4 ), (ttReal)( a / 2 ) },
	                    { (ttReal)( -rc / 2 ), (ttReal)( -h / 4 ), (ttReal)( -a / 2 ) },
	                    { 0, (ttReal)( 3 * h / 4 ), 0 } };
	ENSURE_BELOW( Settle( tetra, 4, ( ttVec3 ){ 0, (ttReal)( h / 4 + 0.05 ), 0 }, TT_QUAT_IDENTITY, 3, "tetrahedron" ),
	              1e-3 );
	// The tetrahedron dropped on a vertex-first tilt: it must tip onto a face and stop.
	ENSURE_BELOW( Settle( tetra, 4, ( ttVec3 ){ 0, 0.6f, 0 },
	                      ttQuatFromAxisAngle( ttNormalize( ( ttVec3 ){ 1, 0, 0.3f } ), 2.5f ), 5,
	                      "tumbling tetrahedron" ),
	              1e-3 );
	// A random irregular hull dropped tilted.
	SeedRandom( 77 );
	ttVec3 rock[16];
	for ( int i = 0; i < 16; ++i )
	{
		rock[i] = ttMulComponents( ( ttVec3 ){ 0.4f, 0.25f, 0.3f }, RandomUnit() );
	}
	ENSURE_BELOW( Settle( rock, 16, ( ttVec3 ){ 0, 0.5f, 0 }, ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, 0.7f ), 5,
	                      "irregular hull" ),
	              1e-3 );
}

int main( void )
{
	RandomAgreement();
	CostBySize();
	ExactManifolds();
	Physics();
	return TEST_RESULT();
}
