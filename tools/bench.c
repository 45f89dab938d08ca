// SPDX-License-Identifier: MIT
// `tether bench`: a benchmark program, not a timed test. For each case it loads a scene, steps it
// one 1/60 s frame at a time for several runs, and prints the median over runs of the per-run
// mean milliseconds per frame, the largest single frame, and the case's quality figure, because
// speed at poor quality is not speed. Without scene arguments it runs the built-in suite: the
// kinds of scene of the XPBD paper's Table 1 at the paper's substep counts, and the joint-only
// scenes heavy_chain and rope of shared/BENCHMARKS.md, then the particle scenes (bench_particles.c).
#define _POSIX_C_SOURCE 200809L

#include "bench.h"
#include "run.h"
#include "solver_names.h"

#include <stdlib.h>
#include <string.h>

typedef enum ttQualityKind
{
	ttQuality_jointError, ///< largest joint position error over the run, m
	ttQuality_elongation, ///< (end-to-end distance of the joint chain - rest) / rest, at the end and max
	ttQuality_gap,        ///< sum of joint position errors / rest length, at the end and max
} ttQualityKind;

typedef struct ttBenchCase
{
	const char* label;
	const char* path;
	int substeps, iterations; ///< 0: the scene's own
	ttQualityKind quality;
	ttReal restLength; ///< for the gap figure; 0: measured at load
	const char* paper; ///< what the paper or BENCHMARKS.md reports for this kind of scene
} ttBenchCase;

static const ttBenchCase s_suite[] = {
    { "springs (fig. 4)", "scenes/fig04_springs.json", 20, 1, ttQuality_jointError, 0, "Table 1 '3 Boxes' 0.34 ms" },
    { "mass ratio (fig. 6)", "scenes/fig06_mass_ratio.json", 20, 1, ttQuality_jointError, 0,
      "Table 1 '7 Boxes' 0.44 ms" },
    { "double pendulum (fig. 8)", "scenes/fig08_double_pendulum.json", 40, 1, ttQuality_jointError, 0,
      "Table 1 'Pendula' 0.07-0.2 ms" },
    { "triple pendulum (fig. 8)", "scenes/fig08_triple_pendulum.json", 40, 1, ttQuality_jointError, 0,
      "Table 1 'Pendula' 0.07-0.2 ms" },
    { "chain of 100 boxes (fig. 10)", "scenes/fig10_chain.json", 20, 1, ttQuality_elongation, 0,
      "bunny chain, Table 1 'Bunnies' 2.3 ms" },
    { "robot arm (fig. 17)", "scenes/fig17_robot_arm.json", 20, 1, ttQuality_jointError, 0, "Table 1 'Robot' 0.4 ms" },
    { "twisted rope (fig. 18)", "scenes/fig18_rope.json", 20, 1, ttQuality_jointError, 0, "Table 1 'Rope' 3.5 ms" },
    { "heavy_chain, 20 substeps", "scenes/bench_heavy_chain.json", 20, 1, ttQuality_elongation, 0,
      "peers at 60 Hz: 127-2838 %" },
    { "heavy_chain, 40 substeps", "scenes/bench_heavy_chain.json", 40, 1, ttQuality_elongation, 0, "goal < 1 %" },
    { "rope, 20 substeps", "scenes/bench_rope.json", 20, 1, ttQuality_gap, 20, "peers at 60 Hz: 1.6-343 %" },
    { "rope, 40 substeps", "scenes/bench_rope.json", 40, 1, ttQuality_gap, 20, "goal < 0.5 %" },
};

typedef struct ttBenchOptions
{
	int frames;
	int runs;
	int substeps; ///< 0: the case's
	int sceneCount;
	char** scenes;
	ttLongRangeSwitches longRange; ///< applied to every case
	ttSolverSwitches solvers;      ///< applied to every case
} ttBenchOptions;

typedef struct ttBenchResult
{
	double medianMeanMs; ///< median over runs of the mean ms per frame
	double maxMs;        ///< largest single frame
	double qualityEnd;   ///< quality figure at the end of the (first) run
	double qualityMax;   ///< worst quality figure over the (first) run
	int bodies, joints, substeps, iterations;
	ttRunTiming sums; ///< step statistics summed over the frames of the (first) run
} ttBenchResult;

