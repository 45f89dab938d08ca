# SPDX-License-Identifier: MIT
"""The part of tether's C API the package uses, declared for cffi (ABI mode).

Written from include/tether/*.h and tools/scene.h. ``ttReal`` is typedef'd to double or float
before these declarations, as the loaded library reports; _ffi.py then compares every struct's
size with the library's (ttPython_SizeOf), so a declaration that drifts from the headers fails at
import instead of reading wrong offsets.
"""

CDEF = r"""
typedef enum ttResult { ttResult_ok = 0, ttResult_invalidArgument, ttResult_invalidId, ttResult_outOfMemory,
                        ttResult_invalidState } ttResult;
typedef void ttLogFcn( const char* message );
void ttSetLogFcn( ttLogFcn* logFcn );
const char* ttResultName( ttResult result );
typedef struct ttVersion { int major, minor, revision; } ttVersion;
ttVersion ttGetVersion( void );

typedef struct ttWorldId { uint32_t index1; uint32_t generation; } ttWorldId;
typedef struct ttBodyId { int32_t index1; uint32_t world0; uint32_t generation; } ttBodyId;
typedef struct ttShapeId { int32_t index1; uint32_t world0; uint32_t generation; } ttShapeId;
typedef struct ttJointId { int32_t index1; uint32_t world0; uint32_t generation; } ttJointId;

typedef struct ttVec3 { ttReal x, y, z; } ttVec3;
typedef struct ttQuat { ttReal x, y, z, w; } ttQuat;
typedef struct ttTransform { ttVec3 p; ttQuat q; } ttTransform;

typedef enum ttJointSolverType { ttJointSolver_xpbd = 0, ttJointSolver_si, ttJointSolver_pointmass } ttJointSolverType;
typedef enum ttContactSolverType { ttContactSolver_xpbd = 0, ttContactSolver_softStep } ttContactSolverType;
typedef void ttTaskCallback( int startIndex, int endIndex, int workerIndex, void* taskContext );
typedef void* ttEnqueueTaskCallback( ttTaskCallback* task, int itemCount, int minRange, void* taskContext,
                                     void* userTaskContext );
typedef void ttFinishTaskCallback( void* userTask, void* userTaskContext );
typedef struct ttWorldDef {
    ttVec3 gravity; int substeps; int iterations; ttReal contactCompliance; ttReal maxPushoutSpeed;
    ttReal restitutionThresholdScale; ttReal maxRotationPerSubstep; bool enableContacts;
    ttContactSolverType contactSolver; ttReal contactHertz; ttReal contactDampingRatio;
    bool enableLongRange[5]; bool enableSleep; ttReal timeToSleep; ttReal linearSleepThreshold;
    ttReal angularSleepThreshold; ttJointSolverType jointSolver; ttReal jointHertz; ttReal jointDampingRatio;
    ttReal jointBaumgarte; ttReal jointCfm; bool jointTreeSolve; int workerCount;
    ttEnqueueTaskCallback* enqueueTask; ttFinishTaskCallback* finishTask; void* userTaskContext; int internalValue;
} ttWorldDef;

typedef enum ttBodyType { ttBody_static = 0, ttBody_kinematic, ttBody_dynamic } ttBodyType;
typedef struct ttBodyDef {
    ttBodyType type; ttVec3 position; ttQuat rotation; ttVec3 linearVelocity; ttVec3 angularVelocity;
    ttReal linearDamping; ttReal angularDamping; ttReal gravityScale; bool fixedRotation; bool enableSleep;
    bool isAwake; const char* name; void* userData; int internalValue;
} ttBodyDef;
typedef struct ttMassData { ttReal mass; ttVec3 center; ttVec3 inertia; ttQuat rotation; } ttMassData;
typedef struct ttAABB { ttVec3 lower, upper; } ttAABB;

typedef enum ttShapeType { ttShape_sphere = 0, ttShape_capsule, ttShape_box, ttShape_plane, ttShape_cylinder,
                           ttShape_hull, ttShape_mesh, ttShape_heightfield, ttShape_curve, ttShape_count } ttShapeType;
typedef struct ttSphere { ttReal radius; } ttSphere;
typedef struct ttCapsule { ttVec3 center1, center2; ttReal radius; } ttCapsule;
typedef struct ttBox { ttVec3 halfExtents; } ttBox;
typedef struct ttCylinder { ttReal halfHeight; ttReal radius; } ttCylinder;
typedef struct ttPlane { ttVec3 normal; ttReal offset; } ttPlane;
typedef struct ttFilter { uint64_t categoryBits; uint64_t maskBits; int32_t groupIndex; } ttFilter;
typedef struct ttShapeDef {
    ttVec3 localPosition; ttQuat localRotation; ttReal density; ttReal staticFriction; ttReal dynamicFriction;
    ttReal restitution; ttFilter filter; void* userData; int internalValue;
} ttShapeDef;

typedef enum ttJointType { ttJoint_fixed = 0, ttJoint_hinge, ttJoint_spherical, ttJoint_prismatic, ttJoint_distance,
                           ttJoint_generic, ttJoint_count } ttJointType;
typedef struct ttJointDef {
    ttBodyId bodyA; ttBodyId bodyB; ttTransform localFrameA; ttTransform localFrameB;
    ttReal linearCompliance; ttReal angularCompliance; ttReal linearDamping; ttReal angularDamping;
    ttReal breakForce; ttReal breakTorque; bool collideConnected; void* userData; int internalValue;
} ttJointDef;
typedef struct ttFixedJointDef { ttJointDef base; } ttFixedJointDef;
typedef struct ttHingeJointDef {
    ttJointDef base; bool enableLimit; ttReal lowerAngle, upperAngle; ttReal limitCompliance;
    bool enableTarget; ttReal targetAngle; ttReal targetCompliance;
    bool enableMotor; ttReal motorSpeed; ttReal maxMotorTorque; ttReal motorCompliance;
} ttHingeJointDef;
typedef struct ttSphericalJointDef {
    ttJointDef base; bool enableSwingLimit; ttReal maxSwingAngle; ttReal swingCompliance;
    bool enableTwistLimit; ttReal lowerTwistAngle, upperTwistAngle; ttReal twistCompliance;
} ttSphericalJointDef;
typedef struct ttPrismaticJointDef {
    ttJointDef base; bool enableLimit; ttReal lowerTranslation, upperTranslation;
    bool enableDrive; ttReal targetTranslation; ttReal driveCompliance; ttReal maxDriveForce; ttReal driveForce;
} ttPrismaticJointDef;
typedef struct ttDistanceJointDef {
    ttJointDef base; ttReal minLength, maxLength; ttReal compliance;
} ttDistanceJointDef;

typedef struct ttJointBreakEvent { ttJointId jointId; void* userData; ttReal force; ttReal torque; } ttJointBreakEvent;
typedef struct ttJointBreakEvents { const ttJointBreakEvent* events; int count; } ttJointBreakEvents;

typedef struct ttQueryFilter { uint64_t categoryBits; uint64_t maskBits; } ttQueryFilter;
typedef struct ttRayResult {
    ttShapeId shapeId; ttBodyId bodyId; ttVec3 point; ttVec3 normal; ttReal fraction; bool hit;
} ttRayResult;
typedef ttReal ttCastResultFcn( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context );
typedef bool ttOverlapResultFcn( ttShapeId shapeId, void* context );
typedef struct ttQueryHull { const ttVec3* points; int count; } ttQueryHull;
typedef struct ttQueryShape {
    ttShapeType type;
    union { ttSphere sphere; ttCapsule capsule; ttBox box; ttCylinder cylinder; ttQueryHull hull; };
} ttQueryShape;
typedef struct ttClosestPointResult {
    ttShapeId shapeId; ttBodyId bodyId; ttVec3 point; ttReal distance; bool hit;
} ttClosestPointResult;

typedef struct ttBodyState { ttVec3 position; ttQuat rotation; ttVec3 linearVelocity; ttVec3 angularVelocity; } ttBodyState;
typedef struct ttJointForces { ttVec3 force; ttVec3 torque; } ttJointForces;

ttWorldDef ttDefaultWorldDef( void );
ttWorldId ttCreateWorld( const ttWorldDef* def );
void ttDestroyWorld( ttWorldId worldId );
bool ttWorld_IsValid( ttWorldId worldId );
ttResult ttWorld_Step( ttWorldId worldId, ttReal timeStep );
ttResult ttWorld_SetGravity( ttWorldId worldId, ttVec3 gravity );
ttVec3 ttWorld_GetGravity( ttWorldId worldId );
ttResult ttWorld_SetSubsteps( ttWorldId worldId, int substeps );
int ttWorld_GetSubsteps( ttWorldId worldId );
ttResult ttWorld_SetIterations( ttWorldId worldId, int iterations );
int ttWorld_GetIterations( ttWorldId worldId );
ttResult ttWorld_SetContactSolver( ttWorldId worldId, ttContactSolverType solver );
ttResult ttWorld_SetJointSolver( ttWorldId worldId, ttJointSolverType solver );
ttJointSolverType ttWorld_GetJointSolver( ttWorldId worldId );
ttResult ttWorld_SetWorkerCount( ttWorldId worldId, int workerCount );
int ttWorld_GetWorkerCount( ttWorldId worldId );
ttResult ttWorld_EnableSleep( ttWorldId worldId, bool flag );
int ttWorld_GetBodyCount( ttWorldId worldId );
int ttWorld_GetBodies( ttWorldId worldId, ttBodyId* bodies, int capacity );
int ttWorld_GetJoints( ttWorldId worldId, ttJointId* joints, int capacity );
int ttWorld_GetJointCount( ttWorldId worldId );
int ttWorld_GetContactCount( ttWorldId worldId );
ttJointBreakEvents ttWorld_GetJointBreakEvents( ttWorldId worldId );
ttReal ttWorld_GetKineticEnergy( ttWorldId worldId );
ttReal ttWorld_GetPotentialEnergy( ttWorldId worldId );
ttVec3 ttWorld_GetLinearMomentum( ttWorldId worldId );
ttVec3 ttWorld_GetAngularMomentum( ttWorldId worldId );
ttResult ttWorld_GetBodyStates( ttWorldId worldId, const ttBodyId* bodies, int count, ttBodyState* states );
ttResult ttWorld_GetJointForces( ttWorldId worldId, const ttJointId* joints, int count, ttJointForces* forces );

ttBodyDef ttDefaultBodyDef( void );
ttBodyId ttCreateBody( ttWorldId worldId, const ttBodyDef* def );
void ttDestroyBody( ttBodyId bodyId );
bool ttBody_IsValid( ttBodyId bodyId );
ttBodyType ttBody_GetType( ttBodyId bodyId );
const char* ttBody_GetName( ttBodyId bodyId );
ttVec3 ttBody_GetPosition( ttBodyId bodyId );
ttQuat ttBody_GetRotation( ttBodyId bodyId );
ttResult ttBody_SetTransform( ttBodyId bodyId, ttVec3 position, ttQuat rotation );
ttVec3 ttBody_GetWorldCenterOfMass( ttBodyId bodyId );
ttVec3 ttBody_GetLinearVelocity( ttBodyId bodyId );
ttVec3 ttBody_GetAngularVelocity( ttBodyId bodyId );
ttResult ttBody_SetLinearVelocity( ttBodyId bodyId, ttVec3 velocity );
ttResult ttBody_SetAngularVelocity( ttBodyId bodyId, ttVec3 velocity );
bool ttBody_IsAwake( ttBodyId bodyId );
ttResult ttBody_SetAwake( ttBodyId bodyId, bool awake );
ttResult ttBody_SetKinematicTarget( ttBodyId bodyId, ttVec3 position, ttQuat rotation );
ttResult ttBody_ApplyForce( ttBodyId bodyId, ttVec3 force, ttVec3 worldPoint );
ttResult ttBody_ApplyForceToCenter( ttBodyId bodyId, ttVec3 force );
ttResult ttBody_ApplyTorque( ttBodyId bodyId, ttVec3 torque );
ttResult ttBody_ApplyLinearImpulse( ttBodyId bodyId, ttVec3 impulse, ttVec3 worldPoint );
ttResult ttBody_ApplyAngularImpulse( ttBodyId bodyId, ttVec3 impulse );
ttReal ttBody_GetMass( ttBodyId bodyId );
ttMassData ttBody_GetMassData( ttBodyId bodyId );
ttResult ttBody_SetGravityScale( ttBodyId bodyId, ttReal scale );
ttResult ttBody_SetDamping( ttBodyId bodyId, ttReal linearDamping, ttReal angularDamping );
int ttBody_GetShapeCount( ttBodyId bodyId );

ttShapeDef ttDefaultShapeDef( void );
ttShapeId ttCreateSphereShape( ttBodyId bodyId, const ttShapeDef* def, const ttSphere* sphere );
ttShapeId ttCreateCapsuleShape( ttBodyId bodyId, const ttShapeDef* def, const ttCapsule* capsule );
ttShapeId ttCreateBoxShape( ttBodyId bodyId, const ttShapeDef* def, const ttBox* box );
ttShapeId ttCreatePlaneShape( ttBodyId bodyId, const ttShapeDef* def, const ttPlane* plane );
ttShapeId ttCreateCylinderShape( ttBodyId bodyId, const ttShapeDef* def, const ttCylinder* cylinder );
ttShapeId ttCreateHullShape( ttBodyId bodyId, const ttShapeDef* def, const ttVec3* points, int count );
ttShapeType ttShape_GetType( ttShapeId shapeId );
ttBodyId ttShape_GetBody( ttShapeId shapeId );
void ttDestroyShape( ttShapeId shapeId );

ttFixedJointDef ttDefaultFixedJointDef( void );
ttHingeJointDef ttDefaultHingeJointDef( void );
ttSphericalJointDef ttDefaultSphericalJointDef( void );
ttPrismaticJointDef ttDefaultPrismaticJointDef( void );
ttDistanceJointDef ttDefaultDistanceJointDef( void );
ttJointId ttCreateFixedJoint( ttWorldId worldId, const ttFixedJointDef* def );
ttJointId ttCreateHingeJoint( ttWorldId worldId, const ttHingeJointDef* def );
ttJointId ttCreateSphericalJoint( ttWorldId worldId, const ttSphericalJointDef* def );
ttJointId ttCreatePrismaticJoint( ttWorldId worldId, const ttPrismaticJointDef* def );
ttJointId ttCreateDistanceJoint( ttWorldId worldId, const ttDistanceJointDef* def );
void ttDestroyJoint( ttJointId jointId );
bool ttJoint_IsValid( ttJointId jointId );
ttJointType ttJoint_GetType( ttJointId jointId );
ttBodyId ttJoint_GetBodyA( ttJointId jointId );
ttBodyId ttJoint_GetBodyB( ttJointId jointId );
ttVec3 ttJoint_GetConstraintForce( ttJointId jointId );
ttVec3 ttJoint_GetConstraintTorque( ttJointId jointId );
ttReal ttHingeJoint_GetAngle( ttJointId jointId );
ttReal ttDistanceJoint_GetLength( ttJointId jointId );
ttReal ttPrismaticJoint_GetTranslation( ttJointId jointId );

ttQueryFilter ttDefaultQueryFilter( void );
ttRayResult ttWorld_CastRayClosest( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter );
ttResult ttWorld_CastRay( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter,
                          ttCastResultFcn* fcn, void* context );
ttResult ttWorld_OverlapAABB( ttWorldId worldId, ttAABB box, ttQueryFilter filter, ttOverlapResultFcn* fcn,
                              void* context );
ttRayResult ttWorld_CastShapeClosest( ttWorldId worldId, const ttQueryShape* shape, ttTransform start,
                                      ttVec3 translation, ttQueryFilter filter );
ttResult ttWorld_OverlapShape( ttWorldId worldId, const ttQueryShape* shape, ttTransform transform,
                               ttQueryFilter filter, ttOverlapResultFcn* fcn, void* context );
ttClosestPointResult ttWorld_ClosestPoint( ttWorldId worldId, ttVec3 point, ttReal maxDistance, ttQueryFilter filter );

typedef enum ttProbeType { ttProbe_distance = 0, ttProbe_position, ttProbe_jointAngle } ttProbeType;
typedef struct ttProbe {
    char name[64]; ttProbeType type; ttBodyId bodyA, bodyB; ttVec3 localPointA, localPointB; ttJointId joint;
} ttProbe;
typedef struct ttParticleId { int32_t index1; uint32_t world0; uint32_t generation; } ttParticleId;
typedef enum ttParticleGroupKind {
    ttParticleGroup_particles = 0, ttParticleGroup_rope, ttParticleGroup_cloth, ttParticleGroup_softBody,
    ttParticleGroup_tire
} ttParticleGroupKind;
typedef struct ttParticleGroup {
    char name[64]; ttParticleGroupKind kind; ttParticleId* particles; int particleCount; int* triangles;
    int triangleCount;
} ttParticleGroup;
typedef struct ttScene {
    char name[64]; ttWorldId worldId; ttReal timeStep; ttReal seconds;
    int bodyCount; ttBodyId* bodies; char (*bodyNames)[64];
    int jointCount; ttJointId* joints; char (*jointNames)[64];
    int probeCount; ttProbe* probes;
    int particleGroupCount; ttParticleGroup* particleGroups;
} ttScene;
bool ttScene_LoadFile( const char* path, ttScene* scene, char* error, int errorSize );
bool ttScene_LoadString( const char* text, const char* sourceName, ttScene* scene, char* error, int errorSize );
void ttScene_Destroy( ttScene* scene );
int ttProbe_ColumnCount( const ttProbe* probe );
void ttProbe_Evaluate( const ttProbe* probe, ttReal* values );
const char* ttScene_ShowcaseJson( void );

int ttPython_RealSize( void );
size_t ttPython_SizeOf( const char* name );
"""

# Structs whose size _ffi.py compares with the library's (every one ttPython_SizeOf knows).
CHECKED_STRUCTS = (
    "ttWorldDef", "ttBodyDef", "ttShapeDef", "ttMassData", "ttJointDef", "ttFixedJointDef", "ttHingeJointDef",
    "ttSphericalJointDef", "ttPrismaticJointDef", "ttDistanceJointDef", "ttRayResult", "ttQueryShape",
    "ttClosestPointResult", "ttBodyState", "ttJointForces", "ttCapsule", "ttFilter", "ttQueryFilter", "ttAABB",
    "ttTransform", "ttScene", "ttProbe", "ttBodyId", "ttWorldId", "ttJointId", "ttShapeId", "ttVersion",
    "ttJointBreakEvents",
)
