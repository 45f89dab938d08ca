// SPDX-License-Identifier: MIT
// Ray casts against single shapes (shape_raycast.c), used by the scene queries.
#pragma once

#include "shape.h"

typedef struct ttRayHit
{
	ttVec3 point;  ///< world
	ttVec3 normal; ///< world, unit, outward
	ttReal fraction;
} ttRayHit;

/// First point of the segment origin + t translation, t in [0, maxFraction], on the shape placed
/// at `xf`. A ray that starts inside a solid shape (or below a plane) does not hit it. Every
/// shape type has a ray test (hulls: Cyrus-Beck clipping against the face planes).
bool ttShape_RayCastAt( const ttShape* shape, ttTransform xf, ttVec3 origin, ttVec3 translation, ttReal maxFraction,
                        ttRayHit* hit );
