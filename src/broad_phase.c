// SPDX-License-Identifier: MIT
// Broadphase: leaves, the persistent pair set and the pairs of each step.
//
// Each step every bounded shape gets its swept box (tight box grown by k dt |v|, with the
// rotational part |w| extent, plus the speculative distance, paper section 3.5). A leaf is
// re-inserted only when that box left its fattened box (or the fattened box became far too big);
// only re-inserted leaves query the tree, and the pairs they find join a persistent hash set, so
// the pairs of shapes at rest persist without any tree query. The step's candidates are the pairs
// of the set whose swept boxes overlap and that pass the filters, sorted by shape index: exactly
// the pairs, in the order, of the all-pairs test this replaces, so results do not depend on the
// tree's shape or history.
#include "broad_phase.h"

#include "core.h"
#include "world.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

void ttBroadPhase_Create( ttBroadPhase* bp )
{
	memset( bp, 0, sizeof( *bp ) );
	ttDynamicTree_Create( &bp->tree );
}

void ttBroadPhase_Destroy( ttBroadPhase* bp )
{
	ttDynamicTree_Destroy( &bp->tree );
	ttFree( bp->moveBuffer );
	ttFree( bp->pairs );
	ttFree( bp->slots );
	ttFree( bp->planes );
	ttFree( bp->sortScratch );
	ttFree( bp->sortCounts );
	ttBroadPhase_Create( bp );
}

// ---------------------------------------------------------------------------------------------
// Filters

bool ttShouldFiltersCollide( ttFilter a, ttFilter b )
{
	if ( a.groupIndex == b.groupIndex && a.groupIndex != 0 )
	{
		return a.groupIndex > 0;
	}
	return ( a.maskBits & b.categoryBits ) != 0 && ( a.categoryBits & b.maskBits ) != 0;
}

bool ttShouldQueryShape( ttFilter shape, ttQueryFilter query )
{
	return ( shape.categoryBits & query.maskBits ) != 0 && ( shape.maskBits & query.categoryBits ) != 0;
}

// Rules that cannot change while both shapes live: they keep a pair out of the set altogether.
static bool ttCanEverCollide( ttWorld* world, const ttShape* a, const ttShape* b )
{
	if ( a->bodyIndex == b->bodyIndex )
	{
		return false;
	}
	return ttWorld_Body( world, a->bodyIndex )->type == ttBody_dynamic ||
	       ttWorld_Body( world, b->bodyIndex )->type == ttBody_dynamic;
}

// Rules that can change (joints come and go, filters can be set): checked every step.
static bool ttShouldCollideNow( ttWorld* world, const ttShape* a, const ttShape* b )
{
	return ttShouldFiltersCollide( a->filter, b->filter ) &&
	       ttWorld_JointPreventsCollision( world, a->bodyIndex, b->bodyIndex ) == false;
}

// ---------------------------------------------------------------------------------------------
// Boxes

static ttReal ttFatMargin( const ttShape* shape )
{
	return ttMinReal( TT_AABB_MARGIN, (ttReal)0.5 * ttShape_Extent( shape ) );
}

static ttAABB ttGrowBox( ttAABB box, ttReal margin )
{
	ttVec3 grow = { margin, margin, margin };
	return ( ttAABB ){ ttSub( box.lower, grow ), ttAdd( box.upper, grow ) };
}

// The box grown by k dt |v| counting the rotation of the shape's far points (paper section 3.5),
// and by the speculative distance. Written exactly as the all-pairs finder wrote it.
static ttAABB ttSweptBox( const ttBody* body, const ttShape* shape, ttTransform xf, ttReal timeStep )
{
	ttAABB box = ttShape_ComputeAabb( shape, xf );
	ttReal speed = ttLength( body->v ) + ttLength( body->w ) * ttShape_Extent( shape );
	ttReal margin = TT_AABB_VELOCITY_MULTIPLIER * timeStep * speed + TT_SPECULATIVE_DISTANCE;
	return ttGrowBox( box, margin );
}

