// SPDX-License-Identifier: MIT
// The plan of `tether sweep`: its command line, the parameter values, the scene text of each run.
// Every value is checked by loading the scene with it before anything runs or is written.
#include "sweep.h"

#include <cjson/cJSON.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Keys of shapes that a sweep sets on every shape of every body (the material of the scene).
static const char* const ttSweepShapeKeys[] = { "friction", "dynamicFriction", "restitution", NULL };

// The largest number of runs one sweep takes: run folders are numbered and the table is in memory.
#define TT_SWEEP_MAX_RUNS 1000000

#if defined( __GNUC__ )
__attribute__( ( format( printf, 1, 2 ) ) )
#endif
static int
ttSweepUsage( const char* format, ... )
{
	fprintf( stderr, "tether: sweep: " );
	va_list args;
	va_start( args, format );
	vfprintf( stderr, format, args );
	va_end( args );
	fprintf( stderr, "\nTry 'tether help'.\n" );
	return 2;
}

static bool ttInList( const char* const* list, const char* name, size_t length )
{
	for ( int i = 0; list[i] != NULL; ++i )
	{
		if ( strlen( list[i] ) == length && strncmp( list[i], name, length ) == 0 )
		{
			return true;
		}
	}
	return false;
}

// The key without an optional "world." prefix; whether it names a world key (its first
// dot-separated part, e.g. longRange.attachments) or a shape key.
static bool ttSweepCheckKey( ttSweepParam* param, const char* key )
{
	if ( strncmp( key, "world.", 6 ) == 0 )
	{
		key += 6;
	}
	size_t length = strlen( key );
	if ( length == 0 || length >= TT_SWEEP_KEY_SIZE )
	{
		return false;
	}
	snprintf( param->key, sizeof( param->key ), "%s", key );
	param->shapeKey = ttInList( ttSweepShapeKeys, key, length );
	if ( param->shapeKey )
	{
		return true;
	}
	const char* dot = strchr( key, '.' );
	size_t first = dot != NULL ? (size_t)( dot - key ) : length;
	// A dotted key reaches into an object of the world (longRange, longRangeBounds): no empty parts.
	if ( dot != NULL && ( dot[1] == 0 || strstr( key, ".." ) != NULL || key[length - 1] == '.' ) )
	{
		return false;
	}
	return ttInList( ttScene_WorldKeys(), key, first );
}

static int ttSweepUnknownKey( const char* key )
{
	char list[1024] = { 0 };
	const char* const* keys = ttScene_WorldKeys();
	for ( int i = 0; keys[i] != NULL; ++i )
	{
		strncat( list, keys[i], sizeof( list ) - strlen( list ) - 1 );
		strncat( list, ", ", sizeof( list ) - strlen( list ) - 1 );
	}
	return ttSweepUsage( "--param: unknown key '%s': a key of the scene's world (%s"
	                     "or a world object's key such as longRange.attachments) or a shape key set on every shape "
	                     "(friction, dynamicFriction, restitution)",
	                     key, list );
}

// Split "v1,v2,..." at the commas outside brackets, braces and double quotes, so that a vector
// ([0,-9.81,0]) is one value.
static int ttSweepSplitValues( ttSweepParam* param, const char* text, const char* whole )
{
	size_t length = strlen( text );
	param->values = calloc( length + 1, sizeof( char* ) );
	if ( param->values == NULL )
	{
		return ttSweepUsage( "out of memory" );
	}
	// A row of the table is one line: a value with a control character (a newline) would split it.
	for ( size_t i = 0; i < length; ++i )
	{
		if ( (unsigned char)text[i] < 0x20 || text[i] == 0x7f )
		{
			return ttSweepUsage( "--param %s: values cannot hold control characters", param->key );
		}
	}
	int depth = 0;
	bool quoted = false;
	size_t start = 0;
	for ( size_t i = 0; i <= length; ++i )
	{
		char c = text[i];
		if ( quoted )
		{
			quoted = !( c == '"' && text[i - 1] != '\\' );
			if ( c != 0 )
			{
				continue;
			}
		}
		if ( c == '"' )
		{
			quoted = true;
		}
		depth += ( c == '[' || c == '{' ) - ( c == ']' || c == '}' );
		if ( c != 0 && ( c != ',' || depth > 0 ) )
		{
			continue;
		}
		if ( i == start )
		{
			return ttSweepUsage( "--param %s: empty value (give key=v1,v2,... with no empty entries)", whole );
		}
		char* value = malloc( i - start + 1 );
		if ( value == NULL )
		{
			return ttSweepUsage( "out of memory" );
		}
		memcpy( value, text + start, i - start );
		value[i - start] = 0;
		param->values[param->valueCount++] = value;
		start = i + 1;
	}
	if ( depth != 0 || quoted )
	{
		return ttSweepUsage( "--param %s: unbalanced brackets or quotes", whole );
	}
	return 0;
}

