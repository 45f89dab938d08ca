// SPDX-License-Identifier: MIT
// Persistent contacts and contact events (collision issue, item 5):
// - a ball dropped from 1 m begins touching the ground once, in the step where free fall puts
//   it there (t = sqrt(2 h / g) = 0.4515 s for its 1 m drop, within a step), then stays
//   in contact without further events; kicked up it ends touching once, and lands again once;
// - a box resting on a box keeps the same four contact points: their feature ids do not change
//   over 2 s and are distinct, and each carries a quarter of the weight;
// - destroying a body ends its contacts with an end event carrying the (now stale) shape id.
#include "test_macros.h"

#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

static const ttReal dt = (ttReal)( 1.0 / 60.0 );

static ttWorldId MakeWorld( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &def );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( ground, &shapeDef, &( ttBox ){ { 10, 0.5f, 10 } } ); // top at y = 0.5
	return world;
}

static ttBodyId AddBody( ttWorldId world, ttVec3 position, bool box, ttShapeId* shape )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.restitution = 0;
	*shape = box ? ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } )
	             : ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ 0.25f } );
	return body;
}

static bool SameShape( ttShapeId a, ttShapeId b )
{
	return a.index1 == b.index1 && a.world0 == b.world0 && a.generation == b.generation;
}

static void TestBallEvents( void )
{
	ttWorldId world = MakeWorld();
	ttShapeId ballShape;
	// The ball's bottom starts 1 m above the ground's top.
	ttBodyId ball = AddBody( world, ( ttVec3 ){ 0, 1.75f, 0 }, false, &ballShape );
	int begins = 0, ends = 0, firstBeginStep = -1, endStep = -1, secondBeginStep = -1;
	for ( int step = 0; step < 240; ++step )
	{
		if ( step == 120 )
		{
			ttBody_ApplyLinearImpulse( ball, ( ttVec3 ){ 0, 3 * ttBody_GetMass( ball ), 0 },
			                           ttBody_GetPosition( ball ) ); // up at 3 m/s
		}
		ttWorld_Step( world, dt );
		ttContactEvents events = ttWorld_GetContactEvents( world );
		for ( int i = 0; i < events.beginCount; ++i )
		{
			ENSURE( SameShape( events.beginEvents[i].shapeB, ballShape ) );
			firstBeginStep = begins == 0 ? step : firstBeginStep;
			secondBeginStep = begins == 1 ? step : secondBeginStep;
			begins += 1;
		}
		for ( int i = 0; i < events.endCount; ++i )
		{
			ENSURE( SameShape( events.endEvents[i].shapeB, ballShape ) );
			endStep = ends == 0 ? step : endStep;
			ends += 1;
		}
	}
	// Free fall of 1 m: t = sqrt(2 / g) = 0.4515 s, the end of step 27 (0-based).
	double expected = sqrt( 2.0 / 9.81 ) / (double)dt;
	printf( "ball: begin at step %d (free fall %.2f), end at step %d, begin again at step %d\n", firstBeginStep,
	        expected, endStep, secondBeginStep );
	ENSURE( begins == 2 );
	ENSURE( ends == 1 );
	ENSURE_NEAR( firstBeginStep + 1, expected, 1.0 );
	ENSURE( endStep == 120 || endStep == 121 );
	// Up at 3 m/s, back after 2 v / g = 0.61 s = 36.7 steps.
	ENSURE_NEAR( secondBeginStep - endStep, 2 * 3 / 9.81 / (double)dt, 2.0 );
	ttDestroyWorld( world );
}

static void TestPersistentPoints( void )
{
	ttWorldId world = MakeWorld();
	ttShapeId lower, upper;
	AddBody( world, ( ttVec3 ){ 0, 1, 0 }, true, &lower );
	ttBodyId top = AddBody( world, ( ttVec3 ){ 0, 2, 0 }, true, &upper );
	ttWorld_Step( world, dt );
	uint32_t ids[4] = { 0 };
	int found = 0;
	ttContactData contacts[32];
	int count = ttWorld_GetContactData( world, contacts, 32 );
	for ( int i = 0; i < count; ++i )
	{
		if ( SameShape( contacts[i].shapeB, upper ) && found < 4 )
		{
			ids[found++] = contacts[i].featureId;
		}
	}
	ENSURE( found == 4 );
	for ( int i = 0; i < 4; ++i )
	{
		ENSURE( ids[i] != 0 );
		for ( int k = 0; k < i; ++k )
		{
			ENSURE( ids[i] != ids[k] );
		}
	}
	int changed = 0;
	double worstShare = 0;
	for ( int step = 0; step < 120; ++step )
	{
		ttWorld_Step( world, dt );
		count = ttWorld_GetContactData( world, contacts, 32 );
		int k = 0;
		for ( int i = 0; i < count; ++i )
		{
			if ( SameShape( contacts[i].shapeB, upper ) == false )
			{
				continue;
			}
			bool known = false;
			for ( int j = 0; j < 4; ++j )
			{
				known = known || contacts[i].featureId == ids[j];
			}
			changed += known ? 0 : 1;
			double share = (double)contacts[i].normalForce / ( 9.81 * (double)ttBody_GetMass( top ) );
			worstShare = fmax( worstShare, fabs( share - 0.25 ) );
			k += 1;
		}
		changed += k == 4 ? 0 : 1;
	}
	printf( "box on box: 4 points, %d id changes in 120 steps, worst load share off 1/4 by %.2e\n", changed,
	        worstShare );
	ENSURE( changed == 0 );
	ENSURE_BELOW( worstShare, 0.01 );

	// Destroying the upper box ends its touch with the lower one in the next step.
	ttDestroyBody( top );
	ttWorld_Step( world, dt );
	ttContactEvents events = ttWorld_GetContactEvents( world );
	ENSURE( events.endCount == 1 );
	ENSURE( events.endCount == 1 && SameShape( events.endEvents[0].shapeB, upper ) );
	ENSURE( ttShape_IsValid( upper ) == false );
	ttDestroyWorld( world );
}

int main( void )
{
	TestBallEvents();
	TestPersistentPoints();
	ENSURE( ttWorld_GetContactEvents( ttNullWorldId ).beginCount == 0 );
	return TEST_RESULT();
}
