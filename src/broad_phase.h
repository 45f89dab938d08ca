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

/// A pair of shapes whose fattened boxes overlapped; the generations detect a slot reused since.
typedef struct ttBroadPair
{
	int shapeA, shapeB; ///< shapeA < shapeB
	uint32_t generationA, generationB;
} ttBroadPair;

typedef struct ttBroadPhase
{
	ttDynamicTree tree;
	int* moveBuffer; ///< proxies re-inserted since the last pair update
	int moveCount, moveCapacity;
	ttBroadPair* pairs; ///< the persistent pair set, dense
	int pairCount, pairCapacity;
	int* slots; ///< open-addressing hash of pairs (index into pairs, -1 empty), power of two
	int slotCapacity;
	int* planes; ///< shape indices of the plane shapes, in creation order
	int planeCount, planeCapacity;
	void* sortScratch;
	int* sortCounts;
	int sortScratchCapacity, sortCountsCapacity;
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

/// Category, mask and group rules (Box2D's): same non-zero group collides iff the group is > 0.
bool ttShouldFiltersCollide( ttFilter a, ttFilter b );
/// Whether a query with this filter sees a shape with filter `shape`.
bool ttShouldQueryShape( ttFilter shape, ttQueryFilter query );
