// SPDX-License-Identifier: MIT
// Contacts. Candidate shape pairs are collected once per step with fattened bounding boxes
// (paper section 3.5); the narrow phase turns each pair into a manifold of contact points at the
// current poses, once per step for the soft-step family (which follows the points through the
// substeps) and at every substep for the XPBD family, and the contact solver works on them. The collision
// pipeline of issue 3 replaces ttCollectPairs and extends ttCollideShapes; the solver side only
// reads ttManifold, so it does not change.
#pragma once

#include "shape.h"

#define TT_MAX_MANIFOLD_POINTS 8

typedef struct ttWorld ttWorld;

/// Geometry of a contact point, produced by the narrow phase in world coordinates.
typedef struct ttContactGeometry
{
	ttVec3 pointA;     ///< deepest point of shape A
	ttVec3 pointB;     ///< deepest point of shape B
	ttReal separation; ///< (pointB - pointA) . normal, negative when penetrating
	uint32_t id;       ///< feature id (which features of A and B made the point), see featureIds
} ttContactGeometry;

typedef struct ttManifoldGeometry
{
	ttVec3 normal; ///< unit, from A to B
	/// The routine named each point by the features that made it (box-box clipping: reference
	/// face, incident face, incident vertex or clipped edge), so that a point can be followed from
	/// one substep to the next exactly; otherwise points are matched by nearness.
	bool featureIds;
	/// Tells apart several manifolds of one shape pair (the triangle of a mesh); 0 otherwise.
	int key;
	int pointCount;
	ttContactGeometry points[TT_MAX_MANIFOLD_POINTS];
} ttManifoldGeometry;

typedef struct ttContactPoint
{
	ttVec3 localAnchorA, localAnchorB; ///< in the principal frames of the bodies
	uint32_t id;                       ///< feature id, 0 when the narrow phase gives none
	ttReal separation;                 ///< at creation
	ttReal normalVelocityBefore;       ///< v_n before the position solve (for restitution, eq. 34)
	ttReal lambdaN;                    ///< normal multiplier of this substep
	ttVec3 frictionImpulse;            ///< static friction positional impulse on B
	// Soft-step solver: impulses of the substep, carried to the matching point of the next
	// substep (warm start), and the largest increment of this substep (restitution test).
	ttReal normalImpulse;
	ttVec3 tangentImpulse; ///< world vector in the tangent plane
	ttReal maxNormalImpulse;
} ttContactPoint;

typedef struct ttManifold
{
	int shapeA, shapeB;
	/// Tells apart several manifolds of one shape pair (a mesh's triangles); 0 for a pair with
	/// one manifold.
	int key;
	int bodyA, bodyB;
	ttVec3 normal;
	ttReal staticFriction, dynamicFriction, restitution;
	/// Pose of B's principal frame in A's when the narrow phase made this geometry: a pair that
	/// has not moved since keeps it (contact.c, soft-step solver only).
	ttVec3 geometryPosition;
	ttQuat geometryRotation;
	ttVec3 localNormal; ///< the normal in A's principal frame, to turn a kept manifold with A
	int pointCount;
	ttContactPoint points[TT_MAX_MANIFOLD_POINTS];
} ttManifold;

typedef struct ttShapePair
{
	int shapeA, shapeB;
} ttShapePair;

/// Collect the candidate pairs of the step (fattened AABBs, k = 2).
void ttCollectPairs( ttWorld* world, ttReal timeStep );
/// Append a manifold to world->manifolds (grown as needed); NULL when memory runs out.
ttManifold* ttPushManifold( ttWorld* world );
/// Narrow phase for every pair at the current poses; rebuilds world->manifolds.
void ttUpdateContacts( ttWorld* world );
/// The geometry of one pair of shapes at world transforms; false if not supported or apart.
bool ttCollideShapes( const ttShape* shapeA, ttTransform xfA, const ttShape* shapeB, ttTransform xfB,
                      ttReal speculativeDistance, ttManifoldGeometry* manifold );

/// Closest points c1 on segment [p1, q1] and c2 on [p2, q2] (narrowphase.c).
void ttClosestSegmentPoints( ttVec3 p1, ttVec3 q1, ttVec3 p2, ttVec3 q2, ttVec3* c1, ttVec3* c2 );

/// Box against box: separating axes with face clipping, up to 4 points (narrowphase_box.c).
bool ttCollideBoxes( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                     ttManifoldGeometry* m );

// Separating-axis manifolds (box-box, hulls) prefer faces: B's face over A's only when it
// separates more than A's by a margin, an edge over the best face only when it separates clearly
// more (5 % of |separation| plus 1 mm; taken from |s| so that it also favours faces for shapes
// still apart, in speculative range). Resting shapes then keep a stable face manifold instead of
// flickering between features.
#define TT_SAT_RELATIVE_MARGIN ( (ttReal)0.05 )
#define TT_SAT_ABSOLUTE_MARGIN ( (ttReal)0.001 )

/// Sutherland-Hodgman: keep the part of the polygon `in` (ids `inIds`) with dot(p, normal) <=
/// offset. A point made where an edge crosses the plane gets an id mixed from its edge's end ids
/// and `plane`, the same whenever the same features meet. Writes at most `capacity` points
/// (manifold_clip.c).
int ttClipPolygon( const ttVec3* in, const uint32_t* inIds, int count, ttVec3 normal, ttReal offset, int plane,
                   ttVec3* out, uint32_t* outIds, int capacity );
/// Choose at most 4 of the clipped points (indices into `chosen`): the deepest (smallest depth),
/// the farthest from it, and on either side of their diagonal the one spanning the largest
/// triangle with them, so that the 4 span the contact area (manifold_clip.c).
int ttReduceClippedPoints( const ttVec3* points, const ttReal* depth, int count, ttVec3 normal, int* chosen );

/// The speculative distance of a pair of shapes for this substep (contact.c).
ttReal ttPairSpeculativeDistance( const ttWorld* world, int shapeA, int shapeB );

/// Carry the soft-step impulses of last substep's manifolds (world->previousManifolds) to the
/// matching points of the new ones (contact_match.c).
void ttMatchContacts( ttWorld* world );

// The contact solvers themselves (contact_solver_soft.c, contact_solver_xpbd.c) are reached
// through their tables in contact_solver.h.
