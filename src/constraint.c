// SPDX-License-Identifier: MIT
#include "constraint.h"

#include <math.h>

// Rotate a body by the small rotation vector `rotation` (q += 1/2 [rotation, 0] q, normalized).
static void ttBody_Rotate( ttBody* body, ttVec3 rotation )
{
	if ( body->fixedRotation == false )
	{
		body->q = ttQuatIntegrate( body->q, rotation );
	}
}

// Move a body by a positional impulse p at world offset r (eqs. 6-9); sign is +1 for B, -1 for A.
static void ttBody_ApplyPositionalImpulse( ttBody* body, ttVec3 p, ttVec3 r, ttReal sign )
{
	if ( body->invMass == 0 )
	{
		return;
	}
	body->delta = ttMulAdd( body->delta, sign * body->invMass, p );
	ttVec3 rotation = ttBody_ApplyInvInertia( body, ttCross( r, p ) );
	ttBody_Rotate( body, ttScale( sign, rotation ) );
}

static ttReal ttClampedLambdaUpdate( ttReal* lambda, ttReal deltaLambda, ttReal lambdaMin, ttReal lambdaMax )
{
	ttReal updated = ttClampReal( *lambda + deltaLambda, lambdaMin, lambdaMax );
	deltaLambda = updated - *lambda;
	*lambda = updated;
	return deltaLambda;
}

ttReal ttApplyPositionalCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 n, ttReal c,
                                    ttReal compliance, ttReal h, ttReal* lambda, ttReal lambdaMin, ttReal lambdaMax )
{
	ttReal wA = ttBody_PositionalInvMass( bodyA, rA, n );
	ttReal wB = ttBody_PositionalInvMass( bodyB, rB, n );
	ttReal alphaTilde = compliance / ( h * h );
	ttReal denominator = wA + wB + alphaTilde;
	if ( denominator <= 0 )
	{
		return 0;
	}

	// Eq. 4: delta lambda = (-c - alphaTilde lambda) / (w1 + w2 + alphaTilde).
	ttReal deltaLambda = ( -c - alphaTilde * *lambda ) / denominator;
	deltaLambda = ttClampedLambdaUpdate( lambda, deltaLambda, lambdaMin, lambdaMax );

	ttVec3 p = ttScale( deltaLambda, n );
	ttBody_ApplyPositionalImpulse( bodyB, p, rB, 1 );
	ttBody_ApplyPositionalImpulse( bodyA, p, rA, -1 );
	return deltaLambda;
}

ttReal ttApplyPositionalError( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, ttReal compliance,
                               ttReal h, ttReal* lambda, ttVec3* impulse )
{
	ttReal c;
	ttVec3 n = ttGetLengthAndNormalize( &c, error );
	if ( c == 0 )
	{
		return 0;
	}
	ttReal deltaLambda =
	    ttApplyPositionalCorrection( bodyA, bodyB, rA, rB, n, c, compliance, h, lambda, -TT_HUGE, TT_HUGE );
	if ( impulse != NULL )
	{
		*impulse = ttMulAdd( *impulse, deltaLambda, n );
	}
	return deltaLambda;
}

ttReal ttApplyAngularCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 n, ttReal theta, ttReal compliance, ttReal h,
                                 ttReal* lambda, ttReal lambdaMin, ttReal lambdaMax )
{
	ttReal wA = bodyA->fixedRotation ? 0 : ttBody_AngularInvMass( bodyA, n );
	ttReal wB = bodyB->fixedRotation ? 0 : ttBody_AngularInvMass( bodyB, n );
	ttReal alphaTilde = compliance / ( h * h );
	ttReal denominator = wA + wB + alphaTilde;
	if ( denominator <= 0 )
	{
		return 0;
	}

	// Eq. 13, then eqs. 15-16 with p = delta lambda n.
	ttReal deltaLambda = ( -theta - alphaTilde * *lambda ) / denominator;
	deltaLambda = ttClampedLambdaUpdate( lambda, deltaLambda, lambdaMin, lambdaMax );

	ttVec3 p = ttScale( deltaLambda, n );
	if ( bodyB->invMass > 0 )
	{
		ttBody_Rotate( bodyB, ttBody_ApplyInvInertia( bodyB, p ) );
	}
	if ( bodyA->invMass > 0 )
	{
		ttBody_Rotate( bodyA, ttNeg( ttBody_ApplyInvInertia( bodyA, p ) ) );
	}
	return deltaLambda;
}

