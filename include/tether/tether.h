// SPDX-License-Identifier: MIT
// tether: a 3D rigid body library built on Extended Position Based Dynamics.
//
// Conventions: functions are named ttObject_Verb; every argument is checked at the boundary and
// an invalid one (NaN or infinite numbers, negative mass or compliance, zero-size shapes, null or
// stale ids) leaves the world unchanged, logs a message naming the argument, and returns an error
// code, a null id or zero. Finite is not enough: positions, velocities, gravity, loads, masses and
// time steps must also lie within the ranges of base.h (TT_MAX_POSITION, TT_MAX_SPEED, ...), so
// that the step cannot overflow; a value outside is refused the same way. A step that still ends
// with a non-finite body state is undone and reported (ttWorld_Step, ttResult_stepFailed). Units
// are SI; compliance is the inverse of stiffness (m/N, rad/(N m)).
#pragma once

#include "base.h"
#include "id.h"
#include "math_functions.h"
#include "particles.h"
#include "types.h"

// ---------------------------------------------------------------------------------------------
// World

TT_API ttWorldDef ttDefaultWorldDef( void );

/// Create a world; returns the null id (and logs why) on invalid input.
TT_API ttWorldId ttCreateWorld( const ttWorldDef* def );
/// Write the world as a scene file (docs/scene-format.md) that the scene loader reads back into
/// the same state, bit for bit: settings, bodies with their poses, velocities and shapes, joints
/// with all their options. Written to a temporary file beside `path` and renamed over it, so a
/// failure (ttResult_ioError, with a message) leaves no half-written file. Probes, the time step
/// and the run length belong to a scene, not to a world, and are not written. Particles are
/// written one by one with their constraints and rest states (what a builder made is not
/// remembered as a rope or a cloth).
TT_API ttResult ttWorld_SaveScene( ttWorldId worldId, const char* path );
TT_API void ttDestroyWorld( ttWorldId worldId );
TT_API bool ttWorld_IsValid( ttWorldId worldId );

/// Advance the world by timeStep seconds with the world's substeps and iterations. timeStep is 0
/// (nothing happens) or within [TT_MIN_TIME_STEP, TT_MAX_TIME_STEP] (1e-9 to 10 s). If the step
/// leaves any body state NaN or infinite, the bodies are put back as they were before it, the
/// carried contact impulses dropped, the bodies named in the log, and ttResult_stepFailed returned
/// (docs/hardening.md); ttResult_outOfMemory when the guard cannot save the states (no step).
TT_API ttResult ttWorld_Step( ttWorldId worldId, ttReal timeStep );

TT_API ttResult ttWorld_SetGravity( ttWorldId worldId, ttVec3 gravity );
TT_API ttVec3 ttWorld_GetGravity( ttWorldId worldId );
TT_API ttResult ttWorld_SetSubsteps( ttWorldId worldId, int substeps );
TT_API int ttWorld_GetSubsteps( ttWorldId worldId );
TT_API ttResult ttWorld_SetIterations( ttWorldId worldId, int iterations );
TT_API int ttWorld_GetIterations( ttWorldId worldId );
TT_API ttResult ttWorld_SetContactCompliance( ttWorldId worldId, ttReal compliance );
TT_API ttResult ttWorld_EnableContacts( ttWorldId worldId, bool flag );
TT_API bool ttWorld_AreContactsEnabled( ttWorldId worldId );
/// Choose the contact solver (soft step by default; XPBD's position-level contacts as in the paper).
TT_API ttResult ttWorld_SetContactSolver( ttWorldId worldId, ttContactSolverType solver );
TT_API ttContactSolverType ttWorld_GetContactSolver( ttWorldId worldId );
/// Choose how joints are solved from the next step on (ttJointSolverType).
TT_API ttResult ttWorld_SetJointSolver( ttWorldId worldId, ttJointSolverType solver );
TT_API ttJointSolverType ttWorld_GetJointSolver( ttWorldId worldId );
/// Run the step's parallel loops on this many workers from the next step on (1 to TT_MAX_WORKERS,
/// ttWorldDef.workerCount): the world's threads are stopped and the new ones started now; with a
/// user scheduler only the count it is told changes. The states do not depend on it.
TT_API ttResult ttWorld_SetWorkerCount( ttWorldId worldId, int workerCount );
TT_API int ttWorld_GetWorkerCount( ttWorldId worldId );
/// Feedback of the velocity-level joints' position error (ttWorldDef.jointHertz and what follows
/// it): soft constraints of `hertz` and `dampingRatio`, or with hertz = 0 Baumgarte's `baumgarte`
/// (in [0, 1]) with constraint force mixing `cfm` (s/kg).
TT_API ttResult ttWorld_SetJointSoftness( ttWorldId worldId, ttReal hertz, ttReal dampingRatio, ttReal baumgarte,
                                          ttReal cfm );
