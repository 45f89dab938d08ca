// SPDX-License-Identifier: MIT
// Behaviour of the core features that the paper figures do not cover one by one: free fall,
// resting contact, bouncing, breakable joints, kinematic targets, drives and motors, readouts,
// determinism.
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

static const ttReal dt = (ttReal)( 1.0 / 60.0 );

static ttWorldId MakeWorld( int substeps )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.substeps = substeps;
	def.gravity = ( ttVec3 ){ 0, -10, 0 };
	return ttCreateWorld( &def );
}

static ttBodyId MakeGround( ttWorldId world )
{
	ttBodyDef def = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	return ground;
}

static ttBodyId MakeSphere( ttWorldId world, ttVec3 position, ttReal radius, ttReal restitution )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.restitution = restitution;
	ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ radius } );
	return body;
}

// Symplectic Euler with n substeps of h from rest: y_k = y0 - g h^2 k (k + 1) / 2.
static void TestFreeFall( void )
{
	ttWorldId world = MakeWorld( 4 );
	ttBodyId body = MakeSphere( world, ( ttVec3 ){ 0, 100, 0 }, 0.5f, 0 );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	double h = 1.0 / 240.0;
	double k = 240;
	ENSURE_NEAR( ttBody_GetPosition( body ).y, 100 - 10 * h * h * k * ( k + 1 ) / 2, 1e-4 );
	ENSURE_NEAR( ttBody_GetLinearVelocity( body ).y, -10, 1e-4 );
	ttDestroyWorld( world );
}

static void TestRestingContact( void )
{
	ttWorldId world = MakeWorld( 20 );
	// Rest is measured to 1 mm/s; sleeping (at 0.05 m/s) would zero the velocity and hide it.
	ttWorld_EnableSleep( world, false );
	MakeGround( world );
	ttBodyId sphere = MakeSphere( world, ( ttVec3 ){ 0, 1, 0 }, 0.5f, 0 );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = ( ttVec3 ){ 2, 1, 0 };
	ttBodyId box = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( box, &shapeDef, &( ttBox ){ { 0.5f, 0.25f, 0.5f } } );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, dt );
	}
	// Resting: on the surface within 0.1 mm and at rest within 1 mm/s.
	ENSURE_NEAR( ttBody_GetPosition( sphere ).y, 0.5, 1e-4 );
	ENSURE_NEAR( ttBody_GetPosition( box ).y, 0.25, 1e-4 );
	ENSURE_NEAR( ttLength( ttBody_GetLinearVelocity( box ) ), 0, 1e-3 );
	// The contact forces carry the weight: sum of normal forces on the box = m g.
	ttContactData contacts[64];
	int count = ttWorld_GetContactData( world, contacts, 64 );
	double boxForce = 0;
	for ( int i = 0; i < count; ++i )
	{
		if ( TT_ID_EQUALS( contacts[i].bodyB, box ) || TT_ID_EQUALS( contacts[i].bodyA, box ) )
		{
			boxForce += contacts[i].normalForce;
		}
	}
	ENSURE_NEAR( boxForce, ttBody_GetMass( box ) * 10, ttBody_GetMass( box ) * 10 * 0.01 );
	ttDestroyWorld( world );
}

// Restitution 1 on both shapes: the ball comes back to its drop height (within 2 %).
static void TestBounce( void )
{
	ttWorldId world = MakeWorld( 20 );
	ttBodyId ground = MakeGround( world );
	(void)ground;
	ttBodyId ball = MakeSphere( world, ( ttVec3 ){ 0, 2, 0 }, 0.25f, 1 );
	// The ground plane's restitution is the default 0: averaged, e = 0.5, so the bounce height is
	// e^2 times the drop (from 1.75 m above the contact point).
	double top = 0;
	bool bounced = false;
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, dt );
		ttReal y = ttBody_GetPosition( ball ).y;
		if ( ttBody_GetLinearVelocity( ball ).y > 0 )
		{
			bounced = true;
		}
		if ( bounced && y > top )
		{
			top = y;
		}
	}
	ENSURE( bounced );
	ENSURE_NEAR( top - 0.25, 0.25 * 1.75, 0.05 * 0.25 * 1.75 );
	ttDestroyWorld( world );
}

