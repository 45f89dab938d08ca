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

// Gradient of the twist angle with respect to a small rotation of B (that for A is its negative:
// the twist depends only on the relative rotation). With a = a_A, p = b_A, b = a_B, r = b_B and
// s = a + b, the twist is atan2(Y, X) with Y = |s| s.(p x r) and X = |s|^2 p.r - (s.p)(s.r) (the
// bisector formulas of eqs. 22-24 scaled by |s|^2). The paper corrects about the bisector by the
// excess angle, but the gradient leaves the bisector as the swing grows and reaches twice its
// length near 120 degrees of swing: corrected about the bisector, a twist limit overshot by more
// than its error and a long pendulum swinging wide gained energy until it blew up.
static ttVec3 ttTwistGradient( const ttJointFrame* frame )
{
	ttVec3 a = frame->aA, p = frame->bA, b = frame->aB, r = frame->bB;
	ttVec3 s = ttAdd( a, b );
	ttReal length = ttLength( s );
	if ( length < (ttReal)1e-6 )
	{
		return TT_VEC3_ZERO; // swung by 180 degrees: twist is undefined
	}
	ttVec3 n = ttScale( 1 / length, s );
	ttVec3 pr = ttCross( p, r );
	ttReal spr = ttDot( s, pr ), dotPR = ttDot( p, r ), sp = ttDot( s, p ), sr = ttDot( s, r );
	ttReal y = length * spr;
	ttReal x = length * length * dotPR - sp * sr;
	// d|s| = (b x n).delta, d s = delta x b, d r = delta x r.
	ttVec3 gy = ttMulAdd( ttScale( spr, ttCross( b, n ) ), length,
	                      ttAdd( ttCross( b, pr ), ttSub( ttScale( dotPR, s ), ttScale( sr, p ) ) ) );
	ttVec3 gx = ttAdd( ttAdd( ttScale( 2 * dotPR, ttCross( b, s ) ), ttScale( length * length, ttCross( r, p ) ) ),
	                   ttNeg( ttAdd( ttScale( sr, ttCross( b, p ) ), ttScale( sp, ttCross( r, a ) ) ) ) );
	ttReal denominator = x * x + y * y;
	if ( denominator <= 0 )
	{
		return TT_VEC3_ZERO;
	}
	return ttScale( 1 / denominator, ttSub( ttScale( x, gy ), ttScale( y, gx ) ) );
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
		ttReal excess = ttSphericalJoint_ComputeSwing( &f ) - def->maxSwingAngle;
		if ( length > (ttReal)1e-9 && excess > 0 && def->swingCompliance == 0 && joint->linearCompliance == 0 )
		{
			// Past a rigid cone the joint is solved as one block: the attachment and the swing
			// back about n. Turned back about the bodies' centres alone, the stop opened the
			// attachment by the lever times the excess, and the attachment's pull back the next
			// substep left a light ball on a long lever spinning: a ball pressed into its cone
			// gained energy every substep (docs/hardening.md, "Soak").
			ttJointFrame anchors = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
			ttJointRows rows = ttWeldRows( anchors.rA, anchors.rB, anchors.delta, TT_VEC3_ZERO );
			rows.angularAxes[0] = n;
			rows.angularErrors[0] = excess;
			rows.angularSigns[0] = 1;
			rows.angularCount = 1;
			ttApplyJointRows( bodyA, bodyB, &rows, 0, 0, h, &joint->linearLambda, &joint->angularLambda,
			                  &joint->linearImpulse, &joint->angularImpulse );
		}
		else if ( length > (ttReal)1e-9 )
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
		ttReal twist = ttSphericalJoint_ComputeTwist( &f );
		ttReal excess = ttAngleLimitExcess( twist, def->lowerTwistAngle, def->upperTwistAngle );
		ttReal length;
		ttVec3 n = ttGetLengthAndNormalize( &length, ttTwistGradient( &f ) );
		if ( excess != 0 && length > (ttReal)1e-9 && def->twistCompliance == 0 && joint->linearCompliance == 0 )
		{
			// A rigid twist stop in one block with the attachment, as the cone above.
			ttJointFrame anchors = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
			ttJointRows rows = ttWeldRows( anchors.rA, anchors.rB, anchors.delta, TT_VEC3_ZERO );
			rows.angularAxes[0] = n;
			rows.angularErrors[0] = excess / length;
			rows.angularSigns[0] = excess > 0 ? 1 : -1;
			rows.angularCount = 1;
			ttApplyJointRows( bodyA, bodyB, &rows, 0, 0, h, &joint->linearLambda, &joint->angularLambda,
			                  &joint->linearImpulse, &joint->angularImpulse );
		}
		else if ( excess != 0 && length > (ttReal)1e-9 )
		{
			// A constraint C with gradient g = length n: the correction along n by C / length is
			// the XPBD step -M^-1 g C / (g^T M^-1 g).
			ttReal deltaLambda = ttApplyAngularCorrection( bodyA, bodyB, n, excess / length, def->twistCompliance, h,
			                                               joint->lambda + ttJointPart_twist, -TT_HUGE, TT_HUGE );
			joint->angularImpulse = ttMulAdd( joint->angularImpulse, deltaLambda, n );
		}
	}
}
