// SPDX-License-Identifier: MIT
// Internal joint record. Every joint is assembled from the two primitive corrections of
// constraint.h; each type lives in its own file with prepare / solve positions / solve velocities.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttBody ttBody;

/// Multipliers of one joint, one per constraint part, reset every substep.
enum
{
	ttJointPart_linear = 0, ///< positional attachment or limits
	ttJointPart_angular,    ///< angular attachment or axis alignment
	ttJointPart_limit,      ///< angle limit or swing limit
	ttJointPart_twist,      ///< twist limit
	ttJointPart_drive,      ///< target angle, motor or positional drive
	ttJointPart_count,
};

typedef struct ttJoint
{
	ttJointType type;
	int bodyA, bodyB;                     ///< body indices; the world's hidden ground body stands in for "no body"
	ttTransform localFrameA, localFrameB; ///< in the users' body coordinates
	ttTransform simFrameA, simFrameB;     ///< in the principal frames, refreshed by ttJoint_Prepare
	ttReal linearCompliance, angularCompliance;
	ttReal linearDamping, angularDamping;
	ttReal breakForce, breakTorque;
	bool collideConnected;
	void* userData;
	int edgePrev[2], edgeNext[2]; ///< links in the joint lists of bodyA (0) and bodyB (1)

	ttReal lambda[ttJointPart_count];
	ttVec3 linearLambda;   ///< multiplier vector of the block-solved positional attachment
	ttVec3 angularLambda;  ///< multiplier vector of the block-solved angular attachment
	ttVec3 linearImpulse;  ///< on B, this substep
	ttVec3 angularImpulse; ///< on B, this substep
	ttVec3 force, torque;  ///< readouts of the last substep
	ttReal siImpulse[10];  ///< velocity-level (si) family: accumulated impulse per row slot, for warm starting

	union
	{
		ttHingeJointDef hinge;
		ttSphericalJointDef spherical;
		ttPrismaticJointDef prismatic;
		ttDistanceJointDef distance;
		ttGenericJointDef generic;
		ttPathJointDef path;
	};
	struct ttCurve* curve;   ///< path joints: the sampled curve (joint_path.c), owned
	ttReal pathPosition;     ///< path joints: the last solve's arc length, -1 before the first
	ttReal pathStart;        ///< path joints, point-mass family: the arc length at the substep's start
	ttVec3 pathStartTangent; ///< path joints, point-mass family: the tangent there, in A's principal frame
	ttReal motorAngle;       ///< the advancing target of a hinge velocity motor
} ttJoint;

/// The position solve visits every joint twice per iteration: first the positional pass (the
/// attachments, and the equality locks of fixed, prismatic and generic joints), then the angular
/// pass (hinge alignment, drives and angle limits, spherical swing and twist limits). Limits then
/// hold at the end of a substep even when the attachments of joints further along a chain drag
/// the bodies: solved inside each joint, a robot wrist passed its stop by 2 degrees.
typedef enum ttJointPhase
{
	ttJointPhase_positional = 0,
	ttJointPhase_angular,
} ttJointPhase;

/// World-space geometry of a joint at the bodies' current poses.
typedef struct ttJointFrame
{
	ttVec3 rA, rB;     ///< anchor offsets from the centres of mass
	ttVec3 delta;      ///< anchor B minus anchor A
	ttQuat qA, qB;     ///< world orientations of the two joint frames
	ttVec3 aA, bA, cA; ///< axes of frame A
	ttVec3 aB, bB, cB; ///< axes of frame B
} ttJointFrame;

ttJointFrame ttJoint_ComputeFrame( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB );
/// Only the anchors (rA, rB, delta) of the frame: what a positional attachment needs.
ttJointFrame ttJoint_ComputeAnchors( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB );

/// Called once per step: refresh the principal-frame copies of the joint frames.
void ttJoint_Prepare( ttWorld* world, ttJoint* joint );
/// Called at the start of each substep: reset multipliers, advance motors, apply drive forces.
void ttJoint_BeginSubstep( ttWorld* world, ttJoint* joint, ttReal h );
void ttJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttJoint_SolveVelocities( ttWorld* world, ttJoint* joint, ttReal h );
/// The position-level families' drives that act on velocities (the path joint's motor), in the
/// velocity pass before damping; the velocity-level family has rows for them instead.
void ttJoint_SolveVelocityDrives( ttWorld* world, ttJoint* joint, ttReal h );
/// Store force and torque readouts of the finished substep.
void ttJoint_EndSubstep( ttJoint* joint, ttReal h );
ttReal ttJoint_ComputePositionError( ttWorld* world, const ttJoint* joint );
ttReal ttJoint_ComputeAngleError( ttWorld* world, const ttJoint* joint );

/// Remove a positional attachment error (anchor B minus where it should be) with the block solve.
void ttJoint_Attach( ttJoint* joint, ttBody* bodyA, ttBody* bodyB, const ttJointFrame* frame, ttVec3 error, ttReal h );
/// Section 3.4.2: remove the error of the per-axis limits in frame A (lower > upper: free axis)
/// with the block solve restricted to the axes that take part, so that no impulse acts along a
/// free axis; with lockRotation the rotation lock is solved in the same block (as the weld).
void ttJoint_AttachAxes( ttJoint* joint, ttBody* bodyA, ttBody* bodyB, const ttJointFrame* frame, ttVec3 lower,
                         ttVec3 upper, bool lockRotation, ttReal h );

// Per type, in joint_<type>.c.
void ttFixedJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttHingeJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttSphericalJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttPrismaticJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttPrismaticJoint_ApplyDriveForce( ttWorld* world, ttJoint* joint, ttReal h );
void ttDistanceJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );
void ttGenericJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase );

ttReal ttHingeJoint_ComputeAngle( const ttJointFrame* frame );
ttReal ttSphericalJoint_ComputeSwing( const ttJointFrame* frame );
ttReal ttSphericalJoint_ComputeTwist( const ttJointFrame* frame );
/// Error vector of the locked-rotation part: the rotation taking frame A to frame B.
ttVec3 ttJoint_RotationError( const ttJointFrame* frame );
/// Positional error vector of the per-axis limits in frame A (paper section 3.4.2).
ttVec3 ttJoint_AxisLimitError( const ttJointFrame* frame, ttVec3 lower, ttVec3 upper );