static void TestBreakableJoint( void )
{
	ttWorldId world = MakeWorld( 10 );
	ttBodyId weight = MakeSphere( world, ( ttVec3 ){ 0, 0, 0 }, 0.2f, 0 );
	ttReal weightForce = ttBody_GetMass( weight ) * 10;
	ttDistanceJointDef def = ttDefaultDistanceJointDef();
	def.base.bodyB = weight;
	def.base.localFrameA.p = ( ttVec3 ){ 0, 1, 0 };
	def.base.breakForce = 2 * weightForce;
	ttJointId rope = ttCreateDistanceJoint( world, &def );
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( world, dt );
		ENSURE( ttWorld_GetJointBreakEvents( world ).count == 0 );
	}
	// Holding the weight at rest: tension = m g, within 1 %.
	ENSURE_NEAR( ttLength( ttJoint_GetConstraintForce( rope ) ), weightForce, 0.01 * weightForce );
	// Pull down with twice the weight more: the tension exceeds the threshold and the joint breaks.
	ttBody_ApplyForceToCenter( weight, ( ttVec3 ){ 0, -2 * weightForce, 0 } );
	ttWorld_Step( world, dt );
	ttJointBreakEvents events = ttWorld_GetJointBreakEvents( world );
	ENSURE( events.count == 1 );
	ENSURE( events.count == 1 && TT_ID_EQUALS( events.events[0].jointId, rope ) );
	ENSURE( events.count == 1 && events.events[0].force > def.base.breakForce );
	ENSURE( ttJoint_IsValid( rope ) == false );
	ENSURE( ttWorld_GetJointCount( world ) == 0 );
	ttDestroyWorld( world );
}

static void TestKinematicTarget( void )
{
	ttWorldId world = MakeWorld( 10 );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_kinematic;
	ttBodyId body = ttCreateBody( world, &def );
	ttQuat target = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, 0.3f );
	ttBody_SetKinematicTarget( body, ( ttVec3 ){ 0.6f, 0, 0 }, target );
	ttWorld_Step( world, dt );
	ENSURE_NEAR( ttBody_GetPosition( body ).x, 0.6, 1e-6 );
	ENSURE_NEAR( ttBody_GetLinearVelocity( body ).x, 0.6 * 60, 1e-3 );
	ENSURE_NEAR( ttBody_GetAngularVelocity( body ).z, 0.3 * 60, 1e-3 );
	ENSURE_NEAR( ttQuatToRotationVector( ttBody_GetRotation( body ) ).z, 0.3, 1e-6 );
	ttDestroyWorld( world );
}

// A hinge motor of bounded torque spins a wheel at the commanded speed; the prismatic force drive
// accelerates a slider at F/m.
static void TestDrives( void )
{
	ttWorldId world = MakeWorld( 20 );
	ttWorld_SetGravity( world, ( ttVec3 ){ 0, 0, 0 } );
	ttBodyId wheel = MakeSphere( world, ( ttVec3 ){ 0, 0, 0 }, 0.5f, 0 );
	ttHingeJointDef hinge = ttDefaultHingeJointDef();
	hinge.base.bodyB = wheel;
	hinge.enableMotor = true;
	hinge.motorSpeed = 2;
	hinge.maxMotorTorque = 1000;
	ttJointId motor = ttCreateHingeJoint( world, &hinge );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE_NEAR( ttBody_GetAngularVelocity( wheel ).x, 2, 0.02 );
	ENSURE( ttLength( ttJoint_GetConstraintTorque( motor ) ) <= 1000 * 1.0001 );

	ttBodyId slider = MakeSphere( world, ( ttVec3 ){ 5, 0, 0 }, 0.5f, 0 );
	ttPrismaticJointDef prismatic = ttDefaultPrismaticJointDef();
	prismatic.base.bodyB = slider;
	prismatic.base.localFrameA.p = ( ttVec3 ){ 5, 0, 0 };
	prismatic.driveForce = 100;
	ttCreatePrismaticJoint( world, &prismatic );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, dt );
	}
	ENSURE_NEAR( ttBody_GetLinearVelocity( slider ).x, 100 / ttBody_GetMass( slider ), 1e-3 );
	ENSURE_NEAR( ttBody_GetPosition( slider ).y, 0, 1e-9 );
	ttDestroyWorld( world );
}

// Two identical runs give bit-identical states.
static ttReal RunChaos( void )
{
	ttWorldId world = MakeWorld( 8 );
	MakeGround( world );
	ttReal sum = 0;
	ttBodyId bodies[10];
	for ( int i = 0; i < 10; ++i )
	{
		bodies[i] =
		    MakeSphere( world, ( ttVec3 ){ 0.3f * (ttReal)( i % 3 ), 1 + (ttReal)i, 0.1f * (ttReal)i }, 0.4f, 0.3f );
	}
	for ( int i = 0; i < 200; ++i )
	{
		ttWorld_Step( world, dt );
	}
	for ( int i = 0; i < 10; ++i )
	{
		ttVec3 p = ttBody_GetPosition( bodies[i] );
		sum += p.x * 3 + p.y * 5 + p.z * 7;
	}
	ttDestroyWorld( world );
	return sum;
}

static void TestDeterminism( void )
{
	ttReal a = RunChaos();
	ttReal b = RunChaos();
	ENSURE( memcmp( &a, &b, sizeof( a ) ) == 0 );
}

int main( void )
{
	TestFreeFall();
	TestRestingContact();
	TestBounce();
	TestBreakableJoint();
	TestKinematicTarget();
	TestDrives();
	TestDeterminism();
	return TEST_RESULT();
}
