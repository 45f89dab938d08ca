// SPDX-License-Identifier: MIT
// Internal world record and id lookup helpers.
#pragma once

#include "body.h"
#include "broad_phase.h"
#include "contact.h"
#include "joint.h"
#include "long_range_graph.h"
#include "pool.h"
#include "shape.h"

#define TT_MAX_WORLDS 128

typedef struct ttWorld
{
	uint16_t index;
	uint16_t generation;

	ttVec3 gravity;
	int substeps;
	int iterations;
	ttReal contactCompliance;
	ttReal maxPushoutSpeed;
	ttReal restitutionThresholdScale;
	ttReal maxRotationPerSubstep;
	bool enableContacts;
	bool enableLongRange[ttLongRange_featureCount];
	ttSolverType solver;

	ttPool bodies;  ///< of ttBody
	ttPool shapes;  ///< of ttShape
	ttPool joints;  ///< of ttJoint
	int groundBody; ///< hidden static body that joints with a null body A attach to

	ttBroadPhase broadPhase;
	ttAABB* aabbs; ///< scratch: fattened bounds of every shape slot for this step
	int aabbCapacity;
	ttShapePair* pairs;
	int pairCount, pairCapacity;
	ttManifold* manifolds;
	int manifoldCount, manifoldCapacity;

	ttLongRangeGraph longRange; ///< bounds derived from the joint graph (long_range_graph.c)

	ttJointBreakEvent* breakEvents;
	int breakEventCount, breakEventCapacity;

	ttStepStats stats;
	ttReal substepTime; ///< h of the last step
	bool locked;        ///< inside ttWorld_Step
} ttWorld;

ttWorld* ttGetWorld( ttWorldId id );
ttWorld* ttGetWorldByIndex( int index );

static inline ttBody* ttWorld_Body( ttWorld* world, int index )
{
	return (ttBody*)ttPool_Get( &world->bodies, index );
}

static inline ttShape* ttWorld_Shape( ttWorld* world, int index )
{
	return (ttShape*)ttPool_Get( &world->shapes, index );
}

static inline ttJoint* ttWorld_Joint( ttWorld* world, int index )
{
	return (ttJoint*)ttPool_Get( &world->joints, index );
}

/// A shape's frame in world coordinates from the user's pose: valid at any time between steps.
static inline ttTransform ttShape_UserWorldTransform( const ttBody* body, const ttShape* shape )
{
	return ttMulTransforms( ttBody_UserTransform( body ), shape->localTransform );
}

/// The same from the solver's pose and the shape's principal-frame transform (refreshed by the
/// broadphase once per step): what the narrow phase uses inside the step.
static inline ttTransform ttShape_SimWorldTransform( const ttBody* body, const ttShape* shape )
{
	return ttMulTransforms( ( ttTransform ){ ttBody_Center( body ), body->q }, shape->simTransform );
}

/// A live world that is not inside its step; NULL with a message naming the caller otherwise.
ttWorld* ttResolveWorld( const char* function, ttWorldId id );

/// Resolve ids; NULL (with an error naming the caller) when null, stale or from a dead world.
ttBody* ttResolveBody( const char* function, ttBodyId id, ttWorld** world );
ttShape* ttResolveShape( const char* function, ttShapeId id, ttWorld** world );
ttJoint* ttResolveJoint( const char* function, ttJointId id, ttWorld** world );

ttBodyId ttMakeBodyId( const ttWorld* world, int index );
ttShapeId ttMakeShapeId( const ttWorld* world, int index );
ttJointId ttMakeJointId( const ttWorld* world, int index );

/// Whether a collision between the bodies is suppressed by a joint between them.
bool ttWorld_JointPreventsCollision( ttWorld* world, int bodyA, int bodyB );
/// Remove a joint (from the pool and both bodies' lists).
void ttWorld_RemoveJoint( ttWorld* world, int jointIndex );

/// Long range switches (long_range_switches.c): the defaults of a new world, and a check that
/// only implemented features are on (logs under the caller's name).
void ttLongRange_SetDefaults( bool* enable );
bool ttLongRange_CheckSwitches( const char* function, const bool* enable );

/// Advance the world with the XPBD solver (solver_xpbd.c).
void ttSolveXpbd( ttWorld* world, ttReal timeStep );
