// SPDX-License-Identifier: MIT
// Broadphase: leaves, the persistent pair set and the pairs of each step.
//
// Each step every bounded shape gets its swept box (tight box grown by k dt |v|, with the
// rotational part |w| extent, plus the speculative distance, paper section 3.5). A leaf is
// re-inserted only when that box left its fattened box (or the fattened box became far too big);
// only re-inserted leaves query the tree. The set holds every pair of leaves whose fat boxes
// overlap, sorted by shape index; each update merges the pairs the re-inserted leaves found
// (sorted) into it, and a pair of the set with a re-inserted leaf that its query did not find
// again has stopped overlapping and leaves. So the update costs O(set + moved log n) with no hash
// and no random reads of the tree, the shapes or the bodies per pair (the walk reads a byte of
// flags per shape). The step's candidates are the pairs of the set whose swept boxes overlap and
// that pass the filters, in the set's order: exactly the pairs, in the order, of the all-pairs
// test this replaces, so results do not depend on the tree's shape or history.
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
	ttFree( bp->found );
	ttFree( bp->foundScratch );
	ttFree( bp->sortCounts );
	ttFree( bp->planePairs );
	ttFree( bp->queryOrder );
	ttFree( bp->shapeFlags );
	ttFree( bp->shapeBodies );
	for ( int i = 0; i < TT_MAX_WORKERS; ++i )
	{
		ttFree( bp->sweepMoves[i].shapes );
	}
	ttFree( bp->planes );
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
// and by the speculative distance, from the body's |v| and |w| (computed once per body). Written
// exactly as the all-pairs finder wrote it.
static ttAABB ttSweptBoxFromSpeeds( ttReal speed, ttReal spin, const ttShape* shape, ttTransform xf, ttReal timeStep )
{
	ttAABB box = ttShape_ComputeAabb( shape, xf );
	ttReal reach = speed + spin * ttShape_Extent( shape );
	ttReal margin = TT_AABB_VELOCITY_MULTIPLIER * timeStep * reach + TT_SPECULATIVE_DISTANCE;
	return ttGrowBox( box, margin );
}

