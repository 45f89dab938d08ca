// SPDX-License-Identifier: MIT
// Convex hulls against hulls and boxes by separating axes (narrowphase_hull.c). Box-box keeps its
// own routine (narrowphase_box.c); every pair with a hull and the other shape a hull or a box
// comes here.
#pragma once

#include "shape.h"

typedef struct ttManifoldGeometry ttManifoldGeometry;

typedef enum ttSatAxisKind
{
	ttSatAxis_faceA = 0, ///< a face normal of A
	ttSatAxis_faceB,     ///< a face normal of B
	ttSatAxis_edges,     ///< the cross product of an edge of A and an edge of B
} ttSatAxisKind;

/// The deepest axis of the separating-axis test on two polytopes, without the preference for
/// faces that the manifold applies: the axis a penetration depth (EPA) must agree with.
typedef struct ttSatQuery
{
	/// Largest support gap over the axes tested: < 0 is minus the penetration depth; > 0 the
	/// shapes are apart (then a lower bound of their distance, which may be reached off these axes).
	ttReal separation;
	ttVec3 normal; ///< world, unit, from A to B
	ttSatAxisKind kind;
	int indexA, indexB; ///< the face (of A or B, the other -1), or the edge of A and the edge of B
} ttSatQuery;

/// The deepest axis between two shapes that are each a hull or a box (for tests and timing).
ttSatQuery ttHullSat_Query( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB );

/// Narrow phase of hull-hull, box-hull and hull-box: separating axes with Gauss-map pruning of the
/// edge pairs, a face contact clipped to at most 4 points or an edge contact of one point, with
/// feature ids. False when an axis separates the shapes by more than `speculative`.
bool ttCollideHulls( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                     ttManifoldGeometry* m );