/// Velocity-level joints: solve tree-structured joint groups directly (ttWorldDef.jointTreeSolve).
TT_API ttResult ttWorld_EnableJointTreeSolve( ttWorldId worldId, bool flag );
TT_API bool ttWorld_IsJointTreeSolveEnabled( ttWorldId worldId );
/// XPBD joints only: solve each iteration as Jacobi (every joint's correction from the same poses,
/// averaged per body, paper section 3.2) instead of Gauss-Seidel (the default, off). Order
/// independent and parallelisable, but it converges more slowly (tests/test_jacobi_chain.c).
TT_API ttResult ttWorld_EnableJointJacobi( ttWorldId worldId, bool flag );
TT_API bool ttWorld_IsJointJacobiEnabled( ttWorldId worldId );
/// Soft-step contacts: solve them coloured, 4 manifolds at a time with SIMD (8 where the CPU has
/// AVX2), the default, or with `flag` false one manifold at a time in the narrow phase's order (the
/// solver before the colouring: same rows, another Gauss-Seidel order; for comparisons).
TT_API ttResult ttWorld_EnableWideContacts( ttWorldId worldId, bool flag );
TT_API bool ttWorld_IsWideContactsEnabled( ttWorldId worldId );
/// The instruction set the wide contact solve runs with in this process: "avx2" (8 manifolds at a
/// time), "sse2" (4) or "scalar" (4, plain loops). Chosen at the first step from the CPU; the
/// environment variable TETHER_SIMD=avx2|sse2|scalar forces one. The states do not depend on it.
TT_API const char* ttGetWideContactsSimd( void );
/// Soft-step contact stiffness (Hz, >= 0; 0 is rigid) and damping ratio (>= 0).
TT_API ttResult ttWorld_SetContactSoftness( ttWorldId worldId, ttReal hertz, ttReal dampingRatio );
/// Switch one kind of long range constraint on or off; ttResult_invalidState (with a message)
/// for a feature this build does not implement yet.
TT_API ttResult ttWorld_EnableLongRange( ttWorldId worldId, ttLongRangeFeature feature, bool flag );
TT_API bool ttWorld_IsLongRangeEnabled( ttWorldId worldId, ttLongRangeFeature feature );
/// The feature's name as used by scene files and the CLI ("attachments", "hierarchy",
/// "hingeChains", "shapeMatching", "supportingContacts"); NULL when out of range.
TT_API const char* ttLongRangeFeatureName( ttLongRangeFeature feature );
/// Turn sleeping on or off; turning it off wakes every sleeping body.
TT_API ttResult ttWorld_EnableSleep( ttWorldId worldId, bool flag );
TT_API bool ttWorld_IsSleepEnabled( ttWorldId worldId );
/// The sleep thresholds of ttWorldDef: linear m/s, angular rad/s (both >= 0), time s (> 0).
TT_API ttResult ttWorld_SetSleepThresholds( ttWorldId worldId, ttReal linearSpeed, ttReal angularSpeed,
                                            ttReal timeToSleep );
/// Number of dynamic and kinematic bodies awake now.
TT_API int ttWorld_GetAwakeBodyCount( ttWorldId worldId );
/// Compliances of the bounds derived by ttLongRange_attachments or ttLongRange_hierarchy (the
/// features made of distance bounds); all hard by default.
TT_API ttResult ttWorld_SetLongRangeBounds( ttWorldId worldId, ttLongRangeFeature feature,
                                            ttLongRangeBoundSettings settings );
