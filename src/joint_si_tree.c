// SPDX-License-Identifier: MIT
// Direct solve of the velocity-level joints' equalities over a tree of bodies and joints, in
// linear time (Baraff, "Linear-time dynamics using Lagrange multipliers", SIGGRAPH 1996), as an
// option of the `si` family (ttWorldDef.jointTreeSolve). A joint's node may also hold the limits
// engaged as a solve begins (ttSiJoint.treeRows; the family releases those that would pull, by
// active sets): a limit solved alone after the tree pushed only its own joint's bodies, and the
// tree's next solve handed the push on to the heavy body beyond (docs/hardening.md).
//
// The equality rows of the joints of one connected group solve
//   [ M   -J^T ] [ y ]   [  0 ]
//   [ -J  -G   ] [ P ] = [ -r ],  r = -(J v + b),
// i.e. (J M^-1 J^T + G) P = r, with M the bodies' 6x6 mass matrices, G the diagonal mixing of
// compliant rows and P the impulses. The matrix is the graph of bodies and joints; when that graph
// is a tree, eliminating it leaves first makes no fill-in: each node keeps its diagonal block D
// and one block to its parent, and factor and solve cost O(nodes). A joint to a static or
// kinematic body (infinite mass, not a node) must be the root, so a group qualifies when its
// graph is a tree with at most one such joint; any other group (a loop, a chain fixed at both
// ends) keeps the sequential impulses. On a qualifying group one solve is exact where Gauss-Seidel
// needs iterations in proportion to the chain's length and mass ratio (the heavy chain).
#include "joint_si_tree.h"

#include "core.h"
#include "joint.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define TT_NODE_DIM 6

// The blocks are factored and solved in double whatever ttReal is. A joint far from a body's centre
// makes its block badly conditioned, as in the point-mass family (joint_pointmass_wide.c): the
// block of a joint's rows after its bodies are eliminated, J M^-1 J^T, sums terms of r^2/I for a
// lever r beside the small relative motion of the rows, and in float that difference was lost.
// Factored in float, hinge chain 8045 of test_joint_energy (si with the tree solve, the energy
// guard off) ran away to 9.4e10 J where the double build rose 52 J (docs/hardening.md). The
// Jacobians, masses and right-hand sides keep their float rounding; the sums that cancel do not.
// The steps are those of the ttReal code this replaced, in its order, so a double build computes
// the same bits.
typedef double ttTreeReal;

typedef struct ttJointTreeNode
{
	int joint;  ///< index into the family's joints, or -1 for a body node
	int body;   ///< body index for a body node
	int dim;    ///< 6 for a body, the joint's rows in the solve (ttSiJoint.treeRowCount) for a joint
	int parent; ///< node index, -1 for the root
	int firstEdge;
	ttTreeReal d[TT_NODE_DIM][TT_NODE_DIM];    ///< D after the children are eliminated, then its inverse
	ttTreeReal up[TT_NODE_DIM][TT_NODE_DIM];   ///< H between this node (rows) and its parent (columns)
	ttTreeReal link[TT_NODE_DIM][TT_NODE_DIM]; ///< D^-1 up
	ttTreeReal x[TT_NODE_DIM];
} ttJointTreeNode;

typedef struct ttJointTreeEdge
{
	int node, next;
} ttJointTreeEdge;

struct ttSiTree
{
	ttJointTreeNode* nodes;
	int nodeCount, nodeCapacity;
	ttJointTreeEdge* edges;
	int edgeCount, edgeCapacity;
	int* bodyNode; ///< by body slot, -1 when not a node
	int bodyNodeCapacity;
	int* order; ///< nodes leaves first, group after group
	int orderCapacity;
	int* queue;
	int queueCapacity;
	int* visited; ///< by node, while the groups are flooded
	int visitedCapacity;
	int* groupStart; ///< first entry of each group in order; groupStart[groupCount] = the total
	int groupCount, groupCapacity;
	bool* inTree; ///< by family joint index
	int inTreeCapacity;
};

