// SPDX-License-Identifier: MIT
// Curve shapes (shape_curve.c, collide_curve.c, curve_query.c): a tube of constant radius around
// a sampled curve. Each segment of the sampled curve is a capsule of the tube's radius; contacts
// and queries work on those capsules, so the normal at a contact is the direction from the
// nearest point of the curve, which turns smoothly along a spline.
#pragma once

#include "contact.h"
#include "shape.h"

typedef struct ttQueryProxy ttQueryProxy;
typedef struct ttRayHit ttRayHit;

/// Segment i of a curve shape as a capsule shape (shape coordinates).
void ttCurveShape_Segment( const ttShape* curve, int index, ttShape* capsule );
/// Bounds of the tube at a world transform of the shape frame.
ttAABB ttCurveShape_ComputeAabb( const ttShape* curve, ttTransform xf );

/// Contacts of a convex shape (B) with the tube of a curve shape (A): the manifold of the deepest
/// segment, joined by the points of the other segments whose normals agree with it (a capsule
/// lying along the wire touches several). Normal from the curve toward B.
bool ttCollideCurve( const ttShape* curve, ttTransform xfCurve, const ttShape* other, ttTransform xfOther,
                     ttReal speculative, ttManifoldGeometry* manifold );

// Scene queries (curve_query.c), each over the segment capsules.
bool ttCurveShape_RayCast( const ttShape* curve, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* fraction,
                           ttVec3* normal );
bool ttCurveShape_CastQueryAt( const ttShape* curve, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                               ttReal maxFraction, ttRayHit* hit );
bool ttCurveShape_OverlapsQueryAt( const ttShape* curve, ttTransform xf, const ttQueryProxy* query );
ttReal ttCurveShape_ClosestPointAt( const ttShape* curve, ttTransform xf, ttVec3 point, ttVec3* closest );
