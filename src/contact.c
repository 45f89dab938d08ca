// SPDX-License-Identifier: MIT
// Candidate pairs once per step (paper section 3.5); contact manifolds once per step for a family
// that collides once per step (contact_solver.h), at every substep otherwise.
// The pairs come from the broadphase (broad_phase.c: a dynamic AABB tree and a persistent pair
// set); the speculative distance and the bounds growth are defined in broad_phase.h.
#include "contact_solver.h"
#include "core.h"
#include "mesh.h"
#include "world.h"

#include <stddef.h>
#include <string.h>

void ttCollectPairs( ttWorld* world, ttReal timeStep )
{
	double start = ttNowMilliseconds();
	ttBroadPhase_UpdatePairs( world, timeStep );
	world->stats.pairMs = ttNowMilliseconds() - start;
}

ttManifold* ttPushManifold( ttWorld* world )
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

// Last substep's manifolds become the previous ones (their impulses are carried over); the
// older buffer is reused for the new ones.
static void ttSwapManifolds( ttWorld* world )
{
	ttManifold* older = world->previousManifolds;
	int olderCapacity = world->previousManifoldCapacity;
	world->previousManifolds = world->manifolds;
	world->previousManifoldCapacity = world->manifoldCapacity;
	world->previousManifoldCount = world->manifoldCount;
	world->manifolds = older;
	world->manifoldCapacity = olderCapacity;
	world->manifoldCount = 0;
}

// Speculative distance of a pair for the soft-step solver: how far its surfaces can approach
// before the next narrow phase (relative speed plus spin times reach, times the step, or the
// substep for a family that collides every substep), added to the fixed margin. The narrow phase
// runs before the positions move, so a fast body meets its contact before the substep in which
// it would pass through: speculative contacts are tether's answer to
// tunnelling (a 1 cm ball at 100 m/s stops at a 1 cm plate, tests/test_tunnelling.c). The XPBD
// solver finds contacts after the positions moved, where a larger margin would not help.
ttReal ttPairSpeculativeDistance( const ttWorld* world, int shapeIndexA, int shapeIndexB )
{
	const ttShape* shapeA = ttWorld_Shape( (ttWorld*)world, shapeIndexA );
	const ttShape* shapeB = ttWorld_Shape( (ttWorld*)world, shapeIndexB );
	const ttBody* bodyA = ttWorld_Body( (ttWorld*)world, shapeA->bodyIndex );
	const ttBody* bodyB = ttWorld_Body( (ttWorld*)world, shapeB->bodyIndex );
	if ( world->step.contacts == NULL || world->step.contacts->speculative == false )
	{
		return TT_SPECULATIVE_DISTANCE;
	}
	ttReal speed = ttLength( ttSub( bodyB->v, bodyA->v ) );
	const ttBody* bodies[2] = { bodyA, bodyB };
	const ttShape* shapes[2] = { shapeA, shapeB };
	for ( int i = 0; i < 2; ++i )
	{
		ttReal spin = ttLength( bodies[i]->w );
		if ( spin > 0 )
		{
			speed += spin * ( ttLength( shapes[i]->simTransform.p ) + ttShape_Extent( shapes[i] ) );
		}
	}
	// A family that collides once per step keeps the contact for the whole step.
	bool once = world->step.contacts->collideOncePerStep && world->step.collideEverySubstep == false;
	ttReal span = once ? world->step.dt : world->step.h;
	return TT_SPECULATIVE_DISTANCE + span * speed;
}

// Geometry reuse. In a resting stack most pairs do not move against each other from one
// substep to the next, and the narrow phase would find the same points again (box-box clipping
// was a third of the pyramid's step). The soft-step solver keeps a pair's last manifold while B's
// pose in A's frame stays within 0.1 mm and 1 mrad of the pose it was made at, and only refreshes
// the points' separations and approach speeds; the XPBD solver recomputes every substep, as the
// paper does.
#define TT_GEOMETRY_REUSE_DISTANCE ( (ttReal)1e-4 )
#define TT_GEOMETRY_REUSE_ANGLE ( (ttReal)1e-3 )

