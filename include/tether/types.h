// SPDX-License-Identifier: MIT
// tether: definition structs, enums and result records of the public API. Units are SI.
// Every def struct has a default function (ttDefaultWorldDef, ...) that must be used to start.
#pragma once

#include "id.h"
#include "math_functions.h"

/// How joints are solved. The step calls the chosen family through one table of functions
/// (docs/architecture.md, "Solver families", and docs/solvers.md).
typedef enum ttJointSolverType
{
	/// Position level, as in the XPBD paper (sections 3.3-3.4): every joint type, limit, drive
	/// and motor projected in the substep's iterations, damping in the velocity pass.
	ttJointSolver_xpbd = 0,
	/// Velocity level by sequential impulses with warm starting (Jakab; Box2D v3's soft step):
	/// every joint type, limit, drive and motor as constraint rows, the equality rows of a joint
	/// solved as one block by LDL^T; position error fed back by soft constraints (jointHertz,
	/// jointDampingRatio) or by Baumgarte and constraint force mixing (jointBaumgarte, jointCfm).
	ttJointSolver_si,
	/// Position level on point coordinates, after van Overveld and Barenbrug ("All you need is
	/// force"): each body a frame of centre and three scaled principal axes kept rigid by
	/// constraints; spherical, hinge (line hinge: two shared points), fixed (three shared points)
	/// and distance joints solved as shared points by the rigid mobility matrix (eq. 22). Limits,
	/// motors, targets, compliance and the prismatic and generic joints fall back to the XPBD
	/// solves inside the same pass (docs/solvers.md).
	ttJointSolver_pointmass,
} ttJointSolverType;

/// The long range constraints of Mueller et al. 2017 ("Long Range Constraints for Rigid Body
/// Simulations"), each switched on or off per world so that its effect can be measured.
typedef enum ttLongRangeFeature
{
	ttLongRange_attachments = 0,    ///< bounds to static/kinematic bodies from the joint graph (figs 2-3)
	ttLongRange_hierarchy,          ///< hierarchy of bounds for free chains and joint graphs (figs 5-7)
	ttLongRange_hingeChains,        ///< plane projection and axis alignment of hinge chains (figs 9, 13)
	ttLongRange_shapeMatching,      ///< rigid unions of fixed joints: shape matching and fracture (fig 17)
	ttLongRange_supportingContacts, ///< stacks held by supporting contacts (fig 18)
	ttLongRange_featureCount
} ttLongRangeFeature;

/// How contacts are solved inside the substep loop (independent of the joint solver).
typedef enum ttContactSolverType
{
	/// Position level, as in the XPBD paper (sections 3.5-3.6): penetration and static friction
	/// projected with the joints, dynamic friction and restitution in the velocity pass.
	ttContactSolver_xpbd = 0,
	/// Velocity level with soft constraints, warm starting and a relax pass (Box2D v3's "soft
	/// step"): the hybrid of docs/architecture.md. Holds stacks that the position-level contacts
	/// let sway; see docs/collision.md for the measurements.
	ttContactSolver_softStep,
} ttContactSolverType;
/// How the distance bounds that one long range feature derives are enforced (paper section 3.3).
/// A compliance of 0 makes a bound hard; a softened lower bound from bending limits acts as
/// bending resistance, and upperAsLower holds each derived upper bound's length as a lower bound
/// too, which straightens a structure modelled bent (the crossbow of fig. 16).
typedef struct ttLongRangeBoundSettings
{
	ttReal upperCompliance; ///< m/N, >= 0
	ttReal lowerCompliance; ///< m/N, >= 0
	bool upperAsLower;
} ttLongRangeBoundSettings;

/// The most worker threads a world may use (ttWorldDef.workerCount).
#define TT_MAX_WORKERS 64

/// One task of the step, as tether hands it to a user's scheduler (ttWorldDef.enqueueTask): run the
/// items [startIndex, endIndex). `workerIndex` must be in [0, workerCount) and differ between the
/// calls of one task that run at the same time. Every item writes only its own results, so how the
/// scheduler splits [0, itemCount) never changes them.
typedef void ttTaskCallback( int startIndex, int endIndex, int workerIndex, void* taskContext );

/// Start a task: run `task` over [0, itemCount), in calls of at least `minRange` items each (except
/// the last), on any threads. Return a handle that finishTask receives, or NULL after running the
/// whole task on the calling thread (then finishTask is not called). As Box2D v3's b2WorldDef.
typedef void* ttEnqueueTaskCallback( ttTaskCallback* task, int itemCount, int minRange, void* taskContext,
                                     void* userTaskContext );

