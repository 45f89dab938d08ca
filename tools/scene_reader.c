// SPDX-License-Identifier: MIT
#include "scene_reader.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ttReader_Init( ttSceneReader* reader, const char* source, char* error, int errorSize )
{
	memset( reader, 0, sizeof( *reader ) );
	reader->source = source != NULL ? source : "scene";
	reader->error = error;
	reader->errorSize = errorSize;
	if ( error != NULL && errorSize > 0 )
	{
		error[0] = 0;
	}
}

static int ttReader_Append( ttSceneReader* reader, const char* format, const char* text, int number )
{
	int saved = reader->pathLength;
	int room = TT_READER_PATH_SIZE - saved;
	int written = text != NULL ? snprintf( reader->path + saved, (size_t)room, format, text )
	                           : snprintf( reader->path + saved, (size_t)room, format, number );
	// A path deeper than the buffer is truncated rather than overflowed; messages stay readable.
	reader->pathLength = written < 0 ? saved : ( written >= room ? TT_READER_PATH_SIZE - 1 : saved + written );
	return saved;
}

int ttReader_PushKey( ttSceneReader* reader, const char* key )
{
	return ttReader_Append( reader, reader->pathLength > 0 ? ".%s" : "%s", key, 0 );
}

int ttReader_PushIndex( ttSceneReader* reader, int index )
{
	return ttReader_Append( reader, "[%d]", NULL, index );
}

void ttReader_Pop( ttSceneReader* reader, int savedLength )
{
	reader->pathLength = savedLength;
	reader->path[savedLength] = 0;
}

bool ttReader_Fail( ttSceneReader* reader, const char* key, const char* format, ... )
{
	if ( reader->failed || reader->error == NULL || reader->errorSize <= 0 )
	{
		reader->failed = true;
		return false;
	}
	reader->failed = true;

	char where[TT_READER_PATH_SIZE + 80];
	if ( key != NULL && reader->pathLength > 0 )
	{
		snprintf( where, sizeof( where ), "%s.%s", reader->path, key );
	}
	else
	{
		snprintf( where, sizeof( where ), "%s", key != NULL ? key : reader->path );
	}

	int length = where[0] != 0 ? snprintf( reader->error, (size_t)reader->errorSize, "%s: %s: ", reader->source, where )
	                           : snprintf( reader->error, (size_t)reader->errorSize, "%s: ", reader->source );
	if ( length < 0 || length >= reader->errorSize )
	{
		return false;
	}
	va_list args;
	va_start( args, format );
	vsnprintf( reader->error + length, (size_t)( reader->errorSize - length ), format, args );
	va_end( args );
	return false;
}

bool ttReader_IsObject( ttSceneReader* reader, const cJSON* item, const char* key )
{
	if ( cJSON_IsObject( item ) == false )
	{
		return ttReader_Fail( reader, key, "must be an object { ... }" );
	}
	return true;
}

// Edit distance of two short strings, for "did you mean" suggestions on misspelt keys.
static int ttEditDistance( const char* a, const char* b )
{
	enum
	{
		maxLength = 48
	};
	int m = (int)strlen( a ), n = (int)strlen( b );
	if ( m >= maxLength || n >= maxLength )
	{
		return maxLength;
	}
	int previous[maxLength + 1], current[maxLength + 1];
	for ( int j = 0; j <= n; ++j )
	{
		previous[j] = j;
	}
	for ( int i = 1; i <= m; ++i )
	{
		current[0] = i;
		for ( int j = 1; j <= n; ++j )
		{
			int substitute = previous[j - 1] + ( a[i - 1] != b[j - 1] );
			int remove = previous[j] + 1;
			int insert = current[j - 1] + 1;
			int best = substitute < remove ? substitute : remove;
			current[j] = best < insert ? best : insert;
		}
		memcpy( previous, current, sizeof( int ) * (size_t)( n + 1 ) );
	}
	return previous[n];
}

