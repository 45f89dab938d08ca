// SPDX-License-Identifier: MIT
// Path joints under the point-mass family (van Overveld and Barenbrug, section 2.6: a point of a
// body's constellation kept on a curve, the force normal to the curve at the substep's start).
//
// - Bead on a frictionless wire y = x^2 / 2 (a Catmull-Rom spline through 17 points), released
//   at rest at x = -1.5, one substep per step of h: the wire does no work, so the speed is
//   v = sqrt(2 g (y0 - y)) at every moment. The step's velocity is the chord (x(t) - x(t - h)) / h,
//   which is the velocity at the middle of the step, so it is compared with the formula at the
//   middle height (y(t) + y(t - h)) / 2, as the height the speed implies, v^2 / 2g, against the
//   drop y0 - y (the speed itself is ill-conditioned at the turning points, where a height error
//   e gives sqrt(2 g e)). Both are second order in h, and so is the family's iteration (a chord
//   method on the constraint, as SHAKE): the worst error over 2 s must fall at least 3 times when
//   h halves (4 for an exact second-order error) and stay under 1e-5 m at h = 1/2400 s (a
//   first-order scheme's g h^2 / 2 per step over 4800 steps: 4e-3 m). In float the speed carries
//   the rounding of v + g h, which has the same sign step after step while v stays in one binade
//   (g h is a fixed number of units in the last place plus the same fraction): up to half a unit
//   of v (2.4e-7 m/s at 4.7 m/s) per step, 1.1e-3 m/s over 4800 steps, v dv / g = 5.4e-4 m of
//   height; the float tolerance is that. The bead stays within 1e-9 m of the wire (float: 2e-5 m,
//   ROUND_OFF).
// - A ring that floats free (no gravity) carries the curve; a bead on it is launched along it:
//   the forces between them are equal and opposite, so the total momentum stays what it was (to
//   round-off), the wire does no work, so the kinetic energy stays within 0.1 % (the same
//   second-order chord error as above at 20 substeps), and the bead stays on the ring's curve.
// - Motor and limit on a path joint (a bead on a tilted straight rail, pulled uphill): the motor
//   holds 1 m/s against gravity's pull along the rail (1 kg, 30 degrees: 4.9 N, under the 20 N
//   cap), the force readout along the rail is m g sin 30 = 4.905 N, and the upper limit stops the
//   bead at s = 2 m.
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

#define PI 3.14159265358979323846
#define G 9.81
#define ROUND_OFF ( sizeof( ttReal ) == sizeof( float ) ? 2e-5 : 1e-9 )

static ttWorldId MakeWorld( int substeps, double gravity )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, (ttReal)-gravity, 0 };
	def.substeps = substeps;
	def.jointSolver = ttJointSolver_pointmass;
	def.enableContacts = false;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId MakeBall( ttWorldId world, ttVec3 p, double m, double r )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( m / ( 4.0 / 3.0 * PI * r * r * r ) );
	ttCreateSphereShape( body, &shape, &( ttSphere ){ .radius = (ttReal)r } );
	return body;
}