ttReal ttApplyAngularError( ttBody* bodyA, ttBody* bodyB, ttVec3 error, ttReal compliance, ttReal h, ttReal* lambda,
                            ttVec3* impulse )
{
	ttReal theta;
	ttVec3 n = ttGetLengthAndNormalize( &theta, error );
	if ( theta == 0 )
	{
		return 0;
	}
	ttReal deltaLambda = ttApplyAngularCorrection( bodyA, bodyB, n, theta, compliance, h, lambda, -TT_HUGE, TT_HUGE );
	if ( impulse != NULL )
	{
		*impulse = ttMulAdd( *impulse, deltaLambda, n );
	}
	return deltaLambda;
}

// World inverse inertia tensor R diag(I^-1) R^T.
static ttMat3 ttBody_InvInertiaMatrix( const ttBody* body )
{
	if ( body->invMass == 0 || body->fixedRotation )
	{
		return ( ttMat3 ){ 0 };
	}
	return ttMat3RotateDiagonal( ttMat3FromQuat( body->q ), body->invInertia );
}

// Effective inverse mass matrix of a body point at offset r: m^-1 E + [r]x^T I^-1 [r]x, written
// out for the symmetric world inverse inertia I^-1 = [[a, b, c], [b, d, e], [c, e, f]].
static ttMat3 ttPointInvMassMatrix( ttReal invMass, ttMat3 invInertia, ttVec3 r )
{
	if ( invMass == 0 )
	{
		return ( ttMat3 ){ 0 };
	}
	ttReal a = invInertia.cx.x, b = invInertia.cy.x, c = invInertia.cz.x;
	ttReal d = invInertia.cy.y, e = invInertia.cz.y, f = invInertia.cz.z;
	ttReal x = r.x, y = r.y, z = r.z;
	ttReal k00 = invMass + d * z * z - 2 * e * y * z + f * y * y;
	ttReal k11 = invMass + a * z * z - 2 * c * x * z + f * x * x;
	ttReal k22 = invMass + a * y * y - 2 * b * x * y + d * x * x;
	ttReal k01 = -b * z * z + c * y * z + e * x * z - f * x * y;
	ttReal k02 = b * y * z - c * y * y - d * x * z + e * x * y;
	ttReal k12 = -a * y * z + b * x * z + c * x * y - e * x * x;
	return ( ttMat3 ){ { k00, k01, k02 }, { k01, k11, k12 }, { k02, k12, k22 } };
}

// Eqs. 6-9 with the world inverse inertia already at hand.
static void ttBody_ApplyPositionalImpulseWith( ttBody* body, ttMat3 invInertia, ttVec3 p, ttVec3 r, ttReal sign )
{
	if ( body->invMass == 0 )
	{
		return;
	}
	body->delta = ttMulAdd( body->delta, sign * body->invMass, p );
	ttBody_Rotate( body, ttScale( sign, ttMat3MulVec( invInertia, ttCross( r, p ) ) ) );
}

ttVec3 ttApplyPointCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, ttReal compliance,
                               ttReal h, ttVec3* lambda )
{
	if ( error.x == 0 && error.y == 0 && error.z == 0 && compliance == 0 )
	{
		return TT_VEC3_ZERO;
	}
	ttReal alphaTilde = compliance / ( h * h );
	ttMat3 invA = ttBody_InvInertiaMatrix( bodyA );
	ttMat3 invB = ttBody_InvInertiaMatrix( bodyB );
	ttMat3 k =
	    ttMat3Add( ttPointInvMassMatrix( bodyA->invMass, invA, rA ), ttPointInvMassMatrix( bodyB->invMass, invB, rB ) );
	k = ttMat3Add( k, ttMat3Diagonal( ( ttVec3 ){ alphaTilde, alphaTilde, alphaTilde } ) );
	// Eq. 4 with vectors: K delta lambda = -(c + alphaTilde lambda).
	ttVec3 deltaLambda = ttMat3Solve( k, ttNeg( ttMulAdd( error, alphaTilde, *lambda ) ) );
	*lambda = ttAdd( *lambda, deltaLambda );
	ttBody_ApplyPositionalImpulseWith( bodyB, invB, deltaLambda, rB, 1 );
	ttBody_ApplyPositionalImpulseWith( bodyA, invA, deltaLambda, rA, -1 );
	return deltaLambda;
}

