// SPDX-License-Identifier: MIT
// Sample 5, your own stepping loop. ttWorld_Step advances the world by the time it is given (a
// scheduler for its parallel parts is sample 6), so this sample shows the loop a program writes
// around it: frames of uneven
// length (as a game's render loop gives them) feed a fixed-timestep accumulator, the physics
// always steps by the same dt, the pose drawn is interpolated between the last two steps, and a
// log line is written every quarter second of simulated time through the program's own logger
// (also installed as tether's error hook with ttSetLogFcn).
//
// The check: a ball thrown with (3, 5, 0) m/s flies for the simulated time t; its x must be 3 t
// (nothing acts along x) and its y the parabola less the integrator's known lag: with n substeps
// of h, semi-implicit Euler gives y = 5 t - g t^2 / 2 - g h t / 2 exactly, up to rounding.
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

static FILE* s_log;

static void LogLine( const char* message )
{
	fprintf( s_log, "[log] %s\n", message );
}

int main( void )
{
	s_log = stdout;
	ttSetLogFcn( LogLine ); // tether's error messages go through the same logger

	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef ballDef = ttDefaultBodyDef();
	ballDef.type = ttBody_dynamic;
	ballDef.linearVelocity = ( ttVec3 ){ 3, 5, 0 };
	ttBodyId ball = ttCreateBody( world, &ballDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( ball, &shapeDef, &( ttSphere ){ .radius = 0.1 } );

	const double dt = 1.0 / 120.0; // the fixed physics step
	double accumulator = 0, wallTime = 0, simTime = 0, nextLog = 0;
	ttVec3 previous = ttBody_GetPosition( ball ), current = previous;
	unsigned seed = 12345;
	int steps = 0;
	while ( wallTime < 1.0 )
	{
		// A frame of 5 to 30 ms (a fixed pseudo-random sequence, so the run is repeatable).
		seed = seed * 1664525u + 1013904223u;
		double frame = 0.005 + 0.025 * (double)( seed >> 8 ) / (double)( 1u << 24 );
		wallTime += frame;
		accumulator += frame;
		// Catch up in whole steps; at most 8 per frame so a stall cannot snowball.
		for ( int n = 0; accumulator >= dt && n < 8; ++n )
		{
			previous = current;
			if ( ttWorld_Step( world, (ttReal)dt ) != ttResult_ok )
			{
				return 1;
			}
			current = ttBody_GetPosition( ball );
			accumulator -= dt;
			simTime += dt;
			steps += 1;
		}
		// What a renderer would draw: between the last two steps, by the leftover fraction.
		double alpha = accumulator / dt;
		ttVec3 drawn = ttAdd( ttScale( (ttReal)( 1 - alpha ), previous ), ttScale( (ttReal)alpha, current ) );
		if ( simTime >= nextLog )
		{
			char line[160];
			snprintf( line, sizeof( line ), "t = %.3f s (wall %.3f s, %d steps): ball drawn at (%.3f, %.3f)", simTime,
			          wallTime, steps, (double)drawn.x, (double)drawn.y );
			LogLine( line );
			nextLog += 0.25;
		}
	}

	ttVec3 p = ttBody_GetPosition( ball );
	double g = 9.81, h = dt / worldDef.substeps;
	double expectedX = 3 * simTime;
	double expectedY = 5 * simTime - 0.5 * g * simTime * simTime - g * h * simTime / 2;
	double rounding = sizeof( ttReal ) == 4 ? 1e-3 : 1e-9; // float builds round at 1e-7 per operation
	printf( "simulated %.4f s in %d steps for %.4f s of frames (lag %.4f s < dt = %.4f s)\n", simTime, steps, wallTime,
	        wallTime - simTime, dt );
	printf( "ball at x = %.9f m (expected %.9f), y = %.9f m (expected %.9f), allowed rounding %.0e m\n", (double)p.x,
	        expectedX, (double)p.y, expectedY, rounding );
	bool ok = fabs( (double)p.x - expectedX ) < rounding && fabs( (double)p.y - expectedY ) <= rounding &&
	          wallTime - simTime >= 0 && wallTime - simTime < dt;
	ttDestroyWorld( world );
	return ok ? 0 : 1;
}