TT_API ttLongRangeBoundSettings ttWorld_GetLongRangeBounds( ttWorldId worldId, ttLongRangeFeature feature );
/// Levels of the hierarchy of bounds above the bodies' own segments (paper fig. 6): level n joins
/// 2^n consecutive segments of a chain. 1 to 16; default 3 (the paper's rope bridge).
TT_API ttResult ttWorld_SetLongRangeLevels( ttWorldId worldId, int levels );
TT_API int ttWorld_GetLongRangeLevels( ttWorldId worldId );
/// Supporting contacts found at the start of the last step (ttLongRange_supportingContacts, paper
/// section 3.6): copies up to capacity of them and returns how many there are (contacts may be
/// NULL when capacity is 0).
TT_API int ttWorld_GetSupportingContacts( ttWorldId worldId, ttSupportingContact* contacts, int capacity );
/// Debug read of the long range constraints of the features that are on (ttLongRangeConstraintData,
/// in feature order). Like the broadphase read, it first brings the analysis up to date with the
/// joint graph and the switches, as the next step would (its time is reported by that step), so
/// the constraints can be read before the first step and right after a switch.
TT_API int ttWorld_GetLongRangeConstraintCount( ttWorldId worldId );
/// Copy up to capacity of those constraints; returns how many were copied.
TT_API int ttWorld_GetLongRangeConstraints( ttWorldId worldId, ttLongRangeConstraintData* data, int capacity );

TT_API int ttWorld_GetBodyCount( ttWorldId worldId );
/// Copy up to capacity ids of the world's bodies (in creation-slot order); returns how many.
TT_API int ttWorld_GetBodies( ttWorldId worldId, ttBodyId* bodies, int capacity );
/// Copy up to capacity ids of the world's joints; returns how many.
TT_API int ttWorld_GetJoints( ttWorldId worldId, ttJointId* joints, int capacity );
TT_API int ttWorld_GetJointCount( ttWorldId worldId );
/// Number of contact points of the last substep; sleeping bodies keep those of their last
/// substep awake.
TT_API int ttWorld_GetContactCount( ttWorldId worldId );
/// Copy up to capacity contact points of the last substep (sleeping bodies: as for the count);
/// returns how many were copied.
TT_API int ttWorld_GetContactData( ttWorldId worldId, ttContactData* data, int capacity );
/// Shape pairs that began or ended touching during the last step; valid until the next step.
TT_API ttContactEvents ttWorld_GetContactEvents( ttWorldId worldId );
/// Joints that broke during the last step; valid until the next step.
TT_API ttJointBreakEvents ttWorld_GetJointBreakEvents( ttWorldId worldId );
TT_API ttStepStats ttWorld_GetStepStats( ttWorldId worldId );
/// Debug read of the broadphase tree (one leaf per bounded shape; planes are not in it). The
/// leaves are first brought up to date with the current poses, as a scene query does, so each
/// leaf's box is the fattened box that encloses its shape's box now; an inner node's box is the
/// union of its children's. Nodes come parents first (depth-first), root at depth 0.
TT_API int ttWorld_GetBroadphaseNodeCount( ttWorldId worldId );
/// Copy up to capacity nodes of that tree: boxes (required), depths and leaf flags (each may be
/// NULL); returns how many were copied.
TT_API int ttWorld_GetBroadphaseNodes( ttWorldId worldId, ttAABB* boxes, int* depths, bool* leaves, int capacity );

/// Sum over dynamic bodies of 1/2 m v^2 + 1/2 w^T I w, J.
TT_API ttReal ttWorld_GetKineticEnergy( ttWorldId worldId );
/// Sum over dynamic bodies of -m g . x (zero at the origin), J.
TT_API ttReal ttWorld_GetPotentialEnergy( ttWorldId worldId );
/// Sum of m v over dynamic bodies, kg m/s.
TT_API ttVec3 ttWorld_GetLinearMomentum( ttWorldId worldId );
/// Angular momentum of the dynamic bodies about the world origin, kg m^2/s.
TT_API ttVec3 ttWorld_GetAngularMomentum( ttWorldId worldId );

// ---------------------------------------------------------------------------------------------
// Bodies

TT_API ttBodyDef ttDefaultBodyDef( void );
TT_API ttBodyId ttCreateBody( ttWorldId worldId, const ttBodyDef* def );
/// Destroys the body, its shapes and every joint attached to it.
TT_API void ttDestroyBody( ttBodyId bodyId );
TT_API bool ttBody_IsValid( ttBodyId bodyId );
TT_API ttWorldId ttBody_GetWorld( ttBodyId bodyId );
TT_API ttBodyType ttBody_GetType( ttBodyId bodyId );
/// The name given in the def, or "" when none.
TT_API const char* ttBody_GetName( ttBodyId bodyId );
TT_API void* ttBody_GetUserData( ttBodyId bodyId );