/// Wait until every call of the task that enqueueTask returned `userTask` for has returned.
typedef void ttFinishTaskCallback( void* userTask, void* userTaskContext );

typedef struct ttWorldDef
{
	/// Gravity in m/s^2.
	ttVec3 gravity;
	/// Substeps per call of ttWorld_Step (the paper's numSubsteps). At least 1.
	int substeps;
	/// Position iterations per substep (the paper's numPosIters). At least 1.
	int iterations;
	/// Compliance of contacts in m/N; 0 is rigid, as in the paper.
	ttReal contactCompliance;
	/// Bodies created overlapping are separated no faster than this, m/s (default 0.4).
	ttReal maxPushoutSpeed;
	/// Scale of the restitution threshold: restitution is off when |v_n| <= scale * |g| * h
	/// (the paper uses 2).
	ttReal restitutionThresholdScale;
	/// Largest rotation a body may make in one substep's integration, radians (Mueller: 0.5).
	ttReal maxRotationPerSubstep;
	/// Turn contacts off entirely (joint-only scenes).
	bool enableContacts;
	ttContactSolverType contactSolver;
	/// Soft-step contacts: stiffness as a frequency, Hz (capped at 0.15 times the substep rate;
	/// contacts with static bodies use twice this), and damping ratio. Defaults 180 Hz and 10.
	/// Box2D's 30 Hz suits its 4 substeps; at 20 substeps a 20-box tower compresses 3 mm at
	/// 180 Hz instead of 7.6 mm at 120 Hz and 7 cm at 30 Hz, and sways visibly at 60 Hz; at
	/// 240 Hz a pyramid keeps a 2 cm/s jitter (docs/collision.md).
	ttReal contactHertz;
	ttReal contactDampingRatio;
	/// Long range constraints by ttLongRangeFeature; a feature that this build does not implement
	/// yet must stay false (ttCreateWorld rejects it with a message).
	bool enableLongRange[ttLongRange_featureCount];
	/// Let resting islands of bodies sleep (default true): a sleeping body costs nothing in the
	/// step until something wakes it (docs/guide.md, Sleeping).
	bool enableSleep;
	/// An island sleeps when every body in it has stayed under the sleep thresholds this long, s
	/// (default 0.5).
	ttReal timeToSleep;
	/// Linear speed of the centre of mass under which a body counts as resting, m/s (default 0.05).
	ttReal linearSleepThreshold;
	/// Angular speed under which a body counts as resting, rad/s (default 0.05).
	ttReal angularSleepThreshold;
	/// How joints are solved (default ttJointSolver_xpbd).
	ttJointSolverType jointSolver;
	/// Velocity-level joints (ttJointSolver_si): rigid rows are soft constraints of this frequency,
	/// Hz (capped at a quarter of the substep rate), and damping ratio (defaults 60 Hz and 2, as
	/// Box2D v3). jointHertz = 0 feeds the error back by Baumgarte instead: the fraction
	/// jointBaumgarte of it per substep (default 0.2), with constraint force mixing jointCfm, s/kg
	/// (default 0; Jakab's (J M^-1 J^T + c/h) h lambda = -(J v + b)).
	ttReal jointHertz;
	ttReal jointDampingRatio;
	ttReal jointBaumgarte;
	ttReal jointCfm;
	/// Velocity-level joints: solve the equalities of every group of joints whose graph is a tree
	/// (at most one joint to the static world; no loops) exactly, by a sparse LDL^T in Baraff's
	/// linear-time order, as ODE's dWorldStep does, instead of by Gauss-Seidel sweeps. Limits,
	/// motors and drives stay iterative; other groups keep the sweeps. Default false.
	bool jointTreeSolve;
	/// Threads that run the step's parallel loops (integration, narrow phase, contact prepare),
	/// the calling thread included: 1 (the default) runs the step serially on the calling thread;
	/// 2 to TT_MAX_WORKERS. The states are bit-identical for every worker count (docs/
	/// determinism.md). Without enqueueTask, ttCreateWorld starts workerCount - 1 threads that live
	/// as long as the world. A library built with TETHER_THREADS=OFF (the WebAssembly build)
	/// runs serially and says so once.
	int workerCount;
	/// Your own scheduler instead of tether's threads (both set, or both NULL): tether calls
	/// enqueueTask and then finishTask for each parallel loop, from the thread that called
	/// ttWorld_Step, with workerCount as the number of workers your scheduler runs the task on.
	/// A step with enough bodies enqueues instead one task of workerCount - 1 items at its start
	/// and finishes it at its end: each item is a worker that waits for the step's loops and runs
	/// pieces of them until the step ends. Run those items beside the stepping thread, on other
	/// threads; items run on the stepping thread (inside enqueueTask or finishTask) or after the
	/// step no longer needs them return at once, and the step never waits for an item to start.
	/// enqueueTask must not wait for items that run on other threads (they would wait for it).
	ttEnqueueTaskCallback* enqueueTask;
	ttFinishTaskCallback* finishTask;
	/// Passed to enqueueTask and finishTask.
	void* userTaskContext;
	/// Set by ttDefaultWorldDef; checked on creation so that an uninitialised def is caught.
	int internalValue;
} ttWorldDef;

