// SPDX-License-Identifier: MIT
// XPBD contact solver (paper sections 3.5-3.6). Position level: penetration along the current
// normal and static friction from the relative motion of the contact points over the substep.
// Velocity level: dynamic friction (in impulse form: the paper's eq. 30 mixes a force with a
// velocity) and restitution with the jitter threshold (eq. 34).
#include "constraint.h"
#include "contact_solver.h"
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

// The normal constraints of one manifold as a block: K x = b with
// K_ij = (1/mA + 1/mB) + (rA_i x n) . IA^-1 (rA_j x n) + (rB_i x n) . IB^-1 (rB_j x n) (+ alphaTilde),
// solved by projected Gauss-Seidel on the small linear system, then applied at once. Solving the
// points one after the other instead tips a box landing flat toward the corner solved first.
typedef struct ttNormalBlock
{
	int count;
	int index[TT_MAX_MANIFOLD_POINTS];
	ttVec3 rA[TT_MAX_MANIFOLD_POINTS], rB[TT_MAX_MANIFOLD_POINTS];
	ttReal k[TT_MAX_MANIFOLD_POINTS][TT_MAX_MANIFOLD_POINTS];
} ttNormalBlock;

static void ttBuildNormalBlock( ttNormalBlock* block, const ttBody* bodyA, const ttBody* bodyB, ttVec3 n,
                                ttReal alphaTilde )
{
	ttVec3 uA[TT_MAX_MANIFOLD_POINTS], uB[TT_MAX_MANIFOLD_POINTS];
	ttVec3 vA[TT_MAX_MANIFOLD_POINTS], vB[TT_MAX_MANIFOLD_POINTS];
	for ( int i = 0; i < block->count; ++i )
	{
		uA[i] = ttCross( block->rA[i], n );
		uB[i] = ttCross( block->rB[i], n );
		vA[i] = bodyA->invMass > 0 ? ttBody_ApplyInvInertia( bodyA, uA[i] ) : TT_VEC3_ZERO;
		vB[i] = bodyB->invMass > 0 ? ttBody_ApplyInvInertia( bodyB, uB[i] ) : TT_VEC3_ZERO;
	}
	ttReal invMass = bodyA->invMass + bodyB->invMass;
	for ( int i = 0; i < block->count; ++i )
	{
		for ( int j = 0; j < block->count; ++j )
		{
			block->k[i][j] = invMass + ttDot( uA[i], vA[j] ) + ttDot( uB[i], vB[j] ) + ( i == j ? alphaTilde : 0 );
		}
	}
}

// Projected Gauss-Seidel on K x = b with x_i >= lower_i, until a sweep changes x by less than a
// part in 1e9 (a single point is solved directly).
static void ttSolveBlock( const ttNormalBlock* block, const ttReal* b, const ttReal* lower, ttReal* x )
{
	for ( int i = 0; i < block->count; ++i )
	{
		x[i] = 0;
	}
	if ( block->count == 1 )
	{
		x[0] = block->k[0][0] > 0 ? ttMaxReal( b[0] / block->k[0][0], lower[0] ) : 0;
		return;
	}
	for ( int sweep = 0; sweep < 4 * TT_MAX_MANIFOLD_POINTS; ++sweep )
	{
		ttReal change = 0, size = 0;
		for ( int i = 0; i < block->count; ++i )
		{
			if ( block->k[i][i] <= 0 )
			{
				continue;
			}
			ttReal residual = b[i];
			for ( int j = 0; j < block->count; ++j )
			{
				residual -= block->k[i][j] * x[j];
			}
			ttReal updated = ttMaxReal( x[i] + residual / block->k[i][i], lower[i] );
			change += ttAbs( updated - x[i] );
			size += ttAbs( updated );
			x[i] = updated;
		}
		if ( change <= (ttReal)1e-9 * size )
		{
			break;
		}
	}
}

