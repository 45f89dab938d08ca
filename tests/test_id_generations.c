// SPDX-License-Identifier: MIT
// Ids never come back to life: one body slot is destroyed and recreated past 65,536 times (where
// a 16-bit generation would wrap and the first id would name the current body again). The first
// id must stay invalid, and destroying through it must log an error and leave the live body alone.
// Also a shape slot and a joint slot, cycled the same way.
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

static int s_messages = 0;
static char s_lastMessage[512];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	strncpy( s_lastMessage, message, sizeof( s_lastMessage ) - 1 );
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;

	// 65,536 + 3 cycles: a 16-bit counter would have come back to the first id's value at 65,536.
	const int cycles = 65536 + 3;
	ttBodyId first = ttCreateBody( world, &bodyDef );
	ttBodyId current = first;
	int sameSlot = 0;
	int staleValidSeen = 0;
	for ( int i = 0; i < cycles; ++i )
	{
		ttDestroyBody( current );
		current = ttCreateBody( world, &bodyDef );
		sameSlot += current.index1 == first.index1 ? 1 : 0;
		staleValidSeen += ttBody_IsValid( first ) ? 1 : 0;
	}
	// Every cycle reused the one slot (so the test exercised its generation counter) ...
	ENSURE( sameSlot == cycles );
	// ... and the first id never became valid again.
	ENSURE( staleValidSeen == 0 );
	ENSURE( ttBody_IsValid( current ) );
	ENSURE( current.generation - first.generation == (uint32_t)cycles );

	// Destroying through the stale id does nothing but log.
	int before = s_messages;
	ttDestroyBody( first );
	ENSURE( s_messages == before + 1 );
	ENSURE( strstr( s_lastMessage, "invalid body id" ) != NULL );
	ENSURE( ttBody_IsValid( current ) );
	ENSURE( ttWorld_GetBodyCount( world ) == 1 );

	// Shapes and joints use the same pools.
	ttSphere sphere = { 0.5f };
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttShapeId firstShape = ttCreateSphereShape( current, &shapeDef, &sphere );
	ttShapeId shape = firstShape;
	ttBodyId other = ttCreateBody( world, &bodyDef );
	ttDistanceJointDef jointDef = ttDefaultDistanceJointDef();
	jointDef.base.bodyA = current;
	jointDef.base.bodyB = other;
	ttJointId firstJoint = ttCreateDistanceJoint( world, &jointDef );
	ttJointId joint = firstJoint;
	int staleShape = 0, staleJoint = 0;
	for ( int i = 0; i < cycles; ++i )
	{
		ttDestroyShape( shape );
		shape = ttCreateSphereShape( current, &shapeDef, &sphere );
		ttDestroyJoint( joint );
		joint = ttCreateDistanceJoint( world, &jointDef );
		staleShape += ttShape_IsValid( firstShape ) ? 1 : 0;
		staleJoint += ttJoint_IsValid( firstJoint ) ? 1 : 0;
	}
	ENSURE( shape.index1 == firstShape.index1 && joint.index1 == firstJoint.index1 );
	ENSURE( staleShape == 0 && staleJoint == 0 );
	before = s_messages;
	ttDestroyShape( firstShape );
	ttDestroyJoint( firstJoint );
	ENSURE( s_messages == before + 2 );
	ENSURE( ttShape_IsValid( shape ) && ttJoint_IsValid( joint ) );
	ENSURE( ttBody_GetShapeCount( current ) == 1 && ttWorld_GetJointCount( world ) == 1 );

	ttDestroyWorld( world );
	return TEST_RESULT();
}
