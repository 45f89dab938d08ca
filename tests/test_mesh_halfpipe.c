// SPDX-License-Identifier: MIT
// Collision issue, acceptance item 9: marbles roll along curved static geometry (a tilted
// half-pipe mesh) without leaving it. scenes/mesh_halfpipe.json (from scenes/generate.py) holds a
// half-pipe of radius R = 0.5 m and length 6 m as a mesh of 1536 triangles, tilted 8 degrees, and
// four marbles of radius r = 0.05 m released at rest at different places around it, 0.4 m apart
// along it so that they never meet (checked: the energy argument below holds for each marble on
// its own). Each marble must stay in the pipe (its centre R - r from the axis, up to the facets'
// sag and the solver's penetration) and reach the lower end at the speed of rolling without
// slipping: a solid sphere that has dropped dh has v = sqrt(10/7 g dh) (energy conservation with
// I = 2/5 m r^2 and w = v / r), whatever path it took across the pipe.
#include "test_macros.h"

#include "scene.h"

#include <stdio.h>

// The numbers of halfpipe_scene in scenes/generate.py.
#define PIPE_RADIUS 0.5
#define PIPE_LENGTH 6.0
#define PIPE_TILT_DEGREES 8.0
#define MARBLE_RADIUS 0.05
#define MARBLE_COUNT 4

