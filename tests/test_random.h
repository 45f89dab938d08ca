// SPDX-License-Identifier: MIT
// A small deterministic random generator for tests (a 64-bit LCG): the same seed gives the same
// scene on every machine, so a failure can be replayed.
#pragma once

#include "tether/tether.h"

static uint64_t s_state = 1;

static inline void SeedRandom( uint64_t seed )
{
	s_state = seed;
}

static inline double Random01( void )
{
	s_state = s_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)( s_state >> 11 ) / 9007199254740992.0;
}

static inline ttReal RandomRange( double lo, double hi )
{
	return (ttReal)( lo + ( hi - lo ) * Random01() );
}

/// Uniform in [lo, hi), in double.
static inline double RandomUniform( double lo, double hi )
{
	return lo + ( hi - lo ) * Random01();
}

static inline ttVec3 RandomVec( double extent )
{
	// One draw per statement: the order of an initializer list's (and a call's arguments')
	// evaluations is unspecified in C, so the same seed could draw other scenes elsewhere.
	ttVec3 v;
	v.x = RandomRange( -extent, extent );
	v.y = RandomRange( -extent, extent );
	v.z = RandomRange( -extent, extent );
	return v;
}

/// A unit vector of uniformly random direction (rejection sampling in the unit ball).
static inline ttVec3 RandomUnit( void )
{
	for ( ;; )
	{
		ttVec3 v = RandomVec( 1 );
		ttReal length = ttLength( v );
		if ( length > (ttReal)0.1 && length <= 1 )
		{
			return ttScale( 1 / length, v );
		}
	}
}

static inline ttQuat RandomRotation( void )
{
	// The angle first: the order gcc evaluated the call's arguments in when the tests' seeds were
	// chosen.
	ttReal angle = RandomRange( 0, 3.1 );
	ttVec3 axis = ttNormalize( ttAdd( RandomVec( 1 ), ( ttVec3 ){ 0, 0, (ttReal)1e-3 } ) );
	return ttQuatFromAxisAngle( axis, angle );
}
