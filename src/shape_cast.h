// SPDX-License-Identifier: MIT
// Convex query shapes against single shapes (shape_cast.c): sweep, overlap and closest point, the
// exact tests behind the scene queries of query.c. Exposed for tests (brute force over shapes).
#pragma once

#include "gjk.h"
#include "shape_raycast.h"

/// A query shape placed in the world, ready for GJK. `storage` backs the proxy's shape pointer.
typedef struct ttQueryProxy
{
	ttShape storage;
	ttConvexProxy proxy;
} ttQueryProxy;

/// Check a public query shape (type, finite positive sizes, hull point count); false with a
/// message naming `function` otherwise.
bool ttQueryShape_Validate( const char* function, const ttQueryShape* shape );
/// Build the proxy of a validated query shape at `xf`. The proxy points into `query` (keep it in place).
void ttQueryProxy_Make( ttQueryProxy* query, const ttQueryShape* shape, ttTransform xf );
/// World box of the query proxy (support in the six axis directions, plus the radius).
ttAABB ttQueryProxy_ComputeAabb( const ttQueryProxy* query );

/// First contact of the query proxy swept along translation (fraction in [0, maxFraction]) with
/// `shape` at `xf`, by conservative advancement on GJK distances: the result is never past the
/// contact and the shapes are within TT_CAST_TOLERANCE there. Overlapping at the start, or within
/// the tolerance and closing in: a hit at 0. hit->normal is the shape's, toward the query shape.
bool ttShape_CastQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                          ttReal maxFraction, ttRayHit* hit );
/// Whether the query proxy touches or overlaps `shape` at `xf`.
bool ttShape_OverlapsQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query );
/// Point of `shape` at `xf` nearest to `point` and its distance (0 inside, point returned as is).
ttReal ttShape_ClosestPointAt( const ttShape* shape, ttTransform xf, ttVec3 point, ttVec3* closest );
