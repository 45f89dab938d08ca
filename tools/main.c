// SPDX-License-Identifier: MIT
// The tether command-line program. Each command is a function taking the arguments after the
// program name; exit codes: 0 success, 1 the scene or the run failed, 2 bad command line.
#define _POSIX_C_SOURCE 200809L // execvp for `tether plot`
#include "bench.h"
#include "run.h"
#include "solver_names.h"
#include "sweep.h"
#ifdef TETHER_HAVE_MPI
#include "sweep_mpi.h"
#endif
#ifdef TETHER_HAVE_VIEWER
#include "viewer.h"
#endif

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum
{
	ttExit_ok = 0,
	ttExit_failed = 1,
	ttExit_usage = 2,
};

static void ttPrintUsage( FILE* out )
{
	char jointNames[256], contactNames[256];
	ttJoinSolverNames( ttJointSolverNames, ttJointSolverCount, jointNames, (int)sizeof( jointNames ) );
	ttJoinSolverNames( ttContactSolverNames, ttContactSolverCount, contactNames, (int)sizeof( contactNames ) );
	fprintf( out,
	         "usage: tether <command> [options]\n"
	         "\n"
	         "commands:\n"
	         "  run [SCENE] [--seconds S] [--substeps N] [--iterations K] [--out DIR]\n"
	         "      [--joint-solver NAME] [--contact-solver NAME] [--threads N] [--long-range NAME=on|off]...\n"
	         "        simulate SCENE (a JSON scene file; default: the built-in showcase) headless and\n"
	         "        write DIR/metrics.csv and DIR/summary.json (default DIR: out/<scene name>)\n"
	         "  bench [SCENE...] [--frames N] [--substeps N] [--joint-solver NAME] [--contact-solver NAME]\n"
	         "      [--threads N] [--long-range NAME=on|off]...\n"
	         "        print the median milliseconds per 1/60 s frame of each scene\n"
	         "        (default: the built-in suite)\n"
	         "  bench --solvers [--frames N] [--runs N] [--quick] [--contact-solver NAME]\n"
	         "        the solver comparison scenes under every joint solver: time and quality\n"
	         "  bench --broadphase [--quick] [--n N]\n"
	         "        the pair collection's time for 100 to 100,000 moving spheres (or n alone)\n"
	         "  joint solvers: %s; contact solvers: %s (default: the scene's own;\n"
	         "        xpbd contacts are the paper's, kept for comparison: they do not hold stacks)\n"
	         "  --threads N: run the step on N worker threads (1 to 64, default 1: serial); the\n"
	         "        motion is bit-identical for every N (docs/determinism.md)\n"
	         "  long range NAMEs: attachments, hierarchy, hingeChains, shapeMatching,\n"
	         "        supportingContacts (docs/long-range.md)\n"
	         "  view [SCENE] [--screenshot FILE --frames N] [--draw-long-range] [--labels]\n"
	         "      [--joint-solver NAME] [--contact-solver NAME] [--threads N] ...\n"
	         "        open the interactive viewer (default: the built-in showcase)\n"
	         "  render [SCENE] --out DIR [--fps N] [--seconds S] [--width W --height H] [--video]\n"
	         "      [--contacts] [--limits] [--tree] [--draw-long-range] [--labels]\n"
	         "      [--camera follow|fixed|EX,EY,EZ,TX,TY,TZ] [--no-ground] [--joint-solver NAME]\n"
	         "      [--contact-solver NAME] [--threads N] [--long-range NAME=on|off]...\n"
	         "        draw SCENE headless to DIR/frame_*.png and, with --video, DIR/<scene>.mp4\n"
	         "  sweep SCENE --param KEY=V1,V2,... [--param ...] [--seeds N] [--jitter M] [--seconds S]\n"
	         "      [--out DIR] [--jobs N]\n"
	         "        run SCENE for every combination of the values (world keys such as substeps,\n"
	         "        iterations, jointSolver, gravity; friction, restitution on every shape) and seeds,\n"
	         "        on all cores (--jobs N): DIR/run-NNNN/ per run and the table DIR/sweep.csv\n"
	         "        (default DIR: out/<scene name>-sweep); under MPI: mpirun -n R tether-mpi sweep ...\n"
	         "        (docs/batch.md)\n"
	         "  plot METRICS.csv [MORE.csv...] --out FILE.png [--columns a,b,...]\n"
	         "        plot metrics over time, several runs overlaid (runs tools/plot.py)\n"
	         "  help  print this text\n"
	         "\n"
	         "  --any-mesh-path (any command) lets scene files name mesh files outside their own\n"
	         "        directory tree (absolute paths, '..'); refused by default\n"
	         "\n"
	         "See docs/cli.md and docs/scene-format.md.\n",
	         jointNames, contactNames );
}

