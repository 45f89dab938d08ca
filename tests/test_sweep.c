// SPDX-License-Identifier: MIT
// `tether sweep` (tools/sweep_*.c, docs/batch.md), run in this process through ttSweepMain:
// - a projectile swept over gravity x substeps x 2 seeds: every run's final position is the
//   symplectic-Euler value of its own gravity and substep, written in this test; seed 1 moves the
//   ball by at most the jitter, by the same displacement in every run (it depends on seed and body
//   only); the table is the same whether the runs were done in this process or in workers;
// - bad command lines: the exit code, and no output folder afterwards (nothing half-written).
// The MPI table (mpirun -n 2 tether-mpi) is compared with the single-process one by ctest
// (tools/CMakeLists.txt, sweep_mpi_table).
#define _POSIX_C_SOURCE 200809L // mkdtemp

#include "sweep.h"
#include "test_macros.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SCENE "tests/data/sweep_projectile.json"
#define MAX_FIELDS 64
#define MAX_ROWS 16

static int runSweep( const char* const* args, int count )
{
	char* argv[32];
	argv[0] = "sweep";
	for ( int i = 0; i < count; ++i )
	{
		argv[i + 1] = (char*)args[i];
	}
	argv[count + 1] = NULL;
	return ttSweepMain( count + 1, argv, NULL );
}

static char* readText( const char* path )
{
	char error[256];
	return ttScene_ReadFile( path, error, (int)sizeof( error ) );
}

// Split a CSV line in place (fields may be quoted, with "" for a quote); returns the field count.
static int splitCsv( char* line, char** fields )
{
	int count = 0;
	char* read = line;
	while ( count < MAX_FIELDS )
	{
		char* write = read;
		fields[count++] = write;
		bool quoted = *read == '"';
		read += quoted;
		while ( *read != 0 && ( quoted || *read != ',' ) )
		{
			if ( quoted && read[0] == '"' )
			{
				if ( read[1] != '"' )
				{
					quoted = false;
					read += 1;
					continue;
				}
				read += 1;
			}
			*write++ = *read++;
		}
		bool more = *read == ',';
		*write = 0;
		if ( more == false )
		{
			break;
		}
		read += 1;
	}
	return count;
}

typedef struct Table
{
	char* text;
	int rowCount, columnCount;
	char* header[MAX_FIELDS];
	char* rows[MAX_ROWS][MAX_FIELDS];
} Table;

static bool readTable( const char* path, Table* table )
{
	memset( table, 0, sizeof( *table ) );
	table->text = readText( path );
	if ( table->text == NULL )
	{
		return false;
	}
	char* line = strtok( table->text, "\n" );
	table->columnCount = line != NULL ? splitCsv( line, table->header ) : 0;
	while ( ( line = strtok( NULL, "\n" ) ) != NULL && table->rowCount < MAX_ROWS )
	{
		int count = splitCsv( line, table->rows[table->rowCount] );
		ENSURE( count == table->columnCount );
		table->rowCount += 1;
	}
	return true;
}

static const char* field( const Table* table, int row, const char* column )
{
	for ( int c = 0; c < table->columnCount; ++c )
	{
		if ( strcmp( table->header[c], column ) == 0 )
		{
			return table->rows[row][c];
		}
	}
	fprintf( stderr, "FAIL: no column %s\n", column );
	tt_test_failures += 1;
	return "nan";
}

static double number( const Table* table, int row, const char* column )
{
	return strtod( field( table, row, column ), NULL );
}

static bool exists( const char* path )
{
	struct stat info;
	return stat( path, &info ) == 0;
}

static void checkProjectileTable( const char* path )
{
	Table table;
	ENSURE( readTable( path, &table ) );
	// 2 gravities x 2 substep counts x 2 seeds, the first --param slowest, seeds fastest.
	ENSURE( table.rowCount == 8 );
	const char* gravities[] = { "[0,-9.81,0]", "[0,-1.62,0]" };
	const double g[] = { 9.81, 1.62 };
	const int substeps[] = { 10, 40 };
	const double t = 1.0, h = 1.0 / 60;
	// Round-off as in test_analytic_projectile: 10 N eps S for N substeps at a scale S = 10 m, and
	// no less than the table's 10 significant digits of numbers up to 10 m.
	const double eps = TT_REAL_IS_FLOAT ? (double)FLT_EPSILON : DBL_EPSILON;
	const double jitter = 1e-5; // the default --jitter
	double seedDisplacement[3] = { 0, 0, 0 };
	bool moved = false; // seed 1 moved the ball (in float, a component may round away)
	for ( int row = 0; row < table.rowCount && row < 8; ++row )
	{
		int gi = row / 4, si = ( row / 2 ) % 2, seed = row % 2;
		char name[16];
		snprintf( name, sizeof( name ), "run-%04d", row );
		ENSURE( strcmp( field( &table, row, "run" ), name ) == 0 );
		ENSURE( strcmp( field( &table, row, "gravity" ), gravities[gi] ) == 0 );
		ENSURE( atoi( field( &table, row, "substeps" ) ) == substeps[si] );
		ENSURE( atoi( field( &table, row, "seed" ) ) == seed );
		ENSURE( strcmp( field( &table, row, "status" ), "ok" ) == 0 );
		ENSURE( atoi( field( &table, row, "steps" ) ) == 60 );
		double substep = h / substeps[si];
		double tolerance = fmax( 10 * ( 60.0 * substeps[si] ) * eps * 10, 1e-8 );
		double expected[3] = { 3 * t, 1 + 8 * t - 0.5 * g[gi] * t * t - 0.5 * g[gi] * substep * t, 1 * t };
		const char* columns[3] = { "ball.final.x", "ball.final.y", "ball.final.z" };
		for ( int k = 0; k < 3; ++k )
		{
			double value = number( &table, row, columns[k] );
			if ( seed == 0 )
			{
				ENSURE_NEAR( value, expected[k], tolerance );
				continue;
			}
			// Nothing to hit: the seed's initial displacement is carried unchanged to the end.
			double displacement = value - number( &table, row - 1, columns[k] );
			ENSURE_NEAR( displacement, 0, jitter + tolerance );
			if ( row == 1 )
			{
				seedDisplacement[k] = displacement;
				moved = moved || fabs( displacement ) > 0;
			}
			else
			{
				ENSURE_NEAR( displacement, seedDisplacement[k], 2 * tolerance );
			}
		}
	}
	ENSURE( moved );
	free( table.text );
}

