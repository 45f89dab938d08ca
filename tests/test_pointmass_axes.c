// SPDX-License-Identifier: MIT
// The point-mass family's own spherical limits, hinge drives, prismatic and generic joints
// (src/joint_pointmass_rows.c: forces along given directions on the frames' points, couples for
// the angles), each against an analytic number. Gravity 9.81, frames of 1/60 s, four substeps
// and four iterations unless said.
//
// Tolerances: ANGLE and POINT are round-off of a pose written back through a quaternion (as in
// test_pointmass_hinge_limit.c: 1e-9 rad and 1e-11 m in double; float 1e-5 rad, 1.5e-5 m, a unit
// in the last place over the 0.5 m arm); READOUT the relative floor of a force read as
// m dx / h^2 (test_pointmass.c: 1e-6, float 2e-3); SPEED the relative round-off of a velocity
// derived from two positions a substep apart, dx / h with dx resolved to 1e-16 m of 1 m (float
// 1.2e-7 m): 1e-9 in double, 1e-3 in float.
#include "test_macros.h"

#include "tether/tether.h"

#define PI 3.14159265358979323846
#define G 9.81
#define DT ( 1.0 / 60.0 )
#define FLOAT_BUILD ( sizeof( ttReal ) == sizeof( float ) )
#define ANGLE ( FLOAT_BUILD ? 1e-5 : 1e-9 )
#define POINT ( FLOAT_BUILD ? 1.5e-5 : 1e-11 )
#define READOUT ( FLOAT_BUILD ? 2e-3 : 1e-6 )
#define SPEED ( FLOAT_BUILD ? 1e-3 : 1e-9 )

static ttWorldId MakeWorld( ttVec3 gravity )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = gravity;
	def.substeps = 4;
	def.iterations = 4;
	def.jointSolver = ttJointSolver_pointmass;
	def.enableContacts = false;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId MakeBox( ttWorldId world, ttVec3 p, ttQuat q, ttVec3 half, double m )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	def.rotation = q;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( m / ( 8.0 * (double)half.x * (double)half.y * (double)half.z ) );
	ttCreateBoxShape( body, &shape, &( ttBox ){ .halfExtents = half } );
	return body;
}

static double Length3( ttVec3 v )
{
	return sqrt( (double)ttDot( v, v ) );
}

static void Run( ttWorldId world, double seconds )
{
	int frames = (int)( seconds / DT + 0.5 );
	for ( int i = 0; i < frames; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
}

// A 1 kg rod of 1 x 0.1 x 0.1 m hangs from a ball joint at its top end, the joint's x axes along
// the rod. The cone (swing limit 30 degrees) is about an axis 60 degrees from straight down, the
// rod released along that axis: it falls toward the vertical, onto the cone's lowest line, 30
// degrees from the vertical, and stays there. At rest the joint holds the weight, m g up, and
// the moment of it about the pivot, m g (L / 2) sin 30 = 2.4525 N m.
static void ConeLimit( void )
{
	printf( "-- pendulum stopped at its swing cone\n" );
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, (ttReal)-G, 0 } );
	double tilt = PI / 3;
	ttVec3 down = { (ttReal)sin( tilt ), (ttReal)-cos( tilt ), 0 };
	// Local x of both joint frames: A's the cone axis, B's the rod's -y.
	ttQuat coneAxis = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)( tilt - PI / 2 ) );
	ttQuat rodTurn = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)tilt );
	ttBodyId rod = MakeBox( world, ttScale( 0.5f, down ), rodTurn, ( ttVec3 ){ 0.05f, 0.5f, 0.05f }, 1 );
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = rod;
	def.base.localFrameA.q = coneAxis;
	def.base.localFrameB =
	    ( ttTransform ){ { 0, 0.5f, 0 }, ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)( -PI / 2 ) ) };
	def.enableSwingLimit = true;
	def.maxSwingAngle = (ttReal)( PI / 6 );
	ttJointId joint = ttCreateSphericalJoint( world, &def );
	double worstPast = 0, worstAnchor = 0;
	for ( int i = 0; i < 180; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
		ttVec3 p = ttBody_GetPosition( rod );
		double fromAxis = acos( fmin( 1.0, (double)ttDot( p, down ) / Length3( p ) ) );
		worstPast = fmax( worstPast, fromAxis - PI / 6 );
		worstAnchor = fmax( worstAnchor, (double)ttJoint_GetPositionError( joint ) );
	}
	ttVec3 p = ttBody_GetPosition( rod );
	double fromVertical = atan2( (double)p.x, -(double)p.y );
	ttVec3 force = ttJoint_GetConstraintForce( joint ), torque = ttJoint_GetConstraintTorque( joint );
	printf( "rests %.6f deg from the vertical (30), %.3g past the cone at most, anchor open %.3g m; force (%.6g, %.6g) "
	        "N, torque z %.6g N m (m g L/2 sin 30 = %.6g)\n",
	        fromVertical * 180 / PI, worstPast, worstAnchor, (double)force.x, (double)force.y, (double)torque.z,
	        G * 0.25 );
	ENSURE_NEAR( fromVertical, PI / 6, ANGLE );
	ENSURE_BELOW( worstPast, ANGLE );
	ENSURE_BELOW( worstAnchor, POINT );
	ENSURE_NEAR( force.y, G, READOUT * G );
	ENSURE_NEAR( fabs( (double)torque.z ), G * 0.25, READOUT * G );
	ttDestroyWorld( world );
}

