// SPDX-License-Identifier: MIT
#include "constraint.h"

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

// Orthogonal projector sum a a^T onto the span of `count` orthonormal axes.
static ttMat3 ttProjector( const ttVec3* axes, int count )
{
	ttMat3 projector = { 0 };
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 a = axes[i];
		projector = ttMat3Add( projector, ( ttMat3 ){ ttScale( a.x, a ), ttScale( a.y, a ), ttScale( a.z, a ) } );
	}
	return projector;
}

// The block solve of eq. 4, restricted to the directions of `axes` (an orthonormal set; count 3
// is all of space): K' delta lambda = P b with K' = P K P + (E - P), P the projector onto the
// axes. The multiplier then has no component along a free direction, so the impulse does no
// work along it. Solving the full K against an error that only lies in the constrained
// directions instead asks for delta = delta_old - error exactly, which pins the free coordinate
// too; through the lever-arm terms of K that impulse has a part along the free axis, and a
// prismatic or generic joint with a 10 m lever arm gained energy every substep until it blew up.
static ttVec3 ttSolvePointCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error,
                                      const ttVec3* axes, int count, ttReal compliance, ttReal h, ttVec3* lambda )
{
	if ( count == 0 || ( error.x == 0 && error.y == 0 && error.z == 0 && compliance == 0 ) )
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
	ttVec3 b = ttNeg( ttMulAdd( error, alphaTilde, *lambda ) );
	if ( count < 3 )
	{
		ttMat3 projector = ttProjector( axes, count );
		ttMat3 complement = ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ 1, 1, 1 } ), ttMat3Scale( -1, projector ) );
		k = ttMat3Add( ttMat3Mul( projector, ttMat3Mul( k, projector ) ), complement );
		b = ttMat3MulVec( projector, b );
	}
	ttVec3 deltaLambda = ttMat3Solve( k, b );
	*lambda = ttAdd( *lambda, deltaLambda );
	ttBody_ApplyPositionalImpulseWith( bodyB, invB, deltaLambda, rB, 1 );
	ttBody_ApplyPositionalImpulseWith( bodyA, invA, deltaLambda, rA, -1 );
	return deltaLambda;
}

ttVec3 ttApplyPointCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, ttReal compliance,
                               ttReal h, ttVec3* lambda )
{
	return ttSolvePointCorrection( bodyA, bodyB, rA, rB, error, NULL, 3, compliance, h, lambda );
}

