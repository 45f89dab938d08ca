// SPDX-License-Identifier: MIT
// OBJ and STL readers (see mesh_file.h). Both fill growable vertex and index arrays; OBJ faces
// with more than three corners become fans around their first corner. The library welds equal
// vertices itself, so STL's per-triangle corners are passed on as they are.
#include "mesh_file.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Files larger than this are refused (a scene's static geometry, not a data set).
#define TT_MESH_FILE_MAX_BYTES ( (size_t)1 << 30 )
#define TT_MESH_FILE_MAX_TRIANGLES ( 1 << 26 )

typedef struct ttMeshBuilder
{
	ttMeshFile* mesh;
	int vertexCapacity, indexCapacity;
	const char* name;
	char* error;
	int errorSize;
} ttMeshBuilder;

static bool ttFail( ttMeshBuilder* b, int line, const char* format, ... )
#if defined( __GNUC__ )
    __attribute__( ( format( printf, 3, 4 ) ) )
#endif
    ;

static bool ttFail( ttMeshBuilder* b, int line, const char* format, ... )
{
	if ( b->error == NULL || b->errorSize <= 0 )
	{
		return false;
	}
	int n = line > 0 ? snprintf( b->error, (size_t)b->errorSize, "%s:%d: ", b->name, line )
	                 : snprintf( b->error, (size_t)b->errorSize, "%s: ", b->name );
	if ( n >= 0 && n < b->errorSize )
	{
		va_list args;
		va_start( args, format );
		vsnprintf( b->error + n, (size_t)( b->errorSize - n ), format, args );
		va_end( args );
	}
	return false;
}

static bool ttAddVertex( ttMeshBuilder* b, ttVec3 v )
{
	ttMeshFile* m = b->mesh;
	if ( m->vertexCount == b->vertexCapacity )
	{
		int capacity = b->vertexCapacity < 256 ? 256 : 2 * b->vertexCapacity;
		ttVec3* vertices = realloc( m->vertices, sizeof( ttVec3 ) * (size_t)capacity );
		if ( vertices == NULL )
		{
			return false;
		}
		m->vertices = vertices;
		b->vertexCapacity = capacity;
	}
	m->vertices[m->vertexCount++] = v;
	return true;
}

static bool ttAddTriangle( ttMeshBuilder* b, int i0, int i1, int i2 )
{
	ttMeshFile* m = b->mesh;
	if ( m->triangleCount >= TT_MESH_FILE_MAX_TRIANGLES )
	{
		return false;
	}
	if ( 3 * m->triangleCount + 3 > b->indexCapacity )
	{
		int capacity = b->indexCapacity < 768 ? 768 : 2 * b->indexCapacity;
		int* indices = realloc( m->indices, sizeof( int ) * (size_t)capacity );
		if ( indices == NULL )
		{
			return false;
		}
		m->indices = indices;
		b->indexCapacity = capacity;
	}
	int* t = m->indices + 3 * m->triangleCount++;
	t[0] = i0;
	t[1] = i1;
	t[2] = i2;
	return true;
}

void ttMeshFile_Free( ttMeshFile* mesh )
{
	free( mesh->vertices );
	free( mesh->indices );
	*mesh = ( ttMeshFile ){ 0 };
}

// A finite number at *cursor (which advances past it); false when there is none.
static bool ttReadNumber( const char** cursor, const char* end, double* value )
{
	const char* p = *cursor;
	while ( p < end && ( *p == ' ' || *p == '\t' ) )
	{
		++p;
	}
	if ( p == end || *p == '\n' || *p == '\r' )
	{
		return false;
	}
	// strtod needs a terminated string: copy the token.
	char token[64];
	int length = 0;
	while ( p < end && isspace( (unsigned char)*p ) == 0 )
	{
		if ( length == (int)sizeof( token ) - 1 )
		{
			return false;
		}
		token[length++] = *p++;
	}
	token[length] = '\0';
	char* stop;
	errno = 0;
	*value = strtod( token, &stop );
	*cursor = p;
	return *stop == '\0' && errno == 0 && isfinite( *value );
}

// ---------------------------------------------------------------------------------------------
// OBJ

// Statements that carry nothing for a collision mesh.
static const char* const ttObjIgnored[] = { "vt", "vn", "vp", "o", "g", "s", "usemtl", "mtllib", "l", "p", NULL };

