// SPDX-License-Identifier: MIT
// tether-peers: the scenes of shared/BENCHMARKS.md (plus rain, 10,000 spheres into a box) in
// tether and in the peer engines that were found at configure time, side by side in one run,
// because timings on a shared machine only compare within a run. A program, not a test: it
// prints a markdown table of the median over runs of the mean ms per step (only the step call is
// timed), the slowest run's mean, the slowest single step, and each scene's quality figure as
// BENCHMARKS.md defines it, measured by this driver from the poses every adapter reports.
#define _POSIX_C_SOURCE 200809L

#include "peer_scenes.h"

#include "tether/tether.h"

#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct PeerOptions
{
	int runs;
	int steps; ///< 0: the scene's own
	bool quick;
	double runSeconds;  ///< a case whose first run takes longer gets no further runs
	const char* scene;  ///< only this scene (NULL: all)
	const char* engine; ///< only engines whose name starts with this (NULL: all)
	int substeps;       ///< > 0: tether only at its plain setting with this many substeps
	int threads;        ///< tether's worker threads (1: serial)
	int side;           ///< > 0: pile and rain resized to this many columns per side
	bool memory;        ///< add the heap each run's world holds at its end, per body
	bool broadphase;    ///< add tether's broadphase ms per step (median run's mean)
	bool firstSetting;  ///< each peer at its first (default) setting only
} PeerOptions;

/// What the driver measures of a run (the first run of each case).
typedef struct PeerQuality
{
	double jointEnd, jointMax; ///< heavy_chain: elongation; rope: summed gaps / rest
	double largestDisplacement, largestSideways, largestSpeed;
	int moving, escaped;
	bool nonFinite;
} PeerQuality;

// --cpu-time: steps are timed by the thread's CPU clock, which a machine loaded by other work
// (the 2-core machine shared by several builds) inflates far less than the wall clock.
static bool s_cpuTime = false;