static int ttCompareDoubles( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

double ttBench_Median( double* values, int count )
{
	qsort( values, (size_t)count, sizeof( double ), ttCompareDoubles );
	return values[count / 2];
}

// End-to-end distance of the scene's joints from the first joint's anchor A to the last joint's
// anchor B (a chain listed from its fixed end).
static double ttChainSpan( const ttScene* scene )
{
	if ( scene->jointCount == 0 )
	{
		return 0;
	}
	ttVec3 first = ttJoint_GetAnchorA( scene->joints[0] );
	ttVec3 last = ttJoint_GetAnchorB( scene->joints[scene->jointCount - 1] );
	return (double)ttDistance( first, last );
}

static double ttQualityNow( const ttScene* scene, ttQualityKind kind, double rest )
{
	double sum = 0, largest = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		if ( ttJoint_IsValid( scene->joints[i] ) == false )
		{
			continue;
		}
		double error = (double)ttJoint_GetPositionError( scene->joints[i] );
		sum += error;
		largest = error > largest ? error : largest;
	}
	switch ( kind )
	{
		case ttQuality_elongation:
			return rest > 0 ? ( ttChainSpan( scene ) - rest ) / rest : 0;
		case ttQuality_gap:
			return rest > 0 ? sum / rest : 0;
		default:
			return largest;
	}
}

bool ttBench_LoadScene( const char* path, ttScene* scene )
{
	char error[1024];
	// The built-in suites name scenes from the source root; run from elsewhere (a build folder),
	// a path that is not there is looked for under the source tree this program was built from.
	FILE* probe = fopen( path, "rb" );
	char resolved[4096];
	const char* used = path;
	if ( probe != NULL )
	{
		fclose( probe );
	}
#ifdef TETHER_SOURCE_DIR
	else if ( path[0] != '/' &&
	          snprintf( resolved, sizeof( resolved ), "%s/%s", TETHER_SOURCE_DIR, path ) < (int)sizeof( resolved ) )
	{
		used = resolved;
	}
#endif
	if ( ttScene_LoadFile( used, scene, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "tether bench: %s\n", error );
		return false;
	}
	return true;
}

static bool ttRunCase( const ttBenchCase* c, const ttBenchOptions* options, ttBenchResult* result )
{
	double* means = malloc( sizeof( double ) * (size_t)options->runs );
	if ( means == NULL )
	{
		return false;
	}
	*result = ( ttBenchResult ){ 0 };
	bool ok = true;
	for ( int run = 0; run < options->runs && ok; ++run )
	{
		ttScene scene;
		if ( ttBench_LoadScene( c->path, &scene ) == false )
		{
			ok = false;
			break;
		}
		// Benchmarks run awake (the shared rules): a settled scene that sleeps costs nothing and
		// says nothing. The scenes say so too; this holds for any scene given.
		ttWorld_EnableSleep( scene.worldId, false );
		int substeps = options->substeps > 0 ? options->substeps : c->substeps;
		if ( substeps > 0 )
		{
			ttWorld_SetSubsteps( scene.worldId, substeps );
		}
		if ( c->iterations > 0 )
		{
			ttWorld_SetIterations( scene.worldId, c->iterations );
		}
		if ( ttSolverSwitches_Apply( &options->solvers, scene.worldId ) == false ||
		     ttLongRangeSwitches_Apply( &options->longRange, scene.worldId ) == false )
		{
			ttScene_Destroy( &scene );
			ok = false;
			break;
		}
		double rest = c->restLength > 0 ? (double)c->restLength : ttChainSpan( &scene );
		double total = 0;
		for ( int frame = 0; frame < options->frames && ok; ++frame )
		{
			// Only the step is timed, not the quality evaluation.
			double start = ttNowSeconds();
			ok = ttWorld_Step( scene.worldId, (ttReal)1 / 60 ) == ttResult_ok;
			double ms = 1000 * ( ttNowSeconds() - start );
			total += ms;
			result->maxMs = ms > result->maxMs ? ms : result->maxMs;
			if ( run == 0 )
			{
				ttStepStats stats = ttWorld_GetStepStats( scene.worldId );
				ttRunTiming_AddStep( &result->sums, &stats );
				result->sums.steps += 1;
				double q = ttQualityNow( &scene, c->quality, rest );
				result->qualityMax = q > result->qualityMax ? q : result->qualityMax;
				result->qualityEnd = q;
			}
		}
		means[run] = total / options->frames;
		for ( int i = 0; run == 0 && i < ttLongRange_featureCount; ++i )
		{
			// Count only the features this world had on: the others report zero anyway.
			result->sums.longRangeCount[i] = ttWorld_IsLongRangeEnabled( scene.worldId, (ttLongRangeFeature)i )
			                                     ? result->sums.longRangeCount[i]
			                                     : -1;
		}
		result->bodies = scene.bodyCount;
		result->joints = scene.jointCount;
		result->substeps = ttWorld_GetSubsteps( scene.worldId );
		result->iterations = ttWorld_GetIterations( scene.worldId );
		ttScene_Destroy( &scene );
	}
	if ( ok )
	{
		result->medianMeanMs = ttBench_Median( means, options->runs );
	}
	free( means );
	return ok;
}

