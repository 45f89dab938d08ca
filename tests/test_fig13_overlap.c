// SPDX-License-Identifier: MIT
// Paper Fig. 13 (sections 3.6 and 4): spheres created 20 % of their radius inside a static plane
// (scenes/fig13_overlap.json: radii 0.05 to 0.5 m, one with restitution 1) at 20 substeps.
//
// Expected: they come out with a speed below 0.5 m/s, where plain PBD would give them
// overlap / h = 0.02 m / (1/1200 s) = 24 m/s for r = 0.1 m. Checked two ways over every frame of
// 2 s: the body's velocity |v| < 0.5 m/s, and, from positions alone, the centre never rises more
// than (0.5 m/s)^2 / (2 g) = 12.7 mm above its resting height r (a sphere leaving at 0.5 m/s would
// rise that high). "Come out" is checked too: after 2 s each sphere rests on the plane with a
// penetration below 1 % of its radius (resting contact leaves g h^2 = 7 um).
// And the speed a viewer sees: the push-out itself (the largest centre displacement per frame
// divided by 1/60 s) stays below 0.5 m/s too. The world's maxPushoutSpeed (default 0.4 m/s)
// caps it, and eq. 34 keeps it out of the velocity.
#include "validation.h"

#define SCENE "scenes/fig13_overlap.json"

int main( void )
{
	const char* names[5] = { "sphere_r005", "sphere_r010", "sphere_r025", "sphere_r050", "sphere_r010_bouncy" };
	const double radii[5] = { 0.05, 0.1, 0.25, 0.5, 0.1 };
	double maxSpeed[5] = { 0 }, maxHeight[5] = { 0 }, maxPushout[5] = { 0 };

	ttScene scene;
	tvLoad( SCENE, &scene );
	ttBodyId bodies[5];
	double previous[5];
	for ( int i = 0; i < 5; ++i )
	{
		bodies[i] = tvBody( &scene, names[i] );
		previous[i] = (double)ttBody_GetPosition( bodies[i] ).y;
		maxHeight[i] = previous[i];
	}

	int frames = tvFrames( 2.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		for ( int i = 0; i < 5; ++i )
		{
			double y = (double)ttBody_GetPosition( bodies[i] ).y;
			maxPushout[i] = fmax( maxPushout[i], fabs( y - previous[i] ) / TV_TIME_STEP );
			previous[i] = y;
			maxSpeed[i] = fmax( maxSpeed[i], tvLength( ttBody_GetLinearVelocity( bodies[i] ) ) );
			maxHeight[i] = fmax( maxHeight[i], y );
		}
	}

	printf( "Fig. 13: spheres created 20 %% of the radius inside a plane, 2 s at 20 substeps\n" );
	printf(
	    "sphere              | radius m | max |v| m/s | max rise above r m | final penetration m | push-out m/s\n" );
	const double maxRise = 0.5 * 0.5 / ( 2.0 * 9.81 );
	for ( int i = 0; i < 5; ++i )
	{
		double penetration = radii[i] - (double)ttBody_GetPosition( bodies[i] ).y;
		printf( "%-19s | %8.3f | %10.6f | %18.3e | %19.3e | %.4f\n", names[i], radii[i], maxSpeed[i],
		        maxHeight[i] - radii[i], penetration, maxPushout[i] );
		ENSURE_BELOW( maxSpeed[i], 0.5 );
		ENSURE_BELOW( maxPushout[i], 0.5 );
		ENSURE_BELOW( maxHeight[i] - radii[i], maxRise );
		ENSURE_BELOW( penetration, 0.01 * radii[i] );
	}
	ttScene_Destroy( &scene );
	return TEST_RESULT();
}