static double peerNowMs( void )
{
	struct timespec ts;
	clock_gettime( s_cpuTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts );
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

// Bytes the C heap holds now (small blocks and mmapped ones): read before creating a world and
// before destroying it, the difference is what the engine holds for the scene, whatever its
// allocator hooks, since every engine here allocates through malloc in the end. -1 off glibc.
static double peerHeapBytes( void )
{
#if defined( __GLIBC__ ) && ( __GLIBC__ > 2 || ( __GLIBC__ == 2 && __GLIBC_MINOR__ >= 33 ) )
	struct mallinfo2 info = mallinfo2();
	return (double)info.uordblks + (double)info.hblkhd;
#else
	return -1;
#endif
}

static int peerCompareDoubles( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

static void peerRotate( const double q[4], const double v[3], double out[3] )
{
	// v + 2 w (u x v) + 2 u x (u x v), with u the vector part of the unit quaternion.
	double u[3] = { q[1], q[2], q[3] }, w = q[0];
	double t[3] = { 2 * ( u[1] * v[2] - u[2] * v[1] ), 2 * ( u[2] * v[0] - u[0] * v[2] ),
	                2 * ( u[0] * v[1] - u[1] * v[0] ) };
	out[0] = v[0] + w * t[0] + ( u[1] * t[2] - u[2] * t[1] );
	out[1] = v[1] + w * t[1] + ( u[2] * t[0] - u[0] * t[2] );
	out[2] = v[2] + w * t[2] + ( u[0] * t[1] - u[1] * t[0] );
}

static double peerDistance( const double a[3], const double b[3] )
{
	double d[3] = { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
	return sqrt( d[0] * d[0] + d[1] * d[1] + d[2] * d[2] );
}

// World position of a joint's point on `body` (-1: the world anchor itself). Bodies start
// unrotated, so the point's body coordinates are the anchor minus the body's start position.
static void peerJointPoint( const PeerScene* scene, const PeerEngine* engine, void* sim, int body,
                            const double anchor[3], double out[3] )
{
	if ( body < 0 )
	{
		memcpy( out, anchor, sizeof( double ) * 3 );
		return;
	}
	const double* start = scene->bodies[body].position;
	double local[3] = { anchor[0] - start[0], anchor[1] - start[1], anchor[2] - start[2] }, r[3];
	PeerBodyState s;
	engine->state( sim, body, &s );
	peerRotate( s.rotation, local, r );
	for ( int k = 0; k < 3; ++k )
	{
		out[k] = s.position[k] + r[k];
	}
}

// heavy_chain: (|attachment point - anchor| - 4 m) / 4 m, the attachment point being the weight's
// end of the last joint. rope: the sum of the gaps at all joints over the rope's 20 m.
static double peerJointFigure( const PeerScene* scene, const PeerEngine* engine, void* sim )
{
	if ( scene->kind == PeerScene_heavyChain )
	{
		const PeerJoint* first = scene->joints;
		const PeerJoint* last = scene->joints + scene->jointCount - 1;
		double rest = peerDistance( first->anchor, last->anchor ), point[3];
		peerJointPoint( scene, engine, sim, last->b, last->anchor, point );
		return ( peerDistance( point, first->anchor ) - rest ) / rest;
	}
	double gaps = 0, rest = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		const PeerJoint* j = scene->joints + i;
		double a[3], b[3];
		peerJointPoint( scene, engine, sim, j->a, j->anchor, a );
		peerJointPoint( scene, engine, sim, j->b, j->anchor, b );
		gaps += peerDistance( a, b );
		rest += 2 * scene->bodies[j->b].halfLength;
	}
	return gaps / rest;
}

static void peerBodyFigures( const PeerScene* scene, const PeerEngine* engine, void* sim, PeerQuality* q )
{
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		PeerBodyState s;
		engine->state( sim, i, &s );
		const double* p0 = scene->bodies[i].position;
		double speed =
		    sqrt( s.velocity[0] * s.velocity[0] + s.velocity[1] * s.velocity[1] + s.velocity[2] * s.velocity[2] );
		double moved = peerDistance( s.position, p0 );
		double sideways = hypot( s.position[0] - p0[0], s.position[2] - p0[2] );
		q->nonFinite = q->nonFinite || isfinite( speed ) == false || isfinite( moved ) == false;
		q->moving += speed > 0.1;
		q->largestSpeed = fmax( q->largestSpeed, speed );
		q->largestDisplacement = fmax( q->largestDisplacement, moved );
		q->largestSideways = fmax( q->largestSideways, sideways );
		double r = scene->bodies[i].radius, half = scene->containerHalf;
		q->escaped += fabs( s.position[0] ) > half || fabs( s.position[2] ) > half || s.position[1] < r * 0.5;
	}
}

static void peerFormatQuality( const PeerScene* scene, const PeerQuality* q, char* text, size_t size )
{
	if ( q->nonFinite )
	{
		snprintf( text, size, "diverged (NaN)" );
		return;
	}
	switch ( scene->kind )
	{
		case PeerScene_heavyChain:
			snprintf( text, size, "stretch %.2f %% (max %.2f %%)", 100 * q->jointEnd, 100 * q->jointMax );
			break;
		case PeerScene_rope:
			snprintf( text, size, "gaps %.2f %% (max %.2f %%)", 100 * q->jointEnd, 100 * q->jointMax );
			break;
		case PeerScene_pyramid:
		case PeerScene_pyramidLarge:
			snprintf( text, size, "drift %.1f cm, %d moving", 100 * q->largestDisplacement, q->moving );
			break;
		case PeerScene_pile:
			snprintf( text, size, "%d moving, fastest %.2f m/s, sideways %.1f cm", q->moving, q->largestSpeed,
			          100 * q->largestSideways );
			break;
		default:
			snprintf( text, size, "%d escaped, %d moving, fastest %.2f m/s", q->escaped, q->moving, q->largestSpeed );
			break;
	}
}

// Runs one engine at one setting on one scene and prints its row; false only when tether fails
// (a peer's failure is a result and goes into the table).
static bool peerRunCase( const PeerScene* scene, const PeerEngine* engine, int setting, const PeerOptions* options )
{
	int steps = options->steps > 0 ? options->steps : scene->steps;
	char name[64];
	snprintf( name, sizeof( name ), "%s", scene->name );
	if ( options->side > 0 )
	{
		snprintf( name, sizeof( name ), "%s (%d bodies)", scene->name, scene->bodyCount );
	}
	double means[64], pairMeans[64];
	int runs = 0;
	double slowestStep = 0;
	PeerQuality q = { 0 };
	char note[200] = "";
	bool failed = false;
	for ( int run = 0; run < options->runs && failed == false; ++run )
	{
		char why[200] = "";
		double heapBefore = peerHeapBytes();
		peerTetherPairMs = 0;
		void* sim = engine->create( scene, setting, why, (int)sizeof( why ) );
		if ( sim == NULL )
		{
			printf( "| %s | %s | %s | – | – | – | not run: %s |\n", name, engine->name, engine->settings[setting],
			        why[0] != 0 ? why : "could not create the scene" );
			fflush( stdout );
			return engine != &peerTether;
		}
		double total = 0;
		int done = 0;
		for ( ; done < steps; ++done )
		{
			// Only the step is timed, not the quality evaluation.
			double start = peerNowMs();
			bool ok = engine->step( sim );
			double ms = peerNowMs() - start;
			if ( ok == false )
			{
				const char* problem = engine->problem != NULL ? engine->problem( sim ) : NULL;
				snprintf( note, sizeof( note ), "stopped at step %d: %s", done + 1,
				          problem != NULL && problem[0] != 0 ? problem : "the step failed" );
				failed = true;
				break;
			}
			total += ms;
			slowestStep = fmax( slowestStep, ms );
			// A run is cut at runSeconds of stepping (MuJoCo's pyramid takes ~0.5 s a step), and
			// its figures are those of the moment it was cut.
			if ( total > 1000 * options->runSeconds && done + 1 < steps )
			{
				snprintf( note, sizeof( note ), "; cut after %d of %d steps (%.0f s)", done + 1, steps,
				          options->runSeconds );
				done += 1;
				break;
			}
			if ( run == 0 && scene->collisions == false )
			{
				double figure = peerJointFigure( scene, engine, sim );
				q.nonFinite = q.nonFinite || isfinite( figure ) == false;
				q.jointMax = fmax( q.jointMax, figure );
				q.jointEnd = figure;
			}
		}
		if ( run == 0 && scene->collisions && failed == false )
		{
			peerBodyFigures( scene, engine, sim, &q );
		}
		// A step that went on with a caveat (MuJoCo dropping contacts) says so beside the figures.
		const char* caveat = engine->problem != NULL && failed == false ? engine->problem( sim ) : NULL;
		if ( run == 0 && caveat != NULL && caveat[0] != 0 )
		{
			strncat( note, "; ", sizeof( note ) - strlen( note ) - 1 );
			strncat( note, caveat, sizeof( note ) - strlen( note ) - 1 );
		}
		if ( run == 0 && options->memory && heapBefore >= 0 )
		{
			double bytes = peerHeapBytes() - heapBefore;
			char held[96];
			snprintf( held, sizeof( held ), "; heap %.1f MB, %.0f B per body", bytes / 1e6, bytes / scene->bodyCount );
			strncat( note, held, sizeof( note ) - strlen( note ) - 1 );
		}
		engine->destroy( sim );
		pairMeans[runs] = done > 0 ? peerTetherPairMs / done : 0;
		means[runs++] = done > 0 ? total / done : 0;
		if ( run == 0 && total > 1000 * options->runSeconds )
		{
			char once[64];
			snprintf( once, sizeof( once ), " (1 run: it took %.0f s)", total / 1000 );
			strncat( note, once, sizeof( note ) - strlen( note ) - 1 );
			break;
		}
	}
	double sorted[64];
	memcpy( sorted, means, sizeof( double ) * (size_t)runs );
	qsort( sorted, (size_t)runs, sizeof( double ), peerCompareDoubles );
	if ( options->broadphase && engine == &peerTether && runs > 0 )
	{
		qsort( pairMeans, (size_t)runs, sizeof( double ), peerCompareDoubles );
		char part[64];
		snprintf( part, sizeof( part ), "; broadphase %.3f ms/step", pairMeans[runs / 2] );
		strncat( note, part, sizeof( note ) - strlen( note ) - 1 );
	}
	char quality[200];
	if ( failed )
	{
		snprintf( quality, sizeof( quality ), "%s", note );
	}
	else
	{
		peerFormatQuality( scene, &q, quality, sizeof( quality ) );
		size_t used = strlen( quality );
		snprintf( quality + used, sizeof( quality ) - used, "%s", note ); // cut to fit, never overrun
	}
	char label[64];
	if ( engine == &peerTether && peerTetherSubsteps > 0 )
	{
		snprintf( label, sizeof( label ), "%d substeps x 1 it", peerTetherSubsteps );
	}
	else
	{
		snprintf( label, sizeof( label ), "%s", engine->settings[setting] );
	}
	printf( "| %s | %s | %s | %.3f | %.3f | %.3f | %s |\n", name, engine->name, label, sorted[runs / 2],
	        sorted[runs - 1], slowestStep, quality );
	fflush( stdout );
	return failed == false || engine != &peerTether;
}

static int peerParse( int argc, char** argv, PeerOptions* options )
{
	*options = ( PeerOptions ){ .runs = 3, .runSeconds = 60, .threads = 1 };
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		bool hasValue = i + 1 < argc;
		if ( strcmp( arg, "--quick" ) == 0 )
		{
			options->quick = true;
			options->runs = 1;
			options->steps = 5;
		}
		else if ( ( strcmp( arg, "--runs" ) == 0 || strcmp( arg, "--steps" ) == 0 ) && hasValue )
		{
			char* end = NULL;
			long value = strtol( argv[++i], &end, 10 );
			if ( *end != 0 || value < 1 || value > ( arg[2] == 'r' ? 64 : 1000000 ) )
			{
				fprintf( stderr, "tether-peers: %s needs a whole number from 1 (runs: up to 64)\n", arg );
				return 2;
			}
			*( arg[2] == 'r' ? &options->runs : &options->steps ) = (int)value;
		}
		else if ( strcmp( arg, "--substeps" ) == 0 && hasValue )
		{
			char* end = NULL;
			long value = strtol( argv[++i], &end, 10 );
			if ( *end != 0 || value < 1 || value > 1000 )
			{
				fprintf( stderr, "tether-peers: --substeps needs a whole number from 1 to 1000\n" );
				return 2;
			}
			options->substeps = (int)value;
		}
		else if ( strcmp( arg, "--threads" ) == 0 && hasValue )
		{
			char* end = NULL;
			long value = strtol( argv[++i], &end, 10 );
			if ( *end != 0 || value < 1 || value > TT_MAX_WORKERS )
			{
				fprintf( stderr, "tether-peers: --threads needs a whole number from 1 to %d\n", TT_MAX_WORKERS );
				return 2;
			}
			options->threads = (int)value;
		}
		else if ( strcmp( arg, "--side" ) == 0 && hasValue )
		{
			char* end = NULL;
			long value = strtol( argv[++i], &end, 10 );
			if ( *end != 0 || value < 1 || value > 90 )
			{
				fprintf( stderr, "tether-peers: --side needs a whole number from 1 to 90\n" );
				return 2;
			}
			options->side = (int)value;
		}
		else if ( strcmp( arg, "--memory" ) == 0 )
		{
			options->memory = true;
		}
		else if ( strcmp( arg, "--broadphase" ) == 0 )
		{
			options->broadphase = true;
		}
		else if ( strcmp( arg, "--default-only" ) == 0 )
		{
			options->firstSetting = true;
		}
		else if ( strcmp( arg, "--cpu-time" ) == 0 )
		{
			s_cpuTime = true;
		}
		else if ( strcmp( arg, "--scene" ) == 0 && hasValue )
		{
			options->scene = argv[++i];
		}
		else if ( strcmp( arg, "--engine" ) == 0 && hasValue )
		{
			options->engine = argv[++i];
		}
		else
		{
			fprintf(
			    stderr,
			    "usage: tether-peers [--quick] [--runs N] [--steps N] [--scene NAME] [--engine NAME] [--substeps N]\n"
			    "                    [--threads N] [--side N] [--memory] [--broadphase] [--default-only] [--cpu-time]\n"
			    "  --side N: pile with N x N columns (10 as defined), rain with N x N spheres per layer (20)\n"
			    "  --memory: add the heap the engine holds at the end of the first run, per body\n"
			    "  --broadphase: add tether's broadphase time per step (median run)\n"
			    "  --default-only: each peer engine at its default setting only\n"
			    "  --cpu-time: time the steps by the thread's CPU clock instead of the wall clock\n"
			    "  --quick: 5 steps per scene, one run, without pyramid_large and rain (the ctest)\n"
			    "  --substeps N: tether only at its plain setting (no long range), with N substeps\n"
			    "  --threads N: tether steps on N worker threads (default 1)\n"
			    "  scenes: heavy_chain rope pyramid pile pyramid_large rain; engines: tether Bullet ODE MuJoCo\n" );
			return strcmp( arg, "--help" ) == 0 ? 0 : 2;
		}
	}
	return -1;
}

