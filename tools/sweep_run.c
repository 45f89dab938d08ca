// SPDX-License-Identifier: MIT
// The runs of `tether sweep` and its table. A run writes its metrics folder like `tether run`; its
// row of the table is read back from the folder's summary.json, so that the table is the same
// whether the runs were done here, by worker processes or by MPI ranks on other machines.
#define _POSIX_C_SOURCE 200809L // fork, waitpid

#include "sweep.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// splitmix64: a counter-based generator, so a body's displacement depends only on (seed, body,
// axis) and not on which process ran the run or in what order.
static uint64_t ttSweepMix( uint64_t x )
{
	x += 0x9e3779b97f4a7c15ull;
	x = ( x ^ ( x >> 30 ) ) * 0xbf58476d1ce4e5b9ull;
	x = ( x ^ ( x >> 27 ) ) * 0x94d049bb133111ebull;
	return x ^ ( x >> 31 );
}

// A number in [-1, 1) from the top 53 bits: exact in a double, the same on every machine.
static double ttSweepUniform( int seed, int body, int axis )
{
	uint64_t key = ( (uint64_t)(uint32_t)seed << 32 ) ^ ( (uint64_t)(uint32_t)body << 2 ) ^ (uint64_t)axis;
	uint64_t bits = ttSweepMix( ttSweepMix( key ) );
	return 2.0 * (double)( bits >> 11 ) * 0x1.0p-53 - 1.0;
}

bool ttSweep_Perturb( const ttScene* scene, int seed, double jitter )
{
	if ( seed == 0 || jitter == 0 )
	{
		return true;
	}
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		ttBodyId body = scene->bodies[i];
		if ( ttBody_GetType( body ) != ttBody_dynamic )
		{
			continue;
		}
		ttVec3 p = ttBody_GetPosition( body );
		p.x += (ttReal)( jitter * ttSweepUniform( seed, i, 0 ) );
		p.y += (ttReal)( jitter * ttSweepUniform( seed, i, 1 ) );
		p.z += (ttReal)( jitter * ttSweepUniform( seed, i, 2 ) );
		if ( ttBody_SetTransform( body, p, ttBody_GetRotation( body ) ) != ttResult_ok )
		{
			return false;
		}
	}
	return true;
}

static void ttSweepRunDir( const ttSweepPlan* plan, int run, char* path, int size )
{
	char name[32];
	ttSweepPlan_RunName( plan, run, name, (int)sizeof( name ) );
	// --out is checked to leave room for the run's name.
	if ( snprintf( path, (size_t)size, "%s/%s", plan->outDir, name ) >= size )
	{
		path[0] = 0;
	}
}

// One run, in this process: the scene with the run's values and seed, stepped by ttRunScene.
static bool ttSweepRunOne( const ttSweepPlan* plan, int run )
{
	int valueIndex[TT_SWEEP_MAX_PARAMS], seed;
	ttSweepPlan_Values( plan, run, valueIndex, &seed );
	char error[1024], dir[TT_PATH_SIZE];
	ttSweepRunDir( plan, run, dir, (int)sizeof( dir ) );
	// The row is read from summary.json: one left by an earlier sweep must not stand in for this run.
	char stale[TT_PATH_SIZE + 16];
	snprintf( stale, sizeof( stale ), "%s/summary.json", dir );
	remove( stale );
	char* text = ttSweepPlan_RunText( plan, valueIndex, error, (int)sizeof( error ) );
	ttScene scene;
	bool ok = text != NULL && ttScene_LoadString( text, plan->scenePath, &scene, error, (int)sizeof( error ) );
	free( text );
	if ( ok )
	{
		ok = ttSweep_Perturb( &scene, seed, plan->jitter );
		if ( ok == false )
		{
			snprintf( error, sizeof( error ), "the world refused the seed's displacement" );
		}
		ttRunOptions options = { plan->seconds, dir };
		ttRunResult result;
		ok = ok && ttRunScene( &scene, &options, &result, error, (int)sizeof( error ) );
		ttScene_Destroy( &scene );
	}
	if ( ok == false )
	{
		fprintf( stderr, "tether: sweep: %s: %s\n", dir, error );
	}
	return ok;
}