TT_API ttVec3 ttBody_GetPosition( ttBodyId bodyId );
TT_API ttQuat ttBody_GetRotation( ttBodyId bodyId );
TT_API ttTransform ttBody_GetTransform( ttBodyId bodyId );
/// Teleport the body (any type); velocities are kept.
TT_API ttResult ttBody_SetTransform( ttBodyId bodyId, ttVec3 position, ttQuat rotation );
/// World position of the centre of mass.
TT_API ttVec3 ttBody_GetWorldCenterOfMass( ttBodyId bodyId );
/// The frame the solver moves: the centre of mass and the world orientation of the principal
/// axes (the body's rotation times ttMassData.rotation). Saving and restoring a state through it
/// is exact, where the body frame (ttBody_GetTransform) is converted and rounds.
TT_API ttTransform ttBody_GetCenterOfMassTransform( ttBodyId bodyId );
/// Teleport the body by its centre of mass and principal axes (see the getter); velocities are
/// kept. A rotation unit to rounding is used as given, bit for bit.
TT_API ttResult ttBody_SetCenterOfMassTransform( ttBodyId bodyId, ttVec3 center, ttQuat principalRotation );
TT_API ttVec3 ttBody_GetWorldPoint( ttBodyId bodyId, ttVec3 localPoint );
TT_API ttVec3 ttBody_GetLocalPoint( ttBodyId bodyId, ttVec3 worldPoint );
TT_API ttVec3 ttBody_GetWorldVector( ttBodyId bodyId, ttVec3 localVector );
/// Velocity of a world point attached to the body.
TT_API ttVec3 ttBody_GetWorldPointVelocity( ttBodyId bodyId, ttVec3 worldPoint );

TT_API ttVec3 ttBody_GetLinearVelocity( ttBodyId bodyId );
TT_API ttVec3 ttBody_GetAngularVelocity( ttBodyId bodyId );
TT_API ttResult ttBody_SetLinearVelocity( ttBodyId bodyId, ttVec3 velocity );
TT_API ttResult ttBody_SetAngularVelocity( ttBodyId bodyId, ttVec3 velocity );

/// Sleeping (docs/guide.md, Sleeping). Static bodies are never awake. Waking a body wakes its
/// island; putting a body to sleep puts its island to sleep at once, velocities zeroed.
TT_API bool ttBody_IsAwake( ttBodyId bodyId );
/// Whether supporting contacts held the body up in the last step (its centre of mass over its
/// supporting contacts; see docs/long-range.md). Always false while that feature is off.
TT_API bool ttBody_IsSupported( ttBodyId bodyId );
TT_API ttResult ttBody_SetAwake( ttBodyId bodyId, bool awake );
/// Allow or forbid sleeping for this body; forbidding wakes it.
TT_API ttResult ttBody_EnableSleep( ttBodyId bodyId, bool flag );
TT_API bool ttBody_IsSleepEnabled( ttBodyId bodyId );

/// A kinematic body moves to this pose over the next step (velocities derived from it).
TT_API ttResult ttBody_SetKinematicTarget( ttBodyId bodyId, ttVec3 position, ttQuat rotation );

/// External force at a world point, N; applied during the next step, then cleared.
TT_API ttResult ttBody_ApplyForce( ttBodyId bodyId, ttVec3 force, ttVec3 worldPoint );
TT_API ttResult ttBody_ApplyForceToCenter( ttBodyId bodyId, ttVec3 force );
/// External torque, N m, for the next step.
TT_API ttResult ttBody_ApplyTorque( ttBodyId bodyId, ttVec3 torque );
/// Immediate velocity change by an impulse at a world point, N s.
TT_API ttResult ttBody_ApplyLinearImpulse( ttBodyId bodyId, ttVec3 impulse, ttVec3 worldPoint );
TT_API ttResult ttBody_ApplyAngularImpulse( ttBodyId bodyId, ttVec3 impulse );

/// Number of shapes on the body, and their ids (up to capacity; returns how many were copied).
TT_API int ttBody_GetShapeCount( ttBodyId bodyId );
TT_API int ttBody_GetShapes( ttBodyId bodyId, ttShapeId* shapes, int capacity );

