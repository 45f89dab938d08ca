// SPDX-License-Identifier: MIT
// The point-mass joint family (ttJointSolver_pointmass, src/joint_solver_pointmass.c) on the
// experiments of van Overveld and Barenbrug, "All you need is force", section 3, and against
// analytic numbers. One substep per frame as in the paper (its frame is one Verlet step), 60
// frames per second, g = 9.81; the paper's units are not stated, so its numbers are compared by
// kind (error against iterations, dissipation per 1000 frames), not digit for digit.
#include "test_macros.h"

#include "tether/tether.h"

#include <string.h>

#define PI 3.14159265358979323846
#define G 9.81
#define DT ( 1.0 / 60.0 )
#define FLOAT_BUILD ( sizeof( ttReal ) == sizeof( float ) )

// The floor of round-off on a joint error of bodies a few metres from the origin: each solve
// writes the pose back through a quaternion (normalised, rotated) and the error is a difference of
// two such positions, some tens of units in the last place of 4 m (float: 4.8e-7 m per unit, 32
// units 1.5e-5 m; double 8.9e-16 m, the measured worst 2e-12 m).
#define ROUND_OFF ( sizeof( ttReal ) == sizeof( float ) ? 1.5e-5 : 1e-11 )
// Relative floor of a readout of a body 1 m from the origin: the force is m dx / h^2 with dx
// resolved to one unit in the last place of 1 m (float 1.2e-7 m), i.e. ulp / (g h^2) of the
// weight: 7e-4 at h = 1/240 s in float.
#define READOUT ( sizeof( ttReal ) == sizeof( float ) ? 2e-3 : 1e-6 )

static ttWorldId MakeWorld( int substeps, int iterations, double gravity )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, (ttReal)-gravity, 0 };
	def.substeps = substeps;
	def.iterations = iterations;
	def.jointSolver = ttJointSolver_pointmass;
	def.enableContacts = false;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId MakeBox( ttWorldId world, ttVec3 p, ttVec3 half, double m )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( m / ( 8.0 * (double)half.x * (double)half.y * (double)half.z ) );
	ttCreateBoxShape( body, &shape, &( ttBox ){ .halfExtents = half } );
	return body;
}