// Run the runs of this process's share, `jobs` at a time in forked workers (one at a time in this
// process when jobs is 1, as under a debugger). ok[k] says whether runs[k] succeeded.
static void ttSweepRunShare( const ttSweepPlan* plan, const int* runs, int count, bool* ok )
{
	if ( plan->jobs <= 1 || count <= 1 )
	{
		for ( int k = 0; k < count; ++k )
		{
			ok[k] = ttSweepRunOne( plan, runs[k] );
		}
		return;
	}
	pid_t* workers = calloc( (size_t)plan->jobs, sizeof( pid_t ) );
	int* workerRun = calloc( (size_t)plan->jobs, sizeof( int ) );
	int next = 0, busy = 0;
	while ( workers != NULL && workerRun != NULL && ( next < count || busy > 0 ) )
	{
		for ( int w = 0; w < plan->jobs && next < count; ++w )
		{
			if ( workers[w] != 0 )
			{
				continue;
			}
			fflush( NULL ); // a worker must not print its parent's buffered output again
			pid_t pid = fork();
			if ( pid == 0 )
			{
				_exit( ttSweepRunOne( plan, runs[next] ) ? 0 : 1 );
			}
			if ( pid < 0 )
			{
				// No process to spare: this one does the run itself.
				ok[next] = ttSweepRunOne( plan, runs[next] );
				next += 1;
				continue;
			}
			workers[w] = pid;
			workerRun[w] = next++;
			busy += 1;
		}
		int status = 0;
		pid_t done = waitpid( -1, &status, 0 );
		if ( done < 0 && errno != EINTR )
		{
			break;
		}
		for ( int w = 0; w < plan->jobs; ++w )
		{
			if ( done > 0 && workers[w] == done )
			{
				ok[workerRun[w]] = WIFEXITED( status ) && WEXITSTATUS( status ) == 0;
				workers[w] = 0;
				busy -= 1;
			}
		}
	}
	if ( workers == NULL || workerRun == NULL )
	{
		for ( int k = 0; k < count; ++k )
		{
			ok[k] = ttSweepRunOne( plan, runs[k] );
		}
	}
	free( workers );
	free( workerRun );
}

// ---------------------------------------------------------------------------------------------
// The table

// The summary values of a row, as paths into summary.json.
static const char* const ttSweepColumns[][3] = {
    { "steps", "steps", NULL },
    { "simulatedSeconds", "simulatedSeconds", NULL },
    { "energyInitial", "energy", "initial" },
    { "energyFinal", "energy", "final" },
    { "energyMin", "energy", "min" },
    { "energyMax", "energy", "max" },
    { "maxJointPositionError", "joints", "maxPositionError" },
    { "maxJointAngleError", "joints", "maxAngleError" },
    { "brokenJoints", "joints", "broken" },
    { "maxContacts", "contacts", "max" },
    { "finalContacts", "contacts", "final" },
    { "finalAwakeBodies", "finalAwakeBodies", NULL },
};
#define TT_SWEEP_COLUMN_COUNT ( (int)( sizeof( ttSweepColumns ) / sizeof( ttSweepColumns[0] ) ) )

// A growing text.
typedef struct ttText
{
	char* data;
	size_t length, capacity;
	bool failed;
} ttText;

#if defined( __GNUC__ )
__attribute__( ( format( printf, 2, 3 ) ) )
#endif
static void
ttText_Add( ttText* text, const char* format, ... )
{
	for ( int attempt = 0; attempt < 2 && text->failed == false; ++attempt )
	{
		va_list args;
		va_start( args, format );
		size_t room = text->capacity - text->length;
		int n = vsnprintf( text->data != NULL ? text->data + text->length : NULL, room, format, args );
		va_end( args );
		if ( n < 0 )
		{
			text->failed = true;
			return;
		}
		if ( (size_t)n < room )
		{
			text->length += (size_t)n;
			return;
		}
		size_t capacity = 2 * text->capacity + (size_t)n + 256;
		char* larger = realloc( text->data, capacity );
		if ( larger == NULL )
		{
			text->failed = true;
			return;
		}
		text->data = larger;
		text->capacity = capacity;
	}
}

// A CSV field: quoted, with quotes doubled, when it holds a comma or a quote ([0,-9.81,0]).
static void ttText_AddField( ttText* text, const char* field )
{
	if ( strpbrk( field, ",\"" ) == NULL )
	{
		ttText_Add( text, ",%s", field );
		return;
	}
	ttText_Add( text, ",\"" );
	for ( const char* c = field; *c != 0; ++c )
	{
		if ( *c == '"' )
		{
			ttText_Add( text, "\"" );
		}
		ttText_Add( text, "%c", *c );
	}
	ttText_Add( text, "\"" );
}

static void ttText_AddNumber( ttText* text, const cJSON* item )
{
	// %.10g as in metrics.csv; a value summary.json holds as null (NaN) is an empty field.
	if ( cJSON_IsNumber( item ) )
	{
		ttText_Add( text, ",%.10g", item->valuedouble );
	}
	else
	{
		ttText_Add( text, "," );
	}
}

