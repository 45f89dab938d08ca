// SPDX-License-Identifier: MIT
// Path joints (a point of a body kept on a curve; van Overveld's point-to-curve constraint) under
// the XPBD, the velocity-level and the point-mass joint families (each scene under all three; the
// point-mass family's own tests are in test_pointmass_path.c).
//
// - A bead on a frictionless wire shaped y = x^2 / 2 (a smooth Catmull-Rom spline through 17
//   points), released at rest at x = -1.5: the wire does no work, so the bead's energy
//   1/2 m v^2 + m g y stays what it was. The solvers' numerical damping is the only loss: it must
//   stay under 3 % of the energy of the drop (m g y0) over 2 s (about one and a half swings), and
//   the bead within 1 mm of the wire.
// - A roller coaster: a 200 kg car (a box) whose two wheel points ride a closed vertical loop of
//   radius 4 m (a spline through 24 points), started at the bottom at 15 m/s (enough to loop:
//   sqrt(5 g R) = 14 m/s at the bottom keeps the rail in compression). The car never leaves the
//   rail (both wheels within 1 cm of it over 3 s, where it covers 30 m at up to 15 m/s) and, the
//   rail doing no work, its speed at the top follows from the energy at the bottom, counting the
//   car's turning (1/2 I w^2 with w = v / r, r the radius its centre runs on), within 5 %.
// - A motor on a straight level track reaches its speed; an upper limit stops the body there.
// - Bad input is refused with a message and no joint.
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

#define G 9.81
#define DT ( 1.0 / 60.0 )
#define PI 3.14159265358979323846

static int s_messages;
static void CountLog( const char* message )
{
	(void)message;
	s_messages += 1;
}

static ttWorldId MakeWorld( ttJointSolverType solver, int substeps )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, -G, 0 };
	def.substeps = substeps;
	def.jointSolver = solver;
	def.enableContacts = false;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId MakeBall( ttWorldId world, ttVec3 p, double m )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	double r = 0.05;
	shape.density = (ttReal)( m / ( 4.0 / 3.0 * PI * r * r * r ) );
	ttCreateSphereShape( body, &shape, &( ttSphere ){ .radius = (ttReal)r } );
	return body;
}

static const char* SolverName( ttJointSolverType solver )
{
	return solver == ttJointSolver_si ? "si" : ( solver == ttJointSolver_pointmass ? "pointmass" : "xpbd" );
}

static double Length3( ttVec3 v )
{
	return sqrt( (double)( v.x * v.x + v.y * v.y + v.z * v.z ) );
}

static void Wire( ttJointSolverType solver )
{
	printf( "-- bead on a wire, %s\n", SolverName( solver ) );
	ttVec3 points[17];
	for ( int i = 0; i < 17; ++i )
	{
		double x = -2 + 0.25 * i;
		points[i] = ( ttVec3 ){ (ttReal)x, (ttReal)( 0.5 * x * x ), 0 };
	}
	ttWorldId world = MakeWorld( solver, 20 );
	double x0 = -1.5, y0 = 0.5 * x0 * x0;
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ (ttReal)x0, (ttReal)y0, 0 }, 0.1 );
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = bead;
	def.points = points;
	def.pointCount = 17;
	def.smooth = true;
	ttJointId joint = ttCreatePathJoint( world, &def );
	ENSURE( TT_IS_NULL( joint ) == false );
	const double m = 0.1;
	double e0 = m * G * y0, worstLoss = 0, worstGain = 0, worstGap = 0;
	for ( int frame = 0; frame < 120; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
		double speed = Length3( ttBody_GetLinearVelocity( bead ) );
		double e = 0.5 * m * speed * speed + m * G * (double)ttBody_GetPosition( bead ).y;
		worstLoss = fmax( worstLoss, e0 - e );
		worstGain = fmax( worstGain, e - e0 );
		worstGap = fmax( worstGap, (double)ttJoint_GetPositionError( joint ) );
	}
	printf(
	    "energy of the drop %.5f J: largest loss %.3g J (%.2f %%), largest gain %.3g J, worst distance from the wire "
	    "%.3g m\n",
	    e0, worstLoss, 100 * worstLoss / e0, worstGain, worstGap );
	ENSURE_BELOW( worstLoss, 0.03 * e0 );
	ENSURE_BELOW( worstGain, 1e-3 * e0 );
	ENSURE_BELOW( worstGap, 1e-3 );
	ttDestroyWorld( world );
}

