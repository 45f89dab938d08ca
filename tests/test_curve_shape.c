// SPDX-License-Identifier: MIT
// Curve shapes (wires and rails): a marble on a two-rail track, as in the rolling-ball
// sculptures of the XPBD paper (Mueller et al. 2020, figs. 1 and 14).
//
// The track: two parallel rails (wire radius 3 mm, 40 mm apart, z = +-20 mm), each a smooth
// Catmull-Rom curve through points of y = H (1 - x / L)^2 (H = 1 m, L = 4 m), then flat to
// x = 5 m. A marble of radius R = 25 mm is released at rest at x = 0.5 m. Its centre sits
// h = sqrt((R + rw)^2 - W^2) above the rails' midline, and the contact points lie on the lines
// from its centre to the wires' axes, R from the centre, so the axis through the two contact
// points passes r = h R / (R + rw) = 17.5 mm from the centre: rolling without slipping turns the
// marble at w = v / r, and the energy of a fall of dh (the centre's drop) is
//     m g dh = 1/2 m v^2 (1 + I / (m r^2)),  I = 2/5 m R^2  =>  v = sqrt(2 g dh / (1 + 0.4 R^2 / r^2)),
// about 0.74 of the sliding speed (a marble on a flat floor: 0.85). With frictionless rails the
// marble slides without turning: v = sqrt(2 g dh).
// The speed is checked as the centre passes x = 1, 2, 3 and 4.5 m, against dh measured from the
// centre's own height (so that the curve's sampling does not enter the reference).
// Tolerances: sliding 0.5 % of the speed (the wire does no work; what is lost is the position
// solver's damping, 0.1 % measured); rolling 1 % (static friction is a positional correction per
// substep, so the marble creeps a little at its contacts, which dissipates a small part of the
// energy: 0.3 % by the end, measured), and the spin w r / v within 1 % of 1 (rolling, not
// slipping, about the axis through the two contacts; 0 when sliding).
// Also: a marble, a capsule and a box resting on straight rails sit at the heights the geometry
// gives; a ray, a closest-point query and a shape cast find the wire's tube; bad input is
// refused with a message and no shape.
#include "test_macros.h"

#include "tether/tether.h"

#include <math.h>
#include <string.h>

#define G 9.81
#define DT ( 1.0 / 60.0 )
#define TRACK_H 1.0
#define TRACK_L 4.0
#define RAIL_W 0.02
#define WIRE_R 0.003
#define MARBLE_R 0.025
#define RAIL_POINTS 21

static int s_messages;
static void CountLog( const char* message )
{
	(void)message;
	s_messages += 1;
}

static double TrackY( double x )
{
	return x < TRACK_L ? TRACK_H * ( 1 - x / TRACK_L ) * ( 1 - x / TRACK_L ) : 0;
}

static double TrackSlope( double x )
{
	return x < TRACK_L ? -2 * TRACK_H / TRACK_L * ( 1 - x / TRACK_L ) : 0;
}

// The centre's height above the rails' midline (in the plane across the track).
static double MarbleLift( void )
{
	return sqrt( ( MARBLE_R + WIRE_R ) * ( MARBLE_R + WIRE_R ) - RAIL_W * RAIL_W );
}

static ttWorldId MakeWorld( ttContactSolverType solver )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, -G, 0 };
	def.contactSolver = solver;
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

// Two rails at z = +-RAIL_W on a static body; smooth (spline) or straight (polyline) profiles.
static void MakeRails( ttWorldId world, bool sloped, double friction )
{
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = (ttReal)friction;
	shapeDef.dynamicFriction = (ttReal)friction;
	for ( int side = -1; side <= 1; side += 2 )
	{
		ttVec3 points[RAIL_POINTS];
		for ( int i = 0; i < RAIL_POINTS; ++i )
		{
			double x = 5.0 * i / ( RAIL_POINTS - 1 );
			points[i] = ( ttVec3 ){ (ttReal)x, (ttReal)( sloped ? TrackY( x ) : 0 ), (ttReal)( side * RAIL_W ) };
		}
		ttCurveDef curve = ttDefaultCurveDef();
		curve.points = points;
		curve.pointCount = RAIL_POINTS;
		curve.smooth = sloped;
		curve.radius = WIRE_R;
		ttShapeId rail = ttCreateCurveShape( ground, &shapeDef, &curve );
		ENSURE( TT_IS_NULL( rail ) == false );
	}
}

