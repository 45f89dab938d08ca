// SPDX-License-Identifier: MIT
// Supporting contacts (Mueller et al. 2017, section 3.6; docs/long-range.md).
//
// 1. The 2D convex hull (Andrew's monotone chain) and the point test against it.
// 2. The cases of fig. 11 and fig. 12 in small scenes: a box resting on a box on the ground is
//    supported; a box whose centre of mass overhangs its support is not, and tips off; a box
//    riding on a box that slides over the ground is not supported although its own contact is
//    static; a sliding box is not supported until it stops.
// 3. Fig. 18: a round tower of 1000 bricks at one substep of 10 iterations (the paper's budget)
//    with the position-level contacts stands with supporting contacts and collapses without them.
//    At 10 substeps of 1 iteration it stands still with
//    supporting contacts (no brick moves more than 2 mm between 1 s and 3 s, those held throughout
//    less than 0.1 mm) and sags and creeps without them; a heavy ball shot through it shakes it
//    loose and what it no longer supports falls. The supported-body counts are printed per 0.25 s.
#include "../src/hull_2d.h"
#include "validation.h"

#include <stdlib.h>

// ---------------------------------------------------------------------------------------------
// 1: hulls

static void tsHull( void )
{
	// A square with points inside and on its edges: the four corners, counter-clockwise.
	ttPoint2 points[] = { { 0.5f, 0.5f }, { 1, 1 }, { 0, 0 }, { 1, 0 }, { 0.5f, 0 }, { 0, 1 }, { 0.2f, 0.7f } };
	ttPoint2 hull[8];
	int count = ttConvexHull2( points, 7, hull );
	ENSURE_NEAR( count, 4, 0 );
	double area = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttPoint2 a = hull[i], b = hull[( i + 1 ) % count];
		area += 0.5 * ( a.x * b.y - a.y * b.x );
	}
	ENSURE_NEAR( area, 1, 1e-6 ); // positive: counter-clockwise
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 0.5f, 0.5f }, 0 ) );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1, 0.5f }, 0 ) ); // on an edge
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1.01f, 0.5f }, 0.02f ) );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1.03f, 0.5f }, 0.02f ) == false );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ -0.1f, -0.1f }, 0.05f ) == false );

	// Collinear points make a segment, coincident ones a point.
	ttPoint2 line[] = { { 2, 2 }, { 0, 0 }, { 1, 1 }, { 3, 3 } };
	count = ttConvexHull2( line, 4, hull );
	ENSURE_NEAR( count, 2, 0 );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1.5f, 1.5f }, 1e-4f ) );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1.5f, 1.6f }, 0.05f ) == false );
	ttPoint2 same[] = { { 1, 2 }, { 1, 2 }, { 1, 2 } };
	count = ttConvexHull2( same, 3, hull );
	ENSURE_NEAR( count, 1, 0 );
	ENSURE( ttHullContains2( hull, count, ( ttPoint2 ){ 1, 2.01f }, 0.02f ) );
	ENSURE( ttConvexHull2( same, 0, hull ) == 0 );
	ENSURE( ttHullContains2( hull, 0, ( ttPoint2 ){ 1, 2 }, 1 ) == false );
}

// ---------------------------------------------------------------------------------------------
// 2: small scenes

// A world with a ground plane of the given friction; *ground receives its body.
static ttWorldId tsWorld( bool support, ttReal friction, ttBodyId* ground )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.enableSleep = false; // sleeping islands are not analysed; these measure awake stacks
	def.enableLongRange[ttLongRange_supportingContacts] = support;
	ttWorldId world = ttCreateWorld( &def );
	ttBodyDef groundDef = ttDefaultBodyDef();
	*ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = friction;
	shapeDef.dynamicFriction = friction;
	ttCreatePlaneShape( *ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	return world;
}

static ttBodyId tsBox( ttWorldId world, ttVec3 position, ttVec3 half, ttReal friction )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = friction;
	shapeDef.dynamicFriction = friction;
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ half } );
	return body;
}

