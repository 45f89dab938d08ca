// SPDX-License-Identifier: MIT
// Jacobi against Gauss-Seidel for the XPBD joints (ttWorld_EnableJointJacobi; paper section 3.2:
// "Alternatively a Jacobi solve can be used ... at the cost of slower convergence").
//
// A chain of 10 equal bodies on a line, joined by rigid distance joints of 0.1 m, the first to a
// world point at the origin, is created stretched by 10 % (body i at 0.11 (i + 1) m) with gravity
// zero and stepped once with 1 substep and K iterations. Along a line the distance constraints are
// linear, so the non-linear solve is exactly a linear iteration that the test runs itself:
// - Gauss-Seidel: joint by joint in creation order, each moves its two bodies by -C w_i / sum(w)
//   (the world point does not move);
// - Jacobi: every joint's correction computed from the same positions, each body then moved by the
//   average of the corrections it received (the joints that moved it).
// Expected: tether's positions equal the test's for K = 1, 2, 5, 10, 50 (1e-9 m; 1e-5 m in float),
// for both; and the iterations to bring the largest |C| below 1e-6 m (1e-5 of a link), taken
// from the test's iteration and confirmed on tether (its error at that K is below 1e-6 m too; in
// double), are more for Jacobi than for Gauss-Seidel, as the paper says.
// Measured: Gauss-Seidel 387 iterations, Jacobi 1392 (3.6 times as many); after 50 iterations
// the largest |C| is 4.1 mm and 9.5 mm of the initial 10 mm.
// Also reported (not checked): the fig. 10 chain of 100 boxes on spherical joints at 20 x 1 under
// both, its largest joint error over 3 s: measured 1.3 mm with Gauss-Seidel, 5.2 mm with Jacobi.
#include "validation.h"

#define LINKS 10
static const double link = 0.1, stretch = 1.1, tolerance = 1e-6;

static double Tolerance( void )
{
	return sizeof( ttReal ) == sizeof( float ) ? 1e-5 : 1e-9;
}

// The largest |C| of the chain at positions x.
static double ChainError( const double* x )
{
	double worst = 0;
	for ( int i = 0; i < LINKS; ++i )
	{
		double c = fabs( x[i] - ( i > 0 ? x[i - 1] : 0 ) - link );
		worst = c > worst ? c : worst;
	}
	return worst;
}

// The test's own iteration on the line: positions after K iterations.
static void Reference( bool jacobi, int iterations, double* x )
{
	for ( int i = 0; i < LINKS; ++i )
	{
		x[i] = stretch * link * ( i + 1 );
	}
	for ( int k = 0; k < iterations; ++k )
	{
		double sum[LINKS] = { 0 };
		int count[LINKS] = { 0 };
		for ( int j = 0; j < LINKS; ++j )
		{
			// Joint j joins body j - 1 (the world point 0 for j = 0) and body j.
			double left = j > 0 ? x[j - 1] : 0;
			double c = x[j] - left - link;
			double wLeft = j > 0 ? 1 : 0, wRight = 1;
			double lambda = -c / ( wLeft + wRight );
			double moveLeft = -wLeft * lambda, moveRight = wRight * lambda;
			if ( jacobi == false )
			{
				if ( j > 0 )
				{
					x[j - 1] += moveLeft;
				}
				x[j] += moveRight;
				continue;
			}
			if ( j > 0 && moveLeft != 0 )
			{
				sum[j - 1] += moveLeft;
				count[j - 1] += 1;
			}
			if ( moveRight != 0 )
			{
				sum[j] += moveRight;
				count[j] += 1;
			}
		}
		for ( int i = 0; jacobi && i < LINKS; ++i )
		{
			x[i] += count[i] > 0 ? sum[i] / count[i] : 0;
		}
	}
}

