// SPDX-License-Identifier: MIT
#define _POSIX_C_SOURCE 200809L // clock_gettime, mkdir

#include "run.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

double ttNowSeconds( void )
{
	struct timespec now;
	clock_gettime( CLOCK_MONOTONIC, &now );
	return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static bool ttMakeDirectory( const char* path, char* error, int errorSize )
{
	if ( mkdir( path, 0777 ) == 0 || errno == EEXIST )
	{
		struct stat info;
		if ( stat( path, &info ) == 0 && S_ISDIR( info.st_mode ) )
		{
			return true;
		}
		snprintf( error, (size_t)errorSize, "%s: exists and is not a directory", path );
		return false;
	}
	snprintf( error, (size_t)errorSize, "%s: cannot create the directory: %s", path, strerror( errno ) );
	return false;
}

bool ttMakeDirectories( const char* path, char* error, int errorSize )
{
	char partial[TT_PATH_SIZE];
	size_t length = strlen( path );
	if ( length == 0 || length >= sizeof( partial ) )
	{
		snprintf( error, (size_t)errorSize, "output directory path is empty or too long" );
		return false;
	}
	memcpy( partial, path, length + 1 );
	// Create each parent in turn: cut the path at every separator after the first character.
	for ( size_t i = 1; i < length; ++i )
	{
		if ( partial[i] == '/' && partial[i - 1] != '/' )
		{
			partial[i] = 0;
			bool ok = ttMakeDirectory( partial, error, errorSize );
			partial[i] = '/';
			if ( ok == false )
			{
				return false;
			}
		}
	}
	return ttMakeDirectory( partial, error, errorSize );
}

void ttDefaultOutDir( const char* sceneName, char* path, int size )
{
	int length = snprintf( path, (size_t)size, "out/%s", sceneName[0] != 0 ? sceneName : "scene" );
	for ( int i = 4; i < length && i < size; ++i )
	{
		char c = path[i];
		bool plain = ( c >= 'a' && c <= 'z' ) || ( c >= 'A' && c <= 'Z' ) || ( c >= '0' && c <= '9' ) || c == '.' ||
		             c == '-' || c == '_';
		path[i] = plain ? c : '_';
	}
	if ( strcmp( path, "out/." ) == 0 || strcmp( path, "out/.." ) == 0 )
	{
		snprintf( path, (size_t)size, "out/scene" );
	}
}

static bool ttPreparePaths( const ttScene* scene, const ttRunOptions* options, ttRunResult* result, char* error,
                            int errorSize )
{
	if ( options->outDir != NULL )
	{
		snprintf( result->outDir, sizeof( result->outDir ), "%s", options->outDir );
	}
	else
	{
		ttDefaultOutDir( scene->name, result->outDir, (int)sizeof( result->outDir ) );
	}
	int a = snprintf( result->csvPath, sizeof( result->csvPath ), "%s/metrics.csv", result->outDir );
	int b = snprintf( result->summaryPath, sizeof( result->summaryPath ), "%s/summary.json", result->outDir );
	if ( a < 0 || a >= TT_PATH_SIZE || b < 0 || b >= TT_PATH_SIZE )
	{
		snprintf( error, (size_t)errorSize, "output directory path is too long" );
		return false;
	}
	return ttMakeDirectories( result->outDir, error, errorSize );
}

bool ttRunScene( const ttScene* scene, const ttRunOptions* options, ttRunResult* result, char* error, int errorSize )
{
	memset( result, 0, sizeof( *result ) );
	double seconds = options->seconds >= 0 ? options->seconds : (double)scene->seconds;
	double timeStep = (double)scene->timeStep;
	// The step count is an int: refuse a duration that does not fit rather than let it wrap.
	double stepCount = round( seconds / timeStep );
	if ( ( stepCount >= 0 && stepCount <= (double)INT_MAX ) == false )
	{
		snprintf( error, (size_t)errorSize,
		          "%s: %g s at a time step of %g s is %.4g steps, more than the %d a run can take", scene->name,
		          seconds, timeStep, stepCount, INT_MAX );
		return false;
	}
	int steps = (int)stepCount;
	ttRecorder recorder;
	if ( ttPreparePaths( scene, options, result, error, errorSize ) == false ||
	     ttRecorder_Open( &recorder, scene, result->csvPath, error, errorSize ) == false )
	{
		return false;
	}

	double start = ttNowSeconds();
	double stepSeconds = 0;
	ttRunTiming sums = { 0 };
	ttRecorder_Record( &recorder, 0 );
	bool ok = true;
	int step = 0;
	for ( ; step < steps && ok; ++step )
	{
		double before = ttNowSeconds();
		ttResult stepResult = ttWorld_Step( scene->worldId, scene->timeStep );
		stepSeconds += ttNowSeconds() - before;
		if ( stepResult != ttResult_ok )
		{
			snprintf( error, (size_t)errorSize, "%s: ttWorld_Step failed at step %d: %s", scene->name, step,
			          ttResultName( stepResult ) );
			ok = false;
			break;
		}
		ttStepStats stats = ttWorld_GetStepStats( scene->worldId );
		ttRunTiming_AddStep( &sums, &stats );
		ttRecorder_Record( &recorder, ( step + 1 ) * timeStep );
	}

	result->timing = sums;
	result->timing.steps = step;
	result->timing.simulatedSeconds = step * timeStep;
	result->timing.stepSeconds = stepSeconds;
	result->timing.wallSeconds = ttNowSeconds() - start;
	result->initialEnergy = recorder.first[ttMetric_totalEnergy];
	result->finalEnergy = recorder.values[ttMetric_totalEnergy];
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		result->brokenJoints += recorder.brokenAt[i] >= 0;
	}
	ok = ttRecorder_WriteSummary( &recorder, &result->timing, result->summaryPath, ok ? error : NULL,
	                              ok ? errorSize : 0 ) &&
	     ok;
	ttRecorder_Close( &recorder );
	return ok;
}

bool ttLongRangeSwitches_Parse( ttLongRangeSwitches* switches, const char* text )
{
	const char* equals = strchr( text, '=' );
	if ( equals == NULL )
	{
		return false;
	}
	size_t length = (size_t)( equals - text );
	bool on = strcmp( equals + 1, "on" ) == 0;
	if ( on == false && strcmp( equals + 1, "off" ) != 0 )
	{
		return false;
	}
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		const char* name = ttLongRangeFeatureName( (ttLongRangeFeature)i );
		if ( strlen( name ) == length && strncmp( name, text, length ) == 0 )
		{
			switches->set[i] = true;
			switches->on[i] = on;
			return true;
		}
	}
	return false;
}

bool ttLongRangeSwitches_Apply( const ttLongRangeSwitches* switches, ttWorldId worldId )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( switches->set[i] &&
		     ttWorld_EnableLongRange( worldId, (ttLongRangeFeature)i, switches->on[i] ) != ttResult_ok )
		{
			fprintf( stderr, "tether: --long-range %s=%s was rejected by the world\n",
			         ttLongRangeFeatureName( (ttLongRangeFeature)i ), switches->on[i] ? "on" : "off" );
			return false;
		}
	}
	return true;
}