// One face corner "i", "i/t", "i//n" or "i/t/n": the vertex index, resolved (1-based, or negative
// counting back from the last vertex read so far).
static bool ttObjCorner( ttMeshBuilder* b, int line, const char* token, int* index )
{
	char* stop;
	errno = 0;
	long value = strtol( token, &stop, 10 );
	if ( stop == token || ( *stop != '\0' && *stop != '/' ) || errno != 0 )
	{
		return ttFail( b, line, "face corner '%s' is not an index (i, i/t, i//n or i/t/n)", token );
	}
	// The texture and normal parts must be indices too (or empty), but they are not used.
	for ( const char* p = stop; *p != '\0'; ++p )
	{
		if ( *p != '/' && *p != '-' && isdigit( (unsigned char)*p ) == 0 )
		{
			return ttFail( b, line, "face corner '%s' is not an index (i, i/t, i//n or i/t/n)", token );
		}
	}
	long count = b->mesh->vertexCount;
	long resolved = value > 0 ? value - 1 : count + value;
	if ( value == 0 || resolved < 0 || resolved >= count )
	{
		return ttFail( b, line, "face corner %ld refers to no vertex (%ld vertices so far)", value, count );
	}
	*index = (int)resolved;
	return true;
}

static bool ttObjFace( ttMeshBuilder* b, int line, const char* p, const char* end )
{
	int first = -1, previous = -1, corners = 0;
	while ( true )
	{
		while ( p < end && ( *p == ' ' || *p == '\t' ) )
		{
			++p;
		}
		if ( p == end || *p == '\n' || *p == '\r' || *p == '#' )
		{
			break;
		}
		char token[64];
		int length = 0;
		while ( p < end && isspace( (unsigned char)*p ) == 0 )
		{
			if ( length == (int)sizeof( token ) - 1 )
			{
				return ttFail( b, line, "face corner too long" );
			}
			token[length++] = *p++;
		}
		token[length] = '\0';
		int index = -1;
		if ( ttObjCorner( b, line, token, &index ) == false )
		{
			return false;
		}
		corners += 1;
		if ( corners == 1 )
		{
			first = index;
		}
		else if ( corners >= 3 && ttAddTriangle( b, first, previous, index ) == false )
		{
			return ttFail( b, line, "out of memory or more than %d triangles", TT_MESH_FILE_MAX_TRIANGLES );
		}
		previous = index;
	}
	if ( corners < 3 )
	{
		return ttFail( b, line, "a face needs at least 3 corners, got %d", corners );
	}
	return true;
}

bool ttMeshFile_ParseObj( const char* text, size_t size, const char* name, ttMeshFile* mesh, char* error,
                          int errorSize )
{
	*mesh = ( ttMeshFile ){ 0 };
	ttMeshBuilder b = { mesh, 0, 0, name, error, errorSize };
	const char* p = text;
	const char* end = text + size;
	int line = 0;
	while ( p < end )
	{
		line += 1;
		const char* lineEnd = memchr( p, '\n', (size_t)( end - p ) );
		lineEnd = lineEnd != NULL ? lineEnd : end;
		const char* q = p;
		while ( q < lineEnd && ( *q == ' ' || *q == '\t' || *q == '\r' ) )
		{
			++q;
		}
		char keyword[16];
		int length = 0;
		while ( q < lineEnd && isspace( (unsigned char)*q ) == 0 && length < (int)sizeof( keyword ) - 1 )
		{
			keyword[length++] = *q++;
		}
		keyword[length] = '\0';
		bool ok = true;
		if ( length == 0 || keyword[0] == '#' )
		{
			// blank line or comment
		}
		else if ( strcmp( keyword, "v" ) == 0 )
		{
			double x, y, z, w;
			if ( ttReadNumber( &q, lineEnd, &x ) == false || ttReadNumber( &q, lineEnd, &y ) == false ||
			     ttReadNumber( &q, lineEnd, &z ) == false )
			{
				ok = ttFail( &b, line, "a vertex needs three finite numbers: v x y z" );
			}
			else
			{
				// An optional w (rational curves) is allowed and ignored; anything else is not.
				const char* rest = q;
				if ( ttReadNumber( &rest, lineEnd, &w ) )
				{
					q = rest;
				}
				while ( q < lineEnd && isspace( (unsigned char)*q ) )
				{
					++q;
				}
				if ( q < lineEnd && *q != '#' )
				{
					ok = ttFail( &b, line, "unexpected text after the vertex coordinates" );
				}
				else if ( ttAddVertex( &b, ( ttVec3 ){ (ttReal)x, (ttReal)y, (ttReal)z } ) == false )
				{
					ok = ttFail( &b, line, "out of memory" );
				}
			}
		}
		else if ( strcmp( keyword, "f" ) == 0 )
		{
			ok = ttObjFace( &b, line, q, lineEnd );
		}
		else
		{
			bool known = false;
			for ( int i = 0; ttObjIgnored[i] != NULL; ++i )
			{
				known = known || strcmp( keyword, ttObjIgnored[i] ) == 0;
			}
			if ( known == false )
			{
				ok = ttFail( &b, line,
				             "unknown statement '%s' (a mesh file has v and f; vt, vn, o, g, s, usemtl, "
				             "mtllib, l and p are skipped)",
				             keyword );
			}
		}
		if ( ok == false )
		{
			ttMeshFile_Free( mesh );
			return false;
		}
		p = lineEnd < end ? lineEnd + 1 : end;
	}
	if ( mesh->triangleCount == 0 )
	{
		ttFail( &b, 0, "no faces" );
		ttMeshFile_Free( mesh );
		return false;
	}
	return true;
}

