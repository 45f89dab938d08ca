// SPDX-License-Identifier: MIT
// Islands and sleeping: resting bodies fall asleep after the world's time to sleep (0.5 s) under
// the thresholds (0.05 m/s, 0.05 rad/s), sleep as whole islands, cost nothing in the step (the
// step's counters), and wake on contact with an awake body, on joints and on API changes.
#include "scene.h"
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

static const ttReal dt = (ttReal)( 1.0 / 60.0 );

static int s_messages = 0;
static char s_lastMessage[512];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	strncpy( s_lastMessage, message, sizeof( s_lastMessage ) - 1 );
}

static ttWorldId MakeWorld( bool enableSleep )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, -10, 0 };
	def.enableSleep = enableSleep;
	ttWorldId world = ttCreateWorld( &def );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	return world;
}

// A 1 m cube of 1000 kg/m^3 (the default density).
static ttBodyId MakeBox( ttWorldId world, ttVec3 position )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	return body;
}

static ttBodyId MakeBall( ttWorldId world, ttVec3 position, ttVec3 velocity, ttReal radius )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	def.linearVelocity = velocity;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ radius } );
	return body;
}

static bool SameVec( ttVec3 a, ttVec3 b )
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

static int StepUntilAsleep( ttWorldId world, ttBodyId body, int maxSteps )
{
	for ( int i = 1; i <= maxSteps; ++i )
	{
		ttWorld_Step( world, dt );
		if ( ttBody_IsAwake( body ) == false )
		{
			return i;
		}
	}
	return -1;
}

// A cube dropped 1 m lands after sqrt(2 / g) = 0.447 s and must then rest 0.5 s under the
// thresholds: asleep no earlier than 0.5 s after its last step above them, and within 2 s of the
// drop. Asleep, it stays exactly where it is and its contacts still report its weight.
static void TestBoxFallsAsleep( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 1.5f, 0 } );
	int lastMoving = 0, asleepAt = -1;
	for ( int i = 1; i <= 240 && asleepAt < 0; ++i )
	{
		ttVec3 vBefore = ttBody_GetLinearVelocity( box );
		ttWorld_Step( world, dt );
		if ( ttBody_IsAwake( box ) == false )
		{
			asleepAt = i;
			(void)vBefore;
			break;
		}
		ttReal speed = ttLength( ttBody_GetLinearVelocity( box ) );
		ttReal spin = ttLength( ttBody_GetAngularVelocity( box ) );
		if ( speed > 0.05f || spin > 0.05f )
		{
			lastMoving = i;
		}
	}
	printf( "box: last step above the thresholds %d (%.3f s), asleep after step %d (%.3f s)\n", lastMoving,
	        lastMoving * (double)dt, asleepAt, asleepAt * (double)dt );
	ENSURE( asleepAt > 0 );
	// 0.5 s of rest, give or take the rounding of summing dt (one step).
	ENSURE_NEAR( ( asleepAt - lastMoving ) * (double)dt, 0.5 + 0.5 * dt, 0.5 * dt + 1e-9 );
	ENSURE_BELOW( asleepAt * (double)dt, 2.0 );
	ENSURE_NEAR( ttBody_GetPosition( box ).y, 0.5, 1e-3 );
	ENSURE( SameVec( ttBody_GetLinearVelocity( box ), TT_VEC3_ZERO ) );
	// Its four contacts are reported once, also when woken and put back to sleep before the
	// next step (the contacts of the step it fell asleep in are still the last substep's).
	ENSURE( ttWorld_GetContactCount( world ) == 4 );
	ttBody_SetAwake( box, true );
	ENSURE( ttWorld_GetContactCount( world ) == 4 );
	ttBody_SetAwake( box, false );
	ENSURE( ttWorld_GetContactCount( world ) == 4 );

	ttTransform before = ttBody_GetTransform( box );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ttTransform after = ttBody_GetTransform( box );
	ENSURE( ttBody_IsAwake( box ) == false );
	ENSURE( SameVec( before.p, after.p ) );
	ENSURE( before.q.x == after.q.x && before.q.y == after.q.y && before.q.z == after.q.z && before.q.w == after.q.w );

	// The sleeping box's contacts are still reported, carrying m g = 1000 kg * 10 m/s^2.
	ttContactData contacts[16];
	int count = ttWorld_GetContactData( world, contacts, 16 );
	double force = 0;
	for ( int i = 0; i < count; ++i )
	{
		force += contacts[i].normalForce;
	}
	ENSURE( count == 4 );
	ENSURE_NEAR( force, 10000, 100 );
	ttDestroyWorld( world );
}

