// SPDX-License-Identifier: MIT
// The particle phases of the step, in the substeps of the rigid bodies (XPBD paper, Algorithm 2:
// "for n bodies and particles"):
//   once:        the shapes near each particle over the step (the broadphase tree);
//   per substep: predict x = x + h v + h^2 g after the bodies' positions; find the contacts with
//                those shapes and with other particles (spatial hash);
//   iterations:  contacts (normal, then static friction, eqs. 26-28), then constraints;
//   after:       v = (x - x_start) / h (summed from the moves, particle.h), dynamic friction
//                (eq. 30) on the particle and the body.
// A body feels a particle through the same positional impulses the joints use (constraint.c).
#include "broad_phase.h"
#include "constraint.h"
#include "core.h"
#include "island.h"
#include "particle.h"
#include "world.h"

#include <math.h>

// Contacts are kept when the particle is within this of the shape at the substep's start, plus
// what it can move in the substep: corrections later in the substep find them already there.
#define TT_PARTICLE_CONTACT_MARGIN ( (ttReal)0.25 )

typedef struct ttCandidateQuery
{
	ttParticleSet* set;
	ttWorld* world;
	bool ok;
} ttCandidateQuery;

static bool ttAddCandidate( ttParticleSet* set, int shapeIndex )
{
	if ( ttReserve( (void**)&set->candidates, &set->candidateCapacity, set->candidateCount + 1, sizeof( int ) ) ==
	     false )
	{
		return false;
	}
	set->candidates[set->candidateCount++] = shapeIndex;
	return true;
}

static bool ttCandidateCallback( int proxyId, int shapeIndex, void* context )
{
	(void)proxyId;
	ttCandidateQuery* query = context;
	query->ok = ttAddCandidate( query->set, shapeIndex );
	return query->ok;
}

void ttParticles_BeginStep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParticleSet* set = world->particles;
	set->candidateCount = 0;
	set->contactCount = 0;
	set->wakeCount = 0;
	bool collideShapes = world->enableContacts;
	ttCandidateQuery query = { set, world, true };
	for ( int i = 0; i < set->particles.count; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, i );
		p->firstCandidate = set->candidateCount;
		p->candidateCount = 0;
		if ( set->particles.used[i] == false || p->collide == false || collideShapes == false )
		{
			continue;
		}
		// Where it can go this step: the velocity bound of the bodies' leaves (broad_phase.h),
		// with gravity's share.
		ttReal gravity = p->gravityScale * ttLength( world->gravity ) * ctx->dt * ctx->dt;
		ttReal reach = p->radius + TT_AABB_VELOCITY_MULTIPLIER * ( ttLength( p->v ) * ctx->dt + gravity ) +
		               TT_PARTICLE_CONTACT_MARGIN * p->radius;
		ttVec3 extent = { reach, reach, reach };
		ttAABB box = { ttSub( p->x, extent ), ttAdd( p->x, extent ) };
		ttDynamicTree_Query( &world->broadPhase.tree, box, ttCandidateCallback, &query );
		for ( int k = 0; k < world->broadPhase.planeCount && query.ok; ++k )
		{
			query.ok = ttAddCandidate( set, world->broadPhase.planes[k] );
		}
		if ( query.ok == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: particles do not collide with shapes this step" );
			ttParticles_ForgetShapes( world );
			return;
		}
		p = ttParticleSet_Particle( set, i );
		p->candidateCount = set->candidateCount - p->firstCandidate;
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] == false )
		{
			continue;
		}
		// A body a particle hangs from stays awake (its island does not see the attachment), and
		// the particle does not collide with it: the attachment point may lie on its surface.
		ttParticleConstraint* c = ttParticleSet_Constraint( set, i );
		if ( c->type != ttParticleConstraint_attachment )
		{
			continue;
		}
		ttWorld_Body( world, c->body )->sleepTime = 0;
		const ttParticle* p = ttParticleSet_Particle( set, c->p[0] );
		for ( int k = p->firstCandidate; k < p->firstCandidate + p->candidateCount; ++k )
		{
			if ( set->candidates[k] >= 0 && ttWorld_Shape( world, set->candidates[k] )->bodyIndex == c->body )
			{
				set->candidates[k] = -1;
			}
		}
	}
}