static void ttSolveManifoldNormals( ttWorld* world, ttManifold* m, ttReal h )
{
	ttBody* bodyA = ttWorld_Body( world, m->bodyA );
	ttBody* bodyB = ttWorld_Body( world, m->bodyB );
	ttVec3 n = m->normal;
	ttNormalBlock block;
	block.count = 0;
	ttReal b[TT_MAX_MANIFOLD_POINTS], lower[TT_MAX_MANIFOLD_POINTS], x[TT_MAX_MANIFOLD_POINTS];
	ttReal alphaTilde = world->contactCompliance / ( h * h );
	for ( int j = 0; j < m->pointCount; ++j )
	{
		ttContactPoint* cp = m->points + j;
		ttContactPoints p = ttComputeContactPoints( bodyA, bodyB, cp );
		// Overlap that existed before this substep is removed at no more than maxPushoutSpeed, so
		// that bodies created inside each other separate gently (paper fig. 13, Box2D's cap).
		ttReal target = ttMinReal( 0, ttDot( p.relativeBefore, n ) + world->maxPushoutSpeed * h );
		ttReal c = ttDot( p.relative, n ) - target;
		if ( c >= 0 )
		{
			continue;
		}
		int i = block.count++;
		block.index[i] = j;
		block.rA[i] = p.rA;
		block.rB[i] = p.rB;
		b[i] = -c - alphaTilde * cp->lambdaN; // eq. 4, one row per point
		lower[i] = -cp->lambdaN;              // the total multiplier stays compressive
	}
	if ( block.count == 0 )
	{
		return;
	}
	ttBuildNormalBlock( &block, bodyA, bodyB, n, alphaTilde );
	ttSolveBlock( &block, b, lower, x );
	for ( int i = 0; i < block.count; ++i )
	{
		m->points[block.index[i]].lambdaN += x[i];
		ttApplyPositionalImpulse( bodyA, bodyB, block.rA[i], block.rB[i], ttScale( x[i], n ) );
	}
}

// Friction at the position level (eqs. 27-28): undo the tangential motion of the contact point
// during the substep. The paper applies this only while lambda_t < mu_s lambda_n and leaves the
// rest to the velocity pass; per point, all or nothing, that fails for a box on a slope: each
// corner alone would have to stop the whole box with a quarter of the normal force, so no corner
// sticks and the box creeps by g sin(theta) h^2 every substep. Here each point sticks while its
// accumulated friction impulse stays inside mu_s lambda_n and otherwise slides with the impulse
// clamped to mu_d lambda_n (Coulomb), so the points share the load. A positional impulse p
// changes the derived velocity like a velocity impulse p / h, so this is the paper's dynamic
// friction moved into the position solve; the velocity pass applies what is left of the budget.
static void ttSolveFriction( ttWorld* world, ttManifold* m, ttContactPoint* cp )
{
	if ( cp->lambdaN <= 0 )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, m->bodyA );
	ttBody* bodyB = ttWorld_Body( world, m->bodyB );
	ttVec3 n = m->normal;
	ttContactPoints p = ttComputeContactPoints( bodyA, bodyB, cp );
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
	ttVec3 total = ttMulAdd( cp->frictionImpulse, -slip / w, t );
	ttReal magnitude = ttLength( total );
	ttReal kinetic = m->dynamicFriction * cp->lambdaN;
	if ( magnitude > m->staticFriction * cp->lambdaN && magnitude > kinetic )
	{
		total = ttScale( kinetic / magnitude, total );
	}
	ttApplyPositionalImpulse( bodyA, bodyB, p.rA, p.rB, ttSub( total, cp->frictionImpulse ) );
	cp->frictionImpulse = total;
}

// Restitution through rows of touching bodies (issue 14): a point that touches now and
// approaches faster than the jitter threshold collides elastically (v_n -> -e v_n) before the
// projection, its bodies moved as if they had had the new velocities from the start of the
// substep; the sweeps repeat until no touching point approaches, so the impulse crosses a row of
// touching balls ball by ball (a Newton's cradle). The projection alone moves the row together
// and the velocity pass has only the first contact's approach to give back: with touching balls
// and two raised, the cradle lost 14 % of its energy and the resting balls left at a quarter of
// the impact speed. A bounced point records its new normal velocity as its approach, so that the
// velocity pass does not bounce it again. Run in every iteration; after the first it finds
// nothing to do.
#define TT_RESTITUTION_SWEEPS 32