// Until something falls asleep the step is the same with sleeping on or off, bit for bit.
static void TestSameWhileAwake( void )
{
	ttWorldId on = MakeWorld( true );
	ttWorldId off = MakeWorld( false );
	ttBodyId a = MakeBox( on, ( ttVec3 ){ 0, 1.2f, 0 } );
	ttBodyId b = MakeBox( off, ( ttVec3 ){ 0, 1.2f, 0 } );
	ttBody_SetAngularVelocity( a, ( ttVec3 ){ 1, 2, 0.5f } );
	ttBody_SetAngularVelocity( b, ( ttVec3 ){ 1, 2, 0.5f } );
	int differ = 0;
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( on, dt );
		ttWorld_Step( off, dt );
		differ += SameVec( ttBody_GetPosition( a ), ttBody_GetPosition( b ) ) ? 0 : 1;
	}
	ENSURE( ttBody_IsAwake( a ) );
	ENSURE( differ == 0 );
	ttDestroyWorld( on );
	ttDestroyWorld( off );
}

// A row of four cubes side by side sleeps as one island (all in the same step); a ball rolled
// at the first cube wakes all four at once, in the step before it reaches them, and pushes the
// row without sinking into it. (A stack of three cubes would do as well, but tether's stacks do
// not come to rest yet: they rock at 0.1-0.3 m/s.)
static void TestRowIsland( void )
{
	enum
	{
		N = 4
	};
	ttWorldId world = MakeWorld( true );
	ttBodyId boxes[N];
	for ( int i = 0; i < N; ++i )
	{
		boxes[i] = MakeBox( world, ( ttVec3 ){ (ttReal)i, 0.5f, 0 } );
	}
	int asleepAt[N] = { -1, -1, -1, -1 };
	int islandsBefore = 0;
	for ( int step = 1; step <= 120; ++step )
	{
		ttWorld_Step( world, dt );
		int asleep = 0;
		for ( int i = 0; i < N; ++i )
		{
			if ( asleepAt[i] < 0 && ttBody_IsAwake( boxes[i] ) == false )
			{
				asleepAt[i] = step;
			}
			asleep += asleepAt[i] > 0 ? 1 : 0;
		}
		if ( asleep == 0 )
		{
			islandsBefore = ttWorld_GetStepStats( world ).islandCount;
		}
	}
	printf( "row asleep after steps %d %d %d %d, %d island before\n", asleepAt[0], asleepAt[1], asleepAt[2],
	        asleepAt[3], islandsBefore );
	ENSURE( asleepAt[0] > 0 );
	ENSURE( asleepAt[0] == asleepAt[1] && asleepAt[1] == asleepAt[2] && asleepAt[2] == asleepAt[3] );
	ENSURE( islandsBefore == 1 );
	ENSURE( ttWorld_GetAwakeBodyCount( world ) == 0 );

	// 8 m/s along x at the cubes' height; the first cube's face is at x = -0.5.
	ttBodyId ball = MakeBall( world, ( ttVec3 ){ -2, 0.5f, 0 }, ( ttVec3 ){ 8, 0, 0 }, 0.25f );
	int wokeAt = -1, awakeWhenWoken = 0;
	ttReal gapWhenWoken = 0, deepest = 0;
	for ( int step = 1; step <= 30; ++step )
	{
		ttReal gapBefore = -0.5f - ( ttBody_GetPosition( ball ).x + 0.25f );
		ttWorld_Step( world, dt );
		int awake = 0;
		for ( int i = 0; i < N; ++i )
		{
			awake += ttBody_IsAwake( boxes[i] ) ? 1 : 0;
		}
		if ( wokeAt < 0 && awake > 0 )
		{
			wokeAt = step;
			awakeWhenWoken = awake;
			gapWhenWoken = gapBefore;
		}
		ttContactData contacts[64];
		int count = ttWorld_GetContactData( world, contacts, 64 );
		for ( int i = 0; i < count; ++i )
		{
			if ( TT_ID_EQUALS( contacts[i].bodyA, ball ) || TT_ID_EQUALS( contacts[i].bodyB, ball ) )
			{
				deepest = ttMinReal( deepest, contacts[i].separation );
			}
		}
	}
	printf( "woken in step %d with the ball %.4f m from the face before it; deepest ball contact %.5f m\n", wokeAt,
	        (double)gapWhenWoken, (double)deepest );
	ENSURE( wokeAt > 0 );
	ENSURE( awakeWhenWoken == N );
	// Woken in the step the ball can reach the face (it travels 8 m/s * dt = 0.133 m per step;
	// the wake test reaches 2 dt |v| + 1 cm), not earlier, not later.
	ENSURE( gapWhenWoken > 0 );
	ENSURE_BELOW( gapWhenWoken, 2 * 8 * dt + 0.01 );
	ENSURE_BELOW( -deepest, 0.01 );
	// The ball (65 kg) stopped against the row (4000 kg, held by friction): no bounce, no
	// restitution, so it keeps under 1 m/s of its 8 m/s.
	ENSURE_BELOW( ttBody_GetLinearVelocity( ball ).x, 1.0 );
	ENSURE_BELOW( 0, ttBody_GetPosition( boxes[0] ).x );
	ttDestroyWorld( world );
}