typedef enum ttBodyType
{
	ttBody_static = 0, ///< never moves, infinite mass
	ttBody_kinematic,  ///< moved by the user (velocity or target pose), infinite mass
	ttBody_dynamic,    ///< moved by forces and constraints
} ttBodyType;

typedef struct ttBodyDef
{
	ttBodyType type;
	/// World position of the body origin, m.
	ttVec3 position;
	/// World rotation of the body frame.
	ttQuat rotation;
	/// Linear velocity of the centre of mass, m/s.
	ttVec3 linearVelocity;
	/// Angular velocity in world axes, rad/s.
	ttVec3 angularVelocity;
	/// Linear damping in 1/s: v /= (1 + h c) every substep.
	ttReal linearDamping;
	/// Angular damping in 1/s.
	ttReal angularDamping;
	/// Multiplies the world's gravity for this body.
	ttReal gravityScale;
	/// Rotation locked: the body acts as a particle (rigid-particle coupling of the XPBD paper).
	bool fixedRotation;
	/// Whether the body may fall asleep when it rests (default true).
	bool enableSleep;
	/// Whether the body starts awake (default true). A body created asleep stays asleep, shapes
	/// added included, until a contact with an awake body, a joint or an API call wakes it.
	bool isAwake;
	/// An optional name (copied, up to 31 characters) for scene files and metrics.
	const char* name;
	void* userData;
	int internalValue;
} ttBodyDef;

/// Mass properties. The body is simulated in the principal frame given by (center, rotation),
/// where the inertia tensor is the diagonal `inertia`.
typedef struct ttMassData
{
	/// kg; 0 for a dynamic body means "derive from shapes".
	ttReal mass;
	/// Centre of mass in body coordinates, m.
	ttVec3 center;
	/// Principal moments of inertia about the centre of mass, kg m^2.
	ttVec3 inertia;
	/// Orientation of the principal axes in body coordinates.
	ttQuat rotation;
} ttMassData;

/// Axis-aligned bounding box, world coordinates.
typedef struct ttAABB
{
	ttVec3 lower, upper;
} ttAABB;

typedef enum ttShapeType
{
	ttShape_sphere = 0,
	ttShape_capsule,
	ttShape_box,
	ttShape_plane, ///< static bodies only: the half space below the plane is solid
	ttShape_cylinder,
	ttShape_hull,        ///< convex hull of a point cloud (ttCreateHullShape)
	ttShape_mesh,        ///< static triangle mesh (ttCreateMeshShape), static or kinematic bodies only
	ttShape_heightfield, ///< grid of heights (ttCreateHeightfieldShape), static or kinematic bodies only
	ttShape_curve,       ///< tube around a polyline or spline, a wire or rail (ttCreateCurveShape), static bodies only
	ttShape_count,
} ttShapeType;

typedef struct ttSphere
{
	ttReal radius;
} ttSphere;

/// Capsule: the points within `radius` of the segment from center1 to center2 (shape frame).
typedef struct ttCapsule
{
	ttVec3 center1, center2;
	ttReal radius;
} ttCapsule;

typedef struct ttBox
{
	ttVec3 halfExtents;
} ttBox;

/// Solid cylinder whose axis is the shape frame's y axis, centred on the frame origin: the points
/// with |y| <= halfHeight and x^2 + z^2 <= radius^2.
typedef struct ttCylinder
{
	ttReal halfHeight;
	ttReal radius;
} ttCylinder;