// The shape's frame in world coordinates from the solver's pose (refreshing simTransform, which
// the narrow phase reads) ...
static ttTransform ttSimTransform( const ttBody* body, ttShape* shape )
{
	shape->simTransform = ttInvMulTransforms( ttBody_PrincipalInBody( body ), shape->localTransform );
	return ttShape_SimWorldTransform( body, shape );
}

static bool ttPushMove( ttBroadPhase* bp, int proxyId )
{
	if ( bp->tree.nodes[proxyId].moved )
	{
		return true;
	}
	if ( ttReserve( (void**)&bp->moveBuffer, &bp->moveCapacity, bp->moveCount + 1, sizeof( int ) ) == false )
	{
		return false;
	}
	bp->tree.nodes[proxyId].moved = true;
	bp->moveBuffer[bp->moveCount++] = proxyId;
	return true;
}

// Re-insert the leaf when the swept box left the fat box or the fat box is far too big for it (a
// fast body that slowed down), and remember it for the pair update.
static void ttRefreshProxy( ttBroadPhase* bp, const ttShape* shape, ttAABB swept )
{
	ttAABB fat = ttDynamicTree_GetFatBox( &bp->tree, shape->proxyId );
	ttReal margin = ttFatMargin( shape );
	ttVec3 slack = ttSub( ttSub( fat.upper, fat.lower ), ttSub( swept.upper, swept.lower ) );
	ttReal limit = 4 * margin;
	if ( ttAABB_Contains( fat, swept ) && slack.x <= limit && slack.y <= limit && slack.z <= limit )
	{
		return;
	}
	ttDynamicTree_MoveProxy( &bp->tree, shape->proxyId, ttGrowBox( swept, margin ) );
	if ( ttPushMove( bp, shape->proxyId ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts may be missed" );
	}
}

// ---------------------------------------------------------------------------------------------
// Proxies

bool ttBroadPhase_CreateProxy( ttWorld* world, int shapeIndex )
{
	ttBroadPhase* bp = &world->broadPhase;
	ttShape* shape = ttWorld_Shape( world, shapeIndex );
	shape->proxyId = -1;
	if ( shape->type == ttShape_plane )
	{
		if ( ttReserve( (void**)&bp->planes, &bp->planeCapacity, bp->planeCount + 1, sizeof( int ) ) == false )
		{
			return false;
		}
		bp->planes[bp->planeCount++] = shapeIndex;
		return true;
	}
	const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
	ttAABB swept = ttSweptBox( body, shape, ttShape_UserWorldTransform( body, shape ), bp->lastTimeStep );
	int proxyId = ttDynamicTree_CreateProxy( &bp->tree, ttGrowBox( swept, ttFatMargin( shape ) ), shapeIndex );
	if ( proxyId < 0 )
	{
		return false;
	}
	if ( ttPushMove( bp, proxyId ) == false )
	{
		ttDynamicTree_DestroyProxy( &bp->tree, proxyId );
		return false;
	}
	shape->proxyId = proxyId;
	return true;
}

void ttBroadPhase_DestroyProxy( ttWorld* world, int shapeIndex )
{
	ttBroadPhase* bp = &world->broadPhase;
	ttShape* shape = ttWorld_Shape( world, shapeIndex );
	if ( shape->type == ttShape_plane )
	{
		for ( int i = 0; i < bp->planeCount; ++i )
		{
			if ( bp->planes[i] == shapeIndex )
			{
				memmove( bp->planes + i, bp->planes + i + 1, sizeof( int ) * (size_t)( bp->planeCount - i - 1 ) );
				bp->planeCount -= 1;
				break;
			}
		}
		return;
	}
	if ( shape->proxyId >= 0 )
	{
		// Its entry in the move buffer is skipped (the node is free or belongs to a newer leaf
		// that is in the buffer itself); its pairs fail the generation check at the next update.
		ttDynamicTree_DestroyProxy( &bp->tree, shape->proxyId );
		shape->proxyId = -1;
	}
}

void ttBroadPhase_TouchBody( ttWorld* world, int bodyIndex )
{
	ttBroadPhase* bp = &world->broadPhase;
	const ttBody* body = ttWorld_Body( world, bodyIndex );
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		const ttShape* shape = ttWorld_Shape( world, s );
		if ( shape->proxyId >= 0 )
		{
			ttRefreshProxy( bp, shape,
			                ttSweptBox( body, shape, ttShape_UserWorldTransform( body, shape ), bp->lastTimeStep ) );
		}
	}
}

