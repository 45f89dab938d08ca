// SPDX-License-Identifier: MIT
// Dynamic AABB tree: surface-area insertion, AVL-style rotations on the way back to the root.
#include "dynamic_tree.h"

#include "core.h"

#include <string.h>

// Traversal stacks start on the C stack; a tree deep enough to need more (area rotations do not
// bound the height) moves the stack to the heap.
#define TT_TREE_STACK_SIZE 256

void ttDynamicTree_Create( ttDynamicTree* tree )
{
	memset( tree, 0, sizeof( *tree ) );
	tree->root = TT_NULL_NODE;
	tree->freeList = TT_NULL_NODE;
}

void ttDynamicTree_Destroy( ttDynamicTree* tree )
{
	ttFree( tree->nodes );
	ttDynamicTree_Create( tree );
}

// Make room for `extra` more nodes than the free list can give, so that an insertion (a leaf and
// a new parent) cannot fail half way.
static bool ttDynamicTree_Reserve( ttDynamicTree* tree, int extra )
{
	int freeCount = 0;
	for ( int i = tree->freeList; i != TT_NULL_NODE && freeCount < extra; i = tree->nodes[i].parent )
	{
		freeCount += 1;
	}
	if ( freeCount >= extra || tree->nodeCount + extra - freeCount <= tree->nodeCapacity )
	{
		return true;
	}
	int capacity = tree->nodeCapacity < 16 ? 16 : tree->nodeCapacity * 2;
	while ( capacity < tree->nodeCount + extra )
	{
		capacity *= 2;
	}
	ttTreeNode* nodes = ttGrow( tree->nodes, sizeof( ttTreeNode ) * (size_t)tree->nodeCapacity,
	                            sizeof( ttTreeNode ) * (size_t)capacity );
	if ( nodes == NULL )
	{
		return false;
	}
	tree->nodes = nodes;
	tree->nodeCapacity = capacity;
	return true;
}

// Only called after ttDynamicTree_Reserve (or when the free list has a node).
static int ttDynamicTree_AllocateNode( ttDynamicTree* tree )
{
	int index;
	if ( tree->freeList != TT_NULL_NODE )
	{
		index = tree->freeList;
		tree->freeList = tree->nodes[index].parent;
	}
	else
	{
		index = tree->nodeCount++;
	}
	ttTreeNode* node = tree->nodes + index;
	memset( node, 0, sizeof( *node ) );
	node->parent = TT_NULL_NODE;
	node->child1 = TT_NULL_NODE;
	node->child2 = TT_NULL_NODE;
	node->userData = -1;
	return index;
}

static void ttDynamicTree_FreeNode( ttDynamicTree* tree, int index )
{
	tree->nodes[index].height = -1;
	tree->nodes[index].parent = tree->freeList;
	tree->nodes[index].moved = false;
	tree->freeList = index;
}

static bool ttIsLeaf( const ttTreeNode* node )
{
	return node->child1 == TT_NULL_NODE;
}

static int ttMaxInt( int a, int b )
{
	return a > b ? a : b;
}

// Refit a node from its children.
static void ttDynamicTree_Refit( ttDynamicTree* tree, int index )
{
	ttTreeNode* node = tree->nodes + index;
	const ttTreeNode* c1 = tree->nodes + node->child1;
	const ttTreeNode* c2 = tree->nodes + node->child2;
	node->box = ttAABB_Union( c1->box, c2->box );
	node->height = 1 + ttMaxInt( c1->height, c2->height );
}

static void ttDynamicTree_ReplaceChild( ttDynamicTree* tree, int parent, int oldChild, int newChild )
{
	if ( parent == TT_NULL_NODE )
	{
		tree->root = newChild;
	}
	else if ( tree->nodes[parent].child1 == oldChild )
	{
		tree->nodes[parent].child1 = newChild;
	}
	else
	{
		tree->nodes[parent].child2 = newChild;
	}
}

