// SPDX-License-Identifier: MIT
// Internal body record. The solver works in the body's principal frame: `origin + delta` is the
// world centre of mass and `q` the orientation of the principal axes, where the inertia tensor is
// the diagonal `inertia` (paper section 3.3.2). The user's body frame is recovered through
// localCenter and principalRotation.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;

typedef struct ttBody
{
	// What every substep's loops over the bodies read and write comes first, together (a few
	// cache lines of a record of some 800 bytes): the type, velocities, the step's displacement
	// and rotation, the mass properties and the cached inverse inertia, the loads.
	ttBodyType type;
	bool fixedRotation;
	bool massOverridden;
	int jointEdgeHead; ///< first joint edge key (joint * 2 + side), -1 if none
	int awakeIndex;    ///< position in world->awakeBodies, -1 when asleep or static
	ttVec3 v;          ///< linear velocity of the centre of mass
	ttVec3 w;          ///< angular velocity, world axes
	// Centre of mass at the start of the step is `origin`; the solver accumulates the step's
	// displacement in `delta` so that small substep motions are not rounded away far from the
	// origin.
	ttVec3 delta;
	ttVec3 prevDelta; ///< delta at the start of the substep
	// Substep scratch of the soft-step contact solver: the rotation vector of the substep, and
	// I^-1 in world axes at the substep's start (zero for bodies that do not rotate under
	// impulses).
	ttVec3 substepRotation;
	ttQuat q;
	ttQuat prevQ;
	ttReal invMass;
	ttVec3 invInertia, inertia; ///< inverses of the principal moments, and the moments (0 for locked axes)
	ttReal gravityScale;
	ttMat3 invInertiaWorld;
	/// What invInertiaWorld was computed from, bit for bit (ttBody_CacheInverseInertia): written
	/// only with it, so that a match means the cache holds what a new computation would give.
	ttQuat invInertiaWorldQ;
	ttVec3 invInertiaWorldLocal;
	ttBodyType invInertiaWorldType;
	bool invInertiaWorldFixedRotation;
	ttReal linearDamping, angularDamping;
	ttVec3 force, torque; ///< accumulated external loads for the next step
	ttVec3 origin;

	char name[32];
	void* userData;

	// Principal frame in body coordinates.
	ttVec3 localCenter;
	ttQuat principalRotation;

	ttReal mass;

	bool hasKinematicTarget;
	ttVec3 targetCenter; ///< centre of mass at the target pose
	ttQuat targetQ;

	int shapeHead; ///< first shape index, -1 if none

	// Sleeping (island.c). A dynamic or kinematic body is either in the world's awake list or
	// asleep in a cycle with the rest of its island; static bodies are in neither.
	bool enableSleep;
	ttReal sleepTime; ///< how long the body has rested under the thresholds, s
	int sleepNext;    ///< next body of its sleeping island (a cycle), -1 when awake or static

	/// Held up by supporting contacts in the last step (long_range_support.c).
	bool supported;
	// Jacobi iterations of the XPBD joints (joint_solver_xpbd.c): the corrections of one pass,
	// summed, and how many joints contributed.
	ttVec3 jacobiDelta, jacobiRotation;
	int jacobiCount;
	// The joints' energy guard (joint_energy_guard.c): the rotation before the substep's first
	// projection or impulse (all zero until then), the pose before the projection that is
	// running, the velocity and angular velocity the joints have given the body so far, and the
	// part of that velocity whose displacement the positions took (all of it for a position-level
	// family; the biased pass's for sequential impulses, whose relax pass moves nothing).
	ttQuat jointStartQ, jointSolveQ;
	ttVec3 jointSolveDelta;
	ttVec3 jointVelocity, jointAngularVelocity, jointMoveVelocity;
	ttReal jointEnergyCredit; ///< energy the projections took from it lately, J (halved every substep)
	/// Energy the projections took from it over about the last 10 s, J, which a lift of its group
	/// beyond what the prediction dropped may give back (XPBD, joint_energy_guard.c).
	ttReal jointLiftCredit;
	/// What the projections moved it up beyond what the prediction dropped it, less what they
	/// moved it down and what the guard took back, m, fading over about 10 s: the lift the guard
	/// may take back (where the policy keeps it, joint_energy_guard.c).
	ttReal jointNetLift;
	/// The share of the joints' velocity the guard left it in this substep (1: untouched); a
	/// velocity-level family keeps that share of its impulses for the next warm start.
	ttReal jointGuardKept;
	/// Sequential impulses: the kinetic energy its joints' position feedback asks for in this
	/// substep, J (each row's b^2 / 2K, booked on the joint's dynamic body B, else A), which the
	/// biased pass's move may carry beyond the body's own (ttJointEnergyGuard_BoundBiasedMove).
	ttReal jointFeedbackEnergy;
	/// Sequential impulses: something besides the joints (the contacts' biased pass) changed the
	/// velocity between the joints' biased pass and the positions' move in this substep.
	bool jointAnswered;
	int jointGroup; ///< scratch: union-find parent among the awake bodies, by awake index
} ttBody;

/// Asleep: a dynamic or kinematic body out of the awake list.
static inline bool ttBody_IsSleeping( const ttBody* body )
{
	return body->type != ttBody_static && body->awakeIndex < 0;
}

/// World centre of mass now.
static inline ttVec3 ttBody_Center( const ttBody* body )
{
	return ttAdd( body->origin, body->delta );
}

/// World centre of mass at the start of the substep.
static inline ttVec3 ttBody_PrevCenter( const ttBody* body )
{
	return ttAdd( body->origin, body->prevDelta );
}

/// Centre of b minus centre of a, computed from differences so it stays precise far away.
static inline ttVec3 ttBody_RelativeCenter( const ttBody* a, const ttBody* b )
{
	return ttAdd( ttSub( b->origin, a->origin ), ttSub( b->delta, a->delta ) );
}

static inline ttVec3 ttBody_PrevRelativeCenter( const ttBody* a, const ttBody* b )
{
	return ttAdd( ttSub( b->origin, a->origin ), ttSub( b->prevDelta, a->prevDelta ) );
}

/// Orientation of the user's body frame.
static inline ttQuat ttBody_UserRotation( const ttBody* body )
{
	return ttQuatMul( body->q, ttQuatConj( body->principalRotation ) );
}

/// The user's body frame in world coordinates.
static inline ttTransform ttBody_UserTransform( const ttBody* body )
{
	ttQuat q = ttBody_UserRotation( body );
	return ( ttTransform ){ ttSub( ttBody_Center( body ), ttRotate( q, body->localCenter ) ), q };
}

/// Transform from principal (solver) coordinates to the user's body coordinates.
static inline ttTransform ttBody_PrincipalInBody( const ttBody* body )
{
	return ( ttTransform ){ body->localCenter, body->principalRotation };
}

/// I^-1 v for a world vector v.
static inline ttVec3 ttBody_ApplyInvInertia( const ttBody* body, ttVec3 v )
{
	ttVec3 local = ttInvRotate( body->q, v );
	return ttRotate( body->q, ttMulComponents( body->invInertia, local ) );
}

/// Velocity of the point at world offset r from the centre of mass.
static inline ttVec3 ttBody_PointVelocity( const ttBody* body, ttVec3 r )
{
	return ttAdd( body->v, ttCross( body->w, r ) );
}

/// Recompute mass, centre and principal axes from the shapes, keeping the user pose.
void ttBody_UpdateMass( ttWorld* world, int bodyIndex );
/// Change the principal frame while keeping the user pose and the velocity field.
void ttBody_SetPrincipalFrame( ttBody* body, ttVec3 localCenter, ttQuat principalRotation );
