// SPDX-License-Identifier: MIT
// Triangle mesh and heightfield shapes: validation, the shape's copy of the triangles, their edge
// adjacency and the static AABB tree of the mid phase (built once, top down, median split on the
// longest axis of the triangle centroids), plus the tree walks for boxes and rays.
#include "mesh.h"

#include "bounds.h"
#include "core.h"
#include "world.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

#define TT_MESH_COOKIE 0x6d657368
// A triangle whose doubled area is below this fraction of its longest edge squared has no
// direction of its own (a sliver or a point): it is dropped, since its normal would be noise.
#if defined( TT_USE_FLOAT )
#define TT_MESH_FLAT_RATIO ( (ttReal)1e-6 )
#else
#define TT_MESH_FLAT_RATIO ( (ttReal)1e-12 )
#endif
// Largest heightfield grid (rows x columns): keeps every index count far inside int.
#define TT_MAX_HEIGHTFIELD_POINTS ( 1 << 24 )

ttMeshDef ttDefaultMeshDef( void )
{
	ttMeshDef def = { 0 };
	def.internalValue = TT_MESH_COOKIE;
	return def;
}

ttHeightfieldDef ttDefaultHeightfieldDef( void )
{
	ttHeightfieldDef def = { 0 };
	def.scale = ( ttVec3 ){ 1, 1, 1 };
	def.internalValue = TT_MESH_COOKIE;
	return def;
}

void ttMesh_Destroy( ttMeshData* mesh )
{
	if ( mesh == NULL )
	{
		return;
	}
	ttFree( mesh->vertices );
	ttFree( mesh->indices );
	ttFree( mesh->adjacent );
	ttFree( mesh->nodes );
	ttFree( mesh );
}

static ttVec3 ttMin( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ ttMinReal( a.x, b.x ), ttMinReal( a.y, b.y ), ttMinReal( a.z, b.z ) };
}

static ttVec3 ttMax( ttVec3 a, ttVec3 b )
{
	return ( ttVec3 ){ ttMaxReal( a.x, b.x ), ttMaxReal( a.y, b.y ), ttMaxReal( a.z, b.z ) };
}

static ttAABB ttTriangleBox( const ttVec3 v[3] )
{
	ttAABB box = { v[0], v[0] };
	for ( int i = 1; i < 3; ++i )
	{
		box.lower = ttMin( box.lower, v[i] );
		box.upper = ttMax( box.upper, v[i] );
	}
	return box;
}

static ttAABB ttUnion( ttAABB a, ttAABB b )
{
	return ( ttAABB ){ ttMin( a.lower, b.lower ), ttMax( a.upper, b.upper ) };
}

static bool ttOverlaps( ttAABB a, ttAABB b )
{
	return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y &&
	       a.lower.z <= b.upper.z && b.lower.z <= a.upper.z;
}

// ---------------------------------------------------------------------------------------------
// Building

typedef struct ttSortItem
{
	ttReal key;
	int index;
} ttSortItem;

// Ties fall back to the index so that the build does not depend on qsort's instability.
static int ttCompareItems( const void* a, const void* b )
{
	const ttSortItem* x = a;
	const ttSortItem* y = b;
	if ( x->key != y->key )
	{
		return x->key < y->key ? -1 : 1;
	}
	return ( x->index > y->index ) - ( x->index < y->index );
}

typedef struct ttTreeBuilder
{
	ttMeshData* mesh;
	const ttAABB* boxes;     ///< per input triangle
	const ttVec3* centroids; ///< per input triangle
	ttSortItem* items;       ///< the triangles, reordered into leaf order
} ttTreeBuilder;

