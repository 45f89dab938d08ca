// SPDX-License-Identifier: MIT
// Particles in the rigid world, each check against an independent reference:
// - free fall: the substeps are symplectic Euler, x_N = x0 + N h v0 + h^2 g N (N + 1) / 2 (round
//   off only, 1e-9 m; 1e-3 m in float), v_N = v0 + N h g (to the round-off of x / h);
// - a particle resting on each shape type: height = surface + radius within 1e-4 m (after 2 s at
//   20 substeps the residual per substep is g h^2 = 2.5e-5 m at most);
// - a particle on a particle: centre distance = sum of radii within 1e-4 m;
// - a particle hitting a free box in zero gravity: linear momentum m_p v0 conserved to 1e-9
//   relative (the contact impulses are equal and opposite), and the box moves;
// - a particle sliding on a plane with dynamic friction mu: stops after v0^2 / (2 mu g) within 3 %;
// - on a 20 degree slope (tan = 0.364): with mu_s = mu_d = 0.5 the particle stays (drift below
//   1 mm in 2 s); with mu = 0.2 it slides with a = g (sin - mu cos) = 1.512 m/s^2, so it covers
//   a t^2 / 2 from rest, within 2 %;
// - friction drags a body: a particle sliding on a free box on a frictionless plane gives the
//   box its momentum; the horizontal momentum m_p v0 stays, to 1e-9 relative, and both end with
//   the common velocity;
// - particle pairs (spatial hash): two particles of 1 and 3 kg meeting head-on in zero gravity
//   keep their momentum (to 1e-9 relative) and end with the common velocity (perfectly
//   inelastic); a 6 x 6 x 6 block of 216 particles dropped on the ground settles with no pair
//   overlapping by more than 1 % of the sum of radii and none below the ground by more than 1 %
//   of a radius;
// - sleeping: a box asleep on the ground wakes when a falling particle hits it, and falls asleep
//   again with the particle resting on it (sleep after 0.5 s under the thresholds);
// - bad input (NaN, negative mass, stale ids) refused with the world unchanged.
#include "test_macros.h"

#include "tether/tether.h"

#include <float.h>

static const double s_g = 9.81;

static ttWorldId MakeWorld( double gravity, int substeps )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, (ttReal)-gravity, 0 };
	def.substeps = substeps;
	def.iterations = 1;
	return ttCreateWorld( &def );
}

static ttParticleId MakeParticle( ttWorldId world, ttVec3 x, ttReal mass, ttReal radius )
{
	ttParticleDef def = ttDefaultParticleDef();
	def.position = x;
	def.mass = mass;
	def.radius = radius;
	return ttCreateParticle( world, &def );
}