static void ttRelativePose( const ttBody* bodyA, const ttBody* bodyB, ttVec3* position, ttQuat* rotation )
{
	*position = ttInvRotate( bodyA->q, ttBody_RelativeCenter( bodyA, bodyB ) );
	*rotation = ttQuatMul( ttQuatConj( bodyA->q ), bodyB->q );
}

// The candidate for keeping among last substep's manifolds: the first at or after the pair in
// pair order (-1 if none). `cursor` walks the previous manifolds, which come in pair order; it
// runs serially before the narrow phase so that the parallel part needs no shared state.
static int ttReuseCandidate( const ttWorld* world, const ttShapePair* pair, int* cursor )
{
	const ttManifold* previous = world->previousManifolds;
	int count = world->previousManifoldCount;
	int j = *cursor;
	while ( j < count && ( previous[j].shapeA < pair->shapeA ||
	                       ( previous[j].shapeA == pair->shapeA && previous[j].shapeB < pair->shapeB ) ) )
	{
		++j;
	}
	*cursor = j;
	return j;
}

// Last substep's manifold of the pair when it can be kept: the only one of its pair, made at a
// pose within the reuse tolerances of the pose now.
static const ttManifold* ttReusableManifold( const ttWorld* world, const ttShapePair* pair, const ttBody* bodyA,
                                             const ttBody* bodyB, int j )
{
	const ttManifold* previous = world->previousManifolds;
	int count = world->previousManifoldCount;
	if ( j < 0 || j == count || previous[j].shapeA != pair->shapeA || previous[j].shapeB != pair->shapeB ||
	     previous[j].key != 0 ||
	     ( j + 1 < count && previous[j + 1].shapeA == pair->shapeA && previous[j + 1].shapeB == pair->shapeB ) )
	{
		return NULL;
	}
	ttVec3 position;
	ttQuat rotation;
	ttRelativePose( bodyA, bodyB, &position, &rotation );
	ttQuat turn = ttQuatMul( rotation, ttQuatConj( previous[j].geometryRotation ) );
	ttReal halfSine = ttSqrt( turn.x * turn.x + turn.y * turn.y + turn.z * turn.z );
	if ( ttDistance( position, previous[j].geometryPosition ) > TT_GEOMETRY_REUSE_DISTANCE ||
	     2 * halfSine > TT_GEOMETRY_REUSE_ANGLE )
	{
		return NULL;
	}
	return previous + j;
}

// Refresh a kept manifold for the poses and velocities now: the pair may have turned as a whole
// (a box carried on a rotating body), so the normal turns with A.
static void ttRefreshPoints( ttManifold* m, const ttBody* bodyA, const ttBody* bodyB )
{
	m->normal = ttRotate( bodyA->q, m->localNormal );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		ttContactPoint* cp = m->points + i;
		ttVec3 rA = ttRotate( bodyA->q, cp->localAnchorA );
		ttVec3 rB = ttRotate( bodyB->q, cp->localAnchorB );
		cp->separation = ttDot( ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( rB, rA ) ), m->normal );
		ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
		cp->normalVelocityBefore = ttDot( relative, m->normal );
		cp->lambdaN = 0;
		cp->frictionImpulse = TT_VEC3_ZERO;
		cp->maxNormalImpulse = 0;
	}
}

// One pair's narrow phase, written to the pair's own slot so that the pairs can run on any
// worker in any order (task.h); the manifolds are then pushed in pair order.
typedef struct ttPairCollision
{
	int reuseCandidate; ///< ttReuseCandidate's answer, or -1 when manifolds are not kept
	bool touching;      ///< `manifold` holds this pair's manifold
	bool mesh;          ///< a mesh pair: collided afterwards, on the calling thread
	ttManifold manifold;
} ttPairCollision;

// The pair's contact geometry at the poses now; false when the shapes are apart.
static bool ttCollidePair( const ttWorld* world, const ttShapePair* pair, const ttShape* shapeA, const ttShape* shapeB,
                           const ttBody* bodyA, const ttBody* bodyB, ttManifoldGeometry* geometry )
{
	ttReal speculative = ttPairSpeculativeDistance( world, pair->shapeA, pair->shapeB );
	return ttCollideShapes( shapeA, ttShape_SimWorldTransform( bodyA, shapeA ), shapeB,
	                        ttShape_SimWorldTransform( bodyB, shapeB ), speculative, geometry );
}

