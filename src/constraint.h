// SPDX-License-Identifier: MIT
// The two primitive corrections of the XPBD paper (section 3.3) that carry every joint, contact
// and derived constraint, and the velocity-level impulse of the velocity pass (eq. 33).
//
// Sign convention used throughout tether: a correction acts on body B along +n and on body A
// along -n. A positional constraint value C measures how far the anchor of B lies along +n
// beyond where it should be; the correction reduces C to zero. An angular error vector is the
// rotation of B's frame relative to where it should be.
#pragma once

#include "body.h"

/// Generalized inverse mass of a body for a positional correction along unit n at world offset r
/// from its centre of mass (eqs. 2-3), evaluated in the principal frame where I is diagonal.
static inline ttReal ttBody_PositionalInvMass( const ttBody* body, ttVec3 r, ttVec3 n )
{
	if ( body->invMass == 0 )
	{
		return 0;
	}
	ttVec3 rn = ttInvRotate( body->q, ttCross( r, n ) );
	return body->invMass + ttDot( rn, ttMulComponents( body->invInertia, rn ) );
}

/// Generalized inverse mass of a body for a rotation about unit axis n (eqs. 11-12).
static inline ttReal ttBody_AngularInvMass( const ttBody* body, ttVec3 n )
{
	if ( body->invMass == 0 )
	{
		return 0;
	}
	ttVec3 local = ttInvRotate( body->q, n );
	return ttDot( local, ttMulComponents( body->invInertia, local ) );
}

/// Positional correction (eqs. 2-9): reduce C along unit n between anchors at offsets rA, rB.
/// compliance in m/N; *lambda accumulates the multiplier. The multiplier after the update is
/// clamped to [lambdaMin, lambdaMax] (pass -TT_HUGE, TT_HUGE for none). Returns delta lambda.
ttReal ttApplyPositionalCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 n, ttReal c,
                                    ttReal compliance, ttReal h, ttReal* lambda, ttReal lambdaMin, ttReal lambdaMax );

/// Positional correction by an error vector: n = error / |error|, C = |error|.
/// Adds the impulse on B to *impulse when impulse is not NULL. Returns delta lambda.
ttReal ttApplyPositionalError( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, ttReal compliance,
                               ttReal h, ttReal* lambda, ttVec3* impulse );

/// Angular correction (eqs. 11-16): reduce the rotation angle theta of B about unit n.
ttReal ttApplyAngularCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 n, ttReal theta, ttReal compliance, ttReal h,
                                 ttReal* lambda, ttReal lambdaMin, ttReal lambdaMax );

/// Angular correction by an error rotation vector. Adds the angular impulse on B to *impulse.
ttReal ttApplyAngularError( ttBody* bodyA, ttBody* bodyB, ttVec3 error, ttReal compliance, ttReal h, ttReal* lambda,
                            ttVec3* impulse );

/// Block version of the positional correction for an attachment: the whole error vector is
/// removed at once with the 3x3 effective mass K = sum(m^-1 E - [r]x I^-1 [r]x) + alphaTilde E,
/// rather than along its direction with one multiplier. For light bodies on long levers K is far
/// from isotropic and the scalar form converges slowly, leaving visible joint gaps. *lambda is
/// the multiplier vector; returns the impulse applied to B.
ttVec3 ttApplyPointCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, ttReal compliance,
                               ttReal h, ttVec3* lambda );

/// Both at once for a weld: the positional error (anchor B minus anchor A) and the rotation error
/// of B's frame are removed together with the 6x6 effective mass
/// K = [[K_ll, K_la], [K_la^T, K_aa]], K_ll as above, K_la = -[rA]x IA^-1 - [rB]x IB^-1,
/// K_aa = IA^-1 + IB^-1, by a Cholesky solve. Solved one after the other, whichever comes second
/// disturbs the first, and a loaded weld kept a gap or an angle. The multipliers accumulate in
/// *linearLambda and *angularLambda; the impulses on B are added to *linearImpulse and
/// *angularImpulse.
void ttApplyWeldCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 positionError,
                            ttVec3 rotationError, ttReal linearCompliance, ttReal angularCompliance, ttReal h,
                            ttVec3* linearLambda, ttVec3* angularLambda, ttVec3* linearImpulse,
                            ttVec3* angularImpulse );

