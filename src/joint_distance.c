// SPDX-License-Identifier: MIT
// Distance joint: the distance between the frame origins stays within [min, max] (eq. 25 and its
// lower-bound twin). With min = max = 0 and a compliance it is a zero-rest-length spring.
#include "constraint.h"
#include "world.h"

#include "tether/tether.h"

void ttDistanceJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	if ( phase != ttJointPhase_positional )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttDistanceJointDef* def = &joint->distance;

	ttJointFrame f = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
	ttReal length;
	ttVec3 n = ttGetLengthAndNormalize( &length, f.delta );
	if ( length < (ttReal)1e-12 )
	{
		return; // direction undefined; a zero-length spring is satisfied here anyway
	}
	ttReal c;
	if ( length > def->maxLength )
	{
		c = length - def->maxLength;
	}
	else if ( length < def->minLength )
	{
		c = length - def->minLength;
	}
	else
	{
		return;
	}
	ttReal deltaLambda = ttApplyPositionalCorrection( bodyA, bodyB, f.rA, f.rB, n, c, def->compliance, h,
	                                                  joint->lambda + ttJointPart_linear, -TT_HUGE, TT_HUGE );
	joint->linearImpulse = ttMulAdd( joint->linearImpulse, deltaLambda, n );
}