TT_API ttReal ttBody_GetMass( ttBodyId bodyId );
TT_API ttMassData ttBody_GetMassData( ttBodyId bodyId );
/// Override the mass properties derived from shapes (dynamic bodies).
TT_API ttResult ttBody_SetMassData( ttBodyId bodyId, ttMassData massData );
/// Recompute the mass properties from the shapes' densities.
TT_API ttResult ttBody_ApplyMassFromShapes( ttBodyId bodyId );
TT_API ttResult ttBody_SetGravityScale( ttBodyId bodyId, ttReal scale );
TT_API ttResult ttBody_SetDamping( ttBodyId bodyId, ttReal linearDamping, ttReal angularDamping );

// ---------------------------------------------------------------------------------------------
// Shapes

TT_API ttShapeDef ttDefaultShapeDef( void );
/// Attach shapes to a body. The body's mass properties are recomputed from all its shapes.
TT_API ttShapeId ttCreateSphereShape( ttBodyId bodyId, const ttShapeDef* def, const ttSphere* sphere );
TT_API ttShapeId ttCreateCapsuleShape( ttBodyId bodyId, const ttShapeDef* def, const ttCapsule* capsule );
TT_API ttShapeId ttCreateBoxShape( ttBodyId bodyId, const ttShapeDef* def, const ttBox* box );
/// Planes are infinite and allowed on static bodies only.
TT_API ttShapeId ttCreatePlaneShape( ttBodyId bodyId, const ttShapeDef* def, const ttPlane* plane );
TT_API ttShapeId ttCreateCylinderShape( ttBodyId bodyId, const ttShapeDef* def, const ttCylinder* cylinder );
/// Convex hull of count points (shape coordinates), computed by quickhull. Rejected (null id and a
/// message) for NaN or infinite points, fewer than 4 points, points that are (nearly) coplanar,
/// and hulls with more than TT_MAX_HULL_VERTICES vertices. The points are copied.
TT_API ttShapeId ttCreateHullShape( ttBodyId bodyId, const ttShapeDef* def, const ttVec3* points, int count );
TT_API ttMeshDef ttDefaultMeshDef( void );
TT_API ttHeightfieldDef ttDefaultHeightfieldDef( void );
/// A static triangle mesh (docs/collision.md). Only on static or kinematic bodies: a mesh has no
/// volume. Rejected (null id and a message naming the argument) for NaN or infinite vertices, no
/// triangles, indices out of range, or a mesh whose triangles all have zero area; single
/// zero-area triangles among others are dropped. The arrays are copied.
TT_API ttShapeId ttCreateMeshShape( ttBodyId bodyId, const ttShapeDef* def, const ttMeshDef* mesh );
/// A heightfield (see ttHeightfieldDef), static or kinematic bodies only; rejected for a grid
/// smaller than 2 x 2, NaN or infinite heights, or a scale that is not finite and > 0.
TT_API ttShapeId ttCreateHeightfieldShape( ttBodyId bodyId, const ttShapeDef* def,
                                           const ttHeightfieldDef* heightfield );