// A new manifold from the pair's geometry.
static void ttMakeManifold( const ttShapePair* pair, const ttShape* shapeA, const ttShape* shapeB, const ttBody* bodyA,
                            const ttBody* bodyB, const ttManifoldGeometry* geometry, ttManifold* m )
{
	m->shapeA = pair->shapeA;
	m->shapeB = pair->shapeB;
	m->key = 0;
	m->bodyA = shapeA->bodyIndex;
	m->bodyB = shapeB->bodyIndex;
	m->normal = geometry->normal;
	// The paper averages the two friction coefficients; tether uses the same rule for
	// restitution so that one rule covers every material parameter.
	m->staticFriction = (ttReal)0.5 * ( shapeA->staticFriction + shapeB->staticFriction );
	m->dynamicFriction = (ttReal)0.5 * ( shapeA->dynamicFriction + shapeB->dynamicFriction );
	m->restitution = (ttReal)0.5 * ( shapeA->restitution + shapeB->restitution );
	m->pointCount = geometry->pointCount;
	ttRelativePose( bodyA, bodyB, &m->geometryPosition, &m->geometryRotation );
	m->localNormal = ttInvRotate( bodyA->q, m->normal );

	ttVec3 centerA = ttBody_Center( bodyA );
	ttVec3 centerB = ttBody_Center( bodyB );
	for ( int i = 0; i < geometry->pointCount; ++i )
	{
		const ttContactGeometry* g = geometry->points + i;
		ttContactPoint* cp = m->points + i;
		ttVec3 rA = ttSub( g->pointA, centerA );
		ttVec3 rB = ttSub( g->pointB, centerB );
		cp->localAnchorA = ttInvRotate( bodyA->q, rA );
		cp->localAnchorB = ttInvRotate( bodyB->q, rB );
		cp->separation = g->separation;
		cp->id = geometry->featureIds ? g->id : 0;
		ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
		cp->normalVelocityBefore = ttDot( relative, m->normal );
		cp->lambdaN = 0;
		cp->frictionImpulse = TT_VEC3_ZERO;
		cp->normalImpulse = 0;
		cp->tangentImpulse = TT_VEC3_ZERO;
		cp->maxNormalImpulse = 0;
	}
}

// A manifold's header and its points in use: the unused points are never read, and a whole
// manifold is several times the size of a one-point one (a sphere's).
static void ttCopyManifold( ttManifold* to, const ttManifold* from )
{
	memcpy( to, from, offsetof( ttManifold, points ) + sizeof( ttContactPoint ) * (size_t)from->pointCount );
}

static void ttCollidePairsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	ttWorld* world = context;
	for ( int p = start; p < end; ++p )
	{
		ttPairCollision* result = world->pairCollisions + p;
		result->touching = false;
		if ( result->mesh )
		{
			continue;
		}
		const ttShapePair* pair = world->pairs + p;
		const ttShape* shapeA = ttWorld_Shape( world, pair->shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, pair->shapeB );
		const ttBody* bodyA = ttWorld_Body( world, shapeA->bodyIndex );
		const ttBody* bodyB = ttWorld_Body( world, shapeB->bodyIndex );
		const ttManifold* kept = ttReusableManifold( world, pair, bodyA, bodyB, result->reuseCandidate );
		if ( kept != NULL )
		{
			ttCopyManifold( &result->manifold, kept );
			ttRefreshPoints( &result->manifold, bodyA, bodyB );
			result->touching = true;
			continue;
		}
		ttManifoldGeometry geometry;
		result->touching = ttCollidePair( world, pair, shapeA, shapeB, bodyA, bodyB, &geometry );
		if ( result->touching )
		{
			ttMakeManifold( pair, shapeA, shapeB, bodyA, bodyB, &geometry, &result->manifold );
		}
	}
}

// Pairs per range of the parallel narrow phase: box-box clipping costs a few microseconds, so a
// range of this many pairs outweighs handing it to another thread.
#define TT_PAIRS_PER_RANGE 32

