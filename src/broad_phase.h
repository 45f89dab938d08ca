// SPDX-License-Identifier: MIT
// Broadphase: one dynamic-tree leaf per bounded shape, a persistent set of shape pairs whose
// fattened boxes overlap, and the candidate pair list of each step (paper section 3.5). Planes are
// unbounded and stay out of the tree; each step tests them against the tree.
#pragma once

#include "dynamic_tree.h"

typedef struct ttWorld ttWorld;

// Contacts closer than this are kept as speculative points so that corrections made later in
// the same substep (a pushed body moving into its neighbour) find the contact already there.
#define TT_SPECULATIVE_DISTANCE ( (ttReal)0.01 )
// Safety multiplier k of the paper for the bounds growth k * dt * |v|.
#define TT_AABB_VELOCITY_MULTIPLIER ( (ttReal)2 )
// Extra fattening of a tree leaf beyond its swept box, so that slowly moving shapes are
// re-inserted only every few steps; capped at half the shape's extent for small shapes.
#define TT_AABB_MARGIN ( (ttReal)0.1 )

/// A pair of shapes whose fattened boxes overlap; the generations detect a slot reused since.
typedef struct ttBroadPair
{
	int shapeA, shapeB; ///< shapeA < shapeB
	uint32_t generationA, generationB;
} ttBroadPair;

/// A pair of shapes (shapeA < shapeB) as the queries find it: the generations are the living
/// shapes', read when the pair joins the set, so the per-step buffers hold 8 bytes a pair.
typedef struct ttBroadKey
{
	int shapeA, shapeB;
} ttBroadKey;

/// The shapes of one range of the sweep whose leaves must be re-inserted, in index order. One
/// buffer per range, so that ranges can be swept in parallel and merged in order.
typedef struct ttSweepMoves
{
	int* shapes;
	int count, capacity;
	bool failed; ///< out of memory: some leaves were not re-inserted
} ttSweepMoves;

/// Per-shape facts of the step (ttBroadPhase.shapeFlags) that the pair walk reads instead of the
/// shape and body records: one byte per shape keeps the walk in cache at 100,000 shapes.
enum
{
	ttSweepFlag_awake = 1,    ///< its body takes part in the step (awake dynamic or kinematic)
	ttSweepFlag_sleeping = 2, ///< a sleeping dynamic body: its fat box stands in for its swept box
	ttSweepFlag_moved = 4,    ///< its leaf was re-inserted since the last pair update
	ttSweepFlag_dynamic = 8,  ///< its body is dynamic (pairs need one such body)
};

typedef struct ttBroadPhase
{
	ttDynamicTree tree;
	int* moveBuffer; ///< proxies re-inserted since the last pair update
	int moveCount, moveCapacity;
	ttBroadPair* pairs; ///< the persistent pair set, sorted by (shapeA, shapeB)
	int pairCount, pairCapacity;
	ttBroadKey* found; ///< pairs the re-inserted leaves found this update
	int foundCount, foundCapacity;
	ttBroadKey* foundScratch;
	int foundScratchCapacity;
	int* sortCounts;
	int sortCountsCapacity;
	uint64_t* queryOrder; ///< the re-inserted leaves in the order they query the tree
	int queryOrderCapacity;
	ttBroadKey* planePairs; ///< the step's plane candidates before they join the others
	int planePairCount, planePairCapacity;
	uint8_t* shapeFlags; ///< ttSweepFlag_* per shape, written by the sweep
	int shapeFlagCapacity;
	int* shapeBodies; ///< the body of each shape, written by the sweep (for the queries' callback)
	int shapeBodyCapacity;
	/// The leaves each worker's ranges of the sweep found (task.h); merged in shape order.
	ttSweepMoves sweepMoves[TT_MAX_WORKERS];
	int* planes; ///< shape indices of the plane shapes, in creation order
	int planeCount, planeCapacity;
	ttReal lastTimeStep;
	bool posesChanged; ///< bodies moved since the leaves were last checked (a step ran)
} ttBroadPhase;

void ttBroadPhase_Create( ttBroadPhase* bp );
void ttBroadPhase_Destroy( ttBroadPhase* bp );

/// Give a new shape its leaf (or its place in the plane list); false when memory runs out.
bool ttBroadPhase_CreateProxy( ttWorld* world, int shapeIndex );
/// Remove a shape's leaf before its slot is freed. Its pairs are dropped at the next update.
void ttBroadPhase_DestroyProxy( ttWorld* world, int shapeIndex );
/// Re-check the leaves of a body that was teleported.
void ttBroadPhase_TouchBody( ttWorld* world, int bodyIndex );
/// Make every leaf enclose its shape's current box (before a scene query).
void ttBroadPhase_Sync( ttWorld* world );
/// The candidate pairs of a step into world->pairs, sorted by (shapeA, shapeB): the same pairs,
/// in the same order, as the all-pairs test of the swept boxes.
void ttBroadPhase_UpdatePairs( ttWorld* world, ttReal timeStep );
/// The first part of the update for the shapes in [begin, end): their swept boxes into
/// world->aabbs, their flags into shapeFlags, and the shapes whose leaves must be re-inserted into
/// `moves` (appended, in index order). Reads the tree, writes only these shapes' data and
/// `moves`: disjoint ranges may run at once. world->aabbs, shapeFlags and shapeBodies must hold
/// world->shapes.count entries (ttBroadPhase_UpdatePairs reserves them).
void ttBroadPhase_SweepRange( ttWorld* world, int begin, int end, ttReal timeStep, ttSweepMoves* moves );

/// Category, mask and group rules (Box2D's): same non-zero group collides iff the group is > 0.
bool ttShouldFiltersCollide( ttFilter a, ttFilter b );
/// Whether a query with this filter sees a shape with filter `shape`.
bool ttShouldQueryShape( ttFilter shape, ttQueryFilter query );