// Each call that changes a sleeping body's motion wakes it (and its island), at once.
static void TestWakeOnApi( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 0.5f, 0 } );
	ttBodyId other = MakeBox( world, ( ttVec3 ){ 3, 0.5f, 0 } );
	ttVec3 c = ttBody_GetWorldCenterOfMass( box );
	ttShapeId boxShape;
	ttBody_GetShapes( box, &boxShape, 1 );
	for ( int call = 0; call < 20; ++call )
	{
		ttBody_SetAwake( box, false );
		ttBody_SetAwake( other, false );
		ENSURE( ttBody_IsAwake( box ) == false );
		switch ( call )
		{
			case 0:
				ttBody_ApplyForce( box, ( ttVec3 ){ 1, 0, 0 }, c );
				break;
			case 1:
				ttBody_ApplyForceToCenter( box, ( ttVec3 ){ 1, 0, 0 } );
				break;
			case 2:
				ttBody_ApplyTorque( box, ( ttVec3 ){ 0, 1, 0 } );
				break;
			case 3:
				ttBody_ApplyLinearImpulse( box, ( ttVec3 ){ 0.1f, 0, 0 }, c );
				break;
			case 4:
				ttBody_ApplyAngularImpulse( box, ( ttVec3 ){ 0, 0.1f, 0 } );
				break;
			case 5:
				ttBody_SetLinearVelocity( box, ( ttVec3 ){ 0, 0, 0 } );
				break;
			case 6:
				ttBody_SetAngularVelocity( box, ( ttVec3 ){ 0, 0, 0 } );
				break;
			case 7:
				ttBody_SetTransform( box, ttBody_GetPosition( box ), ttBody_GetRotation( box ) );
				break;
			case 8:
				ttBody_SetMassData( box, ttBody_GetMassData( box ) );
				break;
			case 9:
				ttBody_SetGravityScale( box, 1 );
				break;
			case 12:
				ttBody_SetDamping( box, 0, 0 );
				break;
			case 13:
				ttBody_ApplyMassFromShapes( box );
				break;
			case 14:
				ttShape_SetFriction( boxShape, 0.6f, 0.6f );
				break;
			case 15:
				ttShape_SetRestitution( boxShape, 0 );
				break;
			case 16:
				ttShape_SetFilter( boxShape, ttShape_GetFilter( boxShape ) );
				break;
			case 17:
				ttWorld_SetGravity( world, ( ttVec3 ){ 0, -9.8f, 0 } );
				break;
			case 18:
				ttBody_EnableSleep( box, false );
				ttBody_EnableSleep( box, true );
				break;
			case 10:
			{
				// A joint wakes both bodies.
				ttDistanceJointDef def = ttDefaultDistanceJointDef();
				def.base.bodyA = box;
				def.base.bodyB = other;
				def.minLength = 0;
				def.maxLength = 10;
				ttJointId joint = ttCreateDistanceJoint( world, &def );
				ENSURE( ttBody_IsAwake( other ) );
				ttBody_SetAwake( box, false );
				ENSURE( ttBody_IsAwake( other ) == false ); // jointed: one island
				ttDestroyJoint( joint );                    // wakes both again
				ENSURE( ttBody_IsAwake( other ) );
				break;
			}
			default:
				ttBody_SetAwake( box, true );
				break;
		}
		printf( "call %d woke the body: %d\n", call, ttBody_IsAwake( box ) );
		ENSURE( ttBody_IsAwake( box ) );
	}
	ttDestroyWorld( world );
}

