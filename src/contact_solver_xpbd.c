// SPDX-License-Identifier: MIT
// XPBD contact solver (paper sections 3.5-3.6). Position level: penetration along the current
// normal and static friction from the relative motion of the contact points over the substep.
// Velocity level: dynamic friction (in impulse form: the paper's eq. 30 mixes a force with a
// velocity) and restitution with the jitter threshold (eq. 34).
#include "constraint.h"
#include "world.h"

typedef struct ttContactPoints
{
	ttVec3 rA, rB;         ///< current world offsets of the anchors
	ttVec3 relative;       ///< anchor B minus anchor A now
	ttVec3 relativeBefore; ///< anchor B minus anchor A at the start of the substep
} ttContactPoints;

static ttContactPoints ttComputeContactPoints( const ttBody* bodyA, const ttBody* bodyB, const ttContactPoint* cp )
{
	ttContactPoints p;
	p.rA = ttRotate( bodyA->q, cp->localAnchorA );
	p.rB = ttRotate( bodyB->q, cp->localAnchorB );
	p.relative = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( p.rB, p.rA ) );
	ttVec3 rA0 = ttRotate( bodyA->prevQ, cp->localAnchorA );
	ttVec3 rB0 = ttRotate( bodyB->prevQ, cp->localAnchorB );
	p.relativeBefore = ttAdd( ttBody_PrevRelativeCenter( bodyA, bodyB ), ttSub( rB0, rA0 ) );
	return p;
}

static void ttSolveContactPoint( ttWorld* world, ttManifold* m, ttContactPoint* cp, ttReal h )
{
	ttBody* bodyA = ttWorld_Body( world, m->bodyA );
	ttBody* bodyB = ttWorld_Body( world, m->bodyB );
	ttVec3 n = m->normal;
	ttContactPoints p = ttComputeContactPoints( bodyA, bodyB, cp );

	// Overlap that existed before this substep is removed at no more than maxPushoutSpeed, so that
	// bodies created inside each other separate gently (paper fig. 13 and Box2D's push-out cap).
	ttReal separationBefore = ttDot( p.relativeBefore, n );
	ttReal target = ttMinReal( 0, separationBefore + world->maxPushoutSpeed * h );
	ttReal separation = ttDot( p.relative, n );
	if ( separation >= target )
	{
		return;
	}
	ttApplyPositionalCorrection( bodyA, bodyB, p.rA, p.rB, n, separation - target, world->contactCompliance, h,
	                             &cp->lambdaN, 0, TT_HUGE );

	// Static friction (eqs. 27-28): undo the tangential motion of the contact points during the
	// substep, but only while the friction multiplier stays inside the cone mu_s lambda_n.
	p = ttComputeContactPoints( bodyA, bodyB, cp );
	ttVec3 motion = ttSub( p.relative, p.relativeBefore );
	ttVec3 tangential = ttMulAdd( motion, -ttDot( motion, n ), n );
	ttReal slip;
	ttVec3 t = ttGetLengthAndNormalize( &slip, tangential );
	if ( slip <= 0 )
	{
		return;
	}
	ttReal w = ttBody_PositionalInvMass( bodyA, p.rA, t ) + ttBody_PositionalInvMass( bodyB, p.rB, t );
	if ( w <= 0 )
	{
		return;
	}
	ttVec3 impulse = ttMulAdd( cp->frictionImpulse, -slip / w, t );
	if ( ttLength( impulse ) < m->staticFriction * cp->lambdaN )
	{
		ttReal lambda = 0;
		ttApplyPositionalCorrection( bodyA, bodyB, p.rA, p.rB, t, slip, 0, h, &lambda, -TT_HUGE, TT_HUGE );
		cp->frictionImpulse = impulse;
	}
}

// Gauss-Seidel order biases the result toward the contact solved last: a box landing flat
// would tip toward its last corner and creep. Alternating the order every pass (symmetric
// Gauss-Seidel) cancels that bias over consecutive substeps.
void ttContactSolver_SolvePositions( ttWorld* world, ttReal h, bool reverse )
{
	int count = world->manifoldCount;
	for ( int k = 0; k < count; ++k )
	{
		ttManifold* m = world->manifolds + ( reverse ? count - 1 - k : k );
		for ( int l = 0; l < m->pointCount; ++l )
		{
			int j = reverse ? m->pointCount - 1 - l : l;
			ttSolveContactPoint( world, m, m->points + j, h );
		}
	}
}

void ttContactSolver_SolveVelocities( ttWorld* world, ttReal h )
{
	ttReal threshold = world->restitutionThresholdScale * ttLength( world->gravity ) * h;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		ttManifold* m = world->manifolds + i;
		ttBody* bodyA = ttWorld_Body( world, m->bodyA );
		ttBody* bodyB = ttWorld_Body( world, m->bodyB );
		ttVec3 n = m->normal;
		for ( int j = 0; j < m->pointCount; ++j )
		{
			ttContactPoint* cp = m->points + j;
			if ( cp->lambdaN <= 0 )
			{
				continue; // the contact did not act in this substep
			}
			ttVec3 rA = ttRotate( bodyA->q, cp->localAnchorA );
			ttVec3 rB = ttRotate( bodyB->q, cp->localAnchorB );

			// Dynamic friction: an impulse of at most mu_d |f_n| h = mu_d lambda_n / h against
			// the sliding velocity, never more than what stops the sliding.
			ttVec3 v = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
			ttReal vn = ttDot( v, n );
			ttVec3 vt = ttMulAdd( v, -vn, n );
			ttReal speed;
			ttVec3 t = ttGetLengthAndNormalize( &speed, vt );
			if ( speed > 0 )
			{
				ttReal w = ttBody_PositionalInvMass( bodyA, rA, t ) + ttBody_PositionalInvMass( bodyB, rB, t );
				if ( w > 0 )
				{
					ttReal magnitude = ttMinReal( m->dynamicFriction * cp->lambdaN / h, speed / w );
					ttApplyVelocityImpulse( bodyA, bodyB, rA, rB, ttScale( -magnitude, t ) );
				}
			}

			// Restitution (eq. 34): replace the normal velocity by -e times the one before the
			// solve, pointing away. Approach speeds below the jitter threshold 2|g|h are what
			// gravity adds in one substep to a resting body: those contacts are inelastic.
			v = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
			vn = ttDot( v, n );
			ttReal e = ttAbs( cp->normalVelocityBefore ) <= threshold ? 0 : m->restitution;
			ttReal dv = -vn + ttMaxReal( -e * cp->normalVelocityBefore, 0 );
			ttReal w = ttBody_PositionalInvMass( bodyA, rA, n ) + ttBody_PositionalInvMass( bodyB, rB, n );
			if ( w > 0 )
			{
				ttApplyVelocityImpulse( bodyA, bodyB, rA, rB, ttScale( dv / w, n ) );
			}
		}
	}
}