int main( void )
{
	ttScene scene;
	char error[512];
	if ( ttScene_LoadFile( "scenes/mesh_halfpipe.json", &scene, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL %s\n", error );
		return 1;
	}
	ttBodyId pipe = ttScene_FindBody( &scene, "pipe" );
	ttShapeId pipeShape;
	ENSURE( ttBody_GetShapes( pipe, &pipeShape, 1 ) == 1 );
	ENSURE( ttShape_GetTriangleCount( pipeShape ) == 2 * 64 * 12 );
	ttTransform xf = ttBody_GetTransform( pipe );
	// The pipe's axis (its frame's x) runs downhill at the tilt angle.
	ttVec3 axis = ttRotate( xf.q, ( ttVec3 ){ 1, 0, 0 } );
	ENSURE_NEAR( axis.y, -sin( PIPE_TILT_DEGREES * TT_PI / 180 ), 1e-9 );

	ttBodyId marbles[MARBLE_COUNT];
	ttReal startHeight[MARBLE_COUNT], arrivalSpeed[MARBLE_COUNT], arrivalDrop[MARBLE_COUNT], arrivalSpin[MARBLE_COUNT];
	ttReal arrivalSlip[MARBLE_COUNT];
	ttReal farthest[MARBLE_COUNT], nearest[MARBLE_COUNT], widest[MARBLE_COUNT];
	bool arrived[MARBLE_COUNT];
	for ( int k = 0; k < MARBLE_COUNT; ++k )
	{
		char name[16];
		snprintf( name, sizeof( name ), "marble%d", k );
		marbles[k] = ttScene_FindBody( &scene, name );
		startHeight[k] = ttBody_GetPosition( marbles[k] ).y;
		farthest[k] = 0;
		nearest[k] = PIPE_RADIUS;
		widest[k] = 0;
		arrived[k] = false;
	}
	// The lower end: where the marbles' centres are 0.3 m from the end of the pipe.
	ttReal endX = (ttReal)PIPE_LENGTH - (ttReal)0.3;
	// The closest any two marbles come while both are in the pipe (centre to centre).
	ttReal closestPair = 1e9;
	for ( int step = 0; step < 360; ++step )
	{
		ttWorld_Step( scene.worldId, scene.timeStep );
		for ( int k = 0; k < MARBLE_COUNT; ++k )
		{
			for ( int l = k + 1; l < MARBLE_COUNT && arrived[k] == false; ++l )
			{
				if ( arrived[l] == false )
				{
					ttReal d = ttDistance( ttBody_GetPosition( marbles[k] ), ttBody_GetPosition( marbles[l] ) );
					closestPair = ttMinReal( closestPair, d );
				}
			}
		}
		for ( int k = 0; k < MARBLE_COUNT; ++k )
		{
			if ( arrived[k] )
			{
				continue;
			}
			ttVec3 p = ttBody_GetPosition( marbles[k] );
			ttVec3 local = ttInvTransformPoint( xf, p );
			ttReal fromAxis = ttSqrt( local.y * local.y + local.z * local.z );
			farthest[k] = ttMaxReal( farthest[k], fromAxis );
			nearest[k] = ttMinReal( nearest[k], fromAxis );
			widest[k] = ttMaxReal( widest[k], ttAbs( local.z ) );
			if ( local.x >= endX )
			{
				arrived[k] = true;
				arrivalSpeed[k] = ttLength( ttBody_GetLinearVelocity( marbles[k] ) );
				arrivalDrop[k] = startHeight[k] - p.y;
				// Spin about the contact normal (the pipe's radial direction) and the slip speed of
				// the contact point, r from the centre away from the axis.
				ttVec3 outward = ttRotate( xf.q, ttNormalize( ( ttVec3 ){ 0, local.y, local.z } ) );
				ttVec3 w = ttBody_GetAngularVelocity( marbles[k] );
				ttVec3 v = ttBody_GetLinearVelocity( marbles[k] );
				arrivalSpin[k] = ttDot( w, outward );
				arrivalSlip[k] = ttLength( ttAdd( v, ttCross( w, ttScale( (ttReal)MARBLE_RADIUS, outward ) ) ) );

				printf( "marble%d arrives after %.3f s\n", k, (double)( step + 1 ) * (double)scene.timeStep );
			}
		}
	}
	// The marbles never touch one another (with all four released side by side, the rocking ones
	// collided and lost up to 15 % of their energy in it): more than a diameter apart, with room.
	printf( "closest two marbles: %.3f m apart\n", (double)closestPair );
	ENSURE_BELOW( 2 * MARBLE_RADIUS + 0.05, closestPair );
	ttReal reach = (ttReal)( PIPE_RADIUS - MARBLE_RADIUS );
	for ( int k = 0; k < MARBLE_COUNT; ++k )
	{
		ENSURE( arrived[k] );
		if ( arrived[k] == false )
		{
			continue;
		}
		// In the pipe: never more than 1 mm into its wall, never more than 2 mm off it (no hops;
		// the facets themselves put the centre up to r (1 / cos(pi / 128) - 1) = 0.015 mm nearer
		// the axis in a crease and R (1 - cos(pi / 128)) = 0.15 mm nearer mid-facet).
		ENSURE_BELOW( farthest[k] - reach, 1e-3 );
		ENSURE_BELOW( reach - nearest[k], 2e-3 );
		ENSURE_BELOW( widest[k], reach );
		// Rolling without slipping: the contact point does not slide (below 5 cm/s, against the
		// 3 m/s of the marble) ...
		ENSURE_BELOW( arrivalSlip[k], 0.05 );
		// ... and the energy g dh (per kg) is 7/10 v^2 plus the spin about the contact normal,
		// (1/5) r^2 w_n^2, which a marble rocking across a curved surface picks up (the rolling
		// constraint turns part of its rolling into spin as the normal turns). Without spin this is
		// v = sqrt(10/7 g dh). marble0, released at the bottom, rolls straight: within 2 %.
		ttReal r = (ttReal)MARBLE_RADIUS;
		ttReal energy = (ttReal)9.81 * arrivalDrop[k] - r * r * arrivalSpin[k] * arrivalSpin[k] / 5;
		ttReal predicted = ttSqrt( (ttReal)( 10.0 / 7.0 ) * energy );
		if ( k == 0 )
		{
			ENSURE_NEAR( arrivalSpeed[k], ttSqrt( (ttReal)( 10.0 / 7.0 * 9.81 ) * arrivalDrop[k] ), 0.02 * predicted );
		}
		else
		{
			// The rocking marbles lose energy where they cross the creases between facets (each
			// crossing is a small inelastic impact): measured 0.3, 0.5 and 1.5 % slower than the
			// prediction for the marbles started 15, 25 and 40 degrees up the side (double and
			// float). The loss falls with finer facets (16, 64, 256 facets around: 0.0 / 1.0 /
			// 3.3 %, 0.3 / 0.5 / 1.5 %, 0.1 / 0.1 / 0.4 %) and hardly with substeps (80: 0.2 / 0.3
			// / 1.3 %). The bound was 8 % while the marbles, released side by side, ran into each
			// other (2.0 / 4.6 / 9.3 % then, the cause of the "unexplained" loss); it is now the
			// measured loss with a margin: 3 % below, and never 2 % above.
			ENSURE_BELOW( arrivalSpeed[k], 1.02 * predicted );
			ENSURE_BELOW( 0.97 * predicted, arrivalSpeed[k] );
		}
		printf( "marble%d: v = %.4f m/s, prediction %.4f m/s (%+.1f %%), spin %.2f rad/s, slip %.4f m/s\n", k,
		        (double)arrivalSpeed[k], (double)predicted, 100.0 * (double)( arrivalSpeed[k] / predicted - 1 ),
		        (double)arrivalSpin[k], (double)arrivalSlip[k] );
	}
	ttScene_Destroy( &scene );
	return TEST_RESULT();
}