static ttBodyId MakeMarble( ttWorldId world, ttVec3 p, double friction )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = 2500; // glass
	shape.staticFriction = (ttReal)friction;
	shape.dynamicFriction = (ttReal)friction;
	ttCreateSphereShape( body, &shape, &( ttSphere ){ .radius = (ttReal)MARBLE_R } );
	return body;
}

static double Length3( ttVec3 v )
{
	return sqrt( (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z );
}

static void RollDown( ttContactSolverType solver, bool rolling )
{
	const char* solverName = solver == ttContactSolver_xpbd ? "xpbd" : "softStep";
	printf( "-- marble %s down a two-rail spline track, %s contacts\n", rolling ? "rolling" : "sliding", solverName );
	double friction = rolling ? 1.0 : 0.0;
	ttWorldId world = MakeWorld( solver );
	MakeRails( world, true, friction );
	double x0 = 0.5, slope = TrackSlope( x0 ), norm = sqrt( 1 + slope * slope );
	double lift = MarbleLift();
	ttVec3 start = { (ttReal)( x0 - slope / norm * lift ), (ttReal)( TrackY( x0 ) + lift / norm ), 0 };
	ttBodyId marble = MakeMarble( world, start, friction );

	double r = lift * MARBLE_R / ( MARBLE_R + WIRE_R );
	double factor = rolling ? 1 + 0.4 * MARBLE_R * MARBLE_R / ( r * r ) : 1;
	printf( "rolling radius r = %.5f m, 1 + I/(m r^2) = %.4f\n", r, factor );
	const double checkpoints[] = { 1.0, 2.0, 3.0, 4.5 };
	int next = 0;
	double worstRail = 0;
	for ( int step = 0; step < 240 && next < 4; ++step )
	{
		ttWorld_Step( world, (ttReal)DT );
		ttVec3 p = ttBody_GetPosition( marble );
		// Off the track: the centre must stay within 2 mm of its height above the midline.
		double x = p.x, s = TrackSlope( x ), n = sqrt( 1 + s * s );
		double above = ( p.y - TrackY( x ) ) / n * 1.0;
		worstRail = fmax( worstRail, fabs( above - lift ) );
		if ( p.x >= checkpoints[next] )
		{
			double drop = start.y - p.y;
			double expected = sqrt( 2 * G * drop / factor );
			double speed = Length3( ttBody_GetLinearVelocity( marble ) );
			double spin = Length3( ttBody_GetAngularVelocity( marble ) );
			printf( "x = %.3f: drop %.4f m, speed %.4f m/s, energy formula %.4f m/s (%.2f %%), w r / v = %.3f\n", p.x,
			        drop, speed, expected, 100 * ( speed - expected ) / expected, spin * r / speed );
			ENSURE_NEAR( speed, expected, ( rolling ? 0.01 : 0.005 ) * expected );
			ENSURE_NEAR( spin * r / speed, rolling ? 1 : 0, 0.01 );
			next += 1;
		}
	}
	ENSURE( next == 4 );
	printf( "largest distance of the centre from its place above the rails: %.2f mm\n", 1000 * worstRail );
	ENSURE_BELOW( worstRail, 0.002 );
	ttDestroyWorld( world );
}

// Fig. 14's spring: a marble falls through a helical cage of four frictionless wires around the
// helix c(a) = (Rh cos a, y0 - P a / 2 pi, Rh sin a), Rh = 6 cm, pitch P = 20 cm a turn, five
// turns. Each wire runs at D = R + rw + 1 mm from the centre line, at 45, 135, 225 and 315 degrees
// around it in the plane across the helix (radial and binormal directions), a spline through 64
// points a turn. At the bottom the marble moves at
// about 4 m/s around a 6 cm radius: some 50 degrees of turn per 1/60 s frame, pressed outward at
// 25 g. It must stay inside the cage: pressed outward between the two outer wires (at +-45
// degrees from the radial direction), its centre moves out by the 1 mm clearance times sqrt 2 =
// 1.41 mm until it touches both; allowed: that plus 0.5 mm for the contact's give and this
// test's sampled centre line.
// The wires do no work, so v = sqrt(2 g dh) is the exact answer; the method loses to it: each
// substep moves the marble straight, off its curved path, and the contact projects it back,
// taking away the normal part of that move (the loss of position-based methods on curved
// constraints, of order (v h / rho)^2 a substep). Measured speed deficit at the last full turn:
// 16 % at 20 substeps, 9 % at 40, 5 % at 80. The test asks that the deficit shrink by at least
// a third each time the substeps double, and stay below 7 % at 80.
#define HELIX_R 0.06
#define HELIX_PITCH 0.2
#define HELIX_TURNS 5
#define HELIX_SPANS 64

static ttVec3 HelixPoint( double a, double offset, double phi )
{
	double pi = 3.14159265358979323846, rise = -HELIX_PITCH / ( 2 * pi );
	double c = cos( a ), s = sin( a );
	// Tangent (-Rh s, rise, Rh c) / |..|; radial (c, 0, s); binormal = tangent x radial.
	double tl = sqrt( HELIX_R * HELIX_R + rise * rise );
	double tx = -HELIX_R * s / tl, ty = rise / tl, tz = HELIX_R * c / tl;
	double bx = ty * s - tz * 0, by = tz * c - tx * s, bz = tx * 0 - ty * c;
	double u = offset * cos( phi ), v = offset * sin( phi );
	return ( ttVec3 ){ (ttReal)( HELIX_R * c + u * c + v * bx ), (ttReal)( 2 + rise * a + v * by ),
	                   (ttReal)( HELIX_R * s + u * s + v * bz ) };
}

static double Spring( ttContactSolverType solver, int substeps )
{
	printf( "-- fig. 14 spring: a marble through a helical cage of four wires, %s contacts, %d substeps\n",
	        solver == ttContactSolver_xpbd ? "xpbd" : "softStep", substeps );
	double pi = 3.14159265358979323846;
	ttWorldId world = MakeWorld( solver );
	ttWorld_SetSubsteps( world, substeps );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId frame = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = 0;
	shapeDef.dynamicFriction = 0;
	double cage = MARBLE_R + WIRE_R + 0.001;
	enum
	{
		count = HELIX_TURNS * HELIX_SPANS + 1
	};
	for ( int wire = 0; wire < 4; ++wire )
	{
		ttVec3 points[count];
		for ( int i = 0; i < count; ++i )
		{
			points[i] = HelixPoint( 2 * pi * i / HELIX_SPANS, cage, pi / 4 + wire * pi / 2 );
		}
		ttCurveDef curve = ttDefaultCurveDef();
		curve.points = points;
		curve.pointCount = count;
		curve.smooth = true;
		curve.radius = WIRE_R;
		ENSURE( TT_IS_NULL( ttCreateCurveShape( frame, &shapeDef, &curve ) ) == false );
	}
	// Start a quarter turn in, on the centre line, at rest.
	ttVec3 start = HelixPoint( pi / 2, 0, 0 );
	ttBodyId marble = MakeMarble( world, start, 0 );
	double worstOut = 0, fastestTurn = 0, lastAngle = atan2( start.z, start.x ), deficit = 0;
	int checks = 0;
	double nextCheck = pi / 2 + 2 * pi; // once a turn
	double travelled = 0;
	for ( int step = 0; step < 600 && pi / 2 + travelled < 2 * pi * HELIX_TURNS - pi / 4; ++step )
	{
		ttWorld_Step( world, (ttReal)DT );
		ttVec3 p = ttBody_GetPosition( marble );
		double angle = atan2( p.z, p.x );
		double turn = remainder( angle - lastAngle, 2 * pi );
		lastAngle = angle;
		travelled += turn;
		fastestTurn = fmax( fastestTurn, fabs( turn ) );
		// Distance from the centre line: nearest point near the marble's own angle.
		double a = pi / 2 + travelled, nearest = 1e9;
		for ( int k = -20; k <= 20; ++k )
		{
			ttVec3 c = HelixPoint( a + k * 0.01, 0, 0 );
			double dx = p.x - c.x, dy = p.y - c.y, dz = p.z - c.z;
			nearest = fmin( nearest, sqrt( dx * dx + dy * dy + dz * dz ) );
		}
		worstOut = fmax( worstOut, nearest );
		if ( a >= nextCheck && a < 2 * pi * HELIX_TURNS - pi / 2 )
		{
			double drop = start.y - p.y;
			double expected = sqrt( 2 * G * drop );
			double speed = Length3( ttBody_GetLinearVelocity( marble ) );
			printf( "turn %.2f: drop %.4f m, speed %.4f m/s, energy formula %.4f m/s (%.2f %%)\n", a / ( 2 * pi ), drop,
			        speed, expected, 100 * ( speed - expected ) / expected );
			deficit = ( expected - speed ) / expected;
			nextCheck += 2 * pi;
			checks += 1;
		}
	}
	printf( "fastest turn in one frame %.1f degrees; centre at most %.2f mm from the centre line (clearance %.1f mm)\n",
	        fastestTurn * 180 / pi, 1000 * worstOut, 1000 * ( cage - MARBLE_R - WIRE_R ) );
	ENSURE( checks >= 4 );
	ENSURE_BELOW( worstOut, sqrt( 2.0 ) * ( cage - MARBLE_R - WIRE_R ) + 0.0005 );
	ENSURE( fastestTurn > 45 * pi / 180 );
	ttDestroyWorld( world );
	return deficit;
}

// A marble set down on level straight rails settles at the height the geometry gives.
static void Resting( ttContactSolverType solver )
{
	printf( "-- marble resting on level rails, %s contacts\n", solver == ttContactSolver_xpbd ? "xpbd" : "softStep" );
	ttWorldId world = MakeWorld( solver );
	MakeRails( world, false, 0.5 );
	ttBodyId marble = MakeMarble( world, ( ttVec3 ){ 1, (ttReal)( MarbleLift() + 0.01 ), 0 }, 0.5 );
	for ( int step = 0; step < 120; ++step )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
	ttVec3 p = ttBody_GetPosition( marble );
	ENSURE_NEAR( p.y, MarbleLift(), 0.001 );
	ENSURE_NEAR( p.z, 0, 0.0005 );
	ENSURE_BELOW( Length3( ttBody_GetLinearVelocity( marble ) ), 0.01 );
	// A capsule (r = 2 cm) and a thin box (2 cm thick) laid across both rails rest on top of the
	// wires: the capsule's axis at rw + r, the box's centre at rw + 1 cm (segment capsules of the
	// polyline against the capsule and, by separating axes, the box).
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 2, (ttReal)( WIRE_R + 0.02 + 0.01 ), 0 };
	ttBodyId rod = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.density = 1000;
	ttCreateCapsuleShape( rod, &shapeDef,
	                      &( ttCapsule ){ .center1 = { 0, 0, -0.05f }, .center2 = { 0, 0, 0.05f }, .radius = 0.02f } );
	bodyDef.position = ( ttVec3 ){ 3, (ttReal)( WIRE_R + 0.01 + 0.01 ), 0 };
	ttBodyId plate = ttCreateBody( world, &bodyDef );
	ttCreateBoxShape( plate, &shapeDef, &( ttBox ){ .halfExtents = { 0.05f, 0.01f, 0.05f } } );
	for ( int step = 0; step < 120; ++step )
	{
		ttWorld_Step( world, (ttReal)DT );
	}
	ENSURE_NEAR( ttBody_GetPosition( rod ).y, WIRE_R + 0.02, 0.001 );
	ENSURE_NEAR( ttBody_GetPosition( plate ).y, WIRE_R + 0.01, 0.001 );
	ENSURE_BELOW( Length3( ttBody_GetLinearVelocity( rod ) ), 0.01 );
	ENSURE_BELOW( Length3( ttBody_GetLinearVelocity( plate ) ), 0.01 );
	ttDestroyWorld( world );
}