static void ttFormatQuality( const ttBenchCase* c, const ttBenchResult* r, char* text, size_t size )
{
	switch ( c->quality )
	{
		case ttQuality_elongation:
			snprintf( text, size, "stretch %.3f %% (max %.3f %%)", 100 * r->qualityEnd, 100 * r->qualityMax );
			break;
		case ttQuality_gap:
			snprintf( text, size, "gaps %.3f %% (max %.3f %%)", 100 * r->qualityEnd, 100 * r->qualityMax );
			break;
		default:
			snprintf( text, size, "max joint error %.2e m", r->qualityMax );
			break;
	}
}

static bool ttBenchCaseAndPrint( const ttBenchCase* c, const ttBenchOptions* options )
{
	ttBenchResult r;
	if ( ttRunCase( c, options, &r ) == false )
	{
		fprintf( stderr, "tether bench: %s: failed\n", c->label );
		return false;
	}
	char quality[96];
	ttFormatQuality( c, &r, quality, sizeof( quality ) );
	// Where the solve time goes, per frame of the first run: joints, contacts, and each long range
	// feature that is on (its constraint count, its projection and its analysis over the run).
	char split[512];
	double frames = r.sums.steps > 0 ? r.sums.steps : 1;
	int used = snprintf( split, sizeof( split ), "joints %.4f, contacts %.4f", r.sums.jointSolveMs / frames,
	                     r.sums.contactSolveMs / frames );
	for ( int i = 0; i < ttLongRange_featureCount && used > 0 && used < (int)sizeof( split ); ++i )
	{
		if ( r.sums.longRangeCount[i] < 0 )
		{
			continue;
		}
		const char* name = ttLongRangeFeatureName( (ttLongRangeFeature)i );
		if ( i == ttLongRange_supportingContacts )
		{
			// The contact graph is analysed every step: its analysis is a per-frame cost.
			used += snprintf( split + used, sizeof( split ) - (size_t)used, ", %s (%d) %.4f + analysis %.4f", name,
			                  r.sums.longRangeCount[i], r.sums.longRangeSolveMs[i] / frames,
			                  r.sums.longRangeAnalysisMs[i] / frames );
		}
		else
		{
			// The joint graph is analysed when it changes: over the run, usually once.
			used += snprintf( split + used, sizeof( split ) - (size_t)used, ", %s (%d) %.4f + analysis %.4f once", name,
			                  r.sums.longRangeCount[i], r.sums.longRangeSolveMs[i] / frames,
			                  r.sums.longRangeAnalysisMs[i] );
		}
	}
	printf( "| %s | %d | %d | %d x %d | %.4f | %.4f | %s | %s | %s |\n", c->label, r.bodies, r.joints, r.substeps,
	        r.iterations, r.medianMeanMs, r.maxMs, quality, split, c->paper != NULL ? c->paper : "" );
	fflush( stdout );
	return true;
}

