// SPDX-License-Identifier: MIT
// Path joints (joint_path.c): the curve a point of body B is kept on, in body A's principal frame.
#pragma once

#include "joint.h"

typedef struct ttCurve ttCurve;

/// A polyline through `points` (body A's coordinates, moved into its principal frame by
/// `toPrincipal`), or with `smooth` a uniform Catmull-Rom spline through them sampled densely;
/// `closed` joins the last point to the first. NULL when out of memory.
ttCurve* ttCurve_Create( const ttVec3* points, int count, bool closed, bool smooth, ttTransform toPrincipal );
void ttCurve_Destroy( ttCurve* curve );
/// The points the curve was made from, as given (body A's coordinates), and its switches.
const ttVec3* ttCurve_GetControlPoints( const ttCurve* curve, int* count, bool* closed, bool* smooth );
/// Arc length of the curve point nearest to p (principal frame of A); `near` >= 0 is the last
/// answer, around which the search starts.
ttReal ttCurve_Nearest( const ttCurve* curve, ttVec3 p, ttReal near );
/// Point and unit tangent at arc length s.
void ttCurve_Evaluate( const ttCurve* curve, ttReal s, ttVec3* point, ttVec3* tangent );

/// A path joint's geometry now: the curve point nearest to B's point (clamped to the limits and
/// an open curve's ends), its offset from A's centre, B's point's offset from B's centre, the
/// error (B's point minus the curve point) and the tangent, world.
typedef struct ttPathFrame
{
	ttReal s;
	ttVec3 rA, rB, delta, tangent;
	bool atLower, atUpper;
} ttPathFrame;

ttPathFrame ttPathJoint_ComputeFrame( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB );
void ttPathJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttPathJoint_SolveMotor( ttWorld* world, ttJoint* joint, ttReal h );
/// Free the curve of a path joint (any other joint: nothing).
void ttPathJoint_Destroy( ttJoint* joint );