static void RayAndReadout( void )
{
	printf( "-- ray cast and readout\n" );
	ttWorldId world = MakeWorld( ttContactSolver_xpbd );
	MakeRails( world, false, 0.5 );
	// Straight down onto the rail at z = +W: it hits the top of the tube, y = rw, normal up.
	ttRayResult hit = ttWorld_CastRayClosest( world, ( ttVec3 ){ 2.3f, 1, (ttReal)RAIL_W }, ( ttVec3 ){ 0, -2, 0 },
	                                          ttDefaultQueryFilter() );
	ENSURE( hit.hit );
	ENSURE_NEAR( hit.point.y, WIRE_R, 1e-6 );
	ENSURE_NEAR( hit.normal.y, 1, 1e-6 );
	ENSURE( ttShape_GetType( hit.shapeId ) == ttShape_curve );
	ENSURE_NEAR( ttShape_GetCurveRadius( hit.shapeId ), WIRE_R, 1e-9 );
	// A polyline keeps its points as given.
	ENSURE( ttShape_GetCurvePoints( hit.shapeId, NULL, 0 ) == RAIL_POINTS );
	// The point nearest to one 10 cm above the rail at z = +W is the tube's top, 0.1 - rw away.
	ttClosestPointResult closest =
	    ttWorld_ClosestPoint( world, ( ttVec3 ){ 1.1f, 0.1f, (ttReal)RAIL_W }, 1, ttDefaultQueryFilter() );
	ENSURE( closest.hit );
	ENSURE_NEAR( closest.distance, 0.1 - WIRE_R, 1e-6 );
	ENSURE_NEAR( closest.point.y, WIRE_R, 1e-6 );
	// A 1 cm ball swept down onto the rail from 10 cm above stops where it touches the tube.
	ttQueryShape ball = { .type = ttShape_sphere, .sphere = { 0.01f } };
	ttRayResult cast =
	    ttWorld_CastShapeClosest( world, &ball, ( ttTransform ){ { 1.3f, 0.1f, (ttReal)RAIL_W }, TT_QUAT_IDENTITY },
	                              ( ttVec3 ){ 0, -0.2f, 0 }, ttDefaultQueryFilter() );
	ENSURE( cast.hit );
	ENSURE_NEAR( 0.1 - 0.2 * cast.fraction, WIRE_R + 0.01, 1e-4 );
	ttDestroyWorld( world );
}