void ttBroadPhase_Sync( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	if ( bp->posesChanged == false )
	{
		return;
	}
	for ( int i = 0; i < world->shapes.count; ++i )
	{
		const ttShape* shape = ttWorld_Shape( world, i );
		if ( world->shapes.used[i] && shape->proxyId >= 0 )
		{
			const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
			ttRefreshProxy( bp, shape,
			                ttSweptBox( body, shape, ttShape_UserWorldTransform( body, shape ), bp->lastTimeStep ) );
		}
	}
	bp->posesChanged = false;
}

// Debug reads of the tree for the viewer. They sync first so that the boxes drawn are the ones a
// query would cull with, enclosing the shapes where they are now.
int ttWorld_GetBroadphaseNodeCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? ttDynamicTree_GetNodeCount( &world->broadPhase.tree ) : 0;
}

int ttWorld_GetBroadphaseNodes( ttWorldId worldId, ttAABB* boxes, int* depths, bool* leaves, int capacity )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return 0;
	}
	if ( boxes == NULL || capacity < 0 )
	{
		TT_ERROR( "boxes must not be NULL and capacity must be >= 0" );
		return 0;
	}
	ttBroadPhase_Sync( world );
	return ttDynamicTree_GetNodes( &world->broadPhase.tree, boxes, depths, leaves, capacity );
}

// ---------------------------------------------------------------------------------------------
// The pair set: dense records plus an open-addressing index with linear probing.

static uint64_t ttPairKey( int a, int b )
{
	return ( (uint64_t)(uint32_t)a << 32 ) | (uint32_t)b;
}

static int ttPairHome( const ttBroadPhase* bp, uint64_t key )
{
	// splitmix64's finaliser: every key bit reaches the low bits that the mask keeps.
	uint64_t h = key;
	h = ( h ^ ( h >> 30 ) ) * 0xbf58476d1ce4e5b9ull;
	h = ( h ^ ( h >> 27 ) ) * 0x94d049bb133111ebull;
	h ^= h >> 31;
	return (int)( h & (uint64_t)( bp->slotCapacity - 1 ) );
}

// The slot holding the key, or the empty slot where it would go.
static int ttPairSlot( const ttBroadPhase* bp, int a, int b )
{
	uint64_t key = ttPairKey( a, b );
	int mask = bp->slotCapacity - 1;
	int slot = ttPairHome( bp, key );
	while ( bp->slots[slot] >= 0 )
	{
		const ttBroadPair* pair = bp->pairs + bp->slots[slot];
		if ( pair->shapeA == a && pair->shapeB == b )
		{
			break;
		}
		slot = ( slot + 1 ) & mask;
	}
	return slot;
}

static bool ttRehashPairs( ttBroadPhase* bp, int capacity )
{
	int* slots = ttAlloc( sizeof( int ) * (size_t)capacity );
	if ( slots == NULL )
	{
		return false;
	}
	ttFree( bp->slots );
	bp->slots = slots;
	bp->slotCapacity = capacity;
	memset( slots, 0xff, sizeof( int ) * (size_t)capacity );
	for ( int i = 0; i < bp->pairCount; ++i )
	{
		bp->slots[ttPairSlot( bp, bp->pairs[i].shapeA, bp->pairs[i].shapeB )] = i;
	}
	return true;
}