// Swap the subtree `child` of `a` with the grandchild `grand` (a child of a's other child
// `parent`); `parent` is refitted.
static void ttDynamicTree_Swap( ttDynamicTree* tree, int a, int child, int parent, int grand )
{
	ttTreeNode* nodes = tree->nodes;
	if ( nodes[a].child1 == child )
	{
		nodes[a].child1 = grand;
	}
	else
	{
		nodes[a].child2 = grand;
	}
	if ( nodes[parent].child1 == grand )
	{
		nodes[parent].child1 = child;
	}
	else
	{
		nodes[parent].child2 = child;
	}
	nodes[grand].parent = a;
	nodes[child].parent = parent;
	ttDynamicTree_Refit( tree, parent );
}

// Tree rotations by surface area (Kopta et al. 2012, as in Box2D v3): of the swaps of a child of
// `a` with a grandchild under a's other child, take the one that shrinks the changed child's box
// the most, if any does. Height-based (AVL) rotations keep the tree shallow but mix distant
// leaves: on 100,000 scattered spheres they made box queries six times slower than none.
static int ttDynamicTree_Balance( ttDynamicTree* tree, int a )
{
	const ttTreeNode* nodes = tree->nodes;
	if ( ttIsLeaf( nodes + a ) )
	{
		return a;
	}
	int b = nodes[a].child1;
	int c = nodes[a].child2;
	ttReal bestGain = 0;
	int bestChild = TT_NULL_NODE, bestParent = TT_NULL_NODE, bestGrand = TT_NULL_NODE;
	for ( int side = 0; side < 2; ++side )
	{
		int child = side == 0 ? b : c;  // moves down
		int parent = side == 0 ? c : b; // gets it in place of one of its children
		if ( ttIsLeaf( nodes + parent ) )
		{
			continue;
		}
		ttReal area = ttAABB_HalfArea( nodes[parent].box );
		int grands[2] = { nodes[parent].child1, nodes[parent].child2 };
		for ( int k = 0; k < 2; ++k )
		{
			// grands[k] moves up; parent then holds child and the other grandchild.
			ttReal gain = area - ttAABB_HalfArea( ttAABB_Union( nodes[child].box, nodes[grands[1 - k]].box ) );
			if ( gain > bestGain )
			{
				bestGain = gain;
				bestChild = child;
				bestParent = parent;
				bestGrand = grands[k];
			}
		}
	}
	if ( bestChild != TT_NULL_NODE )
	{
		ttDynamicTree_Swap( tree, a, bestChild, bestParent, bestGrand );
	}
	return a;
}

// Walk from `index` to the root, rebalancing and refitting.
static void ttDynamicTree_FixUpwards( ttDynamicTree* tree, int index )
{
	while ( index != TT_NULL_NODE )
	{
		index = ttDynamicTree_Balance( tree, index );
		ttDynamicTree_Refit( tree, index );
		index = tree->nodes[index].parent;
	}
}

// Cost of putting `box` into the subtree at `child`: the area the child's box must grow by, or
// for a leaf the area of the new parent that would pair them.
static ttReal ttDynamicTree_DescendCost( const ttDynamicTree* tree, int child, ttAABB box, ttReal inherited )
{
	const ttTreeNode* node = tree->nodes + child;
	ttReal combined = ttAABB_HalfArea( ttAABB_Union( node->box, box ) );
	return ttIsLeaf( node ) ? combined + inherited : combined - ttAABB_HalfArea( node->box ) + inherited;
}

static void ttDynamicTree_InsertLeaf( ttDynamicTree* tree, int leaf )
{
	if ( tree->root == TT_NULL_NODE )
	{
		tree->root = leaf;
		tree->nodes[leaf].parent = TT_NULL_NODE;
		return;
	}

	// Descend while going deeper is cheaper than pairing the leaf with the current node (the
	// surface area heuristic of Goldsmith and Salmon, greedy form).
	ttAABB box = tree->nodes[leaf].box;
	int index = tree->root;
	while ( ttIsLeaf( tree->nodes + index ) == false )
	{
		const ttTreeNode* node = tree->nodes + index;
		ttReal area = ttAABB_HalfArea( node->box );
		ttReal combined = ttAABB_HalfArea( ttAABB_Union( node->box, box ) );
		ttReal pairHere = 2 * combined;
		// Every ancestor below this one grows as well if we go deeper.
		ttReal inherited = 2 * ( combined - area );
		ttReal cost1 = ttDynamicTree_DescendCost( tree, node->child1, box, inherited );
		ttReal cost2 = ttDynamicTree_DescendCost( tree, node->child2, box, inherited );
		if ( pairHere < cost1 && pairHere < cost2 )
		{
			break;
		}
		index = cost1 <= cost2 ? node->child1 : node->child2;
	}

	int sibling = index;
	int oldParent = tree->nodes[sibling].parent;
	int newParent = ttDynamicTree_AllocateNode( tree );
	ttTreeNode* parent = tree->nodes + newParent;
	parent->parent = oldParent;
	parent->child1 = sibling;
	parent->child2 = leaf;
	ttDynamicTree_ReplaceChild( tree, oldParent, sibling, newParent );
	tree->nodes[sibling].parent = newParent;
	tree->nodes[leaf].parent = newParent;
	ttDynamicTree_FixUpwards( tree, newParent );
}