// Solve the symmetric positive semi-definite 6x6 system k x = b in place by Cholesky; a pivot that
// vanishes (a direction no body can move in, such as rotation of two particles) is skipped.
static void ttSolve6( ttReal k[6][6], ttReal b[6], ttReal x[6] )
{
	ttReal l[6][6] = { { 0 } };
	ttReal d[6];
	for ( int i = 0; i < 6; ++i )
	{
		for ( int j = 0; j <= i; ++j )
		{
			ttReal sum = k[i][j];
			for ( int m = 0; m < j; ++m )
			{
				sum -= l[i][m] * l[j][m] * d[m];
			}
			if ( i == j )
			{
				d[i] = sum;
				l[i][i] = 1;
			}
			else
			{
				l[i][j] = d[j] > (ttReal)1e-30 ? sum / d[j] : 0;
			}
		}
	}
	ttReal y[6];
	for ( int i = 0; i < 6; ++i )
	{
		y[i] = b[i];
		for ( int m = 0; m < i; ++m )
		{
			y[i] -= l[i][m] * y[m];
		}
	}
	for ( int i = 5; i >= 0; --i )
	{
		x[i] = d[i] > (ttReal)1e-30 ? y[i] / d[i] : 0;
		for ( int m = i + 1; m < 6; ++m )
		{
			x[i] -= l[m][i] * x[m];
		}
	}
}

static void ttSetBlock( ttReal k[6][6], int row, int column, ttMat3 m )
{
	const ttVec3* columns[3] = { &m.cx, &m.cy, &m.cz };
	for ( int j = 0; j < 3; ++j )
	{
		k[row + 0][column + j] = columns[j]->x;
		k[row + 1][column + j] = columns[j]->y;
		k[row + 2][column + j] = columns[j]->z;
	}
}

// Projector sum s_i a a^T over the rows whose flag is set.
static ttMat3 ttActiveProjector( const ttVec3* axes, const bool* active, int count )
{
	ttMat3 projector = { 0 };
	for ( int i = 0; i < count; ++i )
	{
		if ( active[i] )
		{
			ttVec3 a = axes[i];
			projector = ttMat3Add( projector, ( ttMat3 ){ ttScale( a.x, a ), ttScale( a.y, a ), ttScale( a.z, a ) } );
		}
	}
	return projector;
}