static void FreeFall( void )
{
	ttWorldId world = MakeWorld( s_g, 8 );
	ttParticleDef def = ttDefaultParticleDef();
	def.position = ( ttVec3 ){ 0, 100, 0 };
	def.velocity = ( ttVec3 ){ 2, 5, -1 };
	ttParticleId p = ttCreateParticle( world, &def );
	int frames = 60;
	for ( int i = 0; i < frames; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	double h = 1.0 / 60.0 / 8, n = 8.0 * frames;
	ttVec3 x = ttParticle_GetPosition( p );
	double tolerance = TT_REAL_IS_FLOAT ? 1e-3 : 1e-9;
	ENSURE_NEAR( x.x, 2 * n * h, tolerance );
	ENSURE_NEAR( x.y, 100 + 5 * n * h - h * h * s_g * n * ( n + 1 ) / 2, tolerance );
	ENSURE_NEAR( x.z, -n * h, tolerance );
	// The velocity is a position difference over h each substep: its round-off is that of the
	// positions / h, and it carries over from substep to substep (N of them).
	double eps = TT_REAL_IS_FLOAT ? (double)FLT_EPSILON : DBL_EPSILON;
	ENSURE_NEAR( ttParticle_GetVelocity( p ).y, 5 - n * h * s_g, 2 * n * eps * 100 / h );
	ttDestroyWorld( world );
}

// One static body with the shape made by `make`, a particle dropped from 0.3 m above `top`.
typedef ttShapeId MakeShapeFcn( ttBodyId body );

static ttShapeId MakePlane( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	return ttCreatePlaneShape( body, &def, &plane );
}

static ttShapeId MakeSphere( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	ttSphere sphere = { (ttReal)0.5 };
	return ttCreateSphereShape( body, &def, &sphere );
}

static ttShapeId MakeBox( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	ttBox box = { { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 } };
	return ttCreateBoxShape( body, &def, &box );
}

static ttShapeId MakeCapsule( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	ttCapsule capsule = { { (ttReal)-0.5, 0, 0 }, { (ttReal)0.5, 0, 0 }, (ttReal)0.5 };
	return ttCreateCapsuleShape( body, &def, &capsule );
}

static ttShapeId MakeCylinder( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	ttCylinder cylinder = { 0 };
	cylinder.radius = (ttReal)0.5;
	cylinder.halfHeight = (ttReal)0.5;
	return ttCreateCylinderShape( body, &def, &cylinder );
}

static ttShapeId MakeHull( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	// An octahedron with a flat top: a box's corners with the top ones pulled in.
	ttVec3 points[8] = { { -1, -1, -1 },
	                     { 1, -1, -1 },
	                     { -1, -1, 1 },
	                     { 1, -1, 1 },
	                     { (ttReal)-0.5, (ttReal)0.5, (ttReal)-0.5 },
	                     { (ttReal)0.5, (ttReal)0.5, (ttReal)-0.5 },
	                     { (ttReal)-0.5, (ttReal)0.5, (ttReal)0.5 },
	                     { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 } };
	return ttCreateHullShape( body, &def, points, 8 );
}

static ttShapeId MakeMesh( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	static const ttVec3 vertices[4] = {
	    { -2, (ttReal)0.5, -2 }, { 2, (ttReal)0.5, -2 }, { 2, (ttReal)0.5, 2 }, { -2, (ttReal)0.5, 2 } };
	static const int indices[6] = { 0, 2, 1, 0, 3, 2 };
	ttMeshDef mesh = ttDefaultMeshDef();
	mesh.vertices = vertices;
	mesh.vertexCount = 4;
	mesh.indices = indices;
	mesh.triangleCount = 2;
	return ttCreateMeshShape( body, &def, &mesh );
}

static ttShapeId MakeHeightfield( ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	static const ttReal heights[9] = { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5, (ttReal)0.5, (ttReal)0.5,
	                                   (ttReal)0.5, (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 };
	ttHeightfieldDef field = ttDefaultHeightfieldDef();
	field.heights = heights;
	field.rowCount = 3;
	field.columnCount = 3;
	field.scale = ( ttVec3 ){ 2, 1, 2 };
	ttShapeId id = ttCreateHeightfieldShape( body, &def, &field );
	return id;
}

static void RestOn( const char* name, MakeShapeFcn* make, ttVec3 shapeOrigin, ttVec3 above, double top )
{
	ttWorldId world = MakeWorld( s_g, 20 );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.position = shapeOrigin;
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ENSURE( TT_IS_NON_NULL( make( body ) ) );
	double radius = 0.05;
	ttParticleId p =
	    MakeParticle( world, ( ttVec3 ){ above.x, (ttReal)( top + radius + 0.3 ), above.z }, 1, (ttReal)radius );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	ttVec3 x = ttParticle_GetPosition( p );
	printf( "%s: ", name );
	ENSURE_NEAR( x.y, top + radius, 1e-4 );
	ENSURE_BELOW( fabs( (double)ttParticle_GetVelocity( p ).y ), 1e-3 );
	ttDestroyWorld( world );
}

static void RestOnParticle( void )
{
	ttWorldId world = MakeWorld( s_g, 20 );
	ttParticleId base = MakeParticle( world, ( ttVec3 ){ 0, 1, 0 }, 0, (ttReal)0.1 );
	ttParticleId top = MakeParticle( world, ( ttVec3 ){ 0, (ttReal)1.5, 0 }, 1, (ttReal)0.05 );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	printf( "particle on a fixed particle: " );
	ENSURE_NEAR( ttParticle_GetPosition( top ).y - ttParticle_GetPosition( base ).y, 0.15, 1e-4 );
	ttDestroyWorld( world );
}

static void MomentumExchange( void )
{
	ttWorldId world = MakeWorld( 0, 10 );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 1, 0, 0 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.density = 100;
	ttBox box = { { (ttReal)0.25, (ttReal)0.25, (ttReal)0.25 } };
	ttCreateBoxShape( body, &shapeDef, &box );
	double mb = (double)ttBody_GetMass( body ); // 100 * 0.125 = 12.5 kg
	ttParticleDef def = ttDefaultParticleDef();
	def.mass = 2;
	def.velocity = ( ttVec3 ){ 3, 0, 0 };
	ttParticleId p = ttCreateParticle( world, &def );
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	double momentum = 2 * (double)ttParticle_GetVelocity( p ).x + mb * (double)ttBody_GetLinearVelocity( body ).x;
	printf( "particle hits a free box: " );
	ENSURE_NEAR( momentum, 6, TT_REAL_IS_FLOAT ? 1e-4 : 1e-9 );
	// Inelastic contact: both end with the common velocity m_p v0 / (m_p + m_b).
	ENSURE_NEAR( ttBody_GetLinearVelocity( body ).x, 6 / ( 2 + mb ), 1e-3 );
	ttDestroyWorld( world );
}

static void SlidingFriction( void )
{
	ttWorldId world = MakeWorld( s_g, 20 );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = (ttReal)0.3;
	shapeDef.dynamicFriction = (ttReal)0.3;
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ground, &shapeDef, &plane );
	ttParticleDef def = ttDefaultParticleDef();
	def.radius = (ttReal)0.05;
	def.position = ( ttVec3 ){ 0, (ttReal)0.05, 0 };
	def.velocity = ( ttVec3 ){ 4, 0, 0 };
	def.staticFriction = (ttReal)0.3;
	def.dynamicFriction = (ttReal)0.3;
	ttParticleId p = ttCreateParticle( world, &def );
	for ( int i = 0; i < 240; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	double expected = 16 / ( 2 * 0.3 * s_g );
	printf( "sliding particle, mu = 0.3, v0 = 4 m/s: " );
	ENSURE_NEAR( ttParticle_GetPosition( p ).x, expected, 0.03 * expected );
	ENSURE_BELOW( fabs( (double)ttParticle_GetVelocity( p ).x ), 1e-6 );
	ttDestroyWorld( world );
}

static ttShapeId MakeSlopedPlane( ttWorldId world, double degrees, double mu )
{
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.staticFriction = (ttReal)mu;
	shapeDef.dynamicFriction = (ttReal)mu;
	double a = degrees * 3.14159265358979323846 / 180;
	// Downhill is +x.
	ttPlane plane = { { (ttReal)sin( a ), (ttReal)cos( a ), 0 }, 0 };
	return ttCreatePlaneShape( ground, &shapeDef, &plane );
}

static void Slope( double mu, bool sticks )
{
	ttWorldId world = MakeWorld( s_g, 20 );
	double degrees = 20, a = degrees * 3.14159265358979323846 / 180, radius = 0.05;
	MakeSlopedPlane( world, degrees, mu );
	ttParticleDef def = ttDefaultParticleDef();
	def.radius = (ttReal)radius;
	def.position = ( ttVec3 ){ (ttReal)( radius * sin( a ) ), (ttReal)( radius * cos( a ) ), 0 };
	def.staticFriction = (ttReal)mu;
	def.dynamicFriction = (ttReal)mu;
	ttParticleId p = ttCreateParticle( world, &def );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	ttVec3 x = ttSub( ttParticle_GetPosition( p ), def.position );
	double along = (double)x.x * cos( a ) - (double)x.y * sin( a );
	if ( sticks )
	{
		printf( "slope 20 deg, mu %.1f (sticks): ", mu );
		ENSURE_BELOW( fabs( along ), 1e-3 );
	}
	else
	{
		double expected = 0.5 * s_g * ( sin( a ) - mu * cos( a ) ) * 2 * 2;
		printf( "slope 20 deg, mu %.1f (slides): ", mu );
		ENSURE_NEAR( along, expected, 0.02 * expected );
	}
	ttDestroyWorld( world );
}

static void FrictionDragsBody( void )
{
	ttWorldId world = MakeWorld( s_g, 20 );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef slick = ttDefaultShapeDef();
	slick.staticFriction = 0;
	slick.dynamicFriction = 0;
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ground, &slick, &plane );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, (ttReal)0.1, 0 };
	bodyDef.enableSleep = false;
	ttBodyId box = ttCreateBody( world, &bodyDef );
	// Pairs use the mean of the two sides' coefficients: the box is frictionless against the
	// frictionless ground, and the particle's 1.0 gives 0.5 against the box.
	slick.density = 100;
	ttBox boxShape = { { 2, (ttReal)0.1, 2 } };
	ttCreateBoxShape( box, &slick, &boxShape );
	double mb = (double)ttBody_GetMass( box ); // 100 * 4 * 0.2 * 4 = 320 kg
	ttParticleDef def = ttDefaultParticleDef();
	def.mass = 40;
	def.radius = (ttReal)0.05;
	def.position = ( ttVec3 ){ -1, (ttReal)0.25, 0 };
	def.velocity = ( ttVec3 ){ 3, 0, 0 };
	def.staticFriction = 1;
	def.dynamicFriction = 1;
	ttParticleId p = ttCreateParticle( world, &def );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	double momentum = 40 * (double)ttParticle_GetVelocity( p ).x + mb * (double)ttBody_GetLinearVelocity( box ).x;
	printf( "particle sliding on a free box (%.0f kg) on ice: ", mb );
	ENSURE_NEAR( momentum, 120, TT_REAL_IS_FLOAT ? 1e-3 * 120 : 1e-9 * 120 );
	ENSURE_NEAR( ttBody_GetLinearVelocity( box ).x, 120 / ( 40 + mb ), 1e-3 );
	ENSURE_NEAR( ttParticle_GetVelocity( p ).x, 120 / ( 40 + mb ), 1e-3 );
	ttDestroyWorld( world );
}

