// SPDX-License-Identifier: MIT
// Fuzz target: scene text -> the scene loader -> a few steps. Any input must either be refused
// with a message or load into a world that steps without a crash, a sanitizer report or a
// non-finite body state (a step that the step guard had to undo counts as a failure here: the
// input limits should have kept every loadable scene finite). docs/hardening.md.
#include "scene.h"

#include "tether/tether.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size );

static void Quiet( const char* message )
{
	(void)message;
}

// Invariants the fuzzer hunts for; abort() makes libFuzzer (and the replay) keep the input.
static void Require( bool condition, const char* what )
{
	if ( condition == false )
	{
		fprintf( stderr, "fuzz_scene: %s\n", what );
		abort();
	}
}

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size )
{
	ttSetLogFcn( Quiet );
	char* text = malloc( size + 1 );
	if ( text == NULL )
	{
		return 0;
	}
	memcpy( text, data, size );
	text[size] = 0;
	ttScene scene;
	char error[1024];
	bool loaded = ttScene_LoadString( text, "fuzz.json", &scene, error, (int)sizeof( error ) );
	free( text );
	if ( loaded == false )
	{
		Require( error[0] != 0, "a refused scene must say why" );
		return 0;
	}
	// Keep one input's work small: a scene may ask for 100,000 substeps and iterations.
	if ( ttWorld_GetSubsteps( scene.worldId ) > 20 )
	{
		ttWorld_SetSubsteps( scene.worldId, 20 );
	}
	if ( ttWorld_GetIterations( scene.worldId ) > 4 )
	{
		ttWorld_SetIterations( scene.worldId, 4 );
	}
	for ( int step = 0; step < 5; ++step )
	{
		ttResult result = ttWorld_Step( scene.worldId, scene.timeStep );
		Require( result == ttResult_ok, "a loaded scene must step (the step guard undid a step)" );
	}
	for ( int i = 0; i < scene.bodyCount; ++i )
	{
		ttVec3 p = ttBody_GetPosition( scene.bodies[i] );
		ttVec3 v = ttBody_GetLinearVelocity( scene.bodies[i] );
		Require( isfinite( p.x ) && isfinite( p.y ) && isfinite( p.z ) && isfinite( v.x ) && isfinite( v.y ) &&
		             isfinite( v.z ),
		         "body state finite after the steps" );
	}
	ttScene_Destroy( &scene );
	return 0;
}
