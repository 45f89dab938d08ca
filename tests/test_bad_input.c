// SPDX-License-Identifier: MIT
// Every public entry point rejects invalid input with a message and leaves the world unchanged:
// NaN and infinite numbers, negative masses and compliances, zero-size shapes, stale and null
// ids, unknown enum values, uninitialised definitions.
#include "test_macros.h"

#include "tether/tether.h"

#include <math.h>
#include <string.h>

static int s_messages = 0;
static char s_lastMessage[512];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	strncpy( s_lastMessage, message, sizeof( s_lastMessage ) - 1 );
}

// Expect exactly one new log message that mentions `word`.
#define ENSURE_REJECTED( call, word )                                                                                  \
	do                                                                                                                 \
	{                                                                                                                  \
		int messagesBefore = s_messages;                                                                               \
		call;                                                                                                          \
		ENSURE( s_messages == messagesBefore + 1 );                                                                    \
		ENSURE( strstr( s_lastMessage, word ) != NULL );                                                               \
		if ( s_messages != messagesBefore + 1 || strstr( s_lastMessage, word ) == NULL )                               \
		{                                                                                                              \
			fprintf( stderr, "  call: %s\n  last message: %s\n", #call, s_lastMessage );                               \
		}                                                                                                              \
	} while ( 0 )

// A finishTask without its enqueueTask: the world must refuse it, so it is never called.
static void NeverFinish( void* userTask, void* userTaskContext )
{
	(void)userTask;
	(void)userTaskContext;
	ENSURE( false );
}

typedef struct Snapshot
{
	int bodies, joints;
	ttVec3 position, velocity;
	ttReal mass;
} Snapshot;

static Snapshot TakeSnapshot( ttWorldId world, ttBodyId body )
{
	return ( Snapshot ){ ttWorld_GetBodyCount( world ), ttWorld_GetJointCount( world ), ttBody_GetPosition( body ),
	                     ttBody_GetLinearVelocity( body ), ttBody_GetMass( body ) };
}

static bool SameSnapshot( Snapshot a, Snapshot b )
{
	return a.bodies == b.bodies && a.joints == b.joints && memcmp( &a.position, &b.position, sizeof( ttVec3 ) ) == 0 &&
	       memcmp( &a.velocity, &b.velocity, sizeof( ttVec3 ) ) == 0 && a.mass == b.mass;
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	const ttReal nan = (ttReal)NAN;
	const ttReal inf = (ttReal)INFINITY;

	// Worlds.
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity.y = nan;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "gravity" );
	worldDef = ttDefaultWorldDef();
	worldDef.substeps = 0;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "substeps" );
	worldDef = ttDefaultWorldDef();
	worldDef.contactCompliance = -1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "contactCompliance" );
	worldDef = ttDefaultWorldDef();
	worldDef.jointSolver = (ttJointSolverType)42;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "solver" );
	// Workers: 1 to TT_MAX_WORKERS, and a user scheduler needs both of its callbacks.
	int badWorkerCounts[] = { -1, 0, TT_MAX_WORKERS + 1, 1000000 };
	for ( int i = 0; i < 4; ++i )
	{
		worldDef = ttDefaultWorldDef();
		worldDef.workerCount = badWorkerCounts[i];
		ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "workerCount" );
	}
	worldDef = ttDefaultWorldDef();
	worldDef.workerCount = 2;
	worldDef.finishTask = NeverFinish; // without enqueueTask
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) ), "enqueueTask" );
	ttWorldDef uninitialised;
	memset( &uninitialised, 0, sizeof( uninitialised ) );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( &uninitialised ) ) ), "ttDefaultWorldDef" );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateWorld( NULL ) ) ), "NULL" );

	worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ENSURE( TT_IS_NON_NULL( world ) );
	ENSURE_REJECTED( ENSURE( ttWorld_Step( world, nan ) == ttResult_invalidArgument ), "timeStep" );
	ENSURE_REJECTED( ENSURE( ttWorld_Step( world, -1 ) == ttResult_invalidArgument ), "timeStep" );
	ENSURE_REJECTED( ENSURE( ttWorld_SetGravity( world, ( ttVec3 ){ 0, inf, 0 } ) == ttResult_invalidArgument ),
	                 "gravity" );
	ENSURE_REJECTED( ENSURE( ttWorld_SetSubsteps( world, -3 ) == ttResult_invalidArgument ), "substeps" );
	ENSURE_REJECTED( ENSURE( ttWorld_SetIterations( world, 0 ) == ttResult_invalidArgument ), "iterations" );
	ENSURE_REJECTED( ENSURE( ttWorld_SetWorkerCount( world, -2 ) == ttResult_invalidArgument ), "workerCount" );
	ENSURE_REJECTED( ENSURE( ttWorld_SetWorkerCount( world, TT_MAX_WORKERS + 1 ) == ttResult_invalidArgument ),
	                 "workerCount" );
	ENSURE( ttWorld_GetWorkerCount( world ) == 1 ); // unchanged
	ENSURE_REJECTED( ENSURE( ttWorld_SetWorkerCount( ttNullWorldId, 2 ) == ttResult_invalidId ), "invalid world id" );
	ENSURE_REJECTED( ENSURE( ttWorld_EnableJointJacobi( ttNullWorldId, true ) == ttResult_invalidId ),
	                 "invalid world id" );
	ENSURE_REJECTED( ENSURE( ttWorld_IsJointJacobiEnabled( ttNullWorldId ) == false ), "invalid world id" );
	ENSURE( ttWorld_IsJointJacobiEnabled( world ) == false );
	ENSURE( ttWorld_GetSubsteps( world ) == worldDef.substeps );
	ENSURE( ttWorld_GetGravity( world ).y == worldDef.gravity.y );

	// Bodies.
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position.x = nan;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) ), "position" );
	bodyDef = ttDefaultBodyDef();
	bodyDef.rotation = ( ttQuat ){ 0, 0, 0, 0 };
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) ), "rotation" );
	bodyDef = ttDefaultBodyDef();
	bodyDef.type = (ttBodyType)7;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) ), "type" );
	bodyDef = ttDefaultBodyDef();
	bodyDef.linearDamping = -1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) ), "damping" );
	bodyDef = ttDefaultBodyDef();
	bodyDef.angularVelocity.z = inf;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) ), "velocit" );
	ENSURE( ttWorld_GetBodyCount( world ) == 0 );

	bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 1, 2, 3 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ENSURE( TT_IS_NON_NULL( ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } ) ) );
	Snapshot before = TakeSnapshot( world, body );

	ENSURE_REJECTED( ENSURE( ttBody_SetLinearVelocity( body, ( ttVec3 ){ nan, 0, 0 } ) == ttResult_invalidArgument ),
	                 "velocity" );
	ENSURE_REJECTED( ENSURE( ttBody_SetTransform( body, ( ttVec3 ){ 0, inf, 0 }, TT_QUAT_IDENTITY ) != ttResult_ok ),
	                 "position" );
	ENSURE_REJECTED( ENSURE( ttBody_ApplyForce( body, ( ttVec3 ){ 1, 0, 0 }, ( ttVec3 ){ nan, 0, 0 } ) != ttResult_ok ),
	                 "point" );
	ENSURE_REJECTED( ENSURE( ttBody_ApplyTorque( body, ( ttVec3 ){ 0, 0, inf } ) != ttResult_ok ), "torque" );
	ttMassData md = ttBody_GetMassData( body );
	md.mass = -2;
	ENSURE_REJECTED( ENSURE( ttBody_SetMassData( body, md ) == ttResult_invalidArgument ), "mass" );
	md = ttBody_GetMassData( body );
	md.inertia.y = 0;
	ENSURE_REJECTED( ENSURE( ttBody_SetMassData( body, md ) == ttResult_invalidArgument ), "inertia" );
	ENSURE_REJECTED( ENSURE( ttBody_SetGravityScale( body, nan ) == ttResult_invalidArgument ), "scale" );
	ENSURE_REJECTED(
	    ENSURE( ttBody_SetKinematicTarget( body, ( ttVec3 ){ 0, 0, 0 }, TT_QUAT_IDENTITY ) == ttResult_invalidState ),
	    "kinematic" );

	// Shapes.
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ 0 } ) ) ), "radius" );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ nan } ) ) ), "radius" );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 1, 0, 1 } } ) ) ),
	                 "extents" );
	ENSURE_REJECTED(
	    ENSURE( TT_IS_NULL( ttCreateCapsuleShape( body, &shapeDef, &( ttCapsule ){ { 0, 0, 0 }, { 0, 1, 0 }, -1 } ) ) ),
	    "radius" );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreatePlaneShape( body, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } ) ) ),
	                 "static" );
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreatePlaneShape( body, &shapeDef, &( ttPlane ){ { 0, 0, 0 }, 0 } ) ) ),
	                 "normal" );
	ttShapeDef badShape = ttDefaultShapeDef();
	badShape.density = -1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &badShape, &( ttSphere ){ 1 } ) ) ), "density" );
	badShape = ttDefaultShapeDef();
	badShape.restitution = 2;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &badShape, &( ttSphere ){ 1 } ) ) ),
	                 "restitution" );
	badShape = ttDefaultShapeDef();
	badShape.staticFriction = -0.1f;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &badShape, &( ttSphere ){ 1 } ) ) ), "friction" );

	// Joints.
	ttDistanceJointDef distance = ttDefaultDistanceJointDef();
	distance.base.bodyB = body;
	distance.compliance = -0.01f;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateDistanceJoint( world, &distance ) ) ), "compliance" );
	distance = ttDefaultDistanceJointDef();
	distance.base.bodyB = body;
	distance.minLength = 2;
	distance.maxLength = 1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateDistanceJoint( world, &distance ) ) ), "minLength" );
	ttHingeJointDef hinge = ttDefaultHingeJointDef();
	hinge.base.bodyB = body;
	hinge.base.linearCompliance = -1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateHingeJoint( world, &hinge ) ) ), "compliance" );
	hinge = ttDefaultHingeJointDef();
	hinge.base.bodyB = body;
	hinge.lowerAngle = 1;
	hinge.upperAngle = -1;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateHingeJoint( world, &hinge ) ) ), "limits" );
	hinge = ttDefaultHingeJointDef();
	hinge.base.bodyB = body;
	hinge.base.localFrameA.p.x = nan;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateHingeJoint( world, &hinge ) ) ), "frames" );
	ttSphericalJointDef spherical = ttDefaultSphericalJointDef();
	spherical.base.bodyB = body;
	spherical.maxSwingAngle = -0.5f;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateSphericalJoint( world, &spherical ) ) ), "maxSwingAngle" );
	ttFixedJointDef fixed = ttDefaultFixedJointDef();
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateFixedJoint( world, &fixed ) ) ), "body" ); // no body B
	fixed.base.bodyB = body;
	fixed.base.bodyA = body;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateFixedJoint( world, &fixed ) ) ), "different" );
	fixed = ttDefaultFixedJointDef();
	fixed.base.bodyB = body;
	fixed.base.breakForce = 0;
	ENSURE_REJECTED( ENSURE( TT_IS_NULL( ttCreateFixedJoint( world, &fixed ) ) ), "break" );
	ENSURE( ttWorld_GetJointCount( world ) == 0 );

	fixed = ttDefaultFixedJointDef();
	fixed.base.bodyB = body;
	fixed.base.localFrameA.p = ( ttVec3 ){ 1, 2, 3 };
	ttJointId joint = ttCreateFixedJoint( world, &fixed );
	ENSURE( TT_IS_NON_NULL( joint ) );
	ENSURE_REJECTED( ENSURE( ttJoint_SetCompliance( joint, -1, 0 ) == ttResult_invalidArgument ), "compliance" );
	ENSURE_REJECTED( ENSURE( ttHingeJoint_GetAngle( joint ) == 0 ), "type" );
	ENSURE_REJECTED( ENSURE( ttJoint_SetBreakThresholds( joint, nan, 1 ) == ttResult_invalidArgument ), "break" );

	// The failures above changed nothing but the one joint added on purpose.
	Snapshot after = TakeSnapshot( world, body );
	after.joints -= 1;
	ENSURE( SameSnapshot( before, after ) );

	// Stale ids: a destroyed joint, body and world are detected, not dereferenced.
	ttDestroyJoint( joint );
	ENSURE( ttJoint_IsValid( joint ) == false );
	ENSURE_REJECTED( ttJoint_GetConstraintForce( joint ), "invalid joint id" );
	ENSURE_REJECTED( ttDestroyJoint( joint ), "invalid joint id" );
	ttBodyId other = ttCreateBody( world, &bodyDef );
	ttDestroyBody( other );
	ENSURE( ttBody_IsValid( other ) == false );
	ENSURE_REJECTED( ttBody_GetPosition( other ), "invalid body id" );
	ENSURE_REJECTED( ttBody_SetLinearVelocity( other, ( ttVec3 ){ 0, 0, 0 } ), "invalid body id" );
	// The slot is reused by the next body, but the old id stays stale.
	ttBodyId reused = ttCreateBody( world, &bodyDef );
	ENSURE( reused.index1 == other.index1 && reused.generation != other.generation );
	ENSURE( ttBody_IsValid( other ) == false );
	ENSURE_REJECTED( ttBody_GetMass( ttNullBodyId ), "invalid body id" );
	ENSURE_REJECTED( ttShape_GetType( ttNullShapeId ), "invalid shape id" );

	// Supporting contacts: a negative capacity or a missing array is refused, a stale body is not
	// read.
	ttSupportingContact supporting[4];
	ENSURE_REJECTED( ENSURE( ttWorld_GetSupportingContacts( world, supporting, -1 ) == 0 ), "capacity" );
	ENSURE_REJECTED( ENSURE( ttWorld_GetSupportingContacts( world, NULL, 4 ) == 0 ), "NULL" );
	ENSURE_REJECTED( ENSURE( ttBody_IsSupported( other ) == false ), "invalid body id" );

	ENSURE( ttWorld_Step( world, 1.0f / 60.0f ) == ttResult_ok );
	ttDestroyWorld( world );
	ENSURE( ttWorld_IsValid( world ) == false );
	ENSURE_REJECTED( ttWorld_Step( world, 1.0f / 60.0f ), "invalid world id" );
	ENSURE_REJECTED( ENSURE( ttWorld_GetSupportingContacts( world, supporting, 4 ) == 0 ), "world id" );
	ENSURE_REJECTED( ttBody_GetPosition( body ), "body id" );
	ttSetLogFcn( NULL );
	printf( "%d messages checked\n", s_messages );
	return TEST_RESULT();
}