// Twist: a 1 kg box of 1 x 0.5 x 0.25 m on a ball joint at its centre (no gravity) with a twist
// limit of +-45 degrees, turned by a constant 1 N m about the joint's x axis: it turns until the
// limit, 45 degrees, and rests there with the joint's torque -1 N m about x; it never swings.
static void TwistLimit( void )
{
	printf( "-- twist limit under a constant torque\n" );
	ttWorldId world = MakeWorld( TT_VEC3_ZERO );
	ttBodyId box = MakeBox( world, TT_VEC3_ZERO, TT_QUAT_IDENTITY, ( ttVec3 ){ 0.5f, 0.25f, 0.125f }, 1 );
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = box;
	def.enableTwistLimit = true;
	def.lowerTwistAngle = (ttReal)( -PI / 4 );
	def.upperTwistAngle = (ttReal)( PI / 4 );
	ttJointId joint = ttCreateSphericalJoint( world, &def );
	double worstTwist = 0, worstSwing = 0;
	for ( int i = 0; i < 240; ++i )
	{
		ttBody_ApplyTorque( box, ( ttVec3 ){ 1, 0, 0 } );
		ttWorld_Step( world, (ttReal)DT );
		ttQuat q = ttBody_GetRotation( box );
		ttVec3 x = ttRotate( q, ( ttVec3 ){ 1, 0, 0 } ), y = ttRotate( q, ( ttVec3 ){ 0, 1, 0 } );
		worstTwist = fmax( worstTwist, atan2( (double)y.z, (double)y.y ) );
		worstSwing = fmax( worstSwing, acos( fmin( 1.0, (double)x.x ) ) );
	}
	ttQuat q = ttBody_GetRotation( box );
	ttVec3 y = ttRotate( q, ( ttVec3 ){ 0, 1, 0 } );
	double twist = atan2( (double)y.z, (double)y.y );
	ttVec3 torque = ttJoint_GetConstraintTorque( joint );
	printf( "twist %.6f deg (45), widest %.6f deg, swing at most %.3g rad; torque (%.6g, %.6g, %.6g) N m\n",
	        twist * 180 / PI, worstTwist * 180 / PI, worstSwing, (double)torque.x, (double)torque.y, (double)torque.z );
	ENSURE_NEAR( twist, PI / 4, ANGLE );
	ENSURE_BELOW( worstTwist - PI / 4, ANGLE );
	ENSURE_BELOW( worstSwing, ANGLE );
	ENSURE_NEAR( torque.x, -1, READOUT * 10 );
	ttDestroyWorld( world );
}

// The angle of a body turned about z from q0 to q1 (within half a turn).
static double TurnZ( ttQuat q0, ttQuat q1 )
{
	ttVec3 x = ttInvRotate( q0, ttRotate( q1, ( ttVec3 ){ 1, 0, 0 } ) );
	return atan2( (double)x.y, (double)x.x );
}