static void checkBadInput( const char* dir )
{
	char out[512];
	snprintf( out, sizeof( out ), "%s/bad", dir );
	struct
	{
		const char* args[8];
		int count;
		int code;
	} cases[] = {
	    { { SCENE, "--param", "substepz=1,2", "--out", out }, 5, 2 },                        // unknown key
	    { { SCENE, "--param", "substeps=", "--out", out }, 5, 2 },                           // empty value list
	    { { SCENE, "--param", "substeps=1,,2", "--out", out }, 5, 2 },                       // empty value
	    { { SCENE, "--param", "substeps=10,1x", "--out", out }, 5, 2 },                      // bad number
	    { { SCENE, "--param", "gravity=[0,-9.81,0],[0,-1", "--out", out }, 5, 2 },           // unbalanced
	    { { SCENE, "--param", "jointSolver=xpbd,nope", "--out", out }, 5, 2 },               // bad name
	    { { SCENE, "--param", "friction=0.5,-1", "--out", out }, 5, 2 },                     // out of range
	    { { SCENE, "--param", "substeps=1", "--param", "substeps=2", "--out", out }, 7, 2 }, // twice
	    { { SCENE, "--seeds", "0", "--out", out }, 5, 2 },
	    { { SCENE, "--jobs", "many", "--out", out }, 5, 2 },
	    { { SCENE, "--seconds", "4e7", "--out", out }, 5, 1 }, // steps overflow
	    { { "tests/data/no_such_scene.json", "--out", out }, 3, 1 },
	    { { "--out", out }, 2, 2 }, // no scene
	};
	for ( int i = 0; i < (int)( sizeof( cases ) / sizeof( cases[0] ) ); ++i )
	{
		int code = runSweep( cases[i].args, cases[i].count );
		printf( "bad input %d (%s %s): exit %d\n", i, cases[i].args[1], cases[i].args[2], code );
		ENSURE( code == cases[i].code );
		ENSURE( exists( out ) == false );
	}
	// An output folder that cannot be made (its parent is a file): exit 1, nothing written.
	char blocked[600];
	snprintf( blocked, sizeof( blocked ), "%s/table.csv/out", dir );
	const char* args[] = { SCENE, "--seconds", "0.1", "--out", blocked };
	ENSURE( runSweep( args, 5 ) == 1 );
	ENSURE( exists( blocked ) == false );
}

int main( void )
{
	char dir[] = "/tmp/tether_test_sweep_XXXXXX";
	if ( mkdtemp( dir ) == NULL )
	{
		perror( "mkdtemp" );
		return 1;
	}
	char serial[256], workers[256], serialTable[300], workersTable[300];
	snprintf( serial, sizeof( serial ), "%s/serial", dir );
	snprintf( workers, sizeof( workers ), "%s/workers", dir );
	const char* args[] = { SCENE,
	                       "--param",
	                       "gravity=[0,-9.81,0],[0,-1.62,0]",
	                       "--param",
	                       "substeps=10,40",
	                       "--seeds",
	                       "2",
	                       "--out",
	                       serial,
	                       "--jobs",
	                       "1" };
	ENSURE( runSweep( args, 11 ) == 0 );
	args[8] = workers;
	args[10] = "3";
	ENSURE( runSweep( args, 11 ) == 0 );
	snprintf( serialTable, sizeof( serialTable ), "%s/sweep.csv", serial );
	snprintf( workersTable, sizeof( workersTable ), "%s/sweep.csv", workers );
	checkProjectileTable( serialTable );

	// Worker processes write the same table byte for byte.
	char* a = readText( serialTable );
	char* b = readText( workersTable );
	ENSURE( a != NULL && b != NULL && strcmp( a, b ) == 0 );
	free( a );
	free( b );
	// One metrics folder per run.
	char runFolder[300];
	snprintf( runFolder, sizeof( runFolder ), "%s/run-0007/metrics.csv", serial );
	ENSURE( exists( runFolder ) );

	// A file where the bad-input case needs a parent that is not a directory.
	char file[300];
	snprintf( file, sizeof( file ), "%s/table.csv", dir );
	FILE* f = fopen( file, "w" );
	ENSURE( f != NULL );
	if ( f != NULL )
	{
		fclose( f );
	}
	checkBadInput( dir );

	if ( tt_test_failures == 0 )
	{
		char command[400];
		snprintf( command, sizeof( command ), "rm -rf '%s'", dir );
		ENSURE( system( command ) == 0 );
	}
	printf( "%s: %d failure(s)\n", __FILE__, tt_test_failures );
	return tt_test_failures;
}