static double Energy( ttWorldId world )
{
	return (double)ttWorld_GetKineticEnergy( world ) + (double)ttWorld_GetPotentialEnergy( world );
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

// A 1 kg cube of side 2 with its vertex (1, 1, 1) held at the origin by a spherical joint (one
// PTP): the centre starts at (-1, -1, -1), 54.7 degrees from the vertical.
static ttJointId HangCube( ttWorldId world, ttBodyId* cube )
{
	*cube = MakeBox( world, ( ttVec3 ){ -1, -1, -1 }, ( ttVec3 ){ 1, 1, 1 }, 1 );
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = *cube;
	def.base.localFrameB.p = ( ttVec3 ){ 1, 1, 1 };
	return ttCreateSphericalJoint( world, &def );
}

// Experiment 2. The cube's inertia is isotropic (I = m s^2 / 6 = 2/3 about any axis through the
// centre), so from rest it swings in the vertical plane through the vertex and its centre: a
// physical pendulum of L = sqrt(3), I_pivot = 2/3 + 3 = 11/3, amplitude t0 = acos(1/sqrt(3)), of
// period 4 sqrt(I_pivot / (m g L)) K(sin(t0 / 2)). The PTP is solved exactly up to the
// linearisation of the rotation (eq. 20), so its error after one iteration is second order in the
// frame's turn and after two or more at round-off, whatever the iteration count (the paper:
// 0.003 at one iteration, 1e-12 or less beyond).
static void Experiment2( void )
{
	printf( "-- experiment 2: a cube hung by one vertex (PTP error against iterations, energy, period)\n" );
	const int frames = 1000;
	int counts[] = { 1, 2, 3, 5, 10, 100 };
	double errors[6], losses[6];
	for ( int c = 0; c < 6; ++c )
	{
		ttWorldId world = MakeWorld( 1, counts[c], G );
		ttBodyId cube;
		ttJointId joint = HangCube( world, &cube );
		double e0 = Energy( world ), worst = 0;
		for ( int i = 0; i < frames; ++i )
		{
			ttWorld_Step( world, (ttReal)DT );
			worst = fmax( worst, (double)ttJoint_GetPositionError( joint ) );
		}
		errors[c] = worst;
		// Energy of the swing: m g L (1 - cos t0) = g (sqrt(3) - 1) above the lowest point.
		losses[c] = ( e0 - Energy( world ) ) / ( G * ( sqrt( 3.0 ) - 1 ) );
		printf( "%3d iterations: max PTP error %.3g m, energy lost over %d frames %.4f %% of the swing\n", counts[c],
		        worst, frames, 100 * losses[c] );
		ttDestroyWorld( world );
	}
	for ( int c = 1; c < 6; ++c )
	{
		ENSURE_BELOW( errors[c], ROUND_OFF );
		// Energy loss does not depend on the iteration count once the PTP holds (the paper's
		// observation): the swing is the same trajectory.
		ENSURE_NEAR( losses[c], losses[1], 1e-3 );
	}
	ENSURE_BELOW( errors[0], 1e-3 );

	// Energy over 10000 frames at two iterations: the least-squares trend of the swing energy
	// must be below the paper's dissipation, 0.4 % per 1000 frames (the exact motion keeps it).
	{
		ttWorldId world = MakeWorld( 1, 2, G );
		ttBodyId cube;
		HangCube( world, &cube );
		const int n = 10000;
		double swing = G * ( sqrt( 3.0 ) - 1 ), e0 = Energy( world );
		double st = 0, se = 0, stt = 0, ste = 0, lowest = 0, highest = 0;
		for ( int i = 1; i <= n; ++i )
		{
			ttWorld_Step( world, (ttReal)DT );
			double e = ( Energy( world ) - e0 ) / swing, t = i / 1000.0;
			st += t;
			se += e;
			stt += t * t;
			ste += t * e;
			lowest = fmin( lowest, e );
			highest = fmax( highest, e );
		}
		double trend = ( n * ste - st * se ) / ( n * stt - st * st );
		printf( "10000 frames: swing energy within [%.3f %%, %.3f %%], trend %.4f %% per 1000 frames\n", 100 * lowest,
		        100 * highest, 100 * trend );
		ENSURE_BELOW( fabs( trend ), 0.004 );
		ttDestroyWorld( world );
	}

	// Period from the first two crossings of the vertical (a quarter and three quarters of it).
	ttWorldId world = MakeWorld( 1, 2, G );
	ttBodyId cube;
	HangCube( world, &cube );
	const double inertia = 2.0 / 3.0 + 3.0, L = sqrt( 3.0 ), t0 = acos( 1 / sqrt( 3.0 ) );
	double expected = 4 * sqrt( inertia / ( G * L ) ) * EllipticK( sin( t0 / 2 ) );
	ttVec3 p = ttBody_GetPosition( cube );
	double previous = -(double)( p.x + p.z ), time = 0, crossings[2] = { 0, 0 };
	int found = 0;
	while ( found < 2 && time < 20 )
	{
		ttWorld_Step( world, (ttReal)DT );
		time += DT;
		p = ttBody_GetPosition( cube );
		double s = -(double)( p.x + p.z );
		if ( ( s > 0 ) != ( previous > 0 ) )
		{
			crossings[found++] = time - DT * s / ( s - previous );
		}
		previous = s;
	}
	double period = 2 * ( crossings[1] - crossings[0] );
	printf( "period %.6f s, analytic %.6f s (%.3g %%)\n", period, expected, 100 * ( period / expected - 1 ) );
	// Verlet's phase error is (w h)^2 / 24 of the period, w h = 0.036 here: 5e-5. An energy error
	// of 2 % of the swing changes a 54.7 degree swing's period by about 1e-3 (dT/T = (t0/8) dt0,
	// dt0 = dE (1 - cos t0) / sin t0).
	ENSURE_NEAR( period, expected, 1e-3 * expected );
	ttDestroyWorld( world );
}

// Experiment 3: a second cube hangs from the first's far vertex (-1, -1, -1) by its vertex
// (1, 1, 1); the two PTPs are solved one after the other, so the second's correction reopens the
// first: the error falls with the iterations (Gauss-Seidel) instead of vanishing at two (the
// paper: 3.6e-4 at 7 iterations, below 1e-6 at 15).
static void Experiment3( void )
{
	printf( "-- experiment 3: two cubes linked by a PTP (max error against iterations)\n" );
	int counts[] = { 1, 2, 4, 7, 10, 15, 20 };
	double errors[7];
	for ( int c = 0; c < 7; ++c )
	{
		ttWorldId world = MakeWorld( 1, counts[c], G );
		ttBodyId first, second;
		ttJointId top = HangCube( world, &first );
		second = MakeBox( world, ( ttVec3 ){ -3, -3, -3 }, ( ttVec3 ){ 1, 1, 1 }, 1 );
		ttSphericalJointDef def = ttDefaultSphericalJointDef();
		def.base.bodyA = first;
		def.base.bodyB = second;
		def.base.localFrameA.p = ( ttVec3 ){ -1, -1, -1 };
		def.base.localFrameB.p = ( ttVec3 ){ 1, 1, 1 };
		ttJointId link = ttCreateSphericalJoint( world, &def );
		// A nudge sideways so the motion is not planar (the paper's swing is chaotic).
		ttBody_SetLinearVelocity( second, ( ttVec3 ){ 1, 0, -1 } );
		double worst = 0;
		for ( int i = 0; i < 1000; ++i )
		{
			ttWorld_Step( world, (ttReal)DT );
			worst = fmax( worst,
			              fmax( (double)ttJoint_GetPositionError( top ), (double)ttJoint_GetPositionError( link ) ) );
		}
		errors[c] = worst;
		printf( "%3d iterations: max PTP error %.3g m\n", counts[c], worst );
		ttDestroyWorld( world );
	}
	for ( int c = 1; c < 7; ++c )
	{
		ENSURE( errors[c] <= errors[c - 1] || errors[c] < ROUND_OFF );
	}
	ENSURE_BELOW( errors[5], fmax( 1e-6, ROUND_OFF ) );
}

// Experiment 1: a free body (no joints) spun up by two opposite forces at two vertices for 10
// frames, then left alone without gravity. Under this family the rotation is the paper's Verlet of
// the axes (eqs. 10-12, src/joint_pointmass_verlet.c), which is SHAKE on the frame {B_j}: the
// energy is not conserved exactly but oscillates by O((h w)^2) about a constant with no drift,
// and a 2 x 1 x 0.5 box, whose spin is off its principal axes, precesses with neither energy nor
// the length of its angular momentum wandering. Returns the relative spreads of the kinetic
// energy and of |L| and the least-squares trend of the energy, relative, per 1000 frames.
typedef struct SpinRun
{
	double energySpread, momentumSpread, drift, rate;
} SpinRun;

static SpinRun Spin( ttVec3 half, ttJointSolverType solver, int substeps, int frames )
{
	ttWorldId world = MakeWorld( substeps, 2, 0 );
	ttWorld_SetJointSolver( world, solver );
	ttBodyId body = MakeBox( world, ( ttVec3 ){ 0, 0, 0 }, half, 1 );
	for ( int i = 0; i < 10; ++i )
	{
		ttBody_ApplyForce( body, ( ttVec3 ){ 0, 5, 0 }, ( ttVec3 ){ half.x, -half.y, half.z } );
		ttBody_ApplyForce( body, ( ttVec3 ){ 0, -5, 0 }, ( ttVec3 ){ -half.x, half.y, -half.z } );
		ttWorld_Step( world, (ttReal)DT );
	}
	// Principal moments of a 1 kg box: m (b^2 + c^2) / 3 for half extents b, c.
	double moments[3] = { ( (double)half.y * (double)half.y + (double)half.z * (double)half.z ) / 3,
	                      ( (double)half.z * (double)half.z + (double)half.x * (double)half.x ) / 3,
	                      ( (double)half.x * (double)half.x + (double)half.y * (double)half.y ) / 3 };
	double lowE = 1e300, highE = 0, lowL = 1e300, highL = 0, st = 0, se = 0, stt = 0, ste = 0, e0 = 0;
	SpinRun run = { 0, 0, 0, 0 };
	for ( int i = 0; i < frames; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
		ttQuat q = ttBody_GetRotation( body );
		ttVec3 w = ttBody_GetAngularVelocity( body );
		ttVec3 local = ttInvRotate( q, w );
		ttVec3 momentum =
		    ttRotate( q, ( ttVec3 ){ (ttReal)( moments[0] * (double)local.x ), (ttReal)( moments[1] * (double)local.y ),
		                             (ttReal)( moments[2] * (double)local.z ) } );
		double e = (double)ttWorld_GetKineticEnergy( world );
		double l = sqrt( (double)ttDot( momentum, momentum ) );
		lowE = fmin( lowE, e );
		highE = fmax( highE, e );
		lowL = fmin( lowL, l );
		highL = fmax( highL, l );
		e0 = i == 0 ? e : e0;
		double t = i / 1000.0, r = e / e0 - 1;
		st += t;
		se += r;
		stt += t * t;
		ste += t * r;
		run.rate = fmax( run.rate, sqrt( (double)ttDot( w, w ) ) );
	}
	run.energySpread = ( highE - lowE ) / highE;
	run.momentumSpread = ( highL - lowL ) / highL;
	run.drift = fabs( ( frames * ste - st * se ) / ( frames * stt - st * st ) );
	ttDestroyWorld( world );
	return run;
}

static void Experiment1( void )
{
	printf( "-- experiment 1: free bodies spun by two opposite forces (energy and |L| over 1000 frames)\n" );
	ttVec3 halves[2] = { { 1, 1, 1 }, { 1, 0.5f, 0.25f } };
	const char* names[2] = { "cube", "2x1x0.5 box" };
	for ( int b = 0; b < 2; ++b )
	{
		SpinRun coarse = Spin( halves[b], ttJointSolver_pointmass, 1, 1000 );
		SpinRun fine = Spin( halves[b], ttJointSolver_pointmass, 2, 1000 );
		SpinRun xpbd = Spin( halves[b], ttJointSolver_xpbd, 1, 1000 );
		double hw = coarse.rate * DT;
		// Float floor: the angular velocity is read back from two float quaternions a substep apart
		// (integrate.c), whose vector part h w / 2 is resolved to about 3 units of 6e-8: a relative
		// error of 3.6e-7 / (h w) per step in w, twice that in the energy, adding up as a random
		// walk over the 1000 steps. Double: 1e-16 / (h w), far below every limit here.
		double floor = FLOAT_BUILD ? 2 * 3.6e-7 / hw * sqrt( 1000.0 ) : 0;
		printf(
		    "%s, |w| %.3f rad/s (h w = %.4f): energy spread %.3g, |L| spread %.3g, energy trend %.3g / 1000 frames; "
		    "2 substeps: energy spread %.3g (ratio %.2f); integrate.c (xpbd family): energy spread %.3g, |L| "
		    "spread %.3g\n",
		    names[b], coarse.rate, hw, coarse.energySpread, coarse.momentumSpread, coarse.drift, fine.energySpread,
		    coarse.energySpread / fmax( fine.energySpread, 1e-300 ), xpbd.energySpread, xpbd.momentumSpread );
		if ( b == 0 )
		{
			// A cube's rotation is a steady turn about a fixed axis, which the Verlet of the axes
			// follows exactly: the paper's "within 4 digits", and far inside it.
			ENSURE_BELOW( coarse.energySpread, fmax( 1e-4, floor ) );
			ENSURE_BELOW( coarse.momentumSpread, fmax( 1e-4, floor ) );
			continue;
		}
		// The box's energy oscillates with the precession by O((h w)^2): Verlet's energy error of
		// a motion at rate w is (h w)^2 / 8 of it at most for a harmonic oscillator (the velocity
		// of the midpoint against the true one); the length of L likewise. Halving h must cut the
		// spread by 4 (second order, 3 to 5 allowing for the different sampling of the
		// oscillation), and the energy must not drift (SHAKE is symplectic): a trend below the
		// paper's 4 digits per 1000 frames.
		ENSURE_BELOW( coarse.energySpread, hw * hw / 8 + floor );
		ENSURE_BELOW( coarse.momentumSpread, hw * hw / 8 + floor );
		if ( FLOAT_BUILD == false ) // the float floor is of the size of the spread at 2 substeps
		{
			ENSURE( coarse.energySpread / fine.energySpread > 3 && coarse.energySpread / fine.energySpread < 5 );
		}
		ENSURE_BELOW( coarse.drift, fmax( 1e-4, floor ) );
		// Over 10000 frames too (about 700 turns).
		SpinRun longRun = Spin( halves[b], ttJointSolver_pointmass, 1, 10000 );
		printf( "%s over 10000 frames: energy spread %.3g, |L| spread %.3g, energy trend %.3g / 1000 frames\n",
		        names[b], longRun.energySpread, longRun.momentumSpread, longRun.drift );
		ENSURE_BELOW( longRun.energySpread, hw * hw / 8 + floor * sqrt( 10.0 ) );
		ENSURE_BELOW( longRun.drift, fmax( 1e-4, floor ) );
	}
}

// A line hinge: a 1 kg box of 0.1 x 1 x 0.1 hangs from its top end by a hinge about world z,
// released at 60 degrees (one substep per frame, four iterations), then pushed along the hinge
// axis and about a horizontal axis. The two
// shared points keep the axis: the angle between the frames' axes stays at round-off, the anchor
// too; the period is that of the physical pendulum, 4 sqrt(I / (m g L)) K(sin(t0/2)) with
// L = 0.5, I = m (1 + 0.01) / 12 + m L^2.
static void LineHinge( void )
{
	printf( "-- line hinge: axis kept, period\n" );
	const double t0 = PI / 3, L = 0.5;
	ttWorldId world = MakeWorld( 1, 4, G );
	ttBodyId rod = MakeBox( world, ( ttVec3 ){ (ttReal)( L * sin( t0 ) ), (ttReal)( -L * cos( t0 ) ), 0 },
	                        ( ttVec3 ){ 0.05f, 0.5f, 0.05f }, 1 );
	ttBody_SetTransform( rod, ttBody_GetPosition( rod ), ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)t0 ) );
	ttHingeJointDef def = ttDefaultHingeJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = rod;
	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -PI / 2 ) );
	def.base.localFrameA = ( ttTransform ){ { 0, 0, 0 }, xToZ };
	def.base.localFrameB = ( ttTransform ){ { 0, 0.5f, 0 }, xToZ };
	ttJointId joint = ttCreateHingeJoint( world, &def );
	double inertia = ( 1 + 0.01 ) / 12 + L * L;
	double expected = 4 * sqrt( inertia / ( G * L ) ) * EllipticK( sin( t0 / 2 ) );

	double previous = (double)ttBody_GetPosition( rod ).x, time = 0, crossings[2] = { 0, 0 };
	double worstAngle = 0, worstPoint = 0;
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
		worstAngle = fmax( worstAngle, (double)ttJoint_GetAngleError( joint ) );
		worstPoint = fmax( worstPoint, (double)ttJoint_GetPositionError( joint ) );
	}
	double period = 2 * ( crossings[1] - crossings[0] );
	printf( "period %.6f s, analytic %.6f s (%.3g %%); axis error %.3g rad, anchor error %.3g m\n", period, expected,
	        100 * ( period / expected - 1 ), worstAngle, worstPoint );
	ENSURE_NEAR( period, expected, 1e-3 * expected );

	// Disturb it off the axis: a push along the axis and a spin about a horizontal axis, both
	// resisted by the hinge alone.
	ttBody_SetLinearVelocity( rod, ( ttVec3 ){ 0, 0, 2 } );
	ttBody_SetAngularVelocity( rod, ( ttVec3 ){ 3, 0, 1 } );
	for ( int i = 0; i < 300; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
		worstAngle = fmax( worstAngle, (double)ttJoint_GetAngleError( joint ) );
		worstPoint = fmax( worstPoint, (double)ttJoint_GetPositionError( joint ) );
	}
	printf( "after the push: axis error %.3g rad, anchor error %.3g m\n", worstAngle, worstPoint );
	// Each iteration contracts the error by about the frame's turn, h |w| = 0.05 after the push:
	// four iterations leave (0.05)^4 of a first error of about 1e-3, 6e-9.
	ENSURE_BELOW( worstAngle, fmax( 1e-8, ROUND_OFF ) );
	ENSURE_BELOW( worstPoint, fmax( 1e-8, ROUND_OFF ) );
	ttDestroyWorld( world );
}

