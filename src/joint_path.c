// SPDX-License-Identifier: MIT
// Path joint: a point of body B kept on a curve fixed to body A (a bead on a wire, a roller
// coaster's wheel on its rail; van Overveld & Barenbrug's point-to-curve constraint, section 2.6).
// The curve (curve.c) is a polyline through the user's points, or a uniform Catmull-Rom spline
// through them, parameterised by arc length s. Each solve finds the curve point nearest to B's
// point (searching near last solve's segment: a bead moves a little per substep; on a spline, on
// the spline itself) and pulls B's point to it along the error's part normal to the curve, so
// the bead slides along it without friction. Limits keep s within [lower, upper] (a curve that is not closed always
// ends at its ends); a motor drives the speed along the curve with a force cap.
#include "joint_path.h"

#include "constraint.h"
#include "core.h"
#include "joint.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>
#include <string.h>

// ---------------------------------------------------------------------------------------------
// The joint

ttPathFrame ttPathJoint_ComputeFrame( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB )
{
	const ttPathJointDef* def = &joint->path;
	ttPathFrame f;
	f.rB = ttRotate( bodyB->q, joint->simFrameB.p );
	ttVec3 pointB = ttAdd( ttBody_Center( bodyB ), f.rB );
	// B's point in A's principal frame, where the curve lives.
	ttVec3 local = ttInvRotate( bodyA->q, ttSub( pointB, ttBody_Center( bodyA ) ) );
	ttReal s = ttCurve_Nearest( joint->curve, local, joint->pathPosition );
	ttReal lower = def->enableLimit ? def->lowerPosition : 0;
	ttReal upper = def->enableLimit ? def->upperPosition : joint->curve->length;
	f.atLower = false;
	f.atUpper = false;
	if ( def->enableLimit || joint->curve->closed == false )
	{
		f.atLower = s <= lower;
		f.atUpper = s >= upper;
		s = ttClampReal( s, lower, upper );
	}
	f.s = s;
	ttVec3 point, tangent;
	ttCurve_Evaluate( joint->curve, s, &point, &tangent );
	f.rA = ttRotate( bodyA->q, point );
	f.tangent = ttRotate( bodyA->q, tangent );
	f.delta = ttSub( pointB, ttAdd( ttBody_Center( bodyA ), f.rA ) );
	return f;
}

void ttPathJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	if ( phase != ttJointPhase_positional )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	joint->pathPosition = f.s;
	// At a limit or an open end the error also has its part along the curve, which stops the bead:
	// the point is attached there in all three directions.
	if ( f.atLower || f.atUpper )
	{
		ttVec3 impulse = ttApplyPointCorrection( bodyA, bodyB, f.rA, f.rB, f.delta, joint->linearCompliance, h,
		                                         &joint->linearLambda );
		joint->linearImpulse = ttAdd( joint->linearImpulse, impulse );
		return;
	}
	// Elsewhere the nearest point makes the error normal to the curve, and the correction acts
	// along the error only (eqs. 2-9 with n = error / |error|): the wire pushes, it does not pull
	// along itself. A three-direction point correction would move the point onto the curve too,
	// but with an impulse that has a part along the curve wherever the body's turning couples the
	// directions (K^-1 of a point off the centre is not isotropic): that part does work, and a
	// two-wheeled car on a closed rail gained and lost 2.5 % of its energy with the height.
	// The error's part along the tangent is dropped: it is zero at the exact nearest point, and
	// what the nearest-point search leaves of it (rounding: a micrometre 12 m from the origin in
	// float) would otherwise pull the point along the rail.
	ttVec3 error = ttMulAdd( f.delta, -ttDot( f.delta, f.tangent ), f.tangent );
	ttVec3 n = ttNormalize( error );
	ttReal lambda = ttDot( joint->linearLambda, n ), before = lambda;
	ttApplyPositionalError( bodyA, bodyB, f.rA, f.rB, error, joint->linearCompliance, h, &lambda,
	                        &joint->linearImpulse );
	joint->linearLambda = ttMulAdd( joint->linearLambda, lambda - before, n );
}

// The motor at the velocity level (like joint damping, eqs. 31-32): the speed of B's point along
// the curve relative to A's point is driven toward motorSpeed, within maxMotorForce h per substep.
void ttPathJoint_SolveMotor( ttWorld* world, ttJoint* joint, ttReal h )
{
	const ttPathJointDef* def = &joint->path;
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, f.rB ), ttBody_PointVelocity( bodyA, f.rA ) );
	ttReal speed = ttDot( relative, f.tangent );
	ttReal w = ttBody_PositionalInvMass( bodyA, f.rA, f.tangent ) + ttBody_PositionalInvMass( bodyB, f.rB, f.tangent );
	if ( w <= 0 )
	{
		return;
	}
	ttReal cap = def->maxMotorForce * h;
	ttReal impulse = ttClampReal( ( def->motorSpeed - speed ) / w, -cap, cap );
	ttApplyVelocityImpulse( bodyA, bodyB, f.rA, f.rB, ttScale( impulse, f.tangent ) );
	// Readout: the velocity impulse as a positional multiplier (force = lambda / h^2).
	joint->linearImpulse = ttMulAdd( joint->linearImpulse, impulse * h, f.tangent );
}

void ttPathJoint_Destroy( ttJoint* joint )
{
	if ( joint->type == ttJoint_path )
	{
		ttCurve_Destroy( joint->curve );
		joint->curve = NULL;
	}
}

// ---------------------------------------------------------------------------------------------
// API

static ttJoint* ttResolvePath( const char* function, ttJointId jointId, ttWorld** world )
{
	ttJoint* joint = ttResolveJoint( function, jointId, world );
	if ( joint != NULL && joint->type != ttJoint_path )
	{
		ttReportError( function, "not a path joint" );
		return NULL;
	}
	return joint;
}

ttReal ttPathJoint_GetPosition( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	return ttPathJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) )
	    .s;
}

ttReal ttPathJoint_GetLength( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	return joint != NULL ? joint->curve->length : 0;
}

ttReal ttPathJoint_GetSpeed( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, f.rB ), ttBody_PointVelocity( bodyA, f.rA ) );
	return ttDot( relative, f.tangent );
}
