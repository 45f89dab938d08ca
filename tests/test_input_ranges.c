// SPDX-License-Identifier: MIT
// Finite but huge input is refused (issue 14): each quantity just inside its limit (base.h,
// TT_MAX_*) is accepted and the extreme values the issue found (a velocity of DBL_MAX, a gravity
// of 1e300, time steps of 1e-300 and 1e300) are refused with a message naming the argument, the
// world unchanged. A plane-cylinder scene at the limits then steps with every state finite.
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

// The largest value of the real type (DBL_MAX in the double build), and the huge and
// tiny values where the type has them (float: the nearest it can hold).
#if TT_REAL_IS_FLOAT
#define REAL_MAX FLT_MAX
#define HUGE_VALUE 1e30f
#define HUGE_BOX 1e38f
#define TINY_VALUE 1e-38f
#else
#define REAL_MAX DBL_MAX
#define HUGE_VALUE 1e300
#define HUGE_BOX 1.1e307
#define TINY_VALUE 1e-300
#endif

#define ENSURE_REFUSED( call, expected, word )                                                                         \
	do                                                                                                                 \
	{                                                                                                                  \
		int messagesBefore = s_messages;                                                                               \
		ttResult result = ( call );                                                                                    \
		ENSURE( result == ( expected ) );                                                                              \
		ENSURE( s_messages == messagesBefore + 1 && strstr( s_lastMessage, word ) != NULL );                           \
		if ( result != ( expected ) || strstr( s_lastMessage, word ) == NULL )                                         \
		{                                                                                                              \
			fprintf( stderr, "  call: %s\n  last message: %s\n", #call, s_lastMessage );                               \
		}                                                                                                              \
	} while ( 0 )

static bool Finite3( ttVec3 v )
{
	return isfinite( v.x ) && isfinite( v.y ) && isfinite( v.z );
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, -HUGE_VALUE, 0 };
	int before = s_messages;
	ENSURE( TT_IS_NULL( ttCreateWorld( &worldDef ) ) );
	ENSURE( s_messages == before + 1 && strstr( s_lastMessage, "gravity" ) != NULL );
	worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );

	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 }; // y is up (the default gravity)
	ttCreatePlaneShape( ground, &shapeDef, &plane );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, 0.45f, 0 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttCylinder cylinder = { 0.5f, 0.3f };
	ttCreateCylinderShape( body, &shapeDef, &cylinder );

	// Velocity: DBL_MAX, and just past the limit, refused; the limit itself accepted.
	ttVec3 huge = { REAL_MAX, 0, 0 };
	ENSURE_REFUSED( ttBody_SetLinearVelocity( body, huge ), ttResult_invalidArgument, "velocity" );
	ENSURE_REFUSED( ttBody_SetLinearVelocity( body, ( ttVec3 ){ 0, TT_MAX_SPEED * 1.01f, 0 } ),
	                ttResult_invalidArgument, "velocity" );
	ENSURE_REFUSED( ttBody_SetAngularVelocity( body, huge ), ttResult_invalidArgument, "velocity" );
	ENSURE( ttBody_GetLinearVelocity( body ).x == 0 );
	bodyDef.linearVelocity = huge;
	before = s_messages;
	ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) );
	ENSURE( s_messages == before + 1 && strstr( s_lastMessage, "velocity" ) != NULL );
	bodyDef.linearVelocity = TT_VEC3_ZERO;
	bodyDef.position = ( ttVec3 ){ TT_MAX_POSITION * 2, 0, 0 };
	ENSURE( TT_IS_NULL( ttCreateBody( world, &bodyDef ) ) );
	ENSURE( strstr( s_lastMessage, "position" ) != NULL );
	ENSURE( ttWorld_GetBodyCount( world ) == 2 );

	// Gravity 1e300 (the float build's largest value instead) and a scale that multiplies past the limit.
	ENSURE_REFUSED( ttWorld_SetGravity( world, ( ttVec3 ){ 0, 0, -REAL_MAX } ), ttResult_invalidArgument, "gravity" );
	ENSURE( ttWorld_GetGravity( world ).y == worldDef.gravity.y );
	ENSURE_REFUSED( ttBody_SetGravityScale( body, REAL_MAX ), ttResult_invalidArgument, "scale" );

	// Time steps at the ends of the real range.
	ttReal tiny = TINY_VALUE;
	ENSURE_REFUSED( ttWorld_Step( world, tiny ), ttResult_invalidArgument, "timeStep" );
	ENSURE_REFUSED( ttWorld_Step( world, REAL_MAX ), ttResult_invalidArgument, "timeStep" );
	ENSURE_REFUSED( ttWorld_Step( world, TT_MAX_TIME_STEP * 1.01f ), ttResult_invalidArgument, "timeStep" );
	ENSURE( ttBody_GetPosition( body ).y == (ttReal)0.45f );

	// Loads, impulses and mass.
	ENSURE_REFUSED( ttBody_ApplyForceToCenter( body, huge ), ttResult_invalidArgument, "force" );
	ENSURE_REFUSED( ttBody_ApplyTorque( body, huge ), ttResult_invalidArgument, "torque" );
	ENSURE_REFUSED( ttBody_ApplyForce( body, TT_VEC3_ZERO, ( ttVec3 ){ 0, REAL_MAX, 0 } ), ttResult_invalidArgument,
	                "point" );
	// An impulse within TT_MAX_FORCE that would leave the body faster than TT_MAX_SPEED.
	ttReal mass = ttBody_GetMass( body );
	ENSURE_REFUSED( ttBody_ApplyLinearImpulse( body, ( ttVec3 ){ 2 * TT_MAX_SPEED * mass, 0, 0 },
	                                           ttBody_GetWorldCenterOfMass( body ) ),
	                ttResult_invalidArgument, "faster" );
	ENSURE( ttBody_GetLinearVelocity( body ).x == 0 );
	ttMassData massData = ttBody_GetMassData( body );
	massData.mass = TINY_VALUE;
	ENSURE_REFUSED( ttBody_SetMassData( body, massData ), ttResult_invalidArgument, "mass" );
	ENSURE( ttBody_GetMass( body ) == mass );

	// Shapes: a box of half extent 1.1e307 (the fuzzer's find: its mass overflowed and the step
	// went non-finite), a radius whose mass and inertia underflow, an absurd density, a hull of
	// points 1e-9 m apart. Each refused, the body's shape count unchanged.
	int shapes = ttBody_GetShapeCount( body );
	ttBox hugeBox = { { 1.1f, 0.1f, HUGE_BOX } };
	int shapeMessages = s_messages;
	ENSURE( TT_IS_NULL( ttCreateBoxShape( body, &shapeDef, &hugeBox ) ) );
	ttSphere tinySphere = { TINY_VALUE };
	ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &shapeDef, &tinySphere ) ) );
	ttShapeDef denseDef = ttDefaultShapeDef();
	denseDef.density = HUGE_VALUE;
	ttSphere sphere = { 0.1f };
	ENSURE( TT_IS_NULL( ttCreateSphereShape( body, &denseDef, &sphere ) ) );
	ttVec3 speck[4] = { { 0, 0, 0 }, { 1e-9f, 0, 0 }, { 0, 1e-9f, 0 }, { 0, 0, 1e-9f } };
	ENSURE( TT_IS_NULL( ttCreateHullShape( body, &shapeDef, speck, 4 ) ) );
	ENSURE( s_messages == shapeMessages + 4 );
	ENSURE( ttBody_GetShapeCount( body ) == shapes && ttBody_GetMass( body ) == mass );
	// The largest box is accepted.
	ttBox largest = { { TT_MAX_SHAPE_SIZE, TT_MAX_SHAPE_SIZE, TT_MAX_SHAPE_SIZE } };
	ttBodyDef farDef = ttDefaultBodyDef();
	farDef.position = ( ttVec3 ){ 0, -2 * TT_MAX_SHAPE_SIZE, 0 };
	ttBodyId far = ttCreateBody( world, &farDef );
	ENSURE( TT_IS_NON_NULL( ttCreateBoxShape( far, &shapeDef, &largest ) ) );

	// At the limits everything is accepted, and the step keeps every state finite: the cylinder on
	// the plane (the pair whose manifold reduction read before its array in issue 14) at the
	// largest speed and gravity, over the largest step.
	ENSURE( ttWorld_SetGravity( world, ( ttVec3 ){ 0, -TT_MAX_GRAVITY, 0 } ) == ttResult_ok );
	ENSURE( ttBody_SetLinearVelocity( body, ( ttVec3 ){ TT_MAX_SPEED, -TT_MAX_SPEED, 0 } ) == ttResult_ok );
	ENSURE( ttBody_SetAngularVelocity( body, ( ttVec3 ){ TT_MAX_ANGULAR_SPEED, 0, 0 } ) == ttResult_ok );
	int failedSteps = 0;
	for ( int i = 0; i < 10; ++i )
	{
		ttResult result = ttWorld_Step( world, i < 5 ? TT_MAX_TIME_STEP : TT_MIN_TIME_STEP );
		failedSteps += result != ttResult_ok ? 1 : 0;
		ENSURE( result == ttResult_ok || result == ttResult_stepFailed );
	}
	printf( "steps at the limits: %d of 10 undone by the step guard\n", failedSteps );
	ENSURE( Finite3( ttBody_GetPosition( body ) ) && Finite3( ttBody_GetLinearVelocity( body ) ) &&
	        Finite3( ttBody_GetAngularVelocity( body ) ) );

	ttDestroyWorld( world );
	return TEST_RESULT();
}