// The block solve of a joint's rows: K x = b with K = J M^-1 J^T + alphaTilde E, restricted to the
// active rows as in ttSolvePointCorrection: K' = P K P + (E - P), b' = P b, per part (P_l on the
// three positional rows, P_a on the three angular ones). A stop (sign != 0) may only push: when
// its multiplier comes out pulling, the row leaves the active set and the block is solved again.
// As an equality, a stop that the other rows carried back inside its range pulled the bodies
// out to it again, and a chain of sliders striking their stops gained energy with every blow.
// positionMode: errors are positions (apply to delta and q, accumulate multipliers) or velocities
// (apply to v and w). Returns the impulse on B (linear) and the angular impulse on B.
static void ttSolveRows( ttBody* bodyA, ttBody* bodyB, const ttJointRows* rows, ttReal linearTilde, ttReal angularTilde,
                         const ttVec3* linearLambda, const ttVec3* angularLambda, ttVec3* pOut, ttVec3* torqueOut )
{
	ttMat3 invA = ttBody_InvInertiaMatrix( bodyA );
	ttMat3 invB = ttBody_InvInertiaMatrix( bodyB );
	ttMat3 kll0 = ttMat3Add( ttPointInvMassMatrix( bodyA->invMass, invA, rows->rA ),
	                         ttPointInvMassMatrix( bodyB->invMass, invB, rows->rB ) );
	kll0 = ttMat3Add( kll0, ttMat3Diagonal( ( ttVec3 ){ linearTilde, linearTilde, linearTilde } ) );
	ttMat3 kla0 = ttMat3Scale(
	    -1, ttMat3Add( ttMat3Mul( ttMat3Skew( rows->rA ), invA ), ttMat3Mul( ttMat3Skew( rows->rB ), invB ) ) );
	ttMat3 kaa0 =
	    ttMat3Add( ttMat3Add( invA, invB ), ttMat3Diagonal( ( ttVec3 ){ angularTilde, angularTilde, angularTilde } ) );

	bool linearActive[3], angularActive[3];
	for ( int i = 0; i < 3; ++i )
	{
		linearActive[i] = i < rows->linearCount;
		angularActive[i] = i < rows->angularCount;
	}
	*pOut = TT_VEC3_ZERO;
	*torqueOut = TT_VEC3_ZERO;
	// Each pass drops at least one row, so at most six passes.
	for ( int pass = 0; pass < 7; ++pass )
	{
		ttVec3 linearError = TT_VEC3_ZERO, angularError = TT_VEC3_ZERO;
		int activeCount = 0;
		for ( int i = 0; i < 3; ++i )
		{
			if ( linearActive[i] )
			{
				linearError = ttMulAdd( linearError, rows->linearErrors[i], rows->linearAxes[i] );
				activeCount += 1;
			}
			if ( angularActive[i] )
			{
				angularError = ttMulAdd( angularError, rows->angularErrors[i], rows->angularAxes[i] );
				activeCount += 1;
			}
		}
		if ( activeCount == 0 )
		{
			return;
		}
		ttMat3 pl = ttActiveProjector( rows->linearAxes, linearActive, 3 );
		ttMat3 pa = ttActiveProjector( rows->angularAxes, angularActive, 3 );
		ttMat3 ql = ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ 1, 1, 1 } ), ttMat3Scale( -1, pl ) );
		ttMat3 qa = ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ 1, 1, 1 } ), ttMat3Scale( -1, pa ) );
		ttMat3 kll = ttMat3Add( ttMat3Mul( pl, ttMat3Mul( kll0, pl ) ), ql );
		ttMat3 kla = ttMat3Mul( pl, ttMat3Mul( kla0, pa ) );
		ttMat3 kaa = ttMat3Add( ttMat3Mul( pa, ttMat3Mul( kaa0, pa ) ), qa );
		ttVec3 bl = ttNeg( linearLambda != NULL ? ttMulAdd( linearError, linearTilde, *linearLambda ) : linearError );
		ttVec3 ba =
		    ttNeg( angularLambda != NULL ? ttMulAdd( angularError, angularTilde, *angularLambda ) : angularError );
		bl = ttMat3MulVec( pl, bl );
		ba = ttMat3MulVec( pa, ba );

		ttReal k[6][6];
		ttSetBlock( k, 0, 0, kll );
		ttSetBlock( k, 0, 3, kla );
		ttSetBlock( k, 3, 0, ttMat3Transpose( kla ) );
		ttSetBlock( k, 3, 3, kaa );
		ttReal b[6] = { bl.x, bl.y, bl.z, ba.x, ba.y, ba.z };
		ttReal x[6];
		ttSolve6( k, b, x );
		*pOut = ( ttVec3 ){ x[0], x[1], x[2] };
		*torqueOut = ( ttVec3 ){ x[3], x[4], x[5] };

		// A stop past its bound by a positive excess must push B back: its multiplier along the
		// axis must not share the sign of the excess. Drop the worst offender and solve again.
		int worst = -1;
		ttReal worstValue = 0;
		for ( int i = 0; i < 6; ++i )
		{
			bool angular = i >= 3;
			int j = angular ? i - 3 : i;
			const bool* active = angular ? angularActive : linearActive;
			ttReal sign = angular ? rows->angularSigns[j] : rows->linearSigns[j];
			if ( active[j] == false || sign == 0 )
			{
				continue;
			}
			ttVec3 axis = angular ? rows->angularAxes[j] : rows->linearAxes[j];
			ttReal value = sign * ttDot( angular ? *torqueOut : *pOut, axis );
			if ( value > worstValue )
			{
				worst = i;
				worstValue = value;
			}
		}
		if ( worst < 0 )
		{
			return;
		}
		if ( worst >= 3 )
		{
			angularActive[worst - 3] = false;
		}
		else
		{
			linearActive[worst] = false;
		}
	}
}