// ttBody_SetAwake(false) stops a falling body in mid-air at once; it stays there until woken.
static void TestSetAwakeFalse( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyId ball = MakeBall( world, ( ttVec3 ){ 0, 5, 0 }, ( ttVec3 ){ 1, -3, 0 }, 0.25f );
	ttWorld_Step( world, dt );
	ENSURE( ttBody_SetAwake( ball, false ) == ttResult_ok );
	ENSURE( ttBody_IsAwake( ball ) == false );
	ENSURE( SameVec( ttBody_GetLinearVelocity( ball ), TT_VEC3_ZERO ) );
	ttVec3 held = ttBody_GetPosition( ball );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE( SameVec( held, ttBody_GetPosition( ball ) ) );
	ENSURE( ttWorld_GetStepStats( world ).awakeBodyCount == 0 );
	ttBody_SetAwake( ball, true );
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( world, dt );
	}
	// Free fall from rest for 0.5 s: 1.25 m (symplectic Euler with 20 substeps: within 1 cm).
	ENSURE_NEAR( held.y - ttBody_GetPosition( ball ).y, 1.25, 0.01 );
	ttDestroyWorld( world );
}

// A pendulum (a ball on a rigid distance joint to the world, 1 m) released at 30 degrees: with
// damping it comes to rest hanging straight down and sleeps; without, it swings and never sleeps.
static void TestPendulum( void )
{
	for ( int damped = 0; damped < 2; ++damped )
	{
		ttWorldId world = MakeWorld( true );
		ttReal angle = 0.5235988f;
		ttBodyDef def = ttDefaultBodyDef();
		def.type = ttBody_dynamic;
		def.position = ( ttVec3 ){ sinf( angle ), 3 - cosf( angle ), 0 };
		def.linearDamping = damped ? 1.0f : 0.0f;
		ttBodyId bob = ttCreateBody( world, &def );
		ttShapeDef shapeDef = ttDefaultShapeDef();
		ttCreateSphereShape( bob, &shapeDef, &( ttSphere ){ 0.1f } );
		ttDistanceJointDef jointDef = ttDefaultDistanceJointDef();
		jointDef.base.localFrameA.p = ( ttVec3 ){ 0, 3, 0 };
		jointDef.base.bodyB = bob;
		jointDef.minLength = 1;
		jointDef.maxLength = 1;
		ttCreateDistanceJoint( world, &jointDef );
		int asleepAt = StepUntilAsleep( world, bob, 600 );
		printf( "pendulum (damping %d /s): asleep after step %d, x = %.4f m\n", damped, asleepAt,
		        (double)ttBody_GetPosition( bob ).x );
		if ( damped )
		{
			ENSURE( asleepAt > 0 );
			// Asleep only once it swings slower than 0.05 m/s for 0.5 s (a quarter period is
			// 0.5 s): an amplitude under 0.05 m/s / sqrt(g / L) = 1.6 cm.
			ENSURE_BELOW( fabs( (double)ttBody_GetPosition( bob ).x ), 0.016 );
			ENSURE_NEAR( ttBody_GetPosition( bob ).y, 2, 1e-3 );
			ttJointId joints[1];
			ttWorld_GetJoints( world, joints, 1 );
			ttReal force = ttLength( ttJoint_GetConstraintForce( joints[0] ) );
			for ( int i = 0; i < 30; ++i )
			{
				ttWorld_Step( world, dt );
			}
			ttStepStats stats = ttWorld_GetStepStats( world );
			ENSURE( stats.awakeBodyCount == 0 && stats.awakeJointCount == 0 );
			// Asleep, the joint keeps reading the force of its last solve, which is the weight it
			// holds, m g with m = 4/3 pi 0.1^3 1000 kg: within 1 % in double. In float the
			// per-substep readout lambda / h^2 resolves lambda ~ g h^2 = 7e-6 m with positions
			// good to 2.4e-7 m near y = 2 m, so only within 10 % (measured: 5.6 % low).
			ENSURE( ttLength( ttJoint_GetConstraintForce( joints[0] ) ) == force );
			ENSURE_NEAR( force, 4.18879 * 10, ( TT_REAL_IS_FLOAT ? 0.1 : 0.01 ) * 41.9 );
		}
		else
		{
			ENSURE( asleepAt < 0 );
		}
		ttDestroyWorld( world );
	}
}