static double Length3( ttVec3 v )
{
	return sqrt( (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z );
}

// Worst |v^2 / 2g - (y0 - y_mid)| over 2 s at one substep per step of h.
static double BeadSpeedError( double h )
{
	ttVec3 points[17];
	for ( int i = 0; i < 17; ++i )
	{
		double x = -2 + 0.25 * i;
		points[i] = ( ttVec3 ){ (ttReal)x, (ttReal)( 0.5 * x * x ), 0 };
	}
	ttWorldId world = MakeWorld( 1, G );
	double x0 = -1.5, y0 = 0.5 * x0 * x0;
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ (ttReal)x0, (ttReal)y0, 0 }, 0.1, 0.05 );
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyB = bead;
	def.points = points;
	def.pointCount = 17;
	def.smooth = true;
	ttJointId joint = ttCreatePathJoint( world, &def );
	ENSURE( TT_IS_NULL( joint ) == false );
	double worst = 0, worstGap = 0, fastest = 0, last = y0;
	int steps = (int)( 2.0 / h + 0.5 );
	for ( int i = 0; i < steps; ++i )
	{
		ttWorld_Step( world, (ttReal)h );
		double y = (double)ttBody_GetPosition( bead ).y;
		double middle = 0.5 * ( y + last );
		double speed = Length3( ttBody_GetLinearVelocity( bead ) );
		worst = fmax( worst, fabs( speed * speed / ( 2 * G ) - ( y0 - middle ) ) );
		fastest = fmax( fastest, speed );
		worstGap = fmax( worstGap, (double)ttJoint_GetPositionError( joint ) );
		last = y;
	}
	printf( "h = 1/%.0f s: fastest %.4f m/s (sqrt(2 g y0) = %.4f), worst height error of the speed %.3g m, worst gap "
	        "%.3g m\n",
	        1 / h, fastest, sqrt( 2 * G * y0 ), worst, worstGap );
	ENSURE_NEAR( fastest, sqrt( 2 * G * y0 ), 0.01 );
	ENSURE_BELOW( worstGap, ROUND_OFF );
	ttDestroyWorld( world );
	return worst;
}

static void BeadOnWire( void )
{
	printf( "-- bead on a wire, v = sqrt(2 g dh)\n" );
	double coarse = BeadSpeedError( 1.0 / 1200 );
	double fine = BeadSpeedError( 1.0 / 2400 );
	printf( "error ratio %.2f (second order: 4)\n", coarse / fine );
	if ( sizeof( ttReal ) == sizeof( double ) )
	{
		ENSURE_BELOW( fine, 1e-5 );
		ENSURE_BELOW( 3 * fine, coarse );
	}
	else
	{
		ENSURE_BELOW( fine, 5.4e-4 ); // the rounding of v + g h, not the scheme's error
	}
}

// A 2 kg ring of radius 1 (a thin torus' inertia, the curve a 32-point closed spline in its
// plane) floats free; a 0.5 kg bead sits on the curve at (1, 0, 0) moving at 2 m/s along it.
static void FloatingRing( void )
{
	printf( "-- bead on a floating ring\n" );
	ttWorldId world = MakeWorld( 20, 0 );
	ttBodyDef ringDef = ttDefaultBodyDef();
	ringDef.type = ttBody_dynamic;
	ttBodyId ring = ttCreateBody( world, &ringDef );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = 1;
	ttCreateSphereShape( ring, &shape, &( ttSphere ){ .radius = 0.1f } );
	ttMassData mass = { .mass = 2, .center = { 0, 0, 0 }, .inertia = { 0.5f, 0.5f, 1 }, .rotation = TT_QUAT_IDENTITY };
	ttBody_SetMassData( ring, mass );
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ 1, 0, 0 }, 0.5, 0.02 );
	ttBody_SetLinearVelocity( bead, ( ttVec3 ){ 0, 2, 0 } );
	ttVec3 points[32];
	for ( int i = 0; i < 32; ++i )
	{
		double a = 2 * PI * i / 32;
		points[i] = ( ttVec3 ){ (ttReal)cos( a ), (ttReal)sin( a ), 0 };
	}
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyA = ring;
	def.base.bodyB = bead;
	def.points = points;
	def.pointCount = 32;
	def.closed = true;
	def.smooth = true;
	ttJointId joint = ttCreatePathJoint( world, &def );
	ENSURE( TT_IS_NULL( joint ) == false );
	double e0 = 0.5 * 0.5 * 4, worstGap = 0, worstEnergy = 0, worstMomentum = 0, travelled = 0;
	for ( int frame = 0; frame < 300; ++frame )
	{
		ttWorld_Step( world, 1.0f / 60 );
		ttVec3 p =
		    ttAdd( ttScale( 2, ttBody_GetLinearVelocity( ring ) ), ttScale( 0.5f, ttBody_GetLinearVelocity( bead ) ) );
		worstMomentum = fmax( worstMomentum, Length3( ttSub( p, ( ttVec3 ){ 0, 1, 0 } ) ) );
		worstEnergy = fmax( worstEnergy, fabs( (double)ttWorld_GetKineticEnergy( world ) - e0 ) );
		worstGap = fmax( worstGap, (double)ttJoint_GetPositionError( joint ) );
		travelled = fmax( travelled, (double)ttPathJoint_GetPosition( joint ) );
	}
	printf( "furthest along the ring %.3f m, worst momentum error %.3g kg m/s, kinetic energy within %.3g J of %.1f J, "
	        "worst gap %.3g m\n",
	        travelled, worstMomentum, worstEnergy, e0, worstGap );
	ENSURE( travelled > 1 ); // it went round
	// Float: each substep's velocity is the position change over h, resolved to a unit in the last
	// place of that change (3.7e-9 m at v dt = 0.03 m: 4.5e-6 m/s at h = 1/1200 s, 9e-6 kg m/s
	// for the 2 kg ring); a random walk of that over 6000 substeps is 7e-4 kg m/s.
	ENSURE_BELOW( worstMomentum, sizeof( ttReal ) == sizeof( float ) ? 1e-3 : 1e-9 );
	ENSURE_BELOW( worstEnergy, 1e-3 * e0 );
	ENSURE_BELOW( worstGap, sizeof( ttReal ) == sizeof( float ) ? 1e-4 : 1e-6 );
	ttDestroyWorld( world );
}

