// SPDX-License-Identifier: MIT
// A dynamic bounding volume tree of fattened axis-aligned boxes: the broadphase keeps one leaf per
// shape and the scene queries walk it. Leaves are inserted where they add the least surface area
// and the path back to the root is rebalanced with AVL-style rotations, so that insert, remove
// and move cost O(log n) and a box or ray query visits O(log n + k) nodes.
#pragma once

#include "tether/types.h"

#define TT_NULL_NODE ( -1 )

typedef struct ttTreeNode
{
	ttAABB box;         ///< fattened box for leaves, union of the children otherwise
	int parent;         ///< next free node while on the free list
	int child1, child2; ///< TT_NULL_NODE for leaves
	int height;         ///< 0 for leaves, -1 for free nodes
	int userData;       ///< the shape index of a leaf
	bool moved;         ///< set by the owner (broadphase): in its move buffer
} ttTreeNode;

typedef struct ttDynamicTree
{
	ttTreeNode* nodes;
	int root;
	int nodeCount; ///< nodes ever handed out (high-water mark)
	int nodeCapacity;
	int freeList;
	int proxyCount;
} ttDynamicTree;

void ttDynamicTree_Create( ttDynamicTree* tree );
void ttDynamicTree_Destroy( ttDynamicTree* tree );

/// A new leaf with the given (already fattened) box; -1 when memory runs out.
int ttDynamicTree_CreateProxy( ttDynamicTree* tree, ttAABB fatBox, int userData );
void ttDynamicTree_DestroyProxy( ttDynamicTree* tree, int proxyId );
/// Re-insert a leaf with a new fattened box; the id stays valid. Never allocates.
void ttDynamicTree_MoveProxy( ttDynamicTree* tree, int proxyId, ttAABB fatBox );

static inline ttAABB ttDynamicTree_GetFatBox( const ttDynamicTree* tree, int proxyId )
{
	return tree->nodes[proxyId].box;
}

static inline int ttDynamicTree_GetUserData( const ttDynamicTree* tree, int proxyId )
{
	return tree->nodes[proxyId].userData;
}

/// Called for each leaf whose box overlaps the query; return false to stop the query.
typedef bool ttTreeQueryFcn( int proxyId, int userData, void* context );
void ttDynamicTree_Query( const ttDynamicTree* tree, ttAABB box, ttTreeQueryFcn* fcn, void* context );

/// Called for each leaf whose box lies (partly) within `margin` above the plane n . x = offset or
/// below it. Return false to stop.
void ttDynamicTree_QueryPlane( const ttDynamicTree* tree, ttVec3 normal, ttReal offset, ttReal margin,
                               ttTreeQueryFcn* fcn, void* context );

/// Called for each leaf whose box the segment origin + t translation, t in [0, maxFraction],
/// touches. The return value steers the cast: 0 stops it, a value in (0, maxFraction) clips the
/// segment to that fraction, anything else (e.g. -1 or maxFraction) continues unchanged.
typedef ttReal ttTreeRayCastFcn( ttVec3 origin, ttVec3 translation, ttReal maxFraction, int proxyId, int userData,
                                 void* context );
void ttDynamicTree_RayCast( const ttDynamicTree* tree, ttVec3 origin, ttVec3 translation, ttReal maxFraction,
                            ttTreeRayCastFcn* fcn, void* context );

/// Number of nodes in the tree (leaves and inner nodes; 0 when empty).
static inline int ttDynamicTree_GetNodeCount( const ttDynamicTree* tree )
{
	return tree->proxyCount > 0 ? 2 * tree->proxyCount - 1 : 0;
}

/// Copy up to capacity nodes, parents before children (depth-first, child1 first): boxes, depths
/// (root 0) and leaf flags; depths and leaves may be NULL. Returns how many were copied.
int ttDynamicTree_GetNodes( const ttDynamicTree* tree, ttAABB* boxes, int* depths, bool* leaves, int capacity );

/// Height of the root (0 for a single leaf, -1 when empty).
int ttDynamicTree_GetHeight( const ttDynamicTree* tree );
/// Sum of the surface areas of all internal nodes over the root's area (quality metric).
ttReal ttDynamicTree_GetAreaRatio( const ttDynamicTree* tree );
/// Checks parent links, heights, enclosing boxes, the leaf count and the free list; reports the
/// first violation through ttReportError and returns false.
bool ttDynamicTree_Validate( const ttDynamicTree* tree );

// Box helpers shared by the broadphase and the queries.
static inline bool ttAABB_Overlaps( ttAABB a, ttAABB b )
{
	return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y &&
	       a.lower.z <= b.upper.z && b.lower.z <= a.upper.z;
}

static inline bool ttAABB_Contains( ttAABB outer, ttAABB inner )
{
	return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y && outer.lower.z <= inner.lower.z &&
	       inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y && inner.upper.z <= outer.upper.z;
}

static inline ttAABB ttAABB_Union( ttAABB a, ttAABB b )
{
	return ( ttAABB ){
	    { ttMinReal( a.lower.x, b.lower.x ), ttMinReal( a.lower.y, b.lower.y ), ttMinReal( a.lower.z, b.lower.z ) },
	    { ttMaxReal( a.upper.x, b.upper.x ), ttMaxReal( a.upper.y, b.upper.y ), ttMaxReal( a.upper.z, b.upper.z ) } };
}

/// Half the surface area: the insertion cost only compares areas.
static inline ttReal ttAABB_HalfArea( ttAABB a )
{
	ttVec3 d = ttSub( a.upper, a.lower );
	return d.x * d.y + d.y * d.z + d.z * d.x;
}

/// Whether the box reaches below the plane n . x = offset, or within margin above it.
static inline bool ttAABB_ReachesPlane( ttAABB box, ttVec3 normal, ttReal offset, ttReal margin )
{
	ttVec3 lowest = { normal.x > 0 ? box.lower.x : box.upper.x, normal.y > 0 ? box.lower.y : box.upper.y,
	                  normal.z > 0 ? box.lower.z : box.upper.z };
	return ttDot( normal, lowest ) - offset <= margin;
}

/// Whether the segment origin + t translation, t in [0, maxFraction], touches the box (slabs).
/// Distance from a point to a box (0 inside): the bound a closest-point search prunes subtrees by.
static inline ttReal ttAABB_Distance( ttAABB box, ttVec3 p )
{
	ttVec3 d = { ttMaxReal( ttMaxReal( box.lower.x - p.x, p.x - box.upper.x ), 0 ),
	             ttMaxReal( ttMaxReal( box.lower.y - p.y, p.y - box.upper.y ), 0 ),
	             ttMaxReal( ttMaxReal( box.lower.z - p.z, p.z - box.upper.z ), 0 ) };
	return ttLength( d );
}

bool ttAABB_SegmentOverlaps( ttAABB box, ttVec3 origin, ttVec3 translation, ttReal maxFraction );
