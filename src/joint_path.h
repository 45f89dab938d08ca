// SPDX-License-Identifier: MIT
// Path joints (joint_path.c): the curve a point of body B is kept on, in body A's principal frame.
#pragma once

#include "curve.h"
#include "joint.h"

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