static int ttSweepAddParam( ttSweepPlan* plan, const char* text )
{
	const char* equals = strchr( text, '=' );
	if ( equals == NULL )
	{
		return ttSweepUsage( "--param needs key=v1,v2,..., got '%s'", text );
	}
	if ( plan->paramCount == TT_SWEEP_MAX_PARAMS )
	{
		return ttSweepUsage( "at most %d --param options", TT_SWEEP_MAX_PARAMS );
	}
	char key[TT_SWEEP_KEY_SIZE + 8];
	size_t keyLength = (size_t)( equals - text );
	snprintf( key, sizeof( key ), "%.*s", keyLength < sizeof( key ) ? (int)keyLength : (int)sizeof( key ) - 1, text );
	ttSweepParam* param = plan->params + plan->paramCount;
	if ( keyLength >= sizeof( key ) || ttSweepCheckKey( param, key ) == false )
	{
		return ttSweepUnknownKey( key );
	}
	for ( int i = 0; i < plan->paramCount; ++i )
	{
		if ( strcmp( plan->params[i].key, param->key ) == 0 )
		{
			return ttSweepUsage( "--param %s is given twice (list all its values in one --param)", param->key );
		}
	}
	plan->paramCount += 1;
	if ( equals[1] == 0 )
	{
		return ttSweepUsage( "--param %s: empty value list (give key=v1,v2,...)", text );
	}
	return ttSweepSplitValues( param, equals + 1, text );
}

// The value of an option given as "--name value" or "--name=value"; advances *index.
static const char* ttSweepOption( int argc, char** argv, int* index, const char* name, bool* missing )
{
	const char* arg = argv[*index];
	size_t length = strlen( name );
	if ( strncmp( arg, name, length ) != 0 || ( arg[length] != 0 && arg[length] != '=' ) )
	{
		return NULL;
	}
	if ( arg[length] == '=' )
	{
		return arg + length + 1;
	}
	if ( *index + 1 < argc )
	{
		*index += 1;
		return argv[*index];
	}
	*missing = true;
	return NULL;
}

static bool ttSweepNumber( const char* text, double lower, double upper, double* value )
{
	char* end = NULL;
	*value = strtod( text, &end );
	return end != text && *end == 0 && isfinite( *value ) && *value >= lower && *value <= upper;
}

static bool ttSweepCount( const char* text, int upper, int* value )
{
	double number;
	bool ok = ttSweepNumber( text, 1, upper, &number ) && number == floor( number );
	*value = ok ? (int)number : 0;
	return ok;
}