static void ttApplyRowImpulse( ttBody* bodyA, ttBody* bodyB, const ttJointRows* rows, ttVec3 p, ttVec3 torque,
                               bool velocity )
{
	ttMat3 invA = ttBody_InvInertiaMatrix( bodyA );
	ttMat3 invB = ttBody_InvInertiaMatrix( bodyB );
	// J^T x: on B the impulse p at rB plus the angular impulse; on A the opposite.
	if ( bodyB->invMass > 0 )
	{
		ttVec3 turn = ttMat3MulVec( invB, ttAdd( ttCross( rows->rB, p ), torque ) );
		if ( velocity )
		{
			bodyB->v = ttMulAdd( bodyB->v, bodyB->invMass, p );
			bodyB->w = ttAdd( bodyB->w, turn );
		}
		else
		{
			bodyB->delta = ttMulAdd( bodyB->delta, bodyB->invMass, p );
			ttBody_Rotate( bodyB, turn );
		}
	}
	if ( bodyA->invMass > 0 )
	{
		ttVec3 turn = ttMat3MulVec( invA, ttAdd( ttCross( rows->rA, p ), torque ) );
		if ( velocity )
		{
			bodyA->v = ttMulAdd( bodyA->v, -bodyA->invMass, p );
			bodyA->w = ttSub( bodyA->w, turn );
		}
		else
		{
			bodyA->delta = ttMulAdd( bodyA->delta, -bodyA->invMass, p );
			ttBody_Rotate( bodyA, ttNeg( turn ) );
		}
	}
}

// The squared mass-metric length of a correction that puts the joint right by moving `body` alone:
// turned about its lever's end by at most pi where rows turn it, then moved by the linear error.
// Infinite for a body that cannot move so.
static double ttMoveAloneMetric( const ttBody* body, ttVec3 r, double linearError, bool turns )
{
	if ( body->invMass == 0 || ( turns && body->fixedRotation ) )
	{
		return INFINITY;
	}
	double reach = linearError + ( turns ? 2 * (double)ttLength( r ) : 0 );
	double inertia = fmax( fmax( (double)body->inertia.x, (double)body->inertia.y ), (double)body->inertia.z );
	return (double)body->mass * reach * reach + ( turns ? 9.8696044 * inertia : 0 );
}

// A linearised block correction of an error far from the joint's set (metres and radians) can
// move a light body far beyond the joint: a prismatic block, A's lever B's anchor 790 m away, moved
// a 0.022 kg body 68 km for an error of 787 m and turned it by pi (the float soak, seed 1, scene
// 665, where the errors had grown to hundreds of metres; solving the block in double did not stop
// it). Such a correction's mass-metric length is cut to twice that of putting the joint right by
// moving one body alone. Float only (2026-11-28): the double soak never met it, and double stays
// bit for bit as it was.
static double ttCorrectionScale( const ttBody* bodyA, const ttBody* bodyB, const ttJointRows* rows, ttVec3 p,
                                 ttVec3 torque )
{
	ttVec3 linearError = TT_VEC3_ZERO;
	for ( int i = 0; i < rows->linearCount; ++i )
	{
		linearError = ttMulAdd( linearError, rows->linearErrors[i], rows->linearAxes[i] );
	}
	bool turns = rows->angularCount > 0;
	double error = (double)ttLength( linearError );
	double bound =
	    fmin( ttMoveAloneMetric( bodyA, rows->rA, error, turns ), ttMoveAloneMetric( bodyB, rows->rB, error, turns ) );
	ttVec3 turnA = ttAdd( ttCross( rows->rA, p ), torque ), turnB = ttAdd( ttCross( rows->rB, p ), torque );
	double metric = (double)( bodyA->invMass + bodyB->invMass ) * (double)ttDot( p, p ) +
	                (double)ttDot( turnA, ttMat3MulVec( ttBody_InvInertiaMatrix( bodyA ), turnA ) ) +
	                (double)ttDot( turnB, ttMat3MulVec( ttBody_InvInertiaMatrix( bodyB ), turnB ) );
	// Twice that length is left alone: where the linearisation holds, the block's correction is
	// the shortest that puts the joint right and never longer than moving one body alone (in the
	// float tests it reached 0.99999 of it), so rounding never cuts it.
	return metric > 4 * bound ? sqrt( 4 * bound / metric ) : 1;
}