// ---------------------------------------------------------------------------------------------
// Small dense blocks

// The inverse of a symmetric definite block by Cholesky: body blocks are positive definite (mass
// plus what their eliminated joints add), joint blocks negative definite (minus their mixing and
// what their eliminated bodies add), so `sign` makes it positive. False when it is not definite
// (dependent rows); the caller then falls back to the iterations.
static bool ttInvertDefinite( int n, ttTreeReal a[][TT_NODE_DIM], ttTreeReal sign )
{
	ttTreeReal l[TT_NODE_DIM][TT_NODE_DIM] = { { 0 } };
	ttTreeReal scale = 0;
	for ( int i = 0; i < n; ++i )
	{
		scale = scale > sign * a[i][i] ? scale : sign * a[i][i]; // ttMaxReal
	}
	for ( int j = 0; j < n; ++j )
	{
		ttTreeReal d = sign * a[j][j];
		for ( int k = 0; k < j; ++k )
		{
			d -= l[j][k] * l[j][k];
		}
		if ( d <= 1e-12 * scale )
		{
			return false;
		}
		l[j][j] = sqrt( d );
		ttTreeReal inv = 1 / l[j][j];
		for ( int i = j + 1; i < n; ++i )
		{
			ttTreeReal v = sign * a[i][j];
			for ( int k = 0; k < j; ++k )
			{
				v -= l[i][k] * l[j][k];
			}
			l[i][j] = v * inv;
		}
	}
	// L^-1 (lower triangular), then (sign A)^-1 = L^-T L^-1.
	ttTreeReal li[TT_NODE_DIM][TT_NODE_DIM] = { { 0 } };
	for ( int j = 0; j < n; ++j )
	{
		li[j][j] = 1 / l[j][j];
		for ( int i = j + 1; i < n; ++i )
		{
			ttTreeReal v = 0;
			for ( int k = j; k < i; ++k )
			{
				v -= l[i][k] * li[k][j];
			}
			li[i][j] = v / l[i][i];
		}
	}
	for ( int i = 0; i < n; ++i )
	{
		for ( int j = 0; j <= i; ++j )
		{
			ttTreeReal v = 0;
			for ( int k = i; k < n; ++k )
			{
				v += li[k][i] * li[k][j];
			}
			a[i][j] = sign * v;
			a[j][i] = sign * v;
		}
	}
	return true;
}

static bool ttInvertBlock( int n, ttTreeReal a[][TT_NODE_DIM] )
{
	// Gauss-Jordan with partial pivoting: D is symmetric but indefinite for joint nodes.
	ttTreeReal inv[TT_NODE_DIM][TT_NODE_DIM] = { { 0 } };
	for ( int i = 0; i < n; ++i )
	{
		inv[i][i] = 1;
	}
	ttTreeReal scale = 0;
	for ( int i = 0; i < n; ++i )
	{
		scale = scale > fabs( a[i][i] ) ? scale : fabs( a[i][i] ); // ttMaxReal
	}
	for ( int col = 0; col < n; ++col )
	{
		int pivot = col;
		for ( int r = col + 1; r < n; ++r )
		{
			if ( fabs( a[r][col] ) > fabs( a[pivot][col] ) )
			{
				pivot = r;
			}
		}
		if ( fabs( a[pivot][col] ) <= 1e-12 * scale || a[pivot][col] == 0 )
		{
			return false;
		}
		for ( int k = 0; k < n; ++k )
		{
			ttTreeReal t = a[col][k];
			a[col][k] = a[pivot][k];
			a[pivot][k] = t;
			t = inv[col][k];
			inv[col][k] = inv[pivot][k];
			inv[pivot][k] = t;
		}
		ttTreeReal invPivot = 1 / a[col][col];
		for ( int k = 0; k < n; ++k )
		{
			a[col][k] *= invPivot;
			inv[col][k] *= invPivot;
		}
		for ( int r = 0; r < n; ++r )
		{
			if ( r != col && a[r][col] != 0 )
			{
				ttTreeReal f = a[r][col];
				for ( int k = 0; k < n; ++k )
				{
					a[r][k] -= f * a[col][k];
					inv[r][k] -= f * inv[col][k];
				}
			}
		}
	}
	memcpy( a, inv, sizeof( inv ) );
	return true;
}