// ---------------------------------------------------------------------------------------------
// STL

static uint32_t ttReadU32( const unsigned char* p )
{
	return (uint32_t)p[0] | ( (uint32_t)p[1] << 8 ) | ( (uint32_t)p[2] << 16 ) | ( (uint32_t)p[3] << 24 );
}

static float ttReadF32( const unsigned char* p )
{
	uint32_t bits = ttReadU32( p );
	float value;
	memcpy( &value, &bits, sizeof( value ) );
	return value;
}

static bool ttParseBinaryStl( ttMeshBuilder* b, const unsigned char* data, uint32_t count )
{
	for ( uint32_t t = 0; t < count; ++t )
	{
		const unsigned char* record = data + 84 + 50 * (size_t)t;
		int first = b->mesh->vertexCount;
		for ( int k = 0; k < 3; ++k )
		{
			const unsigned char* v = record + 12 + 12 * k;
			float x = ttReadF32( v ), y = ttReadF32( v + 4 ), z = ttReadF32( v + 8 );
			if ( isfinite( x ) == 0 || isfinite( y ) == 0 || isfinite( z ) == 0 )
			{
				return ttFail( b, 0, "triangle %u: vertex %d is not finite", (unsigned)t + 1, k + 1 );
			}
			if ( ttAddVertex( b, ( ttVec3 ){ (ttReal)x, (ttReal)y, (ttReal)z } ) == false )
			{
				return ttFail( b, 0, "out of memory" );
			}
		}
		if ( ttAddTriangle( b, first, first + 1, first + 2 ) == false )
		{
			return ttFail( b, 0, "out of memory or more than %d triangles", TT_MESH_FILE_MAX_TRIANGLES );
		}
	}
	return true;
}

// The next whitespace-separated word of ASCII STL, with its line number.
typedef struct ttStlScanner
{
	const char* p;
	const char* end;
	int line;
	char word[64];
	int wordLine;
} ttStlScanner;

static bool ttStlNext( ttStlScanner* s )
{
	while ( s->p < s->end && isspace( (unsigned char)*s->p ) )
	{
		s->line += *s->p == '\n';
		s->p += 1;
	}
	if ( s->p == s->end )
	{
		s->word[0] = '\0';
		s->wordLine = s->line;
		return false;
	}
	int length = 0;
	s->wordLine = s->line;
	while ( s->p < s->end && isspace( (unsigned char)*s->p ) == 0 )
	{
		if ( length < (int)sizeof( s->word ) - 1 )
		{
			s->word[length++] = *s->p;
		}
		s->p += 1;
	}
	s->word[length] = '\0';
	return true;
}

static bool ttStlExpect( ttMeshBuilder* b, ttStlScanner* s, const char* word )
{
	if ( ttStlNext( s ) == false || strcmp( s->word, word ) != 0 )
	{
		return ttFail( b, s->wordLine, "expected '%s', found '%s'", word,
		               s->word[0] != '\0' ? s->word : "end of file" );
	}
	return true;
}

static bool ttStlNumber( ttMeshBuilder* b, ttStlScanner* s, double* value )
{
	char* stop;
	if ( ttStlNext( s ) == false )
	{
		return ttFail( b, s->wordLine, "expected a number, found end of file" );
	}
	errno = 0;
	*value = strtod( s->word, &stop );
	if ( *stop != '\0' || errno != 0 || isfinite( *value ) == 0 )
	{
		return ttFail( b, s->wordLine, "expected a finite number, found '%s'", s->word );
	}
	return true;
}

