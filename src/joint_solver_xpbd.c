// SPDX-License-Identifier: MIT
// The XPBD joint family (paper sections 3.3-3.4) as a table for the step: the joint types'
// position solves (joint.c dispatches on the type) run in every iteration, positional parts of
// all joints before their angular parts, and joint damping runs in the velocity pass.
#include "joint.h"
#include "joint_solver.h"
#include "world.h"

// The step visits the joints with an awake body (island.c): sleeping ones cost nothing.
static ttJoint* ttAwakeJoint( ttWorld* world, int i )
{
	return ttWorld_Joint( world, world->awakeJoints[i] );
}

static void ttXpbdJoints_Prepare( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint_Prepare( ctx->world, ttAwakeJoint( ctx->world, j ) );
	}
}

static void ttXpbdJoints_BeginSubstep( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint_BeginSubstep( ctx->world, ttAwakeJoint( ctx->world, j ), ctx->h );
	}
}

// Two passes: every joint's attachment before any joint's angular parts. Interleaved, a wrist
// pulled by its positional correction passed its stop by 2 degrees (the robot arm of fig. 17).
static void ttXpbdJoints_SolvePositions( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint_SolvePositions( ctx->world, ttAwakeJoint( ctx->world, j ), ctx->h, ttJointPhase_positional );
	}
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint_SolvePositions( ctx->world, ttAwakeJoint( ctx->world, j ), ctx->h, ttJointPhase_angular );
	}
}

// Damping, then the force and torque readouts from the substep's multipliers.
static void ttXpbdJoints_SolveVelocities( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint* joint = ttAwakeJoint( ctx->world, j );
		ttJoint_SolveVelocities( ctx->world, joint, ctx->h );
		ttJoint_EndSubstep( joint, ctx->h );
	}
}

const ttJointFamily ttXpbdJoints = {
    .name = "xpbd",
    .prepare = ttXpbdJoints_Prepare,
    .beginSubstep = ttXpbdJoints_BeginSubstep,
    .solveBeforePositions = NULL,
    .solvePositions = ttXpbdJoints_SolvePositions,
    .solveVelocities = ttXpbdJoints_SolveVelocities,
    .destroy = NULL,
};
