// SPDX-License-Identifier: MIT
// The calls that save and restore a state exactly (ttWorld_SaveScene uses them through the
// scene loader): a body's centre-of-mass frame, a particle constraint's rest value and a shape
// match's rest shape. Each is checked for exact restoring, for its physical meaning against an
// analytic number, and for refusing bad input without changing anything.
#include "test_macros.h"

#include "tether/particles.h"
#include "tether/tether.h"

#include <string.h>

// Values computed once from exact inputs (1/6, 2/3) differ from the exact number by the real
// type's rounding: a few ulp.
#define ROUNDING ( TT_REAL_IS_FLOAT ? 1e-6 : 1e-15 )

static void CenterOfMassFrame( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef def = ttDefaultBodyDef();
	def.angularVelocity = ( ttVec3 ){ 0.3, 2.1, -0.7 };
	ttBodyId body = ttCreateBody( world, &def );
	// A compound: an offset sphere and a tilted capsule put the centre off the origin and turn the
	// principal axes.
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.localPosition = ( ttVec3 ){ 0.4, 0.1, -0.2 };
	ttSphere sphere = { 0.3 };
	ttCreateSphereShape( body, &shapeDef, &sphere );
	shapeDef = ttDefaultShapeDef();
	ttCapsule capsule = { { -0.5, 0.2, 0.1 }, { 0.3, -0.4, 0.6 }, 0.1 };
	ttCreateCapsuleShape( body, &shapeDef, &capsule );
	for ( int i = 0; i < 37; ++i )
	{
		ttWorld_Step( world, 1.0 / 60 );
	}
	ttTransform saved = ttBody_GetCenterOfMassTransform( body );
	ttTransform pose = ttBody_GetTransform( body );
	// Its meaning: the centre of mass, and the principal axes (mass data rotation) turned by the
	// body's rotation.
	ttVec3 center = ttBody_GetWorldCenterOfMass( body );
	ENSURE( memcmp( &saved.p, &center, sizeof( center ) ) == 0 );
	ttQuat principal = ttQuatMul( pose.q, ttBody_GetMassData( body ).rotation );
	double dot = principal.x * saved.q.x + principal.y * saved.q.y + principal.z * saved.q.z + principal.w * saved.q.w;
	ENSURE_NEAR( fabs( dot ), 1, 1e-12 );
	// Move away, then restore: the same bits, where the body frame rounds.
	ENSURE( ttBody_SetTransform( body, ( ttVec3 ){ 5, 6, 7 }, ( ttQuat ){ 0, 0, 0, 1 } ) == ttResult_ok );
	ENSURE( ttBody_SetCenterOfMassTransform( body, saved.p, saved.q ) == ttResult_ok );
	ttTransform restored = ttBody_GetCenterOfMassTransform( body );
	ENSURE( memcmp( &restored, &saved, sizeof( saved ) ) == 0 );
	// Bad input changes nothing.
	ENSURE( ttBody_SetCenterOfMassTransform( body, ( ttVec3 ){ NAN, 0, 0 }, saved.q ) == ttResult_invalidArgument );
	ENSURE( ttBody_SetCenterOfMassTransform( body, saved.p, ( ttQuat ){ 0, 0, 0, 2 } ) == ttResult_invalidArgument );
	ENSURE( ttBody_SetCenterOfMassTransform( body, ( ttVec3 ){ 1e13, 0, 0 }, saved.q ) == ttResult_invalidArgument );
	restored = ttBody_GetCenterOfMassTransform( body );
	ENSURE( memcmp( &restored, &saved, sizeof( saved ) ) == 0 );
	ttDestroyBody( body );
	ENSURE( ttBody_SetCenterOfMassTransform( body, saved.p, saved.q ) == ttResult_invalidId );
	ttDestroyWorld( world );
}

// Two particles on a distance constraint made 1 m apart, its rest set to 2 m: they settle 2 m
// apart (no gravity, damped), and a refused rest leaves 2 m.
static void DistanceRest( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId world = ttCreateWorld( &worldDef );
	ttParticleDef def = ttDefaultParticleDef();
	def.damping = 2;
	def.collide = false;
	ttParticleId a = ttCreateParticle( world, &def );
	def.position = ( ttVec3 ){ 1, 0, 0 };
	ttParticleId b = ttCreateParticle( world, &def );
	ttParticleConstraintId distance = ttCreateParticleDistance( world, a, b, -1, 0 );
	ENSURE_NEAR( ttParticleConstraint_GetRest( distance ), 1, 0 );
	ENSURE( ttParticleConstraint_SetRest( distance, 2 ) == ttResult_ok );
	ENSURE( ttParticleConstraint_SetRest( distance, -1 ) == ttResult_invalidArgument );
	ENSURE( ttParticleConstraint_SetRest( distance, NAN ) == ttResult_invalidArgument );
	ENSURE_NEAR( ttParticleConstraint_GetRest( distance ), 2, 0 );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( world, 1.0 / 60 );
	}
	ttVec3 pa = ttParticle_GetPosition( a ), pb = ttParticle_GetPosition( b );
	// A rigid constraint after 2 s: the distance is the rest to the solver's precision.
	ENSURE_NEAR( ttLength( ttSub( pb, pa ) ), 2, 1e-9 );
	// Momentum is conserved: the midpoint stays at 0.5.
	ENSURE_NEAR( 0.5 * ( pa.x + pb.x ), 0.5, 1e-9 );
	ttDestroyWorld( world );
}