static void ParticlePairs( void )
{
	ttWorldId world = MakeWorld( 0, 10 );
	ttParticleDef def = ttDefaultParticleDef();
	def.radius = (ttReal)0.1;
	def.mass = 1;
	def.position = ( ttVec3 ){ -1, 0, 0 };
	def.velocity = ( ttVec3 ){ 2, 0, 0 };
	ttParticleId a = ttCreateParticle( world, &def );
	def.mass = 3;
	def.position = ( ttVec3 ){ 1, (ttReal)0.05, 0 };
	def.velocity = ( ttVec3 ){ -1, 0, 0 };
	ttParticleId b = ttCreateParticle( world, &def );
	for ( int i = 0; i < 90; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	ttVec3 p = ttAdd( ttParticle_GetVelocity( a ), ttScale( 3, ttParticle_GetVelocity( b ) ) );
	printf( "head-on particles: " );
	ENSURE_NEAR( p.x, 2 - 3, TT_REAL_IS_FLOAT ? 1e-5 : 1e-9 );
	ENSURE_NEAR( p.y, 0, TT_REAL_IS_FLOAT ? 1e-5 : 1e-9 );
	ttVec3 d = ttSub( ttParticle_GetVelocity( a ), ttParticle_GetVelocity( b ) );
	ENSURE_BELOW( (double)ttLength( d ), TT_REAL_IS_FLOAT ? 1e-4 : 1e-6 ); // round-off of the velocity readouts
	ENSURE( (double)ttLength( ttSub( ttParticle_GetPosition( a ), ttParticle_GetPosition( b ) ) ) >= 0.2 - 1e-6 );
	ttDestroyWorld( world );

	world = MakeWorld( s_g, 20 );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ttCreateBody( world, &groundDef ), &shapeDef, &plane );
	enum
	{
		n = 6
	};
	ttParticleId ids[n * n * n];
	double r = 0.05;
	def = ttDefaultParticleDef();
	def.radius = (ttReal)r;
	def.mass = (ttReal)0.01;
	def.damping = 1;
	int count = 0;
	for ( int x = 0; x < n; ++x )
	{
		for ( int y = 0; y < n; ++y )
		{
			for ( int z = 0; z < n; ++z )
			{
				// A slight shear so that the columns topple into a pile instead of standing.
				def.position = ( ttVec3 ){ (ttReal)( x * 2.05 * r + 0.01 * y ), (ttReal)( r + 0.3 + y * 2.05 * r ),
				                           (ttReal)( z * 2.05 * r + 0.007 * y ) };
				ids[count++] = ttCreateParticle( world, &def );
			}
		}
	}
	for ( int i = 0; i < 240; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	double deepest = 0, lowest = 1e9;
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 xi = ttParticle_GetPosition( ids[i] );
		lowest = (double)xi.y < lowest ? (double)xi.y : lowest;
		for ( int j = i + 1; j < count; ++j )
		{
			double overlap = 2 * r - (double)ttLength( ttSub( ttParticle_GetPosition( ids[j] ), xi ) );
			deepest = overlap > deepest ? overlap : deepest;
		}
	}
	printf( "pile of 216 particles: " );
	ENSURE_BELOW( deepest, 0.01 * 2 * r );
	ENSURE_BELOW( r - lowest, 0.01 * r );
	ttDestroyWorld( world );
}

