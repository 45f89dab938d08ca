// SPDX-License-Identifier: MIT
// Generic joint: independent positional limits along the three axes of frame A, all handled in
// one projection (paper section 3.4.2), with the rotation either locked or free.
#include "constraint.h"
#include "world.h"

void ttGenericJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttGenericJointDef* def = &joint->generic;
	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	if ( phase == ttJointPhase_positional )
	{
		ttVec3 error = ttJoint_AxisLimitError( &f, def->lowerTranslation, def->upperTranslation );
		ttJoint_Attach( joint, bodyA, bodyB, &f, error, h );
	}
	else if ( def->lockRotation )
	{
		ttJoint_LockRotation( joint, bodyA, bodyB, ttJoint_RotationError( &f ), h );
	}
}