// N sleeping boxes cost nothing: the step integrates no body, solves no joint, tests no pair and
// has no contact. One of them woken costs exactly its own work: one body, one pair (the ground
// plane), four contact points, one island.
static void TestCostNothing( void )
{
	enum
	{
		N = 40
	};
	ttWorldId world = MakeWorld( true );
	ttBodyId boxes[N];
	for ( int i = 0; i < N; ++i )
	{
		boxes[i] = MakeBox( world, ( ttVec3 ){ 2 * (ttReal)( i % 8 ), 0.5f, 2 * (ttReal)( i / 8 ) } );
	}
	// Two more hanging from each other and the world: joints sleep too.
	ttBodyId hanging = MakeBall( world, ( ttVec3 ){ -5, 3, 0 }, TT_VEC3_ZERO, 0.2f );
	ttDistanceJointDef jointDef = ttDefaultDistanceJointDef();
	jointDef.base.localFrameA.p = ( ttVec3 ){ -5, 4, 0 };
	jointDef.base.bodyB = hanging;
	jointDef.minLength = jointDef.maxLength = 1;
	ttCreateDistanceJoint( world, &jointDef );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE( ttWorld_GetAwakeBodyCount( world ) == 0 );
	ttVec3 before[N];
	for ( int i = 0; i < N; ++i )
	{
		before[i] = ttBody_GetPosition( boxes[i] );
	}
	ttWorld_Step( world, dt );
	ttStepStats stats = ttWorld_GetStepStats( world );
	printf( "all asleep: %d bodies, %d awake, %d joints solved, %d pairs, %d contacts, %d islands\n", stats.bodyCount,
	        stats.awakeBodyCount, stats.awakeJointCount, stats.pairCount, stats.contactCount, stats.islandCount );
	ENSURE( stats.bodyCount == N + 2 );
	ENSURE( stats.awakeBodyCount == 0 && stats.awakeJointCount == 0 && stats.pairCount == 0 &&
	        stats.contactCount == 0 && stats.islandCount == 0 );

	ttBody_SetAwake( boxes[5], true );
	ttWorld_Step( world, dt );
	stats = ttWorld_GetStepStats( world );
	printf( "one awake: %d awake, %d joints solved, %d pairs, %d contacts, %d islands\n", stats.awakeBodyCount,
	        stats.awakeJointCount, stats.pairCount, stats.contactCount, stats.islandCount );
	ENSURE( stats.awakeBodyCount == 1 && stats.awakeJointCount == 0 && stats.pairCount == 1 &&
	        stats.contactCount == 4 && stats.islandCount == 1 );

	ttBody_SetAwake( hanging, true );
	ttWorld_Step( world, dt );
	stats = ttWorld_GetStepStats( world );
	ENSURE( stats.awakeBodyCount == 2 && stats.awakeJointCount == 1 && stats.islandCount == 2 );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	int moved = 0;
	for ( int i = 0; i < N; ++i )
	{
		moved += i == 5 || SameVec( before[i], ttBody_GetPosition( boxes[i] ) ) ? 0 : 1;
	}
	ENSURE( moved == 0 );
	ttDestroyWorld( world );
}

// Sleeping switched off (world or body) keeps bodies awake; switching it off wakes sleepers.
static void TestSwitches( void )
{
	ttWorldId world = MakeWorld( false );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 0.5f, 0 } );
	ENSURE( StepUntilAsleep( world, box, 180 ) < 0 );
	ENSURE( ttWorld_IsSleepEnabled( world ) == false );
	ttWorld_EnableSleep( world, true );
	ttBodyId keep = MakeBox( world, ( ttVec3 ){ 3, 0.5f, 0 } );
	ttBody_EnableSleep( keep, false );
	ENSURE( ttBody_IsSleepEnabled( keep ) == false );
	ENSURE( StepUntilAsleep( world, box, 180 ) > 0 );
	ENSURE( ttBody_IsAwake( keep ) );
	ttWorld_EnableSleep( world, false );
	ENSURE( ttBody_IsAwake( box ) );
	ttDestroyWorld( world );

	// A shorter time to sleep: asleep 0.2 s after coming to rest instead of 0.5 s.
	world = MakeWorld( true );
	ENSURE( ttWorld_SetSleepThresholds( world, 0.05f, 0.05f, 0.2f ) == ttResult_ok );
	box = MakeBox( world, ( ttVec3 ){ 0, 0.5f, 0 } );
	int asleepAt = StepUntilAsleep( world, box, 180 );
	ENSURE_NEAR( asleepAt * (double)dt, 0.2 + 0.5 * dt, 0.5 * dt + 1e-9 );
	ttDestroyWorld( world );
}

