// SPDX-License-Identifier: MIT
// Path joints in the point-mass family (joint_pointmass.h): a point of B's constellation kept on
// a curve of A, van Overveld and Barenbrug's point-to-curve constraint (section 2.6).
#include "joint_pointmass.h"

#include "constraint.h"
#include "curve.h"
#include "joint_path.h"

/// A world vector in A's principal coordinates by the current frame: u_j = d . B_j / beta_j.
static ttVec3 ttPm_ToLocal( const ttPmFrame* frame, const ttBody* body, ttVec3 d )
{
	if ( frame == NULL )
	{
		return ttInvRotate( body->q, d );
	}
	return ( ttVec3 ){ ttDot( d, frame->axis[0] ) / frame->beta[0], ttDot( d, frame->axis[1] ) / frame->beta[1],
	                   ttDot( d, frame->axis[2] ) / frame->beta[2] };
}

/// Two unit vectors spanning the plane normal to the unit vector t.
static void ttPm_NormalPlane( ttVec3 t, ttVec3* n1, ttVec3* n2 )
{
	*n1 = ttPerpendicular( t );
	*n2 = ttCross( t, *n1 );
}

// At the substep's start: the arc length of B's point on the curve and the tangent there, in A's
// principal frame. The curve's forces act normal to that tangent all substep (the family's
// directions of time t), and the motor measures the travel along the curve from that point.
void ttPm_BeginPath( ttWorld* world, ttJoint* joint )
{
	ttPathFrame f =
	    ttPathJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) );
	ttVec3 point, tangent;
	ttCurve_Evaluate( joint->curve, f.s, &point, &tangent );
	joint->pathPosition = f.s;
	joint->pathStart = f.s;
	joint->pathStartTangent = tangent;
}