static void ttBounceContacts( ttWorld* world, ttReal h )
{
	ttReal threshold = world->restitutionThresholdScale * ttLength( world->gravity ) * h;
	for ( int sweep = 0; sweep < TT_RESTITUTION_SWEEPS; ++sweep )
	{
		bool changed = false;
		for ( int i = 0; i < world->manifoldCount; ++i )
		{
			ttManifold* m = world->manifolds + i;
			if ( m->restitution == 0 )
			{
				continue;
			}
			ttBody* bodyA = ttWorld_Body( world, m->bodyA );
			ttBody* bodyB = ttWorld_Body( world, m->bodyB );
			ttVec3 n = m->normal;
			for ( int j = 0; j < m->pointCount; ++j )
			{
				ttContactPoint* cp = m->points + j;
				ttContactPoints p = ttComputeContactPoints( bodyA, bodyB, cp );
				ttVec3 v = ttSub( ttBody_PointVelocity( bodyB, p.rB ), ttBody_PointVelocity( bodyA, p.rA ) );
				ttReal vn = ttDot( v, n );
				if ( vn >= -threshold || ttDot( p.relative, n ) > 0 )
				{
					continue; // not approaching, or not touching
				}
				ttReal w = ttBody_PositionalInvMass( bodyA, p.rA, n ) + ttBody_PositionalInvMass( bodyB, p.rB, n );
				if ( w <= 0 )
				{
					continue;
				}
				ttVec3 impulse = ttScale( -( 1 + m->restitution ) * vn / w, n );
				ttApplyVelocityImpulse( bodyA, bodyB, p.rA, p.rB, impulse );
				ttApplyPositionalImpulse( bodyA, bodyB, p.rA, p.rB, ttScale( h, impulse ) );
				cp->normalVelocityBefore = -m->restitution * vn;
				changed = true;
			}
		}
		if ( changed == false )
		{
			break;
		}
	}
}

static void ttXpbdContacts_SolvePositions( ttWorld* world, ttReal h )
{
	ttBounceContacts( world, h );
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		ttManifold* m = world->manifolds + i;
		ttSolveManifoldNormals( world, m, h );
		for ( int j = 0; j < m->pointCount; ++j )
		{
			ttSolveFriction( world, m, m->points + j );
		}
	}
}