static int ttBuildNode( ttTreeBuilder* b, int first, int count )
{
	ttMeshData* mesh = b->mesh;
	int index = mesh->nodeCount++;
	ttAABB box = b->boxes[b->items[first].index];
	ttAABB centers = { b->centroids[b->items[first].index], b->centroids[b->items[first].index] };
	for ( int i = first + 1; i < first + count; ++i )
	{
		int t = b->items[i].index;
		box = ttUnion( box, b->boxes[t] );
		centers.lower = ttMin( centers.lower, b->centroids[t] );
		centers.upper = ttMax( centers.upper, b->centroids[t] );
	}
	mesh->nodes[index] = ( ttMeshNode ){ box, -1, -1, first, count };
	if ( count <= TT_MESH_LEAF_SIZE )
	{
		return index;
	}
	ttVec3 size = ttSub( centers.upper, centers.lower );
	int axis = size.x >= size.y && size.x >= size.z ? 0 : ( size.y >= size.z ? 1 : 2 );
	for ( int i = first; i < first + count; ++i )
	{
		ttVec3 c = b->centroids[b->items[i].index];
		b->items[i].key = axis == 0 ? c.x : ( axis == 1 ? c.y : c.z );
	}
	qsort( b->items + first, (size_t)count, sizeof( ttSortItem ), ttCompareItems );
	int half = count / 2;
	int child1 = ttBuildNode( b, first, half );
	int child2 = ttBuildNode( b, first + half, count - half );
	mesh->nodes[index].child1 = child1;
	mesh->nodes[index].child2 = child2;
	mesh->nodes[index].count = 0;
	return index;
}

typedef struct ttEdgeItem
{
	int a, b; ///< vertex indices, a < b
	int triangle, edge;
} ttEdgeItem;

static int ttCompareEdges( const void* x, const void* y )
{
	const ttEdgeItem* e = x;
	const ttEdgeItem* f = y;
	if ( e->a != f->a )
	{
		return e->a < f->a ? -1 : 1;
	}
	if ( e->b != f->b )
	{
		return e->b < f->b ? -1 : 1;
	}
	return ( e->triangle > f->triangle ) - ( e->triangle < f->triangle );
}

// Two triangles sharing an edge are neighbours across it; an edge of one triangle only is a
// boundary, and an edge of three or more (non-manifold) is treated as a boundary too.
static bool ttBuildAdjacency( ttMeshData* mesh )
{
	int edgeCount = 3 * mesh->triangleCount;
	ttEdgeItem* edges = ttAlloc( sizeof( ttEdgeItem ) * (size_t)edgeCount );
	if ( edges == NULL )
	{
		return false;
	}
	for ( int t = 0; t < mesh->triangleCount; ++t )
	{
		for ( int e = 0; e < 3; ++e )
		{
			int a = mesh->indices[3 * t + e], b = mesh->indices[3 * t + ( e + 1 ) % 3];
			edges[3 * t + e] = ( ttEdgeItem ){ a < b ? a : b, a < b ? b : a, t, e };
			mesh->adjacent[3 * t + e] = -1;
		}
	}
	qsort( edges, (size_t)edgeCount, sizeof( ttEdgeItem ), ttCompareEdges );
	for ( int i = 0; i < edgeCount; )
	{
		int j = i + 1;
		while ( j < edgeCount && edges[j].a == edges[i].a && edges[j].b == edges[i].b )
		{
			++j;
		}
		if ( j - i == 2 )
		{
			mesh->adjacent[3 * edges[i].triangle + edges[i].edge] = edges[i + 1].triangle;
			mesh->adjacent[3 * edges[i + 1].triangle + edges[i + 1].edge] = edges[i].triangle;
		}
		i = j;
	}
	ttFree( edges );
	return true;
}

// Vertices at exactly the same position become one (files such as STL repeat every corner), so
// that triangles meeting there are neighbours.
static int ttCompareVertices( const void* x, const void* y, const ttVec3* vertices )
{
	ttVec3 a = vertices[*(const int*)x], b = vertices[*(const int*)y];
	if ( a.x != b.x )
	{
		return a.x < b.x ? -1 : 1;
	}
	if ( a.y != b.y )
	{
		return a.y < b.y ? -1 : 1;
	}
	if ( a.z != b.z )
	{
		return a.z < b.z ? -1 : 1;
	}
	return ( *(const int*)x > *(const int*)y ) - ( *(const int*)x < *(const int*)y );
}