static void Coaster( ttJointSolverType solver )
{
	printf( "-- roller coaster loop, %s\n", SolverName( solver ) );
	const double radius = 4, v0 = 15, mass = 200;
	ttVec3 points[24];
	for ( int i = 0; i < 24; ++i )
	{
		// Counter-clockwise from the bottom: the car starts at the bottom moving along +x.
		double a = -PI / 2 + 2 * PI * i / 24;
		points[i] = ( ttVec3 ){ (ttReal)( radius * cos( a ) ), (ttReal)( radius + radius * sin( a ) ), 0 };
	}
	ttWorldId world = MakeWorld( solver, 20 );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, 0, 0 };
	bodyDef.linearVelocity = ( ttVec3 ){ (ttReal)v0, 0, 0 };
	ttBodyId car = ttCreateBody( world, &bodyDef );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( mass / ( 0.8 * 0.2 * 0.4 ) );
	ttCreateBoxShape( car, &shape, &( ttBox ){ .halfExtents = { 0.4f, 0.1f, 0.2f } } );
	// The wheels: 0.3 m ahead and behind the centre, on the rail. The car starts along the rail's
	// chord there, so its centre is a little inside the circle.
	double half = 0.3, sag = radius - sqrt( radius * radius - half * half );
	ttBody_SetTransform( car, ( ttVec3 ){ 0, (ttReal)sag, 0 }, TT_QUAT_IDENTITY );
	ttJointId wheels[2];
	for ( int w = 0; w < 2; ++w )
	{
		ttPathJointDef def = ttDefaultPathJointDef();
		def.base.bodyA = ttNullBodyId;
		def.base.bodyB = car;
		def.base.localFrameB.p = ( ttVec3 ){ (ttReal)( w == 0 ? half : -half ), (ttReal)-sag, 0 };
		def.points = points;
		def.pointCount = 24;
		def.closed = true;
		def.smooth = true;
		wheels[w] = ttCreatePathJoint( world, &def );
	}
	double worstGap = 0, topSpeed = 0, highest = -1;
	for ( int frame = 0; frame < 180; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
		for ( int w = 0; w < 2; ++w )
		{
			worstGap = fmax( worstGap, (double)ttJoint_GetPositionError( wheels[w] ) );
		}
		double y = (double)ttBody_GetPosition( car ).y;
		if ( y > highest )
		{
			highest = y;
			topSpeed = Length3( ttBody_GetLinearVelocity( car ) );
		}
	}
	// Energy at the top: 1/2 (m + I / r^2) v^2 = 1/2 (m + I / r^2) v0^2 - m g (highest - start),
	// with r = R - sag... the centre's radius sqrt(R^2 - half^2) and I the box's about z.
	double r = sqrt( radius * radius - half * half );
	double inertia = mass * ( 0.8 * 0.8 + 0.2 * 0.2 ) / 12;
	double effective = mass + inertia / ( r * r );
	double expectedTop = sqrt( v0 * v0 - 2 * mass * G * ( highest - sag ) / effective );
	printf( "highest %.4f m (2R - sag = %.4f), speed there %.4f m/s, energy says %.4f, worst wheel gap %.3g m\n",
	        highest, 2 * radius - sag, topSpeed, expectedTop, worstGap );
	ENSURE_NEAR( highest, 2 * radius - sag, 0.02 );
	ENSURE_NEAR( topSpeed, expectedTop, 0.05 * expectedTop );
	ENSURE_BELOW( worstGap, 1e-2 );
	ttDestroyWorld( world );
}

