// SPDX-License-Identifier: MIT
// Triangle meshes and heightfields (mesh.c): the shape's own copy of the triangles, their
// adjacency across edges (for ghost-contact removal in narrowphase_mesh.c) and a static AABB tree
// over them for the mid phase. A heightfield is stored as the mesh of its grid, marked one-sided,
// so that every mesh routine (tree walk, ray cast, contacts, queries) serves both.
#pragma once

#include "hull.h"
#include "shape.h"

/// Leaves of the triangle tree hold at most this many triangles.
#define TT_MESH_LEAF_SIZE 4
/// The tree is median-split, so its depth is about log2(triangles / leaf size); 64 levels of
/// stack cover any int triangle count.
#define TT_MESH_STACK_SIZE 64

typedef struct ttMeshNode
{
	ttAABB box;         ///< shape coordinates
	int child1, child2; ///< -1 for leaves
	int first, count;   ///< leaves: triangles [first, first + count)
} ttMeshNode;

typedef struct ttMeshData
{
	ttVec3* vertices;
	int vertexCount;
	int* indices;  ///< 3 per triangle, in tree order
	int* adjacent; ///< 3 per triangle: the triangle across edge (v[e], v[e + 1]), -1 on the boundary
	int triangleCount;
	ttMeshNode* nodes; ///< nodes[0] is the root
	int nodeCount;
	ttReal extent; ///< largest |vertex|
	bool oneSided; ///< heightfields: solid behind the triangles (below the surface)
	// The heightfield's grid, for ttShape_GetTriangles order and the docs (rowCount 0 for meshes).
	int rowCount, columnCount;
	ttVec3 scale;
} ttMeshData;

/// True for the shapes whose geometry is a ttMeshData.
static inline bool ttShape_IsMesh( const ttShape* shape )
{
	return shape->type == ttShape_mesh || shape->type == ttShape_heightfield;
}

void ttMesh_Destroy( ttMeshData* mesh );
ttAABB ttMesh_ComputeAabb( const ttMeshData* mesh, ttTransform xf );

/// The corners of triangle t (shape coordinates).
static inline void ttMesh_GetTriangle( const ttMeshData* mesh, int t, ttVec3 v[3] )
{
	const int* index = mesh->indices + 3 * t;
	v[0] = mesh->vertices[index[0]];
	v[1] = mesh->vertices[index[1]];
	v[2] = mesh->vertices[index[2]];
}

/// Called for each triangle whose bounds overlap the box; return false to stop the walk.
typedef bool ttMeshTriangleFcn( int triangle, void* context );
/// Walk the tree for the triangles overlapping `box` (shape coordinates).
void ttMesh_Query( const ttMeshData* mesh, ttAABB box, ttMeshTriangleFcn* fcn, void* context );

/// First hit of the segment p + t d, t in [0, maxFraction], with the mesh (shape coordinates).
/// Meshes are hit from both sides (normal toward the ray's origin), heightfields from above only.
bool ttMesh_RayCast( const ttMeshData* mesh, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* fraction, ttVec3* normal );
/// Ray against one triangle (two-sided unless oneSided); the normal faces the ray's origin.
/// The point of triangle v nearest to p (narrow phase against meshes, particles on meshes).
ttVec3 ttTriangle_ClosestPoint( const ttVec3 v[3], ttVec3 p );
bool ttRayTriangle( const ttVec3 v[3], ttVec3 p, ttVec3 d, ttReal maxFraction, bool oneSided, ttReal* fraction,
                    ttVec3* normal );

/// A triangle as a convex hull (3 vertices, a front and a back face) for the convex routines
/// (GJK/EPA, face clipping, sweeps). `shape` is a hull shape that points at `hull`.
typedef struct ttTriangleShape
{
	ttShape shape;
	ttHullData hull;
} ttTriangleShape;

/// Fill the triangle shape with corners v (any frame; the caller places it by a transform).
void ttTriangleShape_Set( ttTriangleShape* triangle, const ttVec3 v[3] );

// Narrow phase (narrowphase_mesh.c).
typedef struct ttWorld ttWorld;
typedef struct ttManifoldGeometry ttManifoldGeometry;

/// Contacts of candidate pair `pairIndex` when one of its shapes is a mesh or heightfield: one
/// manifold per contact plane (coplanar triangles merged), appended to world->manifolds. False
/// when memory ran out.
bool ttCollideMeshPair( ttWorld* world, int pairIndex );
/// The manifolds of a convex shape against a mesh or heightfield (normals from the mesh toward
/// the convex shape), up to capacity of them stored; returns how many there are. For tests.
int ttCollideMeshShapes( const ttShape* mesh, ttTransform xfMesh, const ttShape* convex, ttTransform xfConvex,
                         ttReal speculative, ttManifoldGeometry* manifolds, int capacity );

// Scene queries against meshes (mesh_query.c): each triangle as a convex hull.
typedef struct ttQueryProxy ttQueryProxy;
typedef struct ttRayHit ttRayHit;
bool ttMesh_CastQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                         ttReal maxFraction, ttRayHit* hit );
bool ttMesh_OverlapsQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query );
ttReal ttMesh_ClosestPointAt( const ttShape* shape, ttTransform xf, ttVec3 point, ttVec3* closest );
