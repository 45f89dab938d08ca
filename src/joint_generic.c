// SPDX-License-Identifier: MIT
// Generic joint: independent positional limits along the three axes of frame A, all handled in
// one projection (paper section 3.4.2), with the rotation either locked or free. Solved in the
// positional pass; a locked rotation is removed in the same block solve as the positional part.
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
	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	ttJoint_AttachAxes( joint, bodyA, bodyB, &f, def->lowerTranslation, def->upperTranslation, def->lockRotation, h );
}