// qsort has no context argument in C17 and a global would not be thread safe, so the weld sorts
// with a small merge sort of its own.
static void ttSortVertices( int* order, int* scratch, int count, const ttVec3* vertices )
{
	if ( count < 2 )
	{
		return;
	}
	int half = count / 2;
	ttSortVertices( order, scratch, half, vertices );
	ttSortVertices( order + half, scratch, count - half, vertices );
	int i = 0, j = half, k = 0;
	while ( i < half && j < count )
	{
		scratch[k++] = ttCompareVertices( order + j, order + i, vertices ) < 0 ? order[j++] : order[i++];
	}
	while ( i < half )
	{
		scratch[k++] = order[i++];
	}
	while ( j < count )
	{
		scratch[k++] = order[j++];
	}
	memcpy( order, scratch, sizeof( int ) * (size_t)count );
}

static bool ttWeldVertices( const ttVec3* vertices, int count, int* remap )
{
	int* order = ttAlloc( sizeof( int ) * (size_t)count );
	int* scratch = ttAlloc( sizeof( int ) * (size_t)count );
	if ( order == NULL || scratch == NULL )
	{
		ttFree( order );
		ttFree( scratch );
		return false;
	}
	for ( int i = 0; i < count; ++i )
	{
		order[i] = i;
	}
	ttSortVertices( order, scratch, count, vertices );
	for ( int i = 0; i < count; ++i )
	{
		bool same = i > 0 && vertices[order[i]].x == vertices[order[i - 1]].x &&
		            vertices[order[i]].y == vertices[order[i - 1]].y &&
		            vertices[order[i]].z == vertices[order[i - 1]].z;
		remap[order[i]] = same ? remap[order[i - 1]] : order[i];
	}
	ttFree( order );
	ttFree( scratch );
	return true;
}

static bool ttIsFlatTriangle( const ttVec3 v[3] )
{
	ttVec3 e0 = ttSub( v[1], v[0] ), e1 = ttSub( v[2], v[1] ), e2 = ttSub( v[0], v[2] );
	ttReal longest = ttMaxReal( ttLengthSquared( e0 ), ttMaxReal( ttLengthSquared( e1 ), ttLengthSquared( e2 ) ) );
	return ttLength( ttCross( e0, ttNeg( e2 ) ) ) <= TT_MESH_FLAT_RATIO * longest;
}

