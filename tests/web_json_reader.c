// SPDX-License-Identifier: MIT
// The browser build's JSON reader (web/json/json_reader.c), which stands in for cJSON under the
// scene loader there, tested natively (and so under the sanitizers) against what RFC 8259 and
// cJSON's behaviour say: values, escapes, the number grammar, where an error is reported, the
// nesting limit of 1000, and every scene file in scenes/ parsing.
#include "cjson/cJSON.h"
#include "test_macros.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static cJSON* Parse( const char* text )
{
	const char* end = NULL;
	return cJSON_ParseWithOpts( text, &end, 1 );
}

// Parsing fails and the error is reported at character `at`.
static void EnsureFailsAt( const char* text, long at )
{
	const char* end = NULL;
	cJSON* root = cJSON_ParseWithOpts( text, &end, 1 );
	if ( root != NULL || end == NULL || end - text != at )
	{
		fprintf( stderr, "FAIL: '%s' should fail at %ld; result %p, at %ld\n", text, at, (void*)root,
		         end != NULL ? (long)( end - text ) : -1L );
		tt_test_failures += 1;
	}
	cJSON_Delete( root );
}

static void EnsureFails( const char* text )
{
	cJSON* root = Parse( text );
	if ( root != NULL )
	{
		fprintf( stderr, "FAIL: '%s' should not parse\n", text );
		tt_test_failures += 1;
	}
	cJSON_Delete( root );
}

static double Number( const char* text )
{
	cJSON* root = Parse( text );
	double value = cJSON_IsNumber( root ) ? root->valuedouble : NAN;
	cJSON_Delete( root );
	return value;
}

static void Values( void )
{
	const char* text = "{ \"a\": 1.5, \"b\": [1, 2, 3], \"c\": \"x\\\"y\\n\\u00e9\\ud83d\\ude00\\/\", \"d\": true,\n"
	                   "  \"e\": false, \"f\": null, \"a\": 2, \"g\": {} , \"h\": [] }";
	cJSON* root = Parse( text );
	ENSURE( cJSON_IsObject( root ) );
	ENSURE( cJSON_GetArraySize( root ) == 9 ); // the duplicate "a" is kept, for the loader to report
	const cJSON* a = cJSON_GetObjectItemCaseSensitive( root, "a" );
	ENSURE( cJSON_IsNumber( a ) && a->valuedouble == 1.5 && a->valueint == 1 );
	ENSURE( cJSON_GetObjectItemCaseSensitive( root, "A" ) == NULL );
	const cJSON* b = cJSON_GetObjectItemCaseSensitive( root, "b" );
	ENSURE( cJSON_IsArray( b ) && cJSON_GetArraySize( b ) == 3 );
	ENSURE( cJSON_GetArrayItem( b, 2 ) != NULL && cJSON_GetArrayItem( b, 2 )->valuedouble == 3 );
	ENSURE( cJSON_GetArrayItem( b, 3 ) == NULL && cJSON_GetArrayItem( b, -1 ) == NULL );
	double sum = 0;
	const cJSON* element;
	cJSON_ArrayForEach( element, b )
	{
		sum += element->valuedouble;
	}
	ENSURE( sum == 6 );
	const cJSON* c = cJSON_GetObjectItemCaseSensitive( root, "c" );
	// é is C3 A9 in UTF-8; U+1F600 (the surrogate pair D83D DE00) is F0 9F 98 80.
	ENSURE( cJSON_IsString( c ) && strcmp( c->valuestring, "x\"y\n\xc3\xa9\xf0\x9f\x98\x80/" ) == 0 );
	ENSURE( cJSON_IsTrue( cJSON_GetObjectItemCaseSensitive( root, "d" ) ) );
	ENSURE( cJSON_IsBool( cJSON_GetObjectItemCaseSensitive( root, "d" ) ) );
	ENSURE( cJSON_IsFalse( cJSON_GetObjectItemCaseSensitive( root, "e" ) ) );
	ENSURE( cJSON_IsBool( cJSON_GetObjectItemCaseSensitive( root, "e" ) ) );
	ENSURE( cJSON_IsNull( cJSON_GetObjectItemCaseSensitive( root, "f" ) ) );
	ENSURE( cJSON_IsObject( cJSON_GetObjectItemCaseSensitive( root, "g" ) ) );
	ENSURE( cJSON_GetArraySize( cJSON_GetObjectItemCaseSensitive( root, "h" ) ) == 0 );
	// Members keep their order; the last is "h", and prev links back.
	const cJSON* last = cJSON_GetArrayItem( root, 8 );
	ENSURE( last != NULL && strcmp( last->string, "h" ) == 0 && strcmp( last->prev->string, "g" ) == 0 );
	ENSURE( cJSON_IsNumber( NULL ) == 0 && cJSON_GetObjectItemCaseSensitive( NULL, "a" ) == NULL );
	cJSON_Delete( root );
}

