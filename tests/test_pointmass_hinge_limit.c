// SPDX-License-Identifier: MIT
// Hinge angle limits solved by the point-mass family itself (src/joint_solver_pointmass.c): past
// a stop the line hinge becomes, for that solve, a weld of three shared points at the stop angle.
//
// A 1 kg rod of 1 x 0.1 x 0.1 m hinged at one end to the world about z starts horizontal at rest
// (hinge angle 0) with the stops at -30 and +30 degrees, one substep per frame of 1/60 s and four
// iterations (the family's own setting) and at 4 substeps:
// - It falls onto the lower stop and stays there: at the end of every step the angle is never
//   past the stop by more than round-off (1e-9 rad; float 1e-5 rad: a unit in the last place of
//   the bodies' coordinates over the 0.5 m arm, as ROUND_OFF of test_pointmass.c), and the anchor
//   never opens by more than round-off either (the stop turns the rod about the hinge line).
// - At rest on the stop (after 2 s) the angle is -30 degrees and the joint holds the rod's weight:
//   force m g = 9.81 N up, torque about the anchor m g (L / 2) cos 30 = 4.2479 N m, within the
//   readout floor of test_pointmass.c (1e-6 relative; float 2e-3).
// - Swinging within the stops (released at 60 degrees from hanging, stops at +-80 degrees from
//   hanging) the stops never act: the period is the physical pendulum's,
//   4 sqrt(I / (m g L)) K(sin(t0 / 2)) with L = 0.5 m, I = m (1 + 0.01) / 12 + m L^2, within
//   0.1 % (the line hinge's own test holds that).
// - Thrown into the stop at 20 rad/s at 4 substeps (0.083 rad per substep), it stops there: past
//   the stop by at most round-off. At one substep (0.33 rad per substep) the four iterations leave
//   it past the stop by 2e-8 rad at the impact: the family's forces act along the directions of
//   the substep's start, a chord iteration whose rate falls with the turn per substep (printed,
//   not asserted; XPBD's Newton step has no such lag).
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

#define PI 3.14159265358979323846
#define G 9.81
#define DT ( 1.0 / 60.0 )
#define ANGLE_ROUND_OFF ( sizeof( ttReal ) == sizeof( float ) ? 1e-5 : 1e-9 )
#define POINT_ROUND_OFF ( sizeof( ttReal ) == sizeof( float ) ? 1.5e-5 : 1e-11 )
#define READOUT ( sizeof( ttReal ) == sizeof( float ) ? 2e-3 : 1e-6 )

static ttWorldId MakeWorld( ttJointSolverType solver, int substeps )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, -G, 0 };
	def.substeps = substeps;
	def.iterations = 4;
	def.jointSolver = solver;
	def.enableContacts = false;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

// The rod along +x from the pivot at the origin, turned by `angle` about z; a hinge about z with
// stops at lower and upper.
static ttJointId MakeRod( ttWorldId world, double angle, double lower, double upper, ttBodyId* rod )
{
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ (ttReal)( 0.5 * cos( angle ) ), (ttReal)( 0.5 * sin( angle ) ), 0 };
	bodyDef.rotation = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)angle );
	*rod = ttCreateBody( world, &bodyDef );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = 1 / ( 1.0f * 0.1f * 0.1f );
	ttCreateBoxShape( *rod, &shape, &( ttBox ){ .halfExtents = { 0.5f, 0.05f, 0.05f } } );
	ttHingeJointDef def = ttDefaultHingeJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = *rod;
	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -PI / 2 ) );
	def.base.localFrameA = ( ttTransform ){ { 0, 0, 0 }, xToZ };
	// B's frame at the rod's end, turned with the rod: the hinge angle is the rod's angle.
	def.base.localFrameB = ( ttTransform ){ { -0.5f, 0, 0 }, xToZ };
	def.enableLimit = true;
	def.lowerAngle = (ttReal)lower;
	def.upperAngle = (ttReal)upper;
	return ttCreateHingeJoint( world, &def );
}