static bool ttAddShapeContact( ttParticleSet* set, int particleIndex, const ttShape* shape, ttVec3 normal,
                               ttVec3 localPoint )
{
	if ( ttReserve( (void**)&set->contacts, &set->contactCapacity, set->contactCount + 1,
	                sizeof( ttParticleContact ) ) == false )
	{
		return false;
	}
	const ttParticle* p = ttParticleSet_Particle( set, particleIndex );
	set->contacts[set->contactCount++] = ( ttParticleContact ){
	    .particle = particleIndex,
	    .other = -1,
	    .body = shape->bodyIndex,
	    .local = localPoint,
	    .normal = normal,
	    .offset = p->radius,
	    .staticFriction = ( p->staticFriction + shape->staticFriction ) / 2,
	    .dynamicFriction = ( p->dynamicFriction + shape->dynamicFriction ) / 2,
	};
	return true;
}

void ttParticles_BeginSubstep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParticleSet* set = world->particles;
	ttReal h = ctx->h;
	ttReal maxMove = 0;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] == false )
		{
			continue;
		}
		p->move = TT_VEC3_ZERO;
		if ( p->invMass > 0 )
		{
			// Damping before gravity, so that it slows motion without lessening the weight.
			if ( p->damping > 0 )
			{
				p->v = ttScale( 1 / ( 1 + h * p->damping ), p->v );
			}
			p->v = ttMulAdd( p->v, h * p->gravityScale, world->gravity );
			ttParticle_Move( p, h, p->v );
		}
		else
		{
			p->v = TT_VEC3_ZERO;
		}
		ttReal move = ttLength( p->move );
		maxMove = move > maxMove ? move : maxMove;
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] )
		{
			ttParticleConstraint_Reset( ttParticleSet_Constraint( set, i ) );
		}
	}

	// Contacts at the predicted positions, against the shapes at their integrated poses.
	set->contactCount = 0;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] == false )
		{
			continue;
		}
		ttReal margin = TT_PARTICLE_CONTACT_MARGIN * p->radius + ttLength( p->move );
		for ( int k = 0; k < p->candidateCount; ++k )
		{
			int shapeIndex = set->candidates[p->firstCandidate + k];
			if ( shapeIndex < 0 )
			{
				continue; // the particle is attached to the shape's body
			}
			const ttShape* shape = ttWorld_Shape( world, shapeIndex );
			const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
			ttVec3 normal, surface;
			if ( ttParticle_ShapeContact( shape, ttShape_SimWorldTransform( body, shape ), p->x, p->radius, margin,
			                              &normal, &surface ) == false )
			{
				continue;
			}
			// A sleeping body acts as a static one this step; one that a moving particle runs into
			// wakes at the end of it.
			if ( ttBody_IsSleeping( body ) && body->type == ttBody_dynamic &&
			     ttLength( p->v ) > world->linearSleepThreshold )
			{
				if ( ttReserve( (void**)&set->wake, &set->wakeCapacity, set->wakeCount + 1, sizeof( int ) ) )
				{
					set->wake[set->wakeCount++] = shape->bodyIndex;
				}
			}
			ttVec3 local = ttInvRotate( body->q, ttSub( surface, ttBody_Center( body ) ) );
			if ( ttAddShapeContact( set, i, shape, normal, local ) == false )
			{
				ttReportError( "ttWorld_Step", "out of memory: particle contacts dropped this substep" );
				return;
			}
			p = ttParticleSet_Particle( set, i );
		}
	}
	ttParticles_FindPairs( set, 2 * maxMove );
}

