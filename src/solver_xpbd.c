// SPDX-License-Identifier: MIT
// The XPBD step, Algorithm 2 of Mueller et al. 2020, as a list of phases:
//   collect pairs once per step;
//   per substep: integrate -> narrow phase -> position solve (contacts, then joints, then hinge
//                chain projections) -> fracture and shape matching of rigid unions ->
//                velocities from positions -> velocity pass (contacts, then joints);
//   after the step: fold the accumulated displacements into the positions, break joints.
// Contacts are reached only through ttUpdateContacts and ttContactSolver_*, so a velocity-level
// contact solver can replace that family without touching the rest of this file.
#include "body_pinned.h"
#include "constraint.h"
#include "core.h"
#include "island.h"
#include "long_range_hinge_chain.h"
#include "long_range_support.h"
#include "long_range_union.h"
#include "world.h"

// Implicit gyroscopic term (Catto, GDC 2015): one Newton step on
// I (w2 - w1) + h w2 x (I w2) = 0, in the principal frame where I is diagonal. The explicit term
// of the paper's Algorithm 2 gains energy for bodies spinning near their intermediate axis.
static ttVec3 ttSolveGyroscopic( const ttBody* body, ttVec3 w, ttReal h )
{
	ttVec3 inertia = body->inertia;
	if ( ( inertia.x == inertia.y && inertia.y == inertia.z ) || ( w.x == 0 && w.y == 0 && w.z == 0 ) )
	{
		return w; // w x (I w) vanishes for a spherical inertia
	}
	ttVec3 wb = ttInvRotate( body->q, w );
	ttVec3 iw = ttMulComponents( inertia, wb );
	ttVec3 f = ttScale( h, ttCross( wb, iw ) );
	// J = I + h (skew(w) I - skew(I w)), written out for the diagonal I.
	ttMat3 jacobian = {
	    { inertia.x, h * ( wb.z * inertia.x - iw.z ), h * ( iw.y - wb.y * inertia.x ) },
	    { h * ( iw.z - wb.z * inertia.y ), inertia.y, h * ( wb.x * inertia.y - iw.x ) },
	    { h * ( wb.y * inertia.z - iw.y ), h * ( iw.x - wb.x * inertia.z ), inertia.z },
	};
	ttVec3 solved = ttSub( wb, ttMat3Solve( jacobian, f ) );
	// The gyroscopic term only turns the angular momentum in the body frame; the implicit step
	// also shrinks it (about 2 % in 10 s for a tumbling box at 20 substeps). Restore its length.
	ttReal before = ttLength( iw );
	ttReal after = ttLength( ttMulComponents( inertia, solved ) );
	if ( after > 0 )
	{
		solved = ttScale( before / after, solved );
	}
	return ttRotate( body->q, solved );
}

