// SPDX-License-Identifier: MIT
// Golden determinism: the same scene gives the same bits, run after run and build after build.
// Each case steps a scene for 300 frames of 1/60 s and hashes every body's position, rotation and
// velocities (the raw bits of each real, FNV-1a 64). The hash must equal the golden value in
// tests/data/determinism_golden.txt for this real type, and a second run in the same process
// must give it again.
//
// The scenes cover contacts, many contacts, joints, long range constraints, meshes and sleeping
// (docs/determinism.md says what is and is not promised). The golden values change only when the
// physics does. After a deliberate change, regenerate
// them with `test_determinism --update` (from the source root, once per real type: a double and
// a float build) and say in the commit why the motion changed. The build flags keep the bits
// stable across optimisation levels and sanitizers: no -ffast-math, -ffp-contract=off (no fused
// multiply-adds the compiler may or may not form).
#include "state_hash.h"
#include "validation.h"

#include <inttypes.h>
#include <string.h>

#define GOLDEN_FILE "tests/data/determinism_golden.txt"
#define FRAMES 300

typedef struct DeterminismCase
{
	const char* name;
	const char* scene;
	ttJointSolverType jointSolver;
	bool treeSolve;
} DeterminismCase;

static const DeterminismCase s_cases[] = {
    { "pyramid", "scenes/stack_pyramid.json", ttJointSolver_xpbd, false },                      // contacts
    { "pile", "scenes/stack_pile.json", ttJointSolver_xpbd, false },                            // many contacts
    { "robot_arm_xpbd", "scenes/fig17_robot_arm.json", ttJointSolver_xpbd, false },             // joints
    { "rope_bridge_hierarchy", "scenes/lr_fig15_rope_bridge.json", ttJointSolver_xpbd, false }, // long range
    { "halfpipe_mesh", "scenes/mesh_halfpipe.json", ttJointSolver_xpbd, false },                // meshes
    { "sleep_demo", "scenes/sleep_demo.json", ttJointSolver_xpbd, false },                      // sleeping
    { "ragdoll_si", "scenes/solver_ragdoll_chain.json", ttJointSolver_si, false },
    { "heavy_chain_si_tree", "scenes/bench_heavy_chain.json", ttJointSolver_si, true },
};

static uint64_t RunCase( const DeterminismCase* c )
{
	ttScene scene;
	tvLoad( c->scene, &scene );
	ttWorld_SetJointSolver( scene.worldId, c->jointSolver );
	ttWorld_EnableJointTreeSolve( scene.worldId, c->treeSolve );
	tvStep( scene.worldId, FRAMES );
	uint64_t hash = StateHash_Bodies( scene.bodies, scene.bodyCount );
	ttScene_Destroy( &scene );
	return hash;
}

static const char* RealName( void )
{
	return sizeof( ttReal ) == sizeof( double ) ? "double" : "float";
}

// Rewrite the file with this real type's lines replaced by `hashes`, keeping the other type's.
static int Update( const uint64_t* hashes, int count )
{
	char kept[64][256];
	int keptCount = 0;
	FILE* file = fopen( GOLDEN_FILE, "r" );
	if ( file != NULL )
	{
		char line[256];
		char real[16];
		while ( fgets( line, sizeof( line ), file ) != NULL && keptCount < 64 )
		{
			if ( line[0] != '#' && sscanf( line, "%15s", real ) == 1 && strcmp( real, RealName() ) != 0 )
			{
				strcpy( kept[keptCount++], line );
			}
		}
		fclose( file );
	}
	file = fopen( GOLDEN_FILE, "w" );
	if ( file == NULL )
	{
		fprintf( stderr, "cannot write %s\n", GOLDEN_FILE );
		return 1;
	}
	fprintf( file, "# real case hash: FNV-1a 64 of every body's state after %d frames (tests/test_determinism.c)\n",
	         FRAMES );
	for ( int i = 0; i < keptCount; ++i )
	{
		fputs( kept[i], file );
	}
	for ( int i = 0; i < count; ++i )
	{
		fprintf( file, "%s %s %016" PRIx64 "\n", RealName(), s_cases[i].name, hashes[i] );
	}
	fclose( file );
	printf( "wrote the %s hashes to %s\n", RealName(), GOLDEN_FILE );
	return 0;
}

int main( int argc, char** argv )
{
	int count = (int)( sizeof( s_cases ) / sizeof( s_cases[0] ) );
	uint64_t hashes[32];
	printf( "wide contacts: %s (TETHER_SIMD chooses)\n", ttGetWideContactsSimd() );
	for ( int i = 0; i < count; ++i )
	{
		hashes[i] = RunCase( s_cases + i );
		uint64_t again = RunCase( s_cases + i );
		printf( "%-20s %016" PRIx64 " (second run %016" PRIx64 ")\n", s_cases[i].name, hashes[i], again );
		ENSURE( again == hashes[i] );
	}
	if ( argc > 1 && strcmp( argv[1], "--update" ) == 0 )
	{
		return Update( hashes, count );
	}
	for ( int i = 0; i < count; ++i )
	{
		uint64_t golden = 0;
		bool found = StateHash_ReadGolden( GOLDEN_FILE, RealName(), s_cases[i].name, &golden );
		if ( found == false )
		{
			fprintf( stderr, "FAIL no %s golden hash for %s in %s\n", RealName(), s_cases[i].name, GOLDEN_FILE );
			tt_test_failures += 1;
			continue;
		}
		if ( golden != hashes[i] )
		{
			fprintf( stderr, "FAIL %s: hash %016" PRIx64 ", golden %016" PRIx64 "\n", s_cases[i].name, hashes[i],
			         golden );
			tt_test_failures += 1;
		}
	}
	return TEST_RESULT();
}