/// Most vertices a convex hull shape may have; larger point clouds are rejected with a message.
#define TT_MAX_HULL_VERTICES 64

/// A triangle mesh: a surface without volume for static scenery (static or kinematic bodies).
/// Triangles are two-sided; each is 3 indices into vertices. The shape copies both arrays.
typedef struct ttMeshDef
{
	const ttVec3* vertices; ///< shape coordinates
	int vertexCount;
	const int* indices; ///< 3 * triangleCount vertex indices
	int triangleCount;
	int internalValue;
} ttMeshDef;

/// A heightfield: rowCount x columnCount heights on a regular grid in the shape frame's x-z
/// plane, y up. Vertex (row r, column c) is at (c scale.x, heights[r columnCount + c] scale.y,
/// r scale.z); each cell is split into two triangles along its (c, r)-(c + 1, r + 1) diagonal. The
/// solid side is below the surface. The shape copies the heights.
typedef struct ttHeightfieldDef
{
	const ttReal* heights;
	int rowCount;    ///< >= 2
	int columnCount; ///< >= 2
	ttVec3 scale;    ///< cell size along x and z (> 0) and a factor on the heights (y, > 0)
	int internalValue;
} ttHeightfieldDef;

/// A curve shape: the tube of `radius` around a curve through `points` (shape coordinates), a
/// wire or rail for spheres and capsules to roll along. The curve is the polyline through the
/// points, or with `smooth` the uniform Catmull-Rom spline through them (sampled 16 times per
/// span); `closed` joins the last point to the first. Static bodies only; the shape copies the
/// points. Contacts take their normal from the nearest point of the (sampled) curve, so a sphere
/// on a spline wire sees the wire's normal turn smoothly.
typedef struct ttCurveDef
{
	const ttVec3* points;
	int pointCount; ///< >= 2 (>= 3 for a closed curve), consecutive points distinct
	bool closed;
	bool smooth;
	ttReal radius; ///< within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE]
	int internalValue;
} ttCurveDef;

/// Plane n . p = offset in shape coordinates; n need not be unit length on input.
typedef struct ttPlane
{
	ttVec3 normal;
	ttReal offset;
} ttPlane;

/// Collision filtering (Box2D's rules): two shapes collide when each one's category is in the
/// other's mask, unless they share a non-zero group: then they always collide (group > 0) or never
/// (group < 0). Scene queries match a ttQueryFilter against the category and mask.
typedef struct ttFilter
{
	uint64_t categoryBits; ///< default 1
	uint64_t maskBits;     ///< default all bits
	int32_t groupIndex;    ///< default 0
} ttFilter;

typedef struct ttShapeDef
{
	/// Shape frame in body coordinates.
	ttVec3 localPosition;
	ttQuat localRotation;
	/// kg/m^3; mass properties of the body are the sum over its shapes.
	ttReal density;
	/// Static friction coefficient mu_s (paper section 3.5).
	ttReal staticFriction;
	/// Dynamic friction coefficient mu_d (paper section 3.6).
	ttReal dynamicFriction;
	/// Restitution coefficient e in [0, 1].
	ttReal restitution;
	/// Which shapes this one collides with (ttDefaultShapeDef: category 1, every mask bit, group 0).
	ttFilter filter;
	void* userData;
	int internalValue;
} ttShapeDef;

typedef enum ttJointType
{
	ttJoint_fixed = 0,
	ttJoint_hinge,
	ttJoint_spherical,
	ttJoint_prismatic,
	ttJoint_distance,
	ttJoint_generic,
	ttJoint_path,
	ttJoint_count,
} ttJointType;

/// Fields every joint has. A joint connects a frame on body A to a frame on body B (each frame
/// in its body's coordinates). A null bodyA attaches to the static world. The joint's first axis
/// `a` is the frame's x axis, then `b` = y and `c` = z, as in the paper's [a, b, c].
typedef struct ttJointDef
{
	ttBodyId bodyA;
	ttBodyId bodyB;
	ttTransform localFrameA;
	ttTransform localFrameB;
	/// Compliance of the positional attachment, m/N (0: rigid).
	ttReal linearCompliance;
	/// Compliance of the angular attachment, rad/(N m) (0: rigid).
	ttReal angularCompliance;
	/// Joint damping of relative linear / angular velocity, 1/s (paper eqs. 31-32).
	ttReal linearDamping;
	ttReal angularDamping;
	/// The joint breaks (is removed, with an event) when its force or torque exceeds these.
	ttReal breakForce;
	ttReal breakTorque;
	/// Whether the two bodies collide with each other.
	bool collideConnected;
	void* userData;
	int internalValue;
} ttJointDef;