// tether on the same chain: positions along x after one step of 1 substep x K iterations.
static void Tether( bool jacobi, int iterations, double* x )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, 0, 0 };
	def.substeps = 1;
	def.iterations = iterations;
	def.enableContacts = false;
	def.enableSleep = false;
	ttWorldId world = ttCreateWorld( &def );
	ENSURE( ttWorld_EnableJointJacobi( world, jacobi ) == ttResult_ok );
	ttBodyId bodies[LINKS];
	for ( int i = 0; i < LINKS; ++i )
	{
		ttBodyDef bodyDef = ttDefaultBodyDef();
		bodyDef.type = ttBody_dynamic;
		bodyDef.position = ( ttVec3 ){ (ttReal)( stretch * link * ( i + 1 ) ), 0, 0 };
		bodies[i] = ttCreateBody( world, &bodyDef );
		ttShapeDef shapeDef = ttDefaultShapeDef();
		ttCreateSphereShape( bodies[i], &shapeDef, &( ttSphere ){ (ttReal)0.02 } );
		ttDistanceJointDef joint = ttDefaultDistanceJointDef();
		if ( i > 0 )
		{
			joint.base.bodyA = bodies[i - 1];
		}
		joint.base.bodyB = bodies[i];
		joint.minLength = (ttReal)link;
		joint.maxLength = (ttReal)link;
		ttCreateDistanceJoint( world, &joint );
	}
	ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	for ( int i = 0; i < LINKS; ++i )
	{
		x[i] = (double)ttBody_GetPosition( bodies[i] ).x;
	}
	ttDestroyWorld( world );
}

static int IterationsToConverge( bool jacobi )
{
	double x[LINKS];
	for ( int k = 1; k <= 100000; ++k )
	{
		Reference( jacobi, k, x );
		if ( ChainError( x ) < tolerance )
		{
			return k;
		}
	}
	return -1;
}

static double Fig10LargestError( bool jacobi )
{
	ttScene scene;
	tvLoad( "scenes/fig10_chain.json", &scene );
	ttWorld_EnableJointJacobi( scene.worldId, jacobi );
	double worst = 0;
	for ( int frame = 0; frame < tvFrames( 3.0 ); ++frame )
	{
		tvStep( scene.worldId, 1 );
		for ( int j = 0; j < scene.jointCount; ++j )
		{
			double error = (double)ttJoint_GetPositionError( scene.joints[j] );
			worst = error > worst ? error : worst;
		}
	}
	ttScene_Destroy( &scene );
	return worst;
}

int main( void )
{
	const char* names[2] = { "Gauss-Seidel", "Jacobi" };
	const int counts[5] = { 1, 2, 5, 10, 50 };
	printf( "| iterations | Gauss-Seidel: max |C|, m | Jacobi: max |C|, m |\n|---|---|---|\n" );
	for ( int k = 0; k < 5; ++k )
	{
		double errors[2];
		for ( int mode = 0; mode < 2; ++mode )
		{
			double expected[LINKS], actual[LINKS];
			Reference( mode == 1, counts[k], expected );
			Tether( mode == 1, counts[k], actual );
			double worst = 0;
			for ( int i = 0; i < LINKS; ++i )
			{
				worst = fabs( actual[i] - expected[i] ) > worst ? fabs( actual[i] - expected[i] ) : worst;
			}
			if ( worst > Tolerance() )
			{
				fprintf( stderr, "FAIL %s, %d iterations: tether is %.3e m from the test's iteration\n", names[mode],
				         counts[k], worst );
				tt_test_failures += 1;
			}
			errors[mode] = ChainError( actual );
		}
		printf( "| %d | %.3e | %.3e |\n", counts[k], errors[0], errors[1] );
	}

	int needed[2];
	for ( int mode = 0; mode < 2; ++mode )
	{
		needed[mode] = IterationsToConverge( mode == 1 );
		double x[LINKS], before[LINKS];
		Tether( mode == 1, needed[mode], x );
		Tether( mode == 1, needed[mode] - 1, before );
		printf( "%s: %d iterations bring max |C| below %.0e m; tether %.3e m there, %.3e m one iteration before\n",
		        names[mode], needed[mode], tolerance, ChainError( x ), ChainError( before ) );
		if ( sizeof( ttReal ) == sizeof( double ) )
		{
			ENSURE_BELOW( ChainError( x ), tolerance );
		}
	}
	ENSURE( needed[1] > needed[0] );

	double gs = Fig10LargestError( false ), jacobi = Fig10LargestError( true );
	printf( "fig. 10 chain, 20 x 1, 3 s: largest joint error %.3e m with Gauss-Seidel, %.3e m with Jacobi\n", gs,
	        jacobi );
	ENSURE( isfinite( jacobi ) );
	return TEST_RESULT();
}
