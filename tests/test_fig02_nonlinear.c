// SPDX-License-Identifier: MIT
// Paper Fig. 2 (section 2): points p1 = (-1, 0, 0) and p2 = (1, 0, 0) are fixed; a point p3 is held
// at distances l1 = l2 = 1.2 m from them. The true solution is the circles' intersection
// (0, sqrt(1.2^2 - 1), 0) = (0, 0.66332, 0). p3 starts at x0 = (0.3, 1.5, 0), above it.
//
// Positional (non-linear Gauss-Seidel, what tether does): p3 is a small sphere held by two rigid
// distance joints to the world; gravity zero, one step of 1 substep with K iterations. Each
// projection recomputes the constraint direction from the current positions, so the error falls
// with K toward zero: expected within 1e-9 m of the true solution at K = 50, the constraint error
// shrinking with every doubling of K.
//
// Linearised (velocity level or a global solve with frozen gradients, written here): the
// constraints are replaced at x0 by n_i . (x - x0) + C_i(x0) = 0 with n_i = (x0 - p_i) / |x0 - p_i|,
// and Gauss-Seidel on these linear equations is run for the same K. It converges to the solution
// of the 2x2 linear system (the red point of fig. 2, solved here directly by Cramer's rule), which
// lies above the true solution whatever K is: expected at K = 50 the linear solution
// (-0.10221, 0.80987) to 1e-9, 0.1787 m from the true solution with a constraint error of 0.1678 m.
//
// Measured (double), distance to the true solution after K iterations:
//   K            1        2        5        10       20
//   positional   6.7e-2   8.6e-3   2.9e-5   2.3e-9   6e-17
//   linearised   0.198    0.181    0.1787   0.1787   0.1787
#include "test_macros.h"

#include "tether/tether.h"

typedef struct Point
{
	double x, y;
} Point;

static const Point p1 = { -1, 0 }, p2 = { 1, 0 }, x0 = { 0.3, 1.5 };
static const double l1 = 1.2, l2 = 1.2;

static double Distance( Point a, Point b )
{
	return hypot( a.x - b.x, a.y - b.y );
}

// The larger of the two constraint errors | |x - p_i| - l_i |.
static double ConstraintError( Point x )
{
	double e1 = fabs( Distance( x, p1 ) - l1 ), e2 = fabs( Distance( x, p2 ) - l2 );
	return e1 > e2 ? e1 : e2;
}

static Point Positional( int iterations )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
	worldDef.substeps = 1;
	worldDef.iterations = iterations;
	worldDef.enableContacts = false;
	worldDef.enableSleep = false;
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = ( ttVec3 ){ (ttReal)x0.x, (ttReal)x0.y, 0 };
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ (ttReal)0.05 } );
	const Point fixed[2] = { p1, p2 };
	const double lengths[2] = { l1, l2 };
	for ( int i = 0; i < 2; ++i )
	{
		ttDistanceJointDef joint = ttDefaultDistanceJointDef();
		joint.base.bodyB = body;
		joint.base.localFrameA.p = ( ttVec3 ){ (ttReal)fixed[i].x, (ttReal)fixed[i].y, 0 };
		joint.minLength = (ttReal)lengths[i];
		joint.maxLength = (ttReal)lengths[i];
		ttCreateDistanceJoint( world, &joint );
	}
	ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	ttVec3 p = ttBody_GetPosition( body );
	ttDestroyWorld( world );
	return ( Point ){ (double)p.x, (double)p.y };
}

static Point Linearised( int iterations )
{
	const Point fixed[2] = { p1, p2 };
	const double lengths[2] = { l1, l2 };
	Point n[2];
	double c0[2];
	for ( int i = 0; i < 2; ++i )
	{
		double d = Distance( x0, fixed[i] );
		n[i] = ( Point ){ ( x0.x - fixed[i].x ) / d, ( x0.y - fixed[i].y ) / d };
		c0[i] = d - lengths[i];
	}
	Point x = x0;
	for ( int k = 0; k < iterations; ++k )
	{
		for ( int i = 0; i < 2; ++i )
		{
			// The linear constraint's value at x; a unit gradient moves x by -c along n_i.
			double c = n[i].x * ( x.x - x0.x ) + n[i].y * ( x.y - x0.y ) + c0[i];
			x.x -= c * n[i].x;
			x.y -= c * n[i].y;
		}
	}
	return x;
}

int main( void )
{
	const Point truth = { 0, sqrt( l1 * l1 - 1 ) };

	// The fixed point of the linearised equations: n_i . d = -c0_i for d = x - x0.
	Point n1 = { ( x0.x - p1.x ) / Distance( x0, p1 ), ( x0.y - p1.y ) / Distance( x0, p1 ) };
	Point n2 = { ( x0.x - p2.x ) / Distance( x0, p2 ), ( x0.y - p2.y ) / Distance( x0, p2 ) };
	double b1 = -( Distance( x0, p1 ) - l1 ), b2 = -( Distance( x0, p2 ) - l2 );
	double det = n1.x * n2.y - n1.y * n2.x;
	Point red = { x0.x + ( b1 * n2.y - n1.y * b2 ) / det, x0.y + ( n1.x * b2 - b1 * n2.x ) / det };
	printf( "true solution (%.5f, %.5f); linearised fixed point (%.5f, %.5f), %.4f m from it, constraint error "
	        "%.4f m\n",
	        truth.x, truth.y, red.x, red.y, Distance( red, truth ), ConstraintError( red ) );

	printf( "| iterations | positional: distance to truth, m | constraint error, m | linearised: distance to truth, "
	        "m | constraint error, m |\n|---|---|---|---|---|\n" );
	const int counts[6] = { 1, 2, 5, 10, 20, 50 };
	double previousError = 1e30;
	for ( int k = 0; k < 6; ++k )
	{
		Point a = Positional( counts[k] );
		Point b = Linearised( counts[k] );
		printf( "| %d | %.3e | %.3e | %.3e | %.3e |\n", counts[k], Distance( a, truth ), ConstraintError( a ),
		        Distance( b, truth ), ConstraintError( b ) );
		// Each count of iterations improves on the last until rounding (1e-12 m; 1e-6 m in float).
		double rounding = sizeof( ttReal ) == sizeof( float ) ? 1e-6 : 1e-12;
		ENSURE( ConstraintError( a ) < previousError || ConstraintError( a ) < rounding );
		previousError = ConstraintError( a );
		if ( counts[k] == 50 )
		{
			double tolerance = sizeof( ttReal ) == sizeof( float ) ? 1e-6 : 1e-9;
			ENSURE_NEAR( Distance( a, truth ), 0, tolerance );
			ENSURE_NEAR( Distance( b, red ), 0, 1e-9 );
			ENSURE_NEAR( Distance( b, truth ), Distance( red, truth ), 1e-9 );
			ENSURE_NEAR( Distance( red, truth ), 0.1787, 1e-4 );
			ENSURE_NEAR( ConstraintError( b ), 0.1678, 1e-4 );
			ENSURE( red.y > truth.y );
		}
	}
	return TEST_RESULT();
}