/// Both frames glued together.
typedef struct ttFixedJointDef
{
	ttJointDef base;
} ttFixedJointDef;

/// Rotation about the frame's x axis only.
typedef struct ttHingeJointDef
{
	ttJointDef base;
	bool enableLimit;
	ttReal lowerAngle, upperAngle; ///< radians, in [-pi, pi]
	ttReal limitCompliance;        ///< rad/(N m)
	/// Drive toward targetAngle with targetCompliance (paper eq. 21).
	bool enableTarget;
	ttReal targetAngle;
	ttReal targetCompliance;
	/// Velocity motor: the target angle advances by motorSpeed * h every substep.
	bool enableMotor;
	ttReal motorSpeed;     ///< rad/s
	ttReal maxMotorTorque; ///< N m
	ttReal motorCompliance;
} ttHingeJointDef;

/// Ball-in-socket with decoupled swing and twist limits (paper eqs. 22-24) about the x axis.
typedef struct ttSphericalJointDef
{
	ttJointDef base;
	bool enableSwingLimit;
	ttReal maxSwingAngle; ///< radians, cone half angle
	ttReal swingCompliance;
	bool enableTwistLimit;
	ttReal lowerTwistAngle, upperTwistAngle; ///< radians
	ttReal twistCompliance;
} ttSphericalJointDef;

/// Slider along the frame's x axis, rotation locked.
typedef struct ttPrismaticJointDef
{
	ttJointDef base;
	bool enableLimit;
	ttReal lowerTranslation, upperTranslation; ///< m
	/// Drive the offset toward targetTranslation with driveCompliance; force capped at maxDriveForce.
	bool enableDrive;
	ttReal targetTranslation;
	ttReal driveCompliance;
	ttReal maxDriveForce;
	/// A constant force along the axis, pushing B away from A (force drive), N.
	ttReal driveForce;
} ttPrismaticJointDef;

/// Keeps the distance between the frame origins within [minLength, maxLength]. With
/// minLength = maxLength = 0 and a compliance it is a zero-rest-length spring.
typedef struct ttDistanceJointDef
{
	ttJointDef base;
	ttReal minLength, maxLength; ///< m
	/// Compliance of the length constraint, m/N (a spring when > 0).
	ttReal compliance;
} ttDistanceJointDef;

/// Per-axis positional limits in frame A (paper section 3.4.2). An axis with lower > upper is free.
typedef struct ttGenericJointDef
{
	ttJointDef base;
	ttVec3 lowerTranslation;
	ttVec3 upperTranslation;
	/// Whether the relative rotation is locked (otherwise free).
	bool lockRotation;
} ttGenericJointDef;

/// A point of body B (localFrameB's origin) kept on a curve fixed to body A (van Overveld's
/// point-to-curve constraint): a bead on a wire, a wheel on a rail. The curve passes through
/// `points`, given in body A's coordinates (world coordinates for a null bodyA): a polyline, or
/// with `smooth` a uniform Catmull-Rom spline; `closed` joins the last point to the first. The
/// points are copied at creation. The point slides along the curve without friction; s, the arc
/// length from the first point, stays within [lowerPosition, upperPosition] with `enableLimit`
/// and within the ends of an open curve always. A motor drives the speed along the curve.
typedef struct ttPathJointDef
{
	ttJointDef base;
	const ttVec3* points;
	int pointCount; ///< >= 2 (>= 3 for a closed curve)
	bool closed;
	bool smooth;
	bool enableLimit;
	ttReal lowerPosition, upperPosition; ///< m of arc length
	bool enableMotor;
	ttReal motorSpeed;    ///< m/s along the curve, toward growing s
	ttReal maxMotorForce; ///< N
} ttPathJointDef;

/// Reported after a step for each joint that broke during it.
typedef struct ttJointBreakEvent
{
	ttJointId jointId; ///< already stale
	void* userData;
	ttReal force;  ///< N, the force that broke it
	ttReal torque; ///< N m
} ttJointBreakEvent;

typedef struct ttJointBreakEvents
{
	const ttJointBreakEvent* events;
	int count;
} ttJointBreakEvents;