static double Length3( ttVec3 v )
{
	return sqrt( (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z );
}

static const char* Name( ttJointSolverType solver )
{
	return solver == ttJointSolver_pointmass ? "pointmass" : ( solver == ttJointSolver_si ? "si" : "xpbd" );
}

static void FallOntoStop( ttJointSolverType solver, int substeps )
{
	printf( "-- falls onto the stop at -30 degrees, %s, %d substep(s)\n", Name( solver ), substeps );
	const double stop = -PI / 6;
	ttWorldId world = MakeWorld( solver, substeps );
	ttBodyId rod;
	ttJointId joint = MakeRod( world, 0, stop, PI / 6, &rod );
	double worstPast = 0, worstAnchor = 0;
	for ( int frame = 0; frame < 120; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
		worstPast = fmax( worstPast, stop - (double)ttHingeJoint_GetAngle( joint ) );
		worstAnchor = fmax( worstAnchor, (double)ttJoint_GetPositionError( joint ) );
	}
	double angle = (double)ttHingeJoint_GetAngle( joint );
	ttVec3 force = ttJoint_GetConstraintForce( joint );
	ttVec3 torque = ttJoint_GetConstraintTorque( joint );
	double expectedTorque = G * 0.5 * cos( PI / 6 );
	printf( "past the stop at most %.3g rad, anchor open at most %.3g m; at rest %.6f deg, force (%.5f, %.5f) N, "
	        "torque z %.5f N m (m g L/2 cos 30 = %.5f), angular speed %.3g rad/s\n",
	        worstPast, worstAnchor, angle * 180 / PI, (double)force.x, (double)force.y, (double)torque.z,
	        expectedTorque, Length3( ttBody_GetAngularVelocity( rod ) ) );
	if ( solver == ttJointSolver_pointmass )
	{
		ENSURE_BELOW( worstPast, ANGLE_ROUND_OFF );
		ENSURE_BELOW( worstAnchor, POINT_ROUND_OFF );
		ENSURE_NEAR( angle, stop, ANGLE_ROUND_OFF );
		ENSURE_NEAR( (double)force.y, G, READOUT * G );
		ENSURE_NEAR( (double)force.x, 0, READOUT * G );
		ENSURE_NEAR( (double)torque.z, expectedTorque, READOUT * G );
	}
	ttDestroyWorld( world );
}

// Complete elliptic integral of the first kind K(k) by the arithmetic-geometric mean.
static double EllipticK( double k )
{
	double a = 1, b = sqrt( 1 - k * k );
	for ( int i = 0; i < 30; ++i )
	{
		double m = 0.5 * ( a + b );
		b = sqrt( a * b );
		a = m;
	}
	return PI / ( 2 * a );
}

static void SwingWithinStops( void )
{
	printf( "-- swings within the stops\n" );
	const double t0 = PI / 3, L = 0.5;
	ttWorldId world = MakeWorld( ttJointSolver_pointmass, 1 );
	ttBodyId rod;
	// Hanging is -90 degrees from the rod's +x; released 60 degrees up from there, stops 80 either side.
	ttJointId joint = MakeRod( world, -PI / 2 + t0, -PI / 2 - 80 * PI / 180, -PI / 2 + 80 * PI / 180, &rod );
	double inertia = ( 1 + 0.01 ) / 12 + L * L;
	double expected = 4 * sqrt( inertia / ( G * L ) ) * EllipticK( sin( t0 / 2 ) );
	double previous = (double)ttBody_GetPosition( rod ).x, time = 0, crossings[2] = { 0, 0 }, widest = 0;
	int found = 0;
	while ( found < 2 && time < 10 )
	{
		ttWorld_Step( world, (ttReal)DT );
		time += DT;
		double s = (double)ttBody_GetPosition( rod ).x;
		if ( ( s > 0 ) != ( previous > 0 ) )
		{
			crossings[found++] = time - DT * s / ( s - previous );
		}
		previous = s;
		widest = fmax( widest, fabs( (double)ttHingeJoint_GetAngle( joint ) + PI / 2 ) );
	}
	double period = 2 * ( crossings[1] - crossings[0] );
	printf( "period %.6f s, analytic %.6f s (%.3g %%), widest swing %.3f deg\n", period, expected,
	        100 * ( period / expected - 1 ), widest * 180 / PI );
	ENSURE( found == 2 );
	ENSURE_NEAR( period, expected, 1e-3 * expected );
	ttDestroyWorld( world );
}

static void ThrownIntoStop( ttJointSolverType solver, int substeps )
{
	printf( "-- thrown into the upper stop at 20 rad/s, %s, %d substep(s)\n", Name( solver ), substeps );
	ttWorldId world = MakeWorld( solver, substeps );
	ttBodyId rod;
	ttJointId joint = MakeRod( world, 0, -PI / 6, PI / 6, &rod );
	ttBody_SetAngularVelocity( rod, ( ttVec3 ){ 0, 0, 20 } );
	ttBody_SetLinearVelocity( rod, ( ttVec3 ){ 0, 10, 0 } ); // the centre's speed about the pivot
	double worstPast = 0, worstAnchor = 0;
	for ( int frame = 0; frame < 60; ++frame )
	{
		ttWorld_Step( world, (ttReal)DT );
		worstPast = fmax( worstPast, (double)ttHingeJoint_GetAngle( joint ) - PI / 6 );
		worstAnchor = fmax( worstAnchor, (double)ttJoint_GetPositionError( joint ) );
	}
	printf( "past the stop at most %.3g rad, anchor open at most %.3g m\n", worstPast, worstAnchor );
	if ( solver == ttJointSolver_pointmass && substeps >= 4 )
	{
		ENSURE_BELOW( worstPast, ANGLE_ROUND_OFF );
		ENSURE_BELOW( worstAnchor, POINT_ROUND_OFF );
	}
	ttDestroyWorld( world );
}

int main( void )
{
	FallOntoStop( ttJointSolver_pointmass, 1 );
	FallOntoStop( ttJointSolver_pointmass, 4 );
	FallOntoStop( ttJointSolver_xpbd, 1 ); // for comparison, printed only
	FallOntoStop( ttJointSolver_si, 1 );
	SwingWithinStops();
	ThrownIntoStop( ttJointSolver_pointmass, 1 );
	ThrownIntoStop( ttJointSolver_pointmass, 4 );
	ThrownIntoStop( ttJointSolver_xpbd, 1 );
	return TEST_RESULT();
}