static bool ttParseAsciiStl( ttMeshBuilder* b, const char* text, size_t size )
{
	ttStlScanner s = { text, text + size, 1, { 0 }, 1 };
	if ( ttStlExpect( b, &s, "solid" ) == false )
	{
		return false;
	}
	// The solid's name runs to the end of its line.
	while ( s.p < s.end && *s.p != '\n' )
	{
		s.p += 1;
	}
	while ( true )
	{
		if ( ttStlNext( &s ) == false )
		{
			return ttFail( b, s.wordLine, "expected 'facet' or 'endsolid', found end of file" );
		}
		if ( strcmp( s.word, "endsolid" ) == 0 )
		{
			break;
		}
		if ( strcmp( s.word, "facet" ) != 0 )
		{
			return ttFail( b, s.wordLine, "expected 'facet' or 'endsolid', found '%s'", s.word );
		}
		double n[3];
		if ( ttStlExpect( b, &s, "normal" ) == false || ttStlNumber( b, &s, n ) == false ||
		     ttStlNumber( b, &s, n + 1 ) == false || ttStlNumber( b, &s, n + 2 ) == false ||
		     ttStlExpect( b, &s, "outer" ) == false || ttStlExpect( b, &s, "loop" ) == false )
		{
			return false;
		}
		int first = b->mesh->vertexCount;
		for ( int k = 0; k < 3; ++k )
		{
			double x, y, z;
			if ( ttStlExpect( b, &s, "vertex" ) == false || ttStlNumber( b, &s, &x ) == false ||
			     ttStlNumber( b, &s, &y ) == false || ttStlNumber( b, &s, &z ) == false )
			{
				return false;
			}
			if ( ttAddVertex( b, ( ttVec3 ){ (ttReal)x, (ttReal)y, (ttReal)z } ) == false )
			{
				return ttFail( b, s.wordLine, "out of memory" );
			}
		}
		if ( ttStlExpect( b, &s, "endloop" ) == false || ttStlExpect( b, &s, "endfacet" ) == false )
		{
			return false;
		}
		if ( ttAddTriangle( b, first, first + 1, first + 2 ) == false )
		{
			return ttFail( b, s.wordLine, "out of memory or more than %d triangles", TT_MESH_FILE_MAX_TRIANGLES );
		}
	}
	return true;
}

bool ttMeshFile_ParseStl( const unsigned char* data, size_t size, const char* name, ttMeshFile* mesh, char* error,
                          int errorSize )
{
	*mesh = ( ttMeshFile ){ 0 };
	ttMeshBuilder b = { mesh, 0, 0, name, error, errorSize };
	bool ok;
	// Binary: an 80-byte header, a triangle count and 50 bytes per triangle. An ASCII file may also
	// start with "solid", so the size decides.
	if ( size >= 84 && size == 84 + 50 * (size_t)ttReadU32( data + 80 ) )
	{
		ok = ttParseBinaryStl( &b, data, ttReadU32( data + 80 ) );
	}
	else if ( size >= 5 && memcmp( data, "solid", 5 ) == 0 )
	{
		ok = ttParseAsciiStl( &b, (const char*)data, size );
	}
	else
	{
		ok = ttFail( &b, 0, "neither binary STL (size 84 + 50 * triangles) nor ASCII STL (starting with 'solid')" );
	}
	if ( ok && mesh->triangleCount == 0 )
	{
		ok = ttFail( &b, 0, "no triangles" );
	}
	if ( ok == false )
	{
		ttMeshFile_Free( mesh );
	}
	return ok;
}

static bool ttEndsWith( const char* path, const char* suffix )
{
	size_t n = strlen( path ), m = strlen( suffix );
	if ( n < m )
	{
		return false;
	}
	for ( size_t i = 0; i < m; ++i )
	{
		if ( tolower( (unsigned char)path[n - m + i] ) != suffix[i] )
		{
			return false;
		}
	}
	return true;
}

bool ttMeshFile_Load( const char* path, ttMeshFile* mesh, char* error, int errorSize )
{
	*mesh = ( ttMeshFile ){ 0 };
	bool obj = ttEndsWith( path, ".obj" ), stl = ttEndsWith( path, ".stl" );
	if ( obj == false && stl == false )
	{
		snprintf( error, (size_t)errorSize, "%s: unknown mesh file type (expected .obj or .stl)", path );
		return false;
	}
	FILE* file = fopen( path, "rb" );
	if ( file == NULL )
	{
		snprintf( error, (size_t)errorSize, "%s: cannot read the mesh file: %s", path, strerror( errno ) );
		return false;
	}
	size_t capacity = 1 << 16, size = 0;
	unsigned char* data = malloc( capacity );
	while ( data != NULL )
	{
		size += fread( data + size, 1, capacity - size, file );
		if ( size < capacity || capacity >= TT_MESH_FILE_MAX_BYTES )
		{
			break;
		}
		unsigned char* grown = realloc( data, 2 * capacity );
		if ( grown == NULL )
		{
			free( data );
			data = NULL;
			break;
		}
		data = grown;
		capacity *= 2;
	}
	bool readError = ferror( file ) != 0;
	fclose( file );
	if ( data == NULL || readError || size >= TT_MESH_FILE_MAX_BYTES )
	{
		free( data );
		snprintf( error, (size_t)errorSize, "%s: cannot read the mesh file (read error, out of memory or over 1 GiB)",
		          path );
		return false;
	}
	bool ok = obj ? ttMeshFile_ParseObj( (const char*)data, size, path, mesh, error, errorSize )
	              : ttMeshFile_ParseStl( data, size, path, mesh, error, errorSize );
	free( data );
	return ok;
}