// The mesh of validated vertices and in-range indices; NULL with a message in `error` when every
// triangle is flat or memory runs out.
static ttMeshData* ttMesh_Build( const ttVec3* vertices, int vertexCount, const int* indices, int triangleCount,
                                 bool oneSided, const char** error )
{
	ttMeshData* mesh = ttAlloc( sizeof( ttMeshData ) );
	int* remap = ttAlloc( sizeof( int ) * (size_t)vertexCount );
	ttAABB* boxes = ttAlloc( sizeof( ttAABB ) * (size_t)triangleCount );
	ttVec3* centroids = ttAlloc( sizeof( ttVec3 ) * (size_t)triangleCount );
	ttSortItem* items = ttAlloc( sizeof( ttSortItem ) * (size_t)triangleCount );
	int* kept = ttAlloc( sizeof( int ) * 3 * (size_t)triangleCount );
	*error = "out of memory";
	if ( mesh != NULL )
	{
		// Cleared before anything can fail: the failure path frees what the record points to.
		*mesh = ( ttMeshData ){ 0 };
	}
	if ( mesh == NULL || remap == NULL || boxes == NULL || centroids == NULL || items == NULL || kept == NULL )
	{
		goto fail;
	}
	mesh->oneSided = oneSided;
	mesh->vertexCount = vertexCount;
	mesh->vertices = ttAlloc( sizeof( ttVec3 ) * (size_t)vertexCount );
	if ( mesh->vertices == NULL || ttWeldVertices( vertices, vertexCount, remap ) == false )
	{
		goto fail;
	}
	memcpy( mesh->vertices, vertices, sizeof( ttVec3 ) * (size_t)vertexCount );
	for ( int i = 0; i < vertexCount; ++i )
	{
		mesh->extent = ttMaxReal( mesh->extent, ttLength( vertices[i] ) );
	}

	int count = 0;
	for ( int t = 0; t < triangleCount; ++t )
	{
		ttVec3 v[3] = { vertices[indices[3 * t]], vertices[indices[3 * t + 1]], vertices[indices[3 * t + 2]] };
		if ( ttIsFlatTriangle( v ) )
		{
			continue;
		}
		for ( int k = 0; k < 3; ++k )
		{
			kept[3 * count + k] = remap[indices[3 * t + k]];
		}
		boxes[count] = ttTriangleBox( v );
		centroids[count] = ttScale( (ttReal)1 / 3, ttAdd( v[0], ttAdd( v[1], v[2] ) ) );
		items[count] = ( ttSortItem ){ 0, count };
		count += 1;
	}
	if ( count == 0 )
	{
		*error = "every triangle has zero area";
		goto fail;
	}
	mesh->triangleCount = count;
	mesh->nodes = ttAlloc( sizeof( ttMeshNode ) * (size_t)( 2 * count ) );
	mesh->indices = ttAlloc( sizeof( int ) * 3 * (size_t)count );
	mesh->adjacent = ttAlloc( sizeof( int ) * 3 * (size_t)count );
	if ( mesh->nodes == NULL || mesh->indices == NULL || mesh->adjacent == NULL )
	{
		goto fail;
	}
	ttTreeBuilder builder = { mesh, boxes, centroids, items };
	ttBuildNode( &builder, 0, count );
	// Store the triangles in leaf order so that a leaf is a contiguous range.
	for ( int i = 0; i < count; ++i )
	{
		memcpy( mesh->indices + 3 * i, kept + 3 * items[i].index, sizeof( int ) * 3 );
	}
	if ( ttBuildAdjacency( mesh ) == false )
	{
		goto fail;
	}
	ttFree( remap );
	ttFree( boxes );
	ttFree( centroids );
	ttFree( items );
	ttFree( kept );
	*error = NULL;
	return mesh;

fail:
	ttMesh_Destroy( mesh );
	ttFree( remap );
	ttFree( boxes );
	ttFree( centroids );
	ttFree( items );
	ttFree( kept );
	return NULL;
}

static ttShapeId ttCreateMeshGeometry( const char* function, ttBodyId bodyId, const ttShapeDef* def, ttShapeType type,
                                       ttMeshData* mesh )
{
	ttShape geometry = { .type = type, .mesh = mesh };
	ttShapeId id = ttCreateShape( function, bodyId, def, &geometry );
	if ( ttShape_IsValid( id ) == false )
	{
		ttMesh_Destroy( mesh );
	}
	return id;
}

// Meshes have no volume, so a dynamic body could not get mass from them (docs/collision.md).
static bool ttCheckMeshBody( const char* function, ttBodyId bodyId )
{
	ttWorld* world;
	const ttBody* body = ttResolveBody( function, bodyId, &world );
	if ( body == NULL )
	{
		return false;
	}
	if ( body->type == ttBody_dynamic )
	{
		ttReportError( function, "bodyId: meshes and heightfields have no volume and are allowed on static and "
		                         "kinematic bodies only" );
		return false;
	}
	return true;
}

