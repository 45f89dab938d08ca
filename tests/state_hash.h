// SPDX-License-Identifier: MIT
// The hash of a scene's state that the determinism tests compare: every body's position, rotation
// and velocities as raw bits, FNV-1a 64, in the scene's body order. Equal hashes mean equal bits.
#pragma once

#include "tether/tether.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define STATE_HASH_SEED 0xcbf29ce484222325ull

static inline uint64_t StateHash_Bytes( uint64_t hash, const void* data, size_t size )
{
	const unsigned char* bytes = data;
	for ( size_t i = 0; i < size; ++i )
	{
		hash ^= bytes[i];
		hash *= 0x100000001b3ull;
	}
	return hash;
}

static inline uint64_t StateHash_Bodies( const ttBodyId* bodies, int bodyCount )
{
	uint64_t hash = STATE_HASH_SEED;
	for ( int i = 0; i < bodyCount; ++i )
	{
		ttBodyId body = bodies[i];
		ttVec3 p = ttBody_GetPosition( body );
		ttQuat q = ttBody_GetRotation( body );
		ttVec3 v = ttBody_GetLinearVelocity( body );
		ttVec3 w = ttBody_GetAngularVelocity( body );
		hash = StateHash_Bytes( hash, &p, sizeof( p ) );
		hash = StateHash_Bytes( hash, &q, sizeof( q ) );
		hash = StateHash_Bytes( hash, &v, sizeof( v ) );
		hash = StateHash_Bytes( hash, &w, sizeof( w ) );
	}
	return hash;
}

/// The golden hash of `name` for the real type `real` ("double" or "float") in `path` (lines
/// "real name hash", # comments; tests/data/determinism_golden.txt); false when there is none.
static inline bool StateHash_ReadGolden( const char* path, const char* real, const char* name, uint64_t* value )
{
	FILE* file = fopen( path, "r" );
	if ( file == NULL )
	{
		return false;
	}
	char line[256];
	bool found = false;
	while ( found == false && fgets( line, sizeof( line ), file ) != NULL )
	{
		char lineReal[16], caseName[64];
		uint64_t hash;
		if ( line[0] != '#' && sscanf( line, "%15s %63s %" SCNx64, lineReal, caseName, &hash ) == 3 &&
		     strcmp( lineReal, real ) == 0 && strcmp( caseName, name ) == 0 )
		{
			*value = hash;
			found = true;
		}
	}
	fclose( file );
	return found;
}
