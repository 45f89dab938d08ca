// SPDX-License-Identifier: MIT
// Newton's cradle whose balls touch (issue 14): 5 steel balls of radius 5 cm hang on rigid 1 m
// strings with their centres exactly one diameter apart, restitution 1, no friction. The first k
// balls (k = 1, 2, 3) are raised together to 30 degrees and released. For equal masses and e = 1
// the impulse crosses the row as a sequence of exchanges: exactly k balls leave at the far end
// with the incoming speed sqrt(2 g L (1 - cos 30 deg)) = 1.6213 m/s, the others stay at rest.
// Checked two frames after the impact (as in Fig. 12), with both contact solvers at 20 substeps:
// the k far balls >= 90 % of the incoming speed, every other ball < 10 %. Before, the solve moved
// the touching row together and only the first contact bounced: the cradle lost 45 % of its
// energy with soft-step contacts, and resting balls left at a quarter to half the impact speed.
#include "test_macros.h"

#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

#define BALLS 5
#define PI 3.14159265358979323846

static void RunCradle( int raised, ttContactSolverType solver, const char* solverName )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.contactSolver = solver;
	ttWorldId world = ttCreateWorld( &worldDef );
	const double radius = 0.05, angle = 30 * PI / 180;
	ttBodyId balls[BALLS];
	for ( int i = 0; i < BALLS; ++i )
	{
		double pivot = 2 * radius * i;
		ttBodyDef def = ttDefaultBodyDef();
		def.type = ttBody_dynamic;
		def.position = i < raised ? ( ttVec3 ){ (ttReal)( pivot - sin( angle ) ), (ttReal)( 1 - cos( angle ) ), 0 }
		                          : ( ttVec3 ){ (ttReal)pivot, 0, 0 };
		balls[i] = ttCreateBody( world, &def );
		ttShapeDef shape = ttDefaultShapeDef();
		shape.density = 7800;
		shape.staticFriction = 0;
		shape.dynamicFriction = 0;
		shape.restitution = 1;
		ttCreateSphereShape( balls[i], &shape, &( ttSphere ){ (ttReal)radius } );
		ttDistanceJointDef string = ttDefaultDistanceJointDef();
		string.base.bodyB = balls[i];
		string.base.localFrameA.p = ( ttVec3 ){ (ttReal)pivot, 1, 0 };
		string.minLength = 1;
		string.maxLength = 1;
		ENSURE( TT_IS_NON_NULL( ttCreateDistanceJoint( world, &string ) ) );
	}

	// Swing until a resting ball moves; the incoming speed is the leading ball's before that frame.
	double incoming = 0;
	int impact = -1;
	for ( int frame = 0; frame < 60 && impact < 0; ++frame )
	{
		double speed = (double)ttLength( ttBody_GetLinearVelocity( balls[raised - 1] ) );
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		for ( int i = raised; i < BALLS; ++i )
		{
			if ( ttLength( ttBody_GetLinearVelocity( balls[i] ) ) > (ttReal)0.05 )
			{
				impact = frame;
				incoming = speed;
			}
		}
	}
	ENSURE( impact >= 0 );
	ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );

	double expected = sqrt( 2 * 9.81 * 1.0 * ( 1 - cos( angle ) ) );
	printf( "%s, %d raised: impact in frame %d at %.4f m/s (analytic %.4f); speeds / incoming:", solverName, raised,
	        impact, incoming, expected );
	double fractions[BALLS];
	for ( int i = 0; i < BALLS; ++i )
	{
		fractions[i] = (double)ttLength( ttBody_GetLinearVelocity( balls[i] ) ) / incoming;
		printf( " %.4f", fractions[i] );
	}
	printf( "\n" );
	ENSURE_NEAR( incoming, expected, 0.02 * expected );
	for ( int i = 0; i < BALLS; ++i )
	{
		if ( i >= BALLS - raised )
		{
			ENSURE_BELOW( 0.9, fractions[i] );
		}
		else
		{
			ENSURE_BELOW( fractions[i], 0.1 );
		}
	}
	ttDestroyWorld( world );
}

int main( void )
{
	for ( int raised = 1; raised <= 3; ++raised )
	{
		RunCradle( raised, ttContactSolver_softStep, "soft-step" );
		RunCradle( raised, ttContactSolver_xpbd, "xpbd" );
	}
	return TEST_RESULT();
}