// A kinematic platform moving at 0.02 m/s (under the threshold) keeps the box riding it awake;
// stopped, both fall asleep.
static void TestKinematic( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_kinematic;
	def.position = ( ttVec3 ){ 0, 0.25f, 0 };
	def.linearVelocity = ( ttVec3 ){ 0.02f, 0, 0 };
	ttBodyId platform = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( platform, &shapeDef, &( ttBox ){ { 2, 0.25f, 2 } } );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 1.0f, 0 } );
	ENSURE( StepUntilAsleep( world, box, 180 ) < 0 );
	ENSURE( ttBody_IsAwake( platform ) );
	ENSURE_NEAR( ttBody_GetPosition( box ).x, 0.02 * 3, 0.005 );
	ttBody_SetLinearVelocity( platform, TT_VEC3_ZERO );
	ENSURE( StepUntilAsleep( world, box, 120 ) > 0 );
	ENSURE( ttBody_IsAwake( platform ) == false );
	// A sleeping kinematic body stands still like a static one: a box dropped on it lands and
	// rests on it without waking it.
	ttBodyId dropped = MakeBox( world, ( ttVec3 ){ 1.2f, 2, 0 } );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE_NEAR( ttBody_GetPosition( dropped ).y, 1.0, 1e-3 );
	ENSURE( ttBody_IsAwake( platform ) == false );
	// Moving it again wakes what rests on it.
	ttBody_SetLinearVelocity( platform, ( ttVec3 ){ 0.02f, 0, 0 } );
	ttWorld_Step( world, dt );
	ENSURE( ttBody_IsAwake( box ) && ttBody_IsAwake( dropped ) );
	ttDestroyWorld( world );
}

// Taking away what a sleeping body rests on wakes it: destroying the lower cube of a sleeping
// stack, or moving the static floor it lies on.
static void TestSupportRemoved( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyId lower = MakeBox( world, ( ttVec3 ){ 0, 0.5f, 0 } );
	ttBodyId upper = MakeBox( world, ( ttVec3 ){ 0, 1.5f, 0 } );
	ENSURE( StepUntilAsleep( world, upper, 180 ) > 0 );
	ttDestroyBody( lower );
	ENSURE( ttBody_IsAwake( upper ) );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE_NEAR( ttBody_GetPosition( upper ).y, 0.5, 1e-3 );
	ttDestroyWorld( world );

	ttWorldDef worldDef = ttDefaultWorldDef();
	world = ttCreateWorld( &worldDef );
	ttBodyDef floorDef = ttDefaultBodyDef();
	ttBodyId floor = ttCreateBody( world, &floorDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( floor, &shapeDef, &( ttBox ){ { 5, 0.5f, 5 } } );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 1, 0 } );
	ENSURE( StepUntilAsleep( world, box, 180 ) > 0 );
	ttBody_SetTransform( floor, ( ttVec3 ){ 20, 0, 0 }, TT_QUAT_IDENTITY );
	ENSURE( ttBody_IsAwake( box ) );
	ttDestroyWorld( world );

	// A sleeping pendulum pair: destroying the upper bob (its two joints go with it) wakes the
	// lower one, which falls; the awake list holds exactly the one live body.
	world = MakeWorld( true );
	ttBodyId upperBob = MakeBall( world, ( ttVec3 ){ 0, 4, 0 }, TT_VEC3_ZERO, 0.1f );
	ttBodyId lowerBob = MakeBall( world, ( ttVec3 ){ 0, 3, 0 }, TT_VEC3_ZERO, 0.1f );
	ttDistanceJointDef jointDef = ttDefaultDistanceJointDef();
	jointDef.base.localFrameA.p = ( ttVec3 ){ 0, 5, 0 };
	jointDef.base.bodyB = upperBob;
	jointDef.minLength = jointDef.maxLength = 1;
	ttCreateDistanceJoint( world, &jointDef );
	jointDef.base.localFrameA.p = TT_VEC3_ZERO;
	jointDef.base.bodyA = upperBob;
	jointDef.base.bodyB = lowerBob;
	ttCreateDistanceJoint( world, &jointDef );
	ENSURE( StepUntilAsleep( world, lowerBob, 120 ) > 0 );
	ENSURE( ttBody_IsAwake( upperBob ) == false );
	ttDestroyBody( upperBob );
	ENSURE( ttBody_IsAwake( lowerBob ) );
	ENSURE( ttWorld_GetAwakeBodyCount( world ) == 1 );
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE( ttWorld_GetStepStats( world ).awakeBodyCount == 1 );
	ENSURE_BELOW( ttBody_GetPosition( lowerBob ).y, 2 );
	ttDestroyWorld( world );
}