static cJSON* ttSweepReadSummary( const char* dir )
{
	char path[TT_PATH_SIZE + 16], error[256];
	snprintf( path, sizeof( path ), "%s/summary.json", dir );
	if ( access( path, R_OK ) != 0 )
	{
		return NULL;
	}
	char* text = ttScene_ReadFile( path, error, (int)sizeof( error ) );
	cJSON* root = text != NULL ? cJSON_Parse( text ) : NULL;
	free( text );
	return root;
}

// The probe values of a row: each probe's final value, in the order of summary.json.
static void ttSweepAddProbes( const ttSweepPlan* plan, ttText* row, const cJSON* summary )
{
	const cJSON* probes = cJSON_GetObjectItemCaseSensitive( summary, "probes" );
	int written = 0;
	for ( const cJSON* probe = probes != NULL ? probes->child : NULL; probe != NULL; probe = probe->next )
	{
		const cJSON* final = cJSON_GetObjectItemCaseSensitive( probe, "final" );
		if ( cJSON_IsArray( final ) )
		{
			for ( const cJSON* item = final->child; item != NULL && written < plan->probeValueCount;
			      item = item->next, ++written )
			{
				ttText_AddNumber( row, item );
			}
		}
		else if ( written < plan->probeValueCount )
		{
			ttText_AddNumber( row, final );
			written += 1;
		}
	}
	for ( ; written < plan->probeValueCount; ++written )
	{
		ttText_Add( row, "," );
	}
}

// One line of the table (with its newline): the run, its values, seed, status and summary.
static void ttSweepAddRow( const ttSweepPlan* plan, int run, bool ok, ttText* rows )
{
	char dir[TT_PATH_SIZE], name[32];
	ttSweepRunDir( plan, run, dir, (int)sizeof( dir ) );
	ttSweepPlan_RunName( plan, run, name, (int)sizeof( name ) );
	int valueIndex[TT_SWEEP_MAX_PARAMS], seed;
	ttSweepPlan_Values( plan, run, valueIndex, &seed );
	ttText_Add( rows, "%s", name );
	for ( int i = 0; i < plan->paramCount; ++i )
	{
		ttText_AddField( rows, plan->params[i].values[valueIndex[i]] );
	}
	cJSON* summary = ttSweepReadSummary( dir );
	ttText_Add( rows, ",%d,%s", seed, ok && summary != NULL ? "ok" : "failed" );
	for ( int c = 0; c < TT_SWEEP_COLUMN_COUNT; ++c )
	{
		const cJSON* item = cJSON_GetObjectItemCaseSensitive( summary, ttSweepColumns[c][1] );
		if ( ttSweepColumns[c][2] != NULL )
		{
			item = cJSON_GetObjectItemCaseSensitive( item, ttSweepColumns[c][2] );
		}
		ttText_AddNumber( rows, item );
	}
	ttSweepAddProbes( plan, rows, summary );
	ttText_Add( rows, "\n" );
	cJSON_Delete( summary );
}

static void ttSweepAddHeader( const ttSweepPlan* plan, ttText* table )
{
	ttText_Add( table, "run" );
	for ( int i = 0; i < plan->paramCount; ++i )
	{
		ttText_AddField( table, plan->params[i].key );
	}
	ttText_Add( table, ",seed,status" );
	for ( int c = 0; c < TT_SWEEP_COLUMN_COUNT; ++c )
	{
		ttText_Add( table, ",%s", ttSweepColumns[c][0] );
	}
	ttText_Add( table, "%s\n", plan->probeHeader );
}

// Write the table to a temporary file and rename it into place: a reader never sees half a table.
static bool ttSweepWriteTable( const ttSweepPlan* plan, const ttText* table, char* path, int size )
{
	char temporary[TT_PATH_SIZE + 32];
	snprintf( path, (size_t)size, "%s/sweep.csv", plan->outDir );
	snprintf( temporary, sizeof( temporary ), "%s.partial", path );
	FILE* file = fopen( temporary, "w" );
	bool ok = file != NULL && fwrite( table->data, 1, table->length, file ) == table->length;
	ok = file != NULL && fclose( file ) == 0 && ok;
	ok = ok && rename( temporary, path ) == 0;
	if ( ok == false )
	{
		fprintf( stderr, "tether: sweep: %s: cannot write the table: %s\n", path, strerror( errno ) );
		remove( temporary );
	}
	return ok;
}