// Rest values of each type: a bending constraint takes an angle in [-pi, pi], an area > 0, a
// volume != 0; an attachment has none.
static void RestRanges( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttParticleDef def = ttDefaultParticleDef();
	ttVec3 corners[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	ttParticleId p[4];
	for ( int i = 0; i < 4; ++i )
	{
		def.position = corners[i];
		p[i] = ttCreateParticle( world, &def );
	}
	ttParticleConstraintId area = ttCreateParticleArea( world, p, 0 );
	ENSURE_NEAR( ttParticleConstraint_GetRest( area ), 0.5, ROUNDING );
	ENSURE( ttParticleConstraint_SetRest( area, 0 ) == ttResult_invalidArgument );
	ENSURE( ttParticleConstraint_SetRest( area, 0.75 ) == ttResult_ok );
	ttParticleConstraintId volume = ttCreateParticleVolume( world, p, 0 );
	ENSURE_NEAR( fabs( ttParticleConstraint_GetRest( volume ) ), 1.0 / 6, ROUNDING );
	ENSURE( ttParticleConstraint_SetRest( volume, 0 ) == ttResult_invalidArgument );
	ttParticleConstraintId bending = ttCreateParticleBending( world, p, 0 );
	ENSURE( ttParticleConstraint_SetRest( bending, 4 ) == ttResult_invalidArgument );
	ENSURE( ttParticleConstraint_SetRest( bending, -3 ) == ttResult_ok );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_static;
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttParticleConstraintId attachment = ttCreateParticleAttachment( world, p[0], body, ( ttVec3 ){ 0, 0, 0 }, 0 );
	ENSURE( ttParticleConstraint_SetRest( attachment, 1 ) == ttResult_invalidArgument );
	ENSURE( ttParticleShapeMatch_GetRestShape( attachment, NULL, 0, NULL ) == -1 );
	ttDestroyParticleConstraint( area );
	ENSURE( ttParticleConstraint_SetRest( area, 0.5 ) == ttResult_invalidId );
	ttDestroyWorld( world );
}

// A shape match of a unit right triangle whose rest offsets are set to twice their size grows the
// triangle to twice its size (no gravity, rigid, damped): every edge doubles.
static void ShapeMatchRest( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId world = ttCreateWorld( &worldDef );
	ttParticleDef def = ttDefaultParticleDef();
	def.damping = 2;
	def.collide = false;
	ttVec3 corners[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
	ttParticleId p[3];
	for ( int i = 0; i < 3; ++i )
	{
		def.position = corners[i];
		p[i] = ttCreateParticle( world, &def );
	}
	ttParticleConstraintId match = ttCreateParticleShapeMatch( world, p, 3, 0 );
	ttVec3 offsets[3];
	ttQuat rotation;
	ENSURE( ttParticleShapeMatch_GetRestShape( match, offsets, 3, &rotation ) == 3 );
	ENSURE( ttParticleShapeMatch_GetRestShape( match, offsets, 2, &rotation ) == -1 );
	// The offsets are from the centre of mass (1/3, 1/3, 0).
	ENSURE_NEAR( offsets[1].x, 2.0 / 3, ROUNDING );
	ENSURE_NEAR( offsets[1].y, -1.0 / 3, ROUNDING );
	ttVec3 doubled[3];
	for ( int i = 0; i < 3; ++i )
	{
		doubled[i] = ttScale( 2, offsets[i] );
	}
	ENSURE( ttParticleShapeMatch_SetRestShape( match, doubled, 2, rotation ) == ttResult_invalidArgument );
	ttVec3 zeros[3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
	ENSURE( ttParticleShapeMatch_SetRestShape( match, zeros, 3, rotation ) == ttResult_invalidArgument );
	ENSURE( ttParticleShapeMatch_SetRestShape( match, doubled, 3, ( ttQuat ){ 0, 0, 0, 3 } ) ==
	        ttResult_invalidArgument );
	ENSURE( ttParticleShapeMatch_SetRestShape( match, doubled, 3, rotation ) == ttResult_ok );
	for ( int i = 0; i < 180; ++i )
	{
		ttWorld_Step( world, 1.0 / 60 );
	}
	ttVec3 x[3];
	for ( int i = 0; i < 3; ++i )
	{
		x[i] = ttParticle_GetPosition( p[i] );
	}
	// Shape matching is a goal-position spring (rigid here): the triangle reaches the doubled shape.
	ENSURE_NEAR( ttLength( ttSub( x[1], x[0] ) ), 2, 1e-6 );
	ENSURE_NEAR( ttLength( ttSub( x[2], x[0] ) ), 2, 1e-6 );
	ENSURE_NEAR( ttLength( ttSub( x[2], x[1] ) ), 2 * sqrt( 2.0 ), 1e-6 );
	ttDestroyWorld( world );
}

int main( void )
{
	CenterOfMassFrame();
	DistanceRest();
	RestRanges();
	ShapeMatchRest();
	return tt_test_failures;
}
