// SPDX-License-Identifier: MIT
// `tether bench`: loads each scene, steps it frame by frame (1/60 s per frame, whatever the
// scene's own time step) and prints the median wall time per frame. A first, simple version:
// quality figures and peer engines are to be added here (see docs/cli.md).
#define _POSIX_C_SOURCE 200809L // opendir

#include "bench.h"
#include "run.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

typedef struct ttBenchOptions
{
	int frames;
	int substeps; ///< 0: the scene's own
	int sceneCount;
	char** scenes;
} ttBenchOptions;

static int ttCompareDoubles( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

static int ttCompareStrings( const void* a, const void* b )
{
	return strcmp( *(char* const*)a, *(char* const*)b );
}

// Times one scene; returns false (with a message printed) when it cannot be loaded or stepped.
static bool ttBenchScene( const char* path, const ttBenchOptions* options )
{
	ttScene scene;
	char error[1024];
	bool loaded = path != NULL
	                  ? ttScene_LoadFile( path, &scene, error, (int)sizeof( error ) )
	                  : ttScene_LoadString( ttScene_ShowcaseJson(), "showcase", &scene, error, (int)sizeof( error ) );
	if ( loaded == false )
	{
		fprintf( stderr, "tether bench: %s\n", error );
		return false;
	}
	if ( options->substeps > 0 )
	{
		ttWorld_SetSubsteps( scene.worldId, options->substeps );
	}
	double* times = malloc( sizeof( double ) * (size_t)options->frames );
	bool ok = times != NULL;
	for ( int frame = 0; frame < options->frames && ok; ++frame )
	{
		double start = ttNowSeconds();
		ok = ttWorld_Step( scene.worldId, (ttReal)1 / 60 ) == ttResult_ok;
		times[frame] = 1000 * ( ttNowSeconds() - start );
	}
	if ( ok )
	{
		qsort( times, (size_t)options->frames, sizeof( double ), ttCompareDoubles );
		printf( "%-28s %7d %7d %9d %6d %11.4f %9.4f %9.4f\n", scene.name, scene.bodyCount, scene.jointCount,
		        ttWorld_GetSubsteps( scene.worldId ), ttWorld_GetIterations( scene.worldId ),
		        times[options->frames / 2], times[0], times[options->frames - 1] );
	}
	else
	{
		fprintf( stderr, "tether bench: %s: stepping failed\n", scene.name );
	}
	free( times );
	ttScene_Destroy( &scene );
	return ok;
}

// Every scenes/*.json in the current directory, sorted; NULL count 0 when there is none.
static char** ttListSceneFiles( int* count )
{
	*count = 0;
	DIR* directory = opendir( "scenes" );
	if ( directory == NULL )
	{
		return NULL;
	}
	char** files = NULL;
	int capacity = 0;
	for ( struct dirent* entry = readdir( directory ); entry != NULL; entry = readdir( directory ) )
	{
		size_t length = strlen( entry->d_name );
		if ( length < 6 || strcmp( entry->d_name + length - 5, ".json" ) != 0 )
		{
			continue;
		}
		if ( *count == capacity )
		{
			capacity = capacity > 0 ? 2 * capacity : 16;
			char** larger = realloc( files, sizeof( char* ) * (size_t)capacity );
			if ( larger == NULL )
			{
				break;
			}
			files = larger;
		}
		files[*count] = malloc( length + sizeof( "scenes/" ) );
		if ( files[*count] != NULL )
		{
			snprintf( files[*count], length + sizeof( "scenes/" ), "scenes/%s", entry->d_name );
			*count += 1;
		}
	}
	closedir( directory );
	qsort( files, (size_t)*count, sizeof( char* ), ttCompareStrings );
	return files;
}

static int ttParseBenchArguments( int argc, char** argv, ttBenchOptions* options )
{
	*options = ( ttBenchOptions ){ 300, 0, 0, NULL };
	options->scenes = argv + 1;
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		if ( strcmp( arg, "--frames" ) == 0 || strcmp( arg, "--substeps" ) == 0 )
		{
			char* end = NULL;
			long value = i + 1 < argc ? strtol( argv[i + 1], &end, 10 ) : 0;
			if ( end == NULL || *end != 0 || value < 1 || value > 1000000 )
			{
				fprintf( stderr, "tether: bench: %s needs a whole number >= 1\nTry 'tether help'.\n", arg );
				return 2;
			}
			*( arg[2] == 'f' ? &options->frames : &options->substeps ) = (int)value;
			i += 1;
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
	ttBenchOptions options;
	int code = ttParseBenchArguments( argc, argv, &options );
	if ( code != 0 )
	{
		return code;
	}
	char** found = NULL;
	if ( options.sceneCount == 0 )
	{
		found = ttListSceneFiles( &options.sceneCount );
		options.scenes = found;
	}
	printf( "tether bench: %d frames of 1/60 s per scene, real = %s\n", options.frames,
	        TT_REAL_IS_FLOAT ? "float" : "double" );
	printf( "%-28s %7s %7s %9s %6s %11s %9s %9s\n", "scene", "bodies", "joints", "substeps", "iters", "median ms",
	        "min ms", "max ms" );
	bool ok = true;
	if ( options.sceneCount == 0 )
	{
		ok = ttBenchScene( NULL, &options );
	}
	for ( int i = 0; i < options.sceneCount; ++i )
	{
		ok = ttBenchScene( options.scenes[i], &options ) && ok;
	}
	for ( int i = 0; found != NULL && i < options.sceneCount; ++i )
	{
		free( found[i] );
	}
	free( found );
	return ok ? 0 : 1;
}