/// Two shapes started touching during the last step (a contact point at or below zero
/// separation). Shape ids are those of the moment; point and normal (from A to B) are the
/// deepest point's.
typedef struct ttContactBeginTouchEvent
{
	ttShapeId shapeA, shapeB;
	ttVec3 point, normal;
} ttContactBeginTouchEvent;

/// Two shapes that touched stopped touching during the last step (no point closer than 5 mm), or
/// one of them was destroyed (its id is then stale).
typedef struct ttContactEndTouchEvent
{
	ttShapeId shapeA, shapeB;
} ttContactEndTouchEvent;

/// The contact events of the last step; valid until the next step.
typedef struct ttContactEvents
{
	const ttContactBeginTouchEvent* beginEvents;
	const ttContactEndTouchEvent* endEvents;
	int beginCount, endCount;
} ttContactEvents;

/// One contact point of the last substep.
typedef struct ttContactData
{
	ttShapeId shapeA, shapeB;
	ttBodyId bodyA, bodyB;
	ttVec3 point;         ///< world, on shape B's surface
	ttVec3 normal;        ///< world, unit, from A to B
	ttReal separation;    ///< m, negative when penetrating
	ttReal normalForce;   ///< N (lambda_n / h^2)
	ttVec3 frictionForce; ///< N, static friction on B (lambda_t / h^2)
	/// Feature id of the point (which faces, edges or vertices made it), the same while the same
	/// features touch; 0 where the narrow phase gives none (those points are followed by nearness).
	uint32_t featureId;
} ttContactData;

/// One long range constraint as the solver uses it (ttWorld_GetLongRangeConstraints), for debug
/// drawing and tests. Every kind is a pair of world points with a distance range, so that a
/// viewer can draw any of them as a line; `feature` says which kind it is. See docs/long-range.md.
///  - attachments: pointA on the static or kinematic body, pointB the joint point it holds;
///  - hierarchy: the two joint points a level-`level` link joins (each on the heavier body at its
///    joint);
///  - hingeChains: one entry per chain body between its two hinges (lower = upper = the segment's
///    length), `axis` the body's chain axis, which the projection turns along the plane normal;
///  - shapeMatching: one entry per member of a rigid union, from the union's first body's centre of
///    mass to the member's (lower = upper = their distance in the conforming rest state).
typedef struct ttLongRangeConstraintData
{
	ttLongRangeFeature feature; ///< the switch that made it: the kind of constraint
	int level;                  ///< hierarchy: 1, 2, ... (a level-n link spans 2^n segments of a chain); else 0
	int group;                  ///< hinge chains and unions: the chain's or union's index; -1 for bounds
	ttBodyId bodyA, bodyB;      ///< the points' bodies (null for the world's hidden ground body)
	ttVec3 pointA, pointB;      ///< world, now
	/// The range the solver holds |pointB - pointA| in, m, as enforced (with `upperAsLower` the
	/// lower bound is the upper one); lower = 0: no lower bound.
	ttReal lower, upper;
	ttReal distance; ///< |pointB - pointA| now
	ttVec3 axis;     ///< hinge chains: the body's chain axis (unit, world); zero for the others
	/// Bounds: pushed (their multiplier non-zero) in the last substep of the last step, i.e. the
	/// bound was violated beyond its slack and engaged. Chains and unions: projected in the last
	/// step (false while asleep and before the first step).
	bool active;
	ttReal force; ///< bounds: |lambda| / h^2 of the last substep, N; 0 for the other kinds
} ttLongRangeConstraintData;

/// Per-step counters of the last step, for the stats panel and benchmarks.
typedef struct ttStepStats
{
	int bodyCount, jointCount, contactCount, pairCount;
	/// Work of the step: bodies integrated and joints solved (sleeping ones cost nothing), and
	/// the islands the awake bodies formed at its end (static and kinematic bodies join none).
	int awakeBodyCount, awakeJointCount, islandCount;
	double collideMs, solveMs, totalMs;
	double pairMs; ///< broadphase: the step's candidate pairs (part of collideMs)
	/// The position and velocity passes of the joints and of the contacts (parts of solveMs).
	double jointSolveMs, contactSolveMs;
	/// Long range constraints by ttLongRangeFeature: how many were active in the step, the time
	/// spent deriving them (analysis) and projecting them (part of solveMs).
	int longRangeCount[ttLongRange_featureCount];
	double longRangeAnalysisMs[ttLongRange_featureCount];
	double longRangeSolveMs[ttLongRange_featureCount];
	/// Supporting contacts (ttLongRange_supportingContacts): contact points found supporting, and
	/// bodies held up by them. longRangeCount of that feature counts their ground constraints.
	int supportingContactCount, supportedBodyCount;
} ttStepStats;

