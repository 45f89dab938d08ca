// SPDX-License-Identifier: MIT
// A small strict JSON reader behind the cJSON subset of cjson/cJSON.h (see there why the browser
// build has its own). RFC 8259 only: no comments, trailing commas, NaN or Infinity, like cJSON;
// stricter than cJSON on numbers, which hands any run of digits, signs, dots and exponents to
// strtod (so 01, +1 and 1. load natively and are refused here, as the RFC says).
#include "cjson/cJSON.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct ttJsonParser
{
	const char* at;
	int depth;
} ttJsonParser;

static cJSON* ttJson_ParseValue( ttJsonParser* parser );

static void ttJson_SkipSpace( ttJsonParser* parser )
{
	while ( *parser->at == ' ' || *parser->at == '\t' || *parser->at == '\n' || *parser->at == '\r' )
	{
		parser->at += 1;
	}
}

static cJSON* ttJson_NewItem( int type )
{
	cJSON* item = calloc( 1, sizeof( cJSON ) );
	if ( item != NULL )
	{
		item->type = type;
	}
	return item;
}

static bool ttJson_Literal( ttJsonParser* parser, const char* word )
{
	size_t length = strlen( word );
	if ( strncmp( parser->at, word, length ) != 0 )
	{
		return false;
	}
	parser->at += length;
	return true;
}

static int ttJson_HexDigit( char c )
{
	if ( c >= '0' && c <= '9' )
	{
		return c - '0';
	}
	if ( c >= 'a' && c <= 'f' )
	{
		return c - 'a' + 10;
	}
	if ( c >= 'A' && c <= 'F' )
	{
		return c - 'A' + 10;
	}
	return -1;
}

// Four hex digits of a \u escape; -1 when malformed.
static long ttJson_Hex4( const char* text )
{
	long value = 0;
	for ( int i = 0; i < 4; ++i )
	{
		int digit = ttJson_HexDigit( text[i] );
		if ( digit < 0 )
		{
			return -1;
		}
		value = value * 16 + digit;
	}
	return value;
}

static char* ttJson_PutUtf8( char* out, unsigned long code )
{
	if ( code < 0x80 )
	{
		*out++ = (char)code;
	}
	else if ( code < 0x800 )
	{
		*out++ = (char)( 0xC0 | ( code >> 6 ) );
		*out++ = (char)( 0x80 | ( code & 0x3F ) );
	}
	else if ( code < 0x10000 )
	{
		*out++ = (char)( 0xE0 | ( code >> 12 ) );
		*out++ = (char)( 0x80 | ( ( code >> 6 ) & 0x3F ) );
		*out++ = (char)( 0x80 | ( code & 0x3F ) );
	}
	else
	{
		*out++ = (char)( 0xF0 | ( code >> 18 ) );
		*out++ = (char)( 0x80 | ( ( code >> 12 ) & 0x3F ) );
		*out++ = (char)( 0x80 | ( ( code >> 6 ) & 0x3F ) );
		*out++ = (char)( 0x80 | ( code & 0x3F ) );
	}
	return out;
}

// A quoted string at parser->at; NULL on a syntax error with parser->at on the bad character.
// The decoded text is never longer than the quoted one, so one allocation of that size suffices.
static char* ttJson_ParseString( ttJsonParser* parser )
{
	const char* start = parser->at + 1;
	const char* end = start;
	while ( *end != '"' )
	{
		if ( *end == 0 || (unsigned char)*end < 0x20 )
		{
			parser->at = end;
			return NULL;
		}
		end += *end == '\\' && end[1] != 0 ? 2 : 1;
	}
	char* text = malloc( (size_t)( end - start ) + 1 );
	if ( text == NULL )
	{
		return NULL;
	}
	char* out = text;
	for ( const char* c = start; c < end; ++c )
	{
		if ( *c != '\\' )
		{
			*out++ = *c;
			continue;
		}
		c += 1;
		const char* simple = strchr( "\"\\/bfnrt", *c );
		if ( simple != NULL && *c != 0 )
		{
			*out++ = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
			continue;
		}
		long code = *c == 'u' && end - c > 4 ? ttJson_Hex4( c + 1 ) : -1;
		if ( code >= 0xD800 && code < 0xDC00 )
		{
			// A high surrogate must be followed by \u and a low one: together one code point.
			long low = end - c > 10 && c[5] == '\\' && c[6] == 'u' ? ttJson_Hex4( c + 7 ) : -1;
			code = low >= 0xDC00 && low < 0xE000 ? 0x10000 + ( ( code - 0xD800 ) << 10 ) + ( low - 0xDC00 ) : -1;
			c += code >= 0 ? 6 : 0;
		}
		else if ( code >= 0xDC00 && code < 0xE000 )
		{
			code = -1;
		}
		if ( code <= 0 )
		{
			// Malformed escapes and \u0000 (which would cut the string short) are refused.
			parser->at = c;
			free( text );
			return NULL;
		}
		out = ttJson_PutUtf8( out, (unsigned long)code );
		c += 4;
	}
	*out = 0;
	parser->at = end + 1;
	return text;
}