ttVec3 ttApplyAxesCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 error, const ttVec3* axes,
                              int count, ttReal compliance, ttReal h, ttVec3* lambda )
{
	return ttSolvePointCorrection( bodyA, bodyB, rA, rB, error, axes, count, compliance, h, lambda );
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

// The weld's 6x6 solve with the positional rows restricted to `count` orthonormal axes as in
// ttSolvePointCorrection (count 3: all of space).
static void ttSolveWeld( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 positionError, const ttVec3* axes,
                         int count, ttVec3 rotationError, ttReal linearCompliance, ttReal angularCompliance, ttReal h,
                         ttVec3* linearLambda, ttVec3* angularLambda, ttVec3* linearImpulse, ttVec3* angularImpulse )
{
	ttReal linearTilde = linearCompliance / ( h * h );
	ttReal angularTilde = angularCompliance / ( h * h );
	ttMat3 invA = ttBody_InvInertiaMatrix( bodyA );
	ttMat3 invB = ttBody_InvInertiaMatrix( bodyB );
	ttMat3 kll =
	    ttMat3Add( ttPointInvMassMatrix( bodyA->invMass, invA, rA ), ttPointInvMassMatrix( bodyB->invMass, invB, rB ) );
	kll = ttMat3Add( kll, ttMat3Diagonal( ( ttVec3 ){ linearTilde, linearTilde, linearTilde } ) );
	ttMat3 kla =
	    ttMat3Scale( -1, ttMat3Add( ttMat3Mul( ttMat3Skew( rA ), invA ), ttMat3Mul( ttMat3Skew( rB ), invB ) ) );
	ttMat3 kaa =
	    ttMat3Add( ttMat3Add( invA, invB ), ttMat3Diagonal( ( ttVec3 ){ angularTilde, angularTilde, angularTilde } ) );

	ttVec3 bl = ttNeg( ttMulAdd( positionError, linearTilde, *linearLambda ) );
	if ( count < 3 )
	{
		// K' = [[P K_ll P + (E - P), P K_la], [K_la^T P, K_aa]], b' = [P b_l, b_a]: the positional
		// multiplier stays in the span of the axes.
		ttMat3 projector = ttProjector( axes, count );
		ttMat3 complement = ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ 1, 1, 1 } ), ttMat3Scale( -1, projector ) );
		kll = ttMat3Add( ttMat3Mul( projector, ttMat3Mul( kll, projector ) ), complement );
		kla = ttMat3Mul( projector, kla );
		bl = ttMat3MulVec( projector, bl );
	}
	ttReal k[6][6];
	ttSetBlock( k, 0, 0, kll );
	ttSetBlock( k, 0, 3, kla );
	ttSetBlock( k, 3, 0, ttMat3Transpose( kla ) );
	ttSetBlock( k, 3, 3, kaa );
	ttVec3 ba = ttNeg( ttMulAdd( rotationError, angularTilde, *angularLambda ) );
	ttReal b[6] = { bl.x, bl.y, bl.z, ba.x, ba.y, ba.z };
	ttReal x[6];
	ttSolve6( k, b, x );
	ttVec3 p = { x[0], x[1], x[2] };
	ttVec3 torque = { x[3], x[4], x[5] };
	*linearLambda = ttAdd( *linearLambda, p );
	*angularLambda = ttAdd( *angularLambda, torque );
	*linearImpulse = ttAdd( *linearImpulse, p );
	*angularImpulse = ttAdd( *angularImpulse, torque );

	// J^T x: on B the impulse p at rB plus the angular impulse; on A the opposite.
	if ( bodyB->invMass > 0 )
	{
		bodyB->delta = ttMulAdd( bodyB->delta, bodyB->invMass, p );
		ttBody_Rotate( bodyB, ttMat3MulVec( invB, ttAdd( ttCross( rB, p ), torque ) ) );
	}
	if ( bodyA->invMass > 0 )
	{
		bodyA->delta = ttMulAdd( bodyA->delta, -bodyA->invMass, p );
		ttBody_Rotate( bodyA, ttNeg( ttMat3MulVec( invA, ttAdd( ttCross( rA, p ), torque ) ) ) );
	}
}

void ttApplyWeldCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 positionError,
                            ttVec3 rotationError, ttReal linearCompliance, ttReal angularCompliance, ttReal h,
                            ttVec3* linearLambda, ttVec3* angularLambda, ttVec3* linearImpulse, ttVec3* angularImpulse )
{
	ttSolveWeld( bodyA, bodyB, rA, rB, positionError, NULL, 3, rotationError, linearCompliance, angularCompliance, h,
	             linearLambda, angularLambda, linearImpulse, angularImpulse );
}

void ttApplySliderCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 rA, ttVec3 rB, ttVec3 positionError,
                              const ttVec3* axes, int count, ttVec3 rotationError, ttReal linearCompliance,
                              ttReal angularCompliance, ttReal h, ttVec3* linearLambda, ttVec3* angularLambda,
                              ttVec3* linearImpulse, ttVec3* angularImpulse )
{
	ttSolveWeld( bodyA, bodyB, rA, rB, positionError, axes, count, rotationError, linearCompliance, angularCompliance,
	             h, linearLambda, angularLambda, linearImpulse, angularImpulse );
}

ttVec3 ttApplyRotationCorrection( ttBody* bodyA, ttBody* bodyB, ttVec3 error, ttReal compliance, ttReal h,
                                  ttVec3* lambda )
{
	if ( error.x == 0 && error.y == 0 && error.z == 0 && compliance == 0 )
	{
		return TT_VEC3_ZERO;
	}
	ttReal alphaTilde = compliance / ( h * h );
	ttMat3 invA = ttBody_InvInertiaMatrix( bodyA );
	ttMat3 invB = ttBody_InvInertiaMatrix( bodyB );
	ttMat3 k = ttMat3Add( ttMat3Add( invA, invB ), ttMat3Diagonal( ( ttVec3 ){ alphaTilde, alphaTilde, alphaTilde } ) );
	ttVec3 deltaLambda = ttMat3Solve( k, ttNeg( ttMulAdd( error, alphaTilde, *lambda ) ) );
	*lambda = ttAdd( *lambda, deltaLambda );
	ttBody_Rotate( bodyB, ttMat3MulVec( invB, deltaLambda ) );
	ttBody_Rotate( bodyA, ttNeg( ttMat3MulVec( invA, deltaLambda ) ) );
	return deltaLambda;
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
	phi = ttClampReal( phi, lower, upper );
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
