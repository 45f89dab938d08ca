// SPDX-License-Identifier: MIT
// Torque-free rigid bodies (scenes/analytic_free_body.json, zero gravity, 20 substeps x 1
// iteration, 10 s): boxes of 64 kg with half extents (0.1, 0.2, 0.4) m, so the principal moments
// are I_x = m (0.2^2 + 0.4^2) / 3 = 4.267 > I_y = 3.627 > I_z = 1.067 kg m^2 and y is the
// intermediate axis.
//
// Expected:
// - angular momentum L = R diag(I) R^T omega is conserved: max over all frames of
//   |L(t) - L(0)| / |L(0)| < 1 % for every body (acceptance criterion), with I computed here from
//   the box geometry; the world's total ttWorld_GetAngularMomentum is checked the same way;
// - "intermediate", spun at 5 rad/s about y with a 1 % perturbation, flips (Dzhanibekov effect):
//   its y axis comes within 25 degrees of -y (dot < -0.9) at some frame. Linear stability gives a
//   growth rate omega sqrt((I_x - I_y)(I_y - I_z) / (I_x I_z)) = 3 /s, so the first flip comes
//   after about ln(100) / 3 = 1.5 s;
// - "major" and "minor", spun about x and z with the same perturbation, stay stable: their spin
//   axis stays within 25 degrees of its start (dot > 0.9) in every frame, which shows the flip is
//   physics and not a numerical instability.
// The kinetic energy drift is printed (not checked).
#include "validation.h"

#define SCENE "scenes/analytic_free_body.json"
#define BODIES 4

static ttVec3 angularMomentum( ttBodyId body, const double inertia[3] )
{
	ttQuat q = ttBody_GetRotation( body );
	ttVec3 omega = ttBody_GetAngularVelocity( body );
	ttVec3 local = ttInvRotate( q, omega );
	ttVec3 l = { (ttReal)( inertia[0] * (double)local.x ), (ttReal)( inertia[1] * (double)local.y ),
	             (ttReal)( inertia[2] * (double)local.z ) };
	return ttRotate( q, l );
}

int main( void )
{
	const char* names[BODIES] = { "generic", "intermediate", "major", "minor" };
	const double hx = 0.1, hy = 0.2, hz = 0.4, density = 1000.0;
	const double mass = 8.0 * hx * hy * hz * density;
	const double inertia[3] = { mass * ( hy * hy + hz * hz ) / 3.0, mass * ( hx * hx + hz * hz ) / 3.0,
	                            mass * ( hx * hx + hy * hy ) / 3.0 };
	const ttVec3 axesLocal[BODIES] = { { 1, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } };

	ttScene scene;
	tvLoad( SCENE, &scene );
	ttBodyId bodies[BODIES];
	ttVec3 l0[BODIES], axis0[BODIES];
	double maxDrift[BODIES] = { 0 }, minDot[BODIES], maxDot[BODIES];
	for ( int b = 0; b < BODIES; ++b )
	{
		bodies[b] = tvBody( &scene, names[b] );
		ttMassData md = ttBody_GetMassData( bodies[b] );
		ENSURE_NEAR( (double)md.mass, mass, 1e-5 * mass );
		l0[b] = angularMomentum( bodies[b], inertia );
		axis0[b] = ttBody_GetWorldVector( bodies[b], axesLocal[b] );
		minDot[b] = 1.0;
		maxDot[b] = -1.0;
	}
	ttVec3 total0 = ttWorld_GetAngularMomentum( scene.worldId );
	double energy0 = (double)ttWorld_GetKineticEnergy( scene.worldId );
	double maxTotalDrift = 0.0;

	int frames = tvFrames( 10.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		for ( int b = 0; b < BODIES; ++b )
		{
			ttVec3 l = angularMomentum( bodies[b], inertia );
			maxDrift[b] = fmax( maxDrift[b], tvDistance( l, l0[b] ) / tvLength( l0[b] ) );
			double dot = tvDot( ttBody_GetWorldVector( bodies[b], axesLocal[b] ), axis0[b] );
			minDot[b] = fmin( minDot[b], dot );
			maxDot[b] = fmax( maxDot[b], dot );
		}
		ttVec3 total = ttWorld_GetAngularMomentum( scene.worldId );
		maxTotalDrift = fmax( maxTotalDrift, tvDistance( total, total0 ) / tvLength( total0 ) );
	}
	double energy10 = (double)ttWorld_GetKineticEnergy( scene.worldId );

	printf( "Free rigid bodies, principal moments [%.5f, %.5f, %.5f] kg m^2, 10 s at 20 substeps\n", inertia[0],
	        inertia[1], inertia[2] );
	printf( "body         | |L0| kg m^2/s | max |L - L0| / |L0| | spin axis dot: min, max\n" );
	for ( int b = 0; b < BODIES; ++b )
	{
		printf( "%-12s | %13.5f | %19.3e | %+.4f, %+.4f\n", names[b], tvLength( l0[b] ), maxDrift[b], minDot[b],
		        maxDot[b] );
		ENSURE_BELOW( maxDrift[b], 0.01 );
	}
	printf( "world total: max |L - L0| / |L0| = %.3e; kinetic energy %.6f J -> %.6f J (%+.3e)\n", maxTotalDrift,
	        energy0, energy10, energy10 / energy0 - 1 );
	ENSURE_BELOW( maxTotalDrift, 0.01 );
	ENSURE_BELOW( minDot[1], -0.9 );
	ENSURE_BELOW( 0.9, minDot[2] );
	ENSURE_BELOW( 0.9, minDot[3] );
	ttScene_Destroy( &scene );
	return TEST_RESULT();
}
