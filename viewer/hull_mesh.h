// SPDX-License-Identifier: MIT
// Triangles of a convex hull from its vertices alone: the library hands out a hull's vertices
// (ttShape_GetHullVertices), not its faces, so the viewer finds the faces itself.
#pragma once

#include "math3d.h"

#include <vector>

/// The faces of the convex hull of points (all of which are hull vertices), as triangles of 3
/// corners each, counter-clockwise seen from outside; coplanar vertices make one polygon, fanned.
/// Empty when the points span no volume.
std::vector<Vec3f> HullTriangles( const std::vector<Vec3f>& points );

/// HullTriangles of a hull shape's vertices in shape coordinates, remembered per shape: finding
/// the faces takes O(n^4) for n vertices, too slow to repeat every frame.
const std::vector<Vec3f>& CachedHullTriangles( ttShapeId shape );