// Rank 0's table from every rank's rows: rank r ran runs r, r + size, ... and sent their lines in
// that order, one after another in rank order.
static bool ttSweepOrderRows( const ttSweepPlan* plan, int size, char* all, ttText* table )
{
	char** lines = calloc( (size_t)plan->runCount + 1, sizeof( char* ) );
	if ( lines == NULL )
	{
		return false;
	}
	char* cursor = all;
	for ( int r = 0; r < size; ++r )
	{
		for ( int run = r; run < plan->runCount; run += size )
		{
			char* end = cursor != NULL ? strchr( cursor, '\n' ) : NULL;
			if ( end == NULL )
			{
				free( lines );
				return false;
			}
			*end = 0;
			lines[run] = cursor;
			cursor = end + 1;
		}
	}
	for ( int run = 0; run < plan->runCount; ++run )
	{
		ttText_Add( table, "%s\n", lines[run] );
	}
	free( lines );
	return true;
}

static int ttSweepExecute( const ttSweepPlan* plan, const ttSweepComm* comm )
{
	char error[1024];
	bool made = ttMakeDirectories( plan->outDir, error, (int)sizeof( error ) );
	if ( made == false )
	{
		fprintf( stderr, "tether: sweep: %s\n", error );
	}
	else if ( access( plan->outDir, W_OK | X_OK ) != 0 )
	{
		fprintf( stderr, "tether: sweep: %s: cannot write in the directory: %s\n", plan->outDir, strerror( errno ) );
		made = false;
	}
	if ( ( comm->size > 1 ? comm->allTrue( made ) : made ) == false )
	{
		return 1;
	}
	// Deterministic shares: rank r takes runs r, r + size, r + 2 size, ...
	int count = 0;
	int* runs = calloc( (size_t)plan->runCount / (size_t)comm->size + 1, sizeof( int ) );
	bool* ok = calloc( (size_t)plan->runCount / (size_t)comm->size + 1, sizeof( bool ) );
	for ( int run = comm->rank; runs != NULL && ok != NULL && run < plan->runCount; run += comm->size )
	{
		runs[count++] = run;
	}
	ttSweepRunShare( plan, runs, count, ok );
	ttText rows = { 0 };
	bool allOk = runs != NULL && ok != NULL;
	for ( int k = 0; k < count; ++k )
	{
		ttSweepAddRow( plan, runs[k], ok[k], &rows );
		allOk = allOk && ok[k];
	}
	free( runs );
	free( ok );
	ttText_Add( &rows, "%s", "" ); // an empty share still sends a (NUL-terminated) text
	char* all = comm->size > 1 ? comm->gather( rows.failed ? "" : rows.data ) : rows.data;
	bool written = true;
	if ( comm->rank == 0 )
	{
		ttText table = { 0 };
		ttSweepAddHeader( plan, &table );
		written = ttSweepOrderRows( plan, comm->size, all, &table ) && table.failed == false;
		if ( written == false )
		{
			fprintf( stderr, "tether: sweep: out of memory for the table (or a rank sent too few rows)\n" );
		}
		char path[TT_PATH_SIZE + 16];
		written = written && ttSweepWriteTable( plan, &table, path, (int)sizeof( path ) );
		if ( written )
		{
			printf( "tether: sweep: %d run(s) of %s on %d rank(s) x %d process(es): table %s\n", plan->runCount,
			        plan->scenePath, comm->size, plan->jobs, path );
		}
		free( table.data );
	}
	if ( all != rows.data )
	{
		free( all );
	}
	free( rows.data );
	allOk = allOk && rows.failed == false && written;
	return ( comm->size > 1 ? comm->allTrue( allOk ) : allOk ) ? 0 : 1;
}

int ttSweepMain( int argc, char** argv, const ttSweepComm* comm )
{
	ttSweepComm local = { 0, 1, 1, NULL, NULL };
	comm = comm != NULL ? comm : &local;
	ttSweepPlan plan;
	int code = ttSweepPlan_Parse( &plan, argc, argv );
	// Every rank parses the same line, but a scene file may be missing on one machine only.
	if ( comm->size > 1 && comm->allTrue( code == 0 ) == false && code == 0 )
	{
		fprintf( stderr, "tether: sweep: rank %d: another rank could not start the sweep\n", comm->rank );
		code = 1;
	}
	if ( plan.jobsGiven == false && comm->localSize > 1 )
	{
		plan.jobs = plan.jobs / comm->localSize > 1 ? plan.jobs / comm->localSize : 1;
	}
	if ( code == 0 && plan.help == false )
	{
		code = ttSweepExecute( &plan, comm );
	}
	ttSweepPlan_Destroy( &plan );
	return code;
}
