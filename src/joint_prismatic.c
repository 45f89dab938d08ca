// SPDX-License-Identifier: MIT
// Prismatic joint: rotation locked, translation only along frame A's x axis within limits
// (section 3.4.2 with every limit but the first axis's set to zero), a positional drive toward a
// target offset (eq. 25 with d_target, applied unconditionally) and a constant force drive.
#include "constraint.h"
#include "world.h"

#include "tether/tether.h"

void ttPrismaticJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttPrismaticJointDef* def = &joint->prismatic;

	if ( phase != ttJointPhase_positional )
	{
		return; // the lock and the translation limits are equalities of the positional pass
	}
	ttJointFrame f;
	if ( def->enableDrive )
	{
		f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttReal offset = ttDot( f.delta, f.aA ) - def->targetTranslation;
		ttReal maxLambda = def->maxDriveForce * h * h;
		// A's lever is B's anchor: the axis turns with A (see ttJoint_AttachAxes).
		ttVec3 rA = ttAdd( f.rA, f.delta );
		ttReal deltaLambda = ttApplyPositionalCorrection( bodyA, bodyB, rA, f.rB, f.aA, offset, def->driveCompliance, h,
		                                                  joint->lambda + ttJointPart_drive, -maxLambda, maxLambda );
		joint->linearImpulse = ttMulAdd( joint->linearImpulse, deltaLambda, f.aA );
	}

	f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	// A free first axis is written as lower > upper.
	ttReal lower = def->enableLimit ? def->lowerTranslation : 1;
	ttReal upper = def->enableLimit ? def->upperTranslation : 0;
	// The rotation lock and the other two axes in one block solve (ttJoint_AttachAxes).
	ttJoint_AttachAxes( joint, bodyA, bodyB, &f, ( ttVec3 ){ lower, 0, 0 }, ( ttVec3 ){ upper, 0, 0 }, true, h );
}

// The force drive acts like an external force pair at the anchors, integrated with the other
// external forces at the start of the substep.
void ttPrismaticJoint_ApplyDriveForce( ttWorld* world, ttJoint* joint, ttReal h )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	ttApplyVelocityImpulse( bodyA, bodyB, f.rA, f.rB, ttScale( joint->prismatic.driveForce * h, f.aA ) );
}
