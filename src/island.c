// SPDX-License-Identifier: MIT
// Islands and sleeping (see island.h).
#include "island.h"

#include "core.h"
#include "world.h"

#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------------------------------------
// The awake list

// The awake list has room for every body slot (reserved in ttIsland_AddBody), so waking never
// fails for lack of memory.
static void ttPushAwake( ttWorld* world, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	body->awakeIndex = world->awakeBodyCount;
	body->sleepNext = -1;
	body->sleepTime = 0;
	world->awakeBodies[world->awakeBodyCount++] = bodyIndex;
}

bool ttIsland_AddBody( ttWorld* world, int bodyIndex, bool awake )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	body->awakeIndex = -1;
	body->sleepNext = -1;
	body->sleepTime = 0;
	if ( body->type == ttBody_static )
	{
		return true;
	}
	if ( ttReserve( (void**)&world->awakeBodies, &world->awakeBodyCapacity, world->bodies.count, sizeof( int ) ) ==
	     false )
	{
		return false;
	}
	world->movableBodyCount += 1;
	if ( awake )
	{
		ttPushAwake( world, bodyIndex );
	}
	else
	{
		body->sleepNext = bodyIndex; // an island of one
	}
	return true;
}

void ttIsland_RemoveBody( ttWorld* world, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->type == ttBody_static )
	{
		return;
	}
	// The rest of a sleeping island may have leant on this body.
	ttIsland_WakeBody( world, bodyIndex );
	int last = world->awakeBodies[world->awakeBodyCount - 1];
	world->awakeBodies[body->awakeIndex] = last;
	ttWorld_Body( world, last )->awakeIndex = body->awakeIndex;
	world->awakeBodyCount -= 1;
	world->movableBodyCount -= 1;
	body->awakeIndex = -1;
}

// ---------------------------------------------------------------------------------------------
// Waking

void ttIsland_WakeBody( ttWorld* world, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->type == ttBody_static )
	{
		return;
	}
	if ( body->awakeIndex >= 0 )
	{
		body->sleepTime = 0;
		return;
	}
	world->sleepingManifoldsStale = true;
	int current = bodyIndex;
	do
	{
		int next = ttWorld_Body( world, current )->sleepNext;
		ttPushAwake( world, current );
		current = next;
	} while ( current >= 0 && current != bodyIndex );
}

static int ttOtherJointBody( const ttJoint* joint, int side )
{
	return side == 0 ? joint->bodyB : joint->bodyA;
}

static bool ttWakeShapeBody( int proxyId, int shapeIndex, void* context )
{
	(void)proxyId;
	ttWorld* world = context;
	ttIsland_WakeBody( world, ttWorld_Shape( world, shapeIndex )->bodyIndex );
	return true;
}

// Bodies sleeping on a static body have no contacts with it to find them by: look in the tree.
static void ttWakeNearStatic( ttWorld* world, const ttBody* body )
{
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		const ttShape* shape = ttWorld_Shape( world, s );
		if ( shape->type == ttShape_plane )
		{
			ttIsland_WakeAll( world ); // unbounded: a rare call, so no cleverness
			return;
		}
		if ( shape->proxyId >= 0 )
		{
			ttDynamicTree_Query( &world->broadPhase.tree,
			                     ttDynamicTree_GetFatBox( &world->broadPhase.tree, shape->proxyId ), ttWakeShapeBody,
			                     world );
		}
	}
}

void ttIsland_WakeNeighbours( ttWorld* world, int bodyIndex )
{
	const ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->type == ttBody_static )
	{
		ttWakeNearStatic( world, body );
	}
	ttIsland_WakeBody( world, bodyIndex );
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		if ( m->bodyA == bodyIndex || m->bodyB == bodyIndex )
		{
			ttIsland_WakeBody( world, m->bodyA == bodyIndex ? m->bodyB : m->bodyA );
		}
	}
	for ( int key = ttWorld_Body( world, bodyIndex )->jointEdgeHead; key >= 0; )
	{
		const ttJoint* joint = ttWorld_Joint( world, key >> 1 );
		ttIsland_WakeBody( world, ttOtherJointBody( joint, key & 1 ) );
		key = joint->edgeNext[key & 1];
	}
	// The callers are about to remove or move shapes: no kept manifold may name them.
	ttIsland_PurgeSleepingManifolds( world );
}

// ---------------------------------------------------------------------------------------------
// Manifolds of sleeping islands