TT_API ttCurveDef ttDefaultCurveDef( void );
/// A curve shape (see ttCurveDef): a wire or rail, static bodies only. Spheres, capsules and the
/// other convex shapes collide with the tube around it; planes, meshes and other curves do not
/// (all static). Rejected (null id and a message) on a dynamic or kinematic body, for fewer than
/// 2 points (3 closed), NaN or repeated consecutive points, or a radius out of range.
TT_API ttShapeId ttCreateCurveShape( ttBodyId bodyId, const ttShapeDef* def, const ttCurveDef* curve );
TT_API void ttDestroyShape( ttShapeId shapeId );
TT_API bool ttShape_IsValid( ttShapeId shapeId );
TT_API ttShapeType ttShape_GetType( ttShapeId shapeId );
TT_API ttBodyId ttShape_GetBody( ttShapeId shapeId );
TT_API ttTransform ttShape_GetLocalTransform( ttShapeId shapeId );
/// The geometry of a shape of that type (a zero struct and a message for another type).
TT_API ttSphere ttShape_GetSphere( ttShapeId shapeId );
TT_API ttCapsule ttShape_GetCapsule( ttShapeId shapeId );
TT_API ttBox ttShape_GetBox( ttShapeId shapeId );
TT_API ttPlane ttShape_GetPlane( ttShapeId shapeId );
TT_API ttCylinder ttShape_GetCylinder( ttShapeId shapeId );
/// Copy up to capacity hull vertices (shape coordinates); returns the hull's vertex count.
TT_API int ttShape_GetHullVertices( ttShapeId shapeId, ttVec3* vertices, int capacity );
/// Number of triangles of a mesh or heightfield shape (0 and a message for other types).
TT_API int ttShape_GetTriangleCount( ttShapeId shapeId );
/// Copy up to capacity triangles of a mesh or heightfield as 3 corners each (shape coordinates,
/// counter-clockwise seen from the front) into corners (3 * capacity entries); returns the count.
TT_API int ttShape_GetTriangles( ttShapeId shapeId, ttVec3* corners, int capacity );
/// World bounds of the shape now (planes: unbounded, +-TT_HUGE).
/// A curve shape's sampled polyline (shape coordinates; a closed curve repeats its first point at
/// the end): up to capacity points written, the number there are returned (0 and a message for
/// other shapes). ttShape_GetCurveRadius: its tube's radius.
TT_API int ttShape_GetCurvePoints( ttShapeId shapeId, ttVec3* points, int capacity );
TT_API ttReal ttShape_GetCurveRadius( ttShapeId shapeId );
TT_API ttAABB ttShape_GetAABB( ttShapeId shapeId );
TT_API ttReal ttShape_GetStaticFriction( ttShapeId shapeId );
TT_API ttReal ttShape_GetDynamicFriction( ttShapeId shapeId );
TT_API ttReal ttShape_GetRestitution( ttShapeId shapeId );
TT_API ttResult ttShape_SetFriction( ttShapeId shapeId, ttReal staticFriction, ttReal dynamicFriction );
TT_API ttResult ttShape_SetRestitution( ttShapeId shapeId, ttReal restitution );

/// Mass properties of a shape for a density, about the shape frame (for tests and tools).
TT_API ttMassData ttComputeSphereMass( const ttSphere* sphere, ttReal density );
TT_API ttMassData ttComputeCapsuleMass( const ttCapsule* capsule, ttReal density );
TT_API ttMassData ttComputeBoxMass( const ttBox* box, ttReal density );
TT_API ttMassData ttComputeCylinderMass( const ttCylinder* cylinder, ttReal density );
/// Mass properties of the convex hull of the points (zero mass and a message when no hull exists).
TT_API ttMassData ttComputeHullMass( const ttVec3* points, int count, ttReal density );
/// Mass properties of a closed triangle mesh with outward (counter-clockwise) triangles: the
/// polyhedral algorithm (divergence theorem over origin tetrahedra, Blow and Binstock's form of
/// Mirtich's method). indices holds 3 * triangleCount vertex indices.
TT_API ttMassData ttComputeMeshMass( const ttVec3* vertices, int vertexCount, const int* indices, int triangleCount,
                                     ttReal density );

// ---------------------------------------------------------------------------------------------
// Joints

TT_API ttJointDef ttDefaultJointDef( void );
TT_API ttFixedJointDef ttDefaultFixedJointDef( void );
TT_API ttHingeJointDef ttDefaultHingeJointDef( void );
TT_API ttSphericalJointDef ttDefaultSphericalJointDef( void );
TT_API ttPrismaticJointDef ttDefaultPrismaticJointDef( void );
TT_API ttDistanceJointDef ttDefaultDistanceJointDef( void );
TT_API ttGenericJointDef ttDefaultGenericJointDef( void );
TT_API ttPathJointDef ttDefaultPathJointDef( void );

TT_API ttJointId ttCreateFixedJoint( ttWorldId worldId, const ttFixedJointDef* def );
TT_API ttJointId ttCreateHingeJoint( ttWorldId worldId, const ttHingeJointDef* def );
TT_API ttJointId ttCreateSphericalJoint( ttWorldId worldId, const ttSphericalJointDef* def );
TT_API ttJointId ttCreatePrismaticJoint( ttWorldId worldId, const ttPrismaticJointDef* def );
TT_API ttJointId ttCreateDistanceJoint( ttWorldId worldId, const ttDistanceJointDef* def );
TT_API ttJointId ttCreateGenericJoint( ttWorldId worldId, const ttGenericJointDef* def );
TT_API ttJointId ttCreatePathJoint( ttWorldId worldId, const ttPathJointDef* def );
TT_API void ttDestroyJoint( ttJointId jointId );
TT_API bool ttJoint_IsValid( ttJointId jointId );
TT_API ttJointType ttJoint_GetType( ttJointId jointId );
TT_API ttBodyId ttJoint_GetBodyA( ttJointId jointId );
TT_API ttBodyId ttJoint_GetBodyB( ttJointId jointId );
TT_API void* ttJoint_GetUserData( ttJointId jointId );
/// World positions of the two joint frames' origins.
TT_API ttVec3 ttJoint_GetAnchorA( ttJointId jointId );
TT_API ttVec3 ttJoint_GetAnchorB( ttJointId jointId );
/// World transforms of the two joint frames (origin at the anchor; x is the joint axis).
TT_API ttTransform ttJoint_GetFrameA( ttJointId jointId );
TT_API ttTransform ttJoint_GetFrameB( ttJointId jointId );