// A straight rail from the origin up a 30 degree slope, 3 m long; a 1 kg bead at s = 0.5 m.
static void MotorUphill( void )
{
	printf( "-- motor uphill and the upper limit\n" );
	double c = cos( PI / 6 ), s = sin( PI / 6 );
	ttVec3 points[2] = { { 0, 0, 0 }, { (ttReal)( 3 * c ), (ttReal)( 3 * s ), 0 } };
	ttWorldId world = MakeWorld( 8, G );
	ttBodyId bead = MakeBall( world, ( ttVec3 ){ (ttReal)( 0.5 * c ), (ttReal)( 0.5 * s ), 0 }, 1, 0.05 );
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base.bodyB = bead;
	def.points = points;
	def.pointCount = 2;
	def.enableMotor = true;
	def.motorSpeed = 1;
	def.maxMotorForce = 20;
	def.enableLimit = true;
	def.lowerPosition = 0;
	def.upperPosition = 2;
	ttJointId joint = ttCreatePathJoint( world, &def );
	for ( int frame = 0; frame < 30; ++frame )
	{
		ttWorld_Step( world, 1.0f / 60 );
	}
	double speed = (double)ttPathJoint_GetSpeed( joint );
	ttVec3 force = ttJoint_GetConstraintForce( joint );
	double along = (double)force.x * c + (double)force.y * s;
	printf( "after 0.5 s: speed %.5f m/s (motor 1), force along the rail %.4f N (m g sin 30 = %.4f)\n", speed, along,
	        G * s );
	ENSURE_NEAR( speed, 1, 1e-3 );
	// Float resolves the correction the readout comes from to one unit in the last place of the
	// bead's position (1.2e-7 m between 1 and 2 m): m ulp / h^2 = 0.027 N at h = 1/480 s.
	ENSURE_NEAR( along, G * s, sizeof( ttReal ) == sizeof( float ) ? 0.03 : 1e-3 * G );
	for ( int frame = 0; frame < 120; ++frame )
	{
		ttWorld_Step( world, 1.0f / 60 );
	}
	double at = (double)ttPathJoint_GetPosition( joint );
	ttVec3 p = ttBody_GetPosition( bead );
	printf( "at the limit: s = %.6f (2), off the rail %.3g m\n", at, (double)ttJoint_GetPositionError( joint ) );
	ENSURE_NEAR( at, 2, ROUND_OFF );
	ENSURE_NEAR( (double)p.x, 2 * c, ROUND_OFF );
	ENSURE_NEAR( (double)p.y, 2 * s, ROUND_OFF );
	ttDestroyWorld( world );
}

int main( void )
{
	BeadOnWire();
	FloatingRing();
	MotorUphill();
	return TEST_RESULT();
}
