// SPDX-License-Identifier: MIT
// The parts of the point-mass joint family (joint_solver_pointmass.c): the bodies' frames of point
// coordinates (joint_pointmass_frame.c), points kept on curves (joint_pointmass_path.c) and the
// sums kept in double (joint_pointmass_wide.c).
#pragma once

#include "body.h"
#include "joint.h"
#include "math_double.h"
#include "world.h"

/// A body as a centre and three basis vectors B_j along its principal axes, |B_j| = sqrt(J_j).
typedef struct ttPmFrame
{
	ttVec3 c;        ///< centre of mass relative to the body's origin (body->delta)
	ttVec3 axis[3];  ///< B_j
	ttVec3 start[3]; ///< B_j at the start of the substep: the directions the forces act along
	ttReal beta[3];  ///< |B_j| that the rigidity constraints keep
	unsigned stamp;  ///< the solve this frame was built in
} ttPmFrame;

/// The two bodies of one joint in a solve; a frame is NULL for a body that does not move.
typedef struct ttPmPair
{
	ttWorld* world;
	ttJoint* joint;
	ttBody *bodyA, *bodyB;
	ttPmFrame *frameA, *frameB;
} ttPmPair;

// Shared points (joint_solver_pointmass.c).
/// Distance of a line hinge's or a weld's shared points from the anchor: about the bodies' size.
ttReal ttPm_Arm( const ttBody* bodyA, const ttBody* bodyB );
/// s along the joint frame's axis `axis` (0 x, 1 y), principal coordinates: a shared point's
/// offset from the anchor.
ttVec3 ttPm_FrameAxis( ttTransform frame, int axis, ttReal s );
/// A direction given in a body's principal coordinates, in world axes by the current frame.
ttVec3 ttPm_Direction( const ttPmFrame* frame, const ttBody* body, ttVec3 u );
#define TT_PM_MAX_BLOCK 9

// Sums in double whatever ttReal is (joint_pointmass_wide.c, math_double.h): a far anchor's block
// is too badly conditioned for float.
typedef struct ttPmWideMat3
{
	ttVec3d cx, cy, cz; ///< columns
} ttPmWideMat3;
ttVec3d ttPm_WideMat3MulVec( ttPmWideMat3 m, ttVec3d v );
ttPmWideMat3 ttPm_WideMat3Add( ttPmWideMat3 a, ttPmWideMat3 b );
double ttPm_WideEntry( ttPmWideMat3 m, int row, int column );
/// B's point uB less A's point uA (principal coordinates) on the current frames: a shared point's
/// error.
ttVec3 ttPm_PointGap( const ttPmPair* pair, ttVec3 uA, ttVec3 uB );
/// The same for points given as offsets from anchors: anchorB + offsetB less anchorA + offsetA.
ttVec3 ttPm_PointGapAt( const ttPmPair* pair, ttVec3 anchorA, ttVec3 offsetA, ttVec3 anchorB, ttVec3 offsetB );
/// Displacement at lever ri per unit force at lever rj of one body: 1/m E + [ri]x^T I^-1 [rj]x.
ttPmWideMat3 ttPm_WideCrossMobility( const ttPmFrame* frame, const ttBody* body, ttVec3 ri, ttVec3 rj,
                                     ttMat3 invInertia );
/// Solve the symmetric positive semi-definite n x n system a x = b in place (b in x), n <= 9.
void ttPm_SolveSymmetric( int n, double a[][TT_PM_MAX_BLOCK], double* x );

// Frames (joint_pointmass_frame.c). A NULL frame stands for a body that does not move: offsets
// by its rotation, no response.
bool ttPm_IsMovable( const ttBody* body );
/// The frame of a body now (eqs. 5-9), with the directions of the substep's start.
void ttPm_BuildFrame( ttPmFrame* frame, const ttBody* body );
/// Offset from the centre of the point with principal coordinates u, current frame.
ttVec3 ttPm_Offset( const ttPmFrame* frame, const ttBody* body, ttVec3 u );
/// The same offset in the frame of the substep's start: the lever a force acts through.
ttVec3 ttPm_Lever( const ttPmFrame* frame, const ttBody* body, ttVec3 u );
/// Principal coordinates of the point at offset r from the centre (ttPm_Offset inverted).
ttVec3 ttPm_Coordinates( const ttPmFrame* frame, const ttBody* body, ttVec3 r );
/// The same in the frame of the substep's start (ttPm_Lever inverted).
ttVec3 ttPm_LeverCoordinates( const ttPmFrame* frame, const ttBody* body, ttVec3 r );
/// Centre relative to the body's origin.
ttVec3 ttPm_Center( const ttPmFrame* frame, const ttBody* body );
/// I^-1 in world axes at the substep's start.
ttMat3 ttPm_InvInertia( const ttPmFrame* frame, const ttBody* body );
/// Displacement of the point at lever r per unit force there: 1/m E - [r]x I^-1 [r]x (eq. 21).
ttMat3 ttPm_Mobility( const ttPmFrame* frame, const ttBody* body, ttVec3 r, ttMat3 invInertia );
/// A force sum and its moment about the centre moving the frame (eqs. 19-20, linearised).
void ttPm_Turn( ttPmFrame* frame, const ttBody* body, ttMat3 invInertia, ttVec3 force, ttVec3 moment );
/// A force at lever r.
void ttPm_ApplyForce( ttPmFrame* frame, const ttBody* body, ttVec3 r, ttMat3 invInertia, ttVec3 force );
/// The rigidity constraints (eq. 12) as projections, a fixed number of passes (the joint solves).
void ttPm_Rigidify( ttPmFrame* frame );
/// The same projections until the largest relative violation is within tolerance.
void ttPm_RigidifyWithin( ttPmFrame* frame, ttReal tolerance, int maxPasses );
/// The rotation nearest to the frame's directions, iterated from guess.
ttQuat ttPm_Orientation( const ttPmFrame* frame, ttQuat guess );
/// Centre and the nearest rotation back into the body.
void ttPm_WriteBack( ttBody* body, const ttPmFrame* frame );

// The Verlet of the axes (joint_pointmass_verlet.c).
/// Eqs. 10 and 12 for one body before its positions move: its axes B_j(t + h) = 2 B_j(t) -
/// B_j(t - h) plus the turn of its torque, projected back onto a rigid frame; the body's angular
/// velocity is set so that the position update turns it exactly there. `spin` is the angular
/// velocity after damping and torque, without the gyroscopic term (the axes carry it).
void ttPm_VerletAxes( ttBody* body, ttVec3 spin, ttReal h );

// Constraints on the frames' points along given directions (joint_pointmass_rows.c): the
// spherical joint's limits, the hinge's drives, prismatic and generic joints.
/// The anchor PTP of a spherical joint with its swing and twist limits; with `stopsOnly` only
/// its rigid limits, and only when one is passed. Returns whether it solved anything.
bool ttPm_SolveSpherical( ttPmPair* pair, ttReal h, bool stopsOnly );
/// A hinge's target or motor, and a compliant limit, after its shared points.
void ttPm_SolveHingeDrive( ttPmPair* pair, ttReal h );
/// Prismatic and generic joints: translations along A's axes locked, limited or free, the
/// rotation locked or free; a prismatic joint's positional drive.
void ttPm_SolveAxes( ttPmPair* pair, ttReal h );

// Points on curves (joint_pointmass_path.c).
/// At the substep's start: where on the curve B's point is, and the tangent there.
void ttPm_BeginPath( ttWorld* world, ttJoint* joint );
/// One solve of a path joint: the curve, its limits and its motor.
void ttPm_SolvePath( ttPmPair* pair, ttReal h );
