// SPDX-License-Identifier: MIT
// Convex hulls of points in a plane by Andrew's monotone chain (Andrew 1979), and the test of a
// point against such a hull with a tolerance: the supporting-contact analysis of the long range
// constraints (Mueller et al. 2017, section 3.6) asks it for every contact and body of a stack.
#pragma once

#include "tether/types.h"

typedef struct ttPoint2
{
	ttReal x, y;
} ttPoint2;

/// Convex hull of `count` points, counter-clockwise without collinear points, written to `hull`
/// (room for count + 1 points); returns its size: 0 for no points, 1 when all coincide, 2 when all
/// lie on a line. Sorts `points` in place.
int ttConvexHull2( ttPoint2* points, int count, ttPoint2* hull );

/// Whether p lies inside the hull (as made by ttConvexHull2) or within `tolerance` of it.
bool ttHullContains2( const ttPoint2* hull, int count, ttPoint2 p, ttReal tolerance );
