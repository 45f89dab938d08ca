// SPDX-License-Identifier: MIT
// Curves (curve.c): a polyline through the user's points, or a uniform Catmull-Rom spline through
// them sampled densely into one, parameterised by arc length. Path joints keep a body's point on
// one (joint_path.c); curve shapes are tubes around one (collide_curve.c).
#pragma once

#include "tether/types.h"

typedef struct ttCurve
{
	ttVec3* points; ///< the sampled polyline, in the frame given at creation
	ttReal* arc;    ///< arc length at each point
	int count;      ///< points; segments are count - 1 (a closed curve repeats its first point)
	bool closed;
	ttReal length;
	// Smooth curves keep the spline's control points (moved like the samples): the samples find
	// the nearest span, the spline itself gives the point and tangent there, so that the tangent
	// turns smoothly instead of jumping at every sample.
	bool smooth;
	ttVec3* control;
	int controlCount;
	// The caller's points as given (before the transform), so that ttWorld_SaveScene writes the
	// curve back exactly rather than its samples.
	ttVec3* given;
} ttCurve;

/// NULL when the points make a curve; otherwise why not: at least 2 (3 when closed) and at most
/// 1000000 finite points, consecutive ones distinct.
const char* ttCurve_CheckPoints( const ttVec3* points, int count, bool closed );

/// A polyline through `points` (moved by `transform`), or with `smooth` a uniform Catmull-Rom
/// spline through them sampled densely; `closed` joins the last point to the first. NULL when out
/// of memory. The points must have passed ttCurve_CheckPoints.
ttCurve* ttCurve_Create( const ttVec3* points, int count, bool closed, bool smooth, ttTransform transform );
void ttCurve_Destroy( ttCurve* curve );
/// The points the curve was made from, as given (before the transform), and its switches.
const ttVec3* ttCurve_GetControlPoints( const ttCurve* curve, int* count, bool* closed, bool* smooth );
/// Arc length of the curve point nearest to p; `near` >= 0 is the last answer, around which the
/// search starts. On a smooth curve the nearest sample segment's answer is refined on the spline.
ttReal ttCurve_Nearest( const ttCurve* curve, ttVec3 p, ttReal near );
/// The same over the segments within `reach` of p only (for contacts: far segments are skipped by
/// their boxes); false when none is.
bool ttCurve_NearestWithin( const ttCurve* curve, ttVec3 p, ttReal reach, ttReal* s );
/// Point and unit tangent at arc length s (wrapped on a closed curve, clamped on an open one): on
/// the spline itself for a smooth curve (arc length measured along the samples).
void ttCurve_Evaluate( const ttCurve* curve, ttReal s, ttVec3* point, ttVec3* tangent );
/// Bounding box of the sampled points moved by xf.
ttAABB ttCurve_Bounds( const ttCurve* curve, ttTransform xf );