// A point of B's constellation on the curve g of A: a PTP between B's point p and the curve point
// g(s + delta), whose force must be normal to the curve (frictionless). The paper finds delta by
// iterating delta := delta - kappa lambda on the force's tangential part lambda; its fixed point
// is what is solved here directly: the curve point nearest to p gives s + delta, and the force F
// in the plane normal to the tangent at the substep's start (n1, n2) that moves p onto the curve
// up to a slide along it, m_i . (M_A + M_B) F = m_i . (p - g) with m_i spanning the plane normal
// to the tangent at g: a 2x2 system, eq. 22 restricted to the normal plane. Past a limit (or an
// open curve's end) the curve point is the limit's and the PTP is whole (3x3), which stops the
// point there. A motor is a force along the start tangent whose sum over the substep is capped
// by maxMotorForce h^2 (force = impulse / h^2, as the readouts), chosen so that the point travels
// motorSpeed h along the curve in the substep.
void ttPm_SolvePath( ttPmPair* pair, ttReal h )
{
	ttJoint* joint = pair->joint;
	const ttPathJointDef* def = &joint->path;
	const ttCurve* curve = joint->curve;
	ttVec3 uB = joint->simFrameB.p;
	ttVec3 centres =
	    ttAdd( ttSub( pair->bodyB->origin, pair->bodyA->origin ),
	           ttSub( ttPm_Center( pair->frameB, pair->bodyB ), ttPm_Center( pair->frameA, pair->bodyA ) ) );
	ttVec3 pointB = ttAdd( centres, ttPm_Offset( pair->frameB, pair->bodyB, uB ) ); // from A's centre
	ttReal s = ttCurve_Nearest( curve, ttPm_ToLocal( pair->frameA, pair->bodyA, pointB ), joint->pathPosition );
	ttVec3 uA, tangentLocal;
	ttCurve_Evaluate( curve, s, &uA, &tangentLocal );
	ttMat3 invA = ttPm_InvInertia( pair->frameA, pair->bodyA );
	ttMat3 invB = ttPm_InvInertia( pair->frameB, pair->bodyB );
	ttVec3 rA = ttPm_Lever( pair->frameA, pair->bodyA, uA );
	ttVec3 rB = ttPm_Lever( pair->frameB, pair->bodyB, uB );
	ttMat3 k = ttMat3Add( ttPm_Mobility( pair->frameA, pair->bodyA, rA, invA ),
	                      ttPm_Mobility( pair->frameB, pair->bodyB, rB, invB ) );
	ttVec3 startTangent = ttNormalize( ttPm_Lever( pair->frameA, pair->bodyA, joint->pathStartTangent ) );
	// The motor first, the curve and its limits last, so that they hold at the end of the solve;
	// both count where the motor's force will move the point (by -K F relative to A).
	ttVec3 force = TT_VEC3_ZERO;
	if ( def->enableMotor )
	{
		// Travel of B's point along the curve this substep so far, wrapped on a closed curve.
		ttReal travel = s - joint->pathStart;
		if ( curve->closed && 2 * ttAbs( travel ) > curve->length )
		{
			travel -= travel > 0 ? curve->length : -curve->length;
		}
		ttReal w = ttDot( startTangent, ttMat3MulVec( k, startTangent ) );
		if ( w > 0 )
		{
			ttReal cap = def->maxMotorForce * h * h;
			ttReal* total = joint->lambda + ttJointPart_drive;
			ttReal before = *total;
			*total = ttClampReal( before + ( travel - def->motorSpeed * h ) / w, -cap, cap );
			force = ttScale( *total - before, startTangent );
		}
	}
	ttVec3 moved = ttMat3MulVec( k, force );
	ttReal lower = def->enableLimit ? def->lowerPosition : 0;
	ttReal upper = def->enableLimit ? def->upperPosition : curve->length;
	bool atLimit = false;
	if ( def->enableLimit || curve->closed == false )
	{
		ttReal predicted = s - ttDot( startTangent, moved );
		atLimit = predicted <= lower || predicted >= upper;
		if ( atLimit )
		{
			s = ttClampReal( predicted, lower, upper );
			ttCurve_Evaluate( curve, s, &uA, &tangentLocal );
			rA = ttPm_Lever( pair->frameA, pair->bodyA, uA );
			k = ttMat3Add( ttPm_Mobility( pair->frameA, pair->bodyA, rA, invA ),
			               ttPm_Mobility( pair->frameB, pair->bodyB, rB, invB ) );
		}
	}
	joint->pathPosition = s;
	ttVec3 error = ttSub( ttSub( pointB, ttPm_Offset( pair->frameA, pair->bodyA, uA ) ), moved );
	if ( atLimit )
	{
		force = ttAdd( force, ttMat3Solve( k, error ) );
	}
	else
	{
		ttVec3 tangent = ttNormalize( ttPm_Offset( pair->frameA, pair->bodyA, tangentLocal ) );
		ttVec3 n[2], m[2];
		ttPm_NormalPlane( startTangent, n, n + 1 );
		ttPm_NormalPlane( tangent, m, m + 1 );
		ttVec3 kn0 = ttMat3MulVec( k, n[0] ), kn1 = ttMat3MulVec( k, n[1] );
		ttReal a00 = ttDot( m[0], kn0 ), a01 = ttDot( m[0], kn1 );
		ttReal a10 = ttDot( m[1], kn0 ), a11 = ttDot( m[1], kn1 );
		ttReal b0 = ttDot( m[0], error ), b1 = ttDot( m[1], error );
		ttReal det = a00 * a11 - a01 * a10;
		ttReal scale = ttAbs( a00 ) + ttAbs( a11 );
		if ( scale > 0 && ttAbs( det ) > (ttReal)1e-9 * scale * scale )
		{
			ttReal f0 = ( b0 * a11 - b1 * a01 ) / det;
			ttReal f1 = ( a00 * b1 - a10 * b0 ) / det;
			force = ttAdd( force, ttAdd( ttScale( f0, n[0] ), ttScale( f1, n[1] ) ) );
		}
	}
	ttPm_ApplyForce( pair->frameA, pair->bodyA, rA, invA, force );
	ttPm_ApplyForce( pair->frameB, pair->bodyB, rB, invB, ttNeg( force ) );
	joint->linearImpulse = ttSub( joint->linearImpulse, force );
}