/// The rows of one joint for a block solve: up to three positional rows (constraint values along
/// orthonormal axes, at the anchors rA, rB) and up to three angular rows (rotation of B about
/// orthonormal axes). A row with sign 0 is an equality; a stop has the sign of its excess (+1
/// past the upper bound, -1 short of the lower) and may only push. Rows are filled from index 0.
typedef struct ttJointRows
{
	ttVec3 rA, rB;
	ttVec3 linearAxes[3];
	ttReal linearErrors[3];
	ttReal linearSigns[3];
	int linearCount;
	ttVec3 angularAxes[3];
	ttReal angularErrors[3];
	ttReal angularSigns[3];
	int angularCount;
} ttJointRows;

/// The rows of a weld: all three positional and all three angular rows, equalities.
ttJointRows ttWeldRows( ttVec3 rA, ttVec3 rB, ttVec3 positionError, ttVec3 rotationError );

/// Solve a joint's rows together with the 6x6 effective mass K = J M^-1 J^T (+ alphaTilde E),
/// restricted to the active rows, so that no impulse acts along a free direction; a stop whose
/// multiplier comes out pulling is dropped and the rest solved again. The multipliers
/// accumulate in *linearLambda and *angularLambda; the impulses on B are added to
/// *linearImpulse and *angularImpulse. Rows of one joint solved one after the other undo each
/// other through the lever arms (an attachment 10 m from a light body's centre against the
/// rotation lock or the axis alignment), and what one iteration leaves of that turns into
/// velocity: hinged and sliding pairs on long levers gained energy until they blew up.
void ttApplyJointRows( ttBody* bodyA, ttBody* bodyB, const ttJointRows* rows, ttReal linearCompliance,
                       ttReal angularCompliance, ttReal h, ttVec3* linearLambda, ttVec3* angularLambda,
                       ttVec3* linearImpulse, ttVec3* angularImpulse );

/// How far an angle in (-pi, pi] lies beyond [lower, upper], toward the nearer bound around the
/// circle: positive past upper, negative short of lower, 0 inside.
ttReal ttAngleLimitExcess( ttReal angle, ttReal lower, ttReal upper );

/// Algorithm 3: keep the angle from n1 (on A) to n2 (on B) about n within [lower, upper].
/// Adds the angular impulse on B to *impulse. Returns true when the limit was active.
bool ttLimitAngle( ttBody* bodyA, ttBody* bodyB, ttVec3 n, ttVec3 n1, ttVec3 n2, ttReal lower, ttReal upper,
                   ttReal compliance, ttReal h, ttReal* lambda, ttVec3* impulse );

/// Signed angle from n1 to n2 about n, in (-pi, pi] (the angle of Algorithm 3).
static inline ttReal ttSignedAngle( ttVec3 n, ttVec3 n1, ttVec3 n2 )
{
	return ttAtan2( ttDot( ttCross( n1, n2 ), n ), ttDot( n1, n2 ) );
}

/// Positional impulse p at offsets rA, rB: +p on B, -p on A (eqs. 6-9).
void ttApplyPositionalImpulse( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 p );

/// Velocity impulse p at offsets rA, rB: +p on B, -p on A (eq. 33).
void ttApplyVelocityImpulse( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 p );

/// Change the relative point velocity of B with respect to A by dv along its direction (eq. 33).
void ttApplyVelocityChange( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 dv );

/// Change the relative angular velocity of B with respect to A by dw.
void ttApplyAngularVelocityChange( ttBody* bodyA, ttBody* bodyB, ttVec3 dw );