// RFC 8259's number grammar checked by hand (strtod alone takes hex, "inf" and leading '+').
static cJSON* ttJson_ParseNumber( ttJsonParser* parser )
{
	const char* c = parser->at;
	c += *c == '-';
	if ( *c == '0' )
	{
		c += 1;
	}
	else if ( *c >= '1' && *c <= '9' )
	{
		while ( *c >= '0' && *c <= '9' )
		{
			c += 1;
		}
	}
	else
	{
		parser->at = c;
		return NULL;
	}
	if ( *c == '.' )
	{
		c += 1;
		if ( *c < '0' || *c > '9' )
		{
			parser->at = c;
			return NULL;
		}
		while ( *c >= '0' && *c <= '9' )
		{
			c += 1;
		}
	}
	if ( *c == 'e' || *c == 'E' )
	{
		c += 1;
		c += *c == '+' || *c == '-';
		if ( *c < '0' || *c > '9' )
		{
			parser->at = c;
			return NULL;
		}
		while ( *c >= '0' && *c <= '9' )
		{
			c += 1;
		}
	}
	cJSON* item = ttJson_NewItem( cJSON_Number );
	if ( item == NULL )
	{
		return NULL;
	}
	item->valuedouble = strtod( parser->at, NULL );
	double v = item->valuedouble;
	item->valueint = v >= (double)INT_MAX ? INT_MAX : ( v <= (double)INT_MIN ? INT_MIN : (int)v );
	parser->at = c;
	return item;
}

static void ttJson_Append( cJSON* parent, cJSON** last, cJSON* item )
{
	if ( *last == NULL )
	{
		parent->child = item;
	}
	else
	{
		( *last )->next = item;
		item->prev = *last;
	}
	*last = item;
}

// An array or object at parser->at ('[' or '{'); members keep their order and duplicate keys
// (the loader reports duplicates itself).
static cJSON* ttJson_ParseContainer( ttJsonParser* parser, bool isObject )
{
	if ( parser->depth >= CJSON_NESTING_LIMIT )
	{
		return NULL;
	}
	cJSON* container = ttJson_NewItem( isObject ? cJSON_Object : cJSON_Array );
	if ( container == NULL )
	{
		return NULL;
	}
	parser->depth += 1;
	parser->at += 1;
	ttJson_SkipSpace( parser );
	char close = isObject ? '}' : ']';
	cJSON* last = NULL;
	bool ok = true;
	if ( *parser->at != close )
	{
		for ( ;; )
		{
			char* key = NULL;
			if ( isObject )
			{
				key = *parser->at == '"' ? ttJson_ParseString( parser ) : NULL;
				ttJson_SkipSpace( parser );
				if ( key == NULL || *parser->at != ':' )
				{
					free( key );
					ok = false;
					break;
				}
				parser->at += 1;
			}
			cJSON* value = ttJson_ParseValue( parser );
			if ( value == NULL )
			{
				free( key );
				ok = false;
				break;
			}
			value->string = key;
			ttJson_Append( container, &last, value );
			ttJson_SkipSpace( parser );
			if ( *parser->at != ',' )
			{
				break;
			}
			parser->at += 1;
			ttJson_SkipSpace( parser );
		}
	}
	parser->depth -= 1;
	if ( ok == false || *parser->at != close )
	{
		cJSON_Delete( container );
		return NULL;
	}
	parser->at += 1;
	return container;
}