// Static friction at the position level (paper section 3.5, eqs. 26-28): the relative tangential
// motion of the contact points over the substep is undone while the tangential multiplier stays
// inside the static cone; the dynamic part is left to the velocity pass.
static ttVec3 ttTangentialMotion( ttVec3 motion, ttVec3 n )
{
	return ttMulAdd( motion, -ttDot( motion, n ), n );
}

static void ttSolveShapeContact( ttWorld* world, ttParticleSet* set, ttParticleContact* c )
{
	ttParticle* p = ttParticleSet_Particle( set, c->particle );
	const ttBody* anchor = ttWorld_Body( world, c->body );
	ttVec3 r = ttRotate( anchor->q, c->local );
	ttVec3 surface = ttAdd( ttBody_Center( anchor ), r );
	ttReal depth = c->offset - ttDot( ttSub( p->x, surface ), c->normal );
	if ( depth <= 0 )
	{
		return;
	}
	ttBody* body = ttParticles_MovableBody( world, c->body );
	ttReal wBody = body != NULL ? ttBody_PositionalInvMass( body, r, c->normal ) : 0;
	ttReal w = p->invMass + wBody;
	if ( w <= 0 )
	{
		return;
	}
	ttReal deltaLambda = depth / w;
	c->lambdaN += deltaLambda;
	ttParticle_Move( p, p->invMass * deltaLambda, c->normal );
	if ( body != NULL )
	{
		ttParticles_PushBody( body, r, ttScale( -deltaLambda, c->normal ) );
		// A moving particle keeps the body awake; resting ones let it sleep (then it holds them
		// as a static body would).
		if ( ttLength( p->v ) > world->linearSleepThreshold )
		{
			body->sleepTime = 0;
		}
	}

	// Static friction against the motion of the body's point over the substep (from the body's
	// displacement, not from two far-off positions, for float's sake).
	ttVec3 surfaceMotion = ttAdd( ttSub( anchor->delta, anchor->prevDelta ),
	                              ttSub( ttRotate( anchor->q, c->local ), ttRotate( anchor->prevQ, c->local ) ) );
	ttVec3 slip = ttTangentialMotion( ttSub( p->move, surfaceMotion ), c->normal );
	ttReal slipLength;
	ttVec3 t = ttGetLengthAndNormalize( &slipLength, slip );
	if ( slipLength == 0 )
	{
		return;
	}
	ttReal wt = p->invMass + ( body != NULL ? ttBody_PositionalInvMass( body, r, t ) : 0 );
	ttReal lambdaT = slipLength / wt;
	if ( lambdaT <= c->staticFriction * c->lambdaN )
	{
		ttParticle_Move( p, -p->invMass * lambdaT, t );
		if ( body != NULL )
		{
			ttParticles_PushBody( body, r, ttScale( lambdaT, t ) );
		}
	}
}

static void ttSolvePairContact( ttParticleSet* set, ttParticleContact* c )
{
	ttParticle* a = ttParticleSet_Particle( set, c->particle );
	ttParticle* b = ttParticleSet_Particle( set, c->other );
	ttReal distance;
	ttVec3 n = ttGetLengthAndNormalize( &distance, ttSub( a->x, b->x ) );
	ttReal w = a->invMass + b->invMass;
	if ( distance >= c->offset || distance == 0 || w <= 0 )
	{
		return;
	}
	ttReal deltaLambda = ( c->offset - distance ) / w;
	c->lambdaN += deltaLambda;
	c->normal = n;
	ttParticle_Move( a, a->invMass * deltaLambda, n );
	ttParticle_Move( b, -b->invMass * deltaLambda, n );
	ttVec3 slip = ttTangentialMotion( ttSub( a->move, b->move ), n );
	ttReal slipLength;
	ttVec3 t = ttGetLengthAndNormalize( &slipLength, slip );
	ttReal lambdaT = slipLength / w;
	if ( slipLength > 0 && lambdaT <= c->staticFriction * c->lambdaN )
	{
		ttParticle_Move( a, -a->invMass * lambdaT, t );
		ttParticle_Move( b, b->invMass * lambdaT, t );
	}
}