bool ttIsland_IsSleepingManifold( ttWorld* world, const ttManifold* manifold )
{
	const ttBody* a = ttWorld_Body( world, manifold->bodyA );
	const ttBody* b = ttWorld_Body( world, manifold->bodyB );
	bool restingA = a->type == ttBody_static || a->awakeIndex < 0;
	bool restingB = b->type == ttBody_static || b->awakeIndex < 0;
	return restingA && restingB;
}

void ttIsland_PurgeSleepingManifolds( ttWorld* world )
{
	int kept = 0;
	for ( int i = 0; i < world->sleepingManifoldCount; ++i )
	{
		if ( ttIsland_IsSleepingManifold( world, world->sleepingManifolds + i ) )
		{
			world->sleepingManifolds[kept++] = world->sleepingManifolds[i];
		}
	}
	world->sleepingManifoldCount = kept;
	world->sleepingManifoldsStale = false;
}

// Drop the kept copies of islands woken since the last purge before new ones are taken: a body
// woken and put back to sleep between two steps would otherwise have its contacts twice.
static void ttPurgeBeforeSleep( ttWorld* world )
{
	if ( world->sleepingManifoldsStale )
	{
		ttIsland_PurgeSleepingManifolds( world );
	}
}

// Keep the manifolds of the bodies that just fell asleep (their last substep's). Bodies asleep
// before have theirs kept already; marking the new ones (awakeIndex -2) tells them apart.
static void ttKeepSleepingManifolds( ttWorld* world, const int* slept, int sleptCount )
{
	for ( int i = 0; i < sleptCount; ++i )
	{
		ttWorld_Body( world, slept[i] )->awakeIndex = -2;
	}
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		bool fresh =
		    ttWorld_Body( world, m->bodyA )->awakeIndex == -2 || ttWorld_Body( world, m->bodyB )->awakeIndex == -2;
		if ( fresh == false || ttIsland_IsSleepingManifold( world, m ) == false )
		{
			continue;
		}
		if ( ttReserve( (void**)&world->sleepingManifolds, &world->sleepingManifoldCapacity,
		                world->sleepingManifoldCount + 1, sizeof( ttManifold ) ) == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: contacts of sleeping bodies are not reported" );
			return;
		}
		world->sleepingManifolds[world->sleepingManifoldCount++] = *m;
	}
	for ( int i = 0; i < sleptCount; ++i )
	{
		ttWorld_Body( world, slept[i] )->awakeIndex = -1;
	}
}

