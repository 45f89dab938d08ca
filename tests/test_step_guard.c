// SPDX-License-Identifier: MIT
// The step guard (src/step_guard.c): a state that the API would refuse is forced into a body from
// inside (a velocity of the largest real, as in issue 14 before the input limits, where the
// cylinder's position overflowed to infinity within one step). The step must report
// ttResult_stepFailed with a message naming the body, and put every body back exactly as it was
// before the step; after the velocity is set right, the world steps on normally.
#include "test_macros.h"

#include "body.h"
#include "gjk.h"
#include "world.h"

#include "tether/tether.h"

#include <float.h>
#include <string.h>

#if TT_REAL_IS_FLOAT
#define REAL_MAX FLT_MAX
#else
#define REAL_MAX DBL_MAX
#endif

static int s_messages = 0;
static char s_messageLog[2048];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	strncat( s_messageLog, message, sizeof( s_messageLog ) - strlen( s_messageLog ) - 2 );
	strcat( s_messageLog, "\n" );
}

static bool SameVec( ttVec3 a, ttVec3 b )
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

// The manifold reduction that read points[-1] in issue 14: scores made of NaN (a separation or
// a position gone non-finite) must still pick indices inside the array, and the points kept must
// be distinct input points.
static void CheckReductionWithNaN( void )
{
	for ( int poison = 0; poison < 3; ++poison )
	{
		ttContactGeometry points[8];
		for ( int i = 0; i < 8; ++i )
		{
			ttReal angle = (ttReal)i * TT_PI / 4;
			ttVec3 p = { ttCos( angle ), 0, ttSin( angle ) };
			points[i] = ( ttContactGeometry ){ p, p, -(ttReal)0.01 * (ttReal)i, (uint32_t)i };
			if ( poison == 0 || ( poison == 1 && i > 0 ) )
			{
				points[i].separation = (ttReal)NAN;
			}
			if ( poison == 2 )
			{
				points[i].pointA.x = (ttReal)NAN;
				points[i].pointB.x = (ttReal)NAN;
			}
		}
		int kept = ttReduceManifoldPoints( points, 8, ( ttVec3 ){ 0, 1, 0 } );
		ENSURE( kept == 3 || kept == 4 );
		bool distinct = true;
		for ( int i = 0; i < kept; ++i )
		{
			distinct = distinct && points[i].id < 8;
			for ( int j = 0; j < i; ++j )
			{
				distinct = distinct && points[i].id != points[j].id;
			}
		}
		ENSURE( distinct );
		printf( "reduction with NaN (case %d): kept %d distinct input points\n", poison, kept );
	}
}

int main( void )
{
	CheckReductionWithNaN();
	ttSetLogFcn( CaptureLog );
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 }; // y is up (the default gravity)
	ttCreatePlaneShape( ground, &shapeDef, &plane );

	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, 0.49f, 0 };
	bodyDef.name = "runaway";
	ttBodyId cylinderBody = ttCreateBody( world, &bodyDef );
	ttCylinder cylinder = { 0.5f, 0.3f };
	ttCreateCylinderShape( cylinderBody, &shapeDef, &cylinder );
	// A second body, resting nearby and untouched by the failure, must be put back too.
	bodyDef.position = ( ttVec3 ){ 3, 0.5f, 0 };
	bodyDef.name = "bystander";
	ttBodyId boxBody = ttCreateBody( world, &bodyDef );
	ttBox box = { { 0.5f, 0.5f, 0.5f } };
	ttCreateBoxShape( boxBody, &shapeDef, &box );
	for ( int i = 0; i < 10; ++i )
	{
		ENSURE( ttWorld_Step( world, 1.0f / 60.0f ) == ttResult_ok );
	}

	ttTransform cylinderBefore = ttBody_GetTransform( cylinderBody );
	ttTransform boxBefore = ttBody_GetTransform( boxBody );
	ttVec3 boxVelocity = ttBody_GetLinearVelocity( boxBody );

	// Bypass the API's check: the largest real as velocity, straight into the solver's body.
	ttBody* body = ttWorld_Body( ttGetWorld( world ), cylinderBody.index1 - 1 );
	ttVec3 forced = { REAL_MAX, -REAL_MAX, 0 };
	body->v = forced;
	s_messageLog[0] = '\0';
	ttResult result = ttWorld_Step( world, 1.0f / 60.0f );
	ENSURE( result == ttResult_stepFailed );
	printf( "messages:\n%s", s_messageLog );
	ENSURE( strstr( s_messageLog, "'runaway'" ) != NULL );
	ENSURE( strstr( s_messageLog, "non-finite" ) != NULL );
	ENSURE( strstr( s_messageLog, "undone" ) != NULL );

	// Both bodies exactly as before the step (the forced velocity included: it was the state).
	ttTransform cylinderAfter = ttBody_GetTransform( cylinderBody );
	ttTransform boxAfter = ttBody_GetTransform( boxBody );
	ENSURE( SameVec( cylinderAfter.p, cylinderBefore.p ) );
	ENSURE( cylinderAfter.q.x == cylinderBefore.q.x && cylinderAfter.q.w == cylinderBefore.q.w );
	ENSURE( SameVec( boxAfter.p, boxBefore.p ) && SameVec( ttBody_GetLinearVelocity( boxBody ), boxVelocity ) );
	ENSURE( SameVec( ttBody_GetLinearVelocity( cylinderBody ), forced ) );

	// The caller sets the velocity right and the world goes on; the carried contact impulses were
	// dropped, so nothing of the failed step leaks into the next ones.
	ENSURE( ttBody_SetLinearVelocity( cylinderBody, TT_VEC3_ZERO ) == ttResult_ok );
	for ( int i = 0; i < 60; ++i )
	{
		ENSURE( ttWorld_Step( world, 1.0f / 60.0f ) == ttResult_ok );
	}
	ttVec3 p = ttBody_GetPosition( cylinderBody );
	// The cylinder stands on its cap (axis along y): its centre rests one half height above the
	// plane, where it was, within the contact's resting penetration.
	ENSURE_NEAR( p.y, 0.5, 0.01 );
	ENSURE_NEAR( p.x, 0, 0.01 );
	ENSURE_NEAR( ttBody_GetPosition( boxBody ).y, 0.5, 0.01 );

	ttDestroyWorld( world );
	return TEST_RESULT();
}