// A level straight track along x from 0 to 10 m: a motor of 2 m/s with a 50 N cap drives a 1 kg
// bead from rest; it accelerates at 50 m/s^2 until 2 m/s, then an upper limit at 3 m stops it.
static void MotorAndLimit( ttJointSolverType solver )
{
	printf( "-- motor and limit, %s\n", SolverName( solver ) );
	ttVec3 points[2] = { { 0, 0, 0 }, { 10, 0, 0 } };
	ttWorldId world = MakeWorld( solver, 8 );
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ 0.5, 0, 0 }, 1 );
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = bead;
	def.points = points;
	def.pointCount = 2;
	def.enableMotor = true;
	def.motorSpeed = 2;
	def.maxMotorForce = 50;
	def.enableLimit = true;
	def.lowerPosition = 0;
	def.upperPosition = 3;
	ttJointId joint = ttCreatePathJoint( world, &def );
	ttWorld_Step( world, (ttReal)DT );
	double early = (double)ttPathJoint_GetSpeed( joint );
	printf( "speed after one frame %.4f m/s (50 m/s^2 x 1/60 s = %.4f)\n", early, 50 * DT );
	ENSURE_NEAR( early, 50 * DT, 0.02 * 50 * DT );
	for ( int frame = 0; frame < 30; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
	double cruise = (double)ttPathJoint_GetSpeed( joint );
	printf( "speed after 0.5 s %.5f m/s (motor 2)\n", cruise );
	ENSURE_NEAR( cruise, 2, 1e-3 );
	for ( int frame = 0; frame < 120; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
	double s = (double)ttPathJoint_GetPosition( joint );
	double x = (double)ttBody_GetPosition( bead ).x;
	printf( "at the limit: s = %.5f, x = %.5f (limit 3), y = %.3g\n", s, x, (double)ttBody_GetPosition( bead ).y );
	ENSURE_NEAR( x, 3, 1e-3 );
	ENSURE_BELOW( fabs( (double)ttBody_GetPosition( bead ).y ), 1e-3 );
	ttDestroyWorld( world );
}

static void BadInput( void )
{
	printf( "-- bad input\n" );
	ttWorldId world = MakeWorld( ttJointSolver_xpbd, 4 );
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ 0, 0, 0 }, 1 );
	ttVec3 points[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 } };
	ttVec3 bad[2] = { { 0, 0, 0 }, { NAN, 0, 0 } };
	ttSetLogFcn( CountLog );
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyB = bead;
	int before = s_messages;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // no points
	def.points = points;
	def.pointCount = 1;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // one point
	def.pointCount = 2;
	def.closed = true;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // a closed curve of two points
	def.closed = false;
	def.points = bad;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // NaN
	def.points = points;
	def.pointCount = 3;
	def.enableLimit = true;
	def.lowerPosition = 2;
	def.upperPosition = 1;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // lower > upper
	def.enableLimit = false;
	def.maxMotorForce = -1;
	ENSURE( TT_IS_NULL( ttCreatePathJoint( world, &def ) ) ); // negative force cap
	printf( "%d messages for 6 bad defs\n", s_messages - before );
	ENSURE( s_messages - before == 6 );
	ENSURE( ttWorld_GetJointCount( world ) == 0 );
	ttSetLogFcn( NULL );
	ttDestroyWorld( world );
}

int main( void )
{
	Wire( ttJointSolver_xpbd );
	Wire( ttJointSolver_si );
	Wire( ttJointSolver_pointmass );
	Coaster( ttJointSolver_xpbd );
	Coaster( ttJointSolver_si );
	Coaster( ttJointSolver_pointmass );
	MotorAndLimit( ttJointSolver_xpbd );
	MotorAndLimit( ttJointSolver_si );
	MotorAndLimit( ttJointSolver_pointmass );
	BadInput();
	return TEST_RESULT();
}