// A body created asleep stays in the air until an awake one hits it.
static void TestCreatedAsleep( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = ( ttVec3 ){ 0, 3, 0 };
	def.isAwake = false;
	ttBodyId box = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( box, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	ENSURE( ttBody_IsAwake( box ) == false );
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE_NEAR( ttBody_GetPosition( box ).y, 3, 0 );
	MakeBall( world, ( ttVec3 ){ 0, 4.5f, 0 }, TT_VEC3_ZERO, 0.25f );
	int woke = -1;
	for ( int i = 1; i <= 60 && woke < 0; ++i )
	{
		ttWorld_Step( world, dt );
		woke = ttBody_IsAwake( box ) ? i : -1;
	}
	// The ball falls 0.75 m to the box's top face in sqrt(1.5 / g) = 0.39 s (23.5 steps).
	printf( "the box created asleep woke after step %d\n", woke );
	ENSURE( woke >= 20 && woke <= 25 );
	ttDestroyWorld( world );
}

// The scene keys: world sleep settings and per-body "sleep" / "awake", strictly checked.
static void TestSceneKeys( void )
{
	const char* text = "{ \"world\": { \"timeToSleep\": 0.25, \"linearSleepThreshold\": 0.1,"
	                   " \"angularSleepThreshold\": 0.2 },"
	                   " \"bodies\": ["
	                   " { \"name\": \"ground\", \"type\": \"static\","
	                   "   \"shapes\": [ { \"type\": \"plane\", \"normal\": [0, 1, 0] } ] },"
	                   " { \"name\": \"resting\", \"position\": [0, 0.5, 0],"
	                   "   \"shapes\": [ { \"type\": \"box\", \"halfExtents\": [0.5, 0.5, 0.5], \"density\": 1 } ] },"
	                   " { \"name\": \"restless\", \"position\": [3, 0.5, 0], \"sleep\": false,"
	                   "   \"shapes\": [ { \"type\": \"box\", \"halfExtents\": [0.5, 0.5, 0.5], \"density\": 1 } ] },"
	                   " { \"name\": \"floating\", \"position\": [0, 5, 0], \"awake\": false, \"mass\": 2,"
	                   "   \"shapes\": [ { \"type\": \"sphere\", \"radius\": 0.5, \"density\": 1 } ] } ] }";
	ttScene scene;
	char error[512];
	ENSURE( ttScene_LoadString( text, "sleep keys", &scene, error, (int)sizeof( error ) ) );
	ENSURE( ttBody_IsAwake( scene.bodies[3] ) == false );
	ENSURE( ttBody_IsSleepEnabled( scene.bodies[2] ) == false );
	int asleepAt = StepUntilAsleep( scene.worldId, scene.bodies[1], 60 );
	ENSURE_NEAR( asleepAt * (double)dt, 0.25 + 0.5 * dt, 0.5 * dt + 1e-9 );
	ENSURE( ttBody_IsAwake( scene.bodies[2] ) );
	ENSURE_NEAR( ttBody_GetPosition( scene.bodies[3] ).y, 5, 0 );
	ttScene_Destroy( &scene );

	const char* bad[] = {
	    "{ \"world\": { \"sleep\": 1 } }",
	    "{ \"world\": { \"timeToSleep\": 0 } }",
	    "{ \"world\": { \"linearSleepThreshold\": -1 } }",
	    "{ \"bodies\": [ { \"name\": \"b\", \"awake\": \"no\", \"mass\": 1, \"inertia\": [1, 1, 1] } ] }",
	};
	for ( int i = 0; i < 4; ++i )
	{
		bool loaded = ttScene_LoadString( bad[i], "bad sleep keys", &scene, error, (int)sizeof( error ) );
		printf( "bad scene %d: %s\n", i, loaded ? "loaded" : error );
		ENSURE( loaded == false );
		if ( loaded )
		{
			ttScene_Destroy( &scene );
		}
	}
}

// scenes/sleep_demo.json does what its description says: the row and the stack asleep after
// 0.5 s of rest, the box created asleep woken when the dropped ball reaches it (a fall of 1 m:
// sqrt(2 / g) = 0.452 s), the row woken when the rolling ball reaches it (4.7 m at 4 m/s:
// 1.175 s), everything asleep again by 2.1 s, and the stack asleep throughout.
static void TestDemoScene( void )
{
	ttScene scene;
	char error[512];
	ENSURE( ttScene_LoadFile( "scenes/sleep_demo.json", &scene, error, (int)sizeof( error ) ) );
	int row = 1, stack = 6, floating = 8;
	int rowAsleep = -1, rowWoken = -1, floatingWoken = -1, stackWoken = -1, allAsleep = -1;
	for ( int step = 1; step <= 150; ++step )
	{
		ttWorld_Step( scene.worldId, scene.timeStep );
		bool rowAwake = ttBody_IsAwake( scene.bodies[row] );
		rowAsleep = rowAsleep < 0 && rowAwake == false ? step : rowAsleep;
		rowWoken = rowWoken < 0 && rowAsleep > 0 && rowAwake ? step : rowWoken;
		floatingWoken = floatingWoken < 0 && ttBody_IsAwake( scene.bodies[floating] ) ? step : floatingWoken;
		bool stackAwake = ttBody_IsAwake( scene.bodies[stack] ) || ttBody_IsAwake( scene.bodies[stack + 1] );
		stackWoken = stackWoken < 0 && step > 40 && stackAwake ? step : stackWoken;
		allAsleep = allAsleep < 0 && rowWoken > 0 && ttWorld_GetAwakeBodyCount( scene.worldId ) == 0 ? step : allAsleep;
	}
	printf( "demo: row asleep at step %d, woken at %d; floating box woken at %d; all asleep at %d\n", rowAsleep,
	        rowWoken, floatingWoken, allAsleep );
	ENSURE( rowAsleep >= 30 && rowAsleep <= 36 );
	ENSURE( floatingWoken >= 25 && floatingWoken <= 28 );
	ENSURE( rowWoken >= 68 && rowWoken <= 71 );
	ENSURE( allAsleep > 0 && allAsleep <= 126 );
	ENSURE( stackWoken < 0 );
	ttScene_Destroy( &scene );
}

static void TestBadInput( void )
{
	ttWorldId world = MakeWorld( true );
	ttBodyId box = MakeBox( world, ( ttVec3 ){ 0, 0.5f, 0 } );
	ttDestroyBody( box );
	int before = s_messages;
	ENSURE( ttBody_IsAwake( box ) == false );
	ENSURE( ttBody_SetAwake( box, true ) == ttResult_invalidId );
	ENSURE( ttBody_EnableSleep( box, false ) == ttResult_invalidId );
	ENSURE( ttBody_IsSleepEnabled( box ) == false );
	ENSURE( ttBody_SetAwake( ttNullBodyId, false ) == ttResult_invalidId );
	ENSURE( s_messages == before + 5 );
	ENSURE( strstr( s_lastMessage, "ttBody_SetAwake" ) != NULL );

	before = s_messages;
	ENSURE( ttWorld_SetSleepThresholds( world, -1, 0.05f, 0.5f ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetSleepThresholds( world, 0.05f, (ttReal)NAN, 0.5f ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetSleepThresholds( world, 0.05f, 0.05f, 0 ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetSleepThresholds( world, 0.05f, 0.05f, (ttReal)INFINITY ) == ttResult_invalidArgument );
	ENSURE( s_messages == before + 4 );
	ttDestroyWorld( world );
	before = s_messages;
	ENSURE( ttWorld_EnableSleep( world, true ) == ttResult_invalidId );
	ENSURE( ttWorld_GetAwakeBodyCount( world ) == 0 );
	ENSURE( s_messages == before + 2 );

	ttWorldDef def = ttDefaultWorldDef();
	def.timeToSleep = -1;
	ENSURE( TT_IS_NULL( ttCreateWorld( &def ) ) );
	def = ttDefaultWorldDef();
	def.linearSleepThreshold = (ttReal)NAN;
	ENSURE( TT_IS_NULL( ttCreateWorld( &def ) ) );
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	TestBoxFallsAsleep();
	TestSameWhileAwake();
	TestRowIsland();
	TestWakeOnApi();
	TestSetAwakeFalse();
	TestPendulum();
	TestCostNothing();
	TestSwitches();
	TestKinematic();
	TestSupportRemoved();
	TestCreatedAsleep();
	TestBadInput();
	ttSetLogFcn( NULL );
	TestSceneKeys();
	TestDemoScene();
	return TEST_RESULT();
}
