// SPDX-License-Identifier: MIT
// Convex hulls: quickhull from a point cloud into a polygonal hull with outward face planes and an
// edge list with both adjacent faces (what face clipping and separating-axis tests need).
#pragma once

#include "tether/types.h"

#include <stdint.h>

/// Euler's formula bounds a convex polyhedron with V vertices by 2V - 4 faces and 3V - 6 edges.
#define TT_MAX_HULL_FACES ( 2 * TT_MAX_HULL_VERTICES - 4 )
#define TT_MAX_HULL_EDGES ( 3 * TT_MAX_HULL_VERTICES - 6 )

typedef struct ttHullFace
{
	ttVec3 normal;  ///< unit, outward
	ttReal offset;  ///< normal . x <= offset for every point x of the hull
	int firstIndex; ///< into ttHullData.indices
	int count;      ///< vertices of the polygon, counter-clockwise seen from outside
} ttHullFace;

typedef struct ttHullEdge
{
	uint8_t vertex1, vertex2; ///< the edge runs vertex1 -> vertex2 in face1, the other way in face2
	uint8_t face1, face2;
} ttHullEdge;

typedef struct ttHullData
{
	int vertexCount, faceCount, edgeCount, indexCount;
	ttVec3 vertices[TT_MAX_HULL_VERTICES];
	ttHullFace faces[TT_MAX_HULL_FACES];
	uint8_t indices[2 * TT_MAX_HULL_EDGES];
	ttHullEdge edges[TT_MAX_HULL_EDGES];
	ttVec3 centroid;     ///< centre of volume, an interior point
	ttReal extent;       ///< largest |vertex|
	ttMassData unitMass; ///< mass properties at density 1
} ttHullData;

/// Quickhull. Returns NULL and writes a message to error (errorSize bytes) for NaN or infinite
/// points, fewer than 4 points, (nearly) coplanar points, or more than TT_MAX_HULL_VERTICES hull
/// vertices. The result is freed with ttHull_Destroy.
ttHullData* ttHull_Create( const ttVec3* points, int count, char* error, int errorSize );
void ttHull_Destroy( ttHullData* hull );

ttMassData ttHull_ComputeMass( const ttHullData* hull, ttReal density );
ttAABB ttHull_ComputeAabb( const ttHullData* hull, ttTransform xf );
/// Index of the vertex farthest along direction (hull coordinates).
int ttHull_Support( const ttHullData* hull, ttVec3 direction );
/// Index of the face whose normal is most aligned with direction (hull coordinates).
int ttHull_BestFace( const ttHullData* hull, ttVec3 direction );
