// SPDX-License-Identifier: MIT
// Joint features not covered by the paper figures: the per-joint collision switch, prismatic and
// generic positional limits, the spherical swing cone, and the fixed joint's force and torque.
#include "test_macros.h"

#include "tether/tether.h"

static const ttReal dt = (ttReal)( 1.0 / 60.0 );

static ttWorldId MakeWorld( ttVec3 gravity )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = gravity;
	return ttCreateWorld( &def );
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

static void Step( ttWorldId world, int frames )
{
	for ( int i = 0; i < frames; ++i )
	{
		ttWorld_Step( world, dt );
	}
}

// Two overlapping unit spheres joined by a slack distance joint: they stay overlapped unless the
// joint lets them collide, in which case they separate to touching (centres 1 m apart). Sleep is
// off: the last millimetres of the soft contacts' push-out go slower than the sleep threshold.
static ttReal SeparationAfterOneSecond( bool collideConnected )
{
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, 0, 0 } );
	ttWorld_EnableSleep( world, false );
	ttBodyId a = MakeSphere( world, ( ttVec3 ){ 0, 0, 0 }, 0.5f );
	ttBodyId b = MakeSphere( world, ( ttVec3 ){ (ttReal)0.8, 0, 0 }, 0.5f );
	ttDistanceJointDef def = ttDefaultDistanceJointDef();
	def.base.bodyA = a;
	def.base.bodyB = b;
	def.minLength = 0;
	def.maxLength = 10;
	def.base.collideConnected = collideConnected;
	ttCreateDistanceJoint( world, &def );
	Step( world, 60 );
	ttReal distance = ttDistance( ttBody_GetPosition( a ), ttBody_GetPosition( b ) );
	ttDestroyWorld( world );
	return distance;
}

static void TestCollideConnected( void )
{
	ENSURE_NEAR( SeparationAfterOneSecond( false ), (ttReal)0.8, 1e-9 ); // exactly where they started
	ENSURE_NEAR( SeparationAfterOneSecond( true ), 1.0, 1e-4 );
}

// A slider along x under gravity along -x stops at its lower limit; y and z stay locked.
static void TestPrismaticLimit( void )
{
	ttWorldId world = MakeWorld( ( ttVec3 ){ -10, 0, 0 } );
	ttBodyId slider = MakeSphere( world, ( ttVec3 ){ 0, 1, 0 }, 0.1f );
	ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
	def.base.bodyB = slider;
	def.base.localFrameA.p = ( ttVec3 ){ 0, 1, 0 };
	def.enableLimit = true;
	def.lowerTranslation = -0.5f;
	def.upperTranslation = 0.5f;
	ttJointId joint = ttCreatePrismaticJoint( world, &def );
	Step( world, 120 );
	ENSURE_NEAR( ttPrismaticJoint_GetTranslation( joint ), -0.5, 1e-4 );
	ENSURE_NEAR( ttBody_GetPosition( slider ).y, 1, 1e-6 );
	// At rest against the stop the joint carries the weight along x: m g.
	ENSURE_NEAR( ttJoint_GetConstraintForce( joint ).x, ttBody_GetMass( slider ) * 10, ttBody_GetMass( slider ) * 0.1 );
	ttDestroyWorld( world );
}

// Generic joint: y within [-0.2, 0.1], x and z locked at 0, rotation locked; gravity along -y.
static void TestGenericLimits( void )
{
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, -10, 0 } );
	ttBodyId body = MakeSphere( world, ( ttVec3 ){ 0, 0, 0 }, 0.1f );
	ttBody_SetAngularVelocity( body, ( ttVec3 ){ 1, 2, 3 } );
	ttGenericJointDef def = ttDefaultGenericJointDef();
	def.base.bodyB = body;
	def.lowerTranslation = ( ttVec3 ){ 0, -0.2f, 0 };
	def.upperTranslation = ( ttVec3 ){ 0, 0.1f, 0 };
	ttJointId joint = ttCreateGenericJoint( world, &def );
	Step( world, 60 );
	ttVec3 p = ttBody_GetPosition( body );
	ENSURE_NEAR( p.y, -0.2, 1e-4 );
	ENSURE_NEAR( p.x, 0, 1e-9 );
	ENSURE_NEAR( p.z, 0, 1e-9 );
	ENSURE_NEAR( ttJoint_GetAngleError( joint ), 0, 1e-6 );
	ENSURE_NEAR( ttLength( ttBody_GetAngularVelocity( body ) ), 0, 1e-6 );
	ttDestroyWorld( world );
}

// A rod hanging in a 30 degree cone, released from 60 degrees: it never swings past 31 degrees.
static void TestSwingCone( void )
{
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, -10, 0 } );
	ttQuat down = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, -TT_PI / 2 ); // frame x axis -> world -y
	ttReal start = TT_PI / 3;
	ttVec3 offset = { ttSin( start ), -ttCos( start ), 0 };
	ttBodyId bob = MakeSphere( world, offset, 0.1f );
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base.bodyB = bob;
	def.base.localFrameA = ( ttTransform ){ { 0, 0, 0 }, down };
	def.base.localFrameB = ( ttTransform ){ ttNeg( offset ), down };
	def.enableSwingLimit = true;
	def.maxSwingAngle = TT_PI / 6;
	ttJointId joint = ttCreateSphericalJoint( world, &def );
	ttReal worst = 0;
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, dt );
		if ( i > 0 )
		{
			worst = ttMaxReal( worst, ttSphericalJoint_GetSwingAngle( joint ) );
		}
	}
	// The first step pulls the rod into the cone (it starts 30 degrees outside).
	ENSURE_BELOW( worst, TT_PI / 6 + TT_PI / 180 );
	ttDestroyWorld( world );
}

// A 1 m beam welded at one end to the world: the weld carries m g and the moment m g L / 2.
static void TestFixedJointLoads( void )
{
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, -10, 0 } );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0.5f, 0, 0 };
	ttBodyId beam = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( beam, &shapeDef, &( ttBox ){ { 0.5f, 0.05f, 0.05f } } );
	ttFixedJointDef def = ttDefaultFixedJointDef();
	def.base.bodyB = beam;
	def.base.localFrameB.p = ( ttVec3 ){ -0.5f, 0, 0 };
	ttJointId weld = ttCreateFixedJoint( world, &def );
	Step( world, 60 );
	ttReal weight = ttBody_GetMass( beam ) * 10;
	ENSURE_NEAR( ttJoint_GetConstraintForce( weld ).y, weight, 0.01 * weight );
	// The torque of the angular lock about z holds the beam up: +m g L / 2 on the beam.
	ENSURE_NEAR( ttJoint_GetConstraintTorque( weld ).z, weight * 0.5, 0.01 * weight * 0.5 );
	ENSURE_NEAR( ttJoint_GetPositionError( weld ), 0, 1e-6 );
	ENSURE_NEAR( ttJoint_GetAngleError( weld ), 0, 1e-5 );
	ttDestroyWorld( world );
}

int main( void )
{
	TestCollideConnected();
	TestPrismaticLimit();
	TestGenericLimits();
	TestSwingCone();
	TestFixedJointLoads();
	return TEST_RESULT();
}
