// SPDX-License-Identifier: MIT
// The step guard with particles (src/particle_guard.c): a non-finite particle velocity is forced
// in from inside (the API refuses one). The step must report ttResult_stepFailed, name the
// particle, and put the particles and the bodies back exactly as they were before it; after the
// velocity is set right the world steps on normally.
#include "test_macros.h"

#include "particle.h"
#include "world.h"

#include "tether/tether.h"

#include <string.h>

static char s_log[2048];

static void CaptureLog( const char* message )
{
	strncat( s_log, message, sizeof( s_log ) - strlen( s_log ) - 2 );
	strcat( s_log, "\n" );
}

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 5, 1, 0 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttSphere sphere = { (ttReal)0.2 };
	ttCreateSphereShape( body, &shapeDef, &sphere );
	ttParticleDef def = ttDefaultParticleDef();
	def.position = ( ttVec3 ){ 0, 2, 0 };
	ttParticleId p = ttCreateParticle( world, &def );
	ENSURE( ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) ) == ttResult_ok );

	ttVec3 x0 = ttParticle_GetPosition( p ), v0 = ttParticle_GetVelocity( p );
	ttVec3 body0 = ttBody_GetPosition( body );
	ttParticle* particle = ttParticleSet_Particle( ttGetWorld( world )->particles, p.index1 - 1 );
	particle->v.y = (ttReal)NAN;
	ttSetLogFcn( CaptureLog );
	ttResult result = ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
	ttSetLogFcn( NULL );
	printf( "log:\n%s", s_log );
	ENSURE( result == ttResult_stepFailed );
	ENSURE( strstr( s_log, "particle 1 has a non-finite" ) != NULL );
	ENSURE( strstr( s_log, "the step was undone" ) != NULL );
	// Exactly as before the step: the position, and the forced velocity itself.
	ttVec3 x1 = ttParticle_GetPosition( p );
	ENSURE( x1.x == x0.x && x1.y == x0.y && x1.z == x0.z );
	ENSURE( isnan( (double)ttParticle_GetVelocity( p ).y ) );
	ttVec3 body1 = ttBody_GetPosition( body );
	ENSURE( body1.x == body0.x && body1.y == body0.y && body1.z == body0.z );

	ENSURE( ttParticle_SetVelocity( p, v0 ) == ttResult_ok );
	ENSURE( ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) ) == ttResult_ok );
	ENSURE( ttParticle_GetPosition( p ).y < x0.y );
	ttDestroyWorld( world );
	return TEST_RESULT();
}