static bool ttAddPair( ttWorld* world, int a, int b )
{
	ttBroadPhase* bp = &world->broadPhase;
	if ( a > b )
	{
		int t = a;
		a = b;
		b = t;
	}
	// Keep the load at most 1/2 so that probe runs stay short.
	if ( 2 * ( bp->pairCount + 1 ) > bp->slotCapacity &&
	     ttRehashPairs( bp, bp->slotCapacity < 64 ? 64 : 2 * bp->slotCapacity ) == false )
	{
		return false;
	}
	uint32_t generationA = world->shapes.generations[a];
	uint32_t generationB = world->shapes.generations[b];
	int slot = ttPairSlot( bp, a, b );
	if ( bp->slots[slot] >= 0 )
	{
		// Present, perhaps left by shapes that since died in these slots: it is the new pair now.
		ttBroadPair* pair = bp->pairs + bp->slots[slot];
		pair->generationA = generationA;
		pair->generationB = generationB;
		return true;
	}
	if ( ttReserve( (void**)&bp->pairs, &bp->pairCapacity, bp->pairCount + 1, sizeof( ttBroadPair ) ) == false )
	{
		return false;
	}
	bp->pairs[bp->pairCount] = ( ttBroadPair ){ a, b, generationA, generationB };
	bp->slots[slot] = bp->pairCount++;
	return true;
}

// Remove the record at `index`: backward-shift deletion in the index, then the last record
// moves into the hole.
static void ttRemovePair( ttBroadPhase* bp, int index )
{
	int mask = bp->slotCapacity - 1;
	int hole = ttPairSlot( bp, bp->pairs[index].shapeA, bp->pairs[index].shapeB );
	bp->slots[hole] = -1;
	for ( int next = ( hole + 1 ) & mask; bp->slots[next] >= 0; next = ( next + 1 ) & mask )
	{
		const ttBroadPair* pair = bp->pairs + bp->slots[next];
		int home = ttPairHome( bp, ttPairKey( pair->shapeA, pair->shapeB ) );
		// The entry may fill the hole unless its home lies cyclically in (hole, next].
		bool stays = hole <= next ? ( hole < home && home <= next ) : ( hole < home || home <= next );
		if ( stays == false )
		{
			bp->slots[hole] = bp->slots[next];
			bp->slots[next] = -1;
			hole = next;
		}
	}
	int last = bp->pairCount - 1;
	if ( index != last )
	{
		bp->slots[ttPairSlot( bp, bp->pairs[last].shapeA, bp->pairs[last].shapeB )] = index;
		bp->pairs[index] = bp->pairs[last];
	}
	bp->pairCount = last;
}

// ---------------------------------------------------------------------------------------------
// The step's pairs

static bool ttPushCandidate( ttWorld* world, int a, int b )
{
	if ( ttReserve( (void**)&world->pairs, &world->pairCapacity, world->pairCount + 1, sizeof( ttShapePair ) ) ==
	     false )
	{
		return false;
	}
	world->pairs[world->pairCount++] = ( ttShapePair ){ a < b ? a : b, a < b ? b : a };
	return true;
}

typedef struct ttMoveQuery
{
	ttWorld* world;
	int proxyId;
	int shapeIndex;
	const ttShape* shape;
	bool failed;
} ttMoveQuery;

static bool ttMoveQueryCallback( int proxyId, int userData, void* context )
{
	ttMoveQuery* query = context;
	ttBroadPhase* bp = &query->world->broadPhase;
	// When both leaves moved, the one with the larger id records the pair.
	if ( proxyId == query->proxyId || ( bp->tree.nodes[proxyId].moved && proxyId < query->proxyId ) )
	{
		return true;
	}
	const ttShape* other = ttWorld_Shape( query->world, userData );
	if ( ttCanEverCollide( query->world, query->shape, other ) == false )
	{
		return true;
	}
	if ( ttAddPair( query->world, query->shapeIndex, userData ) == false )
	{
		query->failed = true;
		return false;
	}
	return true;
}