static bool ttReader_UnknownKey( ttSceneReader* reader, const char* key, const char* const* allowed )
{
	const char* suggestion = NULL;
	int best = 3; // suggest only keys at most two edits away
	for ( int i = 0; allowed[i] != NULL; ++i )
	{
		int distance = ttEditDistance( key, allowed[i] );
		if ( distance < best )
		{
			best = distance;
			suggestion = allowed[i];
		}
	}
	if ( suggestion != NULL )
	{
		return ttReader_Fail( reader, key, "unknown key (did you mean '%s'?)", suggestion );
	}
	char list[400] = { 0 };
	size_t used = 0;
	for ( int i = 0; allowed[i] != NULL && used + 1 < sizeof( list ); ++i )
	{
		int written = snprintf( list + used, sizeof( list ) - used, "%s%s", i > 0 ? ", " : "", allowed[i] );
		used = written < 0 ? used : used + (size_t)written;
	}
	return ttReader_Fail( reader, key, "unknown key (allowed here: %s)", list );
}

bool ttReader_CheckKeys( ttSceneReader* reader, const cJSON* object, const char* const* allowed )
{
	for ( const cJSON* child = object->child; child != NULL; child = child->next )
	{
		const char* key = child->string;
		for ( const cJSON* earlier = object->child; earlier != child; earlier = earlier->next )
		{
			if ( strcmp( earlier->string, key ) == 0 )
			{
				return ttReader_Fail( reader, key, "key appears twice in the same object" );
			}
		}
		if ( key[0] == '_' )
		{
			continue;
		}
		bool known = false;
		for ( int i = 0; allowed[i] != NULL && known == false; ++i )
		{
			known = strcmp( allowed[i], key ) == 0;
		}
		if ( known == false )
		{
			return ttReader_UnknownKey( reader, key, allowed );
		}
	}
	return true;
}

bool ttReader_Has( const cJSON* object, const char* key )
{
	return cJSON_GetObjectItemCaseSensitive( object, key ) != NULL;
}

static void ttDegreesKey( char* buffer, size_t size, const char* key )
{
	snprintf( buffer, size, "%sDegrees", key );
}

bool ttReader_HasAngle( const cJSON* object, const char* key )
{
	char degreesKey[80];
	ttDegreesKey( degreesKey, sizeof( degreesKey ), key );
	return ttReader_Has( object, key ) || ttReader_Has( object, degreesKey );
}

static const char* ttRangeText( ttRange range )
{
	switch ( range )
	{
		case ttRange_nonNegative:
			return "a finite number >= 0";
		case ttRange_positive:
			return "a finite number > 0";
		case ttRange_unit:
			return "a number in [0, 1]";
		default:
			return "a finite number";
	}
}

static bool ttInRange( double value, ttRange range )
{
	switch ( range )
	{
		case ttRange_nonNegative:
			return value >= 0;
		case ttRange_positive:
			return value > 0;
		case ttRange_unit:
			return value >= 0 && value <= 1;
		default:
			return true;
	}
}

// Reads a JSON number item (not a key of an object) as a finite real in the range.
static bool ttReader_NumberItem( ttSceneReader* reader, const cJSON* item, const char* key, ttRange range,
                                 ttReal* value )
{
	if ( cJSON_IsNumber( item ) == false )
	{
		return ttReader_Fail( reader, key, "must be %s", ttRangeText( range ) );
	}
	double number = item->valuedouble;
	// cJSON turns 1e999 into infinity; the float build can also overflow on the conversion.
	if ( isfinite( number ) == false || isfinite( (ttReal)number ) == false )
	{
		return ttReader_Fail( reader, key, "must be %s, got a number too large to represent", ttRangeText( range ) );
	}
	if ( ttInRange( number, range ) == false )
	{
		return ttReader_Fail( reader, key, "must be %s, got %g", ttRangeText( range ), number );
	}
	*value = (ttReal)number;
	return true;
}