ttShapeId ttCreateMeshShape( ttBodyId bodyId, const ttShapeDef* def, const ttMeshDef* meshDef )
{
	if ( ttCheckMeshBody( __func__, bodyId ) == false )
	{
		return ttNullShapeId;
	}
	if ( meshDef == NULL || meshDef->internalValue != TT_MESH_COOKIE )
	{
		TT_ERROR( "mesh is NULL or was not initialised with ttDefaultMeshDef" );
		return ttNullShapeId;
	}
	if ( meshDef->vertices == NULL || meshDef->vertexCount < 3 )
	{
		TT_ERROR( "mesh.vertices must hold vertexCount >= 3 points, got %d", meshDef->vertexCount );
		return ttNullShapeId;
	}
	if ( meshDef->indices == NULL || meshDef->triangleCount < 1 || meshDef->triangleCount > INT32_MAX / 3 )
	{
		TT_ERROR( "mesh.indices must hold 3 * triangleCount indices with triangleCount >= 1, got %d",
		          meshDef->triangleCount );
		return ttNullShapeId;
	}
	for ( int i = 0; i < meshDef->vertexCount; ++i )
	{
		if ( ttIsBoundedVec3( meshDef->vertices[i], TT_MAX_POSITION ) == false )
		{
			TT_ERROR( "mesh.vertices[%d] is not finite or beyond +-TT_MAX_POSITION (1e12 m)", i );
			return ttNullShapeId;
		}
	}
	for ( int i = 0; i < 3 * meshDef->triangleCount; ++i )
	{
		if ( meshDef->indices[i] < 0 || meshDef->indices[i] >= meshDef->vertexCount )
		{
			TT_ERROR( "mesh.indices[%d] = %d is outside [0, vertexCount = %d)", i, meshDef->indices[i],
			          meshDef->vertexCount );
			return ttNullShapeId;
		}
	}
	const char* error;
	ttMeshData* mesh = ttMesh_Build( meshDef->vertices, meshDef->vertexCount, meshDef->indices, meshDef->triangleCount,
	                                 false, &error );
	if ( mesh == NULL )
	{
		TT_ERROR( "mesh.triangles: %s", error );
		return ttNullShapeId;
	}
	return ttCreateMeshGeometry( __func__, bodyId, def, ttShape_mesh, mesh );
}

ttShapeId ttCreateHeightfieldShape( ttBodyId bodyId, const ttShapeDef* def, const ttHeightfieldDef* field )
{
	if ( ttCheckMeshBody( __func__, bodyId ) == false )
	{
		return ttNullShapeId;
	}
	if ( field == NULL || field->internalValue != TT_MESH_COOKIE )
	{
		TT_ERROR( "heightfield is NULL or was not initialised with ttDefaultHeightfieldDef" );
		return ttNullShapeId;
	}
	int rows = field->rowCount, columns = field->columnCount;
	if ( rows < 2 || columns < 2 || rows > TT_MAX_HEIGHTFIELD_POINTS / columns )
	{
		TT_ERROR( "heightfield.rowCount and columnCount must be >= 2 (and their product <= %d), got %d x %d",
		          TT_MAX_HEIGHTFIELD_POINTS, rows, columns );
		return ttNullShapeId;
	}
	ttVec3 s = field->scale;
	if ( ttIsBoundedVec3( s, TT_MAX_SHAPE_SIZE ) == false || s.x <= 0 || s.y <= 0 || s.z <= 0 )
	{
		TT_ERROR( "heightfield.scale must be > 0 and at most TT_MAX_SHAPE_SIZE (1e6) in x, y and z" );
		return ttNullShapeId;
	}
	if ( field->heights == NULL )
	{
		TT_ERROR( "heightfield.heights must hold rowCount * columnCount heights" );
		return ttNullShapeId;
	}
	for ( int i = 0; i < rows * columns; ++i )
	{
		if ( ttIsValidReal( field->heights[i] ) == false ||
		     ttIsBoundedReal( field->heights[i] * s.y, TT_MAX_POSITION ) == false )
		{
			TT_ERROR( "heightfield.heights[%d] is not finite or, scaled, beyond +-TT_MAX_POSITION (1e12 m)", i );
			return ttNullShapeId;
		}
	}
	int cells = ( rows - 1 ) * ( columns - 1 );
	ttVec3* vertices = ttAlloc( sizeof( ttVec3 ) * (size_t)( rows * columns ) );
	int* indices = ttAlloc( sizeof( int ) * 6 * (size_t)cells );
	if ( vertices == NULL || indices == NULL )
	{
		ttFree( vertices );
		ttFree( indices );
		TT_ERROR( "out of memory" );
		return ttNullShapeId;
	}
	for ( int r = 0; r < rows; ++r )
	{
		for ( int c = 0; c < columns; ++c )
		{
			vertices[r * columns + c] =
			    ( ttVec3 ){ (ttReal)c * s.x, field->heights[r * columns + c] * s.y, (ttReal)r * s.z };
		}
	}
	// Cell (r, c) with corners p00 = (r, c), p01 = (r + 1, c), p11, p10: triangles (p00, p01, p11)
	// and (p00, p11, p10), both counter-clockwise seen from +y.
	int* index = indices;
	for ( int r = 0; r + 1 < rows; ++r )
	{
		for ( int c = 0; c + 1 < columns; ++c )
		{
			int p00 = r * columns + c, p10 = p00 + 1, p01 = p00 + columns, p11 = p01 + 1;
			int corners[6] = { p00, p01, p11, p00, p11, p10 };
			memcpy( index, corners, sizeof( corners ) );
			index += 6;
		}
	}
	const char* error;
	ttMeshData* mesh = ttMesh_Build( vertices, rows * columns, indices, 2 * cells, true, &error );
	ttFree( vertices );
	ttFree( indices );
	if ( mesh == NULL )
	{
		TT_ERROR( "heightfield: %s", error );
		return ttNullShapeId;
	}
	mesh->rowCount = rows;
	mesh->columnCount = columns;
	mesh->scale = s;
	return ttCreateMeshGeometry( __func__, bodyId, def, ttShape_heightfield, mesh );
}