void ttParticles_SolvePositions( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParticleSet* set = world->particles;
	for ( int k = 0; k < set->contactCount; ++k )
	{
		ttParticleContact* c = set->contacts + k;
		if ( c->other < 0 )
		{
			ttSolveShapeContact( world, set, c );
		}
		else
		{
			ttSolvePairContact( set, c );
		}
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] )
		{
			ttParticleConstraint_Solve( world, set, ttParticleSet_Constraint( set, i ), ctx->h );
		}
	}
}

// Dynamic friction (paper eq. 30): the tangential relative velocity is reduced by at most the
// impulse mu_d |f_n| h, f_n = lambda_n / h^2, shared by the generalized inverse masses.
static void ttApplyDynamicFriction( ttWorld* world, ttParticleSet* set, const ttParticleContact* c, ttReal h )
{
	ttParticle* p = ttParticleSet_Particle( set, c->particle );
	ttParticle* other = c->other >= 0 ? ttParticleSet_Particle( set, c->other ) : NULL;
	ttBody* body = NULL;
	ttVec3 r = TT_VEC3_ZERO;
	ttVec3 otherVelocity = TT_VEC3_ZERO;
	if ( other != NULL )
	{
		otherVelocity = other->v;
	}
	else
	{
		const ttBody* anchor = ttWorld_Body( world, c->body );
		r = ttRotate( anchor->q, c->local );
		otherVelocity = ttBody_PointVelocity( anchor, r );
		body = ttParticles_MovableBody( world, c->body );
	}
	ttVec3 relative = ttSub( p->v, otherVelocity );
	ttReal speed;
	ttVec3 t = ttGetLengthAndNormalize( &speed, ttTangentialMotion( relative, c->normal ) );
	if ( speed == 0 )
	{
		return;
	}
	ttReal w = p->invMass + ( other != NULL ? other->invMass : 0 ) +
	           ( body != NULL ? ttBody_PositionalInvMass( body, r, t ) : 0 );
	if ( w <= 0 )
	{
		return;
	}
	ttReal impulse = c->dynamicFriction * c->lambdaN / h;
	ttReal stop = speed / w;
	impulse = impulse < stop ? impulse : stop;
	p->v = ttMulAdd( p->v, -p->invMass * impulse, t );
	if ( other != NULL )
	{
		other->v = ttMulAdd( other->v, other->invMass * impulse, t );
	}
	else if ( body != NULL )
	{
		static const ttBody s_fixed = { 0 };
		ttBody fixed = s_fixed;
		ttApplyVelocityImpulse( &fixed, body, TT_VEC3_ZERO, r, ttScale( impulse, t ) );
	}
}

void ttParticles_EndSubstep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParticleSet* set = world->particles;
	ttReal invH = ctx->invH;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] && p->invMass > 0 )
		{
			p->v = ttScale( invH, p->move );
		}
	}
	for ( int k = 0; k < set->contactCount; ++k )
	{
		if ( set->contacts[k].lambdaN > 0 )
		{
			ttApplyDynamicFriction( world, set, set->contacts + k, ctx->h );
		}
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		ttParticleConstraint* c = ttParticleSet_Constraint( set, i );
		if ( set->constraints.used[i] && c->type == ttParticleConstraint_attachment )
		{
			c->bodyForce = ttScale( ctx->invH2, c->impulse );
		}
	}
}

void ttParticles_EndStep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParticleSet* set = world->particles;
	for ( int i = 0; i < set->wakeCount; ++i )
	{
		ttIsland_WakeBody( world, set->wake[i] );
	}
	set->wakeCount = 0;
}
