// SPDX-License-Identifier: MIT
// The particle scenes of `tether bench` (issue 12, item 7): a 32 x 32 particle cloth draping over a
// sphere, 20 tetrahedral soft boxes falling on rigid crates, and the XPBD paper's car. Timed like
// the rigid suite (bench.c: 1/60 s frames, awake, the median over runs of the mean ms per frame),
// and reported per substep: the substep's time divided by the particle count and, separately, by
// the particle constraint count. Both divide the same whole time (collision, constraints, the
// rigid bodies); they are not parts of it. Jakab's rigid-body cloth (item 5) stands beside the
// particle one: its per-element columns count bodies and joints instead of particles and constraints.
// Quality: the largest relative change of length over the surface triangles' edges at the end of
// the first run (cloth stretch, soft bodies and tires squashed), measured against their lengths at
// load.
#define _POSIX_C_SOURCE 200809L

#include "bench.h"
#include "run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ttParticleCase
{
	const char* label;
	const char* path;
	const char* reference;
} ttParticleCase;

static const ttParticleCase s_particleCases[] = {
    { "cloth 32 x 32 over a sphere", "scenes/bench_cloth.json", "Jakab: particle cloth 1 ms (his machine)" },
    { "cloth 32 x 32 of rigid spheres on ball joints", "scenes/jakab_cloth_rigid.json",
      "Jakab: rigid-body cloth 111 ms (his machine); per body and per joint" },
    { "20 soft boxes on 9 crates", "scenes/bench_soft_pile.json", "" },
    { "car (fig. 1, 16)", "scenes/car.json", "Table 1 'Car' 18 ms (Core i7 3.6 GHz)" },
};

typedef struct ttEdgeRest
{
	ttParticleId a, b;
	double rest;
} ttEdgeRest;

// Every triangle edge of the scene's particle groups with its length now (shared edges twice:
// the figure is a maximum, so that does not matter). NULL when there are none.
static ttEdgeRest* ttCollectEdges( const ttScene* scene, int* count )
{
	int capacity = 0;
	for ( int g = 0; g < scene->particleGroupCount; ++g )
	{
		capacity += 3 * scene->particleGroups[g].triangleCount;
	}
	*count = 0;
	ttEdgeRest* edges = capacity > 0 ? malloc( sizeof( ttEdgeRest ) * (size_t)capacity ) : NULL;
	for ( int g = 0; g < scene->particleGroupCount && edges != NULL; ++g )
	{
		const ttParticleGroup* group = scene->particleGroups + g;
		for ( int t = 0; t < group->triangleCount; ++t )
		{
			for ( int k = 0; k < 3; ++k )
			{
				ttParticleId a = group->particles[group->triangles[3 * t + k]];
				ttParticleId b = group->particles[group->triangles[3 * t + ( k + 1 ) % 3]];
				double rest = (double)ttDistance( ttParticle_GetPosition( a ), ttParticle_GetPosition( b ) );
				edges[( *count )++] = ( ttEdgeRest ){ a, b, rest };
			}
		}
	}
	return edges;
}

static double ttWorstStrain( const ttEdgeRest* edges, int count )
{
	double worst = 0;
	for ( int i = 0; i < count; ++i )
	{
		double length =
		    (double)ttDistance( ttParticle_GetPosition( edges[i].a ), ttParticle_GetPosition( edges[i].b ) );
		double strain = edges[i].rest > 0 ? fabs( length - edges[i].rest ) / edges[i].rest : 0;
		worst = strain > worst ? strain : worst;
	}
	return worst;
}

typedef struct ttParticleResult
{
	double medianMs, maxMs, strain;
	int particles, constraints, bodies, joints, substeps, iterations;
	bool finite;
} ttParticleResult;

static bool ttRunParticleCase( const ttParticleCase* c, int frames, int runs, ttParticleResult* result )
{
	double* means = malloc( sizeof( double ) * (size_t)runs );
	if ( means == NULL )
	{
		return false;
	}
	*result = ( ttParticleResult ){ 0 };
	result->finite = true;
	bool ok = true;
	for ( int run = 0; run < runs && ok; ++run )
	{
		ttScene scene;
		if ( ttBench_LoadScene( c->path, &scene ) == false )
		{
			ok = false;
			break;
		}
		ttWorld_EnableSleep( scene.worldId, false );
		int edgeCount = 0;
		ttEdgeRest* edges = run == 0 ? ttCollectEdges( &scene, &edgeCount ) : NULL;
		double total = 0;
		for ( int frame = 0; frame < frames && ok; ++frame )
		{
			double start = ttNowSeconds();
			ok = ttWorld_Step( scene.worldId, (ttReal)1 / 60 ) == ttResult_ok;
			double ms = 1000 * ( ttNowSeconds() - start );
			total += ms;
			result->maxMs = ms > result->maxMs ? ms : result->maxMs;
		}
		means[run] = total / frames;
		if ( run == 0 )
		{
			result->strain = ttWorstStrain( edges, edgeCount );
			result->finite = result->strain == result->strain && result->strain < 1e30;
		}
		free( edges );
		result->particles = ttWorld_GetParticleCount( scene.worldId );
		result->constraints = ttWorld_GetParticleConstraintCount( scene.worldId );
		result->bodies = scene.bodyCount;
		result->joints = scene.jointCount;
		result->substeps = ttWorld_GetSubsteps( scene.worldId );
		result->iterations = ttWorld_GetIterations( scene.worldId );
		ttScene_Destroy( &scene );
	}
	if ( ok )
	{
		result->medianMs = ttBench_Median( means, runs );
	}
	free( means );
	return ok;
}

bool ttBenchParticleSuite( int frames, int runs )
{
	printf( "\n| particle scene | particles | particle constraints | bodies | joints | substeps x iterations | ms "
	        "per frame | max ms | us per substep | ns per particle per substep | ns per constraint per substep | "
	        "largest edge strain at the end | reference |\n" );
	printf( "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n" );
	bool ok = true;
	for ( size_t i = 0; i < sizeof( s_particleCases ) / sizeof( s_particleCases[0] ); ++i )
	{
		const ttParticleCase* c = s_particleCases + i;
		ttParticleResult r;
		if ( ttRunParticleCase( c, frames, runs, &r ) == false || r.finite == false )
		{
			fprintf( stderr, "tether bench: %s: failed\n", c->label );
			ok = false;
			continue;
		}
		double substepUs = 1000 * r.medianMs / ( r.substeps > 0 ? r.substeps : 1 );
		// A scene without particles (the rigid-body cloth) is costed per body and per joint.
		int elements = r.particles > 0 ? r.particles : r.bodies;
		int links = r.particles > 0 ? r.constraints : r.joints;
		char strain[32];
		snprintf( strain, sizeof( strain ), r.particles > 0 ? "%.2f %%" : "n/a (rigid)", 100 * r.strain );
		printf( "| %s | %d | %d | %d | %d | %d x %d | %.4f | %.4f | %.1f | %.1f | %.1f | %s | %s |\n", c->label,
		        r.particles, r.constraints, r.bodies, r.joints, r.substeps, r.iterations, r.medianMs, r.maxMs,
		        substepUs, elements > 0 ? 1000 * substepUs / elements : 0, links > 0 ? 1000 * substepUs / links : 0,
		        strain, c->reference );
		fflush( stdout );
	}
	return ok;
}
