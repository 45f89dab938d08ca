// SPDX-License-Identifier: MIT
// `tether bench --broadphase`: cost of the step's pair collection for n spheres scattered in a
// cube whose volume grows with n (constant density, so each sphere has a bounded number of
// neighbours), moving in random directions without gravity. An n log n method shows a roughly
// constant ms / (n log2 n); an all-pairs test (timed alongside up to 10,000 bodies, over the
// shapes' boxes) grows like n^2.
#define _POSIX_C_SOURCE 200809L

#include "bench.h"

#include "tether/tether.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double ttBenchNowMs( void )
{
	struct timespec ts;
	clock_gettime( CLOCK_MONOTONIC, &ts );
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static uint64_t s_bpState = 42;

static double ttBenchRandom( void )
{
	s_bpState = s_bpState * 6364136223846793005ull + 1442695040888963407ull;
	return (double)( s_bpState >> 11 ) / 9007199254740992.0;
}

// All-pairs overlap count of the shapes' boxes: what the pair finder did before the tree.
static double ttAllPairsMs( const ttShapeId* shapes, int n, long* overlaps )
{
	ttAABB* boxes = malloc( sizeof( ttAABB ) * (size_t)n );
	double start = ttBenchNowMs();
	for ( int i = 0; i < n; ++i )
	{
		boxes[i] = ttShape_GetAABB( shapes[i] );
	}
	long count = 0;
	for ( int i = 0; i < n; ++i )
	{
		for ( int j = i + 1; j < n; ++j )
		{
			count += boxes[i].lower.x <= boxes[j].upper.x && boxes[j].lower.x <= boxes[i].upper.x &&
			         boxes[i].lower.y <= boxes[j].upper.y && boxes[j].lower.y <= boxes[i].upper.y &&
			         boxes[i].lower.z <= boxes[j].upper.z && boxes[j].lower.z <= boxes[i].upper.z;
		}
	}
	double ms = ttBenchNowMs() - start;
	*overlaps = count;
	free( boxes );
	return ms;
}

int ttBenchBroadphase( int argc, char** argv )
{
	bool quick = false;
	int only = 0; // --n N: this size alone (an A/B comparison of one size)
	for ( int i = 1; i < argc; ++i )
	{
		quick = quick || strcmp( argv[i], "--quick" ) == 0;
		if ( strcmp( argv[i], "--n" ) == 0 && i + 1 < argc )
		{
			only = atoi( argv[++i] );
		}
	}
	int sizes[] = { 100, 300, 1000, 3000, 10000, 30000, 100000 };
	int sizeCount = quick ? 4 : (int)( sizeof( sizes ) / sizeof( sizes[0] ) );
	if ( only > 0 )
	{
		sizes[0] = only;
		sizeCount = 1;
	}
	int frames = quick ? 5 : 30;
	printf( "tether bench --broadphase: n spheres (r = 0.5 m, 8 m^3 each, |v| <= 2 m/s), 1 substep, mean over %d "
	        "frames of 1/60 s, real = %s\n\n",
	        frames, TT_REAL_IS_FLOAT ? "float" : "double" );
	printf( "| n | pairs | pair collection ms/step | us / (n log2 n) | step ms | all-pairs ms |\n" );
	printf( "|---|---|---|---|---|---|\n" );
	for ( int s = 0; s < sizeCount; ++s )
	{
		int n = sizes[s];
		ttWorldDef worldDef = ttDefaultWorldDef();
		worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
		worldDef.substeps = 1;
		worldDef.enableSleep = false; // every body moves every step, as in the measurements
		ttWorldId world = ttCreateWorld( &worldDef );
		ttShapeId* shapes = malloc( sizeof( ttShapeId ) * (size_t)n );
		double side = cbrt( 8.0 * n );
		ttShapeDef shapeDef = ttDefaultShapeDef();
		for ( int i = 0; i < n; ++i )
		{
			ttBodyDef def = ttDefaultBodyDef();
			def.type = ttBody_dynamic;
			def.position = ( ttVec3 ){ (ttReal)( side * ttBenchRandom() ), (ttReal)( side * ttBenchRandom() ),
			                           (ttReal)( side * ttBenchRandom() ) };
			ttVec3 dir = { (ttReal)( ttBenchRandom() - 0.5 ), (ttReal)( ttBenchRandom() - 0.5 ),
			               (ttReal)( ttBenchRandom() - 0.5 ) };
			def.linearVelocity = ttScale( (ttReal)( 2 * ttBenchRandom() ), ttNormalize( dir ) );
			ttBodyId body = ttCreateBody( world, &def );
			shapes[i] = ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ (ttReal)0.5 } );
		}
		for ( int i = 0; i < 3; ++i )
		{
			ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		}
		double pairMs = 0, stepMs = 0;
		long pairs = 0;
		for ( int i = 0; i < frames; ++i )
		{
			ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
			ttStepStats stats = ttWorld_GetStepStats( world );
			pairMs += stats.pairMs;
			stepMs += stats.totalMs;
			pairs += stats.pairCount;
		}
		pairMs /= frames;
		stepMs /= frames;
		char allPairs[48] = "-";
		if ( n <= 10000 )
		{
			long overlaps;
			double ms = ttAllPairsMs( shapes, n, &overlaps );
			snprintf( allPairs, sizeof( allPairs ), "%.3f (%ld overlaps)", ms, overlaps );
		}
		printf( "| %d | %ld | %.4f | %.4f | %.3f | %s |\n", n, pairs / frames, pairMs,
		        1e3 * pairMs / ( n * log2( (double)n ) ), stepMs, allPairs );
		fflush( stdout );
		free( shapes );
		ttDestroyWorld( world );
	}
	return 0;
}