// ---------------------------------------------------------------------------------------------
// Access

static const ttMeshData* ttResolveMesh( const char* function, ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( function, shapeId, &world );
	if ( shape == NULL )
	{
		return NULL;
	}
	if ( ttShape_IsMesh( shape ) == false )
	{
		ttReportError( function, "shapeId: the shape is not a mesh or heightfield" );
		return NULL;
	}
	return shape->mesh;
}

int ttShape_GetTriangleCount( ttShapeId shapeId )
{
	const ttMeshData* mesh = ttResolveMesh( __func__, shapeId );
	return mesh != NULL ? mesh->triangleCount : 0;
}

int ttShape_GetTriangles( ttShapeId shapeId, ttVec3* corners, int capacity )
{
	const ttMeshData* mesh = ttResolveMesh( __func__, shapeId );
	if ( mesh == NULL )
	{
		return 0;
	}
	if ( capacity < 0 || ( capacity > 0 && corners == NULL ) )
	{
		TT_ERROR( "corners must hold 3 * capacity entries, capacity >= 0" );
		return 0;
	}
	for ( int t = 0; t < mesh->triangleCount && t < capacity; ++t )
	{
		ttMesh_GetTriangle( mesh, t, corners + 3 * t );
	}
	return mesh->triangleCount;
}

ttAABB ttMesh_ComputeAabb( const ttMeshData* mesh, ttTransform xf )
{
	ttAABB local = mesh->nodes[0].box;
	ttVec3 center = ttScale( (ttReal)0.5, ttAdd( local.lower, local.upper ) );
	ttVec3 half = ttScale( (ttReal)0.5, ttSub( local.upper, local.lower ) );
	ttMat3 m = ttMat3FromQuat( xf.q );
	ttVec3 extent = {
	    ttAbs( m.cx.x ) * half.x + ttAbs( m.cy.x ) * half.y + ttAbs( m.cz.x ) * half.z,
	    ttAbs( m.cx.y ) * half.x + ttAbs( m.cy.y ) * half.y + ttAbs( m.cz.y ) * half.z,
	    ttAbs( m.cx.z ) * half.x + ttAbs( m.cy.z ) * half.y + ttAbs( m.cz.z ) * half.z,
	};
	ttVec3 c = ttTransformPoint( xf, center );
	return ( ttAABB ){ ttSub( c, extent ), ttAdd( c, extent ) };
}

// ---------------------------------------------------------------------------------------------
// Tree walks