// A hinge motor on a 1 kg plate of 1 x 1 x 0.2 m turning about z through its centre (no
// gravity), I = m (1 + 1) / 12 = 1/6 kg m^2, motor speed 3 rad/s, torque cap 0.5 N m: the cap
// accelerates it at a = 3 rad/s^2 until the motor's speed at 1 s, then the motor holds 3 rad/s.
// The cap bounds each substep's multiplier, so the torque reads 0.5 N m and the ramp is the
// step's constant acceleration: after n substeps of h the angle is a h^2 n (n + 1) / 2, but for
// the turn of each substep being the arcsine of the linear turn the force makes (eqs. 19-20
// linearised, then the rigidity projections restore the length along the axes), longer by
// (h w)^2 / 6 of it at most: 6.5e-6 at 1.5 rad/s and h = 1/240 s (float: and each substep's
// turn written through a float quaternion, resolved to 1.2e-7 rad, the same small turn rounded
// alike 120 times: 1.4e-5 rad). The speed
// is measured as the angle turned over the last 0.5 s (1.5 rad); the body's angular velocity
// reads 2 tan(h w / 2) / h, the inverse of the quaternion update (integrate.c), 1.3e-5 high.
// Then a rigid target: a 1 kg rod of 1 m hinged at its end about z, held by its target 30
// degrees below the horizontal against gravity, with the torque m g (L / 2) cos 30.
static void HingeDrives( void )
{
	printf( "-- hinge motor and target\n" );
	ttWorldId world = MakeWorld( TT_VEC3_ZERO );
	ttBodyId plate = MakeBox( world, TT_VEC3_ZERO, TT_QUAT_IDENTITY, ( ttVec3 ){ 0.5f, 0.5f, 0.1f }, 1 );
	ttHingeJointDef def = ttDefaultHingeJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = plate;
	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -PI / 2 ) );
	def.base.localFrameA.q = xToZ;
	def.base.localFrameB.q = xToZ;
	def.enableMotor = true;
	def.motorSpeed = 3;
	def.maxMotorTorque = 0.5f;
	ttJointId motor = ttCreateHingeJoint( world, &def );
	Run( world, 0.5 );
	double ramp = TurnZ( TT_QUAT_IDENTITY, ttBody_GetRotation( plate ) );
	double n = 0.5 * 60 * 4, h = DT / 4, expectedRamp = 3 * h * h * n * ( n + 1 ) / 2;
	ttVec3 torque = ttJoint_GetConstraintTorque( motor );
	Run( world, 1 );
	ttQuat q0 = ttBody_GetRotation( plate );
	Run( world, 0.5 );
	double speed = TurnZ( q0, ttBody_GetRotation( plate ) ) / 0.5;
	ttVec3 w = ttBody_GetAngularVelocity( plate );
	printf(
	    "at 0.5 s turned %.9f rad (%.9f), torque %.6g N m (cap 0.5); from 1.5 to 2 s %.9f rad/s (3), w (%.3g, %.3g, "
	    "%.9f)\n",
	    ramp, expectedRamp, (double)torque.z, speed, (double)w.x, (double)w.y, (double)w.z );
	ENSURE_NEAR( ramp, expectedRamp, expectedRamp * pow( 1.5 * h, 2 ) / 6 + ANGLE + ( FLOAT_BUILD ? n * 1.2e-7 : 0 ) );
	ENSURE_NEAR( fabs( (double)torque.z ), 0.5, READOUT * 0.5 );
	ENSURE_NEAR( speed, 3, SPEED * 3 );
	ENSURE_BELOW( fabs( (double)w.x ) + fabs( (double)w.y ), SPEED );
	ttDestroyWorld( world );

	world = MakeWorld( ( ttVec3 ){ 0, (ttReal)-G, 0 } );
	ttBodyId rod = MakeBox( world, ( ttVec3 ){ 0.5f, 0, 0 }, TT_QUAT_IDENTITY, ( ttVec3 ){ 0.5f, 0.05f, 0.05f }, 1 );
	def = ttDefaultHingeJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = rod;
	def.base.localFrameA.q = xToZ;
	def.base.localFrameB = ( ttTransform ){ { -0.5f, 0, 0 }, xToZ };
	def.enableTarget = true;
	def.targetAngle = (ttReal)( -PI / 6 );
	ttJointId target = ttCreateHingeJoint( world, &def );
	Run( world, 1 );
	ttVec3 p = ttBody_GetPosition( rod );
	double angle = atan2( (double)p.y, (double)p.x );
	torque = ttJoint_GetConstraintTorque( target );
	printf( "target: rests at %.6f deg (-30), torque z %.6g N m (m g L/2 cos 30 = %.6g)\n", angle * 180 / PI,
	        (double)torque.z, G * 0.5 * cos( PI / 6 ) );
	ENSURE_NEAR( angle, -PI / 6, ANGLE );
	ENSURE_NEAR( fabs( (double)torque.z ), G * 0.5 * cos( PI / 6 ), READOUT * G );
	ttDestroyWorld( world );
}