/// Force the joint exerts on body B during the last substep, N (lambda n / h^2, paper eq. 10).
TT_API ttVec3 ttJoint_GetConstraintForce( ttJointId jointId );
/// Torque of the joint's angular constraints on body B during the last substep, N m (eq. 17).
TT_API ttVec3 ttJoint_GetConstraintTorque( ttJointId jointId );
/// How far the joint's rigid positional constraints are violated now, m (0 when satisfied).
/// Compliant parts (springs, soft attachments) deform on purpose and do not count.
TT_API ttReal ttJoint_GetPositionError( ttJointId jointId );
/// How far the joint's rigid angular constraints (attachment and limits) are violated now,
/// radians; compliant parts do not count.
TT_API ttReal ttJoint_GetAngleError( ttJointId jointId );

TT_API ttResult ttJoint_SetBreakThresholds( ttJointId jointId, ttReal breakForce, ttReal breakTorque );
TT_API ttResult ttJoint_SetCompliance( ttJointId jointId, ttReal linearCompliance, ttReal angularCompliance );
TT_API ttResult ttJoint_SetDamping( ttJointId jointId, ttReal linearDamping, ttReal angularDamping );

/// Hinge angle of B relative to A about the hinge axis, radians in (-pi, pi].
TT_API ttReal ttHingeJoint_GetAngle( ttJointId jointId );
TT_API ttResult ttHingeJoint_SetLimits( ttJointId jointId, bool enable, ttReal lower, ttReal upper );
/// The limits as set (the def or ttHingeJoint_SetLimits), radians. Outputs may be NULL; for an
/// invalid id or another joint type they are cleared and the result says why.
TT_API ttResult ttHingeJoint_GetLimits( ttJointId jointId, bool* enabled, ttReal* lower, ttReal* upper );
TT_API ttResult ttHingeJoint_SetTarget( ttJointId jointId, bool enable, ttReal targetAngle, ttReal compliance );
TT_API ttResult ttHingeJoint_SetMotor( ttJointId jointId, bool enable, ttReal speed, ttReal maxTorque );

/// Swing angle (between the x axes) and twist angle (about them), radians.
TT_API ttReal ttSphericalJoint_GetSwingAngle( ttJointId jointId );
TT_API ttReal ttSphericalJoint_GetTwistAngle( ttJointId jointId );
/// The swing cone's half angle and the twist range as set in the def, radians (outputs as for
/// ttHingeJoint_GetLimits).
TT_API ttResult ttSphericalJoint_GetLimits( ttJointId jointId, bool* swingEnabled, ttReal* maxSwing, bool* twistEnabled,
                                            ttReal* lowerTwist, ttReal* upperTwist );

/// Offset of B's frame along A's x axis, m.
TT_API ttReal ttPrismaticJoint_GetTranslation( ttJointId jointId );
/// Path joints: arc length s of the curve point nearest B's point, m; the curve's length; the
/// speed of B's point along the curve relative to A, m/s.
TT_API ttReal ttPathJoint_GetPosition( ttJointId jointId );
TT_API ttReal ttPathJoint_GetLength( ttJointId jointId );
TT_API ttReal ttPathJoint_GetSpeed( ttJointId jointId );
/// The translation range as set in the def, m (outputs as for ttHingeJoint_GetLimits).
TT_API ttResult ttPrismaticJoint_GetLimits( ttJointId jointId, bool* enabled, ttReal* lower, ttReal* upper );
TT_API ttResult ttPrismaticJoint_SetTarget( ttJointId jointId, bool enable, ttReal target, ttReal compliance );
TT_API ttResult ttPrismaticJoint_SetDriveForce( ttJointId jointId, ttReal force );