bool ttReader_Number( ttSceneReader* reader, const cJSON* object, const char* key, ttRange range, ttReal* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	return ttReader_NumberItem( reader, item, key, range, value );
}

bool ttReader_Angle( ttSceneReader* reader, const cJSON* object, const char* key, ttReal lower, ttReal upper,
                     ttReal* value )
{
	char degreesKey[80];
	ttDegreesKey( degreesKey, sizeof( degreesKey ), key );
	bool hasRadians = ttReader_Has( object, key );
	bool hasDegrees = ttReader_Has( object, degreesKey );
	if ( hasRadians && hasDegrees )
	{
		return ttReader_Fail( reader, degreesKey, "give either %s (radians) or %s, not both", key, degreesKey );
	}
	if ( hasRadians == false && hasDegrees == false )
	{
		return true;
	}
	const char* used = hasRadians ? key : degreesKey;
	ttReal angle = 0;
	if ( ttReader_Number( reader, object, used, ttRange_any, &angle ) == false )
	{
		return false;
	}
	if ( hasDegrees )
	{
		angle = angle * ( TT_PI / 180 );
	}
	// Degrees converted to radians (180 -> pi) may round just past the bound; snap that back.
	ttReal slack = (ttReal)1e-6;
	if ( angle < lower && angle > lower - slack )
	{
		angle = lower;
	}
	if ( angle > upper && angle < upper + slack )
	{
		angle = upper;
	}
	if ( angle < lower || angle > upper )
	{
		return ttReader_Fail( reader, used, "must be an angle in [%g, %g] radians (%g, %g degrees), got %g radians",
		                      (double)lower, (double)upper, (double)lower * 180 / TT_PI, (double)upper * 180 / TT_PI,
		                      (double)angle );
	}
	*value = angle;
	return true;
}

bool ttReader_Int( ttSceneReader* reader, const cJSON* object, const char* key, int lower, int upper, int* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	double number = cJSON_IsNumber( item ) ? item->valuedouble : NAN;
	if ( isfinite( number ) == false || floor( number ) != number || number < lower || number > upper )
	{
		return ttReader_Fail( reader, key, "must be a whole number in [%d, %d]", lower, upper );
	}
	*value = (int)number;
	return true;
}

bool ttReader_Bits( ttSceneReader* reader, const cJSON* object, const char* key, uint64_t* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	if ( cJSON_IsArray( item ) )
	{
		uint64_t bits = 0;
		const cJSON* index;
		cJSON_ArrayForEach( index, item )
		{
			double number = cJSON_IsNumber( index ) ? index->valuedouble : NAN;
			if ( isfinite( number ) == false || floor( number ) != number || number < 0 || number > 63 )
			{
				return ttReader_Fail( reader, key, "must list bit indices, whole numbers in [0, 63]" );
			}
			bits |= (uint64_t)1 << (int)number;
		}
		*value = bits;
		return true;
	}
	// JSON numbers are exact integers up to 2^53; bits above that need the list form.
	double number = cJSON_IsNumber( item ) ? item->valuedouble : NAN;
	if ( isfinite( number ) == false || floor( number ) != number || number < 0 || number > 9007199254740992.0 )
	{
		return ttReader_Fail( reader, key, "must be a whole number in [0, 2^53] or a list of bit indices [0, 63]" );
	}
	*value = (uint64_t)number;
	return true;
}

bool ttReader_Bool( ttSceneReader* reader, const cJSON* object, const char* key, bool* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	if ( cJSON_IsBool( item ) == false )
	{
		return ttReader_Fail( reader, key, "must be true or false" );
	}
	*value = cJSON_IsTrue( item );
	return true;
}