// ---------------------------------------------------------------------------------------------
// The graph

static bool ttReserveTree( ttSiTree* tree, int bodySlots, int joints )
{
	int nodes = bodySlots + joints;
	return ttReserve( (void**)&tree->nodes, &tree->nodeCapacity, nodes, sizeof( ttJointTreeNode ) ) &&
	       ttReserve( (void**)&tree->edges, &tree->edgeCapacity, 4 * joints + 1, sizeof( ttJointTreeEdge ) ) &&
	       ttReserve( (void**)&tree->bodyNode, &tree->bodyNodeCapacity, bodySlots, sizeof( int ) ) &&
	       ttReserve( (void**)&tree->order, &tree->orderCapacity, nodes, sizeof( int ) ) &&
	       ttReserve( (void**)&tree->queue, &tree->queueCapacity, nodes, sizeof( int ) ) &&
	       ttReserve( (void**)&tree->visited, &tree->visitedCapacity, nodes, sizeof( int ) ) &&
	       ttReserve( (void**)&tree->groupStart, &tree->groupCapacity, nodes + 1, sizeof( int ) ) &&
	       ttReserve( (void**)&tree->inTree, &tree->inTreeCapacity, joints + 1, sizeof( bool ) );
}

static void ttAddEdge( ttSiTree* tree, int from, int to )
{
	ttJointTreeEdge* e = tree->edges + tree->edgeCount;
	e->node = to;
	e->next = tree->nodes[from].firstEdge;
	tree->nodes[from].firstEdge = tree->edgeCount++;
}

static bool ttIsNodeBody( const ttBody* body )
{
	// Infinite masses are not nodes; a body with a locked or zero rotational inertia has no 6x6
	// mass matrix to eliminate, so its group keeps the sequential impulses.
	return body->type == ttBody_dynamic && body->invMass > 0;
}

static bool ttHasFullInertia( const ttBody* body )
{
	return body->fixedRotation == false && body->inertia.x > 0 && body->inertia.y > 0 && body->inertia.z > 0;
}

static int ttBodyNode( ttSiTree* tree, int body )
{
	if ( tree->bodyNode[body] < 0 )
	{
		int n = tree->nodeCount++;
		tree->nodes[n] = ( ttJointTreeNode ){ .joint = -1, .body = body, .dim = 6, .parent = -1, .firstEdge = -1 };
		tree->bodyNode[body] = n;
	}
	return tree->bodyNode[body];
}

// Flood one group from `start`: its nodes in breadth-first order from the root (a joint to the
// ground when the group has one). Returns false when the group is not a tree with at most one
// grounded joint, or holds a body that cannot be a node.
static bool ttOrderGroup( ttSiTree* tree, const ttWorld* world, const ttSiJoint* joints, int start, int* visited,
                          int* count )
{
	// Find the group and its grounded joints first.
	int head = 0, tail = 0;
	tree->queue[tail++] = start;
	visited[start] = 1;
	int root = start, grounded = 0, edges = 0;
	bool ok = true;
	while ( head < tail )
	{
		int n = tree->queue[head++];
		const ttJointTreeNode* node = tree->nodes + n;
		if ( node->joint >= 0 )
		{
			const ttJoint* joint = joints[node->joint].joint;
			const ttBody* a = ttWorld_Body( (ttWorld*)world, joint->bodyA );
			const ttBody* b = ttWorld_Body( (ttWorld*)world, joint->bodyB );
			if ( ttIsNodeBody( a ) == false || ttIsNodeBody( b ) == false )
			{
				grounded += 1;
				root = n;
			}
		}
		else if ( ttHasFullInertia( ttWorld_Body( (ttWorld*)world, node->body ) ) == false )
		{
			ok = false;
		}
		for ( int e = node->firstEdge; e >= 0; e = tree->edges[e].next )
		{
			edges += 1;
			int m = tree->edges[e].node;
			if ( visited[m] == 0 )
			{
				visited[m] = 1;
				tree->queue[tail++] = m;
			}
		}
	}
	*count = tail;
	if ( ok == false || grounded > 1 || edges / 2 != tail - 1 )
	{
		return false;
	}
	// Breadth first from the root: parents before children.
	for ( int i = 0; i < tail; ++i )
	{
		tree->nodes[tree->queue[i]].parent = -2;
	}
	head = 0;
	int orderTail = 0;
	tree->queue[orderTail++] = root;
	tree->nodes[root].parent = -1;
	while ( head < orderTail )
	{
		int n = tree->queue[head++];
		for ( int e = tree->nodes[n].firstEdge; e >= 0; e = tree->edges[e].next )
		{
			int m = tree->edges[e].node;
			if ( tree->nodes[m].parent == -2 )
			{
				tree->nodes[m].parent = n;
				tree->queue[orderTail++] = m;
			}
		}
	}
	return true;
}

