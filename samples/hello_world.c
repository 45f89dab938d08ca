// SPDX-License-Identifier: MIT
// Sample 1, hello world: a ball falls for one second. Its height is checked against free fall,
// y = y0 - g t^2 / 2, so the program is also a test (exit 0 when it agrees).
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef(); // gravity (0, -9.81, 0), 20 substeps per step
	ttWorldId world = ttCreateWorld( &worldDef );

	ttBodyDef ballDef = ttDefaultBodyDef();
	ballDef.type = ttBody_dynamic;
	ballDef.position = ( ttVec3 ){ 0, 10, 0 };
	ttBodyId ball = ttCreateBody( world, &ballDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( ball, &shapeDef, &( ttSphere ){ .radius = 0.25 } );

	const ttReal timeStep = 1.0 / 60.0;
	for ( int step = 0; step < 60; ++step )
	{
		ttWorld_Step( world, timeStep );
	}

	double t = 1.0, g = 9.81;
	double expected = 10 - 0.5 * g * t * t;
	double height = (double)ttBody_GetPosition( ball ).y;
	// Semi-implicit Euler with substep h = 1/1200 s falls short of the exact parabola by g h t / 2
	// = 4.1 mm after 1 s; 5 mm covers it.
	double tolerance = 0.005;
	printf( "ball height after %.1f s: %.4f m (free fall: %.4f m, difference %.4f m, allowed %.3f m)\n", t, height,
	        expected, height - expected, tolerance );
	ttDestroyWorld( world );
	return fabs( height - expected ) <= tolerance ? 0 : 1;
}