// Readouts: a 2 kg box of 1 x 0.2 x 0.2 welded by a fixed joint (three PTPs) to the world at its
// end holds its weight and the moment of it: force m g up, torque m g (L/2) about z. A distance
// joint of 1 m holding a 3 kg box reads m g; a breakable weld below the load breaks.
static void Readouts( void )
{
	printf( "-- readouts: weld force and torque, distance force, breaking\n" );
	const double m = 2;
	ttWorldId world = MakeWorld( 4, 4, G );
	ttBodyId beam = MakeBox( world, ( ttVec3 ){ 0.5f, 0, 0 }, ( ttVec3 ){ 0.5f, 0.1f, 0.1f }, m );
	ttFixedJointDef weld = ttDefaultFixedJointDef();
	weld.base.bodyA = ttNullBodyId;
	weld.base.bodyB = beam;
	weld.base.localFrameB.p = ( ttVec3 ){ -0.5f, 0, 0 };
	ttJointId fixed = ttCreateFixedJoint( world, &weld );

	ttBodyId weight = MakeBox( world, ( ttVec3 ){ 3, -1, 0 }, ( ttVec3 ){ 0.1f, 0.1f, 0.1f }, 3 );
	ttDistanceJointDef rope = ttDefaultDistanceJointDef();
	rope.base.bodyA = ttNullBodyId;
	rope.base.bodyB = weight;
	rope.base.localFrameA.p = ( ttVec3 ){ 3, 0, 0 };
	rope.minLength = 1;
	rope.maxLength = 1;
	ttJointId distance = ttCreateDistanceJoint( world, &rope );

	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
	ttVec3 force = ttJoint_GetConstraintForce( fixed );
	ttVec3 torque = ttJoint_GetConstraintTorque( fixed );
	printf( "weld: force (%.6g, %.6g, %.6g) N, torque (%.6g, %.6g, %.6g) N m; sag %.3g m, tilt %.3g rad\n",
	        (double)force.x, (double)force.y, (double)force.z, (double)torque.x, (double)torque.y, (double)torque.z,
	        (double)ttJoint_GetPositionError( fixed ), (double)ttJoint_GetAngleError( fixed ) );
	ENSURE_NEAR( force.y, m * G, READOUT * m * G );
	ENSURE_NEAR( torque.z, m * G * 0.5, READOUT * m * G );
	ENSURE_BELOW( fabs( (double)force.x ) + fabs( (double)torque.x ) + fabs( (double)torque.y ), READOUT * m * G );
	ENSURE_BELOW( (double)ttJoint_GetPositionError( fixed ) + (double)ttJoint_GetAngleError( fixed ), ROUND_OFF );
	ttVec3 pull = ttJoint_GetConstraintForce( distance );
	printf( "distance: force (%.6g, %.6g, %.6g) N\n", (double)pull.x, (double)pull.y, (double)pull.z );
	ENSURE_NEAR( pull.y, 3 * G, READOUT * 3 * G );

	ttJoint_SetBreakThresholds( fixed, (ttReal)( 0.5 * m * G ), TT_HUGE );
	ttWorld_Step( world, (ttReal)DT );
	ttJointBreakEvents events = ttWorld_GetJointBreakEvents( world );
	ENSURE( events.count == 1 );
	ttDestroyWorld( world );
}