static int ttParseBenchArguments( int argc, char** argv, ttBenchOptions* options )
{
	*options = ( ttBenchOptions ){ 300, 3, 0, 0, argv + 1, { { 0 }, { 0 } }, { 0 } };
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		if ( strcmp( arg, "--quick" ) == 0 )
		{
			options->frames = 20;
			options->runs = 1;
		}
		else if ( strcmp( arg, "--frames" ) == 0 || strcmp( arg, "--substeps" ) == 0 || strcmp( arg, "--runs" ) == 0 )
		{
			char* end = NULL;
			long value = i + 1 < argc ? strtol( argv[i + 1], &end, 10 ) : 0;
			if ( end == NULL || *end != 0 || value < 1 || value > 1000000 )
			{
				fprintf( stderr, "tether: bench: %s needs a whole number >= 1\nTry 'tether help'.\n", arg );
				return 2;
			}
			int* target = arg[2] == 'f' ? &options->frames : ( arg[2] == 's' ? &options->substeps : &options->runs );
			*target = (int)value;
			i += 1;
		}
		else if ( strcmp( arg, "--long-range" ) == 0 || strncmp( arg, "--long-range=", 13 ) == 0 )
		{
			const char* value = arg[12] == '=' ? arg + 13 : ( i + 1 < argc ? argv[++i] : "" );
			if ( ttLongRangeSwitches_Parse( &options->longRange, value ) == false )
			{
				fprintf( stderr,
				         "tether: bench: --long-range needs NAME=on or NAME=off, got '%s'\nTry 'tether help'.\n",
				         value );
				return 2;
			}
		}
		else if ( ttSolverSwitches_IsOption( arg ) )
		{
			if ( ttSolverSwitches_Parse( &options->solvers, "bench", arg, i + 1 < argc ? argv[++i] : NULL ) < 0 )
			{
				return 2;
			}
		}
		else if ( arg[0] == '-' )
		{
			fprintf( stderr, "tether: bench: unknown option '%s'\nTry 'tether help'.\n", arg );
			return 2;
		}
		else
		{
			// Scene paths are compacted to the front of argv as they are found.
			options->scenes[options->sceneCount++] = argv[i];
		}
	}
	return 0;
}

int ttBenchMain( int argc, char** argv )
{
	for ( int i = 1; i < argc; ++i )
	{
		if ( strcmp( argv[i], "--broadphase" ) == 0 )
		{
			return ttBenchBroadphase( argc, argv );
		}
		if ( strcmp( argv[i], "--solvers" ) == 0 )
		{
			return ttBenchSolvers( argc, argv );
		}
	}
	ttBenchOptions options;
	int code = ttParseBenchArguments( argc, argv, &options );
	if ( code != 0 )
	{
		return code;
	}
	// The worker count and the contacts' SIMD width (TETHER_SIMD=avx2|sse2|scalar forces one) say
	// what the times were measured with.
	printf( "tether bench: %d frames of 1/60 s, median of %d runs of the mean ms per frame, real = %s, threads = %d, "
	        "wide contacts = %s\n\n",
	        options.frames, options.runs, TT_REAL_IS_FLOAT ? "float" : "double",
	        options.solvers.setThreads ? options.solvers.threads : 1, ttGetWideContactsSimd() );
	printf( "| scene | bodies | joints | substeps x iterations | ms per frame | max ms | quality | solve ms per frame "
	        "| reference |\n" );
	printf( "|---|---|---|---|---|---|---|---|---|\n" );
	bool ok = true;
	if ( options.sceneCount == 0 )
	{
		for ( size_t i = 0; i < sizeof( s_suite ) / sizeof( s_suite[0] ); ++i )
		{
			ok = ttBenchCaseAndPrint( s_suite + i, &options ) && ok;
		}
		ok = ttBenchParticleSuite( options.frames, options.runs ) && ok;
	}
	for ( int i = 0; i < options.sceneCount; ++i )
	{
		ttBenchCase c = { options.scenes[i], options.scenes[i], 0, 0, ttQuality_jointError, 0, NULL };
		ok = ttBenchCaseAndPrint( &c, &options ) && ok;
	}
	return ok ? 0 : 1;
}