static void ttXpbdContacts_SolveVelocities( ttWorld* world, ttReal h )
{
	ttReal threshold = world->restitutionThresholdScale * ttLength( world->gravity ) * h;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		ttManifold* m = world->manifolds + i;
		ttBody* bodyA = ttWorld_Body( world, m->bodyA );
		ttBody* bodyB = ttWorld_Body( world, m->bodyB );
		ttVec3 n = m->normal;

		// Dynamic friction per point (eq. 30 in impulse form): an impulse of at most
		// mu_d |f_n| h = mu_d lambda_n / h against the sliding velocity, never more than what stops
		// the sliding, less what the position solve already spent (its impulse p acts as p / h).
		for ( int j = 0; j < m->pointCount; ++j )
		{
			ttContactPoint* cp = m->points + j;
			ttReal budget = ( m->dynamicFriction * cp->lambdaN - ttLength( cp->frictionImpulse ) ) / h;
			if ( cp->lambdaN <= 0 || budget <= 0 )
			{
				continue; // the contact did not act in this substep, or its friction is spent
			}
			ttVec3 rA = ttRotate( bodyA->q, cp->localAnchorA );
			ttVec3 rB = ttRotate( bodyB->q, cp->localAnchorB );
			ttVec3 v = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
			ttVec3 vt = ttMulAdd( v, -ttDot( v, n ), n );
			ttReal speed;
			ttVec3 t = ttGetLengthAndNormalize( &speed, vt );
			ttReal w =
			    speed > 0 ? ttBody_PositionalInvMass( bodyA, rA, t ) + ttBody_PositionalInvMass( bodyB, rB, t ) : 0;
			if ( w > 0 )
			{
				ttReal magnitude = ttMinReal( budget, speed / w );
				ttApplyVelocityImpulse( bodyA, bodyB, rA, rB, ttScale( -magnitude, t ) );
			}
		}

		// Restitution (eq. 34) for the manifold's active points together: replace each normal
		// velocity by -e times the approach velocity, pointing away. The paper takes the approach
		// velocity from before the solve; a contact that only closed during the substep (the inner
		// balls of a Newton's cradle hanging almost touching) had none then, and would absorb the
		// impulse. So the approach is the faster of the one before the solve and the one this pass
		// finds; bodies created overlapping separate and so still get none. Approach speeds below
		// the jitter threshold 2|g|h are what gravity adds to a resting body in a substep: inelastic.
		ttNormalBlock block;
		block.count = 0;
		ttReal b[TT_MAX_MANIFOLD_POINTS], lower[TT_MAX_MANIFOLD_POINTS], x[TT_MAX_MANIFOLD_POINTS];
		for ( int j = 0; j < m->pointCount; ++j )
		{
			ttContactPoint* cp = m->points + j;
			if ( cp->lambdaN <= 0 )
			{
				continue;
			}
			int k = block.count++;
			block.rA[k] = ttRotate( bodyA->q, cp->localAnchorA );
			block.rB[k] = ttRotate( bodyB->q, cp->localAnchorB );
			ttVec3 v = ttSub( ttBody_PointVelocity( bodyB, block.rB[k] ), ttBody_PointVelocity( bodyA, block.rA[k] ) );
			ttReal vn = ttDot( v, n );
			ttReal approach = ttMinReal( cp->normalVelocityBefore, vn );
			ttReal e = ttAbs( approach ) <= threshold ? 0 : m->restitution;
			b[k] = -vn + ttMaxReal( -e * approach, 0 );
			lower[k] = -TT_HUGE;
		}
		if ( block.count == 0 )
		{
			continue;
		}
		ttBuildNormalBlock( &block, bodyA, bodyB, n, 0 );
		ttSolveBlock( &block, b, lower, x );
		for ( int k = 0; k < block.count; ++k )
		{
			ttApplyVelocityImpulse( bodyA, bodyB, block.rA[k], block.rB[k], ttScale( x[k], n ) );
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The family's table (contact_solver.h)

static void ttXpbdContacts_SolvePositionsStep( ttStepContext* ctx )
{
	ttXpbdContacts_SolvePositions( ctx->world, ctx->h );
}

static void ttXpbdContacts_SolveVelocitiesStep( ttStepContext* ctx )
{
	ttXpbdContacts_SolveVelocities( ctx->world, ctx->h );
}

// The multipliers of the last substep: force = lambda / h^2.
static void ttXpbdContacts_PointForce( const ttStepContext* ctx, const ttContactPoint* cp, ttReal* normalForce,
                                       ttVec3* frictionForce )
{
	ttReal h = ctx->h;
	*normalForce = h > 0 ? cp->lambdaN / ( h * h ) : 0;
	*frictionForce = ttScale( ctx->invH2, cp->frictionImpulse );
}

// The paper's order: the narrow phase after the positions moved, the projection with the joints;
// no speculative margin beyond the fixed one (contacts are found where the bodies already are).
const ttContactFamily ttXpbdContacts = {
    .name = "xpbd",
    .collideBeforePositions = false,
    .collideOncePerStep = false,
    .needsWorldInverseInertia = false,
    .keepsManifolds = false,
    .speculative = false,
    .beginSubstep = NULL,
    .solvePositions = ttXpbdContacts_SolvePositionsStep,
    .solveVelocities = ttXpbdContacts_SolveVelocitiesStep,
    .pointForce = ttXpbdContacts_PointForce,
};
