// SPDX-License-Identifier: MIT
// Pendulum period at 5 degrees amplitude (scenes/analytic_pendulum.json, 20 substeps x 1
// iteration, released from rest, no damping).
// - bob: a point mass (sphere with fixedRotation) on a rigid string of L = 1 m.
//   Small-angle period T0 = 2 pi sqrt(L / g) = 2.00607 s. Exact period at amplitude a:
//   T = T0 / AGM(1, cos(a / 2)) (complete elliptic integral), here 1.000476 T0.
// - rod: a 1 m x 0.05 m x 0.05 m box on a hinge at its top end, a compound pendulum with
//   T0 = 2 pi sqrt(I_pivot / (m g d)), I_pivot = m (a^2 + b^2) / 3 + m d^2 for half extents a, b in
//   the swing plane and d = 0.5 m (computed here from the geometry, not read from the library);
//   the same elliptic factor gives the exact period.
// The period is measured from the zero crossings of the centre's horizontal offset from the pivot,
// linearly interpolated between frames, over 10 periods.
// Expected:
// - |T - T0| / T0 < 0.5 % (the acceptance criterion, small-angle value);
// - |T - T_exact| / T_exact < 0.02 %: the measurement resolves the finite-amplitude correction
//   (0.048 %); the solver's own period error at h = 1/1200 s is O((omega h)^2) ~ 1e-6 and the
//   interpolation error of a zero crossing is third order in the frame time.
#include "validation.h"

#define SCENE "scenes/analytic_pendulum.json"

static double arithmeticGeometricMean( double a, double b )
{
	for ( int i = 0; i < 40; ++i )
	{
		double m = 0.5 * ( a + b );
		b = sqrt( a * b );
		a = m;
	}
	return a;
}

// average period from the zero crossings of x(t) - xPivot over `periods` full periods
static double measurePeriod( ttWorldId world, ttBodyId body, double xPivot, int periods )
{
	double previous = (double)ttBody_GetWorldCenterOfMass( body ).x - xPivot;
	double firstCrossing = -1.0, lastCrossing = -1.0;
	int crossings = 0;
	for ( int frame = 1; frame <= tvFrames( 30.0 ) && crossings < 2 * periods + 1; ++frame )
	{
		tvStep( world, 1 );
		double x = (double)ttBody_GetWorldCenterOfMass( body ).x - xPivot;
		if ( ( previous > 0 && x <= 0 ) || ( previous < 0 && x >= 0 ) )
		{
			double t = ( frame - 1 + previous / ( previous - x ) ) * TV_TIME_STEP;
			if ( crossings == 0 )
			{
				firstCrossing = t;
			}
			lastCrossing = t;
			crossings += 1;
		}
		previous = x;
	}
	if ( crossings < 2 * periods + 1 )
	{
		fprintf( stderr, "FAIL only %d zero crossings in 30 s\n", crossings );
		return 0.0;
	}
	return ( lastCrossing - firstCrossing ) / periods;
}

int main( void )
{
	const double g = 9.81, amplitude = 5.0 * TV_DEG, length = 1.0;
	const double ellipticFactor = 1.0 / arithmeticGeometricMean( 1.0, cos( 0.5 * amplitude ) );
	const int periods = 10;

	// compound pendulum from geometry: box half extents a = 0.025 (x), b = 0.5 (y), d = b
	const double a = 0.025, b = 0.5, d = 0.5;
	const double iPivotOverMass = ( a * a + b * b ) / 3.0 + d * d;

	ttScene scene;
	tvLoad( SCENE, &scene );
	ttBodyId bob = tvBody( &scene, "bob" );
	ttBodyId rod = tvBody( &scene, "rod" );
	ttMassData rodMass = ttBody_GetMassData( rod );
	double expectedRodMass = 8.0 * a * b * 0.025 * 1000.0;
	ENSURE_NEAR( (double)rodMass.mass, expectedRodMass, 1e-5 * expectedRodMass );

	double bobSmall = 2.0 * TV_PI * sqrt( length / g );
	double rodSmall = 2.0 * TV_PI * sqrt( iPivotOverMass / ( g * d ) );
	double bobPeriod = measurePeriod( scene.worldId, bob, 0.0, periods );
	ttScene_Destroy( &scene );

	// the rod on its own run, so that both start at t = 0
	tvLoad( SCENE, &scene );
	rod = tvBody( &scene, "rod" );
	double rodPeriod = measurePeriod( scene.worldId, rod, 2.0, periods );
	ttScene_Destroy( &scene );

	printf( "Pendulum periods at %.0f degrees, %d periods, 20 substeps\n", amplitude / TV_DEG, periods );
	printf( "pendulum | measured s | small-angle s (rel. diff) | exact s (rel. diff)\n" );
	printf( "bob      | %10.6f | %10.6f (%+.3e) | %10.6f (%+.3e)\n", bobPeriod, bobSmall, bobPeriod / bobSmall - 1,
	        bobSmall * ellipticFactor, bobPeriod / ( bobSmall * ellipticFactor ) - 1 );
	printf( "rod      | %10.6f | %10.6f (%+.3e) | %10.6f (%+.3e)\n", rodPeriod, rodSmall, rodPeriod / rodSmall - 1,
	        rodSmall * ellipticFactor, rodPeriod / ( rodSmall * ellipticFactor ) - 1 );

	ENSURE_NEAR( bobPeriod, bobSmall, 0.005 * bobSmall );
	ENSURE_NEAR( bobPeriod, bobSmall * ellipticFactor, 2e-4 * bobSmall * ellipticFactor );
	ENSURE_NEAR( rodPeriod, rodSmall, 0.005 * rodSmall );
	ENSURE_NEAR( rodPeriod, rodSmall * ellipticFactor, 2e-4 * rodSmall * ellipticFactor );
	return TEST_RESULT();
}