static void ttDynamicTree_RemoveLeaf( ttDynamicTree* tree, int leaf )
{
	if ( leaf == tree->root )
	{
		tree->root = TT_NULL_NODE;
		return;
	}
	int parent = tree->nodes[leaf].parent;
	int grandParent = tree->nodes[parent].parent;
	int sibling = tree->nodes[parent].child1 == leaf ? tree->nodes[parent].child2 : tree->nodes[parent].child1;
	ttDynamicTree_ReplaceChild( tree, grandParent, parent, sibling );
	tree->nodes[sibling].parent = grandParent;
	ttDynamicTree_FreeNode( tree, parent );
	ttDynamicTree_FixUpwards( tree, grandParent );
}

int ttDynamicTree_CreateProxy( ttDynamicTree* tree, ttAABB fatBox, int userData )
{
	if ( ttDynamicTree_Reserve( tree, 2 ) == false )
	{
		return -1;
	}
	int leaf = ttDynamicTree_AllocateNode( tree );
	tree->nodes[leaf].box = fatBox;
	tree->nodes[leaf].userData = userData;
	tree->nodes[leaf].height = 0;
	ttDynamicTree_InsertLeaf( tree, leaf );
	tree->proxyCount += 1;
	return leaf;
}

void ttDynamicTree_DestroyProxy( ttDynamicTree* tree, int proxyId )
{
	ttDynamicTree_RemoveLeaf( tree, proxyId );
	ttDynamicTree_FreeNode( tree, proxyId );
	tree->proxyCount -= 1;
}

void ttDynamicTree_MoveProxy( ttDynamicTree* tree, int proxyId, ttAABB fatBox )
{
	// Removing frees the old parent node, so the insertion's new parent comes off the free list.
	ttDynamicTree_RemoveLeaf( tree, proxyId );
	tree->nodes[proxyId].box = fatBox;
	ttDynamicTree_InsertLeaf( tree, proxyId );
}

// ---------------------------------------------------------------------------------------------
// Traversals

typedef struct ttNodeStack
{
	int* data;
	int count, capacity;
	int local[TT_TREE_STACK_SIZE];
} ttNodeStack;

static void ttNodeStack_Init( ttNodeStack* stack, int root )
{
	stack->data = stack->local;
	stack->capacity = TT_TREE_STACK_SIZE;
	stack->count = 0;
	if ( root != TT_NULL_NODE )
	{
		stack->data[stack->count++] = root;
	}
}

// Doubles the stack on the heap; false (and the query cut short) when memory runs out.
static bool ttNodeStack_Grow( ttNodeStack* stack )
{
	int capacity = 2 * stack->capacity;
	int* data = ttAlloc( sizeof( int ) * (size_t)capacity );
	if ( data == NULL )
	{
		ttReportError( "ttDynamicTree", "out of memory: query cut short" );
		return false;
	}
	memcpy( data, stack->data, sizeof( int ) * (size_t)stack->count );
	if ( stack->data != stack->local )
	{
		ttFree( stack->data );
	}
	stack->data = data;
	stack->capacity = capacity;
	return true;
}

// Inline: a query pushes at every inner node it enters, and the call was 2 % of a 10,000-sphere
// step.
static inline bool ttNodeStack_Push2( ttNodeStack* stack, int a, int b )
{
	if ( stack->count + 2 > stack->capacity && ttNodeStack_Grow( stack ) == false )
	{
		return false;
	}
	stack->data[stack->count++] = a;
	stack->data[stack->count++] = b;
	return true;
}