bool ttSiTree_Build( ttWorld* world, ttSiTree** treeSlot, ttSiJoint* joints, int jointCount )
{
	if ( *treeSlot == NULL )
	{
		*treeSlot = ttAlloc( sizeof( ttSiTree ) );
		if ( *treeSlot == NULL )
		{
			return false;
		}
		memset( *treeSlot, 0, sizeof( ttSiTree ) );
	}
	ttSiTree* tree = *treeSlot;
	int bodySlots = world->bodies.count;
	if ( ttReserveTree( tree, bodySlots, jointCount ) == false )
	{
		return false;
	}
	tree->nodeCount = 0;
	tree->edgeCount = 0;
	tree->groupCount = 0;
	for ( int i = 0; i < bodySlots; ++i )
	{
		tree->bodyNode[i] = -1;
	}
	for ( int j = 0; j < jointCount; ++j )
	{
		tree->inTree[j] = false;
		const ttSiJoint* sj = joints + j;
		if ( sj->rows.blockCount == 0 )
		{
			continue;
		}
		int n = tree->nodeCount++;
		tree->nodes[n] =
		    ( ttJointTreeNode ){ .joint = j, .body = -1, .dim = sj->rows.blockCount, .parent = -1, .firstEdge = -1 };
		const int sides[2] = { sj->joint->bodyA, sj->joint->bodyB };
		for ( int s = 0; s < 2; ++s )
		{
			if ( ttIsNodeBody( ttWorld_Body( world, sides[s] ) ) )
			{
				int b = ttBodyNode( tree, sides[s] );
				ttAddEdge( tree, n, b );
				ttAddEdge( tree, b, n );
			}
		}
	}
	int* visited = tree->visited;
	for ( int i = 0; i < tree->nodeCount; ++i )
	{
		visited[i] = 0;
	}
	int keptCount = 0;
	for ( int start = 0; start < tree->nodeCount; ++start )
	{
		if ( visited[start] != 0 || tree->nodes[start].joint < 0 )
		{
			continue;
		}
		int count = 0;
		if ( ttOrderGroup( tree, world, joints, start, visited, &count ) )
		{
			tree->groupStart[tree->groupCount++] = keptCount;
			memcpy( tree->order + keptCount, tree->queue, sizeof( int ) * (size_t)count );
			keptCount += count;
		}
	}
	tree->groupStart[tree->groupCount] = keptCount;
	for ( int i = 0; i < keptCount; ++i )
	{
		const ttJointTreeNode* node = tree->nodes + tree->order[i];
		if ( node->joint >= 0 )
		{
			tree->inTree[node->joint] = true;
		}
	}
	return true;
}

bool ttSiTree_Contains( const ttSiTree* tree, int joint )
{
	return tree != NULL && tree->inTree[joint];
}

// ---------------------------------------------------------------------------------------------
// Factor and solve