int main( int argc, char** argv )
{
	PeerOptions options;
	int code = peerParse( argc, argv, &options );
	if ( code >= 0 )
	{
		return code;
	}
	peerTetherSubsteps = options.substeps;
	peerTetherThreads = options.threads;
	const PeerEngine* engines[] = {
	    &peerTether,
#ifdef PEER_HAVE_BULLET
	    &peerBullet,
#endif
#ifdef PEER_HAVE_ODE
	    &peerOde,
#endif
#ifdef PEER_HAVE_MUJOCO
	    &peerMujoco,
#endif
	};
	int engineCount = (int)( sizeof( engines ) / sizeof( engines[0] ) );
	printf( "tether-peers: 1/60 s steps, median over %d run(s) of the mean ms per step, tether on %d worker thread(s) "
	        "with %s contacts (TETHER_SIMD), the peers on one;",
	        options.runs, options.threads, ttGetWideContactsSimd() );
	printf( " engines built in:" );
	for ( int e = 0; e < engineCount; ++e )
	{
		printf( " %s%s", engines[e]->name, e + 1 < engineCount ? "," : "\n\n" );
	}
	printf( "| scene | engine | setting | ms/step median | ms/step slowest run | slowest step ms | quality |\n" );
	printf( "|---|---|---|---|---|---|---|\n" );
	bool ok = true;
	for ( int kind = 0; kind < PeerScene_count; ++kind )
	{
		// The quick mode (a ctest under sanitizers on 2 cores) leaves out the large scenes.
		if ( options.quick && ( kind == PeerScene_pyramidLarge || kind == PeerScene_rain ) )
		{
			continue;
		}
		PeerScene scene;
		if ( peerScene_Build( (PeerSceneKind)kind, options.side, &scene ) == false )
		{
			fprintf( stderr, "tether-peers: out of memory\n" );
			return 1;
		}
		if ( options.scene == NULL || strcmp( options.scene, scene.name ) == 0 )
		{
			for ( int e = 0; e < engineCount; ++e )
			{
				if ( options.engine != NULL && strncmp( options.engine, engines[e]->name, strlen( options.engine ) ) )
				{
					continue;
				}
				for ( int s = 0; s < engines[e]->settingCount; ++s )
				{
					// --substeps: tether's plain setting only (index 2: 4 substeps, no long range).
					if ( options.substeps > 0 && engines[e] == &peerTether && s != 2 )
					{
						continue;
					}
					if ( options.firstSetting && engines[e] != &peerTether && s > 0 )
					{
						continue;
					}
					ok = peerRunCase( &scene, engines[e], s, &options ) && ok;
				}
			}
		}
		peerScene_Destroy( &scene );
	}
	return ok ? 0 : 1;
}
