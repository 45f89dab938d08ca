// SPDX-License-Identifier: MIT
// Internal shape record and geometry helpers.
#pragma once

#include "tether/types.h"

typedef struct ttHullData ttHullData;
typedef struct ttMeshData ttMeshData;
typedef struct ttCurve ttCurve;

/// A curve shape's geometry (shape_curve.c): the sampled curve in shape coordinates and the
/// tube's radius.
typedef struct ttCurveShape
{
	ttCurve* samples; ///< owned; freed by ttShape_ReleaseData
	ttReal radius;
	ttReal extent; ///< largest |sample| + radius
} ttCurveShape;

typedef struct ttShape
{
	ttShapeType type;
	int bodyIndex;
	int nextShape;              ///< next shape of the same body, -1 at the end
	ttTransform localTransform; ///< shape frame in the user's body coordinates
	ttTransform simTransform;   ///< shape frame in the body's principal frame
	ttReal density;
	ttReal staticFriction, dynamicFriction, restitution;
	ttFilter filter;
	int proxyId; ///< leaf in the broadphase tree, -1 for planes (broad_phase.c)
	void* userData;
	union
	{
		ttSphere sphere;
		ttCapsule capsule;
		ttBox box;
		ttPlane plane; ///< normal stored unit length
		ttCylinder cylinder;
		ttHullData* hull; ///< owned; freed by ttShape_ReleaseData (shape_convex.c)
		ttMeshData* mesh; ///< meshes and heightfields; owned, freed by ttShape_ReleaseData (mesh.h)
		ttCurveShape curve;
	};
} ttShape;

/// Mass properties of the shape (about the shape frame) for its density.
ttMassData ttShape_ComputeMass( const ttShape* shape );
/// Bounding box of the shape at a world transform of its frame.
ttAABB ttShape_ComputeAabb( const ttShape* shape, ttTransform shapeToWorld );
/// Largest distance of the shape's points from its frame origin (for bounding growth under rotation).
ttReal ttShape_Extent( const ttShape* shape );
/// Validate the def and attach a shape with the given geometry to the body (shape.c).
ttShapeId ttCreateShape( const char* function, ttBodyId bodyId, const ttShapeDef* def, const ttShape* geometry );
/// Free what a shape owns (hull data); called wherever a shape's slot is freed.
void ttShape_ReleaseData( ttShape* shape );
