// SPDX-License-Identifier: MIT
// XPBD paper Fig. 15: "the high frequency motion of a coin shortly before it comes to rest".
// A steel disc (radius a = 0.1 m, 1 cm thick, friction 0.3) is released at 80 degrees from the
// ground, spinning at 6 rad/s about the vertical, at default settings (20 substeps x 1 iteration).
// It falls into the rolling wobble of Euler's disk: as the tilt alpha between disc and ground
// shrinks, the contact point runs round the rim ever faster. For a thin disc rolling without
// slipping at small tilt the precession rate is Omega = sqrt(4 g / (a alpha)) (Moffatt, Nature
// 404, 2000). Checked over half-second windows while 2 deg <= alpha <= 20 deg:
// - Omega within 15 % of that law in every window;
// - the wobble speeds up: the last window's Omega at least 2x the first's (the law gives
//   sqrt(20 / 2.4) = 2.9 across the band);
// and the coin comes to rest, lying flat and still, within 12 s.
#include "test_macros.h"

#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

#define COIN_RADIUS 0.1
#define PI_DOUBLE 3.14159265358979323846
#define DEG ( PI_DOUBLE / 180.0 )

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = shapeDef.dynamicFriction = (ttReal)0.3;
	shapeDef.restitution = 0;
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );

	double tilt = 80 * DEG;
	ttBodyDef coinDef = ttDefaultBodyDef();
	coinDef.type = ttBody_dynamic;
	coinDef.rotation = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)tilt ); // disc axis is local y
	coinDef.position = ( ttVec3 ){ 0, (ttReal)( COIN_RADIUS * sin( tilt ) + 0.005 * cos( tilt ) + 0.001 ), 0 };
	coinDef.angularVelocity = ( ttVec3 ){ 0, 6, 0 };
	ttBodyId coin = ttCreateBody( world, &coinDef );
	shapeDef.density = 7800;
	ttCreateCylinderShape( coin, &shapeDef,
	                       &( ttCylinder ){ .halfHeight = (ttReal)0.005, .radius = (ttReal)COIN_RADIUS } );

	// The disc's axis n: alpha = acos |n_y| is the tilt of the disc from the ground, and the
	// azimuth of n's horizontal part turns with the contact point (unwrapped frame to frame; at
	// alpha = 2 deg the law gives 1.8 rad per frame, below pi).
	double previousAzimuth = 0, azimuth = 0, windowStart = 0, windowAlpha = 0;
	int windowFrames = 0, windows = 0, framesPerWindow = 30;
	double firstOmega = 0, lastOmega = 0, worstError = 0;
	for ( int frame = 0; frame < 12 * 60; ++frame )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		ttVec3 n = ttRotate( ttBody_GetRotation( coin ), ( ttVec3 ){ 0, 1, 0 } );
		double alpha = acos( fmin( 1.0, fabs( (double)n.y ) ) );
		double angle = atan2( (double)n.z, (double)n.x );
		double turn = remainder( angle - previousAzimuth, 2 * PI_DOUBLE );
		azimuth += frame > 0 ? turn : 0;
		previousAzimuth = angle;
		windowAlpha += alpha;
		if ( ++windowFrames < framesPerWindow )
		{
			continue;
		}
		double meanAlpha = windowAlpha / windowFrames;
		double omega = fabs( azimuth - windowStart ) / ( windowFrames / 60.0 );
		windowStart = azimuth;
		windowAlpha = 0;
		windowFrames = 0;
		if ( meanAlpha < 2 * DEG || meanAlpha > 20 * DEG )
		{
			continue;
		}
		double law = sqrt( 4 * 9.81 / ( COIN_RADIUS * meanAlpha ) );
		printf( "alpha %5.2f deg: Omega %6.1f rad/s, sqrt(4 g / (a alpha)) %6.1f rad/s, ratio %.3f\n", meanAlpha / DEG,
		        omega, law, omega / law );
		worstError = fmax( worstError, fabs( omega / law - 1 ) );
		firstOmega = windows == 0 ? omega : firstOmega;
		lastOmega = omega;
		windows += 1;
	}
	ttVec3 n = ttRotate( ttBody_GetRotation( coin ), ( ttVec3 ){ 0, 1, 0 } );
	double finalTilt = acos( fmin( 1.0, fabs( (double)n.y ) ) ) / DEG;
	double speed = (double)ttLength( ttBody_GetLinearVelocity( coin ) );
	double spin = (double)ttLength( ttBody_GetAngularVelocity( coin ) );
	printf( "%d windows, worst deviation from the law %.1f %%, Omega rose %.2fx; after 12 s: tilt %.3f deg, "
	        "|v| %.2e m/s, |w| %.2e rad/s\n",
	        windows, 100 * worstError, lastOmega / fmax( firstOmega, 1e-9 ), finalTilt, speed, spin );
	ENSURE( windows >= 5 );
	ENSURE_BELOW( worstError, 0.15 );
	ENSURE( lastOmega >= 2 * firstOmega );
	ENSURE_BELOW( finalTilt, 0.1 );
	ENSURE_BELOW( speed, 1e-3 );
	ENSURE_BELOW( spin, 1e-2 );
	ttDestroyWorld( world );
	return TEST_RESULT();
}