static void ttFindNewPairs( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->moveCount; ++i )
	{
		int proxyId = bp->moveBuffer[i];
		const ttTreeNode* node = bp->tree.nodes + proxyId;
		if ( node->height != 0 || node->moved == false )
		{
			continue; // destroyed since
		}
		ttMoveQuery query = { world, proxyId, node->userData, ttWorld_Shape( world, node->userData ), false };
		ttDynamicTree_Query( &bp->tree, node->box, ttMoveQueryCallback, &query );
		if ( query.failed )
		{
			ttReportError( "ttWorld_Step", "out of memory: some contacts may be missed" );
			break;
		}
	}
	for ( int i = 0; i < bp->moveCount; ++i )
	{
		bp->tree.nodes[bp->moveBuffer[i]].moved = false;
	}
	bp->moveCount = 0;
}

// Sleeping dynamic bodies are left out of the step (island.c): their leaves are not refreshed and
// their swept boxes not computed; their fat boxes, which enclose them, stand in.
static bool ttIsSleepingDynamic( ttWorld* world, const ttShape* shape )
{
	const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
	return body->type == ttBody_dynamic && body->awakeIndex < 0;
}

static ttAABB ttStepBox( ttWorld* world, int shapeIndex, const ttShape* shape )
{
	return ttIsSleepingDynamic( world, shape ) ? ttDynamicTree_GetFatBox( &world->broadPhase.tree, shape->proxyId )
	                                           : world->aabbs[shapeIndex];
}

// Walk the set: drop records of dead shapes and of leaves no longer overlapping, emit the pairs
// whose swept boxes overlap and that have an awake body (static and sleeping ones rest).
static bool ttEmitSetPairs( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	const ttPool* shapes = &world->shapes;
	int i = 0;
	while ( i < bp->pairCount )
	{
		const ttBroadPair* pair = bp->pairs + i;
		int a = pair->shapeA, b = pair->shapeB;
		if ( shapes->used[a] == false || shapes->used[b] == false || shapes->generations[a] != pair->generationA ||
		     shapes->generations[b] != pair->generationB )
		{
			ttRemovePair( bp, i );
			continue;
		}
		const ttShape* shapeA = ttWorld_Shape( world, a );
		const ttShape* shapeB = ttWorld_Shape( world, b );
		if ( ttAABB_Overlaps( ttDynamicTree_GetFatBox( &bp->tree, shapeA->proxyId ),
		                      ttDynamicTree_GetFatBox( &bp->tree, shapeB->proxyId ) ) == false )
		{
			ttRemovePair( bp, i );
			continue;
		}
		bool resting = ttWorld_Body( world, shapeA->bodyIndex )->awakeIndex < 0 &&
		               ttWorld_Body( world, shapeB->bodyIndex )->awakeIndex < 0;
		if ( resting == false && ttAABB_Overlaps( ttStepBox( world, a, shapeA ), ttStepBox( world, b, shapeB ) ) &&
		     ttShouldCollideNow( world, shapeA, shapeB ) && ttPushCandidate( world, a, b ) == false )
		{
			return false;
		}
		i += 1;
	}
	return true;
}

typedef struct ttPlaneQuery
{
	ttWorld* world;
	int planeIndex;
	const ttShape* plane;
	ttVec3 normal;
	ttReal offset;
	bool failed;
} ttPlaneQuery;

