// SPDX-License-Identifier: MIT
// A box on a 30 degree slope, a static tilted plane (20 substeps x 1 iteration).
// - scenes/analytic_slope.json, friction 0.3 (static and dynamic, both shapes, so any mixing rule
//   gives 0.3): tan 30 deg = 0.577 > 0.3, the box slides with
//   a = g (sin 30 deg - mu cos 30 deg) = 9.81 (0.5 - 0.3 * 0.8660) = 2.3563 m/s^2.
//   Measured as the change of the velocity along the slope between t = 0.5 s and t = 1.5 s
//   divided by 1 s. Tolerance 2 % (acceptance criterion).
// - scenes/analytic_slope_stick.json, friction 0.7 > tan 30 deg: static friction holds it. From
//   0.2 s to 2.2 s it may move less than 1 mm along the slope (creep of static friction), and
//   its speed at the end is below 1 mm/s.
#include "validation.h"

int main( void )
{
	const double g = 9.81, theta = 30.0 * TV_DEG, mu = 0.3;
	const ttVec3 downhill = { (ttReal)cos( theta ), (ttReal)-sin( theta ), 0 };
	const ttVec3 normal = { (ttReal)sin( theta ), (ttReal)cos( theta ), 0 };
	const double expected = g * ( sin( theta ) - mu * cos( theta ) );

	ttScene scene;
	tvLoad( "scenes/analytic_slope.json", &scene );
	ttBodyId box = tvBody( &scene, "box" );
	tvStep( scene.worldId, tvFrames( 0.5 ) );
	double v1 = tvDot( ttBody_GetLinearVelocity( box ), downhill );
	double s1 = tvDot( ttBody_GetPosition( box ), downhill );
	tvStep( scene.worldId, tvFrames( 1.0 ) );
	double v2 = tvDot( ttBody_GetLinearVelocity( box ), downhill );
	double s2 = tvDot( ttBody_GetPosition( box ), downhill );
	double normalSpeed = tvDot( ttBody_GetLinearVelocity( box ), normal );
	double spin = tvLength( ttBody_GetAngularVelocity( box ) );
	ttScene_Destroy( &scene );

	double acceleration = v2 - v1;
	double fromDistance = 2.0 * ( s2 - s1 - v1 ) / 1.0;
	printf( "Slope 30 deg, mu 0.3: a = %.5f m/s^2 from velocities, %.5f from distance; expected %.5f\n", acceleration,
	        fromDistance, expected );
	printf( "  at 1.5 s: speed along the slope %.5f m/s, along the normal %.2e m/s, angular speed %.2e rad/s\n", v2,
	        normalSpeed, spin );
	ENSURE_NEAR( acceleration, expected, 0.02 * expected );

	tvLoad( "scenes/analytic_slope_stick.json", &scene );
	box = tvBody( &scene, "box" );
	tvStep( scene.worldId, tvFrames( 0.2 ) );
	double start = tvDot( ttBody_GetPosition( box ), downhill );
	tvStep( scene.worldId, tvFrames( 2.0 ) );
	double creep = tvDot( ttBody_GetPosition( box ), downhill ) - start;
	double speed = tvLength( ttBody_GetLinearVelocity( box ) );
	ttScene_Destroy( &scene );
	printf( "Slope 30 deg, mu 0.7: moved %.3e m along the slope in 2 s, final speed %.3e m/s\n", creep, speed );
	ENSURE_BELOW( fabs( creep ), 0.001 );
	ENSURE_BELOW( speed, 0.001 );
	return TEST_RESULT();
}