void ttIsland_WakeAll( ttWorld* world )
{
	for ( int i = 0; i < world->bodies.count; ++i )
	{
		if ( world->bodies.used[i] && ttBody_IsSleeping( ttWorld_Body( world, i ) ) )
		{
			ttIsland_WakeBody( world, i );
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The step's wake-ups

// A body that can disturb a sleeping one it touches: an awake dynamic body, or an awake kinematic
// body that moves (one standing still is as good as static).
static bool ttIsMover( const ttBody* body )
{
	if ( body->awakeIndex < 0 )
	{
		return false;
	}
	if ( body->type == ttBody_dynamic )
	{
		return true;
	}
	return body->type == ttBody_kinematic && ( ttLengthSquared( body->v ) > 0 || ttLengthSquared( body->w ) > 0 );
}

static bool ttIsSleepingDynamic( const ttBody* body )
{
	return body->type == ttBody_dynamic && body->awakeIndex < 0;
}

// Wake the sleeping dynamic bodies jointed to movers, from awake-list position `from` on
// (bodies woken here are appended and scanned in turn). Returns the new scan position.
static int ttWakeJointed( ttWorld* world, int from )
{
	for ( ; from < world->awakeBodyCount; ++from )
	{
		const ttBody* body = ttWorld_Body( world, world->awakeBodies[from] );
		if ( ttIsMover( body ) == false )
		{
			continue;
		}
		for ( int key = body->jointEdgeHead; key >= 0; )
		{
			const ttJoint* joint = ttWorld_Joint( world, key >> 1 );
			int other = ttOtherJointBody( joint, key & 1 );
			if ( ttIsSleepingDynamic( ttWorld_Body( world, other ) ) )
			{
				ttIsland_WakeBody( world, other );
			}
			key = joint->edgeNext[key & 1];
		}
	}
	return from;
}

// Wake the sleeping side of each candidate pair that a mover can reach within the step: the
// narrow phase at the current poses with the speculative distance grown by the mover's travel
// (k dt |v|, as the broadphase grows the swept boxes). Returns whether any body woke.
static bool ttWakeTouched( ttWorld* world, ttReal timeStep )
{
	bool woke = false;
	for ( int p = 0; p < world->pairCount; ++p )
	{
		const ttShape* shapeA = ttWorld_Shape( world, world->pairs[p].shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, world->pairs[p].shapeB );
		ttBody* bodyA = ttWorld_Body( world, shapeA->bodyIndex );
		ttBody* bodyB = ttWorld_Body( world, shapeB->bodyIndex );
		const ttBody* mover;
		const ttShape* moverShape;
		int sleeper;
		if ( ttIsSleepingDynamic( bodyA ) && ttIsMover( bodyB ) )
		{
			mover = bodyB, moverShape = shapeB, sleeper = shapeA->bodyIndex;
		}
		else if ( ttIsSleepingDynamic( bodyB ) && ttIsMover( bodyA ) )
		{
			mover = bodyA, moverShape = shapeA, sleeper = shapeB->bodyIndex;
		}
		else
		{
			continue;
		}
		if ( ttWorld_Body( world, sleeper )->awakeIndex >= 0 )
		{
			continue; // woken by an earlier pair
		}
		ttReal speed = ttLength( mover->v ) + ttLength( mover->w ) * ttShape_Extent( moverShape );
		ttReal reach = TT_SPECULATIVE_DISTANCE + TT_AABB_VELOCITY_MULTIPLIER * timeStep * speed;
		ttManifoldGeometry geometry;
		if ( ttCollideShapes( shapeA, ttShape_UserWorldTransform( bodyA, shapeA ), shapeB,
		                      ttShape_UserWorldTransform( bodyB, shapeB ), reach, &geometry ) &&
		     geometry.pointCount > 0 )
		{
			ttIsland_WakeBody( world, sleeper );
			woke = true;
		}
	}
	return woke;
}

// Keep the pairs the step solves: none with a sleeping dynamic body (a sleeping kinematic body
// stands still and is kept, as a static one is). The order is kept.
static void ttKeepAwakePairs( ttWorld* world )
{
	int kept = 0;
	for ( int p = 0; p < world->pairCount; ++p )
	{
		const ttShape* shapeA = ttWorld_Shape( world, world->pairs[p].shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, world->pairs[p].shapeB );
		if ( ttIsSleepingDynamic( ttWorld_Body( world, shapeA->bodyIndex ) ) == false &&
		     ttIsSleepingDynamic( ttWorld_Body( world, shapeB->bodyIndex ) ) == false )
		{
			world->pairs[kept++] = world->pairs[p];
		}
	}
	world->pairCount = kept;
}

static int ttCompareInts( const void* a, const void* b )
{
	int x = *(const int*)a, y = *(const int*)b;
	return ( x > y ) - ( x < y );
}

// The joints with an awake body, in index order: the order of the joint pool, so that a world
// where everything is awake solves exactly as it would without sleeping.
static void ttCollectAwakeJoints( ttWorld* world )
{
	world->awakeJointCount = 0;
	if ( ttReserve( (void**)&world->awakeJoints, &world->awakeJointCapacity, 2 * world->joints.liveCount,
	                sizeof( int ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: joints skipped this step" );
		return;
	}
	int count = 0;
	if ( world->awakeBodyCount == world->movableBodyCount )
	{
		// Nothing sleeps (always so with sleeping off): every joint, straight from the pool.
		for ( int j = 0; j < world->joints.count; ++j )
		{
			if ( world->joints.used[j] )
			{
				world->awakeJoints[count++] = j;
			}
		}
		world->awakeJointCount = count;
		return;
	}
	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		const ttBody* body = ttWorld_Body( world, world->awakeBodies[i] );
		for ( int key = body->jointEdgeHead; key >= 0; )
		{
			world->awakeJoints[count++] = key >> 1;
			key = ttWorld_Joint( world, key >> 1 )->edgeNext[key & 1];
		}
	}
	if ( count > 1 )
	{
		qsort( world->awakeJoints, (size_t)count, sizeof( int ), ttCompareInts );
	}
	int unique = 0;
	for ( int i = 0; i < count; ++i )
	{
		if ( unique == 0 || world->awakeJoints[unique - 1] != world->awakeJoints[i] )
		{
			world->awakeJoints[unique++] = world->awakeJoints[i];
		}
	}
	world->awakeJointCount = unique;
}

void ttIsland_BeginStep( ttWorld* world, ttReal timeStep )
{
	if ( world->sleepingManifoldsStale )
	{
		ttIsland_PurgeSleepingManifolds( world );
	}
	int scanned = 0;
	for ( ;; )
	{
		scanned = ttWakeJointed( world, scanned );
		if ( world->enableContacts == false )
		{
			break;
		}
		// Bodies woken by a pair bring their own pairs: collect again until nothing more wakes
		// (at most once per island woken; a step that wakes nothing collects once).
		ttCollectPairs( world, timeStep );
		if ( ttWakeTouched( world, timeStep ) == false )
		{
			break;
		}
	}
	if ( world->enableContacts )
	{
		ttKeepAwakePairs( world );
	}
	if ( world->sleepingManifoldsStale )
	{
		ttIsland_PurgeSleepingManifolds( world ); // islands woken just now
	}
	ttCollectAwakeJoints( world );
}

// ---------------------------------------------------------------------------------------------
// Islands and falling asleep

typedef struct ttIslandScratch
{
	int* parent;  ///< union-find over awake-list positions
	int* first;   ///< per root: first body of its sleeping cycle, -1 none yet, -2 stays awake
	int* last;    ///< per root: last body of its sleeping cycle
	int* slept;   ///< the bodies put to sleep
	ttReal* rest; ///< per root: least rest time of its bodies
} ttIslandScratch;

static bool ttGetScratch( ttWorld* world, ttIslandScratch* s )
{
	int n = world->awakeBodyCount;
	if ( ttReserve( (void**)&world->islandScratch, &world->islandScratchCapacity, 4 * n, sizeof( int ) ) == false ||
	     ttReserve( (void**)&world->islandRest, &world->islandRestCapacity, n, sizeof( ttReal ) ) == false )
	{
		return false;
	}
	s->parent = world->islandScratch;
	s->first = s->parent + n;
	s->last = s->first + n;
	s->slept = s->last + n;
	s->rest = world->islandRest;
	return true;
}

static int ttFindRoot( int* parent, int i )
{
	while ( parent[i] != i )
	{
		parent[i] = parent[parent[i]]; // path halving
		i = parent[i];
	}
	return i;
}

static void ttUnite( int* parent, int a, int b )
{
	a = ttFindRoot( parent, a );
	b = ttFindRoot( parent, b );
	// The smaller position becomes the root, so islands do not depend on the order of the edges.
	if ( a < b )
	{
		parent[b] = a;
	}
	else if ( b < a )
	{
		parent[a] = b;
	}
}

static bool ttIsMovingKinematic( const ttBody* body )
{
	return body->type == ttBody_kinematic && ttIsMover( body );
}

// Two bodies that are touching or jointed: join awake dynamic ones into one island; a dynamic
// body held by a moving kinematic one must stay awake.
static void ttLinkBodies( ttWorld* world, int* parent, int indexA, int indexB )
{
	ttBody* a = ttWorld_Body( world, indexA );
	ttBody* b = ttWorld_Body( world, indexB );
	if ( a->type == ttBody_dynamic && b->type == ttBody_dynamic && a->awakeIndex >= 0 && b->awakeIndex >= 0 )
	{
		ttUnite( parent, a->awakeIndex, b->awakeIndex );
	}
	else if ( a->type == ttBody_dynamic && ttIsMovingKinematic( b ) )
	{
		a->sleepTime = 0;
	}
	else if ( b->type == ttBody_dynamic && ttIsMovingKinematic( a ) )
	{
		b->sleepTime = 0;
	}
}

// A manifold joins its bodies when it has a point, that is when the shapes are within the
// speculative distance (Box2D v3's rule). Only points in contact (separation <= 0) or pushing
// would split a row of boxes placed exactly side by side into islands by rounding; and a body
// that close to a sleeping one wakes it anyway (ttWakeTouched reaches as far), so two such
// bodies had better sleep together.
static bool ttIsTouching( const ttManifold* m )
{
	return m->pointCount > 0;
}

// Union-find over the awake list with the last substep's touching manifolds and the joints.
static void ttBuildIslands( ttWorld* world, int* parent )
{
	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		parent[i] = i;
	}
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		if ( ttIsTouching( m ) )
		{
			ttLinkBodies( world, parent, m->bodyA, m->bodyB );
		}
	}
	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		int bodyIndex = world->awakeBodies[i];
		for ( int key = ttWorld_Body( world, bodyIndex )->jointEdgeHead; key >= 0; )
		{
			const ttJoint* joint = ttWorld_Joint( world, key >> 1 );
			// A joint between awake bodies is met from both ends; linking twice does no harm.
			ttLinkBodies( world, parent, bodyIndex, ttOtherJointBody( joint, key & 1 ) );
			key = joint->edgeNext[key & 1];
		}
	}
}

// Put to sleep the bodies whose root is marked (first[root] != -2), linking each island into a
// cycle, and close the gaps in the awake list (its order is kept). The bodies put to sleep are
// listed in `slept` (room for the awake count); returns how many.
static int ttSleepMarked( ttWorld* world, const ttIslandScratch* s, int* slept )
{
	int n = world->awakeBodyCount;
	for ( int i = 0; i < n; ++i )
	{
		int root = ttFindRoot( s->parent, i );
		if ( s->first[root] == -2 )
		{
			continue;
		}
		int bodyIndex = world->awakeBodies[i];
		if ( s->first[root] == -1 )
		{
			s->first[root] = bodyIndex;
		}
		else
		{
			ttWorld_Body( world, s->last[root] )->sleepNext = bodyIndex;
		}
		s->last[root] = bodyIndex;
	}
	int kept = 0, sleptCount = 0;
	for ( int i = 0; i < n; ++i )
	{
		int bodyIndex = world->awakeBodies[i];
		ttBody* body = ttWorld_Body( world, bodyIndex );
		int root = ttFindRoot( s->parent, i );
		if ( s->first[root] == -2 )
		{
			body->awakeIndex = kept;
			world->awakeBodies[kept++] = bodyIndex;
			continue;
		}
		if ( s->last[root] == bodyIndex )
		{
			body->sleepNext = s->first[root]; // close the cycle
		}
		body->awakeIndex = -1;
		body->v = TT_VEC3_ZERO;
		body->w = TT_VEC3_ZERO;
		slept[sleptCount++] = bodyIndex;
	}
	world->awakeBodyCount = kept;
	return sleptCount;
}

static bool ttIsResting( const ttWorld* world, const ttBody* body )
{
	if ( world->enableSleep == false || body->enableSleep == false )
	{
		return false;
	}
	if ( body->type == ttBody_kinematic )
	{
		// A kinematic body moves only as the user says: any motion at all is on purpose.
		return ttIsMover( body ) == false && body->hasKinematicTarget == false;
	}
	ttReal linear = world->linearSleepThreshold;
	ttReal angular = world->angularSleepThreshold;
	return ttLengthSquared( body->v ) <= linear * linear && ttLengthSquared( body->w ) <= angular * angular;
}

void ttIsland_EndStep( ttWorld* world, ttReal timeStep )
{
	world->stats.islandCount = 0;
	int n = world->awakeBodyCount;
	if ( n == 0 )
	{
		return;
	}
	ttIslandScratch s;
	if ( ttGetScratch( world, &s ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: no body falls asleep this step" );
		return;
	}
	for ( int i = 0; i < n; ++i )
	{
		ttBody* body = ttWorld_Body( world, world->awakeBodies[i] );
		body->sleepTime = ttIsResting( world, body ) ? body->sleepTime + timeStep : 0;
	}
	ttBuildIslands( world, s.parent );

	for ( int i = 0; i < n; ++i )
	{
		s.rest[i] = TT_HUGE;
	}
	for ( int i = 0; i < n; ++i )
	{
		int root = ttFindRoot( s.parent, i );
		const ttBody* body = ttWorld_Body( world, world->awakeBodies[i] );
		s.rest[root] = ttMinReal( s.rest[root], body->sleepTime );
		if ( root == i && body->type == ttBody_dynamic )
		{
			world->stats.islandCount += 1;
		}
	}
	bool any = false;
	for ( int i = 0; i < n; ++i )
	{
		bool sleeps = world->enableSleep && ttFindRoot( s.parent, i ) == i && s.rest[i] >= world->timeToSleep;
		s.first[i] = sleeps ? -1 : -2;
		any = any || sleeps;
	}
	if ( any )
	{
		ttPurgeBeforeSleep( world );
		int count = ttSleepMarked( world, &s, s.slept );
		ttKeepSleepingManifolds( world, s.slept, count );
	}
}

bool ttIsland_SleepNow( ttWorld* world, int bodyIndex )
{
	const ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->awakeIndex < 0 )
	{
		return true;
	}
	ttIslandScratch s;
	if ( ttGetScratch( world, &s ) == false )
	{
		return false;
	}
	ttBuildIslands( world, s.parent );
	int root = ttFindRoot( s.parent, body->awakeIndex );
	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		s.first[i] = i == root ? -1 : -2;
	}
	ttPurgeBeforeSleep( world );
	int count = ttSleepMarked( world, &s, s.slept );
	ttKeepSleepingManifolds( world, s.slept, count );
	return true;
}
