// SPDX-License-Identifier: MIT
// Convex collision by support functions: GJK distance (gjk.c), EPA penetration (epa.c), and the
// manifold builder for convex pairs without a special routine (convex_manifold.c).
//
// Every convex shape is a core plus a radius (the standard trick): a sphere is a point, a capsule a
// segment, both with their radius; boxes, cylinders and hulls have radius 0. GJK and EPA run on
// the cores, so rounded shapes converge exactly instead of approximating a curved surface.
#pragma once

#include "math_double.h"
#include "shape.h"

#include <math.h>

typedef struct ttManifoldGeometry ttManifoldGeometry;
typedef struct ttContactGeometry ttContactGeometry;

typedef enum ttConvexKind
{
	ttConvex_points = 0, ///< the convex hull of a few points (sphere core, capsule core, hull)
	ttConvex_box,
	ttConvex_cylinder,
} ttConvexKind;

/// A convex core in world space: its support function and rounding radius.
typedef struct ttConvexProxy
{
	ttConvexKind kind;
	const ttVec3* points; ///< local points (ttConvex_points)
	int count;
	ttVec3 localPoints[2]; ///< storage for sphere and capsule cores
	ttVec3 halfExtents;    ///< box
	ttReal halfHeight;     ///< cylinder (axis = local y)
	ttReal cylinderRadius; ///< cylinder
	ttReal radius;         ///< rounding radius added around the core
	ttTransform xf;        ///< shape to world
	const ttShape* shape;  ///< for face features
} ttConvexProxy;

/// Build the proxy of a non-plane shape at a world transform; false for planes.
bool ttConvexProxy_Make( ttConvexProxy* proxy, const ttShape* shape, ttTransform xf );
/// World point of the core farthest along a world direction.
ttVec3 ttConvexProxy_Support( const ttConvexProxy* proxy, ttVec3 direction );

/// A vertex of the Minkowski difference A - B with the support points that made it.
typedef struct ttSimplexVertex
{
	ttVec3 wA, wB, w; ///< w = wA - wB
} ttSimplexVertex;

// GJK and EPA do their geometry in double whatever ttReal is. Their inputs, the support points,
// are only as precise as ttReal, but the algorithms subtract nearly equal quantities (barycentric
// weights of thin triangles, normals of the small faces EPA grows on a curved surface, visibility
// of a point a few 1e-6 above a face): in float that rounding reaches millimetres and breaks EPA's
// horizon, while in double it stays far below the inputs' own precision. The difference of two
// float support points is exact in double, so nothing is lost converting on arrival (ttVec3d,
// math_double.h).

/// A simplex or polytope vertex in double: wA and wB are ttReal support points converted exactly,
/// w = wA - wB is then exact too.
typedef struct ttSimplexVertexD
{
	ttVec3d wA, wB, w;
} ttSimplexVertexD;

/// Support point of A - B in direction d (any length > 0), for GJK and EPA.
ttSimplexVertexD ttMinkowskiSupportD( const ttConvexProxy* a, const ttConvexProxy* b, ttVec3d d );
/// The double form of a ttSimplexVertex: w recomputed from wA and wB, so it is exact.
static inline ttSimplexVertexD ttSimplexVertexD_From( ttSimplexVertex v )
{
	ttSimplexVertexD r;
	r.wA = ttVec3d_From( v.wA );
	r.wB = ttVec3d_From( v.wB );
	r.w = ttVec3d_Sub( r.wA, r.wB );
	return r;
}

typedef struct ttGjkOutput
{
	ttVec3 pointA, pointB; ///< closest points of the cores, world
	ttReal distance;       ///< between the cores; 0 when they overlap
	bool overlap;          ///< the cores touch or overlap (then run EPA)
	int iterations;
	ttSimplexVertex simplex[4]; ///< the final simplex, seed for EPA
	int simplexCount;
} ttGjkOutput;

/// GJK distance between the cores (Gilbert, Johnson and Keerthi 1988, with van den Bergen's
/// termination test and Ericson's Voronoi-region sub-algorithm).
void ttGjk( const ttConvexProxy* a, const ttConvexProxy* b, ttGjkOutput* output );

typedef struct ttEpaOutput
{
	ttVec3 normal;         ///< unit, from A to B: moving B by depth * normal separates the cores
	ttReal depth;          ///< core penetration depth (>= 0 up to rounding)
	ttVec3 pointA, pointB; ///< deepest core points, world
	int iterations;
	bool converged;
} ttEpaOutput;

/// Expanding polytope algorithm (van den Bergen 2001) on overlapping cores, seeded by the GJK
/// simplex, in the simplified form the Jakab paper cites (remove every face the new support point
/// sees, re-triangulate the horizon).
bool ttEpa( const ttConvexProxy* a, const ttConvexProxy* b, const ttGjkOutput* gjk, ttEpaOutput* output );

/// Signed distance and normal between two convex shapes (cores plus radii): separation > 0 apart,
/// < 0 penetrating; normal from A to B; pointA / pointB on the surfaces. For tests and the manifold.
typedef struct ttConvexContact
{
	ttVec3 normal;
	ttReal separation;
	ttVec3 pointA, pointB;
	bool usedEpa;
} ttConvexContact;
void ttConvexContact_Compute( const ttConvexProxy* a, const ttConvexProxy* b, ttConvexContact* contact );

/// Narrow phase for any convex pair without a special routine: GJK/EPA for the normal and the
/// deepest points, then face clipping for up to 4 points when both features are faces.
bool ttCollideConvex( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                      ttManifoldGeometry* m );
/// Keep at most 4 of `count` contact points (any count): the deepest, the farthest from it and
/// the two that add the most area in the plane normal to `normal`. Returns the new count; the
/// kept points are moved to the front.
int ttReduceManifoldPoints( ttContactGeometry* points, int count, ttVec3 normal );
/// Planes against cylinders and hulls (A is the plane).
bool ttCollidePlaneCylinder( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                             ttManifoldGeometry* m );
bool ttCollidePlaneHull( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                         ttManifoldGeometry* m );