static void ttNodeStack_Free( ttNodeStack* stack )
{
	if ( stack->data != stack->local )
	{
		ttFree( stack->data );
	}
}

void ttDynamicTree_Query( const ttDynamicTree* tree, ttAABB box, ttTreeQueryFcn* fcn, void* context )
{
	ttNodeStack stack;
	ttNodeStack_Init( &stack, tree->root );
	while ( stack.count > 0 )
	{
		int index = stack.data[--stack.count];
		const ttTreeNode* node = tree->nodes + index;
		if ( ttAABB_Overlaps( node->box, box ) == false )
		{
			continue;
		}
		if ( ttIsLeaf( node ) )
		{
			if ( fcn( index, node->userData, context ) == false )
			{
				break;
			}
		}
		else if ( ttNodeStack_Push2( &stack, node->child1, node->child2 ) == false )
		{
			break;
		}
	}
	ttNodeStack_Free( &stack );
}

void ttDynamicTree_QueryPlane( const ttDynamicTree* tree, ttVec3 normal, ttReal offset, ttReal margin,
                               ttTreeQueryFcn* fcn, void* context )
{
	ttNodeStack stack;
	ttNodeStack_Init( &stack, tree->root );
	while ( stack.count > 0 )
	{
		int index = stack.data[--stack.count];
		const ttTreeNode* node = tree->nodes + index;
		if ( ttAABB_ReachesPlane( node->box, normal, offset, margin ) == false )
		{
			continue;
		}
		if ( ttIsLeaf( node ) )
		{
			if ( fcn( index, node->userData, context ) == false )
			{
				break;
			}
		}
		else if ( ttNodeStack_Push2( &stack, node->child1, node->child2 ) == false )
		{
			break;
		}
	}
	ttNodeStack_Free( &stack );
}

bool ttAABB_SegmentOverlaps( ttAABB box, ttVec3 origin, ttVec3 translation, ttReal maxFraction )
{
	ttReal enter = 0, leave = maxFraction;
	const ttReal* p = &origin.x;
	const ttReal* d = &translation.x;
	const ttReal* lo = &box.lower.x;
	const ttReal* hi = &box.upper.x;
	for ( int axis = 0; axis < 3; ++axis )
	{
		if ( d[axis] == 0 )
		{
			// Parallel to the slab: inside it or never.
			if ( p[axis] < lo[axis] || p[axis] > hi[axis] )
			{
				return false;
			}
			continue;
		}
		ttReal inv = 1 / d[axis];
		ttReal t1 = ( lo[axis] - p[axis] ) * inv;
		ttReal t2 = ( hi[axis] - p[axis] ) * inv;
		enter = ttMaxReal( enter, ttMinReal( t1, t2 ) );
		leave = ttMinReal( leave, ttMaxReal( t1, t2 ) );
		if ( enter > leave )
		{
			return false;
		}
	}
	return true;
}