static void Sleeping( void )
{
	ttWorldId world = MakeWorld( s_g, 10 );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ttCreateBody( world, &groundDef ), &shapeDef, &plane );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 0, (ttReal)0.25, 0 };
	ttBodyId box = ttCreateBody( world, &bodyDef );
	ttBox boxShape = { { (ttReal)0.25, (ttReal)0.25, (ttReal)0.25 } };
	ttCreateBoxShape( box, &shapeDef, &boxShape );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	ENSURE( ttBody_IsAwake( box ) == false );
	ttParticleId p = MakeParticle( world, ( ttVec3 ){ (ttReal)0.1, 2, 0 }, 5, (ttReal)0.05 );
	bool woke = false;
	for ( int i = 0; i < 60; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		woke = woke || ttBody_IsAwake( box );
	}
	printf( "sleeping box hit by a particle: woke %d\n", woke );
	ENSURE( woke );
	for ( int i = 0; i < 180; ++i )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	}
	printf( "box with the particle resting on it: awake %d, particle at %.6f\n", ttBody_IsAwake( box ),
	        (double)ttParticle_GetPosition( p ).y );
	ENSURE( ttBody_IsAwake( box ) == false );
	ENSURE_NEAR( ttParticle_GetPosition( p ).y, 0.55, 1e-3 );
	ttDestroyWorld( world );
}

