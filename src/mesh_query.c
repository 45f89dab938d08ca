// SPDX-License-Identifier: MIT
// Shape casts, overlap and closest point against meshes and heightfields: the triangles near the
// query (from the mesh's tree) each go through the convex query of shape_cast.c as a flat hull,
// and the best answer over them wins. Heightfields count as their surface here (a point below
// one is at its distance from the surface, not inside).
#include "core.h"
#include "dynamic_tree.h"
#include "mesh.h"
#include "shape_cast.h"

// Box in the mesh's frame around a world box.
static ttAABB ttToLocalBox( ttAABB box, ttTransform xf )
{
	ttVec3 center = ttInvTransformPoint( xf, ttScale( (ttReal)0.5, ttAdd( box.lower, box.upper ) ) );
	ttVec3 half = ttScale( (ttReal)0.5, ttSub( box.upper, box.lower ) );
	ttMat3 m = ttMat3FromQuat( ttQuatConj( xf.q ) );
	ttVec3 extent = {
	    ttAbs( m.cx.x ) * half.x + ttAbs( m.cy.x ) * half.y + ttAbs( m.cz.x ) * half.z,
	    ttAbs( m.cx.y ) * half.x + ttAbs( m.cy.y ) * half.y + ttAbs( m.cz.y ) * half.z,
	    ttAbs( m.cx.z ) * half.x + ttAbs( m.cy.z ) * half.y + ttAbs( m.cz.z ) * half.z,
	};
	return ( ttAABB ){ ttSub( center, extent ), ttAdd( center, extent ) };
}

typedef struct ttMeshQuery
{
	const ttMeshData* mesh;
	ttTransform xf;
	const ttQueryProxy* query;
	ttVec3 translation;
	ttReal maxFraction;
	bool found;
	ttRayHit hit;
	ttTriangleShape triangle;
} ttMeshQuery;

static bool ttCastTriangle( int t, void* context )
{
	ttMeshQuery* q = context;
	ttVec3 v[3];
	ttMesh_GetTriangle( q->mesh, t, v );
	ttTriangleShape_Set( &q->triangle, v );
	ttRayHit hit;
	if ( ttShape_CastQueryAt( &q->triangle.shape, q->xf, q->query, q->translation, q->maxFraction, &hit ) &&
	     ( q->found == false || hit.fraction < q->hit.fraction ) )
	{
		q->found = true;
		q->hit = hit;
		q->maxFraction = hit.fraction;
	}
	return true;
}

bool ttMesh_CastQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                         ttReal maxFraction, ttRayHit* hit )
{
	ttMeshQuery* q = ttAlloc( sizeof( ttMeshQuery ) );
	if ( q == NULL )
	{
		return false;
	}
	*q = ( ttMeshQuery ){
	    .mesh = shape->mesh, .xf = xf, .query = query, .translation = translation, .maxFraction = maxFraction };
	ttAABB start = ttQueryProxy_ComputeAabb( query );
	ttVec3 move = ttScale( maxFraction, translation );
	ttVec3 margin = { TT_CAST_TOLERANCE, TT_CAST_TOLERANCE, TT_CAST_TOLERANCE };
	ttAABB swept = { ttSub( start.lower, margin ), ttAdd( start.upper, margin ) };
	swept.lower = ( ttVec3 ){ ttMinReal( swept.lower.x, swept.lower.x + move.x ),
	                          ttMinReal( swept.lower.y, swept.lower.y + move.y ),
	                          ttMinReal( swept.lower.z, swept.lower.z + move.z ) };
	swept.upper = ( ttVec3 ){ ttMaxReal( swept.upper.x, swept.upper.x + move.x ),
	                          ttMaxReal( swept.upper.y, swept.upper.y + move.y ),
	                          ttMaxReal( swept.upper.z, swept.upper.z + move.z ) };
	ttMesh_Query( shape->mesh, ttToLocalBox( swept, xf ), ttCastTriangle, q );
	bool found = q->found;
	if ( found )
	{
		*hit = q->hit;
	}
	ttFree( q );
	return found;
}

static bool ttOverlapTriangle( int t, void* context )
{
	ttMeshQuery* q = context;
	ttVec3 v[3];
	ttMesh_GetTriangle( q->mesh, t, v );
	ttTriangleShape_Set( &q->triangle, v );
	q->found = ttShape_OverlapsQueryAt( &q->triangle.shape, q->xf, q->query );
	return q->found == false;
}

bool ttMesh_OverlapsQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query )
{
	ttMeshQuery* q = ttAlloc( sizeof( ttMeshQuery ) );
	if ( q == NULL )
	{
		return false;
	}
	*q = ( ttMeshQuery ){ .mesh = shape->mesh, .xf = xf, .query = query };
	ttMesh_Query( shape->mesh, ttToLocalBox( ttQueryProxy_ComputeAabb( query ), xf ), ttOverlapTriangle, q );
	bool found = q->found;
	ttFree( q );
	return found;
}

// Depth first over the tree, skipping nodes farther than the best distance so far.
ttReal ttMesh_ClosestPointAt( const ttShape* shape, ttTransform xf, ttVec3 point, ttVec3* closest )
{
	const ttMeshData* mesh = shape->mesh;
	ttTriangleShape* triangle = ttAlloc( sizeof( ttTriangleShape ) );
	if ( triangle == NULL )
	{
		*closest = point;
		return TT_HUGE;
	}
	ttVec3 local = ttInvTransformPoint( xf, point );
	ttReal best = TT_HUGE;
	*closest = point;
	int stack[TT_MESH_STACK_SIZE];
	int count = 0;
	stack[count++] = 0;
	while ( count > 0 && best > 0 )
	{
		const ttMeshNode* node = mesh->nodes + stack[--count];
		if ( ttAABB_Distance( node->box, local ) >= best )
		{
			continue;
		}
		if ( node->child1 >= 0 )
		{
			// Nearer child on top of the stack.
			bool firstNearer = ttAABB_Distance( mesh->nodes[node->child1].box, local ) <=
			                   ttAABB_Distance( mesh->nodes[node->child2].box, local );
			stack[count++] = firstNearer ? node->child2 : node->child1;
			stack[count++] = firstNearer ? node->child1 : node->child2;
			continue;
		}
		for ( int t = node->first; t < node->first + node->count; ++t )
		{
			ttVec3 v[3];
			ttMesh_GetTriangle( mesh, t, v );
			ttTriangleShape_Set( triangle, v );
			ttVec3 onTriangle;
			ttReal distance = ttShape_ClosestPointAt( &triangle->shape, xf, point, &onTriangle );
			if ( distance < best )
			{
				best = distance;
				*closest = onTriangle;
			}
		}
	}
	ttFree( triangle );
	return best;
}
