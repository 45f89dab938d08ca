// SPDX-License-Identifier: MIT
// The part of cJSON's reading interface that the scene loader (tools/scene*.c) uses, for the
// browser build only (web/): Debian's emscripten has no cJSON, and this reader (json_reader.c)
// is a few hundred lines where rebuilding every scene through the C API would be thousands and
// would drift from the scene files. The native builds use the real cJSON (libcjson-dev); the
// struct keeps cJSON's field names so the loader compiles against either unchanged.
#pragma once

#ifdef __cplusplus
extern "C"
{
#endif

#define cJSON_Invalid 0
#define cJSON_False ( 1 << 0 )
#define cJSON_True ( 1 << 1 )
#define cJSON_NULL ( 1 << 2 )
#define cJSON_Number ( 1 << 3 )
#define cJSON_String ( 1 << 4 )
#define cJSON_Array ( 1 << 5 )
#define cJSON_Object ( 1 << 6 )

/// Arrays and objects nested deeper than this are a parse error, as in cJSON.
#define CJSON_NESTING_LIMIT 1000

	typedef int cJSON_bool;

	typedef struct cJSON
	{
		struct cJSON* next; ///< the next element of the parent array or object
		struct cJSON* prev;
		struct cJSON* child; ///< the first element of an array or object
		int type;
		char* valuestring;  ///< strings
		int valueint;       ///< numbers, saturated to int
		double valuedouble; ///< numbers (strtod: 1e999 is infinity)
		char* string;       ///< the key of an object member
	} cJSON;

	/// Parse a JSON text; NULL on error with *parseEnd (when given) at the offending character.
	/// With requireNullTerminated only whitespace may follow the value.
	cJSON* cJSON_ParseWithOpts( const char* value, const char** parseEnd, cJSON_bool requireNullTerminated );
	void cJSON_Delete( cJSON* item );

	/// The first member of object with exactly this key, or NULL.
	cJSON* cJSON_GetObjectItemCaseSensitive( const cJSON* object, const char* key );
	int cJSON_GetArraySize( const cJSON* array );
	cJSON* cJSON_GetArrayItem( const cJSON* array, int index );

	cJSON_bool cJSON_IsFalse( const cJSON* item );
	cJSON_bool cJSON_IsTrue( const cJSON* item );
	cJSON_bool cJSON_IsBool( const cJSON* item );
	cJSON_bool cJSON_IsNull( const cJSON* item );
	cJSON_bool cJSON_IsNumber( const cJSON* item );
	cJSON_bool cJSON_IsString( const cJSON* item );
	cJSON_bool cJSON_IsArray( const cJSON* item );
	cJSON_bool cJSON_IsObject( const cJSON* item );

#define cJSON_ArrayForEach( element, array )                                                                           \
	for ( element = ( array != NULL ) ? ( array )->child : NULL; element != NULL; element = element->next )

#ifdef __cplusplus
}
#endif
