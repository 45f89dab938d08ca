// SPDX-License-Identifier: MIT
// Spherical joint: positional attachment with swing and twist limits about the frames' x axes,
// decoupled as in the paper's eqs. 22-24, each with its own compliance.
#include "constraint.h"
#include "world.h"

ttReal ttSphericalJoint_ComputeSwing( const ttJointFrame* frame )
{
	return ttAtan2( ttLength( ttCross( frame->aA, frame->aB ) ), ttDot( frame->aA, frame->aB ) );
}

// Eqs. 22-24: the twist is measured about the bisector of the two x axes, between the y axes
// projected onto the plane normal to it, so that swinging does not register as twist.
static bool ttTwistAxes( const ttJointFrame* frame, ttVec3* n, ttVec3* n1, ttVec3* n2 )
{
	ttReal length;
	*n = ttGetLengthAndNormalize( &length, ttAdd( frame->aA, frame->aB ) );
	if ( length < (ttReal)1e-6 )
	{
		return false; // swung by 180 degrees: twist is undefined
	}
	*n1 = ttNormalize( ttMulAdd( frame->bA, -ttDot( *n, frame->bA ), *n ) );
	*n2 = ttNormalize( ttMulAdd( frame->bB, -ttDot( *n, frame->bB ), *n ) );
	return true;
}

ttReal ttSphericalJoint_ComputeTwist( const ttJointFrame* frame )
{
	ttVec3 n, n1, n2;
	if ( ttTwistAxes( frame, &n, &n1, &n2 ) == false )
	{
		return 0;
	}
	return ttSignedAngle( n, n1, n2 );
}

void ttSphericalJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttSphericalJointDef* def = &joint->spherical;

	if ( phase == ttJointPhase_positional )
	{
		ttJointFrame anchors = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
		ttJoint_Attach( joint, bodyA, bodyB, &anchors, anchors.delta, h );
		return;
	}

	if ( def->enableSwingLimit )
	{
		ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttReal length;
		ttVec3 n = ttGetLengthAndNormalize( &length, ttCross( f.aA, f.aB ) );
		if ( length > (ttReal)1e-9 )
		{
			ttLimitAngle( bodyA, bodyB, n, f.aA, f.aB, -def->maxSwingAngle, def->maxSwingAngle, def->swingCompliance, h,
			              joint->lambda + ttJointPart_limit, &joint->angularImpulse );
		}
		else if ( ttDot( f.aA, f.aB ) < 0 && def->maxSwingAngle < TT_PI )
		{
			// Exactly opposite axes: any perpendicular direction brings them back.
			ttVec3 axis = ttPerpendicular( f.aA );
			ttApplyAngularError( bodyA, bodyB, ttScale( TT_PI - def->maxSwingAngle, axis ), def->swingCompliance, h,
			                     joint->lambda + ttJointPart_limit, &joint->angularImpulse );
		}
	}

	if ( def->enableTwistLimit )
	{
		ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttVec3 n, n1, n2;
		if ( ttTwistAxes( &f, &n, &n1, &n2 ) )
		{
			ttLimitAngle( bodyA, bodyB, n, n1, n2, def->lowerTwistAngle, def->upperTwistAngle, def->twistCompliance, h,
			              joint->lambda + ttJointPart_twist, &joint->angularImpulse );
		}
	}
}
