// SPDX-License-Identifier: MIT
// Geometry helpers of the cylinder and hull shapes (shape_convex.c).
#pragma once

#include "tether/types.h"

/// World bounds of a cylinder at a transform: along world axis i the extent is
/// halfHeight |a_i| + radius sqrt(1 - a_i^2), a = the cylinder's axis in world coordinates.
ttAABB ttCylinder_ComputeAabb( const ttCylinder* cylinder, ttTransform xf );