static cJSON* ttJson_ParseValue( ttJsonParser* parser )
{
	ttJson_SkipSpace( parser );
	char c = *parser->at;
	if ( c == '{' || c == '[' )
	{
		return ttJson_ParseContainer( parser, c == '{' );
	}
	if ( c == '"' )
	{
		char* text = ttJson_ParseString( parser );
		cJSON* item = text != NULL ? ttJson_NewItem( cJSON_String ) : NULL;
		if ( item == NULL )
		{
			free( text );
			return NULL;
		}
		item->valuestring = text;
		return item;
	}
	if ( c == '-' || ( c >= '0' && c <= '9' ) )
	{
		return ttJson_ParseNumber( parser );
	}
	if ( ttJson_Literal( parser, "true" ) )
	{
		return ttJson_NewItem( cJSON_True );
	}
	if ( ttJson_Literal( parser, "false" ) )
	{
		return ttJson_NewItem( cJSON_False );
	}
	if ( ttJson_Literal( parser, "null" ) )
	{
		return ttJson_NewItem( cJSON_NULL );
	}
	return NULL;
}

cJSON* cJSON_ParseWithOpts( const char* value, const char** parseEnd, cJSON_bool requireNullTerminated )
{
	if ( value == NULL )
	{
		return NULL;
	}
	ttJsonParser parser = { value, 0 };
	// A UTF-8 byte order mark before the value is skipped, as cJSON does.
	if ( strncmp( value, "\xEF\xBB\xBF", 3 ) == 0 )
	{
		parser.at += 3;
	}
	cJSON* root = ttJson_ParseValue( &parser );
	if ( root != NULL && requireNullTerminated )
	{
		ttJson_SkipSpace( &parser );
		if ( *parser.at != 0 )
		{
			cJSON_Delete( root );
			root = NULL;
		}
	}
	if ( parseEnd != NULL )
	{
		*parseEnd = parser.at;
	}
	return root;
}

void cJSON_Delete( cJSON* item )
{
	while ( item != NULL )
	{
		cJSON* next = item->next;
		cJSON_Delete( item->child );
		free( item->valuestring );
		free( item->string );
		free( item );
		item = next;
	}
}

cJSON* cJSON_GetObjectItemCaseSensitive( const cJSON* object, const char* key )
{
	if ( cJSON_IsObject( object ) == false || key == NULL )
	{
		return NULL;
	}
	for ( cJSON* member = object->child; member != NULL; member = member->next )
	{
		if ( member->string != NULL && strcmp( member->string, key ) == 0 )
		{
			return member;
		}
	}
	return NULL;
}

int cJSON_GetArraySize( const cJSON* array )
{
	int count = 0;
	for ( const cJSON* element = array != NULL ? array->child : NULL; element != NULL; element = element->next )
	{
		count += 1;
	}
	return count;
}

cJSON* cJSON_GetArrayItem( const cJSON* array, int index )
{
	cJSON* element = array != NULL && index >= 0 ? array->child : NULL;
	while ( element != NULL && index-- > 0 )
	{
		element = element->next;
	}
	return element;
}

static cJSON_bool ttJson_Is( const cJSON* item, int types )
{
	return item != NULL && ( item->type & types ) != 0;
}

cJSON_bool cJSON_IsFalse( const cJSON* item )
{
	return ttJson_Is( item, cJSON_False );
}

cJSON_bool cJSON_IsTrue( const cJSON* item )
{
	return ttJson_Is( item, cJSON_True );
}

cJSON_bool cJSON_IsBool( const cJSON* item )
{
	return ttJson_Is( item, cJSON_True | cJSON_False );
}

cJSON_bool cJSON_IsNull( const cJSON* item )
{
	return ttJson_Is( item, cJSON_NULL );
}

cJSON_bool cJSON_IsNumber( const cJSON* item )
{
	return ttJson_Is( item, cJSON_Number );
}

cJSON_bool cJSON_IsString( const cJSON* item )
{
	return ttJson_Is( item, cJSON_String );
}

cJSON_bool cJSON_IsArray( const cJSON* item )
{
	return ttJson_Is( item, cJSON_Array );
}

cJSON_bool cJSON_IsObject( const cJSON* item )
{
	return ttJson_Is( item, cJSON_Object );
}
