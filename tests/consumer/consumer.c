// SPDX-License-Identifier: MIT
// A program outside the tether tree, built against an installed tether (once through
// find_package, once through pkg-config): a sphere falls freely for one second and must have
// dropped by g t^2 / 2.
#include <tether/tether.h>

#include <math.h>
#include <stdio.h>

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef(); // g = 9.81 m/s^2 down y, 20 substeps
	ttWorldId world = ttCreateWorld( &worldDef );
	if ( TT_IS_NULL( world ) )
	{
		return 1;
	}
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, 10, 0 };
	ttBodyId sphere = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( sphere, &shapeDef, &( ttSphere ){ .radius = (ttReal)0.5 } );

	const int steps = 60;
	const double dt = 1.0 / 60.0;
	for ( int i = 0; i < steps; ++i )
	{
		if ( ttWorld_Step( world, (ttReal)dt ) != ttResult_ok )
		{
			return 1;
		}
	}
	double t = steps * dt;
	double drop = 10.0 - (double)ttBody_GetPosition( sphere ).y;
	double expected = 0.5 * 9.81 * t * t; // 4.905 m
	// Symplectic Euler over substeps h overshoots by g h t / 2 = 9.81 / 1200 / 2 = 4.1 mm.
	double tolerance = 0.01;
	ttVersion version = ttGetVersion();
	// The size of ttReal shows which real type the installed headers gave this program; the
	// test compares it with the library's build (TT_USE_FLOAT must reach consumers).
	printf( "tether %d.%d.%d, real: %d bytes, drop %.6f m, expected %.6f m\n", version.major, version.minor,
	        version.revision, (int)sizeof( ttReal ), drop, expected );
	ttDestroyWorld( world );
	if ( fabs( drop - expected ) > tolerance )
	{
		printf( "FAIL: the drop is off by %.6f m (tolerance %.3f m)\n", fabs( drop - expected ), tolerance );
		return 1;
	}
	return 0;
}