bool ttReader_String( ttSceneReader* reader, const cJSON* object, const char* key, const char** value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	if ( cJSON_IsString( item ) == false || item->valuestring == NULL )
	{
		return ttReader_Fail( reader, key, "must be a string" );
	}
	*value = item->valuestring;
	return true;
}

bool ttReader_Name( ttSceneReader* reader, const cJSON* object, const char* key, bool required, char* name, int size )
{
	const char* text = NULL;
	if ( ttReader_String( reader, object, key, &text ) == false )
	{
		return false;
	}
	if ( text == NULL )
	{
		return required ? ttReader_Fail( reader, key, "is required (a unique name)" ) : true;
	}
	size_t length = strlen( text );
	if ( length == 0 || length >= (size_t)size )
	{
		return ttReader_Fail( reader, key, "must have 1 to %d characters", size - 1 );
	}
	for ( size_t i = 0; i < length; ++i )
	{
		unsigned char c = (unsigned char)text[i];
		if ( c < 32 || c == 127 || c == ',' || c == '"' )
		{
			return ttReader_Fail( reader, key, "'%s' must not contain control characters, commas or double quotes",
			                      text );
		}
	}
	memcpy( name, text, length + 1 );
	return true;
}

// An array of exactly `count` numbers in the range, read into values.
static bool ttReader_Numbers( ttSceneReader* reader, const cJSON* item, const char* key, int count, ttRange range,
                              ttReal* values )
{
	if ( cJSON_IsArray( item ) == false || cJSON_GetArraySize( item ) != count )
	{
		return ttReader_Fail( reader, key, "must be an array of %d numbers", count );
	}
	int saved = ttReader_PushKey( reader, key );
	int index = 0;
	for ( const cJSON* element = item->child; element != NULL; element = element->next, ++index )
	{
		int savedIndex = ttReader_PushIndex( reader, index );
		bool ok = ttReader_NumberItem( reader, element, NULL, range, values + index );
		ttReader_Pop( reader, savedIndex );
		if ( ok == false )
		{
			ttReader_Pop( reader, saved );
			return false;
		}
	}
	ttReader_Pop( reader, saved );
	return true;
}

bool ttReader_Vec3( ttSceneReader* reader, const cJSON* object, const char* key, ttRange range, ttVec3* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	ttReal v[3];
	if ( ttReader_Numbers( reader, item, key, 3, range, v ) == false )
	{
		return false;
	}
	*value = ( ttVec3 ){ v[0], v[1], v[2] };
	return true;
}

bool ttReader_Quaternion( ttSceneReader* reader, const cJSON* object, const char* key, ttQuat* value )
{
	ttReal v[4];
	if ( ttReader_Numbers( reader, cJSON_GetObjectItemCaseSensitive( object, key ), key, 4, ttRange_any, v ) == false )
	{
		return false;
	}
	double length = sqrt( (double)v[0] * v[0] + (double)v[1] * v[1] + (double)v[2] * v[2] + (double)v[3] * v[3] );
	if ( length < 1e-6 )
	{
		return ttReader_Fail( reader, key, "must be a non-zero quaternion [x, y, z, w] (identity: [0, 0, 0, 1])" );
	}
	*value = ttQuatNormalize( ( ttQuat ){ v[0], v[1], v[2], v[3] } );
	return true;
}

bool ttReader_QuaternionAsWritten( ttSceneReader* reader, const cJSON* object, const char* key, ttQuat* value )
{
	ttReal v[4];
	if ( ttReader_Numbers( reader, cJSON_GetObjectItemCaseSensitive( object, key ), key, 4, ttRange_any, v ) == false )
	{
		return false;
	}
	*value = ( ttQuat ){ v[0], v[1], v[2], v[3] };
	return true;
}

static const char* const ttAxisAngleKeys[] = { "axis", "angle", "degrees", NULL };

