// SPDX-License-Identifier: MIT
// Candidate pairs once per step, contact manifolds at every substep (paper section 3.5).
// The pair finder is a plain all-pairs test of fattened bounds for now; the collision issue
// replaces it with a dynamic AABB tree without touching the manifold or the solver.
#include "core.h"
#include "world.h"

// Contacts closer than this are kept as speculative points so that corrections made later in
// the same substep (a pushed body moving into its neighbour) find the contact already there.
#define TT_SPECULATIVE_DISTANCE ( (ttReal)0.01 )
// Safety multiplier k of the paper for the bounds growth k * dt * |v|.
#define TT_AABB_VELOCITY_MULTIPLIER ( (ttReal)2 )

static ttTransform ttShape_WorldTransform( const ttBody* body, const ttShape* shape )
{
	return ttMulTransforms( ( ttTransform ){ ttBody_Center( body ), body->q }, shape->simTransform );
}

static bool ttAABBOverlap( const ttAABB* a, const ttAABB* b )
{
	return a->lower.x <= b->upper.x && b->lower.x <= a->upper.x && a->lower.y <= b->upper.y &&
	       b->lower.y <= a->upper.y && a->lower.z <= b->upper.z && b->lower.z <= a->upper.z;
}

// Whether a box reaches below a plane (by the margin).
static bool ttAABBTouchesPlane( const ttAABB* box, ttVec3 normal, ttReal offset )
{
	ttVec3 lowest = { normal.x > 0 ? box->lower.x : box->upper.x, normal.y > 0 ? box->lower.y : box->upper.y,
	                  normal.z > 0 ? box->lower.z : box->upper.z };
	return ttDot( normal, lowest ) - offset <= TT_SPECULATIVE_DISTANCE;
}

static bool ttPushPair( ttWorld* world, int shapeA, int shapeB )
{
	if ( world->pairCount == world->pairCapacity )
	{
		int capacity = world->pairCapacity < 64 ? 64 : 2 * world->pairCapacity;
		ttShapePair* pairs = ttGrow( world->pairs, sizeof( ttShapePair ) * (size_t)world->pairCapacity,
		                             sizeof( ttShapePair ) * (size_t)capacity );
		if ( pairs == NULL )
		{
			return false;
		}
		world->pairs = pairs;
		world->pairCapacity = capacity;
	}
	world->pairs[world->pairCount++] = ( ttShapePair ){ shapeA, shapeB };
	return true;
}

static bool ttShouldCollide( ttWorld* world, const ttShape* a, const ttShape* b )
{
	if ( a->bodyIndex == b->bodyIndex )
	{
		return false;
	}
	const ttBody* bodyA = ttWorld_Body( world, a->bodyIndex );
	const ttBody* bodyB = ttWorld_Body( world, b->bodyIndex );
	if ( bodyA->type != ttBody_dynamic && bodyB->type != ttBody_dynamic )
	{
		return false;
	}
	return ttWorld_JointPreventsCollision( world, a->bodyIndex, b->bodyIndex ) == false;
}

void ttCollectPairs( ttWorld* world, ttReal timeStep )
{
	world->pairCount = 0;
	int shapeCount = world->shapes.count;
	if ( world->aabbCapacity < shapeCount )
	{
		ttAABB* aabbs = ttGrow( world->aabbs, 0, sizeof( ttAABB ) * (size_t)shapeCount );
		if ( aabbs == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: contacts skipped this step" );
			return;
		}
		world->aabbs = aabbs;
		world->aabbCapacity = shapeCount;
	}

	for ( int i = 0; i < shapeCount; ++i )
	{
		if ( world->shapes.used[i] == false )
		{
			continue;
		}
		ttShape* shape = ttWorld_Shape( world, i );
		const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
		shape->simTransform = ttInvMulTransforms( ttBody_PrincipalInBody( body ), shape->localTransform );
		ttAABB box = ttShape_ComputeAabb( shape, ttShape_WorldTransform( body, shape ) );
		// Grow by k dt |v| (paper section 3.5), counting the rotation of the shape's far points.
		ttReal speed = ttLength( body->v ) + ttLength( body->w ) * ttShape_Extent( shape );
		ttReal margin = TT_AABB_VELOCITY_MULTIPLIER * timeStep * speed + TT_SPECULATIVE_DISTANCE;
		ttVec3 grow = { margin, margin, margin };
		world->aabbs[i] = ( ttAABB ){ ttSub( box.lower, grow ), ttAdd( box.upper, grow ) };
	}

	for ( int i = 0; i < shapeCount; ++i )
	{
		if ( world->shapes.used[i] == false )
		{
			continue;
		}
		const ttShape* a = ttWorld_Shape( world, i );
		for ( int j = i + 1; j < shapeCount; ++j )
		{
			if ( world->shapes.used[j] == false )
			{
				continue;
			}
			const ttShape* b = ttWorld_Shape( world, j );
			if ( a->type == ttShape_plane && b->type == ttShape_plane )
			{
				continue;
			}
			if ( ttShouldCollide( world, a, b ) == false )
			{
				continue;
			}
			bool overlap;
			if ( a->type == ttShape_plane || b->type == ttShape_plane )
			{
				const ttShape* plane = a->type == ttShape_plane ? a : b;
				int other = a->type == ttShape_plane ? j : i;
				const ttBody* planeBody = ttWorld_Body( world, plane->bodyIndex );
				ttTransform xf = ttShape_WorldTransform( planeBody, plane );
				ttVec3 normal = ttRotate( xf.q, plane->plane.normal );
				ttReal offset = plane->plane.offset + ttDot( normal, xf.p );
				overlap = ttAABBTouchesPlane( world->aabbs + other, normal, offset );
			}
			else
			{
				overlap = ttAABBOverlap( world->aabbs + i, world->aabbs + j );
			}
			if ( overlap && ttPushPair( world, i, j ) == false )
			{
				ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this step" );
				return;
			}
		}
	}
}