static void Numbers( void )
{
	ENSURE( Number( "-0.5e2" ) == -50 );
	ENSURE( Number( "0" ) == 0 );
	ENSURE( Number( "12.25E-1" ) == 1.225 );
	ENSURE( Number( " 7 " ) == 7 );
	ENSURE( isinf( Number( "1e999" ) ) ); // as cJSON (strtod); the loader rejects it with a message
	cJSON* big = Parse( "1e20" );
	ENSURE( big != NULL && big->valueint == 2147483647 );
	cJSON_Delete( big );
	const char* bad[] = { "01", "1.", "+1", ".5", "1e", "1e+", "-", "0x10", "Infinity", "NaN", "- 1" };
	for ( size_t i = 0; i < sizeof( bad ) / sizeof( bad[0] ); ++i )
	{
		EnsureFails( bad[i] );
	}
}

static void Errors( void )
{
	EnsureFailsAt( "{\"a\": 1,}", 8 ); // the trailing comma's closing brace
	EnsureFailsAt( "[1 2]", 3 );
	EnsureFailsAt( "{\"a\" 1}", 5 );
	EnsureFailsAt( "[1] x", 4 ); // only whitespace may follow the value
	EnsureFailsAt( "", 0 );
	EnsureFails( "   " );
	EnsureFails( "[1, // comment\n 2]" );
	EnsureFails( "{a: 1}" );
	EnsureFails( "\"tab\there\"" ); // control characters must be escaped
	EnsureFails( "\"\\u0000\"" );   // would cut the string short
	EnsureFails( "\"\\ud800\"" );   // a lone high surrogate
	EnsureFails( "\"\\udc00\"" );   // a lone low surrogate
	EnsureFails( "\"\\x41\"" );     // no such escape
	EnsureFails( "\"\\u12\"" );     // too few hex digits
	EnsureFails( "\"unterminated" );
	EnsureFails( "[true, fals]" );
	ENSURE( cJSON_ParseWithOpts( NULL, NULL, 1 ) == NULL );
	cJSON* bom = Parse( "\xEF\xBB\xBF[1]" ); // a UTF-8 byte order mark is skipped, as in cJSON
	ENSURE( cJSON_GetArraySize( bom ) == 1 );
	cJSON_Delete( bom );

	// Without the terminator rule the value ends where it ends.
	const char* end = NULL;
	const char* text = "[1] x";
	cJSON* root = cJSON_ParseWithOpts( text, &end, 0 );
	ENSURE( root != NULL && end == text + 3 );
	cJSON_Delete( root );
}

static void Nesting( void )
{
	// 1000 nested arrays parse, 1001 do not (cJSON's CJSON_NESTING_LIMIT).
	for ( int depth = 1000; depth <= 1001; ++depth )
	{
		char* text = malloc( (size_t)( 2 * depth + 1 ) );
		memset( text, '[', (size_t)depth );
		memset( text + depth, ']', (size_t)depth );
		text[2 * depth] = 0;
		cJSON* root = Parse( text );
		ENSURE( ( root != NULL ) == ( depth <= CJSON_NESTING_LIMIT ) );
		cJSON_Delete( root );
		free( text );
	}
}

static char* ReadFile( const char* path )
{
	FILE* file = fopen( path, "rb" );
	if ( file == NULL )
	{
		return NULL;
	}
	fseek( file, 0, SEEK_END );
	long size = ftell( file );
	fseek( file, 0, SEEK_SET );
	char* text = size >= 0 ? malloc( (size_t)size + 1 ) : NULL;
	if ( text != NULL )
	{
		size_t got = fread( text, 1, (size_t)size, file );
		text[got] = 0;
	}
	fclose( file );
	return text;
}

static void SceneFiles( void )
{
	DIR* dir = opendir( "scenes" );
	ENSURE( dir != NULL );
	int count = 0;
	for ( struct dirent* entry = dir != NULL ? readdir( dir ) : NULL; entry != NULL; entry = readdir( dir ) )
	{
		size_t length = strlen( entry->d_name );
		if ( length < 5 || strcmp( entry->d_name + length - 5, ".json" ) != 0 )
		{
			continue;
		}
		char path[512];
		snprintf( path, sizeof( path ), "scenes/%s", entry->d_name );
		char* text = ReadFile( path );
		cJSON* root = text != NULL ? Parse( text ) : NULL;
		const cJSON* bodies = cJSON_GetObjectItemCaseSensitive( root, "bodies" );
		if ( cJSON_IsArray( bodies ) == 0 || cJSON_GetArraySize( bodies ) < 1 )
		{
			fprintf( stderr, "FAIL: %s: no bodies array read\n", path );
			tt_test_failures += 1;
		}
		cJSON_Delete( root );
		free( text );
		count += 1;
	}
	if ( dir != NULL )
	{
		closedir( dir );
	}
	printf( "%d scene files read\n", count );
	ENSURE( count >= 10 );
}

int main( void )
{
	Values();
	Numbers();
	Errors();
	Nesting();
	SceneFiles();
	printf( "%s\n", tt_test_failures == 0 ? "web JSON reader: all checks passed" : "web JSON reader: FAILED" );
	return TEST_RESULT();
}