static bool ttPlaneQueryCallback( int proxyId, int userData, void* context )
{
	(void)proxyId;
	ttPlaneQuery* query = context;
	ttWorld* world = query->world;
	const ttShape* other = ttWorld_Shape( world, userData );
	if ( ttWorld_Body( world, other->bodyIndex )->awakeIndex < 0 )
	{
		return true; // planes are static: a sleeping or static shape rests on them
	}
	if ( ttAABB_ReachesPlane( world->aabbs[userData], query->normal, query->offset, TT_SPECULATIVE_DISTANCE ) &&
	     ttCanEverCollide( world, query->plane, other ) && ttShouldCollideNow( world, query->plane, other ) &&
	     ttPushCandidate( world, query->planeIndex, userData ) == false )
	{
		query->failed = true;
		return false;
	}
	return true;
}

static bool ttEmitPlanePairs( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount; ++i )
	{
		int index = bp->planes[i];
		const ttShape* plane = ttWorld_Shape( world, index );
		const ttBody* body = ttWorld_Body( world, plane->bodyIndex );
		ttTransform xf = ttShape_SimWorldTransform( body, plane );
		ttVec3 normal = ttRotate( xf.q, plane->plane.normal );
		ttPlaneQuery query = { world, index, plane, normal, plane->plane.offset + ttDot( normal, xf.p ), false };
		ttDynamicTree_QueryPlane( &bp->tree, normal, query.offset, TT_SPECULATIVE_DISTANCE, ttPlaneQueryCallback,
		                          &query );
		if ( query.failed )
		{
			return false;
		}
	}
	return true;
}

// Counting sort by shapeB, then stably by shapeA: O(pairs + shapes).
static void ttSortCandidates( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	int n = world->pairCount;
	int range = world->shapes.count + 1;
	if ( n < 2 )
	{
		return;
	}
	if ( ttReserve( &bp->sortScratch, &bp->sortScratchCapacity, n, sizeof( ttShapePair ) ) == false ||
	     ttReserve( (void**)&bp->sortCounts, &bp->sortCountsCapacity, range, sizeof( int ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contact pairs left unsorted" );
		return;
	}
	ttShapePair* scratch = bp->sortScratch;
	int* counts = bp->sortCounts;
	for ( int pass = 0; pass < 2; ++pass )
	{
		ttShapePair* from = pass == 0 ? world->pairs : scratch;
		ttShapePair* to = pass == 0 ? scratch : world->pairs;
		memset( counts, 0, sizeof( int ) * (size_t)range );
		for ( int i = 0; i < n; ++i )
		{
			counts[( pass == 0 ? from[i].shapeB : from[i].shapeA ) + 1] += 1;
		}
		for ( int k = 1; k < range; ++k )
		{
			counts[k] += counts[k - 1];
		}
		for ( int i = 0; i < n; ++i )
		{
			to[counts[pass == 0 ? from[i].shapeB : from[i].shapeA]++] = from[i];
		}
	}
}

void ttBroadPhase_UpdatePairs( ttWorld* world, ttReal timeStep )
{
	ttBroadPhase* bp = &world->broadPhase;
	world->pairCount = 0;
	bp->lastTimeStep = timeStep;
	int shapeCount = world->shapes.count;
	if ( ttReserve( (void**)&world->aabbs, &world->aabbCapacity, shapeCount, sizeof( ttAABB ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts skipped this step" );
		return;
	}

	for ( int i = 0; i < shapeCount; ++i )
	{
		if ( world->shapes.used[i] == false )
		{
			continue;
		}
		ttShape* shape = ttWorld_Shape( world, i );
		const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
		if ( body->type == ttBody_dynamic && body->awakeIndex < 0 )
		{
			continue; // asleep: its leaf stays where it is
		}
		ttTransform xf = ttSimTransform( body, shape );
		if ( shape->proxyId >= 0 )
		{
			world->aabbs[i] = ttSweptBox( body, shape, xf, timeStep );
			ttRefreshProxy( bp, shape, world->aabbs[i] );
		}
	}
	// Every leaf now encloses its shape's swept box.
	bp->posesChanged = false;

	ttFindNewPairs( world );
	if ( ttEmitSetPairs( world ) == false || ttEmitPlanePairs( world ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this step" );
	}
	ttSortCandidates( world );
}