// The fallbacks: a hinge with limits under the point-mass family stops at its limit (XPBD's
// angular pass of that joint), and a prismatic joint (all XPBD) keeps its slider.
static void Fallbacks( void )
{
	printf( "-- fallbacks to the XPBD solves: hinge limit, prismatic\n" );
	ttWorldId world = MakeWorld( 8, 2, G );
	ttBodyId rod = MakeBox( world, ( ttVec3 ){ 0.5f, 0, 0 }, ( ttVec3 ){ 0.5f, 0.05f, 0.05f }, 1 );
	ttHingeJointDef def = ttDefaultHingeJointDef();
	def.base.bodyA = ttNullBodyId;
	def.base.bodyB = rod;
	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -PI / 2 ) );
	def.base.localFrameA = ( ttTransform ){ { 0, 0, 0 }, xToZ };
	def.base.localFrameB = ( ttTransform ){ { -0.5f, 0, 0 }, xToZ };
	def.enableLimit = true;
	def.lowerAngle = (ttReal)( -PI / 6 );
	def.upperAngle = (ttReal)( PI / 6 );
	ttJointId hinge = ttCreateHingeJoint( world, &def );

	ttBodyId slider = MakeBox( world, ( ttVec3 ){ 3, 0, 0 }, ( ttVec3 ){ 0.1f, 0.1f, 0.1f }, 1 );
	ttPrismaticJointDef pdef = ttDefaultPrismaticJointDef();
	pdef.base.bodyA = ttNullBodyId;
	pdef.base.bodyB = slider;
	pdef.base.localFrameA =
	    ( ttTransform ){ { 3, 0, 0 }, ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)( PI / 4 ) ) };
	pdef.base.localFrameB.q = pdef.base.localFrameA.q;
	ttJointId prismatic = ttCreatePrismaticJoint( world, &pdef );

	double worstAngle = 0;
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)DT );
		worstAngle = fmax( worstAngle, (double)ttJoint_GetAngleError( hinge ) );
	}
	ttVec3 p = ttBody_GetPosition( rod );
	double angle = atan2( -(double)p.y, (double)p.x );
	printf( "hinge rests at %.4f deg (limit 30), worst limit error %.3g rad; prismatic error %.3g m\n",
	        angle * 180 / PI, worstAngle, (double)ttJoint_GetPositionError( prismatic ) );
	ENSURE_NEAR( angle, PI / 6, 1e-3 );
	ENSURE_BELOW( (double)ttJoint_GetPositionError( prismatic ), 1e-4 );
	ttDestroyWorld( world );
}