// One option at argv[*index]; returns 0 or a usage error.
static int ttSweepParseOption( ttSweepPlan* plan, int argc, char** argv, int* index )
{
	static const char* const names[] = { "--param", "--seeds", "--jitter", "--seconds", "--out", "--jobs" };
	static const char* const expected[] = { "",
	                                        "a whole number from 1 to 100000",
	                                        "a length in metres from 0 to 1",
	                                        "a number of seconds >= 0",
	                                        "a directory",
	                                        "a whole number from 1 to 1024" };
	for ( int k = 0; k < 6; ++k )
	{
		bool missing = false;
		const char* value = ttSweepOption( argc, argv, index, names[k], &missing );
		if ( missing )
		{
			return ttSweepUsage( "%s needs a value", names[k] );
		}
		if ( value == NULL )
		{
			continue;
		}
		bool ok = true;
		switch ( k )
		{
			case 0:
				return ttSweepAddParam( plan, value );
			case 1:
				ok = ttSweepCount( value, 100000, &plan->seedCount );
				break;
			case 2:
				ok = ttSweepNumber( value, 0, 1, &plan->jitter );
				break;
			case 3:
				ok = ttSweepNumber( value, 0, INFINITY, &plan->seconds );
				break;
			case 4:
				ok = value[0] != 0 && strlen( value ) + 16 < sizeof( plan->outDir );
				snprintf( plan->outDir, sizeof( plan->outDir ), "%s", value );
				break;
			default:
				ok = ttSweepCount( value, 1024, &plan->jobs );
				plan->jobsGiven = true;
				break;
		}
		return ok ? 0 : ttSweepUsage( "%s needs %s, got '%s'", names[k], expected[k], value );
	}
	return ttSweepUsage( "unknown option '%s'", argv[*index] );
}

static int ttSweepParseArguments( ttSweepPlan* plan, int argc, char** argv )
{
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		if ( strcmp( arg, "-h" ) == 0 || strcmp( arg, "--help" ) == 0 )
		{
			plan->help = true;
			return 0;
		}
		if ( arg[0] == '-' && arg[1] != 0 )
		{
			int code = ttSweepParseOption( plan, argc, argv, &i );
			if ( code != 0 )
			{
				return code;
			}
			continue;
		}
		if ( plan->scenePath != NULL )
		{
			return ttSweepUsage( "one scene at a time (got '%s' and '%s')", plan->scenePath, arg );
		}
		plan->scenePath = arg;
	}
	if ( plan->scenePath == NULL )
	{
		return ttSweepUsage( "needs a SCENE (a JSON scene file)" );
	}
	double runs = plan->seedCount;
	for ( int i = 0; i < plan->paramCount; ++i )
	{
		runs *= plan->params[i].valueCount;
	}
	if ( runs > TT_SWEEP_MAX_RUNS )
	{
		return ttSweepUsage( "%.0f runs: more than the %d one sweep takes", runs, TT_SWEEP_MAX_RUNS );
	}
	plan->runCount = (int)runs;
	return 0;
}

void ttSweepPlan_Values( const ttSweepPlan* plan, int run, int* valueIndex, int* seed )
{
	*seed = run % plan->seedCount;
	run /= plan->seedCount;
	for ( int i = plan->paramCount - 1; i >= 0; --i )
	{
		valueIndex[i] = run % plan->params[i].valueCount;
		run /= plan->params[i].valueCount;
	}
}

void ttSweepPlan_RunName( const ttSweepPlan* plan, int run, char* name, int size )
{
	int width = 4;
	for ( int last = plan->runCount - 1; last >= 10000; last /= 10 )
	{
		width += 1;
	}
	snprintf( name, (size_t)size, "run-%0*d", width, run );
}

// A value as JSON: itself when it is JSON (a number, true, [0,-9.81,0], "text"), else a string
// (si, softStep), so that names need no quotes on a command line.
static cJSON* ttSweepJsonValue( const char* text )
{
	const char* end = NULL;
	cJSON* value = cJSON_ParseWithOpts( text, &end, true );
	return value != NULL ? value : cJSON_CreateString( text );
}

// Set object.key (key may be dotted: objects on the way are created) to a copy of value.
static bool ttSweepSet( cJSON* object, const char* key, const char* text )
{
	char part[TT_SWEEP_KEY_SIZE];
	const char* dot = strchr( key, '.' );
	while ( dot != NULL )
	{
		snprintf( part, sizeof( part ), "%.*s", (int)( dot - key ), key );
		cJSON* inner = cJSON_GetObjectItemCaseSensitive( object, part );
		if ( inner == NULL )
		{
			inner = cJSON_AddObjectToObject( object, part );
		}
		if ( cJSON_IsObject( inner ) == false )
		{
			return true; // the loader names the field that is not an object
		}
		object = inner;
		key = dot + 1;
		dot = strchr( key, '.' );
	}
	cJSON* value = ttSweepJsonValue( text );
	if ( value == NULL )
	{
		return false;
	}
	if ( cJSON_GetObjectItemCaseSensitive( object, key ) != NULL )
	{
		return cJSON_ReplaceItemInObjectCaseSensitive( object, key, value );
	}
	return cJSON_AddItemToObject( object, key, value );
}