void ttDynamicTree_RayCast( const ttDynamicTree* tree, ttVec3 origin, ttVec3 translation, ttReal maxFraction,
                            ttTreeRayCastFcn* fcn, void* context )
{
	ttNodeStack stack;
	ttNodeStack_Init( &stack, tree->root );
	while ( stack.count > 0 )
	{
		int index = stack.data[--stack.count];
		const ttTreeNode* node = tree->nodes + index;
		if ( ttAABB_SegmentOverlaps( node->box, origin, translation, maxFraction ) == false )
		{
			continue;
		}
		if ( ttIsLeaf( node ) )
		{
			ttReal value = fcn( origin, translation, maxFraction, index, node->userData, context );
			if ( value == 0 )
			{
				break;
			}
			if ( 0 < value && value < maxFraction )
			{
				maxFraction = value;
			}
		}
		else if ( ttNodeStack_Push2( &stack, node->child1, node->child2 ) == false )
		{
			break;
		}
	}
	ttNodeStack_Free( &stack );
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

typedef struct ttNodeCopy
{
	ttAABB* boxes;
	int* depths;
	bool* leaves;
	int capacity, count;
} ttNodeCopy;

// Recursion is bounded by the height, which the AVL rotations keep near log2 of the leaf count.
static void ttDynamicTree_CopyNode( const ttDynamicTree* tree, int index, int depth, ttNodeCopy* copy )
{
	if ( copy->count >= copy->capacity )
	{
		return;
	}
	const ttTreeNode* node = tree->nodes + index;
	copy->boxes[copy->count] = node->box;
	if ( copy->depths != NULL )
	{
		copy->depths[copy->count] = depth;
	}
	if ( copy->leaves != NULL )
	{
		copy->leaves[copy->count] = ttIsLeaf( node );
	}
	copy->count += 1;
	if ( ttIsLeaf( node ) == false )
	{
		ttDynamicTree_CopyNode( tree, node->child1, depth + 1, copy );
		ttDynamicTree_CopyNode( tree, node->child2, depth + 1, copy );
	}
}

int ttDynamicTree_GetNodes( const ttDynamicTree* tree, ttAABB* boxes, int* depths, bool* leaves, int capacity )
{
	ttNodeCopy copy = { boxes, depths, leaves, capacity, 0 };
	if ( tree->root != TT_NULL_NODE )
	{
		ttDynamicTree_CopyNode( tree, tree->root, 0, &copy );
	}
	return copy.count;
}

int ttDynamicTree_GetHeight( const ttDynamicTree* tree )
{
	return tree->root == TT_NULL_NODE ? -1 : tree->nodes[tree->root].height;
}

ttReal ttDynamicTree_GetAreaRatio( const ttDynamicTree* tree )
{
	if ( tree->root == TT_NULL_NODE )
	{
		return 0;
	}
	ttReal rootArea = ttAABB_HalfArea( tree->nodes[tree->root].box );
	ttReal total = 0;
	for ( int i = 0; i < tree->nodeCount; ++i )
	{
		const ttTreeNode* node = tree->nodes + i;
		if ( node->height > 0 )
		{
			total += ttAABB_HalfArea( node->box );
		}
	}
	return rootArea > 0 ? total / rootArea : 0;
}

bool ttDynamicTree_Validate( const ttDynamicTree* tree )
{
	int leaves = 0, internal = 0;
	for ( int i = 0; i < tree->nodeCount; ++i )
	{
		const ttTreeNode* node = tree->nodes + i;
		if ( node->height < 0 )
		{
			continue;
		}
		if ( node->parent == TT_NULL_NODE
		         ? i != tree->root
		         : ( tree->nodes[node->parent].child1 != i && tree->nodes[node->parent].child2 != i ) )
		{
			ttReportError( __func__, "node %d: parent link broken", i );
			return false;
		}
		if ( ttIsLeaf( node ) )
		{
			leaves += 1;
			if ( node->child2 != TT_NULL_NODE || node->height != 0 )
			{
				ttReportError( __func__, "leaf %d: second child or height %d", i, node->height );
				return false;
			}
			continue;
		}
		internal += 1;
		const ttTreeNode* c1 = tree->nodes + node->child1;
		const ttTreeNode* c2 = tree->nodes + node->child2;
		if ( node->child2 == TT_NULL_NODE || c1->height < 0 || c2->height < 0 || c1->parent != i || c2->parent != i )
		{
			ttReportError( __func__, "node %d: child links broken", i );
			return false;
		}
		if ( node->height != 1 + ttMaxInt( c1->height, c2->height ) )
		{
			ttReportError( __func__, "node %d: height %d, children %d and %d", i, node->height, c1->height,
			               c2->height );
			return false;
		}
		if ( ttAABB_Contains( node->box, c1->box ) == false || ttAABB_Contains( node->box, c2->box ) == false )
		{
			ttReportError( __func__, "node %d: box does not enclose its children", i );
			return false;
		}
	}
	int freeCount = 0;
	for ( int i = tree->freeList; i != TT_NULL_NODE; i = tree->nodes[i].parent )
	{
		if ( tree->nodes[i].height != -1 || ++freeCount > tree->nodeCount )
		{
			ttReportError( __func__, "free list broken at node %d", i );
			return false;
		}
	}
	if ( leaves != tree->proxyCount || ( leaves > 0 && internal != leaves - 1 ) ||
	     leaves + internal + freeCount != tree->nodeCount )
	{
		ttReportError( __func__, "%d leaves, %d internal, %d free nodes for %d proxies and %d nodes", leaves, internal,
		               freeCount, tree->proxyCount, tree->nodeCount );
		return false;
	}
	return true;
}