// A 1 kg slider on a prismatic joint whose axis runs down an incline of 30 degrees: from rest
// its speed along the axis after t is g sin 30 t exactly (the axis is frictionless and the
// gravity's component along it constant; a constant acceleration's speed is exact under the
// step), it stays on the line and does not turn. Stopped by the upper limit at 1 m it rests
// there with the joint pushing m g sin 30 = 4.905 N along the axis.
static void PrismaticIncline( void )
{
	printf( "-- prismatic slider on an incline\n" );
	ttWorldId world = MakeWorld( ( ttVec3 ){ 0, (ttReal)-G, 0 } );
	double theta = PI / 6;
	ttVec3 axis = { (ttReal)cos( theta ), (ttReal)-sin( theta ), 0 };
	ttQuat turn = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)-theta );
	ttBodyId slider = MakeBox( world, TT_VEC3_ZERO, turn, ( ttVec3 ){ 0.2f, 0.1f, 0.1f }, 1 );
	ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = slider;
	def.base.localFrameA.q = turn;
	def.enableLimit = true;
	def.lowerTranslation = -10;
	def.upperTranslation = 1;
	ttJointId joint = ttCreatePrismaticJoint( world, &def );
	Run( world, 0.5 );
	ttVec3 v = ttBody_GetLinearVelocity( slider ), p = ttBody_GetPosition( slider );
	double along = (double)ttDot( v, axis ), expected = G * sin( theta ) * 0.5;
	ttVec3 off = ttSub( p, ttScale( ttDot( p, axis ), axis ) );
	printf( "at 0.5 s: speed %.9f m/s (g sin 30 t = %.9f), off the line %.3g m, turned %.3g rad/s\n", along, expected,
	        Length3( off ), Length3( ttBody_GetAngularVelocity( slider ) ) );
	ENSURE_NEAR( along, expected, SPEED * expected );
	ENSURE_BELOW( Length3( off ), POINT );
	ENSURE_BELOW( Length3( ttBody_GetAngularVelocity( slider ) ), SPEED );
	Run( world, 1.5 );
	p = ttBody_GetPosition( slider );
	ttVec3 force = ttJoint_GetConstraintForce( joint );
	printf( "at the limit: %.9f m along (1), force along the axis %.6g N (m g sin 30 = %.6g)\n",
	        (double)ttDot( p, axis ), (double)ttDot( force, axis ), G * sin( theta ) );
	ENSURE_NEAR( ttDot( p, axis ), 1, POINT );
	ENSURE_NEAR( fabs( (double)ttDot( force, axis ) ), G * sin( theta ), READOUT * G );
	ttDestroyWorld( world );
}

// Generic joints locking chosen axes, gravity (g, -g, 0) / sqrt 2 in the xy plane, 1 kg box:
// - y and z locked, x free, rotation locked: it slides along x at g / sqrt 2, nothing else;
// - x locked only, rotation free (anchor at the centre): it falls along y at g / sqrt 2 and
//   stays at x = 0.
static void GenericAxes( void )
{
	printf( "-- generic joints locking chosen axes\n" );
	double component = G / sqrt( 2.0 ), t = 0.5;
	for ( int c = 0; c < 2; ++c )
	{
		ttWorldId world = MakeWorld( ( ttVec3 ){ (ttReal)component, (ttReal)-component, 0 } );
		ttBodyId box = MakeBox( world, TT_VEC3_ZERO, TT_QUAT_IDENTITY, ( ttVec3 ){ 0.3f, 0.2f, 0.1f }, 1 );
		ttGenericJointDef def = ttDefaultGenericJointDef();
		def.base.bodyA = ttNullBodyId;
		def.base.bodyB = box;
		def.lowerTranslation = c == 0 ? ( ttVec3 ){ 1, 0, 0 } : ( ttVec3 ){ 0, 1, 1 };
		def.upperTranslation = c == 0 ? ( ttVec3 ){ 0, 0, 0 } : ( ttVec3 ){ 0, 0, 0 };
		def.lockRotation = c == 0;
		ttJointId joint = ttCreateGenericJoint( world, &def );
		ttBody_SetAngularVelocity( box, ( ttVec3 ){ 0, 0, c == 0 ? 0 : 2 } );
		Run( world, t );
		ttVec3 v = ttBody_GetLinearVelocity( box ), p = ttBody_GetPosition( box );
		ttVec3 w = ttBody_GetAngularVelocity( box );
		printf(
		    "%s: v (%.9f, %.9f, %.3g) m/s (free component %.9f), p (%.3g, %.6f, %.3g), w z %.6f rad/s, error %.3g\n",
		    c == 0 ? "x free, rotation locked" : "x locked, rotation free", (double)v.x, (double)v.y, (double)v.z,
		    component * t, (double)p.x, (double)p.y, (double)p.z, (double)w.z,
		    (double)ttJoint_GetPositionError( joint ) );
		if ( c == 0 )
		{
			ENSURE_NEAR( v.x, component * t, SPEED * component * t );
			ENSURE_BELOW( fabs( (double)p.y ) + fabs( (double)p.z ), POINT );
			ENSURE_BELOW( Length3( w ), SPEED );
		}
		else
		{
			ENSURE_NEAR( v.y, -component * t, SPEED * component * t );
			ENSURE_BELOW( fabs( (double)p.x ), POINT );
			ENSURE_NEAR( w.z, 2, SPEED * 2 ); // the rotation is free: the spin it was given stays
		}
		ttDestroyWorld( world );
	}
}

int main( void )
{
	ConeLimit();
	TwistLimit();
	HingeDrives();
	PrismaticIncline();
	GenericAxes();
	return TEST_RESULT();
}