void ttMesh_Query( const ttMeshData* mesh, ttAABB box, ttMeshTriangleFcn* fcn, void* context )
{
	int stack[TT_MESH_STACK_SIZE];
	int count = 0;
	stack[count++] = 0;
	while ( count > 0 )
	{
		const ttMeshNode* node = mesh->nodes + stack[--count];
		if ( ttOverlaps( node->box, box ) == false )
		{
			continue;
		}
		if ( node->child1 < 0 )
		{
			for ( int t = node->first; t < node->first + node->count; ++t )
			{
				ttVec3 v[3];
				ttMesh_GetTriangle( mesh, t, v );
				if ( ttOverlaps( ttTriangleBox( v ), box ) && fcn( t, context ) == false )
				{
					return;
				}
			}
			continue;
		}
		stack[count++] = node->child1;
		stack[count++] = node->child2;
	}
}

// Whether the segment p + t d, t in [0, maxFraction], meets the box (slabs).
static bool ttRayHitsBox( ttAABB box, ttVec3 p, ttVec3 d, ttReal maxFraction )
{
	ttReal enter = 0, leave = maxFraction;
	const ttReal* pp = &p.x;
	const ttReal* dd = &d.x;
	const ttReal* lo = &box.lower.x;
	const ttReal* hi = &box.upper.x;
	for ( int axis = 0; axis < 3; ++axis )
	{
		if ( dd[axis] == 0 )
		{
			if ( pp[axis] < lo[axis] || pp[axis] > hi[axis] )
			{
				return false;
			}
			continue;
		}
		ttReal inv = 1 / dd[axis];
		ttReal t1 = ( lo[axis] - pp[axis] ) * inv, t2 = ( hi[axis] - pp[axis] ) * inv;
		enter = ttMaxReal( enter, ttMinReal( t1, t2 ) );
		leave = ttMinReal( leave, ttMaxReal( t1, t2 ) );
		if ( enter > leave )
		{
			return false;
		}
	}
	return true;
}

// Moeller and Trumbore's test: solve p + t d = v0 + u e1 + w e2 by Cramer's rule.
bool ttRayTriangle( const ttVec3 v[3], ttVec3 p, ttVec3 d, ttReal maxFraction, bool oneSided, ttReal* fraction,
                    ttVec3* normal )
{
	ttVec3 e1 = ttSub( v[1], v[0] ), e2 = ttSub( v[2], v[0] );
	ttVec3 n = ttCross( e1, e2 );
	ttReal facing = ttDot( d, n );
	if ( facing == 0 || ( oneSided && facing > 0 ) )
	{
		return false; // parallel, or behind a one-sided triangle
	}
	ttVec3 s = ttSub( p, v[0] );
	ttVec3 q = ttCross( d, e2 );
	ttReal det = ttDot( e1, q );
	if ( det == 0 )
	{
		return false;
	}
	ttReal inv = 1 / det;
	ttReal u = ttDot( s, q ) * inv;
	if ( u < 0 || u > 1 )
	{
		return false;
	}
	ttVec3 r = ttCross( s, e1 );
	ttReal w = ttDot( d, r ) * inv;
	if ( w < 0 || u + w > 1 )
	{
		return false;
	}
	ttReal t = ttDot( e2, r ) * inv;
	if ( t < 0 || t > maxFraction )
	{
		return false;
	}
	*fraction = t;
	*normal = ttNormalize( facing < 0 ? n : ttNeg( n ) );
	return true;
}

bool ttMesh_RayCast( const ttMeshData* mesh, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* fraction, ttVec3* normal )
{
	int stack[TT_MESH_STACK_SIZE];
	int count = 0;
	stack[count++] = 0;
	bool found = false;
	ttReal best = maxFraction;
	while ( count > 0 )
	{
		const ttMeshNode* node = mesh->nodes + stack[--count];
		if ( ttRayHitsBox( node->box, p, d, best ) == false )
		{
			continue;
		}
		if ( node->child1 >= 0 )
		{
			stack[count++] = node->child1;
			stack[count++] = node->child2;
			continue;
		}
		for ( int t = node->first; t < node->first + node->count; ++t )
		{
			ttVec3 v[3];
			ttMesh_GetTriangle( mesh, t, v );
			ttReal hitFraction;
			ttVec3 hitNormal;
			if ( ttRayTriangle( v, p, d, best, mesh->oneSided, &hitFraction, &hitNormal ) &&
			     ( found == false || hitFraction < best ) )
			{
				found = true;
				best = hitFraction;
				*normal = hitNormal;
			}
		}
	}
	*fraction = best;
	return found;
}

