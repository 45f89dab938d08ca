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

// The attachment (three positional rows), the alignment of the axes (eq. 20: the error a_A x a_B
// about the two axes across the hinge, b_A and c_A) and, with a stop passed by `excess`, the
// stop about a_A.
static ttJointRows ttHingeRows( const ttJointFrame* f, ttReal excess )
{
	ttJointRows rows = ttWeldRows( f->rA, f->rB, f->delta, TT_VEC3_ZERO );
	ttVec3 misalignment = ttCross( f->aA, f->aB );
	rows.angularAxes[0] = f->bA;
	rows.angularAxes[1] = f->cA;
	rows.angularAxes[2] = f->aA;
	rows.angularErrors[0] = ttDot( misalignment, f->bA );
	rows.angularErrors[1] = ttDot( misalignment, f->cA );
	rows.angularErrors[2] = excess;
	rows.angularSigns[2] = excess > 0 ? 1 : -1;
	rows.angularCount = excess != 0 ? 3 : 2;
	return rows;
}

void ttHingeJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	const ttHingeJointDef* def = &joint->hinge;

	if ( phase == ttJointPhase_positional )
	{
		// Attachment and axis alignment (eq. 20) in one block (ttApplyJointRows).
		ttJointFrame f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttJointRows rows = ttHingeRows( &f, 0 );
		ttApplyJointRows( bodyA, bodyB, &rows, joint->linearCompliance, joint->angularCompliance, h,
		                  &joint->linearLambda, &joint->angularLambda, &joint->linearImpulse, &joint->angularImpulse );
		return;
	}

	ttJointFrame f;
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
		if ( def->enableMotor == false && compliance == 0 && joint->angularCompliance == 0 && angle != 0 )
		{
			// A rigid target holds the hinge like a weld: one block with the attachment and the
			// alignment, as for a stop. Turned alone about the bodies' centres, it opened the
			// attachment, and at 1 substep of 1/60 s the float build swung away from the target.
			ttJointRows rows = ttHingeRows( &f, angle );
			rows.angularSigns[2] = 0; // an equality
			ttApplyJointRows( bodyA, bodyB, &rows, joint->linearCompliance, 0, h, &joint->linearLambda,
			                  &joint->angularLambda, &joint->linearImpulse, &joint->angularImpulse );
			f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
			angle = 0;
		}
		ttReal deltaLambda = ttApplyAngularCorrection( bodyA, bodyB, f.aA, angle, compliance, h,
		                                               joint->lambda + ttJointPart_drive, -maxLambda, maxLambda );
		joint->angularImpulse = ttMulAdd( joint->angularImpulse, deltaLambda, f.aA );
	}

	if ( def->enableLimit )
	{
		f = ttJoint_ComputeFrame( joint, bodyA, bodyB );
		ttReal excess = ttAngleLimitExcess( ttHingeJoint_ComputeAngle( &f ), def->lowerAngle, def->upperAngle );
		if ( excess != 0 && def->limitCompliance == joint->angularCompliance )
		{
			// Past a stop the hinge is a weld for this iteration: the stop, the alignment and the
			// attachment in one block. Turned back about the bodies' centres alone, the stop
			// opened the attachment by the lever arm times the excess.
			ttJointRows rows = ttHingeRows( &f, excess );
			ttApplyJointRows( bodyA, bodyB, &rows, joint->linearCompliance, joint->angularCompliance, h,
			                  &joint->linearLambda, &joint->angularLambda, &joint->linearImpulse,
			                  &joint->angularImpulse );
			return;
		}
		ttLimitAngle( bodyA, bodyB, f.aA, f.bA, f.bB, def->lowerAngle, def->upperAngle, def->limitCompliance, h,
		              joint->lambda + ttJointPart_limit, &joint->angularImpulse );
	}
}
