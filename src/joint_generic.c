// SPDX-License-Identifier: MIT
// Generic joint: independent positional limits along the three axes of frame A, all handled in
// one projection (paper section 3.4.2), with the rotation either locked or free. Solved in the
// positional pass, the lock first, as for the fixed joint.
#include "constraint.h"
#include "world.h"

void ttGenericJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	if ( phase != ttJointPhase_positional )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttGenericJointDef* def = &joint->generic;
	if ( def->lockRotation )
	{
		ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttJoint_LockRotation( joint, bodyA, bodyB, ttJoint_RotationError( &f ), h );
	}
	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	ttVec3 error = ttJoint_AxisLimitError( &f, def->lowerTranslation, def->upperTranslation );
	ttJoint_Attach( joint, bodyA, bodyB, &f, error, h );
}