static bool ttReader_AxisAngle( ttSceneReader* reader, const cJSON* object, ttQuat* value )
{
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, "axisAngle" );
	if ( ttReader_IsObject( reader, item, "axisAngle" ) == false )
	{
		return false;
	}
	int saved = ttReader_PushKey( reader, "axisAngle" );
	bool ok = ttReader_CheckKeys( reader, item, ttAxisAngleKeys );
	ttVec3 axis = TT_VEC3_ZERO;
	ttReal angle = 0;
	bool hasAngle = ttReader_Has( item, "angle" ), hasDegrees = ttReader_Has( item, "degrees" );
	if ( ok && ttReader_Has( item, "axis" ) == false )
	{
		ok = ttReader_Fail( reader, "axis", "is required (a non-zero vector)" );
	}
	if ( ok && hasAngle == hasDegrees )
	{
		ok = ttReader_Fail( reader, NULL, "needs exactly one of angle (radians) or degrees" );
	}
	ok = ok && ttReader_Vec3( reader, item, "axis", ttRange_any, &axis );
	ok = ok && ttReader_Number( reader, item, hasAngle ? "angle" : "degrees", ttRange_any, &angle );
	if ( ok && ttLength( axis ) < (ttReal)1e-6 )
	{
		ok = ttReader_Fail( reader, "axis", "must be a non-zero vector" );
	}
	ttReader_Pop( reader, saved );
	if ( ok )
	{
		angle = hasDegrees ? angle * ( TT_PI / 180 ) : angle;
		*value = ttQuatFromAxisAngle( ttNormalize( axis ), angle );
	}
	return ok;
}

bool ttReader_Rotation( ttSceneReader* reader, const cJSON* object, ttQuat* value )
{
	bool hasQuaternion = ttReader_Has( object, "rotation" );
	bool hasAxisAngle = ttReader_Has( object, "axisAngle" );
	if ( hasQuaternion && hasAxisAngle )
	{
		return ttReader_Fail( reader, "axisAngle", "give either rotation or axisAngle, not both" );
	}
	if ( hasQuaternion )
	{
		return ttReader_Quaternion( reader, object, "rotation", value );
	}
	if ( hasAxisAngle )
	{
		return ttReader_AxisAngle( reader, object, value );
	}
	return true;
}

bool ttReader_Points( ttSceneReader* reader, const cJSON* object, const char* key, int min, int max, ttVec3** points,
                      int* count )
{
	*points = NULL;
	*count = 0;
	const cJSON* array = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( cJSON_IsArray( array ) == false || cJSON_GetArraySize( array ) < min || cJSON_GetArraySize( array ) > max )
	{
		return ttReader_Fail( reader, key, "must be an array of %d to %d points [x, y, z]", min, max );
	}
	int n = cJSON_GetArraySize( array );
	ttVec3* result = malloc( sizeof( ttVec3 ) * (size_t)n );
	if ( result == NULL )
	{
		return ttReader_Fail( reader, key, "out of memory" );
	}
	int i = 0;
	const cJSON* point;
	cJSON_ArrayForEach( point, array )
	{
		const cJSON* x = cJSON_GetArrayItem( point, 0 );
		const cJSON* y = cJSON_GetArrayItem( point, 1 );
		const cJSON* z = cJSON_GetArrayItem( point, 2 );
		if ( cJSON_IsArray( point ) == false || cJSON_GetArraySize( point ) != 3 || cJSON_IsNumber( x ) == false ||
		     cJSON_IsNumber( y ) == false || cJSON_IsNumber( z ) == false || isfinite( x->valuedouble ) == 0 ||
		     isfinite( y->valuedouble ) == 0 || isfinite( z->valuedouble ) == 0 )
		{
			free( result );
			return ttReader_Fail( reader, key, "entry %d must be a point [x, y, z] of finite numbers", i );
		}
		result[i++] = ( ttVec3 ){ (ttReal)x->valuedouble, (ttReal)y->valuedouble, (ttReal)z->valuedouble };
	}
	*points = result;
	*count = n;
	return true;
}