static void BadInput( void )
{
	ttWorldId world = MakeWorld( s_g, 4 );
	ttParticleDef def = ttDefaultParticleDef();
	def.position.y = (ttReal)NAN;
	ENSURE( TT_IS_NULL( ttCreateParticle( world, &def ) ) );
	def = ttDefaultParticleDef();
	def.mass = -1;
	ENSURE( TT_IS_NULL( ttCreateParticle( world, &def ) ) );
	def.mass = (ttReal)INFINITY;
	ENSURE( TT_IS_NULL( ttCreateParticle( world, &def ) ) );
	def = ttDefaultParticleDef();
	def.radius = 0;
	ENSURE( TT_IS_NULL( ttCreateParticle( world, &def ) ) );
	ENSURE( ttWorld_GetParticleCount( world ) == 0 );

	ttParticleId a = MakeParticle( world, ( ttVec3 ){ 0, 0, 0 }, 1, (ttReal)0.1 );
	ttParticleId b = MakeParticle( world, ( ttVec3 ){ 1, 0, 0 }, 1, (ttReal)0.1 );
	ENSURE( ttParticle_SetPosition( a, ( ttVec3 ){ (ttReal)NAN, 0, 0 } ) == ttResult_invalidArgument );
	ENSURE( ttParticle_GetPosition( a ).x == 0 );
	ENSURE( ttParticle_SetMass( a, (ttReal)NAN ) == ttResult_invalidArgument );
	ENSURE( ttParticle_GetMass( a ) == 1 );
	ENSURE( TT_IS_NULL( ttCreateParticleDistance( world, a, a, -1, 0 ) ) );
	ENSURE( TT_IS_NULL( ttCreateParticleDistance( world, a, b, -1, -1 ) ) );
	ENSURE( TT_IS_NULL( ttCreateParticleDistance( world, a, b, (ttReal)NAN, 0 ) ) );
	ttDestroyParticle( b );
	ENSURE( ttParticle_IsValid( b ) == false );
	ENSURE( TT_IS_NULL( ttCreateParticleDistance( world, a, b, -1, 0 ) ) );
	ttParticleId c = MakeParticle( world, ( ttVec3 ){ 1, 0, 0 }, 1, (ttReal)0.1 );
	// The slot is reused with a new generation: the stale id does not name the new particle.
	ENSURE( c.index1 == b.index1 && c.generation != b.generation );
	ENSURE( ttParticle_IsValid( b ) == false && ttParticle_IsValid( c ) );
	ENSURE( ttWorld_GetParticleConstraintCount( world ) == 0 );

	ttParticleState states[2];
	ttParticleId ids[2] = { a, b };
	states[1].position.x = 7;
	ENSURE( ttWorld_GetParticleStates( world, ids, 2, states ) == ttResult_invalidId );
	ENSURE( states[1].position.x == 7 );
	ids[1] = c;
	ENSURE( ttWorld_GetParticleStates( world, ids, 2, states ) == ttResult_ok );
	ENSURE( states[1].position.x == 1 );

	// A destroyed body cannot take an attachment; the attachments of a destroyed body go with it.
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttParticleConstraintId attach = ttCreateParticleAttachment( world, a, body, ( ttVec3 ){ 0, 0, 0 }, 0 );
	ENSURE( TT_IS_NON_NULL( attach ) );
	ttDestroyBody( body );
	ENSURE( ttParticleConstraint_IsValid( attach ) == false );
	int before = ttWorld_GetParticleConstraintCount( world );
	ENSURE( TT_IS_NULL( ttCreateParticleAttachment( world, a, body, ( ttVec3 ){ 0, 0, 0 }, 0 ) ) );
	ENSURE( ttWorld_GetParticleConstraintCount( world ) == before );

	// A flat tetrahedron.
	ttParticleId t[4] = { a, c, MakeParticle( world, ( ttVec3 ){ 0, 1, 0 }, 1, (ttReal)0.1 ),
	                      MakeParticle( world, ( ttVec3 ){ 1, 1, 0 }, 1, (ttReal)0.1 ) };
	ENSURE( TT_IS_NULL( ttCreateParticleVolume( world, t, 0 ) ) );
	ENSURE( ttWorld_GetParticleConstraintCount( world ) == before );
	ttDestroyWorld( world );
}

int main( void )
{
	FreeFall();
	RestOn( "plane", MakePlane, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.1, 0, 0 }, 0 );
	RestOn( "sphere", MakeSphere, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ 0, 0, 0 }, 0.5 );
	RestOn( "box", MakeBox, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.1, 0, (ttReal)-0.2 }, 0.5 );
	RestOn( "capsule", MakeCapsule, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.2, 0, 0 }, 0.5 );
	RestOn( "cylinder", MakeCylinder, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.1, 0, (ttReal)0.2 }, 0.5 );
	RestOn( "hull", MakeHull, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.1, 0, (ttReal)0.1 }, 0.5 );
	RestOn( "mesh", MakeMesh, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)0.3, 0, (ttReal)0.7 }, 0.5 );
	RestOn( "heightfield", MakeHeightfield, ( ttVec3 ){ 0, 0, 0 }, ( ttVec3 ){ (ttReal)1.3, 0, (ttReal)2.2 }, 0.5 );
	RestOnParticle();
	MomentumExchange();
	SlidingFriction();
	Slope( 0.5, true );
	Slope( 0.2, false );
	FrictionDragsBody();
	ParticlePairs();
	Sleeping();
	BadInput();
	return TEST_RESULT();
}
