// SPDX-License-Identifier: MIT
// ttWorld_GetBodyStates and ttWorld_GetJointForces: a free fall and a hanging pendulum read in
// bulk match the analytic motion and the static load, and bad input is rejected with a message
// naming the argument, leaving the output untouched.
#include "test_macros.h"

#include "tether/tether.h"

#include <float.h>
#include <string.h>

static int s_messages = 0;
static char s_lastMessage[512];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	strncpy( s_lastMessage, message, sizeof( s_lastMessage ) - 1 );
}

// Expect exactly one new message mentioning `word` and the result `code`.
static void ExpectRejected( ttResult result, ttResult code, int messagesBefore, const char* word )
{
	ENSURE( result == code );
	ENSURE( s_messages == messagesBefore + 1 );
	ENSURE( strstr( s_lastMessage, word ) != NULL );
	if ( result != code || strstr( s_lastMessage, word ) == NULL )
	{
		fprintf( stderr, "  result %s, last message: %s\n", ttResultName( result ), s_lastMessage );
	}
}

static ttBodyId MakeSphere( ttWorldId world, ttVec3 position, ttReal radius )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ radius } );
	return body;
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	ttWorldDef worldDef = ttDefaultWorldDef(); // g = 9.81 down y, 20 substeps
	worldDef.enableSleep = false;
	ttWorldId world = ttCreateWorld( &worldDef );

	// A sphere in free fall and a bob hanging at rest 1 m under a spherical joint to the world.
	ttBodyId falling = MakeSphere( world, ( ttVec3 ){ 0, 10, 0 }, (ttReal)0.5 );
	ttBodyId bob = MakeSphere( world, ( ttVec3 ){ 5, 2, 0 }, (ttReal)0.1 );
	ttSphericalJointDef jointDef = ttDefaultSphericalJointDef();
	jointDef.base.bodyB = bob;
	jointDef.base.localFrameA.p = ( ttVec3 ){ 5, 3, 0 };
	jointDef.base.localFrameB.p = ( ttVec3 ){ 0, 1, 0 };
	ttJointId joint = ttCreateSphericalJoint( world, &jointDef );
	// A joint that holds nothing: readouts of a second joint in the same call.
	ttBodyId free2 = MakeSphere( world, ( ttVec3 ){ -5, 10, 0 }, (ttReal)0.2 );

	const int steps = 60;
	const ttReal dt = (ttReal)( 1.0 / 60.0 );
	for ( int i = 0; i < steps; ++i )
	{
		ttWorld_Step( world, dt );
	}

	ttBodyId ids[3] = { falling, bob, free2 };
	ttBodyState states[3];
	ENSURE( ttWorld_GetBodyStates( world, ids, 3, states ) == ttResult_ok );
	double t = steps * (double)dt;
	double g = 9.81;
	// Symplectic Euler over substeps h = 1/1200 s: v = -g t exactly, and the drop overshoots
	// g t^2 / 2 by g h t / 2 = 4.1 mm.
	ENSURE_NEAR( states[0].position.y, 10.0 - 0.5 * g * t * t, 0.005 );
	// Rounding: at most one unit in the last place of v per substep (float: 1200 x 9.5e-7).
	double ulpV = TT_REAL_IS_FLOAT ? 8 * (double)FLT_EPSILON : 8 * DBL_EPSILON;
	ENSURE_NEAR( states[0].linearVelocity.y, -g * t, 1e-9 + 1200 * ulpV );
	ENSURE_NEAR( states[0].position.x, 0.0, 1e-9 );
	ENSURE_NEAR( states[0].rotation.w, 1.0, 1e-9 );
	// The hanging bob stays where it was put: 1 m under the pivot.
	ENSURE_NEAR( states[1].position.y, 2.0, 1e-4 );
	ENSURE_NEAR( states[1].position.x, 5.0, 1e-6 );
	ENSURE_NEAR( states[2].position.y, states[0].position.y, 1e-6 );
	// The bulk read is the same numbers as the one-body getters.
	for ( int i = 0; i < 3; ++i )
	{
		ttVec3 p = ttBody_GetPosition( ids[i] );
		ttQuat q = ttBody_GetRotation( ids[i] );
		ttVec3 v = ttBody_GetLinearVelocity( ids[i] );
		ttVec3 w = ttBody_GetAngularVelocity( ids[i] );
		ENSURE( memcmp( &p, &states[i].position, sizeof p ) == 0 );
		ENSURE( memcmp( &q, &states[i].rotation, sizeof q ) == 0 );
		ENSURE( memcmp( &v, &states[i].linearVelocity, sizeof v ) == 0 );
		ENSURE( memcmp( &w, &states[i].angularVelocity, sizeof w ) == 0 );
	}
	// The joint carries the bob's weight m g upward (m = 1000 kg/m^3 * 4/3 pi 0.1^3 = 4.19 kg).
	ttJointForces forces[1];
	ENSURE( ttWorld_GetJointForces( world, &joint, 1, forces ) == ttResult_ok );
	double bobMass = 1000.0 * 4.0 / 3.0 * 3.14159265358979 * 0.001;
	double bobWeight = bobMass * g;
	// A readout is m dx / h^2 for a correction dx: in float, dx is resolved to one unit in the last
	// place of the bob's position (y = 2: 2.4e-7 m), i.e. 1.4 N at h = 1/1200 s.
	double forceTolerance = TT_REAL_IS_FLOAT ? bobMass * 2 * (double)FLT_EPSILON * 1200 * 1200 : 1e-3 * bobWeight;
	ENSURE_NEAR( forces[0].force.y, bobWeight, forceTolerance );
	ENSURE_NEAR( forces[0].force.x, 0.0, forceTolerance );
	ttVec3 force = ttJoint_GetConstraintForce( joint );
	ttVec3 torque = ttJoint_GetConstraintTorque( joint );
	ENSURE( memcmp( &force, &forces[0].force, sizeof force ) == 0 );
	ENSURE( memcmp( &torque, &forces[0].torque, sizeof torque ) == 0 );
	ENSURE( ttWorld_GetBodyStates( world, NULL, 0, NULL ) == ttResult_ok );
	ENSURE( ttWorld_GetJointForces( world, NULL, 0, NULL ) == ttResult_ok );

	// Bad input: a message naming the argument, and the output left as it was.
	ttBodyState sentinel[3];
	memset( sentinel, 0x5a, sizeof sentinel );
	ttBodyState out[3];
	memcpy( out, sentinel, sizeof out );
	int before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( ttNullWorldId, ids, 3, out ), ttResult_invalidId, before, "world" );
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, ids, -1, out ), ttResult_invalidArgument, before, "count" );
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, NULL, 3, out ), ttResult_invalidArgument, before, "bodies" );
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, ids, 3, NULL ), ttResult_invalidArgument, before, "states" );
	ttWorldId other = ttCreateWorld( &worldDef );
	ttBodyId foreign = MakeSphere( other, ( ttVec3 ){ 0, 0, 0 }, 1 );
	ttBodyId withForeign[3] = { falling, foreign, bob };
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, withForeign, 3, out ), ttResult_invalidId, before, "bodies[1]" );
	ttBodyId withNull[2] = { falling, ttNullBodyId };
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, withNull, 2, out ), ttResult_invalidId, before, "bodies[1]" );
	ttDestroyBody( free2 );
	before = s_messages;
	ExpectRejected( ttWorld_GetBodyStates( world, ids, 3, out ), ttResult_invalidId, before, "bodies[2]" );
	ENSURE( memcmp( out, sentinel, sizeof out ) == 0 );

	ttJointForces forcesOut[2];
	memset( forcesOut, 0x5a, sizeof forcesOut );
	ttJointForces forcesSentinel[2];
	memcpy( forcesSentinel, forcesOut, sizeof forcesOut );
	before = s_messages;
	ExpectRejected( ttWorld_GetJointForces( world, &joint, -3, forcesOut ), ttResult_invalidArgument, before, "count" );
	before = s_messages;
	ExpectRejected( ttWorld_GetJointForces( world, NULL, 1, forcesOut ), ttResult_invalidArgument, before, "joints" );
	before = s_messages;
	ExpectRejected( ttWorld_GetJointForces( world, &joint, 1, NULL ), ttResult_invalidArgument, before, "forces" );
	ttJointId staleJoints[2] = { joint, joint };
	staleJoints[1].generation = (uint16_t)( staleJoints[1].generation + 1 );
	before = s_messages;
	ExpectRejected( ttWorld_GetJointForces( world, staleJoints, 2, forcesOut ), ttResult_invalidId, before,
	                "joints[1]" );
	before = s_messages;
	ExpectRejected( ttWorld_GetJointForces( other, &joint, 1, forcesOut ), ttResult_invalidId, before, "joints[0]" );
	ENSURE( memcmp( forcesOut, forcesSentinel, sizeof forcesOut ) == 0 );

	// The failed reads changed nothing: the world steps on from the same state.
	ENSURE( ttWorld_GetBodyCount( world ) == 2 );
	ENSURE( ttWorld_GetBodyStates( world, ids, 2, out ) == ttResult_ok );
	ENSURE( memcmp( &out[0], &states[0], sizeof out[0] ) == 0 );

	ttDestroyWorld( other );
	ttDestroyWorld( world );
	return TEST_RESULT();
}