void ttApplyJointRows( ttBody* bodyA, ttBody* bodyB, const ttJointRows* rows, ttReal linearCompliance,
                       ttReal angularCompliance, ttReal h, ttVec3* linearLambda, ttVec3* angularLambda,
                       ttVec3* linearImpulse, ttVec3* angularImpulse )
{
	ttVec3 p, torque;
	ttSolveRows( bodyA, bodyB, rows, linearCompliance / ( h * h ), angularCompliance / ( h * h ), linearLambda,
	             angularLambda, &p, &torque );
	if ( TT_REAL_IS_FLOAT )
	{
		ttReal scale = (ttReal)ttCorrectionScale( bodyA, bodyB, rows, p, torque );
		p = ttScale( scale, p );
		torque = ttScale( scale, torque );
	}
	*linearLambda = ttAdd( *linearLambda, p );
	*angularLambda = ttAdd( *angularLambda, torque );
	*linearImpulse = ttAdd( *linearImpulse, p );
	*angularImpulse = ttAdd( *angularImpulse, torque );
	ttApplyRowImpulse( bodyA, bodyB, rows, p, torque, false );
}

ttJointRows ttWeldRows( ttVec3 rA, ttVec3 rB, ttVec3 positionError, ttVec3 rotationError )
{
	ttJointRows rows = { 0 };
	rows.rA = rA;
	rows.rB = rB;
	const ttVec3 basis[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	const ttReal linear[3] = { positionError.x, positionError.y, positionError.z };
	const ttReal angular[3] = { rotationError.x, rotationError.y, rotationError.z };
	for ( int i = 0; i < 3; ++i )
	{
		rows.linearAxes[i] = basis[i];
		rows.angularAxes[i] = basis[i];
		rows.linearErrors[i] = linear[i];
		rows.angularErrors[i] = angular[i];
	}
	rows.linearCount = 3;
	rows.angularCount = 3;
	return rows;
}

void ttApplyWeldCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 positionError,
                            ttVec3 rotationError, ttReal linearCompliance, ttReal angularCompliance, ttReal h,
                            ttVec3* linearLambda, ttVec3* angularLambda, ttVec3* linearImpulse, ttVec3* angularImpulse )
{
	ttJointRows rows = ttWeldRows( rA, rB, positionError, rotationError );
	ttApplyJointRows( bodyA, bodyB, &rows, linearCompliance, angularCompliance, h, linearLambda, angularLambda,
	                  linearImpulse, angularImpulse );
}

// Angles live on a circle: outside [lower, upper] the nearer bound may lie across +-pi. Clamped
// on the line, an angle just past pi with limits [0, 2.9] was sent the long way round to 0, a
// correction of nearly a full turn in one substep.
ttReal ttAngleLimitExcess( ttReal angle, ttReal lower, ttReal upper )
{
	if ( angle >= lower && angle <= upper )
	{
		return 0;
	}
	ttReal belowLower = lower - angle; // how far to turn forward to reach lower
	ttReal aboveUpper = angle - upper; // how far to turn back to reach upper
	belowLower = belowLower < 0 ? belowLower + 2 * TT_PI : belowLower;
	aboveUpper = aboveUpper < 0 ? aboveUpper + 2 * TT_PI : aboveUpper;
	return aboveUpper <= belowLower ? aboveUpper : -belowLower;
}