static void BadInput( void )
{
	printf( "-- bad input\n" );
	ttWorldId world = MakeWorld( ttContactSolver_xpbd );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttBodyId marble = MakeMarble( world, ( ttVec3 ){ 0, 1, 0 }, 0.5 );
	bodyDef.type = ttBody_kinematic;
	ttBodyId mover = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttVec3 points[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 } };
	ttVec3 bad[2] = { { 0, 0, 0 }, { NAN, 0, 0 } };
	ttVec3 repeated[2] = { { 1, 0, 0 }, { 1, 0, 0 } };
	ttSetLogFcn( CountLog );
	int before = s_messages;
	ttCurveDef def = ttDefaultCurveDef();
	def.points = points;
	def.pointCount = 3;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( marble, &shapeDef, &def ) ) ); // dynamic body
	ENSURE( TT_IS_NULL( ttCreateCurveShape( mover, &shapeDef, &def ) ) );  // kinematic body
	ttCurveDef raw = { 0 };
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &raw ) ) ); // not from ttDefaultCurveDef
	def.pointCount = 1;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &def ) ) ); // one point
	def.pointCount = 2;
	def.closed = true;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &def ) ) ); // closed with two points
	def.closed = false;
	def.points = bad;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &def ) ) ); // NaN
	def.points = repeated;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &def ) ) ); // repeated point
	def.points = points;
	def.radius = 0;
	ENSURE( TT_IS_NULL( ttCreateCurveShape( ground, &shapeDef, &def ) ) ); // no radius
	ttShapeId sphere = { 0 };
	ttShapeId shapes[1];
	ENSURE( ttBody_GetShapes( marble, shapes, 1 ) == 1 );
	sphere = shapes[0];
	ttVec3 out[4];
	ENSURE( ttShape_GetCurvePoints( sphere, out, 4 ) == 0 ); // not a curve
	printf( "%d messages for 9 bad calls\n", s_messages - before );
	ENSURE( s_messages - before == 9 );
	ENSURE( ttBody_GetShapeCount( ground ) == 0 );
	ENSURE( ttBody_GetShapeCount( mover ) == 0 );
	ENSURE( ttBody_GetShapeCount( marble ) == 1 );
	ttSetLogFcn( NULL );
	ttDestroyWorld( world );
}

int main( void )
{
	RollDown( ttContactSolver_xpbd, false );
	RollDown( ttContactSolver_softStep, false );
	RollDown( ttContactSolver_xpbd, true );
	RollDown( ttContactSolver_softStep, true );
	double deficit20 = Spring( ttContactSolver_xpbd, 20 );
	double deficit40 = Spring( ttContactSolver_xpbd, 40 );
	double deficit80 = Spring( ttContactSolver_xpbd, 80 );
	ENSURE_BELOW( deficit40, 0.67 * deficit20 );
	ENSURE_BELOW( deficit80, 0.67 * deficit40 );
	ENSURE_BELOW( deficit80, 0.07 );
	ENSURE_BELOW( Spring( ttContactSolver_softStep, 80 ), 0.07 );
	Resting( ttContactSolver_xpbd );
	Resting( ttContactSolver_softStep );
	RayAndReadout();
	BadInput();
	return tt_test_failures;
}