static ttAABB ttSweptBox( const ttBody* body, const ttShape* shape, ttTransform xf, ttReal timeStep )
{
	return ttSweptBoxFromSpeeds( ttLength( body->v ), ttLength( body->w ), shape, xf, timeStep );
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

// Whether the leaf must be re-inserted: the swept box left the fat box, or the fat box is far too
// big for it (a fast body that slowed down).
static bool ttLeafMustMove( const ttBroadPhase* bp, const ttShape* shape, ttAABB swept )
{
	ttAABB fat = ttDynamicTree_GetFatBox( &bp->tree, shape->proxyId );
	ttVec3 slack = ttSub( ttSub( fat.upper, fat.lower ), ttSub( swept.upper, swept.lower ) );
	ttReal limit = 4 * ttFatMargin( shape );
	return ttAABB_Contains( fat, swept ) == false || slack.x > limit || slack.y > limit || slack.z > limit;
}

// Re-insert the leaf around the swept box when it must move, and remember it for the pair update.
static void ttRefreshProxy( ttBroadPhase* bp, const ttShape* shape, ttAABB swept )
{
	if ( ttLeafMustMove( bp, shape, swept ) == false )
	{
		return;
	}
	ttReal margin = ttFatMargin( shape );
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
// The sweep: swept boxes, flags and the leaves to re-insert, one range of shapes at a time.

void ttBroadPhase_SweepRange( ttWorld* world, int begin, int end, ttReal timeStep, ttSweepMoves* moves )
{
	ttBroadPhase* bp = &world->broadPhase;
	// A body's shapes are usually neighbours in index order: its |v| and |w| (two square roots)
	// are computed once for the run of them.
	int lastBody = -1;
	ttReal speed = 0, spin = 0;
	for ( int i = begin; i < end; ++i )
	{
		if ( world->shapes.used[i] == false )
		{
			bp->shapeFlags[i] = 0;
			continue;
		}
		ttShape* shape = ttWorld_Shape( world, i );
		const ttBody* body = ttWorld_Body( world, shape->bodyIndex );
		bp->shapeBodies[i] = shape->bodyIndex;
		uint8_t dynamic = body->type == ttBody_dynamic ? ttSweepFlag_dynamic : 0;
		if ( dynamic && body->awakeIndex < 0 )
		{
			bp->shapeFlags[i] = ttSweepFlag_sleeping | dynamic; // asleep: its leaf stays where it is
			continue;
		}
		bp->shapeFlags[i] = ( body->awakeIndex >= 0 ? ttSweepFlag_awake : 0 ) | dynamic;
		ttTransform xf = ttSimTransform( body, shape );
		if ( shape->proxyId < 0 )
		{
			continue; // a plane
		}
		if ( shape->bodyIndex != lastBody )
		{
			lastBody = shape->bodyIndex;
			speed = ttLength( body->v );
			spin = ttLength( body->w );
		}
		world->aabbs[i] = ttSweptBoxFromSpeeds( speed, spin, shape, xf, timeStep );
		if ( ttLeafMustMove( bp, shape, world->aabbs[i] ) )
		{
			if ( ttReserve( (void**)&moves->shapes, &moves->capacity, moves->count + 1, sizeof( int ) ) == false )
			{
				moves->failed = true;
				continue;
			}
			moves->shapes[moves->count++] = i;
		}
	}
}

// Re-insert the leaves a range found, in the range's order (the tree's shape then does not depend
// on how the shapes were split into ranges), and queue them for the pair update.
static void ttApplySweepMoves( ttWorld* world, ttSweepMoves* moves )
{
	ttBroadPhase* bp = &world->broadPhase;
	bool failed = moves->failed;
	for ( int k = 0; k < moves->count; ++k )
	{
		const ttShape* shape = ttWorld_Shape( world, moves->shapes[k] );
		ttAABB fat = ttGrowBox( world->aabbs[moves->shapes[k]], ttFatMargin( shape ) );
		ttDynamicTree_MoveProxy( &bp->tree, shape->proxyId, fat );
		failed = ttPushMove( bp, shape->proxyId ) == false || failed;
	}
	if ( failed )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts may be missed" );
	}
	moves->count = 0;
	moves->failed = false;
}

// ---------------------------------------------------------------------------------------------
// New pairs: the queries of the re-inserted leaves

// (a, b) before (c, d) in the order of the set.
static bool ttPairLess( int a, int b, int c, int d )
{
	return a < c || ( a == c && b < d );
}

typedef struct ttMoveQuery
{
	ttWorld* world;
	int proxyId;
	int shapeIndex;
	bool failed;
} ttMoveQuery;

static bool ttMoveQueryCallback( int proxyId, int userData, void* context )
{
	ttMoveQuery* query = context;
	ttWorld* world = query->world;
	ttBroadPhase* bp = &world->broadPhase;
	// When both leaves moved, the one with the larger id records the pair.
	if ( proxyId == query->proxyId || ( bp->tree.nodes[proxyId].moved && proxyId < query->proxyId ) )
	{
		return true;
	}
	// ttCanEverCollide from the sweep's compact copies: the shape and body records would be two
	// cache misses per leaf found.
	int self = query->shapeIndex;
	if ( bp->shapeBodies[self] == bp->shapeBodies[userData] ||
	     ( ( bp->shapeFlags[self] | bp->shapeFlags[userData] ) & ttSweepFlag_dynamic ) == 0 )
	{
		return true;
	}
	if ( ttReserve( (void**)&bp->found, &bp->foundCapacity, bp->foundCount + 1, sizeof( ttBroadKey ) ) == false )
	{
		query->failed = true;
		return false;
	}
	int a = query->shapeIndex < userData ? query->shapeIndex : userData;
	int b = query->shapeIndex < userData ? userData : query->shapeIndex;
	bp->found[bp->foundCount++] = ( ttBroadKey ){ a, b };
	return true;
}

static int ttComparePairs( const void* x, const void* y )
{
	const ttBroadKey* p = x;
	const ttBroadKey* q = y;
	return ttPairLess( p->shapeA, p->shapeB, q->shapeA, q->shapeB )
	           ? -1
	           : ( ttPairLess( q->shapeA, q->shapeB, p->shapeA, p->shapeB ) ? 1 : 0 );
}

// Sort by (shapeA, shapeB): a comparison sort while the pairs are few against the shapes, a
// counting sort by shapeB and then stably by shapeA (O(pairs + shapes)) otherwise. Either gives
// the one sorted order.
static bool ttSortPairs( ttBroadPhase* bp, ttBroadKey* pairs, int n, int shapeCount )
{
	int range = shapeCount + 1;
	if ( n < 2 )
	{
		return true;
	}
	if ( n < 64 || 16 * n < range )
	{
		qsort( pairs, (size_t)n, sizeof( ttBroadKey ), ttComparePairs );
		return true;
	}
	if ( ttReserve( (void**)&bp->foundScratch, &bp->foundScratchCapacity, n, sizeof( ttBroadKey ) ) == false ||
	     ttReserve( (void**)&bp->sortCounts, &bp->sortCountsCapacity, range, sizeof( int ) ) == false )
	{
		return false;
	}
	ttBroadKey* scratch = bp->foundScratch;
	int* counts = bp->sortCounts;
	for ( int pass = 0; pass < 2; ++pass )
	{
		ttBroadKey* from = pass == 0 ? pairs : scratch;
		ttBroadKey* to = pass == 0 ? scratch : pairs;
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
	return true;
}

// Spreads the low 10 bits of x to every third bit.
static uint64_t ttSpreadBits( uint64_t x )
{
	x &= 0x3ff;
	x = ( x | ( x << 16 ) ) & 0x030000ffull;
	x = ( x | ( x << 8 ) ) & 0x0300f00full;
	x = ( x | ( x << 4 ) ) & 0x030c30c3ull;
	x = ( x | ( x << 2 ) ) & 0x09249249ull;
	return x;
}

// A coordinate scaled to [0, 1023] as the Morton code's 10 bits; NaN and out of range clamp.
static uint64_t ttGridCell( ttReal scaled )
{
	return scaled > 0 ? ( scaled < 1023 ? (uint64_t)scaled : 1023 ) : 0;
}

static int ttCompareKeys( const void* x, const void* y )
{
	uint64_t a = *(const uint64_t*)x, b = *(const uint64_t*)y;
	return ( a > b ) - ( a < b );
}

// The living re-inserted leaves in the order their queries run: along a Morton curve through
// their box centres, so that consecutive queries walk the same branches of the tree while they
// are in cache (at 100,000 leaves in shape order each query missed the cache all the way down).
// Each entry is (code << 32 | proxy id). Which pairs are found does not depend on the order.
static int ttOrderQueries( ttBroadPhase* bp )
{
	const ttTreeNode* nodes = bp->tree.nodes;
	if ( bp->tree.root == TT_NULL_NODE )
	{
		return 0; // every queued leaf was destroyed since
	}
	if ( ttReserve( (void**)&bp->queryOrder, &bp->queryOrderCapacity, bp->moveCount, sizeof( uint64_t ) ) == false )
	{
		// Without room to sort, query in the buffer's order.
		int count = 0;
		for ( int i = 0; i < bp->moveCount && i < bp->queryOrderCapacity; ++i )
		{
			const ttTreeNode* node = nodes + bp->moveBuffer[i];
			if ( node->height == 0 && node->moved )
			{
				bp->queryOrder[count++] = (uint64_t)(uint32_t)bp->moveBuffer[i];
			}
		}
		return count;
	}
	ttAABB root = nodes[bp->tree.root].box;
	ttVec3 extent = ttSub( root.upper, root.lower );
	ttReal scale[3] = { extent.x > 0 ? 1023 / extent.x : 0, extent.y > 0 ? 1023 / extent.y : 0,
	                    extent.z > 0 ? 1023 / extent.z : 0 };
	int count = 0;
	for ( int i = 0; i < bp->moveCount; ++i )
	{
		int proxyId = bp->moveBuffer[i];
		const ttTreeNode* node = nodes + proxyId;
		if ( node->height != 0 || node->moved == false )
		{
			continue; // destroyed since
		}
		ttVec3 centre = ttScale( (ttReal)0.5, ttAdd( node->box.lower, node->box.upper ) );
		ttVec3 offset = ttSub( centre, root.lower );
		uint64_t code = ttSpreadBits( ttGridCell( offset.x * scale[0] ) ) |
		                ( ttSpreadBits( ttGridCell( offset.y * scale[1] ) ) << 1 ) |
		                ( ttSpreadBits( ttGridCell( offset.z * scale[2] ) ) << 2 );
		bp->queryOrder[count++] = ( code << 32 ) | (uint32_t)proxyId;
	}
	qsort( bp->queryOrder, (size_t)count, sizeof( uint64_t ), ttCompareKeys );
	return count;
}

// The queries of the leaves re-inserted since the last update: their pairs into bp->found, sorted
// and without repeats (a leaf destroyed and a new one in its node can be queued twice). Marks the
// shapes of those leaves as moved for the walk. False when memory ran out: pairs may be missing.
static bool ttFindNewPairs( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	bp->foundCount = 0;
	bool ok = true;
	for ( int i = 0; i < bp->moveCount; ++i )
	{
		const ttTreeNode* node = bp->tree.nodes + bp->moveBuffer[i];
		if ( node->height == 0 && node->moved )
		{
			bp->shapeFlags[node->userData] |= ttSweepFlag_moved;
		}
	}
	int queryCount = ttOrderQueries( bp );
	for ( int i = 0; i < queryCount && ok; ++i )
	{
		int proxyId = (int)( bp->queryOrder[i] & 0xffffffffu );
		const ttTreeNode* node = bp->tree.nodes + proxyId;
		ttMoveQuery query = { world, proxyId, node->userData, false };
		ttDynamicTree_Query( &bp->tree, node->box, ttMoveQueryCallback, &query );
		ok = query.failed == false;
	}
	ok = ok && ttSortPairs( bp, bp->found, bp->foundCount, world->shapes.count );
	int unique = 0;
	for ( int i = 0; i < bp->foundCount; ++i )
	{
		bool repeat = unique > 0 && bp->found[unique - 1].shapeA == bp->found[i].shapeA &&
		              bp->found[unique - 1].shapeB == bp->found[i].shapeB;
		if ( repeat == false )
		{
			bp->found[unique++] = bp->found[i];
		}
	}
	bp->foundCount = unique;
	return ok;
}

// ---------------------------------------------------------------------------------------------
// The walk: merge the found pairs into the set and emit the step's candidates

static bool ttPushCandidate( ttWorld* world, int a, int b )
{
	if ( ttReserve( (void**)&world->pairs, &world->pairCapacity, world->pairCount + 1, sizeof( ttShapePair ) ) ==
	     false )
	{
		return false;
	}
	world->pairs[world->pairCount++] = ( ttShapePair ){ a, b };
	return true;
}

// The box a shape is tested with this step: its swept box, or the fat box of a sleeping body.
static ttAABB ttStepBox( ttWorld* world, int shapeIndex )
{
	ttBroadPhase* bp = &world->broadPhase;
	if ( bp->shapeFlags[shapeIndex] & ttSweepFlag_sleeping )
	{
		return ttDynamicTree_GetFatBox( &bp->tree, ttWorld_Shape( world, shapeIndex )->proxyId );
	}
	return world->aabbs[shapeIndex];
}

// A pair of the set is a candidate when a body is awake (static and sleeping ones rest), the
// boxes of the step overlap and the filters let it collide now.
static bool ttEmitIfCandidate( ttWorld* world, const ttBroadPair* pair )
{
	const uint8_t* flags = world->broadPhase.shapeFlags;
	int a = pair->shapeA, b = pair->shapeB;
	if ( ( ( flags[a] | flags[b] ) & ttSweepFlag_awake ) == 0 ||
	     ttAABB_Overlaps( ttStepBox( world, a ), ttStepBox( world, b ) ) == false ||
	     ttShouldCollideNow( world, ttWorld_Shape( world, a ), ttWorld_Shape( world, b ) ) == false )
	{
		return true;
	}
	return ttPushCandidate( world, a, b );
}

// Whether a pair of the old set stays: both shapes alive as they were, and, if a leaf of it was
// re-inserted, found again by that leaf's query (a pair that was not has stopped overlapping).
// When memory ran out some pairs were not found: the living ones are kept rather than dropping
// pairs that may still overlap.
static bool ttOldPairStays( ttWorld* world, const ttBroadPair* pair, bool foundAll )
{
	const ttPool* shapes = &world->shapes;
	int a = pair->shapeA, b = pair->shapeB;
	bool alive = shapes->used[a] && shapes->used[b] && shapes->generations[a] == pair->generationA &&
	             shapes->generations[b] == pair->generationB;
	bool moved = ( ( world->broadPhase.shapeFlags[a] | world->broadPhase.shapeFlags[b] ) & ttSweepFlag_moved ) != 0;
	return alive && ( moved == false || foundAll == false );
}

// One sequential pass over the old set and the found pairs (both sorted) into the new set, with
// the candidates emitted on the way. It runs from the back, in place: the new set fills the set's
// array from its end (never past an old pair not yet read), then moves to the front, and the
// candidates, emitted in descending order, are reversed.
static bool ttMergePairs( ttWorld* world, bool foundAll )
{
	ttBroadPhase* bp = &world->broadPhase;
	if ( ttReserve( (void**)&bp->pairs, &bp->pairCapacity, bp->pairCount + bp->foundCount, sizeof( ttBroadPair ) ) ==
	     false )
	{
		return false;
	}
	ttBroadPair* pairs = bp->pairs;
	const ttBroadKey* found = bp->found;
	const uint32_t* generations = world->shapes.generations;
	int i = bp->pairCount - 1, j = bp->foundCount - 1, out = bp->pairCount + bp->foundCount;
	int firstCandidate = world->pairCount;
	bool ok = true;
	while ( i >= 0 || j >= 0 )
	{
		ttBroadPair pick;
		if ( j < 0 || ( i >= 0 && ttPairLess( found[j].shapeA, found[j].shapeB, pairs[i].shapeA, pairs[i].shapeB ) ) )
		{
			pick = pairs[i--];
			if ( ttOldPairStays( world, &pick, foundAll ) == false )
			{
				continue;
			}
		}
		else
		{
			// Found now: present (its generations are the living shapes') or new.
			int a = found[j].shapeA, b = found[j].shapeB;
			if ( i >= 0 && pairs[i].shapeA == a && pairs[i].shapeB == b )
			{
				i -= 1;
			}
			pick = ( ttBroadPair ){ a, b, generations[a], generations[b] };
			j -= 1;
		}
		pairs[--out] = pick;
		ok = ok && ttEmitIfCandidate( world, &pick );
	}
	int count = bp->pairCount + bp->foundCount - out;
	if ( count > 0 )
	{
		memmove( pairs, pairs + out, sizeof( ttBroadPair ) * (size_t)count );
	}
	bp->pairCount = count;
	for ( int lo = firstCandidate, hi = world->pairCount - 1; lo < hi; ++lo, --hi )
	{
		ttShapePair t = world->pairs[lo];
		world->pairs[lo] = world->pairs[hi];
		world->pairs[hi] = t;
	}
	return ok;
}

// Free a work buffer that a burst (the first step, a scene-wide move) left far larger than the
// steps now need; it grows again when needed.
static void ttTrimBuffer( void** array, int* capacity, int used )
{
	if ( *capacity > 1024 && *capacity > 8 * used )
	{
		ttFree( *array );
		*array = NULL;
		*capacity = 0;
	}
}

// ---------------------------------------------------------------------------------------------
// Planes: tested against the tree each step, merged into the sorted candidates

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
	ttBroadPhase* bp = &world->broadPhase;
	if ( ( bp->shapeFlags[userData] & ttSweepFlag_awake ) == 0 )
	{
		return true; // planes are static: a sleeping or static shape rests on them
	}
	const ttShape* other = ttWorld_Shape( world, userData );
	if ( ttAABB_ReachesPlane( world->aabbs[userData], query->normal, query->offset, TT_SPECULATIVE_DISTANCE ) &&
	     ttCanEverCollide( world, query->plane, other ) && ttShouldCollideNow( world, query->plane, other ) )
	{
		if ( ttReserve( (void**)&bp->planePairs, &bp->planePairCapacity, bp->planePairCount + 1,
		                sizeof( ttBroadKey ) ) == false )
		{
			query->failed = true;
			return false;
		}
		int a = query->planeIndex < userData ? query->planeIndex : userData;
		int b = query->planeIndex < userData ? userData : query->planeIndex;
		bp->planePairs[bp->planePairCount++] = ( ttBroadKey ){ a, b };
	}
	return true;
}

// The plane candidates, sorted, merged into world->pairs from the back (in place).
static bool ttEmitPlanePairs( ttWorld* world )
{
	ttBroadPhase* bp = &world->broadPhase;
	bp->planePairCount = 0;
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
	int m = bp->planePairCount;
	if ( m == 0 )
	{
		return true;
	}
	if ( ttSortPairs( bp, bp->planePairs, m, world->shapes.count ) == false ||
	     ttReserve( (void**)&world->pairs, &world->pairCapacity, world->pairCount + m, sizeof( ttShapePair ) ) ==
	         false )
	{
		return false;
	}
	int i = world->pairCount - 1, j = m - 1;
	for ( int out = world->pairCount + m - 1; j >= 0; --out )
	{
		const ttShapePair* p = world->pairs + i;
		const ttBroadKey* q = bp->planePairs + j;
		bool takeSet = i >= 0 && ( p->shapeA > q->shapeA || ( p->shapeA == q->shapeA && p->shapeB > q->shapeB ) );
		world->pairs[out] = takeSet ? world->pairs[i--] : ( ttShapePair ){ q->shapeA, q->shapeB };
		j -= takeSet ? 0 : 1;
	}
	world->pairCount += m;
	return true;
}

// ---------------------------------------------------------------------------------------------
// The update

// Shapes per range of the sweep on the workers: a shape's swept box costs about 50 ns.
#define TT_SHAPES_PER_SWEEP_RANGE 256

typedef struct ttSweepLoop
{
	ttWorld* world;
	ttReal timeStep;
} ttSweepLoop;

static void ttSweepRangeOnWorker( int start, int end, int worker, void* context )
{
	const ttSweepLoop* loop = context;
	ttBroadPhase_SweepRange( loop->world, start, end, loop->timeStep, loop->world->broadPhase.sweepMoves + worker );
}

static int ttCompareInts( const void* a, const void* b )
{
	int x = *(const int*)a, y = *(const int*)b;
	return ( x > y ) - ( x < y );
}

// All workers' moves in worker 0's buffer, in shape order. Each range's are ascending, but a
// worker may run its ranges in any order (a user's scheduler does), so the order is checked.
static ttSweepMoves* ttMergeSweepMoves( ttBroadPhase* bp )
{
	ttSweepMoves* all = bp->sweepMoves;
	for ( int w = 1; w < TT_MAX_WORKERS; ++w )
	{
		ttSweepMoves* moves = bp->sweepMoves + w;
		if ( moves->count == 0 && moves->failed == false )
		{
			continue;
		}
		all->failed = all->failed || moves->failed;
		if ( ttReserve( (void**)&all->shapes, &all->capacity, all->count + moves->count, sizeof( int ) ) == false )
		{
			all->failed = true;
		}
		else
		{
			memcpy( all->shapes + all->count, moves->shapes, sizeof( int ) * (size_t)moves->count );
			all->count += moves->count;
		}
		moves->count = 0;
		moves->failed = false;
	}
	for ( int k = 1; k < all->count; ++k )
	{
		if ( all->shapes[k - 1] > all->shapes[k] )
		{
			qsort( all->shapes, (size_t)all->count, sizeof( int ), ttCompareInts );
			break;
		}
	}
	return all;
}

void ttBroadPhase_UpdatePairs( ttWorld* world, ttReal timeStep )
{
	ttBroadPhase* bp = &world->broadPhase;
	world->pairCount = 0;
	bp->lastTimeStep = timeStep;
	int shapeCount = world->shapes.count;
	if ( ttReserve( (void**)&world->aabbs, &world->aabbCapacity, shapeCount, sizeof( ttAABB ) ) == false ||
	     ttReserve( (void**)&bp->shapeFlags, &bp->shapeFlagCapacity, shapeCount, sizeof( uint8_t ) ) == false ||
	     ttReserve( (void**)&bp->shapeBodies, &bp->shapeBodyCapacity, shapeCount, sizeof( int ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts skipped this step" );
		return;
	}

	// The sweep on the workers; the leaves they found are re-inserted in shape order, as one serial
	// sweep finds them, so the tree does not depend on the worker count.
	ttSweepLoop loop = { world, timeStep };
	ttParallelFor( &world->tasks, shapeCount, TT_SHAPES_PER_SWEEP_RANGE, ttSweepRangeOnWorker, &loop );
	ttSweepMoves* moves = ttMergeSweepMoves( bp );
	ttApplySweepMoves( world, moves );
	// Every leaf now encloses its shape's swept box.
	bp->posesChanged = false;

	bool foundAll = ttFindNewPairs( world );
	if ( foundAll == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts may be missed" );
	}
	if ( ttMergePairs( world, foundAll ) == false || ttEmitPlanePairs( world ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this step" );
	}
	for ( int i = 0; i < bp->moveCount; ++i )
	{
		ttTreeNode* node = bp->tree.nodes + bp->moveBuffer[i];
		if ( node->height == 0 && node->moved )
		{
			bp->shapeFlags[node->userData] &= (uint8_t)~ttSweepFlag_moved;
		}
		node->moved = false;
	}
	ttTrimBuffer( (void**)&bp->queryOrder, &bp->queryOrderCapacity, bp->moveCount );
	ttTrimBuffer( (void**)&bp->found, &bp->foundCapacity, bp->foundCount );
	ttTrimBuffer( (void**)&bp->foundScratch, &bp->foundScratchCapacity, bp->foundCount );
	bp->moveCount = 0;
}
