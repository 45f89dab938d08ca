// SPDX-License-Identifier: MIT
// Replays fuzz inputs without libFuzzer (any compiler): each argument is a file or a directory
// of files, fed in name order to LLVMFuzzerTestOneInput. A harness that finds a broken invariant
// aborts, so the ctest fails on the input that broke it (its name is printed first).
#define _POSIX_C_SOURCE 200809L // scandir, stat

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size );

static int ReplayFile( const char* path )
{
	FILE* file = fopen( path, "rb" );
	if ( file == NULL )
	{
		fprintf( stderr, "replay: cannot open %s\n", path );
		return 1;
	}
	size_t capacity = 1 << 12, size = 0;
	uint8_t* data = malloc( capacity );
	while ( data != NULL )
	{
		size += fread( data + size, 1, capacity - size, file );
		if ( size < capacity )
		{
			break;
		}
		uint8_t* larger = realloc( data, 2 * capacity );
		if ( larger == NULL )
		{
			free( data );
		}
		data = larger;
		capacity *= 2;
	}
	fclose( file );
	if ( data == NULL )
	{
		fprintf( stderr, "replay: out of memory reading %s\n", path );
		return 1;
	}
	printf( "replay %s (%zu bytes)\n", path, size );
	fflush( stdout );
	LLVMFuzzerTestOneInput( data, size );
	free( data );
	return 0;
}

static int SkipDots( const struct dirent* entry )
{
	return entry->d_name[0] != '.';
}

int main( int argc, char** argv )
{
	int failures = 0, inputs = 0;
	for ( int i = 1; i < argc; ++i )
	{
		struct stat info;
		if ( stat( argv[i], &info ) != 0 )
		{
			fprintf( stderr, "replay: no such file or directory: %s\n", argv[i] );
			failures += 1;
			continue;
		}
		if ( S_ISDIR( info.st_mode ) == false )
		{
			failures += ReplayFile( argv[i] );
			inputs += 1;
			continue;
		}
		struct dirent** entries = NULL;
		int count = scandir( argv[i], &entries, SkipDots, alphasort );
		for ( int k = 0; k < count; ++k )
		{
			char path[4096];
			snprintf( path, sizeof( path ), "%s/%s", argv[i], entries[k]->d_name );
			failures += ReplayFile( path );
			inputs += 1;
			free( entries[k] );
		}
		free( entries );
	}
	printf( "replayed %d inputs, %d unreadable\n", inputs, failures );
	return failures == 0 && inputs > 0 ? 0 : 1;
}