static void tsSmallScenes( void )
{
	ttVec3 half = { 0.5f, 0.5f, 0.5f };
	ttBodyId ground;

	// A stack of two boxes (fig. 11, top): both supported, every contact point supporting.
	ttWorldId world = tsWorld( true, 0.6f, &ground );
	ttBodyId lower = tsBox( world, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0.6f );
	ttBodyId upper = tsBox( world, ( ttVec3 ){ 0.2f, 1.5f, 0.1f }, half, 0.6f );
	tvStep( world, 30 );
	ENSURE( ttBody_IsSupported( lower ) );
	ENSURE( ttBody_IsSupported( upper ) );
	ttStepStats stats = ttWorld_GetStepStats( world );
	ENSURE_NEAR( stats.supportedBodyCount, 2, 0 );
	ENSURE_NEAR( stats.supportingContactCount, 8, 0 );
	ttSupportingContact contacts[16];
	int count = ttWorld_GetSupportingContacts( world, contacts, 16 );
	ENSURE_NEAR( count, 8, 0 );
	int onGround = 0;
	for ( int i = 0; i < count && i < 16; ++i )
	{
		bool isOnGround = contacts[i].lowerBody.index1 == ground.index1;
		onGround += isOnGround;
		ENSURE( contacts[i].bodySupported );
		ENSURE( contacts[i].body.index1 == ( isOnGround ? lower : upper ).index1 );
		// Each point is on the bottom face of its body: y = 0 or 1 (soft contacts sink a little).
		ENSURE_BELOW( ttAbs( contacts[i].point.y - ( isOnGround ? 0 : 1 ) ), 2e-3 );
	}
	ENSURE_NEAR( onGround, 4, 0 );
	ENSURE_NEAR( ttWorld_GetSupportingContacts( world, NULL, 0 ), 8, 0 );
	// The same as ground constraints in the long range read: each from its anchor to the body's
	// point, which the held body keeps within a tenth of a millimetre of the anchor.
	ttLongRangeConstraintData read[16];
	count = ttWorld_GetLongRangeConstraints( world, read, 16 );
	ENSURE_NEAR( count, 8, 0 );
	for ( int i = 0; i < count && i < 16; ++i )
	{
		ENSURE( read[i].feature == ttLongRange_supportingContacts );
		ENSURE( read[i].bodyB.index1 == lower.index1 || read[i].bodyB.index1 == upper.index1 );
		ENSURE_BELOW( read[i].distance, 1e-4 );
		ENSURE_NEAR( read[i].axis.y, 1, 1e-6 );
	}
	ttDestroyWorld( world );

	// Overhang (fig. 12, bottom): a box whose centre of mass lies 0.3 m beyond the edge of the box
	// it rests on is not supported and tips off; with the centre of mass 0.3 m inside it is.
	for ( int inside = 0; inside < 2; ++inside )
	{
		world = tsWorld( true, 0.6f, &ground );
		tsBox( world, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0.6f );
		ttReal x = inside ? 0.2f : 0.8f;
		upper = tsBox( world, ( ttVec3 ){ x, 1.5f, 0 }, half, 0.6f );
		bool everSupported = false; // while it is on the lower box (later it lies on the ground)
		for ( int i = 0; i < 60; ++i )
		{
			tvStep( world, 1 );
			everSupported = everSupported || ( ttBody_IsSupported( upper ) && ttBody_GetPosition( upper ).y > 1.2 );
		}
		printf( "overhang %s: supported %d, height after 1 s %.3f m\n", inside ? "0.3 m inside" : "0.3 m beyond",
		        everSupported, (double)ttBody_GetPosition( upper ).y );
		ENSURE( everSupported == ( inside == 1 ) );
		if ( inside )
		{
			ENSURE_NEAR( ttBody_GetPosition( upper ).y, 1.5, 2e-3 );
		}
		else
		{
			ENSURE_BELOW( ttBody_GetPosition( upper ).y, 1.0 ); // it tipped off
		}
		ttDestroyWorld( world );
	}

	// Fig. 11, bottom: a box riding on a box that slides over frictionless ground. The rider's
	// contact is static, but the contacts below it are dynamic (sliding), so it is not supported;
	// nor is the slider.
	world = tsWorld( true, 0, &ground );
	lower = tsBox( world, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0 );
	upper = tsBox( world, ( ttVec3 ){ 0, 1.5f, 0 }, ( ttVec3 ){ 0.3f, 0.3f, 0.3f }, 0 );
	ttBody_SetLinearVelocity( lower, ( ttVec3 ){ 2, 0, 0 } );
	ttBody_SetLinearVelocity( upper, ( ttVec3 ){ 2, 0, 0 } );
	int supportedSteps = 0;
	for ( int i = 0; i < 60; ++i )
	{
		tvStep( world, 1 );
		supportedSteps += ttBody_IsSupported( lower ) + ttBody_IsSupported( upper );
	}
	ENSURE_NEAR( supportedSteps, 0, 0 );
	ENSURE_NEAR( ttBody_GetLinearVelocity( lower ).x, 2, 1e-3 ); // still sliding
	ttDestroyWorld( world );

	// A box sliding to a stop on the ground (mu = 0.5 from 1 m/s: 0.2 s) is supported only after
	// it stops.
	world = tsWorld( true, 0.6f, &ground );
	lower = tsBox( world, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0.5f );
	ttBody_SetLinearVelocity( lower, ( ttVec3 ){ 1, 0, 0 } );
	int firstSupported = -1;
	for ( int i = 0; i < 60; ++i )
	{
		tvStep( world, 1 );
		if ( firstSupported < 0 && ttBody_IsSupported( lower ) )
		{
			firstSupported = i;
		}
	}
	printf( "sliding box (stops after %.3f s): first supported in step %d (%.3f s)\n", 1 / ( 0.5 * 9.81 ),
	        firstSupported, ( firstSupported + 1 ) / 60.0 );
	// The analysis at the start of a step sees the last step's slip: below 5 cm/s from
	// t = (1 - 0.05) / (0.5 g) = 0.194 s, the 12th step; supported from the 13th.
	ENSURE( firstSupported >= 11 && firstSupported <= 13 );
	ENSURE( ttBody_IsSupported( lower ) );
	ttDestroyWorld( world );

	// Sleeping: a supported stack falls asleep and keeps its flags; when the box below is destroyed
	// the upper one wakes, falls and is no longer supported.
	{
		ttWorldDef def = ttDefaultWorldDef();
		def.enableLongRange[ttLongRange_supportingContacts] = true;
		ttWorldId sleepy = ttCreateWorld( &def );
		ttBodyDef groundDef = ttDefaultBodyDef();
		ttShapeDef shapeDef = ttDefaultShapeDef();
		ttCreatePlaneShape( ttCreateBody( sleepy, &groundDef ), &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
		lower = tsBox( sleepy, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0.6f );
		upper = tsBox( sleepy, ( ttVec3 ){ 0, 1.5f, 0 }, half, 0.6f );
		tvStep( sleepy, 120 );
		ENSURE( ttBody_IsAwake( upper ) == false );
		ENSURE( ttBody_IsSupported( upper ) );
		ttDestroyBody( lower );
		tvStep( sleepy, 10 );
		ENSURE( ttBody_IsAwake( upper ) );
		ENSURE( ttBody_GetPosition( upper ).y < 1.4 ); // falling
		ENSURE( ttBody_IsSupported( upper ) == false );
		ttDestroyWorld( sleepy );
	}

	// The feature switched off: nothing is supported and the readout is empty.
	world = tsWorld( false, 0.6f, &ground );
	lower = tsBox( world, ( ttVec3 ){ 0, 0.5f, 0 }, half, 0.6f );
	tvStep( world, 10 );
	ENSURE( ttBody_IsSupported( lower ) == false );
	ENSURE_NEAR( ttWorld_GetSupportingContacts( world, contacts, 16 ), 0, 0 );
	ENSURE_NEAR( ttWorld_GetStepStats( world ).supportedBodyCount, 0, 0 );
	ttDestroyWorld( world );
}

// ---------------------------------------------------------------------------------------------
// 3: the tower of fig. 18 (scenes/lr_fig18_tower.json)

#define TS_BRICKS 1000
#define TS_RING 20

typedef struct tsTowerRun
{
	double sag;        // how far the top ring's centres sank from their start by 1 s, m (mean)
	double creep;      // largest displacement of a brick between 1 s and 3 s, m
	double heldCreep;  // the same over the bricks supported at every check from 1 s on
	int supported[16]; // supported bodies every 0.25 s
} tsTowerRun;

static void tsBrickPositions( const ttScene* scene, ttVec3* positions )
{
	for ( int i = 0; i < TS_BRICKS; ++i )
	{
		positions[i] = ttBody_GetPosition( scene->bodies[1 + i] );
	}
}

static tsTowerRun tsStandTower( bool support )
{
	ttScene scene;
	tvLoad( "scenes/lr_fig18_tower.json", &scene );
	ttWorld_EnableLongRange( scene.worldId, ttLongRange_supportingContacts, support );
	ttDestroyBody( ttScene_FindBody( &scene, "ball" ) );
	ttVec3* start = malloc( sizeof( ttVec3 ) * TS_BRICKS * 2 );
	ttVec3* early = start + TS_BRICKS;
	tsBrickPositions( &scene, start );
	bool* held = malloc( sizeof( bool ) * TS_BRICKS );
	tsTowerRun run = { 0 };
	for ( int k = 0; k < 12; ++k )
	{
		tvStep( scene.worldId, 15 );
		run.supported[k] = ttWorld_GetStepStats( scene.worldId ).supportedBodyCount;
		for ( int i = 0; i < TS_BRICKS && k >= 3; ++i )
		{
			bool supported = ttBody_IsSupported( scene.bodies[1 + i] );
			held[i] = k == 3 ? supported : held[i] && supported;
		}
		if ( k == 3 )
		{
			tsBrickPositions( &scene, early );
			for ( int i = TS_BRICKS - TS_RING; i < TS_BRICKS; ++i )
			{
				run.sag += ( start[i].y - early[i].y ) / TS_RING;
			}
		}
	}
	for ( int i = 0; i < TS_BRICKS; ++i )
	{
		double moved = tvDistance( early[i], ttBody_GetPosition( scene.bodies[1 + i] ) );
		run.creep = fmax( run.creep, moved );
		run.heldCreep = held[i] ? fmax( run.heldCreep, moved ) : run.heldCreep;
	}
	free( held );
	free( start );
	ttScene_Destroy( &scene );
	return run;
}

static void tsTowerStands( void )
{
	tsTowerRun on = tsStandTower( true ), off = tsStandTower( false );
	printf( "Fig. 18 tower of %d bricks, 10 substeps x 1 iteration:\n", TS_BRICKS );
	printf( "  supporting contacts: top ring sank %.2f mm by 1 s, then bricks moved at most %.3f mm in 2 s "
	        "(%.4f mm those held throughout)\n",
	        1e3 * on.sag, 1e3 * on.creep, 1e3 * on.heldCreep );
	printf( "  plain:               top ring sank %.2f mm by 1 s, then bricks moved at most %.3f mm in 2 s\n",
	        1e3 * off.sag, 1e3 * off.creep );
	printf( "  supported bodies every 0.25 s:" );
	for ( int k = 0; k < 12; ++k )
	{
		printf( " %d", on.supported[k] );
	}
	printf( "\n" );
	// Stands still: the bricks held throughout keep their place (0.1 mm), and no brick moves more
	// than 2 mm between 1 s and 3 s. Nearly every brick is held: a few come and go where a static
	// contact point just misses a hull, and a column of them above that point is not held for a
	// while; those move (1.7 mm at most in 2 s, measured), as every brick does without support.
	ENSURE_BELOW( on.heldCreep, 1e-4 );
	ENSURE_BELOW( on.creep, 2e-3 );
	for ( int k = 4; k < 12; ++k )
	{
		ENSURE( on.supported[k] >= 0.98 * TS_BRICKS );
	}
	// Without: the soft contacts give and the tower sinks (40 mm by 1 s against 1.5 mm held) and
	// goes on creeping, far more than the held tower. The plain creep depends on the order the
	// contacts are solved in: 9.2 mm in 2 s in the narrow phase's order (2026-11-25; 22 mm before
	// the contact relax used the current inverse inertia), 0.8 mm coloured (2026-11-28), against
	// 0.01 mm held; so the test asks for ten times the held creep, not for a fixed distance.
	ENSURE( off.sag > 1.5 * on.sag );
	ENSURE( off.creep > 10 * on.creep );
}

// The paper's own budget: one substep of 10 iterations, with its position-level contacts. The plain
// solve cannot carry 50 rings in 10 iterations and the tower collapses; with supporting contacts it
// stands. (With the soft-step contacts at one substep, capped at 9 Hz, the held tower is marginal:
// built in one order it stands, loaded from the scene a rocking mode grows after 8 steps, the
// contacts slide and it falls. docs/long-range.md.) Returns the largest brick displacement in
// `steps` frames.
static double tsTowerOneSubstep( bool support, ttContactSolverType solver, int steps )
{
	ttScene scene;
	tvLoad( "scenes/lr_fig18_tower.json", &scene );
	ttWorld_EnableLongRange( scene.worldId, ttLongRange_supportingContacts, support );
	ttWorld_SetContactSolver( scene.worldId, solver );
	ttWorld_SetSubsteps( scene.worldId, 1 );
	ttWorld_SetIterations( scene.worldId, 10 );
	ttDestroyBody( ttScene_FindBody( &scene, "ball" ) );
	ttVec3* start = malloc( sizeof( ttVec3 ) * TS_BRICKS );
	tsBrickPositions( &scene, start );
	tvStep( scene.worldId, steps );
	double largest = 0;
	for ( int i = 0; i < TS_BRICKS; ++i )
	{
		largest = fmax( largest, tvDistance( start[i], ttBody_GetPosition( scene.bodies[1 + i] ) ) );
	}
	printf( "Fig. 18 tower at 1 substep x 10 iterations, %s contacts, %s: largest displacement in %.1f s %.4f m, %d "
	        "supported\n",
	        solver == ttContactSolver_xpbd ? "XPBD" : "soft-step", support ? "supporting contacts" : "plain",
	        steps / 60.0, largest, ttWorld_GetStepStats( scene.worldId ).supportedBodyCount );
	free( start );
	ttScene_Destroy( &scene );
	return largest;
}

static void tsTowerBall( void )
{
	ttScene scene;
	tvLoad( "scenes/lr_fig18_tower.json", &scene );
	ttBodyId ball = ttScene_FindBody( &scene, "ball" );
	ttVec3* start = malloc( sizeof( ttVec3 ) * TS_BRICKS );
	int supported[16];
	printf( "Fig. 18 tower hit by the ball: supported bodies every 0.25 s:" );
	for ( int k = 0; k < 16; ++k )
	{
		tvStep( scene.worldId, 15 );
		supported[k] = ttWorld_GetStepStats( scene.worldId ).supportedBodyCount;
		printf( " %d", supported[k] );
		if ( k == 6 ) // 1.75 s: standing, the ball 5 m away
		{
			tsBrickPositions( &scene, start );
		}
	}
	printf( "\n" );
	// Where each brick went by 4 s: fallen (more than a layer, 0.2 m, lower) or pushed (moved more
	// than 5 cm).
	int fallen = 0, moved = 0;
	for ( int i = 0; i < TS_BRICKS; ++i )
	{
		ttVec3 p = ttBody_GetPosition( scene.bodies[1 + i] );
		fallen += start[i].y - p.y > 0.2;
		moved += tvDistance( start[i], p ) > 0.05;
	}
	printf( "  by 4 s: %d bricks fell more than 0.2 m, %d moved more than 5 cm; the ball at x = %.2f m\n", fallen,
	        moved, (double)ttBody_GetPosition( ball ).x );
	// Standing and held before the hit; the hit shakes the whole tower loose (its contacts slide:
	// most bricks lose their support), and the analysis, made anew every step, finds support again
	// where the wreck comes to rest. (Measured: 1000 held, 86 just after the hit, 319 at 4 s;
	// 510 bricks moved, 45 fell.)
	ENSURE( supported[6] >= 0.98 * TS_BRICKS );
	ENSURE( supported[8] < supported[6] / 2 );
	ENSURE( supported[15] > supported[8] );
	ENSURE( moved > TS_BRICKS / 4 );
	ENSURE( fallen > 20 );
	free( start );
	ttScene_Destroy( &scene );
}

int main( void )
{
	tsHull();
	tsSmallScenes();
	tsTowerStands();
	ENSURE_BELOW( tsTowerOneSubstep( true, ttContactSolver_xpbd, 120 ), 0.01 );
	ENSURE_BELOW( 1.0, tsTowerOneSubstep( false, ttContactSolver_xpbd, 60 ) );
	tsTowerBall();
	return TEST_RESULT();
}