#if defined( __GNUC__ )
__attribute__( ( format( printf, 1, 2 ) ) )
#endif
static int
ttUsageError( const char* format, ... )
{
	fprintf( stderr, "tether: " );
	va_list args;
	va_start( args, format );
	vfprintf( stderr, format, args );
	va_end( args );
	fprintf( stderr, "\nTry 'tether help'.\n" );
	return ttExit_usage;
}

typedef struct ttRunArguments
{
	const char* scenePath;
	double seconds;
	int substeps;
	int iterations;
	const char* outDir;
	ttLongRangeSwitches longRange;
	ttSolverSwitches solvers;
	bool help;
} ttRunArguments;

// The value of an option given as "--name value" or "--name=value"; advances *index.
static const char* ttOptionValue( int argc, char** argv, int* index, const char* name )
{
	const char* arg = argv[*index];
	size_t length = strlen( name );
	if ( strncmp( arg, name, length ) != 0 )
	{
		return NULL;
	}
	if ( arg[length] == '=' )
	{
		return arg + length + 1;
	}
	if ( arg[length] == 0 && *index + 1 < argc )
	{
		*index += 1;
		return argv[*index];
	}
	return NULL;
}

static bool ttParseNumber( const char* text, double* value )
{
	char* end = NULL;
	*value = strtod( text, &end );
	return end != text && *end == 0 && isfinite( *value );
}

static bool ttParseCount( const char* text, int* value )
{
	char* end = NULL;
	long number = strtol( text, &end, 10 );
	*value = (int)number;
	return end != text && *end == 0 && number >= 1 && number <= 100000;
}

static const char* const ttRunOptionNames[] = { "--seconds", "--substeps", "--iterations", "--out" };

// Parses one option at argv[*index]; returns 0 or a usage error.
static int ttParseRunOption( int argc, char** argv, int* index, ttRunArguments* args )
{
	const char* arg = argv[*index];
	const char* longRange = ttOptionValue( argc, argv, index, "--long-range" );
	if ( longRange != NULL )
	{
		return ttLongRangeSwitches_Parse( &args->longRange, longRange )
		           ? 0
		           : ttUsageError( "run: --long-range needs NAME=on or NAME=off, got '%s'", longRange );
	}
	if ( strcmp( arg, "--long-range" ) == 0 )
	{
		return ttUsageError( "run: --long-range needs a value" );
	}
	static const char* const solverOptions[] = { "--joint-solver", "--contact-solver", "--threads" };
	for ( int k = 0; k < 3; ++k )
	{
		size_t length = strlen( solverOptions[k] );
		if ( strncmp( arg, solverOptions[k], length ) == 0 && ( arg[length] == 0 || arg[length] == '=' ) )
		{
			const char* value = ttOptionValue( argc, argv, index, solverOptions[k] );
			return ttSolverSwitches_Parse( &args->solvers, "run", solverOptions[k], value ) < 0 ? ttExit_usage : 0;
		}
	}
	for ( int k = 0; k < 4; ++k )
	{
		const char* value = ttOptionValue( argc, argv, index, ttRunOptionNames[k] );
		if ( value == NULL )
		{
			if ( strcmp( arg, ttRunOptionNames[k] ) == 0 )
			{
				return ttUsageError( "run: %s needs a value", arg );
			}
			continue;
		}
		bool ok = true;
		if ( k == 0 )
		{
			ok = ttParseNumber( value, &args->seconds ) && args->seconds >= 0;
		}
		else if ( k == 1 || k == 2 )
		{
			ok = ttParseCount( value, k == 1 ? &args->substeps : &args->iterations );
		}
		else
		{
			args->outDir = value;
			ok = value[0] != 0;
		}
		static const char* const expected[] = { "a number of seconds >= 0", "a whole number from 1 to 100000",
		                                        "a whole number from 1 to 100000", "a directory" };
		return ok ? 0 : ttUsageError( "run: %s needs %s, got '%s'", ttRunOptionNames[k], expected[k], value );
	}
	return ttUsageError( "run: unknown option '%s'", arg );
}

static int ttParseRunArguments( int argc, char** argv, ttRunArguments* args )
{
	*args = ( ttRunArguments ){ NULL, -1, 0, 0, NULL, { { 0 }, { 0 } }, { 0 }, false };
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		if ( strcmp( arg, "-h" ) == 0 || strcmp( arg, "--help" ) == 0 )
		{
			args->help = true;
			return 0;
		}
		if ( arg[0] == '-' && arg[1] != 0 )
		{
			int code = ttParseRunOption( argc, argv, &i, args );
			if ( code != 0 )
			{
				return code;
			}
			continue;
		}
		if ( args->scenePath != NULL )
		{
			return ttUsageError( "run: one scene at a time (got '%s' and '%s')", args->scenePath, arg );
		}
		args->scenePath = arg;
	}
	return 0;
}

