// SPDX-License-Identifier: MIT
// Fixed joint: anchors attached (section 3.4.2), orientations locked (eqs. 18-19).
#include "constraint.h"
#include "world.h"

void ttFixedJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	if ( phase == ttJointPhase_positional )
	{
		ttJointFrame f = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
		ttJoint_Attach( joint, bodyA, bodyB, &f, f.delta, h );
	}
	else
	{
		ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttJoint_LockRotation( joint, bodyA, bodyB, ttJoint_RotationError( &f ), h );
	}
}
