// SPDX-License-Identifier: MIT
// Hinge joint about the frames' x axes (paper section 3.4.1): axis alignment (eq. 20), angle
// limits (Algorithm 3 with [n, n1, n2] = [a1, b1, b2]), target angle (eq. 21), velocity motor
// (a target advancing by h v per substep) and the positional attachment.
#include "constraint.h"
#include "core.h"
#include "world.h"

#include "tether/tether.h"

ttReal ttHingeJoint_ComputeAngle( const ttJointFrame* frame )
{
	return ttSignedAngle( frame->aA, frame->bA, frame->bB );
}

void ttHingeJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttHingeJointDef* def = &joint->hinge;

	if ( phase == ttJointPhase_positional )
	{
		ttJointFrame anchors = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
		ttJoint_Attach( joint, bodyA, bodyB, &anchors, anchors.delta, h );
		return;
	}

	ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
	ttJoint_LockRotation( joint, bodyA, bodyB, ttCross( f.aA, f.aB ), h );

	if ( def->enableMotor || def->enableTarget )
	{
		f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttReal target = def->enableMotor ? joint->motorAngle : def->targetAngle;
		ttReal compliance = def->enableMotor ? def->motorCompliance : def->targetCompliance;
		ttReal maxLambda = def->enableMotor ? def->maxMotorTorque * h * h : TT_HUGE;
		// Eq. 21: rotate b1 about a1 by the target angle and align b2 with it. The error is the
		// remaining rotation about the hinge axis, so a bounded multiplier caps the motor torque.
		ttVec3 bTarget = ttRotate( ttQuatFromAxisAngle( f.aA, target ), f.bA );
		ttReal angle = ttSignedAngle( f.aA, bTarget, f.bB );
		ttReal deltaLambda = ttApplyAngularCorrection( bodyA, bodyB, f.aA, angle, compliance, h,
		                                               joint->lambda + ttJointPart_drive, -maxLambda, maxLambda );
		joint->angularImpulse = ttMulAdd( joint->angularImpulse, deltaLambda, f.aA );
	}

	if ( def->enableLimit )
	{
		f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttLimitAngle( bodyA, bodyB, f.aA, f.bA, f.bB, def->lowerAngle, def->upperAngle, def->limitCompliance, h,
		              joint->lambda + ttJointPart_limit, &joint->angularImpulse );
	}
}
