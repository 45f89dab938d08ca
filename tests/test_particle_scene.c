// SPDX-License-Identifier: MIT
// Particles in scene files: scenes/particles_showcase.json loads (every builder and an
// attachment), runs 3 s without a non-finite state, and its groups hold what the file asked for
// (24 x 24 cloth, 17-particle rope, 4^3-vertex soft cube, 4 loose particles; the cube's surface is
// 6 faces of 3 x 3 cells of 2 triangles = 108 triangles). Bad particle keys fail with the JSON
// path of the field and leave nothing behind. scenes/particles_cloth.json (a grid cloth and one
// from scenes/meshes/cloth_disc.obj: 145 vertices, 264 triangles) and
// scenes/particles_soft_bodies.json load and run 3 s with every particle finite and above the
// ground (centre above -1 cm). The showcase stepped twice gives bit-identical particle states.
#include "scene.h"
#include "test_macros.h"

#include <string.h>

static void ShowcaseLoads( void )
{
	ttScene scene;
	char error[512] = { 0 };
	bool ok = ttScene_LoadFile( "scenes/particles_showcase.json", &scene, error, sizeof( error ) );
	if ( ok == false )
	{
		fprintf( stderr, "%s\n", error );
	}
	ENSURE( ok );
	if ( ok == false )
	{
		return;
	}
	ENSURE( scene.particleGroupCount == 4 );
	int expected[4][2] = { { 4, 0 }, { 17, 0 }, { 576, 2 * 23 * 23 }, { 64, 108 } };
	ttParticleGroupKind kinds[4] = { ttParticleGroup_particles, ttParticleGroup_rope, ttParticleGroup_cloth,
	                                 ttParticleGroup_softBody };
	for ( int i = 0; i < scene.particleGroupCount && i < 4; ++i )
	{
		const ttParticleGroup* group = scene.particleGroups + i;
		printf( "group %s: %d particles, %d triangles\n", group->name, group->particleCount, group->triangleCount );
		ENSURE( group->kind == kinds[i] );
		ENSURE( group->particleCount == expected[i][0] );
		ENSURE( group->triangleCount == expected[i][1] );
	}
	ENSURE( ttWorld_GetParticleCount( scene.worldId ) == 4 + 17 + 576 + 64 );
	for ( int i = 0; i < 180; ++i )
	{
		ENSURE( ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok );
	}
	bool finite = true;
	for ( int g = 0; g < scene.particleGroupCount; ++g )
	{
		for ( int i = 0; i < scene.particleGroups[g].particleCount; ++i )
		{
			ttVec3 x = ttParticle_GetPosition( scene.particleGroups[g].particles[i] );
			finite = finite && ttIsValidVec3( x ) && x.y > -0.1;
		}
	}
	ENSURE( finite );
	// The weight hangs from the rope's end: 3 m minus 16 links of 0.103 m minus its half height.
	ttVec3 weight = ttBody_GetPosition( ttScene_FindBody( &scene, "weight" ) );
	ENSURE_NEAR( weight.y, 3 - 1.65 - 0.15, 0.02 );
	ttScene_Destroy( &scene );
}