// The Python test's pendulum (python/tests/test_motion.py): a 1 m pendulum with a sphere of
// radius 5 cm, released at 10 degrees, 40 substeps of 1/240 s frames, on a hinge and on a spherical
// joint. Period against the physical pendulum's with the finite-amplitude series,
// 2 pi sqrt(I / (m g L)) (1 + t0^2 / 16 + 11 t0^4 / 3072), I / (m L) = (L^2 + 0.4 r^2) / L; the
// crossings are interpolated within 1/240 s, 0.05 % as there, in float too: the float write-back
// used to leave turns under its tolerance unwritten (docs/solvers.md), and the bob's turns are
// 1e-8 to 1e-6 rad per iteration here.
static void SmallPendulum( void )
{
	printf( "-- 1 m pendulum at 40 substeps (the Python test's)\n" );
	const double length = 1, radius = 0.05, t0 = 10 * PI / 180, dt = 1.0 / 240;
	double expected = 2 * PI * sqrt( ( length * length + 0.4 * radius * radius ) / length / G ) *
	                  ( 1 + t0 * t0 / 16 + 11 * pow( t0, 4 ) / 3072 );
	for ( int spherical = 0; spherical < 2; ++spherical )
	{
		ttWorldId world = MakeWorld( 40, 4, G );
		ttBodyDef bodyDef = ttDefaultBodyDef();
		bodyDef.type = ttBody_dynamic;
		bodyDef.position = ( ttVec3 ){ (ttReal)( length * sin( t0 ) ), (ttReal)( 2 - length * cos( t0 ) ), 0 };
		ttBodyId bob = ttCreateBody( world, &bodyDef );
		ttShapeDef shape = ttDefaultShapeDef();
		ttCreateSphereShape( bob, &shape, &( ttSphere ){ .radius = (ttReal)radius } );
		ttVec3 pivot = { 0, 2, 0 };
		ttVec3 local = ttSub( pivot, bodyDef.position );
		if ( spherical )
		{
			ttSphericalJointDef def = ttDefaultSphericalJointDef();
			def.base.bodyA = ttNullBodyId;
			def.base.bodyB = bob;
			def.base.localFrameA.p = pivot;
			def.base.localFrameB.p = local;
			ttCreateSphericalJoint( world, &def );
		}
		else
		{
			ttHingeJointDef def = ttDefaultHingeJointDef();
			def.base.bodyA = ttNullBodyId;
			def.base.bodyB = bob;
			ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -PI / 2 ) );
			def.base.localFrameA = ( ttTransform ){ pivot, xToZ };
			def.base.localFrameB = ( ttTransform ){ local, xToZ };
			ttCreateHingeJoint( world, &def );
		}
		double previous = (double)ttBody_GetPosition( bob ).x, first = -1, last = -1;
		int crossings = 0;
		for ( int i = 1; i <= 960; ++i )
		{
			ttWorld_Step( world, (ttReal)dt );
			double x = (double)ttBody_GetPosition( bob ).x;
			if ( previous > 0 && x <= 0 )
			{
				double t = ( i - 1 ) * dt + dt * previous / ( previous - x );
				first = crossings == 0 ? t : first;
				last = t;
				crossings += 1;
			}
			previous = x;
		}
		double period = ( last - first ) / ( crossings - 1 );
		printf( "%s: period %.6f s, expected %.6f s (%+.0f ppm)\n", spherical ? "spherical" : "hinge", period, expected,
		        1e6 * ( period / expected - 1 ) );
		ENSURE_NEAR( period, expected, 5e-4 * expected );
		ttDestroyWorld( world );
	}
}

int main( void )
{
	SmallPendulum();
	Experiment2();
	Experiment3();
	Experiment1();
	LineHinge();
	Readouts();
	Fallbacks();
	return TEST_RESULT();
}
