// SPDX-License-Identifier: MIT
// The XPBD step, Algorithm 2 of Mueller et al. 2020, as a list of phases:
//   collect pairs once per step;
//   per substep: integrate -> narrow phase -> position solve (contacts, then joints) ->
//                velocities from positions -> velocity pass (contacts, then joints);
//   after the step: fold the accumulated displacements into the positions, break joints.
// Contacts are reached only through ttUpdateContacts and ttContactSolver_*, so a velocity-level
// contact solver can replace that family without touching the rest of this file.
#include "constraint.h"
#include "core.h"
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

static void ttIntegrateBody( const ttWorld* world, ttBody* body, ttReal h )
{
	body->prevDelta = body->delta;
	body->prevQ = body->q;
	if ( body->type == ttBody_static )
	{
		return;
	}
	if ( body->type == ttBody_dynamic )
	{
		// Damping acts on the velocity the body arrived with, before this substep's loads: damped
		// after them, a body held at rest would feel gravity reduced to g / (1 + h c), and the
		// joint holding it would read a force that depends on the damping and the substep.
		ttVec3 acceleration = ttMulAdd( ttScale( body->gravityScale, world->gravity ), body->invMass, body->force );
		body->v = ttScale( 1 / ( 1 + h * body->linearDamping ), body->v );
		body->v = ttMulAdd( body->v, h, acceleration );
		if ( body->fixedRotation == false )
		{
			body->w = ttScale( 1 / ( 1 + h * body->angularDamping ), body->w );
			body->w = ttAdd( body->w, ttScale( h, ttBody_ApplyInvInertia( body, body->torque ) ) );
			body->w = ttSolveGyroscopic( body, body->w, h );
		}
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

static void ttPushBreakEvent( ttWorld* world, int jointIndex, const ttJoint* joint )
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
	for ( int i = 0; i < world->joints.count; ++i )
	{
		if ( world->joints.used[i] == false )
		{
			continue;
		}
		ttJoint* joint = ttWorld_Joint( world, i );
		if ( ttLength( joint->force ) > joint->breakForce || ttLength( joint->torque ) > joint->breakTorque )
		{
			ttPushBreakEvent( world, i, joint );
			ttWorld_RemoveJoint( world, i );
		}
	}
}

#define TT_FOR_EACH_LIVE( pool, index )                                                                                \
	for ( int index = 0; index < ( pool ).count; ++index )                                                             \
		if ( ( pool ).used[index] )

void ttSolveXpbd( ttWorld* world, ttReal timeStep )
{
	int substeps = world->substeps;
	ttReal h = timeStep / (ttReal)substeps;
	world->substepTime = h;
	double collideMs = 0, jointMs = 0, contactMs = 0;
	double start = ttNowMilliseconds();

	TT_FOR_EACH_LIVE( world->joints, j )
	{
		ttJoint_Prepare( world, ttWorld_Joint( world, j ) );
	}
	TT_FOR_EACH_LIVE( world->bodies, b )
	{
		ttPrepareKinematic( ttWorld_Body( world, b ), timeStep );
	}
	ttLongRange_Analyze( world );
	if ( world->enableContacts )
	{
		double t0 = ttNowMilliseconds();
		ttCollectPairs( world, timeStep );
		collideMs += ttNowMilliseconds() - t0;
	}
	else
	{
		world->pairCount = 0;
		world->manifoldCount = 0;
	}

	for ( int substep = 0; substep < substeps; ++substep )
	{
		TT_FOR_EACH_LIVE( world->joints, j )
		{
			ttJoint_BeginSubstep( world, ttWorld_Joint( world, j ), h );
		}
		ttLongRange_BeginSubstep( world );
		TT_FOR_EACH_LIVE( world->bodies, b )
		{
			ttIntegrateBody( world, ttWorld_Body( world, b ), h );
		}
		if ( world->enableContacts )
		{
			double t0 = ttNowMilliseconds();
			ttUpdateContacts( world );
			collideMs += ttNowMilliseconds() - t0;
		}

		// Contacts before joints: articulations resting on the ground slide less this way.
		for ( int iteration = 0; iteration < world->iterations; ++iteration )
		{
			double t0 = ttNowMilliseconds();
			ttContactSolver_SolvePositions( world, h );
			double t1 = ttNowMilliseconds();
			TT_FOR_EACH_LIVE( world->joints, j )
			{
				ttJoint_SolvePositions( world, ttWorld_Joint( world, j ), h, ttJointPhase_positional );
			}
			TT_FOR_EACH_LIVE( world->joints, j )
			{
				ttJoint_SolvePositions( world, ttWorld_Joint( world, j ), h, ttJointPhase_angular );
			}
			contactMs += t1 - t0;
			jointMs += ttNowMilliseconds() - t1;
			// Long range bounds last: they undo in one pass the stretch the joints leave behind.
			ttLongRange_SolvePositions( world, h );
		}

		TT_FOR_EACH_LIVE( world->bodies, b )
		{
			ttBody* body = ttWorld_Body( world, b );
			if ( body->type == ttBody_dynamic )
			{
				ttDeriveVelocities( body, h );
			}
		}

		double t0 = ttNowMilliseconds();
		ttContactSolver_SolveVelocities( world, h );
		double t1 = ttNowMilliseconds();
		TT_FOR_EACH_LIVE( world->joints, j )
		{
			ttJoint* joint = ttWorld_Joint( world, j );
			ttJoint_SolveVelocities( world, joint, h );
			ttJoint_EndSubstep( joint, h );
		}
		contactMs += t1 - t0;
		jointMs += ttNowMilliseconds() - t1;
	}

	TT_FOR_EACH_LIVE( world->bodies, b )
	{
		ttFinishBody( ttWorld_Body( world, b ) );
	}
	ttBreakJoints( world );

	world->stats.bodyCount = world->bodies.liveCount - 1;
	world->stats.jointCount = world->joints.liveCount;
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