// Load, run 3 s, check every particle; returns the particle count (0 when the load failed).
static int RunScene( const char* path, int groups )
{
	ttScene scene;
	char error[512] = { 0 };
	if ( ttScene_LoadFile( path, &scene, error, sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL %s\n", error );
		tt_test_failures += 1;
		return 0;
	}
	ENSURE( scene.particleGroupCount == groups );
	bool ok = true;
	for ( int i = 0; i < 180; ++i )
	{
		ok = ok && ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok;
	}
	ENSURE( ok );
	double lowest = 1e9;
	for ( int g = 0; g < scene.particleGroupCount; ++g )
	{
		for ( int i = 0; i < scene.particleGroups[g].particleCount; ++i )
		{
			ttVec3 x = ttParticle_GetPosition( scene.particleGroups[g].particles[i] );
			ENSURE( ttIsValidVec3( x ) );
			lowest = (double)x.y < lowest ? (double)x.y : lowest;
		}
	}
	printf( "%s: ", path );
	ENSURE_BELOW( -lowest, 0.01 );
	int count = ttWorld_GetParticleCount( scene.worldId );
	if ( groups >= 2 && strstr( path, "cloth" ) != NULL )
	{
		ENSURE( scene.particleGroups[1].particleCount == 145 && scene.particleGroups[1].triangleCount == 264 );
	}
	ttScene_Destroy( &scene );
	return count;
}

// The same scene stepped twice in one process gives bit-identical particle states (the step
// visits particles, contacts and constraints in slot order; nothing depends on addresses).
static void Repeatable( void )
{
	ttParticleState first[1000], second[1000];
	int counts[2] = { 0, 0 };
	for ( int run = 0; run < 2; ++run )
	{
		ttScene scene;
		char error[512] = { 0 };
		ENSURE( ttScene_LoadFile( "scenes/particles_showcase.json", &scene, error, sizeof( error ) ) );
		for ( int i = 0; i < 90; ++i )
		{
			ttWorld_Step( scene.worldId, scene.timeStep );
		}
		ttParticleId ids[1000];
		counts[run] = ttWorld_GetParticles( scene.worldId, ids, 1000 );
		ttWorld_GetParticleStates( scene.worldId, ids, counts[run], run == 0 ? first : second );
		ttScene_Destroy( &scene );
	}
	printf( "showcase stepped twice: %d and %d particles, states %s\n", counts[0], counts[1],
	        memcmp( first, second, sizeof( ttParticleState ) * (size_t)counts[0] ) == 0 ? "identical" : "DIFFER" );
	ENSURE( counts[0] == counts[1] && counts[0] > 0 );
	ENSURE( memcmp( first, second, sizeof( ttParticleState ) * (size_t)counts[0] ) == 0 );
}

static void BadKeys( void )
{
	static const struct
	{
		const char* json;
		const char* expected;
	} cases[] = {
	    { "{\"ropes\": [ {\"start\": [0, 1, 0]} ]}", "ropes[0].end: is required" },
	    { "{\"ropes\": [ {\"start\": [0, 1, 0], \"end\": [1, 1, 0], \"segments\": 0} ]}",
	      "ropes[0].segments: must be a whole number" },
	    { "{\"ropes\": [ {\"start\": [0, 1, 0], \"end\": [1, 1, 0], \"attachEnd\": {\"body\": \"nobody\"}} ]}",
	      "ropes[0].attachEnd.body: no body named 'nobody'" },
	    { "{\"cloths\": [ {\"origin\": [0, 1, 0], \"fixed\": [\"corner\"]} ]}", "cloths[0].fixed: entries must be" },
	    { "{\"cloths\": [ {\"origin\": [0, 1, 0], \"stretch\": 1} ]}", "cloths[0]" },
	    { "{\"cloths\": [ {\"file\": \"../x.obj\"} ]}", "cloths[0].file: '../x.obj' is outside the scene file's" },
	    { "{\"particles\": [ {\"position\": [0, 1, 0], \"mass\": -1} ]}", "particles[0].mass" },
	    { "{\"particles\": [ {\"velocity\": [0, 1, 0]} ]}", "particles[0].position: is required" },
	    { "{\"softBodies\": [ {\"vertices\": [[0,0,0],[1,0,0],[0,1,0],[1,1,0]], \"tetrahedra\": [[0,1,2,3]]} ]}",
	      "softBodies[0]: ttBuildSoftBody rejected the value: tether: ttBuildSoftBody: tetrahedra 0: tetrahedron is "
	      "degenerate" },
	    { "{\"softBodies\": [ {\"box\": {\"cells\": [0, 1, 1]}} ]}", "softBodies[0].box.cells: must be [nx, ny, nz]" },
	};
	for ( size_t i = 0; i < sizeof( cases ) / sizeof( cases[0] ); ++i )
	{
		ttScene scene;
		char error[512] = { 0 };
		bool ok = ttScene_LoadString( cases[i].json, "bad.json", &scene, error, sizeof( error ) );
		bool named = strstr( error, cases[i].expected ) != NULL;
		printf( "%s: %s\n", named ? "ok  " : "FAIL", error );
		ENSURE( ok == false && named );
	}
}

int main( void )
{
	ShowcaseLoads();
	ENSURE( RunScene( "scenes/particles_cloth.json", 2 ) == 400 + 145 );
	ENSURE( RunScene( "scenes/particles_soft_bodies.json", 6 ) == 64 + 60 + 64 + 27 + 27 + 27 );
	Repeatable();
	BadKeys();
	return TEST_RESULT();
}