// Velocities first: the soft-step contact solver works between the two halves.
static void ttIntegrateVelocities( ttWorld* world, ttBody* body, ttReal h )
{
	body->prevDelta = body->delta;
	body->prevQ = body->q;
	body->substepRotation = TT_VEC3_ZERO;
	if ( body->type != ttBody_dynamic )
	{
		body->invInertiaWorld = ( ttMat3 ){ TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		return;
	}
	if ( world->contactSolver == ttContactSolver_softStep )
	{
		// R diag(I^-1) R^T, once per substep instead of two rotations per use.
		ttMat3 r = ttMat3FromQuat( body->q );
		ttMat3 scaled = { ttScale( body->invInertia.x, r.cx ), ttScale( body->invInertia.y, r.cy ),
		                  ttScale( body->invInertia.z, r.cz ) };
		body->invInertiaWorld = body->fixedRotation ? ( ttMat3 ){ TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO }
		                                            : ttMat3Mul( scaled, ttMat3Transpose( r ) );
	}
	// Damping acts on the velocity the body arrived with, before this substep's loads: damped
	// after them, a body held at rest would feel gravity reduced to g / (1 + h c), and the
	// joint holding it would read a force that depends on the damping and the substep.
	ttVec3 acceleration = ttMulAdd( ttScale( body->gravityScale, world->gravity ), body->invMass, body->force );
	body->v = ttScale( 1 / ( 1 + h * body->linearDamping ), body->v );
	ttPin pin;
	if ( ttPinnedBody_Find( world, body, &pin ) )
	{
		body->w = ttScale( 1 / ( 1 + h * body->angularDamping ), body->w );
		ttPinnedBody_IntegrateVelocities( body, &pin, acceleration, h );
		return;
	}
	body->v = ttMulAdd( body->v, h, acceleration );
	if ( body->fixedRotation == false )
	{
		body->w = ttScale( 1 / ( 1 + h * body->angularDamping ), body->w );
		body->w = ttAdd( body->w, ttScale( h, ttBody_ApplyInvInertia( body, body->torque ) ) );
		body->w = ttSolveGyroscopic( body, body->w, h );
	}
}

static void ttIntegratePositions( ttWorld* world, ttBody* body, ttReal h )
{
	if ( body->type == ttBody_static )
	{
		return;
	}
	ttPin pin;
	if ( ttPinnedBody_Find( world, body, &pin ) )
	{
		ttPinnedBody_IntegratePositions( body, &pin, world->maxRotationPerSubstep, h );
		return;
	}
	body->delta = ttMulAdd( body->delta, h, body->v );

	// Cap the rotation of one linearized quaternion update (Mueller uses 0.5 rad).
	ttVec3 rotation = ttScale( h, body->w );
	ttReal angle = ttLength( rotation );
	if ( angle > world->maxRotationPerSubstep )
	{
		rotation = ttScale( world->maxRotationPerSubstep / angle, rotation );
	}
	body->q = ttQuatIntegrate( body->q, rotation );
}

// v = (x - x_prev) / h, and w from dq = q q_prev^-1. The paper takes w = 2 vec(dq) / h; the
// linearized update q <- normalize(q + h/2 [w, 0] q) gives dq = normalize([h w / 2, 1]), so the
// exact inverse is w = 2 vec(dq) / (h dq.w). The paper's form shrinks w by 1 / sqrt(1 + (h w/2)^2)
// every substep: a body spinning freely at 5 rad/s lost 2.6 % of its angular momentum in 10 s.
static void ttDeriveVelocities( ttBody* body, ttReal h )
{
	body->v = ttScale( 1 / h, ttSub( body->delta, body->prevDelta ) );
	if ( body->fixedRotation )
	{
		return;
	}
	ttQuat dq = ttQuatMul( body->q, ttQuatConj( body->prevQ ) );
	if ( dq.w < 0 )
	{
		dq = ( ttQuat ){ -dq.x, -dq.y, -dq.z, -dq.w };
	}
	// The guard only matters for a rotation of more than 120 degrees within one substep.
	ttReal scale = 2 / ( h * ttMaxReal( dq.w, (ttReal)0.5 ) );
	body->w = ( ttVec3 ){ scale * dq.x, scale * dq.y, scale * dq.z };
}

// Kinematic bodies with a target move there at constant velocity over the step.
static void ttPrepareKinematic( ttBody* body, ttReal timeStep )
{
	if ( body->type != ttBody_kinematic || body->hasKinematicTarget == false )
	{
		return;
	}
	body->v = ttScale( 1 / timeStep, ttSub( body->targetCenter, ttBody_Center( body ) ) );
	body->w = ttScale( 1 / timeStep, ttQuatToRotationVector( ttQuatMul( body->targetQ, ttQuatConj( body->q ) ) ) );
}

static void ttFinishBody( ttBody* body )
{
	body->origin = ttAdd( body->origin, body->delta );
	body->delta = TT_VEC3_ZERO;
	body->prevDelta = TT_VEC3_ZERO;
	body->force = TT_VEC3_ZERO;
	body->torque = TT_VEC3_ZERO;
	if ( body->type == ttBody_kinematic && body->hasKinematicTarget )
	{
		body->origin = body->targetCenter;
		body->q = body->targetQ;
		body->hasKinematicTarget = false;
	}
	body->prevQ = body->q;
}

void ttPushBreakEvent( ttWorld* world, int jointIndex, const ttJoint* joint )
{
	if ( world->breakEventCount == world->breakEventCapacity )
	{
		int capacity = world->breakEventCapacity < 16 ? 16 : 2 * world->breakEventCapacity;
		ttJointBreakEvent* events =
		    ttGrow( world->breakEvents, sizeof( ttJointBreakEvent ) * (size_t)world->breakEventCapacity,
		            sizeof( ttJointBreakEvent ) * (size_t)capacity );
		if ( events == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: a joint break event was dropped" );
			return;
		}
		world->breakEvents = events;
		world->breakEventCapacity = capacity;
	}
	world->breakEvents[world->breakEventCount++] = ( ttJointBreakEvent ){
	    ttMakeJointId( world, jointIndex ), joint->userData, ttLength( joint->force ), ttLength( joint->torque ) };
}

static void ttBreakJoints( ttWorld* world )
{
	for ( int k = 0; k < world->awakeJointCount; ++k )
	{
		int i = world->awakeJoints[k];
		ttJoint* joint = ttWorld_Joint( world, i );
		if ( ttLength( joint->force ) > joint->breakForce || ttLength( joint->torque ) > joint->breakTorque )
		{
			ttPushBreakEvent( world, i, joint );
			ttWorld_RemoveJoint( world, i );
		}
	}
}

// The step visits only the awake bodies and the joints with an awake body (island.c): sleeping
// ones cost nothing.
static ttBody* ttAwakeBody( ttWorld* world, int i )
{
	return ttWorld_Body( world, world->awakeBodies[i] );
}

static ttJoint* ttAwakeJoint( ttWorld* world, int i )
{
	return ttWorld_Joint( world, world->awakeJoints[i] );
}

void ttSolveXpbd( ttWorld* world, ttReal timeStep )
{
	int substeps = world->substeps;
	ttReal h = timeStep / (ttReal)substeps;
	world->substepTime = h;
	double collideMs = 0, jointMs = 0, contactMs = 0;
	double start = ttNowMilliseconds();

	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		ttPrepareKinematic( ttAwakeBody( world, i ), timeStep );
	}
	// Wake what the awake bodies will touch, collect the pairs, list the joints to solve.
	double t0 = ttNowMilliseconds();
	ttIsland_BeginStep( world, timeStep );
	collideMs += ttNowMilliseconds() - t0;
	if ( world->enableContacts == false )
	{
		world->pairCount = 0;
		world->manifoldCount = 0;
		world->previousManifoldCount = 0;
	}
	int bodyCount = world->awakeBodyCount;
	int jointCount = world->awakeJointCount;
	for ( int j = 0; j < jointCount; ++j )
	{
		ttJoint_Prepare( world, ttAwakeJoint( world, j ) );
	}
	ttHingeChains_Update( world );
	ttUnions_Update( world );
	ttLongRange_Analyze( world );
	ttSupport_Analyze( world );

	// Soft-step contacts: narrow phase at the poses the substep starts from, then a velocity
	// solve with a soft bias before the positions move (the positions then cannot pass through a
	// contact found here). XPBD contacts: narrow phase after the positions moved, projection with
	// the joints.
	bool softContacts = world->enableContacts && world->contactSolver == ttContactSolver_softStep;
	bool xpbdContacts = world->enableContacts && softContacts == false;
	for ( int substep = 0; substep < substeps; ++substep )
	{
		for ( int j = 0; j < jointCount; ++j )
		{
			ttJoint_BeginSubstep( world, ttAwakeJoint( world, j ), h );
		}
		ttLongRange_BeginSubstep( world );
		ttSupport_BeginSubstep( world );
		for ( int i = 0; i < bodyCount; ++i )
		{
			ttIntegrateVelocities( world, ttAwakeBody( world, i ), h );
		}
		if ( softContacts )
		{
			t0 = ttNowMilliseconds();
			ttUpdateContacts( world );
			collideMs += ttNowMilliseconds() - t0;
			double t1 = ttNowMilliseconds();
			ttSoftContacts_Prepare( world, h );
			ttSoftContacts_WarmStart( world );
			ttSoftContacts_Solve( world, h, true );
			contactMs += ttNowMilliseconds() - t1;
		}
		for ( int i = 0; i < bodyCount; ++i )
		{
			ttIntegratePositions( world, ttAwakeBody( world, i ), h );
		}
		if ( xpbdContacts )
		{
			t0 = ttNowMilliseconds();
			ttUpdateContacts( world );
			collideMs += ttNowMilliseconds() - t0;
		}

		// Contacts before joints: articulations resting on the ground slide less this way.
		for ( int iteration = 0; iteration < world->iterations; ++iteration )
		{
			t0 = ttNowMilliseconds();
			if ( xpbdContacts )
			{
				ttContactSolver_SolvePositions( world, h );
			}
			double t1 = ttNowMilliseconds();
			for ( int j = 0; j < jointCount; ++j )
			{
				ttJoint_SolvePositions( world, ttAwakeJoint( world, j ), h, ttJointPhase_positional );
			}
			for ( int j = 0; j < jointCount; ++j )
			{
				ttJoint_SolvePositions( world, ttAwakeJoint( world, j ), h, ttJointPhase_angular );
			}
			contactMs += t1 - t0;
			jointMs += ttNowMilliseconds() - t1;
			// Long range projections last in each iteration (paper section 4): the bounds undo
			// in one pass the stretch the joints leave behind, then hinge chains into their plane.
			ttLongRange_SolvePositions( world, h );
			ttSupport_SolvePositions( world, h );
			ttHingeChains_Solve( world );
		}
		// Fracture from the joint forces of the iterations, then rigid unions (paper section 3.5).
		ttUnions_Solve( world, h );

		for ( int i = 0; i < bodyCount; ++i )
		{
			ttBody* body = ttAwakeBody( world, i );
			if ( body->type == ttBody_dynamic )
			{
				ttDeriveVelocities( body, h );
			}
			body->substepRotation = ttScale( h, body->w );
		}

		t0 = ttNowMilliseconds();
		if ( softContacts )
		{
			ttSoftContacts_Solve( world, h, false );
			ttSoftContacts_ApplyRestitution( world, h );
		}
		else if ( xpbdContacts )
		{
			ttContactSolver_SolveVelocities( world, h );
		}
		double t1 = ttNowMilliseconds();
		for ( int j = 0; j < jointCount; ++j )
		{
			ttJoint* joint = ttAwakeJoint( world, j );
			ttJoint_SolveVelocities( world, joint, h );
			ttJoint_EndSubstep( joint, h );
		}
		contactMs += t1 - t0;
		jointMs += ttNowMilliseconds() - t1;
	}

	for ( int i = 0; i < bodyCount; ++i )
	{
		ttFinishBody( ttAwakeBody( world, i ) );
	}
	ttBreakJoints( world );
	ttUpdateContactEvents( world );
	ttIsland_EndStep( world, timeStep );

	world->stats.bodyCount = world->bodies.liveCount - 1;
	world->stats.jointCount = world->joints.liveCount;
	world->stats.awakeBodyCount = bodyCount;
	world->stats.awakeJointCount = jointCount;
	world->stats.pairCount = world->pairCount;
	int contactCount = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		contactCount += world->manifolds[i].pointCount;
	}
	world->stats.contactCount = contactCount;
	world->stats.collideMs = collideMs;
	world->stats.jointSolveMs = jointMs;
	world->stats.contactSolveMs = contactMs;
	world->stats.solveMs = ttNowMilliseconds() - start - collideMs;
}