bool ttLimitAngle( ttBody* bodyA, ttBody* bodyB, ttVec3 n, ttVec3 n1, ttVec3 n2, ttReal lower, ttReal upper,
                   ttReal compliance, ttReal h, ttReal* lambda, ttVec3* impulse )
{
	// Algorithm 3, with atan2 in place of the arcsine and its quadrant fix-ups.
	ttReal phi = ttSignedAngle( n, n1, n2 );
	if ( phi >= lower && phi <= upper )
	{
		return false;
	}
	phi = phi - ttAngleLimitExcess( phi, lower, upper );
	ttVec3 limitAxis = ttRotate( ttQuatFromAxisAngle( n, phi ), n1 );
	// The rotation taking the allowed direction to B's direction is B's excess rotation. When the
	// two are opposite the cross product vanishes; rotate about n by the angle instead.
	ttVec3 error = ttCross( limitAxis, n2 );
	if ( ttDot( limitAxis, n2 ) < 0 )
	{
		ttReal excess = ttSignedAngle( n, limitAxis, n2 );
		error = ttScale( excess, n );
	}
	ttApplyAngularError( bodyA, bodyB, error, compliance, h, lambda, impulse );
	return true;
}

void ttApplyPositionalImpulse( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 p )
{
	ttBody_ApplyPositionalImpulse( bodyB, p, rB, 1 );
	ttBody_ApplyPositionalImpulse( bodyA, p, rA, -1 );
}

void ttApplyVelocityImpulse( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 p )
{
	if ( bodyB->invMass > 0 )
	{
		bodyB->v = ttMulAdd( bodyB->v, bodyB->invMass, p );
		if ( bodyB->fixedRotation == false )
		{
			bodyB->w = ttAdd( bodyB->w, ttBody_ApplyInvInertia( bodyB, ttCross( rB, p ) ) );
		}
	}
	if ( bodyA->invMass > 0 )
	{
		bodyA->v = ttMulAdd( bodyA->v, -bodyA->invMass, p );
		if ( bodyA->fixedRotation == false )
		{
			bodyA->w = ttSub( bodyA->w, ttBody_ApplyInvInertia( bodyA, ttCross( rA, p ) ) );
		}
	}
}

void ttApplyVelocityChange( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 dv )
{
	ttReal magnitude;
	ttVec3 n = ttGetLengthAndNormalize( &magnitude, dv );
	if ( magnitude == 0 )
	{
		return;
	}
	ttReal w = ttBody_PositionalInvMass( bodyA, rA, n ) + ttBody_PositionalInvMass( bodyB, rB, n );
	if ( w <= 0 )
	{
		return;
	}
	ttApplyVelocityImpulse( bodyA, bodyB, rA, rB, ttScale( magnitude / w, n ) );
}

void ttApplyAngularVelocityChange( ttBody* bodyA, ttBody* bodyB, ttVec3 dw )
{
	ttReal magnitude;
	ttVec3 n = ttGetLengthAndNormalize( &magnitude, dw );
	if ( magnitude == 0 )
	{
		return;
	}
	ttReal wA = bodyA->fixedRotation ? 0 : ttBody_AngularInvMass( bodyA, n );
	ttReal wB = bodyB->fixedRotation ? 0 : ttBody_AngularInvMass( bodyB, n );
	if ( wA + wB <= 0 )
	{
		return;
	}
	ttVec3 p = ttScale( magnitude / ( wA + wB ), n );
	if ( wB > 0 )
	{
		bodyB->w = ttAdd( bodyB->w, ttBody_ApplyInvInertia( bodyB, p ) );
	}
	if ( wA > 0 )
	{
		bodyA->w = ttSub( bodyA->w, ttBody_ApplyInvInertia( bodyA, p ) );
	}
}