// The 6 mass-matrix columns of a body: m E and the world inertia R diag(I) R^T.
static void ttBodyMass( const ttBody* body, ttTreeReal d[][TT_NODE_DIM] )
{
	memset( d, 0, sizeof( ttTreeReal ) * TT_NODE_DIM * TT_NODE_DIM );
	for ( int i = 0; i < 3; ++i )
	{
		d[i][i] = body->mass;
	}
	ttMat3 r = ttMat3FromQuat( body->q );
	const ttVec3 cols[3] = { r.cx, r.cy, r.cz };
	const ttTreeReal moments[3] = { body->inertia.x, body->inertia.y, body->inertia.z };
	for ( int i = 0; i < 3; ++i )
	{
		for ( int j = 0; j < 3; ++j )
		{
			ttTreeReal sum = 0;
			for ( int k = 0; k < 3; ++k )
			{
				const ttTreeReal ci[3] = { cols[k].x, cols[k].y, cols[k].z };
				sum += ci[i] * moments[k] * ci[j];
			}
			d[3 + i][3 + j] = sum;
		}
	}
}

// H between a joint's rows in the solve and one of its bodies: -J restricted to that body.
static void ttJointBodyBlock( const ttSiJoint* sj, int body, ttTreeReal block[][TT_NODE_DIM] )
{
	bool isA = sj->joint->bodyA == body;
	for ( int r = 0; r < sj->treeRowCount; ++r )
	{
		const ttSiRow* row = sj->rows.rows + sj->treeRows[r];
		ttVec3 lin = isA ? row->linA : row->linB;
		ttVec3 ang = isA ? row->angA : row->angB;
		const ttTreeReal v[6] = { lin.x, lin.y, lin.z, ang.x, ang.y, ang.z };
		for ( int k = 0; k < 6; ++k )
		{
			block[r][k] = -v[k];
		}
	}
}

// The block between node n (rows) and its parent p (columns).
static void ttParentBlock( const ttSiTree* tree, const ttSiJoint* joints, int n, ttTreeReal block[][TT_NODE_DIM] )
{
	const ttJointTreeNode* node = tree->nodes + n;
	const ttJointTreeNode* parent = tree->nodes + node->parent;
	if ( node->joint >= 0 )
	{
		ttJointBodyBlock( joints + node->joint, parent->body, block );
		return;
	}
	ttTreeReal transposed[TT_NODE_DIM][TT_NODE_DIM];
	ttJointBodyBlock( joints + parent->joint, node->body, transposed );
	for ( int i = 0; i < node->dim; ++i )
	{
		for ( int j = 0; j < parent->dim; ++j )
		{
			block[i][j] = transposed[j][i];
		}
	}
}

bool ttSiTree_Factor( ttSiTree* tree, ttWorld* world, const ttSiJoint* joints, const ttReal* const* gammas )
{
	_Static_assert( TT_SI_TREE_MAX_ROWS <= TT_NODE_DIM, "a joint's rows fit its node" );
	for ( int g = 0; g < tree->groupCount; ++g )
	{
		// A joint's rows (its equalities and the limits engaged now) may differ from the last
		// factorisation's: every node's size first, as a body's block to its parent joint uses it.
		for ( int k = tree->groupStart[g]; k < tree->groupStart[g + 1]; ++k )
		{
			ttJointTreeNode* node = tree->nodes + tree->order[k];
			if ( node->joint >= 0 )
			{
				node->dim = joints[node->joint].treeRowCount;
			}
		}
		// Leaves first: the breadth-first order backwards.
		for ( int k = tree->groupStart[g + 1] - 1; k >= tree->groupStart[g]; --k )
		{
			int n = tree->order[k];
			ttJointTreeNode* node = tree->nodes + n;
			if ( node->joint >= 0 )
			{
				memset( node->d, 0, sizeof( node->d ) );
				for ( int i = 0; i < node->dim; ++i )
				{
					node->d[i][i] = -gammas[node->joint][i];
				}
			}
			else
			{
				ttBodyMass( ttWorld_Body( world, node->body ), node->d );
			}
			// Children were eliminated already: D_n -= link_c^T D_c link_c = up_c^T link_c.
			for ( int e = node->firstEdge; e >= 0; e = tree->edges[e].next )
			{
				const ttJointTreeNode* child = tree->nodes + tree->edges[e].node;
				if ( child->parent != n )
				{
					continue;
				}
				for ( int i = 0; i < node->dim; ++i )
				{
					for ( int j = 0; j < node->dim; ++j )
					{
						ttTreeReal sum = 0;
						for ( int c = 0; c < child->dim; ++c )
						{
							sum += child->up[c][i] * child->link[c][j];
						}
						node->d[i][j] -= sum;
					}
				}
			}
			if ( ttInvertDefinite( node->dim, node->d, node->joint >= 0 ? -1 : 1 ) == false &&
			     ttInvertBlock( node->dim, node->d ) == false )
			{
				return false; // singular (dependent rows): the caller falls back to iterations
			}
			if ( node->parent >= 0 )
			{
				ttParentBlock( tree, joints, n, node->up );
				int parentDim = tree->nodes[node->parent].dim;
				for ( int i = 0; i < node->dim; ++i )
				{
					for ( int j = 0; j < parentDim; ++j )
					{
						ttTreeReal sum = 0;
						for ( int k2 = 0; k2 < node->dim; ++k2 )
						{
							sum += node->d[i][k2] * node->up[k2][j];
						}
						node->link[i][j] = sum;
					}
				}
			}
		}
	}
	return true;
}