/// A supporting contact point (ttWorld_GetSupportingContacts): body rests on lowerBody there.
typedef struct ttSupportingContact
{
	ttBodyId body;      ///< the body on top (dynamic)
	ttBodyId lowerBody; ///< the body below it; null for the world's ground body
	ttVec3 point;       ///< world, on body's surface, at its pose now
	bool bodySupported; ///< body is held up (its centre of mass over its supporting contacts)
} ttSupportingContact;

// ---------------------------------------------------------------------------------------------
// Scene queries

/// Which shapes a query sees: those whose category is in maskBits and whose mask has a bit of
/// categoryBits. ttDefaultQueryFilter sees every shape with a default filter.
typedef struct ttQueryFilter
{
	uint64_t categoryBits;
	uint64_t maskBits;
} ttQueryFilter;

/// Result of a closest-hit ray cast (hit == false: nothing was hit and the rest is zero).
typedef struct ttRayResult
{
	ttShapeId shapeId;
	ttBodyId bodyId;
	ttVec3 point;    ///< world
	ttVec3 normal;   ///< world, unit, the surface normal at the point
	ttReal fraction; ///< point = origin + fraction * translation
	bool hit;
} ttRayResult;

/// Called for each shape a ray hits, in no particular order. Return -1 to ignore the hit, 0 to
/// stop the cast, `fraction` to clip the ray there (closest hit), 1 to go on unchanged.
typedef ttReal ttCastResultFcn( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context );

/// Called for each shape an overlap query finds; return false to stop the query.
typedef bool ttOverlapResultFcn( ttShapeId shapeId, void* context );

/// Point cloud of a convex query shape: the shape is the convex hull of the points (shape frame);
/// the points are read during the query only, no hull is built.
typedef struct ttQueryHull
{
	const ttVec3* points;
	int count; ///< 1 to TT_MAX_HULL_VERTICES
} ttQueryHull;

/// A convex shape for shape casts and overlap queries, in its own frame (placed by a transform).
/// type: ttShape_sphere, capsule, box, cylinder or hull; the member of that name describes it.
typedef struct ttQueryShape
{
	ttShapeType type;
	union
	{
		ttSphere sphere;
		ttCapsule capsule;
		ttBox box;
		ttCylinder cylinder;
		ttQueryHull hull;
	};
} ttQueryShape;

/// Result of a closest-point query (hit == false: no shape within the distance; the rest is zero).
typedef struct ttClosestPointResult
{
	ttShapeId shapeId;
	ttBodyId bodyId;
	ttVec3 point;    ///< world: the point of the shape nearest to the query point
	ttReal distance; ///< 0 when the query point is inside the shape (point = the query point)
	bool hit;
} ttClosestPointResult;

/// Shape casts stop when the swept shape is within this distance of the shape it hits (m): the
/// reported fraction is never past the first contact, and at most this far before it in distance.
#define TT_CAST_TOLERANCE ( (ttReal)1e-4 )

// ---------------------------------------------------------------------------------------------
// Bulk state (ttWorld_GetBodyStates, ttWorld_GetJointForces)

/// One body's state as ttWorld_GetBodyStates writes it. Only ttReal members, so an array of n
/// states is one contiguous block of 13 n reals (a (n, 13) array for numpy and batch stepping).
typedef struct ttBodyState
{
	ttVec3 position;        ///< origin of the body frame, world, m
	ttQuat rotation;        ///< rotation of the body frame (x, y, z, w)
	ttVec3 linearVelocity;  ///< of the centre of mass, m/s
	ttVec3 angularVelocity; ///< world axes, rad/s
} ttBodyState;

/// One joint's readouts as ttWorld_GetJointForces writes them: 6 reals, no padding.
typedef struct ttJointForces
{
	ttVec3 force;  ///< on body B during the last substep, N (ttJoint_GetConstraintForce)
	ttVec3 torque; ///< of the angular constraints on body B, N m (ttJoint_GetConstraintTorque)
} ttJointForces;