static bool ttSweepSetOnShapes( cJSON* root, const char* key, const char* text )
{
	const cJSON* bodies = cJSON_GetObjectItemCaseSensitive( root, "bodies" );
	bool ok = true;
	for ( const cJSON* body = cJSON_IsArray( bodies ) ? bodies->child : NULL; body != NULL; body = body->next )
	{
		const cJSON* shapes = cJSON_GetObjectItemCaseSensitive( body, "shapes" );
		for ( cJSON* shape = cJSON_IsArray( shapes ) ? shapes->child : NULL; shape != NULL; shape = shape->next )
		{
			ok = ( cJSON_IsObject( shape ) == false || ttSweepSet( shape, key, text ) ) && ok;
		}
	}
	return ok;
}

char* ttSweepPlan_RunText( const ttSweepPlan* plan, const int* valueIndex, char* error, int errorSize )
{
	cJSON* root = cJSON_Parse( plan->sceneText );
	if ( cJSON_IsObject( root ) == false )
	{
		// Not a scene object: the loader reports what is wrong with the file as it is.
		cJSON_Delete( root );
		size_t length = strlen( plan->sceneText );
		char* copy = malloc( length + 1 );
		return copy != NULL ? memcpy( copy, plan->sceneText, length + 1 ) : NULL;
	}
	cJSON* world = cJSON_GetObjectItemCaseSensitive( root, "world" );
	if ( world == NULL )
	{
		world = cJSON_AddObjectToObject( root, "world" );
	}
	bool ok = true;
	for ( int i = 0; i < plan->paramCount && ok; ++i )
	{
		const ttSweepParam* param = plan->params + i;
		const char* value = param->values[valueIndex[i]];
		ok = param->shapeKey ? ttSweepSetOnShapes( root, param->key, value )
		                     : cJSON_IsObject( world ) == false || ttSweepSet( world, param->key, value );
		// "solver" is the older name of "jointSolver", which wins when both are given: the swept
		// one must be the only one.
		bool jointSolver = strcmp( param->key, "jointSolver" ) == 0;
		if ( ( jointSolver || strcmp( param->key, "solver" ) == 0 ) && cJSON_IsObject( world ) )
		{
			cJSON_DeleteItemFromObjectCaseSensitive( world, jointSolver ? "solver" : "jointSolver" );
		}
	}
	char* text = ok ? cJSON_PrintUnformatted( root ) : NULL;
	cJSON_Delete( root );
	if ( text == NULL )
	{
		snprintf( error, (size_t)errorSize, "out of memory for the scene text" );
	}
	return text;
}

// The run's step count is an int (ttRunScene refuses more): a duration that overflows it is bad
// input, caught before anything runs.
static bool ttSweepCheckDuration( const ttSweepPlan* plan, const ttScene* scene, char* error, int errorSize )
{
	double seconds = plan->seconds >= 0 ? plan->seconds : (double)scene->seconds;
	double steps = round( seconds / (double)scene->timeStep );
	if ( steps <= (double)INT_MAX )
	{
		return true;
	}
	snprintf( error, (size_t)errorSize, "%g s at a time step of %g s is %.4g steps, more than the %d a run can take",
	          seconds, (double)scene->timeStep, steps, INT_MAX );
	return false;
}