void ttSiTree_Solve( ttSiTree* tree, const ttReal* const* rhs, ttReal* const* impulse )
{
	for ( int g = 0; g < tree->groupCount; ++g )
	{
		int first = tree->groupStart[g], last = tree->groupStart[g + 1];
		// Right-hand side: 0 for bodies, -r for joints; forward elimination leaves first.
		for ( int k = last - 1; k >= first; --k )
		{
			int n = tree->order[k];
			ttJointTreeNode* node = tree->nodes + n;
			for ( int i = 0; i < node->dim; ++i )
			{
				node->x[i] = node->joint >= 0 ? -rhs[node->joint][i] : 0;
			}
			for ( int e = node->firstEdge; e >= 0; e = tree->edges[e].next )
			{
				const ttJointTreeNode* child = tree->nodes + tree->edges[e].node;
				if ( child->parent != n )
				{
					continue;
				}
				for ( int i = 0; i < node->dim; ++i )
				{
					for ( int c = 0; c < child->dim; ++c )
					{
						node->x[i] -= child->link[c][i] * child->x[c];
					}
				}
			}
		}
		// D^-1, then back substitution root first.
		for ( int k = first; k < last; ++k )
		{
			ttJointTreeNode* node = tree->nodes + tree->order[k];
			ttTreeReal z[TT_NODE_DIM];
			for ( int i = 0; i < node->dim; ++i )
			{
				z[i] = 0;
				for ( int j = 0; j < node->dim; ++j )
				{
					z[i] += node->d[i][j] * node->x[j];
				}
			}
			if ( node->parent >= 0 )
			{
				const ttJointTreeNode* parent = tree->nodes + node->parent;
				for ( int i = 0; i < node->dim; ++i )
				{
					for ( int j = 0; j < parent->dim; ++j )
					{
						z[i] -= node->link[i][j] * parent->x[j];
					}
				}
			}
			memcpy( node->x, z, sizeof( ttTreeReal ) * (size_t)node->dim );
			for ( int i = 0; node->joint >= 0 && i < node->dim; ++i )
			{
				impulse[node->joint][i] = (ttReal)node->x[i];
			}
		}
	}
}

void ttSiTree_Destroy( ttSiTree* tree )
{
	if ( tree == NULL )
	{
		return;
	}
	ttFree( tree->nodes );
	ttFree( tree->edges );
	ttFree( tree->bodyNode );
	ttFree( tree->order );
	ttFree( tree->queue );
	ttFree( tree->visited );
	ttFree( tree->groupStart );
	ttFree( tree->inTree );
	ttFree( tree );
}
