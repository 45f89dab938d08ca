// SPDX-License-Identifier: MIT
// Fixed joint: anchors attached (section 3.4.2) and orientations locked (eqs. 18-19), both removed
// at once by the 6x6 block correction (ttApplyWeldCorrection) in the positional pass.
#include "constraint.h"
#include "world.h"

void ttFixedJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	if ( phase != ttJointPhase_positional )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	ttApplyWeldCorrection( bodyA, bodyB, f.rA, f.rB, f.delta, ttJoint_RotationError( &f ), joint->linearCompliance,
	                       joint->angularCompliance, h, &joint->linearLambda, &joint->angularLambda,
	                       &joint->linearImpulse, &joint->angularImpulse );
}
