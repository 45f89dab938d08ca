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
#include "step.h"
#include "task.h"

#define TT_MAX_WORLDS 128

typedef struct ttWorld
{
	uint16_t index;
	uint32_t generation;

	ttVec3 gravity;
	int substeps;
	int iterations;
	ttReal contactCompliance;
	ttReal maxPushoutSpeed;
	ttReal restitutionThresholdScale;
	ttReal maxRotationPerSubstep;
	ttContactSolverType contactSolver;
	ttReal contactHertz, contactDampingRatio;
	ttReal jointHertz, jointDampingRatio, jointBaumgarte, jointCfm;
	bool jointTreeSolve;
	bool enableContacts;
	bool enableLongRange[ttLongRange_featureCount];
	bool enableSleep;
	ttReal timeToSleep;
	ttReal linearSleepThreshold, angularSleepThreshold;
	ttJointSolverType jointSolver;
	/// The soft-step contacts one manifold at a time in the narrow phase's order instead of
	/// coloured and wide (ttWorld_EnableWideContacts).
	bool scalarContactSolve;
	bool jointJacobi; ///< the XPBD joints' iterations as Jacobi (joint_solver_xpbd.c)

	ttPool bodies;  ///< of ttBody
	ttPool shapes;  ///< of ttShape
	ttPool joints;  ///< of ttJoint
	int groundBody; ///< hidden static body that joints with a null body A attach to

	ttBroadPhase broadPhase;
	ttTaskSystem tasks; ///< the workers of the step's parallel loops (task.h)
	ttAABB* aabbs;      ///< scratch: fattened bounds of every shape slot for this step
	int aabbCapacity;
	ttShapePair* pairs;
	int pairCount, pairCapacity;
	ttManifold* manifolds;
	int manifoldCount, manifoldCapacity;
	ttManifold* previousManifolds; ///< last substep's, for carrying impulses over
	int previousManifoldCount, previousManifoldCapacity;
	struct ttPairCollision* pairCollisions; ///< narrow-phase scratch, one per pair (contact.c)
	int pairCollisionCapacity;
	/// The joints' energy guard's per-group sums, one per awake body (joint_energy_guard.c).
	struct ttGuardTerms* jointGuardTerms;
	int jointGuardTermsCapacity;
	struct ttSoftManifold* softManifolds; ///< soft-step scratch (contact_solver_soft.c)
	int softManifoldCount, softManifoldCapacity;
	struct ttSoftPoint* softPoints;
	int softPointCapacity;
	struct ttWideContacts* wideContacts; ///< colours and blocks of the wide solve (contact_solver_wide.c)

	// Contact events (contact_events.c): the shape pairs touching at the end of the last step and
	// the step before, and the events between them.
	struct ttTouchingPair* touching;
	int touchingCount, touchingCapacity;
	struct ttTouchingPair* previousTouching;
	int previousTouchingCount, previousTouchingCapacity;
	ttContactBeginTouchEvent* beginEvents;
	int beginEventCount, beginEventCapacity;
	ttContactEndTouchEvent* endEvents;
	int endEventCount, endEventCapacity;

	// Sleeping (island.c): the awake bodies (persistent), the joints solved this step, and
	// scratch for the islands.
	int* awakeBodies;
	int awakeBodyCount, awakeBodyCapacity;
	int movableBodyCount; ///< dynamic and kinematic bodies, awake or not
	int* awakeJoints;
	int awakeJointCount, awakeJointCapacity;
	int* islandScratch;
	int islandScratchCapacity;
	ttReal* islandRest;
	int islandRestCapacity;
	// Manifolds of sleeping islands, kept for the contact readouts (they are not solved).
	ttManifold* sleepingManifolds;
	int sleepingManifoldCount, sleepingManifoldCapacity;
	bool sleepingManifoldsStale; ///< a body woke since the last purge

	ttLongRangeGraph longRange; ///< bounds derived from the joint graph (long_range_graph.c)

	ttJointBreakEvent* breakEvents;
	int breakEventCount, breakEventCapacity;

	uint32_t jointGraphVersion;          ///< bumped when a joint is created or removed (long range analyses)
	struct ttUnionSet* unions;           ///< rigid unions (long_range_union.c), NULL until first used
	struct ttHingeChainSet* hingeChains; ///< hinge chains (long_range_hinge_chain.c), NULL until first used
	struct ttSupportSet* support;        ///< supporting contacts (long_range_support.c), NULL until first used
	struct ttSiScratch* siJoints;        ///< velocity-level joints' rows (joint_solver_si.c), NULL until first used
	struct ttPointMassScratch* pointMassJoints; ///< point-mass frames (joint_solver_pointmass.c), NULL until first used
	struct ttParticleSet* particles;            ///< particles and their constraints (particle.h), NULL until first used
	struct ttSavedBody* savedBodies;            ///< body states before the step (step_guard.c)
	int savedBodyCount, savedBodyCapacity;

	ttStepStats stats;
	/// The context of the step in progress, or of the last one between steps: the readouts turn
	/// the impulses of its last substep into forces with its h.
	ttStepContext step;
	bool locked; ///< inside ttWorld_Step
} ttWorld;

ttWorld* ttGetWorld( ttWorldId id );
ttWorld* ttGetWorldByIndex( uint32_t index );

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
/// Record a break event for a joint about to be removed (its force and torque readouts; step.c).
void ttPushBreakEvent( ttWorld* world, int jointIndex, const ttJoint* joint );

/// Compare the shape pairs touching after this step with those after the last one and record
/// begin and end events (contact_events.c).
void ttUpdateContactEvents( ttWorld* world );