// The narrow phase on the stepping thread, pushing each manifold as it is made: a one-worker world
// (and a step with few pairs) pays for no slots.
static void ttUpdateContactsSerial( ttWorld* world, bool reuse )
{
	int cursor = 0;
	for ( int p = 0; p < world->pairCount; ++p )
	{
		const ttShapePair* pair = world->pairs + p;
		const ttShape* shapeA = ttWorld_Shape( world, pair->shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, pair->shapeB );
		if ( ttShape_IsMesh( shapeA ) || ttShape_IsMesh( shapeB ) )
		{
			// One manifold per contact plane (narrowphase_mesh.c).
			if ( ttCollideMeshPair( world, p ) == false )
			{
				return;
			}
			continue;
		}
		const ttBody* bodyA = ttWorld_Body( world, shapeA->bodyIndex );
		const ttBody* bodyB = ttWorld_Body( world, shapeB->bodyIndex );
		int candidate = reuse ? ttReuseCandidate( world, pair, &cursor ) : -1;
		const ttManifold* kept = ttReusableManifold( world, pair, bodyA, bodyB, candidate );
		ttManifoldGeometry geometry;
		if ( kept == NULL && ttCollidePair( world, pair, shapeA, shapeB, bodyA, bodyB, &geometry ) == false )
		{
			continue;
		}
		ttManifold* m = ttPushManifold( world );
		if ( m == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this substep" );
			return;
		}
		if ( kept != NULL )
		{
			ttCopyManifold( m, kept );
			ttRefreshPoints( m, bodyA, bodyB );
		}
		else
		{
			ttMakeManifold( pair, shapeA, shapeB, bodyA, bodyB, &geometry, m );
		}
	}
}

// The narrow phase on the world's workers: each pair into its own slot, then the manifolds
// pushed in pair order, whatever order the workers finished in; mesh pairs (one manifold per
// contact plane, narrowphase_mesh.c, with scratch of their own) are collided in that serial pass.
static void ttUpdateContactsParallel( ttWorld* world, bool reuse )
{
	int pairCount = world->pairCount;
	if ( ttReserve( (void**)&world->pairCollisions, &world->pairCollisionCapacity, pairCount,
	                sizeof( ttPairCollision ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts skipped this substep" );
		return;
	}
	// Serial and cheap: which pairs are meshes, and where each pair's last manifold would be.
	int cursor = 0;
	for ( int p = 0; p < pairCount; ++p )
	{
		ttPairCollision* result = world->pairCollisions + p;
		const ttShape* shapeA = ttWorld_Shape( world, world->pairs[p].shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, world->pairs[p].shapeB );
		result->mesh = ttShape_IsMesh( shapeA ) || ttShape_IsMesh( shapeB );
		result->reuseCandidate =
		    reuse && result->mesh == false ? ttReuseCandidate( world, world->pairs + p, &cursor ) : -1;
	}
	ttParallelFor( &world->tasks, pairCount, TT_PAIRS_PER_RANGE, ttCollidePairsRange, world );
	for ( int p = 0; p < pairCount; ++p )
	{
		const ttPairCollision* result = world->pairCollisions + p;
		if ( result->mesh )
		{
			if ( ttCollideMeshPair( world, p ) == false )
			{
				return;
			}
			continue;
		}
		if ( result->touching == false )
		{
			continue;
		}
		ttManifold* m = ttPushManifold( world );
		if ( m == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this substep" );
			return;
		}
		ttCopyManifold( m, &result->manifold );
	}
}

void ttUpdateContacts( ttWorld* world )
{
	ttSwapManifolds( world );
	bool reuse = world->step.contacts != NULL && world->step.contacts->keepsManifolds;
	// Both make the same manifolds in the same order (the same functions per pair).
	if ( ttTaskSystem_WorkerCount( &world->tasks ) > 1 && world->pairCount >= 2 * TT_PAIRS_PER_RANGE )
	{
		ttUpdateContactsParallel( world, reuse );
	}
	else
	{
		ttUpdateContactsSerial( world, reuse );
	}
	ttMatchContacts( world );
}