static bool ttApplyOverrides( const ttScene* scene, const ttRunArguments* args )
{
	bool ok = true;
	if ( args->substeps > 0 )
	{
		ok = ttWorld_SetSubsteps( scene->worldId, args->substeps ) == ttResult_ok && ok;
	}
	if ( args->iterations > 0 )
	{
		ok = ttWorld_SetIterations( scene->worldId, args->iterations ) == ttResult_ok && ok;
	}
	ok = ttSolverSwitches_Apply( &args->solvers, scene->worldId ) && ok;
	return ttLongRangeSwitches_Apply( &args->longRange, scene->worldId ) && ok;
}

static void ttPrintRunReport( const ttScene* scene, const ttRunResult* result )
{
	const ttRunTiming* t = &result->timing;
	int substeps = ttWorld_GetSubsteps( scene->worldId );
	int iterations = ttWorld_GetIterations( scene->worldId );
	printf( "tether: ran '%s' for %g s: %d steps of %g s, %d substeps x %d iterations, %d bodies, %d joints\n",
	        scene->name, t->simulatedSeconds, t->steps, (double)scene->timeStep, substeps, iterations, scene->bodyCount,
	        scene->jointCount );
	printf( "  joint solver %s, contact solver %s\n", ttJointSolverNames[ttWorld_GetJointSolver( scene->worldId )],
	        ttContactSolverNames[ttWorld_GetContactSolver( scene->worldId )] );
	printf( "  solver time %.3f s (%.4f ms per step), wall time %.3f s\n", t->stepSeconds,
	        t->steps > 0 ? 1000 * t->stepSeconds / t->steps : 0.0, t->wallSeconds );
	double steps = t->steps > 0 ? t->steps : 1;
	printf( "  joint solve %.4f ms, contact solve %.4f ms per step\n", t->jointSolveMs / steps,
	        t->contactSolveMs / steps );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( ttWorld_IsLongRangeEnabled( scene->worldId, (ttLongRangeFeature)i ) )
		{
			printf( "  long range %s: %d constraints, analysis %.4f ms in all, projection %.4f ms per step\n",
			        ttLongRangeFeatureName( (ttLongRangeFeature)i ), t->longRangeCount[i], t->longRangeAnalysisMs[i],
			        t->longRangeSolveMs[i] / steps );
		}
	}
	printf( "  total energy %.6g J -> %.6g J", result->initialEnergy, result->finalEnergy );
	if ( result->brokenJoints > 0 )
	{
		printf( ", %d joint(s) broke", result->brokenJoints );
	}
	printf( "\n  output: %s/ (metrics.csv, summary.json)\n", result->outDir );
}

static int ttRunCommand( int argc, char** argv )
{
	ttRunArguments args;
	int code = ttParseRunArguments( argc, argv, &args );
	if ( code != 0 || args.help )
	{
		if ( args.help )
		{
			ttPrintUsage( stdout );
		}
		return code;
	}

	ttScene scene;
	char error[1024];
	bool loaded = args.scenePath != NULL
	                  ? ttScene_LoadFile( args.scenePath, &scene, error, (int)sizeof( error ) )
	                  : ttScene_LoadString( ttScene_ShowcaseJson(), "showcase", &scene, error, (int)sizeof( error ) );
	if ( loaded == false )
	{
		fprintf( stderr, "tether: %s\n", error );
		return ttExit_failed;
	}
	if ( ttApplyOverrides( &scene, &args ) == false )
	{
		fprintf( stderr, "tether: the world rejected --substeps, --iterations, a solver or --long-range\n" );
		ttScene_Destroy( &scene );
		return ttExit_failed;
	}

	ttRunOptions options = { args.seconds, args.outDir };
	ttRunResult result;
	bool ok = ttRunScene( &scene, &options, &result, error, (int)sizeof( error ) );
	if ( ok )
	{
		ttPrintRunReport( &scene, &result );
	}
	else
	{
		fprintf( stderr, "tether: %s\n", error );
	}
	ttScene_Destroy( &scene );
	return ok ? ttExit_ok : ttExit_failed;
}