// ---------------------------------------------------------------------------------------------
// A triangle as a hull

void ttTriangleShape_Set( ttTriangleShape* triangle, const ttVec3 v[3] )
{
	ttHullData* hull = &triangle->hull;
	hull->vertexCount = 3;
	hull->faceCount = 2;
	hull->edgeCount = 3;
	hull->indexCount = 6;
	hull->extent = 0;
	for ( int i = 0; i < 3; ++i )
	{
		hull->vertices[i] = v[i];
		hull->extent = ttMaxReal( hull->extent, ttLength( v[i] ) );
		hull->edges[i] = ( ttHullEdge ){ (uint8_t)i, (uint8_t)( ( i + 1 ) % 3 ), 0, 1 };
	}
	ttVec3 n = ttNormalize( ttCross( ttSub( v[1], v[0] ), ttSub( v[2], v[0] ) ) );
	// Front face (0, 1, 2) and back face (0, 2, 1), each counter-clockwise seen from outside.
	static const uint8_t indices[6] = { 0, 1, 2, 0, 2, 1 };
	memcpy( hull->indices, indices, sizeof( indices ) );
	hull->faces[0] = ( ttHullFace ){ n, ttDot( n, v[0] ), 0, 3 };
	hull->faces[1] = ( ttHullFace ){ ttNeg( n ), -ttDot( n, v[0] ), 3, 3 };
	hull->centroid = ttScale( (ttReal)1 / 3, ttAdd( v[0], ttAdd( v[1], v[2] ) ) );
	hull->unitMass = ( ttMassData ){ 0, hull->centroid, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	triangle->shape = ( ttShape ){ 0 };
	triangle->shape.type = ttShape_hull;
	triangle->shape.hull = hull;
}

// The point of triangle v nearest to p, by the Voronoi regions of its vertices, edges and face.
ttVec3 ttTriangle_ClosestPoint( const ttVec3 v[3], ttVec3 p )
{
	ttVec3 ab = ttSub( v[1], v[0] ), ac = ttSub( v[2], v[0] ), ap = ttSub( p, v[0] );
	ttReal d1 = ttDot( ab, ap ), d2 = ttDot( ac, ap );
	if ( d1 <= 0 && d2 <= 0 )
	{
		return v[0];
	}
	ttVec3 bp = ttSub( p, v[1] );
	ttReal d3 = ttDot( ab, bp ), d4 = ttDot( ac, bp );
	if ( d3 >= 0 && d4 <= d3 )
	{
		return v[1];
	}
	ttVec3 cp = ttSub( p, v[2] );
	ttReal d5 = ttDot( ab, cp ), d6 = ttDot( ac, cp );
	if ( d6 >= 0 && d5 <= d6 )
	{
		return v[2];
	}
	// Edge regions: the barycentric weight of the opposite vertex is <= 0 there.
	ttReal wc = d1 * d4 - d3 * d2;
	if ( wc <= 0 && d1 >= 0 && d3 <= 0 )
	{
		return ttMulAdd( v[0], d1 / ( d1 - d3 ), ab );
	}
	ttReal wb = d5 * d2 - d1 * d6;
	if ( wb <= 0 && d2 >= 0 && d6 <= 0 )
	{
		return ttMulAdd( v[0], d2 / ( d2 - d6 ), ac );
	}
	ttReal wa = d3 * d6 - d5 * d4;
	if ( wa <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 )
	{
		return ttMulAdd( v[1], ( d4 - d3 ) / ( ( d4 - d3 ) + ( d5 - d6 ) ), ttSub( v[2], v[1] ) );
	}
	ttReal sum = wa + wb + wc;
	return ttAdd( v[0], ttAdd( ttScale( wb / sum, ab ), ttScale( wc / sum, ac ) ) );
}