// Load the scene once per value of each param (the others at their first value): a value the
// loader refuses stops the sweep before it starts, with the loader's message.
static int ttSweepCheckValues( const ttSweepPlan* plan )
{
	int valueIndex[TT_SWEEP_MAX_PARAMS] = { 0 };
	for ( int i = 0; i < plan->paramCount || ( i == 0 && plan->paramCount == 0 ); ++i )
	{
		int count = plan->paramCount > 0 ? plan->params[i].valueCount : 1;
		for ( int v = 0; v < count; ++v )
		{
			if ( plan->paramCount > 0 )
			{
				valueIndex[i] = v;
			}
			char error[1024];
			char* text = ttSweepPlan_RunText( plan, valueIndex, error, (int)sizeof( error ) );
			ttScene scene;
			bool ok = text != NULL && ttScene_LoadString( text, plan->scenePath, &scene, error, (int)sizeof( error ) );
			free( text );
			if ( ok && ttSweepCheckDuration( plan, &scene, error, (int)sizeof( error ) ) == false )
			{
				ttScene_Destroy( &scene );
				ok = false;
			}
			if ( ok == false )
			{
				if ( plan->paramCount == 0 )
				{
					fprintf( stderr, "tether: %s\n", error );
					return 1;
				}
				return ttSweepUsage( "--param %s=%s: %s", plan->params[i].key, plan->params[i].values[v], error );
			}
			ttScene_Destroy( &scene );
		}
		valueIndex[i] = 0;
	}
	return 0;
}

// The table's probe columns: each probe's final value, <name>.final or <name>.final.x/y/z.
static bool ttSweepProbeHeader( ttSweepPlan* plan, const ttScene* scene )
{
	size_t size = 1;
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		size += 3 * ( strlen( scene->probes[i].name ) + 16 );
	}
	plan->probeHeader = calloc( size, 1 );
	if ( plan->probeHeader == NULL )
	{
		return false;
	}
	size_t length = 0;
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		const char* name = scene->probes[i].name;
		int count = ttProbe_ColumnCount( scene->probes + i );
		for ( int k = 0; k < count; ++k )
		{
			const char* axis = count == 1 ? "" : k == 0 ? ".x" : k == 1 ? ".y" : ".z";
			length += (size_t)snprintf( plan->probeHeader + length, size - length, ",%s.final%s", name, axis );
		}
		plan->probeValueCount += count;
	}
	return true;
}

int ttSweepPlan_Parse( ttSweepPlan* plan, int argc, char** argv )
{
	memset( plan, 0, sizeof( *plan ) );
	plan->seedCount = 1;
	plan->jitter = 1e-5;
	plan->seconds = -1;
	long cores = sysconf( _SC_NPROCESSORS_ONLN );
	plan->jobs = cores >= 1 ? ( cores < 1024 ? (int)cores : 1024 ) : 1;
	int code = ttSweepParseArguments( plan, argc, argv );
	if ( code != 0 || plan->help )
	{
		return code;
	}
	char error[1024];
	plan->sceneText = ttScene_ReadFile( plan->scenePath, error, (int)sizeof( error ) );
	ttScene scene;
	if ( plan->sceneText == NULL ||
	     ttScene_LoadString( plan->sceneText, plan->scenePath, &scene, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "tether: %s\n", error );
		return 1;
	}
	if ( plan->outDir[0] == 0 )
	{
		// out/<name>-sweep: the name has at most TT_SCENE_NAME_SIZE characters, so it fits.
		char name[TT_SCENE_NAME_SIZE + 8];
		ttDefaultOutDir( scene.name, name, (int)sizeof( name ) );
		snprintf( plan->outDir, sizeof( plan->outDir ), "%s-sweep", name );
	}
	bool ok = ttSweepProbeHeader( plan, &scene );
	ttScene_Destroy( &scene );
	if ( ok == false )
	{
		fprintf( stderr, "tether: sweep: out of memory\n" );
		return 1;
	}
	return ttSweepCheckValues( plan );
}

void ttSweepPlan_Destroy( ttSweepPlan* plan )
{
	for ( int i = 0; i < plan->paramCount; ++i )
	{
		for ( int v = 0; v < plan->params[i].valueCount; ++v )
		{
			free( plan->params[i].values[v] );
		}
		free( plan->params[i].values );
	}
	free( plan->sceneText );
	free( plan->probeHeader );
	memset( plan, 0, sizeof( *plan ) );
}