// `tether sweep`: local worker processes, or under tether-mpi the ranks of an MPI job.
static int ttSweepCommand( int argc, char** argv )
{
#ifdef TETHER_HAVE_MPI
	return ttSweepMpiMain( argc, argv );
#else
	// Started by mpirun (Open MPI, or MPICH/Slurm's PMI) with several processes: each would run
	// the whole sweep into the same folders. Only tether-mpi shares the runs.
	const char* sizes[] = { getenv( "OMPI_COMM_WORLD_SIZE" ), getenv( "PMI_SIZE" ) };
	for ( int i = 0; i < 2; ++i )
	{
		if ( sizes[i] != NULL && atoi( sizes[i] ) > 1 )
		{
			fprintf( stderr,
			         "tether: sweep: started by mpirun as one of %s processes, but this tether has no MPI: each "
			         "would run the whole sweep. Run tether-mpi (built when CMake finds MPI; Debian: "
			         "libopenmpi-dev).\n",
			         sizes[i] );
			return ttExit_usage;
		}
	}
	return ttSweepMain( argc, argv, NULL );
#endif
}

// `tether plot`: the plotting is Python (matplotlib); this runs tools/plot.py of the source tree
// the program was built from, or $TETHER_PLOT_SCRIPT, with the same arguments.
static int ttPlotCommand( int argc, char** argv )
{
	const char* script = getenv( "TETHER_PLOT_SCRIPT" );
	char path[1024];
	if ( script == NULL )
	{
#ifdef TETHER_SOURCE_DIR
		snprintf( path, sizeof( path ), "%s/tools/plot.py", TETHER_SOURCE_DIR );
#else
		snprintf( path, sizeof( path ), "tools/plot.py" );
#endif
		script = path;
	}
	char** args = calloc( (size_t)argc + 2, sizeof( char* ) );
	if ( args == NULL )
	{
		return ttExit_failed;
	}
	args[0] = "python3";
	args[1] = (char*)script;
	for ( int i = 1; i < argc; ++i )
	{
		args[i + 1] = argv[i];
	}
	// Debian's python3-matplotlib belongs to /usr/bin/python3, which a python3 earlier on PATH
	// (pyenv, a virtual environment) may lack; PATH is the fallback elsewhere.
	execv( "/usr/bin/python3", args );
	execvp( "python3", args );
	fprintf( stderr, "tether: plot: cannot run python3 %s (Debian: apt-get install python3-matplotlib)\n", script );
	free( args );
	return ttExit_failed;
}

int main( int argc, char** argv )
{
	// --any-mesh-path, anywhere on the line, lets scenes name mesh files outside their directory
	// (ttScene_AllowAnyMeshPath); it is taken out before the command sees its options.
	int kept = 1;
	for ( int i = 1; i < argc; ++i )
	{
		if ( strcmp( argv[i], "--any-mesh-path" ) == 0 )
		{
			ttScene_AllowAnyMeshPath( true );
			continue;
		}
		argv[kept++] = argv[i];
	}
	argc = kept;
	argv[argc] = NULL;
	if ( argc < 2 )
	{
		ttPrintUsage( stderr );
		return ttExit_usage;
	}
	const char* command = argv[1];
	// `tether COMMAND --help` (or -h) prints the same text as `tether help`, for every command.
	for ( int i = 1; i < argc; ++i )
	{
		if ( strcmp( argv[i], "--help" ) == 0 || strcmp( argv[i], "-h" ) == 0 )
		{
			ttPrintUsage( stdout );
			return 0;
		}
	}
	if ( strcmp( command, "run" ) == 0 )
	{
		return ttRunCommand( argc - 1, argv + 1 );
	}
	if ( strcmp( command, "bench" ) == 0 )
	{
		return ttBenchMain( argc - 1, argv + 1 );
	}
	if ( strcmp( command, "sweep" ) == 0 )
	{
		return ttSweepCommand( argc - 1, argv + 1 );
	}
	if ( strcmp( command, "plot" ) == 0 )
	{
		return ttPlotCommand( argc - 1, argv + 1 );
	}
	if ( strcmp( command, "view" ) == 0 || strcmp( command, "render" ) == 0 )
	{
#ifdef TETHER_HAVE_VIEWER
		return command[0] == 'v' ? ttViewerViewMain( argc - 1, argv + 1 ) : ttViewerRenderMain( argc - 1, argv + 1 );
#else
		fprintf( stderr, "tether: %s: this build has no viewer (configure with -DTETHER_BUILD_VIEWER=ON)\n", command );
		return ttExit_failed;
#endif
	}
	if ( strcmp( command, "help" ) == 0 || strcmp( command, "--help" ) == 0 || strcmp( command, "-h" ) == 0 )
	{
		ttPrintUsage( stdout );
		return ttExit_ok;
	}
	if ( strcmp( command, "--version" ) == 0 || strcmp( command, "version" ) == 0 )
	{
		ttVersion version = ttGetVersion();
		printf( "tether %d.%d.%d (%s)\n", version.major, version.minor, version.revision,
		        TT_REAL_IS_FLOAT ? "float" : "double" );
		return ttExit_ok;
	}
	return ttUsageError( "unknown command '%s'", command );
}
