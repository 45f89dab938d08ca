// SPDX-License-Identifier: MIT
// Strict reading of JSON values for the scene loader. A reader tracks the JSON path of the value
// being read (bodies[3].shapes[0]) so that every error names the field; the first error wins and
// later ones are ignored, so callers can simply return false up the stack.
#pragma once

#include "tether/tether.h"

#include <cjson/cJSON.h>

#define TT_READER_PATH_SIZE 512

typedef struct ttSceneReader
{
	const char* source; ///< file name for messages
	char* error;
	int errorSize;
	bool failed;
	char path[TT_READER_PATH_SIZE];
	int pathLength;
} ttSceneReader;

/// Value ranges of numbers; every number must also be finite.
typedef enum ttRange
{
	ttRange_any = 0,
	ttRange_nonNegative, ///< >= 0
	ttRange_positive,    ///< > 0
	ttRange_unit,        ///< in [0, 1]
} ttRange;

void ttReader_Init( ttSceneReader* reader, const char* source, char* error, int errorSize );

/// Extend the current path by ".key" or "[index]"; returns the length to restore with Pop.
int ttReader_PushKey( ttSceneReader* reader, const char* key );
int ttReader_PushIndex( ttSceneReader* reader, int index );
void ttReader_Pop( ttSceneReader* reader, int savedLength );

/// Record "source: path.key: message" (key may be NULL) unless an error is already recorded.
/// Always returns false so that callers can write `return ttReader_Fail( ... );`.
bool ttReader_Fail( ttSceneReader* reader, const char* key, const char* format, ... )
#if defined( __GNUC__ )
    __attribute__( ( format( printf, 3, 4 ) ) )
#endif
    ;

/// The item is a JSON object (key names it in messages; NULL for the current path).
bool ttReader_IsObject( ttSceneReader* reader, const cJSON* item, const char* key );
/// Every key of the object is in the NULL-terminated list `allowed` (keys starting with '_' are
/// comments) and none appears twice.
bool ttReader_CheckKeys( ttSceneReader* reader, const cJSON* object, const char* const* allowed );

bool ttReader_Has( const cJSON* object, const char* key );
/// Whether an angle field is present as `key` or `keyDegrees`.
bool ttReader_HasAngle( const cJSON* object, const char* key );

/// Readers leave *value unchanged when the key is absent (defaults are set by the caller) and
/// fail with a message naming the key when the value has the wrong type or range.
bool ttReader_Number( ttSceneReader* reader, const cJSON* object, const char* key, ttRange range, ttReal* value );
/// An angle in radians as `key`, or in degrees as `keyDegrees`; it must lie in [lower, upper].
bool ttReader_Angle( ttSceneReader* reader, const cJSON* object, const char* key, ttReal lower, ttReal upper,
                     ttReal* value );
bool ttReader_Int( ttSceneReader* reader, const cJSON* object, const char* key, int lower, int upper, int* value );
bool ttReader_Bool( ttSceneReader* reader, const cJSON* object, const char* key, bool* value );
/// A 64-bit mask: a whole number up to 2^53, or a list of bit indices in [0, 63].
bool ttReader_Bits( ttSceneReader* reader, const cJSON* object, const char* key, uint64_t* value );
/// A string; *value points into the JSON tree.
bool ttReader_String( ttSceneReader* reader, const cJSON* object, const char* key, const char** value );
/// A name for a body, joint, probe or scene: 1 to size-1 characters, no control characters,
/// commas or double quotes (names become CSV column headers).
bool ttReader_Name( ttSceneReader* reader, const cJSON* object, const char* key, bool required, char* name, int size );
bool ttReader_Vec3( ttSceneReader* reader, const cJSON* object, const char* key, ttRange range, ttVec3* value );
/// A required array of `min` to `max` points [x, y, z] of finite numbers at `key`: *points is a
/// malloc'd copy for the caller to free. Fails (with the key and the entry) otherwise.
bool ttReader_Points( ttSceneReader* reader, const cJSON* object, const char* key, int min, int max, ttVec3** points,
                      int* count );
/// Orientation given as `rotation` (quaternion [x, y, z, w], normalised) or `axisAngle`
/// ({axis, angle} or {axis, degrees}); at most one of them.
bool ttReader_Rotation( ttSceneReader* reader, const cJSON* object, ttQuat* value );
/// object[key] as a quaternion [x, y, z, w], non-zero, normalised.
bool ttReader_Quaternion( ttSceneReader* reader, const cJSON* object, const char* key, ttQuat* value );
/// object[key] as a quaternion [x, y, z, w] of finite numbers, exactly as written (not
/// normalised: for states saved bit for bit; the library checks that it is a unit quaternion).
bool ttReader_QuaternionAsWritten( ttSceneReader* reader, const cJSON* object, const char* key, ttQuat* value );