static ttManifold* ttPushManifold( ttWorld* world )
{
	if ( world->manifoldCount == world->manifoldCapacity )
	{
		int capacity = world->manifoldCapacity < 64 ? 64 : 2 * world->manifoldCapacity;
		ttManifold* manifolds = ttGrow( world->manifolds, sizeof( ttManifold ) * (size_t)world->manifoldCapacity,
		                                sizeof( ttManifold ) * (size_t)capacity );
		if ( manifolds == NULL )
		{
			return NULL;
		}
		world->manifolds = manifolds;
		world->manifoldCapacity = capacity;
	}
	return world->manifolds + world->manifoldCount++;
}

void ttUpdateContacts( ttWorld* world )
{
	world->manifoldCount = 0;
	for ( int p = 0; p < world->pairCount; ++p )
	{
		const ttShape* shapeA = ttWorld_Shape( world, world->pairs[p].shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, world->pairs[p].shapeB );
		const ttBody* bodyA = ttWorld_Body( world, shapeA->bodyIndex );
		const ttBody* bodyB = ttWorld_Body( world, shapeB->bodyIndex );

		ttManifoldGeometry geometry;
		if ( ttCollideShapes( shapeA, ttShape_WorldTransform( bodyA, shapeA ), shapeB,
		                      ttShape_WorldTransform( bodyB, shapeB ), TT_SPECULATIVE_DISTANCE, &geometry ) == false )
		{
			continue;
		}
		ttManifold* m = ttPushManifold( world );
		if ( m == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this substep" );
			return;
		}
		m->shapeA = world->pairs[p].shapeA;
		m->shapeB = world->pairs[p].shapeB;
		m->bodyA = shapeA->bodyIndex;
		m->bodyB = shapeB->bodyIndex;
		m->normal = geometry.normal;
		// The paper averages the two friction coefficients; tether uses the same rule for
		// restitution so that one rule covers every material parameter.
		m->staticFriction = (ttReal)0.5 * ( shapeA->staticFriction + shapeB->staticFriction );
		m->dynamicFriction = (ttReal)0.5 * ( shapeA->dynamicFriction + shapeB->dynamicFriction );
		m->restitution = (ttReal)0.5 * ( shapeA->restitution + shapeB->restitution );
		m->pointCount = geometry.pointCount;

		ttVec3 centerA = ttBody_Center( bodyA );
		ttVec3 centerB = ttBody_Center( bodyB );
		for ( int i = 0; i < geometry.pointCount; ++i )
		{
			const ttContactGeometry* g = geometry.points + i;
			ttContactPoint* cp = m->points + i;
			ttVec3 rA = ttSub( g->pointA, centerA );
			ttVec3 rB = ttSub( g->pointB, centerB );
			cp->localAnchorA = ttInvRotate( bodyA->q, rA );
			cp->localAnchorB = ttInvRotate( bodyB->q, rB );
			cp->separation = g->separation;
			ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
			cp->normalVelocityBefore = ttDot( relative, m->normal );
			cp->lambdaN = 0;
			cp->frictionImpulse = TT_VEC3_ZERO;
		}
	}
}