/// Current distance between the two frame origins, m.
TT_API ttReal ttDistanceJoint_GetLength( ttJointId jointId );
TT_API ttResult ttDistanceJoint_SetLengthRange( ttJointId jointId, ttReal minLength, ttReal maxLength );

// ---------------------------------------------------------------------------------------------
// Scene queries
//
// Queries walk the broadphase tree and test each candidate shape exactly at its current pose.
// Callbacks must not create, destroy or move bodies or shapes. Shape casts, shape overlap and
// closest point use GJK on the shapes' convex cores (docs/collision.md).

/// Sees every shape whose filter has the default category (1) and mask.
TT_API ttQueryFilter ttDefaultQueryFilter( void );

/// The closest shape the segment origin -> origin + translation hits (result.hit false if none).
/// Rays that start inside a shape (or below a plane) do not hit that shape.
TT_API ttRayResult ttWorld_CastRayClosest( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter );
/// Every shape the segment hits, through fcn, which can ignore (-1), stop (0), clip (fraction) or
/// go on (1). Order of the calls is unspecified but deterministic.
TT_API ttResult ttWorld_CastRay( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter,
                                 ttCastResultFcn* fcn, void* context );
/// Every shape whose bounding box overlaps `box` (planes: when the box reaches below them).
TT_API ttResult ttWorld_OverlapAABB( ttWorldId worldId, ttAABB box, ttQueryFilter filter, ttOverlapResultFcn* fcn,
                                     void* context );
/// The segment against one shape, ignoring filters.
TT_API ttRayResult ttShape_RayCast( ttShapeId shapeId, ttVec3 origin, ttVec3 translation );
/// Sweep a convex shape at `start` along `translation` (no rotation); fcn gets each shape it hits
/// with the fraction of the translation where they first touch, the contact point on that shape
/// and its surface normal there (toward the swept shape), and steers the cast as for ttWorld_CastRay.
/// A shape the query shape already overlaps at `start` is reported at fraction 0 (normal: the way
/// out of it, point: on its surface). The fraction is conservative: the shapes are apart by at
/// most TT_CAST_TOLERANCE there (docs/collision.md).
TT_API ttResult ttWorld_CastShape( ttWorldId worldId, const ttQueryShape* shape, ttTransform start, ttVec3 translation,
                                   ttQueryFilter filter, ttCastResultFcn* fcn, void* context );
/// The first shape the sweep hits (result.hit false if none); point and normal as above.
TT_API ttRayResult ttWorld_CastShapeClosest( ttWorldId worldId, const ttQueryShape* shape, ttTransform start,
                                             ttVec3 translation, ttQueryFilter filter );
/// Every shape that touches or overlaps the convex shape placed at `transform` (exact GJK test).
TT_API ttResult ttWorld_OverlapShape( ttWorldId worldId, const ttQueryShape* shape, ttTransform transform,
                                      ttQueryFilter filter, ttOverlapResultFcn* fcn, void* context );
/// The point of the world's shapes nearest to `point`, searched within maxDistance (>= 0, may be
/// infinite); a point inside a solid shape (or below a plane) is at distance 0 from it.
TT_API ttClosestPointResult ttWorld_ClosestPoint( ttWorldId worldId, ttVec3 point, ttReal maxDistance,
                                                  ttQueryFilter filter );

/// Collision filter of a shape (see ttFilter); takes effect at the next step.
TT_API ttResult ttShape_SetFilter( ttShapeId shapeId, ttFilter filter );
TT_API ttFilter ttShape_GetFilter( ttShapeId shapeId );

// ---------------------------------------------------------------------------------------------
// Bulk state: one call for many bodies or joints, into a caller's contiguous array (numpy,
// batch stepping). Every id is checked before anything is written: a null, stale or foreign id
// (of another world) is rejected with a message naming its index, and the output is untouched.
// count may be 0 (the pointers may then be NULL).

/// Copy the state (ttBodyState) of bodies[0..count) into states[0..count).
TT_API ttResult ttWorld_GetBodyStates( ttWorldId worldId, const ttBodyId* bodies, int count, ttBodyState* states );
/// Copy the force and torque readouts of joints[0..count) into forces[0..count).
TT_API ttResult ttWorld_GetJointForces( ttWorldId worldId, const ttJointId* joints, int count, ttJointForces* forces );
